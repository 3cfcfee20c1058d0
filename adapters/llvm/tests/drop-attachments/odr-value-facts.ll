; Two linkonce_odr functions (neither may call the other: both become thunks of a new
; private body) that differ in value facts of loads: !range, !nonnull, !noundef, !align.
; The private body has none of those the two do not share: @f's !noundef on %n stays
; (both have it), the rest goes.
; DEFAULT:
; FLAG: g->f.merged f->f.merged
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define linkonce_odr i32 @f(ptr %p) {
  %n = load i32, ptr %p, align 4, !range !0, !noundef !1
  %q = getelementptr i8, ptr %p, i64 8
  %r = load ptr, ptr %q, align 8, !nonnull !1, !align !2
  %v = load i32, ptr %r, align 4
  %s = add i32 %n, %v
  ret i32 %s
}

define linkonce_odr i32 @g(ptr %p) {
  %n = load i32, ptr %p, align 4, !range !3, !noundef !1
  %q = getelementptr i8, ptr %p, i64 8
  %r = load ptr, ptr %q, align 8
  %v = load i32, ptr %r, align 4
  %s = add i32 %n, %v
  ret i32 %s
}

define i32 @use(ptr %p) {
  %a = call i32 @f(ptr %p)
  %b = call i32 @g(ptr %p)
  %s = add i32 %a, %b
  ret i32 %s
}

!0 = !{i32 0, i32 10}
!1 = !{}
!2 = !{i64 16}
!3 = !{i32 0, i32 1000}
