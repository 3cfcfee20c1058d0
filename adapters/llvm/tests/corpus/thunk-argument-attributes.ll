; RULE: thunks forward byval, sret, returned, nest, swiftself/swifterror and inalloca arguments with the survivor's attributes on the call
; OPT22: the _b function of each pair a thunk to the _a one; main's calls stay (no unnamed_addr)
; EXPECT: ina_b=thunk->ina_a nest_b=thunk->nest_a sw_b=thunk->sw_a byv_b=thunk->byv_a sret_b=thunk->sret_a ret_b=thunk->ret_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
%S = type { i32, i32, i32, i32 }

define i32 @byv_a(ptr byval(%S) align 4 %p) {
  %x = load i32, ptr %p
  %y = add i32 %x, 1
  store i32 99, ptr %p
  ret i32 %y
}
define i32 @byv_b(ptr byval(%S) align 4 %p) {
  %x = load i32, ptr %p
  %y = add i32 %x, 1
  store i32 99, ptr %p
  ret i32 %y
}
define void @sret_a(ptr sret(%S) align 4 %o, i32 %v) {
  store i32 %v, ptr %o
  %q = getelementptr i32, ptr %o, i64 1
  store i32 %v, ptr %q
  ret void
}
define void @sret_b(ptr sret(%S) align 4 %o, i32 %v) {
  store i32 %v, ptr %o
  %q = getelementptr i32, ptr %o, i64 1
  store i32 %v, ptr %q
  ret void
}
define ptr @ret_a(ptr returned %p, i32 %v) {
  store i32 %v, ptr %p
  %q = getelementptr i32, ptr %p, i64 1
  store i32 %v, ptr %q
  ret ptr %p
}
define ptr @ret_b(ptr returned %p, i32 %v) {
  store i32 %v, ptr %p
  %q = getelementptr i32, ptr %p, i64 1
  store i32 %v, ptr %q
  ret ptr %p
}
define i32 @nest_a(ptr nest %c, i32 %v) {
  %x = load i32, ptr %c
  %y = add i32 %x, %v
  %z = mul i32 %y, 3
  ret i32 %z
}
define i32 @nest_b(ptr nest %c, i32 %v) {
  %x = load i32, ptr %c
  %y = add i32 %x, %v
  %z = mul i32 %y, 3
  ret i32 %z
}
define swiftcc i32 @sw_a(ptr swiftself %s, ptr swifterror %e) {
  %x = load i32, ptr %s
  store ptr null, ptr %e
  %y = add i32 %x, 5
  ret i32 %y
}
define swiftcc i32 @sw_b(ptr swiftself %s, ptr swifterror %e) {
  %x = load i32, ptr %s
  store ptr null, ptr %e
  %y = add i32 %x, 5
  ret i32 %y
}
define i32 @ina_a(ptr inalloca(%S) %p) {
  %x = load i32, ptr %p
  %y = add i32 %x, 7
  %z = mul i32 %y, 3
  ret i32 %z
}
define i32 @ina_b(ptr inalloca(%S) %p) {
  %x = load i32, ptr %p
  %y = add i32 %x, 7
  %z = mul i32 %y, 3
  ret i32 %z
}
define i32 @swc_caller(ptr %s) {
  %e = alloca swifterror ptr
  store ptr null, ptr %e
  %r = call swiftcc i32 @sw_b(ptr swiftself %s, ptr swifterror %e)
  ret i32 %r
}
define i32 @main() {
  %s = alloca %S
  store i32 10, ptr %s
  %a = call i32 @byv_b(ptr byval(%S) align 4 %s)
  %b = call i32 @byv_a(ptr byval(%S) align 4 %s)
  %o = alloca %S
  call void @sret_b(ptr sret(%S) align 4 %o, i32 4)
  %ov = load i32, ptr %o
  %r = call ptr @ret_b(ptr %o, i32 6)
  %rv = load i32, ptr %r
  %n = call i32 @nest_b(ptr nest %s, i32 3)
  %w = call i32 @swc_caller(ptr %s)
  %ia = alloca inalloca %S
  store i32 4, ptr %ia
  %i = call i32 @ina_b(ptr inalloca(%S) %ia)
  %t1 = add i32 %a, %b
  %t2 = add i32 %t1, %ov
  %t3 = add i32 %t2, %rv
  %t4 = add i32 %t3, %n
  %t5 = add i32 %t4, %w
  %t6 = add i32 %t5, %i
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t6)
  ret i32 0
}
