; RULE: musttail callers of a folded function: calls move (a RAUW of an internal unnamed_addr copy, or redirected calls) with the call's own function type; the musttail caller pairs merge too (the thunk converts ptr and i64)
; OPT22: @c_ptr RAUW'd by @c_int (musttail call ptr @c_int(ptr)); @ext_ptr thunk to @ext_int; @mt_caller4 and @mt_caller3 thunks (@mt_caller and @mt_caller2, a musttail call and a return, are classified as thunks of their callees)
; EXPECT: c_ptr=erased mt_caller4=thunk->mt_caller ext_ptr=thunk->ext_int mt_caller3=thunk->mt_caller2 mt_caller=thunk->c_int mt_caller2=thunk->ext_int
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
@g = global i64 40
define internal i64 @c_int(i64 %x) unnamed_addr {
  %y = load i64, ptr @g
  store i64 %x, ptr @g
  ret i64 %y
}
define internal ptr @c_ptr(ptr %x) unnamed_addr {
  %y = load ptr, ptr @g
  store ptr %x, ptr @g
  ret ptr %y
}
define i64 @ext_int(i64 %x) {
  %y = load i64, ptr @g
  store i64 %x, ptr @g
  store i64 %x, ptr @g
  ret i64 %y
}
define ptr @ext_ptr(ptr %x) {
  %y = load ptr, ptr @g
  store ptr %x, ptr @g
  store ptr %x, ptr @g
  ret ptr %y
}
define ptr @mt_caller(ptr %x) {
  %r = musttail call ptr @c_ptr(ptr %x)
  ret ptr %r
}
define ptr @mt_caller2(ptr %x) {
  %r = musttail call ptr @ext_ptr(ptr %x)
  ret ptr %r
}
define i64 @mt_caller3(i64 %x) {
  %r = musttail call i64 @ext_int(i64 %x)
  ret i64 %r
}
define i64 @mt_caller4(i64 %x) {
  %r = musttail call i64 @c_int(i64 %x)
  ret i64 %r
}
define i32 @main() {
  %a = call ptr @mt_caller(ptr inttoptr (i64 4 to ptr))
  %b = call ptr @mt_caller2(ptr inttoptr (i64 5 to ptr))
  %c = call i64 @mt_caller3(i64 6)
  %d = call i64 @mt_caller4(i64 7)
  %ai = ptrtoint ptr %a to i64
  %bi = ptrtoint ptr %b to i64
  %s = mul i64 %ai, %bi
  %s2 = mul i64 %s, %c
  %s3 = add i64 %s2, %d
  %t = trunc i64 %s3 to i32
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %t)
  ret i32 0
}
