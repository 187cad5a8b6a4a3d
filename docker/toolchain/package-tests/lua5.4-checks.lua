-- Checks of Lua 5.4's language and libraries with known answers, run by
-- lua5.4.sh in place of Lua's own test suite (not in Debian's source).
-- Each section exercises code of the interpreter (VM loops, the parser,
-- the garbage collector, error unwinding through longjmp, coroutines).
local checks = 0
local function eq(got, want, what)
  checks = checks + 1
  if got ~= want then
    error(string.format("%s: got %s, want %s", what, tostring(got), tostring(want)), 2)
  end
end

-- Integers and floats.
eq(math.maxinteger + 1, math.mininteger, "integer wrap-around")
eq(7 // 2, 3, "floor division"); eq(-7 // 2, -4, "floor division, negative")
eq(-7 % 3, 2, "modulo sign"); eq(7.5 % 2, 1.5, "float modulo")
eq(2^10, 1024.0, "power is a float"); eq(math.type(2^10), "float", "math.type")
eq(1 << 62, 4611686018427387904, "shift"); eq(0xff ~ 0x0f, 0xf0, "xor")
eq(string.format("%.3f %5d %x %q", math.pi, 42, 255, "a\nb"), '3.142    42 ff "a\\\nb"', "format")
eq(tostring(1e15), "1e+15", "float to string"); eq(math.tointeger(3.0), 3, "tointeger")
local sum = 0
for i = 1, 100000 do sum = sum + i % 7 end
eq(sum, 300000, "numeric for")

-- Strings and patterns.
local s = string.rep("ab", 1000, ",")
eq(#s, 2999, "rep with separator")
eq(select(2, s:gsub("ab", "x")), 1000, "gsub count")
eq(("hello world from lua"):gsub("(%w+)", "<%1>"), "<hello> <world> <from> <lua>", "gsub capture")
eq(("key = value"):match("^(%w+)%s*=%s*(%w+)$"), "key", "match")
local words = {}
for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
eq(table.concat(words, "|"), "one|two|three", "gmatch")
eq(("abc"):byte(-1), 99, "byte"); eq(("%d"):rep(3), "%d%d%d", "rep")
eq(("x"):find("y"), nil, "find, no match"); eq(("a.b.c"):find(".", 1, true), 2, "plain find")
local packed = string.pack("<i4 z d", -2, "lua", 0.5)
local a, b, c = string.unpack("<i4 z d", packed)
eq(a, -2, "unpack i4"); eq(b, "lua", "unpack z"); eq(c, 0.5, "unpack d")
eq(utf8.len("h\u{e9}llo \u{1F600}"), 7, "utf8.len"); eq(utf8.char(233, 8364), "\u{e9}\u{20ac}", "utf8.char")

-- Tables, sorting, closures, varargs, goto.
local t = {}
for i = 1, 500 do t[i] = (i * 7919) % 1009 end
table.sort(t, function(x, y) return x > y end)
for i = 2, #t do assert(t[i - 1] >= t[i], "sorted") end
checks = checks + 1
local last = t[#t]
table.insert(t, 1, -1); eq(t[1], -1, "insert"); eq(table.remove(t), last, "remove"); eq(#t, 500, "length")
eq(table.move({1, 2, 3}, 1, 3, 2, {})[4], 3, "move")
local function counter()
  local n = 0
  return function() n = n + 1; return n end
end
local c1, c2 = counter(), counter()
c1(); c1()
eq(c1() + c2(), 4, "closures keep their own upvalue")
local function count(...) return select("#", ...), (select(2, ...)) end
eq(select(1, count(1, nil, 3)), 3, "varargs with nil")
local n = 0
::again::
n = n + 1
if n < 10 then goto again end
eq(n, 10, "goto")

-- Metatables and to-be-closed variables.
local V = {}
V.__index = V
V.__add = function(p, q) return setmetatable({x = p.x + q.x}, V) end
V.__eq = function(p, q) return p.x == q.x end
V.__lt = function(p, q) return p.x < q.x end
V.__call = function(p, k) return p.x * k end
V.__len = function() return 42 end
local v1, v2 = setmetatable({x = 1}, V), setmetatable({x = 2}, V)
eq((v1 + v2).x, 3, "__add"); eq(v1 + v1 == v2, true, "__eq"); eq(v1 < v2, true, "__lt")
eq(v2(21), 42, "__call"); eq(#v1, 42, "__len")
local closed = {}
do
  local x <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "x" end})
  local y <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "y" end})
end
eq(table.concat(closed), "yx", "__close order")

-- Errors: pcall, xpcall, error objects, stack overflow (longjmp in C).
local ok, err = pcall(error, {code = 7})
eq(ok, false, "pcall"); eq(err.code, 7, "error object")
ok, err = pcall(function() local z = nil; return z.field end)
eq(ok, false, "index nil"); eq(err:find("attempt to index") ~= nil, true, "message")
local handled = select(2, xpcall(function() error("deep") end, function(m) return "handled: " .. m end))
eq(handled:find("handled: .*deep") ~= nil, true, "xpcall handler")
local function recurse(k) return 1 + recurse(k + 1) end
ok, err = pcall(recurse, 1)
eq(ok, false, "stack overflow caught"); eq(tostring(err):find("stack overflow") ~= nil, true, "stack overflow message")
local caught = 0
for i = 1, 200 do
  if not pcall(function() if i % 3 == 0 then error(i) end end) then caught = caught + 1 end
end
eq(caught, 66, "many pcalls")

-- Coroutines, a yield across pcall.
local gen = coroutine.wrap(function()
  for i = 1, 3 do coroutine.yield(i) end
  pcall(function() coroutine.yield(10) end)
  return 99
end)
eq(gen() + gen() + gen() + gen() + gen(), 115, "coroutine.wrap")
local co = coroutine.create(function(x) local y = coroutine.yield(x * 2); error("in co " .. y) end)
local r1, v = coroutine.resume(co, 4)
eq(r1 and v, 8, "resume"); local r2, e = coroutine.resume(co, "z")
eq(r2, false, "error in coroutine"); eq(e:find("in co z") ~= nil, true, "its message")
eq(coroutine.status(co), "dead", "status")

-- load, string.dump, the garbage collector, weak tables, files.
eq(load("return 6 * 7")(), 42, "load")
eq(load(string.dump(function(p) return p .. "!" end))("dumped"), "dumped!", "string.dump")
eq(load("syntax error here"), nil, "load rejects bad code")
local weak = setmetatable({}, {__mode = "k"})
do for i = 1, 1000 do weak[{}] = i end end
collectgarbage(); collectgarbage()
eq(next(weak), nil, "weak keys collected")
local big = {}
for i = 1, 20000 do big[i] = tostring(i) .. "x" end
big = nil
collectgarbage()
eq(collectgarbage("count") < 4096, true, "memory freed")
local name = os.tmpname()
local f = assert(io.open(name, "w")); f:write("line 1\n", 2, "\n"); f:close()
local lines = {}
for l in io.lines(name) do lines[#lines + 1] = l end
os.remove(name)
eq(table.concat(lines, ";"), "line 1;2", "file round trip")
eq(os.time({year = 2000, month = 1, day = 1, hour = 12}) - os.time({year = 2000, month = 1, day = 2, hour = 12}), -86400, "os.time")

print(string.format("lua5.4-checks: %d checks passed (%s)", checks, _VERSION))
