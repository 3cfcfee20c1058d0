; RULE: undef compares by type only (i64 undef == ptr undef in AS0), never equal to a concrete constant; null vs null of coerced types merge; poison differs from undef; 1 vs null differ
; OPT22: @undef_ptr thunk to @undef_i64; @null_ptr thunk to @null_i64 (name order); @undef_zero, @poison_i64 and @one_i64 stay
; EXPECT: null_ptr=thunk->null_i64 undef_ptr=thunk->undef_i64
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i64 @undef_i64(i1 %c, i64 %x) {
  br i1 %c, label %t, label %f
t:
  ret i64 undef
f:
  ret i64 %x
}

define ptr @undef_ptr(i1 %c, ptr %x) {
  br i1 %c, label %t, label %f
t:
  ret ptr undef
f:
  ret ptr %x
}

define i64 @undef_zero(i1 %c, i64 %x) {
  br i1 %c, label %t, label %f
t:
  ret i64 0
f:
  ret i64 %x
}

define i64 @poison_i64(i1 %c, i64 %x) {
  br i1 %c, label %t, label %f
t:
  ret i64 poison
f:
  ret i64 %x
}

define ptr @null_ptr(i1 %c) {
  br i1 %c, label %t, label %f
t:
  ret ptr null
f:
  ret ptr null
}

define i64 @null_i64(i1 %c) {
  br i1 %c, label %t, label %f
t:
  ret i64 0
f:
  ret i64 0
}

define i64 @one_i64(i1 %c) {
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
