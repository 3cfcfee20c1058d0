; RULE: data vectors of one total width compare by their image in the target's memory: on a big-endian target <2 x i32> <1, 2> is not <4 x i16> <1, 0, 2, 0> (their bitcasts to i64 differ there), but is <4 x i16> <0, 1, 0, 2>; LLVM 22 compares the host's (little-endian) bytes instead
; OPT22: @f_i32 thunk to @f_i16 (wrong on this target: instcombine folds their stores to 4294967298 and 281474976841728); @g_i16 (the same image as @f_i32: both fold to 4294967298) stays; @same_b thunk to @same_a
; EXPECT: f_i32=thunk->f_i16 same_b=thunk->same_a
; TARGET: a big-endian target (mips), on purpose
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@slot = global i64 0

define void @f_i32() {
  store i64 bitcast (<2 x i32> <i32 1, i32 2> to i64), ptr @slot
  store i64 bitcast (<2 x i32> <i32 1, i32 2> to i64), ptr @slot
  ret void
}

define void @f_i16() {
  store i64 bitcast (<4 x i16> <i16 1, i16 0, i16 2, i16 0> to i64), ptr @slot
  store i64 bitcast (<4 x i16> <i16 1, i16 0, i16 2, i16 0> to i64), ptr @slot
  ret void
}

define void @g_i16() {
  store i64 bitcast (<4 x i16> <i16 0, i16 1, i16 0, i16 2> to i64), ptr @slot
  store i64 bitcast (<4 x i16> <i16 0, i16 1, i16 0, i16 2> to i64), ptr @slot
  ret void
}

define void @same_a(<2 x i32> %v) {
  %w = add <2 x i32> %v, <i32 3, i32 4>
  %x = bitcast <2 x i32> %w to i64
  store i64 %x, ptr @slot
  ret void
}

define void @same_b(<2 x i32> %v) {
  %w = add <2 x i32> %v, <i32 3, i32 4>
  %x = bitcast <2 x i32> %w to i64
  store i64 %x, ptr @slot
  ret void
}
