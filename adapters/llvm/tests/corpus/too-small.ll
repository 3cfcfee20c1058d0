; RULE: too-small rule: a single block with fewer than 2 non-debug instructions cannot get a thunk; one real instruction + ret can. Erasing needs no thunk.
; OPT22: @void_b keeps its body (ret-only, external: no thunk) but its direct caller moves to @void_a; @one_b thunk to @one_a; @tiny_int_b (internal, only direct callers) erased
; EXPECT: one_b=thunk->one_a tiny_int_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@g = global i32 0

define void @void_a() {
  ret void
}

define void @void_b() {
  ret void
}

define i32 @one_a(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define i32 @one_b(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define internal i32 @tiny_int_a() {
  ret i32 7
}

define internal i32 @tiny_int_b() {
  ret i32 7
}

define i32 @main() {
  call void @void_a()
  call void @void_b()
  %a = call i32 @one_a(i32 1)
  %b = call i32 @one_b(i32 2)
  %c = call i32 @tiny_int_a()
  %d = call i32 @tiny_int_b()
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
