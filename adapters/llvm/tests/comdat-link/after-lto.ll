; The shape of a whole program after lld's full LTO (the module `-Wl,--save-temps` writes
; as PROG.0.5.precodegen.bc): every function but `main` internalized, each keeping the
; comdat group of the inline function or template it came from. The linker chose these
; copies of the groups before LTO and keeps them, so `mergefunc --linked` merges them as
; opt-22 does; by default (a module still to be linked) the merges that point code
; outside a group at a local member of it are declined. Used by
; `linked_modules_merge_as_llvm` (tests/differential.rs).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$tpl_a = comdat any
$tpl_b = comdat any
$tpl_c = comdat any
$get_x = comdat any
$get_y = comdat any
$tpl_a.state = comdat any

@tpl_a.state = internal unnamed_addr global i32 3, comdat
@table = internal constant [3 x ptr] [ptr @tpl_a, ptr @tpl_b, ptr @tpl_c]
@fmt = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00"

define internal i32 @tpl_a(i32 %x) unnamed_addr comdat {
  %a = mul i32 %x, 13
  %b = add i32 %a, 5
  %c = xor i32 %b, 12
  ret i32 %c
}

define internal i32 @tpl_b(i32 %x) unnamed_addr comdat {
  %a = mul i32 %x, 13
  %b = add i32 %a, 5
  %c = xor i32 %b, 12
  ret i32 %c
}

define internal i32 @tpl_c(i32 %x) unnamed_addr comdat {
  %a = mul i32 %x, 13
  %b = add i32 %a, 5
  %c = xor i32 %b, 12
  ret i32 %c
}

define internal i32 @get_x(ptr %p, i32 %k) unnamed_addr comdat {
  %v = load i32, ptr %p
  %m = mul i32 %v, %k
  %r = add i32 %m, 11
  ret i32 %r
}

define internal i32 @get_y(ptr %p, i32 %k) unnamed_addr comdat {
  %v = load i32, ptr %p
  %m = mul i32 %v, %k
  %r = add i32 %m, 11
  ret i32 %r
}

declare i32 @printf(ptr, ...)

define i32 @main() {
  %slot = alloca i32
  %s = load i32, ptr @tpl_a.state
  store i32 %s, ptr %slot
  %pa = getelementptr [3 x ptr], ptr @table, i64 0, i64 0
  %pb = getelementptr [3 x ptr], ptr @table, i64 0, i64 1
  %pc = getelementptr [3 x ptr], ptr @table, i64 0, i64 2
  %fa = load volatile ptr, ptr %pa
  %fb = load volatile ptr, ptr %pb
  %fc = load volatile ptr, ptr %pc
  %ra = call i32 %fa(i32 1)
  %rb = call i32 %fb(i32 2)
  %rc = call i32 %fc(i32 3)
  %sum = add i32 %ra, %rb
  %sum2 = add i32 %sum, %rc
  %x = call i32 @get_x(ptr %slot, i32 4)
  %y = call i32 @get_y(ptr %slot, i32 5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %sum2, i32 %x, i32 %y)
  ret i32 0
}
