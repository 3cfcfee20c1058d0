; RULE: functions a merge takes out of the tree are re-queued in the order of the folded function's use list (LLVM's removeUsers walks it), not by id; with self-recursive ODR functions (whose new body stays outside the tree) that order decides which of three equal functions pair up
; OPT22: @leaf_b and @leaf_c are replaced by @leaf_a; the users of @leaf_b are re-queued newest use first (@rec_3, then @rec_2: the leaves are defined before their callers); @rec_3 meets @rec_1 (still in the tree) and both fold into a private body, which stays outside the tree (it calls itself); @rec_2 stays
; EXPECT: leaf_b=erased leaf_c=erased rec_1=erased rec_3=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @leaf_a(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define internal i32 @leaf_b(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define internal i32 @leaf_c(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define linkonce_odr i32 @rec_1(i32 %n) {
entry:
  %z = icmp sle i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec_1(i32 %m)
  %x = call i32 @leaf_a(i32 %r)
  %y = call i32 @leaf_a(i32 %x)
  ret i32 %y
done:
  ret i32 1
}

define linkonce_odr i32 @rec_2(i32 %n) {
entry:
  %z = icmp sle i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec_2(i32 %m)
  %x = call i32 @leaf_b(i32 %r)
  %y = call i32 @leaf_c(i32 %x)
  ret i32 %y
done:
  ret i32 1
}

define linkonce_odr i32 @rec_3(i32 %n) {
entry:
  %z = icmp sle i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec_3(i32 %m)
  %x = call i32 @leaf_c(i32 %r)
  %y = call i32 @leaf_b(i32 %x)
  ret i32 %y
done:
  ret i32 1
}

define i32 @main() {
  %a = call i32 @rec_1(i32 3)
  %b = call i32 @rec_2(i32 4)
  %c = call i32 @rec_3(i32 5)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %abc)
  ret i32 0
}
