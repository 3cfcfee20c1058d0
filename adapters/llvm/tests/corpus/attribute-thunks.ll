; RULE: thunks between functions with (almost) every function and parameter attribute LLVM 22 knows: the thunk keeps its own attributes, its call carries the callee's, and the result verifies (jumptable: see tests/opt-invalid/jumptable.ll; hybrid_patchable is left out: LLVM 22 cannot read it back from bitcode)
; OPT22: every @*b becomes a thunk of its @*a
; EXPECT: f0b=thunk->f0a f10b=thunk->f10a f11b=thunk->f11a f12b=thunk->f12a f13b=thunk->f13a f14b=thunk->f14a f15b=thunk->f15a f16b=thunk->f16a f17b=thunk->f17a f18b=thunk->f18a f19b=thunk->f19a f1b=thunk->f1a f20b=thunk->f20a f21b=thunk->f21a f22b=thunk->f22a f23b=thunk->f23a f24b=thunk->f24a f25b=thunk->f25a f26b=thunk->f26a f27b=thunk->f27a f28b=thunk->f28a f29b=thunk->f29a f2b=thunk->f2a f30b=thunk->f30a f33b=thunk->f33a f34b=thunk->f34a f35b=thunk->f35a f36b=thunk->f36a f37b=thunk->f37a f38b=thunk->f38a f39b=thunk->f39a f3b=thunk->f3a f4b=thunk->f4a f5b=thunk->f5a f6b=thunk->f6a f7b=thunk->f7a f8b=thunk->f8a f9b=thunk->f9a p40b=thunk->p40a p41b=thunk->p41a p42b=thunk->p42a p43b=thunk->p43a p44b=thunk->p44a p45b=thunk->p45a p46b=thunk->p46a p47b=thunk->p47a p48b=thunk->p48a p49b=thunk->p49a p50b=thunk->p50a p51b=thunk->p51a p52b=thunk->p52a p53b=thunk->p53a p54b=thunk->p54a p55b=thunk->p55a p56b=thunk->p56a p57b=thunk->p57a p58b=thunk->p58a p59b=thunk->p59a p60b=thunk->p60a
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@slot = global i64 0
declare void @use(i64)
define void @f0a() optnone noinline {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f0b() optnone noinline {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f1a() alignstack(16) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f1b() alignstack(16) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f2a() "frame-pointer"="all" uwtable {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f2b() "frame-pointer"="all" uwtable {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define ptr @f3a(i64 %x) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc" {
  call void @use(i64 %x)
  call void @use(i64 2)
  ret ptr null
}
define ptr @f3b(i64 %x) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc" {
  call void @use(i64 %x)
  call void @use(i64 2)
  ret ptr null
}
define void @f4a() memory(none) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f4b() memory(none) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f5a() nocallback {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f5b() nocallback {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f6a() speculatable {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f6b() speculatable {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f7a() hot {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f7b() hot {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f8a() cold {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f8b() cold {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f9a() minsize optsize {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f9b() minsize optsize {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f10a() sanitize_address {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f10b() sanitize_address {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f11a() nobuiltin {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f11b() nobuiltin {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f12a() strictfp {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f12b() strictfp {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f13a() disable_sanitizer_instrumentation {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f13b() disable_sanitizer_instrumentation {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f14a() fn_ret_thunk_extern {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f14b() fn_ret_thunk_extern {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f15a() noreturn {
  call void @use(i64 1)
  call void @use(i64 2)
  unreachable
}
define void @f15b() noreturn {
  call void @use(i64 1)
  call void @use(i64 2)
  unreachable
}
define void @f16a() returns_twice {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f16b() returns_twice {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f17a() "target-features"="+avx2" {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f17b() "target-features"="+avx2" {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f18a() vscale_range(1,16) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f18b() vscale_range(1,16) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f19a() mustprogress willreturn {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f19b() mustprogress willreturn {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f20a() nomerge {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f20b() nomerge {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f21a() null_pointer_is_valid {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f21b() null_pointer_is_valid {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f22a() shadowcallstack {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f22b() shadowcallstack {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f23a() presplitcoroutine {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f23b() presplitcoroutine {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f24a() inlinehint {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f24b() inlinehint {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f25a() noduplicate {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f25b() noduplicate {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f26a() convergent {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f26b() convergent {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f27a() alwaysinline {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f27b() alwaysinline {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f28a() nosync nofree norecurse nounwind {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f28b() nosync nofree norecurse nounwind {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f29a() safestack {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f29b() safestack {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f30a() sspreq {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f30b() sspreq {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f33a() "patchable-function-entry"="4" {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f33b() "patchable-function-entry"="4" {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f34a() nocf_check {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f34b() nocf_check {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f35a() noredzone {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f35b() noredzone {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f36a() noimplicitfloat {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f36b() noimplicitfloat {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f37a() sanitize_memtag {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f37b() sanitize_memtag {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f38a() sanitize_realtime {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f38b() sanitize_realtime {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f39a() sanitize_type {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @f39b() sanitize_type {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define ptr @p40a(ptr returned %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret ptr %x
}
define ptr @p40b(ptr returned %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret ptr %x
}
define void @p41a(ptr swiftself %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p41b(ptr swiftself %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p42a(ptr swiftasync %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p42b(ptr swiftasync %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p43a(ptr swifterror %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p43b(ptr swifterror %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p44a(i64 inreg %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p44b(i64 inreg %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p45a(ptr nest %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p45b(ptr nest %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p46a(ptr noalias nocapture %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p46b(ptr noalias nocapture %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p47a(ptr dead_on_unwind writable %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p47b(ptr dead_on_unwind writable %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p48a(ptr initializes((0, 8)) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p48b(ptr initializes((0, 8)) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p49a(i64 range(i64 0, 10) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p49b(i64 range(i64 0, 10) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p50a(double nofpclass(nan) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p50b(double nofpclass(nan) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p51a(i64 noundef %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p51b(i64 noundef %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p52a(i64 allocalign %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p52b(i64 allocalign %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p53a(ptr allocptr %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p53b(ptr allocptr %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p54a(ptr byref(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p54b(ptr byref(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p55a(ptr sret(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p55b(ptr sret(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p56a(ptr byval(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p56b(ptr byval(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p57a(ptr inalloca(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p57b(ptr inalloca(i64) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p58a(ptr align 16 dereferenceable(8) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p58b(ptr align 16 dereferenceable(8) %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p59a(i8 zeroext %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p59b(i8 zeroext %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p60a(i8 signext %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
define void @p60b(i8 signext %x) {
  call void @use(i64 1)
  call void @use(i64 2)
  ret void
}
