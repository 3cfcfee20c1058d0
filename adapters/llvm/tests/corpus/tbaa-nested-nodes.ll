; RULE: a load's attachments are compared in full, nested nodes included (LLVM 22's cmpMDNode equates every nested node, so two TBAA access tags of the same shape are equal whatever types they name)
; OPT22: @g (its load tagged int) becomes a thunk to @f (tagged with a C++ enum's own type). main is well defined and prints 1; after the merge, -O2 forwards the 0 stored through %q past the store through %p, since the enum's tag says they cannot alias: it prints 0
; EXPECT: g=thunk->f
; DEVIATION: we keep @g (see DEVIATIONS in tests/differential.rs)
; O2-EVIDENCE: 1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

; int f(int *p, E *q) { *p = 1; return (int)*q; }   (E: a C++ enum, its own TBAA type)
define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !5
  %v = load i32, ptr %q, align 4, !tbaa !8
  ret i32 %v
}

; int g(int *p, int *q) { *p = 1; return *q; }
define i32 @g(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !5
  %v = load i32, ptr %q, align 4, !tbaa !5
  ret i32 %v
}

define ptr @launder(ptr %x) noinline optnone {
  ret ptr %x
}

define i32 @main() {
  %x = alloca i32, align 4
  store i32 0, ptr %x, align 4, !tbaa !5
  %p = call ptr @launder(ptr %x)
  %q = call ptr @launder(ptr %x)
  store i32 0, ptr %q, align 4, !tbaa !5
  %r = call i32 @g(ptr %p, ptr %q)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %r)
  ret i32 0
}

!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!"int", !2, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{!"_ZTS1E", !2, i64 0}
!8 = !{!7, !7, i64 0}
