; Another module's copies of the comdat groups of corpus/comdat-groups.ll, linked with
; it by `comdat_groups_survive_the_link` (tests/differential.rs) in both orders.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$inl_g = comdat any
@inl_g.counter = linkonce_odr global i32 5, comdat($inl_g)

define linkonce_odr i32 @inl_g(i32 %x) comdat {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, 5
  ret i32 %c
}

$key = comdat any
@key = linkonce_odr global ptr @key_impl, comdat

define internal i32 @key_impl(i32 %x) unnamed_addr comdat($key) {
  %a = mul i32 %x, 11
  %b = add i32 %a, 2
  %c = xor i32 %b, 9
  ret i32 %c
}

define i32 @other_copy_calls_inl_g(i32 %x) {
  %v = load i32, ptr @inl_g.counter
  %y = add i32 %x, %v
  %r = call i32 @inl_g(i32 %y)
  ret i32 %r
}

define i32 @other_copy_calls_key(i32 %x) {
  %p = load ptr, ptr @key
  %r = call i32 %p(i32 %x)
  ret i32 %r
}
