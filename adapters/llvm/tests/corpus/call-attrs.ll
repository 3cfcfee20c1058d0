; RULE: calls compare calling convention, call-site attributes (incl. range(...)), tail-call kind and !range metadata; identical calls merge
; OPT22: @c_plain_b thunk to @c_plain; @c_range_b thunk to @c_range; @c_cc, @c_attr, @c_tail, @c_notail, @c_range_other, @c_md stay
; EXPECT: c_plain_b=thunk->c_plain c_range_b=thunk->c_range
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @ext(i32)
declare fastcc i32 @extfast(i32)

define i32 @c_plain(i32 %x) {
  %r = call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_plain_b(i32 %x) {
  %r = call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_cc(i32 %x) {
  %r = call fastcc i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_attr(i32 %x) {
  %r = call i32 @ext(i32 noundef %x) nounwind
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_tail(i32 %x) {
  %r = tail call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_notail(i32 %x) {
  %r = notail call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_range(i32 %x) {
  %r = call range(i32 0, 10) i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_range_b(i32 %x) {
  %r = call range(i32 0, 10) i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_range_other(i32 %x) {
  %r = call range(i32 0, 11) i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @c_md(i32 %x) {
  %r = call i32 @ext(i32 %x), !range !0
  %s = add i32 %r, 1
  ret i32 %s
}

!0 = !{i32 0, i32 10}
