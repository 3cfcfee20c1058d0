; RULE: mixed ODR pair: double thunk by name order; the weak_odr name stays a thunk, the unused linkonce_odr copy is erased after its callers are redirected to the body
; OPT22: new private body; @b_weak_odr thunk to it; @a_linkonce_odr erased; @main calls the body
; EXPECT: a_linkonce_odr=erased b_weak_odr=thunk->new{a_linkonce_odr,b_weak_odr}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak_odr i32 @b_weak_odr(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce_odr i32 @a_linkonce_odr(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @a_linkonce_odr(i32 2)
  %b = call i32 @b_weak_odr(i32 3)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
