//! Attribute lists of functions and call sites as [`mergefunc::AttrList`]s: enum
//! attributes as flags, int attributes with their value, type attributes with the
//! interned type, string attributes as bytes, and the rest by the identity of LLVM's
//! uniqued attribute.
//!
//! Invariants: attributes and attribute lists are uniqued per LLVM context and never
//! freed, so the caches keyed by their handles (`attr_of`, `attrs_by_list`,
//! `attrs_by_handles`) never go stale; a list's id depends on its content only.

use super::LlvmModule;
use crate::ffi;
use crate::safe::{T, V};
use inkwell::llvm_sys as sys;
use mergefunc::{Attr, AttrList, AttrsId};
use std::os::raw::c_uint;
use std::ptr;
use sys::core as c;
use sys::prelude::*;

impl LlvmModule {
    fn attr(&mut self, a: LLVMAttributeRef, special: &mut bool) -> Attr {
        // SAFETY: `a` is a live attribute (from the function or call site's attribute list;
        // attributes are never freed); each getter below is asked only for the attribute kind it
        // reads (checked by `LLVMIs*Attribute`), and the string slices are read within the lengths
        // LLVM wrote, after a null check.
        unsafe {
            if c::LLVMIsStringAttribute(a) != 0 {
                let mut kl: c_uint = 0;
                let k = c::LLVMGetStringAttributeKind(a, &mut kl);
                let mut vl: c_uint = 0;
                let vv = c::LLVMGetStringAttributeValue(a, &mut vl);
                let kb = if k.is_null() {
                    Vec::new()
                } else {
                    std::slice::from_raw_parts(k as *const u8, kl as usize).to_vec()
                };
                let vb = if vv.is_null() {
                    Vec::new()
                } else {
                    std::slice::from_raw_parts(vv as *const u8, vl as usize).to_vec()
                };
                return Attr::Str(kb.into(), vb.into());
            }
            let kind = c::LLVMGetEnumAttributeKind(a);
            if self.kinds.special_alloca_kinds.contains(&kind) && kind != 0 {
                *special = true;
            }
            if c::LLVMIsTypeAttribute(a) != 0 {
                let t = c::LLVMGetTypeAttributeValue(a);
                let t = if t.is_null() { None } else { Some(self.intern_type(T(t))) };
                return Attr::Type(kind, t);
            }
            if c::LLVMIsEnumAttribute(a) != 0 {
                if let Some((enum_end, lo, hi)) = self.kinds.int_attr_range {
                    if kind < enum_end {
                        return Attr::Flag(kind);
                    }
                    if lo <= kind && kind < hi {
                        return Attr::Int(kind, c::LLVMGetEnumAttributeValue(a));
                    }
                }
            }
            // ConstantRange / ConstantRangeList attributes (no value getter) and anything
            // unclassified: attributes are uniqued per context, so the handle is an exact
            // identity. Ids are given in first-occurrence order.
            let n = self.tables.attr_ids.len() as u64;
            let id = *self.tables.attr_ids.entry(a as usize).or_insert(n);
            Attr::Opaque(kind, id)
        }
    }

    /// The attribute list of a function or call site; also reports whether an
    /// `inalloca`/`swifterror` attribute appears.
    ///
    /// Attribute lists (and attributes) are uniqued per LLVM context and never freed, so
    /// lists are cached by the identity of LLVM's list (one shim call and one lookup for
    /// a list seen before), and below that by their raw attribute handles.
    pub(super) fn fn_attrs(&mut self, v: V, nparams: u32, call_site: bool) -> (AttrsId, bool) {
        let mut ok = 0;
        // SAFETY: the shim checks the kind of `v`.
        let list = unsafe { ffi::mergefunc_attribute_list(v.0, &mut ok) } as usize;
        if ok == 1 {
            if let Some(r) = self.caches.attrs_by_list.get(&(list, nparams)) {
                return *r;
            }
        }
        let r = self.fn_attrs_by_handles(v, nparams, call_site);
        if ok == 1 {
            self.caches.attrs_by_list.insert((list, nparams), r);
        }
        r
    }

    /// [`Self::fn_attrs`] from the attribute handles of every index.
    fn fn_attrs_by_handles(&mut self, v: V, nparams: u32, call_site: bool) -> (AttrsId, bool) {
        let mut key = std::mem::take(&mut self.scratch.attr_key);
        let mut buf = std::mem::take(&mut self.scratch.attr_buf);
        key.clear();
        // Indices: function, return, then the parameters; trailing empty sets dropped.
        let mut idxs_end = 0usize;
        for (pos, idx) in
            [sys::LLVMAttributeFunctionIndex, sys::LLVMAttributeReturnIndex].into_iter().chain(1..=nparams).enumerate()
        {
            // SAFETY: `v` is a live call site when `call_site` (the body builder asks for calls
            // only), else a live function (`build_facts`); `idx` is the function, return or a
            // parameter index.
            let n = unsafe {
                if call_site {
                    c::LLVMGetCallSiteAttributeCount(v.0, idx)
                } else {
                    c::LLVMGetAttributeCountAtIndex(v.0, idx)
                }
            } as usize;
            key.push(n);
            if n > 0 {
                buf.clear();
                buf.resize(n, ptr::null_mut());
                // SAFETY: as above; `buf` has room for the `n` attributes LLVM writes.
                unsafe {
                    if call_site {
                        c::LLVMGetCallSiteAttributes(v.0, idx, buf.as_mut_ptr());
                    } else {
                        c::LLVMGetAttributesAtIndex(v.0, idx, buf.as_mut_ptr());
                    }
                }
                key.extend(buf.iter().map(|a| *a as usize));
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
    fn attr_list_from_key(&mut self, key: &[usize]) -> (AttrsId, bool) {
        let mut special = false;
        // At least the function and return sets; parameters add theirs.
        let mut sets: Vec<Box<[Attr]>> = Vec::with_capacity(key.len().clamp(2, 16));
        let mut i = 0;
        while i < key.len() {
            let n = key[i];
            let mut set = Vec::with_capacity(n);
            for &a in &key[i + 1..i + 1 + n] {
                let (attr, sp) = match self.caches.attr_of.get(&a) {
                    Some(x) => x.clone(),
                    None => {
                        let mut sp = false;
                        let attr = self.attr(a as LLVMAttributeRef, &mut sp);
                        self.caches.attr_of.insert(a, (attr.clone(), sp));
                        (attr, sp)
                    }
                };
                special |= sp;
                set.push(attr);
            }
            sets.push(set.into());
            i += 1 + n;
        }
        while sets.len() < 2 {
            sets.push(Box::new([]));
        }
        let mut it = sets.into_iter();
        let func = it.next().unwrap_or_default();
        let ret = it.next().unwrap_or_default();
        let mut params: Vec<Box<[Attr]>> = it.collect();
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
