; RULE: pointers in address space 0 compare as the pointer-sized integer (i64): i64 vs ptr parameters/returns/stores merge and the thunk casts (ptrtoint/inttoptr); i32 vs ptr differ (sizes)
; OPT22: @st_ptr thunk to @st_int (arg ptrtoint); @ret_zero thunk to @ret_null (result ptrtoint), its caller redirected; @st_i32 not merged
; EXPECT: ret_zero=thunk->ret_null st_ptr=thunk->st_int
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i64 @st_int(i64 %x, ptr %out) {
  store i64 %x, ptr %out, align 8
  %v = load i64, ptr %out, align 8
  %r = add i64 %v, 1
  ret i64 %r
}

define i64 @st_ptr(ptr %x, ptr %out) {
  store ptr %x, ptr %out, align 8
  %v = load i64, ptr %out, align 8
  %r = add i64 %v, 1
  ret i64 %r
}

define i64 @st_i32(i32 %x, ptr %out) {
  store i32 %x, ptr %out, align 8
  %v = load i64, ptr %out, align 8
  %r = add i64 %v, 1
  ret i64 %r
}

define ptr @ret_null(i32 %x) {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  ret ptr null
b:
  ret ptr null
}

define i64 @ret_zero(i32 %x) {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  ret i64 0
b:
  ret i64 0
}

define i32 @main() {
  %slot = alloca i64, align 8
  %a = call i64 @st_int(i64 100, ptr %slot)
  %b = call i64 @st_ptr(ptr inttoptr (i64 200 to ptr), ptr %slot)
  %z = call i64 @ret_zero(i32 1)
  %s1 = add i64 %a, %b
  %s = add i64 %s1, %z
  %t = trunc i64 %s to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
