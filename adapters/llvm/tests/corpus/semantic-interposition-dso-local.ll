; RULE: with the SemanticInterposition module flag, a symbol is interposable unless it is dso_local (explicitly, or implied by hidden/protected visibility), as in GlobalValue::isInterposable; interposable externals get a private body, dso_local ones a plain thunk and their callers move
; OPT22: @pre_b and @pre_a (preemptible) thunks to a new private body; @hid_b thunk to @hid_a and its call moves; @loc_b thunk to @loc_a (dso_local); @prot_b thunk to @prot_a; @odr_b (weak_odr, preemptible) thunk to a new private body with @odr_a
; EXPECT: hid_b=thunk->hid_a loc_b=thunk->loc_a odr_a=thunk->new{odr_a,odr_b} odr_b=thunk->new{odr_a,odr_b} pre_a=thunk->new{pre_a,pre_b} pre_b=thunk->new{pre_a,pre_b} prot_b=thunk->prot_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @pre_a(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  ret i32 %b
}

define i32 @pre_b(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  ret i32 %b
}

define hidden i32 @hid_a(i32 %x) {
  %a = add i32 %x, 2
  %b = mul i32 %a, 3
  ret i32 %b
}

define hidden i32 @hid_b(i32 %x) {
  %a = add i32 %x, 2
  %b = mul i32 %a, 3
  ret i32 %b
}

define dso_local i32 @loc_a(i32 %x) {
  %a = add i32 %x, 3
  %b = mul i32 %a, 3
  ret i32 %b
}

define dso_local i32 @loc_b(i32 %x) {
  %a = add i32 %x, 3
  %b = mul i32 %a, 3
  ret i32 %b
}

define protected i32 @prot_a(i32 %x) {
  %a = add i32 %x, 4
  %b = mul i32 %a, 3
  ret i32 %b
}

define protected i32 @prot_b(i32 %x) {
  %a = add i32 %x, 4
  %b = mul i32 %a, 3
  ret i32 %b
}

define weak_odr i32 @odr_a(i32 %x) {
  %a = add i32 %x, 5
  %b = mul i32 %a, 3
  ret i32 %b
}

define weak_odr i32 @odr_b(i32 %x) {
  %a = add i32 %x, 5
  %b = mul i32 %a, 3
  ret i32 %b
}

define i32 @main() {
  %r1 = call i32 @pre_b(i32 1)
  %r2 = call i32 @hid_b(i32 %r1)
  %r3 = call i32 @loc_b(i32 %r2)
  %r4 = call i32 @prot_b(i32 %r3)
  %r5 = call i32 @odr_b(i32 %r4)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r5)
  ret i32 0
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", i32 1}
