; RULE: interposable linkonce pair: double thunk by name order; the unused linkonce copy is erased, the called one stays a thunk (callers are never redirected from an interposable symbol)
; OPT22: new private body; @ka thunk to it (called by @main), @kb erased (unused)
; EXPECT: ka=thunk->new{ka} kb=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define linkonce i32 @kb(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce i32 @ka(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @ka(i32 9)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a)
  ret i32 0
}
