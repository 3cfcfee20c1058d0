//! Filing functions in the `FnTree` ([`super::tree`]): LLVM's `insert`, `remove` and
//! `removeUsers`, with the fast path's keys, claims and copies.
//!
//! The tree is keyed by the adapter's [`FastPath::tree_key`] while it answers, else by
//! the core's hash of views ([`FunctionHasher::tree_key`](crate::hash::FunctionHasher::tree_key)).
//! With tree keys, a function whose key no tree function has is filed *unread* (its view
//! is not built); the views under a key are read when a second function arrives under
//! it; a function the adapter cannot key re-files the whole tree under view hashes for
//! the rest of the run. Claims ([`FastPath::same_body_as`],
//! [`FastPath::same_unread_body_as`]) and checked copies ([`FastPath::view_copied_from`])
//! find the node a lookup would find without the lookup.
//!
//! Invariants:
//! * the tree holds pairwise different functions, each filed under a key that equal
//!   functions share, so a lookup finds the one equal function if there is one;
//! * a function in the tree is never changed in place: it is taken out ([`Driver::remove`])
//!   before any rewrite changes it and queued for the next round (LLVM's `Deferred`);
//! * a node is *read* (its view built and validated) always without tree keys, and with
//!   them once a function arrived under its key; only read nodes are compared, and only
//!   claims of the unread kind are asked about unread ones;
//! * a function's `node` in the driver's table names its node exactly while it is in the
//!   tree.

use alloc::vec::Vec;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use super::tree::{BucketKey, Found, NodeId};
use super::validate::validate_body;
use super::{keep_first_in, Driver, Error};
use crate::fast_path::FastPath;
use crate::ir::{FuncId, UseKind};
use crate::mutate::ModuleMut;
use crate::order::Comparator;

/// The bucket word of an answer of [`FastPath::tree_subkey`] under a split tree key: never
/// 0 (the word of keys not split), one word for every `None` (adapters decline alike).
fn subkey_word(sub: Option<u64>) -> u64 {
    sub.map_or(2, |s| s | 1)
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// Looks `f` up in the tree (merging it with an equal function, or inserting it) if
    /// it is still a candidate once its view is current. The body is validated first,
    /// every time: a lazy adapter may have rebuilt it since `f` last left the tree (and
    /// it is about to be hashed anyway).
    pub(super) fn insert_if_candidate(&mut self, f: FuncId) -> Result<(), Error<M::Error>> {
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
                self.validate(f)?;
                self.insert(f)?;
            }
        }
        Ok(())
    }

    /// [`Self::insert_if_candidate`] with tree keys, `k` being the key of candidate `f`.
    /// A function whose key no tree function has cannot equal any of them: it is filed
    /// unread. Otherwise its view is built and those of the key's tree functions are read
    /// ([`Self::read_bucket`]), then it takes the usual way (copy check, lookup). Before
    /// any view is built, the adapter's second key may split the tree key's bucket
    /// ([`Self::split_bucket`]); under a split key, functions are filed by both keys.
    fn insert_keyed(&mut self, f: FuncId, k: u64) -> Result<(), Error<M::Error>> {
        let mut key: BucketKey = (k, 0);
        if self.split_keys.contains(&k) {
            key = (k, subkey_word(self.m.tree_subkey(f)));
        }
        if !self.tree.has_bucket(key) {
            self.file_unread(f, key);
            return Ok(());
        }
        // A tree function whose body `f` has (the adapter says so without building `f`'s
        // view) and whose signature compares equal is the one a lookup would find. If it
        // survives the merge, `f`'s view is never needed; otherwise `f` takes its node,
        // which needs the view: the usual way below. A tree function not read yet is
        // asked first, before any view is built: the adapter's word then also vouches
        // for its eligibility, and neither view is built.
        // If `f` survives instead, it takes the node unread: the adapter's word says its
        // view would be the tree function's records, as eligible and as valid.
        let unread = self.same_body_node(f, key, true);
        if let Some(n) = unread {
            if self.opts.check_fast_path {
                self.check_same_body(f, self.tree.func(n), "same_unread_body_as")?;
            }
            self.report.stats.same_body_merged += 1;
            self.report.stats.unread_pairs_merged += 1;
            return self.merge_into_node_as(f, n, true, false);
        }
        // No claim: views would be read to tell `f` from the bucket's functions. The
        // second key first, if the adapter has one for `f`.
        if key.1 == 0 {
            if let Some(s) = self.m.tree_subkey(f) {
                self.split_bucket(k);
                key = (k, subkey_word(Some(s)));
                if !self.tree.has_bucket(key) {
                    self.file_unread(f, key);
                    return Ok(());
                }
            }
        }
        // The tree functions first: `f`'s view may then be a copy of one of theirs.
        self.read_bucket(key)?;
        // (The tree holds at most one function equal to `f`: one found unread is it.)
        if let Some(n) = self.same_body_node(f, key, false).filter(|_| unread.is_none()) {
            let g = self.tree.func(n);
            if keep_first_in(&*self.m, g, f) {
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
        self.validate(f)?;
        let m = &*self.m;
        let cmp = &mut self.cmp;
        match self.tree.find_or_insert(f, key, true, |resident, new| cmp.compare(m, resident, new)) {
            Found::Inserted(n) => self.funcs.get_mut(f).node = Some(n),
            Found::Equal(n) => self.merge_into_node(f, n, false)?,
        }
        Ok(())
    }

    /// The node under key `k` whose function has `f`'s body by the adapter's word and a
    /// signature equal to `f`'s: among the nodes not read yet
    /// ([`FastPath::same_unread_body_as`]) if `unread`, else among those whose views are
    /// built and validated ([`FastPath::same_body_as`]).
    fn same_body_node(&mut self, f: FuncId, k: BucketKey, unread: bool) -> Option<NodeId> {
        let mut nodes = core::mem::take(&mut self.bucket);
        nodes.clear();
        self.tree.bucket_nodes(k, &mut nodes);
        let mut found = None;
        for &n in &nodes {
            let g = self.tree.func(n);
            if self.is_read(n) != unread
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

    /// [`super::Options::check_fast_path`] (and debug builds, for [`FastPath::same_body_as`]):
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

    /// Files `f` unread under `key`, which no tree function has.
    fn file_unread(&mut self, f: FuncId, key: BucketKey) {
        let found = self.tree.find_or_insert(f, key, false, |_, _| {
            debug_assert!(false, "a lookup in an empty bucket compared");
            core::cmp::Ordering::Less
        });
        if let Found::Inserted(n) = found {
            self.funcs.get_mut(f).node = Some(n);
            self.report.stats.filed_unread += 1;
        }
    }

    /// Files the functions under tree key `k` (bucket `(k, 0)`) by the adapter's second
    /// key as well ([`FastPath::tree_subkey`]), each under `(k, its word)`, and every later
    /// arrival under `k` likewise. Each keeps its read flag; the bucket's order is kept
    /// (its functions go in in that order, compared by their place in it, so no view is
    /// read): a part of an ordered sequence is ordered. Sound because equal functions get
    /// equal second keys: the one function a lookup could find is in the arrival's
    /// bucket. (An unread function was alone in its bucket, so it is alone in its new one.)
    fn split_bucket(&mut self, k: u64) {
        let mut nodes = core::mem::take(&mut self.bucket);
        nodes.clear();
        self.tree.bucket_in_order((k, 0), &mut nodes);
        let members: Vec<(FuncId, bool)> = nodes.iter().map(|&n| (self.tree.func(n), self.tree.is_read(n))).collect();
        for &n in &nodes {
            self.tree.remove(n);
        }
        self.split_keys.insert(k);
        self.report.stats.tree_splits += 1;
        // By position in the bucket's order (functions are pairwise different).
        let mut place: HashMap<FuncId, usize, FxBuildHasher> =
            HashMap::with_capacity_and_hasher(members.len(), FxBuildHasher);
        for (i, &(g, _)) in members.iter().enumerate() {
            place.insert(g, i);
        }
        for &(g, read) in &members {
            let key = (k, subkey_word(self.m.tree_subkey(g)));
            let found = self.tree.find_or_insert(g, key, read, |resident, new| place[&resident].cmp(&place[&new]));
            match found {
                Found::Inserted(n) => self.funcs.get_mut(g).node = Some(n),
                Found::Equal(_) => debug_assert!(false, "a bucket held one function twice"),
            }
        }
        self.bucket = nodes;
    }

    /// Builds and validates the views of the tree functions filed under key `k` that are
    /// not read yet. One that its build finds ineligible leaves the tree (as it would
    /// never have entered it had its view been built when it was filed).
    fn read_bucket(&mut self, k: BucketKey) -> Result<(), Error<M::Error>> {
        let mut nodes = core::mem::take(&mut self.bucket);
        nodes.clear();
        self.tree.bucket_nodes(k, &mut nodes);
        for &n in &nodes {
            if self.is_read(n) {
                continue;
            }
            let g = self.tree.func(n);
            self.ensure(g);
            if !self.is_candidate(g) {
                self.tree.remove(n);
                self.funcs.get_mut(g).node = None;
                continue;
            }
            self.validate(g)?;
            self.tree.set_read(n, true);
        }
        self.bucket = nodes;
        Ok(())
    }

    /// Re-files every tree function under the core's hash of its view, for the rest of
    /// the run (the adapter could not key a function). The tree's functions are pairwise
    /// different, so each goes in as a node of its own.
    fn unkey_tree(&mut self) -> Result<(), Error<M::Error>> {
        self.keyed = false;
        self.split_keys.clear();
        let funcs = self.tree.take_all();
        self.funcs.forget_left_nodes();
        for &f in &funcs {
            self.funcs.get_mut(f).node = None;
        }
        for f in funcs {
            self.ensure(f);
            if !self.is_candidate(f) {
                continue;
            }
            self.validate(f)?;
            if self.insert(f)? {
                debug_assert!(false, "two equal functions were filed under different tree keys");
            }
        }
        Ok(())
    }

    /// Node `n`'s function has its view built and validated: always without tree keys,
    /// and with them once a function arrived under its key.
    pub(super) fn is_read(&self, n: NodeId) -> bool {
        !self.keyed || self.tree.is_read(n)
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
    fn copy_node(&mut self, f: FuncId) -> Option<NodeId> {
        let src = self.funcs.get(self.m.view_copied_from(f)?);
        let n = match src.node {
            Some(n) => n,
            None => {
                // A node id may have been freed (and reused) since: it counts only if its
                // function still has it (a removed function's node is cleared).
                let n = src.left_node?;
                if self.funcs.get(self.tree.func(n)).node != Some(n) {
                    return None;
                }
                n
            }
        };
        // With tree keys, a node not read yet has no key in common with `f` (the caller
        // read `f`'s), so `f` cannot equal it.
        if !self.is_read(n) {
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

    /// Files `f` under the core's hash of its view (validated), or merges it with the
    /// equal function there; true if it merged.
    fn insert(&mut self, f: FuncId) -> Result<bool, Error<M::Error>> {
        let h = self.tree_hasher.hash(&*self.m, f);
        let m = &*self.m;
        let cmp = &mut self.cmp;
        let found = self.tree.find_or_insert(f, (h, 0), true, |resident, new| cmp.compare(m, resident, new));
        match found {
            Found::Inserted(n) => {
                self.funcs.get_mut(f).node = Some(n);
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
    fn merge_into_node(&mut self, f: FuncId, n: NodeId, same_records: bool) -> Result<(), Error<M::Error>> {
        self.merge_into_node_as(f, n, same_records, true)
    }

    /// [`Self::merge_into_node`]; `f_read`: whether `f`'s view is built and validated (the
    /// node's flag should `f` take it). `false` only when `same_records` and the node is
    /// not read either: `f`'s view would be its function's records (`same_unread_body_as`).
    fn merge_into_node_as(
        &mut self,
        f: FuncId,
        n: NodeId,
        same_records: bool,
        f_read: bool,
    ) -> Result<(), Error<M::Error>> {
        debug_assert!(f_read || (same_records && !self.tree.is_read(n)));
        let old = self.tree.func(n);
        let (keep, fold) = if keep_first_in(&*self.m, old, f) {
            (old, f)
        } else {
            self.tree.replace(n, f);
            self.funcs.get_mut(old).node = None;
            self.funcs.get_mut(f).node = Some(n);
            self.tree.set_read(n, f_read);
            (f, old)
        };
        self.funcs.get_mut(fold).left_node = Some(n);
        self.merge_two(keep, fold, same_records)?;
        Ok(())
    }

    /// Takes `f` out of the tree (if it is there) and queues it for the next round.
    pub(super) fn remove(&mut self, f: FuncId) {
        if let Some(n) = self.funcs.get(f).node {
            self.tree.remove(n);
            self.funcs.get_mut(f).node = None;
            self.deferred.push(f);
        }
    }

    /// LLVM's `removeUsers`: takes every function that uses `f` (as `kind` says) out of
    /// the tree and queues it ([`Self::remove`]), before a rewrite changes them.
    pub(super) fn remove_users(&mut self, f: FuncId, kind: UseKind) {
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
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::driver::{actions, merge_module, Options, INSERT_PREFETCH_AHEAD};
    use crate::ir::*;
    use crate::report::{FoldAction, Report};
    use crate::testkit::*;

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
        m.funcs[b.index()].sig = alloc::sync::Arc::new([Prop::Num(1)]);
        assert!(!Comparator::new().is_copy_of(&m, b, a), "the signature props differ");
        assert_ne!(Comparator::new().compare(&m, a, b), core::cmp::Ordering::Equal);
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
        assert!(actions(&plain).len() >= 3, "{plain:?}");
        assert_eq!(plain.stats.filed_unread, 0);
        assert!(keyed.stats.filed_unread >= 2, "{keyed:?}");
        assert!(keyed.stats.comparisons <= plain.stats.comparisons, "{keyed:?} {plain:?}");
        let ev = m.accesses.borrow();
        let built = |f: FuncId| ev.contains(&("materialize", f));
        assert!(!built(ids[2]), "lone was read: {ev:?}");
        // `bad` and `bad_mate` share a key: the second's arrival builds the first, which
        // is found ineligible and leaves the tree; nothing merges with it.
        assert!(built(ids[3]) && built(ids[4]));
        assert!(keyed.merges.iter().all(|r| r.folded != ids[3] && r.target != ids[3]), "{keyed:?}");
    }

    /// Merges a module of adders and their callers with coarse tree keys (opcodes only,
    /// so every adder shares one), with and without the second key
    /// ([`FastPath::tree_subkey`]: constants and named functions), which the driver asks
    /// only when functions meet under a tree key with no claim settling it. Returns the
    /// module, the report and the adders.
    fn subkey_scenario(subkeyed: bool, declined: &[u64]) -> (Tiny, Report, Vec<FuncId>) {
        let mut m = Tiny::new();
        m.hashed = true;
        m.tree_keyed = true;
        m.subkeyed = subkeyed;
        // Constants 10..17, 13 and 15 twice (two pairs that merge), 16 three times.
        let consts = [10u64, 11, 13, 12, 13, 15, 14, 15, 16, 17, 16, 16];
        let adders: Vec<FuncId> =
            consts.iter().enumerate().map(|(i, &c)| adder(&mut m, &alloc::format!("a{i}"), c, internal())).collect();
        for (i, &a) in adders.iter().enumerate().take(6) {
            caller(&mut m, &alloc::format!("c{i}"), a);
        }
        m.no_subkey = adders.iter().zip(consts).filter(|(_, c)| declined.contains(c)).map(|(a, _)| *a).collect();
        if !subkeyed {
            // The same coarse tree keys without the second key.
            m.subkeyed = true;
            m.no_subkey = (0..m.funcs.len()).map(FuncId::new).collect();
        }
        let r = merge_module(&mut m, &Options::default()).unwrap();
        (m, r, adders)
    }

    /// A second tree key changes no merge and no merge order; functions it tells apart
    /// are never read (an adder whose constant no other has), and the bucket's functions
    /// keep their read flags and order when the bucket splits. Declining (`None`) for a
    /// group of equal functions files them together, as one more value.
    #[test]
    fn second_tree_keys_split_buckets_without_reading() {
        let (_, plain, _) = subkey_scenario(false, &[]);
        assert_eq!(plain.stats.tree_splits, 0);
        assert!(actions(&plain).len() >= 4, "{plain:?}");
        for declined in [&[][..], &[16], &[11, 16]] {
            let (m, split, adders) = subkey_scenario(true, declined);
            assert_eq!(actions(&split), actions(&plain), "declined {declined:?}");
            assert!(split.stats.tree_splits >= 1, "{split:?}");
            assert!(split.stats.comparisons < plain.stats.comparisons, "{split:?} / {plain:?}");
            let ev = m.accesses.borrow();
            let built = |f: FuncId| ev.contains(&("materialize", f));
            // Constants 10, 12, 14 and 17 are alone; a0 is read when a1 (11), declined,
            // arrives before any split.
            let alone = if declined.contains(&11) {
                &[(3, 12), (6, 14), (9, 17)][..]
            } else {
                &[(0, 10), (3, 12), (6, 14), (9, 17)]
            };
            for &(i, c) in alone {
                assert!(!built(adders[i]), "a{i} (constant {c}) was read: {ev:?}");
            }
            // Only functions that met under a tree key were asked.
            assert!(ev.iter().filter(|e| e.0 == "tree_subkey").count() <= adders.len() + 8, "{ev:?}");
        }
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
        assert_eq!(r.merges.len(), 21, "{r:?}");
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
        assert!(claimed.stats.comparisons < plain.stats.comparisons, "{claimed:?} {plain:?}");
        assert_eq!(plain.stats.same_body_merged, 0);
        assert!(claimed.stats.same_body_merged >= 1, "{claimed:?}");
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
            assert!(claimed.stats.unread_pairs_merged >= 1, "{claimed:?}");
            assert!(claimed.stats.same_body_merged >= claimed.stats.unread_pairs_merged, "{claimed:?}");
            assert!(claimed.stats.comparisons < plain.stats.comparisons, "{claimed:?} {plain:?}");
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
                assert_eq!(r.merges.len(), 1, "the claim was trusted: {r:?}");
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
        assert_eq!(actions(&r).len(), 1, "{r:?}");
        assert_eq!((r.merges[0].folded, r.merges[0].target), (a2, a1));
        assert!(r.stats.same_body_merged >= 1, "{r:?}");
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
}
