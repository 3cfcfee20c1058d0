; RULE: debug records and !dbg locations are invisible to the comparison; the too-small rule counts only non-debug instructions (a ret plus debug records is still too small)
; OPT22: @dr_b thunk to @dr_a (different locations/variables); @tiny_dbg_b keeps its body (ret + #dbg_value only; hidden, so no RAUW) but its caller moves to @tiny_dbg_a
; EXPECT: dr_b=thunk->dr_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @dr_a(i32 %x) !dbg !10 {
    #dbg_value(i32 %x, !14, !DIExpression(), !15)
  %m = mul i32 %x, 3, !dbg !15
  %r = add i32 %m, 1, !dbg !15
  ret i32 %r, !dbg !15
}

define i32 @dr_b(i32 %x) !dbg !20 {
    #dbg_value(i32 %x, !21, !DIExpression(), !22)
  %m = mul i32 %x, 3, !dbg !22
    #dbg_value(i32 %m, !21, !DIExpression(), !22)
  %r = add i32 %m, 1, !dbg !23
  ret i32 %r, !dbg !23
}

define hidden i32 @tiny_dbg_a(i32 %x) !dbg !30 {
    #dbg_value(i32 %x, !31, !DIExpression(), !32)
  ret i32 %x, !dbg !32
}

define hidden i32 @tiny_dbg_b(i32 %x) !dbg !33 {
    #dbg_value(i32 %x, !34, !DIExpression(), !35)
  ret i32 %x, !dbg !35
}

define i32 @main() !dbg !40 {
  %a = call i32 @dr_a(i32 4), !dbg !41
  %b = call i32 @dr_b(i32 5), !dbg !41
  %c = call i32 @tiny_dbg_b(i32 6), !dbg !41
  %s1 = add i32 %a, %b, !dbg !41
  %s = add i32 %s1, %c, !dbg !41
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s), !dbg !41
  ret i32 0, !dbg !41
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "dr.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !5)
!5 = !{!6, !6}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "dr_a", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !6)
!15 = !DILocation(line: 2, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "dr_b", scope: !1, file: !1, line: 5, type: !4, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocalVariable(name: "y", arg: 1, scope: !20, file: !1, line: 5, type: !6)
!22 = !DILocation(line: 6, column: 3, scope: !20)
!23 = !DILocation(line: 7, column: 9, scope: !20)
!30 = distinct !DISubprogram(name: "tiny_dbg_a", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocalVariable(name: "x", arg: 1, scope: !30, file: !1, line: 10, type: !6)
!32 = !DILocation(line: 11, column: 3, scope: !30)
!33 = distinct !DISubprogram(name: "tiny_dbg_b", scope: !1, file: !1, line: 12, type: !4, scopeLine: 12, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!34 = !DILocalVariable(name: "x", arg: 1, scope: !33, file: !1, line: 12, type: !6)
!35 = !DILocation(line: 13, column: 3, scope: !33)
!40 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DILocation(line: 21, column: 3, scope: !40)
