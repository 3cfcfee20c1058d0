; RULE: re-queueing through RAUW: internal unnamed_addr leaves are RAUW'd, which re-queues their users; the callers then compare equal and fold too
; OPT22: @leaf2 and @caller2 erased; @caller1 survives
; EXPECT: caller2=erased leaf2=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i64 @leaf1(i64 %x) unnamed_addr {
  %y = xor i64 %x, 255
  %z = lshr i64 %y, 2
  ret i64 %z
}

define internal i64 @leaf2(i64 %x) unnamed_addr {
  %y = xor i64 %x, 255
  %z = lshr i64 %y, 2
  ret i64 %z
}

define internal i64 @caller1(i64 %x) unnamed_addr {
  %a = call i64 @leaf1(i64 %x)
  %b = call i64 @leaf1(i64 %a)
  ret i64 %b
}

define internal i64 @caller2(i64 %x) unnamed_addr {
  %a = call i64 @leaf2(i64 %x)
  %b = call i64 @leaf2(i64 %a)
  ret i64 %b
}

define i32 @main() {
  %a = call i64 @caller1(i64 1000)
  %b = call i64 @caller2(i64 2000)
  %s = add i64 %a, %b
  %t = trunc i64 %s to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
