; RULE: atomics compare ordering, sync scope, volatile/weak (cmpxchg), operation (atomicrmw) and fences' ordering/scope
; OPT22: @rmw_b thunk to @rmw_a; @cx_b thunk to @cx_a; @rmw_op, @rmw_order, @rmw_scope, @cx_weak, @cx_fail, @fence_acq stay (vs @fence_sc)
; EXPECT: cx_b=thunk->cx_a rmw_b=thunk->rmw_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @rmw_a(ptr %p, i32 %v) {
  %o = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  %r = add i32 %o, 1
  ret i32 %r
}

define i32 @rmw_b(ptr %p, i32 %v) {
  %o = atomicrmw add ptr %p, i32 %v seq_cst, align 4
  %r = add i32 %o, 1
  ret i32 %r
}

define i32 @rmw_op(ptr %p, i32 %v) {
  %o = atomicrmw sub ptr %p, i32 %v seq_cst, align 4
  %r = add i32 %o, 1
  ret i32 %r
}

define i32 @rmw_order(ptr %p, i32 %v) {
  %o = atomicrmw add ptr %p, i32 %v monotonic, align 4
  %r = add i32 %o, 1
  ret i32 %r
}

define i32 @rmw_scope(ptr %p, i32 %v) {
  %o = atomicrmw add ptr %p, i32 %v syncscope("singlethread") seq_cst, align 4
  %r = add i32 %o, 1
  ret i32 %r
}

define i1 @cx_a(ptr %p, i32 %e, i32 %n) {
  %x = cmpxchg ptr %p, i32 %e, i32 %n acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %x, 1
  ret i1 %ok
}

define i1 @cx_b(ptr %p, i32 %e, i32 %n) {
  %x = cmpxchg ptr %p, i32 %e, i32 %n acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %x, 1
  ret i1 %ok
}

define i1 @cx_weak(ptr %p, i32 %e, i32 %n) {
  %x = cmpxchg weak ptr %p, i32 %e, i32 %n acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %x, 1
  ret i1 %ok
}

define i1 @cx_fail(ptr %p, i32 %e, i32 %n) {
  %x = cmpxchg ptr %p, i32 %e, i32 %n acq_rel acquire, align 4
  %ok = extractvalue { i32, i1 } %x, 1
  ret i1 %ok
}

define void @fence_sc(ptr %p) {
  fence seq_cst
  store atomic i32 0, ptr %p release, align 4
  ret void
}

define void @fence_acq(ptr %p) {
  fence acquire
  store atomic i32 0, ptr %p release, align 4
  ret void
}
