; RULE: byval/sret attribute types compare structurally: differently named congruent structs are equal (names ignored); the redirected call keeps its own byval type; byval(i64) vs byval({i32,i32}) differ
; OPT22: @by_b thunk to @by_a; @main's call redirected with its own byval type; @by_other stays
; EXPECT: by_b=thunk->by_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

%struct.A = type { i32, i32 }
%struct.B = type { i32, i32 }

define i32 @by_a(ptr byval(%struct.A) align 4 %p) {
  %x = load i32, ptr %p, align 4
  %g = getelementptr %struct.A, ptr %p, i64 0, i32 1
  %y = load i32, ptr %g, align 4
  %r = sub i32 %x, %y
  ret i32 %r
}

define i32 @by_b(ptr byval(%struct.B) align 4 %p) {
  %x = load i32, ptr %p, align 4
  %g = getelementptr %struct.B, ptr %p, i64 0, i32 1
  %y = load i32, ptr %g, align 4
  %r = sub i32 %x, %y
  ret i32 %r
}

define i32 @by_other(ptr byval(i64) align 4 %p) {
  %x = load i32, ptr %p, align 4
  %g = getelementptr %struct.B, ptr %p, i64 0, i32 1
  %y = load i32, ptr %g, align 4
  %r = sub i32 %x, %y
  ret i32 %r
}

define i32 @main() {
  %s = alloca %struct.B, align 4
  store i32 50, ptr %s, align 4
  %g = getelementptr %struct.B, ptr %s, i64 0, i32 1
  store i32 8, ptr %g, align 4
  %a = call i32 @by_a(ptr byval(%struct.A) align 4 %s)
  %b = call i32 @by_b(ptr byval(%struct.B) align 4 %s)
  %c = call i32 @by_other(ptr byval(i64) align 4 %s)
  %t1 = add i32 %a, %b
  %t = add i32 %t1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
