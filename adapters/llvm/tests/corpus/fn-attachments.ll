; RULE: function attachments that indirect calls check (!kcfi_type: KCFI's type hash before the entry; !type: CFI type sets; !func_sanitize: -fsanitize=function's signature) and the partition are compared (LLVM 22 ignores them); !dbg, !prof and !section_prefix are not compared
; OPT22: @k_222 RAUW'd by @k_111 (an indirect call that checks hash 222 then reaches a function with hash 111: KCFI trap); @t_b RAUW'd by @t_a; @s_b RAUW'd by @s_a; @prof_b RAUW'd by @prof_a; @part_b (partition p2) RAUW'd by @part_a (partition p1)
; EXPECT: k_222=erased t_b=erased s_b=erased prof_b=erased part_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @k_111(i32 %x) unnamed_addr !kcfi_type !1 {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @k_222(i32 %x) unnamed_addr !kcfi_type !2 {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @t_a(i32 %x) unnamed_addr !type !3 {
  %y = add i32 %x, 2
  ret i32 %y
}

define internal i32 @t_b(i32 %x) unnamed_addr !type !4 {
  %y = add i32 %x, 2
  ret i32 %y
}

define internal i32 @s_a(i32 %x) unnamed_addr !func_sanitize !5 {
  %y = add i32 %x, 3
  ret i32 %y
}

define internal i32 @s_b(i32 %x) unnamed_addr !func_sanitize !6 {
  %y = add i32 %x, 3
  ret i32 %y
}

define internal i32 @prof_a(i32 %x) unnamed_addr !prof !7 !section_prefix !9 {
  %y = add i32 %x, 4
  ret i32 %y
}

define internal i32 @prof_b(i32 %x) unnamed_addr !prof !8 {
  %y = add i32 %x, 4
  ret i32 %y
}

define internal i32 @part_a(i32 %x) unnamed_addr partition "p1" {
  %y = add i32 %x, 5
  ret i32 %y
}

define internal i32 @part_b(i32 %x) unnamed_addr partition "p2" {
  %y = add i32 %x, 5
  ret i32 %y
}

define internal i32 @call_checked_222(ptr %f) {
  %r = call i32 %f(i32 1) [ "kcfi"(i32 222) ]
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @call_checked_222(ptr @k_222)
  %b = call i32 @k_111(i32 1)
  %c = call i32 @t_a(i32 1)
  %d = call i32 @t_b(i32 1)
  %e = call i32 @s_a(i32 1)
  %f = call i32 @s_b(i32 1)
  %g = call i32 @prof_a(i32 1)
  %h = call i32 @prof_b(i32 1)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %s6 = add i32 %s5, %g
  %s7 = add i32 %s6, %h
  %i = call i32 @part_a(i32 1)
  %j = call i32 @part_b(i32 1)
  %s8 = add i32 %s7, %i
  %s9 = add i32 %s8, %j
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s9)
  ret i32 0
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"kcfi", i32 1}
!1 = !{i32 111}
!2 = !{i32 222}
!3 = !{i64 0, !"typeid_a"}
!4 = !{i64 0, !"typeid_b"}
!5 = !{i32 -1056584962, i32 905068220}
!6 = !{i32 -1056584962, i32 12345}
!7 = !{!"function_entry_count", i64 10}
!8 = !{!"function_entry_count", i64 20}
!9 = !{!"function_section_prefix", !"hot"}
