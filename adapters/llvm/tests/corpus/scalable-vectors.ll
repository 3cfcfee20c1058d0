; RULE: scalable vectors: a GEP over <vscale x 4 x i32> has no constant byte offset, so it never equals a fixed-offset GEP; loads, allocas and splats of scalable types compare by type
; OPT22: @g_fixed4 thunk to @g_fixed; @ld_b thunk to @ld_a; nothing scalable merges with anything fixed
; EXPECT: ld_b=thunk->ld_a g_fixed4=thunk->g_fixed
; TARGET: an AArch64 module (SVE types)
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

define ptr @g_vs(ptr %p) {
  %q = getelementptr <vscale x 4 x i32>, ptr %p, i64 1
  %r = getelementptr i8, ptr %q, i64 4
  ret ptr %r
}
define ptr @g_fixed(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 16
  %r = getelementptr i8, ptr %q, i64 4
  ret ptr %r
}
define ptr @g_fixed4(ptr %p) {
  %q = getelementptr <4 x i32>, ptr %p, i64 1
  %r = getelementptr i8, ptr %q, i64 4
  ret ptr %r
}
define ptr @g_vs2(ptr %p) {
  %q = getelementptr <vscale x 2 x i64>, ptr %p, i64 1
  %r = getelementptr i8, ptr %q, i64 4
  ret ptr %r
}
define ptr @g_vs8(ptr %p) {
  %q = getelementptr <vscale x 8 x i16>, ptr %p, i64 1
  %r = getelementptr i8, ptr %q, i64 4
  ret ptr %r
}
define i64 @sz_a() {
  %q = getelementptr <vscale x 4 x i32>, ptr null, i64 1
  %i = ptrtoint ptr %q to i64
  %j = add i64 %i, 1
  ret i64 %j
}
define i64 @sz_b() {
  %q = getelementptr <4 x i32>, ptr null, i64 1
  %i = ptrtoint ptr %q to i64
  %j = add i64 %i, 1
  ret i64 %j
}
define <vscale x 4 x i32> @ld_a(ptr %p) {
  %v = load <vscale x 4 x i32>, ptr %p
  %w = add <vscale x 4 x i32> %v, %v
  ret <vscale x 4 x i32> %w
}
define <vscale x 4 x i32> @ld_b(ptr %p) {
  %v = load <vscale x 4 x i32>, ptr %p
  %w = add <vscale x 4 x i32> %v, %v
  ret <vscale x 4 x i32> %w
}
define <vscale x 2 x i64> @ld_c(ptr %p) {
  %v = load <vscale x 2 x i64>, ptr %p
  %w = add <vscale x 2 x i64> %v, %v
  ret <vscale x 2 x i64> %w
}
define void @al_a(ptr %o) {
  %a = alloca <vscale x 4 x i32>
  %b = alloca <vscale x 4 x i32>
  store ptr %a, ptr %o
  store ptr %b, ptr %o
  ret void
}
define void @al_b(ptr %o) {
  %a = alloca <4 x i32>
  %b = alloca <4 x i32>
  store ptr %a, ptr %o
  store ptr %b, ptr %o
  ret void
}
define <vscale x 4 x i32> @splat_a() {
  %x = add <vscale x 4 x i32> splat (i32 1), splat (i32 2)
  %y = mul <vscale x 4 x i32> %x, %x
  ret <vscale x 4 x i32> %y
}
define <vscale x 4 x i32> @splat_b() {
  %x = add <vscale x 4 x i32> splat (i32 1), splat (i32 3)
  %y = mul <vscale x 4 x i32> %x, %x
  ret <vscale x 4 x i32> %y
}
define <vscale x 4 x float> @bc_a(<vscale x 4 x i32> %v) {
  %b = bitcast <vscale x 4 x i32> %v to <vscale x 4 x float>
  %c = fadd <vscale x 4 x float> %b, %b
  ret <vscale x 4 x float> %c
}
define <vscale x 4 x float> @bc_b(<vscale x 2 x i64> %v) {
  %b = bitcast <vscale x 2 x i64> %v to <vscale x 4 x float>
  %c = fadd <vscale x 4 x float> %b, %b
  ret <vscale x 4 x float> %c
}
define i32 @vs_rt_a(<vscale x 4 x i32> %v) {
  %e = extractelement <vscale x 4 x i32> %v, i64 5
  %f = add i32 %e, 1
  ret i32 %f
}
define i32 @vs_rt_b(<4 x i32> %v) {
  %e = extractelement <4 x i32> %v, i64 5
  %f = add i32 %e, 1
  ret i32 %f
}
