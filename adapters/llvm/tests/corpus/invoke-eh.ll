; RULE: invoke/landingpad bodies compare like calls (cc, attributes, operands, both successors); LLVM 22 does not compare the personality function
; OPT22: @eh_b thunk to @eh_a; @eh_pers2 (other personality) also thunk to @eh_a — personality is not part of LLVM 22's comparison; our CLI compares the personality and keeps @eh_pers2 (documented deviation in differential.rs)
; EXPECT: eh_b=thunk->eh_a eh_pers2=thunk->eh_a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @pers_one(...) {
  ret i32 0
}

define i32 @pers_two(...) {
  ret i32 1
}

define i32 @may_throw(i32 %x) {
  %y = mul i32 %x, 2
  ret i32 %y
}

define i32 @eh_a(i32 %x) personality ptr @pers_one {
entry:
  %r = invoke i32 @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %s = add i32 %r, 1
  ret i32 %s
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 -1
}

define i32 @eh_b(i32 %x) personality ptr @pers_one {
entry:
  %r = invoke i32 @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %s = add i32 %r, 1
  ret i32 %s
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 -1
}

define i32 @eh_pers2(i32 %x) personality ptr @pers_two {
entry:
  %r = invoke i32 @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  %s = add i32 %r, 1
  ret i32 %s
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 -1
}

define i32 @main() {
  %a = call i32 @eh_a(i32 4)
  %b = call i32 @eh_b(i32 5)
  %c = call i32 @eh_pers2(i32 6)
  %s1 = add i32 %a, %b
  %s = add i32 %s1, %c
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)
  ret i32 0
}
