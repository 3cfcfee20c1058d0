; RULE: the private body split out of two interposable (or two ODR) equal functions gets a name of its own (`NAME.merged`): code generation derives symbols from function names (KCFI's `__cfi_NAME`, basic-block sections' `NAME.__part.N`), and two unnamed bodies define one symbol twice
; OPT22: @wa/@wb and @wc/@wd each become thunks to a new unnamed private body (@0, @1), both with !kcfi_type: llc-22 fails with "symbol '__cfi_' is already defined" (and with -basic-block-sections=all, "'.__part.1' is already defined")
; EXPECT: wa=thunk->new{wa,wb} wb=thunk->new{wa,wb} wc=thunk->new{wc,wd} wd=thunk->new{wc,wd}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @wa(i32 %x) !kcfi_type !1 {
  %c = icmp sgt i32 %x, 5
  br i1 %c, label %big, label %small
big:
  %y = mul i32 %x, 3
  ret i32 %y
small:
  %z = add i32 %x, 100
  ret i32 %z
}

define weak i32 @wb(i32 %x) !kcfi_type !1 {
  %c = icmp sgt i32 %x, 5
  br i1 %c, label %big, label %small
big:
  %y = mul i32 %x, 3
  ret i32 %y
small:
  %z = add i32 %x, 100
  ret i32 %z
}

define weak i32 @wc(i32 %x) !kcfi_type !1 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %big, label %small
big:
  %y = mul i32 %x, 5
  ret i32 %y
small:
  %z = add i32 %x, 200
  ret i32 %z
}

define weak i32 @wd(i32 %x) !kcfi_type !1 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %big, label %small
big:
  %y = mul i32 %x, 5
  ret i32 %y
small:
  %z = add i32 %x, 200
  ret i32 %z
}

@tab = global [4 x ptr] [ptr @wa, ptr @wb, ptr @wc, ptr @wd]

define i32 @main() !kcfi_type !1 {
  %pa = load ptr, ptr @tab
  %a = call i32 %pa(i32 10) [ "kcfi"(i32 1234) ]
  %gb = getelementptr [4 x ptr], ptr @tab, i64 0, i64 1
  %pb = load ptr, ptr %gb
  %b = call i32 %pb(i32 1) [ "kcfi"(i32 1234) ]
  %gc = getelementptr [4 x ptr], ptr @tab, i64 0, i64 2
  %pc = load ptr, ptr %gc
  %c = call i32 %pc(i32 10) [ "kcfi"(i32 1234) ]
  %gd = getelementptr [4 x ptr], ptr @tab, i64 0, i64 3
  %pd = load ptr, ptr %gd
  %d = call i32 %pd(i32 1) [ "kcfi"(i32 1234) ]
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  ret i32 0
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"kcfi", i32 1}
!1 = !{i32 1234}
