; RUN-OPTS: --merge-cycles
; Two mutually recursive pairs (p1 <-> q1, p2 <-> q2) whose only other difference is
; the TBAA tag of q2's load. Only cycle merging with the option folds them: q2 into q1
; (which loses the load's tag) and p2 into p1.
; DEFAULT:
; FLAG: p2->p1 q2->q1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @p1(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @q1(i32 %m, ptr %x)
  ret i32 %r
done:
  ret i32 7
}

define i32 @q1(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @p1(i32 %m, ptr %x)
  ret i32 %r
done:
  %v = load i32, ptr %x, align 4, !tbaa !5
  ret i32 %v
}

define i32 @p2(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @q2(i32 %m, ptr %x)
  ret i32 %r
done:
  ret i32 7
}

define i32 @q2(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @p2(i32 %m, ptr %x)
  ret i32 %r
done:
  %v = load i32, ptr %x, align 4, !tbaa !8
  ret i32 %v
}

!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!"int", !2, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{!"_ZTS1E", !2, i64 0}
!8 = !{!7, !7, i64 0}
