; RULE: after a RAUW only functions with an instruction that has the folded function itself as an operand are re-queued (LLVM's removeUsers); functions that name it only inside a constant expression stay where they are, so two of them that became equal are not merged; direct users are re-queued and merge
; OPT22: @g_b folded into @g_a (RAUW, erased); @h_b folded into @h_a; @direct_b (stores @h_b itself) re-queued and thunk to @direct_a; @expr_a / @expr_b (ptrtoint constant expressions) stay apart
; EXPECT: direct_b=thunk->direct_a g_b=erased h_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
@sink = global i64 0
@psink = global ptr null
declare i32 @printf(ptr, ...)

define internal i32 @g_a(i32 %x) unnamed_addr {
  %a = add i32 %x, 11
  %b = mul i32 %a, 3
  ret i32 %b
}

define internal i32 @g_b(i32 %x) unnamed_addr {
  %a = add i32 %x, 11
  %b = mul i32 %a, 3
  ret i32 %b
}

define internal i32 @h_a(i32 %x) unnamed_addr {
  %a = add i32 %x, 12
  %b = mul i32 %a, 3
  ret i32 %b
}

define internal i32 @h_b(i32 %x) unnamed_addr {
  %a = add i32 %x, 12
  %b = mul i32 %a, 3
  ret i32 %b
}

define i32 @expr_a(i32 %x) {
  %s = add i32 %x, 1
  store i64 ptrtoint (ptr @g_a to i64), ptr @sink, align 8
  ret i32 %s
}

define i32 @expr_b(i32 %x) {
  %s = add i32 %x, 1
  store i64 ptrtoint (ptr @g_b to i64), ptr @sink, align 8
  ret i32 %s
}

define i32 @direct_a(i32 %x) {
  %s = add i32 %x, 2
  store ptr @h_a, ptr @psink, align 8
  ret i32 %s
}

define i32 @direct_b(i32 %x) {
  %s = add i32 %x, 2
  store ptr @h_b, ptr @psink, align 8
  ret i32 %s
}

define i32 @main() {
  %r1 = call i32 @expr_a(i32 1)
  %r2 = call i32 @expr_b(i32 %r1)
  %r3 = call i32 @direct_a(i32 %r2)
  %r4 = call i32 @direct_b(i32 %r3)
  %fp = load ptr, ptr @psink, align 8
  %r5 = call i32 %fp(i32 %r4)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r5)
  ret i32 0
}
