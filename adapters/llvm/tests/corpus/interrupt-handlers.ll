; RULE: interrupt handlers (x86_intrcc and the other interrupt calling conventions, or the "interrupt"/"signal" attribute) never become thunks: a thunk would be a handler calling a handler (x86 codegen refuses: "X86 interrupts may not be called directly"; elsewhere the callee returns from the interrupt past the thunk); merges that need no thunk still happen
; OPT22: @isr_b and @irq_b become thunks (llc-22 then fails on the module); @isr_int_b RAUW'd by @isr_int_a
; EXPECT: isr_b=thunk->isr_a irq_b=thunk->irq_a isr_int_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@count = global i64 0
@vectors = global [2 x ptr] [ptr @isr_int_a, ptr @isr_int_b]

define x86_intrcc void @isr_a(ptr byval(i64) %frame) {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 1
  store volatile i64 %d, ptr @count
  ret void
}

define x86_intrcc void @isr_b(ptr byval(i64) %frame) {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 1
  store volatile i64 %d, ptr @count
  ret void
}

define internal x86_intrcc void @isr_int_a(ptr byval(i64) %frame) unnamed_addr {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 3
  store volatile i64 %d, ptr @count
  ret void
}

define internal x86_intrcc void @isr_int_b(ptr byval(i64) %frame) unnamed_addr {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 3
  store volatile i64 %d, ptr @count
  ret void
}

; The attribute form (read by the ARM, AVR, MIPS, M68k and RISC-V back ends).
define void @irq_a() "interrupt"="machine" {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 2
  store volatile i64 %d, ptr @count
  ret void
}

define void @irq_b() "interrupt"="machine" {
  %c = load volatile i64, ptr @count
  %d = add i64 %c, 2
  store volatile i64 %d, ptr @count
  ret void
}
