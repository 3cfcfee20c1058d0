; RULE: folded functions named by llvm.global_ctors (as constructor and as its data), by llvm.used through an alias (the alias is not the function: RAUW), by llvm.compiler.used (a thunk), by an alias with a zero offset and by an alias chain follow the merge
; OPT22: @ctor_b and @u_b RAUW'd by @ctor_a and @u_a; @ctor_c and @cu_b thunks to @ctor_a and @cu_a; @o_b (external) thunk to @o_a, the aliases name @o_a
; EXPECT: ctor_b=erased ctor_c=thunk->ctor_a cu_b=thunk->cu_a o_b=thunk->o_a u_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)
@cnt = global i32 0
@data = global ptr null

@llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 100, ptr @ctor_a, ptr null },
  { i32, ptr, ptr } { i32 101, ptr @ctor_b, ptr @ctor_b },
  { i32, ptr, ptr } { i32 102, ptr @ctor_c, ptr @data }]
@llvm.used = appending global [1 x ptr] [ptr @u_alias], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @cu_b], section "llvm.metadata"

@u_alias = alias i32 (i32), ptr @u_b
@off_alias = alias i8, getelementptr (i8, ptr @o_b, i64 0)
@chain1 = internal alias i32 (i32), ptr @o_b
@chain2 = alias i32 (i32), ptr @chain1

define internal void @ctor_a() unnamed_addr {
  %v = load i32, ptr @cnt
  %w = add i32 %v, 1
  store i32 %w, ptr @cnt
  ret void
}
define internal void @ctor_b() unnamed_addr {
  %v = load i32, ptr @cnt
  %w = add i32 %v, 1
  store i32 %w, ptr @cnt
  ret void
}
define internal void @ctor_c() {
  %v = load i32, ptr @cnt
  %w = add i32 %v, 1
  store i32 %w, ptr @cnt
  ret void
}
define internal i32 @u_a(i32 %x) unnamed_addr {
  %y = mul i32 %x, 13
  %z = add i32 %y, 1
  ret i32 %z
}
define internal i32 @u_b(i32 %x) unnamed_addr {
  %y = mul i32 %x, 13
  %z = add i32 %y, 1
  ret i32 %z
}
define internal i32 @cu_a(i32 %x) {
  %y = mul i32 %x, 17
  %z = add i32 %y, 1
  ret i32 %z
}
define internal i32 @cu_b(i32 %x) {
  %y = mul i32 %x, 17
  %z = add i32 %y, 1
  ret i32 %z
}
define i32 @o_a(i32 %x) unnamed_addr {
  %y = mul i32 %x, 19
  %z = add i32 %y, 1
  ret i32 %z
}
define i32 @o_b(i32 %x) unnamed_addr {
  %y = mul i32 %x, 19
  %z = add i32 %y, 1
  ret i32 %z
}
define i32 @main() {
  %c = load i32, ptr @cnt
  %d = load ptr, ptr @data
  %dn = icmp eq ptr %d, null
  %dz = zext i1 %dn to i32
  %u = call i32 @u_alias(i32 2)
  %cu = call i32 @cu_b(i32 2)
  %o = call i32 @off_alias(i32 2)
  %o2 = call i32 @chain2(i32 3)
  %o3 = add i32 %o, %o2
  %s = add i32 %u, %cu
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %c, i32 %dz, i32 %s, i32 %o3)
  ret i32 0
}
