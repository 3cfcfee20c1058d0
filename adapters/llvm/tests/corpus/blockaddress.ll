; RULE: block addresses of the compared functions are matched by CFG role (serial numbers), not layout; swapped label values differ; addresses into a third function compare by block position
; OPT22: @ba_b (same roles, different layout) thunk to @ba_a; @ba_swapped stays; @other_b thunk to @other_a; @other_c (different block of @target) stays
; EXPECT: ba_b=thunk->ba_a other_b=thunk->other_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @ba_a(i1 %c) {
entry:
  %p = select i1 %c, ptr blockaddress(@ba_a, %one), ptr blockaddress(@ba_a, %two)
  indirectbr ptr %p, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define i32 @ba_b(i1 %c) {
entry:
  %p = select i1 %c, ptr blockaddress(@ba_b, %one), ptr blockaddress(@ba_b, %two)
  indirectbr ptr %p, [label %one, label %two]
two:
  ret i32 2
one:
  ret i32 1
}

define i32 @ba_swapped(i1 %c) {
entry:
  %p = select i1 %c, ptr blockaddress(@ba_swapped, %two), ptr blockaddress(@ba_swapped, %one)
  indirectbr ptr %p, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define i32 @target(i32 %x) {
entry:
  br label %l1
l1:
  %y = add i32 %x, 1
  br label %l2
l2:
  ret i32 %y
}

define ptr @other_a(ptr %out) {
  store ptr blockaddress(@target, %l1), ptr %out
  ret ptr blockaddress(@target, %l1)
}

define ptr @other_b(ptr %out) {
  store ptr blockaddress(@target, %l1), ptr %out
  ret ptr blockaddress(@target, %l1)
}

define ptr @other_c(ptr %out) {
  store ptr blockaddress(@target, %l2), ptr %out
  ret ptr blockaddress(@target, %l2)
}

define i32 @main() {
  %a = call i32 @ba_a(i1 true)
  %b = call i32 @ba_b(i1 false)
  %c = call i32 @ba_swapped(i1 true)
  %t = call i32 @target(i32 1)
  %s1 = mul i32 %a, 100
  %s2 = mul i32 %b, 10
  %s3 = add i32 %s1, %s2
  %s4 = add i32 %s3, %c
  %s = add i32 %s4, %t
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
