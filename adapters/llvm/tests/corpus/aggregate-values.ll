; RULE: insertvalue/extractvalue compare their index lists; same indices merge
; OPT22: @agg_b thunk to @agg_a; @agg_idx (other extract index) and @agg_ins (other insert index) stay
; EXPECT: agg_b=thunk->agg_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @agg_a(i32 %x, i32 %y) {
  %s0 = insertvalue { i32, { i32, i32 } } poison, i32 %x, 0
  %s1 = insertvalue { i32, { i32, i32 } } %s0, i32 %y, 1, 1
  %e = extractvalue { i32, { i32, i32 } } %s1, 1, 1
  %f = extractvalue { i32, { i32, i32 } } %s1, 0
  %r = sub i32 %e, %f
  ret i32 %r
}

define i32 @agg_b(i32 %x, i32 %y) {
  %s0 = insertvalue { i32, { i32, i32 } } poison, i32 %x, 0
  %s1 = insertvalue { i32, { i32, i32 } } %s0, i32 %y, 1, 1
  %e = extractvalue { i32, { i32, i32 } } %s1, 1, 1
  %f = extractvalue { i32, { i32, i32 } } %s1, 0
  %r = sub i32 %e, %f
  ret i32 %r
}

define i32 @agg_idx(i32 %x, i32 %y) {
  %s0 = insertvalue { i32, { i32, i32 } } zeroinitializer, i32 %x, 0
  %s1 = insertvalue { i32, { i32, i32 } } %s0, i32 %y, 1, 1
  %e = extractvalue { i32, { i32, i32 } } %s1, 1, 0
  %f = extractvalue { i32, { i32, i32 } } %s1, 0
  %r = sub i32 %e, %f
  ret i32 %r
}

define i32 @agg_ins(i32 %x, i32 %y) {
  %s0 = insertvalue { i32, { i32, i32 } } poison, i32 %x, 0
  %s1 = insertvalue { i32, { i32, i32 } } %s0, i32 %y, 1, 0
  %e = extractvalue { i32, { i32, i32 } } %s1, 1, 0
  %f = extractvalue { i32, { i32, i32 } } %s1, 0
  %r = sub i32 %e, %f
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @agg_a(i32 3, i32 10)
  %b = call i32 @agg_b(i32 4, i32 20)
  %c = call i32 @agg_idx(i32 5, i32 30)
  %d = call i32 @agg_ins(i32 6, i32 40)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
