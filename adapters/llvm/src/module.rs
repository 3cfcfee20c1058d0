//! The adapter: an LLVM 22 module seen through [`mergefunc::Module`], in files with one
//! job each:
//!
//! | file | job |
//! |---|---|
//! | `load.rs` | parsing, loading, borrowing a host's module; writing and verifying |
//! | `facts.rs` | the module-level facts of each function ([`mergefunc::FuncInfo`]) |
//! | `views.rs` | the life of a view: built or copied on demand, dropped or patched after rewrites |
//! | `build.rs` | the view builder (one body read through LLVM-C) |
//! | `copies.rs` | view copies and same-body claims (the shim's same-body walk) |
//! | `keys.rs` | the prescan, worklist hash, merge, tree and cycle keys |
//! | `intern.rs` | types, metadata, inline asm, strings; the pointer-cache generations |
//! | `consts.rs` | constants |
//! | `attrs.rs` | attribute lists |
//! | `uses.rs` | use-list walks: which functions refer to a value |
//! | `diagnostics.rs` | pass times, unnamed-symbol numbers, LLVM's own comparator |
//! | `module_impl.rs` | `impl mergefunc::Module` |
//! | `explain.rs` | the explanation hooks (`Module::describe`, `Module::prop_label`) |
//!
//! The rewrites (`impl ModuleMut`) are in `crate::mutate`, the fast-path hooks (`impl
//! FastPath`) in `crate::fast_path`.
//!
//! Words used with one meaning throughout: a function's *facts* are its
//! [`mergefunc::FuncInfo`]; its *view* is the core's record of its body
//! ([`mergefunc::BodyBuf`]), *built* when it describes the IR as it is now, and the
//! function is *unread* while its view is not built; a *claim* is the adapter's answer
//! that two functions have the same body without building a view; the *prescan* is the
//! native walk that computes the worklist hash and keys of many functions on threads.

mod attrs;
mod build;
mod consts;
mod copies;
mod diagnostics;
/// The explanation hooks (`Module::describe`, `Module::prop_label`).
mod explain;
mod facts;
mod intern;
mod keys;
mod load;
mod module_impl;
mod uses;
mod views;

#[cfg(test)]
pub(crate) use copies::first_difference;
pub use diagnostics::{LlvmCompareState, PassTimes};
pub(crate) use views::view_has_meta;

use crate::safe::{Md, Op, T, V};
use build::BuildScratch;
use copies::{SameBodyState, COPY_SOURCES};
use inkwell::llvm_sys as sys;
use intern::{DataBytes, TYPE_CACHE_SLOTS};
use keys::TreeKey;
use mergefunc::{
    AsmData, AsmId, Attr, AttrList, AttrsId, BodyBuf, ConstData, ConstId, ConstOffset, FuncId, FuncInfo, GlobalId,
    Ineligible, MetaData, MetaId, Prop, TargetInfo, TypeData, TypeId,
};
// Pointer- and id-keyed tables: FxHash (no DoS concern, much cheaper than SipHash).
type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;
use std::fmt;
use sys::core as c;
use sys::prelude::*;

/// Reasons for [`Ineligible::Adapter`].
pub mod reason {
    /// A call to an intrinsic has a distinct metadata node operand (LLVM's rule).
    pub const DISTINCT_MD: u32 = 1;
    /// A calling convention no call may use (GPU kernels, shaders and other hardware entry
    /// points, `amdgpu_cs_chain`, ...: see `safe::cc::NOT_CALLABLE`): such functions cannot
    /// be called from a thunk.
    pub const KERNEL: u32 = 2;
    /// The body contains something this adapter cannot describe exactly.
    pub const UNSUPPORTED: u32 = 3;
    /// A linkage this adapter does not know.
    pub const LINKAGE: u32 = 4;
    /// A thunk written by an earlier run of ours (it carries `!mergefunc.thunk`). Two
    /// thunks of one body are equal functions, and LLVM 22 would fold one into the other
    /// on a second run (a thunk of a thunk); leaving them alone makes merging idempotent.
    pub const THUNK: u32 = 5;
    /// The address of one of its blocks (`blockaddress`) is used outside the function
    /// (by another function, metadata, a global other than a local table that only the
    /// function uses). Folding it would erase
    /// or empty the blocks those uses name, and moving its body would leave them naming
    /// a thunk: the function is left alone.
    pub const BLOCK_ADDRESS_ESCAPES: u32 = 6;
    /// A function attachment the signature compares (see `LlvmModule::push_fn_extras`)
    /// that is not a uniqued tuple of strings and integers, so that it cannot be compared
    /// by content.
    pub const ATTACHMENT: u32 = 7;
}

/// An error of the LLVM adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlvmError(pub String);

impl fmt::Display for LlvmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for LlvmError {}

fn err<T>(s: impl Into<String>) -> Result<T, LlvmError> {
    Err(LlvmError(s.into()))
}

/// One function slot: the LLVM object a `FuncId` names, and its view.
///
/// Views are lazy: `info` is always current, `body` is built by
/// [`mergefunc::FastPath::materialize`] (see `materialize_view`) and dropped again when a rewrite
/// changes the function in a way the driver knows about.
///
/// The *slot rule*, which the `unsafe` blocks of the view builder rely on: `v` is a live
/// function, or the alias that replaced one (`write_alias`); `def` is set only while `v`
/// is a function with a body; a slot eligible by its signature (`info_ineligible` is
/// `None`) has `def` set (`build_info` marks declarations and aliases `NoBody`).
pub(crate) struct Slot {
    pub(crate) v: Option<V>,
    pub(crate) info: FuncInfo,
    pub(crate) body: Option<BodyBuf>,
    /// The LLVM instruction of each `InstId` of `body`.
    pub(crate) insts: Vec<V>,
    /// `body`/`insts` and the body-derived part of `info.ineligible` describe the IR.
    pub(crate) built: bool,
    /// The LLVM function has a body (whether or not the view is built).
    pub(crate) def: bool,
    /// Ineligibility known from the signature alone (before reading the body).
    pub(crate) info_ineligible: Option<Ineligible>,
    /// The function's own attributes include `inalloca`/`swifterror`.
    pub(crate) fn_special: bool,
    /// The built view has a metadata operand or attachment (`Value::Meta`,
    /// `Prop::Meta(Some(_))`); recorded when the view is built, so that patching and
    /// moving it need not scan it.
    pub(crate) meta: bool,
    /// The key under which the view may be copied from a function with the same body
    /// (`StructuralHash` and native merge key of the loaded IR; 0: none). Only a hint: a
    /// copy is made after the shim has compared both bodies as they are now.
    pub(crate) copy_key: u64,
    /// The function whose view this one's was copied from (a hint for the core, see
    /// [`mergefunc::FastPath::view_copied_from`]).
    pub(crate) copied_from: Option<FuncId>,
    /// [`mergefunc::FastPath::tree_key`] of the IR as it is, once computed, with what it was hashed
    /// from. Every rewrite that changes the function ends in `refresh`, which patches it
    /// (a rewrite that only replaced uses of one function with a body by another) or
    /// clears it.
    pub(crate) tree_key: Option<TreeKey>,
    /// The core's hash of the signature (`FunctionHasher::signature_hash`) of a function
    /// with a body, kept current by `rebuild_info`.
    pub(crate) sig_hash: u64,
    /// The cache generations (`const_gen`, `md_gen`) whose ids the view holds: those of
    /// its build, or of the view it was copied from.
    pub(crate) view_gen: (u32, u32),
}

/// An LLVM 22 module (its own context) and the core's view of it.
pub struct LlvmModule {
    pub(crate) ctx: LLVMContextRef,
    pub(crate) m: LLVMModuleRef,
    pub(crate) td: sys::target::LLVMTargetDataRef,
    pub(crate) builder: LLVMBuilderRef,
    pub(crate) funcs: Vec<Slot>,
    pub(crate) func_of: HashMap<V, FuncId>,
    globals: Vec<V>,
    global_of: HashMap<V, GlobalId>,
    types: Vec<TypeData>,
    type_of: HashMap<T, TypeId>,
    /// `types` by content: congruent types (named structs that differ only in their
    /// names, which the order ignores) share one id, so views of functions that differ
    /// only in struct names are the same records (see `copy_view`).
    type_by_data: HashMap<TypeData, TypeId>,
    /// Direct-mapped cache of `type_of` (see `intern_type`).
    type_cache: Box<[(usize, u32); TYPE_CACHE_SLOTS]>,
    consts: Vec<ConstData>,
    const_of: HashMap<V, ConstId>,
    metas: Vec<MetaData>,
    /// `metas` by content, so that an item interned again after the caches were cleared
    /// gets its old id back (strings, wrapped constants and uniqued tuples of those:
    /// `meta_stable`).
    meta_by_data: HashMap<MetaData, MetaId>,
    /// By id: the item's content does not depend on the generation of the caches (no
    /// distinct or opaque node inside), so its id is the same in every generation.
    meta_stable: Vec<bool>,
    /// Generation of `const_of` (bumped when it is cleared).
    const_gen: u32,
    /// Generation of the metadata, inline-asm and opaque-identity caches.
    md_gen: u32,
    meta_of: HashMap<Md, MetaId>,
    asms: Vec<AsmData>,
    asm_of: HashMap<V, AsmId>,
    attr_lists: Vec<AttrList>,
    /// `attr_lists` by content hash (the lists themselves are stored once, in
    /// `attr_lists`). Lists whose hashes collide take the next free key: a lookup walks
    /// keys `h, h+1, ...` until it finds an equal list or a free key (entries are never
    /// removed, so the walk never skips one).
    attrs_of: HashMap<u64, AttrsId>,
    attr_ids: HashMap<usize, u64>,
    strings: HashMap<Vec<u8>, u64>,
    opaque_text: HashMap<String, u64>,
    opaque_ptr: HashMap<usize, u64>,
    next_opaque: u64,
    target: TargetInfo,
    semantic_interposition: bool,
    /// The module's data layout is the one its target uses: it names a layout, or no
    /// triple (LLVM's default layout is then the module's), or a triple whose layout was
    /// set while parsing ([`LlvmModule::parse`]). False for a triple without a layout
    /// whose architecture LLVM knows no layout for: the rules that depend on the layout
    /// (pointers equal to integers, GEPs compared by byte offset) are then left out, and
    /// such functions are compared structurally.
    layout_known: bool,
    /// How the bytes of data arrays and vectors are recorded (see [`DataBytes`]).
    data_bytes: DataBytes,
    pub(crate) used: HashSet<V>,
    /// (first non-enum kind, first int kind, one past the last int kind).
    int_attr_range: Option<(u32, u32, u32)>,
    special_alloca_kinds: [u32; 2],
    /// Attribute kinds of `naked` (function) and `preallocated` (parameter): see
    /// `LlvmModule::thunk_may_call`.
    no_thunk_kinds: [u32; 2],
    pub(crate) md_type: u32,
    pub(crate) md_kcfi: u32,
    /// Function attachment kinds the signature does not compare (see
    /// `LlvmModule::push_fn_extras`): `!dbg`, `!prof`, `!section_prefix`, and the
    /// thunk marker.
    md_not_compared: [u32; 4],
    /// `!mergefunc.thunk`: the tag on every thunk this adapter writes.
    pub(crate) md_thunk: u32,
    md_range: u32,
    /// Functions registered on the fly whose views still have to be built.
    pub(crate) pending: Vec<FuncId>,
    /// Compute `worklist_hash` with LLVM's own `StructuralHash`.
    pub(crate) llvm_hash: bool,
    /// LLVM's `StructuralHash`, computed here (see `crate::shash`).
    pub(crate) shash: std::cell::RefCell<crate::shash::StructuralHasher>,
    /// The prescan (hash and merge key from one native walk): of every definition when
    /// loading (beside the module facts), dropped by the first rewrite, then made again
    /// for the candidates by the next [`mergefunc::FastPath::worklist_hash`] (`None`: not run since).
    prescan: std::cell::RefCell<Option<crate::prescan::Prescan>>,
    /// A `blockaddress` may refer to a block of some function. False when the load's
    /// prescan read every definition and found no block whose address is taken: the
    /// rewrites never create block addresses, so it stays false for the whole run.
    pub(crate) block_addresses: bool,
    /// Which definitions are alone on their shape (see `shape`): never prescanned, never
    /// read, reported to the core as never merging.
    pub(crate) shapes: crate::shape::Shapes,
    /// By function index: where the last prescan found its blocks and instructions
    /// (see [`crate::prescan::Prescan::footprints`]); a prefetch hint only.
    pub(crate) footprints: Vec<(u64, u64)>,
    /// Erased functions and folded bodies are unlinked but not destroyed
    /// ([`Self::set_keep_erased`]).
    pub(crate) keep_erased: bool,
    /// Threads the prescan may use (`None`: the available parallelism, at most 8, asked
    /// only when a prescan is large enough to use threads).
    threads: Option<usize>,
    /// The module and its context belong to someone else ([`Self::from_borrowed`]):
    /// `Drop` disposes only what the adapter created.
    borrowed: bool,
    /// Time spent after parsing on the module-level facts and the first prescan (which
    /// run side by side): (wall, process CPU) s.
    setup_time: (f64, f64),
    /// Ticks by part of the merge pass (prescan, views, rewrites; see [`PassTimes`]),
    /// converted by `clock`.
    pub(crate) times: std::cell::Cell<[u64; 5]>,
    clock: crate::clock::PartClock,
    /// A rewrite is running: views it builds count as rewrite time.
    pub(crate) in_rewrite: bool,
    /// Scratch of `build_body`: locals of the function being built, by LLVM handle.
    local_of: crate::ptrmap::LocalMap,
    scratch_blocks: Vec<LLVMBasicBlockRef>,
    /// Scratch of `build_body`/`build_records`, reused so that building a view allocates
    /// only the view itself.
    scratch: BuildScratch,
    /// Canonical type hashes for `merge_key_of` (the core's own type hash).
    key_types: mergefunc::hash::FunctionHasher,
    key_walk: crate::shash::BlockWalk,
    /// `MetadataAsValue` operands: (item, "distinct" for LLVM's intrinsic rule, type).
    mav_of: HashMap<usize, (MetaId, bool, TypeId)>,
    /// Is this `MDTuple` uniqued?
    uniqued_of: HashMap<Md, bool>,
    /// Attribute handles (uniqued per context, never freed) already converted.
    attr_of: HashMap<usize, (Attr, bool)>,
    /// Attribute lists by their raw attribute handles (see `fn_attrs`).
    attrs_by_handles: HashMap<Box<[usize]>, (AttrsId, bool)>,
    /// Attribute lists by the identity of LLVM's list and the parameter count read.
    attrs_by_list: HashMap<(usize, u32), (AttrsId, bool)>,
    attr_key: Vec<usize>,
    attr_buf: Vec<LLVMAttributeRef>,
    /// Scratch of `build_info`: the signature props.
    sig_scratch: Vec<Prop>,
    /// Folded GEP offsets by (source type, address space, index constants): see
    /// `gep_offset_cached`.
    gep_offsets: HashMap<Box<[u32]>, Option<ConstOffset>>,
    gep_key: Vec<u32>,
    /// Copy views from functions with the same body (see [`Self::set_copy_views`]).
    copy_views: bool,
    /// Also build every copied view directly and record any difference.
    check_copies: bool,
    /// Functions whose built view may be copied, by copy key (`u32::MAX`: empty).
    copy_sources: HashMap<u64, [u32; COPY_SOURCES]>,
    /// The shim's state for `mergefunc_same_body`.
    same_body: SameBodyState,
    /// Functions [`Self::same_body_claim`] and [`Self::same_unread_body_claim`] vouched for.
    same_body_claims: u64,
    /// Views built through LLVM-C by `materialize_view` (not copied, moved or patched).
    views_built: u64,
    /// Views copied, and copies checked against a direct build that differed.
    pub(crate) copy_stats: (u64, Vec<String>),
    /// Answer [`mergefunc::FastPath::tree_key`] (on by default).
    pub(crate) tree_keys: bool,
    /// Answer [`mergefunc::FastPath::cycle_key`] (on by default; needs `tree_keys`).
    pub(crate) cycle_keys: bool,
    /// The shim scratch of tree keys computed after the prescan was dropped.
    tree_scan: Option<crate::prescan::Scratch>,
    /// Scratch of [`Self::tree_key_of`]: identities and `refs`.
    tree_ids: Vec<u64>,
    tree_refs: Vec<FuncId>,
    /// The `refs` of every cached tree key ([`TreeKey::refs`]); spans are patched in
    /// place, and a key computed again appends a new span.
    tree_ref_arena: Vec<FuncId>,
}

impl fmt::Debug for LlvmModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LlvmModule").field("funcs", &self.funcs.len()).finish_non_exhaustive()
    }
}

impl Drop for LlvmModule {
    fn drop(&mut self) {
        // SAFETY: the builder and target data were created by `from_raw` and are freed
        // once; the module and context are freed only when the adapter made them (a
        // borrowed module stays its owner's).
        unsafe {
            c::LLVMDisposeBuilder(self.builder);
            sys::target::LLVMDisposeTargetData(self.td);
            if !self.borrowed {
                c::LLVMDisposeModule(self.m);
                c::LLVMContextDispose(self.ctx);
            }
        }
    }
}
