; RULE: private counts as local linkage: the external one survives although its name sorts later
; OPT22: @a_priv erased, its caller redirected to @z_ext
; EXPECT: a_priv=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define private i64 @a_priv(i64 %x) {
  %c = icmp ugt i64 %x, 100
  %r = select i1 %c, i64 100, i64 %x
  %t = trunc i64 %r to i32
  %e = sext i32 %t to i64
  ret i64 %e
}

define i64 @z_ext(i64 %x) {
  %c = icmp ugt i64 %x, 100
  %r = select i1 %c, i64 100, i64 %x
  %t = trunc i64 %r to i32
  %e = sext i32 %t to i64
  ret i64 %e
}

define i32 @main() {
  %a = call i64 @a_priv(i64 500)
  %b = call i64 @z_ext(i64 42)
  %s = add i64 %a, %b
  %t = trunc i64 %s to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
