; Three functions that differ pairwise in TBAA tags on different instructions: @b in
; the first load's, @c in the second's. Both fold into @a, which loses the first and the
; second load's tags (each differs from one of them) and keeps the third load's tag and
; !range and the store's tag (the same nodes in all three).
; DEFAULT:
; FLAG: b->a c->a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(ptr %p, ptr %q) {
  %x = load i32, ptr %q, align 4, !tbaa !5
  %y = load i32, ptr %p, align 4, !tbaa !5
  %z = load i32, ptr %p, align 4, !tbaa !5, !range !9
  store i32 %x, ptr %p, align 4, !tbaa !5
  %s = add i32 %y, %z
  ret i32 %s
}

define i32 @b(ptr %p, ptr %q) {
  %x = load i32, ptr %q, align 4, !tbaa !8
  %y = load i32, ptr %p, align 4, !tbaa !5
  %z = load i32, ptr %p, align 4, !tbaa !5, !range !9
  store i32 %x, ptr %p, align 4, !tbaa !5
  %s = add i32 %y, %z
  ret i32 %s
}

define i32 @c(ptr %p, ptr %q) {
  %x = load i32, ptr %q, align 4, !tbaa !5
  %y = load i32, ptr %p, align 4, !tbaa !8
  %z = load i32, ptr %p, align 4, !tbaa !5, !range !9
  store i32 %x, ptr %p, align 4, !tbaa !5
  %s = add i32 %y, %z
  ret i32 %s
}

!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!"int", !2, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{!"_ZTS1E", !2, i64 0}
!8 = !{!7, !7, i64 0}
!9 = !{i32 0, i32 100}
