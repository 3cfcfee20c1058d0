; RULE: `no_cfi` constants of different functions compare by their function (docs/deviations.md, "dso_local_equivalent / no_cfi"); equal ones merge
; OPT22: crashes comparing `no_cfi @e1` with `no_cfi @e2` (the function comparator has no rule for them); ours keeps @nc_e1 and @nc_e2 apart and folds @nc_e1_b
; EXPECT: nc_e1_b=thunk->nc_e1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @e1()
declare void @e2()
declare void @use(ptr)

define void @nc_e1() {
  call void @use(ptr no_cfi @e1)
  call void @use(ptr null)
  ret void
}

define void @nc_e1_b() {
  call void @use(ptr no_cfi @e1)
  call void @use(ptr null)
  ret void
}

define void @nc_e2() {
  call void @use(ptr no_cfi @e2)
  call void @use(ptr null)
  ret void
}
