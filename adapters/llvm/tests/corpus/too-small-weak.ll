; RULE: two tiny weak functions take the double-thunk path whose pre-check refuses (no thunk to a ret-only body, no aliases): nothing changes, no broken 'declare weak'
; OPT22: nothing merged
; EXPECT:
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define weak i32 @ws_a() {
  ret i32 3
}

define weak i32 @ws_b() {
  ret i32 3
}

define i32 @main() {
  %a = call i32 @ws_a()
  %b = call i32 @ws_b()
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
