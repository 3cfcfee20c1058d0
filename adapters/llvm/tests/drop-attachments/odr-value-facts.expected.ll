target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define private i32 @f.merged(ptr %p) {
  %n = load i32, ptr %p, align 4, !noundef !0
  %q = getelementptr i8, ptr %p, i64 8
  %r = load ptr, ptr %q, align 8
  %v = load i32, ptr %r, align 4
  %s = add i32 %n, %v
  ret i32 %s
}

define i32 @use(ptr %p) {
  %a = call i32 @f.merged(ptr %p)
  %b = call i32 @f.merged(ptr %p)
  %s = add i32 %a, %b
  ret i32 %s
}

!0 = !{}
