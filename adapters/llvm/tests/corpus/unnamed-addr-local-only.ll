; RULE: only *global* unnamed_addr allows RAUW; local_unnamed_addr G only gets its direct callers redirected, so the address-taken internal G stays as a thunk
; OPT22: @lb thunk to @la (address stored in @ptrs); direct call in @main redirected to @la
; EXPECT: lb=thunk->la
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@ptrs = internal global ptr @lb

define internal i32 @la(i32 %x) local_unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define internal i32 @lb(i32 %x) local_unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %p = load ptr, ptr @ptrs
  %a = call i32 %p(i32 3)
  %b = call i32 @lb(i32 4)
  %d = call i32 @la(i32 5)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %d
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
