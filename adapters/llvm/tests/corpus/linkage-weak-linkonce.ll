; RULE: weak and linkonce are both interposable and neither ODR: name order picks F; double-thunk path; the unused linkonce G is erased
; OPT22: new private body; @a_weak thunk to it; @z_linkonce erased (unused)
; EXPECT: a_weak=thunk->new{a_weak} z_linkonce=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @a_weak(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define linkonce i32 @z_linkonce(i32 %x) {
  %a = mul i32 %x, %x
  %b = add i32 %a, 11
  %c = urem i32 %b, 1000
  ret i32 %c
}

define i32 @main() {
  %a = call i32 @a_weak(i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a)
  ret i32 0
}
