; RULE: keep the external function over the local one; the internal copy's direct callers are redirected and, now unused and discardable, it is erased
; OPT22: @helper_local is erased, @main calls @helper_ext
; EXPECT: helper_local=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @helper_local(i32 %x, i32 %y) {
  %m = mul i32 %x, %y
  %s = sub i32 %m, 7
  %r = xor i32 %s, 85
  ret i32 %r
}

define i32 @helper_ext(i32 %x, i32 %y) {
  %m = mul i32 %x, %y
  %s = sub i32 %m, 7
  %r = xor i32 %s, 85
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @helper_local(i32 6, i32 7)
  %b = call i32 @helper_ext(i32 3, i32 9)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
