; RULE: the signature compares function attributes (incl. string attributes), parameter/return attributes, gc, section, calling convention; linkage/visibility/alignment/names are not compared
; OPT22: @sig_hidden thunk to @sig_base (visibility, alignment not compared); @sig_attr, @sig_str, @sig_param, @sig_section, @sig_gc, @sig_cc stay
; EXPECT: sig_hidden=thunk->sig_base
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @sig_base(i32 %x) {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define hidden i32 @sig_hidden(i32 %x) align 16 {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @sig_attr(i32 %x) nounwind {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @sig_str(i32 %x) "target-features"="+avx2" {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @sig_param(i32 noundef %x) {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @sig_section(i32 %x) section ".text.special" {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @sig_gc(i32 %x) gc "shadow-stack" {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}

define fastcc i32 @sig_cc(i32 %x) {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  ret i32 %b
}
