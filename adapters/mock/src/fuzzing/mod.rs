//! Module generator and fuzz oracles (feature `arbitrary`).
//!
//! regalloc2-style: the generator and every oracle live in the library, so that the
//! same code runs as a seeded smoke test under `cargo test --all-features` and as a
//! libFuzzer target (`fuzz/fuzz_targets/*.rs` are one-line shims over
//! `<oracle>::check_bytes`).
//!
//! * [`gen`]: builds a *valid* [`crate::MockModule`] (it passes [`crate::verify()`]) from an
//!   [`arbitrary::Unstructured`]: a few random functions (integer arithmetic with flags,
//!   `icmp`/`select`, diamonds, bounded loops with phis, `switch`, allocas, loads, stores
//!   and GEPs, atomics, aggregates, direct, recursive and indirect calls, calls of
//!   declarations and inline asm), then **clones** of some of them under new names, and
//!   for some clones **exactly one perturbation** ([`perturb::PerturbKind`]).
//! * Oracles, one module each, each with `check(&mut Unstructured)`,
//!   `check_bytes(&[u8])` and `check_case(&TestCase)`:
//!   [`order_laws`], [`near_equal`], [`merge_preserves_behaviour`], [`idempotence`],
//!   [`determinism`], [`text_roundtrip`], and [`cycle_partition`] (on random call graphs
//!   of its own).
//!
//! # Function addresses
//! The interpreter gives every function its own address, and merging may legitimately
//! change address identity (`unnamed_addr` functions get all their uses replaced). The
//! generator therefore only uses a function's address as a callee, in the constant
//! function table `@ftab` (loaded and called, never compared or converted), and in
//! `@llvm.used`; it never passes one to a declaration, stores it, or compares it, so
//! behaviour never depends on which of two equal functions an address names.
//!
//! # Termination
//! Every generated function takes `i32 %n` first. Calls to a function that is not
//! later in module order (self and mutual recursion, direct or through `@ftab`) are
//! guarded by `%n > 0` and pass `%n - 1`; loops run at most 8 times. Perturbations may
//! break that, so runs have fuel and `OutOfFuel` is inconclusive.

#![allow(missing_docs)]

pub mod cycle_partition;
pub mod determinism;
pub mod explain_agrees;
pub mod gen;
pub mod idempotence;
pub mod merge_preserves_behaviour;
pub mod near_equal;
pub mod order_laws;
pub mod perturb;
pub mod text_roundtrip;

pub use gen::{generate, CloneInfo, Config, TestCase};
pub use perturb::PerturbKind;

use arbitrary::Unstructured;

/// Deterministic pseudo-random bytes for seeded smoke tests (xorshift64*).
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        let v = s.wrapping_mul(0x2545_f491_4f6c_dd1d);
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// Runs `check` on `n` seeded inputs of varying sizes (seed `base + i`).
pub fn run_seeded(base: u64, n: u64, check: impl Fn(&mut Unstructured<'_>) -> arbitrary::Result<()>) {
    for i in 0..n {
        let seed = base.wrapping_add(i);
        let len = 64 + (seed.wrapping_mul(7919) % 4032) as usize;
        let data = seeded_bytes(seed, len);
        let _ = check(&mut Unstructured::new(&data));
    }
}

/// Renders a test case for a failure message.
pub(crate) fn show(tc: &TestCase) -> String {
    let mut s = crate::print(&tc.module);
    s.push_str("\n; clones:\n");
    for c in &tc.clones {
        s.push_str(&format!(
            ";   @{} = clone of @{} ({:?})\n",
            tc.module.function(c.clone).name,
            tc.module.function(c.original).name,
            c.perturbation
        ));
    }
    s
}
