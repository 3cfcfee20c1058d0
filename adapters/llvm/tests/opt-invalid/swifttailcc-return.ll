; RULE: a thunk between swifttailcc functions must musttail-call, and a musttail call returns the callee's result unchanged: swifttailcc functions whose return types differ (ptr vs i64, equal only under the pointer/integer rule) never merge; differing parameter types are fine (the thunk casts them)
; OPT22: makes @sr_b a musttail thunk of @sr_a returning a ptr from an i64 function; its verifier rejects the module ("cannot guarantee tail call due to mismatched return types") and opt aborts
; EXPECT: st_b=thunk->st_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@slot = global i64 0

define swifttailcc void @st_a(i64 %x) {
  store i64 %x, ptr @slot
  store i64 %x, ptr @slot
  ret void
}

define swifttailcc void @st_b(ptr %x) {
  store ptr %x, ptr @slot
  store ptr %x, ptr @slot
  ret void
}

define swifttailcc ptr @sr_a(ptr %x) {
  store ptr %x, ptr @slot
  ret ptr %x
}

define swifttailcc i64 @sr_b(i64 %x) {
  store i64 %x, ptr @slot
  ret i64 %x
}
