; RULE: thunks between functions equal only under the pointer/integer rule convert aggregate and vector arguments and results element by element; the folded functions' addresses stay distinct
; OPT22: @s_p thunk to @s_i, @v_p thunk to @v_i
; EXPECT: s_p=thunk->s_i v_p=thunk->v_i
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [13 x i8] c"%ld %ld %ld\0A\00"
declare i32 @printf(ptr, ...)
@tab = global [4 x ptr] [ptr @s_i, ptr @s_p, ptr @v_i, ptr @v_p]

define { i64, [2 x ptr] } @s_i({ ptr, [2 x i64] } %a) {
  %x = extractvalue { ptr, [2 x i64] } %a, 0
  %y = extractvalue { ptr, [2 x i64] } %a, 1, 1
  %r0 = insertvalue { i64, [2 x ptr] } poison, i64 %y, 0
  %r1 = insertvalue { i64, [2 x ptr] } %r0, ptr %x, 1, 0
  %r2 = insertvalue { i64, [2 x ptr] } %r1, ptr %x, 1, 1
  ret { i64, [2 x ptr] } %r2
}
define { ptr, [2 x i64] } @s_p({ i64, [2 x ptr] } %a) {
  %x = extractvalue { i64, [2 x ptr] } %a, 0
  %y = extractvalue { i64, [2 x ptr] } %a, 1, 1
  %r0 = insertvalue { ptr, [2 x i64] } poison, ptr %y, 0
  %r1 = insertvalue { ptr, [2 x i64] } %r0, i64 %x, 1, 0
  %r2 = insertvalue { ptr, [2 x i64] } %r1, i64 %x, 1, 1
  ret { ptr, [2 x i64] } %r2
}
define <2 x i64> @v_i(<2 x ptr> %a, i64 %k) {
  %s = shufflevector <2 x ptr> %a, <2 x ptr> poison, <2 x i32> <i32 1, i32 0>
  %e = extractelement <2 x ptr> %s, i64 0
  %v = insertelement <2 x i64> zeroinitializer, i64 %k, i32 1
  ret <2 x i64> %v
}
define <2 x ptr> @v_p(<2 x i64> %a, ptr %k) {
  %s = shufflevector <2 x i64> %a, <2 x i64> poison, <2 x i32> <i32 1, i32 0>
  %e = extractelement <2 x i64> %s, i64 0
  %v = insertelement <2 x ptr> zeroinitializer, ptr %k, i32 1
  ret <2 x ptr> %v
}
define i32 @main() {
  %a0 = insertvalue { ptr, [2 x i64] } poison, ptr inttoptr (i64 7 to ptr), 0
  %a1 = insertvalue { ptr, [2 x i64] } %a0, i64 8, 1, 0
  %a2 = insertvalue { ptr, [2 x i64] } %a1, i64 9, 1, 1
  %r = call { i64, [2 x ptr] } @s_i({ ptr, [2 x i64] } %a2)
  %r0 = extractvalue { i64, [2 x ptr] } %r, 0
  %r1 = extractvalue { i64, [2 x ptr] } %r, 1, 1
  %r1i = ptrtoint ptr %r1 to i64
  %b0 = insertvalue { i64, [2 x ptr] } poison, i64 3, 0
  %b1 = insertvalue { i64, [2 x ptr] } %b0, ptr inttoptr (i64 4 to ptr), 1, 0
  %b2 = insertvalue { i64, [2 x ptr] } %b1, ptr inttoptr (i64 5 to ptr), 1, 1
  %q = call { ptr, [2 x i64] } @s_p({ i64, [2 x ptr] } %b2)
  %q0 = extractvalue { ptr, [2 x i64] } %q, 0
  %q0i = ptrtoint ptr %q0 to i64
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %r0, i64 %r1i, i64 %q0i)
  %v = call <2 x i64> @v_i(<2 x ptr> zeroinitializer, i64 42)
  %v1 = extractelement <2 x i64> %v, i32 1
  %w = call <2 x ptr> @v_p(<2 x i64> zeroinitializer, ptr inttoptr (i64 43 to ptr))
  %w1 = extractelement <2 x ptr> %w, i32 1
  %w1i = ptrtoint ptr %w1 to i64
  %t0 = load ptr, ptr @tab
  %t1p = getelementptr ptr, ptr @tab, i64 1
  %t1 = load ptr, ptr %t1p
  %e = icmp eq ptr %t0, %t1
  %ez = zext i1 %e to i64
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %v1, i64 %w1i, i64 %ez)
  ret i32 0
}
