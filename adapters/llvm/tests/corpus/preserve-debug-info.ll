; RUN-OPTS: --preserve-debug-info
; RULE: preserve-debug-info: G itself becomes the thunk (keeps its name, callers and parameter debug info: the alloca/store/#dbg_declare of parameters survive), no caller redirection, no erase of unused local copies
; OPT22: @dbg_b becomes a thunk to @dbg_a in place (its entry keeps the parameter alloca/store/#dbg_declare); @main still calls @dbg_b; internal @dbg_c (no callers) stays as a thunk instead of being erased
; EXPECT: dbg_b=thunk->dbg_a dbg_c=thunk->dbg_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @dbg_a(i32 %x) !dbg !10 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
    #dbg_declare(ptr %x.addr, !14, !DIExpression(), !15)
  %v = load i32, ptr %x.addr, align 4, !dbg !16
  %m = mul i32 %v, 3, !dbg !16
  %r = add i32 %m, 1, !dbg !16
  ret i32 %r, !dbg !16
}

define i32 @dbg_b(i32 %x) !dbg !20 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
    #dbg_declare(ptr %x.addr, !21, !DIExpression(), !22)
  %v = load i32, ptr %x.addr, align 4, !dbg !23
  %m = mul i32 %v, 3, !dbg !23
  %r = add i32 %m, 1, !dbg !23
  ret i32 %r, !dbg !23
}

define internal i32 @dbg_c(i32 %x) !dbg !30 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
    #dbg_declare(ptr %x.addr, !31, !DIExpression(), !32)
  %v = load i32, ptr %x.addr, align 4, !dbg !33
  %m = mul i32 %v, 3, !dbg !33
  %r = add i32 %m, 1, !dbg !33
  ret i32 %r, !dbg !33
}

define i32 @main() !dbg !40 {
  %a = call i32 @dbg_a(i32 4), !dbg !41
  %b = call i32 @dbg_b(i32 5), !dbg !41
  %s = add i32 %a, %b, !dbg !41
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s), !dbg !41
  ret i32 0, !dbg !41
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "pdi.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !5)
!5 = !{!6, !6}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "dbg_a", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !6)
!15 = !DILocation(line: 1, column: 15, scope: !10)
!16 = !DILocation(line: 2, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "dbg_b", scope: !1, file: !1, line: 5, type: !4, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 5, type: !6)
!22 = !DILocation(line: 5, column: 15, scope: !20)
!23 = !DILocation(line: 6, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "dbg_c", scope: !1, file: !1, line: 9, type: !4, scopeLine: 9, spFlags: DISPFlagDefinition | DISPFlagLocalToUnit, unit: !0)
!31 = !DILocalVariable(name: "x", arg: 1, scope: !30, file: !1, line: 9, type: !6)
!32 = !DILocation(line: 9, column: 15, scope: !30)
!33 = !DILocation(line: 10, column: 3, scope: !30)
!40 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DILocation(line: 21, column: 3, scope: !40)
