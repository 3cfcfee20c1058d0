; RULE: a target triple without a datalayout is parsed under the triple's layout, as opt-22 and llc-22 read the file: a load or store without `align` gets the triple's ABI alignment (double and i64: 4 on i686), an alloca its preferred one (double: 8), so an implicit `load double` is not a `load double, align 8` (parsed under LLVM's default layout it read as align 8 and merged with it: a false merge)
; OPT22: @dbl_implicit2 thunk to @dbl_implicit; @dbl_align8 stays (align 8 promises what the implicit load does not); @st_implicit thunk to @st_align4 (the implicit i64 store is align 4); @slot_implicit and @slot_implicit2 thunks to @slot_align8 (an alloca takes the preferred alignment, 8)
; EXPECT: dbl_implicit2=thunk->dbl_implicit st_implicit=thunk->st_align4 slot_implicit=thunk->slot_align8 slot_implicit2=thunk->slot_align8
; TARGET: the triple alone (no datalayout line), on purpose
target triple = "i686-unknown-linux-gnu"

declare void @use(ptr)

define double @dbl_implicit(ptr %p) {
  %x = load double, ptr %p
  %y = fadd double %x, 1.0
  ret double %y
}

define double @dbl_align8(ptr %p) {
  %x = load double, ptr %p, align 8
  %y = fadd double %x, 1.0
  ret double %y
}

define double @dbl_implicit2(ptr %p) {
  %x = load double, ptr %p
  %y = fadd double %x, 1.0
  ret double %y
}

define void @st_implicit(ptr %p, i64 %v) {
  %w = mul i64 %v, 3
  store i64 %w, ptr %p
  ret void
}

define void @st_align4(ptr %p, i64 %v) {
  %w = mul i64 %v, 3
  store i64 %w, ptr %p, align 4
  ret void
}

define void @slot_implicit() {
  %s = alloca double
  call void @use(ptr %s)
  ret void
}

define void @slot_align8() {
  %s = alloca double, align 8
  call void @use(ptr %s)
  ret void
}

define void @slot_implicit2() {
  %s = alloca double
  call void @use(ptr %s)
  ret void
}
