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
use crate::safe::{Op, OwnedIr, ParseError, M};
use inkwell::llvm_sys::prelude::*;
use mergefunc::{FuncId, PtrAsInt, TargetInfo};
use std::path::Path;

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
        let ir = OwnedIr::parse(data, name).or_else(|e| match e {
            ParseError::Parse(text) => err(format!("cannot parse {name}: {}", text.trim_end())),
            ParseError::Invalid(text) => err(format!("{name} is not valid LLVM IR: {}", text.trim_end())),
        })?;
        // A triple without a layout: the layout the triple implies, as opt, llc and lli
        // use (and opt writes out).
        ir.module().infer_data_layout();
        let m = ir.module();
        Ok(Self::from_raw(Some(ir), m, threads.map(|n| n.max(1)), true))
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
    /// No clock is read: the host times the pass if it wants to, so
    /// [`Self::setup_seconds`] and [`Self::pass_times`] are zero. In a process that has
    /// read no clock before (a `clang -O2` compile with the plugin), the first read of
    /// the monotonic clock faults in the vDSO's data page (7.6 µs on the 2-core VM of
    /// docs/performance-little-merges.md, 0.08 µs a read after it) and the process CPU
    /// clock is a system call (2.9 µs the first time, 0.5 µs after).
    ///
    /// # Safety
    /// `m` is a valid, verified LLVM 22 module that stays alive, and that nothing else
    /// reads or changes (on any thread, in the module or its context), until the returned
    /// value is dropped; that includes every function, global and metadata node it has.
    pub unsafe fn from_borrowed(m: LLVMModuleRef, threads: usize) -> Self {
        // The caller vouches for `m` (live, verified, ours alone until the drop): a
        // handle of the adapter from here on.
        let mut s = Self::from_raw(None, M(m), Some(threads.max(1)), false);
        s.switches.keep_erased = false;
        s
    }

    /// The adapter for module `m` (live and verified), owned with its context by `owner`
    /// unless borrowed; `timed`: measure the setup and the pass's parts (clock reads).
    fn from_raw(owner: Option<OwnedIr>, m: M, threads: Option<usize>, timed: bool) -> Self {
        let ctx = m.context();
        let mut s = LlvmModule {
            ctx,
            m,
            builder: std::cell::OnceCell::new(),
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
            kinds: KindIds::of_context(ctx),
            tables: Tables::default(),
            caches: Caches::new(),
            keys: Keys::new(),
            copies: Copies::new(),
            scratch: Scratch::default(),
            switches: Switches::default(),
            stats: Stats::new(),
            comdat_members: std::sync::OnceLock::new(),
            owner,
        };
        let setup_start = timed.then(|| {
            s.stats.clock = Some(crate::clock::PartClock::new());
            (std::time::Instant::now(), crate::process_cpu_seconds())
        });
        s.init_module_facts();
        // Function ids are module order. The prescan of every definition that is not
        // alone on its shape (the first `worklist_hash` would run it anyway) runs first,
        // on every thread; then this thread builds the module-level facts (light ones
        // for the definitions the prescan found alone, and for declarations).
        // Sized by a first walk of the function list (growing three vectors from empty
        // cost more on a fresh heap than the walk).
        let count = m.functions().count();
        let mut defs: Vec<(usize, crate::safe::V)> = Vec::with_capacity(count);
        let mut has_body: Vec<bool> = Vec::with_capacity(count);
        let mut all: Vec<crate::safe::V> = Vec::with_capacity(count);
        let mut n = 0usize;
        for f in m.functions() {
            let body = !f.is_declaration();
            if body {
                defs.push((n, f));
            }
            has_body.push(body);
            all.push(f);
            // Lazily created arguments are made now, not while the prescan runs.
            f.materialize_arguments();
            n += 1;
        }
        // The code of the run, asked for at once (counted in the run's time): the load's
        // and the driver's part now, the rest once the shape keys leave a definition to
        // read. Not for a module of fewer than two definitions, where nothing can merge
        // and little code runs.
        let warm = defs.len() >= 2;
        if warm {
            crate::code_warmup::warm_code(crate::code_warmup::Part::Load);
        }
        let ptr_bits = s.ptr_bits();
        // Definitions alone on their shape are never read (see `shape`): the prescan
        // walks the others only.
        // One shim scratch for the shape keys, the prescan on this thread and the walks
        // after rewrites (`tree_scan`): the type keys and type cache it keeps are made
        // once (made at its first use: a run that reads nothing makes none).
        let scratch = crate::safe::ScanScratch::new();
        if crate::shape::enabled() {
            s.load.shapes = crate::shape::compute(&defs, n, ptr_bits, &scratch);
            defs.retain(|&(i, _)| !s.load.shapes.is_alone(i));
        }
        if warm && !defs.is_empty() {
            crate::code_warmup::warm_code(crate::code_warmup::Part::Rest);
        }
        s.load.shapes.add_no_body(&has_body);
        // Attribute lists are the facts' largest tables (most functions have a list of
        // their own): sized once rather than rehashed at every doubling, for the
        // definitions that may get full facts (light facts read no attributes).
        let full = defs.len();
        if full > 0 {
            s.caches.attrs_by_list.reserve(full);
            s.tables.attrs_of.reserve(full);
            s.tables.attr_lists.reserve(full);
            s.tables.attr_sources.reserve(full);
        }
        // Headroom for the functions rewrites add (a private body per merged pair of
        // interposable or ODR functions): no regrowth copy of the table mid-pass.
        s.func_of.reserve(n + n / 4 + 16);
        s.funcs.reserve(n + n / 4 + 16);
        let threads = || crate::prescan::thread_count(threads);
        // Every function gets its id first (module order).
        s.pending.reserve(n);
        for f in all {
            s.register_func(f);
        }
        s.pending.clear();
        // The prescan first (on every thread): the definitions it finds alone on their
        // (hash, key) never merge, and their facts stay light.
        let terms = crate::shash::terms();
        // SAFETY: the handles are the module's live definitions; nothing runs beside the
        // prescan, which only reads them.
        let mut p = unsafe { crate::prescan::run(&defs, n, terms, ptr_bits, threads, &scratch) };
        s.keys.tree_scan = Some(scratch);
        if !defs.is_empty() && crate::shape::prescan_alone_enabled() {
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
        if let Some((t0, c0)) = setup_start {
            s.stats.setup_time = (t0.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
        }
        s
    }

    fn init_module_facts(&mut self) {
        let no_layout = self.m.data_layout().is_empty();
        let has_triple = !self.m.target_triple().is_empty();
        self.load.layout_known = !(no_layout && has_triple);
        let big = self.m.is_big_endian();
        self.load.data_bytes = if !self.load.layout_known {
            DataBytes::Tagged
        } else if big == cfg!(target_endian = "big") {
            DataBytes::AsStored
        } else {
            DataBytes::Swapped
        };
        if self.load.layout_known {
            let bits = self.m.pointer_size(0) * 8;
            self.load.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits });
        }
        if let Some(x) = self.m.flag("SemanticInterposition").and_then(|flag| self.ctx.wrapped_value(flag)) {
            self.load.semantic_interposition = x.const_int_u64().unwrap_or(0) != 0;
        }
        for name in [c"llvm.used", c"llvm.compiler.used"] {
            let Some(init) = self.m.named_global_c(name).and_then(|g| g.initializer()) else { continue };
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
    }

    /// Writes the module as text.
    pub fn to_text(&self) -> String {
        self.m.print()
    }

    /// Writes the module as bitcode.
    pub fn to_bitcode(&self) -> Vec<u8> {
        self.m.bitcode()
    }

    /// Runs the LLVM verifier.
    pub fn verify(&self) -> Result<(), LlvmError> {
        self.m.verify().or_else(|text| err(format!("the LLVM verifier rejects the result: {}", text.trim_end())))
    }

    /// Looks a function up by name (in the module's symbol table: light facts carry no
    /// name, see `build_facts`), or the alias that took the place of a folded one.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        let v = self.m.named_function(name).or_else(|| self.m.named_alias(name))?;
        self.func_of.get(&v).copied().filter(|f| self.funcs[f.index()].v == Some(v))
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

    /// Opt-in (`--drop-differing-attachments`): functions that differ only in
    /// instruction attachments that merely state facts the optimizer may assume (the
    /// allowlist `DROPPABLE_ATTACHMENTS`: `!tbaa`, `!alias.scope`, `!noalias`, `!range`,
    /// `!nonnull`, `!llvm.loop`, ...) merge, and the survivor loses, on every instruction,
    /// each such attachment that the matched instruction of a function folded into it
    /// does not have identically (the same node), so the folded function's callers run
    /// with a subset of their own facts. Views then leave those kinds out (so the order
    /// never compares them, and removing one never moves a function in the tree); every
    /// other attachment is compared as by default. Set it before the merge; views built
    /// earlier are rebuilt.
    pub fn set_drop_differing_attachments(&mut self, on: bool) {
        if self.switches.drop_attachments != on {
            self.switches.drop_attachments = on;
            for i in 0..self.funcs.len() {
                self.invalidate(FuncId::new(i));
            }
        }
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
