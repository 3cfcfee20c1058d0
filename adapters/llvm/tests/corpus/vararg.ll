; RULE: vararg functions are mergeable but cannot be thunked: direct callers of G are redirected, G (external) stays as a full copy; an internal vararg G is erased
; OPT22: @va_b keeps its body, its caller moved to @va_a; @va_c (internal) erased
; EXPECT: va_c=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @va_a(i32 %n, ...) {
  %ap = alloca { i32, i32, ptr, ptr }, align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

define i32 @va_b(i32 %n, ...) {
  %ap = alloca { i32, i32, ptr, ptr }, align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

define internal i32 @va_c(i32 %n, ...) {
  %ap = alloca { i32, i32, ptr, ptr }, align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @main() {
  %a = call i32 (i32, ...) @va_a(i32 1, i32 10)
  %b = call i32 (i32, ...) @va_b(i32 2, i32 20)
  %c = call i32 (i32, ...) @va_c(i32 3, i32 30)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
