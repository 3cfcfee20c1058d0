; RULE: switch case values are compared pairwise (destinations and condition are operands); equal tables merge
; OPT22: @sw_b thunk to @sw_a; @sw_c (one case value differs) and @sw_d (destinations swapped) stay
; EXPECT: sw_b=thunk->sw_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @sw_a(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 1, label %one
                              i32 7, label %seven ]
one:
  ret i32 10
seven:
  ret i32 70
def:
  ret i32 0
}

define i32 @sw_b(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 1, label %one
                              i32 7, label %seven ]
one:
  ret i32 10
seven:
  ret i32 70
def:
  ret i32 0
}

define i32 @sw_c(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 1, label %one
                              i32 8, label %seven ]
one:
  ret i32 10
seven:
  ret i32 70
def:
  ret i32 0
}

define i32 @sw_d(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 1, label %seven
                              i32 7, label %one ]
one:
  ret i32 10
seven:
  ret i32 70
def:
  ret i32 0
}

define i32 @main() {
  %a = call i32 @sw_a(i32 7)
  %b = call i32 @sw_b(i32 1)
  %c = call i32 @sw_c(i32 7)
  %d = call i32 @sw_d(i32 7)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
