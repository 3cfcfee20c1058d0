; RULE: shufflevector constant masks are compared element by element (poison lanes as -1)
; OPT22: @shuf_b thunk to @shuf_a; @shuf_mask and @shuf_poison stay
; EXPECT: shuf_b=thunk->shuf_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <4 x i32> @shuf_a(<4 x i32> %x, <4 x i32> %y) {
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t = add <4 x i32> %s, %x
  ret <4 x i32> %t
}

define <4 x i32> @shuf_b(<4 x i32> %x, <4 x i32> %y) {
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t = add <4 x i32> %s, %x
  ret <4 x i32> %t
}

define <4 x i32> @shuf_mask(<4 x i32> %x, <4 x i32> %y) {
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 2, i32 5>
  %t = add <4 x i32> %s, %x
  ret <4 x i32> %t
}

define <4 x i32> @shuf_poison(<4 x i32> %x, <4 x i32> %y) {
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 poison, i32 5>
  %t = add <4 x i32> %s, %x
  ret <4 x i32> %t
}
