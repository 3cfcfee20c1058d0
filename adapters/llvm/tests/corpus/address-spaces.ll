; RULE: only address space 0 is coerced to an integer: ptr vs ptr addrspace(1) and i64 vs ptr addrspace(1) differ even with equal sizes; two addrspace(1) copies merge
; OPT22: @as1_b thunk to @as1_a; @i64_store thunk to @as0_store (AS0 coercion); @as1_store (AS1) and @as0 stay separate
; EXPECT: as1_b=thunk->as1_a i64_store=thunk->as0_store
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i64 @as0(ptr %p) {
  %v = load i64, ptr %p, align 8
  %w = mul i64 %v, 3
  ret i64 %w
}

define i64 @as1_a(ptr addrspace(1) %p) {
  %v = load i64, ptr addrspace(1) %p, align 8
  %w = mul i64 %v, 3
  ret i64 %w
}

define i64 @as1_b(ptr addrspace(1) %p) {
  %v = load i64, ptr addrspace(1) %p, align 8
  %w = mul i64 %v, 3
  ret i64 %w
}

define i64 @int64(i64 %x, ptr addrspace(1) %q) {
  store i64 %x, ptr addrspace(1) %q, align 8
  ret i64 %x
}

define i64 @as1_store(ptr addrspace(1) %x, ptr addrspace(1) %q) {
  store ptr addrspace(1) %x, ptr addrspace(1) %q, align 8
  ret i64 0
}

define i64 @as0_store(ptr %x, ptr addrspace(1) %q) {
  store ptr %x, ptr addrspace(1) %q, align 8
  ret i64 0
}

define i64 @i64_store(i64 %x, ptr addrspace(1) %q) {
  store i64 %x, ptr addrspace(1) %q, align 8
  ret i64 0
}
