; RULE: a `naked` function never becomes a thunk: a thunk with its attributes would pass its arguments on, and a naked function may not use its arguments (nor has it a frame to call from)
; OPT22: makes @nk_b a thunk of @nk_a that keeps `naked`; its verifier rejects the module ("cannot use argument of naked function") and opt aborts
; EXPECT: nk_int_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @nk_a(i32 %x) naked {
  call void asm sideeffect "movl %edi, %eax\0Aaddl $$1, %eax\0Aret", ""()
  unreachable
}

define i32 @nk_b(i32 %x) naked {
  call void asm sideeffect "movl %edi, %eax\0Aaddl $$1, %eax\0Aret", ""()
  unreachable
}

define internal i32 @nk_int_a(i32 %x) unnamed_addr naked {
  call void asm sideeffect "movl %edi, %eax\0Aaddl $$2, %eax\0Aret", ""()
  unreachable
}

define internal i32 @nk_int_b(i32 %x) unnamed_addr naked {
  call void asm sideeffect "movl %edi, %eax\0Aaddl $$2, %eax\0Aret", ""()
  unreachable
}

define i32 @user(i32 %x) {
  %a = call i32 @nk_b(i32 %x)
  %b = call i32 @nk_int_a(i32 %a)
  %c = call i32 @nk_int_b(i32 %b)
  ret i32 %c
}
