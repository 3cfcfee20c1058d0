; RULE: both interposable ("double weak"): the body moves to a new private function, both weak names become thunks to it; callers keep calling the weak symbols
; OPT22: new private body (unnamed @0); @wa and @wb are thunks to it; @main unchanged
; EXPECT: wa=thunk->new{wa,wb} wb=thunk->new{wa,wb}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @wb(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define weak i32 @wa(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @wa(i32 12)
  %b = call i32 @wb(i32 13)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
