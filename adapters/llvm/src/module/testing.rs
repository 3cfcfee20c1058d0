//! The test and benchmark interface of an [`LlvmModule`]: switches that turn parts of
//! the fast path off or on (for A/B measurements and the CLI's `--no-copy-views` and
//! `--no-tree-keys`), counters, and cross-checks of the adapter against LLVM and against
//! its own slower paths. Reached through [`LlvmModule::testing`]; hidden from the
//! documentation, because a user of the library needs none of it.
//!
//! Invariants: no switch changes a merge decision or the output module (the tests that
//! turn them compare outputs), except `set_llvm22_attachments`, a test's model of what
//! LLVM 22 does not compare; the checks read the IR and may build views, and rewrite
//! nothing; `check_prescan_keys` and `check_tree_keys` forget the shapes and the prescan
//! first (every definition becomes a candidate), so they are meant for a module that has
//! not been merged yet.

use super::{HashMap, LlvmModule};
use crate::safe;
use mergefunc::{FuncId, InstKind};

impl LlvmModule {
    /// The test and benchmark interface (see [`crate::testing`]).
    #[doc(hidden)]
    pub fn testing(&mut self) -> Testing<'_> {
        Testing { m: self }
    }
}

/// The test and benchmark interface of one module ([`LlvmModule::testing`]).
#[derive(Debug)]
pub struct Testing<'a> {
    m: &'a mut LlvmModule,
}

/// The global numbering of LLVM's `FunctionComparator` (see [`Testing::llvm_compare`]).
#[derive(Debug, Default)]
pub struct LlvmCompareState(safe::LlvmComparator);

impl LlvmCompareState {
    /// A fresh numbering.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a> Testing<'a> {
    /// Copying views (on by default): a function whose body is another one's with its
    /// own locals in their places (the shim's `mergefunc_same_body`: same instructions,
    /// types up to congruent named structs, flags, properties, the same nodes for the
    /// attachments views record (a load's, every other instruction's but hints) and
    /// operands,
    /// a call to itself for a call to itself, direct calls possibly to other functions)
    /// gets a copy of that function's view, with its own name at self calls and its own
    /// callees, instead of a view built through LLVM-C. The copy is exactly the view a
    /// build would give, so the merges are the same either way; off, every view is built.
    /// The same check answers [`mergefunc::FastPath::same_body_as`] (with no other callee), which
    /// spares the view altogether when the other function survives; off, it says no.
    pub fn set_copy_views(&mut self, on: bool) {
        self.m.switches.copy_views = on;
    }

    /// Tree keys (on by default, [`mergefunc::FastPath::tree_key`]): the core files a candidate in
    /// its tree under a key read from the prescan (or a walk of the function alone after
    /// a rewrite), and builds its view only when another function in the tree has the
    /// same key. The merges are the same either way; off, every candidate's view is built
    /// and hashed. For measurements and tests.
    pub fn set_tree_keys(&mut self, on: bool) {
        self.m.switches.tree_keys = on;
    }

    /// Cycle keys (on by default, [`mergefunc::FastPath::cycle_key`]; they are read from tree
    /// keys, so they need those on): cycle merging leaves out, unread, the candidates
    /// alone in their key class. The merges are the same either way; off, every candidate
    /// cycle merging considers has its view built. For measurements and tests.
    pub fn set_cycle_keys(&mut self, on: bool) {
        self.m.switches.cycle_keys = on;
    }

    /// Uses LLVM's own `StructuralHash` for [`mergefunc::FastPath::worklist_hash`] (on by default).
    pub fn set_llvm_worklist_hash(&mut self, on: bool) {
        self.m.switches.llvm_worklist_hash = on;
    }

    /// Views that record instruction attachments as LLVM 22 compares them (off by
    /// default; set it before any view is built): a load's attachments one level deep
    /// (every nested node one placeholder item, as `cmpMDNode` equates them all), a
    /// call's `!range` the same way, nothing on any other instruction. Unsound (the
    /// miscompile of `tests/corpus/tbaa-nested-nodes.ll`), and the one switch that
    /// changes merge decisions: with it the tests require LLVM 22's merges exactly, which
    /// shows that every pair where the default run differs from opt-22 differs only by
    /// its attachments (the documented deviation, `docs/deviations.md`).
    pub fn set_llvm22_attachments(&mut self, on: bool) {
        self.m.switches.llvm22_attachments = on;
    }

    /// Checking mode for tests: every copied view is also built directly, and each
    /// difference is recorded (see [`Self::copy_report`]).
    pub fn set_check_copies(&mut self, on: bool) {
        self.m.switches.check_copies = on;
    }

    /// How many views were built through LLVM-C (not copied from a function with the
    /// same body, moved with a body or patched after a rewrite).
    pub fn views_built(&self) -> u64 {
        self.m.stats.views_built
    }

    /// Views copied so far, and the differences the checking mode found (empty unless a
    /// copy differed from the direct build).
    pub fn copy_report(self) -> (u64, &'a [String]) {
        let m: &'a LlvmModule = self.m;
        (m.stats.views_copied, &m.stats.copy_diffs)
    }

    /// Attribute lists given an id without being converted, and how many of them are
    /// converted by now (see `attrs.rs`, `lazy_list`).
    pub fn lazy_attr_lists(&self) -> (usize, usize) {
        let t = &self.m.tables;
        let lazy = t.attr_sources.iter().enumerate().filter(|(_, s)| s.is_some());
        let (mut n, mut converted) = (0, 0);
        for (i, _) in lazy {
            n += 1;
            converted += usize::from(t.attr_lists[i].get().is_some());
        }
        (n, converted)
    }

    /// The ids of the attribute lists given an id without being converted (see
    /// `attrs.rs`, `lazy_list`), in id order.
    pub fn lazy_attr_ids(&self) -> Vec<mergefunc::AttrsId> {
        let t = &self.m.tables;
        (0..t.attr_sources.len()).filter(|&i| t.attr_sources[i].is_some()).map(mergefunc::AttrsId::new).collect()
    }

    /// Function `f`'s attribute list (its whole parameter count read) converted set by
    /// set as call sites' lists are (never hashed lazily), interned by content, with its
    /// `list_flags`: what the lazy path must agree with.
    pub fn eager_fn_attrs(&mut self, f: FuncId) -> (mergefunc::AttrsId, u8) {
        let v = self.m.func_value(f).expect("a function");
        let owner = safe::AttrOwner::of_function(v).expect("a function");
        self.m.attr_list_of_owner(owner, owner.param_count())
    }

    /// Every function's and call site's attribute list (its whole parameter or argument
    /// count read) made of its sets' cached conversions (`attr_list_of_sets`), then
    /// converted attribute by attribute through LLVM-C (`attr_list_of_owner`): both
    /// ids (interned by content) and `list_flags`, per list.
    pub fn lists_from_sets_and_eager(&mut self) -> Vec<((mergefunc::AttrsId, u8), (mergefunc::AttrsId, u8))> {
        let mut owners = Vec::new();
        for v in (0..self.m.funcs.len()).filter_map(|i| self.m.funcs[i].v) {
            if let Some(o) = safe::AttrOwner::of_function(v) {
                owners.push((o, o.param_count()));
            }
            for b in v.first_block().into_iter().flat_map(|b| b.and_following()) {
                for i in b.instructions() {
                    if let Some(call) = i.call_site() {
                        owners.push((safe::AttrOwner::of_call(call), call.arg_count()));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (o, n) in owners {
            let Some(list) = o.value().attribute_list_id() else { continue };
            let from_sets = self.m.attr_list_of_sets(list, n);
            out.push((from_sets, self.m.attr_list_of_owner(o, n)));
        }
        out
    }

    /// The `list_flags` recorded for function `f`'s list when it was read.
    pub fn recorded_fn_attr_flags(&self, f: FuncId) -> Option<u8> {
        self.m.converted_list_flags(self.m.func_value(f).ok()?)
    }

    /// How many times [`mergefunc::FastPath::same_body_as`] vouched that a function has another's
    /// body (the driver then merges it without building its view if the other survives).
    pub fn same_body_claims(&self) -> u64 {
        self.m.stats.same_body_claims
    }

    /// How many same-body walks the shim ran (for claims and view copies).
    pub fn same_body_walks(&self) -> u64 {
        self.m.stats.same_body_walks
    }

    /// Whether a pair of bodies a same-body walk found different is taken as different
    /// again until the next rewrite (on by default; the merges are the same either way).
    /// Off, every such pair is walked again: for tests that count the walks it spares.
    pub fn set_remember_different_bodies(&mut self, on: bool) {
        self.m.copies.remember_different = on;
    }

    /// Builds the views of every function now (they are otherwise built when the core
    /// first reads them). Only useful to measure or test the view builder.
    pub fn build_all_views(&mut self) {
        // Every view, also of the functions the load left unread (full facts for them).
        self.m.forget_shapes();
        for i in 0..self.m.funcs.len() {
            self.m.materialize_view(FuncId::new(i));
        }
    }

    /// Checks every getelementptr of every built view: its offset (possibly from the GEP
    /// offset cache) equals LLVM's fold of that instruction. Returns how many were
    /// checked, or the first function whose offset differs. For tests.
    pub fn check_gep_offsets(&self) -> Result<usize, String> {
        let mut n = 0;
        for (i, s) in self.m.funcs.iter().enumerate() {
            let Some(body) = s.view.as_ref().filter(|_| s.built) else { continue };
            for (inst, v) in body.insts.iter().zip(&s.insts) {
                if let InstKind::Address { offset, .. } = inst.kind {
                    if offset != self.m.gep_offset(*v) {
                        return Err(String::from_utf8_lossy(mergefunc::Module::func_name(&*self.m, FuncId::new(i)))
                            .into_owned());
                    }
                    n += 1;
                }
            }
        }
        Ok(n)
    }

    /// Checks the prescan's merge keys against the walk over LLVM-C (for tests): for
    /// every candidate, both give the same `refs`, and the keys split the candidates into
    /// the same classes. Returns the number of candidates compared, or the first
    /// disagreement.
    pub fn check_prescan_keys(&mut self) -> Result<usize, String> {
        // Every definition, those alone on their shape included.
        self.m.forget_shapes();
        self.m.drop_prescan();
        let cands: Vec<FuncId> = (0..self.m.funcs.len())
            .map(FuncId::new)
            .filter(|f| self.m.funcs[f.index()].has_body && self.m.funcs[f.index()].facts.ineligible.is_none())
            .collect();
        let mut walk = Vec::new();
        for &f in &cands {
            let mut refs = Vec::new();
            walk.push((self.m.merge_key_of(f, &mut refs), refs));
        }
        let _ = self.m.prescanned(FuncId::new(0));
        let mut fwd: HashMap<Option<u64>, (Option<u64>, FuncId)> = HashMap::default();
        let mut back: HashMap<Option<u64>, (Option<u64>, FuncId)> = HashMap::default();
        for (&f, (k1, r1)) in cands.iter().zip(&walk) {
            let mut r2 = Vec::new();
            let k2 = self.m.merge_key_of(f, &mut r2);
            let name = String::from_utf8_lossy(mergefunc::Module::func_name(&*self.m, f)).into_owned();
            if k2.is_none() && k1.is_some() {
                return Err(format!("{name}: the prescan has no key"));
            }
            if *r1 != r2 {
                return Err(format!("{name}: refs differ: {r1:?} / {r2:?}"));
            }
            let (a, fa) = *fwd.entry(*k1).or_insert((k2, f));
            let (b, fb) = *back.entry(k2).or_insert((*k1, f));
            if a != k2 || b != *k1 {
                let other = if a != k2 { fa } else { fb };
                let other = String::from_utf8_lossy(mergefunc::Module::func_name(&*self.m, other)).into_owned();
                let how = if a != k2 { "the prescan splits" } else { "the walk splits" };
                return Err(format!("{name} and {other}: {how} them"));
            }
        }
        self.m.drop_prescan();
        Ok(cands.len())
    }

    /// Checks the tree keys ([`mergefunc::FastPath::tree_key`]) of every candidate, for tests: a
    /// key cached now (from the prescan, or from a walk before later rewrites) equals one
    /// walked afresh from the IR, and any two candidates the order calls equal have equal
    /// keys (pairs are compared within groups of the core's view hash, which equal
    /// functions share); the same for the second keys ([`mergefunc::FastPath::tree_subkey`]).
    /// Returns the number of equal pairs checked, or the first failure.
    pub fn check_tree_keys(&mut self) -> Result<usize, String> {
        // Every definition, those alone on their shape included.
        self.m.forget_shapes();
        let cands: Vec<FuncId> = (0..self.m.funcs.len())
            .map(FuncId::new)
            .filter(|f| self.m.funcs[f.index()].has_body && self.m.funcs[f.index()].facts.ineligible.is_none())
            .collect();
        let name = |m: &LlvmModule, f: FuncId| String::from_utf8_lossy(mergefunc::Module::func_name(m, f)).into_owned();
        let cached: Vec<(Option<u64>, Option<u64>)> =
            cands.iter().map(|&f| (self.m.tree_key_of(f), self.m.tree_subkey_of(f))).collect();
        self.m.drop_prescan();
        for s in &mut self.m.funcs {
            s.tree_key = None;
        }
        let mut groups: HashMap<u64, Vec<(FuncId, u64, Option<u64>)>> = HashMap::default();
        let mut hasher = mergefunc::hash::FunctionHasher::tree_key();
        hasher.hash_weak_flags = false;
        for (&f, (k1, s1)) in cands.iter().zip(cached) {
            let k2 = self.m.tree_key_of(f);
            if k1 != k2 {
                return Err(format!("{}: cached tree key {k1:?}, walked afresh {k2:?}", name(self.m, f)));
            }
            let s2 = self.m.tree_subkey_of(f);
            if s1 != s2 {
                return Err(format!("{}: cached second key {s1:?}, walked afresh {s2:?}", name(self.m, f)));
            }
            self.m.materialize_view(f);
            if self.m.funcs[f.index()].facts.ineligible.is_some() {
                continue;
            }
            let Some(k) = k2 else { continue };
            groups.entry(hasher.hash(&*self.m, f)).or_default().push((f, k, s2));
        }
        let mut cmp = mergefunc::Comparator::new();
        cmp.compare_weak_flags = false;
        let mut pairs = 0;
        let mut groups: Vec<_> = groups.into_values().collect();
        groups.sort_unstable();
        for g in groups {
            for (i, &(a, ka, sa)) in g.iter().enumerate() {
                for &(b, kb, sb) in &g[i + 1..] {
                    if cmp.compare(&*self.m, a, b) == std::cmp::Ordering::Equal {
                        pairs += 1;
                        if ka != kb {
                            return Err(format!(
                                "{} and {} are equal, their tree keys differ",
                                name(self.m, a),
                                name(self.m, b)
                            ));
                        }
                        if sa != sb {
                            return Err(format!(
                                "{} and {} are equal, their second tree keys differ",
                                name(self.m, a),
                                name(self.m, b)
                            ));
                        }
                    }
                }
            }
        }
        Ok(pairs)
    }

    /// `StructuralHash` of every function with a body, in module order: `(name, prescan,
    /// shim, LLVM-C walk, LLVM's)`: the value [`mergefunc::FastPath::worklist_hash`] computes (the
    /// prescan's for a candidate, the shim's walk otherwise), the shim's single-function
    /// walk, the same walk over LLVM-C (the fallback), and what LLVM's exported function
    /// returns. For tests and benchmarks; all four must be equal.
    pub fn structural_hash_pairs(&self) -> Vec<(String, u64, u64, u64, u64)> {
        let mut out = Vec::new();
        for (i, s) in self.m.funcs.iter().enumerate() {
            let Some(f) = s.v.filter(|_| s.has_body) else { continue };
            let pre = self.m.prescanned(FuncId::new(i)).map(|e| e.hash);
            let mut h = self.m.keys.shash.borrow_mut();
            let shim = h.hash(f);
            let walk = h.try_hash(f).unwrap_or(!shim);
            let theirs = f.llvm_structural_hash().unwrap_or(!shim);
            out.push((String::from_utf8_lossy(&f.name()).into_owned(), pre.unwrap_or(shim), shim, walk, theirs));
        }
        out
    }

    /// LLVM's own exported `StructuralHash` of every function with a body, in module
    /// order (for benchmarks: the cost [`mergefunc::FastPath::worklist_hash`] avoids).
    pub fn llvm_structural_hashes(&self) -> Vec<u64> {
        self.m.m.functions().filter(|f| !f.is_declaration()).filter_map(|f| f.llvm_structural_hash()).collect()
    }

    /// LLVM 22's own `FunctionComparator` on two functions of this module: `None` when
    /// either is not a function with a body (any more). `state` numbers globals across
    /// comparisons, as the pass's does; use one per module, and do not rewrite the module
    /// while it lives. For tests that check the order's equalities against LLVM's.
    pub fn llvm_compare(&self, state: &mut LlvmCompareState, a: FuncId, b: FuncId) -> Option<std::cmp::Ordering> {
        let (a, b) = (self.m.func_value(a).ok()?, self.m.func_value(b).ok()?);
        state.0.compare(a, b)
    }

    /// The definitions alone on their shape (see `crate::shape`), as the load found them.
    pub fn alone_on_shape(&self) -> Vec<FuncId> {
        self.m.alone_on_shape()
    }

    /// The definitions the load found never merging: alone on their shape or on their
    /// prescan key (see `crate::shape`).
    pub fn never_merging(&self) -> Vec<FuncId> {
        self.m.never_merging()
    }

    /// Whether a `blockaddress` may refer to a block of some function of the module.
    pub fn block_addresses(&self) -> bool {
        self.m.block_addresses()
    }

    /// Whether the block headers of the functions alone on their shape were read for the
    /// module-wide block-address answer (`block_addresses`); copies, claims and rewrites
    /// never need it.
    pub fn alone_block_headers_read(&self) -> bool {
        self.m.load.alone_block_addresses.get().is_some()
    }

    /// Forgets the shapes and the load's other shortcuts: every definition is a
    /// candidate of the full path again (the prescan reruns over all of them) and every
    /// function gets full facts. Only before merging; for the check that the shortcuts
    /// change nothing (`tests/shapes.rs`).
    pub fn forget_shapes(&mut self) {
        self.m.forget_shapes();
    }
}
