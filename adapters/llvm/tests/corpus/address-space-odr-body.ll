; RULE: two interposable/ODR functions in a non-program address space: the new private body goes into their address space (LLVM's Function::Create with F's address space)
; OPT22: new private body in addrspace(1); @a_weak (weak, survivor) thunk to it; @b_odr (linkonce_odr) erased after its call moves to the body
; EXPECT: a_weak=thunk->new{a_weak,b_odr} b_odr=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @a_weak(i32 %x) addrspace(1) {
  %a = add i32 %x, 7
  %b = mul i32 %a, 5
  ret i32 %b
}

define linkonce_odr i32 @b_odr(i32 %x) addrspace(1) {
  %a = add i32 %x, 7
  %b = mul i32 %a, 5
  ret i32 %b
}

define i32 @main() {
  %r = call addrspace(1) i32 @a_weak(i32 2)
  %s = call addrspace(1) i32 @b_odr(i32 %r)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
