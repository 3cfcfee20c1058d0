; RULE: comdat members are eligible; a linkonce_odr pair in their own comdats takes the double path: the private body keeps F's comdat, G's thunk keeps G's comdat, the thunk named F has none
; OPT22: new private body in comdat $ca; @ca and @cb (address-taken) thunks to it
; EXPECT: ca=thunk->new{ca,cb} cb=thunk->new{ca,cb}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

$ca = comdat any
$cb = comdat any

@ptrs = global [2 x ptr] [ptr @ca, ptr @cb]

define linkonce_odr i32 @ca(i32 %x) comdat {
  %y = mul i32 %x, 5
  %z = add i32 %y, 2
  ret i32 %z
}

define linkonce_odr i32 @cb(i32 %x) comdat {
  %y = mul i32 %x, 5
  %z = add i32 %y, 2
  ret i32 %z
}

define i32 @main() {
  %p0 = load ptr, ptr @ptrs
  %g1 = getelementptr [2 x ptr], ptr @ptrs, i64 0, i64 1
  %p1 = load ptr, ptr %g1
  %a = call i32 %p0(i32 3)
  %b = call i32 %p1(i32 4)
  %s = add i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
