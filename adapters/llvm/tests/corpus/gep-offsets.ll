; RULE: GEPs with all-constant indices compare by accumulated byte offset (gep i32 p,1 == gep i8 p,4 == struct field at 4); variable-index GEPs compare source element type and operands
; OPT22: @off_i8 and @off_struct thunks to @off_i32; @var_b thunk to @var_a; @var_i16 (different stride) and @off_8 stay
; EXPECT: off_i8=thunk->off_i32 off_struct=thunk->off_i32 var_b=thunk->var_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @off_i32(ptr %p) {
  %g = getelementptr i32, ptr %p, i64 1
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @off_i8(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 4
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @off_struct(ptr %p) {
  %g = getelementptr { i32, i32 }, ptr %p, i64 0, i32 1
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @off_8(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 8
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @var_a(ptr %p, i64 %i) {
  %g = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @var_b(ptr %p, i64 %i) {
  %g = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @var_i16(ptr %p, i64 %i) {
  %g = getelementptr i16, ptr %p, i64 %i
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

define i32 @main() {
  %buf = alloca [4 x i32], align 16
  store i32 10, ptr %buf
  %e1 = getelementptr i32, ptr %buf, i64 1
  store i32 20, ptr %e1
  %e2 = getelementptr i32, ptr %buf, i64 2
  store i32 30, ptr %e2
  %e3 = getelementptr i32, ptr %buf, i64 3
  store i32 40, ptr %e3
  %a = call i32 @off_i32(ptr %buf)
  %b = call i32 @off_i8(ptr %buf)
  %c = call i32 @off_struct(ptr %buf)
  %d = call i32 @off_8(ptr %buf)
  %e = call i32 @var_a(ptr %buf, i64 3)
  %f = call i32 @var_b(ptr %buf, i64 2)
  %g = call i32 @var_i16(ptr %buf, i64 2)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %e, %f
  %s4 = add i32 %s1, %s2
  %s5 = add i32 %s3, %g
  %s = add i32 %s4, %s5
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
