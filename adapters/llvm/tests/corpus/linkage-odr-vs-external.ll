; RULE: exactly one is ODR: keep the non-ODR one (never introduce calls into an ODR function); weak_odr G is not interposable, so its direct callers are redirected, then it becomes a thunk (not discardable)
; OPT22: @a_odr becomes a thunk to @z_ext; @main calls @z_ext twice
; EXPECT: a_odr=thunk->z_ext
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak_odr i32 @a_odr(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @z_ext(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @a_odr(i32 2)
  %b = call i32 @z_ext(i32 3)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
