; RUN-OPTS: --use-aliases
; RULE: vararg functions cannot be thunked but can be aliased; tiny (ret-only) functions likewise
; OPT22: @va_b alias to @va_a; @tiny_b alias to @tiny_a
; EXPECT: tiny_b=alias->tiny_a va_b=alias->va_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @va_a(i32 %n, ...) unnamed_addr {
  %ap = alloca { i32, i32, ptr, ptr }, align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = mul i32 %v, %n
  ret i32 %r
}

define i32 @va_b(i32 %n, ...) unnamed_addr {
  %ap = alloca { i32, i32, ptr, ptr }, align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = mul i32 %v, %n
  ret i32 %r
}

define i32 @tiny_a() unnamed_addr {
  ret i32 5
}

define i32 @tiny_b() unnamed_addr {
  ret i32 5
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @main() {
  %a = call i32 (i32, ...) @va_a(i32 2, i32 10)
  %b = call i32 (i32, ...) @va_b(i32 3, i32 20)
  %c = call i32 @tiny_a()
  %d = call i32 @tiny_b()
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
