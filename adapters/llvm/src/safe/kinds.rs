//! Attribute and metadata kind numbers that LLVM 22 fixes at compile time, read from the
//! shim (which takes them from the headers it is built against) instead of being looked
//! up by name in every context.
//!
//! Invariants: [`FixedMd`] and the shim's `mergefunc_fixed_md_kinds` list the same kinds
//! in the same order, as do [`AttrKinds`] and `mergefunc_fixed_attr_kinds`; the tests
//! below check every number against LLVM's lookup by name. Fixed metadata kinds have
//! the same number in every context (`LLVMContext` registers them first, in this
//! numbering); custom kinds (`srcloc`, the adapter's own `mergefunc.thunk`, ...) are not
//! here and are still looked up per context.

use super::IntKinds;
use crate::ffi;

/// The fixed metadata kinds the adapter reads, by position in [`fixed_md_kinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum FixedMd {
    Dbg,
    Prof,
    Type,
    KcfiType,
    SectionPrefix,
    Annotation,
    DiAssignId,
    Range,
    Tbaa,
    TbaaStruct,
    AliasScope,
    Noalias,
    Nonnull,
    Noundef,
    Align,
    Dereferenceable,
    DereferenceableOrNull,
    InvariantLoad,
    InvariantGroup,
    AccessGroup,
    MemParallelLoopAccess,
    Nontemporal,
    Callees,
    Loop,
}

/// How many kinds [`FixedMd`] has.
pub const FIXED_MD_COUNT: usize = FixedMd::Loop as usize + 1;

/// The names of [`FixedMd`], by position (what LLVM's lookup by name takes).
#[cfg(test)]
pub const FIXED_MD_NAMES: [&str; FIXED_MD_COUNT] = [
    "dbg",
    "prof",
    "type",
    "kcfi_type",
    "section_prefix",
    "annotation",
    "DIAssignID",
    "range",
    "tbaa",
    "tbaa.struct",
    "alias.scope",
    "noalias",
    "nonnull",
    "noundef",
    "align",
    "dereferenceable",
    "dereferenceable_or_null",
    "invariant.load",
    "invariant.group",
    "llvm.access.group",
    "llvm.mem.parallel_loop_access",
    "nontemporal",
    "callees",
    "llvm.loop",
];

/// The numbers of the [`FixedMd`] kinds, by position.
pub fn fixed_md_kinds() -> [u32; FIXED_MD_COUNT] {
    let mut out = [0u32; FIXED_MD_COUNT];
    // SAFETY: the shim writes at most `cap` numbers into `out`, which holds that many.
    let n = unsafe { ffi::mergefunc_fixed_md_kinds(out.as_mut_ptr(), FIXED_MD_COUNT as u32) };
    assert_eq!(n as usize, FIXED_MD_COUNT, "the shim's fixed metadata kinds do not match FixedMd");
    out
}

/// LLVM 22's attribute kind numbers the adapter needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrKinds {
    /// Where the integer attribute kinds are.
    pub ints: IntKinds,
    /// `inalloca` and `swifterror`.
    pub special_alloca: [u32; 2],
    /// `naked` and `preallocated`.
    pub no_thunk: [u32; 2],
}

impl AttrKinds {
    /// The numbers of the headers the shim is built against.
    pub fn of_shim() -> AttrKinds {
        let mut k = [0u32; 7];
        // SAFETY: the shim writes at most `cap` numbers into `k`, which holds that many.
        let n = unsafe { ffi::mergefunc_fixed_attr_kinds(k.as_mut_ptr(), k.len() as u32) };
        assert_eq!(n as usize, k.len(), "the shim's attribute kinds do not match AttrKinds");
        AttrKinds {
            ints: IntKinds { first_non_enum: k[0], first_int: k[1], end_int: k[2] },
            special_alloca: [k[3], k[4]],
            no_thunk: [k[5], k[6]],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::safe::{attr_kind_for_name, OwnedIr};

    /// Every fixed metadata kind is the number LLVM's lookup by name gives, in a fresh
    /// context and in one where custom kinds were registered first.
    #[test]
    fn fixed_md_kinds_are_llvms_numbers() {
        let ir = OwnedIr::parse(b"define void @f() {\n  ret void\n}\n", "k.ll").unwrap();
        let ctx = ir.module().context();
        let _ = ctx.kind_id("a.custom.kind");
        let fixed = fixed_md_kinds();
        for (i, name) in FIXED_MD_NAMES.iter().enumerate() {
            assert_eq!(fixed[i], ctx.kind_id(name), "{name}");
        }
        assert_eq!(fixed[FixedMd::Loop as usize], ctx.kind_id("llvm.loop"));
        assert_eq!(fixed[FixedMd::Dbg as usize], 0);
    }

    /// The attribute kinds are the numbers LLVM's lookup by name gives, and the integer
    /// range is the one read by name.
    #[test]
    fn attr_kinds_are_llvms_numbers() {
        let k = AttrKinds::of_shim();
        assert_eq!(Some(k.ints), IntKinds::of_llvm());
        assert_eq!(k.special_alloca, [attr_kind_for_name("inalloca"), attr_kind_for_name("swifterror")]);
        assert_eq!(k.no_thunk, [attr_kind_for_name("naked"), attr_kind_for_name("preallocated")]);
        assert!(k.special_alloca.iter().chain(&k.no_thunk).all(|&x| x != 0));
    }
}
