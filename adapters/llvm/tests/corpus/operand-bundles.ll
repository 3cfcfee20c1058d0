; RULE: operand bundles (clang.arc.attachedcall, assume bundles align/nonnull/dereferenceable/cold/ignore) are compared by tag and operands
; OPT22: nothing merges
; EXPECT: 
; TARGET: an Apple arm64 module (ARC bundles)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "arm64-apple-macosx11.0.0"
declare ptr @foo()
declare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)
declare ptr @llvm.objc.unsafeClaimAutoreleasedReturnValue(ptr)
declare void @llvm.assume(i1)
define ptr @arc_a() {
  %r = call ptr @foo() [ "clang.arc.attachedcall"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]
  call void (...) @llvm.objc.clang.arc.noop.use(ptr %r)
  ret ptr %r
}
define ptr @arc_b() {
  %r = call ptr @foo() [ "clang.arc.attachedcall"(ptr @llvm.objc.unsafeClaimAutoreleasedReturnValue) ]
  call void (...) @llvm.objc.clang.arc.noop.use(ptr %r)
  ret ptr %r
}
define ptr @arc_c() {
  %r = call ptr @foo()
  call void (...) @llvm.objc.clang.arc.noop.use(ptr %r)
  ret ptr %r
}
declare void @llvm.objc.clang.arc.noop.use(...)
define void @as_a(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16) ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
define void @as_b(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 8) ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
define void @as_c(ptr %p) {
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %p, i64 16) ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
define void @as_d(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p) ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
define void @cold_a(ptr %p) {
  call void @llvm.assume(i1 true) [ "cold"() ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
define void @cold_b(ptr %p) {
  call void @llvm.assume(i1 true) [ "ignore"() ]
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %p) ]
  ret void
}
