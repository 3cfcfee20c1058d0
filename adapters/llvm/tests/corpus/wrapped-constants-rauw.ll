; RULE: dso_local_equivalent, no_cfi and ptrauth constants in global initializers follow a RAUW of the function they wrap
; OPT22: @g RAUW'd by @f, then @f and @k RAUW'd by @h (hidden, external); every wrapper names @h
; EXPECT: g=erased f=erased k=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define internal i32 @f(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}
define internal i32 @g(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}
define hidden i32 @h(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}
define linkonce_odr hidden i32 @k(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}
@vt = private unnamed_addr constant [4 x i32] [
  i32 trunc (i64 sub (i64 ptrtoint (ptr dso_local_equivalent @g to i64), i64 ptrtoint (ptr @vt to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr dso_local_equivalent @k to i64), i64 ptrtoint (ptr @vt to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr no_cfi @g to i64), i64 ptrtoint (ptr @vt to i64)) to i32),
  i32 trunc (i64 sub (i64 ptrtoint (ptr no_cfi @h to i64), i64 ptrtoint (ptr @vt to i64)) to i32)]
@pa = global ptr ptrauth (ptr @g, i32 0, i64 1234, ptr @pa)
@pb = global ptr ptrauth (ptr @k, i32 2)
@vtp = global ptr @vt
