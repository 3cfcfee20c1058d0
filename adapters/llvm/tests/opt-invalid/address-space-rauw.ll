; RULE: a folded function whose uses are not all calls is not replaced by a survivor in another address space (its stored address would change type); its direct calls move and it becomes a thunk
; OPT22: replaces every use of @b (address space 0) with @a (address space 1), including the initializer of @t; its verifier rejects the module ("Global variable initializer type does not match global variable type") and opt aborts
; EXPECT: b=thunk->a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(i32 %x) addrspace(1) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 7
  ret i32 %z
}

define internal i32 @b(i32 %x) unnamed_addr {
  %y = add i32 %x, 1
  %z = mul i32 %y, 7
  ret i32 %z
}

define i32 @user(i32 %x) {
  %r = call i32 @b(i32 %x)
  ret i32 %r
}

@t = global ptr @b
