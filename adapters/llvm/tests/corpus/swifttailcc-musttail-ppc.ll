; RULE: on PowerPC (and MIPS) no swifttailcc function becomes a thunk: its call must be musttail, which those code generators turn into a sibling call only when the callee allows one (llc-22: "failed to perform tail call elimination on a call site marked musttail"); merges that need no thunk still happen
; OPT22: @stc_b becomes a musttail thunk to @stc_a (llc-22 then fails on the module); @stc_int_b RAUW'd by @stc_int_a
; EXPECT: stc_b=thunk->stc_a stc_int_b=erased
; TARGET: powerpc64le, whose code generator cannot make every musttail call
target datalayout = "e-m:e-Fn32-i64:64-i128:128-n32:64-S128-v256:256:256-v512:512:512"
target triple = "powerpc64le-unknown-linux-gnu"

@sink = global ptr null

define swifttailcc i64 @stc_a(i64 %x, i64 %y) {
  %s = add i64 %x, %y
  %m = mul i64 %s, %s
  ret i64 %m
}

define swifttailcc i64 @stc_b(i64 %x, i64 %y) {
  %s = add i64 %x, %y
  %m = mul i64 %s, %s
  ret i64 %m
}

define internal swifttailcc i64 @stc_int_a(i64 %x) unnamed_addr {
  %s = xor i64 %x, 7
  %m = mul i64 %s, 3
  ret i64 %m
}

define internal swifttailcc i64 @stc_int_b(i64 %x) unnamed_addr {
  %s = xor i64 %x, 7
  %m = mul i64 %s, 3
  ret i64 %m
}

define void @keep() {
  store ptr @stc_int_a, ptr @sink
  store ptr @stc_int_b, ptr @sink
  ret void
}
