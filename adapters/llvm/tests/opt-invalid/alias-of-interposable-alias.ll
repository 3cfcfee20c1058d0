; RULE: no alias may name an interposable alias, so a weak or linkonce function that an alias names (directly or through a constant expression) never becomes an alias itself: it becomes a thunk; a strong one still does
; RUN-OPTS: --use-aliases
; OPT22: makes @w (weak, named by @w_alias) and @l (linkonce, named by @l_gep through a getelementptr) aliases of @a; its verifier rejects the module ("Alias cannot point to an interposable alias") and opt aborts
; EXPECT: b=erased w=thunk->a l=thunk->a o=erased s=alias->a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define internal i32 @b(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define weak i32 @w(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define linkonce i32 @l(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define linkonce_odr i32 @o(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

define i32 @s(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}

@b_alias = internal alias i32 (i32), ptr @b
@b_chain = alias i32 (i32), ptr @b_alias
@w_alias = weak alias i32 (i32), ptr @w
@l_gep = alias i8, getelementptr (i8, ptr @l, i64 0)
@o_alias = alias i32 (i32), ptr @o
@s_alias = alias i32 (i32), ptr @s

define i32 @user(i32 %x) {
  %r1 = call i32 @b_chain(i32 %x)
  %r2 = call i32 @w_alias(i32 %r1)
  %r3 = call i32 @o_alias(i32 %r2)
  %r4 = call i32 @s_alias(i32 %r3)
  %p = load i8, ptr @l_gep
  ret i32 %r4
}
