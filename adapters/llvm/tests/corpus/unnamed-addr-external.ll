; RULE: external unnamed_addr G: all uses are RAUW'd to F, but an external G is not discardable, so it is still turned into a thunk
; OPT22: @ua_b thunk to @ua_a; the stored pointer in @slot now names @ua_a
; EXPECT: ua_b=thunk->ua_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@slot = global ptr @ua_b

define i32 @ua_a(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @ua_b(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %p = load ptr, ptr @slot
  %a = call i32 %p(i32 3)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a)
  ret i32 0
}
