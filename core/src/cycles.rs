//! Merging mutually recursive duplicates (opt-in, [`crate::Options::merge_cycles`]).
//!
//! LLVM's order compares callees by identity, so `ping → pong → ping` and
//! `ping2 → pong2 → ping2` never merge: `ping` calls `pong`, `ping2` calls `pong2`, two
//! different globals. Here the candidates are partitioned instead (partition refinement,
//! as in GCC's IPA-ICF and lld's ICF):
//!
//! 1. Start with one class per bucket of the call-agnostic hash.
//! 2. Compare functions with every *abstractable* direct callee replaced by its current
//!    class id (its *label*); split a class into runs of equal functions.
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
//!
//! # The worklist ([`cycle_classes`])
//! Re-comparing every class after every split ([`cycle_classes_naive`], Moore's
//! algorithm) takes as many rounds as the deepest difference: two call chains of depth
//! `d` that differ only at the bottom cost `d` rounds over all classes, quadratic in the
//! module. [`cycle_classes`] re-examines only what a split can change:
//! * when a class splits, the largest part keeps its id and only the other parts get new
//!   ids (Hopcroft's rule: a function's label changes only when its class at least
//!   halves, so at most log₂ n times);
//! * a function whose label changed *touches* its direct callers (their comparisons read
//!   that label); a touched function is queued with its class.
//!
//! Invariant: in every class, the members not touched since the class was last examined
//! are pairwise equal under the current labels (their comparisons read no label that
//! changed). Examining a class therefore sorts only its touched members, and compares
//! each run of them with one untouched member. When the queue is empty every class is
//! uniform, so the partition is stable; and a split only ever separates functions that
//! differ under labels of a partition coarser than the coarsest stable one, so it never
//! separates two functions of that one. Both algorithms therefore end in the same
//! partition (the unique coarsest stable one); tests and a fuzz target compare them.
//!
//! # Starting finer ([`cycle_classes_from`])
//! Any starting partition coarser than the result leads to the same result: the coarsest
//! stable partition below it is the one below the hash buckets. The driver starts from
//! the buckets intersected with its cycle-key classes (see
//! [`crate::FastPath::cycle_key`]), which are coarser than the result because the result
//! is stable under the key refinement (class mates have equal keys and, at each ref,
//! functions of one class). The same argument lets the driver leave out, unread, every
//! candidate alone in its key class: it is alone in the result too, and a function left
//! out is compared by identity, as a singleton class's label compares.

use alloc::collections::VecDeque;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::hash::FunctionHasher;
use crate::ir::{named_func, FuncId, InstKind, Module};
use crate::order::{CalleeClass, Comparator};

/// `candidates` with a body, each once in order of first appearance, and the position
/// of every function in that list (`None` if absent), by function id.
fn dedup_candidates<M: Module + ?Sized>(m: &M, candidates: &[FuncId]) -> (Vec<FuncId>, Vec<Option<u32>>) {
    let mut pos = alloc::vec![None; m.num_funcs()];
    let mut cands: Vec<FuncId> = Vec::new();
    for &f in candidates {
        if f.index() < pos.len() && pos[f.index()].is_none() && m.body(f).is_some() {
            pos[f.index()] = Some(cands.len() as u32);
            cands.push(f);
        }
    }
    (cands, pos)
}

/// The starting partition: `candidates` with a body (deduplicated, position = first
/// appearance) bucketed by a hash that ignores which function is called, buckets in
/// hash order, members in position order.
fn initial_classes<M: Module + ?Sized>(m: &M, candidates: &[FuncId], cmp: &Comparator) -> Vec<Vec<(usize, FuncId)>> {
    let (cands, _) = dedup_candidates(m, candidates);
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
    classes
}

/// A class of [`cycle_classes`]: a range of its member array, whose first `touched`
/// entries are the members touched since it was last examined.
#[derive(Clone, Copy)]
struct Class {
    start: u32,
    end: u32,
    touched: u32,
    queued: bool,
}

/// Computes the classes of `candidates` (deduplicated, in the given order) with the
/// worklist described in the module docs. Returns the classes with at least two
/// members, each sorted by first appearance in `candidates`, the classes ordered by
/// their first member's appearance, and the number of class examinations. The partition
/// is the one [`cycle_classes_naive`] computes. `cmp` is reset to plain mode on return.
///
/// Memory is flat: every candidate sits once in one member array, each class is a range
/// of it, and touching a member swaps it into the touched prefix of its range; a split
/// rewrites only the touched prefix (the untouched members stay where they are, as the
/// tail of one group).
pub fn cycle_classes<M: Module + ?Sized>(
    m: &M,
    candidates: &[FuncId],
    cmp: &mut Comparator,
) -> (Vec<Vec<FuncId>>, u32) {
    cycle_classes_from(m, candidates, &[], cmp)
}

/// [`cycle_classes`] from a finer starting partition: candidates start apart when their
/// `start` labels (by function index; a missing entry counts as 0, and 0 is no label:
/// with only 0 the result and the work are [`cycle_classes`]'s) differ, as well as when
/// their hashes do. The result is the same partition as long as the labels
/// separate no two functions of it (labels from any partition coarser than it, such as
/// the driver's cycle-key classes, qualify): the coarsest stable partition below a start
/// coarser than it is the same for every such start.
pub fn cycle_classes_from<M: Module + ?Sized>(
    m: &M,
    candidates: &[FuncId],
    start: &[u64],
    cmp: &mut Comparator,
) -> (Vec<Vec<FuncId>>, u32) {
    let n = m.num_funcs();
    let (cands, pos) = dedup_candidates(m, candidates);
    let abstractable = |f: FuncId| !m.func(f).linkage.interposable;
    // One pass over the bodies: the hash of each, and its direct calls of abstractable
    // candidates (callee, caller), read while the body is in the cache. The hash treats
    // abstractable callees as "some function" and hashes every other global by identity,
    // as the order in cycle mode compares them: finer starting classes than a hash that
    // ignores all callees (functions that differ in a called declaration never meet),
    // and the same final partition (such functions differ under any labels).
    let mut hasher = FunctionHasher::new();
    hasher.hash_weak_flags = cmp.compare_weak_flags;
    hasher.hash_global_refs = true;
    hasher.abstract_callees = Some((0..n).map(|i| pos[i].is_some() && abstractable(FuncId::new(i))).collect());
    let mut keyed: Vec<(u64, u32)> = Vec::with_capacity(cands.len());
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for (i, &u) in cands.iter().enumerate() {
        // Mixed into the hash (label 0 leaves it as it is): a collision only starts two
        // functions together, which the refinement undoes if they differ.
        let h = match start.get(u.index()).copied().unwrap_or(0) {
            0 => hasher.hash(m, u),
            label => hasher.hash(m, u) ^ label.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29),
        };
        keyed.push((h, i as u32));
        let Some(body) = m.body(u) else { continue };
        for inst in body.insts {
            let InstKind::Call { callee } = inst.kind else { continue };
            let Some(op) = body.operands(inst).get(callee as usize) else { continue };
            if let Some(g) = named_func(m, op.value) {
                if pos.get(g.index()).is_some_and(Option::is_some) && abstractable(g) {
                    edges.push((g.0, u.0));
                }
            }
        }
    }
    keyed.sort_unstable();
    edges.sort_unstable();
    edges.dedup();
    // Direct callers of every abstractable candidate: `callers[starts[g]..starts[g + 1]]`.
    let mut starts = alloc::vec![0u32; n + 1];
    for &(g, _) in &edges {
        starts[g as usize + 1] += 1;
    }
    for i in 0..n {
        starts[i + 1] += starts[i];
    }
    let callers: Vec<u32> = edges.iter().map(|&(_, u)| u).collect();
    drop(edges);

    // The starting partition (hash buckets); every class that can split starts fully
    // touched and queued.
    let mut elems: Vec<FuncId> = keyed.iter().map(|&(_, p)| cands[p as usize]).collect();
    let mut loc = alloc::vec![0u32; n];
    // By function id: the class of each candidate (`None` for other functions), and the
    // label calls of it compare by (`None`: compared by identity, as for a function that
    // is not an abstractable candidate).
    let mut member_class: Vec<Option<CalleeClass>> = alloc::vec![None; n];
    let mut labels: Vec<Option<CalleeClass>> = alloc::vec![None; n];
    let mut touched = alloc::vec![false; n];
    let mut classes: Vec<Class> = Vec::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    let mut i = 0;
    while i < keyed.len() {
        let j = i + keyed[i..].iter().take_while(|k| k.0 == keyed[i].0).count();
        let id = classes.len() as u32;
        let big = j - i >= 2;
        classes.push(Class {
            start: i as u32,
            end: j as u32,
            touched: if big { (j - i) as u32 } else { 0 },
            queued: big,
        });
        if big {
            queue.push_back(id);
        }
        for (k, &f) in elems.iter().enumerate().take(j).skip(i) {
            loc[f.index()] = k as u32;
            member_class[f.index()] = CalleeClass::new(id);
            touched[f.index()] = big;
            if abstractable(f) {
                labels[f.index()] = CalleeClass::new(id);
            }
        }
        i = j;
    }
    drop(keyed);

    let mut steps = 0u32;
    let mut work: Vec<(Option<u32>, FuncId)> = Vec::new();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut moved: Vec<FuncId> = Vec::new();
    while let Some(c) = queue.pop_front() {
        let ci = c as usize;
        let Class { start, end, touched: t, .. } = classes[ci];
        let (s, e, t) = (start as usize, end as usize, t as usize);
        classes[ci].queued = false;
        classes[ci].touched = 0;
        work.clear();
        for &f in &elems[s..s + t] {
            touched[f.index()] = false;
            work.push((pos[f.index()], f));
        }
        if e - s < 2 || t == 0 {
            continue;
        }
        steps += 1;
        // Runs of equal touched members, and the one equal to the untouched members.
        let (joined, back) = cmp.with_callee_classes(core::mem::take(&mut labels), |cmp| {
            // One pass over neighbours first: members already in the sort's order (the
            // usual case, a class that stays whole) are what the sort would leave, and
            // the pass has found their runs, at half the comparisons. Otherwise sort
            // (by the order, then position: a total order, so the result is unique) and
            // find the runs again.
            runs.clear();
            let mut lo = 0;
            let mut in_order = true;
            for k in 1..work.len() {
                let o = cmp.compare(m, work[k - 1].1, work[k].1);
                if o.then(work[k - 1].0.cmp(&work[k].0)) == Ordering::Greater {
                    in_order = false;
                    break;
                }
                if o != Ordering::Equal {
                    runs.push((lo, k));
                    lo = k;
                }
            }
            if in_order {
                if !work.is_empty() {
                    runs.push((lo, work.len()));
                }
            } else {
                work.sort_by(|a, b| cmp.compare(m, a.1, b.1).then(a.0.cmp(&b.0)));
                runs.clear();
                lo = 0;
                for k in 1..=work.len() {
                    if k == work.len() || cmp.compare(m, work[k - 1].1, work[k].1) != Ordering::Equal {
                        runs.push((lo, k));
                        lo = k;
                    }
                }
            }
            if t < e - s {
                let rep = elems[s + t];
                runs.binary_search_by(|r| cmp.compare(m, work[r.0].1, rep)).ok()
            } else {
                None
            }
        });
        labels = back;
        if runs.len() == 1 && (joined.is_some() || t == e - s) {
            continue;
        }
        // Rewrite the touched prefix: the runs that form groups of their own, then the
        // joined run, right before the untouched members (together: the base group).
        groups.clear();
        let mut at = s;
        let mut put = |f: FuncId, at: &mut usize| {
            elems[*at] = f;
            loc[f.index()] = *at as u32;
            *at += 1;
        };
        for (r, &(a, b)) in runs.iter().enumerate() {
            if Some(r) != joined {
                let g0 = at;
                for &(_, f) in &work[a..b] {
                    put(f, &mut at);
                }
                groups.push((g0, at));
            }
        }
        let base0 = at;
        if let Some(r) = joined {
            let (a, b) = runs[r];
            for &(_, f) in &work[a..b] {
                put(f, &mut at);
            }
        }
        if t < e - s {
            groups.push((base0, e));
        }
        // The largest group keeps the id (the first of equal size); the others move.
        let mut keep = 0;
        for (g, &(a, b)) in groups.iter().enumerate() {
            if b - a > groups[keep].1 - groups[keep].0 {
                keep = g;
            }
        }
        moved.clear();
        for (g, &(a, b)) in groups.iter().enumerate() {
            if g == keep {
                classes[ci].start = a as u32;
                classes[ci].end = b as u32;
                continue;
            }
            let id = classes.len() as u32;
            classes.push(Class { start: a as u32, end: b as u32, touched: 0, queued: false });
            for &f in &elems[a..b] {
                member_class[f.index()] = CalleeClass::new(id);
                if labels[f.index()].is_some() {
                    labels[f.index()] = CalleeClass::new(id);
                    moved.push(f);
                }
            }
        }
        // Touch the callers of every function whose label changed.
        for &g in &moved {
            for &u in &callers[starts[g.index()] as usize..starts[g.index() + 1] as usize] {
                let u = u as usize;
                // Every caller recorded is a candidate, so it has a class.
                let Some(cu) = member_class[u] else { continue };
                let cu = cu.id() as usize;
                let cl = classes[cu];
                if touched[u] || cl.end - cl.start < 2 {
                    continue;
                }
                touched[u] = true;
                let (dst, src) = ((cl.start + cl.touched) as usize, loc[u] as usize);
                elems.swap(dst, src);
                loc[elems[src].index()] = src as u32;
                loc[u] = dst as u32;
                classes[cu].touched += 1;
                if !cl.queued {
                    classes[cu].queued = true;
                    queue.push_back(cu as u32);
                }
            }
        }
    }
    let mut out: Vec<Vec<FuncId>> = classes
        .iter()
        .filter(|c| c.end - c.start >= 2)
        .map(|c| {
            let mut v: Vec<FuncId> = elems[c.start as usize..c.end as usize].to_vec();
            v.sort_unstable_by_key(|f| pos[f.index()]);
            v
        })
        .collect();
    out.sort_unstable_by_key(|c| pos[c[0].index()]);
    (out, steps)
}

/// Moore-style refinement: every round re-sorts every class, until a round splits
/// nothing. Quadratic on deep differences; kept as the reference that
/// [`cycle_classes`] is tested against. Returns the classes with at least two members
/// (each sorted by first appearance in `candidates`, classes in hash-bucket order) and
/// the number of rounds. `cmp` is reset to plain mode on return.
#[doc(hidden)]
pub fn cycle_classes_naive<M: Module + ?Sized>(
    m: &M,
    candidates: &[FuncId],
    cmp: &mut Comparator,
) -> (Vec<Vec<FuncId>>, u32) {
    let n = m.num_funcs();
    let mut class_of: Vec<Option<CalleeClass>> = alloc::vec![None; n];
    let mut classes = initial_classes(m, candidates, cmp);
    let abstractable = |f: FuncId| !m.func(f).linkage.interposable;
    let assign = |classes: &[Vec<(usize, FuncId)>], class_of: &mut Vec<Option<CalleeClass>>| {
        for (id, c) in classes.iter().enumerate() {
            for (_, f) in c {
                class_of[f.index()] = CalleeClass::new(id as u32).filter(|_| abstractable(*f));
            }
        }
    };
    assign(&classes, &mut class_of);
    let mut rounds = 0u32;
    loop {
        rounds += 1;
        let ((next, split), back) = cmp.with_callee_classes(core::mem::take(&mut class_of), |cmp| {
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
            (next, split)
        });
        class_of = back;
        classes = next;
        assign(&classes, &mut class_of);
        if !split {
            break;
        }
    }
    let out = classes.into_iter().filter(|c| c.len() >= 2).map(|c| c.into_iter().map(|p| p.1).collect()).collect();
    (out, rounds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{adder, caller, ext, Tiny};

    /// Four call chains of depth `DEPTH`: `a` and `a2` end in a leaf adding 1, `b` and
    /// `b2` in one adding 2. Every caller looks the same modulo its callee, so all of
    /// them start in one class and the difference at the bottom must climb `DEPTH`
    /// levels. Both algorithms find the pairs {a_i, a2_i} and {b_i, b2_i}; the worklist
    /// examines each class a bounded number of times, where the reference re-sorts the
    /// whole class once per level.
    #[test]
    fn deep_chains_split_level_by_level_in_linear_steps() {
        const DEPTH: usize = 40;
        let mut m = Tiny::new();
        let mut chains: Vec<Vec<FuncId>> = Vec::new();
        for (name, k) in [("a", 1), ("a2", 1), ("b", 2), ("b2", 2)] {
            let mut prev = adder(&mut m, &alloc::format!("{name}_0"), k, ext());
            let mut chain = alloc::vec![prev];
            for d in 1..DEPTH {
                prev = caller(&mut m, &alloc::format!("{name}_{d}"), prev);
                chain.push(prev);
            }
            chains.push(chain);
        }
        let cands: Vec<FuncId> = (0..m.funcs.len()).map(FuncId::new).collect();
        let mut fast_cmp = Comparator::new();
        let (fast, steps) = cycle_classes(&m, &cands, &mut fast_cmp);
        let mut slow_cmp = Comparator::new();
        let (slow, rounds) = cycle_classes_naive(&m, &cands, &mut slow_cmp);
        let norm = |mut v: Vec<Vec<FuncId>>| {
            for c in &mut v {
                c.sort_unstable();
            }
            v.sort_unstable();
            v
        };
        let mut expect: Vec<Vec<FuncId>> = Vec::new();
        for (a, b) in chains[0].iter().zip(&chains[1]).zip(chains[2].iter().zip(&chains[3])) {
            expect.push(alloc::vec![*a.0, *a.1]);
            expect.push(alloc::vec![*b.0, *b.1]);
        }
        let expect = norm(expect);
        assert_eq!(norm(fast), expect);
        assert_eq!(norm(slow), expect);
        assert!(rounds as usize >= DEPTH - 1, "the reference needs a round per level: {rounds}");
        assert!((steps as usize) <= 3 * DEPTH, "worklist examined {steps} classes for depth {DEPTH}");
        assert!(
            fast_cmp.comparisons * 4 < slow_cmp.comparisons,
            "worklist {} comparisons, reference {}",
            fast_cmp.comparisons,
            slow_cmp.comparisons
        );
        // Both comparators are back in plain mode: callers of different (if equal)
        // functions differ again.
        let (a1, a2_1) = (chains[0][1], chains[1][1]);
        assert_ne!(fast_cmp.compare(&m, a1, a2_1), Ordering::Equal);
        assert_ne!(slow_cmp.compare(&m, a1, a2_1), Ordering::Equal);
    }

    /// A class that stays whole (here N equal callers of one leaf) is examined once,
    /// with one comparison per neighbour pair: its members are already in the order's
    /// sequence, so no sort runs (a sort and a second pass for the runs compared each
    /// pair twice).
    #[test]
    fn a_class_that_stays_whole_costs_one_comparison_per_member() {
        const N: usize = 50;
        let mut m = Tiny::new();
        let leaf = adder(&mut m, "leaf", 1, ext());
        let callers: Vec<FuncId> = (0..N).map(|i| caller(&mut m, &alloc::format!("c{i}"), leaf)).collect();
        let cands: Vec<FuncId> = (0..m.funcs.len()).map(FuncId::new).collect();
        let mut cmp = Comparator::new();
        let (classes, steps) = cycle_classes(&m, &cands, &mut cmp);
        assert_eq!(classes, alloc::vec![callers]);
        assert_eq!(steps, 1);
        assert_eq!(cmp.comparisons, (N - 1) as u64);
    }
}
