; RULE: too small for a thunk, but unnamed_addr RAUW still folds: all uses move to F; the external G cannot be thunked or erased and stays as a full (now unused) copy
; OPT22: @small_b keeps its body but loses every use (callers and the stored address now name @small_a); @small_c (internal) erased
; EXPECT: small_c=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@fp = global ptr @small_b

define i32 @small_a() unnamed_addr {
  ret i32 42
}

define i32 @small_b() unnamed_addr {
  ret i32 42
}

define internal i32 @small_c() unnamed_addr {
  ret i32 42
}

define i32 @main() {
  %p = load ptr, ptr @fp
  %a = call i32 %p()
  %b = call i32 @small_b()
  %c = call i32 @small_c()
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
