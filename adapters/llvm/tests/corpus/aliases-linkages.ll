; RUN-OPTS: --use-aliases
; RULE: with aliases on, an unnamed_addr G whose uses cannot all be RAUW'd away becomes an alias of F, for external, weak and linkonce G; internal unused G is simply erased
; OPT22: @ext_b alias to @ext_a; @weak_c alias to @ext_a; @link_d alias (address taken) to @ext_a; @int_e erased
; EXPECT: ext_b=alias->ext_a int_e=erased link_d=alias->ext_a weak_c=alias->ext_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@addr = global ptr @link_d

define i32 @ext_a(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @ext_b(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define weak i32 @weak_c(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce i32 @link_d(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define internal i32 @int_e(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @ext_a(i32 1)
  %b = call i32 @ext_b(i32 2)
  %c = call i32 @weak_c(i32 3)
  %p = load ptr, ptr @addr
  %d = call i32 %p(i32 4)
  %e = call i32 @int_e(i32 5)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %s1, %s2
  %s = add i32 %s3, %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
