-- A deterministic tour of Lua 5.4: every line printed must be the same in every build.
local out = {}
local function say(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end print(table.concat(t, " ")) end
local function sorted_keys(t) local k = {} for key in pairs(t) do k[#k + 1] = key end table.sort(k, function(a, b) return tostring(a) < tostring(b) end) return k end

-- arithmetic: integers, floats, overflow wrap, integer division, bit ops
say(7 // 2, -7 // 2, 7 % -3, -7 % 3, 7.5 // 2, 2^10, 1 / 0, -1 / 0, math.maxinteger + 1 == math.mininteger)
say(0xff & 0x0f, 0xf0 | 0x0f, 5 ~ 3, ~0, 1 << 62, 1 << 64, -1 >> 1, 3.0 == 3, math.type(3), math.type(3.0), math.type("3"))
say(string.format("%5.2f|%-5d|%x|%X|%o|%e|%g|%q|%s|%c", 3.14159, 42, 255, 255, 8, 12345.678, 0.0001, "a\nb\"c", nil, 65))
say(tostring(1e15), tostring(1e16), tostring(-0.0), 0.1 + 0.2, 100000000000000, math.tointeger(5.0), math.tointeger(5.5))
say(math.floor(-3.5), math.ceil(-3.5), math.abs(math.mininteger), math.fmod(7, 3), math.fmod(-7, 3), math.ult(1, -1), math.huge)
say(string.format("%.14g %.14g %.14g %.14g", math.sin(1), math.cos(1), math.exp(1), math.log(10, 2)), math.sqrt(2) * math.sqrt(2) == 2)

-- strings and patterns
local s = "The quick brown fox jumps over the lazy dog 12345 times"
say(#s, s:upper(), s:lower():rep(2, "-"):len(), s:sub(5, 9), s:sub(-5), s:byte(1, 3), string.char(72, 105))
say(s:find("fox"), s:find("o", 20, true), s:match("(%a+) (%a+)$"), s:match("%d+"), s:gsub("o", "0"))
say(("key=val; k2=v2; k3=v3"):gsub("(%w+)=(%w+)", "%2=%1"))
for k, v in string.gmatch("a=1, b=22, ccc=333", "(%w+)=(%w+)") do say("gmatch", k, v) end
say(("%bxy"):len(), ("f(a(b)c)d"):match("%b()"), ("  trim me  "):match("^%s*(.-)%s*$"), ("hello"):reverse())
say(string.format("%s", ("x"):rep(3, ",")), ("abc"):gsub("", "-"), ("hello world"):gsub("%w+", function(w) return w:upper() end))
say(utf8.char(72, 228, 8364, 128512), utf8.len("häll€"), utf8.codepoint("€", 1), #utf8.char(128512))
for p, c in utf8.codes("aä€") do say("utf8", p, c) end
say(string.pack and string.unpack("<i4", string.pack("<i4", -123456)), #string.pack("z", "abc"), string.packsize("i4i8d"))

-- tables
local t = {}
for i = 1, 100 do t[i] = (i * 7919) % 101 end
table.sort(t)
say(t[1], t[50], t[100], #t, table.concat(t, ",", 1, 10))
table.sort(t, function(a, b) return a > b end)
say(t[1], t[2], table.unpack(t, 98, 100))
table.insert(t, 1, -1); table.insert(t, 999); say(#t, t[1], t[#t], table.remove(t), table.remove(t, 1), #t)
say(select("#", table.unpack({1, nil, 3}, 1, 3)), select(-1, 1, 2, 3), table.move({1, 2, 3}, 1, 3, 2)[3])
local words = {}
for w in ("the cat sat on the mat the end"):gmatch("%a+") do words[w] = (words[w] or 0) + 1 end
for _, k in ipairs(sorted_keys(words)) do say("count", k, words[k]) end

-- metatables, OOP, closures
local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
Vec.__add = function(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__lt = function(a, b) return a:len2() < b:len2() end
Vec.__tostring = function(v) return "(" .. v.x .. "," .. v.y .. ")" end
Vec.__len = function(v) return 2 end
Vec.__call = function(v, k) return v.x * k end
Vec.__concat = function(a, b) return tostring(a) .. "&" .. tostring(b) end
function Vec:len2() return self.x * self.x + self.y * self.y end
local a, b = Vec.new(1, 2), Vec.new(3, 4)
say(tostring(a + b), a == Vec.new(1, 2), a < b, #a, a(10), a .. b, rawequal(a, Vec.new(1, 2)))
local counter = (function() local n = 0 return function(k) n = n + (k or 1) return n end end)()
counter(); counter(5); say("counter", counter())
local proxy = setmetatable({}, {__index = function(_, k) return k * 2 end, __newindex = function(t, k, v) rawset(t, k, v + 1) end})
proxy[1] = 10; say(proxy[1], proxy[21], rawget(proxy, 21))

-- coroutines
local gen = coroutine.wrap(function() for i = 1, 5 do coroutine.yield(i * i) end return "done" end)
say(gen(), gen(), gen(), gen(), gen(), gen())
local co = coroutine.create(function(x, y) local z = coroutine.yield(x + y); error({code = z}) end)
say(coroutine.resume(co, 1, 2)); local ok, e = coroutine.resume(co, 42); say(ok, type(e), e.code, coroutine.status(co))
say(coroutine.isyieldable(), coroutine.running() ~= nil)

-- errors
say(pcall(error, "msg", 0), pcall(error, {1}), select(2, pcall(function() local x = nil; return x.y end)) ~= nil)
say(xpcall(function() error("deep", 0) end, function(m) return "handled:" .. m end))
say(select(2, pcall(string.rep)) ~= nil, pcall(setmetatable, 1, {}))
local ok2, msg = pcall(function() return 1 + {} end); say(ok2, (msg:gsub("^.-:%d+: ", "")))
say(tostring(nil), tonumber("0x10"), tonumber("10", 2), tonumber("z", 36), tonumber("  12  "), tonumber("1e2"), tonumber("abc"))

-- goto, integer for loops, float loops, varargs
local n = 0
for i = 10, 1, -3 do n = n + i end
for x = 0.0, 1.0, 0.25 do n = n + x end
do local i = 1 ::top:: i = i + 1 if i < 10 then goto top end n = n + i end
say("loops", n)
local function va(...) return select("#", ...), ... end
say(va(), va(nil, nil), va(1, 2, 3))

-- string buffer building, load, environments
local parts = {}
for i = 1, 2000 do parts[#parts + 1] = string.format("%04d", (i * 37) % 10000) end
local big = table.concat(parts)
local h = 0
for i = 1, #big, 7 do h = (h * 31 + big:byte(i)) % 1000000007 end
say("hash", #big, h)
local f = load("local a, b = ... return a * b + x", "chunk", "t", {x = 5})
say(f(6, 7), load("return 1 +")) 
local env = {print = print}
local g = load("y = 3 return y * 2", "c2", "t", env); say(g(), env.y, rawget(_G, "y"))

-- gc and weak tables
local weak = setmetatable({}, {__mode = "k"})
do local key = {} weak[key] = 1 end
collectgarbage(); collectgarbage()
local cnt = 0 for _ in pairs(weak) do cnt = cnt + 1 end
say("weak", cnt, collectgarbage("count") > 0, collectgarbage("isrunning"))
local closed = {}
do local x <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "closed" end}) end
say(closed[1], #closed)

-- a small interpreter: a stack machine over a list of instructions
local prog = {{"push", 2}, {"push", 3}, {"add"}, {"push", 4}, {"mul"}, {"dup"}, {"mul"}, {"push", 7}, {"mod"}}
local st = {}
for _, ins in ipairs(prog) do
  local op = ins[1]
  if op == "push" then st[#st + 1] = ins[2]
  elseif op == "dup" then st[#st + 1] = st[#st]
  else
    local y, x = table.remove(st), table.remove(st)
    st[#st + 1] = (op == "add" and x + y) or (op == "mul" and x * y) or (x % y)
  end
end
say("vm", table.concat(st, ","))

-- a sieve, fibonacci with memo, and a string sort
local sieve, primes = {}, {}
for i = 2, 5000 do if not sieve[i] then primes[#primes + 1] = i for j = i * i, 5000, i do sieve[j] = true end end end
say("primes", #primes, primes[#primes])
local memo = {}
local function fib(k) if k < 2 then return k end if memo[k] then return memo[k] end local v = fib(k - 1) + fib(k - 2) memo[k] = v return v end
say("fib", fib(90), fib(30))
local names = {}
for i = 1, 300 do names[i] = string.char(97 + (i * 7) % 26, 97 + (i * 11) % 26, 97 + (i * 13) % 26) end
table.sort(names)
say("names", names[1], names[150], names[300])
say(os.time{year = 2020, month = 1, day = 1, hour = 12} - os.time{year = 2019, month = 12, day = 31, hour = 12}, os.date("!%Y-%m-%d", 86400 * 365))
say(string.format("%q", 1 / 3), string.format("%a", 1.0), math.pi)
