; RULE: `!alias.scope` and `!noalias` lists are compared in full: the scopes (distinct nodes) by consistent renaming, their domains too, on loads and stores alike (LLVM 22 equates any two lists of one length on loads and compares nothing on stores)
; OPT22: @g (one scope for both accesses: no promise) becomes a thunk to @f (the store and the load in two scopes of one domain, each marked noalias with the other). main is well defined and prints 2; after the merge, -O2 forwards the 1 stored through %p past the store through %q: it prints 1. @ren_b, the same pattern as @f under other scope nodes, is a thunk to @f for both tools
; EXPECT: g=thunk->f ren_b=thunk->f
; DEVIATION: we keep @g (see DEVIATIONS in tests/differential.rs)
; O2-EVIDENCE: 2
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !1, !noalias !4
  store i32 2, ptr %q, align 4, !alias.scope !4, !noalias !1
  %v = load i32, ptr %p, align 4, !alias.scope !1, !noalias !4
  ret i32 %v
}

define i32 @g(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !1, !noalias !6
  store i32 2, ptr %q, align 4, !alias.scope !1, !noalias !6
  %v = load i32, ptr %p, align 4, !alias.scope !1, !noalias !6
  ret i32 %v
}

; @f's pattern under its own scopes and domain (and other descriptions): a renaming.
define i32 @ren_b(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !11, !noalias !14
  store i32 2, ptr %q, align 4, !alias.scope !14, !noalias !11
  %v = load i32, ptr %p, align 4, !alias.scope !11, !noalias !14
  ret i32 %v
}

define ptr @launder(ptr %x) noinline optnone {
  ret ptr %x
}

define i32 @main() {
  %x = alloca i32, align 4
  %p = call ptr @launder(ptr %x)
  %q = call ptr @launder(ptr %x)
  %r = call i32 @g(ptr %p, ptr %q)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r)
  ret i32 0
}

!0 = distinct !{!0, !"domain f"}
!1 = !{!2}
!2 = distinct !{!2, !0, !"f: p"}
!3 = distinct !{!3, !0, !"f: q"}
!4 = !{!3}
!5 = distinct !{!5, !0, !"g: unused"}
!6 = !{!5}
!10 = distinct !{!10, !"domain ren"}
!11 = !{!12}
!12 = distinct !{!12, !10, !"ren: p"}
!13 = distinct !{!13, !10, !"ren: q"}
!14 = !{!13}
