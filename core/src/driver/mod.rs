//! The merge driver: LLVM 22's `MergeFunctionsPass` over the [`Module`]/[`ModuleMut`]
//! traits.
//!
//! 1. **Candidates**: functions with a body that the adapter did not exclude. A body is
//!    validated (indices in range, blocks non-empty) before the driver hashes it and each
//!    time before it enters the tree, since a lazy adapter may have rebuilt it after a
//!    rewrite; a body that breaks the contract stops the run with
//!    [`Error::InvalidBody`]. With an adapter worklist hash, bodies are built
//!    ([`FastPath::materialize`]) only for candidates whose hash another candidate
//!    shares (and, with tree keys, only when they are compared, see 3); one found
//!    ineligible then leaves the list (its bucket mates may become singletons). Each
//!    build is announced a few builds early
//!    ([`FastPath::prefetch`], a hint only).
//! 2. **Buckets**: candidates are stably sorted by hash ([`FastPath::worklist_hash`] or the
//!    core's [`crate::hash`]); a candidate whose hash no other candidate shares is dropped
//!    for the whole run. The rest form the first worklist, in that order.
//! 3. **Rounds**: each function of the worklist is looked up in the `FnTree` (ordered by
//!    a key, then the total order: the adapter's [`FastPath::tree_key`] if it gives
//!    one, else the core's hash of the view). With tree keys, a function whose key no
//!    tree function has is filed without its view being built (so the first round builds
//!    nothing up front); views are built, and a tree function the build finds ineligible
//!    leaves the tree, only when a function arrives under a key already there. A function
//!    the adapter cannot key re-files the whole tree under view hashes. A lookup is
//!    skipped when the function's view is a checked copy of a tree node's
//!    ([`FastPath::view_copied_from`], [`Comparator::is_copy_of`]): then that node is the
//!    one the lookup would find. With tree keys, a function the adapter vouches has the
//!    body of a tree function under its key ([`FastPath::same_body_as`]) and whose
//!    signature compares equal merges into that node without a lookup, and without its
//!    view ever being built if the tree function survives; a tree function not read yet
//!    is asked about first ([`FastPath::same_unread_body_as`]), so that neither view is
//!    built (the merge actions then ask [`FastPath::tiny_body`] instead of reading it).
//!    If an equal function is
//!    there, the two merge: the survivor is chosen by [`keep_first`] and the other is
//!    folded. Before anything
//!    changes a function that sits in the tree, that function is taken out and queued
//!    for the next round ("Deferred"), so the tree's keys never change in place and
//!    callers of merged functions get a second look: chains merge.
//! 4. **Merging two functions** follows LLVM's `mergeTwoFunctions` exactly: the
//!    double-thunk case (interposable survivor, or both ODR) with a new private body;
//!    otherwise replace all uses (unimportant address), or redirect direct calls, erase
//!    if unused and discardable, else alias or thunk, with the too-small rule.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use crate::fast_path::FastPath;
use crate::hash::FunctionHasher;
use crate::ir::*;
use crate::mutate::{ModuleMut, Rewrite, ThunkStyle};
use crate::order::{matched_instructions, Comparator};
use crate::report::{FoldAction, MergeRecord, Refusal, Report, UseRewrite};
mod tree;

use self::tree::{FnTree, Found};

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

/// Checks the body of `f` against the [`crate::ir`] preconditions the core relies on.
pub fn validate_body<M: Module + ?Sized>(m: &M, f: FuncId) -> Result<(), &'static str> {
    let Some(b) = m.body(f) else { return Ok(()) };
    let nargs = match m.type_data(m.func(f).ty) {
        TypeData::Func { params, .. } => params.len(),
        _ => return Err("the function type is not a function type"),
    };
    if b.blocks.is_empty() {
        return Err("a body has no blocks");
    }
    let (ni, nb) = (b.insts.len(), b.blocks.len());
    let mut expect = 0usize;
    for blk in b.blocks {
        if blk.insts.start as usize != expect || blk.insts.end < blk.insts.start {
            return Err("block instruction spans are not contiguous in layout order");
        }
        if blk.insts.is_empty() {
            return Err("a block has no instructions");
        }
        expect = blk.insts.end as usize;
        if blk.succs.end < blk.succs.start || blk.succs.end as usize > b.succs.len() {
            return Err("a successor span is out of range");
        }
    }
    if expect != ni {
        return Err("instructions outside every block");
    }
    if b.succs.iter().any(|s| s.index() >= nb) {
        return Err("a successor is out of range");
    }
    let local_ok = |v: &Value| match v {
        Value::Arg(i) => (*i as usize) < nargs,
        Value::Inst(i) => i.index() < ni,
        Value::Block(x) => x.index() < nb,
        Value::Const(_) | Value::Asm(_) | Value::Meta(_) => true,
    };
    // Spans first; operands and props are then checked in one pass each when the spans
    // tile `uses` and `props` in order (as every `BodyBuf` lays them out), else per
    // instruction.
    let (mut tiled, mut uses_at, mut props_at) = (true, 0u32, 0u32);
    for inst in b.insts {
        if inst.operands.end < inst.operands.start || inst.operands.end as usize > b.uses.len() {
            return Err("an operand span is out of range");
        }
        if inst.props.end < inst.props.start || inst.props.end as usize > b.props.len() {
            return Err("a prop span is out of range");
        }
        let n = inst.operands.len();
        match inst.kind {
            InstKind::Plain => {}
            InstKind::Call { callee } if (callee as usize) < n => {}
            InstKind::Address { base, .. } if (base as usize) < n => {}
            InstKind::Call { .. } | InstKind::Address { .. } => {
                return Err("a callee or base operand index is out of range")
            }
        }
        tiled &= inst.operands.start == uses_at && inst.props.start == props_at;
        uses_at = inst.operands.end;
        props_at = inst.props.end;
    }
    tiled &= uses_at as usize == b.uses.len() && props_at as usize == b.props.len();
    let check_uses = |uses: &[Use]| uses.iter().all(|u| local_ok(&u.value));
    let check_props = |props: &[Prop]| props.iter().all(|p| !matches!(p, Prop::Block(x) if x.index() >= nb));
    let (uses_ok, props_ok) = if tiled {
        (check_uses(b.uses), check_props(b.props))
    } else {
        (b.insts.iter().all(|i| check_uses(b.operands(i))), b.insts.iter().all(|i| check_props(b.props_of(i))))
    };
    if !uses_ok {
        return Err("an operand refers to a local value that does not exist");
    }
    if !props_ok {
        return Err("a block prop is out of range");
    }
    Ok(())
}

/// Which of two equal functions to keep: `true` keeps `f` and folds `g` (LLVM's
/// `isFuncOrderCorrect`). Non-ODR before ODR (never add calls *into* an ODR function),
/// strong before interposable, external before local, then the smaller name, so every
/// module makes the same choice.
pub fn keep_first(f: &FuncInfo, g: &FuncInfo) -> bool {
    if f.linkage.odr != g.linkage.odr {
        return g.linkage.odr;
    }
    if f.linkage.interposable != g.linkage.interposable {
        return !f.linkage.interposable;
    }
    if f.linkage.local != g.linkage.local {
        return !f.linkage.local;
    }
    f.name <= g.name
}

const NO_NODE: u32 = u32::MAX;

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
fn shared_flags(hashed: &[(u64, FuncId)]) -> Vec<bool> {
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
    const NONE: u32 = u32::MAX;
    const UNKEYED: u64 = u64::MAX;
    let mut keyed_of = alloc::vec![NONE; n];
    let mut is_unkeyed = alloc::vec![false; n];
    for &f in unkeyed {
        if let Some(u) = is_unkeyed.get_mut(f.index()) {
            *u = true;
        }
    }
    for (j, k) in keyed.iter().enumerate() {
        if let Some(slot) = keyed_of.get_mut(k.f.index()) {
            *slot = j as u32;
        }
    }
    // Class of each entry: its first member's index (deterministic).
    let mut group: HashMap<(u64, u64), u32, FxBuildHasher> =
        HashMap::with_capacity_and_hasher(keyed.len(), FxBuildHasher);
    let mut class: Vec<u32> = keyed.iter().enumerate().map(|(j, k)| *group.entry(k.key).or_insert(j as u32)).collect();
    // Which entries name each entry (compressed rows): after a pass, only those naming
    // an entry whose class changed can get another signature.
    let nk = keyed.len();
    let keyed_ref = |r: &FuncId| keyed_of.get(r.index()).copied().filter(|&k| k != NONE);
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
                let id = match keyed_of.get(r.index()) {
                    Some(&e) if e != NONE => class[e as usize] as u64 | 1 << 32,
                    _ if is_unkeyed.get(r.index()).copied().unwrap_or(false) => UNKEYED,
                    _ => r.0 as u64 | 2 << 32,
                };
                x = (x.rotate_left(5) ^ id).wrapping_mul(0x517c_c1b7_2722_0a95);
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

struct Driver<'a, M: ModuleMut + FastPath> {
    m: &'a mut M,
    opts: Options,
    cmp: Comparator,
    hasher: FunctionHasher,
    /// The `FnTree` key: [`FunctionHasher::hash_global_refs`] on.
    tree_hasher: FunctionHasher,
    tree: FnTree,
    node_of: Vec<u32>,
    deferred: Vec<FuncId>,
    scratch: Vec<FuncId>,
    report: Report,
    round: u32,
    /// Functions folded into another one: never inserted again.
    folded: Vec<bool>,
    /// The tree node each function left when another one took its place there (it was
    /// folded into the node's function, or its body moved to a new function): where a
    /// copy of its view may find its equal (see [`Self::copy_node`]).
    left_node: Vec<u32>,
    /// The tree is keyed by the adapter's [`FastPath::tree_key`] (else by the core's
    /// hash of views, [`Self::tree_hasher`]).
    keyed: bool,
    /// By tree node, with tree keys: the node's function has its view built and
    /// validated. A function filed under a key no other tree function had is not read
    /// until a function with the same key arrives ([`Self::ready_bucket`]).
    ready: Vec<bool>,
    /// Scratch for [`Self::ready_bucket`].
    bucket: Vec<u32>,
}

/// Runs MergeFunctions over `module` and reports what it did.
pub fn merge_module<M: ModuleMut + FastPath>(module: &mut M, options: &Options) -> Result<Report, Error<M::Error>> {
    let intersect = module.supports_flag_intersection();
    let mut d = Driver {
        m: module,
        opts: *options,
        cmp: Comparator::new(),
        hasher: FunctionHasher::new(),
        tree_hasher: FunctionHasher::tree_key(),
        tree: FnTree::new(),
        node_of: Vec::new(),
        deferred: Vec::new(),
        scratch: Vec::new(),
        report: Report::default(),
        round: 0,
        folded: Vec::new(),
        left_node: Vec::new(),
        keyed: false,
        ready: Vec::new(),
        bucket: Vec::new(),
    };
    d.cmp.compare_weak_flags = !intersect;
    d.hasher.hash_weak_flags = !intersect;
    d.tree_hasher.hash_weak_flags = !intersect;
    d.run()?;
    d.report.stats.comparisons = d.cmp.comparisons;
    Ok(d.report)
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// Candidate as far as is known without building `f`'s view (a lazy adapter may
    /// still find it ineligible when it builds the body).
    fn is_candidate(&self, f: FuncId) -> bool {
        !self.folded.get(f.index()).copied().unwrap_or(false)
            && self.m.func(f).ineligible.is_none()
            && self.m.has_body(f)
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

    fn mark_folded(&mut self, f: FuncId) {
        if self.folded.len() <= f.index() {
            self.folded.resize(f.index() + 1, false);
        }
        self.folded[f.index()] = true;
    }

    fn run(&mut self) -> Result<(), Error<M::Error>> {
        let mut hashed: Vec<(u64, FuncId)> = Vec::with_capacity(self.m.num_funcs());
        // With an adapter-provided worklist hash, views are built only for functions
        // whose hash another candidate shares (singletons are never read).
        let mut unbuilt = false;
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
                    unbuilt = true;
                    h
                }
                None => {
                    self.ensure(f);
                    if !self.is_candidate(f) {
                        continue;
                    }
                    validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })?;
                    self.hasher.hash(&*self.m, f)
                }
            };
            hashed.push((h, f));
        }
        // By hash, ties in module order (the push order).
        sort_by_hash(&mut hashed);
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
        let pool: Vec<FuncId> = if unbuilt {
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
            for i in lo..hi {
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
                let f = hashed[i].1;
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
    fn drop_by_merge_key(&mut self, hashed: &[(u64, FuncId)], shared: &mut [bool]) -> Vec<bool> {
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

    /// Looks `f` up in the tree (merging it with an equal function, or inserting it) if
    /// it is still a candidate once its view is current. The body is validated first,
    /// every time: a lazy adapter may have rebuilt it since `f` last left the tree (and
    /// it is about to be hashed anyway).
    fn insert_if_candidate(&mut self, f: FuncId) -> Result<(), Error<M::Error>> {
        if self.keyed && self.is_candidate(f) {
            match self.m.tree_key(f) {
                Some(k) => return self.insert_keyed(f, k),
                None => self.unkey_tree()?,
            }
        }
        if self.is_candidate(f) {
            self.ensure(f);
            if self.is_candidate(f) {
                if let Some(n) = self.copy_node(f) {
                    self.merge_into_node(f, n, false)?;
                    return Ok(());
                }
                validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })?;
                self.insert(f)?;
            }
        }
        Ok(())
    }

    /// [`Self::insert_if_candidate`] with tree keys, `k` being the key of candidate `f`.
    /// A function whose key no tree function has cannot equal any of them: it is filed
    /// unread. Otherwise its view is built and those of the key's tree functions are made
    /// ready, then it takes the usual way (copy check, lookup).
    fn insert_keyed(&mut self, f: FuncId, k: u64) -> Result<(), Error<M::Error>> {
        if !self.tree.has_bucket(k) {
            let found = self.tree.find_or_insert(f, k, |_, _| {
                debug_assert!(false, "a lookup in an empty bucket compared");
                core::cmp::Ordering::Less
            });
            if let Found::Inserted(n) = found {
                self.set_node(f, n);
                self.set_ready(n, false);
                self.report.stats.filed_unread += 1;
            }
            return Ok(());
        }
        // A tree function whose body `f` has (the adapter says so without building `f`'s
        // view) and whose signature compares equal is the one a lookup would find. If it
        // survives the merge, `f`'s view is never needed; otherwise `f` takes its node,
        // which needs the view: the usual way below. A tree function not read yet is
        // asked first, before any view is built: the adapter's word then also vouches
        // for its eligibility, and neither view is built.
        let unread = self.same_body_node(f, k, true);
        if let Some(n) = unread {
            if keep_first(self.m.func(self.tree.func(n)), self.m.func(f)) {
                if self.opts.check_fast_path {
                    self.check_same_body(f, self.tree.func(n), "same_unread_body_as")?;
                }
                self.report.stats.same_body_merged += 1;
                self.report.stats.unread_pairs_merged += 1;
                return self.merge_into_node(f, n, true);
            }
        }
        // The tree functions first: `f`'s view may then be a copy of one of theirs.
        self.ready_bucket(k)?;
        // (The tree holds at most one function equal to `f`: one found unread is it.)
        if let Some(n) = self.same_body_node(f, k, false).filter(|_| unread.is_none()) {
            let g = self.tree.func(n);
            if keep_first(self.m.func(g), self.m.func(f)) {
                if cfg!(debug_assertions) || self.opts.check_fast_path {
                    self.check_same_body(f, g, "same_body_as")?;
                }
                self.report.stats.same_body_merged += 1;
                return self.merge_into_node(f, n, true);
            }
        }
        self.ensure(f);
        if !self.is_candidate(f) {
            return Ok(());
        }
        if let Some(n) = self.copy_node(f) {
            self.merge_into_node(f, n, false)?;
            return Ok(());
        }
        validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })?;
        let m = &*self.m;
        let cmp = &mut self.cmp;
        match self.tree.find_or_insert(f, k, |resident, new| cmp.compare(m, resident, new)) {
            Found::Inserted(n) => {
                self.set_node(f, n);
                self.set_ready(n, true);
            }
            Found::Equal(n) => self.merge_into_node(f, n, false)?,
        }
        Ok(())
    }

    /// The node under key `k` whose function has `f`'s body by the adapter's word and a
    /// signature equal to `f`'s: among the nodes not read yet
    /// ([`FastPath::same_unread_body_as`]) if `unread`, else among those whose views are
    /// built and validated ([`FastPath::same_body_as`]).
    fn same_body_node(&mut self, f: FuncId, k: u64, unread: bool) -> Option<u32> {
        let mut nodes = core::mem::take(&mut self.bucket);
        nodes.clear();
        self.tree.bucket_nodes(k, &mut nodes);
        let mut found = None;
        for &n in &nodes {
            let g = self.tree.func(n);
            if self.is_ready(n) != unread
                && self.is_candidate(g)
                && (if unread { self.m.same_unread_body_as(f, g) } else { self.m.same_body_as(f, g) })
                && self.cmp.same_signature(&*self.m, f, g)
            {
                found = Some(n);
                break;
            }
        }
        self.bucket = nodes;
        found
    }

    /// [`Options::check_fast_path`] (and debug builds, for [`FastPath::same_body_as`]):
    /// checks the adapter's word (`hook`) that `f` has `g`'s body, by building both views
    /// (a no-op for a view that is built) and comparing them; both must be valid
    /// candidates and equal, weak flags included.
    fn check_same_body(&mut self, f: FuncId, g: FuncId, hook: &'static str) -> Result<(), Error<M::Error>> {
        self.ensure(g);
        self.ensure(f);
        let valid = |d: &Self, h: FuncId| d.is_candidate(h) && validate_body(&*d.m, h).is_ok();
        let same = valid(self, g) && valid(self, f) && {
            let mut check = Comparator::new();
            check.compare_weak_flags = true;
            check.compare(&*self.m, g, f) == core::cmp::Ordering::Equal
        };
        if same {
            Ok(())
        } else {
            Err(Error::WrongFastPath { func: f, other: g, hook })
        }
    }

    /// Builds and validates the views of the tree functions filed under key `k` that are
    /// not read yet. One that its build finds ineligible leaves the tree (as it would
    /// never have entered it had its view been built when it was filed).
    fn ready_bucket(&mut self, k: u64) -> Result<(), Error<M::Error>> {
        let mut nodes = core::mem::take(&mut self.bucket);
        nodes.clear();
        self.tree.bucket_nodes(k, &mut nodes);
        for &n in &nodes {
            if self.is_ready(n) {
                continue;
            }
            let g = self.tree.func(n);
            self.ensure(g);
            if !self.is_candidate(g) {
                self.tree.remove(n);
                self.set_node(g, NO_NODE);
                continue;
            }
            validate_body(&*self.m, g).map_err(|reason| Error::InvalidBody { func: g, reason })?;
            self.set_ready(n, true);
        }
        self.bucket = nodes;
        Ok(())
    }

    /// Re-files every tree function under the core's hash of its view, for the rest of
    /// the run (the adapter could not key a function). The tree's functions are pairwise
    /// different, so each goes in as a node of its own.
    fn unkey_tree(&mut self) -> Result<(), Error<M::Error>> {
        self.keyed = false;
        let funcs = self.tree.take_all();
        self.ready.clear();
        self.left_node.clear();
        for &f in &funcs {
            self.set_node(f, NO_NODE);
        }
        for f in funcs {
            self.ensure(f);
            if !self.is_candidate(f) {
                continue;
            }
            validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })?;
            if self.insert(f)? {
                debug_assert!(false, "two equal functions were filed under different tree keys");
            }
        }
        Ok(())
    }

    /// With tree keys: node `n`'s function has its view built and validated (always
    /// true without keys).
    fn is_ready(&self, n: u32) -> bool {
        !self.keyed || self.ready.get(n as usize).copied().unwrap_or(false)
    }

    fn set_ready(&mut self, n: u32, ready: bool) {
        if self.ready.len() <= n as usize {
            self.ready.resize(n as usize + 1, false);
        }
        self.ready[n as usize] = ready;
    }

    /// The tree node that looking `f` up would find, known without the lookup: the node
    /// of the function the adapter says `f`'s view was copied from
    /// ([`FastPath::view_copied_from`]), if that function is in the tree and the copy
    /// checks out ([`Comparator::is_copy_of`]). Then `f` is equal to it, and the tree
    /// holds no other function equal to it; `f`'s body is valid because the node's body
    /// was validated when it went in and has not changed since (the driver takes a
    /// function out of the tree before anything changes it), and the two have the same
    /// records and signature.
    ///
    /// If the copied function has left the tree, the function that took its node is
    /// tried instead (it was equal to the copied one, so its view is usually the same
    /// records too); the check decides either way.
    fn copy_node(&mut self, f: FuncId) -> Option<u32> {
        let src = self.m.view_copied_from(f)?;
        let mut n = self.node(src);
        if n == NO_NODE {
            n = self.left_node.get(src.index()).copied().unwrap_or(NO_NODE);
            // A node id may have been freed (and reused) since: it counts only if its
            // function still has it (a removed function's node is cleared).
            if n == NO_NODE || self.node(self.tree.func(n)) != n {
                return None;
            }
        }
        // With tree keys, a node not read yet has no key in common with `f` (the caller
        // readied `f`'s), so `f` cannot equal it.
        if !self.is_ready(n) {
            return None;
        }
        let g = self.tree.func(n);
        if !self.cmp.is_copy_of(&*self.m, f, g) {
            return None;
        }
        if cfg!(debug_assertions) {
            let mut check = Comparator::new();
            check.compare_weak_flags = self.cmp.compare_weak_flags;
            debug_assert_eq!(check.compare(&*self.m, g, f), core::cmp::Ordering::Equal, "{f} copies {g}");
            debug_assert_eq!(self.tree_hasher.hash(&*self.m, f), self.tree_hasher.hash(&*self.m, g));
            debug_assert_eq!(validate_body(&*self.m, f), Ok(()));
        }
        self.report.stats.copies_merged += 1;
        Some(n)
    }

    fn node(&self, f: FuncId) -> u32 {
        self.node_of.get(f.index()).copied().unwrap_or(NO_NODE)
    }

    fn set_node(&mut self, f: FuncId, n: u32) {
        if self.node_of.len() <= f.index() {
            self.node_of.resize(f.index() + 1, NO_NODE);
        }
        self.node_of[f.index()] = n;
    }

    fn insert(&mut self, f: FuncId) -> Result<bool, Error<M::Error>> {
        let h = self.tree_hasher.hash(&*self.m, f);
        let m = &*self.m;
        let cmp = &mut self.cmp;
        let found = self.tree.find_or_insert(f, h, |resident, new| cmp.compare(m, resident, new));
        match found {
            Found::Inserted(n) => {
                self.set_node(f, n);
                self.set_ready(n, true);
                Ok(false)
            }
            Found::Equal(n) => {
                self.merge_into_node(f, n, false)?;
                Ok(true)
            }
        }
    }

    /// Merges `f` with the function of tree node `n`, which is equal to it. `same_records`:
    /// the two bodies are the same records up to self calls (see `same_body_node`).
    fn merge_into_node(&mut self, f: FuncId, n: u32, same_records: bool) -> Result<(), Error<M::Error>> {
        let old = self.tree.func(n);
        let (keep, fold) = if keep_first(self.m.func(old), self.m.func(f)) {
            (old, f)
        } else {
            self.tree.replace(n, f);
            self.set_node(old, NO_NODE);
            self.set_node(f, n);
            self.set_ready(n, true);
            (f, old)
        };
        self.set_left_node(fold, n);
        self.merge_two(keep, fold, same_records)?;
        Ok(())
    }

    fn set_left_node(&mut self, f: FuncId, n: u32) {
        if self.left_node.len() <= f.index() {
            self.left_node.resize(f.index() + 1, NO_NODE);
        }
        self.left_node[f.index()] = n;
    }

    /// Takes `f` out of the tree (if it is there) and queues it for the next round.
    fn remove(&mut self, f: FuncId) {
        let n = self.node(f);
        if n != NO_NODE {
            self.tree.remove(n);
            self.set_node(f, NO_NODE);
            self.deferred.push(f);
        }
    }

    fn remove_users(&mut self, f: FuncId, kind: UseKind) {
        let mut users = core::mem::take(&mut self.scratch);
        users.clear();
        self.m.users_of(f, kind, &mut users);
        // In the order reported (LLVM walks the use list, and the order of `Deferred`
        // decides which equal functions pair up in the next round); a repeated user is
        // already out of the tree.
        for u in &users {
            self.remove(*u);
        }
        self.scratch = users;
    }

    fn can_thunk(&mut self, f: FuncId) -> bool {
        let info = self.m.func(f);
        if !info.callable {
            return false;
        }
        if let TypeData::Func { vararg: true, .. } = self.m.type_data(info.ty) {
            return false;
        }
        // Don't replace a function by a thunk to a body that is only a terminator: the
        // call would be no smaller than the copy.
        if let Some(tiny) = self.m.tiny_body(f) {
            return !tiny;
        }
        self.ensure(f);
        match self.m.body(f) {
            Some(b) => !(b.blocks.len() == 1 && b.blocks[0].insts.len() < 2),
            None => false,
        }
    }

    fn can_alias(&self, g: FuncId) -> bool {
        self.opts.use_aliases && self.m.supports_aliases() && self.m.func(g).unnamed_addr
    }

    /// Asks the adapter whether `rewrite` of `g` onto `target` can be carried out
    /// ([`ModuleMut::can_rewrite`]); a refusal is recorded (`kept_apart`: the pair then
    /// stays apart, else the caller takes another rewrite).
    fn feasible(&mut self, rewrite: Rewrite, g: FuncId, target: FuncId, kept_apart: bool) -> bool {
        match self.m.can_rewrite(rewrite, g, target) {
            Ok(()) => true,
            Err(reason) => {
                self.refuse(rewrite, g, target, reason, kept_apart);
                false
            }
        }
    }

    fn refuse(&mut self, rewrite: Rewrite, g: FuncId, target: FuncId, reason: &'static str, kept_apart: bool) {
        let (func_name, target_name) = (self.name(g), self.name(target));
        self.report.refused.push(Refusal {
            func: g,
            func_name,
            target,
            target_name,
            rewrite,
            reason,
            pair_kept_apart: kept_apart,
        });
        self.report.stats.rewrites_refused += 1;
        if kept_apart {
            self.report.stats.pairs_kept_apart += 1;
        }
    }

    fn fail(func: FuncId, action: &'static str) -> impl FnOnce(M::Error) -> Error<M::Error> {
        move |source| Error::Mutation { func, action, source }
    }

    fn name(&self, f: FuncId) -> Box<[u8]> {
        self.m.func(f).name.clone()
    }

    fn record(
        &mut self,
        folded: FuncId,
        fname: Box<[u8]>,
        target: FuncId,
        uses: UseRewrite,
        action: FoldAction,
        shared: Option<FuncId>,
    ) {
        let target_name = self.name(target);
        self.report.merges.push(MergeRecord {
            folded,
            folded_name: fname,
            target,
            target_name,
            uses,
            action,
            shared_body_of: shared,
            round: self.round,
            cycle: false,
        });
    }

    /// Intersects the weak flags of `keep`'s instructions with `fold`'s.
    fn intersect_flags(&mut self, keep: FuncId, fold: FuncId) -> Result<(), Error<M::Error>> {
        if self.cmp.compare_weak_flags {
            return Ok(());
        }
        let mut todo: Vec<(InstId, u64)> = Vec::new();
        {
            let m = &*self.m;
            let (Some(bk), Some(bf)) = (m.body(keep), m.body(fold)) else { return Ok(()) };
            // Nothing to clear when `keep` has no weak flag, or when both bodies have the
            // same blocks and successors (the walk then pairs each instruction with the
            // one at its own index) and no flag of `keep` is missing at the same index.
            let same_shape = bk.blocks == bf.blocks && bk.succs == bf.succs && bk.insts.len() == bf.insts.len();
            if bk.insts.iter().all(|i| i.weak_flags == 0)
                || (same_shape
                    && bk.insts.iter().zip(bf.insts).all(|(x, y)| x.weak_flags & y.weak_flags == x.weak_flags))
            {
                return Ok(());
            }
            matched_instructions(m, keep, fold, |a, b| {
                let (x, y) = (bk.insts[a.index()].weak_flags, bf.insts[b.index()].weak_flags);
                if x & y != x {
                    todo.push((a, x & y));
                }
            });
        }
        for (i, keep_bits) in todo {
            self.m.intersect_flags(keep, i, keep_bits).map_err(Self::fail(keep, "intersecting flags"))?;
        }
        Ok(())
    }

    fn redirect_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), Error<M::Error>> {
        self.remove_users(from, UseKind::DirectCalls);
        self.m.replace_direct_calls(from, to).map_err(Self::fail(from, "redirecting calls"))
    }

    /// LLVM 22's `writeThunkOrAlias`: erase `g` if nothing uses it and it may be
    /// dropped; else an alias if `g`'s address does not matter and aliases are on; else
    /// a thunk if `f` is worth calling; else nothing.
    fn thunk_or_alias(&mut self, f: FuncId, g: FuncId) -> Result<Option<FoldAction>, Error<M::Error>> {
        if !self.opts.preserve_debug_info && self.m.func(g).linkage.discardable_if_unused && !self.m.has_uses(g) {
            self.m.erase(g).map_err(Self::fail(g, "erasing"))?;
            return Ok(Some(FoldAction::Erased));
        }
        if self.can_alias(g) && self.feasible(Rewrite::Alias, g, f, false) {
            let (fa, ga) = (self.m.func(f).align, self.m.func(g).align);
            let align = match (fa, ga) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(1).max(b.unwrap_or(1))),
            };
            self.m.set_alignment(f, align).map_err(Self::fail(f, "setting alignment"))?;
            self.remove_users(g, UseKind::Any);
            self.m.write_alias(g, f).map_err(Self::fail(g, "writing an alias"))?;
            self.report.stats.aliases_written += 1;
            return Ok(Some(FoldAction::Alias));
        }
        if self.can_thunk(f) && self.feasible(Rewrite::Thunk, g, f, false) {
            let style = ThunkStyle { preserve_debug_info: self.opts.preserve_debug_info };
            if !style.preserve_debug_info {
                self.remove_users(g, UseKind::Any);
            }
            self.m.write_thunk(g, f, style).map_err(Self::fail(g, "writing a thunk"))?;
            self.report.stats.thunks_written += 1;
            return Ok(Some(FoldAction::Thunk));
        }
        Ok(None)
    }

    /// Opt-in pass: merges the classes of [`crate::cycles`] among the remaining
    /// candidates. Without an adapter worklist hash that is every candidate, singletons
    /// included (the core's hash marks self calls, so a cycle's members may have hashes no
    /// other function shares); with one, only those that can have a class mate (see
    /// `run`).
    /// `pool`: the candidates that may have a class mate, in worklist order; the functions
    /// this run created (ids from `funcs_before` on: private bodies of double-thunk
    /// merges, which may be class mates of functions LLVM's order kept apart) are added.
    /// Of those still candidates, the ones alone in their [`FastPath::cycle_key`] class
    /// are left out unread, and the key classes start the refinement (see
    /// [`crate::cycles`], "Starting finer").
    fn merge_cycles(&mut self, pool: &[FuncId], funcs_before: usize) -> Result<(), Error<M::Error>> {
        let mut cands: Vec<FuncId> = Vec::new();
        let mut seen = alloc::vec![false; self.m.num_funcs()];
        let all: Vec<FuncId> = pool
            .iter()
            .copied()
            .chain((funcs_before..self.m.num_funcs()).map(FuncId::new))
            .filter(|f| !core::mem::replace(&mut seen[f.index()], true) && self.is_candidate(*f))
            .collect();
        // Candidates alone in their cycle-key class have no class mate: left out unread.
        let mut keyed: Vec<Keyed> = Vec::with_capacity(all.len());
        let mut refs: Vec<FuncId> = Vec::new();
        let mut unkeyed: Vec<FuncId> = Vec::new();
        for &f in &all {
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
        // The key classes also start the refinement apart (they are coarser than its
        // result); the unkeyed candidates share label 0, no label (without keys, the
        // refinement runs as it did without them).
        let mut start = alloc::vec![0u64; self.m.num_funcs()];
        for ((k, &c), &alone) in keyed.iter().zip(&class).zip(&alone) {
            if alone {
                skip[k.f.index()] = true;
                self.report.stats.cycle_unique_keys += 1;
            }
            start[k.f.index()] = c as u64 + 1;
        }
        for f in all {
            if !skip[f.index()] {
                self.ensure(f);
                if self.is_candidate(f) {
                    // A function in the tree was validated when it went in and has not
                    // changed since (it is taken out before any change).
                    let n = self.node(f);
                    if n == NO_NODE || !self.is_ready(n) {
                        validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })?;
                        if n != NO_NODE {
                            self.set_ready(n, true);
                        }
                    }
                    cands.push(f);
                }
            }
        }
        let (classes, rounds) = crate::cycles::cycle_classes_from(&*self.m, &cands, &start, &mut self.cmp);
        self.report.stats.cycle_rounds = rounds as u64;
        for class in classes {
            // The survivor: the member `keep_first` prefers over every other.
            let mut keep = class[0];
            for &g in &class[1..] {
                if !keep_first(self.m.func(keep), self.m.func(g)) {
                    keep = g;
                }
            }
            for &g in &class {
                if g == keep || !self.is_candidate(g) || !self.is_candidate(keep) {
                    continue;
                }
                // `g` may sit in the tree as a class of its own under LLVM's order.
                let n = self.node(g);
                if n != NO_NODE {
                    self.tree.remove(n);
                    self.set_node(g, NO_NODE);
                }
                let before = self.report.merges.len();
                keep = self.merge_two(keep, g, false)?;
                for r in &mut self.report.merges[before..] {
                    r.cycle = true;
                }
            }
        }
        Ok(())
    }

    /// LLVM's `mergeTwoFunctions(F, G)`: `f` survives, `g` is folded into it. Returns
    /// the function that now holds the surviving body (`f`, or a new private body).
    fn merge_two(&mut self, f: FuncId, g: FuncId, same_records: bool) -> Result<FuncId, Error<M::Error>> {
        // `f` may be a tree function not read yet, merged on the adapter's word that `g`
        // has its body and that both are eligible (`same_unread_body_as`): its view stays
        // unbuilt, and what follows asks the adapter (`tiny_body`) instead of reading it.
        let f_unread = same_records && {
            let n = self.node(f);
            n != NO_NODE && !self.is_ready(n)
        };
        if !f_unread {
            self.ensure(f);
        }
        // `g`'s view is read only to intersect flags, and bodies that are the same
        // records have the same flags.
        if !same_records {
            self.ensure(g);
        }
        if !self.m.func(f).callable || !self.m.func(g).callable {
            // Functions that cannot be called (kernels) are never thunk targets, alias
            // targets or call-redirection targets: leave both alone.
            return Ok(f);
        }
        let (fl, gl) = (self.m.func(f).linkage, self.m.func(g).linkage);
        let (fname, gname) = (self.name(f), self.name(g));
        if fl.interposable || (fl.odr && gl.odr) {
            // Neither may call the other: both become thunks (or aliases) of a new
            // private copy of the body. Both rewrites must be possible first. The body
            // has `f`'s signature, so the adapter answers for rewrites onto `f`.
            if !self.can_thunk(f) && (!self.can_alias(f) || !self.can_alias(g)) {
                return Ok(f);
            }
            let thunk_f = self.can_thunk(f);
            let aliases = self.can_alias(f) && self.can_alias(g);
            let m = &*self.m;
            let possible = |rw: Rewrite, x: FuncId| m.can_rewrite(rw, x, f);
            let thunks = if thunk_f { possible(Rewrite::Thunk, g).and(possible(Rewrite::Thunk, f)) } else { Ok(()) };
            let aliases = aliases && possible(Rewrite::Alias, g).and(possible(Rewrite::Alias, f)).is_ok();
            let split = self.m.can_rewrite(Rewrite::SplitBody, f, f);
            match (split, thunks) {
                (Err(reason), _) => {
                    self.refuse(Rewrite::SplitBody, f, f, reason, true);
                    return Ok(f);
                }
                (Ok(()), Err(reason)) if !aliases => {
                    // A thunk is the only way left and the adapter cannot write it.
                    self.refuse(Rewrite::Thunk, g, f, reason, true);
                    return Ok(f);
                }
                _ => {}
            }
            if !same_records {
                self.intersect_flags(f, g)?;
            }
            self.remove_users(f, UseKind::Any);
            let body = self.m.split_body(f).map_err(Self::fail(f, "splitting the body"))?;
            // It may take `f`'s place in the tree, where every body read has been
            // validated. `f` not read yet: neither is the body, which takes its place as
            // a node not read yet.
            if !f_unread {
                self.ensure(body);
                validate_body(&*self.m, body).map_err(|reason| Error::InvalidBody { func: body, reason })?;
            }
            let n = self.node(f);
            if n != NO_NODE {
                self.tree.replace(n, body);
                self.set_node(f, NO_NODE);
                self.set_node(body, n);
                self.set_ready(n, !f_unread);
                self.set_left_node(f, n);
            }
            // Otherwise `f` calls itself and `remove_users(f)` already took it out of the
            // tree and queued the symbol `f` (now a thunk) for the next round; the body
            // waits outside the tree. That is what LLVM 22 does (it keeps a handle that
            // follows `f`'s name), and re-queueing the body instead changes which later
            // functions merge (3 more merges than opt-22 on a clang++ -O0 module).
            if gl.odr && self.feasible(Rewrite::RedirectCalls, g, body, false) {
                self.redirect_calls(g, body)?;
            }
            if fl.odr && self.feasible(Rewrite::RedirectCalls, f, body, false) {
                self.redirect_calls(f, body)?;
            }
            let (fa, ga) = (self.m.func(f).align, self.m.func(g).align);
            let g_action = self.thunk_or_alias(body, g)?.unwrap_or(FoldAction::Kept);
            let f_action = self.thunk_or_alias(body, f)?.unwrap_or(FoldAction::Kept);
            let align = match (fa, ga) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(1).max(b.unwrap_or(1))),
            };
            self.m.set_alignment(body, align).map_err(Self::fail(body, "setting alignment"))?;
            let g_uses = if gl.odr { UseRewrite::DirectCalls } else { UseRewrite::None };
            let f_uses = if fl.odr { UseRewrite::DirectCalls } else { UseRewrite::None };
            self.record(g, gname, body, g_uses, g_action, Some(f));
            self.record(f, fname, body, f_uses, f_action, Some(f));
            self.report.stats.double_weak += 1;
            self.report.stats.functions_merged += 1;
            self.mark_folded(g);
            return Ok(body);
        }

        if !same_records {
            self.intersect_flags(f, g)?;
        }
        let pdi = self.opts.preserve_debug_info;
        let mut uses = UseRewrite::None;
        if !gl.interposable && !pdi {
            let gi = self.m.func(g);
            // Without RAUW (refused: the next option), only the direct calls move.
            if gi.unnamed_addr && !gi.used_externally && self.feasible(Rewrite::ReplaceAllUses, g, f, false) {
                self.remove_users(g, UseKind::Any);
                self.m.replace_all_uses(g, f).map_err(Self::fail(g, "replacing all uses"))?;
                uses = UseRewrite::AllUses;
            } else if self.feasible(Rewrite::RedirectCalls, g, f, false) {
                self.redirect_calls(g, f)?;
                uses = UseRewrite::DirectCalls;
            }
        }
        if gl.discardable_if_unused && !self.m.has_uses(g) && !pdi {
            self.m.erase(g).map_err(Self::fail(g, "erasing"))?;
            self.report.stats.functions_merged += 1;
            self.record(g, gname, f, uses, FoldAction::Erased, None);
            self.mark_folded(g);
            return Ok(f);
        }
        match self.thunk_or_alias(f, g)? {
            Some(action) => {
                self.report.stats.functions_merged += 1;
                self.record(g, gname, f, uses, action, None);
            }
            None => self.record(g, gname, f, uses, FoldAction::Kept, None),
        }
        self.mark_folded(g);
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    fn actions(r: &Report) -> Vec<(u32, u32, FoldAction, UseRewrite)> {
        r.merges.iter().map(|x| (x.folded.0, x.target.0, x.action, x.uses)).collect()
    }

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

    #[test]
    fn internal_duplicate_is_erased_after_calls_move() {
        let mut m = Tiny::new();
        let f = adder(&mut m, "f", 5, ext());
        let g = adder(&mut m, "g", 5, internal());
        let _h = adder(&mut m, "h", 6, ext());
        let u = caller(&mut m, "user", g);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(g.0, f.0, FoldAction::Erased, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.functions_merged, 1);
        // The caller now calls f.
        let b = m.body(u).unwrap();
        let Value::Const(c) = b.uses[1].value else { panic!() };
        assert_eq!(m.const_data(c).kind, ConstKind::Global(GlobalRef::Func(f)));
    }

    #[test]
    fn external_duplicates_become_thunks_and_tiny_ones_stay() {
        let mut m = Tiny::new();
        let b = adder(&mut m, "b", 5, ext());
        let a = adder(&mut m, "a", 5, ext());
        let r = merge_module(&mut m, &Options::default()).unwrap();
        // The smaller name survives.
        assert_eq!(actions(&r), [(b.0, a.0, FoldAction::Thunk, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.thunks_written, 1);

        let mut m = Tiny::new();
        let void = m.void();
        let mk = |m: &mut Tiny, n: &str| {
            m.add_func(n, void, &[], ext(), |_, b| {
                b.begin_block();
                b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
            })
        };
        let x = mk(&mut m, "x");
        let y = mk(&mut m, "y");
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(y.0, x.0, FoldAction::Kept, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.functions_merged, 0);
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

    /// Cycle merging with cycle keys ([`FastPath::cycle_key`], here the merge key)
    /// merges the same functions, in the same order, with the same rewrites, as without
    /// them; the candidates the keys leave out (alone in their key class once LLVM's
    /// merges are done) are never read.
    #[test]
    fn cycle_keys_leave_out_only_functions_without_class_mates() {
        let build = |m: &mut Tiny| {
            // Two 2-cycles (p1 ⇄ q1, p2 ⇄ q2) that only cycle merging folds together.
            for i in 0..2u32 {
                caller(m, &alloc::format!("p{i}"), FuncId::new(4 * i as usize + 1));
                caller(m, &alloc::format!("q{i}"), FuncId::new(4 * i as usize));
                // Equal under LLVM's order: a1 folds into a0, which is then alone.
                adder(m, &alloc::format!("a{i}"), 1, internal());
                // Each calls the adder of its own pair: equal once a1 is folded.
                caller(m, &alloc::format!("c{i}"), FuncId::new(4 * i as usize + 2));
            }
            // Same hash, different constants: never merged, alone under keys.
            adder(m, "u5", 5, internal());
            adder(m, "u6", 6, internal());
        };
        let run = |keyed: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            m.keyed = keyed;
            build(&mut m);
            let opts = Options { merge_cycles: true, ..Options::default() };
            let r = merge_module(&mut m, &opts).unwrap();
            let read: Vec<FuncId> = m.accesses.borrow().iter().filter(|a| a.0 == "materialize").map(|a| a.1).collect();
            (actions(&r), r.stats.cycle_unique_keys, m.log, read, r.merges.iter().filter(|x| x.cycle).count())
        };
        let (plain, none_left_out, plain_log, plain_read, plain_cycle) = run(false);
        let (keyed, left_out, keyed_log, keyed_read, keyed_cycle) = run(true);
        assert_eq!(none_left_out, 0);
        assert_eq!(keyed, plain);
        assert_eq!(keyed_log, plain_log);
        assert_eq!(plain_cycle, 3, "q0, p1 and q1 fold into p0: {plain:?}");
        assert_eq!(keyed_cycle, plain_cycle);
        // a0 (a1 folded into it) and c0 (c1 folded into it) have no class mate left.
        assert_eq!(left_out, 2, "{keyed:?}");
        // The cycle pass reads a0 and c0 again without keys, not with them.
        for f in [FuncId::new(2), FuncId::new(3)] {
            let reads = |list: &[FuncId]| list.iter().filter(|&&g| g == f).count();
            assert_eq!(reads(&keyed_read) + 1, reads(&plain_read), "{f}: {keyed_read:?} {plain_read:?}");
        }
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

    /// Copy hints ([`FastPath::view_copied_from`]) that check out skip the tree lookup and
    /// change nothing else: the same merges, in the same order, with fewer comparisons.
    /// A copy whose original has left the tree (another equal function took its node)
    /// finds that node.
    #[test]
    fn checked_copies_merge_without_lookups() {
        // `adder` makes a constant per function: copies share one.
        let shared_adder = |m: &mut Tiny, name: &str, k: ConstId| {
            let i64t = m.int(64);
            m.add_func(name, i64t, &[i64t], ext(), |m2, b| {
                let void = m2.void();
                b.begin_block();
                let ops = [Use { value: Value::Arg(0), ty: i64t }, Use { value: Value::Const(k), ty: i64t }];
                let t = b.push_inst(3, i64t, InstKind::Plain, 0, 0, &ops, &[]);
                ret(b, void, Use { value: Value::Inst(t), ty: i64t });
            })
        };
        let build = |hints: bool| {
            let mut m = Tiny::new();
            let i64t = m.int(64);
            let (five, six) = (m.int_const(i64t, 5), m.int_const(i64t, 6));
            let z = shared_adder(&mut m, "z", five);
            let y = shared_adder(&mut m, "y", five);
            let x = shared_adder(&mut m, "x", five);
            let w = shared_adder(&mut m, "w", six);
            caller(&mut m, "cz", z);
            caller(&mut m, "cy", y);
            if hints {
                // y takes z's node (its name is smaller), then x finds it through z.
                m.copy_hints = alloc::vec![(y, z), (x, z), (w, z)];
            }
            let r = merge_module(&mut m, &Options::default()).unwrap();
            (actions(&r), r.stats.comparisons, r.stats.copies_merged, m.log)
        };
        let (plain, plain_cmps, none, plain_log) = build(false);
        let (hinted, hinted_cmps, copies, hinted_log) = build(true);
        assert_eq!(none, 0);
        assert_eq!(copies, 2, "y and x are copies of z; w's hint is wrong (another constant)");
        assert_eq!(hinted, plain);
        assert_eq!(hinted_log, plain_log);
        assert!(hinted_cmps < plain_cmps, "{hinted_cmps} >= {plain_cmps}");
        assert_eq!(plain.iter().filter(|a| a.2 != FoldAction::Kept).count(), 3, "{plain:?}");
    }

    /// `is_copy_of` renames exactly the self calls: two functions that each call
    /// themselves are copies, a function calling the other is not, and neither is a
    /// body whose constant holds a block address.
    #[test]
    fn copies_rename_self_calls_only() {
        let mut m = Tiny::new();
        let (a, b) = (FuncId::new(0), FuncId::new(1));
        caller(&mut m, "a", a);
        caller(&mut m, "b", b);
        let c = caller(&mut m, "c", a);
        let mut cmp = Comparator::new();
        assert!(cmp.is_copy_of(&m, b, a));
        assert!(cmp.is_copy_of(&m, a, b));
        assert!(!cmp.is_copy_of(&m, c, a), "c calls a: not a self call");
        assert!(!cmp.is_copy_of(&m, a, c));
        assert!(!cmp.is_copy_of(&m, a, a));
        assert_eq!(cmp.comparisons, 0);

        let mut m = Tiny::new();
        let i64t = m.int(64);
        let p = m.ptr(0);
        let ba = m.konst(p, ConstKind::BlockAddress { func: FuncId::new(0), block: 0 });
        let with_ba = |m: &mut Tiny, name: &str| {
            m.add_func(name, i64t, &[i64t], ext(), |m2, b| {
                let void = m2.void();
                b.begin_block();
                ret(b, void, Use { value: Value::Const(ba), ty: p });
            })
        };
        let (x, y) = (with_ba(&mut m, "x"), with_ba(&mut m, "y"));
        let mut cmp = Comparator::new();
        assert!(!cmp.is_copy_of(&m, y, x), "a block address means different things in x and y");
        assert_ne!(cmp.compare(&m, x, y), core::cmp::Ordering::Equal);
        // The same inside metadata.
        m.metas.push(MetaData::Const(ba));
        let md = MetaId::new(m.metas.len() - 1);
        let with_md = |m: &mut Tiny, name: &str| {
            m.add_func(name, i64t, &[i64t], ext(), |m2, b| {
                let (void, meta) = (m2.void(), m2.ty(TypeData::Metadata));
                b.begin_block();
                ret(b, void, Use { value: Value::Meta(md), ty: meta });
            })
        };
        let (u, v) = (with_md(&mut m, "u"), with_md(&mut m, "v"));
        assert!(!Comparator::new().is_copy_of(&m, v, u), "metadata holding a block address");

        // Same records, different signatures: not a copy (the order compares signatures).
        let mut m = Tiny::new();
        let (a, b) = (adder(&mut m, "a", 5, ext()), adder(&mut m, "b", 5, ext()));
        let k = match m.bodies[a.index()].as_ref().unwrap().uses[1].value {
            Value::Const(k) => k,
            other => panic!("{other:?}"),
        };
        m.bodies[b.index()].as_mut().unwrap().uses[1].value = Value::Const(k);
        assert!(Comparator::new().is_copy_of(&m, b, a));
        m.funcs[b.index()].sig = Box::new([Prop::Num(1)]);
        assert!(!Comparator::new().is_copy_of(&m, b, a), "the signature props differ");
        assert_ne!(Comparator::new().compare(&m, a, b), core::cmp::Ordering::Equal);
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

    #[test]
    fn refused_rewrites_take_the_next_option_or_keep_the_pair_apart() {
        // RAUW refused: only the direct calls move, and the folded function (its address
        // still used by nothing else here) is erased.
        let mut m = Tiny::new();
        let f = adder(&mut m, "f", 5, ext());
        let g = adder(&mut m, "g", 5, internal());
        m.funcs[g.index()].unnamed_addr = true;
        let _u = caller(&mut m, "user", g);
        m.refuse.push((Rewrite::ReplaceAllUses, g));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(g.0, f.0, FoldAction::Erased, UseRewrite::DirectCalls)]);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 0));
        assert_eq!(r.refused[0].rewrite, Rewrite::ReplaceAllUses);
        assert!(!m.log.iter().any(|x| x.0 == "rauw"));

        // Alias refused: a thunk instead.
        let mut m = Tiny::new();
        let a = adder(&mut m, "a", 5, ext());
        let b = adder(&mut m, "b", 5, ext());
        m.funcs[b.index()].unnamed_addr = true;
        m.refuse.push((Rewrite::Alias, b));
        let opts = Options { use_aliases: true, ..Options::default() };
        let r = merge_module(&mut m, &opts).unwrap();
        assert_eq!(actions(&r), [(b.0, a.0, FoldAction::Thunk, UseRewrite::AllUses)]);
        assert_eq!(r.stats.rewrites_refused, 1);

        // Split refused (two weak functions): nothing changes, the pair is counted.
        let mut m = Tiny::new();
        let weak = Linkage { interposable: true, ..Default::default() };
        let a = adder(&mut m, "a", 5, weak);
        let _b = adder(&mut m, "b", 5, weak);
        m.refuse.push((Rewrite::SplitBody, a));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.merges.is_empty() && m.log.is_empty(), "{:?}", m.log);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 1));
        assert!(alloc::format!("{r}").contains("no split (refused by the test), kept apart"), "{r}");

        // Thunk refused and no alias possible (two weak functions): kept apart too.
        let mut m = Tiny::new();
        let _a = adder(&mut m, "a", 5, weak);
        let b = adder(&mut m, "b", 5, weak);
        m.refuse.push((Rewrite::Thunk, b));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.merges.is_empty() && m.log.is_empty(), "{:?}", m.log);
        assert_eq!(r.stats.pairs_kept_apart, 1);
    }

    #[test]
    fn interposable_pair_gets_a_private_body() {
        let mut m = Tiny::new();
        let weak = Linkage { interposable: true, ..Default::default() };
        let a = adder(&mut m, "a", 5, weak);
        let b = adder(&mut m, "b", 5, weak);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.stats.double_weak, 1);
        assert_eq!(r.stats.functions_merged, 1);
        let body = FuncId(2);
        assert_eq!(
            actions(&r),
            [(b.0, body.0, FoldAction::Thunk, UseRewrite::None), (a.0, body.0, FoldAction::Thunk, UseRewrite::None)]
        );
        assert!(m.func(body).linkage.local);
    }

    #[test]
    fn invalid_bodies_are_reported() {
        let mut m = Tiny::new();
        let i64t = m.int(64);
        let void = m.void();
        for n in ["a", "b"] {
            m.add_func(n, i64t, &[], ext(), |_, b| {
                b.begin_block();
                // Argument 3 does not exist.
                ret(b, void, Use { value: Value::Arg(3), ty: i64t });
            });
        }
        let e = merge_module(&mut m, &Options::default()).unwrap_err();
        assert!(matches!(e, Error::InvalidBody { .. }), "{e}");
    }

    /// `validate_body` checks operands and props in one pass over the arrays when the
    /// instructions' spans tile them, per instruction otherwise: an entry no instruction
    /// refers to is never an error, one an instruction refers to always is.
    #[test]
    fn validation_reads_exactly_the_referenced_operands_and_props() {
        let check = |edit: &dyn Fn(&mut BodyBuf)| {
            let mut m = Tiny::new();
            let f = adder(&mut m, "f", 5, ext());
            edit(m.bodies[f.index()].as_mut().expect("a body"));
            validate_body(&m, f)
        };
        let bad_use = |b: &BodyBuf| Use { value: Value::Arg(3), ty: b.uses[0].ty };
        const BAD_USE: &str = "an operand refers to a local value that does not exist";
        const BAD_PROP: &str = "a block prop is out of range";
        assert_eq!(check(&|_| {}), Ok(()));
        // Tiled: a bad operand is found.
        assert_eq!(check(&|b| b.uses[0] = bad_use(b)), Err(BAD_USE));
        // Not tiled (an entry after the last span): nothing refers to it.
        assert_eq!(check(&|b| b.uses.push(bad_use(b))), Ok(()));
        // Not tiled (a gap before the return's operand): the bad operand is referred to.
        assert_eq!(
            check(&|b| {
                b.uses.push(b.uses[2]);
                b.uses.push(bad_use(b));
                let n = b.uses.len() as u32;
                b.insts[1].operands = Span { start: n - 1, end: n };
            }),
            Err(BAD_USE)
        );
        // Props: a block out of range counts only where an instruction refers to it.
        assert_eq!(
            check(&|b| {
                b.props.push(Prop::Block(BlockId(9)));
                b.insts[1].props.end = b.props.len() as u32;
            }),
            Err(BAD_PROP)
        );
        assert_eq!(check(&|b| b.props.push(Prop::Block(BlockId(9)))), Ok(()));
        assert_eq!(
            check(&|b| {
                b.props.push(Prop::Num(0));
                b.props.push(Prop::Block(BlockId(9)));
                let n = b.props.len() as u32;
                b.insts[1].props = Span { start: n - 1, end: n };
            }),
            Err(BAD_PROP)
        );
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

    /// A module with duplicates, chains (callers of merged functions), a self call, a
    /// function whose key no other has, and one found ineligible only when built.
    fn keyed_scenario(tree_keyed: bool, unkeyable: &[&str]) -> (Tiny, Report, Vec<FuncId>) {
        keyed_scenario_with(tree_keyed, unkeyable, false)
    }

    fn keyed_scenario_with(tree_keyed: bool, unkeyable: &[&str], same_body: bool) -> (Tiny, Report, Vec<FuncId>) {
        keyed_scenario_full(tree_keyed, unkeyable, same_body, false)
    }

    fn keyed_scenario_full(
        tree_keyed: bool,
        unkeyable: &[&str],
        same_body: bool,
        unread_claims: bool,
    ) -> (Tiny, Report, Vec<FuncId>) {
        let mut m = Tiny::new();
        m.hashed = true;
        m.tree_keyed = tree_keyed;
        m.same_body = same_body;
        m.unread_claims = unread_claims;
        let a1 = adder(&mut m, "a1", 7, internal());
        let a2 = adder(&mut m, "a2", 7, internal());
        let lone = adder(&mut m, "lone", 9, ext());
        let bad = adder(&mut m, "bad", 11, ext());
        let bad_mate = adder(&mut m, "bad_mate", 11, ext());
        let c1 = caller(&mut m, "c1", a1);
        let c2 = caller(&mut m, "c2", a2);
        let a3 = adder(&mut m, "a3", 7, ext());
        let c3 = caller(&mut m, "c3", a3);
        let ids = alloc::vec![a1, a2, lone, bad, bad_mate, c1, c2, a3, c3];
        m.ineligible_on_build = alloc::vec![ids[3]];
        m.unkeyable = ids
            .iter()
            .copied()
            .filter(|f| unkeyable.iter().any(|n| n.as_bytes() == &*m.funcs[f.index()].name))
            .collect();
        let r = merge_module(&mut m, &Options::default()).unwrap();
        (m, r, ids)
    }

    /// Tree keys change no merge; they skip the views of functions whose key no other
    /// function in the tree has (`lone`, and `bad`, which is then never found ineligible),
    /// and fewer functions are compared.
    #[test]
    fn tree_keys_merge_the_same_and_skip_lone_views() {
        let (_, plain, _) = keyed_scenario(false, &[]);
        let (m, keyed, ids) = keyed_scenario(true, &[]);
        assert_eq!(actions(&keyed), actions(&plain));
        assert!(actions(&plain).len() >= 3, "{plain}");
        assert_eq!(plain.stats.filed_unread, 0);
        assert!(keyed.stats.filed_unread >= 2, "{keyed}");
        assert!(keyed.stats.comparisons <= plain.stats.comparisons, "{keyed} {plain}");
        let ev = m.accesses.borrow();
        let built = |f: FuncId| ev.contains(&("materialize", f));
        assert!(!built(ids[2]), "lone was read: {ev:?}");
        // `bad` and `bad_mate` share a key: the second's arrival builds the first, which
        // is found ineligible and leaves the tree; nothing merges with it.
        assert!(built(ids[3]) && built(ids[4]));
        assert!(keyed.merges.iter().all(|r| r.folded != ids[3] && r.target != ids[3]), "{keyed}");
    }

    /// With tree keys the first round builds no view, but a same-body claim reads both
    /// functions' IR: the driver hints the functions that go into the tree
    /// [`INSERT_PREFETCH_AHEAD`] places ahead ([`FastPath::prefetch`]), so every claimed
    /// function was hinted before its claim, and the hints start ahead of the first one.
    #[test]
    fn tree_functions_are_hinted_ahead_of_their_claims() {
        let mut m = Tiny::new();
        m.hashed = true;
        m.tree_keyed = true;
        m.unread_claims = true;
        let twins: Vec<FuncId> = (0..24).map(|i| adder(&mut m, &alloc::format!("a{i}"), i % 3, internal())).collect();
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.merges.len(), 21, "{r}");
        let ev = m.accesses.borrow();
        let claims: Vec<usize> = (0..ev.len()).filter(|&i| ev[i].0 == "same_unread_body").collect();
        assert!(claims.len() >= 5, "{ev:?}");
        for &i in &claims {
            let f = ev[i].1;
            assert!(ev[..i].contains(&("prefetch", f)), "{f} was claimed before any hint: {ev:?}");
        }
        let hinted_first = ev[..claims[0]].iter().filter(|e| e.0 == "prefetch").count();
        assert!(hinted_first > INSERT_PREFETCH_AHEAD, "{hinted_first} hints before the first claim: {ev:?}");
        assert!(twins.iter().all(|&f| ev.contains(&("prefetch", f))), "{ev:?}");
    }

    /// An adapter that vouches for same bodies ([`FastPath::same_body_as`]) changes no
    /// merge: a function with a tree function's body merges into it without a lookup
    /// (and, outside debug builds, which check the claim, without its view built), and
    /// the function found ineligible on build never takes that way.
    #[test]
    fn same_body_claims_merge_the_same() {
        let (_, plain, _) = keyed_scenario(true, &[]);
        let (m, claimed, ids) = keyed_scenario_with(true, &[], true);
        assert_eq!(actions(&claimed), actions(&plain));
        let ev = m.accesses.borrow();
        let claims: Vec<FuncId> = ev.iter().filter(|e| e.0 == "same_body").map(|e| e.1).collect();
        // `a2` has `a1`'s body; `bad_mate` never gets a claim against `bad`, which its
        // build removes from the tree first.
        assert!(claims.contains(&ids[1]), "{ev:?}");
        assert!(!claims.contains(&ids[3]) && !claims.contains(&ids[4]), "{ev:?}");
        assert!(claimed.stats.comparisons < plain.stats.comparisons, "{claimed} {plain}");
        assert_eq!(plain.stats.same_body_merged, 0);
        assert!(claimed.stats.same_body_merged >= 1, "{claimed}");
        if !cfg!(debug_assertions) {
            let built = |f: FuncId| ev.contains(&("materialize", f));
            assert!(!built(ids[1]), "a2's view was built: {ev:?}");
        }
    }

    /// Claims about unread tree functions ([`FastPath::same_unread_body_as`]) change no
    /// merge: `a2` merges into `a1` with neither view built (in debug builds too), and
    /// `bad`, found ineligible only when built, never gets a claim (its mate's arrival
    /// builds it, as without claims).
    #[test]
    fn unread_claims_merge_the_same_without_views() {
        let (_, plain, _) = keyed_scenario(true, &[]);
        for same_body in [false, true] {
            let (m, claimed, ids) = keyed_scenario_full(true, &[], same_body, true);
            assert_eq!(actions(&claimed), actions(&plain), "same_body {same_body}");
            let ev = m.accesses.borrow();
            let claims: Vec<FuncId> = ev.iter().filter(|e| e.0 == "same_unread_body").map(|e| e.1).collect();
            assert!(claims.contains(&ids[1]), "{ev:?}");
            assert!(!claims.contains(&ids[3]) && !claims.contains(&ids[4]), "{ev:?}");
            assert!(claimed.stats.unread_pairs_merged >= 1, "{claimed}");
            assert!(claimed.stats.same_body_merged >= claimed.stats.unread_pairs_merged, "{claimed}");
            assert!(claimed.stats.comparisons < plain.stats.comparisons, "{claimed} {plain}");
            let built = |f: FuncId| ev.contains(&("materialize", f));
            assert!(!built(ids[1]), "a2's view was built: {ev:?}");
            assert!(built(ids[3]) && built(ids[4]), "{ev:?}");
        }
    }

    /// A wrong same-body claim is trusted: without checks it merges two different
    /// functions (debug builds check `same_body_as` anyway). With
    /// [`Options::check_fast_path`] the driver builds both views, compares them, and stops
    /// the run with [`Error::WrongFastPath`] instead of merging.
    #[test]
    fn check_fast_path_catches_wrong_claims() {
        for unread in [false, true] {
            let build = |m: &mut Tiny| {
                m.hashed = true;
                m.tree_keyed = true;
                m.lying_claims = true;
                m.same_body = !unread;
                m.unread_claims = unread;
                (adder(m, "a", 1, ext()), adder(m, "b", 2, ext()))
            };
            let mut m = Tiny::new();
            let (a, b) = build(&mut m);
            assert_ne!(Comparator::new().compare(&m, a, b), core::cmp::Ordering::Equal);
            let unchecked = merge_module(&mut m, &Options::default());
            if unread || !cfg!(debug_assertions) {
                let r = unchecked.unwrap();
                assert_eq!(r.merges.len(), 1, "the claim was trusted: {r}");
            } else {
                assert!(matches!(unchecked, Err(Error::WrongFastPath { hook: "same_body_as", .. })));
            }
            let mut m = Tiny::new();
            let (a, b) = build(&mut m);
            let checked = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() });
            let hook = if unread { "same_unread_body_as" } else { "same_body_as" };
            match checked {
                Err(Error::WrongFastPath { func, other, hook: h }) => {
                    assert_eq!((func, other, h), (b, a, hook));
                }
                other => panic!("unread {unread}: {other:?}"),
            }
            assert!(m.log.is_empty(), "nothing was rewritten: {:?}", m.log);
        }
    }

    /// With [`Options::check_fast_path`], correct claims change nothing.
    #[test]
    fn check_fast_path_passes_correct_claims() {
        let mut m = Tiny::new();
        m.hashed = true;
        m.tree_keyed = true;
        m.same_body = true;
        m.unread_claims = true;
        let a1 = adder(&mut m, "a1", 7, internal());
        let a2 = adder(&mut m, "a2", 7, internal());
        let r = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }).unwrap();
        assert_eq!(actions(&r).len(), 1, "{r}");
        assert_eq!((r.merges[0].folded, r.merges[0].target), (a2, a1));
        assert!(r.stats.same_body_merged >= 1, "{r}");
    }

    /// A function the adapter cannot key switches the tree to view hashes (every function
    /// filed so far is re-filed): the merges stay the same, wherever it comes.
    #[test]
    fn an_unkeyable_function_refiles_the_tree() {
        let (_, plain, _) = keyed_scenario(false, &[]);
        for name in ["a1", "a2", "lone", "bad_mate", "c2", "a3", "c3"] {
            let (_, keyed, _) = keyed_scenario(true, &[name]);
            assert_eq!(actions(&keyed), actions(&plain), "unkeyable {name}");
        }
    }

    #[test]
    fn views_rebuilt_after_a_rewrite_are_validated_again() {
        for hashed in [false, true] {
            let mut m = Tiny::new();
            m.hashed = hashed;
            m.corrupt_rewrites = true;
            let a = adder(&mut m, "a", 5, ext());
            let b = adder(&mut m, "b", 5, ext());
            caller(&mut m, "ca", a);
            let cb = caller(&mut m, "cb", b);
            // b folds into a; the broken rewrite of cb's call leaves an operand naming an
            // argument cb does not have, which the driver must report when it reads cb
            // again (not read past the end of anything).
            match merge_module(&mut m, &Options::default()) {
                Err(Error::InvalidBody { func, .. }) => assert_eq!(func, cb, "hashed: {hashed}"),
                other => panic!("hashed: {hashed}: {other:?}"),
            }
        }
    }
}
