; RULE: phi incoming blocks are compared pairwise (serial numbers): the same constants from swapped predecessors differ; the incoming-pair order matters too; identical phis merge
; OPT22: @phi_b thunk to @phi_a; @phi_swapped (constants swapped between predecessors) and @phi_reordered (same pairs, other order) stay
; EXPECT: phi_b=thunk->phi_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @phi_a(i1 %c, i32 %x) {
entry:
  br i1 %c, label %l, label %r
l:
  %lx = add i32 %x, 1
  br label %join
r:
  %rx = mul i32 %x, 2
  br label %join
join:
  %v = phi i32 [ %lx, %l ], [ %rx, %r ]
  %k = phi i32 [ 100, %l ], [ 200, %r ]
  %s = add i32 %v, %k
  ret i32 %s
}

define i32 @phi_b(i1 %c, i32 %x) {
entry:
  br i1 %c, label %l, label %r
l:
  %lx = add i32 %x, 1
  br label %join
r:
  %rx = mul i32 %x, 2
  br label %join
join:
  %v = phi i32 [ %lx, %l ], [ %rx, %r ]
  %k = phi i32 [ 100, %l ], [ 200, %r ]
  %s = add i32 %v, %k
  ret i32 %s
}

define i32 @phi_swapped(i1 %c, i32 %x) {
entry:
  br i1 %c, label %l, label %r
l:
  %lx = add i32 %x, 1
  br label %join
r:
  %rx = mul i32 %x, 2
  br label %join
join:
  %v = phi i32 [ %lx, %l ], [ %rx, %r ]
  %k = phi i32 [ 100, %r ], [ 200, %l ]
  %s = add i32 %v, %k
  ret i32 %s
}

define i32 @phi_reordered(i1 %c, i32 %x) {
entry:
  br i1 %c, label %l, label %r
l:
  %lx = add i32 %x, 1
  br label %join
r:
  %rx = mul i32 %x, 2
  br label %join
join:
  %v = phi i32 [ %rx, %r ], [ %lx, %l ]
  %k = phi i32 [ 200, %r ], [ 100, %l ]
  %s = add i32 %v, %k
  ret i32 %s
}

define i32 @main() {
  %a = call i32 @phi_a(i1 true, i32 5)
  %b = call i32 @phi_b(i1 false, i32 5)
  %c = call i32 @phi_swapped(i1 true, i32 5)
  %d = call i32 @phi_reordered(i1 false, i32 5)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
