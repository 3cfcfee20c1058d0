# Nim stress program for mergefunc: generics instantiated per type, objects and
# inheritance with methods, exceptions, closures, tables, sequences, strings.
import std/[tables, sequtils, strutils, algorithm, sets, strformat, options]

type
  Stack[T] = object
    items: seq[T]

proc push[T](s: var Stack[T], x: T) = s.items.add x
proc pop[T](s: var Stack[T]): T =
  result = s.items[^1]
  s.items.setLen(s.items.len - 1)
proc len[T](s: Stack[T]): int = s.items.len

proc total[T](xs: openArray[T]): T =
  for x in xs: result += x

proc largest[T](xs: openArray[T]): T =
  result = xs[0]
  for x in xs:
    if x > result: result = x

proc countIf[T](xs: openArray[T], pred: proc (x: T): bool {.closure.}): int =
  for x in xs:
    if pred(x): inc result

type
  Point[T] = object
    x, y: T

proc sum[T](p: Point[T]): T = p.x + p.y
proc dot[T](a, b: Point[T]): T = a.x * b.x + a.y * b.y

type
  Shape = ref object of RootObj
    name: string
  Circle = ref object of Shape
    r: float
  Square = ref object of Shape
    s: float
  Rect = ref object of Shape
    w, h: float

method area(s: Shape): float {.base.} = 0.0
method area(c: Circle): float = 3.0 * c.r * c.r
method area(s: Square): float = s.s * s.s
method area(r: Rect): float = r.w * r.h

type
  AppError = object of CatchableError
    code: int
  OtherError = object of CatchableError

var log: seq[string]

proc risky(i: int): int =
  defer: log.add &"exit {i}"
  if i mod 3 == 0:
    var e = newException(AppError, "app " & $i)
    e.code = i
    raise e
  if i mod 3 == 1:
    raise newException(OtherError, "other " & $i)
  i * 2

type
  Kind = enum kInt, kStr, kFloat
  Variant = object
    case kind: Kind
    of kInt: i: int
    of kStr: s: string
    of kFloat: f: float

proc describe(v: Variant): string =
  case v.kind
  of kInt: "int " & $v.i
  of kStr: "str " & $v.s.len
  of kFloat: "float " & formatFloat(v.f, ffDecimal, 2)

echo total([1'i8, 2, 3]), " ", total([1'i16, 2, 300]), " ", total([1, 2, 3])
echo total([1'i64, 2, 3_000_000_000]), " ", total([1'u8, 2, 3]), " ", total([1'u16, 2, 60000])
echo total([1'u32, 2, 3]), " ", total([1'u64, 2, 3]), " ", total([1.5, 2.25]), " ", total([1.5'f32, 2.25])
echo largest([3, 9, 2]), " ", largest([3'i64, -9, 2]), " ", largest([3'u8, 9, 200]), " ", largest([-3'i8, -9, -2])
echo largest(["pear", "apple", "zoo"]), " ", largest([1.5, -2.0])
echo countIf([1, 2, 3, 4, 5], proc (x: int): bool = x mod 2 == 0), " ",
  countIf([1'i64, 2, 3], proc (x: int64): bool = x > 1), " ",
  countIf(["a", "bb", "ccc"], proc (x: string): bool = x.len > 1)

echo Point[int](x: 3, y: 4).sum, " ", Point[int64](x: 3, y: 4).sum, " ", Point[float](x: 0.5, y: 1.5).sum,
  " ", Point[uint8](x: 3, y: 4).sum, " ", Point[int32](x: 3, y: 4).sum
echo dot(Point[int](x: 3, y: 4), Point[int](x: 3, y: 4)), " ", dot(Point[int16](x: 3, y: 4), Point[int16](x: 1, y: 1)),
  " ", dot(Point[float32](x: 0.5, y: 1.5), Point[float32](x: 2, y: 2))
try:
  var a = Point[int8](x: 100, y: 100)
  echo a.sum
except OverflowDefect:
  echo "overflow int8"

var si: Stack[int]
var ss: Stack[string]
var sf: Stack[float]
var sc: Stack[char]
var sq: Stack[seq[int]]
for i in 0..4:
  si.push i
  sf.push i.float * 0.5
  sc.push chr(ord('a') + i)
ss.push "x"; ss.push "y"; sq.push @[1, 2]; sq.push @[3]
echo si.pop, " ", ss.pop, " ", sf.pop, " ", sc.pop, " ", sq.pop
echo si.len, " ", ss.len, " ", sf.len, " ", sc.len, " ", sq.len
try:
  var empty: seq[int]
  echo empty[3]
except IndexDefect:
  echo "IndexDefect caught"

let shapes: seq[Shape] = @[Circle(name: "circle", r: 1.0), Square(name: "square", s: 2.0),
                           Rect(name: "rect", w: 2.0, h: 3.0)]
for s in shapes: echo s.name, " ", s.area
echo shapes.mapIt(it.area).foldl(a + b)

for i in 0..5:
  try:
    echo "risky ", risky(i)
  except AppError as e:
    echo "AppError ", e.code, " ", e.msg
  except OtherError as e:
    echo "OtherError ", e.msg
  finally:
    log.add "finally " & $i
echo log.join("; ")

for v in [Variant(kind: kInt, i: 5), Variant(kind: kStr, s: "four"), Variant(kind: kFloat, f: 2.345)]:
  echo describe(v)

var t1 = {"one": 1, "two": 2, "three": 3}.toTable
var t2 = {1: "one", 2: "two"}.toTable
var t3 = initTable[char, float]()
t3['a'] = 1.5; t3['b'] = 2.5
var t4 = initTable[int64, seq[int]]()
for i in 1..20: t4.mgetOrPut(int64(i mod 4), @[]).add i
echo toSeq(t1.keys).sorted.join(","), " ", toSeq(t1.values).foldl(a + b), " ", t2[2], " ", t2.hasKey(3)
echo toSeq(t3.values).sorted, " ", toSeq(t3.keys).sorted
for k in toSeq(t4.keys).sorted: echo k, ": ", t4[k]
var hs = toHashSet([3, 1, 4, 1, 5, 9, 2, 6])
echo hs.len, " ", 4 in hs, " ", 7 in hs

var adders: seq[proc (x: int): int]
for n in 1..5:
  let m = n
  adders.add(proc (x: int): int = x + m)
echo adders.mapIt(it(10))
let arr = toSeq(1..30)
echo arr.filterIt(it mod 2 == 0).mapIt(it * it).foldl(a + b)
echo arr.foldl((a * b) mod 1_000_000_007, 1)
echo arr.distribute(4).mapIt(it.foldl(a + b)).join(",")
var words = @["delta", "alpha", "charlie", "bravo", "echo"]
words.sort()
echo words.join(" "), " ", words.mapIt(it.len).foldl(a + b)
echo "a1b22c333".split({'a'..'z'}).filterIt(it.len > 0).join("|")
echo &"{42:05}|{\"ab\":<6}|{3.14159:.3f}"
let o = some(5)
echo o.get, " ", none(int).isNone, " ", (1..10).toSeq.mapIt(toBin(it, 4)).join(" ")
