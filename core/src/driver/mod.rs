//! The merge driver: LLVM 22's `MergeFunctionsPass` over the [`Module`]/[`ModuleMut`]
//! traits ([`merge_module`]).
//!
//! A run, and the file that does each part:
//! 1. **Candidates** (this file): functions with a body that the adapter did not
//!    exclude. Every view is validated before the driver reads it (`validate.rs`); a
//!    body that breaks the contract stops the run with [`Error::InvalidBody`]. With an
//!    adapter worklist hash, views are built ([`FastPath::materialize`]) only for
//!    candidates whose hash another candidate shares (and, with tree keys, only when
//!    they are compared); one found ineligible then leaves the list (its bucket mates
//!    may become singletons). Each build is announced a few builds early
//!    ([`FastPath::prefetch`], a hint only).
//! 2. **The worklist and keys** (`keys.rs`): candidates stably sorted by hash, those
//!    alone on their hash dropped for the run, and with the adapter's merge keys those
//!    alone in their key class dropped unread.
//! 3. **Rounds** (this file) of lookups in the `FnTree` (`tree.rs`, filed by
//!    `filing.rs`): each function of the worklist is looked up; if an equal function is
//!    there, the two merge, else it is inserted. Before anything changes a function
//!    that sits in the tree, that function is taken out and queued for the next round
//!    (LLVM's `Deferred`), so the tree's keys never change in place and callers of merged
//!    functions get a second look: chains merge. The tree is keyed by the adapter's
//!    [`FastPath::tree_key`] if it gives one (a function whose key no tree function has is
//!    filed without its view being built), else by the core's hash of views; the
//!    adapter's claims ([`FastPath::same_body_as`], [`FastPath::same_unread_body_as`])
//!    and checked copies ([`FastPath::view_copied_from`]) find the equal tree function
//!    without a lookup.
//! 4. **Merge actions** (`actions.rs`): the survivor ([`keep_first`]) and LLVM's
//!    `mergeTwoFunctions`, each rewrite offered to [`ModuleMut::can_rewrite`] first.
//! 5. **The cycle pass** (`cycle_pass.rs`, [`Options::merge_cycles`]): after LLVM's
//!    merges, classes of functions equal modulo calls to class mates.
//!
//! What the driver records about each function is one table (`funcs.rs`).
//!
//! Invariants of a run:
//! * the order of merges is LLVM's: the first round takes the worklist in hash order,
//!   later rounds take the Deferred list in the order functions were queued;
//! * no rewrite changes a function while it sits in the tree;
//! * a valid module never fails a run: a rewrite the adapter cannot carry out is ruled
//!   out before the merge is chosen; the run stops only on a broken adapter contract
//!   (an invalid view, a failed rewrite, or a trusted fast-path answer found wrong under
//!   [`Options::check_fast_path`]).

use alloc::vec::Vec;
use core::fmt;

use crate::fast_path::FastPath;
use crate::hash::FunctionHasher;
use crate::ir::*;
use crate::mutate::ModuleMut;
use crate::order::Comparator;
use crate::report::Report;

mod actions;
mod cycle_pass;
mod filing;
mod funcs;
mod keys;
mod tree;
mod validate;

pub use actions::{keep_first, keep_first_in};
pub use validate::validate_body;

use self::funcs::FuncTable;
use self::keys::shared_flags;
use self::tree::{FnTree, NodeId};

/// Options of a merge run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Write aliases instead of thunks where the folded function's address does not
    /// matter (LLVM `-mergefunc-use-aliases`).
    pub use_aliases: bool,
    /// Keep folded functions' debug information: they become thunks in place and their
    /// uses are never rewritten (LLVM `-mergefunc-preserve-debug-info`).
    pub preserve_debug_info: bool,
    /// Also merge mutually recursive duplicates (cycles of functions that are equal
    /// modulo calls to each other). Off by default: LLVM 22 does not.
    pub merge_cycles: bool,
    /// Check every *trusted* answer of the adapter's fast path before acting on it
    /// ([`FastPath::same_body_as`], [`FastPath::same_unread_body_as`]): the driver builds
    /// the two views and compares them, and a wrong answer stops the run with
    /// [`Error::WrongFastPath`]. Costs the views the fast path saves; changes no merge of
    /// a correct adapter. Off by default (debug builds check `same_body_as` anyway); the
    /// tests and fuzz targets turn it on.
    pub check_fast_path: bool,
}

/// Why a merge run stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error<E> {
    /// The adapter failed to perform a mutation.
    Mutation {
        /// The function being rewritten.
        func: FuncId,
        /// What the driver was doing.
        action: &'static str,
        /// The adapter's error.
        source: E,
    },
    /// A body broke the [`crate::ir`] contract.
    InvalidBody {
        /// The function.
        func: FuncId,
        /// What is wrong.
        reason: &'static str,
    },
    /// A trusted fast-path answer was wrong ([`Options::check_fast_path`]).
    WrongFastPath {
        /// The function asked about.
        func: FuncId,
        /// The other function of the answer.
        other: FuncId,
        /// The hook that answered.
        hook: &'static str,
    },
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Mutation { func, action, source } => write!(f, "{action} on {func} failed: {source}"),
            Error::InvalidBody { func, reason } => write!(f, "the adapter's body of {func} is invalid: {reason}"),
            Error::WrongFastPath { func, other, hook } => {
                write!(f, "the adapter's {hook}({func}, {other}) is wrong: the views say otherwise")
            }
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

/// How many functions ahead of the one being materialized the driver hints
/// ([`FastPath::prefetch`]). On rust-linked-release (LLVM adapter), 4 ahead with 4 KiB
/// each gave the views about 2 ms back; hinting only the next one, or 8 ahead, less (the
/// adapter now asks for 2 KiB, which measured better once the first round's tree
/// functions were hinted too, see [`INSERT_PREFETCH_AHEAD`]).
const PREFETCH_AHEAD: usize = 4;

/// How many functions ahead of the one going into the tree the first round hints with
/// tree keys (where no view is built yet: a same-body claim walks the IR of the newcomer
/// and of the tree function with its key, which was hinted as a newcomer before).
const INSERT_PREFETCH_AHEAD: usize = 8;

struct Driver<'a, M: ModuleMut + FastPath> {
    m: &'a mut M,
    opts: Options,
    cmp: Comparator,
    hasher: FunctionHasher,
    /// The `FnTree` key: [`FunctionHasher::hash_global_refs`] on.
    tree_hasher: FunctionHasher,
    tree: FnTree,
    /// What the driver records about each function.
    funcs: FuncTable,
    deferred: Vec<FuncId>,
    scratch: Vec<FuncId>,
    report: Report,
    round: u32,
    /// The tree is keyed by the adapter's [`FastPath::tree_key`] (else by the core's
    /// hash of views, [`Self::tree_hasher`]).
    keyed: bool,
    /// Scratch for the nodes of one tree bucket.
    bucket: Vec<NodeId>,
    /// The tree keys whose functions are filed by [`FastPath::tree_subkey`] as well
    /// (`filing.rs`, `split_bucket`).
    split_keys: hashbrown::HashSet<u64, rustc_hash::FxBuildHasher>,
}

/// Runs MergeFunctions over `module` and reports what it did.
pub fn merge_module<M: ModuleMut + FastPath>(module: &mut M, options: &Options) -> Result<Report, Error<M::Error>> {
    if !options.merge_cycles {
        if let Some(report) = nothing_to_merge(&*module) {
            return Ok(report);
        }
    }
    let intersect = module.supports_flag_intersection();
    let funcs = FuncTable::with_capacity(module.num_funcs());
    let mut d = Driver {
        m: module,
        opts: *options,
        cmp: Comparator::new(),
        hasher: FunctionHasher::new(),
        tree_hasher: FunctionHasher::tree_key(),
        tree: FnTree::new(),
        funcs,
        deferred: Vec::new(),
        scratch: Vec::new(),
        report: Report::default(),
        round: 0,
        keyed: false,
        bucket: Vec::new(),
        split_keys: Default::default(),
    };
    d.cmp.compare_weak_flags = !intersect;
    d.hasher.hash_weak_flags = !intersect;
    d.tree_hasher.hash_weak_flags = !intersect;
    d.run()?;
    d.report.stats.comparisons = d.cmp.comparisons;
    Ok(d.report)
}

/// The report of a run in which every candidate never merges
/// ([`FastPath::never_merges`]), or `None` when some candidate may. Such a run leaves
/// every candidate out of the worklist, so the full driver would merge nothing, compare
/// nothing and count exactly this: every candidate, each in `never_merges`. Checked
/// before the driver and its tables are made (on a small module where nothing merges,
/// making them is most of the core's share of a run). Not in cycle mode, whose pass
/// runs, and counts its rounds, whatever the worklist holds.
/// Before any merge no function is folded, so a candidate is an eligible function with
/// a body (as [`Driver::is_candidate`] says then).
#[inline(never)]
fn nothing_to_merge<M: Module + FastPath + ?Sized>(m: &M) -> Option<Report> {
    let mut never = 0u64;
    for i in 0..m.num_funcs() {
        let f = FuncId::new(i);
        if m.func(f).ineligible.is_none() && m.has_body(f) {
            if !m.never_merges(f) {
                return None;
            }
            never += 1;
        }
    }
    let mut report = Report::default();
    report.stats.candidates = never;
    report.stats.never_merges = never;
    Some(report)
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// Candidate as far as is known without building `f`'s view (a lazy adapter may
    /// still find it ineligible when it builds the body).
    fn is_candidate(&self, f: FuncId) -> bool {
        !self.funcs.folded(f) && self.m.func(f).ineligible.is_none() && self.m.has_body(f)
    }

    /// Makes sure the adapter's view of `f` is built and current before it is read.
    fn ensure(&mut self, f: FuncId) {
        self.m.materialize(f);
    }

    /// Before the driver materializes `list[k]` in a loop over `list`: hints the function
    /// [`PREFETCH_AHEAD`] places ahead ([`FastPath::prefetch`]), and at the start of the
    /// loop the first ones, so that an adapter can have a view's memory loading while the
    /// views before it are built and compared. Only a hint: nothing the driver decides
    /// depends on it.
    fn hint_ahead(&self, list: &[FuncId], k: usize) {
        self.hint_ahead_by(list, k, PREFETCH_AHEAD);
    }

    /// [`Self::hint_ahead`] `ahead` places ahead.
    fn hint_ahead_by(&self, list: &[FuncId], k: usize, ahead: usize) {
        let from = if k == 0 { 0 } else { k + ahead };
        for &g in list.iter().take(k + ahead + 1).skip(from) {
            self.m.prefetch(g);
        }
    }

    /// The error of a failed rewrite of `func`.
    fn fail(func: FuncId, action: &'static str) -> impl FnOnce(M::Error) -> Error<M::Error> {
        move |source| Error::Mutation { func, action, source }
    }

    fn run(&mut self) -> Result<(), Error<M::Error>> {
        let (hashed, by_adapter) = self.worklist()?;
        let mut shared = shared_flags(&hashed);
        // Tree keys if the adapter gives one (asked of the first candidate; one it cannot
        // key later switches the tree to view hashes, see `unkey_tree`).
        self.keyed = hashed.first().is_some_and(|&(_, f)| self.m.tree_key(f).is_some());
        let funcs_before = self.m.num_funcs();
        // Cycle classes need the same opcode walk, so with the adapter's worklist hash
        // (opcodes and block structure, as LLVM's) a singleton has no class mate; neither
        // has a function the merge key dropped (it differs from every other candidate in
        // something no merge or class abstraction changes). The core's own hash marks
        // self calls, which cycle classes may equate with calls to a class mate, so
        // without an adapter hash every candidate stays in the cycle pool.
        let pool: Vec<FuncId> = if by_adapter {
            // The adapter's merge keys (computed without views) split the hash buckets
            // further: a candidate no other one matches can never merge.
            let key_dropped = self.drop_by_merge_key(&hashed, &mut shared);
            self.first_round_by_bucket(&hashed, &shared, &key_dropped)?
        } else {
            self.report.stats.candidates = hashed.len() as u64;
            for (i, (_, f)) in hashed.iter().enumerate() {
                if shared[i] {
                    self.deferred.push(*f);
                } else {
                    self.report.stats.singletons += 1;
                }
            }
            hashed.iter().map(|p| p.1).collect()
        };
        // Dropped by key, not by hash: reported separately.
        self.report.stats.singletons -= self.report.stats.unique_keys;
        // Left out by the adapter before hashing: still candidates.
        self.report.stats.candidates += self.report.stats.never_merges;
        self.drain()?;
        if self.opts.merge_cycles {
            // LLVM's merges first (identical actions), then the cycles it cannot see,
            // then another drain for the callers those merges made equal.
            self.merge_cycles(&pool, funcs_before)?;
            self.drain()?;
        }
        Ok(())
    }

    /// The first round with an adapter worklist hash, one hash bucket at a time (in
    /// worklist order): builds the views of the bucket's shared candidates, drops those
    /// the build finds ineligible (which can leave a bucket mate a singleton), and inserts
    /// the rest right away, while their views are still in the cache. The result is the
    /// round that [`Self::drain`] would run on the whole list after building every view
    /// first: a bucket's shared flags depend only on its own members, insertion order is
    /// the same, and a view built after an earlier merge describes the same IR that a
    /// view built before it and brought up to date would. Returns the cycle pool (the
    /// functions of the round).
    fn first_round_by_bucket(
        &mut self,
        hashed: &[(u64, FuncId)],
        shared: &[bool],
        key_dropped: &[bool],
    ) -> Result<Vec<FuncId>, Error<M::Error>> {
        let mut pool = Vec::new();
        let mut lo = 0;
        // The views to build, in order (the shared entries), for the prefetch hints. With
        // tree keys, none is built here: views are built when keys meet in the tree.
        let to_build: Vec<FuncId> = if self.keyed {
            Vec::new()
        } else {
            hashed.iter().zip(shared).filter(|(_, s)| **s).map(|(p, _)| p.1).collect()
        };
        // With tree keys: the functions that go into the tree, in order, for the same
        // hints (their IR is read when they meet a function with their key: a same-body
        // claim walks both). Entries the bucket's builds drop are hinted too (a hint only).
        let goes_in = |i: usize| shared[i] && !key_dropped[i];
        let to_insert: Vec<FuncId> = if self.keyed {
            (0..hashed.len()).filter(|&i| goes_in(i)).map(|i| hashed[i].1).collect()
        } else {
            Vec::new()
        };
        let mut inserted = 0;
        let mut built = 0;
        while lo < hashed.len() {
            let h = hashed[lo].0;
            let hi = lo + hashed[lo..].iter().take_while(|p| p.0 == h).count();
            if !self.keyed {
                for &(_, f) in hashed[lo..hi].iter().zip(&shared[lo..hi]).filter(|(_, s)| **s).map(|(p, _)| p) {
                    self.hint_ahead(&to_build, built);
                    self.ensure(f);
                    built += 1;
                }
            }
            // Still in the list: every entry but the shared ones the build found
            // ineligible. A survivor stays shared if another entry of its bucket is
            // still in the list (a key-dropped one counts, as its hash does in LLVM's
            // worklist, but is itself never read).
            let stays = |d: &Self, i: usize| !shared[i] || d.is_candidate(hashed[i].1);
            let alive = (lo..hi).filter(|&i| stays(self, i)).count();
            self.report.stats.candidates += alive as u64;
            for (i, &(_, f)) in hashed.iter().enumerate().take(hi).skip(lo) {
                if self.keyed && goes_in(i) {
                    self.hint_ahead_by(&to_insert, inserted, INSERT_PREFETCH_AHEAD);
                    inserted += 1;
                }
                if !stays(self, i) {
                    continue;
                }
                if !(alive >= 2 && goes_in(i)) {
                    self.report.stats.singletons += 1;
                    continue;
                }
                if pool.is_empty() {
                    self.report.stats.rounds += 1;
                }
                pool.push(f);
                self.insert_if_candidate(f)?;
            }
            lo = hi;
        }
        if !pool.is_empty() {
            self.round += 1;
        }
        Ok(pool)
    }

    /// Runs Deferred rounds until nothing is queued.
    fn drain(&mut self) -> Result<(), Error<M::Error>> {
        while !self.deferred.is_empty() {
            let worklist = core::mem::take(&mut self.deferred);
            self.report.stats.rounds += 1;
            for (k, &f) in worklist.iter().enumerate() {
                self.hint_ahead(&worklist, k);
                self.insert_if_candidate(f)?;
            }
            self.round += 1;
        }
        Ok(())
    }
}

/// The merges of a report as (folded, target, action, uses), for the tests.
#[cfg(test)]
fn actions(r: &Report) -> Vec<(u32, u32, crate::report::FoldAction, crate::report::UseRewrite)> {
    r.merges.iter().map(|x| (x.folded.0, x.target.0, x.action, x.uses)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{FoldAction, UseRewrite};
    use crate::testkit::*;

    /// When every candidate never merges, the run ends before the driver is made:
    /// nothing is read or hinted, and the report is the full driver's (the same run in
    /// cycle mode, which always makes the driver; its cycle pass finds no candidate).
    /// With one candidate left that may merge, the full driver runs.
    #[test]
    fn a_run_where_nothing_merges_ends_before_the_driver() {
        let run = |opts: Options, all: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            let fs = [adder(&mut m, "a", 5, ext()), adder(&mut m, "b", 6, ext()), adder(&mut m, "c", 7, ext())];
            m.never_merges = fs[..if all { 3 } else { 2 }].to_vec();
            let r = merge_module(&mut m, &opts).unwrap();
            let asked = m.accesses.borrow().len();
            (r, asked)
        };
        let cycles = Options { merge_cycles: true, ..Options::default() };
        let (quick, asked) = run(Options::default(), true);
        let (full, _) = run(cycles, true);
        assert_eq!(asked, 0);
        assert_eq!((quick.stats.candidates, quick.stats.never_merges), (3, 3));
        assert_eq!(quick, full);
        assert!(nothing_to_merge(&Tiny::new()).is_some_and(|r| r == Report::default()));
        let (one_left, _) = run(Options::default(), false);
        let (one_left_full, _) = run(cycles, false);
        assert_eq!((one_left.stats.candidates, one_left.stats.never_merges, one_left.stats.singletons), (3, 2, 1));
        assert_eq!(one_left, one_left_full);
    }

    /// The driver hints each view [`PREFETCH_AHEAD`] functions before it builds it
    /// ([`FastPath::prefetch`]), in the first round and in later ones: every view a
    /// round builds was hinted first, the hints run ahead of the builds, and a function
    /// deferred to a later round is hinted again there.
    #[test]
    fn views_are_hinted_ahead_of_their_builds() {
        // Callers first (ids 0..8), so that they are read before their callees merge
        // and are deferred to a second round.
        let mut m = Tiny::new();
        m.hashed = true;
        let callers: Vec<FuncId> =
            (0..8).map(|i| caller(&mut m, &alloc::format!("c{i}"), FuncId::new(8 + i))).collect();
        let adders: Vec<FuncId> =
            (0..8).map(|i| adder(&mut m, &alloc::format!("a{i}"), i as u64 % 2, internal())).collect();
        assert_eq!(adders[0], FuncId::new(8));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.stats.rounds >= 2, "{:?}", r.stats);
        let ev = m.accesses.borrow();
        let at = |from: usize, what: &str, f: FuncId| from + ev[from..].iter().position(|e| *e == (what, f)).unwrap();
        // Before the build of `order[k]`, the hints reached `order[k + PREFETCH_AHEAD]`.
        let check_ahead = |from: usize, order: &[FuncId]| {
            for (k, &f) in order.iter().enumerate() {
                let last = order[(k + PREFETCH_AHEAD).min(order.len() - 1)];
                assert!(at(from, "prefetch", last) < at(from, "materialize", f), "{k} of {order:?}: {ev:?}");
            }
        };
        // First round: every candidate, in module order (one hash for all).
        let first: Vec<FuncId> = callers.iter().chain(&adders).copied().collect();
        check_ahead(0, &first);
        // Second round: a hint of a function hinted before starts it; it holds the callers
        // whose callees merged (c2..c7 call a2..a7, merged into a0 and a1).
        let second_at = (1..ev.len()).find(|&i| ev[i].0 == "prefetch" && ev[..i].contains(&ev[i])).unwrap();
        let second: Vec<FuncId> = ev[second_at..].iter().filter(|e| e.0 == "prefetch").map(|e| e.1).collect();
        assert_eq!(second, callers[2..]);
        check_ahead(second_at, &second);
    }

    #[test]
    fn chains_merge_through_deferred_rounds() {
        let mut m = Tiny::new();
        let g1 = adder(&mut m, "g1", 7, internal());
        let g2 = adder(&mut m, "g2", 7, internal());
        let c1 = caller(&mut m, "c1", g1);
        let c2 = caller(&mut m, "c2", g2);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        let acts = actions(&r);
        assert!(acts.contains(&(g2.0, g1.0, FoldAction::Erased, UseRewrite::DirectCalls)), "{acts:?}");
        assert!(acts.iter().any(|a| a.0 == c2.0 && a.1 == c1.0), "{acts:?}");
        assert!(r.stats.rounds >= 2);
    }

    /// With an adapter worklist hash, a function found ineligible only when its view is
    /// built leaves the candidate list, and a bucket mate left alone is a singleton (never
    /// inserted, as LLVM never inserts a function whose hash no other shares).
    #[test]
    fn ineligible_on_build_leaves_its_bucket_mates_alone() {
        let run = |with_b: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            adder(&mut m, "a", 5, ext());
            if with_b {
                adder(&mut m, "b", 5, ext());
            }
            let x = adder(&mut m, "x", 5, ext());
            m.ineligible_on_build = alloc::vec![x];
            let r = merge_module(&mut m, &Options::default()).unwrap();
            (r.stats.candidates, r.stats.singletons, r.stats.rounds, r.stats.functions_merged)
        };
        // `a` alone: a singleton, no round at all.
        assert_eq!(run(false), (1, 1, 0, 0));
        // `a` and `b` still merge; `x` is neither a candidate nor merged.
        assert_eq!(run(true), (2, 0, 1, 1));
    }
}
