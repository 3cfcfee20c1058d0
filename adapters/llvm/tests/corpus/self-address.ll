; RULE: LLVM 22 treats a function's own address as equal to the other's own address everywhere (issue llvm#213206): functions comparing a pointer with their own address are merged although that changes the result (documented deviation: mergefunc keeps them apart)
; OPT22: @is_self_b thunk to @is_self_a, so @main prints "1 12" instead of "2 12" (the merged @is_self_b(@is_self_b) compares against @is_self_a); @rec_b (self call only) thunk to @rec_a; our CLI keeps @is_self_b (documented deviation in differential.rs)
; EXPECT: is_self_b=thunk->is_self_a rec_b=thunk->rec_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt2 = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @is_self_a(ptr %p) {
  %c = icmp eq ptr %p, @is_self_a
  %r = zext i1 %c to i32
  %s = add i32 %r, 0
  ret i32 %s
}

define i32 @is_self_b(ptr %p) {
  %c = icmp eq ptr %p, @is_self_b
  %r = zext i1 %c to i32
  %s = add i32 %r, 0
  ret i32 %s
}

define i32 @rec_a(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
done:
  ret i32 0
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec_a(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
}

define i32 @rec_b(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
done:
  ret i32 0
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec_b(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
}

define i32 @main() {
  %a = call i32 @is_self_a(ptr @is_self_a)
  %b = call i32 @is_self_b(ptr @is_self_b)
  %r = call i32 @rec_b(i32 4)
  %ab = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt2, i32 %ab, i32 %r)
  ret i32 0
}
