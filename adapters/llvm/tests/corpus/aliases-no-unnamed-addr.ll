; RUN-OPTS: --use-aliases
; RULE: an alias requires global unnamed_addr on G: without it (or with only local_unnamed_addr) a thunk is written even with aliases on
; OPT22: @nb and @nc thunks to @na
; EXPECT: nb=thunk->na nc=thunk->na
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @na(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @nb(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @nc(i32 %x) local_unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @na(i32 1)
  %b = call i32 @nb(i32 2)
  %c = call i32 @nc(i32 3)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
