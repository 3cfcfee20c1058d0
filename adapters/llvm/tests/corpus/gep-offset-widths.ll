; RULE: constant GEP offsets are taken at the index width of the address space and sign-extended or truncated to it: byte steps (`gep i8`) and wider strides that reach the same offset are equal, also below zero and in an address space with 32-bit indices
; OPT22: @neg_i8 and @wide_i8 thunk to @neg_i32; @as_i8 thunks to @as_i32; @neg_9 and @as_9 stay
; EXPECT: neg_i8=thunk->neg_i32 wide_i8=thunk->neg_i32 as_i8=thunk->as_i32
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @neg_i8(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 -4
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @neg_i32(ptr %p) {
  %g = getelementptr i32, ptr %p, i64 -1
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @wide_i8(ptr %p) {
  %g = getelementptr i8, ptr %p, i128 -4
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @neg_9(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 -9
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @as_i8(ptr addrspace(270) %p) {
  %g = getelementptr i8, ptr addrspace(270) %p, i64 -8
  %v = load i32, ptr addrspace(270) %g, align 4
  ret i32 %v
}

define i32 @as_i32(ptr addrspace(270) %p) {
  %g = getelementptr [2 x i32], ptr addrspace(270) %p, i32 -1
  %v = load i32, ptr addrspace(270) %g, align 4
  ret i32 %v
}

define i32 @as_9(ptr addrspace(270) %p) {
  %g = getelementptr i8, ptr addrspace(270) %p, i64 -9
  %v = load i32, ptr addrspace(270) %g, align 4
  ret i32 %v
}

define i32 @main() {
  %buf = alloca [4 x i32], align 16
  store i32 10, ptr %buf
  %e1 = getelementptr i32, ptr %buf, i64 1
  store i32 20, ptr %e1
  %e2 = getelementptr i32, ptr %buf, i64 2
  store i32 30, ptr %e2
  %e3 = getelementptr i32, ptr %buf, i64 3
  store i32 40, ptr %e3
  %a = call i32 @neg_i8(ptr %e2)
  %b = call i32 @neg_i32(ptr %e2)
  %c = call i32 @wide_i8(ptr %e3)
  %d = call i32 @neg_9(ptr %e3)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
