; RULE: a function with a `preallocated` parameter can only be called with the token of its llvm.call.preallocated.setup, which a thunk does not have: such functions never get a thunk; merges that need none (RAUW of an internal unnamed_addr copy, redirected direct calls) still happen
; OPT22: writes `tail call @pa_a(ptr preallocated(%Foo) %0)` as @pa_b's thunk; its verifier rejects the module ("preallocated operand either requires a preallocated bundle or the call to be musttail") and opt aborts
; EXPECT: pi_b=erased
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%Foo = type { i32, i32 }
declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)

define i32 @pa_a(ptr preallocated(%Foo) %p) {
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @pa_b(ptr preallocated(%Foo) %p) {
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @pi_a(ptr preallocated(%Foo) %p) unnamed_addr {
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 2
  ret i32 %y
}

define internal i32 @pi_b(ptr preallocated(%Foo) %p) unnamed_addr {
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 2
  ret i32 %y
}

define i32 @user() {
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %a = call ptr @llvm.call.preallocated.arg(token %t, i32 0) preallocated(%Foo)
  store i32 41, ptr %a, align 4
  %r = call i32 @pa_b(ptr preallocated(%Foo) %a) ["preallocated"(token %t)]
  %t2 = call token @llvm.call.preallocated.setup(i32 1)
  %a2 = call ptr @llvm.call.preallocated.arg(token %t2, i32 0) preallocated(%Foo)
  store i32 1, ptr %a2, align 4
  %s = call i32 @pi_b(ptr preallocated(%Foo) %a2) ["preallocated"(token %t2)]
  %t3 = call token @llvm.call.preallocated.setup(i32 1)
  %a3 = call ptr @llvm.call.preallocated.arg(token %t3, i32 0) preallocated(%Foo)
  store i32 2, ptr %a3, align 4
  %u = call i32 @pi_a(ptr preallocated(%Foo) %a3) ["preallocated"(token %t3)]
  %v = add i32 %r, %s
  %w = add i32 %v, %u
  ret i32 %w
}
