; Mutually recursive duplicates. LLVM 22 merges none of them (each member calls a
; different global); with --merge-cycles the 2-cycle, the 3-cycle and the cycle through a
; shared callee merge, while the cycle whose member's address is compared must not.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @shared(i32)

; ---- a 2-cycle: is_even/is_odd and a copy of both -----------------------------------
define internal i32 @even_a(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @odd_a(i32 %m)
  ret i32 %r
}
define internal i32 @odd_a(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i32 0
rec:
  %m = sub i32 %n, 1
  %r = call i32 @even_a(i32 %m)
  ret i32 %r
}
define internal i32 @even_b(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @odd_b(i32 %m)
  ret i32 %r
}
define internal i32 @odd_b(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i32 0
rec:
  %m = sub i32 %n, 1
  %r = call i32 @even_b(i32 %m)
  ret i32 %r
}

; ---- a 3-cycle, twice ----------------------------------------------------------------
define internal i32 @p1(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @q1(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
}
define internal i32 @q1(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @r1(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
}
define internal i32 @r1(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @p1(i32 %m)
  %s = xor i32 %r, 7
  ret i32 %s
}
define internal i32 @p2(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @q2(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
}
define internal i32 @q2(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @r2(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
}
define internal i32 @r2(i32 %n) {
  %c = icmp slt i32 %n, 1
  br i1 %c, label %done, label %go
done:
  ret i32 %n
go:
  %m = add i32 %n, -1
  %r = call i32 @p2(i32 %m)
  %s = xor i32 %r, 7
  ret i32 %s
}

; ---- a 2-cycle whose member compares its partner's address: must stay --------------
define internal i32 @ping_a(i32 %n, ptr %f) {
  %same = icmp eq ptr %f, @pong_a
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %rec
out:
  %v = zext i1 %same to i32
  ret i32 %v
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong_a(i32 %m, ptr %f)
  ret i32 %r
}
define internal i32 @pong_a(i32 %n, ptr %f) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %rec
out:
  ret i32 2
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping_a(i32 %m, ptr %f)
  ret i32 %r
}
define internal i32 @ping_b(i32 %n, ptr %f) {
  %same = icmp eq ptr %f, @pong_b
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %rec
out:
  %v = zext i1 %same to i32
  ret i32 %v
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong_b(i32 %m, ptr %f)
  ret i32 %r
}
define internal i32 @pong_b(i32 %n, ptr %f) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %rec
out:
  ret i32 2
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping_b(i32 %m, ptr %f)
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @even_a(i32 7)
  %b = call i32 @odd_b(i32 7)
  %c = call i32 @even_b(i32 10)
  %d = call i32 @p1(i32 8)
  %e = call i32 @q2(i32 8)
  %f = call i32 @r2(i32 5)
  %g = call i32 @ping_a(i32 2, ptr @pong_a)
  %h = call i32 @ping_b(i32 2, ptr @pong_a)
  %i = call i32 @ping_b(i32 2, ptr @pong_b)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s5)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %g)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %h)
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %i)
  ret i32 0
}
