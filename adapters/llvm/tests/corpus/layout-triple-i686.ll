; RULE: a target triple without a datalayout means the triple's own layout: on i686 a pointer is 32 bits, so ptr equals i32 (merge, with ptrtoint/inttoptr thunks) and not i64; struct fields follow i686 alignment (i64 aligned to 4: {i32, i64} field 1 at byte 4)
; OPT22: @id_ptr thunk to @id_i32 (ptrtoint/inttoptr i32); @id_i64 stays; @field1 thunk to @byte4; @byte8 stays
; EXPECT: id_ptr=thunk->id_i32 field1=thunk->byte4
; TARGET: the triple alone (no datalayout line), on purpose
target triple = "i686-unknown-linux-gnu"

@slot = global i64 0
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

define i32 @id_i32(i32 %x) {
  call void @use(i32 1)
  call void @use(i32 2)
  ret i32 %x
}

define i32 @field1(ptr %p) {
  %q = getelementptr {i32, i64}, ptr %p, i32 0, i32 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @byte4(ptr %p) {
  %q = getelementptr i8, ptr %p, i32 4
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @byte8(ptr %p) {
  %q = getelementptr i8, ptr %p, i32 8
  %v = load i32, ptr %q, align 4
  ret i32 %v
}
