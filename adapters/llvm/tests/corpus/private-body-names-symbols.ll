; RULE: the private body split out of two interposable equal functions is named after the survivor (docs/deviations.md), but never by a name that is not its own symbol: leading `\01`s (emit verbatim) are left out (all of them: `\01\01bar` less one is still verbatim), so the body gets the private prefix (`.L`) and cannot take another global's symbol, and a name in the reserved `llvm.` namespace (from `@llvm`) becomes `llvm_merged`
; OPT22: @"\01foo"/@foo_twin, @"\01\01bar"/@bar_twin and @llvm/@llvm_twin each become thunks to a new unnamed private body; ours are @foo.merged.1 and @bar.merged.2 (the IR names @foo.merged and @bar.merged are taken) and @llvm_merged. Named `\01foo.merged` the body was emitted as the symbol `foo.merged` (llc-22 and lli-22: "symbol 'foo.merged' is already defined"; linked against an external foo.merged, its callers ran the body), and `llvm.merged` failed the verifier ("llvm intrinsics cannot be defined")
; EXPECT: \01foo=thunk->new{\01foo,foo_twin} foo_twin=thunk->new{\01foo,foo_twin} \01\01bar=thunk->new{\01\01bar,bar_twin} bar_twin=thunk->new{\01\01bar,bar_twin} llvm=thunk->new{llvm,llvm_twin} llvm_twin=thunk->new{llvm,llvm_twin}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @"\01foo"(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define weak i32 @foo_twin(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

; The symbol `\01foo.merged` would be emitted as.
define i32 @foo.merged(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}

define weak i32 @"\01\01bar"(i32 %x) {
  %y = mul i32 %x, 11
  %z = add i32 %y, 4
  ret i32 %z
}

define weak i32 @bar_twin(i32 %x) {
  %y = mul i32 %x, 11
  %z = add i32 %y, 4
  ret i32 %z
}

; Less one marker, the body would be `\01bar.merged`, emitted as `bar.merged`.
define i32 @bar.merged(i32 %x) {
  %y = mul i32 %x, 13
  ret i32 %y
}

define weak i32 @llvm(i32 %x) {
  %y = mul i32 %x, 7
  %z = sub i32 %y, 2
  ret i32 %z
}

define weak i32 @llvm_twin(i32 %x) {
  %y = mul i32 %x, 7
  %z = sub i32 %y, 2
  ret i32 %z
}

define i32 @main() {
  %a = call i32 @"\01foo"(i32 1)
  %b = call i32 @foo_twin(i32 2)
  %c = call i32 @foo.merged(i32 2)
  %d = call i32 @llvm(i32 3)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  %e = call i32 @"\01\01bar"(i32 1)
  %f = call i32 @bar_twin(i32 2)
  %g = call i32 @bar.merged(i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %e, i32 %f, i32 %g, i32 %d)
  ret i32 0
}
