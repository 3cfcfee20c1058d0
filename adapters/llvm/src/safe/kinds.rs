//! Attribute and metadata kind numbers that LLVM 22 fixes at compile time, read from the
//! shim (which takes them from the headers it is built against) instead of being looked
//! up by name in every context.
//!
//! Invariants: [`FixedMd`] and the shim's `mergefunc_fixed_md_kinds` list the same kinds
//! in the same order, as do [`AttrKinds`] and `mergefunc_fixed_attr_kinds`; the tests
//! below check every number against LLVM's lookup by name. Fixed metadata kinds have
//! the same number in every context (`LLVMContext` registers them first, in this
//! numbering); custom kinds (`srcloc`, the adapter's own `mergefunc.thunk`, ...) are not
//! here: [`known_md_kinds`] looks them up per context without registering them (a name
//! the context does not know gets [`NO_MD_KIND`], which no attachment has), so a module
//! without them makes LLVM's kind table neither grow nor list them in bitcode written
//! from the context; `mergefunc.thunk` is registered when the first thunk is tagged.

use super::{Ctx, IntKinds};
use crate::ffi;
use std::os::raw::c_char;

/// The kind number of a metadata kind name the context does not know: no attachment has
/// it (LLVM numbers kinds from 0 up, one per registered name).
pub const NO_MD_KIND: u32 = u32::MAX;

/// The numbers context `ctx` gives the metadata kind `names`, [`NO_MD_KIND`] for a name
/// it does not know. Registers nothing (unlike [`Ctx::kind_id`]).
pub fn known_md_kinds<const N: usize>(ctx: Ctx, names: [&str; N]) -> [u32; N] {
    let ptrs = names.map(|n| n.as_ptr() as *const c_char);
    let lens = names.map(str::len);
    let mut out = [NO_MD_KIND; N];
    // SAFETY: `ctx` is a live context; `ptrs[i]` and `lens[i]` describe `names[i]` (read
    // only, no NUL needed); the shim writes `N` numbers into `out`, which holds that many.
    unsafe { ffi::mergefunc_known_md_kinds(ctx.0, ptrs.as_ptr(), lens.as_ptr(), N as u32, out.as_mut_ptr()) };
    out
}

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

    /// A custom kind's number is LLVM's once the context knows the name, and
    /// [`NO_MD_KIND`] before, without the lookup registering it (a later registration
    /// takes the next free number, as if the lookup never happened).
    #[test]
    fn known_md_kinds_register_nothing() {
        let ir = OwnedIr::parse(b"define void @f() {\n  ret void\n}\n", "k.ll").unwrap();
        let ctx = ir.module().context();
        let before = known_md_kinds(ctx, ["dbg", "mergefunc.test.a", "mergefunc.test.b"]);
        assert_eq!(before, [0, NO_MD_KIND, NO_MD_KIND]);
        assert_eq!(known_md_kinds(ctx, ["mergefunc.test.b"]), [NO_MD_KIND]);
        let a = ctx.kind_id("mergefunc.test.a");
        let b = ctx.kind_id("mergefunc.test.b");
        assert_eq!(b, a + 1, "the lookups registered a name");
        assert_eq!(known_md_kinds(ctx, ["mergefunc.test.b", "mergefunc.test.a", ""]), [b, a, NO_MD_KIND]);
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
