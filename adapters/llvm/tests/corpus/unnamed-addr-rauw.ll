; RULE: G with global unnamed_addr (not in llvm.used) is RAUW'd with F: address-taken uses move too, then the now-unused internal G is erased
; OPT22: @b_cb erased; @callbacks and @main point at @a_cb
; EXPECT: b_cb=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@callbacks = internal global [2 x ptr] [ptr @a_cb, ptr @b_cb]

define internal i32 @a_cb(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define internal i32 @b_cb(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %p0 = load ptr, ptr @callbacks
  %g1 = getelementptr [2 x ptr], ptr @callbacks, i64 0, i64 1
  %p1 = load ptr, ptr %g1
  %a = call i32 %p0(i32 3)
  %b = call i32 %p1(i32 4)
  %direct = call i32 @b_cb(i32 5)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %direct
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
