; RUN-OPTS: --use-aliases
; RULE: double weak with aliases: the body becomes a new private function and both weak names become weak aliases of it
; OPT22: new private body; @wa and @wb are aliases to it
; EXPECT: wa=alias->new{wa,wb} wb=alias->new{wa,wb}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @wb(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define weak i32 @wa(i32 %x) unnamed_addr {
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
