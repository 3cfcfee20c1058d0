//! Merging mutually recursive duplicates (opt-in, [`crate::Options::merge_cycles`]).
//!
//! LLVM's order compares callees by identity, so `ping → pong → ping` and
//! `ping2 → pong2 → ping2` never merge: `ping` calls `pong`, `ping2` calls `pong2`, two
//! different globals. Here the candidates are partitioned instead (Moore-style
//! partition refinement, as in GCC's IPA-ICF and lld's ICF):
//!
//! 1. Start with one class per bucket of the call-agnostic hash.
//! 2. Compare functions with every *abstractable* direct callee replaced by its current
//!    class id; split every class into runs of equal functions.
//! 3. Repeat until no class splits. The result is the coarsest partition in which every
//!    function is equal to its class mates modulo calls to class mates: a bisimulation,
//!    so members of a class behave identically (by induction on the length of any
//!    execution) and may be merged with the usual actions.
//!
//! A callee is *abstractable* only when its identity cannot matter: it is the callee
//! operand of a call (an address that is stored, compared or passed stays an identity),
//! it is a merge candidate with a body in this module, and it is not interposable (its
//! body could be replaced at link time). Everything else compares as in the default
//! order.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::hash::FunctionHasher;
use crate::ir::{FuncId, Module};
use crate::order::Comparator;

/// Marks a function whose identity is never abstracted.
pub const NOT_ABSTRACT: u32 = u32::MAX;

/// Computes the classes of `candidates` (deduplicated, in the given order). Returns the
/// classes with at least two members, each sorted by first appearance in `candidates`,
/// and the number of refinement rounds. `cmp` is reset to plain mode on return.
pub fn cycle_classes<M: Module + ?Sized>(
    m: &M,
    candidates: &[FuncId],
    cmp: &mut Comparator,
) -> (Vec<Vec<FuncId>>, u32) {
    let n = m.num_funcs();
    let mut class_of = alloc::vec![NOT_ABSTRACT; n];
    let mut seen = alloc::vec![false; n];
    let mut cands: Vec<FuncId> = Vec::new();
    for &f in candidates {
        if !seen[f.index()] && m.body(f).is_some() {
            seen[f.index()] = true;
            cands.push(f);
        }
    }
    // Initial classes: buckets of a hash that ignores which function is called.
    let mut hasher = FunctionHasher::new();
    hasher.hash_weak_flags = cmp.compare_weak_flags;
    hasher.mark_self_calls = false;
    let mut keyed: Vec<(u64, usize, FuncId)> =
        cands.iter().enumerate().map(|(i, &f)| (hasher.hash(m, f), i, f)).collect();
    keyed.sort_unstable();
    let mut classes: Vec<Vec<(usize, FuncId)>> = Vec::new();
    for (i, (h, pos, f)) in keyed.iter().enumerate() {
        if i == 0 || keyed[i - 1].0 != *h {
            classes.push(Vec::new());
        }
        if let Some(c) = classes.last_mut() {
            c.push((*pos, *f));
        }
    }
    let abstractable = |f: FuncId| !m.func(f).linkage.interposable;
    let assign = |classes: &[Vec<(usize, FuncId)>], class_of: &mut Vec<u32>| {
        for (id, c) in classes.iter().enumerate() {
            for (_, f) in c {
                class_of[f.index()] = if abstractable(*f) { id as u32 } else { NOT_ABSTRACT };
            }
        }
    };
    assign(&classes, &mut class_of);
    let mut rounds = 0u32;
    loop {
        rounds += 1;
        cmp.callee_classes = Some(core::mem::take(&mut class_of));
        let mut next: Vec<Vec<(usize, FuncId)>> = Vec::with_capacity(classes.len());
        let mut split = false;
        for mut c in classes {
            if c.len() < 2 {
                next.push(c);
                continue;
            }
            c.sort_by(|a, b| cmp.compare(m, a.1, b.1).then(a.0.cmp(&b.0)));
            let mut start = next.len();
            next.push(Vec::new());
            for (i, item) in c.iter().enumerate() {
                if i > 0 && cmp.compare(m, c[i - 1].1, item.1) != Ordering::Equal {
                    next.push(Vec::new());
                    split = true;
                }
                if let Some(v) = next.last_mut() {
                    v.push(*item);
                }
            }
            // Keep members in first-appearance order inside each new class.
            while start < next.len() {
                next[start].sort_unstable_by_key(|p| p.0);
                start += 1;
            }
        }
        class_of = cmp.callee_classes.take().unwrap_or_default();
        classes = next;
        assign(&classes, &mut class_of);
        if !split {
            break;
        }
    }
    let out = classes.into_iter().filter(|c| c.len() >= 2).map(|c| c.into_iter().map(|p| p.1).collect()).collect();
    (out, rounds)
}
