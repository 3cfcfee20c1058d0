//! Attributes and attribute lists: reading an attribute ([`A::read`]) by its class, and
//! the attribute sets of a function or call site by index ([`AttrOwner`]).
//!
//! Invariants: attributes are uniqued per context and never freed, so an [`A`] stays
//! valid as long as the module; an attribute's value is read only after its class is
//! known: string attributes by `LLVMIsStringAttribute`, type attributes by
//! `LLVMIsTypeAttribute`, and integer values only for kinds in LLVM 22's integer range,
//! which the shim gives (`super::kinds::AttrKinds`; enum and integer attributes
//! share `LLVMIsEnumAttribute`, and asking a plain enum attribute for its value is
//! undefined).

use super::{CallSite, T, V};
use inkwell::llvm_sys as sys;
use std::os::raw::{c_char, c_uint};
use std::ptr;
use sys::core as c;
use sys::prelude::*;

/// An attribute handle (transparent: a buffer of `A` is filled by LLVM as handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct A(pub LLVMAttributeRef);

/// The enum attribute kind number of `name` (0 for a name LLVM does not know).
pub fn attr_kind_for_name(name: &str) -> u32 {
    // SAFETY: the pointer and length describe `name`; the lookup reads a static table.
    unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr() as *const c_char, name.len()) }
}

/// Where LLVM 22 numbers its attribute kinds: enum attributes first, then type, integer,
/// range and range-list attributes. The adapter takes the bounds from the shim
/// (`super::kinds::AttrKinds`); [`IntKinds::of_llvm`] reads them by name, for the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntKinds {
    /// The first kind that is not a plain enum attribute.
    pub first_non_enum: u32,
    /// The first integer attribute kind.
    pub first_int: u32,
    /// One past the last integer attribute kind.
    pub end_int: u32,
}

impl IntKinds {
    /// The bounds as this LLVM numbers them, found by name; `None` if the names used to
    /// find them are unknown.
    #[cfg(test)]
    pub fn of_llvm() -> Option<IntKinds> {
        let ints = [
            "align",
            "alignstack",
            "allockind",
            "allocsize",
            "dereferenceable",
            "dereferenceable_or_null",
            "memory",
            "nofpclass",
            "uwtable",
            "vscale_range",
            "captures",
        ];
        let tys = ["byref", "byval", "elementtype", "inalloca", "preallocated", "sret"];
        // Each name looked up once (a lookup compares it with LLVM's table of names).
        let int_kinds = ints.map(attr_kind_for_name);
        let int_lo = int_kinds.iter().copied().filter(|k| *k != 0).min();
        let int_max = int_kinds.iter().copied().max();
        let ty_lo = tys.iter().map(|n| attr_kind_for_name(n)).filter(|k| *k != 0).min();
        let range = attr_kind_for_name("range");
        let (lo, hi, tl) = (int_lo?, int_max?, ty_lo?);
        let end = if range > hi { range } else { hi + 1 };
        (lo <= hi).then_some(IntKinds { first_non_enum: lo.min(tl), first_int: lo, end_int: end })
    }
}

/// What an attribute is, as [`A::read`] finds it (a string attribute's bytes are
/// LLVM's, borrowed for `'a`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrRead<'a> {
    /// A string attribute: key and value.
    Str(&'a [u8], &'a [u8]),
    /// A type attribute: kind and type (`None` if LLVM has none).
    Type(u32, Option<T>),
    /// A plain enum attribute.
    Flag(u32),
    /// An integer attribute: kind and value.
    Int(u32, u64),
    /// Any other kind (range and range-list attributes have no value getter) or an
    /// enum-class attribute whose class the bounds cannot tell.
    Other(u32),
}

impl A {
    /// The attribute's class and content; integer values only for kinds within `ints`.
    /// A string attribute's key and value are read in place, not copied.
    ///
    /// # Safety
    ///
    /// The borrowed bytes are LLVM's (attributes are uniqued per context and never
    /// freed): the caller must not keep them past the life of the attribute's context.
    pub unsafe fn read<'a>(self, ints: Option<IntKinds>) -> AttrRead<'a> {
        // SAFETY: `self` is a live attribute (uniqued per context, never freed);
        // `LLVMIsStringAttribute` accepts every attribute.
        if unsafe { c::LLVMIsStringAttribute(self.0) } != 0 {
            let (mut kl, mut vl): (c_uint, c_uint) = (0, 0);
            // SAFETY: `self` is a live string attribute (checked above); LLVM writes the
            // lengths of the key and value it returns.
            let (k, v) = unsafe {
                (c::LLVMGetStringAttributeKind(self.0, &mut kl), c::LLVMGetStringAttributeValue(self.0, &mut vl))
            };
            // SAFETY: LLVM returned pointers to `kl` and `vl` readable bytes, which live
            // as long as the attribute (the caller's promise covers `'a`).
            return unsafe { AttrRead::Str(borrowed(k, kl as usize), borrowed(v, vl as usize)) };
        }
        // SAFETY: `self` is a live attribute that is not a string attribute (checked
        // above), so it has an enum kind.
        let kind = unsafe { c::LLVMGetEnumAttributeKind(self.0) };
        // SAFETY: `self` is a live attribute; `LLVMIsTypeAttribute` accepts every attribute.
        if unsafe { c::LLVMIsTypeAttribute(self.0) } != 0 {
            // SAFETY: `self` is a live type attribute (checked above).
            let t = unsafe { c::LLVMGetTypeAttributeValue(self.0) };
            return AttrRead::Type(kind, (!t.is_null()).then_some(T(t)));
        }
        // SAFETY: `self` is a live attribute; `LLVMIsEnumAttribute` accepts every attribute.
        if unsafe { c::LLVMIsEnumAttribute(self.0) } != 0 {
            if let Some(k) = ints {
                if kind < k.first_non_enum {
                    return AttrRead::Flag(kind);
                }
                if k.first_int <= kind && kind < k.end_int {
                    // SAFETY: `self` is a live integer attribute: an enum-class attribute
                    // (checked above) whose kind is in LLVM's integer range.
                    return AttrRead::Int(kind, unsafe { c::LLVMGetEnumAttributeValue(self.0) });
                }
            }
        }
        AttrRead::Other(kind)
    }
}

/// `len` bytes at `p` (none for a null pointer or a zero length).
///
/// # Safety
///
/// A non-null `p` points to `len` readable bytes that stay unchanged for `'a`.
unsafe fn borrowed<'a>(p: *const c_char, len: usize) -> &'a [u8] {
    if p.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts(p as *const u8, len) }
}

/// The identities of the sets of the attribute list with identity `list` (as
/// [`V::attribute_list_id`] gives it; 0 the empty list), into `out` (cleared first):
/// the function's set, the return value's, then the `nparams` parameters' in order; 0
/// for an empty set. Sets are uniqued per context and never freed, so an identity names
/// one set (its attributes, in LLVM's order) for the life of the context.
pub fn list_sets(list: usize, nparams: u32, out: &mut Vec<usize>) {
    out.clear();
    out.resize(nparams as usize + 2, 0);
    // SAFETY: `list` is the identity of a uniqued attribute list of a live context (or
    // null); the shim writes exactly `nparams + 2` identities into `out`, which has room
    // for them (`usize` and a pointer have one size and layout).
    unsafe { crate::ffi::mergefunc_attribute_list_sets(list as *const _, nparams, out.as_mut_ptr() as *mut *const _) }
}

/// The attributes of set `idx` (`u32::MAX` the function, 0 the return value, `i`
/// parameter `i`) of the attribute list with identity `list` (as
/// [`V::attribute_list_id`] gives it; 0 the empty list), into `buf` (cleared first).
/// Lists are uniqued per context and never freed, so a list is read by its identity
/// long after the function that carried it changed.
pub fn list_set(list: usize, idx: u32, buf: &mut Vec<A>) {
    buf.clear();
    let cap = buf.capacity().max(16);
    buf.resize(cap, A(ptr::null_mut()));
    // SAFETY: `list` is the identity of a uniqued attribute list of a live context (or
    // null); the shim writes at most `cap` handles into `buf`, which has room for them
    // (`A` is a transparent handle).
    let n = unsafe {
        crate::ffi::mergefunc_attribute_list_set(
            list as *const _,
            idx,
            buf.as_mut_ptr() as *mut LLVMAttributeRef,
            cap as u32,
        )
    } as usize;
    if n > cap {
        buf.resize(n, A(ptr::null_mut()));
        // SAFETY: as above, with room for all `n`.
        unsafe {
            crate::ffi::mergefunc_attribute_list_set(
                list as *const _,
                idx,
                buf.as_mut_ptr() as *mut LLVMAttributeRef,
                n as u32,
            )
        };
    }
    buf.truncate(n);
}

/// The owner of an attribute list: a function or a call site (made only by
/// [`AttrOwner::of_function`] and [`AttrOwner::of_call`], so it is one of the two).
#[derive(Clone, Copy, Debug)]
pub struct AttrOwner(Owner);

#[derive(Clone, Copy, Debug)]
enum Owner {
    Function(V),
    Call(CallSite),
}

impl AttrOwner {
    /// `v`'s attribute list, if `v` is a function.
    pub fn of_function(v: V) -> Option<AttrOwner> {
        v.is_function().then_some(AttrOwner(Owner::Function(v)))
    }

    /// A call site's attribute list.
    pub fn of_call(call: CallSite) -> AttrOwner {
        AttrOwner(Owner::Call(call))
    }

    /// Whether the owner is a function (not a call site).
    pub fn is_function(self) -> bool {
        matches!(self.0, Owner::Function(_))
    }

    /// The parameter count of a function, the argument count of a call.
    pub fn param_count(self) -> u32 {
        match self.0 {
            // SAFETY: `v` is a live function (`of_function`).
            Owner::Function(v) => unsafe { c::LLVMCountParams(v.0) },
            Owner::Call(call) => call.arg_count(),
        }
    }

    /// The owner as a value.
    pub fn value(self) -> V {
        match self.0 {
            Owner::Function(v) => v,
            Owner::Call(call) => call.value(),
        }
    }

    /// How many attributes the set at `idx` has (`u32::MAX` the function, 0 the return
    /// value, `i` parameter `i`; an index past the parameters has an empty set).
    pub fn count_at(self, idx: u32) -> u32 {
        match self.0 {
            // SAFETY: `v` is a live function (`of_function`); any index may be asked for.
            Owner::Function(v) => unsafe { c::LLVMGetAttributeCountAtIndex(v.0, idx) },
            // SAFETY: `call` is a live call site; any index may be asked for.
            Owner::Call(call) => unsafe { c::LLVMGetCallSiteAttributeCount(call.value().0, idx) },
        }
    }

    /// The attributes of the set at `idx`, into `buf` (cleared first).
    pub fn attributes_at(self, idx: u32, buf: &mut Vec<A>) {
        let n = self.count_at(idx) as usize;
        buf.clear();
        if n == 0 {
            return;
        }
        buf.resize(n, A(ptr::null_mut()));
        let out = buf.as_mut_ptr() as *mut LLVMAttributeRef;
        match self.0 {
            // SAFETY: `v` is a live function and `buf` has room for the `n` attributes of
            // the set, which LLVM writes (`A` is a transparent handle).
            Owner::Function(v) => unsafe { c::LLVMGetAttributesAtIndex(v.0, idx, out) },
            // SAFETY: as above, for a live call site.
            Owner::Call(call) => unsafe { c::LLVMGetCallSiteAttributes(call.value().0, idx, out) },
        }
    }
}

impl V {
    /// The function has the string attribute `key` at index `idx`.
    pub fn has_string_attribute(self, idx: u32, key: &str) -> bool {
        // SAFETY: `self` is a live function (checked by `&&`'s left side); the pointer and
        // length describe `key`.
        self.is_function()
            && !unsafe {
                c::LLVMGetStringAttributeAtIndex(self.0, idx, key.as_ptr() as *const c_char, key.len() as c_uint)
            }
            .is_null()
    }

    /// The function has the enum attribute of kind `kind` at index `idx`.
    pub fn has_enum_attribute(self, idx: u32, kind: u32) -> bool {
        // SAFETY: `self` is a live function (checked by `&&`'s left side).
        self.is_function() && !unsafe { c::LLVMGetEnumAttributeAtIndex(self.0, idx, kind) }.is_null()
    }
}
