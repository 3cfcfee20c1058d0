; RULE: a target triple without a datalayout means the triple's own layout (as opt, llc and lli read it): {i32, i64} has field 1 at byte 8, not 4, so that GEP equals a byte-8 GEP only; ptr equals i64
; OPT22: @field1 (struct field 1 = byte 8) RAUW'd by @byte8; @byte4 stays; @st_ptr thunk to @st_int; opt writes the x86_64 layout into its output
; EXPECT: field1=erased st_ptr=thunk->st_int
; TARGET: the triple alone (no datalayout line), on purpose
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
@slot = global i64 0
declare i32 @printf(ptr, ...)

define internal i32 @field1(ptr %p) unnamed_addr {
  %q = getelementptr {i32, i64}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define internal i32 @byte4(ptr %p) unnamed_addr {
  %q = getelementptr i8, ptr %p, i64 4
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define internal i32 @byte8(ptr %p) unnamed_addr {
  %q = getelementptr i8, ptr %p, i64 8
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define void @st_int(i64 %x) {
  store i64 %x, ptr @slot, align 8
  store i64 %x, ptr @slot, align 8
  ret void
}

define void @st_ptr(ptr %x) {
  store ptr %x, ptr @slot, align 8
  store ptr %x, ptr @slot, align 8
  ret void
}

define i32 @main() {
  %buf = alloca [4 x i32], align 8
  store i32 1, ptr %buf, align 8
  %b1 = getelementptr i8, ptr %buf, i64 4
  store i32 2, ptr %b1, align 4
  %b2 = getelementptr i8, ptr %buf, i64 8
  store i32 3, ptr %b2, align 8
  %b3 = getelementptr i8, ptr %buf, i64 12
  store i32 4, ptr %b3, align 4
  %x = call i32 @field1(ptr %buf)
  %y = call i32 @byte4(ptr %buf)
  %z = call i32 @byte8(ptr %buf)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %x)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %y)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %z)
  call void @st_int(i64 7)
  call void @st_ptr(ptr null)
  ret i32 0
}
