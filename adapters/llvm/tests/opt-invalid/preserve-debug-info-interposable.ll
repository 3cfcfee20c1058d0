; RULE: with --preserve-debug-info, two interposable equal functions merge as without it: the body moves to a new private function and both become thunks to it
; RUN-OPTS: --preserve-debug-info
; OPT22: crashes (a segmentation fault in the mergefunc pass) with -mergefunc-preserve-debug-info on two weak equal functions
; EXPECT: wa=thunk->new{wa,wb} wb=thunk->new{wa,wb}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define weak i32 @wa(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define weak i32 @wb(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
