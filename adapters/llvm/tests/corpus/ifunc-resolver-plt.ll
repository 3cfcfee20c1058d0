; RULE: code an ifunc resolver runs (the resolver and what it calls directly) gains no call of a survivor that is not dso_local (no thunk, redirected calls or replaced uses): in a shared library such a call goes through the PLT, and with symbols bound at load time (-z now) the loader runs the resolver before it fills in the PLT's GOT slots, so the call jumps to an unrelocated address; aliases, and merges onto dso_local survivors, still happen
; OPT22: @res_b becomes a thunk calling @res_a (a PLT call in the library); @hl_b and @hl_h are replaced by @hl_a in the resolvers' calls. Built with -fPIC -shared -Wl,-z,now and called from an executable, the program crashes while the library is loaded (SIGSEGV); ours prints what the unmerged one prints
; EXPECT: res_b=thunk->res_a hl_b=erased hl_h=thunk->hl_a
; DEVIATION: we keep @res_b and @hl_h (the resolver @res_c calls @hl_h) (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@sel = hidden global i32 1

; Called first, so the library's PLT slots of the ifuncs come before the one of @res_a
; and @hl_a that a merge would add.
define i32 @lib_calls(i32 %x) {
  %b = call i32 @if_b(i32 %x)
  %a = call i32 @if_a(i32 %x)
  %c = call i32 @if_c(i32 %x)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

define internal i32 @impl1(i32 %x) {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}

define internal i32 @impl2(i32 %x) {
  %a = mul i32 %x, 5
  %b = add i32 %a, 1
  ret i32 %b
}

; Helpers of the resolvers: an internal one and a hidden one (both bind locally), and
; an exported twin (not dso_local: called through the PLT from a shared library).
define internal i32 @hl_b(i32 %s) noinline {
  %t = mul i32 %s, 7
  %u = add i32 %t, 3
  %c = icmp eq i32 %u, 3
  %z = zext i1 %c to i32
  ret i32 %z
}

define hidden i32 @hl_h(i32 %s) noinline {
  %t = mul i32 %s, 7
  %u = add i32 %t, 3
  %c = icmp eq i32 %u, 3
  %z = zext i1 %c to i32
  ret i32 %z
}

define i32 @hl_a(i32 %s) noinline {
  %t = mul i32 %s, 7
  %u = add i32 %t, 3
  %c = icmp eq i32 %u, 3
  %z = zext i1 %c to i32
  ret i32 %z
}

; Two equal exported resolvers.
define ptr @res_a() {
  %s = load i32, ptr @sel
  %c = icmp eq i32 %s, 0
  %r = select i1 %c, ptr @impl1, ptr @impl2
  ret ptr %r
}

define ptr @res_b() {
  %s = load i32, ptr @sel
  %c = icmp eq i32 %s, 0
  %r = select i1 %c, ptr @impl1, ptr @impl2
  ret ptr %r
}

; A resolver calling the helpers.
define ptr @res_c() {
  %s = load i32, ptr @sel
  %h = call i32 @hl_b(i32 %s)
  %g = call i32 @hl_h(i32 %s)
  %k = add i32 %h, %g
  %c = icmp eq i32 %k, 2
  %r = select i1 %c, ptr @impl1, ptr @impl2
  ret ptr %r
}

@if_a = ifunc i32 (i32), ptr @res_a
@if_b = ifunc i32 (i32), ptr @res_b
@if_c = ifunc i32 (i32), ptr @res_c
