; RULE: no thunk forwards an inalloca argument: the argument is the caller's outgoing argument memory, which only a musttail call may pass on; a thunk's plain call hands the callee the thunk's own incoming memory (on i686 the merged program printed garbage: -14969739 for 33); merges needing no thunk still happen
; OPT22: @ina_b becomes a thunk to @ina_a (wrong on i686); @ina_int_b RAUW'd by @ina_int_a
; EXPECT: ina_b=thunk->ina_a ina_int_b=erased
; TARGET: i686, where inalloca is the argument memory of the call
target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i686-unknown-linux-gnu"

%S = type { i32, i32 }

define i32 @ina_a(ptr inalloca(%S) %p) noinline {
  %x = load i32, ptr %p
  %y = add i32 %x, 7
  %z = mul i32 %y, 3
  ret i32 %z
}

define i32 @ina_b(ptr inalloca(%S) %p) noinline {
  %x = load i32, ptr %p
  %y = add i32 %x, 7
  %z = mul i32 %y, 3
  ret i32 %z
}

define internal i32 @ina_int_a(ptr inalloca(%S) %p) unnamed_addr noinline {
  %x = load i32, ptr %p
  %y = sub i32 %x, 2
  ret i32 %y
}

define internal i32 @ina_int_b(ptr inalloca(%S) %p) unnamed_addr noinline {
  %x = load i32, ptr %p
  %y = sub i32 %x, 2
  ret i32 %y
}

@ext = global ptr @ina_b
@ext_int = global ptr @ina_int_a

define i32 @call_int(i32 %v) {
  %ia = alloca inalloca %S
  store i32 %v, ptr %ia
  %r = call i32 @ina_int_b(ptr inalloca(%S) %ia)
  ret i32 %r
}
