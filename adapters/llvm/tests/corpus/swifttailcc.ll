; RULE: thunks between swifttailcc functions must use musttail (a plain tail call is not enough); the calling convention itself is compared (swifttailcc vs ccc differ)
; OPT22: @stc_b thunk to @stc_a using musttail; @stc_c (ccc) stays
; EXPECT: stc_b=thunk->stc_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define swifttailcc i64 @stc_a(i64 %x, i64 %y) {
  %s = add i64 %x, %y
  %m = mul i64 %s, %s
  ret i64 %m
}

define swifttailcc i64 @stc_b(i64 %x, i64 %y) {
  %s = add i64 %x, %y
  %m = mul i64 %s, %s
  ret i64 %m
}

define i64 @stc_c(i64 %x, i64 %y) {
  %s = add i64 %x, %y
  %m = mul i64 %s, %s
  ret i64 %m
}

define i32 @main() {
  %a = call swifttailcc i64 @stc_a(i64 1, i64 2)
  %b = call swifttailcc i64 @stc_b(i64 3, i64 4)
  %c = call i64 @stc_c(i64 5, i64 6)
  %s1 = add i64 %a, %b
  %s = add i64 %s1, %c
  %t = trunc i64 %s to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
