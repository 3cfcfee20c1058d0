; RULE: the attachments of calls (memory intrinsics included) and atomics are compared in full (LLVM 22 compares a call's `!range` only, and no attachment of an atomic), except pure hints (`!prof`, `!annotation`, `!srcloc`, `!heapallocsite`, `!DIAssignID`), which never keep functions apart
; OPT22: @mc_b becomes a thunk to @mc_a, @rmw_b to @rmw_a, @hint_b to @hint_a. We keep @mc_b (its memcpy in another scope pattern: no promise that the copy and the load do not overlap) and @rmw_b (int TBAA against a C++ enum's) apart; @hint_b (other branch weights, an annotation) merges for both; @rng_b keeps another call `!range` and stays apart for both
; EXPECT: mc_b=thunk->mc_a rmw_b=thunk->rmw_a hint_b=thunk->hint_a
; DEVIATION: we keep @mc_b and @rmw_b (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly, ptr noalias readonly, i64, i1 immarg)
declare i32 @get()

define i32 @mc_a(ptr %d, ptr %s, ptr %q) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 16, i1 false), !alias.scope !1, !noalias !4
  %v = load i32, ptr %q, align 4, !alias.scope !4, !noalias !1
  ret i32 %v
}

define i32 @mc_b(ptr %d, ptr %s, ptr %q) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 16, i1 false), !alias.scope !4, !noalias !1
  %v = load i32, ptr %q, align 4, !alias.scope !4, !noalias !1
  ret i32 %v
}

define i32 @rmw_a(ptr %p, ptr %q) {
  %o = atomicrmw add ptr %p, i32 1 seq_cst, align 4, !tbaa !15
  %v = load i32, ptr %q, align 4, !tbaa !15
  %r = add i32 %o, %v
  ret i32 %r
}

define i32 @rmw_b(ptr %p, ptr %q) {
  %o = atomicrmw add ptr %p, i32 1 seq_cst, align 4, !tbaa !17
  %v = load i32, ptr %q, align 4, !tbaa !15
  %r = add i32 %o, %v
  ret i32 %r
}

define i32 @hint_a(i32 %x, ptr %p) {
entry:
  store i32 %x, ptr %p, align 4
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg, !prof !20
pos:
  ret i32 1
neg:
  ret i32 2
}

define i32 @hint_b(i32 %x, ptr %p) {
entry:
  store i32 %x, ptr %p, align 4, !annotation !22
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg, !prof !21
pos:
  ret i32 1
neg:
  ret i32 2
}

define i32 @rng_a() {
  %v = call i32 @get(), !range !30
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @rng_b() {
  %v = call i32 @get(), !range !31
  %w = add i32 %v, 1
  ret i32 %w
}

!0 = distinct !{!0, !"domain"}
!1 = !{!2}
!2 = distinct !{!2, !0, !"copy"}
!3 = distinct !{!3, !0, !"load"}
!4 = !{!3}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{!"int", !12, i64 0}
!15 = !{!14, !14, i64 0}
!16 = !{!"_ZTS1E", !12, i64 0}
!17 = !{!16, !16, i64 0}
!20 = !{!"branch_weights", i32 1, i32 99}
!21 = !{!"branch_weights", i32 99, i32 1}
!22 = !{!"auto-init"}
!30 = !{i32 0, i32 10}
!31 = !{i32 0, i32 5}
