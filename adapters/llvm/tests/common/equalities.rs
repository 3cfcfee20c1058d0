//! Our order's equalities against LLVM 22's own `FunctionComparator`, pair by pair.
//!
//! The differential tests compare what the whole pass does; this compares the order
//! itself, on pairs the pass may never look at. LLVM's pass only ever compares functions
//! whose `StructuralHash` is equal, so the pairs are taken within those buckets: every
//! pair of the first `per_bucket` candidates of each bucket (module order). A pair the
//! order calls equal and LLVM does not would be a merge LLVM never makes; a pair LLVM
//! calls equal and the order does not is a merge we miss, allowed only where a documented
//! deviation explains it.

use std::collections::BTreeMap;

use mergefunc::{Comparator, FastPath, FuncId, Module, ModuleMut};
use mergefunc_llvm::testing::LlvmCompareState;
use mergefunc_llvm::LlvmModule;

/// The outcome of [`check`].
#[derive(Debug, Default)]
pub struct EqualityCheck {
    /// Pairs compared.
    pub pairs: usize,
    /// Pairs both call equal.
    pub equal: usize,
    /// Pairs only our order calls equal (names).
    pub ours_only: Vec<(String, String)>,
    /// Pairs only LLVM's comparator calls equal (names).
    pub llvm_only: Vec<(String, String)>,
    /// Pairs LLVM's comparator could not compare (should be none).
    pub not_compared: usize,
}

impl EqualityCheck {
    /// A one-line summary.
    pub fn summary(&self) -> String {
        format!(
            "{} pairs, {} equal for both, {} equal only for us, {} equal only for LLVM",
            self.pairs,
            self.equal,
            self.ours_only.len(),
            self.llvm_only.len()
        )
    }
}

fn name(m: &LlvmModule, f: FuncId) -> String {
    String::from_utf8_lossy(m.func_name(f)).into_owned()
}

/// Compares candidate pairs of `m` (which must not have been rewritten) by our order and
/// by LLVM's comparator. Builds every view.
pub fn check(m: &mut LlvmModule, per_bucket: usize) -> EqualityCheck {
    // The order itself: full facts for every function (`build_all_views` forgets the
    // load's shortcuts).
    m.testing().build_all_views();
    let mut buckets: BTreeMap<u64, Vec<FuncId>> = BTreeMap::new();
    for i in 0..m.num_funcs() {
        let f = FuncId::new(i);
        if m.func(f).ineligible.is_some() || m.body(f).is_none() {
            continue;
        }
        if let Some(h) = m.worklist_hash(f) {
            buckets.entry(h).or_default().push(f);
        }
    }
    // The driver's configuration: weak flags (GEP no-wrap flags) are not compared when
    // the adapter intersects them on merge, as LLVM 22's comparator ignores them.
    let mut cmp = Comparator::new();
    cmp.compare_weak_flags = !m.supports_flag_intersection();
    let mut state = LlvmCompareState::new();
    let mut out = EqualityCheck::default();
    for fs in buckets.values() {
        let fs = &fs[..fs.len().min(per_bucket)];
        for (i, &a) in fs.iter().enumerate() {
            for &b in &fs[i + 1..] {
                out.pairs += 1;
                let ours = cmp.compare(&*m, a, b).is_eq();
                let Some(theirs) = m.testing().llvm_compare(&mut state, a, b) else {
                    out.not_compared += 1;
                    continue;
                };
                match (ours, theirs.is_eq()) {
                    (true, true) => out.equal += 1,
                    (true, false) => out.ours_only.push((name(m, a), name(m, b))),
                    (false, true) => out.llvm_only.push((name(m, a), name(m, b))),
                    (false, false) => {}
                }
            }
        }
    }
    out
}

/// Of `pairs` (names in the module at `path`), those our order calls equal when views
/// record instruction attachments as LLVM 22 compares them
/// (`Testing::set_llvm22_attachments`): pairs that differ only by their attachments,
/// the documented deviation (`docs/deviations.md`).
pub fn equal_under_llvm22_attachments(path: &std::path::Path, pairs: &[(String, String)]) -> Vec<(String, String)> {
    if pairs.is_empty() {
        return Vec::new();
    }
    let mut m = LlvmModule::load(path).unwrap_or_else(|e| panic!("{e}"));
    m.testing().set_llvm22_attachments(true);
    m.testing().build_all_views();
    let by_name: BTreeMap<String, FuncId> =
        (0..m.num_funcs()).map(|i| (name(&m, FuncId::new(i)), FuncId::new(i))).collect();
    let mut cmp = Comparator::new();
    cmp.compare_weak_flags = !m.supports_flag_intersection();
    pairs
        .iter()
        .filter(|(a, b)| match (by_name.get(a), by_name.get(b)) {
            (Some(&x), Some(&y)) => m.func(x).ineligible.is_none() && cmp.compare(&m, x, y).is_eq(),
            _ => false,
        })
        .cloned()
        .collect()
}
