//! The keys that let the core leave functions unread: the worklist hash (LLVM's
//! `StructuralHash`, from the *prescan*), the merge key, the tree key and the cycle key
//! ([`mergefunc::FastPath`]), and their cross-checks for tests.
//!
//! Invariants: every key describes the IR as it is when asked. The prescan is dropped by
//! every rewrite (`drop_prescan`), and a cached tree key is patched or cleared by every
//! rewrite that changes its function (`mutate.rs`'s `refresh`). Keys from the prescan and
//! keys from the LLVM-C walk hash differently, so one set of keys never mixes them. Equal
//! functions (by the order) get equal keys: every part a key hashes is one the order
//! requires to be identical, and functions with bodies that operands name are listed in
//! `refs` (never hashed by identity, since a merge may replace them).

use super::LlvmModule;
use crate::safe::{Op, ValKind, V};
use inkwell::llvm_sys as sys;
use mergefunc::{FuncId, GlobalRef};
use sys::prelude::*;

/// A cached tree key ([`LlvmModule::tree_key_of`]) and the parts it hashes, kept so that
/// a rewrite that only replaces uses of one function with a body by another can patch the
/// key instead of walking the function again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeKey {
    pub(crate) key: u64,
    /// The prescan entry's `StructuralHash` and details word.
    hash: u64,
    detail: u64,
    /// The merge key (which only marks functions with a body, so it survives such a
    /// replacement).
    merge_key: u64,
    /// Span of `LlvmModule::tree_ref_arena`: the functions with a body that operands
    /// name, in walk order.
    refs: (u32, u32),
    /// [`LlvmModule::tree_subkey_of`] once computed (0: not yet). Attachments are not
    /// operands: a patch of the refs keeps it.
    sub: u64,
}

/// What a merge key records of an operand that names a global (see
/// `LlvmModule::key_identity`).
#[derive(Clone, Copy, Debug)]
enum KeyIdentity {
    /// A global variable, alias or ifunc.
    Global,
    /// A function without a body.
    Declared,
    /// A function with a body.
    Defined,
}

/// The tree key of `f` ([`LlvmModule::tree_key_of`]) from `parts` (its prescan entry's
/// `StructuralHash` and details word, its merge key) and the functions with bodies its
/// operands name, in walk order.
fn tree_key_hash(f: FuncId, parts: [u64; 3], refs: &[FuncId]) -> u64 {
    use std::hash::Hasher;
    let mut h = crate::prescan::KeyHasher::default();
    for w in parts {
        h.write_u64(w);
    }
    for &r in refs {
        h.write_u64(if r == f { u64::MAX } else { r.0 as u64 });
    }
    h.finish()
}

impl LlvmModule {
    /// The prescan's entry for `f`, running the prescan of every candidate first if it has
    /// not run since the last rewrite. `None`: `f` was not a candidate then, or the native
    /// walk declined it.
    pub(crate) fn prescanned(&self, f: FuncId) -> Option<crate::prescan::Entry> {
        if let Some(p) = &*self.keys.prescan.borrow() {
            return p.entry(f.index());
        }
        let work: Vec<(usize, V)> = self
            .funcs
            .iter()
            .enumerate()
            .filter(|(i, s)| s.has_body && s.facts.ineligible.is_none() && !self.load.shapes.is_alone(*i))
            .filter_map(|(i, s)| s.v.map(|v| (i, v)))
            .collect();
        let (ptr_bits, terms) = self.prescan_inputs();
        let threads = || crate::prescan::thread_count(self.threads);
        let t0 = crate::clock::ticks();
        let scratch = crate::safe::ScanScratch::new();
        // SAFETY: every handle is a live function of this module, and `&self` is held for
        // the whole call: no rewrite can run meanwhile.
        let p = unsafe { crate::prescan::run(&work, self.funcs.len(), terms, ptr_bits, threads, &scratch) };
        self.add_time(t0, 0);
        let e = p.entry(f.index());
        *self.keys.prescan.borrow_mut() = Some(p);
        e
    }

    /// What every prescan needs from the module: the pointer width the order equates
    /// with address-space-0 pointers (0: none) and the hash's per-opcode terms.
    pub(super) fn prescan_inputs(&self) -> (u32, &'static [u64; 128]) {
        (self.ptr_bits(), crate::shash::terms())
    }

    /// The pointer width the order equates with address-space-0 pointers (0: none).
    pub(super) fn ptr_bits(&self) -> u32 {
        self.load.target.ptr_as_int.filter(|p| p.addr_space == 0).map_or(0, |p| p.bits)
    }

    /// Forgets the prescan (every rewrite calls this: the IR it describes changed).
    pub(crate) fn drop_prescan(&mut self) {
        *self.keys.prescan.get_mut() = None;
    }

    /// [`mergefunc::FastPath::merge_key`] of `f`, read from the IR without building its view: the
    /// signature hash (the core's `FunctionHasher::signature_hash`: canonical function
    /// type, attribute lists by content, the other signature props), then per reachable
    /// block (in the walk order of the order) a marker, and per instruction (debug
    /// intrinsics skipped, as in views) the opcode and, except for `getelementptr` (whose
    /// operand count and types the order may skip when offsets fold), the canonical result
    /// type, the operand count and each operand's stable identity ([`Self::stable_operand_key`]); each block ends with its
    /// instruction count. The order requires every one of these to be identical for equal
    /// functions, and no rewrite of another function changes any of them. Functions with
    /// bodies that operands name go to `refs`, in walk order.
    pub(crate) fn merge_key_of(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        use std::hash::Hasher;
        let s = &self.funcs[f.index()];
        let v = s.v?;
        if !s.has_body || s.facts.ineligible.is_some() {
            return None;
        }
        let sig = s.sig_hash;
        if let Some(p) = self.keys.prescan.get_mut().take() {
            // Keys from the prescan and from the walk below hash differently, so one set
            // of keys never mixes them: a candidate the prescan did not cover keeps its
            // place (no key) instead.
            let at = refs.len();
            let k = p.entry(f.index()).map(|e| {
                let k = self.key_from_prescan(sig, e, p.ids_of(&e), refs);
                // The prescan describes the IR as it is (no rewrite yet): the tree key
                // comes for free now, and stays valid until a rewrite changes `f`.
                if self.switches.tree_keys {
                    self.cache_tree_key(f, &e, k, &refs[at..]);
                }
                k
            });
            *self.keys.prescan.get_mut() = Some(p);
            return k;
        }
        let entry = v.first_block()?;
        let mut types = std::mem::take(&mut self.keys.key_types);
        let mut walk = std::mem::take(&mut self.keys.key_walk);
        let mut h = crate::prescan::KeyHasher::default();
        h.write_u64(sig);
        walk.start(entry);
        let gep = Op::GetElementPtr.raw();
        while let Some(b) = walk.next_block() {
            h.write_u8(0xb1);
            let mut n = 0u32;
            for i in b.instructions() {
                if !i.is_debug_intrinsic() {
                    n += 1;
                    h.write_u32(i.raw_opcode());
                    if i.raw_opcode() != gep {
                        let t = self.intern_type(i.value().ty());
                        h.write_u64(types.type_hash(&*self, t));
                        let operands = i.operands();
                        h.write_i32(operands.len() as i32);
                        for o in operands {
                            self.stable_operand_key(o, &mut h, refs);
                        }
                    }
                }
            }
            h.write_u32(n);
            // A block without terminator (not valid IR) just ends the walk there.
            walk.push_successors(b);
        }
        self.keys.key_types = types;
        self.keys.key_walk = walk;
        Some(h.finish())
    }

    /// [`mergefunc::FastPath::tree_key`] of `f`: LLVM's `StructuralHash`, the prescan's details
    /// word, the merge key (as [`Self::key_from_prescan`] makes it, the signature hash
    /// included) and the identity of every function with a body that an operand names (a
    /// reference of `f` to itself marked instead), all of the IR as it is now. They come
    /// from the prescan while it is current (no rewrite since), or else from the shim's
    /// walk of `f` alone, the same walk: equal functions get equal keys either way,
    /// because the order requires every part to be identical for them.
    /// Cached until a rewrite changes `f`. `None` if the walk declines `f`.
    pub(crate) fn tree_key_of(&mut self, f: FuncId) -> Option<u64> {
        let s = &self.funcs[f.index()];
        if let Some(t) = s.tree_key {
            return Some(t.key);
        }
        if !self.switches.tree_keys || !s.has_body {
            return None;
        }
        let v = s.v.filter(|v| v.is_function())?;
        let t0 = crate::clock::ticks();
        let mut ids = std::mem::take(&mut self.keys.tree_ids);
        ids.clear();
        let from_prescan = self.keys.prescan.get_mut().as_ref().and_then(|p| {
            let e = p.entry(f.index())?;
            ids.extend_from_slice(p.ids_of(&e));
            Some(e)
        });
        let found = from_prescan.or_else(|| {
            ids.clear();
            let (ptr_bits, terms) = self.prescan_inputs();
            let scratch = self.keys.tree_scan.get_or_insert_with(crate::safe::ScanScratch::new);
            // `v` is a live function of this module, and `&mut self` is held for the whole
            // call: nothing rewrites it meanwhile.
            scratch.prescan(v, terms, ptr_bits, &mut ids).map(|out| crate::prescan::Entry {
                hash: out[0],
                key: out[1],
                ids: (0, 0),
                part: 0,
                detail: out[6],
                copy: 0,
            })
        });
        let key = found.map(|e| {
            // `ids` holds exactly this function's identities.
            let mut refs = std::mem::take(&mut self.keys.tree_refs);
            refs.clear();
            let k = self.key_from_prescan(self.funcs[f.index()].sig_hash, e, &ids, &mut refs);
            self.drain_pending();
            let key = self.cache_tree_key(f, &e, k, &refs);
            self.keys.tree_refs = refs;
            key
        });
        self.keys.tree_ids = ids;
        self.add_time(t0, 0);
        key
    }

    /// [`mergefunc::FastPath::cycle_key`] of `f`: its tree key's parts without the refs (the
    /// `StructuralHash`, the details word and the merge key, none of which depends on
    /// which function with a body an operand names, see [`Self::patch_tree_key`]), and
    /// those refs. `None` where the tree key is `None`, which depends only on what the
    /// native walk reads of the body, never on such names.
    pub(crate) fn cycle_key_of(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        use std::hash::Hasher;
        if !self.switches.cycle_keys {
            return None;
        }
        self.tree_key_of(f)?;
        let t = self.funcs[f.index()].tree_key?;
        let own = &self.keys.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize];
        refs.extend_from_slice(own);
        let mut h = crate::prescan::KeyHasher::default();
        for w in [t.hash, t.detail, t.merge_key, own.len() as u64] {
            h.write_u64(w);
        }
        Some(h.finish())
    }

    /// [`mergefunc::FastPath::tree_subkey`] of `f`: the instruction attachments its view
    /// records (as [`Self::records_attachment`] selects them: no hints but on loads, no
    /// droppable kind under `--drop-differing-attachments`, none at all under the test
    /// switch `llvm22_attachments`), by place in the order's walk, kind and content (the
    /// shim's `mergefunc_attachment_key`, which hashes node contents without interning
    /// them: strings, non-zero integers, uniqued tuples four levels deep), and the global
    /// variables named inside constant operands (expressions and aggregates: C++ vtable
    /// stores), by place, operand index and path. The order requires equal kinds and
    /// equal nodes (distinct ones renamed), and compares such constants operand by operand
    /// and global variables by identity, for equal functions, so they get equal answers; `None` exactly where the tree key is `None` (the walks decline the same
    /// functions). Reading attachments costs a look-up in the context's table per
    /// instruction that has any, which the prescan does not pay for every function: the
    /// core asks for this key only when `f` meets tree functions under its tree key and
    /// no same-body claim settled it. Cached with the tree key.
    pub(crate) fn tree_subkey_of(&mut self, f: FuncId) -> Option<u64> {
        self.tree_key_of(f)?;
        let t = self.funcs[f.index()].tree_key?;
        if t.sub != 0 {
            return Some(t.sub);
        }
        let v = self.funcs[f.index()].v.filter(|v| v.is_function())?;
        let sub = if self.switches.llvm22_attachments {
            1
        } else {
            let t0 = crate::clock::ticks();
            let skip: &[u32] = if self.switches.drop_attachments { &self.kinds.md_droppable } else { &[] };
            // `v` is a live function of this module, and `&mut self` is held for the
            // whole call: nothing rewrites it meanwhile.
            let k = v.attachment_key(&self.kinds.md_hints(), skip, &mut self.caches.attachment_keys);
            self.add_time(t0, 0);
            // The walk reads the blocks the tree key's walk read: it declines where that
            // did, which (with the key cached) cannot happen here.
            k? | 1
        };
        if let Some(t) = self.funcs[f.index()].tree_key.as_mut() {
            t.sub = sub;
        }
        Some(sub)
    }

    /// Caches the tree key of `f` hashed from prescan entry `e`, merge key `merge_key`
    /// and `refs`, and returns it.
    fn cache_tree_key(&mut self, f: FuncId, e: &crate::prescan::Entry, merge_key: u64, refs: &[FuncId]) -> u64 {
        self.cache_tree_key_parts(f, [e.hash, e.detail, merge_key], refs)
    }

    /// Caches the tree key of `f` from its parts (`StructuralHash`, details word, merge
    /// key) and `refs`, and returns it.
    fn cache_tree_key_parts(&mut self, f: FuncId, [hash, detail, merge_key]: [u64; 3], refs: &[FuncId]) -> u64 {
        let key = tree_key_hash(f, [hash, detail, merge_key], refs);
        let at = self.keys.tree_ref_arena.len() as u32;
        self.keys.tree_ref_arena.extend_from_slice(refs);
        let refs = (at, self.keys.tree_ref_arena.len() as u32);
        self.funcs[f.index()].tree_key = Some(TreeKey { key, hash, detail, merge_key, refs, sub: 0 });
        key
    }

    /// Gives `to` the cached tree key of `from` (if any), for a function `to` whose
    /// instructions are `from`'s, moved as they are (`split_body`), with `from` left
    /// without a body for now: the parts and the refs are the same, unless the
    /// instructions name `from` itself (a function with a body before, a declaration
    /// now, and a thunk or an alias soon: no key is moved then, a walk makes one when it
    /// is asked for). Debug builds check the moved key against a fresh walk.
    pub(crate) fn move_tree_key(&mut self, from: FuncId, to: FuncId) {
        let Some(t) = self.funcs[from.index()].tree_key else { return };
        let refs = self.keys.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize].to_vec();
        if refs.contains(&from) {
            return;
        }
        let key = self.cache_tree_key_parts(to, [t.hash, t.detail, t.merge_key], &refs);
        if cfg!(debug_assertions) {
            self.clear_tree_key(to);
            let fresh = self.tree_key_of(to);
            assert_eq!(fresh, Some(key), "the moved tree key of a split body differs from a fresh walk");
        }
    }

    /// Drops the cached tree key of `f` (a rewrite changed `f`).
    pub(crate) fn clear_tree_key(&mut self, f: FuncId) {
        if let Some(s) = self.funcs.get_mut(f.index()) {
            s.tree_key = None;
        }
    }

    /// After a rewrite that replaced uses of `from` by `to` in `f`'s instruction operands
    /// and changed nothing else in `f`: patches the cached tree key of `f`, if any, to
    /// what a walk would give now. The walk's parts other than `refs` do not depend on
    /// which function with a body an operand names (the merge key only marks them), so
    /// renaming `from` to `to` in `refs` is exact when `to` has a body; otherwise the key
    /// is cleared.
    pub(crate) fn patch_tree_key(&mut self, f: FuncId, from: FuncId, to: FuncId) {
        let Some(t) = self.funcs[f.index()].tree_key else { return };
        let to_has_body =
            self.funcs.get(to.index()).is_some_and(|s| s.has_body && s.v.is_some_and(|v| v.is_function()));
        if !to_has_body {
            self.funcs[f.index()].tree_key = None;
            return;
        }
        let refs = &mut self.keys.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize];
        for r in refs.iter_mut().filter(|r| **r == from) {
            *r = to;
        }
        let key = tree_key_hash(f, [t.hash, t.detail, t.merge_key], refs);
        self.funcs[f.index()].tree_key = Some(TreeKey { key, ..t });
    }

    /// [`Self::merge_key_of`] from the prescan's entry `e` of a function whose signature
    /// hash is `sig`: the native key covers what the walk below hashes except identities,
    /// which come from `ids` (exactly the function's, in walk order) and are hashed (or
    /// listed in `refs`) exactly as [`Self::stable_operand_key`] does.
    fn key_from_prescan(&mut self, sig: u64, e: crate::prescan::Entry, ids: &[u64], refs: &mut Vec<FuncId>) -> u64 {
        use std::hash::Hasher;
        let mut h = crate::prescan::KeyHasher::default();
        h.write_u64(sig);
        h.write_u64(e.key);
        let mut i = 0;
        while i < ids.len() {
            let id = ids[i];
            let kind = match id & 7 {
                1 => KeyIdentity::Global,
                2 => KeyIdentity::Declared,
                3 => KeyIdentity::Defined,
                // Not written by the prescan: hashed as it is (an exact identity).
                _ => {
                    h.write_u64(id);
                    i += 1;
                    continue;
                }
            };
            self.key_identity(V((id & !7) as LLVMValueRef), kind, &mut h, refs);
            i += 1;
        }
        h.finish()
    }

    /// The part of a merge key an operand naming a global contributes (shared by the
    /// prescan's keys and the LLVM-C walk's): a global variable, alias or ifunc and a
    /// declared function hash their identity (merges never replace them); a function with
    /// a body is only marked, and listed in `refs`.
    fn key_identity(&mut self, v: V, kind: KeyIdentity, h: &mut impl std::hash::Hasher, refs: &mut Vec<FuncId>) {
        match kind {
            KeyIdentity::Global => {
                h.write_u8(2);
                h.write_u64(match self.global_ref(v) {
                    GlobalRef::Func(f) => f.0 as u64 | 1 << 32,
                    GlobalRef::Other(x) => x.0 as u64,
                });
            }
            KeyIdentity::Declared => {
                h.write_u8(3);
                h.write_u32(self.register_func(v).0);
            }
            KeyIdentity::Defined => {
                h.write_u8(4);
                refs.push(self.register_func(v));
            }
        }
    }

    /// Hashes what no merge can change about operand `o` and what equal operands share:
    /// a non-zero integer constant of at most 64 bits (its value; zero is every type's
    /// null, which may equal a null of another type), a global variable, alias or ifunc
    /// (its identity: only functions are merged), a declared function (its identity:
    /// declarations are never candidates, so never replaced). A function with a body (a
    /// merge may replace it) is a marker here and goes to `refs` (see
    /// [`mergefunc::FastPath::merge_key`]); anything else hashes as one marker.
    fn stable_operand_key(&mut self, v: V, h: &mut impl std::hash::Hasher, refs: &mut Vec<FuncId>) {
        if v.is_null() {
            h.write_u8(0);
            return;
        }
        match v.kind() {
            Ok(ValKind::ConstantInt) => match v.const_int_u64() {
                Some(x) if x != 0 => {
                    h.write_u8(1);
                    h.write_u64(x);
                }
                _ => h.write_u8(0),
            },
            Ok(ValKind::GlobalVariable | ValKind::GlobalAlias | ValKind::GlobalIFunc) => {
                self.key_identity(v, KeyIdentity::Global, h, refs)
            }
            Ok(ValKind::Function) => {
                let kind = if v.is_declaration() { KeyIdentity::Declared } else { KeyIdentity::Defined };
                self.key_identity(v, kind, h, refs)
            }
            _ => h.write_u8(0),
        }
    }
}
