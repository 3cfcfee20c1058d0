; RULE: returns of congruent structs with ptr vs i64 fields merge; the thunk converts the result element-wise (extractvalue/inttoptr or ptrtoint/insertvalue)
; OPT22: @pair_ptr thunk to @pair_int (element-wise cast of the returned struct)
; EXPECT: pair_ptr=thunk->pair_int
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define { i64, i32 } @pair_int(i64 %a, i32 %b) {
  %x = insertvalue { i64, i32 } poison, i64 %a, 0
  %y = insertvalue { i64, i32 } %x, i32 %b, 1
  ret { i64, i32 } %y
}

define { ptr, i32 } @pair_ptr(ptr %a, i32 %b) {
  %x = insertvalue { ptr, i32 } poison, ptr %a, 0
  %y = insertvalue { ptr, i32 } %x, i32 %b, 1
  ret { ptr, i32 } %y
}

define i32 @main() {
  %r1 = call { i64, i32 } @pair_int(i64 40, i32 2)
  %r2 = call { ptr, i32 } @pair_ptr(ptr inttoptr (i64 100 to ptr), i32 3)
  %a = extractvalue { i64, i32 } %r1, 0
  %b = extractvalue { i64, i32 } %r1, 1
  %c = extractvalue { ptr, i32 } %r2, 0
  %d = extractvalue { ptr, i32 } %r2, 1
  %ci = ptrtoint ptr %c to i64
  %s1 = add i64 %a, %ci
  %t = trunc i64 %s1 to i32
  %s2 = add i32 %b, %d
  %s = add i32 %t, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
