target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !0
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @g(ptr %0, ptr %1) !mergefunc.thunk !4 {
  %3 = tail call i32 @f(ptr %0, ptr %1)
  ret i32 %3
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{}
