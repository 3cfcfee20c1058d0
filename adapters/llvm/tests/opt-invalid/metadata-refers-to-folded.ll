; RULE: a folded function that an `!associated` attachment names is not erased when its uses stay (only its calls moved): erasing it would leave the attachment without a global; it becomes a thunk. Other metadata that names it (`!callees`, named metadata, debug info) does not keep it (the operand becomes null, as in LLVM: debug info must not change code). When every use is replaced (unnamed_addr), the metadata follows to the survivor and the function goes.
; OPT22: erases @o (linkonce_odr, unused once its call moved to @a) and leaves `!associated !{null}` on @sec; its verifier rejects the module ("associated metadata must have a global value") and opt aborts
; EXPECT: o=thunk->a j=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(i32 %x) {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define linkonce_odr i32 @o(i32 %x) {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define internal i32 @j(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

@sec = global i32 1, section "sec_o", !associated !0
@sec_j = global i32 2, section "sec_j", !associated !1

define i32 @icall(ptr %f, i32 %x) {
  %r = call i32 %f(i32 %x), !callees !2
  %s = call i32 @o(i32 %r)
  %t = call i32 @j(i32 %s)
  ret i32 %t
}

!0 = !{ptr @o}
!1 = !{ptr @j}
!2 = !{ptr @a, ptr @o, ptr @j}
!named = !{!0, !1}
