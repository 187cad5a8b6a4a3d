-- lua5.4 in the image: arithmetic loops, strings, tables, closures,
-- coroutines, and errors caught by pcall (a longjmp in the C build).
local t = {}
for i = 1, 60 do t[#t + 1] = string.format("%d:%x", i, i * i) end
table.sort(t)
local s = table.concat(t, ",")
local sum = 0
for w in s:gmatch("(%d+):") do sum = sum + tonumber(w) end
local gen = coroutine.wrap(function() for i = 1, 20 do coroutine.yield(i * 3) end end)
local c = 0
for _ = 1, 20 do c = c + gen() end
local errors = 0
for i = 1, 20 do
  local ok = pcall(function() if i % 2 == 0 then error("even " .. i) end return i end)
  if not ok then errors = errors + 1 end
end
print(#s, sum, c, errors, s:sub(1, 40))
