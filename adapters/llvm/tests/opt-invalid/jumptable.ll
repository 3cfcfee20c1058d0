; RULE: a thunk's call carries its callee's attributes except `jumptable`, which describes a function's address and which the verifier rejects on a call site
; OPT22: makes @jt_b a thunk whose call carries `jumptable`; the output fails the verifier ("Attribute 'jumptable' requires 'unnamed_addr'")
; EXPECT: jt_b=thunk->jt_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(i64)

define void @jt_a(i64 %x) unnamed_addr jumptable {
  call void @use(i64 %x)
  call void @use(i64 2)
  ret void
}

define void @jt_b(i64 %x) unnamed_addr jumptable {
  call void @use(i64 %x)
  call void @use(i64 2)
  ret void
}

@table = global [2 x ptr] [ptr @jt_a, ptr @jt_b]
