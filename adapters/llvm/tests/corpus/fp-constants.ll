; RULE: FP constants compare semantics then raw bits: 0.0 vs -0.0 differ, NaN payloads differ, float vs double differ; equal bit patterns merge (hex and decimal spellings)
; OPT22: @fp_hex thunk to @fp_dec; @fp_negzero, @fp_nan1/@fp_nan2 stay; @fp_zero stays (vs -0.0)
; EXPECT: fp_hex=thunk->fp_dec
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @fp_dec(double %x) {
  %a = fmul double %x, 1.5
  %b = fadd double %a, 2.5
  ret double %b
}

define double @fp_hex(double %x) {
  %a = fmul double %x, 0x3FF8000000000000
  %b = fadd double %a, 0x4004000000000000
  ret double %b
}

define double @fp_zero(double %x) {
  %a = fmul double %x, 1.5
  %b = fadd double %a, 0.0
  ret double %b
}

define double @fp_negzero(double %x) {
  %a = fmul double %x, 1.5
  %b = fadd double %a, -0.0
  ret double %b
}

define double @fp_nan1(double %x) {
  %a = fmul double %x, 1.5
  %b = fadd double %a, 0x7FF8000000000001
  ret double %b
}

define double @fp_nan2(double %x) {
  %a = fmul double %x, 1.5
  %b = fadd double %a, 0x7FF8000000000002
  ret double %b
}
