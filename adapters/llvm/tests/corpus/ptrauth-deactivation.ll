; RULE: a `ptrauth` constant is compared with all five operands: pointer, key, discriminator, address discriminator and (LLVM 22) deactivation symbol; a pointer signed unless @pfp_off is defined is not the pointer signed always
; OPT22: all five merge into @sign_deact (the deactivation symbol is not compared), so @sign_plain's callers get a pointer whose signing a definition of @pfp_off turns off, and @sign_deact_other's one that @pfp_off2 no longer turns off; ours: @sign_plain_b thunk to @sign_plain, @sign_deact_b thunk to @sign_deact
; EXPECT: sign_plain=thunk->sign_deact sign_plain_b=thunk->sign_deact sign_deact_b=thunk->sign_deact sign_deact_other=thunk->sign_deact
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@pfp_off = extern_weak global i8
@pfp_off2 = extern_weak global i8

declare void @target()
declare void @store_fn(ptr)

define void @sign_plain() {
  call void @store_fn(ptr ptrauth (ptr @target, i32 2, i64 1234))
  call void @store_fn(ptr null)
  ret void
}

define void @sign_plain_b() {
  call void @store_fn(ptr ptrauth (ptr @target, i32 2, i64 1234))
  call void @store_fn(ptr null)
  ret void
}

define void @sign_deact() {
  call void @store_fn(ptr ptrauth (ptr @target, i32 2, i64 1234, ptr null, ptr @pfp_off))
  call void @store_fn(ptr null)
  ret void
}

define void @sign_deact_b() {
  call void @store_fn(ptr ptrauth (ptr @target, i32 2, i64 1234, ptr null, ptr @pfp_off))
  call void @store_fn(ptr null)
  ret void
}

define void @sign_deact_other() {
  call void @store_fn(ptr ptrauth (ptr @target, i32 2, i64 1234, ptr null, ptr @pfp_off2))
  call void @store_fn(ptr null)
  ret void
}
