; RULE: functions with the same body and different unused parameter types or return types (unreachable bodies) stay apart, except i64 and ptr (LLVM's pointer/integer rule)
; OPT22: @q_c thunk to @q_b; nothing else merges
; EXPECT: q_c=thunk->q_b
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@g = global i32 0
define void @p_a(i32 %x, float %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @p_b(i32 %x, i32 %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @p_c(i32 %x, double %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @p_d(i32 %x, float %u, ...) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define i32 @u_a(i32 %x) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  unreachable
}
define float @u_b(i32 %x) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  unreachable
}
define {i32, i32} @u_c(i32 %x) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  unreachable
}
define void @u_d(i32 %x) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  unreachable
}
define void @q_a(i32 %x, <2 x i32> %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_b(i32 %x, i64 %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_c(i32 %x, ptr %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_d(i32 %x, ptr addrspace(1) %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_e(i32 %x, [2 x i32] %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_f(i32 %x, {i32, i32} %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
define void @q_g(i32 %x, <{i32, i32}> %u) {
  store i32 %x, ptr @g
  store i32 %x, ptr @g
  ret void
}
