; RULE: a function in @llvm.used is never RAUW'd (only its direct callers are redirected) and is not erased: it becomes a thunk even with unnamed_addr
; OPT22: @used_b thunk to @used_a; @main calls @used_a
; EXPECT: used_b=thunk->used_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@llvm.used = appending global [1 x ptr] [ptr @used_b], section "llvm.metadata"

define internal i32 @used_b(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define internal i32 @used_a(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @used_a(i32 2)
  %b = call i32 @used_b(i32 3)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
