; RULE: a comdat group is kept or dropped whole by the linker, so a merge must neither take a non-local function out of a group that keeps other members (erase, alias) nor point code outside a droppable group at a local member of it (RAUW, redirected calls, thunk, alias)
; OPT22: erases @inl_f and @inl_g (both unused after their calls move to a new private body), though group $inl_g keeps @inl_g.counter; replaces every use of @plain_b by @key_impl, local to group $key. Linked first with tests/comdat-link/other-copy.ll, whose $inl_g copy is dropped, its call of @inl_g lands on a dropped section (crash); linked after it, main refers to the dropped @key_impl (ld refuses)
; EXPECT: inl_f=erased inl_g=erased plain_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

; Group $inl_g: an inline function and a variable of it (a C++ constructor pair's C5
; group or a function with a static local and its guard are groups of this kind).
$inl_g = comdat any
$inl_f = comdat any
@inl_g.counter = linkonce_odr global i32 5, comdat($inl_g)

define linkonce_odr i32 @inl_f(i32 %x) comdat {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, 5
  ret i32 %c
}

define linkonce_odr i32 @inl_g(i32 %x) comdat {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, 5
  ret i32 %c
}

; Group $key: keyed by a variable, with an internal function as a member.
$key = comdat any
@key = linkonce_odr global ptr @key_impl, comdat

define internal i32 @key_impl(i32 %x) unnamed_addr comdat($key) {
  %a = mul i32 %x, 11
  %b = add i32 %a, 2
  %c = xor i32 %b, 9
  ret i32 %c
}

define internal i32 @plain_b(i32 %x) unnamed_addr {
  %a = mul i32 %x, 11
  %b = add i32 %a, 2
  %c = xor i32 %b, 9
  ret i32 %c
}

; Stand-ins for the other module's functions when this file runs alone (lli).
define weak i32 @other_copy_calls_inl_g(i32 %x) {
  %v = load i32, ptr @inl_g.counter
  %y = add i32 %x, %v
  %r = call i32 @inl_f(i32 %y)
  ret i32 %r
}

define weak i32 @other_copy_calls_key(i32 %x) {
  %p = load ptr, ptr @key
  %r = call i32 %p(i32 %x)
  ret i32 %r
}

define i32 @main() {
  %f = call i32 @inl_f(i32 4)
  %g = call i32 @other_copy_calls_inl_g(i32 1)
  %s = add i32 %f, %g
  %b = call i32 @plain_b(i32 3)
  %k = call i32 @other_copy_calls_key(i32 2)
  %t = add i32 %b, %k
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s, i32 %t)
  ret i32 0
}
