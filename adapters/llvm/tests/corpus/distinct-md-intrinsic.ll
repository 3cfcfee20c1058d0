; RULE: eligibility: a function with an intrinsic call taking a *distinct* MDNode operand (CFI llvm.type.test with a function-local type) is never merged; with MDString type ids they merge
; OPT22: @tt_str_b thunk to @tt_str_a; @tt_dist_a/@tt_dist_b stay
; EXPECT: tt_str_b=thunk->tt_str_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @llvm.type.test(ptr, metadata)

define i1 @tt_dist_a(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !0)
  %n = xor i1 %t, true
  ret i1 %n
}

define i1 @tt_dist_b(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !1)
  %n = xor i1 %t, true
  ret i1 %n
}

define i1 @tt_str_a(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A")
  %n = xor i1 %t, true
  ret i1 %n
}

define i1 @tt_str_b(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A")
  %n = xor i1 %t, true
  ret i1 %n
}

define i1 @tt_str_c(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1B")
  %n = xor i1 %t, true
  ret i1 %n
}

!0 = distinct !{}
!1 = distinct !{}
