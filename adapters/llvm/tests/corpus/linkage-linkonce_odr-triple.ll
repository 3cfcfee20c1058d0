; RULE: linkonce_odr copies: double-thunk path, then unused discardable thunks are erased (LLVM 22 already has the erase-if-unused step); address-taken copy stays a thunk
; OPT22: new private body; @lc (address taken in @keep) stays a thunk, @la and @lb erased; @main calls the private body
; EXPECT: la=erased lb=erased lc=thunk->new{la,lb,lc}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@keep = global ptr @lc

define linkonce_odr i32 @lb(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce_odr i32 @la(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce_odr i32 @lc(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @la(i32 2)
  %b = call i32 @lb(i32 3)
  %p = load ptr, ptr @keep
  %c = call i32 %p(i32 4)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
