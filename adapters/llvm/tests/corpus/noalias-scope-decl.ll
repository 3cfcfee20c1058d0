; RULE: rustc's inlined alias scopes: each function declares its own distinct scopes (`llvm.experimental.noalias.scope.decl` of a uniqued list of distinct scope nodes) and tags its loads with them; functions equal up to a consistent renaming of their scopes merge (LLVM 22 equates any two metadata tuples; we rename distinct nodes consistently, so @two_scopes_a, which declares one scope twice, stays apart)
; OPT22: @scoped_b is a thunk to @scoped_a; @two_scopes_a and @two_scopes_b merge too (LLVM 22 equates all the tuples)
; EXPECT: scoped_b=thunk->scoped_a two_scopes_b=thunk->two_scopes_a
; DEVIATION: we keep @two_scopes_b (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

define i32 @scoped_a(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  %x = load i32, ptr %p, align 4, !alias.scope !0, !noalias !3
  %y = load i32, ptr %q, align 4, !alias.scope !3, !noalias !0
  %z = add i32 %x, %y
  ret i32 %z
}

define i32 @scoped_b(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %x = load i32, ptr %p, align 4, !alias.scope !5, !noalias !8
  %y = load i32, ptr %q, align 4, !alias.scope !8, !noalias !5
  %z = add i32 %x, %y
  ret i32 %z
}

; Two declarations of two scopes ...
define i32 @two_scopes_a(ptr %p) {
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %x = load i32, ptr %p, align 4
  ret i32 %x
}

; ... against two declarations of one scope: not a renaming of the same pattern.
define i32 @two_scopes_b(ptr %p) {
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %x = load i32, ptr %p, align 4
  ret i32 %x
}

define i32 @main() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 20, ptr %a, align 4
  store i32 22, ptr %b, align 4
  %r1 = call i32 @scoped_a(ptr %a, ptr %b)
  %r2 = call i32 @scoped_b(ptr %a, ptr %b)
  %r3 = call i32 @two_scopes_a(ptr %a)
  %r4 = call i32 @two_scopes_b(ptr %b)
  %s1 = add i32 %r1, %r2
  %s2 = add i32 %r3, %r4
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"a: %p"}
!2 = distinct !{!2, !"a"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"a: %q"}
!5 = !{!6}
!6 = distinct !{!6, !7, !"b: %p"}
!7 = distinct !{!7, !"b"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"b: %q"}
