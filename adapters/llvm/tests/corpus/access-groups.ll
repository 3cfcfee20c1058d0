; RULE: access groups (`!llvm.access.group`, distinct nodes without operands) and the loop's `llvm.loop.parallel_accesses` list are compared by consistent renaming: which accesses a loop declares free of dependences is part of the function (LLVM 22 equates any two access groups and compares no branch attachment)
; OPT22: @par_b and @par_other become thunks to @par_a. We merge @par_b (the same pattern under its own groups and loop id) and keep @par_other, whose loop names another group than its accesses carry (not a parallel loop)
; EXPECT: par_b=thunk->par_a par_other=thunk->par_a
; DEVIATION: we keep @par_other (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @par_a(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %j, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !1
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4, !llvm.access.group !1
  %j = add i64 %i, 1
  %c = icmp eq i64 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !2
done:
  ret void
}

define void @par_b(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %j, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !11
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4, !llvm.access.group !11
  %j = add i64 %i, 1
  %c = icmp eq i64 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !12
done:
  ret void
}

define void @par_other(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %j, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !21
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4, !llvm.access.group !21
  %j = add i64 %i, 1
  %c = icmp eq i64 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !23
done:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!11 = distinct !{}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!21 = distinct !{}
!22 = distinct !{}
!23 = distinct !{!23, !24}
!24 = !{!"llvm.loop.parallel_accesses", !22}
