//! Near misses: pairs of functions that share a hash bucket and did not merge, grouped by
//! the rule of the order that kept them apart ([`crate::explain`]).
//!
//! [`near_misses`] reads a module as it was *before* a merge, together with the merge's
//! [`Report`]:
//! * the candidates are the functions the driver could merge (eligible, with a valid
//!   body) that the merge did not fold; the others are listed with their reason
//!   ([`NearMisses::ineligible`]; folded functions are simply left out, their survivor
//!   stands for them);
//! * callees are compared by merge class: two calls of functions that the merge folded
//!   together count as the same call (the order's cycle-mode rule,
//!   [`Comparator::with_callee_classes`]), so a reason is what kept the pair apart *after*
//!   the merge, not a callee difference the merge removed;
//! * candidates are bucketed by the worklist hash: the adapter's
//!   ([`FastPath::worklist_hash`], LLVM's `StructuralHash`, which leaves out constants'
//!   values) or else the core's ([`FunctionHasher::new`]); the driver's first round only
//!   keeps functions whose worklist hash another candidate shares. Within a
//!   bucket of at most [`NearMissOptions::all_pairs_up_to`] functions every pair is
//!   explained; a bigger bucket is sorted by the order and each function is paired with
//!   its neighbour (the pairs that part latest), so the work stays `O(n log n)`;
//! * each pair gets the deciding [`Difference`] and the differences after it
//!   ([`Comparator::differences`]); a pair whose deciding difference is the only one the
//!   walk saw (to the end) would merge if that rule alone did not hold;
//! * groups are keyed by [`crate::explain::group_label`] (the rule, with the adapter's
//!   name of a property). A group's `saved_insts` is what merging would remove if its
//!   rule alone did not hold: over the pairs whose only difference it is, every
//!   connected set of functions keeps its largest member and loses the rest.
//!
//! Deterministic: buckets, pairs and groups come out in a fixed order (groups by saved
//! instructions, then pair count, then label).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::driver::validate_body;
use crate::explain::{group_label, Difference};
use crate::fast_path::FastPath;
use crate::hash::FunctionHasher;
use crate::ir::*;
use crate::order::{CalleeClass, Comparator};
use crate::report::Report;

/// Settings of [`near_misses`].
#[derive(Clone, Copy, Debug)]
pub struct NearMissOptions {
    /// Buckets up to this size have every pair explained; bigger ones neighbours only.
    pub all_pairs_up_to: usize,
    /// Compare weak flags (as the driver does when the adapter cannot intersect them).
    pub compare_weak_flags: bool,
    /// How many differences past the first to look for (to tell "only difference").
    pub look_ahead: usize,
}

impl Default for NearMissOptions {
    fn default() -> Self {
        NearMissOptions { all_pairs_up_to: 32, compare_weak_flags: true, look_ahead: 1 }
    }
}

/// One pair that did not merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearPair {
    /// The function explained on the left (the earlier one in the module).
    pub left: FuncId,
    /// The other one.
    pub right: FuncId,
    /// The deciding difference.
    pub difference: Difference,
    /// It is the only difference the walk found, looking to the end.
    pub only: bool,
}

/// The pairs that one rule kept apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The rule, with the adapter's name of the property if any.
    pub label: String,
    /// The pairs, in bucket order.
    pub pairs: Vec<NearPair>,
    /// Pairs for which this is the only difference.
    pub only_pairs: usize,
    /// Distinct functions in `pairs`.
    pub functions: usize,
    /// Instructions the merge would remove if this rule alone did not hold.
    pub saved_insts: u64,
}

/// What [`near_misses`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NearMisses {
    /// Groups, most saved instructions first.
    pub groups: Vec<Group>,
    /// Functions with a body that could not take part, with the reason.
    pub ineligible: Vec<(FuncId, String)>,
    /// Candidates looked at.
    pub candidates: usize,
    /// Buckets with more than one candidate.
    pub buckets: usize,
    /// Unequal pairs explained.
    pub pairs: usize,
    /// Pairs of candidates the order calls equal that the merge left apart (for example
    /// functions too small to be worth a thunk).
    pub equal_unmerged: Vec<(FuncId, FuncId)>,
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[parent[x as usize] as usize];
        parent[x as usize] = p;
        x = p;
    }
    x
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (x, y) = (find(parent, a), find(parent, b));
    if x != y {
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        parent[hi as usize] = lo;
    }
}

/// Merge classes of a report: for every function id up to the highest the report names,
/// its class root (the smallest id of its class).
fn merge_classes(n: usize, report: &Report) -> Vec<u32> {
    let top = report
        .merges
        .iter()
        .flat_map(|r| [Some(r.folded), Some(r.target), r.shared_body_of])
        .flatten()
        .map(|f| f.index() + 1)
        .max()
        .unwrap_or(0)
        .max(n);
    let mut parent: Vec<u32> = (0..top as u32).collect();
    for r in &report.merges {
        union(&mut parent, r.folded.0, r.target.0);
        if let Some(s) = r.shared_body_of {
            union(&mut parent, r.folded.0, s.0);
        }
    }
    (0..top as u32).map(|i| find(&mut parent, i)).collect()
}

/// The merge class of every function after the merge that wrote `report`, indexed by
/// function id (up to the highest id the module or the report names): the smallest id of
/// its class. Functions the merge left alone are their own class.
pub fn merge_classes_of(n: usize, report: &Report) -> Vec<u32> {
    merge_classes(n, report)
}

/// Callee classes ([`Comparator::with_callee_classes`]) under which calls of functions that
/// the merge folded together compare equal: the class root for a function of a class
/// with two or more members, `None` (compared by identity) for the others; `None` when
/// nothing merged.
pub fn callee_classes_after(n: usize, report: &Report) -> Option<Vec<Option<CalleeClass>>> {
    if report.merges.is_empty() {
        return None;
    }
    let class = merge_classes(n, report);
    let mut sizes = BTreeMap::<u32, u32>::new();
    for r in &class {
        *sizes.entry(*r).or_insert(0) += 1;
    }
    Some(class.iter().map(|r| CalleeClass::new(*r).filter(|_| sizes.get(r).copied().unwrap_or(0) > 1)).collect())
}

/// Explains the near misses of `m` (the module before the merge that wrote `report`).
/// See the module docs.
pub fn near_misses<M: Module + FastPath + ?Sized>(m: &M, report: &Report, opts: &NearMissOptions) -> NearMisses {
    let n = m.num_funcs();
    let mut out = NearMisses::default();
    let mut folded = alloc::vec![false; n];
    for r in &report.merges {
        if let Some(x) = folded.get_mut(r.folded.index()) {
            *x = true;
        }
    }
    let mut candidates = Vec::new();
    for (i, was_folded) in folded.iter().enumerate() {
        let f = FuncId::new(i);
        let info = m.func(f);
        match info.ineligible {
            Some(Ineligible::NoBody) => continue,
            Some(Ineligible::Adapter(code)) => {
                out.ineligible.push((f, String::from(m.ineligible_reason(code))));
                continue;
            }
            None => {}
        }
        if m.body(f).is_none() {
            continue;
        }
        if let Err(e) = validate_body(m, f) {
            out.ineligible.push((f, alloc::format!("invalid body: {e}")));
            continue;
        }
        if !was_folded {
            candidates.push(f);
        }
    }
    out.candidates = candidates.len();

    let mut cmp = Comparator::new();
    cmp.compare_weak_flags = opts.compare_weak_flags;
    cmp.set_callee_classes(callee_classes_after(n, report));

    let mut hasher = FunctionHasher::new();
    hasher.hash_weak_flags = opts.compare_weak_flags;
    let mut hashed: Vec<(u64, FuncId)> =
        candidates.iter().map(|f| (m.worklist_hash(*f).unwrap_or_else(|| hasher.hash(m, *f)), *f)).collect();
    hashed.sort_unstable();

    let mut pairs: Vec<NearPair> = Vec::new();
    let mut explain_pair = |cmp: &mut Comparator, a: FuncId, b: FuncId, out: &mut NearMisses| {
        let d = cmp.differences(m, a, b, 1 + opts.look_ahead);
        match d.list.first() {
            None => out.equal_unmerged.push((a, b)),
            Some(first) => {
                pairs.push(NearPair { left: a, right: b, difference: *first, only: d.complete && d.list.len() == 1 })
            }
        }
    };
    let mut i = 0;
    while i < hashed.len() {
        let mut j = i + 1;
        while j < hashed.len() && hashed[j].0 == hashed[i].0 {
            j += 1;
        }
        let bucket: Vec<FuncId> = hashed[i..j].iter().map(|e| e.1).collect();
        i = j;
        if bucket.len() < 2 {
            continue;
        }
        out.buckets += 1;
        if bucket.len() <= opts.all_pairs_up_to {
            for (x, a) in bucket.iter().enumerate() {
                for b in &bucket[x + 1..] {
                    explain_pair(&mut cmp, *a, *b, &mut out);
                }
            }
        } else {
            let mut sorted = bucket;
            sorted.sort_by(|a, b| cmp.compare(m, *a, *b).then(a.cmp(b)));
            for w in sorted.windows(2) {
                explain_pair(&mut cmp, w[0], w[1], &mut out);
            }
        }
    }
    out.pairs = pairs.len();

    let mut by_label: BTreeMap<String, Vec<NearPair>> = BTreeMap::new();
    for p in pairs {
        by_label.entry(group_label(m, p.left, &p.difference)).or_default().push(p);
    }
    let insts = |f: FuncId| m.body(f).map_or(0u64, |b| b.insts.len() as u64);
    for (label, pairs) in by_label {
        let mut ids: Vec<FuncId> = pairs.iter().flat_map(|p| [p.left, p.right]).collect();
        ids.sort_unstable();
        ids.dedup();
        let index = |f: FuncId| ids.binary_search(&f).unwrap_or(0) as u32;
        let mut parent: Vec<u32> = (0..ids.len() as u32).collect();
        let mut only_pairs = 0;
        for p in pairs.iter().filter(|p| p.only) {
            only_pairs += 1;
            union(&mut parent, index(p.left), index(p.right));
        }
        // Per connected set: total minus the largest member.
        let mut total = BTreeMap::<u32, (u64, u64)>::new();
        for (k, f) in ids.iter().enumerate() {
            let r = find(&mut parent, k as u32);
            let e = total.entry(r).or_insert((0, 0));
            let s = insts(*f);
            e.0 += s;
            e.1 = e.1.max(s);
        }
        let saved_insts = total.values().map(|(sum, max)| sum - max).sum();
        out.groups.push(Group { label, functions: ids.len(), pairs, only_pairs, saved_insts });
    }
    out.groups.sort_by(|a, b| {
        b.saved_insts.cmp(&a.saved_insts).then(b.pairs.len().cmp(&a.pairs.len())).then_with(|| a.label.cmp(&b.label))
    });
    out
}
