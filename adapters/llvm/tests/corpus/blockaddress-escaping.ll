; RULE: a function whose block addresses are used outside it (a caller passes one back, a global table holds them) is never folded: erasing it or making it a thunk would leave those uses naming no block (they become inttoptr 1); block addresses used only inside the function do not matter
; OPT22: @h RAUW'd by @g (main's blockaddress(@h, %a) becomes inttoptr 1: crash); @tbl_b thunk to @tbl_a (the table's entries become inttoptr 1); @esc_b thunk to @esc_a (@esc_a's table stays valid); @self_b thunk to @self_a
; EXPECT: h=erased tbl_b=thunk->tbl_a esc_b=thunk->esc_a self_b=thunk->self_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
@table = global [2 x ptr] [ptr blockaddress(@tbl_b, %a), ptr blockaddress(@tbl_b, %b)]
@esc_table = global [1 x ptr] [ptr blockaddress(@esc_a, %b)]
declare i32 @printf(ptr, ...)

; The caller passes the target block in.
define internal i32 @g(ptr %t) unnamed_addr {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}

define internal i32 @h(ptr %t) unnamed_addr {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}

; A global table holds @tbl_b's blocks.
define i32 @tbl_a(ptr %t) {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 3
b:
  ret i32 4
}

define i32 @tbl_b(ptr %t) {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 3
b:
  ret i32 4
}

; The escaping one would survive in LLVM: LLVM's merge is valid, ours keeps both.
define i32 @esc_a(ptr %t) {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 5
b:
  ret i32 6
}

define i32 @esc_b(ptr %t) {
entry:
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 5
b:
  ret i32 6
}

; Block addresses used only inside the function: merged.
define i32 @self_a(i1 %c) {
entry:
  %p = select i1 %c, ptr blockaddress(@self_a, %one), ptr blockaddress(@self_a, %two)
  indirectbr ptr %p, [label %one, label %two]
one:
  ret i32 7
two:
  ret i32 8
}

define i32 @self_b(i1 %c) {
entry:
  %p = select i1 %c, ptr blockaddress(@self_b, %one), ptr blockaddress(@self_b, %two)
  indirectbr ptr %p, [label %one, label %two]
one:
  ret i32 7
two:
  ret i32 8
}

define i32 @main() {
  %x = call i32 @g(ptr blockaddress(@g, %b))
  %y = call i32 @h(ptr blockaddress(@h, %a))
  %t0 = load ptr, ptr @table, align 8
  %t1 = load ptr, ptr getelementptr (i8, ptr @table, i64 8), align 8
  %z0 = call i32 @tbl_b(ptr %t0)
  %z1 = call i32 @tbl_b(ptr %t1)
  %e = load ptr, ptr @esc_table, align 8
  %w = call i32 @esc_a(ptr %e)
  %s0 = call i32 @self_a(i1 true)
  %s1 = call i32 @self_b(i1 false)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %x)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %y)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %z0)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %z1)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %w)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s0)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s1)
  ret i32 0
}
