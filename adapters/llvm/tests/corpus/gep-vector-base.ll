; RULE: the GEP offset is folded as LLVM's comparator folds it (accumulateConstantOffset in the index width of the base's address space): vector bases with scalar constant indices fold too, and indices wrap to the index width
; OPT22: @vec_i8 thunk to @vec_i32 (both 4 bytes over a vector base); @vec_splat (a vector index does not fold) stays; @narrow_wrap thunk to @narrow_4 (2^32+4 wraps to 4 in the 32-bit index width of addrspace 270); @wide_4g stays
; EXPECT: vec_i8=thunk->vec_i32 narrow_wrap=thunk->narrow_4
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define <2 x ptr> @vec_i8(<2 x ptr> %v) {
  %g = getelementptr i8, <2 x ptr> %v, i64 4
  ret <2 x ptr> %g
}

define <2 x ptr> @vec_i32(<2 x ptr> %v) {
  %g = getelementptr i32, <2 x ptr> %v, i64 1
  ret <2 x ptr> %g
}

define <2 x ptr> @vec_splat(<2 x ptr> %v) {
  %g = getelementptr i16, <2 x ptr> %v, <2 x i64> <i64 2, i64 2>
  ret <2 x ptr> %g
}

define ptr addrspace(270) @narrow_4(ptr addrspace(270) %p) {
  %g = getelementptr i8, ptr addrspace(270) %p, i64 4
  ret ptr addrspace(270) %g
}

define ptr addrspace(270) @narrow_wrap(ptr addrspace(270) %p) {
  %g = getelementptr i8, ptr addrspace(270) %p, i64 4294967300
  ret ptr addrspace(270) %g
}

define ptr @wide_4g(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 4294967300
  ret ptr %g
}

define i32 @main() {
  %buf = alloca [8 x i32], align 16
  %b1 = getelementptr i32, ptr %buf, i64 1
  %v0 = insertelement <2 x ptr> poison, ptr %buf, i32 0
  %v = insertelement <2 x ptr> %v0, ptr %b1, i32 1
  %r1 = call <2 x ptr> @vec_i8(<2 x ptr> %v)
  %r2 = call <2 x ptr> @vec_i32(<2 x ptr> %v)
  %r3 = call <2 x ptr> @vec_splat(<2 x ptr> %v)
  %a = extractelement <2 x ptr> %r1, i32 1
  %b = extractelement <2 x ptr> %r2, i32 1
  %c = extractelement <2 x ptr> %r3, i32 0
  %ai = ptrtoint ptr %a to i64
  %bi = ptrtoint ptr %b to i64
  %ci = ptrtoint ptr %c to i64
  %base = ptrtoint ptr %buf to i64
  %d1 = sub i64 %ai, %base
  %d2 = sub i64 %bi, %base
  %d3 = sub i64 %ci, %base
  %s12 = add i64 %d1, %d2
  %s = add i64 %s12, %d3
  %t = trunc i64 %s to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  %w = call ptr @wide_4g(ptr %buf)
  %wi = ptrtoint ptr %w to i64
  %wd = sub i64 %wi, %base
  %wt = trunc i64 %wd to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %wt)
  ret i32 0
}
