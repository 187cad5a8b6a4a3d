-- A fixed SQLite workload for the overhead benchmark: inserts, an index,
-- aggregate queries, joins and updates; deterministic; about 0.15 s of CPU natively at -O2
-- (1.3e9 instructions), so that callgrind runs it in seconds.
PRAGMA journal_mode = MEMORY;
CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO t SELECT i, (i * 7919) % 1000, printf('row-%08d', (i * 104729) % 100000) FROM n;
CREATE INDEX t_a ON t(a);
SELECT a, count(*), sum(id) FROM t GROUP BY a ORDER BY a LIMIT 3;
SELECT count(*) FROM t x JOIN t y ON x.a = y.a AND x.id < y.id WHERE x.id < 3000;
UPDATE t SET b = upper(b) WHERE a % 3 = 0;
SELECT count(*), max(b) FROM t WHERE b LIKE 'ROW-%';
SELECT sum(length(b)) FROM (SELECT b FROM t ORDER BY b DESC);
