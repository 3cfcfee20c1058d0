; RULE: a folded function whose address is significant becomes a thunk that keeps its prefix data (read through its address) and prologue data (code at its entry), as LLVM's writeThunk copies them; a weak pair's thunks both keep them
; OPT22: @pre_b and @pro_b thunks to @pre_a and @pro_a; @wpre_a and @wpre_b thunks to a new private body; main reads 777, 144 and 4242 through every address as before
; EXPECT: pre_b=thunk->pre_a pro_b=thunk->pro_a wpre_a=thunk->new{wpre_a,wpre_b} wpre_b=thunk->new{wpre_a,wpre_b}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
@tab = global [6 x ptr] [ptr @pre_a, ptr @pre_b, ptr @pro_a, ptr @pro_b, ptr @wpre_a, ptr @wpre_b]

define i32 @pre_a(i32 %x) prefix i32 777 {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}
define i32 @pre_b(i32 %x) prefix i32 777 {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}
define internal i32 @pro_a(i32 %x) prologue i8 144 {
  %y = mul i32 %x, 5
  %z = add i32 %y, 1
  ret i32 %z
}
define internal i32 @pro_b(i32 %x) prologue i8 144 {
  %y = mul i32 %x, 5
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @wpre_a(i32 %x) prefix i32 4242 {
  %y = mul i32 %x, 7
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @wpre_b(i32 %x) prefix i32 4242 {
  %y = mul i32 %x, 7
  %z = add i32 %y, 1
  ret i32 %z
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
  %p0 = load ptr, ptr @tab
  %q1 = getelementptr ptr, ptr @tab, i64 1
  %p1 = load ptr, ptr %q1
  %q2 = getelementptr ptr, ptr @tab, i64 2
  %p2 = load ptr, ptr %q2
  %q3 = getelementptr ptr, ptr @tab, i64 3
  %p3 = load ptr, ptr %q3
  %q4 = getelementptr ptr, ptr @tab, i64 4
  %p4 = load ptr, ptr %q4
  %q5 = getelementptr ptr, ptr @tab, i64 5
  %p5 = load ptr, ptr %q5
  call void @show_prefix(ptr %p0)
  call void @show_prefix(ptr %p1)
  call void @show_first_byte(ptr %p2)
  call void @show_first_byte(ptr %p3)
  call void @show_prefix(ptr %p4)
  call void @show_prefix(ptr %p5)
  %e = icmp eq ptr %p0, %p1
  %ez = zext i1 %e to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %ez)
  %a = call i32 %p1(i32 2)
  %b = call i32 %p3(i32 2)
  %c = call i32 %p5(i32 2)
  %s = add i32 %a, %b
  %s2 = add i32 %s, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s2)
  ret i32 0
}
