; RUN-OPTS: --use-aliases
; RULE: aliases with ODR and llvm.used: a linkonce_odr pair takes the double path (private body) and, once direct callers go to the body, the unused copies are erased rather than aliased; a member of llvm.used is not RAUW'd but can be aliased
; OPT22: new private body called by @main; @oa and @ob erased; @u_b (in llvm.used) alias to @u_a
; EXPECT: oa=erased ob=erased u_b=alias->u_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

@llvm.used = appending global [1 x ptr] [ptr @u_b], section "llvm.metadata"

define linkonce_odr i32 @ob(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce_odr i32 @oa(i32 %x) unnamed_addr {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @u_a(i32 %x, i32 %y) unnamed_addr {
  %s = sub i32 %x, %y
  %m = mul i32 %s, %s
  ret i32 %m
}

define internal i32 @u_b(i32 %x, i32 %y) unnamed_addr {
  %s = sub i32 %x, %y
  %m = mul i32 %s, %s
  ret i32 %m
}

define i32 @main() {
  %a = call i32 @oa(i32 2)
  %b = call i32 @ob(i32 3)
  %c = call i32 @u_b(i32 9, i32 4)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
