; RULE: a call without a location, in a function with debug info, that moves to a callee with debug info gets a line-0 location in the caller's scope (the verifier requires a location on such calls); nothing else changes
; OPT22: moves @caller's call from @no_dbg to @with_dbg and leaves it without a location; its verifier rejects the module ("inlinable function call in a function with debug info must have a !dbg location") and opt aborts
; EXPECT: no_dbg=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @with_dbg(i32 %x) !dbg !5 {
  %y = add i32 %x, 3
  %z = mul i32 %y, 5
  ret i32 %z, !dbg !8
}

define internal i32 @no_dbg(i32 %x) unnamed_addr {
  %y = add i32 %x, 3
  %z = mul i32 %y, 5
  ret i32 %z
}

define i32 @caller(i32 %x) !dbg !9 {
  %r = call i32 @no_dbg(i32 %x)
  ret i32 %r, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "m.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "with_dbg", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 5, type: !4, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 6, column: 3, scope: !9)
