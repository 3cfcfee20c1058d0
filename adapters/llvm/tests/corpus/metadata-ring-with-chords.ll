; RULE: metadata a function attaches that is a DAG of shared tuples (a ring of 14 uniqued tuples with one distinct node and a chord at every node) is compared once per pair of tuples and depth, not along every path (2^32 of them): `@g` merges into `@f` at once, with the fast paths and without
; OPT22: @g -> @f, thunk
; EXPECT: g=thunk->f
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@g0 = global i32 0
define i32 @f(i32 %x) {
  %v = load i32, ptr @g0, !mf.ring !0
  %r = add i32 %v, %x
  ret i32 %r
}
define i32 @g(i32 %x) {
  %v = load i32, ptr @g0, !mf.ring !0
  %r = add i32 %v, %x
  ret i32 %r
}
!0 = distinct !{!"n0", !1, !7}
!1 = !{!"n1", !2, !8}
!2 = !{!"n2", !3, !9}
!3 = !{!"n3", !4, !10}
!4 = !{!"n4", !5, !11}
!5 = !{!"n5", !6, !12}
!6 = !{!"n6", !7, !13}
!7 = !{!"n7", !8, !0}
!8 = !{!"n8", !9, !1}
!9 = !{!"n9", !10, !2}
!10 = !{!"n10", !11, !3}
!11 = !{!"n11", !12, !4}
!12 = !{!"n12", !13, !5}
!13 = !{!"n13", !0, !6}
