//! Keys: how the driver orders its worklist and which functions it can leave unread.
//!
//! * **The worklist hash** ([`FastPath::worklist_hash`], else the core's
//!   [`crate::hash`] of the view): candidates are stably sorted by it, and a candidate
//!   whose hash no other candidate shares is dropped for the whole run (as in LLVM).
//! * **Merge keys** ([`FastPath::merge_key`], asked only when the adapter hashed the
//!   worklist): a partition refinement over (hash, key) and the classes of the functions
//!   each key references ([`key_classes`]); a candidate alone in its class is dropped
//!   before its view is built.
//! * **Cycle keys** ([`FastPath::cycle_key`], cycle mode only): the same refinement over
//!   the cycle pass's candidates; a candidate alone in its class is left out of the pass
//!   unread, and the classes start the pass's own refinement.
//!
//! Tree keys ([`FastPath::tree_key`]) key the `FnTree`, so they live with the tree's
//! use (`filing.rs`).
//!
//! Invariants: the worklist is ordered by hash, ties in module order, so that the order
//! of merges is LLVM's when the adapter's hash is LLVM's. A candidate dropped here can
//! never merge (the proof is on [`Driver::drop_by_merge_key`]), so dropping it changes
//! no merge, only the work.

use alloc::vec::Vec;
use core::num::NonZeroU32;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use super::{Driver, Error};
use crate::fast_path::FastPath;
use crate::ir::FuncId;
use crate::mutate::ModuleMut;

/// Sorts `list` by hash, ties in their present order (a stable sort). A least significant
/// digit radix sort, 11 bits per pass, passes whose digit every entry shares skipped: a
/// module's worklist is tens of thousands of entries, where this takes a fraction of a
/// comparison sort's time.
fn sort_by_hash(list: &mut Vec<(u64, FuncId)>) {
    const BITS: u32 = 11;
    const PASSES: usize = 64usize.div_ceil(BITS as usize);
    const RADIX: usize = 1 << BITS;
    if list.len() < 256 {
        // The insertion and merge sorts of `sort_by_key` are stable too.
        list.sort_by_key(|p| p.0);
        return;
    }
    let digit = |h: u64, pass: usize| ((h >> (pass as u32 * BITS)) as usize) & (RADIX - 1);
    let mut counts = alloc::vec![0usize; PASSES * RADIX];
    for &(h, _) in list.iter() {
        for pass in 0..PASSES {
            counts[pass * RADIX + digit(h, pass)] += 1;
        }
    }
    let mut from = core::mem::take(list);
    let mut to = alloc::vec![(0u64, FuncId(0)); from.len()];
    for pass in 0..PASSES {
        let count = &mut counts[pass * RADIX..(pass + 1) * RADIX];
        if count.contains(&from.len()) {
            continue;
        }
        let mut at = 0;
        for c in count.iter_mut() {
            let n = *c;
            *c = at;
            at += n;
        }
        for &p in from.iter() {
            let d = digit(p.0, pass);
            to[count[d]] = p;
            count[d] += 1;
        }
        core::mem::swap(&mut from, &mut to);
    }
    *list = from;
}

/// For a hash-sorted list: does entry `i` share its hash with a neighbour?
pub(super) fn shared_flags(hashed: &[(u64, FuncId)]) -> Vec<bool> {
    (0..hashed.len())
        .map(|i| {
            let h = hashed[i].0;
            (i > 0 && hashed[i - 1].0 == h) || hashed.get(i + 1).is_some_and(|n| n.0 == h)
        })
        .collect()
}

/// A function with a key computed without its view: the key (two words) and the span of
/// the shared `refs` list holding the functions with a body its operands name.
struct Keyed {
    f: FuncId,
    key: (u64, u64),
    refs: (usize, usize),
}

/// The worklist: (hash, candidate) pairs sorted by hash, ties in module order.
pub(super) type Worklist = Vec<(u64, FuncId)>;

/// What the function a ref names is to [`key_classes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    /// Neither keyed nor unkeyed: never replaced, so it counts as its identity.
    Other,
    /// The entry of this index in `keyed`: counts as that entry's class.
    Keyed(u32),
    /// A function of `unkeyed`: one label shared by all of them.
    Unkeyed,
}

impl Named {
    /// The label a ref to `r` contributes to its referrer's signature, under the entries'
    /// classes `class`. The three kinds take disjoint ranges: a class `c` is
    /// `c | 1 << 32`, an identity `r | 2 << 32`, and every unkeyed function `u64::MAX`.
    fn label(self, r: FuncId, class: &[u32]) -> u64 {
        match self {
            Named::Keyed(e) => class[e as usize] as u64 | 1 << 32,
            Named::Unkeyed => u64::MAX,
            Named::Other => r.0 as u64 | 2 << 32,
        }
    }
}

/// An index into [`key_classes`]' `keyed`, stored plus one so that `Option<Entry>` (not
/// keyed) takes four bytes and a table of them starts zeroed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry(NonZeroU32);

impl Entry {
    /// Entry `j`; `None` only for `j >= u32::MAX`, which needs more functions than a module
    /// can number (`FuncId` is a `u32`).
    fn new(j: usize) -> Option<Self> {
        u32::try_from(j + 1).ok().and_then(NonZeroU32::new).map(Entry)
    }

    fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// Partition refinement over keys: for each entry of `keyed`, the index of the first
/// entry of its class in the coarsest partition (or in a coarser one, after `KEY_PASSES`
/// passes) in which class mates have equal keys and, at each position of their `refs`,
/// functions of the same class.
///
/// The classes start as the groups of equal keys. A pass splits each class by the
/// classes of the functions its members' `refs` name: a ref to an entry of `keyed`
/// counts as that entry's class, a ref to a function in `unkeyed` as one shared label
/// (the callers' keys promise that a function without a key is never equal to one with
/// a key), any other ref as its identity. Passes repeat until no class splits.
///
/// The result is sound for any partition `P` of the functions that is *stable* (class
/// mates have equal keys and refs of the same class of `P` at each position; every
/// function outside `keyed` and `unkeyed` alone in its class, and those of `unkeyed`
/// only with each other): every pass's partition is coarser than `P`, so an entry alone
/// here ([`alone_in_class`]) is alone in `P`.
fn key_classes(n: usize, keyed: &[Keyed], refs: &[FuncId], unkeyed: &[FuncId]) -> Vec<u32> {
    const KEY_PASSES: usize = 64;
    // By function id: its entry in `keyed`, and whether it is in `unkeyed` (both start
    // zeroed: no entry, not unkeyed). What a ref is ([`Named`]) follows, `keyed` first.
    let mut entry_of: Vec<Option<Entry>> = alloc::vec![None; n];
    let mut is_unkeyed = alloc::vec![false; n];
    for &f in unkeyed {
        if let Some(u) = is_unkeyed.get_mut(f.index()) {
            *u = true;
        }
    }
    for (j, k) in keyed.iter().enumerate() {
        if let Some(slot) = entry_of.get_mut(k.f.index()) {
            *slot = Entry::new(j);
        }
    }
    let named_of = |r: &FuncId| match entry_of.get(r.index()) {
        Some(Some(e)) => Named::Keyed(e.index() as u32),
        _ if is_unkeyed.get(r.index()).copied().unwrap_or(false) => Named::Unkeyed,
        _ => Named::Other,
    };
    // Class of each entry: its first member's index (deterministic).
    let mut group: HashMap<(u64, u64), u32, FxBuildHasher> =
        HashMap::with_capacity_and_hasher(keyed.len(), FxBuildHasher);
    let mut class: Vec<u32> = keyed.iter().enumerate().map(|(j, k)| *group.entry(k.key).or_insert(j as u32)).collect();
    // Which entries name each entry (compressed rows): after a pass, only those naming
    // an entry whose class changed can get another signature.
    let nk = keyed.len();
    let keyed_ref = |r: &FuncId| entry_of.get(r.index()).copied().flatten().map(|e| e.index() as u32);
    let mut named_at = alloc::vec![0u32; nk + 1];
    for k in keyed {
        for e in refs[k.refs.0..k.refs.1].iter().filter_map(keyed_ref) {
            named_at[e as usize + 1] += 1;
        }
    }
    for k in 0..nk {
        named_at[k + 1] += named_at[k];
    }
    let mut named_by = alloc::vec![0u32; named_at[nk] as usize];
    let mut fill = named_at.clone();
    for (j, k) in keyed.iter().enumerate() {
        for e in refs[k.refs.0..k.refs.1].iter().filter_map(keyed_ref) {
            named_by[fill[e as usize] as usize] = j as u32;
            fill[e as usize] += 1;
        }
    }
    // Each pass splits every class by the signature of its members' refs under the
    // classes of the pass before. Only the signatures that can have changed are
    // computed again (`dirty`), and only the classes holding one are regrouped; every
    // other entry keeps its class, as a full recomputation would give it. A class's
    // members are visited in index order, so its first member names it.
    let mut sig = alloc::vec![0u64; nk];
    let mut dirty = alloc::vec![true; nk];
    let mut regroup = alloc::vec![false; nk];
    let mut split: HashMap<(u32, u64), u32, FxBuildHasher> =
        HashMap::with_capacity_and_hasher(keyed.len(), FxBuildHasher);
    let mut changed: Vec<u32> = Vec::new();
    for _ in 0..KEY_PASSES {
        for (j, k) in keyed.iter().enumerate() {
            if !dirty[j] {
                continue;
            }
            dirty[j] = false;
            let mut x = 0u64;
            for r in &refs[k.refs.0..k.refs.1] {
                let label = named_of(r).label(*r, &class);
                x = (x.rotate_left(5) ^ label).wrapping_mul(0x517c_c1b7_2722_0a95);
            }
            sig[j] = x;
            regroup[class[j] as usize] = true;
        }
        split.clear();
        changed.clear();
        for j in 0..nk {
            let old = class[j];
            if regroup[old as usize] {
                let new = *split.entry((old, sig[j])).or_insert(j as u32);
                if new != old {
                    class[j] = new;
                    changed.push(j as u32);
                }
            }
        }
        regroup.iter_mut().for_each(|r| *r = false);
        if changed.is_empty() {
            break;
        }
        for &e in &changed {
            for &j in &named_by[named_at[e as usize] as usize..named_at[e as usize + 1] as usize] {
                dirty[j as usize] = true;
            }
        }
    }
    class
}

/// For each entry of a [`key_classes`] result: true if no other entry shares its class.
fn alone_in_class(class: &[u32]) -> Vec<bool> {
    let mut size = alloc::vec![0u32; class.len()];
    for &c in class {
        size[c as usize] += 1;
    }
    class.iter().map(|&c| size[c as usize] == 1).collect()
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// The worklist: every candidate that [`FastPath::never_merges`] keeps, with its hash
    /// ([`FastPath::worklist_hash`], else the core's hash of its view, built and validated
    /// for it), sorted by hash with ties in module order. Also returns whether the adapter
    /// hashed any candidate: then views are built only for candidates whose hash another
    /// one shares (singletons are never read), and merge keys apply.
    pub(super) fn worklist(&mut self) -> Result<(Worklist, bool), Error<M::Error>> {
        let mut hashed: Vec<(u64, FuncId)> = Vec::with_capacity(self.m.num_funcs());
        let mut by_adapter = false;
        for i in 0..self.m.num_funcs() {
            let f = FuncId::new(i);
            if !self.is_candidate(f) {
                continue;
            }
            if self.m.never_merges(f) {
                self.report.stats.never_merges += 1;
                continue;
            }
            let h = match self.m.worklist_hash(f) {
                Some(h) => {
                    by_adapter = true;
                    h
                }
                None => {
                    self.ensure(f);
                    if !self.is_candidate(f) {
                        continue;
                    }
                    self.validate(f)?;
                    self.hasher.hash(&*self.m, f)
                }
            };
            hashed.push((h, f));
        }
        // By hash, ties in module order (the push order).
        sort_by_hash(&mut hashed);
        Ok((hashed, by_adapter))
    }

    /// The merge-key filter ([`FastPath::merge_key`]): marks as not shared, and returns
    /// as dropped, every shared candidate that can never merge, found by partition
    /// refinement over the keys.
    ///
    /// The classes start as the groups of equal (worklist hash, key). A pass then splits
    /// each class by the classes of the functions its `refs` name: a ref to a keyed
    /// candidate counts as that candidate's class, a ref to a shared candidate without a
    /// key as a wildcard (it may merge with anything), any other ref (a function that is
    /// not a shared candidate, so is never replaced) as its identity. Passes repeat until no
    /// class splits (at most `MERGE_KEY_PASSES`); candidates alone in their class are
    /// dropped.
    ///
    /// Why no merge is lost: two functions merge only when they are equal at that moment,
    /// so they have the same hash and key and, at each ref position, the same function,
    /// into which the two original refs have been merged. By induction over the merges,
    /// functions merged together always share a class of the coarsest partition that is
    /// stable under the split, and every pass's partition is coarser than that one.
    pub(super) fn drop_by_merge_key(&mut self, hashed: &[(u64, FuncId)], shared: &mut [bool]) -> Vec<bool> {
        // Per keyed candidate: function, (hash, key), span of `refs`.
        let nshared = shared.iter().filter(|s| **s).count();
        let mut keyed: Vec<Keyed> = Vec::with_capacity(nshared);
        let mut at_of: Vec<usize> = Vec::with_capacity(nshared);
        let mut refs: Vec<FuncId> = Vec::with_capacity(4 * nshared);
        let mut unkeyed: Vec<FuncId> = Vec::new();
        // Asked in function order, so that an adapter reads its per-function tables in
        // memory order (the hash order is a random walk over them); the keys do not
        // depend on the order they are asked in, and the classes below are a partition.
        let mut by_func: Vec<(FuncId, usize)> =
            (0..hashed.len()).filter(|&i| shared[i]).map(|i| (hashed[i].1, i)).collect();
        by_func.sort_unstable();
        let mut key_of: Vec<Option<(u64, (usize, usize))>> = alloc::vec![None; hashed.len()];
        for &(f, i) in &by_func {
            let at = refs.len();
            match self.m.merge_key(f, &mut refs) {
                Some(k) => key_of[i] = Some((k, (at, refs.len()))),
                None => refs.truncate(at),
            }
        }
        for (i, &(h, f)) in hashed.iter().enumerate() {
            if shared[i] {
                match key_of[i] {
                    Some((k, span)) => {
                        keyed.push(Keyed { f, key: (h, k), refs: span });
                        at_of.push(i);
                    }
                    None => unkeyed.push(f),
                }
            }
        }
        let alone = alone_in_class(&key_classes(self.m.num_funcs(), &keyed, &refs, &unkeyed));
        let mut dropped = alloc::vec![false; hashed.len()];
        for (j, &i) in at_of.iter().enumerate() {
            if alone[j] {
                shared[i] = false;
                dropped[i] = true;
                self.report.stats.unique_keys += 1;
            }
        }
        dropped
    }

    /// The cycle keys ([`FastPath::cycle_key`]) of the cycle pass's candidates `all`: for
    /// each function, whether it is alone in its key class (it has no cycle class mate and
    /// is left out unread, counted in [`crate::Stats::cycle_unique_keys`]), and the label
    /// its key class gives it for the start of the refinement (class + 1; 0, no label,
    /// for the unkeyed candidates: without keys, the refinement runs as it did without
    /// them). The key classes are coarser than the refinement's result, see
    /// [`crate::cycles`], "Starting finer".
    pub(super) fn cycle_key_classes(&mut self, all: &[FuncId]) -> (Vec<bool>, Vec<u64>) {
        let mut keyed: Vec<Keyed> = Vec::with_capacity(all.len());
        let mut refs: Vec<FuncId> = Vec::new();
        let mut unkeyed: Vec<FuncId> = Vec::new();
        for &f in all {
            let at = refs.len();
            match self.m.cycle_key(f, &mut refs) {
                Some(k) => keyed.push(Keyed { f, key: (k, 0), refs: (at, refs.len()) }),
                None => {
                    refs.truncate(at);
                    unkeyed.push(f);
                }
            }
        }
        let class = key_classes(self.m.num_funcs(), &keyed, &refs, &unkeyed);
        let alone = alone_in_class(&class);
        let mut skip = alloc::vec![false; self.m.num_funcs()];
        let mut start = alloc::vec![0u64; self.m.num_funcs()];
        for ((k, &c), &alone) in keyed.iter().zip(&class).zip(&alone) {
            if alone {
                skip[k.f.index()] = true;
                self.report.stats.cycle_unique_keys += 1;
            }
            start[k.f.index()] = c as u64 + 1;
        }
        (skip, start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{actions, merge_module, Options};
    use crate::report::{FoldAction, UseRewrite};
    use crate::testkit::*;

    /// The radix sort gives what sorting (hash, id) pairs gives when ids grow in list
    /// order: by hash, ties in list order. Hashes drawn from narrow and wide ranges, so
    /// that passes are skipped and ties are common.
    #[test]
    fn sort_by_hash_is_stable_by_hash() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (n, mask) in
            [(0, u64::MAX), (5, 3), (300, 7), (1000, u64::MAX), (4096, 0xff_0000_0000), (5000, 0x8000_0000_0000_03ff)]
        {
            let mut list: Vec<(u64, FuncId)> = (0..n).map(|i| (next() & mask, FuncId(i as u32))).collect();
            let mut want = list.clone();
            want.sort_unstable();
            sort_by_hash(&mut list);
            assert_eq!(list, want, "{n} entries, hashes under {mask:#x}");
        }
    }

    /// A function the adapter says can never merge is left out before it is hashed or
    /// read, counted as a candidate and in `never_merges`; the merges are the same.
    #[test]
    fn functions_that_never_merge_are_never_read() {
        let run = |skip: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            let a = adder(&mut m, "a", 5, ext());
            let _b = adder(&mut m, "b", 5, ext());
            let c = adder(&mut m, "c", 6, ext());
            if skip {
                m.never_merges = alloc::vec![c];
            }
            let r = merge_module(&mut m, &Options::default()).unwrap();
            let read = m.accesses.borrow().iter().any(|e| e.1 == c);
            (actions(&r), r.stats.candidates, r.stats.never_merges, read, a)
        };
        let (with, cands, never, read, a) = run(true);
        let (without, cands0, never0, read0, _) = run(false);
        assert_eq!(with, without);
        assert_eq!(with[0].1, a.0);
        assert_eq!((cands, never, read), (3, 1, false));
        // Without the hint, `c` shares the worklist hash and is read.
        assert_eq!((cands0, never0, read0), (3, 0, true));
    }

    /// Merges the module `build` makes without and with merge keys, checks that the
    /// merges and their order are the same, and returns them (without keys) with the
    /// number of candidates the keys dropped.
    fn merges_with_and_without_merge_keys(build: impl Fn(&mut Tiny)) -> (Vec<(u32, u32, FoldAction, UseRewrite)>, u64) {
        let run = |keyed: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            m.keyed = keyed;
            build(&mut m);
            let r = merge_module(&mut m, &Options::default()).unwrap();
            (actions(&r), r.stats.unique_keys, m.log)
        };
        let (plain, no_keys, plain_log) = run(false);
        let (keyed, dropped, keyed_log) = run(true);
        assert_eq!(no_keys, 0);
        assert_eq!(keyed, plain);
        assert_eq!(keyed_log, plain_log);
        (plain, dropped)
    }

    /// The merge-key filter splits candidates by the classes of their callees: `c2` calls
    /// a function of another class than everyone else's callee, so it is dropped before
    /// its body is read (a wildcard ref would have kept it); the merges, and their order,
    /// are the same as without keys.
    #[test]
    fn merge_keys_refine_by_callee_class() {
        let (merges, dropped) = merges_with_and_without_merge_keys(|m| {
            let a1 = adder(m, "a1", 1, internal());
            let a2 = adder(m, "a2", 1, internal());
            let d1 = adder(m, "d1", 5, internal());
            let _d2 = adder(m, "d2", 5, internal());
            caller(m, "c1", a1);
            caller(m, "c2", d1);
            caller(m, "c3", a1);
            caller(m, "c4", a2);
        });
        assert_eq!(dropped, 1, "only c2 is alone in its class");
        // a2 into a1, d2 into d1, then c3 and c4 into c1 once their callees are one.
        assert_eq!(merges.iter().filter(|a| a.2 != FoldAction::Kept).count(), 4, "{merges:?}");
    }

    /// A difference at the leaves of call chains splits the classes one level per pass:
    /// the chain over a unique leaf is dropped to its top, level by level, while the two
    /// chains over equal leaves keep their classes and merge, as without keys.
    #[test]
    fn merge_keys_split_chains_level_by_level() {
        let (merges, dropped) = merges_with_and_without_merge_keys(|m| {
            for (chain, c) in [(1, 1), (2, 2), (3, 1)] {
                let mut f = adder(m, &alloc::format!("l{chain}"), c, internal());
                for level in ["m", "t", "u"] {
                    f = caller(m, &alloc::format!("{level}{chain}"), f);
                }
            }
        });
        assert_eq!(dropped, 4, "l2, m2, t2 and u2");
        assert_eq!(merges.iter().filter(|a| a.2 != FoldAction::Kept).count(), 4, "{merges:?}");
    }
}
