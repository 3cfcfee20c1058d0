; RULE: ifunc resolvers merge like other functions: with aliases a folded resolver becomes an alias, interposable ones too (an ifunc may name an interposable alias; an alias may not, see opt-invalid/alias-of-interposable-alias.ll)
; OPT22: with -mergefunc-use-aliases: @res_w, @res_w2, @res_l and @res_e aliases of @res_a; the ifuncs name the aliases (@if_e names @res_a)
; EXPECT: res_w=alias->res_a res_w2=alias->res_a res_l=alias->res_a res_e=alias->res_a
; RUN-OPTS: --use-aliases
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)
define internal i32 @impl1(i32 %x) {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  ret i32 %b
}
define ptr @res_a() unnamed_addr {
  call void @side()
  call void @side()
  ret ptr @impl1
}
define weak ptr @res_w() unnamed_addr {
  call void @side()
  call void @side()
  ret ptr @impl1
}
define weak ptr @res_w2() unnamed_addr {
  call void @side()
  call void @side()
  ret ptr @impl1
}
define linkonce ptr @res_l() unnamed_addr {
  call void @side()
  call void @side()
  ret ptr @impl1
}
define ptr @res_e() unnamed_addr {
  call void @side()
  call void @side()
  ret ptr @impl1
}
define void @side() { ret void }
@if_w = ifunc i32 (i32), ptr @res_w
@if_w2 = ifunc i32 (i32), ptr @res_w2
@if_l = ifunc i32 (i32), ptr @res_l
@if_e = ifunc i32 (i32), ptr @res_e
@al_if = alias i32 (i32), ptr @if_e
define i32 @use_all() {
  %a = call i32 @if_w(i32 2)
  %b = call i32 @if_l(i32 3)
  %c = call i32 @if_e(i32 4)
  %d = call i32 @al_if(i32 5)
  %e = call i32 @if_w2(i32 5)
  %s = add i32 %a, %b
  %t = add i32 %c, %d
  %t2 = add i32 %t, %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s, i32 %t2)
  ret i32 0
}
