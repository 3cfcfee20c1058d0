; RULE: constant expressions compare opcode, operands (as constants), GEP source type/flags; equal expressions merge; different GEP offsets, ptrtoint vs plain constant, different globals differ
; OPT22: @ce_b thunk to @ce_a; @ce_c (other offset), @ce_d (other global), @ce_e (sub vs add) stay
; EXPECT: ce_b=thunk->ce_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tab = global [8 x i32] zeroinitializer
@tab2 = global [8 x i32] zeroinitializer

define i64 @ce_a(i64 %x) {
  %r = add i64 %x, ptrtoint (ptr getelementptr inbounds ([8 x i32], ptr @tab, i64 0, i64 2) to i64)
  store i64 %r, ptr @tab
  ret i64 %r
}

define i64 @ce_b(i64 %x) {
  %r = add i64 %x, ptrtoint (ptr getelementptr inbounds ([8 x i32], ptr @tab, i64 0, i64 2) to i64)
  store i64 %r, ptr @tab
  ret i64 %r
}

define i64 @ce_c(i64 %x) {
  %r = add i64 %x, ptrtoint (ptr getelementptr inbounds ([8 x i32], ptr @tab, i64 0, i64 3) to i64)
  store i64 %r, ptr @tab
  ret i64 %r
}

define i64 @ce_d(i64 %x) {
  %r = add i64 %x, ptrtoint (ptr getelementptr inbounds ([8 x i32], ptr @tab2, i64 0, i64 2) to i64)
  store i64 %r, ptr @tab
  ret i64 %r
}

define i64 @ce_e(i64 %x) {
  %r = add i64 %x, sub (i64 ptrtoint (ptr @tab2 to i64), i64 ptrtoint (ptr @tab to i64))
  store i64 %r, ptr @tab
  ret i64 %r
}

define i64 @ce_f(i64 %x) {
  %r = add i64 %x, add (i64 ptrtoint (ptr @tab2 to i64), i64 ptrtoint (ptr @tab to i64))
  store i64 %r, ptr @tab
  ret i64 %r
}
