; RULE: equal functions in two address spaces: direct calls move across address spaces (a call names a callee of any address space) and the folded one becomes a thunk; a function whose address is stored keeps that use
; OPT22: @b_as0 (external, address stored in @ptr_b) thunk to @a_as1 (AS1), @main's call moves to @a_as1; @c_local (internal unnamed_addr, only called) is replaced (RAUW of calls only) and erased
; EXPECT: b_as0=thunk->a_as1 c_local=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
@ptr_b = global ptr @b_as0
declare i32 @printf(ptr, ...)

define i32 @a_as1(i32 %x) addrspace(1) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  ret i32 %b
}

define i32 @b_as0(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  ret i32 %b
}

define internal i32 @c_local(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  ret i32 %b
}

define i32 @main() {
  %r = call i32 @b_as0(i32 4)
  %s = call i32 @c_local(i32 %r)
  %fp = load ptr, ptr @ptr_b, align 8
  %t = call i32 %fp(i32 %s)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
