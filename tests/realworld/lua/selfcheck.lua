-- A Lua program that checks its own results: the lua5.4 source package has
-- no test suite, so the realworld suite runs this under every build.
local function check(cond, what) if not cond then error("check failed: " .. what, 2) end end

-- strings and patterns
local s = string.rep("tick", 100, "-")
check(#s == 499, "rep")
local n = 0
for _ in s:gmatch("t%a+") do n = n + 1 end
check(n == 100, "gmatch")
check(("hello world"):gsub("o", "0") == "hell0 w0rld", "gsub")
check(string.format("%5.2f|%x|%q", 3.14159, 255, "a\n") == " 3.14|ff|\"a\\\n\"", "format")

-- tables, sorting, closures
local t = {}
for i = 1, 2000 do t[i] = (i * 7919) % 2003 end
table.sort(t)
for i = 2, #t do check(t[i - 1] <= t[i], "sort") end
local function counter() local c = 0; return function() c = c + 1; return c end end
local c = counter(); for _ = 1, 10 do c() end
check(c() == 11, "closure")

-- integers and floats
check(math.maxinteger + 1 == math.mininteger, "integer wrap")
check(7 // 2 == 3 and 7.0 // 2 == 3.0 and -7 // 2 == -4, "floor division")
check(math.type(1) == "integer" and math.type(1.0) == "float", "math.type")
local fib = {1, 1}
for i = 3, 90 do fib[i] = fib[i - 1] + fib[i - 2] end
check(fib[90] == 2880067194370816120, "fib")

-- coroutines
local gen = coroutine.wrap(function() for i = 1, 5 do coroutine.yield(i * i) end end)
local sum = 0
for _ = 1, 5 do sum = sum + gen() end
check(sum == 55, "coroutine")

-- errors
local ok, err = pcall(function() error({code = 42}) end)
check(not ok and err.code == 42, "pcall")
ok, err = xpcall(function() local x = nil; return x.y end, debug.traceback)
check(not ok and err:find("attempt to index"), "xpcall")

-- garbage collection with weak tables and finalizers
local finalized = 0
do
  local weak = setmetatable({}, {__mode = "k"})
  for i = 1, 1000 do weak[setmetatable({}, {__gc = function() finalized = finalized + 1 end})] = i end
end
collectgarbage(); collectgarbage()
check(finalized == 1000, "gc finalizers: " .. finalized)

-- utf8, string.pack
check(utf8.len("café") == 4, "utf8")
check(string.unpack("<i4", string.pack("<i4", -2)) == -2, "pack")

print("selfcheck: ok")
