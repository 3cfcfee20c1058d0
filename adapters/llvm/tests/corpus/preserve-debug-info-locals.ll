; RUN-OPTS: --preserve-debug-info
; RULE: preserve-debug-info thunks keep of the entry block only the debug records of parameters (#dbg_value of a parameter; #dbg_declare of a parameter with its alloca and the stores of arguments into it); spills of parameters without a record, locals and their records go
; OPT22: @loc_b becomes a thunk to @loc_a in place keeping %x.addr, its store and #dbg_declare, and the #dbg_value of %y; %y.addr (no record), %t (a local) and its #dbg_declare, the #dbg_value of the local go
; EXPECT: loc_b=thunk->loc_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @loc_a(i32 %x, i32 %y) !dbg !10 {
entry:
  %x.addr = alloca i32, align 4
  %y.addr = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
    #dbg_declare(ptr %x.addr, !11, !DIExpression(), !14)
  store i32 %y, ptr %y.addr, align 4
    #dbg_value(i32 %y, !12, !DIExpression(), !14)
  store i32 7, ptr %t, align 4
    #dbg_declare(ptr %t, !13, !DIExpression(), !14)
  %v = load i32, ptr %x.addr, align 4, !dbg !15
  %w = load i32, ptr %y.addr, align 4, !dbg !15
  %s = add i32 %v, %w, !dbg !15
    #dbg_value(i32 %s, !13, !DIExpression(), !15)
  %c = icmp sgt i32 %s, 10, !dbg !15
  br i1 %c, label %big, label %small, !dbg !15

big:
  %m = mul i32 %s, 3, !dbg !15
  ret i32 %m, !dbg !15

small:
  ret i32 %s, !dbg !15
}

define i32 @loc_b(i32 %x, i32 %y) !dbg !20 {
entry:
  %x.addr = alloca i32, align 4
  %y.addr = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
    #dbg_declare(ptr %x.addr, !21, !DIExpression(), !24)
  store i32 %y, ptr %y.addr, align 4
    #dbg_value(i32 %y, !22, !DIExpression(), !24)
  store i32 7, ptr %t, align 4
    #dbg_declare(ptr %t, !23, !DIExpression(), !24)
  %v = load i32, ptr %x.addr, align 4, !dbg !25
  %w = load i32, ptr %y.addr, align 4, !dbg !25
  %s = add i32 %v, %w, !dbg !25
    #dbg_value(i32 %s, !23, !DIExpression(), !25)
  %c = icmp sgt i32 %s, 10, !dbg !25
  br i1 %c, label %big, label %small, !dbg !25

big:
  %m = mul i32 %s, 3, !dbg !25
  ret i32 %m, !dbg !25

small:
  ret i32 %s, !dbg !25
}

define i32 @main() !dbg !40 {
  %a = call i32 @loc_a(i32 4, i32 2), !dbg !41
  %b = call i32 @loc_b(i32 5, i32 9), !dbg !41
  %s = add i32 %a, %b, !dbg !41
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s), !dbg !41
  ret i32 0, !dbg !41
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "pdi-locals.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !5)
!5 = !{!6, !6, !6}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "loc_a", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !6)
!12 = !DILocalVariable(name: "y", arg: 2, scope: !10, file: !1, line: 1, type: !6)
!13 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 2, type: !6)
!14 = !DILocation(line: 1, column: 15, scope: !10)
!15 = !DILocation(line: 3, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "loc_b", scope: !1, file: !1, line: 11, type: !4, scopeLine: 11, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 11, type: !6)
!22 = !DILocalVariable(name: "y", arg: 2, scope: !20, file: !1, line: 11, type: !6)
!23 = !DILocalVariable(name: "t", scope: !20, file: !1, line: 12, type: !6)
!24 = !DILocation(line: 11, column: 15, scope: !20)
!25 = !DILocation(line: 13, column: 3, scope: !20)
!40 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 30, type: !4, scopeLine: 30, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DILocation(line: 31, column: 3, scope: !40)
