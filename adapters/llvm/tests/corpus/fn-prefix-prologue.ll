; RULE: prefix data (read through the function's address) and prologue data (code at its entry) are part of the function: different prefix or prologue constants never merge (LLVM 22 does not compare them); equal ones do
; OPT22: @pre_456 RAUW'd by @pre_123 (main then prints 123 twice); @pro_cc RAUW'd by @pro_90; @pre_same_b RAUW'd by @pre_same_a; @plain_b RAUW'd by @plain_a
; EXPECT: pre_456=erased pro_cc=erased pre_same_b=erased plain_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @pre_123(i32 %x) unnamed_addr prefix i32 123 {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @pre_456(i32 %x) unnamed_addr prefix i32 456 {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @pre_same_a(i32 %x) unnamed_addr prefix i32 7 {
  %y = add i32 %x, 2
  ret i32 %y
}

define internal i32 @pre_same_b(i32 %x) unnamed_addr prefix i32 7 {
  %y = add i32 %x, 2
  ret i32 %y
}

; Prologue data is emitted as the first bytes of the function: 0x90 (nop) and 0xcc (int3).
; Neither is called; main reads their first byte.
define internal i32 @pro_90(i32 %x) unnamed_addr prologue i8 144 {
  %y = add i32 %x, 3
  ret i32 %y
}

define internal i32 @pro_cc(i32 %x) unnamed_addr prologue i8 204 {
  %y = add i32 %x, 3
  ret i32 %y
}

define internal i32 @plain_a(i32 %x) unnamed_addr {
  %y = add i32 %x, 4
  ret i32 %y
}

define internal i32 @plain_b(i32 %x) unnamed_addr {
  %y = add i32 %x, 4
  ret i32 %y
}

define internal void @show_prefix(ptr %f) {
  %p = getelementptr i8, ptr %f, i64 -4
  %v = load i32, ptr %p, align 1
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %v)
  ret void
}

define internal void @show_first_byte(ptr %f) {
  %v = load i8, ptr %f, align 1
  %w = zext i8 %v to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %w)
  ret void
}

define i32 @main() {
  call void @show_prefix(ptr @pre_123)
  call void @show_prefix(ptr @pre_456)
  call void @show_prefix(ptr @pre_same_a)
  call void @show_prefix(ptr @pre_same_b)
  call void @show_first_byte(ptr @pro_90)
  call void @show_first_byte(ptr @pro_cc)
  %a = call i32 @pre_123(i32 1)
  %b = call i32 @pre_456(i32 1)
  %c = call i32 @pre_same_a(i32 1)
  %d = call i32 @pre_same_b(i32 1)
  %e = call i32 @plain_a(i32 1)
  %f = call i32 @plain_b(i32 1)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s5)
  ret i32 0
}
