; RULE: cmpxchg and atomicrmw compare their alignment (LLVM 22 compares it for load and store only): an atomic access below its natural alignment is compiled as a call to the generic `__atomic_*` library routine, an aligned one as a lock-free instruction, and a larger alignment is a promise about the address
; OPT22: @rmw_align8 thunk to @rmw_align4 and @cx_align8 thunk to @cx_align4: llc-22 then compiles every call of the aligned functions as `__atomic_compare_exchange` loops instead of `lock xaddq` / `lock cmpxchgq`, a symbol a freestanding program (or lli-22) does not have, and a routine that may take a lock where the source asked for a lock-free access (signal handlers, memory shared between processes); merged the other way, callers that pass 4-aligned addresses would get an 8-aligned access, undefined behaviour that faults on AArch64
; EXPECT: rmw_align8=thunk->rmw_align4 cx_align8=thunk->cx_align4 cx_same_b=thunk->cx_same_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; No `main`: lli-22 cannot run the under-aligned functions (it has no `__atomic_compare_exchange`).

define i64 @rmw_align8(ptr %p, i64 %v) {
  %o = atomicrmw add ptr %p, i64 %v seq_cst, align 8
  %r = add i64 %o, %v
  ret i64 %r
}

define i64 @rmw_align4(ptr %p, i64 %v) {
  %o = atomicrmw add ptr %p, i64 %v seq_cst, align 4
  %r = add i64 %o, %v
  ret i64 %r
}

define i1 @cx_align8(ptr %p, i64 %e, i64 %n) {
  %x = cmpxchg ptr %p, i64 %e, i64 %n seq_cst seq_cst, align 8
  %ok = extractvalue { i64, i1 } %x, 1
  ret i1 %ok
}

define i1 @cx_align4(ptr %p, i64 %e, i64 %n) {
  %x = cmpxchg ptr %p, i64 %e, i64 %n seq_cst seq_cst, align 4
  %ok = extractvalue { i64, i1 } %x, 1
  ret i1 %ok
}

; Equal alignment: merged by both.
define i1 @cx_same_a(ptr %p, i64 %e, i64 %n) {
  %x = cmpxchg ptr %p, i64 %e, i64 %n acquire monotonic, align 16
  %ok = extractvalue { i64, i1 } %x, 1
  ret i1 %ok
}

define i1 @cx_same_b(ptr %p, i64 %e, i64 %n) {
  %x = cmpxchg ptr %p, i64 %e, i64 %n acquire monotonic, align 16
  %ok = extractvalue { i64, i1 } %x, 1
  ret i1 %ok
}
