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
  %v = load i64, ptr %p, align 8, !tbaa !6, !pcsections !0
  ret i64 %v
}

define i64 @mixed_b(ptr %p) {
  %v = load i64, ptr %p, align 8, !tbaa !10, !pcsections !1
  ret i64 %v
}

!0 = !{!"sec_a"}
!1 = !{!"sec_b"}
!2 = !{!"amdgpu-synchronize-as", !"local"}
!3 = !{!"amdgpu-synchronize-as", !"global"}
!4 = !{i32 1}
!5 = !{i32 2}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"_ZTS1E", !8, i64 0}
