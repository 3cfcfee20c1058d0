; RULE: types equal under the pointer/integer rule whose parts are shared along many paths (%P13 over `ptr`, %I13 over `i64`: 8,192 leaves, past the 4,096 pairs after which one type comparison remembers the pairs it found equal) are equal; a difference after the shared parts (%D13 over %I parts with an `i32` last leaf, %E13 with a packed struct one level up) is still found against %P13
; OPT22: @fp thunk to @fi; @fd and @fe stay
; EXPECT: fp=thunk->fi
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
%P0 = type { ptr, i64 }
%I0 = type { i64, i64 }
%P1 = type { %P0, %P0 }
%I1 = type { %I0, %I0 }
%P2 = type { %P1, %P1 }
%I2 = type { %I1, %I1 }
%P3 = type { %P2, %P2 }
%I3 = type { %I2, %I2 }
%P4 = type { %P3, %P3 }
%I4 = type { %I3, %I3 }
%P5 = type { %P4, %P4 }
%I5 = type { %I4, %I4 }
%P6 = type { %P5, %P5 }
%I6 = type { %I5, %I5 }
%P7 = type { %P6, %P6 }
%I7 = type { %I6, %I6 }
%P8 = type { %P7, %P7 }
%I8 = type { %I7, %I7 }
%P9 = type { %P8, %P8 }
%I9 = type { %I8, %I8 }
%P10 = type { %P9, %P9 }
%I10 = type { %I9, %I9 }
%P11 = type { %P10, %P10 }
%I11 = type { %I10, %I10 }
%P12 = type { %P11, %P11 }
%I12 = type { %I11, %I11 }
%P13 = type { %P12, %P12 }
%I13 = type { %I12, %I12 }
%D0 = type { i64, i32 }
%D1 = type { %I0, %D0 }
%D2 = type { %I1, %D1 }
%D3 = type { %I2, %D2 }
%D4 = type { %I3, %D3 }
%D5 = type { %I4, %D4 }
%D6 = type { %I5, %D5 }
%D7 = type { %I6, %D6 }
%D8 = type { %I7, %D7 }
%D9 = type { %I8, %D8 }
%D10 = type { %I9, %D9 }
%D11 = type { %I10, %D10 }
%D12 = type { %I11, %D11 }
%D13 = type { %I12, %D12 }
%E1 = type <{ %I0, %I0 }>
%E2 = type { %I1, %E1 }
%E3 = type { %I2, %E2 }
%E4 = type { %I3, %E3 }
%E5 = type { %I4, %E4 }
%E6 = type { %I5, %E5 }
%E7 = type { %I6, %E6 }
%E8 = type { %I7, %E7 }
%E9 = type { %I8, %E8 }
%E10 = type { %I9, %E9 }
%E11 = type { %I10, %E10 }
%E12 = type { %I11, %E11 }
%E13 = type { %I12, %E12 }

define void @fp(ptr %p, ptr %q) {
  %v = load %P13, ptr %p, align 8
  store %P13 %v, ptr %q, align 8
  %w = load volatile i64, ptr %p, align 8
  store volatile i64 %w, ptr %q, align 8
  ret void
}

define void @fi(ptr %p, ptr %q) {
  %v = load %I13, ptr %p, align 8
  store %I13 %v, ptr %q, align 8
  %w = load volatile i64, ptr %p, align 8
  store volatile i64 %w, ptr %q, align 8
  ret void
}

define void @fd(ptr %p, ptr %q) {
  %v = load %D13, ptr %p, align 8
  store %D13 %v, ptr %q, align 8
  %w = load volatile i64, ptr %p, align 8
  store volatile i64 %w, ptr %q, align 8
  ret void
}

define void @fe(ptr %p, ptr %q) {
  %v = load %E13, ptr %p, align 8
  store %E13 %v, ptr %q, align 8
  %w = load volatile i64, ptr %p, align 8
  store volatile i64 %w, ptr %q, align 8
  ret void
}
