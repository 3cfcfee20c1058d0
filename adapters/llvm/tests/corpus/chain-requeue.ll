; RULE: callers that differ only in which (identical) callee they call become equal after the callees merge; they are re-queued (removeUsers/replaceDirectCallers) and merged in a later round, three levels deep
; OPT22: @leaf_b, @mid_b, @top_b all thunks to their _a counterparts
; EXPECT: leaf_b=thunk->leaf_a mid_b=thunk->mid_a top_b=thunk->top_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @leaf_a(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

define i32 @leaf_b(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

define i32 @mid_a(i32 %x) {
  %y = call i32 @leaf_a(i32 %x)
  %z = sub i32 %y, 1
  ret i32 %z
}

define i32 @mid_b(i32 %x) {
  %y = call i32 @leaf_b(i32 %x)
  %z = sub i32 %y, 1
  ret i32 %z
}

define i32 @top_a(i32 %x) {
  %y = call i32 @mid_a(i32 %x)
  %z = shl i32 %y, 1
  ret i32 %z
}

define i32 @top_b(i32 %x) {
  %y = call i32 @mid_b(i32 %x)
  %z = shl i32 %y, 1
  ret i32 %z
}

define i32 @main() {
  %a = call i32 @top_a(i32 5)
  %b = call i32 @top_b(i32 6)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
