; RULE: an end-to-end program mixing the rules: a weak pair, an ODR pair, an internal unnamed_addr pair reached through a function table, a chain, and a non-mergeable near-duplicate; main prints every result so behaviour can be compared with lli
; OPT22: see EXPECT (double thunks for the weak and ODR pairs, RAUW+erase for the table pair, chain folds, near-duplicate stays)
; EXPECT: clamp_o1=erased clamp_o2=erased hash_w1=thunk->new{hash_w1,hash_w2} hash_w2=thunk->new{hash_w1,hash_w2} op_inc2=erased sum_sq2=thunk->sum_sq1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt3 = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

@ops = internal constant [3 x ptr] [ptr @op_inc, ptr @op_inc2, ptr @op_dec]

define weak i32 @hash_w1(i32 %x) {
  %a = mul i32 %x, 31
  %b = xor i32 %a, 12345
  %c = lshr i32 %b, 3
  ret i32 %c
}

define weak i32 @hash_w2(i32 %x) {
  %a = mul i32 %x, 31
  %b = xor i32 %a, 12345
  %c = lshr i32 %b, 3
  ret i32 %c
}

define linkonce_odr i32 @clamp_o1(i32 %x, i32 %lo, i32 %hi) {
  %c1 = icmp slt i32 %x, %lo
  %v1 = select i1 %c1, i32 %lo, i32 %x
  %c2 = icmp sgt i32 %v1, %hi
  %v2 = select i1 %c2, i32 %hi, i32 %v1
  ret i32 %v2
}

define linkonce_odr i32 @clamp_o2(i32 %x, i32 %lo, i32 %hi) {
  %c1 = icmp slt i32 %x, %lo
  %v1 = select i1 %c1, i32 %lo, i32 %x
  %c2 = icmp sgt i32 %v1, %hi
  %v2 = select i1 %c2, i32 %hi, i32 %v1
  ret i32 %v2
}

define internal i32 @op_inc(i32 %x) unnamed_addr {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @op_inc2(i32 %x) unnamed_addr {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @op_dec(i32 %x) unnamed_addr {
  %y = sub i32 %x, 1
  ret i32 %y
}

define internal i32 @apply_all(i32 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %x, %entry ], [ %acc.next, %loop ]
  %slot = getelementptr [3 x ptr], ptr @ops, i64 0, i64 %i
  %f = load ptr, ptr %slot
  %acc.next = call i32 %f(i32 %acc)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 3
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}

define i32 @sum_sq1(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %sq = call i32 @clamp_o1(i32 %i, i32 0, i32 1000)
  %m = mul i32 %sq, %i
  %acc.next = add i32 %acc, %m
  %i.next = add i32 %i, 1
  %done = icmp sgt i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}

define i32 @sum_sq2(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %sq = call i32 @clamp_o2(i32 %i, i32 0, i32 1000)
  %m = mul i32 %sq, %i
  %acc.next = add i32 %acc, %m
  %i.next = add i32 %i, 1
  %done = icmp sgt i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}

define i32 @sum_sq_near(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %sq = call i32 @clamp_o2(i32 %i, i32 0, i32 1000)
  %m = mul i32 %sq, %i
  %acc.next = add i32 %acc, %m
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}

define i32 @main() {
  %h1 = call i32 @hash_w1(i32 77)
  %h2 = call i32 @hash_w2(i32 78)
  %h = add i32 %h1, %h2
  %a = call i32 @apply_all(i32 10)
  %d = call i32 @op_inc2(i32 %a)
  %s1 = call i32 @sum_sq1(i32 10)
  %s2 = call i32 @sum_sq2(i32 12)
  %s3 = call i32 @sum_sq_near(i32 12)
  %s12 = add i32 %s1, %s2
  %s = add i32 %s12, %s3
  call i32 (ptr, ...) @printf(ptr @.fmt3, i32 %h, i32 %d, i32 %s)
  ret i32 0
}
