; A pair that differs only in a load's TBAA tag (an int and a C++ enum's own type).
; DEFAULT:
; FLAG: g->f
; The survivor @f keeps the store's tag (the same node in both) and loses the load's.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !5
  %v = load i32, ptr %q, align 4, !tbaa !8
  ret i32 %v
}

define i32 @g(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !5
  %v = load i32, ptr %q, align 4, !tbaa !5
  ret i32 %v
}

!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!"int", !2, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{!"_ZTS1E", !2, i64 0}
!8 = !{!7, !7, i64 0}
