; RULE: return casts recurse through nested structs and arrays: { [2 x ptr], i64 } vs { [2 x i64], ptr } compare equal in AS0 and the thunk converts element by element
; OPT22: @nest_ptr thunk to @nest_int
; EXPECT: nest_ptr=thunk->nest_int
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define { [2 x i64], i64 } @nest_int(ptr %p) {
  %v = load { [2 x i64], i64 }, ptr %p, align 8
  ret { [2 x i64], i64 } %v
}

define { [2 x ptr], ptr } @nest_ptr(ptr %p) {
  %v = load { [2 x ptr], ptr }, ptr %p, align 8
  ret { [2 x ptr], ptr } %v
}
