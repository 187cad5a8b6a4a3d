-- sqlite3 in the image: a table, an index, a join, window and JSON functions.
CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO t SELECT i, printf('row-%d', (i * 7919) % 1000), i * 0.5 FROM n;
CREATE INDEX tb ON t(b);
SELECT count(*), sum(c), min(b), max(b) FROM t;
SELECT b, sum(a) OVER (ORDER BY a ROWS 2 PRECEDING) FROM t WHERE a % 8 = 0;
SELECT json_group_array(a) FROM t x JOIN t y USING(a) WHERE x.b LIKE 'row-1%5';
