; RULE: inline asm compares function type, asm string, constraints, side effects, align-stack and dialect; identical asm merges
; OPT22: @asm_b thunk to @asm_a; @asm_str (other template), @asm_se (sideeffect), @asm_cons (other constraint) stay
; EXPECT: asm_b=thunk->asm_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @asm_a(i32 %x) {
  %r = call i32 asm "leal 1($1), $0", "=r,r"(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @asm_b(i32 %x) {
  %r = call i32 asm "leal 1($1), $0", "=r,r"(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @asm_str(i32 %x) {
  %r = call i32 asm "leal 2($1), $0", "=r,r"(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @asm_se(i32 %x) {
  %r = call i32 asm sideeffect "leal 1($1), $0", "=r,r"(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @asm_cons(i32 %x) {
  %r = call i32 asm "leal 1($1), $0", "=&r,r"(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

define i32 @main() {
  %a = call i32 @asm_a(i32 1)
  %b = call i32 @asm_b(i32 2)
  %c = call i32 @asm_str(i32 3)
  %d = call i32 @asm_se(i32 4)
  %e = call i32 @asm_cons(i32 5)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %s1, %s2
  %s = add i32 %s3, %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
