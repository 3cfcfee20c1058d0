; As refused-mates-flags.ll, with --merge-cycles --drop-differing-attachments: only g1's
; load states !range [0, 10); g1 runs in g2's place, so it must lose it, or opt-22 -O2
; folds the comparison and main prints 300 300 instead of 300 600.
target triple = "x86_64-unknown-linux-gnu"
@mem = global i32 0
@sink = global i32 0
@fmt = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)
define i32 @f1(i32 %x) noinline {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %z, label %r
r:
  %d = sub i32 %x, 1
  %v = call i32 (i32, ...) @g1(i32 %d)
  ret i32 %v
z:
  ret i32 0
}
define linkonce_odr i32 @g1(i32 %x, ...) noinline {
  %l = load i32, ptr @mem, !range !0
  %big = icmp ult i32 %l, 10
  %s = select i1 %big, i32 100, i32 200
  %c = icmp eq i32 %x, 0
  br i1 %c, label %z, label %r
r:
  %v = call i32 @f1(i32 %x)
  %w = add i32 %v, %s
  ret i32 %w
z:
  ret i32 %s
}
define i32 @f2(i32 %x) noinline {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %z, label %r
r:
  %d = sub i32 %x, 1
  %v = call i32 (i32, ...) @g2(i32 %d)
  ret i32 %v
z:
  ret i32 0
}
define linkonce_odr i32 @g2(i32 %x, ...) noinline {
  %l = load i32, ptr @mem
  %big = icmp ult i32 %l, 10
  %s = select i1 %big, i32 100, i32 200
  %c = icmp eq i32 %x, 0
  br i1 %c, label %z, label %r
r:
  %v = call i32 @f2(i32 %x)
  %w = add i32 %v, %s
  ret i32 %w
z:
  ret i32 %s
}
define i32 @main() {
  store i32 5, ptr @mem
  %a = call i32 @f1(i32 3)
  store i32 20, ptr @mem
  %b = call i32 @f2(i32 3)
  %gg = call i32 (i32, ...) @g2(i32 0)
  store i32 %gg, ptr @sink
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
!0 = !{i32 0, i32 10}
