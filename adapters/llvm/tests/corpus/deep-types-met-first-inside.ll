; RULE: type keys are a function of the type alone: `{ { { ptr } } }` met first 63 literal structs deep inside `@h`'s type (its leaf past the shim's 64 levels of recursion) keeps the key it has on its own, which its twin `{ { { i64 } } }` (equal by the ptr/int rule) has, so `@f` and `@g` still meet
; OPT22: @h2 -> @h, @k2 -> @k, @g -> @f, all thunks
; EXPECT: h2=thunk->h k2=thunk->k g=thunk->f
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define void @h(ptr %p, ptr %q) {
  %v = load { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { ptr } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } }, ptr %p
  store { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { ptr } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } %v, ptr %q
  ret void
}
define void @h2(ptr %p, ptr %q) {
  %v = load { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { ptr } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } }, ptr %p
  store { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { ptr } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } %v, ptr %q
  ret void
}
define void @k(ptr %p, ptr %q) {
  %v = load { { { i64 } } }, ptr %p
  store { { { i64 } } } %v, ptr %p
  store { { { i64 } } } %v, ptr %q
  ret void
}
define void @k2(ptr %p, ptr %q) {
  %v = load { { { i64 } } }, ptr %p
  store { { { i64 } } } %v, ptr %p
  store { { { i64 } } } %v, ptr %q
  ret void
}
define void @f(ptr %p, ptr %q) {
  %v = load { { { ptr } } }, ptr %p
  %a = add i64 1, 2
  store i64 %a, ptr %p
  store { { { ptr } } } %v, ptr %q
  ret void
}
define void @g(ptr %p, ptr %q) {
  %v = load { { { i64 } } }, ptr %p
  %a = add i64 1, 2
  store i64 %a, ptr %p
  store { { { i64 } } } %v, ptr %q
  ret void
}
