; RULE: a function whose frame llvm.localrecover reads (its llvm.localescape allocations) keeps its body under its symbol: it never becomes a thunk or an alias, and its body never moves to a private copy; replacing all its uses by an equal function (which escapes the same allocations) still happens
; OPT22: makes @pb a thunk of @pa, and splits the weak pair @wa/@wb into a private body with two thunks; @filter_b then recovers from @pb (and @filter_w from @wa), which escape nothing: its verifier rejects the module ("all indices passed to llvm.localrecover must be less than the number of arguments passed to llvm.localescape") and opt aborts
; EXPECT: qa=erased qb=erased wb=thunk->pa
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare void @llvm.localescape(...)
declare ptr @llvm.localrecover(ptr, ptr, i32)
declare ptr @llvm.frameaddress.p0(i32)
declare void @use(ptr)
define i32 @pa(i32 %x) {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define i32 @pb(i32 %x) {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define i32 @filter_b(ptr %fp) {
  %p = call ptr @llvm.localrecover(ptr @pb, ptr %fp, i32 0)
  %v = load i32, ptr %p
  ret i32 %v
}
define internal i32 @qa(i32 %x) unnamed_addr {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define internal i32 @qb(i32 %x) unnamed_addr {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define i32 @filter_q(ptr %fp) {
  %p = call ptr @llvm.localrecover(ptr @qb, ptr %fp, i32 0)
  %v = load i32, ptr %p
  %r = call i32 @qa(i32 %v)
  ret i32 %r
}
define weak i32 @wa(i32 %x) {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define weak i32 @wb(i32 %x) {
  %slot = alloca i32
  call void (...) @llvm.localescape(ptr %slot)
  store i32 %x, ptr %slot
  call void @use(ptr %slot)
  %v = load i32, ptr %slot
  ret i32 %v
}
define i32 @filter_w(ptr %fp) {
  %p = call ptr @llvm.localrecover(ptr @wa, ptr %fp, i32 0)
  %v = load i32, ptr %p
  ret i32 %v
}
