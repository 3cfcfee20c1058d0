//! Attribute lists of functions and call sites as [`mergefunc::AttrList`]s: enum
//! attributes as flags, int attributes with their value, type attributes with the
//! interned type, string attributes as bytes, and the rest by the identity of LLVM's
//! uniqued attribute.
//!
//! Invariants: attributes and attribute lists are uniqued per LLVM context and never
//! freed, so the caches keyed by their handles (`attr_of`, `attrs_by_list`,
//! `attrs_by_handles`) never go stale; a list's id depends on its content only.

use super::LlvmModule;
use crate::safe::{AttrOwner, AttrRead, A};
use inkwell::llvm_sys as sys;
use mergefunc::{Attr, AttrList, AttrsId};
use sys::prelude::*;

impl LlvmModule {
    /// The core's record of attribute `a`, and whether it is `inalloca` or `swifterror`.
    fn attr(&mut self, a: A) -> (Attr, bool) {
        let read = a.read(self.kinds.int_attr_range);
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
    /// lists are cached by the identity of LLVM's list (one shim call and one lookup for
    /// a list seen before), and below that by their raw attribute handles.
    pub(super) fn fn_attrs(&mut self, owner: AttrOwner, nparams: u32) -> (AttrsId, bool) {
        let list = owner.value().attribute_list_id();
        if let Some(list) = list {
            if let Some(r) = self.caches.attrs_by_list.get(&(list, nparams)) {
                return *r;
            }
        }
        let r = self.fn_attrs_by_handles(owner, nparams);
        if let Some(list) = list {
            self.caches.attrs_by_list.insert((list, nparams), r);
        }
        r
    }

    /// [`Self::fn_attrs`] from the attribute handles of every index.
    fn fn_attrs_by_handles(&mut self, owner: AttrOwner, nparams: u32) -> (AttrsId, bool) {
        let mut key = std::mem::take(&mut self.scratch.attr_key);
        let mut buf = std::mem::take(&mut self.scratch.attr_buf);
        key.clear();
        // Indices: function, return, then the parameters; trailing empty sets dropped.
        let mut idxs_end = 0usize;
        for (pos, idx) in
            [sys::LLVMAttributeFunctionIndex, sys::LLVMAttributeReturnIndex].into_iter().chain(1..=nparams).enumerate()
        {
            owner.attributes_at(idx, &mut buf);
            let n = buf.len();
            key.push(n);
            if n > 0 {
                key.extend(buf.iter().map(|a| a.0 as usize));
                if pos >= 2 {
                    idxs_end = key.len();
                }
            }
            if pos == 1 {
                idxs_end = key.len();
            }
        }
        key.truncate(idxs_end);
        let r = match self.caches.attrs_by_handles.get(&key[..]) {
            Some(r) => *r,
            None => {
                let r = self.attr_list_from_key(&key);
                self.caches.attrs_by_handles.insert(key.clone().into_boxed_slice(), r);
                r
            }
        };
        self.scratch.attr_key = key;
        self.scratch.attr_buf = buf;
        r
    }

    /// Converts a handle key of [`Self::fn_attrs`] (`[count, handles..]` per index).
    /// Each set is allocated once at its final size (none for an empty one), and the
    /// parameter sets go straight into the list's slice.
    pub(super) fn attr_list_from_key(&mut self, key: &[usize]) -> (AttrsId, bool) {
        let mut special = false;
        let (mut func, mut ret): (Box<[Attr]>, Box<[Attr]>) = (Box::new([]), Box::new([]));
        // The number of sets in the key (the keys of `fn_attrs_by_handles` end with a
        // non-empty set, so the parameter slice below is built without a reallocation).
        let (mut nsets, mut j) = (0usize, 0usize);
        while j < key.len() {
            nsets += 1;
            j += 1 + key[j];
        }
        let mut params: Vec<Box<[Attr]>> = Vec::with_capacity(nsets.saturating_sub(2));
        let (mut i, mut pos) = (0, 0usize);
        while i < key.len() {
            let n = key[i];
            let mut set = Vec::with_capacity(n);
            for &a in &key[i + 1..i + 1 + n] {
                let (attr, sp) = match self.caches.attr_of.get(&a) {
                    Some(x) => x.clone(),
                    None => {
                        let (attr, sp) = self.attr(A(a as LLVMAttributeRef));
                        self.caches.attr_of.insert(a, (attr.clone(), sp));
                        (attr, sp)
                    }
                };
                special |= sp;
                set.push(attr);
            }
            // Exact capacity: no reallocation.
            let set = set.into_boxed_slice();
            match pos {
                0 => func = set,
                1 => ret = set,
                _ => params.push(set),
            }
            pos += 1;
            i += 1 + n;
        }
        while params.last().is_some_and(|p| p.is_empty()) {
            params.pop();
        }
        let list = AttrList { func, ret, params: params.into() };
        let mut k = {
            use std::hash::BuildHasher;
            rustc_hash::FxBuildHasher.hash_one(&list)
        };
        while let Some(&id) = self.tables.attrs_of.get(&k) {
            if self.tables.attr_lists[id.index()] == list {
                return (id, special);
            }
            k = k.wrapping_add(1);
        }
        let id = AttrsId::new(self.tables.attr_lists.len());
        self.tables.attrs_of.insert(k, id);
        self.tables.attr_lists.push(list);
        (id, special)
    }
}
