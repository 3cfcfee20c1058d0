; RULE: a self call compares equal to the other function's self call (self-reference as call target); identical recursive functions with loops merge
; OPT22: @fact_b thunk to @fact_a; @main's call redirected
; EXPECT: fact_b=thunk->fact_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @fact_a(i32 %n) {
entry:
  %c = icmp sle i32 %n, 1
  br i1 %c, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact_a(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

define i32 @fact_b(i32 %n) {
entry:
  %c = icmp sle i32 %n, 1
  br i1 %c, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact_b(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

define i32 @fact_other(i32 %n) {
entry:
  %c = icmp sle i32 %n, 1
  br i1 %c, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact_a(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

define i32 @main() {
  %a = call i32 @fact_a(i32 5)
  %b = call i32 @fact_b(i32 6)
  %c = call i32 @fact_other(i32 4)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
