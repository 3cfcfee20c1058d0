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
//! | `diagnostics.rs` | pass times, unnamed-symbol numbers |
//! | `module_impl.rs` | `impl mergefunc::Module` |
//! | `testing.rs` | switches, counters and cross-checks for tests and benchmarks ([`LlvmModule::testing`]) |
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
mod comdats;
mod consts;
mod copies;
mod diagnostics;
/// The explanation hooks (`Module::describe`, `Module::prop_label`).
mod explain;
mod facts;
mod height;
mod intern;
mod keys;
mod load;
mod module_impl;
pub mod testing;
mod uses;
mod views;

#[cfg(test)]
pub(crate) use copies::first_difference;
pub use diagnostics::PassTimes;
pub(crate) use views::view_has_meta;

use crate::safe::{self, Builder, Ctx, Md, Op, OwnedIr, B, M, T, V};
use build::BuildScratch;
use copies::COPY_SOURCES;
use intern::{DataBytes, TYPE_CACHE_SLOTS};
use keys::TreeKey;
use mergefunc::{
    AsmData, AsmId, AttrList, AttrsId, BodyBuf, ConstData, ConstId, ConstOffset, FuncId, FuncInfo, GlobalId,
    Ineligible, MetaData, MetaId, Prop, TargetInfo, TypeData, TypeId,
};
// Pointer- and id-keyed tables: FxHash (no DoS concern, much cheaper than SipHash).
type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;
use std::fmt;

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
    /// The load found that it never merges (alone on its shape or on its prescan key, see
    /// `crate::shape`) and left it unread: its facts are light, so its view is never
    /// built either (the core never asks for it; should anything ask, the function is
    /// kept out instead of being read with facts that do not describe it).
    pub const NEVER_READ: u32 = 8;
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

/// One function slot: the LLVM object a `FuncId` names, its facts and its view.
///
/// Views are lazy: `facts` are always current, `view` is built by
/// [`mergefunc::FastPath::materialize`] (see `materialize_view`) and dropped again when a
/// rewrite changes the function in a way the driver knows about.
///
/// The *slot rule*, on which the view builder relies when it hands `v` to the wrapper
/// layer as a live function: `v` is a live function, or the alias that replaced one
/// (`write_alias`); `has_body` is set only while
/// `v` is a function with a body; a slot eligible by its signature (`facts_ineligible` is
/// `None`) has `has_body` set (`build_facts` marks declarations and aliases `NoBody`).
pub(crate) struct Slot {
    pub(crate) v: Option<V>,
    /// The function's facts; `facts.ineligible` adds what the view found (when built) to
    /// `facts_ineligible`.
    pub(crate) facts: FuncInfo,
    /// The view (`None` while not built, and for functions without a body or ineligible
    /// by their facts). Boxed: most functions never get one, and every slot is memory
    /// the pass touches for the first time (a fresh page costs about 2 µs here).
    pub(crate) view: Option<Box<BodyBuf>>,
    /// The LLVM instruction of each `InstId` of `view`.
    pub(crate) insts: Vec<V>,
    /// `view`/`insts` and the body-derived part of `facts.ineligible` describe the IR.
    pub(crate) built: bool,
    /// The LLVM function has a body (whether or not the view is built).
    pub(crate) has_body: bool,
    /// Ineligibility known from the signature alone (before reading the body).
    pub(crate) facts_ineligible: Option<Ineligible>,
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
    /// with a body, kept current by `rebuild_facts`.
    pub(crate) sig_hash: u64,
    /// The cache generations (`const_gen`, `md_gen`) whose ids the view holds: those of
    /// its build, or of the view it was copied from.
    pub(crate) view_gen: (u32, u32),
    /// The entry of the cache of attribute lists for the function's list when its facts
    /// were built (see [`attrs::ListMemo`]; unset for light facts).
    pub(crate) list_memo: attrs::ListMemo,
}

/// An LLVM 22 module (its own context, or a host's) and the core's view of it. The
/// state is grouped by job; each group's invariants are stated on its type.
pub struct LlvmModule {
    /// The module's context.
    pub(crate) ctx: Ctx,
    /// The module.
    pub(crate) m: M,
    /// The builder of thunks, made at the first thunk (see [`Self::builder`]; dropped
    /// before `owner`, which may dispose its context).
    builder: std::cell::OnceCell<Builder>,
    /// Threads the prescan may use (`None`: the available parallelism, at most 8, asked
    /// only when a prescan is large enough to use threads).
    threads: Option<usize>,
    /// One slot per function id (see [`Slot`]).
    pub(crate) funcs: Vec<Slot>,
    /// The id of each function (or alias that replaced one) in `funcs`.
    pub(crate) func_of: HashMap<V, FuncId>,
    /// Functions registered on the fly whose facts still have to be built.
    pub(crate) pending: Vec<FuncId>,
    /// A rewrite is running: views it builds count as rewrite time, and no view is
    /// copied.
    pub(crate) in_rewrite: bool,
    /// What the load found out about the module as a whole.
    pub(crate) load: LoadFacts,
    /// Attribute and metadata kind numbers of the context.
    pub(crate) kinds: KindIds,
    /// The interned tables the core reads by id.
    tables: Tables,
    /// Lookups in front of `tables`, most keyed by LLVM pointers.
    caches: Caches,
    /// The prescan and the keys computed from it or from walks.
    pub(crate) keys: Keys,
    /// Sources of view copies and the shim's same-body walk.
    copies: Copies,
    /// Reusable buffers of the view builder and the facts.
    scratch: Scratch,
    /// Switches for tests, benchmarks and the CLI's A/B options.
    pub(crate) switches: Switches,
    /// Counters and times reported by the CLI and the benchmarks.
    stats: Stats,
    /// Global objects per comdat, counted when a rewrite first asks (see `comdats.rs`).
    pub(crate) comdat_members: std::sync::OnceLock<HashMap<usize, u32>>,
    /// The module and its context when the adapter parsed them (disposed with it);
    /// `None` for a module that belongs to someone else ([`Self::from_borrowed`]). The
    /// last field: dropped after everything that may refer to the context.
    owner: Option<OwnedIr>,
}

/// What the load found out about the module as a whole (see `load.rs`).
pub(crate) struct LoadFacts {
    /// What the core's order needs of the target: the pointer width it equates with
    /// integers (none when `layout_known` is false).
    target: TargetInfo,
    /// The module flag `SemanticInterposition`: functions that are not `dso_local` are
    /// interposable.
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
    /// The operands of `llvm.used` and `llvm.compiler.used`, pointer casts stripped
    /// (kept current by the rewrites that replace a function's object).
    pub(crate) used: HashSet<V>,
    /// A `blockaddress` may refer to a block of one of the definitions the load's
    /// prescan read (or it declined one). With `alone_block_addresses`, the module-wide
    /// flag `LlvmModule::block_addresses`: the rewrites never create block addresses, so
    /// it holds for the whole run.
    pub(crate) block_addresses: bool,
    /// The same for the definitions alone on their shape (which the prescan does not
    /// read), found at its first use: their block headers are walked only if a
    /// question needs the module-wide answer.
    pub(crate) alone_block_addresses: std::cell::Cell<Option<bool>>,
    /// Which definitions are alone on their shape (see `shape`): never prescanned, never
    /// read, reported to the core as never merging.
    pub(crate) shapes: crate::shape::Shapes,
}

/// Attribute and metadata kind numbers of the module's context, looked up by name once
/// at load (kinds are numbered per context and never change).
pub(crate) struct KindIds {
    /// Where the integer attribute kinds are (`None`: unknown, no integer value is read).
    int_attr_range: Option<safe::IntKinds>,
    /// `inalloca` and `swifterror`: allocas of functions with these attributes need
    /// their bits read (see the view builder); no thunk calls a function with an
    /// `inalloca` parameter (`LlvmModule::thunk_may_call`).
    special_alloca_kinds: [u32; 2],
    /// Attribute kinds of `naked` (function) and `preallocated` (parameter): see
    /// `LlvmModule::thunk_may_call`.
    no_thunk_kinds: [u32; 2],
    /// `!type` and `!kcfi_type`: the attachments a thunk keeps.
    pub(crate) md_type: u32,
    pub(crate) md_kcfi: u32,
    /// The fixed function attachment kinds the signature does not compare (see
    /// [`KindIds::md_not_compared`]): `!dbg`, `!prof`, `!section_prefix`.
    md_not_compared_fixed: [u32; 3],
    /// The fixed instruction attachment kinds that are pure hints (see
    /// [`KindIds::md_hints`]): `!prof`, `!annotation`, `!DIAssignID`.
    md_hints_fixed: [u32; 3],
    /// The context whose custom kinds these are.
    mdc: Ctx,
    /// The custom kinds, looked up in `mdc` at their first use ([`KindIds::custom`]):
    /// `None` until then. Most runs never ask (no function has an attachment, or no
    /// function is read), and the lookup reads every kind name of the context.
    custom: std::cell::Cell<Option<CustomMd>>,
    /// `!range`, the one call attachment LLVM 22 compares (for `llvm22_attachments`).
    pub(crate) md_range: u32,
    /// Instruction attachment kinds that only state facts the optimizer may assume, so
    /// that removing one from an instruction is always sound: left out of views, and
    /// removed from a survivor where the folded function differs, with
    /// `drop_attachments` (see [`DROPPABLE_ATTACHMENTS`]).
    pub(crate) md_droppable: [u32; DROPPABLE_ATTACHMENTS.len()],
}

/// The instruction attachment kinds `--drop-differing-attachments` may remove from a
/// survivor (and leaves out of views), each with why removing it is sound: every one
/// only states something the optimizer may assume or a hint it may follow, never
/// something a program's meaning depends on. Removing one leaves the instruction doing
/// what it did, with fewer assumptions allowed. Every kind not listed (`!pcsections`,
/// `!mmra`, kinds this adapter has never heard of, ...) is still compared in full.
pub(crate) const DROPPABLE_ATTACHMENTS: [&str; 17] = [
    // Type-based alias facts: without them, accesses may alias.
    "tbaa",
    "tbaa.struct",
    // Scoped alias facts: without a scope list or a noalias list, fewer pairs are known
    // not to alias (either side alone removes facts).
    "alias.scope",
    "noalias",
    // Value facts of a load or a call result (poison or UB when violated): without them
    // the value is only what it is.
    "range",
    "nonnull",
    "noundef",
    "align",
    "dereferenceable",
    "dereferenceable_or_null",
    // Memory that does not change: without them, the loads are ordinary loads.
    "invariant.load",
    "invariant.group",
    // Loop-parallelism facts: an access outside every access group, or a loop without
    // parallel-access facts, is only not known to be parallel.
    "llvm.access.group",
    "llvm.mem.parallel_loop_access",
    // A hint that the access is not reused soon (cache placement only).
    "nontemporal",
    // The possible callees of an indirect call: without it, any callee is possible.
    "callees",
    // Loop properties and transformation hints (`llvm.loop.mustprogress`, unroll and
    // vectorize hints, parallel accesses): without them, the loop has none.
    "llvm.loop",
];

/// The module tables the core reads by id ([`mergefunc::Module::type_data`] and its
/// neighbours), with the indexes that find an id by content. Tables only grow: an id
/// names one content for good.
#[derive(Default)]
struct Tables {
    globals: Vec<V>,
    types: Vec<TypeData>,
    /// `types` by content: congruent types (named structs that differ only in their
    /// names, which the order ignores) share one id, so views of functions that differ
    /// only in struct names are the same records (see `copy_view`).
    type_by_data: HashMap<TypeData, TypeId>,
    /// By type id: the levels of nesting of the type's content (1 for a type without
    /// element types), at most `intern::TYPE_INTERN_DEPTH`; `TYPE_INTERN_DEPTH + 1` for a
    /// type interned as its identity because it nests deeper (see there).
    type_heights: Vec<u32>,
    consts: Vec<ConstData>,
    /// By constant id: the levels of nesting of the constant's content (1 for a leaf),
    /// at most `consts::CONST_INTERN_DEPTH`; `CONST_INTERN_DEPTH + 1` for a constant
    /// interned as its identity because it nests deeper (see there).
    const_heights: Vec<u32>,
    metas: Vec<MetaData>,
    /// `metas` by content hash (see `intern::find_meta`), so that an item interned again
    /// after the caches were cleared gets its old id back (strings, wrapped constants and uniqued tuples of those:
    /// `meta_stable`).
    meta_by_data: HashMap<u64, MetaId>,
    /// By id: the item's content does not depend on the generation of the caches (no
    /// distinct or opaque node inside), so its id is the same in every generation.
    meta_stable: Vec<bool>,
    asms: Vec<AsmData>,
    /// By id; a list hashed without being converted (see `attrs.rs`, `lazy_list`) is
    /// converted at its first read, from its identity in `attr_sources`.
    attr_lists: Vec<std::sync::OnceLock<AttrList>>,
    /// By id: for a list not converted when it was given its id, LLVM's list, the
    /// parameter count read, and its hash (`mergefunc::hash::AttrsHasher`); `None` for a
    /// list converted at once.
    attr_sources: Vec<Option<(usize, u32, u64)>>,
    /// `attr_lists` by content hash (the lists themselves are stored once, in
    /// `attr_lists`). Lists whose hashes collide take the next free key: a lookup walks
    /// keys `h, h+1, ...` until it finds an equal list or a free key (entries are never
    /// removed, so the walk never skips one).
    attrs_of: HashMap<u64, AttrsId>,
    attr_ids: HashMap<usize, u64>,
    strings: HashMap<Vec<u8>, u64>,
    opaque_text: HashMap<String, u64>,
    next_opaque: u64,
    /// The items that stand for metadata without meaning (see `intern::Placeholder`), by
    /// kind; made at their first use.
    placeholder_meta: [Option<MetaId>; 3],
    /// The type that light facts name instead of the function's own (see
    /// `LlvmModule::build_facts`): equal to no other type; made at its first use.
    unread_fn_type: Option<TypeId>,
}

/// Lookups in front of [`Tables`]. Those keyed by LLVM pointers to objects a rewrite may
/// free (`const_of`, `meta_of`, `asm_of`, `mav_of`, `opaque_ptr`) are
/// forgotten by the rewrites that may free them (the *generations*, see `intern.rs`);
/// types, attributes and attribute lists live as long as the context, so their caches
/// never go stale.
struct Caches {
    global_of: HashMap<V, GlobalId>,
    type_of: HashMap<T, TypeId>,
    /// The nesting height of LLVM types met by `intern::type_height_of` (a function of
    /// the type alone: types live as long as the context, so it is never cleared).
    type_height_of: HashMap<T, u32>,
    /// Direct-mapped cache of `type_of` (see `intern_type`).
    type_cache: Box<[(usize, u32); TYPE_CACHE_SLOTS]>,
    const_of: HashMap<V, ConstId>,
    /// Heights of constants measured by `consts::const_height_of`: forgotten with
    /// `const_of` (a rewrite may free a constant and reuse its address).
    const_height_of: HashMap<V, u32>,
    /// Positions of the blocks of functions past [`consts::BLOCK_SCAN`] blocks whose
    /// block addresses were interned (see `consts::block_position`): forgotten by every
    /// rewrite (the only place a layout changes) and with every constant.
    block_position: HashMap<B, u32>,
    /// Generation of `const_of` (bumped when it is cleared).
    const_gen: u32,
    /// Generation of the metadata, inline-asm and opaque-identity caches.
    md_gen: u32,
    meta_of: HashMap<Md, MetaId>,
    /// Heights of metadata nodes measured by `intern::meta_height_of`: forgotten with
    /// `meta_of`.
    meta_height_of: HashMap<Md, u32>,
    asm_of: HashMap<V, AsmId>,
    /// `MetadataAsValue` operands: (item, "distinct" for LLVM's intrinsic rule, type).
    mav_of: HashMap<usize, (MetaId, bool, TypeId)>,
    opaque_ptr: HashMap<usize, u64>,
    /// Content keys of metadata nodes for the attachment keys (`tree_subkey_of`), by
    /// node: forgotten with `meta_of`.
    attachment_keys: safe::AttachmentMemo,
    /// Attribute lists by the identity of LLVM's list and the parameter count read.
    /// With the list's [`attrs::list_flags`].
    attrs_by_list: HashMap<(usize, u32), (AttrsId, u8)>,
    /// Attribute sets (uniqued per context, never freed) already converted.
    attr_sets: attrs::AttrSets,
    /// Folded GEP offsets by (source type, address space, index constants): see
    /// `gep_offset_cached`.
    gep_offsets: HashMap<Box<[u32]>, Option<ConstOffset>>,
}

/// The prescan and the keys read without building views (see `keys.rs`).
pub(crate) struct Keys {
    /// LLVM's `StructuralHash`, computed here (see `crate::shash`).
    pub(crate) shash: std::cell::RefCell<crate::shash::StructuralHasher>,
    /// The prescan (hash and merge key from one native walk): of every definition when
    /// loading (beside the module facts), dropped by the first rewrite, then made again
    /// for the candidates by the next [`mergefunc::FastPath::worklist_hash`] (`None`: not run since).
    prescan: std::cell::RefCell<Option<crate::prescan::Prescan>>,
    /// By function index: where the last prescan found its blocks and instructions
    /// (see [`crate::prescan::Prescan::footprints`]); a prefetch hint only.
    pub(crate) footprints: Vec<(u64, u64)>,
    /// Canonical type hashes for `merge_key_of` (the core's own type hash).
    key_types: mergefunc::hash::FunctionHasher,
    key_walk: crate::shash::BlockWalk,
    /// The shim scratch of tree keys computed after the prescan was dropped.
    tree_scan: Option<crate::safe::ScanScratch>,
    /// Scratch of [`LlvmModule::tree_key_of`]: identities and `refs`.
    tree_ids: Vec<u64>,
    tree_refs: Vec<FuncId>,
    /// The `refs` of every cached tree key ([`TreeKey`]); spans are patched in
    /// place, and a key computed again appends a new span.
    tree_ref_arena: Vec<FuncId>,
}

/// Sources of view copies and the shim's same-body walk (see `copies.rs`).
struct Copies {
    /// Functions whose built view may be copied, by copy key (`u32::MAX`: empty).
    copy_sources: HashMap<u64, [u32; COPY_SOURCES]>,
    /// The shim's same-body walk.
    same_body: safe::SameBodyWalk,
    /// Pairs (source, destination function) whose same-body walk without an instruction
    /// buffer and without the renaming of distinct tuples found the bodies different
    /// since the last rewrite began (see `copies.rs`).
    different: HashSet<(V, V)>,
    /// Whether `different` is consulted (on by default; off only in tests, to count the
    /// walks it spares).
    remember_different: bool,
}

/// Reusable buffers, so that building a view or a function's facts allocates only what
/// it keeps.
#[derive(Default)]
struct Scratch {
    /// Scratch of `build_view`: locals of the function being built, by LLVM handle.
    local_of: crate::ptrmap::LocalMap,
    blocks: Vec<B>,
    /// Scratch of `build_view`/`build_records`, reused so that building a view allocates
    /// only the view itself.
    build: BuildScratch,
    attr_buf: Vec<safe::A>,
    /// Scratch of `convert_set`: one set's attributes.
    attr_set_buf: Vec<safe::A>,
    /// Scratch of `build_facts`: the signature props.
    sig: Vec<Prop>,
    /// The empty signature props of placeholder and light facts (one allocation, shared).
    no_sig: std::sync::Arc<[Prop]>,
    /// The signature props of the facts built last, shared with the next function's if
    /// equal (see `LlvmModule::shared_sig`; shared props are never changed in place).
    last_sig: std::sync::Arc<[Prop]>,
    gep_key: Vec<u32>,
    /// Scratch of `intern_meta_at`: the operands of the tuples being interned.
    meta_kids: Vec<Option<MetaId>>,
}

/// Switches for tests, benchmarks and the CLI's A/B options (set through
/// [`LlvmModule::testing`]), and `keep_erased` (set through
/// [`LlvmModule::set_keep_erased`]), and `drop_attachments` (set through
/// [`LlvmModule::set_drop_differing_attachments`]). None changes a merge decision or the
/// output but `llvm22_attachments` (a test's model of LLVM 22's rule) and
/// `drop_attachments` (an opt-in mode); `keep_erased` changes only
/// when memory is freed.
pub(crate) struct Switches {
    /// Copy views from functions with the same body (see [`Testing::set_copy_views`](testing::Testing::set_copy_views)).
    copy_views: bool,
    /// Also build every copied view directly and record any difference.
    check_copies: bool,
    /// Answer [`mergefunc::FastPath::tree_key`] (on by default).
    tree_keys: bool,
    /// Answer [`mergefunc::FastPath::cycle_key`] (on by default; needs `tree_keys`).
    cycle_keys: bool,
    /// Compute `worklist_hash` with LLVM's own `StructuralHash`.
    pub(crate) llvm_worklist_hash: bool,
    /// Views record instruction attachments as LLVM 22 compares them (off by default;
    /// see [`Testing::set_llvm22_attachments`](testing::Testing::set_llvm22_attachments)).
    pub(crate) llvm22_attachments: bool,
    /// Views leave out the kinds of [`DROPPABLE_ATTACHMENTS`], and a survivor loses the
    /// ones its folded function does not have ([`LlvmModule::set_drop_differing_attachments`]).
    /// Off by default; changes merge decisions and the output.
    pub(crate) drop_attachments: bool,
    /// Erased functions and folded bodies are unlinked but not destroyed
    /// ([`LlvmModule::set_keep_erased`]).
    pub(crate) keep_erased: bool,
    /// The linker has already chosen the copy of every comdat group the module holds and
    /// keeps it ([`LlvmModule::set_comdats_resolved`], `comdats.rs`).
    pub(crate) comdats_resolved: bool,
}

/// Counters and times reported by the CLI and the benchmarks.
struct Stats {
    /// Views built through LLVM-C by `materialize_view` (not copied, moved or patched).
    views_built: u64,
    /// Functions [`LlvmModule::same_body_claim`] and [`LlvmModule::same_unread_body_claim`] vouched for.
    same_body_claims: u64,
    /// Same-body walks the shim ran (a pair known to be different is not walked again).
    same_body_walks: u64,
    /// Ticks by part of the merge pass (prescan, views, rewrites; see [`PassTimes`]),
    /// converted by `clock`.
    times: std::cell::Cell<[u64; 5]>,
    /// Started by a timed load only (none for a borrowed module: its host times the pass).
    clock: Option<crate::clock::PartClock>,
    /// Time spent after parsing on the module-level facts and the first prescan (which
    /// run side by side): (wall, process CPU) s.
    setup_time: (f64, f64),
    /// Views copied from a function with the same body.
    views_copied: u64,
    /// What the checking mode found different between a copy or a claim and a direct
    /// build (empty unless one differed).
    copy_diffs: Vec<String>,
}

impl KindIds {
    /// The metadata kinds of context `mdc`, and the attribute kinds (numbered by LLVM
    /// for every context alike). Fixed kinds come from the shim (compile-time numbers);
    /// the three custom kinds are looked up at their first use ([`KindIds::custom`]);
    /// [`KindIds::thunk_tag`] registers the thunk tag when a thunk is written.
    fn of_context(mdc: Ctx) -> Self {
        use safe::kinds::FixedMd as F;
        let a = safe::kinds::AttrKinds::of_shim();
        let k = safe::kinds::fixed_md_kinds();
        KindIds {
            int_attr_range: Some(a.ints),
            special_alloca_kinds: a.special_alloca,
            no_thunk_kinds: a.no_thunk,
            md_type: k[F::Type as usize],
            md_kcfi: k[F::KcfiType as usize],
            md_not_compared_fixed: [k[F::Dbg as usize], k[F::Prof as usize], k[F::SectionPrefix as usize]],
            md_hints_fixed: [k[F::Prof as usize], k[F::Annotation as usize], k[F::DiAssignId as usize]],
            mdc,
            custom: std::cell::Cell::new(None),
            md_range: k[F::Range as usize],
            md_droppable: DROPPABLE_KINDS.map(|d| k[d as usize]),
        }
    }

    /// The custom kinds of the context, looked up by name at the first call without
    /// registering them (`safe::kinds::NO_MD_KIND` for a name the context does not know:
    /// no attachment has that kind). The context's kinds never change but by
    /// [`KindIds::thunk_tag`], which updates the answer.
    fn custom(&self) -> CustomMd {
        if let Some(c) = self.custom.get() {
            return c;
        }
        let [thunk, srcloc, heapallocsite] =
            safe::kinds::known_md_kinds(self.mdc, [THUNK_TAG, "srcloc", "heapallocsite"]);
        let c = CustomMd { thunk, srcloc, heapallocsite };
        self.custom.set(Some(c));
        c
    }

    /// Whether [`KindIds::custom`] has looked the custom kinds up (then asking costs
    /// nothing).
    pub(crate) fn custom_read(&self) -> bool {
        self.custom.get().is_some()
    }

    /// `!mergefunc.thunk`: the tag on every thunk this adapter writes
    /// (`safe::kinds::NO_MD_KIND` while the context does not know it).
    pub(crate) fn md_thunk(&self) -> u32 {
        self.custom().thunk
    }

    /// Function attachment kinds the signature does not compare (see
    /// `LlvmModule::push_fn_extras`): `!dbg`, `!prof`, `!section_prefix`, and the
    /// thunk marker.
    pub(crate) fn md_not_compared(&self) -> [u32; 4] {
        let [dbg, prof, section_prefix] = self.md_not_compared_fixed;
        [dbg, prof, section_prefix, self.custom().thunk]
    }

    /// Instruction attachment kinds that are pure hints, left out of the views of every
    /// instruction but loads (see `LlvmModule::compared_attachments`): `!prof`,
    /// `!annotation`, `!srcloc`, `!heapallocsite`, `!DIAssignID`.
    pub(crate) fn md_hints(&self) -> [u32; 5] {
        let [prof, annotation, di_assign_id] = self.md_hints_fixed;
        let c = self.custom();
        [prof, annotation, c.srcloc, c.heapallocsite, di_assign_id]
    }

    /// The kind of the thunk tag, registered in context `mdc` if it is not yet (the first
    /// thunk a run writes in a context that never saw one). Registering adds a kind no
    /// attachment has yet, so every fact read before stays true.
    pub(crate) fn thunk_tag(&mut self) -> u32 {
        let mut c = self.custom();
        if c.thunk == safe::kinds::NO_MD_KIND {
            c.thunk = self.mdc.kind_id(THUNK_TAG);
            self.custom.set(Some(c));
        }
        c.thunk
    }
}

/// The custom metadata kinds the adapter reads (numbered per context, by registration).
#[derive(Clone, Copy)]
struct CustomMd {
    thunk: u32,
    srcloc: u32,
    heapallocsite: u32,
}

/// The name of the attachment kind that tags every thunk this adapter writes.
const THUNK_TAG: &str = "mergefunc.thunk";

/// [`DROPPABLE_ATTACHMENTS`] as fixed kinds, by position (every droppable kind is a
/// fixed one; a test checks the names).
const DROPPABLE_KINDS: [safe::kinds::FixedMd; DROPPABLE_ATTACHMENTS.len()] = {
    use safe::kinds::FixedMd as F;
    [
        F::Tbaa,
        F::TbaaStruct,
        F::AliasScope,
        F::Noalias,
        F::Range,
        F::Nonnull,
        F::Noundef,
        F::Align,
        F::Dereferenceable,
        F::DereferenceableOrNull,
        F::InvariantLoad,
        F::InvariantGroup,
        F::AccessGroup,
        F::MemParallelLoopAccess,
        F::Nontemporal,
        F::Callees,
        F::Loop,
    ]
};

impl Caches {
    fn new() -> Self {
        Caches {
            global_of: HashMap::default(),
            type_of: HashMap::default(),
            type_height_of: HashMap::default(),
            type_cache: Box::new([(0, 0); TYPE_CACHE_SLOTS]),
            const_of: HashMap::default(),
            const_height_of: HashMap::default(),
            block_position: HashMap::default(),
            const_gen: 0,
            md_gen: 0,
            meta_of: HashMap::default(),
            meta_height_of: HashMap::default(),
            asm_of: HashMap::default(),
            mav_of: HashMap::default(),
            opaque_ptr: HashMap::default(),
            attachment_keys: safe::AttachmentMemo::default(),
            attrs_by_list: HashMap::default(),
            attr_sets: attrs::AttrSets::default(),
            gep_offsets: HashMap::default(),
        }
    }
}

impl Copies {
    fn new() -> Self {
        Copies {
            copy_sources: HashMap::default(),
            same_body: safe::SameBodyWalk::default(),
            different: HashSet::default(),
            remember_different: true,
        }
    }
}

impl Keys {
    fn new() -> Self {
        Keys {
            shash: std::cell::RefCell::new(crate::shash::StructuralHasher::new()),
            prescan: std::cell::RefCell::new(None),
            footprints: Vec::new(),
            key_types: mergefunc::hash::FunctionHasher::new(),
            key_walk: crate::shash::BlockWalk::default(),
            tree_scan: None,
            tree_ids: Vec::new(),
            tree_refs: Vec::new(),
            tree_ref_arena: Vec::new(),
        }
    }
}

/// Everything on (copies, tree and cycle keys, LLVM's worklist hash); erased functions
/// destroyed.
impl Default for Switches {
    fn default() -> Self {
        Switches {
            copy_views: true,
            check_copies: false,
            tree_keys: true,
            cycle_keys: true,
            llvm_worklist_hash: true,
            llvm22_attachments: false,
            drop_attachments: false,
            keep_erased: false,
            comdats_resolved: false,
        }
    }
}

impl Stats {
    fn new() -> Self {
        Stats {
            views_built: 0,
            same_body_claims: 0,
            same_body_walks: 0,
            times: Default::default(),
            clock: None,
            setup_time: (0.0, 0.0),
            views_copied: 0,
            copy_diffs: Vec::new(),
        }
    }
}

impl LlvmModule {
    /// The builder of thunks, made at the first call (most runs write no thunk).
    pub(crate) fn builder(&self) -> &Builder {
        self.builder.get_or_init(|| Builder::new(self.ctx))
    }
}

impl fmt::Debug for LlvmModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LlvmModule")
            .field("funcs", &self.funcs.len())
            .field("borrowed", &self.owner.is_none())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod kind_tests {
    use super::{DROPPABLE_ATTACHMENTS, DROPPABLE_KINDS};
    use crate::safe::kinds::FIXED_MD_NAMES;

    /// The droppable kinds' fixed numbers are those of their names.
    #[test]
    fn droppable_kinds_are_the_named_ones() {
        for (d, name) in DROPPABLE_KINDS.iter().zip(DROPPABLE_ATTACHMENTS) {
            assert_eq!(FIXED_MD_NAMES[*d as usize], name);
        }
    }
}
