; RULE: when a folded function with a significant address becomes a thunk only its direct calls move; functions that call it and also use its address (stored, inside a constant expression, as an argument, compared) stay apart from twins naming the survivor
; OPT22: @f_b thunk to @f_a; every h/k/g/s pair stays apart
; EXPECT: f_b=thunk->f_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)
@slot = global ptr null
@slot2 = global i64 0

define i32 @f_a(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 11
  ret i32 %z
}
define i32 @f_b(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 11
  ret i32 %z
}
; address as a store operand
define i32 @h_b(i32 %x) {
  store ptr @f_b, ptr @slot
  %r = call i32 @f_b(i32 %x)
  ret i32 %r
}
define i32 @h_c(i32 %x) {
  store ptr @f_a, ptr @slot
  %r = call i32 @f_a(i32 %x)
  ret i32 %r
}
; address inside a constant expression (printed-form keyed: add of ptrtoint)
define i32 @k_b(i32 %x) {
  store i64 add (i64 ptrtoint (ptr @f_b to i64), i64 1), ptr @slot2
  %r = call i32 @f_b(i32 %x)
  ret i32 %r
}
define i32 @k_c(i32 %x) {
  store i64 add (i64 ptrtoint (ptr @f_a to i64), i64 1), ptr @slot2
  %r = call i32 @f_a(i32 %x)
  ret i32 %r
}
; address passed as an argument to the callee itself
define i32 @g_b(i32 %x) {
  %r = call i32 @f_b(i32 %x)
  %c = call i32 @use(ptr @f_b)
  %s = add i32 %r, %c
  ret i32 %s
}
define i32 @g_c(i32 %x) {
  %r = call i32 @f_a(i32 %x)
  %c = call i32 @use(ptr @f_a)
  %s = add i32 %r, %c
  ret i32 %s
}
; address compared with a select of both
define i32 @s_b(i32 %x, ptr %p) {
  %r = call i32 @f_b(i32 %x)
  %e = icmp eq ptr %p, @f_b
  %z = zext i1 %e to i32
  %s = add i32 %r, %z
  ret i32 %s
}
define i32 @s_c(i32 %x, ptr %p) {
  %r = call i32 @f_a(i32 %x)
  %e = icmp eq ptr %p, @f_a
  %z = zext i1 %e to i32
  %s = add i32 %r, %z
  ret i32 %s
}
define i32 @use(ptr %p) {
  %e = icmp eq ptr %p, @f_a
  %z = zext i1 %e to i32
  ret i32 %z
}
define i32 @main() {
  %a = call i32 @h_b(i32 1)
  %p = load ptr, ptr @slot
  %e1 = icmp eq ptr %p, @f_a
  %z1 = zext i1 %e1 to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %z1)
  %b = call i32 @h_c(i32 1)
  %p2 = load ptr, ptr @slot
  %e2 = icmp eq ptr %p2, @f_a
  %z2 = zext i1 %e2 to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %b, i32 %z2)
  %c = call i32 @k_b(i32 1)
  %q = load i64, ptr @slot2
  %qa = add i64 ptrtoint (ptr @f_a to i64), 1
  %e3 = icmp eq i64 %q, %qa
  %z3 = zext i1 %e3 to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %c, i32 %z3)
  %d = call i32 @k_c(i32 1)
  %q2 = load i64, ptr @slot2
  %e4 = icmp eq i64 %q2, %qa
  %z4 = zext i1 %e4 to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %d, i32 %z4)
  %g1 = call i32 @g_b(i32 1)
  %g2 = call i32 @g_c(i32 1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %g1, i32 %g2)
  %s1 = call i32 @s_b(i32 1, ptr @f_a)
  %s2 = call i32 @s_c(i32 1, ptr @f_a)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s1, i32 %s2)
  ret i32 0
}
