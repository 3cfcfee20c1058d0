//! Attribute lists of functions and call sites as [`mergefunc::AttrList`]s: enum
//! attributes as flags, int attributes with their value, type attributes with the
//! interned type, string attributes as bytes, and the rest by the identity of LLVM's
//! uniqued attribute.
//!
//! Invariants: attributes, attribute sets and attribute lists are uniqued per LLVM
//! context and never freed, so the caches keyed by their handles ([`AttrSets`]'s
//! attributes and sets, `attrs_by_list`) never go stale, and a list or a set can be read by
//! its identity at any time; a set is converted once, and every list is hashed or
//! converted from its sets' conversions; a list converted at once
//! has an id that depends on its content only, a function's list hashed instead
//! (`lazy_list`) an id per LLVM list, and its hash is the one the core computes from its
//! conversion (the order and the hashes compare lists by content, never by id).

use super::LlvmModule;
use crate::safe::{AttrOwner, AttrRead, A, V};

use inkwell::llvm_sys as sys;
use mergefunc::{Attr, AttrList, AttrsId};

/// What a converted attribute list holds that the rewrites ask about, as bits (cached
/// with the list's id, see [`LlvmModule::converted_list_flags`]).
pub(crate) mod list_flags {
    /// An `inalloca` or `swifterror` attribute anywhere in the list.
    pub(crate) const SPECIAL: u8 = 1;
    /// The string attribute `"interrupt"` or `"signal"` on the function.
    pub(crate) const INTERRUPT: u8 = 2;
    /// `naked` on the function.
    pub(crate) const NAKED: u8 = 4;
    /// `preallocated` on a parameter.
    pub(crate) const PREALLOCATED: u8 = 8;
    /// `inalloca` on a parameter.
    pub(crate) const INALLOCA: u8 = 16;
}

/// A copy of one entry of the cache of lists by identity (`attrs_by_list`: LLVM's list
/// and the parameter count read, and the list's [`list_flags`]), kept in a function's
/// slot by [`LlvmModule::rebuild_facts`]. The cache's entries never change (lists are
/// uniqued and never freed, and a list's flags depend on it alone), so where the key
/// still matches the function's list the flags are the cache's: read from the slot the
/// merge has in cache anyway, instead of a probe of a table of every list (two cold
/// reads per merge where every tiny function has a list of its own). A key that no
/// longer matches (the list was changed) falls back to the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ListMemo {
    list: usize,
    nparams: u32,
    flags: u8,
    set: bool,
}

/// Attribute sets converted once, by the identity of LLVM's set (uniqued per context and
/// never freed, so an identity names one set for good): the sets of every list read
/// through them ([`LlvmModule::list_set_indexes`]), shared by the lists that have them
/// (most functions of a module share their function attributes, and parameter sets
/// such as `noundef nonnull align 8 dereferenceable(16)` recur). A set holds the
/// indexes of its attributes in `attrs`, where each distinct attribute is converted
/// once: sets that differ in one attribute of a dozen (a module whose functions each
/// have their own group) share the records of the others and copy none of them.
#[derive(Default)]
pub(crate) struct AttrSets {
    /// `attrs` by the attribute's handle (uniqued per context, never freed).
    attr_of: super::HashMap<usize, u32>,
    /// Each distinct attribute converted, and whether it is `inalloca` or `swifterror`.
    attrs: Vec<(Attr, bool)>,
    /// `sets` by the set's identity.
    by_id: super::HashMap<usize, u32>,
    sets: Vec<ConvertedSet>,
    /// Scratch: the set identities of the list being read.
    ids: Vec<usize>,
    /// Scratch: the `sets` indexes of the list being read.
    at: Vec<u32>,
}

/// One converted set (see [`AttrSets`]).
struct ConvertedSet {
    /// Its attributes, as indexes into [`AttrSets`]'s `attrs`, in LLVM's order.
    attrs: Box<[u32]>,
    /// Only flag, integer and string attributes: a list of such sets is hashed without
    /// being converted ([`LlvmModule::lazy_list`]).
    hashable: bool,
    /// The [`list_flags`] the set gives a list in any position; [`role_mask`] keeps
    /// those of its position.
    flags: u8,
}

impl AttrSets {
    /// The attributes of set `k` (an index into `sets`), as the core's records.
    fn set_attrs(&self, k: u32) -> Box<[Attr]> {
        self.sets[k as usize].attrs.iter().map(|&a| self.attrs[a as usize].0.clone()).collect()
    }
}

/// The [`list_flags`] a set gives a list at position `i` (0 the function, 1 the return
/// value, then the parameters).
fn role_mask(i: usize) -> u8 {
    use list_flags::*;
    match i {
        0 => SPECIAL | INTERRUPT | NAKED,
        1 => SPECIAL,
        _ => SPECIAL | PREALLOCATED | INALLOCA,
    }
}

/// LLVM-C's index of position `i` of a list's sets (see [`role_mask`]).
fn llvm_index(i: usize) -> u32 {
    match i {
        0 => sys::LLVMAttributeFunctionIndex,
        1 => sys::LLVMAttributeReturnIndex,
        _ => i as u32 - 1,
    }
}

/// The enum kind of a converted attribute (`None` for a string attribute).
fn enum_kind(a: &Attr) -> Option<u32> {
    match *a {
        Attr::Flag(k) | Attr::Int(k, _) | Attr::Type(k, _) | Attr::Opaque(k, _) => Some(k),
        Attr::Str(..) => None,
    }
}

impl LlvmModule {
    /// The core's record of attribute `a`, and whether it is `inalloca` or `swifterror`.
    fn attr(&mut self, a: A) -> (Attr, bool) {
        // SAFETY: the string bytes are copied into the record below, before `read`'s
        // borrow ends; the module (and its context) outlives this call.
        let read = unsafe { a.read(self.kinds.int_attr_range) };
        let kind = match read {
            AttrRead::Str(..) => 0,
            AttrRead::Type(k, _) | AttrRead::Flag(k) | AttrRead::Int(k, _) | AttrRead::Other(k) => k,
        };
        let special = kind != 0 && self.kinds.special_alloca_kinds.contains(&kind);
        let attr = match read {
            AttrRead::Str(k, v) => Attr::Str(k.into(), v.into()),
            AttrRead::Type(kind, t) => Attr::Type(kind, t.map(|t| self.intern_type(t))),
            AttrRead::Flag(kind) => Attr::Flag(kind),
            AttrRead::Int(kind, x) => Attr::Int(kind, x),
            // ConstantRange / ConstantRangeList attributes (no value getter) and anything
            // unclassified: attributes are uniqued per context, so the handle is an exact
            // identity. Ids are given in first-occurrence order.
            AttrRead::Other(kind) => {
                let n = self.tables.attr_ids.len() as u64;
                let id = *self.tables.attr_ids.entry(a.0 as usize).or_insert(n);
                Attr::Opaque(kind, id)
            }
        };
        (attr, special)
    }

    /// The attribute list of a function or call site; also reports whether an
    /// `inalloca`/`swifterror` attribute appears.
    ///
    /// Attribute lists (and attributes) are uniqued per LLVM context and never freed, so
    /// lists are cached by the identity of LLVM's list and the parameter count read (one
    /// shim call and one lookup for a list seen before). A function's list not seen before
    /// is hashed and converted when first read ([`Self::lazy_list`]) where it can be;
    /// any other list is made of its sets' conversions ([`Self::attr_list_of_sets`])
    /// and interned by content (two LLVM lists that differ only past the parameters read
    /// get the same id).
    pub(super) fn fn_attrs(&mut self, owner: AttrOwner, nparams: u32) -> (AttrsId, bool) {
        let (id, special, _) = self.fn_attrs_memo(owner, nparams);
        (id, special)
    }

    /// [`Self::fn_attrs`], and the cache entry of the list (unset for a list without an
    /// identity) for the owner's slot ([`ListMemo`]).
    pub(super) fn fn_attrs_memo(&mut self, owner: AttrOwner, nparams: u32) -> (AttrsId, bool, ListMemo) {
        let list = owner.value().attribute_list_id();
        if let Some(list) = list {
            if let Some(&(id, flags)) = self.caches.attrs_by_list.get(&(list, nparams)) {
                return (id, flags & list_flags::SPECIAL != 0, ListMemo { list, nparams, flags, set: true });
            }
        }
        // A function's list is hashed, not converted, where it can be (see `lazy_list`).
        let lazy = match list {
            Some(list) if owner.is_function() => self.lazy_list(list, nparams),
            _ => None,
        };
        let (id, flags) = match (lazy, list) {
            (Some(r), _) => r,
            (None, Some(list)) => self.attr_list_of_sets(list, nparams),
            (None, None) => self.attr_list_of_owner(owner, nparams),
        };
        let mut memo = ListMemo::default();
        if let Some(list) = list {
            self.caches.attrs_by_list.insert((list, nparams), (id, flags));
            memo = ListMemo { list, nparams, flags, set: true };
        }
        (id, flags & list_flags::SPECIAL != 0, memo)
    }

    /// A function's attribute list (LLVM's `list`, `nparams` parameters read) given an
    /// id without being converted: its hash is computed from LLVM's attributes as the
    /// core would compute it from the conversion (`mergefunc::hash::AttrsHasher`, handed
    /// to the core by [`mergefunc::Module::attrs_hash_hint`]), with its [`list_flags`];
    /// the conversion waits for the first read of the list ([`Self::attr_list`]), which
    /// happens only where two functions with different lists meet in the order. Where
    /// every tiny function has a list of its own, converting them all at load was a
    /// sixth of the pass. The hash is fed from the list's sets as [`AttrSets`] holds
    /// them (each set read from LLVM once, whatever the number of lists that have it).
    /// `None` (nothing recorded) for a list with a type or an opaque attribute, whose
    /// hash needs interned types or first-occurrence ids: those are converted at once.
    ///
    /// Such an id is given per LLVM list, not per content: two lists that LLVM keeps
    /// apart but convert to the same content (parameter sets past `nparams`, which a
    /// valid function does not have) get two ids. The order and the hash compare lists
    /// by content, never by id, so that changes no answer.
    fn lazy_list(&mut self, list: usize, nparams: u32) -> Option<(AttrsId, u8)> {
        use mergefunc::hash::AttrsHasher;
        let mut at = std::mem::take(&mut self.caches.attr_sets.at);
        self.list_set_indexes(list, nparams, &mut at);
        let sets = &self.caches.attr_sets.sets;
        // The sets that count: up to the last non-empty one.
        let count = at.iter().rposition(|&k| !sets[k as usize].attrs.is_empty()).map_or(0, |i| i + 1);
        let mut r = None;
        if at[..count].iter().all(|&k| sets[k as usize].hashable) {
            let mut h = AttrsHasher::new(count);
            let mut flags = 0u8;
            for (i, &k) in at[..count].iter().enumerate() {
                let set = &sets[k as usize];
                flags |= set.flags & role_mask(i);
                h.set(set.attrs.len());
                for &a in set.attrs.iter() {
                    let a = &self.caches.attr_sets.attrs[a as usize].0;
                    match a {
                        Attr::Flag(k) => h.flag(*k),
                        Attr::Int(k, x) => h.int(*k, *x),
                        Attr::Str(k, v) => h.string(k, v),
                        // Not in a hashable set.
                        Attr::Type(..) | Attr::Opaque(..) => unreachable!("a hashable set has {a:?}"),
                    }
                }
            }
            let id = AttrsId::new(self.tables.attr_lists.len());
            self.tables.attr_lists.push(std::sync::OnceLock::new());
            self.tables.attr_sources.push(Some((list, nparams, h.finish())));
            r = Some((id, flags));
        }
        self.caches.attr_sets.at = at;
        r
    }

    /// The [`AttrSets`] indexes of the sets of LLVM's list `list` (function, return
    /// value, then `nparams` parameters) into `out`, converting the sets not seen before.
    fn list_set_indexes(&mut self, list: usize, nparams: u32, out: &mut Vec<u32>) {
        let mut ids = std::mem::take(&mut self.caches.attr_sets.ids);
        crate::safe::list_sets(list, nparams, &mut ids);
        out.clear();
        for (i, &set) in ids.iter().enumerate() {
            let k = match self.caches.attr_sets.by_id.get(&set) {
                Some(&k) => k,
                None => self.convert_set(list, i, set),
            };
            out.push(k);
        }
        self.caches.attr_sets.ids = ids;
    }

    /// Converts the set at position `i` of LLVM's list `list` (see [`role_mask`]), whose
    /// identity is `set`, into [`AttrSets`]; returns its index there.
    fn convert_set(&mut self, list: usize, i: usize, set: usize) -> u32 {
        let [naked, prealloc] = self.kinds.no_thunk_kinds;
        let inalloca = self.kinds.special_alloca_kinds[0];
        let mut buf = std::mem::take(&mut self.scratch.attr_set_buf);
        crate::safe::list_set(list, llvm_index(i), &mut buf);
        let mut attrs = Vec::with_capacity(buf.len());
        let (mut hashable, mut flags) = (true, 0u8);
        for &a in buf.iter() {
            let at = self.attr_cached(a);
            let (attr, special) = &self.caches.attr_sets.attrs[at as usize];
            if *special {
                flags |= list_flags::SPECIAL;
            }
            match attr {
                Attr::Str(k, _) if k[..] == b"interrupt"[..] || k[..] == b"signal"[..] => {
                    flags |= list_flags::INTERRUPT
                }
                Attr::Type(..) | Attr::Opaque(..) => hashable = false,
                _ => {}
            }
            if let Some(k) = enum_kind(attr) {
                if naked != 0 && k == naked {
                    flags |= list_flags::NAKED;
                } else if prealloc != 0 && k == prealloc {
                    flags |= list_flags::PREALLOCATED;
                } else if inalloca != 0 && k == inalloca {
                    flags |= list_flags::INALLOCA;
                }
            }
            attrs.push(at);
        }
        self.scratch.attr_set_buf = buf;
        let sets = &mut self.caches.attr_sets;
        if sets.sets.capacity() == 0 {
            super::intern::first_room(&mut sets.by_id);
            sets.sets.reserve(super::intern::FIRST_ROOM);
        }
        let k = sets.sets.len() as u32;
        sets.sets.push(ConvertedSet { attrs: attrs.into_boxed_slice(), hashable, flags });
        sets.by_id.insert(set, k);
        k
    }

    /// Converts LLVM's list `list` (`nparams` parameters read; trailing empty parameter
    /// sets dropped) from its converted sets and interns it; also returns its
    /// [`list_flags`].
    pub(super) fn attr_list_of_sets(&mut self, list: usize, nparams: u32) -> (AttrsId, u8) {
        let mut at = std::mem::take(&mut self.caches.attr_sets.at);
        self.list_set_indexes(list, nparams, &mut at);
        let sets = &self.caches.attr_sets.sets;
        let mut flags = 0u8;
        for (i, &k) in at.iter().enumerate() {
            flags |= sets[k as usize].flags & role_mask(i);
        }
        let set = |i: usize| self.caches.attr_sets.set_attrs(at[i]);
        let last = at.iter().skip(2).rposition(|&k| !sets[k as usize].attrs.is_empty()).map_or(2, |i| i + 3);
        let list = AttrList { func: set(0), ret: set(1), params: (2..last).map(set).collect() };
        self.caches.attr_sets.at = at;
        (self.intern_attr_list(list), flags)
    }

    /// List `a` ([`mergefunc::Module::attrs`]), converted now if it was only hashed
    /// ([`Self::lazy_list`]).
    pub(crate) fn attr_list(&self, a: AttrsId) -> &AttrList {
        let cell = &self.tables.attr_lists[a.index()];
        cell.get_or_init(|| {
            let (list, nparams, _) =
                self.tables.attr_sources[a.index()].expect("a list without a conversion has a source");
            self.convert_list(list, nparams)
        })
    }

    /// The hash of list `a` if it was hashed instead of converted ([`Self::lazy_list`]).
    pub(crate) fn attr_hash_hint(&self, a: AttrsId) -> Option<u64> {
        self.tables.attr_sources.get(a.index()).copied().flatten().map(|(_, _, h)| h)
    }

    /// The conversion of a list [`Self::lazy_list`] hashed: its sets as [`AttrSets`]
    /// holds them (`lazy_list` converted every one), trailing empty parameter sets
    /// dropped, as [`Self::attr_list_of_sets`] converts. This runs behind a shared
    /// reference (the caches are only read), and only for lists that meet another list
    /// in the order.
    fn convert_list(&self, list: usize, nparams: u32) -> AttrList {
        let mut ids = Vec::new();
        crate::safe::list_sets(list, nparams, &mut ids);
        let sets = &self.caches.attr_sets;
        // `lazy_list` converted every set of this list (the sets of an LLVM list never
        // change, and `AttrSets` keeps every conversion for the module's life).
        let set_at = |i: usize| -> Box<[Attr]> {
            let k = sets.by_id.get(&ids[i]).expect("lazy_list converted every set of a list it hashed");
            sets.set_attrs(*k)
        };
        let func = set_at(0);
        let ret = set_at(1);
        let mut params: Vec<Box<[Attr]>> = (2..nparams as usize + 2).map(set_at).collect();
        while params.last().is_some_and(|p| p.is_empty()) {
            params.pop();
        }
        AttrList { func, ret, params: params.into() }
    }

    /// The [`list_flags`] of function `v`'s attribute list, when the list was converted
    /// before (every function with full facts): the answers [`Self::thunk_may_call`]
    /// needs, without asking LLVM for string attributes by name (a lookup per merge that
    /// cost 8% of the pass where every tiny function folds). Exact: the cache is keyed
    /// by LLVM's uniqued list and the parameter count, as the conversion read it.
    pub(crate) fn converted_list_flags(&self, v: V) -> Option<u8> {
        self.converted_list_flags_memo(v, ListMemo::default())
    }

    /// [`Self::converted_list_flags`], read from `memo` (a function's [`ListMemo`]) where
    /// its key is the function's list as it is now, and from the cache otherwise.
    pub(crate) fn converted_list_flags_memo(&self, v: V, memo: ListMemo) -> Option<u8> {
        let owner = AttrOwner::of_function(v)?;
        let list = v.attribute_list_id()?;
        let nparams = owner.param_count();
        if memo.set && memo.list == list && memo.nparams == nparams {
            return Some(memo.flags);
        }
        self.caches.attrs_by_list.get(&(list, nparams)).map(|&(_, flags)| flags)
    }

    /// Converts the sets of `owner`'s list (function, return, then `nparams` parameters;
    /// trailing empty parameter sets dropped) through LLVM-C, attribute by attribute,
    /// and interns the list. Each set is allocated once at its final size (none for an
    /// empty one). Also returns the list's [`list_flags`]. For an owner whose list has no
    /// identity (never met: functions and calls have one), and as the tests' reference
    /// for [`Self::attr_list_of_sets`] and [`Self::lazy_list`].
    pub(super) fn attr_list_of_owner(&mut self, owner: AttrOwner, nparams: u32) -> (AttrsId, u8) {
        let mut buf = std::mem::take(&mut self.scratch.attr_buf);
        let mut flags = 0u8;
        let [naked, prealloc] = self.kinds.no_thunk_kinds;
        let inalloca = self.kinds.special_alloca_kinds[0];
        let mut set_at = |this: &mut Self, idx: u32| -> Box<[Attr]> {
            owner.attributes_at(idx, &mut buf);
            if buf.is_empty() {
                return Box::new([]);
            }
            let is_fn = idx == sys::LLVMAttributeFunctionIndex;
            let is_param = !is_fn && idx != sys::LLVMAttributeReturnIndex;
            let mut set = Vec::with_capacity(buf.len());
            for &a in buf.iter() {
                let at = this.attr_cached(a);
                let (attr, sp) = this.caches.attr_sets.attrs[at as usize].clone();
                if sp {
                    flags |= list_flags::SPECIAL;
                }
                match (&attr, enum_kind(&attr)) {
                    (Attr::Str(k, _), _) if is_fn && (k[..] == b"interrupt"[..] || k[..] == b"signal"[..]) => {
                        flags |= list_flags::INTERRUPT
                    }
                    (_, Some(k)) if is_fn && naked != 0 && k == naked => flags |= list_flags::NAKED,
                    (_, Some(k)) if is_param && prealloc != 0 && k == prealloc => flags |= list_flags::PREALLOCATED,
                    (_, Some(k)) if is_param && inalloca != 0 && k == inalloca => flags |= list_flags::INALLOCA,
                    _ => {}
                }
                set.push(attr);
            }
            // Exact capacity: no reallocation.
            set.into_boxed_slice()
        };
        let func = set_at(self, sys::LLVMAttributeFunctionIndex);
        let ret = set_at(self, sys::LLVMAttributeReturnIndex);
        // The parameter slice is sized by the last non-empty set (counts are one call
        // each and read no attribute), so it is built without a reallocation.
        let mut last = 0u32;
        for i in (1..=nparams).rev() {
            if owner.count_at(i) > 0 {
                last = i;
                break;
            }
        }
        let mut params: Vec<Box<[Attr]>> = Vec::with_capacity(last as usize);
        for i in 1..=last {
            params.push(set_at(self, i));
        }
        self.scratch.attr_buf = buf;
        let list = AttrList { func, ret, params: params.into() };
        (self.intern_attr_list(list), flags)
    }

    /// The index in [`AttrSets`]'s attributes of the core's record of attribute `a`
    /// (converted at its first use).
    fn attr_cached(&mut self, a: A) -> u32 {
        let h = a.0 as usize;
        if let Some(&i) = self.caches.attr_sets.attr_of.get(&h) {
            return i;
        }
        super::intern::first_room(&mut self.caches.attr_sets.attr_of);
        let converted = self.attr(a);
        let sets = &mut self.caches.attr_sets;
        let i = sets.attrs.len() as u32;
        sets.attrs.push(converted);
        sets.attr_of.insert(h, i);
        i
    }

    /// The empty attribute list's id (interned on first use like any other list).
    pub(super) fn empty_attr_list(&mut self) -> (AttrsId, bool) {
        (self.intern_attr_list(AttrList { func: Box::new([]), ret: Box::new([]), params: Box::new([]) }), false)
    }

    /// The id of `list`, by content (ids in first-occurrence order).
    fn intern_attr_list(&mut self, list: AttrList) -> AttrsId {
        let mut k = {
            use std::hash::BuildHasher;
            rustc_hash::FxBuildHasher.hash_one(&list)
        };
        while let Some(&id) = self.tables.attrs_of.get(&k) {
            if self.tables.attr_lists[id.index()].get() == Some(&list) {
                return id;
            }
            k = k.wrapping_add(1);
        }
        let id = AttrsId::new(self.tables.attr_lists.len());
        self.tables.attrs_of.insert(k, id);
        self.tables.attr_lists.push(std::sync::OnceLock::from(list));
        self.tables.attr_sources.push(None);
        id
    }
}
