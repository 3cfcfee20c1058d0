; RULE: two local functions: name order picks the survivor; the other is erased after its callers are redirected, but an address-taken local (no unnamed_addr) must stay as a thunk
; OPT22: @loc_b erased (only direct calls); @loc_c stays a thunk to @loc_a because its address is stored in @table
; EXPECT: loc_b=erased loc_c=thunk->loc_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@table = internal global [1 x ptr] [ptr @loc_c]

define internal i32 @loc_b(i32 %x) {
  %a = shl i32 %x, 2
  %b = or i32 %a, 1
  ret i32 %b
}

define internal i32 @loc_a(i32 %x) {
  %a = shl i32 %x, 2
  %b = or i32 %a, 1
  ret i32 %b
}

define internal i32 @loc_c(i32 %x) {
  %a = shl i32 %x, 2
  %b = or i32 %a, 1
  ret i32 %b
}

define i32 @main() {
  %p = load ptr, ptr @table
  %c = call i32 %p(i32 5)
  %a = call i32 @loc_a(i32 1)
  %b = call i32 @loc_b(i32 2)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
