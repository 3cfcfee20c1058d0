target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop

loop:                                             ; preds = %loop, %entry
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %pb = getelementptr i32, ptr %b, i64 %i
  %v = load i32, ptr %pa, align 4
  store i32 %v, ptr %pb, align 4, !nontemporal !0
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit

exit:                                             ; preds = %loop
  ret void
}

define void @g(ptr %0, ptr %1, i64 %2) !mergefunc.thunk !1 {
  tail call void @f(ptr %0, ptr %1, i64 %2)
  ret void
}

!0 = !{i32 1}
!1 = !{}
