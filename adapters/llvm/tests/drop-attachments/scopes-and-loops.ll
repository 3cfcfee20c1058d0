; A pair that differs in scoped alias metadata (scopes of different domains, as two
; inlined copies get) and in the loop id (unrolled by 4 in one, by 8 in the other), and
; carries the same !nontemporal hint. The survivor loses !alias.scope, !noalias and
; !llvm.loop (distinct nodes are never the same node), and keeps !nontemporal.
; DEFAULT:
; FLAG: g->f
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %pb = getelementptr i32, ptr %b, i64 %i
  %v = load i32, ptr %pa, align 4, !alias.scope !3, !noalias !6
  store i32 %v, ptr %pb, align 4, !alias.scope !6, !noalias !3, !nontemporal !9
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !10
exit:
  ret void
}

define void @g(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %pb = getelementptr i32, ptr %b, i64 %i
  %v = load i32, ptr %pa, align 4, !alias.scope !13, !noalias !16
  store i32 %v, ptr %pb, align 4, !alias.scope !16, !noalias !13, !nontemporal !9
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !20
exit:
  ret void
}

!1 = distinct !{!1, !"f domain"}
!2 = distinct !{!2, !1, !"f: a"}
!3 = !{!2}
!5 = distinct !{!5, !1, !"f: b"}
!6 = !{!5}
!9 = !{i32 1}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.unroll.count", i32 4}
!12 = distinct !{!12, !"g domain"}
!14 = distinct !{!14, !12, !"g: a"}
!13 = !{!14}
!15 = distinct !{!15, !12, !"g: b"}
!16 = !{!15}
!20 = distinct !{!20, !21}
!21 = !{!"llvm.loop.unroll.count", i32 8}
