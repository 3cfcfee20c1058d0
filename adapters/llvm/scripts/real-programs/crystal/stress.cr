# Crystal stress program for mergefunc: generics over many types, unions, exceptions,
# blocks and procs, structs and classes, modules and mixins. Deterministic output.

module Describable
  abstract def describe : String

  def shout : String
    describe.upcase
  end
end

abstract class Shape
  include Describable
  abstract def area : Float64
end

class Circle < Shape
  def initialize(@r : Float64); end
  def area : Float64; 3.0 * @r * @r; end
  def describe : String; "circle #{@r}"; end
end

class Square < Shape
  def initialize(@s : Float64); end
  def area : Float64; @s * @s; end
  def describe : String; "square #{@s}"; end
end

class Rect < Shape
  def initialize(@w : Float64, @h : Float64); end
  def area : Float64; @w * @h; end
  def describe : String; "rect #{@w}x#{@h}"; end
end

struct Point(T)
  getter x : T
  getter y : T
  def initialize(@x : T, @y : T); end
  def sum; @x + @y; end
  def dot(o : Point(T)); @x * o.x + @y * o.y; end
end

class Holder(T)
  getter value : T
  def initialize(@value : T); end
  def map(&block : T -> U) forall U
    Holder(U).new(yield @value)
  end
end

class Stack(T)
  def initialize; @items = [] of T; end
  def push(x : T); @items << x; self; end
  def pop : T; @items.pop; end
  def size; @items.size; end
  def empty?; @items.empty?; end
  def each(&block : T ->); @items.each { |x| yield x }; end
end

def total(xs : Array(T)) forall T
  acc = T.zero
  xs.each { |x| acc += x }
  acc
end

def largest(xs : Array(T)) forall T
  best = xs[0]
  xs.each { |x| best = x if x > best }
  best
end

def count_if(xs : Array(T), &block : T -> Bool) forall T
  n = 0
  xs.each { |x| n += 1 if yield x }
  n
end

class MyError < Exception; end
class OtherError < Exception
  getter code : Int32
  def initialize(@code : Int32); super("other #{@code}"); end
end

def risky(i : Int32) : Int32
  raise MyError.new("my #{i}") if i % 3 == 0
  raise OtherError.new(i) if i % 3 == 1
  i * 2
end

def classify(v : Int32 | String | Float64 | Nil | Array(Int32) | Symbol) : String
  case v
  when Int32 then "int #{v}"
  when String then "str #{v.size}"
  when Float64 then "float #{v.round(2)}"
  when Nil then "nil"
  when Array(Int32) then "arr #{v.sum}"
  when Symbol then "sym #{v}"
  else "?"
  end
end

def sum_i8(xs : Array(Int8)) : Int8; total(xs); end

# generics over many numeric types
puts total([1_i8, 2_i8, 3_i8])
puts total([1_i16, 2_i16, 300_i16])
puts total([1, 2, 3])
puts total([1_i64, 2_i64, 3_000_000_000_i64])
puts total([1_u8, 2_u8, 3_u8])
puts total([1_u16, 2_u16, 60000_u16])
puts total([1_u32, 2_u32, 3_u32])
puts total([1_u64, 2_u64, 3_u64])
puts total([1.5, 2.25])
puts total([1.5_f32, 2.25_f32])
puts largest([3, 9, 2])
puts largest([3_i64, -9_i64, 2_i64])
puts largest([3_u8, 9_u8, 200_u8])
puts largest([-3_i8, -9_i8, -2_i8])
puts largest(["pear", "apple", "zoo"])
puts largest([1.5, -2.0])
puts count_if([1, 2, 3, 4, 5]) { |x| x.even? }
puts count_if([1_i64, 2_i64, 3_i64]) { |x| x > 1 }
puts count_if(["a", "bb", "ccc"]) { |x| x.size > 1 }
puts count_if([1_u8, 255_u8]) { |x| x > 128 }

pi = Point(Int32).new(3, 4)
pl = Point(Int64).new(3_i64, 4_i64)
pf = Point(Float64).new(0.5, 1.5)
pu = Point(UInt8).new(3_u8, 4_u8)
puts pi.sum, pl.sum, pf.sum, pu.sum
puts pi.dot(pi), pl.dot(pl), pf.dot(pf), pu.dot(pu)

# overflow checks: UInt8 sum overflow raises
begin
  Point(UInt8).new(200_u8, 100_u8).sum
  puts "no overflow"
rescue ex : OverflowError
  puts "overflow: #{ex.message}"
end
begin
  Point(Int8).new(100_i8, 100_i8).sum
  puts "no overflow"
rescue ex : OverflowError
  puts "overflow i8"
end
puts Point(UInt8).new(200_u8, 100_u8).x &+ 100_u8

shapes = [Circle.new(1.0), Square.new(2.0), Rect.new(2.0, 3.0)] of Shape
shapes.each { |s| puts "#{s.describe}: #{s.area} #{s.shout}" }
puts shapes.sum(&.area)
puts shapes.max_by(&.area).describe

b = Holder.new(21)
puts b.map { |x| x * 2 }.value
puts b.map { |x| x.to_s + "!" }.value
puts Holder.new("hi").map { |s| s.size }.value
puts Holder.new(1.5).map { |f| f * 2 }.value

si = Stack(Int32).new.push(1).push(2).push(3)
ss = Stack(String).new.push("a").push("b")
sf = Stack(Float64).new.push(1.0)
sc = Stack(Char).new.push('x').push('y')
puts si.size, ss.size, sf.size, sc.size
puts si.pop, ss.pop, sf.pop, sc.pop
si.each { |x| print x, " " }
puts
begin
  Stack(Int64).new.pop
rescue ex : IndexError
  puts "empty pop: IndexError"
end

h1 = {"one" => 1, "two" => 2, "three" => 3}
h2 = {1 => "one", 2 => "two"}
h3 = {:a => 1.5, :b => 2.5}
h4 = {'c' => 3_i64, 'd' => 4_i64}
h5 = Hash(Int64, Array(Int32)).new { |h, k| h[k] = [] of Int32 }
(1..20).each { |i| h5[i.to_i64 % 4] << i }
puts h1.keys.sort.join(","), h1.values.sum
puts h2[2], h2.has_key?(3)
puts h3.values.sum, h3.keys.map(&.to_s).join
puts h4.values.sum, h4.keys.join
h5.keys.sort.each { |k| puts "#{k}: #{h5[k].join(" ")}" }

(0..6).each do |i|
  begin
    puts risky(i)
  rescue ex : MyError
    puts "MyError #{ex.message}"
  rescue ex : OtherError
    puts "OtherError #{ex.code}"
  ensure
    print "ensure #{i};"
  end
end
puts

vals = [1, "four", 2.345, nil, [1, 2, 3], :sym] of Int32 | String | Float64 | Nil | Array(Int32) | Symbol
vals.each { |v| puts classify(v) }

adders = (1..5).map { |n| ->(x : Int32) { x + n } }
puts adders.map { |f| f.call(10) }.join(" ")
muls = [2_i64, 3_i64].map { |n| ->(x : Int64) { x * n } }
puts muls.map { |f| f.call(7_i64) }.join(" ")
twice = ->(f : Int32 -> Int32, x : Int32) { f.call(f.call(x)) }
puts twice.call(adders[0], 0)

arr = (1..30).to_a
puts arr.select(&.even?).map { |x| x * x }.sum
puts arr.map(&.to_i64).reduce(1_i64) { |a, x| (a * x) % 1_000_000_007 }
puts arr.each_slice(7).map(&.sum).join(",")
puts arr.sort_by { |x| -x }.first(3).join(",")
strs = %w(delta alpha charlie bravo echo)
puts strs.sort.join(" "), strs.map(&.size).sum, strs.group_by(&.size).keys.sort.join(",")
tup = {1, "two", 3.0}
puts tup[0], tup[1], tup[2]
nt = {name: "x", n: 5}
puts nt[:name], nt[:n]
puts sum_i8([1_i8, 2_i8])
str = String.build { |io| 10.times { |i| io << i << ':' } }
puts str
puts (1..10).map { |i| i.to_s(2) }.join(" ")
puts 12345.6789.round(2), 1e10.to_i64, Math.sqrt(2.0).round(6)

# fibers and channels (one thread: the scheduler runs them in a fixed order)
ch = Channel(Int32).new
chs = Channel(String).new(4)
3.times { |i| spawn { ch.send(i * 10) } }
spawn { ["x", "y"].each { |s| chs.send(s) }; chs.close }
got = (1..3).map { ch.receive }.sort
puts got.join(" ")
while s = chs.receive?
  print s
end
puts

# regular expressions (libpcre) and string formatting
re = /(\w+)@(\w+)\.com/
if m = re.match("mail bob@example.com now")
  puts m[1], m[2]
end
puts "a1b22c333".scan(/\d+/).map(&.[0]).join("|")
puts "%05d|%-6s|%.3f" % {42, "ab", 3.14159}

# enums, flags enums, and structs copied by value
enum Color
  Red
  Green
  Blue
end
@[Flags]
enum Perm
  Read
  Write
  Exec
end
puts Color.values.map(&.to_s).join(","), Color::Blue.value, (Perm::Read | Perm::Exec).to_s

struct Pair(A, B)
  property a : A
  property b : B
  def initialize(@a : A, @b : B); end
  def swap; Pair(B, A).new(@b, @a); end
end
p1 = Pair.new(1, "one")
p2 = p1
p2.a = 99
puts p1.a, p2.a, p1.swap.a, Pair.new(1.5, 'q').swap.b, Pair.new(7_u8, 8_i64).swap.a

# a class hierarchy with generic virtual dispatch
abstract class Animal
  abstract def sound : String
  def speak(n : Int32) : String; ([sound] * n).join("-"); end
end
class Dog < Animal; def sound : String; "woof"; end; end
class Cat < Animal; def sound : String; "meow"; end; end
class Cow < Animal; def sound : String; "moo"; end; end
[Dog.new, Cat.new, Cow.new].each { |a| puts a.speak(2) }

# exceptions through blocks, nested ensure, retry-like loops
def with_cleanup(tag : String, &)
  yield
ensure
  puts "cleanup #{tag}"
end
attempts = 0
begin
  with_cleanup("outer") do
    with_cleanup("inner") do
      attempts += 1
      raise ArgumentError.new("bad") if attempts < 3
    end
  end
rescue ex : ArgumentError
  puts "caught #{ex.message} #{attempts}"
  retry_ok = attempts < 3
  if retry_ok
    attempts += 0
  end
end
x = [1, 2, 3][5]? || -1
puts x
puts (["a", "b"][7]? || "none")

# near-twins: rescuing one class (alike) and another class (apart); class variables of
# one class and of two classes; called through procs too (addresses compared)
def parse_or(s : String, fallback : Int32) : Int32
  s.to_i
rescue ArgumentError
  fallback
end

def parse_or2(s : String, fallback : Int32) : Int32
  s.to_i
rescue ArgumentError
  fallback
end

def parse_or_any(s : String, fallback : Int32) : Int32
  s.to_i
rescue Exception
  fallback
end

class CounterA
  @@n = 0
  def self.bump(by : Int32) : Int32; @@n += by; end
  def self.bump2(by : Int32) : Int32; @@n += by; end
end

class CounterB
  @@n = 0
  def self.bump(by : Int32) : Int32; @@n += by; end
end

puts parse_or("12", -1), parse_or("x", -1), parse_or2("x", -2), parse_or_any("y", -3)
q1 = ->parse_or(String, Int32)
q2 = ->parse_or2(String, Int32)
puts q1.call("7", 0), q2.call("z", 9), q1 == q2
puts CounterA.bump(1), CounterA.bump2(2), CounterB.bump(5), CounterA.bump(0)
