; RULE: inline asm compares its `unwind` flag (LLVM 22 does not): an asm that may unwind keeps its invoke's unwind edge, one that may not is nounwind, so optimizers turn its invoke into a call and drop the landing pad
; OPT22: @asm_unwind thunk to @asm_nounwind; after `opt-22 -O2` the survivor's asm is a nounwind call and the landing pad that ran @cleanup is gone, so an exception thrown through the asm no longer runs it
; EXPECT: asm_unwind=thunk->asm_nounwind
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare i32 @__gxx_personality_v0(...)
declare void @cleanup()

define void @asm_unwind() personality ptr @__gxx_personality_v0 {
entry:
  invoke void asm sideeffect unwind "call may_throw", "~{dirflag},~{fpsr},~{flags}"()
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  call void @cleanup()
  resume { ptr, i32 } %l
}

define void @asm_nounwind() personality ptr @__gxx_personality_v0 {
entry:
  invoke void asm sideeffect "call may_throw", "~{dirflag},~{fpsr},~{flags}"()
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  call void @cleanup()
  resume { ptr, i32 } %l
}
