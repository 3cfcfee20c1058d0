; RULE: constants: same-width vectors are "bitcastable" (<2 x i64> zero == <2 x ptr> null); <2 x i8> vs <4 x i8> and [2 x i8] vs [4 x i8] differ; equal ConstantVector/ConstantArray contents merge
; OPT22: @vz_ptr thunk to @vz_i64; @arr4_b thunk to @arr4_a; the 2-element and 4-element variants stay; @structs_a/@structs_b name different globals and stay
; EXPECT: arr4_b=thunk->arr4_a vz_ptr=thunk->vz_i64
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @vz_i64(ptr %p) {
  store <2 x i64> zeroinitializer, ptr %p, align 16
  store i32 1, ptr %p
  ret void
}

define void @vz_ptr(ptr %p) {
  store <2 x ptr> zeroinitializer, ptr %p, align 16
  store i32 1, ptr %p
  ret void
}

define void @v2(ptr %p) {
  store <2 x i8> <i8 1, i8 2>, ptr %p
  store i32 1, ptr %p
  ret void
}

define void @v4(ptr %p) {
  store <4 x i8> <i8 1, i8 2, i8 0, i8 0>, ptr %p
  store i32 1, ptr %p
  ret void
}

define void @arr2(ptr %p) {
  store [2 x i8] [i8 1, i8 2], ptr %p
  store i32 1, ptr %p
  ret void
}

define void @arr4_a(ptr %p) {
  store [4 x i8] [i8 1, i8 2, i8 0, i8 0], ptr %p
  store i32 1, ptr %p
  ret void
}

define void @arr4_b(ptr %p) {
  store [4 x i8] [i8 1, i8 2, i8 0, i8 0], ptr %p
  store i32 1, ptr %p
  ret void
}

define void @structs_a(ptr %p) {
  store { i32, ptr } { i32 7, ptr @vz_i64 }, ptr %p
  store i32 1, ptr %p
  ret void
}

define void @structs_b(ptr %p) {
  store { i32, ptr } { i32 7, ptr @vz_ptr }, ptr %p
  store i32 1, ptr %p
  ret void
}
