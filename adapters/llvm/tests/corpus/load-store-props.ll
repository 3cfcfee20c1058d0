; RULE: loads compare volatile, alignment, ordering, sync scope and all non-!dbg metadata (!nonnull, !range, !noundef...); stores compare volatile/alignment/ordering, and (we, not LLVM 22) their attachments
; OPT22: @ld_b thunk to @ld_a; @st_plain thunk to @st_nt (store !nontemporal ignored; name order); @ld_vol, @ld_align, @ld_range, @ld_nonnull, @st_vol stay
; EXPECT: ld_b=thunk->ld_a st_plain=thunk->st_nt
; DEVIATION: we keep @st_plain (see DEVIATIONS in tests/differential.rs)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @ld_a(ptr %p) {
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @ld_b(ptr %p) {
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @ld_vol(ptr %p) {
  %v = load volatile i32, ptr %p, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @ld_align(ptr %p) {
  %v = load i32, ptr %p, align 8
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @ld_range(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !0
  %w = add i32 %v, 1
  ret i32 %w
}

define ptr @ld_ptr_a(ptr %p) {
  %v = load ptr, ptr %p, align 8
  %w = getelementptr i8, ptr %v, i64 1
  ret ptr %w
}

define ptr @ld_nonnull(ptr %p) {
  %v = load ptr, ptr %p, align 8, !nonnull !1
  %w = getelementptr i8, ptr %v, i64 1
  ret ptr %w
}

define void @st_plain(ptr %p, i32 %x) {
  store i32 %x, ptr %p, align 4
  store i32 0, ptr %p, align 4
  ret void
}

define void @st_nt(ptr %p, i32 %x) {
  store i32 %x, ptr %p, align 4, !nontemporal !2
  store i32 0, ptr %p, align 4
  ret void
}

define void @st_vol(ptr %p, i32 %x) {
  store volatile i32 %x, ptr %p, align 4
  store i32 0, ptr %p, align 4
  ret void
}

!0 = !{i32 0, i32 10}
!1 = !{}
!2 = !{i32 1}
