; RULE: ConstantDataSequential (data arrays/vectors) compare by all raw bytes: embedded zeros are not terminators; differing bytes after a zero keep functions apart
; OPT22: @data_b thunk to @data_a; @data_c (differs after the embedded zero) and @str_c stay; @str_b thunk to @str_a
; EXPECT: data_b=thunk->data_a str_b=thunk->str_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @data_a(ptr %p) {
  store <8 x i8> <i8 1, i8 0, i8 2, i8 0, i8 3, i8 0, i8 4, i8 0>, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @data_b(ptr %p) {
  store <8 x i8> <i8 1, i8 0, i8 2, i8 0, i8 3, i8 0, i8 4, i8 0>, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @data_c(ptr %p) {
  store <8 x i8> <i8 1, i8 0, i8 2, i8 0, i8 3, i8 0, i8 5, i8 0>, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @str_a(ptr %p) {
  store [6 x i8] c"ab\00cd\00", ptr %p
  %g = getelementptr i8, ptr %p, i64 3
  %v = load i8, ptr %g
  %r = zext i8 %v to i32
  ret i32 %r
}

define i32 @str_b(ptr %p) {
  store [6 x i8] c"ab\00cd\00", ptr %p
  %g = getelementptr i8, ptr %p, i64 3
  %v = load i8, ptr %g
  %r = zext i8 %v to i32
  ret i32 %r
}

define i32 @str_c(ptr %p) {
  store [6 x i8] c"ab\00ce\00", ptr %p
  %g = getelementptr i8, ptr %p, i64 3
  %v = load i8, ptr %g
  %r = zext i8 %v to i32
  ret i32 %r
}

define i32 @main() {
  %buf = alloca [8 x i8], align 8
  %a = call i32 @data_a(ptr %buf)
  %b = call i32 @data_b(ptr %buf)
  %c = call i32 @data_c(ptr %buf)
  %d = call i32 @str_a(ptr %buf)
  %e = call i32 @str_b(ptr %buf)
  %f = call i32 @str_c(ptr %buf)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %e, %f
  %s4 = add i32 %s1, %s2
  %s = add i32 %s4, %s3
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
