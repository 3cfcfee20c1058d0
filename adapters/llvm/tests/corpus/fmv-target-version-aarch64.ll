; RULE: AArch64 function multiversioning (clang-22 -O1 --target=aarch64-linux-gnu -rtlib=compiler-rt of target_version twins): versions for different features ("fmv-features", "target-features") never merge, the twins of one feature and the `default` versions do, the resolvers (each returning its own versions) stay apart
; OPT22: @tv_b._Msve2 thunk to @tv_a._Msve2; @tv_b.default and @tv_c.default thunks to @tv_a.default; @mix2.default thunk to @mix.default; @tv_c._Mdotprod, @mix._Mrng, @mix2._Mcrc and the five resolvers stay
; EXPECT: tv_b._Msve2=thunk->tv_a._Msve2 tv_b.default=thunk->tv_a.default tv_c.default=thunk->tv_a.default mix2.default=thunk->mix.default
; TARGET: AArch64, where clang-22 writes target_version functions (x86-64 has none)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

$tv_a.resolver = comdat any

$tv_b.resolver = comdat any

$tv_c.resolver = comdat any

$mix.resolver = comdat any

$mix2.resolver = comdat any

@__aarch64_cpu_features = external dso_local local_unnamed_addr global { i64 }

@tv_a = weak_odr dso_local ifunc i64 (i32, i32), ptr @tv_a.resolver
@tv_b = weak_odr dso_local ifunc i64 (i32, i32), ptr @tv_b.resolver
@tv_c = weak_odr dso_local ifunc i64 (i32, i32), ptr @tv_c.resolver
@mix = weak_odr dso_local ifunc i64 (i32, i32), ptr @mix.resolver
@mix2 = weak_odr dso_local ifunc i64 (i32, i32), ptr @mix2.resolver

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable vscale_range(1,16)
define dso_local i64 @tv_a._Msve2(i32 noundef %0, i32 noundef %1) #0 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @tv_a.default(i32 noundef %0, i32 noundef %1) #1 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable vscale_range(1,16)
define dso_local i64 @tv_b._Msve2(i32 noundef %0, i32 noundef %1) #0 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @tv_b.default(i32 noundef %0, i32 noundef %1) #1 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @tv_c._Mdotprod(i32 noundef %0, i32 noundef %1) #2 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @tv_c.default(i32 noundef %0, i32 noundef %1) #1 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 3
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @mix._Mrng(i32 noundef %0, i32 noundef %1) #3 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 5
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @mix.default(i32 noundef %0, i32 noundef %1) #1 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 5
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @mix2._Mcrc(i32 noundef %0, i32 noundef %1) #4 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 5
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @mix2.default(i32 noundef %0, i32 noundef %1) #1 {
  %3 = sext i32 %0 to i64
  %4 = mul nsw i64 %3, 5
  %5 = ashr i64 %4, 7
  %6 = xor i64 %5, %4
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %7, 31
  %9 = add nsw i64 %6, %8
  %10 = shl nsw i64 %9, 3
  %11 = xor i64 %10, %9
  ret i64 %11
}

; Function Attrs: nounwind uwtable
define dso_local i64 @use(i32 noundef %0, i32 noundef %1) local_unnamed_addr #5 {
  %3 = tail call i64 @tv_a(i32 noundef %0, i32 noundef %1) #7
  %4 = tail call i64 @tv_b(i32 noundef %0, i32 noundef %1) #7
  %5 = xor i64 %4, %3
  %6 = tail call i64 @tv_c(i32 noundef %0, i32 noundef %1) #7
  %7 = xor i64 %5, %6
  %8 = tail call i64 @mix(i32 noundef %0, i32 noundef %1) #7
  %9 = xor i64 %7, %8
  %10 = tail call i64 @mix2(i32 noundef %0, i32 noundef %1) #7
  %11 = xor i64 %9, %10
  ret i64 %11
}

; Function Attrs: disable_sanitizer_instrumentation
define weak_odr dso_local ptr @tv_a.resolver() #6 comdat {
  tail call void @__init_cpu_features_resolver()
  %1 = load i64, ptr @__aarch64_cpu_features, align 8
  %2 = and i64 %1, 69793284352
  %3 = icmp eq i64 %2, 69793284352
  %4 = select i1 %3, ptr @tv_a._Msve2, ptr @tv_a.default
  ret ptr %4
}

declare dso_local void @__init_cpu_features_resolver() local_unnamed_addr

; Function Attrs: disable_sanitizer_instrumentation
define weak_odr dso_local ptr @tv_b.resolver() #6 comdat {
  tail call void @__init_cpu_features_resolver()
  %1 = load i64, ptr @__aarch64_cpu_features, align 8
  %2 = and i64 %1, 69793284352
  %3 = icmp eq i64 %2, 69793284352
  %4 = select i1 %3, ptr @tv_b._Msve2, ptr @tv_b.default
  ret ptr %4
}

; Function Attrs: disable_sanitizer_instrumentation
define weak_odr dso_local ptr @tv_c.resolver() #6 comdat {
  tail call void @__init_cpu_features_resolver()
  %1 = load i64, ptr @__aarch64_cpu_features, align 8
  %2 = and i64 %1, 784
  %3 = icmp eq i64 %2, 784
  %4 = select i1 %3, ptr @tv_c._Mdotprod, ptr @tv_c.default
  ret ptr %4
}

; Function Attrs: disable_sanitizer_instrumentation
define weak_odr dso_local ptr @mix.resolver() #6 comdat {
  tail call void @__init_cpu_features_resolver()
  %1 = load i64, ptr @__aarch64_cpu_features, align 8
  %2 = and i64 %1, 1
  %3 = icmp eq i64 %2, 0
  %4 = select i1 %3, ptr @mix.default, ptr @mix._Mrng
  ret ptr %4
}

; Function Attrs: disable_sanitizer_instrumentation
define weak_odr dso_local ptr @mix2.resolver() #6 comdat {
  tail call void @__init_cpu_features_resolver()
  %1 = load i64, ptr @__aarch64_cpu_features, align 8
  %2 = and i64 %1, 1024
  %3 = icmp eq i64 %2, 0
  %4 = select i1 %3, ptr @mix2.default, ptr @mix2._Mcrc
  ret ptr %4
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable vscale_range(1,16) "fmv-features"="sve2" "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+fp-armv8,+fullfp16,+neon,+outline-atomics,+sve,+sve2,+v8a" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "fmv-features" "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+fp-armv8,+neon,+outline-atomics,+v8a" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "fmv-features"="dotprod" "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+dotprod,+fp-armv8,+neon,+outline-atomics,+v8a" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "fmv-features"="rng" "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+fp-armv8,+neon,+outline-atomics,+rand,+v8a" }
attributes #4 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "fmv-features"="crc" "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+crc,+fp-armv8,+neon,+outline-atomics,+v8a" }
attributes #5 = { nounwind uwtable "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+fp-armv8,+neon,+outline-atomics,+v8a" }
attributes #6 = { disable_sanitizer_instrumentation }
attributes #7 = { nounwind }


