; RULE: each calling convention pairs only with itself; the thunk calls with the survivor's convention and llc-22 compiles every thunk
; OPT22: every pair of one convention merges: the _b function a thunk to the _a one
; EXPECT: anyregcc_b=thunk->anyregcc_a preserveallcc_b=thunk->preserveallcc_a preservemostcc_b=thunk->preservemostcc_a preservenonecc_b=thunk->preservenonecc_a ghccc_b=thunk->ghccc_a hhvmcc_b=thunk->hhvmcc_a hhvmccc_b=thunk->hhvmccc_a x86regcallcc_b=thunk->x86regcallcc_a cfguardcheckcc_b=thunk->cfguardcheckcc_a tailcc_b=thunk->tailcc_a cxxfasttlscc_b=thunk->cxxfasttlscc_a x86vectorcallcc_b=thunk->x86vectorcallcc_a win64cc_b=thunk->win64cc_a x8664sysvcc_b=thunk->x8664sysvcc_a coldcc_b=thunk->coldcc_a fastcc_b=thunk->fastcc_a swiftcc_b=thunk->swiftcc_a x86stdcallcc_b=thunk->x86stdcallcc_a x86fastcallcc_b=thunk->x86fastcallcc_a x86thiscallcc_b=thunk->x86thiscallcc_a inteloclbicc_b=thunk->inteloclbicc_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@g = global i64 0
define anyregcc i64 @anyregcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 1
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define anyregcc i64 @anyregcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 1
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_allcc i64 @preserveallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 2
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_allcc i64 @preserveallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 2
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_mostcc i64 @preservemostcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 3
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_mostcc i64 @preservemostcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 3
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_nonecc i64 @preservenonecc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 4
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define preserve_nonecc i64 @preservenonecc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 4
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define ghccc i64 @ghccc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 5
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define ghccc i64 @ghccc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 5
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define hhvmcc i64 @hhvmcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 6
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define hhvmcc i64 @hhvmcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 6
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define hhvm_ccc i64 @hhvmccc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 7
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define hhvm_ccc i64 @hhvmccc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 7
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_regcallcc i64 @x86regcallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 8
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_regcallcc i64 @x86regcallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 8
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define cfguard_checkcc i64 @cfguardcheckcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 9
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define cfguard_checkcc i64 @cfguardcheckcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 9
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define tailcc i64 @tailcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 10
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define tailcc i64 @tailcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 10
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define cxx_fast_tlscc i64 @cxxfasttlscc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 11
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define cxx_fast_tlscc i64 @cxxfasttlscc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 11
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_vectorcallcc i64 @x86vectorcallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 12
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_vectorcallcc i64 @x86vectorcallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 12
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define win64cc i64 @win64cc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 13
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define win64cc i64 @win64cc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 13
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_64_sysvcc i64 @x8664sysvcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 14
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_64_sysvcc i64 @x8664sysvcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 14
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define coldcc i64 @coldcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 15
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define coldcc i64 @coldcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 15
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define fastcc i64 @fastcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 16
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define fastcc i64 @fastcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 16
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define swiftcc i64 @swiftcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 17
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define swiftcc i64 @swiftcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 17
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_stdcallcc i64 @x86stdcallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 18
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_stdcallcc i64 @x86stdcallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 18
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_fastcallcc i64 @x86fastcallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 19
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_fastcallcc i64 @x86fastcallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 19
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_thiscallcc i64 @x86thiscallcc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 20
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define x86_thiscallcc i64 @x86thiscallcc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 20
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define intel_ocl_bicc i64 @inteloclbicc_a(i64 %x, i64 %y) {
  %z = add i64 %x, 21
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
define intel_ocl_bicc i64 @inteloclbicc_b(i64 %x, i64 %y) {
  %z = add i64 %x, 21
  store i64 %z, ptr @g
  %w = mul i64 %z, %y
  ret i64 %w
}
