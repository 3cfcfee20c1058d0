; RULE: LLVM 22 does not compare GEP no-wrap flags (inbounds/nusw/nuw; issue llvm#219664) but does compare nuw/nsw on arithmetic and fast-math flags
; OPT22: @gep_plain thunk to @gep_inbounds (flags ignored); @add_nsw and @add_plain stay; @fadd_fast and @fadd_plain stay
; EXPECT: gep_plain=thunk->gep_inbounds
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @gep_inbounds(ptr %p, i64 %i) {
  %g = getelementptr inbounds i32, ptr %p, i64 %i
  %h = getelementptr inbounds i8, ptr %g, i64 4
  ret ptr %h
}

define ptr @gep_plain(ptr %p, i64 %i) {
  %g = getelementptr i32, ptr %p, i64 %i
  %h = getelementptr i8, ptr %g, i64 4
  ret ptr %h
}

define i32 @add_nsw(i32 %x, i32 %y) {
  %s = add nsw i32 %x, %y
  %t = mul i32 %s, 3
  ret i32 %t
}

define i32 @add_plain(i32 %x, i32 %y) {
  %s = add i32 %x, %y
  %t = mul i32 %s, 3
  ret i32 %t
}

define double @fadd_fast(double %x, double %y) {
  %s = fadd fast double %x, %y
  %t = fmul double %s, 3.0
  ret double %t
}

define double @fadd_plain(double %x, double %y) {
  %s = fadd double %x, %y
  %t = fmul double %s, 3.0
  ret double %t
}
