; RULE: §4.2 §4.3 weak and ODR pairs whose names an assembler or linker reads specially (ELF symbol versions `@`/`@@`, `$`, spaces and quotes, non-ASCII, a comdat named after the twin) and private bodies whose `NAME.merged` is already an alias, a variable or a function: thunks and aliases take the folded functions' names, the bodies names of their own (docs/deviations.md)
; OPT22: each weak pair (and `weak.odr`/`weak.odr.merged`) becomes two thunks to a new unnamed private body; `odr@@V1`/`odr$b` (`unnamed_addr`, only called) are replaced by their new private body, `long_a`/`long_b` (addresses in `@addrs`, in a comdat named after `long_b`) become two thunks to it; ours name the bodies after the survivors (`al.merged.3`, as `al.merged`, `.1`, `.2` are taken)
; EXPECT: al=thunk->new{al,al_twin} al_twin=thunk->new{al,al_twin} d$lr$=thunk->new{d$lr$,sp\20ace\20\22q\22} sp\20ace\20\22q\22=thunk->new{d$lr$,sp\20ace\20\22q\22} long_a=thunk->new{long_a,long_b} long_b=thunk->new{long_a,long_b} odr$b=erased odr@@V1=erased ver@@V1=thunk->new{ver@@V1,ver@V2} ver@V2=thunk->new{ver@@V1,ver@V2} weak.odr=thunk->new{weak.odr,weak.odr.merged} weak.odr.merged=thunk->new{weak.odr,weak.odr.merged} été=thunk->new{été,\E2\82\AC\7Fdel} \E2\82\AC\7Fdel=thunk->new{été,\E2\82\AC\7Fdel}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

; weak pairs with names an assembler or linker reads specially
define weak i32 @"ver@@V1"(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @"ver@V2"(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @"d$lr$"(i32 %x) {
  %y = mul i32 %x, 5
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @"sp ace \22q\22"(i32 %x) {
  %y = mul i32 %x, 5
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @"\C3\A9t\C3\A9"(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @"\E2\82\AC\7Fdel"(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 1
  ret i32 %z
}
; ODR pairs (private body and, with --use-aliases, aliases to it)
define linkonce_odr i32 @"odr@@V1"(i32 %x) unnamed_addr {
  %y = mul i32 %x, 11
  %z = add i32 %y, 1
  ret i32 %z
}
define linkonce_odr i32 @"odr$b"(i32 %x) unnamed_addr {
  %y = mul i32 %x, 11
  %z = add i32 %y, 1
  ret i32 %z
}
define weak_odr i32 @"weak.odr.merged"(i32 %x) {
  %y = mul i32 %x, 13
  %z = add i32 %y, 1
  ret i32 %z
}
define weak_odr i32 @"weak.odr"(i32 %x) {
  %y = mul i32 %x, 13
  %z = add i32 %y, 1
  ret i32 %z
}
; the name the body would take is already two aliases and a variable
define weak i32 @al(i32 %x) {
  %y = mul i32 %x, 17
  %z = add i32 %y, 1
  ret i32 %z
}
define weak i32 @al_twin(i32 %x) {
  %y = mul i32 %x, 17
  %z = add i32 %y, 1
  ret i32 %z
}
define i32 @other(i32 %x) {
  %y = mul i32 %x, 19
  ret i32 %y
}
@"al.merged" = alias i32 (i32), ptr @other
@"al.merged.1" = alias i32 (i32), ptr @other
@"al.merged.2" = global i32 42
@"al_merged" = global i32 43
; comdat named after the function's twin
$long_b = comdat any
define linkonce_odr i32 @long_a(i32 %x) comdat($long_b) {
  %y = mul i32 %x, 47
  %z = add i32 %y, 1
  ret i32 %z
}
define linkonce_odr i32 @long_b(i32 %x) comdat {
  %y = mul i32 %x, 47
  %z = add i32 %y, 1
  ret i32 %z
}

@addrs = global [8 x ptr] [ptr @"ver@@V1", ptr @"ver@V2", ptr @"d$lr$", ptr @"sp ace \22q\22", ptr @"\C3\A9t\C3\A9", ptr @"\E2\82\AC\7Fdel", ptr @long_a, ptr @long_b]

define void @p(i32 %v) {
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %v)
  ret void
}
define i32 @main() {
  %a = call i32 @"ver@@V1"(i32 1)
  call void @p(i32 %a)
  %b = call i32 @"ver@V2"(i32 2)
  call void @p(i32 %b)
  %c = call i32 @"d$lr$"(i32 3)
  call void @p(i32 %c)
  %d = call i32 @"sp ace \22q\22"(i32 4)
  call void @p(i32 %d)
  %e = call i32 @"\C3\A9t\C3\A9"(i32 5)
  call void @p(i32 %e)
  %f = call i32 @"\E2\82\AC\7Fdel"(i32 6)
  call void @p(i32 %f)
  %g = call i32 @"odr@@V1"(i32 7)
  call void @p(i32 %g)
  %h = call i32 @"odr$b"(i32 8)
  call void @p(i32 %h)
  %i = call i32 @"weak.odr.merged"(i32 9)
  call void @p(i32 %i)
  %j = call i32 @"weak.odr"(i32 10)
  call void @p(i32 %j)
  %k = call i32 @al(i32 11)
  call void @p(i32 %k)
  %l = call i32 @al_twin(i32 12)
  call void @p(i32 %l)
  %m = call i32 @"al.merged"(i32 13)
  call void @p(i32 %m)
  %n = call i32 @"al.merged.1"(i32 14)
  call void @p(i32 %n)
  %o = load i32, ptr @"al.merged.2"
  call void @p(i32 %o)
  %ab = call i32 @long_a(i32 26)
  call void @p(i32 %ab)
  %ac = call i32 @long_b(i32 27)
  call void @p(i32 %ac)
  %t0 = load ptr, ptr @addrs
  %t1 = getelementptr ptr, ptr @addrs, i64 1
  %t1v = load ptr, ptr %t1
  %eq = icmp eq ptr %t0, %t1v
  %eqi = zext i1 %eq to i32
  call void @p(i32 %eqi)
  %t6 = getelementptr ptr, ptr @addrs, i64 6
  %t6v = load ptr, ptr %t6
  %t7 = getelementptr ptr, ptr @addrs, i64 7
  %t7v = load ptr, ptr %t7
  %eq2 = icmp eq ptr %t6v, %t7v
  %eqi2 = zext i1 %eq2 to i32
  call void @p(i32 %eqi2)
  ret i32 0
}
