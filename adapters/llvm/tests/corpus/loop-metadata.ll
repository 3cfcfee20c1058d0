; RULE: a branch's `!llvm.loop` node is compared in full (LLVM 22 compares no attachment of a branch): `llvm.loop.mustprogress` lets the optimizer delete a loop that never ends, and the vectorize/unroll properties are compared too; the loop id itself (a distinct node naming itself) is matched by consistent renaming and the debug locations in it are not compared
; OPT22: @mp_b, @plain and @none all become thunks to @mp_a. We merge @mp_b (the same properties under its own loop id, at other source lines) and keep @plain (a loop id without mustprogress: a loop that does not end is not undefined) and @none apart
; EXPECT: mp_b=thunk->mp_a plain=thunk->mp_a none=thunk->mp_a
; DEVIATION: we keep @plain and @none (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @mp_a(i32 %n) !dbg !5 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !10
done:
  ret i32 %j
}

define i32 @mp_b(i32 %n) !dbg !6 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !20
done:
  ret i32 %j
}

define i32 @plain(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %done, label %loop, !llvm.loop !30
done:
  ret i32 %j
}

define i32 @none(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp eq i32 %j, %n
  br i1 %c, label %done, label %loop
done:
  ret i32 %j
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "loops.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "mp_a", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)
!6 = distinct !DISubprogram(name: "mp_b", scope: !1, file: !1, line: 9, type: !4, scopeLine: 9, unit: !0)
!10 = distinct !{!10, !11, !12, !13}
!11 = !DILocation(line: 2, column: 3, scope: !5)
!12 = !DILocation(line: 4, column: 3, scope: !5)
!13 = !{!"llvm.loop.mustprogress"}
!20 = distinct !{!20, !21, !22, !13}
!21 = !DILocation(line: 10, column: 3, scope: !6)
!22 = !DILocation(line: 12, column: 5, scope: !6)
!30 = distinct !{!30}
