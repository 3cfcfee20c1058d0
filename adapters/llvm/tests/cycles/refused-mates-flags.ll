; Cycle merging (--merge-cycles): f2 folds into f1 because g2 and g1 are class mates, but the
; ODR vararg pair g1/g2 itself cannot merge (no thunk of a vararg function). f2's callers
; then run g1 where they ran g2, so g1 must lose the GEP nuw that only it states; with it,
; opt-22 -O2 folds the comparison and main prints 600 600 instead of 600 300.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@buf = global [16 x i8] zeroinitializer
@off = global i64 0
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
  %o = load volatile i64, ptr @off
  %p = getelementptr i8, ptr @buf, i64 8
  %q = getelementptr nuw i8, ptr %p, i64 %o
  %lt = icmp ult ptr %q, %p
  %s = select i1 %lt, i32 100, i32 200
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
  %o = load volatile i64, ptr @off
  %p = getelementptr i8, ptr @buf, i64 8
  %q = getelementptr i8, ptr %p, i64 %o
  %lt = icmp ult ptr %q, %p
  %s = select i1 %lt, i32 100, i32 200
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
  store i64 1, ptr @off
  %a = call i32 @f1(i32 3)
  store i64 -1, ptr @off
  %b = call i32 @f2(i32 3)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  ret i32 0
}
