//! The adapter: an LLVM 22 module seen through [`mergefunc::Module`].

use crate::ffi;
use crate::safe::{self, cc, Linkage as L, Md, MdCtx, Op, TyKind, ValKind, T, V};
use inkwell::llvm_sys as sys;
use mergefunc::*;
// Pointer- and id-keyed tables: FxHash (no DoS concern, much cheaper than SipHash).
type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;
use std::ffi::CStr;
use std::fmt;
use std::os::raw::{c_char, c_uint};
use std::path::Path;
use std::ptr;
use sys::core as c;

/// The explanation hooks (`Module::describe`, `Module::prop_label`).
mod explain;
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
/// [`FastPath::materialize`] (see `materialize_view`) and dropped again when a rewrite
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
    /// [`FastPath::view_copied_from`]).
    pub(crate) copied_from: Option<FuncId>,
    /// [`FastPath::tree_key`] of the IR as it is, once computed, with what it was hashed
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
}

/// Functions kept per copy key as sources of view copies (the most recent first).
const COPY_SOURCES: usize = 4;

/// Props reserved per instruction when a view is built (then shrunk to fit). Measured on
/// the benchmark modules: 2.4 to 3.4 props per instruction on average, and at most 37 of
/// 4,081 views (rust-linked-release) need more, so building a view rarely reallocates.
const PROPS_PER_INST: usize = 4;

/// Type pairs a same-body check may leave to `copy_view` (the shim's limit is 16).
const MAX_COPY_TYPE_PAIRS: usize = 16;
/// Calls to other functions a copied view may patch (the shim's limit is 64).
const MAX_COPY_CALLEES: usize = 64;

/// Slots of `LlvmModule::type_cache` (a power of two).
const TYPE_CACHE_SLOTS: usize = 256;

/// How the contents of a data array or vector (`ConstKind::DataArray`/`DataVector`) are
/// recorded. The order compares them as bytes, also across element types: vectors of one
/// total width are "losslessly bitcastable" (`<2 x i32> <1, 2>` against `<4 x i16>`),
/// which is right when the bytes are the constant's image in the target's memory. LLVM
/// stores the elements in the host's byte order, and LLVM 22 compares those bytes, which
/// on a target of the other byte order equates vectors whose bitcasts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DataBytes {
    /// The target's byte order is the host's: LLVM's bytes are the image.
    AsStored,
    /// The target's byte order is the other one: each element's bytes are reversed.
    Swapped,
    /// The byte order is unknown (a triple without a known layout): the bytes are
    /// prefixed with the element size, so that only data of one element type can be equal.
    Tagged,
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

/// The global numbering of LLVM's `FunctionComparator` (see [`LlvmModule::llvm_compare`]).
pub struct LlvmCompareState(*mut std::ffi::c_void);

impl LlvmCompareState {
    /// A fresh numbering.
    pub fn new() -> Self {
        // SAFETY: the shim allocates the state (`new` throws rather than return null).
        LlvmCompareState(unsafe { ffi::mergefunc_llvm_cmp_state_new() })
    }
}

impl Default for LlvmCompareState {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for LlvmCompareState {
    fn drop(&mut self) {
        // SAFETY: made by `mergefunc_llvm_cmp_state_new`, freed once.
        unsafe { ffi::mergefunc_llvm_cmp_state_free(self.0) }
    }
}

/// A view just built by `LlvmModule::build_body`.
struct BuiltView {
    body: BodyBuf,
    /// The LLVM instruction of each `InstId`.
    insts: Vec<V>,
    /// An intrinsic call takes a distinct metadata node (the function is ineligible).
    distinct_md: bool,
    /// See [`Slot::meta`].
    meta: bool,
}

/// Reusable buffers of the view builder.
#[derive(Default)]
struct BuildScratch {
    all: Vec<V>,
    meta: Vec<(u32, TypeId, u32)>,
    block_end: Vec<usize>,
    alloca_props: Vec<(V, usize)>,
    succs: Vec<BlockId>,
}

/// Wall-clock seconds spent in parts of the merge pass, summed over every call since the
/// module was loaded (see [`LlvmModule::pass_times`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PassTimes {
    /// The prescans (StructuralHash and native merge keys of every candidate, on threads).
    pub prescan: f64,
    /// Building views outside rewrites (the LLVM-C walk and interning).
    pub views: f64,
    /// The rewrites the core asks for (`ModuleMut`): LLVM's own mutations plus the
    /// adapter's bookkeeping (use walks, view patches, views of split bodies).
    pub rewrites: f64,
    /// Checking same-body claims without views (`same_body_as`, `same_unread_body_as`:
    /// the shim's walks of both functions).
    pub claims: f64,
    /// Merge keys from the prescan (`merge_key`).
    pub keys: f64,
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
    /// for the candidates by the next [`FastPath::worklist_hash`] (`None`: not run since).
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
    /// Answer [`FastPath::tree_key`] (on by default).
    pub(crate) tree_keys: bool,
    /// Answer [`FastPath::cycle_key`] (on by default; needs `tree_keys`).
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

/// The shim's scratch of `mergefunc_same_body` (freed on drop).
struct SameBodyState(*mut std::ffi::c_void);

impl SameBodyState {
    fn new() -> Self {
        // SAFETY: plain allocation in the shim.
        SameBodyState(unsafe { ffi::mergefunc_same_body_new() })
    }
}

impl Drop for SameBodyState {
    fn drop(&mut self) {
        // SAFETY: made by `mergefunc_same_body_new`, freed once.
        unsafe { ffi::mergefunc_same_body_free(self.0) }
    }
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

impl LlvmModule {
    // -----------------------------------------------------------------------------------
    // Loading and writing
    // -----------------------------------------------------------------------------------

    /// Parses a module from `.ll` text or `.bc` bitcode (detected from the contents),
    /// checks it with the LLVM verifier and builds the view.
    pub fn parse(data: &[u8], name: &str) -> Result<Self, LlvmError> {
        Self::parse_with_threads(data, name, None)
    }

    /// [`Self::parse`] with the number of threads the prescan may use (see
    /// [`Self::set_threads`]; `None`: the available parallelism, at most 8). The first
    /// prescan runs while the module facts are built.
    pub fn parse_with_threads(data: &[u8], name: &str, threads: Option<usize>) -> Result<Self, LlvmError> {
        let cname = safe::cstring(name).unwrap_or_default();
        // SAFETY: the context is created here and disposed on every error path; the buffer copies
        // `data` (pointer and length describe it, `cname` is NUL-terminated) and is disposed after
        // parsing, which does not take it; `m` and the messages are written by LLVM and owned here
        // from then on; `m` is verified before `from_raw` takes it with its context.
        unsafe {
            let ctx = c::LLVMContextCreate();
            // LLVMParseIRInContext2 does not take the buffer; it needs no NUL terminator.
            let buf = c::LLVMCreateMemoryBufferWithMemoryRangeCopy(
                data.as_ptr() as *const c_char,
                data.len(),
                cname.as_ptr(),
            );
            let mut m = ptr::null_mut();
            let mut msg = ptr::null_mut();
            let failed = sys::ir_reader::LLVMParseIRInContext2(ctx, buf, &mut m, &mut msg);
            c::LLVMDisposeMemoryBuffer(buf);
            if failed != 0 || m.is_null() {
                let text = safe::take_message(msg);
                c::LLVMContextDispose(ctx);
                return err(format!("cannot parse {name}: {}", text.trim_end()));
            }
            safe::take_message(msg);
            let mut vmsg = ptr::null_mut();
            // 2 = LLVMReturnStatusAction.
            if ffi::LLVMVerifyModule(m, 2, &mut vmsg) != 0 {
                let text = safe::take_message(vmsg);
                c::LLVMDisposeModule(m);
                c::LLVMContextDispose(ctx);
                return err(format!("{name} is not valid LLVM IR: {}", text.trim_end()));
            }
            safe::take_message(vmsg);
            // A triple without a layout: the layout the triple implies, as opt, llc and
            // lli use (and opt writes out).
            ffi::mergefunc_infer_data_layout(m);
            Ok(Self::from_raw(ctx, m, threads.map(|n| n.max(1))))
        }
    }

    /// Reads and parses a file (`-` reads standard input).
    pub fn load(path: &Path) -> Result<Self, LlvmError> {
        Self::load_with_threads(path, None)
    }

    /// [`Self::load`] with the number of threads the prescan may use (see
    /// [`Self::parse_with_threads`]).
    pub fn load_with_threads(path: &Path, threads: Option<usize>) -> Result<Self, LlvmError> {
        let data = if path.as_os_str() == "-" {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)
                .map_err(|e| LlvmError(format!("cannot read standard input: {e}")))?;
            v
        } else {
            std::fs::read(path).map_err(|e| LlvmError(format!("cannot read {}: {e}", path.display())))?
        };
        Self::parse_with_threads(&data, &path.display().to_string(), threads)
    }

    /// Views a module that belongs to someone else, such as the host of a pass plugin,
    /// for one merge run in place. The adapter creates its own builder and target data
    /// and frees only those: the module and its context are never disposed. Erased
    /// functions and folded bodies are really deleted (`set_keep_erased(false)`). The
    /// prescans use `threads` threads (at least 1; 1 walks on the calling thread: a host
    /// such as lld's ThinLTO already runs modules in parallel). The module is not verified
    /// here: hosts hand passes verified IR.
    ///
    /// # Safety
    /// `m` is a valid, verified LLVM 22 module that stays alive, and that nothing else
    /// reads or changes (on any thread, in the module or its context), until the returned
    /// value is dropped; that includes every function, global and metadata node it has.
    pub unsafe fn from_borrowed(m: LLVMModuleRef, threads: usize) -> Self {
        // SAFETY: the caller vouches for `m`; its context lives at least as long.
        let ctx = unsafe { c::LLVMGetModuleContext(m) };
        let mut s = Self::from_raw(ctx, m, Some(threads.max(1)));
        s.borrowed = true;
        s.keep_erased = false;
        s
    }

    fn from_raw(ctx: LLVMContextRef, m: LLVMModuleRef, threads: Option<usize>) -> Self {
        // SAFETY: `m` is a live module and `ctx` its live context (`from_raw`'s callers); the data
        // layout string belongs to `m`, and the target data and builder made here are freed once by
        // `Drop`.
        let (td, builder) = unsafe {
            let dl = c::LLVMGetDataLayoutStr(m);
            (sys::target::LLVMCreateTargetData(dl), c::LLVMCreateBuilderInContext(ctx))
        };
        let mdc = MdCtx(ctx);
        let mut s = LlvmModule {
            ctx,
            m,
            td,
            builder,
            funcs: Vec::new(),
            func_of: HashMap::default(),
            globals: Vec::new(),
            global_of: HashMap::default(),
            types: Vec::new(),
            type_of: HashMap::default(),
            type_by_data: HashMap::default(),
            type_cache: Box::new([(0, 0); TYPE_CACHE_SLOTS]),
            consts: Vec::new(),
            const_of: HashMap::default(),
            metas: Vec::new(),
            meta_by_data: HashMap::default(),
            meta_stable: Vec::new(),
            const_gen: 0,
            md_gen: 0,
            meta_of: HashMap::default(),
            asms: Vec::new(),
            asm_of: HashMap::default(),
            attr_lists: Vec::new(),
            attrs_of: HashMap::default(),
            attr_ids: HashMap::default(),
            strings: HashMap::default(),
            opaque_text: HashMap::default(),
            opaque_ptr: HashMap::default(),
            next_opaque: 0,
            target: TargetInfo::default(),
            semantic_interposition: false,
            layout_known: true,
            data_bytes: DataBytes::AsStored,
            used: HashSet::default(),
            int_attr_range: None,
            special_alloca_kinds: [0, 0],
            no_thunk_kinds: [0, 0],
            md_type: mdc.kind_id("type"),
            md_kcfi: mdc.kind_id("kcfi_type"),
            md_not_compared: [
                mdc.kind_id("dbg"),
                mdc.kind_id("prof"),
                mdc.kind_id("section_prefix"),
                mdc.kind_id("mergefunc.thunk"),
            ],
            md_thunk: mdc.kind_id("mergefunc.thunk"),
            md_range: mdc.kind_id("range"),
            pending: Vec::new(),
            llvm_hash: true,
            shash: std::cell::RefCell::new(crate::shash::StructuralHasher::new()),
            prescan: std::cell::RefCell::new(None),
            footprints: Vec::new(),
            block_addresses: true,
            shapes: Default::default(),
            keep_erased: false,
            threads,
            borrowed: false,
            setup_time: (0.0, 0.0),
            times: Default::default(),
            clock: crate::clock::PartClock::new(),
            in_rewrite: false,
            local_of: crate::ptrmap::LocalMap::default(),
            scratch_blocks: Vec::new(),
            scratch: BuildScratch::default(),
            key_types: mergefunc::hash::FunctionHasher::new(),
            key_walk: crate::shash::BlockWalk::default(),
            mav_of: HashMap::default(),
            uniqued_of: HashMap::default(),
            attr_of: HashMap::default(),
            attrs_by_handles: HashMap::default(),
            attrs_by_list: HashMap::default(),
            attr_key: Vec::new(),
            attr_buf: Vec::new(),
            sig_scratch: Vec::new(),
            gep_offsets: HashMap::default(),
            gep_key: Vec::new(),
            copy_views: true,
            check_copies: false,
            copy_sources: HashMap::default(),
            same_body: SameBodyState::new(),
            same_body_claims: 0,
            views_built: 0,
            copy_stats: (0, Vec::new()),
            tree_keys: true,
            cycle_keys: true,
            tree_scan: None,
            tree_ids: Vec::new(),
            tree_refs: Vec::new(),
            tree_ref_arena: Vec::new(),
        };
        let (t0, c0) = (std::time::Instant::now(), crate::process_cpu_seconds());
        s.init_module_facts();
        // Function ids are module order. The prescan of every definition (the first
        // `worklist_hash` would run it anyway) starts on the other threads now and reads
        // bodies while this thread builds the module-level facts, which only read the
        // module and create constants; both finish before this returns.
        let mut defs: Vec<(usize, LLVMValueRef)> = Vec::new();
        let mut n = 0usize;
        // SAFETY: `m` is the live module being loaded.
        let mut f = unsafe { c::LLVMGetFirstFunction(m) };
        while !f.is_null() {
            // SAFETY: `f` is a live function of `m` (not null, checked by the loop); `LLVMGetParam`
            // only builds the argument list, before any other thread reads the module.
            unsafe {
                if c::LLVMIsDeclaration(f) == 0 {
                    defs.push((n, f));
                }
                // Build lazily created arguments now, not while the prescan runs.
                if c::LLVMCountParams(f) > 0 {
                    c::LLVMGetParam(f, 0);
                }
                f = c::LLVMGetNextFunction(f);
            }
            n += 1;
        }
        let (ptr_bits, terms) = s.prescan_inputs();
        // Definitions alone on their shape are never read (see `shape`): the prescan
        // walks the others only.
        if crate::shape::enabled() {
            // SAFETY: `defs` are the module's live definitions; nothing modifies them.
            s.shapes = unsafe { crate::shape::compute(&defs, n, ptr_bits) };
            defs.retain(|&(i, _)| !s.shapes.is_alone(i));
        }
        // Attribute lists are the facts' largest tables (most functions have a list of
        // their own): sized once rather than rehashed at every doubling.
        s.attrs_by_list.reserve(n);
        s.attrs_by_handles.reserve(n);
        s.attrs_of.reserve(n);
        s.attr_lists.reserve(n);
        // Headroom for the functions rewrites add (a private body per merged pair of
        // interposable or ODR functions): no regrowth copy of the table mid-pass.
        s.func_of.reserve(n + n / 4 + 16);
        s.funcs.reserve(n + n / 4 + 16);
        let threads = || crate::prescan::thread_count(threads);
        let facts = || {
            // Every function gets its id first, then its module-level facts in the same
            // order (deterministic table ids). Bodies are built on demand.
            // SAFETY: `m` is the live module being loaded; `f` walks its functions until null.
            let mut f = unsafe { c::LLVMGetFirstFunction(m) };
            while !f.is_null() {
                s.register_func(V(f));
                // SAFETY: `f` is a live function of `m` (not null, checked by the loop).
                f = unsafe { c::LLVMGetNextFunction(f) };
            }
            s.pending.clear();
            for i in 0..s.funcs.len() {
                s.rebuild_info(FuncId::new(i));
            }
            s.drain_pending();
        };
        // SAFETY: the handles are the module's live definitions; `facts` reads the module
        // and interns, and rewrites nothing.
        let mut p = unsafe { crate::prescan::run(&defs, n, &terms, ptr_bits, threads, facts) };
        s.block_addresses = p.block_addresses || s.shapes.block_addresses;
        s.footprints = std::mem::take(&mut p.footprints);
        // Copy keys (computed by the scanning threads, see `prescan::copy_key`).
        for (i, slot) in s.funcs.iter_mut().enumerate() {
            if let (Some(e), Some(_)) = (p.entry(i), slot.v) {
                slot.copy_key = e.copy;
            }
        }
        *s.prescan.borrow_mut() = Some(p);
        s.setup_time = (t0.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
        s
    }

    /// Wall-clock and process CPU seconds spent after parsing (and verifying) the module
    /// to build the adapter's module-level facts and, on other threads meanwhile, the
    /// first prescan. Part of the merge pass's cost: the CLI's `--time` adds it to the
    /// time of `merge_module`.
    pub fn setup_seconds(&self) -> (f64, f64) {
        self.setup_time
    }

    /// Wall-clock seconds spent so far in the prescan, in building views and in rewrites
    /// (the rest of `merge_module` is the core: keys, hashing views, comparisons).
    pub fn pass_times(&self) -> PassTimes {
        let [prescan, views, rewrites, claims, keys] = self.times.get().map(|t| self.clock.seconds(t));
        PassTimes { prescan, views, rewrites, claims, keys }
    }

    /// Adds the time since `t0` (a [`crate::clock::ticks`] reading) to part `part` of
    /// [`PassTimes`] (0 prescan, 1 views, 2 rewrites, 3 claims, 4 keys).
    pub(crate) fn add_time(&self, t0: u64, part: usize) {
        let mut t = self.times.get();
        t[part] += crate::clock::ticks().wrapping_sub(t0);
        self.times.set(t);
    }

    /// LLVM 22's own `FunctionComparator` on two functions of this module: `None` when
    /// either is not a function with a body (any more). `state` numbers globals across
    /// comparisons, as the pass's does; use one per module, and do not rewrite the module
    /// while it lives. For tests that check the order's equalities against LLVM's.
    pub fn llvm_compare(&self, state: &mut LlvmCompareState, a: FuncId, b: FuncId) -> Option<std::cmp::Ordering> {
        let (a, b) = (self.func_value(a).ok()?, self.func_value(b).ok()?);
        // SAFETY: both are live values of this module; the shim checks their kinds.
        match unsafe { ffi::mergefunc_llvm_compare_functions(state.0, a.0, b.0) } {
            -1 => Some(std::cmp::Ordering::Less),
            0 => Some(std::cmp::Ordering::Equal),
            1 => Some(std::cmp::Ordering::Greater),
            _ => None,
        }
    }

    /// Checks every getelementptr of every built view: its offset (possibly from the GEP
    /// offset cache) equals LLVM's fold of that instruction. Returns how many were
    /// checked, or the first function whose offset differs. For tests.
    #[doc(hidden)]
    pub fn check_gep_offsets(&self) -> Result<usize, String> {
        let mut n = 0;
        for s in &self.funcs {
            let Some(body) = s.body.as_ref().filter(|_| s.built) else { continue };
            for (inst, v) in body.insts.iter().zip(&s.insts) {
                if let InstKind::Address { offset, .. } = inst.kind {
                    if offset != self.gep_offset(*v) {
                        return Err(String::from_utf8_lossy(&s.info.name).into_owned());
                    }
                    n += 1;
                }
            }
        }
        Ok(n)
    }

    /// Builds the views of every function now (they are otherwise built when the core
    /// first reads them). Only useful to measure or test the view builder.
    pub fn build_all_views(&mut self) {
        for i in 0..self.funcs.len() {
            self.materialize_view(FuncId::new(i));
        }
    }

    fn init_module_facts(&mut self) {
        // SAFETY: `self.td` is the live target data, `self.m` the live module and `self.ctx` its
        // context (handle rule); the data layout string is never null and the target triple is
        // checked for null before it is read (both NUL-terminated, owned by the module); the flag
        // name's pointer and length describe `key`, each used-list name is NUL-terminated, and
        // every handle read below is checked for null before it is used.
        unsafe {
            let no_layout = CStr::from_ptr(c::LLVMGetDataLayoutStr(self.m)).to_bytes().is_empty();
            let triple = c::LLVMGetTarget(self.m);
            let has_triple = !triple.is_null() && !CStr::from_ptr(triple).to_bytes().is_empty();
            self.layout_known = !(no_layout && has_triple);
            let big = ffi::LLVMByteOrder(self.td) == 0;
            self.data_bytes = if !self.layout_known {
                DataBytes::Tagged
            } else if big == cfg!(target_endian = "big") {
                DataBytes::AsStored
            } else {
                DataBytes::Swapped
            };
            if self.layout_known {
                let bits = sys::target::LLVMPointerSizeForAS(self.td, 0) * 8;
                self.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits });
            }
            let key = "SemanticInterposition";
            let flag = c::LLVMGetModuleFlag(self.m, key.as_ptr() as *const c_char, key.len());
            if !flag.is_null() {
                let v = c::LLVMMetadataAsValue(self.ctx, flag);
                if let Some(x) = safe::MdCtx(self.ctx).wrapped_value(Md(c::LLVMValueAsMetadata(v))) {
                    self.semantic_interposition = x.const_int_u64().unwrap_or(0) != 0;
                }
            }
            for name in ["llvm.used", "llvm.compiler.used"] {
                let n = safe::cstring(name).unwrap_or_default();
                let g = c::LLVMGetNamedGlobal(self.m, n.as_ptr());
                if g.is_null() {
                    continue;
                }
                let init = c::LLVMGetInitializer(g);
                if init.is_null() {
                    continue;
                }
                let init = V(init);
                for i in 0..init.num_operands() {
                    let mut x = init.operand(i);
                    // Strip pointer casts.
                    while let Some(v) = x {
                        if matches!(v.const_opcode(), Some(Ok(Op::BitCast | Op::AddrSpaceCast))) {
                            x = v.operand(0);
                        } else {
                            break;
                        }
                    }
                    if let Some(v) = x {
                        if v.is_global() {
                            self.used.insert(v);
                        }
                    }
                }
            }
            let kind = |n: &str| c::LLVMGetEnumAttributeKindForName(n.as_ptr() as *const c_char, n.len());
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
            // LLVM 22 numbers enum attributes first, then type, int, range and range-list
            // attributes; only the bounds are taken from LLVM, by name.
            let int_lo = ints.iter().map(|n| kind(n)).filter(|k| *k != 0).min();
            let int_max = ints.iter().map(|n| kind(n)).max();
            let ty_lo = tys.iter().map(|n| kind(n)).filter(|k| *k != 0).min();
            let range = kind("range");
            if let (Some(lo), Some(hi), Some(tl)) = (int_lo, int_max, ty_lo) {
                let end = if range > hi { range } else { hi + 1 };
                if lo <= hi {
                    self.int_attr_range = Some((lo.min(tl), lo, end));
                }
            }
            self.special_alloca_kinds = [kind("inalloca"), kind("swifterror")];
            self.no_thunk_kinds = [kind("naked"), kind("preallocated")];
        }
    }

    /// Writes the module as text.
    pub fn to_text(&self) -> String {
        // SAFETY: `self.m` is the live module; LLVM returns an owned message that `take_message`
        // frees.
        safe::take_message(unsafe { c::LLVMPrintModuleToString(self.m) })
    }

    /// Writes the module as bitcode.
    pub fn to_bitcode(&self) -> Vec<u8> {
        // SAFETY: `self.m` is the live module; the buffer is checked for null, read within its `n`
        // bytes and disposed exactly once.
        unsafe {
            let buf = sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer(self.m);
            if buf.is_null() {
                return Vec::new();
            }
            let p = c::LLVMGetBufferStart(buf);
            let n = c::LLVMGetBufferSize(buf);
            let v = std::slice::from_raw_parts(p as *const u8, n).to_vec();
            c::LLVMDisposeMemoryBuffer(buf);
            v
        }
    }

    /// Runs the LLVM verifier.
    pub fn verify(&self) -> Result<(), LlvmError> {
        let mut msg = ptr::null_mut();
        // SAFETY: `self.m` is the live module; LLVM writes an owned message (or null) to `msg`.
        let bad = unsafe { ffi::LLVMVerifyModule(self.m, 2, &mut msg) } != 0;
        let text = safe::take_message(msg);
        if bad {
            return err(format!("the LLVM verifier rejects the result: {}", text.trim_end()));
        }
        Ok(())
    }

    /// Looks a function up by name.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        (0..self.funcs.len())
            .map(FuncId::new)
            .find(|f| self.funcs[f.index()].v.is_some() && &*self.funcs[f.index()].info.name == name.as_bytes())
    }

    /// For one-shot tools that write the module and exit: functions and bodies that the
    /// pass erases are unlinked from the module (every use they made is dropped) but not
    /// destroyed, so the pass does not pay for destroying them; their memory is only
    /// reclaimed when the process ends, as with clang's `-disable-free`. The module, its
    /// output and every merge decision are the same. Off by default: a long-lived
    /// process that keeps loading modules would leak every folded body. Functions that
    /// metadata refers to, and bodies with address-taken blocks, are always destroyed.
    pub fn set_keep_erased(&mut self, on: bool) {
        self.keep_erased = on;
    }

    /// How many threads later prescans of the worklist hash and merge keys may use
    /// (default: the available parallelism, at most 8; 1 walks on the calling thread).
    /// The first prescan runs while loading: set its threads with
    /// [`Self::load_with_threads`] or [`Self::parse_with_threads`]. The merges do not
    /// depend on it.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = Some(n.max(1));
    }

    /// The prescan's entry for `f`, running the prescan of every candidate first if it has
    /// not run since the last rewrite. `None`: `f` was not a candidate then, or the native
    /// walk declined it.
    pub(crate) fn prescanned(&self, f: FuncId) -> Option<crate::prescan::Entry> {
        if let Some(p) = &*self.prescan.borrow() {
            return p.entry(f.index());
        }
        let work: Vec<(usize, LLVMValueRef)> = self
            .funcs
            .iter()
            .enumerate()
            .filter(|(i, s)| s.def && s.info.ineligible.is_none() && !self.shapes.is_alone(*i))
            .filter_map(|(i, s)| s.v.map(|v| (i, v.0)))
            .collect();
        let (ptr_bits, terms) = self.prescan_inputs();
        let threads = || crate::prescan::thread_count(self.threads);
        let t0 = crate::clock::ticks();
        // SAFETY: every handle is a live function of this module, and `&self` is held for
        // the whole call: no rewrite can run meanwhile.
        let p = unsafe { crate::prescan::run(&work, self.funcs.len(), &terms, ptr_bits, threads, || ()) };
        self.add_time(t0, 0);
        let e = p.entry(f.index());
        *self.prescan.borrow_mut() = Some(p);
        e
    }

    /// What every prescan needs from the module: the pointer width the order equates
    /// with address-space-0 pointers (0: none) and the hash's per-opcode terms.
    fn prescan_inputs(&self) -> (u32, [u64; 128]) {
        let ptr_bits = self.target.ptr_as_int.filter(|p| p.addr_space == 0).map_or(0, |p| p.bits);
        (ptr_bits, *self.shash.borrow().terms())
    }

    /// Checks the prescan's merge keys against the walk over LLVM-C (for tests): for
    /// every candidate, both give the same `refs`, and the keys split the candidates into
    /// the same classes. Returns the number of candidates compared, or the first
    /// disagreement.
    #[doc(hidden)]
    pub fn check_prescan_keys(&mut self) -> Result<usize, String> {
        // Every definition, those alone on their shape included.
        self.forget_shapes();
        self.drop_prescan();
        let cands: Vec<FuncId> = (0..self.funcs.len())
            .map(FuncId::new)
            .filter(|f| self.funcs[f.index()].def && self.funcs[f.index()].info.ineligible.is_none())
            .collect();
        let mut walk = Vec::new();
        for &f in &cands {
            let mut refs = Vec::new();
            walk.push((self.merge_key_of(f, &mut refs), refs));
        }
        let _ = self.prescanned(FuncId::new(0));
        let mut fwd: HashMap<Option<u64>, (Option<u64>, FuncId)> = HashMap::default();
        let mut back: HashMap<Option<u64>, (Option<u64>, FuncId)> = HashMap::default();
        for (&f, (k1, r1)) in cands.iter().zip(&walk) {
            let mut r2 = Vec::new();
            let k2 = self.merge_key_of(f, &mut r2);
            let name = String::from_utf8_lossy(&self.funcs[f.index()].info.name).into_owned();
            if k2.is_none() && k1.is_some() {
                return Err(format!("{name}: the prescan has no key"));
            }
            if *r1 != r2 {
                return Err(format!("{name}: refs differ: {r1:?} / {r2:?}"));
            }
            let (a, fa) = *fwd.entry(*k1).or_insert((k2, f));
            let (b, fb) = *back.entry(k2).or_insert((*k1, f));
            if a != k2 || b != *k1 {
                let other = if a != k2 { fa } else { fb };
                let other = String::from_utf8_lossy(&self.funcs[other.index()].info.name).into_owned();
                let how = if a != k2 { "the prescan splits" } else { "the walk splits" };
                return Err(format!("{name} and {other}: {how} them"));
            }
        }
        self.drop_prescan();
        Ok(cands.len())
    }

    /// Checks the tree keys ([`FastPath::tree_key`]) of every candidate, for tests: a
    /// key cached now (from the prescan, or from a walk before later rewrites) equals one
    /// walked afresh from the IR, and any two candidates the order calls equal have equal
    /// keys (pairs are compared within groups of the core's view hash, which equal
    /// functions share). Returns the number of equal pairs checked, or the first failure.
    #[doc(hidden)]
    pub fn check_tree_keys(&mut self) -> Result<usize, String> {
        // Every definition, those alone on their shape included.
        self.forget_shapes();
        let cands: Vec<FuncId> = (0..self.funcs.len())
            .map(FuncId::new)
            .filter(|f| self.funcs[f.index()].def && self.funcs[f.index()].info.ineligible.is_none())
            .collect();
        let name = |m: &Self, f: FuncId| String::from_utf8_lossy(&m.funcs[f.index()].info.name).into_owned();
        let cached: Vec<Option<u64>> = cands.iter().map(|&f| self.tree_key_of(f)).collect();
        self.drop_prescan();
        for s in &mut self.funcs {
            s.tree_key = None;
        }
        let mut groups: HashMap<u64, Vec<(FuncId, u64)>> = HashMap::default();
        let mut hasher = mergefunc::hash::FunctionHasher::tree_key();
        hasher.hash_weak_flags = false;
        for (&f, k1) in cands.iter().zip(cached) {
            let k2 = self.tree_key_of(f);
            if k1 != k2 {
                return Err(format!("{}: cached tree key {k1:?}, walked afresh {k2:?}", name(self, f)));
            }
            self.materialize_view(f);
            if self.funcs[f.index()].info.ineligible.is_some() {
                continue;
            }
            let Some(k) = k2 else { continue };
            groups.entry(hasher.hash(&*self, f)).or_default().push((f, k));
        }
        let mut cmp = mergefunc::Comparator::new();
        cmp.compare_weak_flags = false;
        let mut pairs = 0;
        let mut groups: Vec<_> = groups.into_values().collect();
        groups.sort_unstable();
        for g in groups {
            for (i, &(a, ka)) in g.iter().enumerate() {
                for &(b, kb) in &g[i + 1..] {
                    if cmp.compare(&*self, a, b) == std::cmp::Ordering::Equal {
                        pairs += 1;
                        if ka != kb {
                            return Err(format!(
                                "{} and {} are equal, their tree keys differ",
                                name(self, a),
                                name(self, b)
                            ));
                        }
                    }
                }
            }
        }
        Ok(pairs)
    }

    /// Forgets the prescan (every rewrite calls this: the IR it describes changed).
    pub(crate) fn drop_prescan(&mut self) {
        *self.prescan.get_mut() = None;
    }

    /// Uses LLVM's own `StructuralHash` for [`FastPath::worklist_hash`] (on by default).
    pub fn set_llvm_worklist_hash(&mut self, on: bool) {
        self.llvm_hash = on;
    }

    /// `StructuralHash` of every function with a body, in module order: `(name, prescan,
    /// shim, LLVM-C walk, LLVM's)`: the value [`FastPath::worklist_hash`] computes (the
    /// prescan's for a candidate, the shim's walk otherwise), the shim's single-function
    /// walk, the same walk over LLVM-C (the fallback), and what LLVM's exported function
    /// returns. For tests and benchmarks; all four must be equal.
    pub fn structural_hash_pairs(&self) -> Vec<(String, u64, u64, u64, u64)> {
        let mut out = Vec::new();
        for (i, s) in self.funcs.iter().enumerate() {
            let Some(f) = s.v.filter(|_| s.def).map(|v| v.0) else { continue };
            let pre = self.prescanned(FuncId::new(i)).map(|e| e.hash);
            let mut h = self.shash.borrow_mut();
            let shim = h.hash(f);
            let walk = h.try_hash(f).unwrap_or(!shim);
            // SAFETY: `f` is a live function with a body (`def`, the slot rule).
            let theirs = unsafe { ffi::llvm_structural_hash_function(f, false) };
            out.push((String::from_utf8_lossy(&V(f).name()).into_owned(), pre.unwrap_or(shim), shim, walk, theirs));
        }
        out
    }

    /// LLVM's own exported `StructuralHash` of every function with a body, in module
    /// order (for benchmarks: the cost [`FastPath::worklist_hash`] avoids).
    pub fn llvm_structural_hashes(&self) -> Vec<u64> {
        let mut out = Vec::new();
        // SAFETY: `self.m` is the live module; `f` walks its functions until null.
        let mut f = unsafe { c::LLVMGetFirstFunction(self.m) };
        while !f.is_null() {
            // SAFETY: `f` is a live function of the module (not null, checked by the loop).
            if unsafe { c::LLVMIsDeclaration(f) } == 0 {
                // SAFETY: `f` is a live function with a body (checked just above).
                out.push(unsafe { ffi::llvm_structural_hash_function(f, false) });
            }
            // SAFETY: `f` is a live function of the module (not null, checked by the loop).
            f = unsafe { c::LLVMGetNextFunction(f) };
        }
        out
    }

    // -----------------------------------------------------------------------------------
    // Function registration and views
    // -----------------------------------------------------------------------------------

    pub(crate) fn register_func(&mut self, v: V) -> FuncId {
        if let Some(f) = self.func_of.get(&v) {
            return *f;
        }
        let id = FuncId::new(self.funcs.len());
        self.func_of.insert(v, id);
        self.funcs.push(Slot {
            v: Some(v),
            // Placeholder facts: a registered function is pending, and `rebuild_info`
            // (which reads the name) runs before anything reads them.
            info: FuncInfo {
                name: Box::default(),
                linkage: Linkage::default(),
                ineligible: Some(Ineligible::NoBody),
                unnamed_addr: false,
                used_externally: false,
                ty: TypeId(0),
                sig: Box::new([]),
                align: None,
                callable: false,
            },
            body: None,
            insts: Vec::new(),
            built: false,
            def: false,
            info_ineligible: Some(Ineligible::NoBody),
            fn_special: false,
            meta: false,
            view_gen: (0, 0),
            copy_key: 0,
            copied_from: None,
            tree_key: None,
            sig_hash: 0,
        });
        self.pending.push(id);
        id
    }

    /// Builds the module-level facts of functions registered since the last call.
    pub(crate) fn drain_pending(&mut self) {
        while let Some(f) = self.pending.pop() {
            self.rebuild_info(f);
        }
    }

    /// Forgets every cache keyed by an LLVM pointer that a mutation may have freed.
    pub(crate) fn new_generation(&mut self) {
        clear_if_used(&mut self.const_of);
        self.const_gen = self.const_gen.wrapping_add(1);
        self.new_md_generation();
    }

    /// Forgets the metadata, inline-asm and opaque-identity caches, and the constants
    /// `consts` (freed or replaced by a rewrite); every other cached constant is alive
    /// and unchanged (LLVM constants are uniqued and live as long as the context unless
    /// an operand is replaced).
    pub(crate) fn forget_consts(&mut self, consts: &[V]) {
        for v in consts {
            self.const_of.remove(v);
        }
        self.new_md_generation();
    }

    /// Forgets the constants `freed` (see [`Self::forget_consts`]) after a RAUW of `from`
    /// by `to`, which stand for the same global: `to` takes `from`'s constant id.
    pub(crate) fn forget_consts_moving(&mut self, freed: &[V], from: V, to: V) {
        let id = self.const_of.get(&from).copied();
        self.const_of.remove(&from);
        self.forget_consts(freed);
        if let Some(id) = id {
            self.const_of.insert(to, id);
        }
    }

    fn new_md_generation(&mut self) {
        self.md_gen = self.md_gen.wrapping_add(1);
        clear_if_used(&mut self.meta_of);
        clear_if_used(&mut self.mav_of);
        clear_if_used(&mut self.uniqued_of);
        clear_if_used(&mut self.asm_of);
        clear_if_used(&mut self.opaque_ptr);
    }

    /// Rebuilds the module-level facts of `f` from the IR. The body view is left as it
    /// is (see [`Self::invalidate`] and [`Self::materialize_view`]).
    pub(crate) fn rebuild_info(&mut self, f: FuncId) {
        let Some(v) = self.funcs[f.index()].v else { return };
        if !v.is_function() {
            // An alias now stands for this id.
            let s = &mut self.funcs[f.index()];
            s.body = None;
            s.insts.clear();
            s.built = true;
            s.def = false;
            s.info_ineligible = Some(Ineligible::NoBody);
            s.info.ineligible = Some(Ineligible::NoBody);
            s.info.name = v.name().into();
            return;
        }
        let light = self.shapes.is_alone(f.index());
        let (info, fn_special) = self.build_info(v, light.then_some(f));
        let s = &mut self.funcs[f.index()];
        s.def = !v.is_declaration();
        s.info_ineligible = info.ineligible;
        s.fn_special = fn_special;
        // Keep what the body view found (if it is current).
        let body_reason = match s.info.ineligible {
            Some(Ineligible::Adapter(r))
                if s.built
                    && (r == reason::DISTINCT_MD || r == reason::UNSUPPORTED || r == reason::BLOCK_ADDRESS_ESCAPES) =>
            {
                Some(Ineligible::Adapter(r))
            }
            _ => None,
        };
        s.info = info;
        if s.info.ineligible.is_none() {
            s.info.ineligible = body_reason;
        }
        if !s.def {
            s.body = None;
            s.insts.clear();
            s.built = true;
            return;
        }
        if light {
            return;
        }
        // While the facts are in cache (tree keys need it for every candidate).
        let mut hasher = std::mem::take(&mut self.key_types);
        self.funcs[f.index()].sig_hash = hasher.signature_hash(&*self, f);
        self.key_types = hasher;
    }

    /// Marks the body view of `f` out of date; the next [`Self::materialize_view`]
    /// rebuilds it.
    pub(crate) fn invalidate(&mut self, f: FuncId) {
        let s = &mut self.funcs[f.index()];
        if s.def {
            s.built = false;
            s.body = None;
            s.insts.clear();
            s.info.ineligible = s.info_ineligible;
        }
    }

    /// [`FastPath::merge_key`] of `f`, read from the IR without building its view: the
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
        if !s.def || s.info.ineligible.is_some() {
            return None;
        }
        let sig = s.sig_hash;
        if let Some(p) = self.prescan.get_mut().take() {
            // Keys from the prescan and from the walk below hash differently, so one set
            // of keys never mixes them: a candidate the prescan did not cover keeps its
            // place (no key) instead.
            let at = refs.len();
            let k = p.entry(f.index()).map(|e| {
                let k = self.key_from_prescan(sig, e, p.ids_of(&e), refs);
                // The prescan describes the IR as it is (no rewrite yet): the tree key
                // comes for free now, and stays valid until a rewrite changes `f`.
                if self.tree_keys {
                    self.cache_tree_key(f, &e, k, &refs[at..]);
                }
                k
            });
            *self.prescan.get_mut() = Some(p);
            return k;
        }
        // SAFETY: `v` is a live function with a body.
        let entry = unsafe { c::LLVMGetFirstBasicBlock(v.0) };
        if entry.is_null() {
            return None;
        }
        let mut types = std::mem::take(&mut self.key_types);
        let mut walk = std::mem::take(&mut self.key_walk);
        let mut h = crate::prescan::KeyHasher::default();
        h.write_u64(sig);
        walk.start(entry);
        let (call, gep) = (Op::Call.raw(), Op::GetElementPtr.raw());
        while let Some(b) = walk.next_block() {
            h.write_u8(0xb1);
            let mut n = 0u32;
            // SAFETY: `b` is a live block of `v` (the walk yields only blocks of the function).
            // In this loop, blocks and instructions come from LLVM for this function and
            // are only passed to the getters for their kind.
            let mut i = unsafe { c::LLVMGetFirstInstruction(b) };
            while !i.is_null() {
                // SAFETY: `i` is a live instruction (not null, checked by the loop).
                let raw = unsafe { ffi::LLVMGetInstructionOpcode(i) };
                if !(raw == call && V(i).is_debug_intrinsic()) {
                    n += 1;
                    h.write_u32(raw);
                    if raw != gep {
                        let t = self.intern_type(V(i).ty());
                        h.write_u64(types.type_hash(&*self, t));
                        // SAFETY: `i` is a live instruction, hence a `User`.
                        let nops = unsafe { c::LLVMGetNumOperands(i) };
                        h.write_i32(nops);
                        for k in 0..nops.max(0) as u32 {
                            // SAFETY: `i` is a live instruction and `k` is below its operand count.
                            let o = unsafe { c::LLVMGetOperand(i, k) };
                            self.stable_operand_key(o, &mut h, refs);
                        }
                    }
                }
                // SAFETY: `i` is a live instruction (not null, checked by the loop).
                i = unsafe { c::LLVMGetNextInstruction(i) };
            }
            h.write_u32(n);
            // A block without terminator (not valid IR) just ends the walk there.
            // SAFETY: `b` is a block of the live function `v` (`push_successors`' contract).
            unsafe { walk.push_successors(b) };
        }
        self.key_types = types;
        self.key_walk = walk;
        Some(h.finish())
    }

    /// [`FastPath::tree_key`] of `f`: LLVM's `StructuralHash`, the prescan's details
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
        if !self.tree_keys || !s.def {
            return None;
        }
        let v = s.v.filter(|v| v.is_function())?;
        let t0 = crate::clock::ticks();
        let mut ids = std::mem::take(&mut self.tree_ids);
        ids.clear();
        let from_prescan = self.prescan.get_mut().as_ref().and_then(|p| {
            let e = p.entry(f.index())?;
            ids.extend_from_slice(p.ids_of(&e));
            Some(e)
        });
        let found = from_prescan.or_else(|| {
            ids.clear();
            let (ptr_bits, terms) = self.prescan_inputs();
            let scratch = self.tree_scan.get_or_insert_with(crate::prescan::Scratch::new);
            // SAFETY: `v` is a live function of this module, and `&mut self` is held for the
            // whole call: nothing rewrites it meanwhile.
            unsafe { crate::prescan::scan_fn(scratch, v.0, &terms, ptr_bits, &mut ids) }.map(|out| {
                crate::prescan::Entry { hash: out[0], key: out[1], ids: (0, 0), part: 0, detail: out[6], copy: 0 }
            })
        });
        let key = found.map(|e| {
            // `ids` holds exactly this function's identities.
            let mut refs = std::mem::take(&mut self.tree_refs);
            refs.clear();
            let k = self.key_from_prescan(self.funcs[f.index()].sig_hash, e, &ids, &mut refs);
            self.drain_pending();
            let key = self.cache_tree_key(f, &e, k, &refs);
            self.tree_refs = refs;
            key
        });
        self.tree_ids = ids;
        self.add_time(t0, 0);
        key
    }

    /// [`FastPath::cycle_key`] of `f`: its tree key's parts without the refs (the
    /// `StructuralHash`, the details word and the merge key, none of which depends on
    /// which function with a body an operand names, see [`Self::patch_tree_key`]), and
    /// those refs. `None` where the tree key is `None`, which depends only on what the
    /// native walk reads of the body, never on such names.
    pub(crate) fn cycle_key_of(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        use std::hash::Hasher;
        if !self.cycle_keys {
            return None;
        }
        self.tree_key_of(f)?;
        let t = self.funcs[f.index()].tree_key?;
        let own = &self.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize];
        refs.extend_from_slice(own);
        let mut h = crate::prescan::KeyHasher::default();
        for w in [t.hash, t.detail, t.merge_key, own.len() as u64] {
            h.write_u64(w);
        }
        Some(h.finish())
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
        let at = self.tree_ref_arena.len() as u32;
        self.tree_ref_arena.extend_from_slice(refs);
        let refs = (at, self.tree_ref_arena.len() as u32);
        self.funcs[f.index()].tree_key = Some(TreeKey { key, hash, detail, merge_key, refs });
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
        let refs = self.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize].to_vec();
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
        let to_has_body = self.funcs.get(to.index()).is_some_and(|s| s.def && s.v.is_some_and(|v| v.is_function()));
        if !to_has_body {
            self.funcs[f.index()].tree_key = None;
            return;
        }
        let refs = &mut self.tree_ref_arena[t.refs.0 as usize..t.refs.1 as usize];
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
        for &id in ids {
            let kind = match id & 7 {
                1 => KeyIdentity::Global,
                2 => KeyIdentity::Declared,
                _ => KeyIdentity::Defined,
            };
            self.key_identity(V((id & !7) as LLVMValueRef), kind, &mut h, refs);
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
    /// [`FastPath::merge_key`]); anything else hashes as one marker.
    fn stable_operand_key(&mut self, o: LLVMValueRef, h: &mut impl std::hash::Hasher, refs: &mut Vec<FuncId>) {
        if o.is_null() {
            h.write_u8(0);
            return;
        }
        let v = V(o);
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

    /// Brings the built view of `f` up to date after a rewrite that replaced only uses of
    /// the function `from` (RAUW of `from`, or redirection of calls of `from`): every
    /// constant operand that may mention `from` is read again from LLVM, everything else
    /// is kept. "May mention" is decided from the constant's recorded contents (not from
    /// pointer caches, which other rewrites clear): it names `from`, contains something
    /// that does, or contains an opaque constant whose contents are unknown. Re-reading
    /// an operand that did not change is harmless, so this errs on the side of reading.
    /// Returns `false` when the view cannot be patched exactly (not built, or it holds
    /// metadata, which may mention `from`, or a prop constant may mention it); the caller
    /// then drops the view instead. A patched view equals a rebuilt one (debug builds
    /// check every patch).
    pub(crate) fn patch_view(&mut self, f: FuncId, from: FuncId) -> bool {
        let s = &self.funcs[f.index()];
        let Some(body) = s.body.as_ref().filter(|_| s.built) else { return false };
        debug_assert_eq!(s.meta, view_has_meta(body), "stale metadata flag of {f}");
        if s.insts.len() != body.insts.len() || s.meta {
            return false;
        }
        let mut memo: HashMap<ConstId, bool> = HashMap::default();
        if body.props.iter().any(|p| matches!(p, Prop::Const(c) if self.may_mention(*c, from, &mut memo))) {
            return false;
        }
        let mut fixes: Vec<(usize, V, u32)> = Vec::new();
        for (i, inst) in body.insts.iter().enumerate() {
            for (k, u) in body.uses[inst.operands.range()].iter().enumerate() {
                if matches!(u.value, Value::Const(c) if self.may_mention(c, from, &mut memo)) {
                    fixes.push((inst.operands.start as usize + k, s.insts[i], k as u32));
                }
            }
        }
        let mut locals = std::mem::take(&mut self.local_of);
        locals.reset();
        let mut new_uses = Vec::with_capacity(fixes.len());
        let mut ok = true;
        for &(_, inst, k) in &fixes {
            // SAFETY: `inst` is a live instruction of `f` (the view is current) and `k` is
            // below its operand count (the view lists every operand).
            let o = unsafe { c::LLVMGetOperand(inst.0, k) };
            let (mut intrinsic, mut distinct) = (None, false);
            match (!o.is_null()).then(|| self.operand_use(inst, V(o), &locals, &mut intrinsic, &mut distinct)) {
                Some(Ok(u)) if matches!(u.value, Value::Const(_)) && !distinct => new_uses.push(u),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        self.local_of = locals;
        if !ok {
            return false;
        }
        self.drain_pending();
        let Some(body) = self.funcs[f.index()].body.as_mut() else { return false };
        for (&(at, _, _), u) in fixes.iter().zip(new_uses) {
            body.uses[at] = u;
        }
        if cfg!(debug_assertions) {
            self.assert_view_is_current(f);
        }
        true
    }

    /// May the constant `c` refer to the function `from` (see [`Self::patch_view`])?
    fn may_mention(&self, c: ConstId, from: FuncId, memo: &mut HashMap<ConstId, bool>) -> bool {
        // Leaves answer at once; only aggregates and expressions (through their
        // operands) are memoized.
        let ptrauth;
        let operands: &[ConstId] = match &self.consts[c.index()].kind {
            ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::Int(_)
            | ConstKind::Float(_)
            | ConstKind::DataArray(_)
            | ConstKind::DataVector(_) => return false,
            ConstKind::Global(g) | ConstKind::Wrapped { target: g, .. } => return *g == GlobalRef::Func(from),
            ConstKind::BlockAddress { func, .. } => return *func == from,
            // Contents unknown (printed-form identity): assume it may.
            ConstKind::Opaque(_) => return true,
            ConstKind::Array(v) | ConstKind::Struct(v) | ConstKind::Vector(v) => v,
            ConstKind::Expr { operands, .. } => operands,
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                ptrauth = [*ptr, *key, *disc, *addr_disc];
                &ptrauth
            }
        };
        if let Some(&r) = memo.get(&c) {
            return r;
        }
        let r = operands.iter().any(|e| self.may_mention(*e, from, memo));
        memo.insert(c, r);
        r
    }

    /// Do two constant ids record the same contents (recursively)?
    fn same_const(&self, a: ConstId, b: ConstId) -> bool {
        if a == b {
            return true;
        }
        let (x, y) = (&self.consts[a.index()], &self.consts[b.index()]);
        let all =
            |p: &[ConstId], q: &[ConstId]| p.len() == q.len() && p.iter().zip(q).all(|(u, v)| self.same_const(*u, *v));
        x.ty == y.ty
            && match (&x.kind, &y.kind) {
                (ConstKind::Array(p), ConstKind::Array(q))
                | (ConstKind::Struct(p), ConstKind::Struct(q))
                | (ConstKind::Vector(p), ConstKind::Vector(q)) => all(p, q),
                (
                    ConstKind::Expr { opcode: o1, operands: v1, props: p1 },
                    ConstKind::Expr { opcode: o2, operands: v2, props: p2 },
                ) => o1 == o2 && p1 == p2 && all(v1, v2),
                (
                    ConstKind::PtrAuth { ptr: a1, key: b1, disc: c1, addr_disc: d1 },
                    ConstKind::PtrAuth { ptr: a2, key: b2, disc: c2, addr_disc: d2 },
                ) => all(&[*a1, *b1, *c1, *d1], &[*a2, *b2, *c2, *d2]),
                (p, q) => p == q,
            }
    }

    /// Panics unless the module-level facts of `f` equal a rebuild from the IR now
    /// (constants by their recorded contents, as in [`Self::assert_view_is_current`]).
    pub(crate) fn assert_info_is_current(&mut self, f: FuncId) {
        let Some(v) = self.funcs[f.index()].v else { return };
        let (info, special) = self.build_info(v, self.shapes.is_alone(f.index()).then_some(f));
        self.drain_pending();
        let s = &self.funcs[f.index()];
        let old = &s.info;
        let same_sig = old.sig.len() == info.sig.len()
            && old.sig.iter().zip(info.sig.iter()).all(|(a, b)| match (a, b) {
                (Prop::Const(p), Prop::Const(q)) => self.same_const(*p, *q),
                (a, b) => a == b,
            });
        assert!(
            same_sig
                && s.info_ineligible == info.ineligible
                && s.fn_special == special
                && (&old.name, old.linkage, old.unnamed_addr, old.used_externally, old.ty, old.align, old.callable)
                    == (
                        &info.name,
                        info.linkage,
                        info.unnamed_addr,
                        info.used_externally,
                        info.ty,
                        info.align,
                        info.callable
                    ),
            "stale facts of {f}: kept {old:?} ({:?}), rebuilt {info:?}",
            s.info_ineligible
        );
    }

    /// Panics unless the built view of `f` equals a view rebuilt from the IR now (debug
    /// builds check every patched view this way).
    pub(crate) fn assert_view_is_current(&mut self, f: FuncId) {
        let before = self.funcs[f.index()].body.clone();
        let before_ineligible = self.funcs[f.index()].info.ineligible;
        let builds = self.views_built;
        self.invalidate(f);
        self.materialize_view(f);
        // A check, not a build of the pass.
        self.views_built = builds;
        let s = &self.funcs[f.index()];
        // Constants are compared by their recorded contents: a rebuild may intern an
        // unchanged constant again under a new id (pointer caches are cleared by other
        // rewrites); ids are identities, not contents.
        let same = match (&before, &s.body) {
            (Some(a), Some(b)) => {
                a.blocks == b.blocks
                    && a.insts == b.insts
                    && a.succs == b.succs
                    && a.uses.len() == b.uses.len()
                    && a.uses.iter().zip(&b.uses).all(|(x, y)| {
                        x.ty == y.ty
                            && match (x.value, y.value) {
                                (Value::Const(p), Value::Const(q)) => self.same_const(p, q),
                                (p, q) => p == q,
                            }
                    })
                    && a.props.len() == b.props.len()
                    && a.props.iter().zip(&b.props).all(|(x, y)| match (x, y) {
                        (Prop::Const(p), Prop::Const(q)) => self.same_const(*p, *q),
                        (p, q) => p == q,
                    })
            }
            (None, None) => true,
            _ => false,
        };
        assert!(
            same && before_ineligible == s.info.ineligible,
            "patched view of {f} ({}) differs from a rebuilt one:\npatched {before:?}\nrebuilt {:?}",
            String::from_utf8_lossy(&s.info.name),
            s.body
        );
    }

    /// Asks for the first cache lines of `f`'s IR if its view is not built yet (see
    /// [`mergefunc::mutate::FastPath::prefetch`]).
    pub(crate) fn prefetch_view(&self, f: FuncId) {
        /// Bytes from the start of the body: the walks prefetch further ahead themselves
        /// (2 KiB measured better than 4 KiB and 1 KiB on rust-linked-release).
        const PREFETCH_BYTES: u64 = 2048;
        let Some(s) = self.funcs.get(f.index()) else { return };
        if s.built {
            return;
        }
        if let Some(&(lo, hi)) = self.footprints.get(f.index()).filter(|r| r.0 != 0) {
            // SAFETY: a prefetch hint; the shim never dereferences the range.
            unsafe { ffi::mergefunc_prefetch_range(lo, hi.saturating_add(64), PREFETCH_BYTES) };
        }
    }

    /// Builds the body view of `f` if it is not current.
    pub(crate) fn materialize_view(&mut self, f: FuncId) {
        let s = &self.funcs[f.index()];
        if s.built {
            return;
        }
        let Some(v) = s.v else { return };
        let (ineligible, fn_special) = (s.info_ineligible, s.fn_special);
        let mut body = None;
        let mut insts = Vec::new();
        let mut meta = false;
        let mut reason_found = None;
        let mut copied_from = None;
        let mut view_gen = (self.const_gen, self.md_gen);
        if ineligible.is_none() {
            let t0 = crate::clock::ticks();
            let built = match self.copy_view(f, v, fn_special) {
                Some((view, src, gen)) => {
                    copied_from = src;
                    view_gen = gen;
                    Ok(view)
                }
                None => {
                    self.views_built += 1;
                    let built = self.build_body(v, fn_special);
                    if let Ok(view) = &built {
                        if !view.distinct_md {
                            self.add_copy_source(f);
                        }
                    }
                    built
                }
            };
            if !self.in_rewrite {
                self.add_time(t0, 1);
            }
            match built {
                Ok(view) => {
                    if view.distinct_md {
                        reason_found = Some(Ineligible::Adapter(reason::DISTINCT_MD));
                    } else if self.block_addresses
                        // SAFETY: `v` is a live function; the shim only reads its blocks
                        // and their uses.
                        && unsafe { ffi::mergefunc_block_address_escapes(v.0) } == 1
                    {
                        reason_found = Some(Ineligible::Adapter(reason::BLOCK_ADDRESS_ESCAPES));
                    }
                    body = Some(view.body);
                    insts = view.insts;
                    meta = view.meta;
                }
                Err(r) => reason_found = Some(Ineligible::Adapter(r)),
            }
        }
        self.drain_pending();
        let s = &mut self.funcs[f.index()];
        s.info.ineligible = ineligible.or(reason_found);
        s.body = body;
        s.insts = insts;
        s.meta = meta;
        s.built = true;
        s.copied_from = copied_from;
        s.view_gen = view_gen;
    }

    /// Copying views (on by default): a function whose body is another one's with its
    /// own locals in their places (the shim's `mergefunc_same_body`: same instructions,
    /// types up to congruent named structs, flags, properties, the attachments views
    /// record (a load's, a call's `!range`) and operands,
    /// a call to itself for a call to itself, direct calls possibly to other functions)
    /// gets a copy of that function's view, with its own name at self calls and its own
    /// callees, instead of a view built through LLVM-C. The copy is exactly the view a
    /// build would give, so the merges are the same either way; off, every view is built.
    /// The same check answers [`FastPath::same_body_as`] (with no other callee), which
    /// spares the view altogether when the other function survives; off, it says no.
    pub fn set_copy_views(&mut self, on: bool) {
        self.copy_views = on;
    }

    /// Tree keys (on by default, [`FastPath::tree_key`]): the core files a candidate in
    /// its tree under a key read from the prescan (or a walk of the function alone after
    /// a rewrite), and builds its view only when another function in the tree has the
    /// same key. The merges are the same either way; off, every candidate's view is built
    /// and hashed. For measurements and tests.
    pub fn set_tree_keys(&mut self, on: bool) {
        self.tree_keys = on;
    }

    /// Cycle keys (on by default, [`FastPath::cycle_key`]; they are read from tree
    /// keys, so they need those on): cycle merging leaves out, unread, the candidates
    /// alone in their key class. The merges are the same either way; off, every candidate
    /// cycle merging considers has its view built. For measurements and tests.
    pub fn set_cycle_keys(&mut self, on: bool) {
        self.cycle_keys = on;
    }

    /// Checking mode for tests: every copied view is also built directly, and each
    /// difference is recorded (see [`Self::copy_report`]).
    pub fn set_check_copies(&mut self, on: bool) {
        self.check_copies = on;
    }

    /// Views copied so far, and the differences the checking mode found (empty unless a
    /// copy differed from the direct build).
    pub fn copy_report(&self) -> (u64, &[String]) {
        (self.copy_stats.0, &self.copy_stats.1)
    }

    /// How many times [`FastPath::same_body_as`] vouched that a function has another's
    /// body (the driver then merges it without building its view if the other survives).
    pub fn same_body_claims(&self) -> u64 {
        self.same_body_claims
    }

    /// How many views were built through LLVM-C (not copied from a function with the
    /// same body, moved with a body or patched after a rewrite).
    pub fn views_built(&self) -> u64 {
        self.views_built
    }

    /// `f`'s built view as a source of copies under its copy key.
    pub(crate) fn add_copy_source(&mut self, f: FuncId) {
        let key = self.funcs[f.index()].copy_key;
        if !self.copy_views || key == 0 {
            return;
        }
        let e = self.copy_sources.entry(key).or_insert([u32::MAX; COPY_SOURCES]);
        if e.contains(&f.0) {
            return;
        }
        e.copy_within(0..COPY_SOURCES - 1, 1);
        e[0] = f.0;
    }

    /// The view of `f` (LLVM function `v`) copied from a built view of a function with
    /// the same body, if there is one, with the source's id when the copy is the same
    /// records (no other callee: a hint for the core) and the cache generations of its
    /// ids. Never in modules where a `blockaddress` may exist (the order does not take
    /// the identity of such a constant as equality).
    fn copy_view(&mut self, f: FuncId, v: V, fn_special: bool) -> Option<(BuiltView, Option<FuncId>, (u32, u32))> {
        let key = self.funcs[f.index()].copy_key;
        if key == 0 || !self.copies_allowed() {
            return None;
        }
        let sources = *self.copy_sources.get(&key)?;
        // One buffer for every attempt: it becomes the copy's `insts` on success.
        let mut insts: Vec<V> = Vec::new();
        'sources: for src in sources {
            if src == u32::MAX || src == f.0 {
                continue;
            }
            let Some(sv) = self.copy_source(src, fn_special) else { continue };
            let s = &self.funcs[src as usize];
            let (gen, n) = (s.view_gen, s.insts.len());
            let mut callee_at = [0usize; MAX_COPY_CALLEES];
            let mut callees = [std::ptr::null_mut(); MAX_COPY_CALLEES];
            let Some(ncallees) = self.same_body_walk(sv, v, Some((&mut insts, n)), &mut callee_at, &mut callees) else {
                continue;
            };
            let s = &self.funcs[src as usize];
            let Some(mut body) = s.body.clone() else { continue };
            let meta = s.meta;
            // Calls to itself: the only operands that differ, with the direct calls to
            // other functions (after the self calls: one of those may call the source).
            let src_id = FuncId(src);
            self.rename_self_calls(&mut body, src_id, v);
            for (&i, &g) in callee_at[..ncallees].iter().zip(&callees[..ncallees]) {
                let Some(Inst { kind: InstKind::Call { callee }, operands, .. }) = body.insts.get(i).copied() else {
                    continue 'sources;
                };
                body.uses[operands.start as usize + callee as usize].value = Value::Const(self.intern_const(V(g)));
            }
            self.copy_stats.0 += 1;
            if self.check_copies {
                self.check_against_build(f, v, fn_special, &body, Some((&insts, meta)), "the copied view");
            }
            // With other callees the records differ: no copy for the core to check.
            let from = (ncallees == 0).then_some(src_id);
            return Some((BuiltView { body, insts, distinct_md: false, meta }, from, gen));
        }
        None
    }

    /// May views be copied now? Not when turned off, not where a `blockaddress` may exist
    /// (the order does not take the identity of such a constant as equality), and not
    /// inside a rewrite, which brings views up to date one by one (a source may not
    /// describe its rewritten IR yet).
    fn copies_allowed(&self) -> bool {
        self.copy_views && !self.block_addresses && !self.in_rewrite
    }

    /// Function `src` as a source of copies for a function with `fn_special`: its LLVM
    /// function if its view is built, eligible, and holds the ids a build would give now
    /// (those of an older generation of the caches only where they are still a build's).
    fn copy_source(&self, src: u32, fn_special: bool) -> Option<V> {
        let s = &self.funcs[src as usize];
        let (Some(sv), Some(_)) = (s.v, s.body.as_ref()) else { return None };
        if !s.built || s.info.ineligible.is_some() || s.fn_special != fn_special {
            return None;
        }
        let gen = s.view_gen;
        if gen.0 != self.const_gen || (gen.1 != self.md_gen && !self.ids_outlive_md_generation(src)) {
            return None;
        }
        Some(sv)
    }

    /// Checking mode: builds `f`'s view (function `v`) directly and records any difference
    /// from `records` (`what`), and from the instruction handles and metadata flag in
    /// `handles` if given.
    fn check_against_build(
        &mut self,
        f: FuncId,
        v: V,
        fn_special: bool,
        records: &BodyBuf,
        handles: Option<(&[V], bool)>,
        what: &str,
    ) {
        let diff = match self.build_body(v, fn_special) {
            Ok(direct) => {
                let (d, c) = (direct.body.as_body(), records.as_body());
                first_difference("block", d.blocks, c.blocks)
                    .or_else(|| first_difference("instruction", d.insts, c.insts))
                    .or_else(|| first_difference("operand", d.uses, c.uses))
                    .or_else(|| first_difference("prop", d.props, c.props))
                    .or_else(|| first_difference("successor", d.succs, c.succs))
                    .or_else(|| direct.distinct_md.then(|| "a distinct metadata operand".to_string()))
                    .or_else(|| {
                        handles
                            .is_some_and(|(insts, meta)| direct.insts != insts || direct.meta != meta)
                            .then(|| "instruction handles or metadata flags".to_string())
                    })
                    .map(|d| format!("{what} differs from the built one ({d})"))
            }
            Err(r) => Some(format!("a direct build declines {what} ({r})")),
        };
        if let Some(diff) = diff {
            let name = String::from_utf8_lossy(&self.funcs[f.index()].info.name).into_owned();
            self.copy_stats.1.push(format!("{name}: {diff}"));
        }
    }

    /// The shim's same-body walk of source `sv` against `v`. With `out = Some((insts, n))`
    /// (the source's view has `n` instructions): on success `insts` holds `v`'s `n`
    /// instruction handles. With `None` nothing is written and the source need not have a
    /// view. On success `callee_at` and `callees` hold the direct calls of `v` to other
    /// functions than the source's (their number is returned), every pair of distinct
    /// types at one place has one id, and a view build would find both functions
    /// eligible as far as their bodies go (the shim declines the bodies it would not).
    fn same_body_walk(
        &mut self,
        sv: V,
        v: V,
        mut out: Option<(&mut Vec<V>, usize)>,
        callee_at: &mut [usize; MAX_COPY_CALLEES],
        callees: &mut [LLVMValueRef; MAX_COPY_CALLEES],
    ) -> Option<usize> {
        let (buf, n) = match out.as_mut() {
            Some((insts, n)) => {
                insts.clear();
                insts.reserve_exact(*n);
                (insts.as_mut_ptr() as *mut LLVMValueRef, *n)
            }
            None => (std::ptr::null_mut(), 0),
        };
        let mut types = [std::ptr::null_mut(); 2 * MAX_COPY_TYPE_PAIRS];
        let mut ntypes = 0usize;
        let mut ncallees = 0usize;
        // SAFETY: both are live functions of this module; the shim writes at most `n`
        // handles (none to a null `buf`), `MAX_COPY_TYPE_PAIRS` type pairs and
        // `MAX_COPY_CALLEES` callees.
        let got = unsafe {
            ffi::mergefunc_same_body(
                self.same_body.0,
                sv.0,
                v.0,
                buf,
                n,
                types.as_mut_ptr(),
                MAX_COPY_TYPE_PAIRS,
                &mut ntypes,
                callee_at.as_mut_ptr(),
                callees.as_mut_ptr(),
                MAX_COPY_CALLEES,
                &mut ncallees,
            )
        };
        if got < 0
            || (out.is_some() && got as usize != n)
            || ntypes > MAX_COPY_TYPE_PAIRS
            || ncallees > MAX_COPY_CALLEES
        {
            return None;
        }
        // Distinct types at the same place: the bodies are the same records only if the
        // type table gives both one id (congruent named structs).
        if !types[..2 * ntypes].chunks_exact(2).all(|p| self.intern_type(T(p[0])) == self.intern_type(T(p[1]))) {
            return None;
        }
        if let Some((insts, n)) = out {
            // SAFETY: the shim wrote `n` handles.
            unsafe { insts.set_len(n) };
        }
        Some(ncallees)
    }

    /// In a copy of `src`'s view for function `v`: the callees naming `src` name `v`.
    fn rename_self_calls(&mut self, body: &mut BodyBuf, src: FuncId, v: V) {
        let mut own = None;
        for i in 0..body.insts.len() {
            let inst = body.insts[i];
            let InstKind::Call { callee } = inst.kind else { continue };
            let at = inst.operands.start as usize + callee as usize;
            let Value::Const(c) = body.uses[at].value else { continue };
            if self.consts[c.index()].kind == ConstKind::Global(GlobalRef::Func(src)) {
                let mine = *own.get_or_insert_with(|| self.intern_const(v));
                body.uses[at].value = Value::Const(mine);
            }
        }
    }

    /// [`FastPath::same_body_as`]: the shim's same-body walk of `g` against `f`, under the
    /// conditions of a view copy (see [`Self::copy_view`]) and with no other callee: `f`'s
    /// view would be `g`'s with its self calls renamed. In checking mode
    /// ([`Self::set_check_copies`]) `f`'s view is also built directly and compared.
    pub(crate) fn same_body_claim(&mut self, f: FuncId, g: FuncId) -> bool {
        let Some((v, fn_special)) = self.claimable(f, g) else { return false };
        let Some(sv) = self.copy_source(g.0, fn_special) else { return false };
        self.claim_walk(f, g, sv, v, fn_special)
    }

    /// [`FastPath::same_unread_body_as`]: as [`Self::same_body_claim`] for a `g` whose
    /// view is not built. The shim's walk declines every body a view build would find
    /// ineligible, so a success vouches for `g`'s eligibility too; `g`'s module-level
    /// facts must allow it (a definition, eligible by its facts, the same `fn_special`).
    /// With `g`'s view built, this is [`Self::same_body_claim`].
    pub(crate) fn same_unread_body_claim(&mut self, f: FuncId, g: FuncId) -> bool {
        let Some((v, fn_special)) = self.claimable(f, g) else { return false };
        let sg = &self.funcs[g.index()];
        let sv = if sg.built {
            self.copy_source(g.0, fn_special)
        } else {
            sg.v.filter(|_| sg.def && sg.info.ineligible.is_none() && sg.fn_special == fn_special)
        };
        sv.is_some_and(|sv| self.claim_walk(f, g, sv, v, fn_special))
    }

    /// Part of [`ModuleMut::can_rewrite`] for thunks: whether a thunk may call `f`, or
    /// why not, where the call or the thunk would be invalid IR or a broken program: a
    /// `naked` function (a thunk with its attributes would use its arguments, which the
    /// verifier rejects, and have no frame to call from); one with a `preallocated`
    /// parameter (a call must pass the token of its `llvm.call.preallocated.setup`,
    /// which a thunk does not have); an interrupt handler (an interrupt calling
    /// convention, or the `"interrupt"` / `"signal"` attribute the ARM, AVR, MIPS, M68k
    /// and RISC-V back ends read): the thunk would be a handler calling a handler, which
    /// x86 refuses to compile and which elsewhere returns from the interrupt out of the
    /// callee, past the thunk's own epilogue. Equal functions share their calling
    /// convention and attributes, so the thunk's side needs no check of its own.
    pub(crate) fn thunk_may_call(&self, f: FuncId) -> Result<(), &'static str> {
        let Some(v) = self.funcs.get(f.index()).and_then(|s| s.v) else { return Err("not a live function") };
        if !v.is_function() {
            return Err("not a function");
        }
        if v.call_conv().is_some_and(|c| cc::INTERRUPT.contains(&c)) {
            return Err("an interrupt handler cannot be called from a thunk");
        }
        let [naked, prealloc] = self.no_thunk_kinds;
        // SAFETY: `v` is a live function of this module; the lookups only read its
        // attribute list (index ~0 is the function, 1.. the parameters).
        unsafe {
            for key in ["interrupt", "signal"] {
                let a =
                    c::LLVMGetStringAttributeAtIndex(v.0, u32::MAX, key.as_ptr() as *const c_char, key.len() as u32);
                if !a.is_null() {
                    return Err("an interrupt handler cannot be called from a thunk");
                }
            }
            if naked != 0 && !c::LLVMGetEnumAttributeAtIndex(v.0, u32::MAX, naked).is_null() {
                return Err("a naked function cannot be a thunk");
            }
            if prealloc != 0 {
                let n = c::LLVMCountParams(v.0);
                if (1..=n).any(|i| !c::LLVMGetEnumAttributeAtIndex(v.0, i, prealloc).is_null()) {
                    return Err("a preallocated argument needs its setup call, which a thunk lacks");
                }
            }
        }
        Ok(())
    }

    /// [`FastPath::tiny_body`] of a definition whose view is not built, from the IR (one
    /// block, counting its instructions other than debug intrinsics up to two); `None`
    /// with a view, which the driver then reads.
    pub(crate) fn tiny_body_of(&self, f: FuncId) -> Option<bool> {
        let s = self.funcs.get(f.index())?;
        let v = s.v.filter(|_| s.def && !s.built)?;
        // SAFETY: `v` is a live function of this module; the walk only reads the lists.
        unsafe {
            let first = c::LLVMGetFirstBasicBlock(v.0);
            if first.is_null() {
                return None;
            }
            if !c::LLVMGetNextBasicBlock(first).is_null() {
                return Some(false);
            }
            let mut n = 0;
            let mut i = c::LLVMGetFirstInstruction(first);
            while !i.is_null() && n < 2 {
                if !V(i).is_debug_intrinsic() {
                    n += 1;
                }
                i = c::LLVMGetNextInstruction(i);
            }
            Some(n < 2)
        }
    }

    /// What both claims require of `f` (an unread eligible definition) and of the pair
    /// (one copy key): `f`'s function and `fn_special`.
    fn claimable(&self, f: FuncId, g: FuncId) -> Option<(V, bool)> {
        if !self.copies_allowed() || f == g {
            return None;
        }
        let (sf, sg) = (&self.funcs[f.index()], &self.funcs[g.index()]);
        let v = sf.v?;
        if sf.built || !sf.def || sf.info.ineligible.is_some() || sf.copy_key == 0 || sf.copy_key != sg.copy_key {
            return None;
        }
        Some((v, sf.fn_special))
    }

    /// The walk of a claim: `g`'s function `sv` against `f`'s `v`, with no other callee.
    fn claim_walk(&mut self, f: FuncId, g: FuncId, sv: V, v: V, fn_special: bool) -> bool {
        let mut callee_at = [0usize; MAX_COPY_CALLEES];
        let mut callees = [std::ptr::null_mut(); MAX_COPY_CALLEES];
        let same = self.same_body_walk(sv, v, None, &mut callee_at, &mut callees) == Some(0);
        if same {
            self.same_body_claims += 1;
            if self.check_copies {
                self.check_same_body_claim(f, g, sv, v, fn_special);
            }
        }
        same
    }

    /// Checking mode: `f`'s view built directly must be `g`'s (its view, or a direct build
    /// of function `sv` when it has none, which must find it eligible) with self calls
    /// renamed.
    fn check_same_body_claim(&mut self, f: FuncId, g: FuncId, sv: V, v: V, fn_special: bool) {
        let mut expected = match self.funcs[g.index()].body.clone() {
            Some(b) => b,
            None => match self.build_body(sv, fn_special) {
                Ok(view) if !view.distinct_md => view.body,
                Ok(_) => return self.record_claim_diff(g, "its direct build has a distinct metadata operand"),
                Err(r) => return self.record_claim_diff(g, &format!("a direct build declines it ({r})")),
            },
        };
        self.rename_self_calls(&mut expected, g, v);
        self.check_against_build(f, v, fn_special, &expected, None, "the view of the claimed body");
    }

    /// Checking mode: a claim was wrong about `g`.
    fn record_claim_diff(&mut self, g: FuncId, what: &str) {
        let name = String::from_utf8_lossy(&self.funcs[g.index()].info.name).into_owned();
        self.copy_stats.1.push(format!("{name}: claimed unread body: {what}"));
    }

    /// Are the ids in `src`'s built view the same in every generation of the metadata
    /// caches: no inline asm (`asm_of` is one of those caches) and only metadata whose id
    /// does not depend on the generation (`meta_stable`)?
    pub(crate) fn ids_outlive_md_generation(&self, src: u32) -> bool {
        let s = &self.funcs[src as usize];
        let Some(body) = s.body.as_ref() else { return false };
        let stable = |m: MetaId| self.meta_stable.get(m.index()).copied().unwrap_or(false);
        body.uses.iter().all(|u| match u.value {
            Value::Asm(_) => false,
            Value::Meta(m) => stable(m),
            Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Const(_) => true,
        }) && (!s.meta
            || body.props.iter().all(|p| match p {
                Prop::Meta(Some(m)) => stable(*m),
                Prop::Meta(None) | Prop::Num(_) | Prop::Type(_) | Prop::Const(_) | Prop::Block(_) | Prop::Attrs(_) => {
                    true
                }
            }))
    }

    /// Rebuilds `f`'s facts, and its body view if it is built.
    pub(crate) fn rebuild_eagerly(&mut self, f: FuncId) {
        let was_built = self.funcs[f.index()].built;
        self.rebuild_info(f);
        if was_built {
            self.invalidate(f);
            self.materialize_view(f);
        }
    }

    fn intern_string(&mut self, s: &[u8]) -> u64 {
        let n = self.strings.len() as u64;
        *self.strings.entry(s.to_vec()).or_insert(n)
    }

    /// With `light` (function `light`, alone on its shape, which the core never compares,
    /// hashes or merges: see `shape`), its attribute list, garbage collector, section and
    /// personality are never interned; its signature props are a marker and its id
    /// instead, so that should it ever be compared, the order finds it different from
    /// every other function.
    fn build_info(&mut self, v: V, light: Option<FuncId>) -> (FuncInfo, bool) {
        let name: Box<[u8]> = v.name().into();
        let mut ineligible = None;
        let lk = match v.linkage() {
            Some(Ok(l)) => l,
            _ => {
                ineligible = Some(Ineligible::Adapter(reason::LINKAGE));
                L::External
            }
        };
        // LLVM's `GlobalValue::isInterposable`: an interposable linkage, or, with the
        // `SemanticInterposition` module flag, any symbol that is not `dso_local` (hidden
        // and protected visibility imply `dso_local`; local linkage is always).
        // SAFETY: `v` is a live function.
        let preemptible = self.semantic_interposition && unsafe { ffi::mergefunc_is_dso_local(v.0) } != 1;
        let linkage = match lk {
            L::External => Linkage { interposable: preemptible, ..Default::default() },
            L::AvailableExternally => {
                ineligible = Some(Ineligible::NoBody);
                Linkage { discardable_if_unused: true, ..Default::default() }
            }
            L::LinkOnceAny => Linkage { interposable: true, discardable_if_unused: true, ..Default::default() },
            L::LinkOnceOdr => {
                Linkage { odr: true, interposable: preemptible, discardable_if_unused: true, ..Default::default() }
            }
            L::WeakAny | L::ExternalWeak | L::Common => Linkage { interposable: true, ..Default::default() },
            L::WeakOdr => Linkage { odr: true, interposable: preemptible, ..Default::default() },
            L::Internal | L::Private => Linkage { local: true, discardable_if_unused: true, ..Default::default() },
            L::LinkOnceOdrAutoHide
            | L::Appending
            | L::DllImport
            | L::DllExport
            | L::Ghost
            | L::LinkerPrivate
            | L::LinkerPrivateWeak => {
                ineligible = Some(Ineligible::Adapter(reason::LINKAGE));
                Linkage { interposable: true, ..Default::default() }
            }
        };
        if v.is_declaration() {
            ineligible = Some(Ineligible::NoBody);
        }
        let cconv = v.call_conv().unwrap_or(0);
        let kernel = cc::NOT_CALLABLE.contains(&cconv);
        if kernel && ineligible.is_none() {
            ineligible = Some(Ineligible::Adapter(reason::KERNEL));
        }
        // SAFETY: the shim checks the kind of `v`.
        if ineligible.is_none() && unsafe { ffi::mergefunc_global_has_metadata(v.0, self.md_thunk) } == 1 {
            ineligible = Some(Ineligible::Adapter(reason::THUNK));
        }
        let fty = v.global_value_type().unwrap_or(T(ptr::null_mut()));
        let ty = self.intern_type(fty);
        // SAFETY: `v` is a function (`build_info` is only called for functions).
        let nparams = unsafe { c::LLVMCountParams(v.0) };
        if let Some(f) = light {
            let info = FuncInfo {
                name,
                linkage,
                ineligible,
                unnamed_addr: v.unnamed_addr() == 2,
                used_externally: self.used.contains(&v),
                ty,
                sig: Box::new([Prop::Num(LIGHT_SIG), Prop::Num(f.index() as u64)]),
                align: v.alignment().filter(|a| *a != 0).map(|a| a as u64),
                callable: !kernel,
            };
            return (info, false);
        }
        let (attrs, fn_special) = self.fn_attrs(v, nparams, false);
        // At most 8: attributes, gc, section, calling convention, personality. Built in a
        // reused buffer and copied out exactly sized.
        let mut sig = std::mem::take(&mut self.sig_scratch);
        sig.clear();
        sig.push(Prop::Attrs(attrs));
        match v.gc() {
            Some(g) => {
                sig.push(Prop::Num(1));
                sig.push(Prop::Num(self.intern_string(&g)));
            }
            None => sig.push(Prop::Num(0)),
        }
        match v.section() {
            Some(s) => {
                sig.push(Prop::Num(1));
                sig.push(Prop::Num(self.intern_string(&s)));
            }
            None => sig.push(Prop::Num(0)),
        }
        sig.push(Prop::Num(cconv as u64));
        match v.personality() {
            Some(p) => {
                sig.push(Prop::Num(1));
                let c = self.intern_const(p);
                sig.push(Prop::Const(c));
            }
            None => sig.push(Prop::Num(0)),
        }
        if !self.push_fn_extras(v, &mut sig) && ineligible.is_none() {
            ineligible = Some(Ineligible::Adapter(reason::ATTACHMENT));
        }
        // 64 bits: LLVM-C's 32-bit getter reads an alignment of 2^32 as none.
        // SAFETY: `v` is a live function.
        let align = Some(unsafe { ffi::mergefunc_function_alignment(v.0) }).filter(|a| *a != 0);
        let info = FuncInfo {
            name,
            linkage,
            ineligible,
            unnamed_addr: v.unnamed_addr() == 2,
            used_externally: self.used.contains(&v),
            ty,
            sig: Box::from(&sig[..]),
            align,
            callable: !kernel,
        };
        self.sig_scratch = sig;
        (info, fn_special)
    }

    /// Signature props for the function-level properties LLVM 22's comparator leaves out
    /// but a merge can make observable (each present/absent first, then the value):
    /// * prefix data (read through the function's address, placed before its entry) and
    ///   prologue data (code run at its entry): compared as constants;
    /// * the partition (`partition "name"`): which loadable unit holds the function;
    /// * every function attachment except `!dbg`, `!prof` and `!section_prefix` (debug
    ///   info, profile counts, a placement hint) and our thunk marker, by kind and
    ///   content (see [`Self::attachment_key`]): `!kcfi_type` and `!type` are checked by
    ///   indirect calls, `!func_sanitize` by `-fsanitize=function` callers, and kinds not
    ///   known here may carry meaning too.
    ///
    /// Returns false when an attachment cannot be compared by content (the function is
    /// then ineligible).
    fn push_fn_extras(&mut self, v: V, sig: &mut Vec<Prop>) -> bool {
        for data in [v.prefix_data(), v.prologue_data()] {
            match data {
                Some(c) => {
                    sig.push(Prop::Num(1));
                    let c = self.intern_const(c);
                    sig.push(Prop::Const(c));
                }
                None => sig.push(Prop::Num(0)),
            }
        }
        match v.partition() {
            Some(p) => {
                sig.push(Prop::Num(1));
                sig.push(Prop::Num(self.intern_string(&p)));
            }
            None => sig.push(Prop::Num(0)),
        }
        let skip = self.md_not_compared;
        let (mut kinds, mut nodes) = ([0u32; 8], [ptr::null_mut(); 8]);
        // SAFETY: the shim checks that `v` is a global object and writes at most 8 pairs.
        let n = unsafe {
            ffi::mergefunc_global_attachments(v.0, skip.as_ptr(), 4, kinds.as_mut_ptr(), nodes.as_mut_ptr(), 8)
        } as usize;
        let (kinds, nodes) = if n > 8 {
            let (mut k, mut m) = (vec![0u32; n], vec![ptr::null_mut(); n]);
            // SAFETY: as above, with buffers of `n` pairs.
            unsafe {
                ffi::mergefunc_global_attachments(v.0, skip.as_ptr(), 4, k.as_mut_ptr(), m.as_mut_ptr(), n as c_uint)
            };
            (k, m)
        } else {
            (kinds[..n].to_vec(), nodes[..n].to_vec())
        };
        sig.push(Prop::Num(n as u64));
        let mut exact = true;
        for (k, m) in kinds.into_iter().zip(nodes) {
            sig.push(Prop::Num(k as u64));
            match self.attachment_key(Md(m)) {
                Some(key) => sig.push(Prop::Num(self.intern_string(&key))),
                None => {
                    exact = false;
                    sig.push(Prop::Num(u64::MAX));
                }
            }
        }
        exact
    }

    /// The content of a function attachment as bytes, when it is a uniqued tuple whose
    /// operands are strings, integers of at most 64 bits and nulls (`!type`,
    /// `!kcfi_type`, `!func_sanitize`, ...): equal bytes, equal attachments. Keyed by
    /// content rather than by node, so that the key stays the same when the adapter's
    /// metadata caches are dropped (nodes may be freed and their addresses reused).
    /// `None` for anything else.
    fn attachment_key(&mut self, m: Md) -> Option<Vec<u8>> {
        if m.kind() != safe::MD_TUPLE || !MdCtx(self.ctx).is_uniqued_tuple(m) {
            return None;
        }
        let mdc = MdCtx(self.ctx);
        let mut key = Vec::new();
        for op in mdc.tuple_operands(m)? {
            let Some(op) = op else {
                key.push(0);
                continue;
            };
            match op.kind() {
                safe::MD_STRING => {
                    let s = mdc.string(op)?;
                    key.push(1);
                    key.extend_from_slice(&(s.len() as u64).to_le_bytes());
                    key.extend_from_slice(&s);
                }
                safe::MD_CONSTANT => {
                    let c = mdc.wrapped_value(op)?;
                    let bits = c.ty().int_width()?;
                    let x = c.const_int_u64()?;
                    key.push(2);
                    key.extend_from_slice(&bits.to_le_bytes());
                    key.extend_from_slice(&x.to_le_bytes());
                }
                _ => return None,
            }
        }
        Some(key)
    }

    // -----------------------------------------------------------------------------------
    // Attributes
    // -----------------------------------------------------------------------------------

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
            if self.special_alloca_kinds.contains(&kind) && kind != 0 {
                *special = true;
            }
            if c::LLVMIsTypeAttribute(a) != 0 {
                let t = c::LLVMGetTypeAttributeValue(a);
                let t = if t.is_null() { None } else { Some(self.intern_type(T(t))) };
                return Attr::Type(kind, t);
            }
            if c::LLVMIsEnumAttribute(a) != 0 {
                if let Some((enum_end, lo, hi)) = self.int_attr_range {
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
            let n = self.attr_ids.len() as u64;
            let id = *self.attr_ids.entry(a as usize).or_insert(n);
            Attr::Opaque(kind, id)
        }
    }

    /// The attribute list of a function or call site; also reports whether an
    /// `inalloca`/`swifterror` attribute appears.
    ///
    /// Attribute lists (and attributes) are uniqued per LLVM context and never freed, so
    /// lists are cached by the identity of LLVM's list (one shim call and one lookup for
    /// a list seen before), and below that by their raw attribute handles.
    fn fn_attrs(&mut self, v: V, nparams: u32, call_site: bool) -> (AttrsId, bool) {
        let mut ok = 0;
        // SAFETY: the shim checks the kind of `v`.
        let list = unsafe { ffi::mergefunc_attribute_list(v.0, &mut ok) } as usize;
        if ok == 1 {
            if let Some(r) = self.attrs_by_list.get(&(list, nparams)) {
                return *r;
            }
        }
        let r = self.fn_attrs_by_handles(v, nparams, call_site);
        if ok == 1 {
            self.attrs_by_list.insert((list, nparams), r);
        }
        r
    }

    /// [`Self::fn_attrs`] from the attribute handles of every index.
    fn fn_attrs_by_handles(&mut self, v: V, nparams: u32, call_site: bool) -> (AttrsId, bool) {
        let mut key = std::mem::take(&mut self.attr_key);
        let mut buf = std::mem::take(&mut self.attr_buf);
        key.clear();
        // Indices: function, return, then the parameters; trailing empty sets dropped.
        let mut idxs_end = 0usize;
        for (pos, idx) in
            [sys::LLVMAttributeFunctionIndex, sys::LLVMAttributeReturnIndex].into_iter().chain(1..=nparams).enumerate()
        {
            // SAFETY: `v` is a live call site when `call_site` (the body builder asks for calls
            // only), else a live function (`build_info`); `idx` is the function, return or a
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
        let r = match self.attrs_by_handles.get(&key[..]) {
            Some(r) => *r,
            None => {
                let r = self.attr_list_from_key(&key);
                self.attrs_by_handles.insert(key.clone().into_boxed_slice(), r);
                r
            }
        };
        self.attr_key = key;
        self.attr_buf = buf;
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
                let (attr, sp) = match self.attr_of.get(&a) {
                    Some(x) => x.clone(),
                    None => {
                        let mut sp = false;
                        let attr = self.attr(a as LLVMAttributeRef, &mut sp);
                        self.attr_of.insert(a, (attr.clone(), sp));
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
        while let Some(&id) = self.attrs_of.get(&k) {
            if self.attr_lists[id.index()] == list {
                return (id, special);
            }
            k = k.wrapping_add(1);
        }
        let id = AttrsId::new(self.attr_lists.len());
        self.attrs_of.insert(k, id);
        self.attr_lists.push(list);
        (id, special)
    }

    // -----------------------------------------------------------------------------------
    // Types
    // -----------------------------------------------------------------------------------

    #[inline]
    pub(crate) fn intern_type(&mut self, t: T) -> TypeId {
        // Types live as long as the context, so a handle's id never changes: a small
        // direct-mapped cache in front of the table answers most lookups.
        let slot = (t.0 as usize >> 4) & (TYPE_CACHE_SLOTS - 1);
        let (k, id) = self.type_cache[slot];
        if k == t.0 as usize && !t.0.is_null() {
            return TypeId(id);
        }
        let id = self.intern_type_by_table(t);
        self.type_cache[slot] = (t.0 as usize, id.0);
        id
    }

    fn intern_type_by_table(&mut self, t: T) -> TypeId {
        if let Some(id) = self.type_of.get(&t) {
            return *id;
        }
        // Types cannot contain themselves (only through pointers, which are opaque), so
        // the element types are interned first and the content decides the id.
        let data = if t.0.is_null() {
            TypeData::Other {
                kind: u32::MAX,
                name: Box::new(*b"null"),
                type_params: Box::new([]),
                int_params: Box::new([]),
            }
        } else {
            self.type_data_of(t)
        };
        let id = match self.type_by_data.get(&data) {
            Some(id) => *id,
            None => {
                let id = TypeId::new(self.types.len());
                self.types.push(data.clone());
                self.type_by_data.insert(data, id);
                id
            }
        };
        self.type_of.insert(t, id);
        id
    }

    /// A new type that equals no other (for a part of a type that LLVM-C could not
    /// read: never expected, but never equal to anything either).
    fn unique_type(&mut self, what: &str) -> TypeId {
        let id = TypeId::new(self.types.len());
        let data = TypeData::Other {
            kind: u32::MAX - 1,
            name: format!("{what} #{}", id.0).into_bytes().into(),
            type_params: Box::new([]),
            int_params: Box::new([]),
        };
        self.types.push(data.clone());
        self.type_by_data.insert(data, id);
        id
    }

    fn type_data_of(&mut self, t: T) -> TypeData {
        let float = |format: u32, bits: u32| TypeData::Float { format, bits };
        match t.kind() {
            Ok(TyKind::Void) => TypeData::Void,
            Ok(TyKind::Label) => TypeData::Label,
            Ok(TyKind::Metadata) => TypeData::Metadata,
            Ok(TyKind::Token) => TypeData::Token,
            Ok(TyKind::Half) => float(1, 16),
            Ok(TyKind::BFloat) => float(2, 16),
            Ok(TyKind::Float) => float(3, 32),
            Ok(TyKind::Double) => float(4, 64),
            Ok(TyKind::X86Fp80) => float(5, 80),
            Ok(TyKind::Fp128) => float(6, 128),
            Ok(TyKind::PpcFp128) => float(7, 128),
            Ok(TyKind::Integer) => TypeData::Int { bits: t.int_width().unwrap_or(0) },
            Ok(TyKind::Pointer) => TypeData::Ptr { addr_space: t.addr_space().unwrap_or(0) },
            Ok(TyKind::Vector | TyKind::ScalableVector) => {
                let elem = match t.elem() {
                    Some(e) => self.intern_type(e),
                    None => self.unique_type("element"),
                };
                TypeData::Vector { scalable: t.kind() == Ok(TyKind::ScalableVector), len: t.len().unwrap_or(0), elem }
            }
            Ok(TyKind::Array) => {
                let elem = match t.elem() {
                    Some(e) => self.intern_type(e),
                    None => self.unique_type("element"),
                };
                TypeData::Array { len: t.len().unwrap_or(0), elem }
            }
            Ok(TyKind::Struct) => {
                let fields: Vec<TypeId> =
                    t.fields().unwrap_or_default().into_iter().map(|f| self.intern_type(f)).collect();
                TypeData::Struct { packed: t.packed(), fields: fields.into() }
            }
            Ok(TyKind::Function) => {
                let Some((r, ps, va)) = t.func_sig() else {
                    return TypeData::Func { ret: self.unique_type("return"), params: Box::new([]), vararg: false };
                };
                let ret = self.intern_type(r);
                let params: Vec<TypeId> = ps.into_iter().map(|p| self.intern_type(p)).collect();
                TypeData::Func { ret, params: params.into(), vararg: va }
            }
            Ok(TyKind::X86Amx) => TypeData::Other {
                kind: TyKind::X86Amx.raw(),
                name: Box::new(*b"x86_amx"),
                type_params: Box::new([]),
                int_params: Box::new([]),
            },
            Ok(TyKind::TargetExt) => {
                let (name, tps, ips) = t.target_ext().unwrap_or_default();
                let tps: Vec<TypeId> = tps.into_iter().map(|p| self.intern_type(p)).collect();
                TypeData::Other {
                    kind: TyKind::TargetExt.raw(),
                    name: name.into(),
                    type_params: tps.into(),
                    int_params: ips.into(),
                }
            }
            Err(raw) => {
                // A type kind this build does not know: unique per type object.
                TypeData::Other {
                    kind: 1000 + raw,
                    name: format!("#{}", self.types.len()).into_bytes().into(),
                    type_params: Box::new([]),
                    int_params: Box::new([]),
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Constants
    // -----------------------------------------------------------------------------------

    fn global_ref(&mut self, v: V) -> GlobalRef {
        if v.is_function() {
            return GlobalRef::Func(self.register_func(v));
        }
        if let Some(g) = self.global_of.get(&v) {
            return GlobalRef::Other(*g);
        }
        if let Some(f) = self.func_of.get(&v) {
            // An alias written by the mutator keeps the id of the function it replaced.
            return GlobalRef::Func(*f);
        }
        let id = GlobalId::new(self.globals.len());
        self.globals.push(v);
        self.global_of.insert(v, id);
        GlobalRef::Other(id)
    }

    fn opaque_by_text(&mut self, v: V) -> ConstKind {
        let text = v.print();
        if text.contains("<badref>") {
            // Printing lost an identity (an unnamed global): fall back to the handle,
            // valid for this generation only.
            let n = self.next_opaque;
            let id = *self.opaque_ptr.entry(v.0 as usize).or_insert(n);
            if id == n {
                self.next_opaque += 1;
            }
            return ConstKind::Opaque(id | 1 << 63);
        }
        let n = self.next_opaque;
        let id = *self.opaque_text.entry(text).or_insert(n);
        if id == n {
            self.next_opaque += 1;
        }
        ConstKind::Opaque(id)
    }

    fn push_const(&mut self, v: V, data: ConstData) -> ConstId {
        let id = ConstId::new(self.consts.len());
        self.consts.push(data);
        self.const_of.insert(v, id);
        id
    }

    pub(crate) fn intern_const(&mut self, v: V) -> ConstId {
        if let Some(id) = self.const_of.get(&v) {
            return *id;
        }
        let ty = self.intern_type(v.ty());
        let kind = self.const_kind(v);
        self.push_const(v, ConstData { ty, kind })
    }

    fn const_list(&mut self, v: V) -> Box<[ConstId]> {
        let n = v.num_operands();
        (0..n).filter_map(|i| v.operand(i)).map(|o| self.intern_const(o)).collect()
    }

    fn const_kind(&mut self, v: V) -> ConstKind {
        let kind = match v.kind() {
            Ok(k) => k,
            Err(_) => return self.opaque_by_text(v),
        };
        match kind {
            ValKind::Function | ValKind::GlobalAlias | ValKind::GlobalIFunc | ValKind::GlobalVariable => {
                ConstKind::Global(self.global_ref(v))
            }
            _ if v.is_constant() && v.is_null_value() && !v.is_global() => ConstKind::Null,
            ValKind::ConstantAggregateZero
            | ValKind::ConstantPointerNull
            | ValKind::ConstantTokenNone
            | ValKind::ConstantTargetNone => ConstKind::Null,
            ValKind::UndefValue => ConstKind::Undef,
            ValKind::Poison => ConstKind::Poison,
            ValKind::ConstantInt => match v.const_int_words() {
                Some(w) if w.iter().all(|x| *x == 0) => ConstKind::Null,
                Some(w) => ConstKind::Int(w.into()),
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantFP => self.float_bits(v),
            ValKind::ConstantArray => ConstKind::Array(self.const_list(v)),
            ValKind::ConstantStruct => ConstKind::Struct(self.const_list(v)),
            ValKind::ConstantVector => ConstKind::Vector(self.const_list(v)),
            ValKind::ConstantDataArray | ValKind::ConstantDataVector => match v.raw_data() {
                Some(b) if b.iter().all(|x| *x == 0) => ConstKind::Null,
                Some(b) if kind == ValKind::ConstantDataArray => ConstKind::DataArray(self.data_image(v, b).into()),
                Some(b) => ConstKind::DataVector(self.data_image(v, b).into()),
                None => self.opaque_by_text(v),
            },
            ValKind::BlockAddress => match v.block_address() {
                Some((f, bb)) => {
                    let pos = f.blocks().iter().position(|b| *b == bb);
                    match pos {
                        Some(p) => ConstKind::BlockAddress { func: self.register_func(f), block: p as u32 },
                        None => self.opaque_by_text(v),
                    }
                }
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantPtrAuth => match v.ptrauth() {
                Some([p, k, d, a]) => ConstKind::PtrAuth {
                    ptr: self.intern_const(p),
                    key: self.intern_const(k),
                    disc: self.intern_const(d),
                    addr_disc: self.intern_const(a),
                },
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantExpr => self.const_expr(v),
            ValKind::Instruction if !v.is_instruction() && v.is_constant() => {
                // dso_local_equivalent / no_cfi: LLVM-C reports them as instructions and
                // cannot tell them apart; the printed form can.
                let text = v.print();
                let wrapped = if text.contains("dso_local_equivalent") {
                    Some(0)
                } else if text.contains("no_cfi") {
                    Some(1)
                } else {
                    None
                };
                match (wrapped, v.operand(0)) {
                    (Some(k), Some(g)) if g.is_global() => ConstKind::Wrapped { kind: k, target: self.global_ref(g) },
                    _ => self.opaque_by_text(v),
                }
            }
            ValKind::Argument
            | ValKind::BasicBlock
            | ValKind::MemoryUse
            | ValKind::MemoryDef
            | ValKind::MemoryPhi
            | ValKind::MetadataAsValue
            | ValKind::InlineAsm
            | ValKind::Instruction => self.opaque_by_text(v),
        }
    }

    /// The bytes of data array or vector `v` (LLVM's, `raw`) as [`DataBytes`] records
    /// them.
    fn data_image(&self, v: V, mut raw: Vec<u8>) -> Vec<u8> {
        let n = v.ty().len().unwrap_or(0) as usize;
        let width = if n == 0 { 0 } else { raw.len() / n };
        match self.data_bytes {
            DataBytes::AsStored => raw,
            DataBytes::Swapped => {
                if width > 1 && raw.len() % width == 0 {
                    for e in raw.chunks_mut(width) {
                        e.reverse();
                    }
                }
                raw
            }
            DataBytes::Tagged => {
                raw.insert(0, width.min(255) as u8);
                raw
            }
        }
    }

    fn float_bits(&mut self, v: V) -> ConstKind {
        let bits = match v.ty().kind() {
            Ok(TyKind::Half | TyKind::BFloat) => 16,
            Ok(TyKind::Float) => 32,
            Ok(TyKind::Double) => 64,
            Ok(TyKind::X86Fp80) => 80,
            Ok(TyKind::Fp128 | TyKind::PpcFp128) => 128,
            _ => return self.opaque_by_text(v),
        };
        // A bitcast of an FP constant to an integer of its width folds to a ConstantInt
        // holding the exact bit pattern (no constant expression is created).
        // SAFETY: `self.ctx` is the live context; `bits` is a valid integer width.
        let ity = unsafe { c::LLVMIntTypeInContext(self.ctx, bits) };
        // SAFETY: `v` is a live floating-point constant (its type kind matched above) and `ity` an
        // integer type of the same width, so the bitcast is valid.
        let as_int = V(unsafe { c::LLVMConstBitCast(v.0, ity) });
        match as_int.const_int_words() {
            Some(w) => ConstKind::Float(w.into()),
            None => self.opaque_by_text(v),
        }
    }

    fn const_expr(&mut self, v: V) -> ConstKind {
        let op = match v.const_opcode() {
            Some(Ok(op)) => op,
            _ => return self.opaque_by_text(v),
        };
        let opcode = op.raw();
        match op {
            // No flags: structural.
            Op::BitCast
            | Op::AddrSpaceCast
            | Op::PtrToInt
            | Op::PtrToAddr
            | Op::IntToPtr
            | Op::Xor
            | Op::ExtractElement
            | Op::InsertElement => ConstKind::Expr { opcode, operands: self.const_list(v), props: Box::new([]) },
            Op::GetElementPtr => {
                // `inrange` has no getter: a GEP that prints one is compared by identity.
                let text = v.print();
                if text.contains("inrange") {
                    return self.opaque_by_text(v);
                }
                let src = v.gep_source_type().map(|t| self.intern_type(t));
                let flags = v.gep_flags().unwrap_or(0) as u64;
                let mut props = vec![ConstProp::Num(flags)];
                if let Some(s) = src {
                    props.push(ConstProp::Type(s));
                }
                ConstKind::Expr { opcode, operands: self.const_list(v), props: props.into() }
            }
            // nuw/nsw of constant expressions cannot be read (LLVMGetNUW is UB there);
            // shufflevector masks are not operands: identity by printed form.
            Op::Add | Op::Sub | Op::Mul | Op::Shl | Op::Trunc | Op::ShuffleVector => self.opaque_by_text(v),
            Op::Ret
            | Op::Br
            | Op::Switch
            | Op::IndirectBr
            | Op::Invoke
            | Op::Unreachable
            | Op::CallBr
            | Op::FNeg
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::UDiv
            | Op::SDiv
            | Op::FDiv
            | Op::URem
            | Op::SRem
            | Op::FRem
            | Op::LShr
            | Op::AShr
            | Op::And
            | Op::Or
            | Op::Alloca
            | Op::Load
            | Op::Store
            | Op::ZExt
            | Op::SExt
            | Op::FPToUI
            | Op::FPToSI
            | Op::UIToFP
            | Op::SIToFP
            | Op::FPTrunc
            | Op::FPExt
            | Op::ICmp
            | Op::FCmp
            | Op::Phi
            | Op::Call
            | Op::Select
            | Op::UserOp1
            | Op::UserOp2
            | Op::VAArg
            | Op::ExtractValue
            | Op::InsertValue
            | Op::Freeze
            | Op::Fence
            | Op::AtomicCmpXchg
            | Op::AtomicRMW
            | Op::Resume
            | Op::LandingPad
            | Op::CleanupRet
            | Op::CatchRet
            | Op::CatchPad
            | Op::CleanupPad
            | Op::CatchSwitch => self.opaque_by_text(v),
        }
    }

    // -----------------------------------------------------------------------------------
    // Metadata and inline asm
    // -----------------------------------------------------------------------------------

    fn opaque_meta_id(&mut self, m: Md) -> u64 {
        let n = self.next_opaque;
        let id = *self.opaque_ptr.entry(m.0 as usize).or_insert(n);
        if id == n {
            self.next_opaque += 1;
        }
        id | 1 << 62
    }

    pub(crate) fn intern_meta(&mut self, m: Md) -> MetaId {
        if let Some(id) = self.meta_of.get(&m) {
            return *id;
        }
        // A placeholder first: a uniqued tuple may (through textual IR) contain itself.
        // Its content then names the placeholder, which no other item does.
        let id = MetaId::new(self.metas.len());
        self.metas.push(MetaData::Opaque(u64::MAX));
        self.meta_stable.push(false);
        self.meta_of.insert(m, id);
        let mdc = MdCtx(self.ctx);
        let (data, stable) = match m.kind() {
            safe::MD_STRING => (MetaData::String(mdc.string(m).unwrap_or_default().into()), true),
            safe::MD_CONSTANT => match mdc.wrapped_value(m) {
                Some(c) => (MetaData::Const(self.intern_const(c)), true),
                None => (MetaData::Opaque(self.opaque_meta_id(m)), false),
            },
            safe::MD_TUPLE if self.uniqued_tuple(m) => {
                let ops = mdc.tuple_operands(m).unwrap_or_default();
                let kids: Vec<Option<MetaId>> = ops.into_iter().map(|o| o.map(|x| self.intern_meta(x))).collect();
                let stable = kids.iter().flatten().all(|k| self.meta_stable[k.index()]);
                (MetaData::Node(kids.into()), stable)
            }
            // A distinct tuple (alias scope, domain, access group): renamed consistently
            // when passed as an argument (see `MetaData::Distinct`).
            safe::MD_TUPLE => (MetaData::Distinct(self.opaque_meta_id(m)), false),
            _ => (MetaData::Opaque(self.opaque_meta_id(m)), false),
        };
        // The same content has the same id (uniqued items with the same content are one
        // LLVM node; the opaque ones carry their node's identity in their content).
        if let Some(&old) = self.meta_by_data.get(&data) {
            self.meta_of.insert(m, old);
            return old;
        }
        self.metas[id.index()] = data.clone();
        self.meta_stable[id.index()] = stable;
        self.meta_by_data.insert(data, id);
        id
    }

    fn intern_asm(&mut self, v: V) -> Option<AsmId> {
        if let Some(id) = self.asm_of.get(&v) {
            return Some(*id);
        }
        let (t, text, cons, flags) = v.inline_asm()?;
        let ty = self.intern_type(t);
        let id = AsmId::new(self.asms.len());
        self.asms.push(AsmData { ty, text: text.into(), constraints: cons.into(), flags });
        self.asm_of.insert(v, id);
        Some(id)
    }

    // -----------------------------------------------------------------------------------
    // Bodies
    // -----------------------------------------------------------------------------------

    /// The constant offset of a getelementptr, exactly as LLVM's comparator folds it
    /// (`GEPOperator::accumulateConstantOffset` in the index width of the base's address
    /// space, vector bases included); `None` when an index is not a constant integer.
    fn gep_offset(&self, inst: V) -> Option<ConstOffset> {
        if !self.layout_known {
            return None;
        }
        let mut bits = 0;
        let mut words = [0u64; 2];
        // SAFETY: the shim checks that `inst` is a getelementptr instruction; `words`
        // holds the two words it writes.
        let r = unsafe { ffi::mergefunc_gep_offset(inst.0, &mut bits, words.as_mut_ptr()) };
        (r == 1 && (1..=128).contains(&bits))
            .then(|| ConstOffset { bits, value: words[0] as u128 | (words[1] as u128) << 64 })
    }

    /// [`Self::gep_offset`] of a getelementptr whose source type is `source_ty`, whose base
    /// lies in address space `addr_space` and whose operands are `ops`. When every index
    /// is a constant, the result is cached by (source type, address space, index
    /// constants): LLVM folds the offset from exactly those, in the module's one data
    /// layout, and an id names one constant for good (constants are immutable and ids
    /// are never reused), so a hit is the value folding would give.
    fn gep_offset_cached(&mut self, inst: V, source_ty: TypeId, addr_space: u32, ops: &[Use]) -> Option<ConstOffset> {
        let mut key = std::mem::take(&mut self.gep_key);
        key.clear();
        key.extend([source_ty.0, addr_space]);
        let all_const = ops.len() >= 2
            && ops[1..].iter().all(|u| match u.value {
                Value::Const(c) => {
                    key.push(c.0);
                    true
                }
                _ => false,
            });
        let r = if !all_const {
            self.gep_offset(inst)
        } else if let Some(&r) = self.gep_offsets.get(&key[..]) {
            r
        } else {
            let r = self.gep_offset(inst);
            self.gep_offsets.insert(key.as_slice().into(), r);
            r
        };
        self.gep_key = key;
        r
    }

    /// Builds the body of a defined function: `(body, instruction handles, has an
    /// intrinsic call with a distinct metadata operand)`, or an ineligibility reason.
    fn build_body(&mut self, f: V, fn_special: bool) -> Result<BuiltView, u32> {
        // SAFETY: `f` is a live function (the slot rule: only the value of a slot with a body is
        // built).
        let first = unsafe { c::LLVMGetFirstBasicBlock(f.0) };
        if first.is_null() {
            return Err(reason::UNSUPPORTED);
        }
        // Locals (arguments, blocks, instructions) by LLVM handle, with their types: one
        // table lookup per local operand instead of LLVM kind/type queries.
        let mut local_of = std::mem::take(&mut self.local_of);
        local_of.reset();
        let mut block_list = std::mem::take(&mut self.scratch_blocks);
        block_list.clear();
        let mut b = first;
        // SAFETY: `first` is a live block of `f` (not null, checked above).
        let label_ty = self.intern_type(T(unsafe { c::LLVMTypeOf(c::LLVMBasicBlockAsValue(first)) }));
        while !b.is_null() {
            // SAFETY: `b` is a live block of `f` (not null, checked by the loop).
            let bv = unsafe { c::LLVMBasicBlockAsValue(b) };
            local_of.insert(bv as usize, Value::Block(BlockId::new(block_list.len())), label_ty);
            block_list.push(b);
            // SAFETY: `b` is a live block of `f` (not null, checked by the loop).
            b = unsafe { c::LLVMGetNextBasicBlock(b) };
        }
        // SAFETY: `f` is a live function.
        let nparams = unsafe { c::LLVMCountParams(f.0) };
        for i in 0..nparams {
            // SAFETY: `f` is a live function and `i` is below its parameter count.
            let p = unsafe { c::LLVMGetParam(f.0, i) };
            let ty = self.intern_type(V(p).ty());
            local_of.insert(p as usize, Value::Arg(i), ty);
        }
        // Pass 1: number the instructions that have a meaning; opcode, result type and
        // operand count.
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.meta.clear();
        scratch.block_end.clear();
        let mut all = std::mem::take(&mut scratch.all);
        all.clear();
        let mut unsupported = false;
        for &b in &block_list {
            // SAFETY: `b` is a live block of `f`.
            let mut i = unsafe { c::LLVMGetFirstInstruction(b) };
            let start = all.len();
            while !i.is_null() {
                prefetch_ahead(i as usize);
                // SAFETY: `i` is a live instruction (not null, checked by the loop).
                let raw = unsafe { ffi::LLVMGetInstructionOpcode(i) };
                let debug = raw == Op::Call.raw() && V(i).is_debug_intrinsic();
                if !debug {
                    let ty = self.intern_type(V(i).ty());
                    local_of.insert(i as usize, Value::Inst(InstId::new(all.len())), ty);
                    all.push(V(i));
                    // SAFETY: `i` is a live instruction, hence a `User`.
                    let nops = unsafe { c::LLVMGetNumOperands(i) }.max(0) as u32;
                    scratch.meta.push((raw, ty, nops));
                }
                // SAFETY: `i` is a live instruction (not null, checked by the loop).
                i = unsafe { c::LLVMGetNextInstruction(i) };
            }
            if all.len() == start {
                unsupported = true;
                break;
            }
            scratch.block_end.push(all.len());
        }
        let r = if unsupported {
            Err(reason::UNSUPPORTED)
        } else {
            self.build_records(fn_special, &local_of, &all, &mut scratch)
        };
        // The view keeps an exactly sized copy of the instruction handles.
        let handles = all.clone();
        scratch.all = all;
        self.scratch = scratch;
        self.local_of = local_of;
        self.scratch_blocks = block_list;
        r.map(|(body, distinct_md, meta)| BuiltView { body, insts: handles, distinct_md, meta })
    }

    /// The operand `o` of an instruction as a [`Use`]. `intrinsic`: the instruction is an
    /// intrinsic call (decided lazily, only for metadata operands).
    #[inline]
    fn operand_use(
        &mut self,
        inst: V,
        o: V,
        local_of: &crate::ptrmap::LocalMap,
        intrinsic: &mut Option<bool>,
        distinct_md: &mut bool,
    ) -> Result<Use, u32> {
        if let Some((value, ty)) = local_of.get(o.0 as usize) {
            return Ok(Use { value, ty });
        }
        if let Some(&c) = self.const_of.get(&o) {
            return Ok(Use { value: Value::Const(c), ty: self.consts[c.index()].ty });
        }
        if let Some(&(m, distinct, ty)) = self.mav_of.get(&(o.0 as usize)) {
            if distinct && *intrinsic.get_or_insert_with(|| inst.is_intrinsic_call()) {
                *distinct_md = true;
            }
            return Ok(Use { value: Value::Meta(m), ty });
        }
        let ty = self.intern_type(o.ty());
        let value = match o.kind() {
            // Locals of this function were found above: these belong to another one.
            Ok(ValKind::Argument | ValKind::BasicBlock) => return Err(reason::UNSUPPORTED),
            Ok(ValKind::Instruction) if o.is_instruction() => return Err(reason::UNSUPPORTED),
            Ok(ValKind::MetadataAsValue) => {
                let md = o.as_metadata().ok_or(reason::UNSUPPORTED)?;
                let k = md.kind();
                // LLVM refuses functions whose intrinsic calls take a distinct node; only
                // tuples can be checked, every other node counts as distinct.
                let distinct = k != safe::MD_STRING
                    && k != safe::MD_CONSTANT
                    && k != safe::MD_LOCAL
                    && !(k == safe::MD_TUPLE && self.uniqued_tuple(md));
                let m = self.intern_meta(md);
                self.mav_of.insert(o.0 as usize, (m, distinct, ty));
                if distinct && *intrinsic.get_or_insert_with(|| inst.is_intrinsic_call()) {
                    *distinct_md = true;
                }
                Value::Meta(m)
            }
            Ok(ValKind::InlineAsm) => Value::Asm(self.intern_asm(o).ok_or(reason::UNSUPPORTED)?),
            Ok(ValKind::MemoryUse | ValKind::MemoryDef | ValKind::MemoryPhi) | Err(_) => {
                return Err(reason::UNSUPPORTED)
            }
            Ok(ValKind::Instruction) if !o.is_constant() => return Err(reason::UNSUPPORTED),
            Ok(
                ValKind::Instruction
                | ValKind::Function
                | ValKind::GlobalAlias
                | ValKind::GlobalIFunc
                | ValKind::GlobalVariable
                | ValKind::BlockAddress
                | ValKind::ConstantExpr
                | ValKind::ConstantArray
                | ValKind::ConstantStruct
                | ValKind::ConstantVector
                | ValKind::UndefValue
                | ValKind::ConstantAggregateZero
                | ValKind::ConstantDataArray
                | ValKind::ConstantDataVector
                | ValKind::ConstantInt
                | ValKind::ConstantFP
                | ValKind::ConstantPointerNull
                | ValKind::ConstantTokenNone
                | ValKind::Poison
                | ValKind::ConstantTargetNone
                | ValKind::ConstantPtrAuth,
            ) => Value::Const(self.intern_const(o)),
        };
        Ok(Use { value, ty })
    }

    /// Is the `MDTuple` `m` uniqued? Cached per node (until pointer caches are dropped).
    fn uniqued_tuple(&mut self, m: Md) -> bool {
        if let Some(&u) = self.uniqued_of.get(&m) {
            return u;
        }
        let u = MdCtx(self.ctx).is_uniqued_tuple(m);
        self.uniqued_of.insert(m, u);
        u
    }

    /// Pass 2 of [`Self::build_body`]: the records.
    fn build_records(
        &mut self,
        fn_special: bool,
        local_of: &crate::ptrmap::LocalMap,
        all: &[V],
        scratch: &mut BuildScratch,
    ) -> Result<(BodyBuf, bool, bool), u32> {
        let BuildScratch { meta, block_end, alloca_props, succs, .. } = scratch;
        // Built in place, sized from the first pass: blocks, instructions and operands
        // exactly; props and successors generously, then shrunk (in place).
        let nuses: usize = meta.iter().map(|m| m.2 as usize).sum();
        let mut owned = BodyBuf::default();
        owned.blocks.reserve_exact(block_end.len());
        owned.insts.reserve_exact(all.len());
        owned.uses.reserve_exact(nuses);
        owned.props.reserve_exact(PROPS_PER_INST * all.len() + 8);
        owned.succs.reserve_exact(2 * block_end.len() + 2);
        let buf = &mut owned;
        let mut distinct_md = false;
        let mut has_meta = false;
        let mut special_attrs = false;
        alloca_props.clear();
        let mut at = 0usize;
        for &end in block_end.iter() {
            buf.begin_block();
            for idx in at..end {
                let inst = all[idx];
                let (raw, rty, n) = meta[idx];
                let op = Op::from_raw(raw).ok_or(reason::UNSUPPORTED)?;
                // Operands and props go straight into the body.
                let (uses_from, props_from) = (buf.uses.len(), buf.props.len());
                let mut intrinsic = None;
                for k in 0..n {
                    // SAFETY: `inst` is a live instruction and `k` is below its operand count (`n`,
                    // read by the first pass).
                    let o = unsafe { c::LLVMGetOperand(inst.0, k) };
                    if o.is_null() {
                        return Err(reason::UNSUPPORTED);
                    }
                    let u = self.operand_use(inst, V(o), local_of, &mut intrinsic, &mut distinct_md)?;
                    buf.uses.push(u);
                }
                let mut kind = InstKind::Plain;
                let mut flags = 0u64;
                let mut weak_flags = 0u64;
                let fmf = |v: V| (v.fast_math().unwrap_or(0) as u64) << 8;
                let scope = |v: V| v.sync_scope().map(|s| s as u64).unwrap_or(1);
                let align = |v: V| v.alignment().unwrap_or(0) as u64;
                match op {
                    Op::Add | Op::Sub | Op::Mul | Op::Shl | Op::Trunc => {
                        let (nuw, nsw) = inst.wrap_flags().unwrap_or((false, false));
                        flags = nuw as u64 | (nsw as u64) << 1;
                    }
                    Op::UDiv | Op::SDiv | Op::LShr | Op::AShr => flags = inst.exact().unwrap_or(false) as u64,
                    Op::Or => flags = inst.disjoint().unwrap_or(false) as u64,
                    Op::ZExt => flags = inst.nneg().unwrap_or(false) as u64,
                    Op::UIToFP => flags = inst.nneg().unwrap_or(false) as u64 | fmf(inst),
                    Op::ICmp => {
                        flags = inst.samesign().unwrap_or(false) as u64;
                        buf.props.push(Prop::Num(inst.predicate().unwrap_or(0) as u64));
                    }
                    Op::FCmp => {
                        flags = fmf(inst);
                        buf.props.push(Prop::Num(inst.predicate().unwrap_or(0) as u64));
                    }
                    Op::FNeg
                    | Op::FAdd
                    | Op::FSub
                    | Op::FMul
                    | Op::FDiv
                    | Op::FRem
                    | Op::Select
                    | Op::Phi
                    | Op::SIToFP
                    | Op::FPToUI
                    | Op::FPToSI
                    | Op::FPTrunc
                    | Op::FPExt => {
                        flags = fmf(inst);
                        if op == Op::Phi {
                            // SAFETY: `inst` is a live `phi` (the opcode matched above).
                            let nin = unsafe { c::LLVMCountIncoming(inst.0) };
                            for i in 0..nin {
                                // SAFETY: `inst` is a live `phi` and `i` is below its incoming
                                // count.
                                let bv = unsafe { c::LLVMBasicBlockAsValue(c::LLVMGetIncomingBlock(inst.0, i)) };
                                match local_of.get(bv as usize) {
                                    Some((Value::Block(b), _)) => buf.props.push(Prop::Block(b)),
                                    _ => return Err(reason::UNSUPPORTED),
                                }
                            }
                        }
                    }
                    Op::Alloca => {
                        let t = inst.allocated_type().ok_or(reason::UNSUPPORTED)?;
                        buf.props.push(Prop::Type(self.intern_type(t)));
                        buf.props.push(Prop::Num(align(inst)));
                        alloca_props.push((inst, buf.props.len()));
                        buf.props.push(Prop::Num(0));
                    }
                    Op::Load => {
                        memory_access_props(inst, &mut buf.props);
                        let md = inst.inst_metadata();
                        buf.props.push(Prop::Num(md.len() as u64));
                        for (k, m) in md {
                            buf.props.push(Prop::Num(k as u64));
                            buf.props.push(Prop::Meta(Some(self.intern_meta(m))));
                        }
                    }
                    Op::Store => {
                        memory_access_props(inst, &mut buf.props);
                    }
                    Op::Call | Op::Invoke | Op::CallBr => {
                        flags = fmf(inst);
                        kind = InstKind::Call { callee: n.checked_sub(1).ok_or(reason::UNSUPPORTED)? };
                        // SAFETY: `inst` is a live call site (the opcode matched above).
                        buf.props.push(Prop::Num(unsafe { c::LLVMGetInstructionCallConv(inst.0) } as u64));
                        // SAFETY: as above: `inst` is a live call site.
                        let nargs = unsafe { c::LLVMGetNumArgOperands(inst.0) };
                        let (attrs, special) = self.fn_attrs(inst, nargs, true);
                        special_attrs |= special;
                        buf.props.push(Prop::Attrs(attrs));
                        // SAFETY: as above: `inst` is a live call site.
                        if unsafe { c::LLVMGetNumOperandBundles(inst.0) } == 0 {
                            buf.props.push(Prop::Num(0));
                        } else {
                            let bundles = inst.bundles().unwrap_or_default();
                            buf.props.push(Prop::Num(bundles.len() as u64));
                            for (tag, nin) in bundles {
                                buf.props.push(Prop::Num(self.intern_string(&tag)));
                                buf.props.push(Prop::Num(nin as u64));
                            }
                        }
                        if op == Op::Call {
                            // SAFETY: `inst` is a live `call` (checked just above).
                            buf.props.push(Prop::Num(unsafe { ffi::LLVMGetTailCallKind(inst.0) } as u64));
                        }
                        // `!range` only: one lookup, no attachment list.
                        // SAFETY: `inst` is a live instruction; `md_range` is a kind id of this
                        // context.
                        let range = unsafe { c::LLVMGetMetadata(inst.0, self.md_range) };
                        let range = if range.is_null() {
                            None
                        } else {
                            // SAFETY: `range` is live metadata wrapped as a value (not null,
                            // checked above).
                            let m = unsafe { c::LLVMValueAsMetadata(range) };
                            (!m.is_null()).then(|| self.intern_meta(Md(m)))
                        };
                        buf.props.push(Prop::Meta(range));
                        buf.props
                            // SAFETY: `inst` is a live call site (the opcode matched above).
                            .push(Prop::Type(self.intern_type(T(unsafe { c::LLVMGetCalledFunctionType(inst.0) }))));
                    }
                    Op::GetElementPtr => {
                        let base_ty = inst.operand(0).map(|b| b.ty());
                        let addr_space = base_ty.and_then(|t| t.addr_space()).unwrap_or(0);
                        let src = inst.gep_source_type().ok_or(reason::UNSUPPORTED)?;
                        let source_ty = self.intern_type(src);
                        let offset = self.gep_offset_cached(inst, source_ty, addr_space, &buf.uses[uses_from..]);
                        kind = InstKind::Address { base: 0, addr_space, source_ty, offset };
                        weak_flags = inst.gep_flags().unwrap_or(0) as u64;
                    }
                    Op::Switch => {
                        for cv in inst.switch_cases().unwrap_or_default() {
                            if cv.is_null() {
                                return Err(reason::UNSUPPORTED);
                            }
                            buf.props.push(Prop::Const(self.intern_const(cv)));
                        }
                    }
                    Op::ExtractValue | Op::InsertValue => {
                        let idx = inst.agg_indices().unwrap_or_default();
                        buf.props.push(Prop::Num(idx.len() as u64));
                        buf.props.extend(idx.into_iter().map(|i| Prop::Num(i as u64)));
                    }
                    Op::Fence => {
                        buf.props.push(Prop::Num(inst.ordering().unwrap_or(0) as u64));
                        buf.props.push(Prop::Num(scope(inst)));
                    }
                    Op::AtomicCmpXchg => {
                        let (s, fo, weak) = inst.cmpxchg().ok_or(reason::UNSUPPORTED)?;
                        buf.props.push(Prop::Num(inst.volatile().unwrap_or(false) as u64));
                        buf.props.push(Prop::Num(weak as u64));
                        buf.props.push(Prop::Num(s as u64));
                        buf.props.push(Prop::Num(fo as u64));
                        buf.props.push(Prop::Num(scope(inst)));
                        buf.props.push(Prop::Num(align(inst)));
                    }
                    Op::AtomicRMW => {
                        flags = fmf(inst);
                        buf.props.push(Prop::Num(inst.rmw_op().unwrap_or(0) as u64));
                        buf.props.push(Prop::Num(inst.volatile().unwrap_or(false) as u64));
                        buf.props.push(Prop::Num(inst.ordering().unwrap_or(0) as u64));
                        buf.props.push(Prop::Num(scope(inst)));
                        buf.props.push(Prop::Num(align(inst)));
                    }
                    Op::ShuffleVector => {
                        let mask = inst.shuffle_mask().unwrap_or_default();
                        buf.props.push(Prop::Num(1));
                        buf.props.push(Prop::Num(mask.len() as u64));
                        buf.props.extend(mask.into_iter().map(|m| Prop::Num(m as i64 as u64)));
                    }
                    Op::LandingPad => buf.props.push(Prop::Num(inst.is_cleanup().unwrap_or(false) as u64)),
                    Op::UserOp1 | Op::UserOp2 => return Err(reason::UNSUPPORTED),
                    Op::Ret
                    | Op::Br
                    | Op::IndirectBr
                    | Op::Unreachable
                    | Op::And
                    | Op::Xor
                    | Op::URem
                    | Op::SRem
                    | Op::SExt
                    | Op::PtrToInt
                    | Op::PtrToAddr
                    | Op::IntToPtr
                    | Op::BitCast
                    | Op::AddrSpaceCast
                    | Op::VAArg
                    | Op::ExtractElement
                    | Op::InsertElement
                    | Op::Freeze
                    | Op::Resume
                    | Op::CleanupRet
                    | Op::CatchRet
                    | Op::CatchPad
                    | Op::CleanupPad
                    | Op::CatchSwitch => {}
                }
                has_meta |= buf.uses[uses_from..].iter().any(|u| matches!(u.value, Value::Meta(_)))
                    || buf.props[props_from..].iter().any(|p| matches!(p, Prop::Meta(Some(_))));
                buf.push_inst_in_place(op.raw(), rty, kind, uses_from, props_from, flags, weak_flags);
            }
            let term = all[end - 1];
            succs.clear();
            // SAFETY: `term` is a live instruction; `LLVMIsA*` is a checked cast.
            if !unsafe { c::LLVMIsATerminatorInst(term.0) }.is_null() {
                // SAFETY: `term` is a live terminator (checked above).
                let ns = unsafe { c::LLVMGetNumSuccessors(term.0) };
                for i in 0..ns {
                    // SAFETY: `term` is a live terminator and `i` is below its successor count.
                    let bv = unsafe { c::LLVMBasicBlockAsValue(c::LLVMGetSuccessor(term.0, i)) };
                    match local_of.get(bv as usize) {
                        Some((Value::Block(b), _)) => succs.push(b),
                        _ => return Err(reason::UNSUPPORTED),
                    }
                }
            }
            buf.set_succs(succs);
            at = end;
        }
        buf.finish();
        owned.props.shrink_to_fit();
        owned.succs.shrink_to_fit();
        let mut buf = owned;
        // `inalloca`/`swifterror` alloca bits have no getter: in the rare functions that
        // use those attributes, read them from the printed alloca.
        if special_attrs || fn_special {
            for &(a, at) in alloca_props.iter() {
                let text = a.print();
                let after = text.split_once("alloca").map(|p| p.1).unwrap_or("");
                let bits = after.contains("inalloca") as u64 | (after.contains("swifterror") as u64) << 1;
                buf.props[at] = Prop::Num(bits);
            }
        }
        Ok((buf, distinct_md, has_meta))
    }

    /// Functions whose body or signature refers to `v` (through constants too).
    pub(crate) fn referencing_funcs(&self, v: V, include_sig: bool, out: &mut Vec<FuncId>) {
        let mut seen: HashSet<V> = HashSet::default();
        let mut stack = vec![v];
        let mut last_block = ptr::null_mut();
        while let Some(x) = stack.pop() {
            for user in x.users() {
                if user.is_instruction() {
                    self.push_parent(user, &mut last_block, out);
                } else if user.is_function() {
                    if include_sig {
                        if let Some(f) = self.func_of.get(&user) {
                            out.push(*f);
                        }
                    }
                } else if user.is_constant() && !user.is_global() && seen.insert(user) {
                    stack.push(user);
                }
            }
        }
    }

    /// Like [`Self::referencing_funcs`], split into functions with an instruction that
    /// refers to `v` (`insts`) and functions whose signature does (`sig`: personality,
    /// prefix and prologue data).
    pub(crate) fn referencing_funcs_split(
        &self,
        v: V,
        insts: &mut Vec<FuncId>,
        sig: &mut Vec<FuncId>,
        consts: &mut Vec<V>,
    ) {
        let mut seen: HashSet<V> = HashSet::default();
        let mut stack = vec![v];
        let mut last_block = ptr::null_mut();
        while let Some(x) = stack.pop() {
            for user in x.users() {
                if user.is_instruction() {
                    self.push_parent(user, &mut last_block, insts);
                } else if user.is_function() {
                    if let Some(f) = self.func_of.get(&user) {
                        sig.push(*f);
                    }
                } else if user.is_constant() && !user.is_global() && seen.insert(user) {
                    consts.push(user);
                    stack.push(user);
                }
            }
        }
    }

    /// Functions with an instruction that has `v` itself as an operand (not inside a
    /// constant).
    pub(crate) fn instruction_users(&self, v: V, out: &mut Vec<FuncId>) {
        let mut last_block = ptr::null_mut();
        for user in v.users() {
            if user.is_instruction() {
                self.push_parent(user, &mut last_block, out);
            }
        }
    }

    /// Splits `users` (functions with an instruction that refers to `v`, directly or
    /// inside constants) into those `users_of(.., UseKind::Any)` reports (an
    /// instruction has `v` itself as an operand; the driver took them out of its tree,
    /// their views may be rebuilt lazily), returned in `users`, and the others, returned:
    /// they may sit in the driver's tree, so a rewrite that changes them rebuilds their
    /// views before it returns.
    pub(crate) fn split_by_direct_use(&self, v: V, users: &mut Vec<FuncId>) -> Vec<FuncId> {
        let mut direct = Vec::new();
        self.instruction_users(v, &mut direct);
        direct.sort_unstable();
        direct.dedup();
        let mut eager = Vec::new();
        users.retain(|f| {
            direct.binary_search(f).is_ok() || {
                eager.push(*f);
                false
            }
        });
        eager
    }

    /// Appends the function of instruction `user` to `out`, unless `user` is in
    /// `*last_block`, the block of the previous user: that function is already there.
    /// Use lists hold the uses of one caller mostly in runs, so this keeps `out` close
    /// to one entry per caller (callers sort and deduplicate it anyway).
    pub(crate) fn push_parent(&self, user: V, last_block: &mut LLVMBasicBlockRef, out: &mut Vec<FuncId>) {
        let Some(b) = user.parent_block() else { return };
        if b == *last_block {
            return;
        }
        *last_block = b;
        // SAFETY: `b` is the live parent block of the instruction `user` (not null, from
        // `parent_block`).
        let f = V(unsafe { c::LLVMGetBasicBlockParent(b) });
        if let Some(id) = self.func_of.get(&f) {
            if out.last() != Some(id) {
                out.push(*id);
            }
        }
    }

    pub(crate) fn func_value(&self, f: FuncId) -> Result<V, LlvmError> {
        self.funcs.get(f.index()).and_then(|s| s.v).ok_or_else(|| LlvmError(format!("{f} no longer exists")))
    }

    /// For every function id whose symbol (function or alias) is in the module now and
    /// has no name, the number LLVM's printer gives it (`@0`, `@1`, ...: unnamed global
    /// variables first, then aliases, ifuncs and functions, each in module order); `None`
    /// for named and erased ones. Indexed by [`FuncId`].
    pub fn unnamed_slots(&self) -> Vec<Option<usize>> {
        let mut slot_of: HashMap<V, usize> = HashMap::default();
        let mut next = 0usize;
        let mut number = |v: sys::prelude::LLVMValueRef| {
            if V(v).name().is_empty() {
                slot_of.insert(V(v), next);
                next += 1;
            }
        };
        // SAFETY: walks the module's global lists with LLVM-C's iterators; nothing changes.
        unsafe {
            let mut v = c::LLVMGetFirstGlobal(self.m);
            while !v.is_null() {
                number(v);
                v = c::LLVMGetNextGlobal(v);
            }
            let mut v = c::LLVMGetFirstGlobalAlias(self.m);
            while !v.is_null() {
                number(v);
                v = c::LLVMGetNextGlobalAlias(v);
            }
            let mut v = c::LLVMGetFirstGlobalIFunc(self.m);
            while !v.is_null() {
                number(v);
                v = c::LLVMGetNextGlobalIFunc(v);
            }
            let mut v = c::LLVMGetFirstFunction(self.m);
            while !v.is_null() {
                number(v);
                v = c::LLVMGetNextFunction(v);
            }
        }
        self.funcs.iter().map(|s| s.v.and_then(|v| slot_of.get(&v).copied())).collect()
    }
}

/// Where two record arrays of a view first differ (check mode's report), or `None` if
/// they are equal.
pub(crate) fn first_difference<X: PartialEq + fmt::Debug>(what: &str, built: &[X], copied: &[X]) -> Option<String> {
    if built == copied {
        return None;
    }
    let i = built.iter().zip(copied).position(|(a, b)| a != b).unwrap_or(built.len().min(copied.len()));
    Some(format!("{what} {i}: {:?} built, {:?} copied", built.get(i), copied.get(i)))
}

/// Does a view have a metadata operand or attachment (see [`Slot::meta`])?
pub(crate) fn view_has_meta(body: &BodyBuf) -> bool {
    body.uses.iter().any(|u| matches!(u.value, Value::Meta(_)))
        || body.props.iter().any(|p| matches!(p, Prop::Meta(Some(_))))
}

/// Clears a cache only if it holds something: clearing a hash map costs its capacity,
/// and the rewrites clear these caches after every merge.
fn clear_if_used<K, X>(m: &mut HashMap<K, X>) {
    if !m.is_empty() {
        m.clear();
    }
}

impl Module for LlvmModule {
    fn num_funcs(&self) -> usize {
        self.funcs.len()
    }
    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.funcs[f.index()].info
    }
    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        let s = &self.funcs[f.index()];
        if !s.built {
            return None;
        }
        s.body.as_ref().map(|b| b.as_body())
    }
    fn type_data(&self, t: TypeId) -> &TypeData {
        &self.types[t.index()]
    }
    fn const_data(&self, c: ConstId) -> &ConstData {
        &self.consts[c.index()]
    }
    fn meta_data(&self, m: MetaId) -> &MetaData {
        &self.metas[m.index()]
    }
    fn asm_data(&self, a: AsmId) -> &AsmData {
        &self.asms[a.index()]
    }
    fn attrs(&self, a: AttrsId) -> &AttrList {
        &self.attr_lists[a.index()]
    }
    fn target(&self) -> &TargetInfo {
        &self.target
    }
    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>) {
        let Some(v) = self.funcs[f.index()].v else { return };
        match kind {
            // LLVM's `removeUsers`: instructions that have the function itself as an
            // operand. Functions that name it only inside a constant are left in the
            // tree; the rewrites rebuild their views eagerly (`split_by_direct_use`).
            UseKind::Any => self.instruction_users(v, out),
            UseKind::DirectCalls => {
                let mut last_block = ptr::null_mut();
                for (u, user) in v.uses() {
                    if user.is_call() {
                        let n = user.num_operands();
                        if n > 0 && user.operand_use(n - 1) == Some(u) {
                            self.push_parent(user, &mut last_block, out);
                        }
                    }
                }
            }
        }
    }
    fn has_uses(&self, f: FuncId) -> bool {
        self.funcs[f.index()].v.is_some_and(|v| v.has_uses())
    }
    fn describe(&self, f: FuncId, item: Item, out: &mut dyn fmt::Write) -> fmt::Result {
        self.describe_item(f, item, out)
    }
    fn prop_label(&self, f: FuncId, inst: Option<InstId>, k: usize) -> Option<&'static str> {
        self.prop_label_of(f, inst, k)
    }
    fn ineligible_reason(&self, code: u32) -> &str {
        match code {
            reason::DISTINCT_MD => "an intrinsic call takes a distinct metadata node",
            reason::KERNEL => "a calling convention no call may use (GPU kernels and shaders)",
            reason::UNSUPPORTED => "the body contains a construct the LLVM adapter cannot describe",
            reason::LINKAGE => "unsupported linkage",
            reason::THUNK => "a thunk written by an earlier merge run (!mergefunc.thunk)",
            reason::BLOCK_ADDRESS_ESCAPES => "the address of one of its blocks is used outside the function",
            reason::ATTACHMENT => "a function attachment that cannot be compared by content",
            _ => "excluded by the LLVM adapter",
        }
    }
}

/// The first signature prop of a function alone on its shape (see `build_info`); a full
/// signature starts with `Prop::Attrs`.
const LIGHT_SIG: u64 = 0x6c69_6768_7400_0001;

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

/// Volatile, alignment, ordering and sync scope of a load or a store (`docs/llvm-rules.md` §2.10), in
/// that order. The caller has checked the opcode, so the fields are read directly; the
/// scope of a non-atomic access is 1 (LLVM's "system").
fn memory_access_props(inst: V, props: &mut Vec<Prop>) {
    // SAFETY: `inst` is a live load or store (the caller matched the opcode), which every getter
    // below accepts; the scope is read only for an atomic access.
    let (vol, al, ord, sc) = unsafe {
        (
            c::LLVMGetVolatile(inst.0) != 0,
            c::LLVMGetAlignment(inst.0) as u64,
            ffi::LLVMGetOrdering(inst.0) as u64,
            if c::LLVMIsAtomic(inst.0) != 0 { c::LLVMGetAtomicSyncScopeID(inst.0) as u64 } else { 1 },
        )
    };
    props.extend([Prop::Num(vol as u64), Prop::Num(al), Prop::Num(ord), Prop::Num(sc)]);
}

/// Asks the CPU to start loading the memory a few KiB after address `at` (the shim's
/// `PrefetchAhead`: the parser allocated instructions and their operands one after the
/// other, so walking a function this way keeps the next instructions' cache misses in
/// flight). Never reads the memory itself; does nothing on other architectures.
#[inline(always)]
fn prefetch_ahead(at: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let a = at.wrapping_add(4096);
        // SAFETY: a prefetch is a hint; it never faults, whatever the address.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(a as *const i8);
            _mm_prefetch::<_MM_HINT_T0>(a.wrapping_add(64) as *const i8);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_words() {
        assert_eq!(safe::parse_decimal_words("18446744073709551616", 128), Some(vec![0, 1]));
        assert_eq!(safe::parse_decimal_words("-1", 128), Some(vec![u64::MAX, u64::MAX]));
        assert_eq!(safe::parse_decimal_words("-1", 80), Some(vec![u64::MAX, 0xffff]));
        assert_eq!(safe::parse_decimal_words("x", 80), None);
    }
}
