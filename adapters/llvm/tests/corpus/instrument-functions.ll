; RULE: clang's -finstrument-functions passes every function's own address to __cyg_profile_func_enter/exit, a self reference used as a value; LLVM 22 equates it with the other function's own address (llvm#213206), so two instrumented twins merge and the hooks then report the survivor for the folded one
; OPT22: @twin_b thunk to @twin_a, so the hooks see @twin_a's address when @twin_b runs and @main prints "0 7" instead of "1 7"; our CLI keeps @twin_b (documented deviation in differential.rs)
; EXPECT: twin_b=thunk->twin_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; the IR clang -O2 -finstrument-functions writes for two equal functions (the hooks
; here record the last function entered; a program's would print a call trace)
@last = internal global ptr null
@table = global [2 x ptr] [ptr @twin_a, ptr @twin_b]
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)
declare ptr @llvm.returnaddress(i32 immarg)

define void @__cyg_profile_func_enter(ptr %fn, ptr %site) {
  store ptr %fn, ptr @last
  ret void
}

define void @__cyg_profile_func_exit(ptr %fn, ptr %site) {
  ret void
}

define i32 @twin_a(i32 %x) {
  %ra = tail call ptr @llvm.returnaddress(i32 0)
  tail call void @__cyg_profile_func_enter(ptr nonnull @twin_a, ptr %ra)
  %m = mul nsw i32 %x, 3
  %r = add nsw i32 %m, 1
  tail call void @__cyg_profile_func_exit(ptr nonnull @twin_a, ptr %ra)
  ret i32 %r
}

define i32 @twin_b(i32 %x) {
  %ra = tail call ptr @llvm.returnaddress(i32 0)
  tail call void @__cyg_profile_func_enter(ptr nonnull @twin_b, ptr %ra)
  %m = mul nsw i32 %x, 3
  %r = add nsw i32 %m, 1
  tail call void @__cyg_profile_func_exit(ptr nonnull @twin_b, ptr %ra)
  ret i32 %r
}

define i32 @main() {
  %p = load volatile ptr, ptr getelementptr ([2 x ptr], ptr @table, i64 0, i64 1)
  %v = call i32 %p(i32 2)
  %l = load ptr, ptr @last
  %s = icmp eq ptr %l, @twin_b
  %z = zext i1 %s to i32
  %c = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %z, i32 %v)
  ret i32 0
}
