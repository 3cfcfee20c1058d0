; RULE: §4.2 a weak pair's private body (`NAME.merged`, docs/deviations.md) takes a name whose symbol no other global of the module is emitted as: the private prefix (`.L` on ELF) before `tmp.merged` is the symbol of `@"\01.Ltmp.merged"` (verbatim) and of `@".Lhot.merged"` (ELF adds no prefix to names), so those bodies are named `tmp.merged.1` and `hot.merged.1`; every target's prefixes count, so `cold.merged` (whose symbol `l_cold.merged` is `@"\01l_cold.merged"`'s on Mach-O) is `cold.merged.1` here too
; OPT22: @tmp/@tmp_twin, @hot/@hot_twin and @cold/@cold_twin each become thunks to a new unnamed private body. Named `tmp.merged` and `hot.merged`, the bodies were emitted as `.Ltmp.merged` and `.Lhot.merged`, the symbols of the two functions already there: llc-22 and lli-22 stopped ("symbol '.Ltmp.merged' is already defined")
; EXPECT: tmp=thunk->new{tmp,tmp_twin} tmp_twin=thunk->new{tmp,tmp_twin} hot=thunk->new{hot,hot_twin} hot_twin=thunk->new{hot,hot_twin} cold=thunk->new{cold,cold_twin} cold_twin=thunk->new{cold,cold_twin}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @tmp(i32 %x) {
  %y = mul i32 %x, 23
  %z = add i32 %y, 1
  ret i32 %z
}

define weak i32 @tmp_twin(i32 %x) {
  %y = mul i32 %x, 23
  %z = add i32 %y, 1
  ret i32 %z
}

; Emitted verbatim as `.Ltmp.merged`.
define i32 @"\01.Ltmp.merged"(i32 %x) {
  %y = mul i32 %x, 29
  ret i32 %y
}

define weak i32 @hot(i32 %x) {
  %y = mul i32 %x, 31
  %z = sub i32 %y, 5
  ret i32 %z
}

define weak i32 @hot_twin(i32 %x) {
  %y = mul i32 %x, 31
  %z = sub i32 %y, 5
  ret i32 %z
}

; Emitted as `.Lhot.merged` on ELF, whose global prefix is empty.
define i32 @".Lhot.merged"(i32 %x) {
  %y = mul i32 %x, 37
  ret i32 %y
}

define weak i32 @cold(i32 %x) {
  %y = mul i32 %x, 41
  %z = add i32 %y, 6
  ret i32 %z
}

define weak i32 @cold_twin(i32 %x) {
  %y = mul i32 %x, 41
  %z = add i32 %y, 6
  ret i32 %z
}

; Emitted verbatim as `l_cold.merged`, a private function's symbol on Mach-O.
define i32 @"\01l_cold.merged"(i32 %x) {
  %y = mul i32 %x, 43
  ret i32 %y
}

define i32 @main() {
  %a = call i32 @tmp(i32 1)
  %b = call i32 @tmp_twin(i32 2)
  %c = call i32 @"\01.Ltmp.merged"(i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b, i32 %c)
  %d = call i32 @hot(i32 1)
  %e = call i32 @hot_twin(i32 2)
  %f = call i32 @".Lhot.merged"(i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %d, i32 %e, i32 %f)
  %g = call i32 @cold(i32 1)
  %h = call i32 @cold_twin(i32 2)
  %i = call i32 @"\01l_cold.merged"(i32 2)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %g, i32 %h, i32 %i)
  ret i32 0
}
