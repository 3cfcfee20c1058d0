; RULE: a call's own function type is compared (LLVM 22 compares only the operand and result types): calling printf through a non-variadic type leaves %al (the count of vector registers a variadic callee must save) unset on x86-64
; OPT22: @show_va becomes a thunk of @show_fixed and main's call moves to @show_fixed, whose printf call is not variadic: %al is 0 there (left over from @zero), printf does not save %xmm0 and prints 0.00 where main printed 2.50
; EXPECT: show_va=thunk->show_fixed
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [6 x i8] c"%.2f\0A\00"
declare i32 @printf(ptr, ...)

define i32 @zero() {
  ret i32 0
}

; Undefined if run (printf is variadic); main never calls it.
define void @show_fixed(double %x) {
  %z = call i32 @zero()
  %r = call i32 (ptr, double) @printf(ptr @.fmt, double %x)
  ret void
}

define void @show_va(double %x) {
  %z = call i32 @zero()
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, double %x)
  ret void
}

define i32 @main() {
  call void @show_va(double 2.5)
  ret i32 0
}
