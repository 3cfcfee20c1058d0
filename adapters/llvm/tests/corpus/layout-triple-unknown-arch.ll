; RULE: a triple whose architecture has no known layout, and no datalayout: the layout is unknown, so the layout-dependent rules (ptr equals the pointer-sized integer, GEPs compared by byte offset) are left out; LLVM uses its default layout (64-bit pointers) and merges
; OPT22: (with a warning: no layout for the triple) @id_ptr thunk to @id_i64; @field1 thunk to @byte4 (LLVM's default layout aligns i64 to 4: field 1 at byte 4); @same_b thunk to @same_a (structurally equal); @vec_i32 thunk to @vec_i16 (little-endian bytes)
; EXPECT: id_ptr=thunk->id_i64 field1=thunk->byte4 same_b=thunk->same_a vec_i32=thunk->vec_i16
; TARGET: the triple alone (no datalayout line), on purpose
target triple = "hsail-unknown-unknown"

declare void @use(i32)

define ptr @id_ptr(ptr %x) {
  call void @use(i32 1)
  call void @use(i32 2)
  ret ptr %x
}

define i64 @id_i64(i64 %x) {
  call void @use(i32 1)
  call void @use(i32 2)
  ret i64 %x
}

define i32 @field1(ptr %p) {
  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @byte4(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 4
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @same_a(ptr %p) {
  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @same_b(ptr %p) {
  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  %w = add i32 %v, 1
  ret i32 %w
}

; The byte order is unknown too: vectors of other element types are never equal.
define void @vec_i32(ptr %p) {
  store i64 bitcast (<2 x i32> <i32 1, i32 2> to i64), ptr %p
  store i64 bitcast (<2 x i32> <i32 1, i32 2> to i64), ptr %p
  ret void
}

define void @vec_i16(ptr %p) {
  store i64 bitcast (<4 x i16> <i16 1, i16 0, i16 2, i16 0> to i64), ptr %p
  store i64 bitcast (<4 x i16> <i16 1, i16 0, i16 2, i16 0> to i64), ptr %p
  ret void
}
