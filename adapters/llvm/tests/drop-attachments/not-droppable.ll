; Kinds outside the allowlist still keep functions apart with the option: !pcsections
; (a runtime reads the sections it names), !mmra (memory-model relaxations), and a kind
; this adapter has never heard of. @mixed_a and @mixed_b differ in a droppable !tbaa and
; in !pcsections: still apart.
; DEFAULT:
; FLAG:
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @pcs_a(ptr %p) {
  %v = load i32, ptr %p, align 4, !pcsections !0
  ret i32 %v
}

define i32 @pcs_b(ptr %p) {
  %v = load i32, ptr %p, align 4, !pcsections !1
  ret i32 %v
}

define void @mmra_a(ptr %p) {
  store i32 1, ptr %p, align 4, !mmra !2
  ret void
}

define void @mmra_b(ptr %p) {
  store i32 1, ptr %p, align 4, !mmra !3
  ret void
}

define void @unknown_a(ptr %p) {
  store i32 2, ptr %p, align 4, !my.fact !4
  ret void
}

define void @unknown_b(ptr %p) {
  store i32 2, ptr %p, align 4, !my.fact !5
  ret void
}

define i64 @mixed_a(ptr %p) {
  %v = load i64, ptr %p, align 8, !tbaa !10, !pcsections !0
  ret i64 %v
}

define i64 @mixed_b(ptr %p) {
  %v = load i64, ptr %p, align 8, !tbaa !13, !pcsections !1
  ret i64 %v
}

!0 = !{!"sec_a"}
!1 = !{!"sec_b"}
!2 = !{!"amdgpu-synchronize-as", !"local"}
!3 = !{!"amdgpu-synchronize-as", !"global"}
!4 = !{i32 1}
!5 = !{i32 2}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!"int", !7, i64 0}
!10 = !{!9, !9, i64 0}
!12 = !{!"_ZTS1E", !7, i64 0}
!13 = !{!12, !12, i64 0}
