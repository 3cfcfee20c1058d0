target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(ptr %p, ptr %q) {
  %x = load i32, ptr %q, align 4
  %y = load i32, ptr %p, align 4
  %z = load i32, ptr %p, align 4, !tbaa !0, !range !4
  store i32 %x, ptr %p, align 4, !tbaa !0
  %s = add i32 %y, %z
  ret i32 %s
}

define i32 @b(ptr %0, ptr %1) !mergefunc.thunk !5 {
  %3 = tail call i32 @a(ptr %0, ptr %1)
  ret i32 %3
}

define i32 @c(ptr %0, ptr %1) !mergefunc.thunk !5 {
  %3 = tail call i32 @a(ptr %0, ptr %1)
  ret i32 %3
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{i32 0, i32 100}
!5 = !{}
