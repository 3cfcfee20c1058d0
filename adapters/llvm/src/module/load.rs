//! Loading, writing and verifying a module: [`LlvmModule::parse`] and
//! [`LlvmModule::load`] (text or bitcode, verified before anything reads it),
//! [`LlvmModule::from_borrowed`] (a host's module, used in place), the module-level facts
//! read once at load (data layout, `SemanticInterposition`, `llvm.used`, attribute kind
//! ranges), and the writers.
//!
//! Invariants: a module that fails to parse or verify never becomes an `LlvmModule` (its
//! context is disposed on every error path); function ids are module order, and every
//! function has its facts before `from_raw` returns; the load's prescan has finished by
//! then too (it runs first, on every thread, and only reads the IR; the facts of the
//! definitions it finds never merging, and of declarations, are light).

use super::intern::DataBytes;
use super::{
    err, Caches, Copies, HashMap, HashSet, Keys, KindIds, LlvmError, LlvmModule, LoadFacts, Scratch, Stats, Switches,
    Tables,
};
use crate::ffi;
use crate::safe::{self, Md, MdCtx, Op, V};
use inkwell::llvm_sys as sys;
use mergefunc::{FuncId, PtrAsInt, TargetInfo};
use std::ffi::CStr;
use std::os::raw::c_char;
use std::path::Path;
use std::ptr;
use sys::core as c;
use sys::prelude::*;

impl LlvmModule {
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
        s.switches.keep_erased = false;
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
        let mut s = LlvmModule {
            ctx,
            m,
            td,
            builder,
            borrowed: false,
            threads,
            funcs: Vec::new(),
            func_of: HashMap::default(),
            pending: Vec::new(),
            in_rewrite: false,
            load: LoadFacts {
                target: TargetInfo::default(),
                semantic_interposition: false,
                layout_known: true,
                data_bytes: DataBytes::AsStored,
                used: HashSet::default(),
                block_addresses: true,
                alone_block_addresses: std::cell::Cell::new(None),
                shapes: Default::default(),
            },
            kinds: KindIds::of_context(MdCtx(ctx)),
            tables: Tables::default(),
            caches: Caches::new(),
            keys: Keys::new(),
            copies: Copies::new(),
            scratch: Scratch::default(),
            switches: Switches::default(),
            stats: Stats::new(),
        };
        let (t0, c0) = (std::time::Instant::now(), crate::process_cpu_seconds());
        s.init_module_facts();
        // Function ids are module order. The prescan of every definition that is not
        // alone on its shape (the first `worklist_hash` would run it anyway) runs first,
        // on every thread; then this thread builds the module-level facts (light ones
        // for the definitions the prescan found alone, and for declarations).
        let mut defs: Vec<(usize, LLVMValueRef)> = Vec::new();
        let mut has_body: Vec<bool> = Vec::new();
        let mut all: Vec<LLVMValueRef> = Vec::new();
        let mut n = 0usize;
        // SAFETY: `m` is the live module being loaded.
        let mut f = unsafe { c::LLVMGetFirstFunction(m) };
        while !f.is_null() {
            // SAFETY: `f` is a live function of `m` (not null, checked by the loop); `LLVMGetParam`
            // only builds the argument list, before any other thread reads the module.
            unsafe {
                let body = c::LLVMIsDeclaration(f) == 0;
                if body {
                    defs.push((n, f));
                }
                has_body.push(body);
                all.push(f);
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
            // A scratch of its own: a type nested deeper than the type keys' depth limit
            // keys by where it is first met (a function type in a shape, an instruction's
            // type in the prescan), so the prescan's cache must be its own, as the walks
            // after rewrites have theirs (see `tests/differential.rs`,
            // `thunk-cast-deep-nesting.ll`).
            let scratch = crate::prescan::Scratch::new();
            // SAFETY: `defs` are the module's live definitions; nothing modifies them.
            s.load.shapes = unsafe { crate::shape::compute(&scratch, &defs, n, ptr_bits) };
            defs.retain(|&(i, _)| !s.load.shapes.is_alone(i));
        }
        s.load.shapes.add_no_body(&has_body);
        // Attribute lists are the facts' largest tables (most functions have a list of
        // their own): sized once rather than rehashed at every doubling.
        s.caches.attrs_by_list.reserve(n);
        s.caches.attrs_by_handles.reserve(n);
        s.tables.attrs_of.reserve(n);
        s.tables.attr_lists.reserve(n);
        // Headroom for the functions rewrites add (a private body per merged pair of
        // interposable or ODR functions): no regrowth copy of the table mid-pass.
        s.func_of.reserve(n + n / 4 + 16);
        s.funcs.reserve(n + n / 4 + 16);
        let threads = || crate::prescan::thread_count(threads);
        // Every function gets its id first (module order).
        for f in all {
            s.register_func(V(f));
        }
        s.pending.clear();
        // The prescan first (on every thread): the definitions it finds alone on their
        // (hash, key) never merge, and their facts stay light.
        // SAFETY: the handles are the module's live definitions; nothing runs beside the
        // prescan, which only reads them.
        let mut p = unsafe { crate::prescan::run(&defs, n, &terms, ptr_bits, threads) };
        if crate::shape::prescan_alone_enabled() {
            let scanned: Vec<usize> = defs.iter().map(|&(i, _)| i).collect();
            s.load.shapes.add_alone_by_prescan(&p, &scanned, n);
        }
        // Then the module-level facts of every function, in module order (deterministic
        // table ids). Bodies are built on demand.
        for i in 0..s.funcs.len() {
            s.rebuild_facts(FuncId::new(i));
        }
        s.drain_pending();
        s.load.block_addresses = p.block_addresses;
        s.keys.footprints = std::mem::take(&mut p.footprints);
        // Copy keys (computed by the scanning threads, see `prescan::copy_key`).
        for (i, slot) in s.funcs.iter_mut().enumerate() {
            if let (Some(e), Some(_)) = (p.entry(i), slot.v) {
                slot.copy_key = e.copy;
            }
        }
        *s.keys.prescan.borrow_mut() = Some(p);
        s.stats.setup_time = (t0.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
        s
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
            self.load.layout_known = !(no_layout && has_triple);
            let big = ffi::LLVMByteOrder(self.td) == 0;
            self.load.data_bytes = if !self.load.layout_known {
                DataBytes::Tagged
            } else if big == cfg!(target_endian = "big") {
                DataBytes::AsStored
            } else {
                DataBytes::Swapped
            };
            if self.load.layout_known {
                let bits = sys::target::LLVMPointerSizeForAS(self.td, 0) * 8;
                self.load.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits });
            }
            let key = "SemanticInterposition";
            let flag = c::LLVMGetModuleFlag(self.m, key.as_ptr() as *const c_char, key.len());
            if !flag.is_null() {
                let v = c::LLVMMetadataAsValue(self.ctx, flag);
                if let Some(x) = safe::MdCtx(self.ctx).wrapped_value(Md(c::LLVMValueAsMetadata(v))) {
                    self.load.semantic_interposition = x.const_int_u64().unwrap_or(0) != 0;
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
                            self.load.used.insert(v);
                        }
                    }
                }
            }
            let k = attribute_kinds();
            self.kinds.int_attr_range = k.int_attr_range;
            self.kinds.special_alloca_kinds = k.special_alloca;
            self.kinds.no_thunk_kinds = k.no_thunk;
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

    /// Looks a function up by name (in the module's symbol table: light facts carry no
    /// name, see `build_facts`), or the alias that took the place of a folded one.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        let cname = safe::cstring(name)?;
        // SAFETY: `self.m` is the live module and `cname` NUL-terminated; the lookups only
        // read the symbol table.
        let v = unsafe {
            let f = c::LLVMGetNamedFunction(self.m, cname.as_ptr());
            if f.is_null() {
                c::LLVMGetNamedGlobalAlias(self.m, cname.as_ptr(), name.len())
            } else {
                f
            }
        };
        if v.is_null() {
            return None;
        }
        self.func_of.get(&V(v)).copied().filter(|f| self.funcs[f.index()].v == Some(V(v)))
    }

    /// For one-shot tools that write the module and exit: functions and bodies that the
    /// pass erases are unlinked from the module (every use they made is dropped) but not
    /// destroyed, so the pass does not pay for destroying them; their memory is only
    /// reclaimed when the process ends, as with clang's `-disable-free`. The module, its
    /// output and every merge decision are the same. Off by default: a long-lived
    /// process that keeps loading modules would leak every folded body. Functions that
    /// metadata refers to, and bodies with address-taken blocks, are always destroyed.
    pub fn set_keep_erased(&mut self, on: bool) {
        self.switches.keep_erased = on;
    }

    /// How many threads later prescans of the worklist hash and merge keys may use
    /// (default: the available parallelism, at most 8; 1 walks on the calling thread).
    /// The first prescan runs while loading: set its threads with
    /// [`Self::load_with_threads`] or [`Self::parse_with_threads`]. The merges do not
    /// depend on it.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = Some(n.max(1));
    }
}

/// The attribute kind numbers the facts need (enum attribute kinds are numbered by the
/// LLVM build, the same for every context of the process): looked up by name once per
/// process (each lookup compares the name against LLVM's whole table).
struct AttributeKinds {
    /// (first type or int attribute, first int attribute, end of the int and range
    /// attributes), see `KindIds::int_attr_range`.
    int_attr_range: Option<(u32, u32, u32)>,
    special_alloca: [u32; 2],
    no_thunk: [u32; 2],
}

fn attribute_kinds() -> &'static AttributeKinds {
    static KINDS: std::sync::OnceLock<AttributeKinds> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| {
        // SAFETY: each name's pointer and length describe it; the lookup only reads LLVM's
        // static table.
        let kind = |n: &str| unsafe { c::LLVMGetEnumAttributeKindForName(n.as_ptr() as *const c_char, n.len()) };
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
        let mut int_attr_range = None;
        if let (Some(lo), Some(hi), Some(tl)) = (int_lo, int_max, ty_lo) {
            let end = if range > hi { range } else { hi + 1 };
            if lo <= hi {
                int_attr_range = Some((lo.min(tl), lo, end));
            }
        }
        AttributeKinds {
            int_attr_range,
            special_alloca: [kind("inalloca"), kind("swifterror")],
            no_thunk: [kind("naked"), kind("preallocated")],
        }
    })
}
