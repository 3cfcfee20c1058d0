; RULE: aliases (a chain, one through a getelementptr, a weak alias of a weak function) of folded functions follow the RAUW; dso_local_equivalent in a relative table follows too
; OPT22: @b and @o RAUW'd by @a (the aliases and the relative table name @a); @w (weak) thunk to @a
; EXPECT: b=erased w=thunk->a o=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@.fmt = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)
define internal i32 @b(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %y = add i32 %a, 7
  %c = xor i32 %y, 5
  ret i32 %c
}
define i32 @a(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}
define weak i32 @w(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}
define linkonce_odr i32 @o(i32 %x) unnamed_addr {
  %q = mul i32 %x, 3
  %y = add i32 %q, 7
  %c = xor i32 %y, 5
  ret i32 %c
}
@al1 = internal alias i32 (i32), ptr @b
@al2 = alias i32 (i32), ptr @al1
@al3 = weak alias i32 (i32), ptr @w
@al4 = alias i32 (i32), ptr @o
@al5 = alias i32 (i32), ptr getelementptr (i8, ptr @b, i64 0)
@rel = global i32 trunc (i64 sub (i64 ptrtoint (ptr dso_local_equivalent @o to i64), i64 ptrtoint (ptr @rel to i64)) to i32)
@ptrs = global [3 x ptr] [ptr dso_local_equivalent @b, ptr @al2, ptr @al4]
define i32 @main() {
  %r1 = call i32 @al2(i32 1)
  %r2 = call i32 @al3(i32 2)
  %r3 = call i32 @al4(i32 3)
  %p = load ptr, ptr @ptrs
  %r4 = call i32 %p(i32 4)
  %c = icmp eq ptr @al2, @al4
  %cz = zext i1 %c to i32
  %s = add i32 %r1, %r4
  %t = add i32 %r2, %r3
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s, i32 %t, i32 %cz)
  ret i32 0
}
