; RULE: alloca compares allocated type and alignment; icmp/fcmp compare their predicates; equal ones merge
; OPT22: @al_b thunk to @al_a; @al_align, @al_type stay; @cmp_b thunk to @cmp_a; @cmp_pred (slt vs sle) and @fcmp_pred stay (vs @fcmp_a)
; EXPECT: al_b=thunk->al_a cmp_b=thunk->cmp_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @sink(ptr)

define void @al_a(i32 %x) {
  %p = alloca i64, align 8
  store i32 %x, ptr %p
  call void @sink(ptr %p)
  ret void
}

define void @al_b(i32 %x) {
  %p = alloca i64, align 8
  store i32 %x, ptr %p
  call void @sink(ptr %p)
  ret void
}

define void @al_align(i32 %x) {
  %p = alloca i64, align 16
  store i32 %x, ptr %p
  call void @sink(ptr %p)
  ret void
}

define void @al_type(i32 %x) {
  %p = alloca [2 x i32], align 8
  store i32 %x, ptr %p
  call void @sink(ptr %p)
  ret void
}

define i1 @cmp_a(i32 %x, i32 %y) {
  %c = icmp slt i32 %x, %y
  %n = xor i1 %c, true
  ret i1 %n
}

define i1 @cmp_b(i32 %x, i32 %y) {
  %c = icmp slt i32 %x, %y
  %n = xor i1 %c, true
  ret i1 %n
}

define i1 @cmp_pred(i32 %x, i32 %y) {
  %c = icmp sle i32 %x, %y
  %n = xor i1 %c, true
  ret i1 %n
}

define i1 @fcmp_a(double %x, double %y) {
  %c = fcmp olt double %x, %y
  %n = xor i1 %c, true
  ret i1 %n
}

define i1 @fcmp_pred(double %x, double %y) {
  %c = fcmp ult double %x, %y
  %n = xor i1 %c, true
  ret i1 %n
}
