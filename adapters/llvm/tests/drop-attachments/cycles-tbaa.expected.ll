target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @p1(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec

rec:                                              ; preds = %0
  %m = sub i32 %n, 1
  %r = call i32 @q1(i32 %m, ptr %x)
  ret i32 %r

done:                                             ; preds = %0
  ret i32 7
}

define i32 @q1(i32 %n, ptr %x) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec

rec:                                              ; preds = %0
  %m = sub i32 %n, 1
  %r = call i32 @p1(i32 %m, ptr %x)
  ret i32 %r

done:                                             ; preds = %0
  %v = load i32, ptr %x, align 4
  ret i32 %v
}

define i32 @q2(i32 %0, ptr %1) !mergefunc.thunk !0 {
  %3 = tail call i32 @q1(i32 %0, ptr %1)
  ret i32 %3
}

define i32 @p2(i32 %0, ptr %1) !mergefunc.thunk !0 {
  %3 = tail call i32 @p1(i32 %0, ptr %1)
  ret i32 %3
}

!0 = !{}
