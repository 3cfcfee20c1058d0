//! The rewrites ([`mergefunc::ModuleMut`]) on an LLVM module.
//!
//! After every rewrite the views of every function whose IR changed are brought up to
//! date (see [`mergefunc::FastPath::materialize`] for the laziness contract):
//! * functions with an instruction that refers to a replaced value (directly or through
//!   constants), i.e. what `users_of` reported to the driver for this rewrite, and the
//!   rewritten functions themselves: facts rebuilt now, body view dropped and rebuilt
//!   when the driver next materializes it;
//! * functions whose signature props refer to a replaced value (personality): facts
//!   rebuilt now (their bodies do not change);
//! * functions that refer to a rewritten function's blocks (`blockaddress`), which the
//!   driver does not know about: rebuilt now if their view is built.
//!
//! Caches keyed by LLVM pointers are dropped after rewrites that can free LLVM objects
//! (RAUW, thunks, aliases, erasure, body moves), not after call redirection or flag
//! changes, which free nothing.

use crate::module::{LlvmError, LlvmModule};
use crate::safe::{cc, AttrOwner, Linkage as LlvmLinkage, TyKind, ValKind, B, M, T, V};
use inkwell::llvm_sys as sys;
use mergefunc::*;

fn err<T>(s: impl Into<String>) -> Result<T, LlvmError> {
    Err(LlvmError(s.into()))
}

/// What a rewrite may have freed or changed in place, for the pointer-keyed caches.
enum Freed {
    /// Nothing (call redirection, flag changes).
    Nothing,
    /// Exactly these constants (and metadata, which is always forgotten).
    Consts(Vec<V>),
    /// Possibly anything.
    Anything,
}

/// Can moving calls from `from` to `to` create calls that need a debug location (see
/// `LlvmModule::give_call_locations`)? Only when `to` has debug info and `from` has none:
/// calls of `from` from functions with debug info then already had locations.
fn needs_call_locations(from: V, to: V) -> bool {
    to.subprogram().is_some() && from.subprogram().is_none()
}

/// One step of a thunk's cast from `src` to `dest` (LLVM's `createCast`).
enum CastStep {
    /// The types are equal: nothing to do.
    Same,
    /// `n` elements, each extracted, cast and inserted; `pairs` holds the (source,
    /// destination) element types, one per field of a struct, one for every element of
    /// an array.
    Elementwise {
        n: usize,
        pairs: Vec<(T, T)>,
    },
    IntToPtr,
    PtrToInt,
    BitCast,
}

/// How a value of type `src` becomes a value of type `dest` in a thunk, or why it cannot
/// (types the order never calls equal).
fn cast_step(src: T, dest: T) -> Result<CastStep, &'static str> {
    if src == dest {
        return Ok(CastStep::Same);
    }
    Ok(match (src.kind(), dest.kind()) {
        (Ok(TyKind::Struct), Ok(TyKind::Struct)) => {
            let (sf, df) = (src.fields().unwrap_or_default(), dest.fields().unwrap_or_default());
            if sf.len() != df.len() {
                return Err("thunk cast between structs of different sizes");
            }
            if sf.len() > u32::MAX as usize {
                return Err("thunk cast of a struct with more fields than extractvalue can index");
            }
            CastStep::Elementwise { n: df.len(), pairs: sf.into_iter().zip(df).collect() }
        }
        (Ok(TyKind::Array), Ok(TyKind::Array)) => {
            let (sn, dn) = (src.len().unwrap_or(0), dest.len().unwrap_or(0));
            if sn != dn {
                return Err("thunk cast between arrays of different lengths");
            }
            if dn > u32::MAX as u64 {
                return Err("thunk cast of an array longer than extractvalue can index");
            }
            let (Some(se), Some(de)) = (src.elem(), dest.elem()) else {
                return Err("array without element type");
            };
            CastStep::Elementwise { n: dn as usize, pairs: vec![(se, de)] }
        }
        (Ok(TyKind::Struct | TyKind::Array), _) | (_, Ok(TyKind::Struct | TyKind::Array)) => {
            return Err("thunk cast between an aggregate and a non-aggregate");
        }
        (Ok(TyKind::Integer), Ok(TyKind::Pointer)) => CastStep::IntToPtr,
        (Ok(TyKind::Pointer), Ok(TyKind::Integer)) => CastStep::PtrToInt,
        (Ok(TyKind::Vector), Ok(TyKind::Vector)) => match (src.elem().map(|e| e.kind()), dest.elem().map(|e| e.kind()))
        {
            (Some(Ok(TyKind::Integer)), Some(Ok(TyKind::Pointer))) => CastStep::IntToPtr,
            (Some(Ok(TyKind::Pointer)), Some(Ok(TyKind::Integer))) => CastStep::PtrToInt,
            _ => CastStep::BitCast,
        },
        _ => CastStep::BitCast,
    })
}

/// `Ok` if a thunk can cast `src` to `dest` (every step of [`cast_step`], at any depth,
/// each distinct element pair checked once).
pub(crate) fn thunk_cast_possible(src: T, dest: T) -> Result<(), &'static str> {
    let mut todo = vec![(src, dest)];
    let mut seen = std::collections::HashSet::new();
    while let Some((s, d)) = todo.pop() {
        if let CastStep::Elementwise { pairs, .. } = cast_step(s, d)? {
            todo.extend(pairs.into_iter().filter(|p| seen.insert(*p)));
        }
    }
    Ok(())
}

/// The calls, invokes and callbrs that call `f` directly (`f` is their callee operand,
/// not an argument or part of a constant).
/// True if an alias names `f`, directly or through constant expressions.
/// Whether global `g` has weak or linkonce linkage (either kind, ODR or not): the
/// linkages an alias takes from a folded function that Mach-O cannot give an alias.
fn weak_or_linkonce(g: V) -> bool {
    matches!(
        g.linkage(),
        Some(Ok(LlvmLinkage::WeakAny | LlvmLinkage::WeakOdr | LlvmLinkage::LinkOnceAny | LlvmLinkage::LinkOnceOdr))
    )
}

/// Whether a module with this triple and data layout is compiled to Mach-O objects, as
/// LLVM's `Triple::isOSBinFormatMachO` decides: an Apple operating system or an explicit
/// `macho` environment. LLVM's `parseOS` takes a component that *starts with* an OS name
/// (`darwin`, `macos`/`macosx`, `ios`, `tvos`, `watchos`, `xros` or its other spelling
/// `visionos`, `bridgeos`, `driverkit`), whatever follows (a version, `simulator`). A
/// layout with Mach-O mangling (`m:o`) counts too: a false positive only costs an alias
/// (a thunk is written instead).
fn objects_are_macho(triple: &[u8], layout: &[u8]) -> bool {
    const APPLE_OS: [&[u8]; 9] =
        [b"darwin", b"macos", b"ios", b"tvos", b"watchos", b"xros", b"visionos", b"bridgeos", b"driverkit"];
    let apple_os = triple.split(|&b| b == b'-').skip(1).any(|part| {
        let name = part.iter().position(|b| b.is_ascii_digit()).map_or(part, |i| &part[..i]);
        APPLE_OS.iter().any(|os| part.starts_with(os)) || name.ends_with(b"macho")
    });
    apple_os || layout.split(|&b| b == b'-').any(|c| c == b"m:o")
}

/// Whether the code generator of the triple's architecture compiles a `musttail` call
/// between two `swifttailcc` functions whatever the callee (PowerPC and MIPS only turn
/// it into a sibling call when the callee allows one, and stop otherwise).
fn musttail_always_compiles(triple: &[u8]) -> bool {
    let arch = triple.split(|&b| b == b'-').next().unwrap_or_default();
    !(arch.starts_with(b"powerpc") || arch.starts_with(b"ppc") || arch.starts_with(b"mips"))
}

fn named_by_alias(f: V) -> bool {
    let mut todo = vec![f];
    let mut seen = std::collections::HashSet::new();
    while let Some(v) = todo.pop() {
        for u in v.users() {
            match u.kind() {
                Ok(ValKind::GlobalAlias) => return true,
                Ok(ValKind::ConstantExpr) if seen.insert(u) => todo.push(u),
                _ => {}
            }
        }
    }
    false
}

/// The functions the module's ifuncs name as resolvers (through aliases and constant
/// casts).
fn ifunc_resolvers(m: M) -> std::collections::HashSet<V> {
    let mut out = std::collections::HashSet::new();
    for i in m.ifuncs() {
        let mut v = i.operand(0);
        // An alias's operand 0 is its aliasee, a constant expression's the value it casts;
        // the depth bound only guards against a malformed chain.
        for _ in 0..64 {
            match v.map(|x| (x, x.kind())) {
                Some((f, Ok(ValKind::Function))) => {
                    out.insert(f);
                    break;
                }
                Some((a, Ok(ValKind::GlobalAlias | ValKind::ConstantExpr))) => v = a.operand(0),
                _ => break,
            }
        }
    }
    out
}

/// The code the dynamic loader may run while it relocates: the module's ifunc resolvers
/// and every function they call directly, transitively (empty without ifuncs). Such code
/// runs before the GOT slots of the PLT are filled in when symbols are bound at load time
/// (`-z now`), so a call that goes through the PLT crashes there. Walked down from the
/// resolvers (small: feature tests), never up from each rewritten function, which would
/// cost the whole caller graph per merge.
fn relocation_time_code(m: M) -> std::collections::HashSet<V> {
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<V> = ifunc_resolvers(m).into_iter().collect();
    while let Some(f) = todo.pop() {
        if !seen.insert(f) {
            continue;
        }
        for b in f.blocks() {
            for i in b.instructions() {
                if i.call_site().is_none() {
                    continue;
                }
                // The callee is a call site's last operand (a direct call: a function).
                let v = i.value();
                let callee = v.num_operands().checked_sub(1).and_then(|n| v.operand(n));
                if let Some(c) = callee.filter(|c| c.kind() == Ok(ValKind::Function)) {
                    if !seen.contains(&c) {
                        todo.push(c);
                    }
                }
            }
        }
    }
    seen
}

/// Whether the dynamic loader may run `g` while it relocates (`callers_only`: whether it
/// may run a direct caller of `g`), see [`relocation_time_code`].
fn runs_while_relocating(m: M, g: V, callers_only: bool) -> bool {
    if m.ifuncs().next().is_none() {
        return false;
    }
    let code = relocation_time_code(m);
    if !callers_only {
        return code.contains(&g);
    }
    let mut callers = Vec::new();
    g.instruction_user_functions(true, &mut callers);
    callers.iter().any(|c| code.contains(c))
}

fn direct_calls_of(f: V) -> Vec<V> {
    let mut out = Vec::new();
    f.instruction_users(true, &mut out);
    out
}

impl LlvmModule {
    /// After a rewrite: `lazy` functions get their facts rebuilt and their body views
    /// dropped (or patched, see `replaced`); `sig` functions get their facts rebuilt;
    /// `eager` functions are rebuilt now if their views are built. `free`: which
    /// pointer-keyed caches may be stale.
    ///
    /// `replaced`: `(from, to)` if the rewrite replaced uses of `from` by `to` in
    /// instruction operands and changed nothing else in the `lazy` functions' bodies. A
    /// `lazy` function whose view is built is then patched in place
    /// ([`LlvmModule::patch_view`]) instead of dropped, where that is exact, and so is its
    /// cached tree key ([`LlvmModule::patch_tree_key`]).
    fn refresh(
        &mut self,
        mut lazy: Vec<FuncId>,
        mut sig: Vec<FuncId>,
        mut eager: Vec<FuncId>,
        free: Freed,
        replaced: Option<(FuncId, FuncId)>,
    ) {
        self.drop_prescan();
        for v in [&mut lazy, &mut sig, &mut eager] {
            v.sort_unstable();
            v.dedup();
        }
        for &f in &lazy {
            match replaced {
                Some((from, to)) if sig.binary_search(&f).is_err() && eager.binary_search(&f).is_err() => {
                    self.patch_tree_key(f, from, to)
                }
                _ => self.clear_tree_key(f),
            }
        }
        for &f in sig.iter().chain(&eager) {
            self.clear_tree_key(f);
        }
        let replaced = replaced.map(|(from, _)| from);
        self.forget_block_positions();
        match free {
            Freed::Nothing => {}
            Freed::Consts(cs) => self.forget_consts(&cs),
            Freed::Anything => self.new_generation(),
        }
        for &f in &lazy {
            // A rewrite of instruction operands (`replaced`) leaves every module-level
            // fact of the function as it was (references from signatures come in `sig`).
            if replaced.is_none() || sig.binary_search(&f).is_ok() {
                self.rebuild_facts(f);
            }
            if !replaced.is_some_and(|from| self.patch_view(f, from)) {
                self.invalidate(f);
            }
        }
        for &f in &sig {
            if lazy.binary_search(&f).is_err() {
                self.rebuild_facts(f);
            }
        }
        for &f in &eager {
            if lazy.binary_search(&f).is_err() {
                self.rebuild_eagerly(f);
            }
        }
        self.drain_pending();
    }

    /// Gives each call of `calls` (now calls of a function with debug info) that has no
    /// `!dbg` but sits in a function with debug info a line-0 location in that function's
    /// scope. The verifier requires a location on such calls (they could be inlined);
    /// LLVM 22 leaves them without one and aborts on the broken module, later LLVM adds
    /// this same location. Debug locations are not part of any view or merge decision.
    fn give_call_locations(&self, calls: &[V]) {
        for &call in calls {
            if call.has_debug_loc() {
                continue;
            }
            let Some(sp) = call.parent_block().and_then(|b| b.parent().subprogram()) else { continue };
            call.set_debug_loc(self.ctx.debug_location(0, 0, sp));
        }
    }

    /// Functions that refer to a block of `f` through a `blockaddress`.
    ///
    /// Also appends to `consts` the block-address constants of `f` and every constant
    /// built on them: deleting `f`'s blocks destroys exactly these constants (and no
    /// other), so they are the pointer-cache entries to forget.
    ///
    /// `id` is `f`'s id when the caller knows it (its slot is checked, so a stale one
    /// only costs the lookup by handle).
    fn blockaddress_users(&self, f: V, id: FuncId, out: &mut Vec<FuncId>, consts: &mut Vec<V>) {
        // Nothing to find when the load's prescan, which read every block of every
        // function not alone on its shape, found no block address (`f` is one of those:
        // only an alone one is never rewritten, but it is checked exactly all the same).
        // Otherwise the shim reads LLVM's per-block count of block addresses: when every
        // count of `f` is zero, the use lists need not be walked.
        let id = match self.funcs.get(id.index()) {
            // The slot rule: `func_of` maps every slot's object to its id.
            Some(s) if s.v == Some(f) => Some(id),
            _ => self.func_of.get(&f).copied(),
        };
        let prescanned = id.is_some_and(|id| !self.load.shapes.is_alone_on_shape(id.index()));
        if (prescanned && !self.candidate_block_addresses()) || !f.block_address_may_be_taken() {
            return;
        }
        // What `consts` holds, as a set: a function of n blocks whose addresses are all
        // taken has n block-address constants, each looked up as it is met.
        let mut seen: std::collections::HashSet<V, rustc_hash::FxBuildHasher> = consts.iter().copied().collect();
        for b in f.blocks() {
            // SAFETY: `b` is a live block of `f` (from `f.blocks()`).
            let bv = b.as_value();
            for (_, user) in bv.uses() {
                if user.kind() == Ok(ValKind::BlockAddress) {
                    self.referencing_funcs(user, true, out);
                    let mut stack = vec![user];
                    while let Some(x) = stack.pop() {
                        if !seen.insert(x) {
                            continue;
                        }
                        consts.push(x);
                        for (_, u) in x.uses() {
                            if u.is_constant() && !u.is_global() {
                                stack.push(u);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Deletes every block of `f`, leaving a declaration. No instruction of `f` may be
    /// used outside `f` (LLVM IR guarantees it). With [`LlvmModule::set_keep_erased`] the
    /// blocks are unlinked but not destroyed.
    ///
    /// # Safety
    /// The caller forgets every handle into `f`'s body (see [`V::clear_body`]).
    unsafe fn clear_body(&self, f: V) {
        // SAFETY: the caller forgets the handles into the body.
        unsafe { f.clear_body(self.switches.keep_erased) };
    }

    /// Removes `f` (a function or another global without uses) from the module.
    ///
    /// # Safety
    /// `f` has no uses, and the caller forgets every handle to it and into its body.
    unsafe fn remove_global(&self, f: V) {
        // SAFETY: `f` has no uses and the caller forgets its handles.
        unsafe { f.remove_from_module(self.switches.keep_erased) };
    }

    /// Removes every function attachment except `!type` and `!kcfi_type`.
    /// Returns whether an attachment was erased.
    fn strip_metadata(&self, f: V) -> bool {
        // Read without a copy of the whole list (none at all, usually).
        let strip = f.global_attachments_except(&[self.kinds.md_type, self.kinds.md_kcfi]);
        for &(k, _) in &strip {
            f.erase_global_metadata(k);
        }
        !strip.is_empty()
    }

    /// LLVM's `createCast`: element-wise through structs and arrays, `inttoptr` /
    /// `ptrtoint` between integers and pointers (vectors too), `bitcast` otherwise.
    /// Iterative (an explicit stack), so any nesting depth the order accepts is cast.
    /// [`thunk_cast_possible`] checks everything that can fail here before the driver
    /// chooses a thunk.
    fn cast(&self, v: V, dest: T) -> Result<V, LlvmError> {
        /// An aggregate being rebuilt: its source value, element pairs, next index and
        /// the value built so far.
        struct Frame {
            v: V,
            pairs: Vec<(T, T)>,
            n: usize,
            next: usize,
            acc: V,
        }
        let b = self.builder();
        let unbuilt = || LlvmError("cannot build the thunk's cast".into());
        let mut stack: Vec<Frame> = Vec::new();
        let (mut v, mut dest) = (v, dest);
        loop {
            let mut done = match cast_step(v.ty(), dest).map_err(|e| LlvmError(e.into()))? {
                CastStep::Same => v,
                CastStep::IntToPtr => b.int_to_ptr(v, dest).ok_or_else(unbuilt)?,
                CastStep::PtrToInt => b.ptr_to_int(v, dest).ok_or_else(unbuilt)?,
                CastStep::BitCast => b.bitcast(v, dest).ok_or_else(unbuilt)?,
                CastStep::Elementwise { n, pairs } => {
                    let acc = dest.poison();
                    if n == 0 {
                        acc
                    } else {
                        let x = b.extract_value(v, 0).ok_or_else(unbuilt)?;
                        dest = pairs[0].1;
                        stack.push(Frame { v, pairs, n, next: 0, acc });
                        v = x;
                        continue;
                    }
                }
            };
            // Feed the finished value into the aggregates waiting for it.
            loop {
                let Some(top) = stack.last_mut() else { return Ok(done) };
                // `top.next < top.n <= u32::MAX` (checked by `cast_step`).
                top.acc = b.insert_value(top.acc, done, top.next as u32).ok_or_else(unbuilt)?;
                top.next += 1;
                if top.next < top.n {
                    v = b.extract_value(top.v, top.next as u32).ok_or_else(unbuilt)?;
                    dest = top.pairs[top.next.min(top.pairs.len() - 1)].1;
                    break;
                }
                done = top.acc;
                stack.pop();
            }
        }
    }

    /// Appends `call target(args...)` + `ret` to `block` of `g` (`None`: a new block
    /// appended to `g`).
    fn emit_forwarding_call(&self, g: V, target: V, block: Option<B>) -> Result<(V, V), LlvmError> {
        let fcc = target.call_conv().unwrap_or(0);
        let musttail = fcc == cc::SWIFT_TAIL && g.call_conv() == Some(cc::SWIFT_TAIL);
        // LLVMTailCallKind: 1 = tail, 2 = musttail.
        let tail = if musttail { 2 } else { 1 };
        // No cast needed (the usual case): one shim call writes the whole body.
        if let Some(written) = g.write_forwarding_body(target, block, tail, fcc) {
            return Ok(written);
        }
        let block = match block {
            Some(b) => b,
            None => self.ctx.append_block(g).ok_or_else(|| LlvmError("the thunk is not a function".into()))?,
        };
        let gty = g.global_value_type().ok_or_else(|| LlvmError("not a function".into()))?;
        let fty = target.global_value_type().ok_or_else(|| LlvmError("not a function".into()))?;
        let (gret, gparams, _) = gty.func_sig().ok_or_else(|| LlvmError("not a function type".into()))?;
        let (_, fparams, fva) = fty.func_sig().ok_or_else(|| LlvmError("not a function type".into()))?;
        if fva {
            return err("cannot write a thunk to a variadic function");
        }
        if gparams.len() != fparams.len() {
            return err("thunk between functions with different parameter counts");
        }
        let b = self.builder();
        b.position_at_end(block);
        let mut args = Vec::with_capacity(fparams.len());
        for (p, t) in g.params().into_iter().zip(fparams.iter()) {
            args.push(self.cast(p, *t)?);
        }
        let call = b
            .call(fty, target, &args)
            .ok_or_else(|| LlvmError("the thunk's arguments do not match the call".into()))?;
        call.set_tail_kind(tail);
        call.set_calling_conv(fcc);
        // The call carries the target's whole attribute list (the argument counts are
        // equal: checked above).
        if !call.value().copy_attributes_from(target) {
            return err("cannot copy the target's attributes to the thunk's call");
        }
        let ret = if gret.kind() == Ok(TyKind::Void) {
            b.ret_void()
        } else {
            let r = self.cast(call.value(), gret)?;
            b.ret(r)
        };
        b.clear_position();
        Ok((call.value(), ret))
    }

    /// Preserve-debug-info thunk: `g` keeps of its body only the entry block's debug
    /// records of parameters (with the allocas and argument stores of their
    /// `#dbg_declare`s, LLVM 22's rule, see [`ffi::mergefunc_pdi_strip`]); a call and a
    /// return are appended.
    ///
    /// # Safety
    /// The caller forgets every handle into `g`'s body but its entry block.
    unsafe fn pdi_thunk(&self, g: V, target: V) -> Result<(), LlvmError> {
        // SAFETY: the caller forgets the handles into the body.
        let Some(entry) = (unsafe { g.strip_to_debug_thunk() }) else {
            return err("preserve-debug-info thunk of a function without a body");
        };
        let (call, ret) = self.emit_forwarding_call(g, target, Some(entry))?;
        if let Some(sp) = g.subprogram() {
            let loc = self.ctx.debug_location(sp.line(), 0, sp);
            call.set_debug_loc(loc);
            ret.set_debug_loc(loc);
        }
        Ok(())
    }
}

/// The rewrites themselves; [`ModuleMut`] wraps each to time it.
impl LlvmModule {
    fn replace_all_uses_untimed(&mut self, from: FuncId, to: FuncId) -> Result<(), LlvmError> {
        let (fv, tv) = (self.func_value(from)?, self.func_value(to)?);
        if fv.ty() != tv.ty() {
            // Functions in two address spaces: only calls can name either (checked by
            // `can_rewrite`), so replacing every use is redirecting the calls.
            self.replace_direct_calls_untimed(from, to)?;
            if fv.has_uses() {
                return err("cannot replace a function by one in another address space");
            }
            return Ok(());
        }
        let (mut users, mut sig, mut consts) = (Vec::new(), Vec::new(), Vec::new());
        self.referencing_funcs_split(fv, &mut users, &mut sig, &mut consts);
        let in_consts = self.split_by_direct_use(fv, &mut users);
        let calls = if needs_call_locations(fv, tv) { direct_calls_of(fv) } else { Vec::new() };
        // SAFETY: the constants RAUW replaces are those that contain `fv`, listed in `consts`
        // and forgotten by `refresh` below.
        if !unsafe { fv.replace_all_uses_with(tv) } {
            return err("cannot replace a function by one of another type");
        }
        self.give_call_locations(&calls);
        // RAUW replaces (and frees) exactly the constants that contain `from`.
        self.refresh(users, sig, in_consts, Freed::Consts(consts), Some((from, to)));
        Ok(())
    }

    fn replace_direct_calls_untimed(&mut self, from: FuncId, to: FuncId) -> Result<(), LlvmError> {
        // A call may name a callee in any address space (`call addrspace(1)`), so calls
        // move across address spaces as LLVM's `replaceDirectCallers` moves them.
        let (fv, tv) = (self.func_value(from)?, self.func_value(to)?);
        let mut affected = Vec::new();
        self.user_functions(fv, true, &mut affected);
        let calls = direct_calls_of(fv);
        for &call in &calls {
            call.set_callee(tv);
        }
        if needs_call_locations(fv, tv) {
            self.give_call_locations(&calls);
        }
        // Functions that still name `from` other than as a callee (a stored or compared
        // address) keep those references: `refresh` would patch their cached tree keys
        // as if every reference moved, so theirs are dropped (a walk makes them again).
        let mut still = Vec::new();
        self.user_functions(fv, false, &mut still);
        self.refresh(affected, Vec::new(), Vec::new(), Freed::Nothing, Some((from, to)));
        for f in still {
            self.clear_tree_key(f);
        }
        Ok(())
    }

    fn write_alias_untimed(&mut self, g: FuncId, target: FuncId) -> Result<(), LlvmError> {
        let (gv, fv) = (self.func_value(g)?, self.func_value(target)?);
        if gv.ty() != fv.ty() {
            return err("cannot alias a function in another address space");
        }
        let vty = gv.global_value_type().ok_or_else(|| LlvmError("not a global".into()))?;
        let aspace = gv.ty().addr_space().unwrap_or(0);
        let (mut users, mut sig) = (Vec::new(), Vec::new());
        self.referencing_funcs_split(gv, &mut users, &mut sig, &mut Vec::new());
        let mut eager = self.split_by_direct_use(gv, &mut users);
        eager.retain(|&f| f != g);
        users.push(g);
        self.blockaddress_users(gv, g, &mut eager, &mut Vec::new());
        let a = self.m.add_alias(vty, aspace, fv).ok_or_else(|| LlvmError("cannot add the alias".into()))?;
        a.set_linkage_number(gv.linkage_number().unwrap_or(0));
        let name = gv.name();
        gv.set_name(b"");
        a.set_name(&name);
        a.set_visibility(gv.visibility().unwrap_or(0));
        // The symbol stays exported from its DLL and in its partition (LLVM 22's alias
        // loses both: a `dllexport` function is no longer exported).
        a.copy_dll_storage_from(gv);
        a.copy_partition_from(gv);
        a.set_unnamed_addr(2);
        // SAFETY: the alias has `gv`'s type (checked equal to `fv`'s), so every use moves to it;
        // every pointer cache is forgotten by `refresh` below (`Freed::Anything`).
        if !unsafe { gv.replace_all_uses_with(a) } {
            return err("cannot alias a function of another type");
        }
        self.func_of.remove(&gv);
        // SAFETY: `gv` has no uses left (all moved to the alias), and its handle is forgotten
        // (`func_of` above, the slot below).
        unsafe { self.remove_global(gv) };
        self.func_of.insert(a, g);
        self.funcs[g.index()].v = Some(a);
        self.refresh(users, sig, eager, Freed::Anything, None);
        Ok(())
    }

    fn write_thunk_untimed(&mut self, g: FuncId, target: FuncId, style: ThunkStyle) -> Result<(), LlvmError> {
        let (gv, fv) = (self.func_value(g)?, self.func_value(target)?);
        if !gv.is_function() || !fv.is_function() {
            return err("thunks need two functions");
        }
        let (mut eager, mut freed) = (Vec::new(), Vec::new());
        self.blockaddress_users(gv, g, &mut eager, &mut freed);
        // Attachments the thunk does not keep were compared signature props.
        let mut dropped_attachments = false;
        if style.preserve_debug_info && !gv.is_declaration() {
            // SAFETY: `g`'s view and instruction handles are dropped below (`invalidate`), and
            // the constants of its blocks' addresses are in `freed`.
            unsafe { self.pdi_thunk(gv, fv)? };
        } else {
            // LLVM's fresh `NewG` after `copyAttributesFrom` + `takeName` + RAUW: a shell
            // that takes over the folded function's name, linkage, attributes, dso_local,
            // comdat, section, personality and every use, under `g`'s id, appended to the
            // module's function list as LLVM appends its `NewG`.
            // Without one (a block address names one of its blocks; or a declaration, a
            // symbol left by `split_body`), the folded function's own object becomes the
            // thunk, its body cleared, moved to the end of the module.
            let shell = if eager.is_empty() && freed.is_empty() {
                // SAFETY: `g`'s view and instruction handles are dropped below (`invalidate`
                // or `refresh`).
                unsafe { self.replace_with_shell(g, gv) }
            } else {
                None
            };
            let tv = match shell {
                Some(ng) => ng,
                None => {
                    // SAFETY: as above; the constants of its blocks' addresses are in `freed`.
                    unsafe { self.clear_body(gv) };
                    for p in gv.params() {
                        p.set_name(b"");
                    }
                    // Where LLVM's `NewG` would be: appended to the module.
                    gv.move_to_module_end();
                    gv
                }
            };
            dropped_attachments = self.strip_metadata(tv);
            self.emit_forwarding_call(tv, fv, None)?;
        }
        // Tag the thunk (`!mergefunc.thunk !{}`) so that a later run leaves it alone.
        let gv = self.func_value(g)?;
        let tag = self.kinds.thunk_tag();
        gv.set_global_metadata(tag, self.ctx.empty_tuple());
        // Deleting the old body destroys only its block-address constants (constants are
        // owned by the context) and its function-local metadata (always forgotten).
        if !self.funcs[g.index()].has_body {
            // A declaration that became a thunk (the symbol left by `split_body`): new facts.
            self.refresh(vec![g], Vec::new(), eager, Freed::Consts(freed), None);
            return Ok(());
        }
        // The thunk is the same symbol with the same name, linkage, type, attributes,
        // calling convention, section, alignment and personality: of its module-level
        // facts only the eligibility changes (the tag), and the attachments if it lost
        // some (then the facts are rebuilt). Its view goes. Debug builds check the facts
        // against a rebuild.
        eager.retain(|&f| f != g);
        let sig = if dropped_attachments { vec![g] } else { Vec::new() };
        self.refresh(Vec::new(), sig, eager, Freed::Consts(freed), None);
        self.clear_tree_key(g);
        let s = &mut self.funcs[g.index()];
        s.facts_ineligible = s.facts_ineligible.or(Some(Ineligible::Adapter(crate::module::reason::THUNK)));
        self.invalidate(g);
        if cfg!(debug_assertions) {
            self.assert_facts_are_current(g);
        }
        Ok(())
    }

    /// [`ffi::mergefunc_replace_with_shell`] of `g` (function `gv`, with a body) under
    /// `g`'s id: the shell stands for `g` in every table keyed by LLVM values (its
    /// constant keeps `g`'s constant id: both name `g`), and the constants that contained
    /// `gv` are forgotten (RAUW replaced and freed them). The functions that used `gv` need
    /// nothing else: what their views and keys record of it is `g`, not the object.
    /// `None` (nothing done) when the shim declines.
    ///
    /// # Safety
    /// The caller forgets every handle into `gv`'s body (its view's instruction handles).
    unsafe fn replace_with_shell(&mut self, g: FuncId, gv: V) -> Option<V> {
        if !self.funcs[g.index()].has_body {
            return None;
        }
        // Only the constants that contain `gv` matter here (see above). LLVM's RAUW
        // re-uniques every one of them, hashing all its operands: a table of n functions
        // that fold one by one costs n^2 (LLVM's own pass pays it). Past a few hundred
        // operands the folded function's own object becomes the thunk instead (the
        // caller's other path), and no use changes at all; the walk stops at the limit.
        let consts = self.constants_containing(gv, SHELL_RAUW_OPERAND_LIMIT)?;
        // SAFETY: the constants that contained `gv` are forgotten just below, its handle in
        // `func_of`, `used` and the slot too, and the caller forgets the handles into its
        // body.
        let ng = unsafe { gv.replace_with_shell(self.switches.keep_erased) }?;
        self.forget_consts_moving(&consts, gv, ng);
        self.func_of.remove(&gv);
        self.func_of.insert(ng, g);
        // `llvm.used` and `llvm.compiler.used` name the shell now.
        if self.load.used.remove(&gv) {
            self.load.used.insert(ng);
        }
        self.funcs[g.index()].v = Some(ng);
        Some(ng)
    }

    fn erase_untimed(&mut self, g: FuncId) -> Result<(), LlvmError> {
        let gv = self.func_value(g)?;
        if gv.has_uses() {
            return err(format!("cannot erase {g}: it still has uses"));
        }
        let (mut eager, mut freed) = (Vec::new(), vec![gv]);
        self.blockaddress_users(gv, g, &mut eager, &mut freed);
        let name: Box<[u8]> = gv.name().into();
        // SAFETY: `gv` has no uses (checked above); its handle is forgotten (`func_of`, the
        // slot) and the constants it frees are in `freed`, forgotten by `refresh` below.
        unsafe { self.remove_global(gv) };
        self.func_of.remove(&gv);
        let s = &mut self.funcs[g.index()];
        // Facts hold no name while the function lives (`func_name` reads LLVM's).
        s.facts.name = name;
        s.v = None;
        s.view = None;
        s.insts.clear();
        s.built = true;
        s.has_body = false;
        s.facts_ineligible = Some(Ineligible::NoBody);
        s.facts.ineligible = Some(Ineligible::NoBody);
        // Only `g` itself is freed (it has no uses, so no constant refers to it), with
        // the instructions of its body (local metadata) and its block addresses.
        self.refresh(Vec::new(), Vec::new(), eager, Freed::Consts(freed), None);
        Ok(())
    }

    fn split_body_untimed(&mut self, f: FuncId) -> Result<FuncId, LlvmError> {
        let fv = self.func_value(f)?;
        if fv.is_declaration() {
            return err("cannot split the body of a declaration");
        }
        // In `f`'s address space, as LLVM's private body (not the program address space
        // `LLVMAddFunction` would use).
        let body = fv.add_function_like().ok_or_else(|| LlvmError("cannot create a function like this one".into()))?;
        // A name of its own (LLVM leaves the body unnamed, `@0`): code generation derives
        // symbols from function names (KCFI's `__cfi_NAME` before a function with
        // `!kcfi_type`, basic-block sections' `NAME.__part.N`), so two unnamed bodies define
        // one symbol twice and the module does not compile. LLVM makes the name unique.
        // Nor a name whose symbol another global of the module already has (see
        // `private_symbol_taken`): `.1` more until none has it.
        let mut want = private_body_name(&fv.name());
        loop {
            body.set_name(&want);
            want = body.name();
            if !private_symbol_taken(self.m, &want) {
                break;
            }
            want.extend_from_slice(b".1");
        }
        let nparams = fv.params().len() as u32;
        let (mut eager, mut freed) = (Vec::new(), Vec::new());
        // The whole list at once (the shim); attribute by attribute as a fallback.
        if let Some(owner) = AttrOwner::of_function(fv).filter(|_| !body.copy_attributes_from(fv)) {
            let mut attrs = Vec::new();
            for idx in [sys::LLVMAttributeFunctionIndex, sys::LLVMAttributeReturnIndex].into_iter().chain(1..=nparams) {
                owner.attributes_at(idx, &mut attrs);
                for &a in &attrs {
                    body.add_attribute_at(idx, a);
                }
            }
        }
        body.set_call_conv(fv.call_conv().unwrap_or(0));
        body.copy_gc_from(fv);
        body.copy_section_from(fv);
        body.copy_partition_from(fv);
        body.set_function_alignment(fv.function_alignment());
        body.set_unnamed_addr(fv.unnamed_addr());
        if let Some(p) = fv.personality() {
            body.set_personality(p);
        }
        if let Some(d) = fv.prefix_data() {
            body.set_prefix_data(d);
        }
        if let Some(d) = fv.prologue_data() {
            body.set_prologue_data(d);
        }
        body.set_linkage(LlvmLinkage::Private);
        // The comdat stays with the symbol (opt-22 leaves the private body without one).
        // Attachments go with the body; the symbol keeps only its CFI types.
        for (k, md) in fv.global_metadata() {
            body.set_global_metadata(k, md);
        }
        let symbol_lost_attachments = self.strip_metadata(fv);
        // Whether the arguments' replacement below may delete metadata (a `LocalAsMetadata`
        // of an argument, when debug records refer to it).
        let args_in_metadata = fv.args_used_by_metadata();
        // Moving the blocks replaces their block-address constants (and the constants
        // built on them), and changes what the functions using them refer to.
        self.blockaddress_users(fv, f, &mut eager, &mut freed);
        // Move the blocks (debug records travel with their instructions).
        let anchor =
            self.ctx.append_block(body).ok_or_else(|| LlvmError("cannot create a function like this one".into()))?;
        let mut pos = anchor;
        for b in fv.blocks() {
            b.move_after(pos);
            pos = b;
        }
        // SAFETY: the anchor is an empty block nothing uses, and no handle to it is kept.
        unsafe { anchor.delete() };
        for (a, na) in fv.params().into_iter().zip(body.params()) {
            let name = a.name();
            if !name.is_empty() {
                a.set_name(b"");
                na.set_name(&name);
            }
            // SAFETY: an argument is in no constant, so RAUW replaces no constant; `na` is the
            // matching argument of a function of the same type.
            unsafe { a.replace_all_uses_with(na) };
        }
        let id = self.register_func(body);
        let derived = self.derive_body_facts(f, id, body);
        // The view moves with the body when it is built and describes nothing the move
        // changed: no block addresses (their constants are replaced), no metadata
        // (function-local metadata follows the replaced arguments). Arguments, blocks and
        // instructions are positional; constants, including references to `f`, are the
        // same objects.
        // Nothing the pointer caches know is freed when no block-address constant is
        // replaced and no metadata refers to an argument: the instructions, constants and
        // metadata nodes stay as they are (uniqued and distinct nodes belong to the
        // context). The metadata caches then keep their generation.
        let frees_nothing = eager.is_empty() && freed.is_empty() && !args_in_metadata;
        let moved = if eager.is_empty() && freed.is_empty() {
            let s = &self.funcs[f.index()];
            debug_assert!(!s.built || s.view.as_ref().is_none_or(|b| s.meta == crate::module::view_has_meta(b)));
            // Metadata ids survive the move when they do not depend on the metadata
            // caches' generation (uniqued content only, no function-local metadata), or
            // when that generation does not change and the view has its ids.
            let plain = s.built
                && s.view.as_ref().is_some_and(|b| b.insts.len() == s.insts.len())
                && (!s.meta || (frees_nothing && self.view_in_md_generation(f)) || self.ids_outlive_md_generation(f.0));
            if plain {
                let s = &mut self.funcs[f.index()];
                let (gen, meta) = (s.view_gen, s.meta);
                s.view.take().map(|b| (b, std::mem::take(&mut s.insts), gen, meta))
            } else {
                None
            }
        } else {
            None
        };
        let was_built = self.funcs[f.index()].built;
        // The body keeps its copy key (a hint for copies and same-body claims, checked by
        // the shim's walk); the thunk left behind has none.
        let key = std::mem::take(&mut self.funcs[f.index()].copy_key);
        self.funcs[id.index()].copy_key = key;
        // Nothing else is freed: the instructions move, the arguments are replaced by the
        // new function's (function-local metadata is forgotten with every rewrite).
        let lazy = if derived {
            // The instructions moved as they are (no block-address constant replaced):
            // the body's tree key is `f`'s (cycle keys read it), without a walk.
            if eager.is_empty() && freed.is_empty() {
                self.move_tree_key(f, id);
            }
            // `f` is now a declaration with the same module-level facts otherwise (its
            // name, linkage, type and attribute list are untouched): no rebuild either,
            // unless it lost attachments (compared signature props).
            self.clear_tree_key(f);
            let s = &mut self.funcs[f.index()];
            s.has_body = false;
            s.view = None;
            s.insts.clear();
            s.built = true;
            s.facts_ineligible = Some(Ineligible::NoBody);
            s.facts.ineligible = Some(Ineligible::NoBody);
            Vec::new()
        } else {
            vec![f, id]
        };
        let sig = if derived && symbol_lost_attachments { vec![f] } else { Vec::new() };
        let free = if frees_nothing { Freed::Nothing } else { Freed::Consts(freed) };
        self.refresh(lazy, sig, eager, free, None);
        if derived && cfg!(debug_assertions) {
            self.assert_facts_are_current(f);
            self.assert_facts_are_current(id);
        }
        // The driver puts the new body in its tree right away.
        match moved {
            Some((b, insts, gen, meta))
                if self.funcs[id.index()].has_body && self.funcs[id.index()].facts.ineligible.is_none() =>
            {
                let s = &mut self.funcs[id.index()];
                s.view = Some(b);
                s.insts = insts;
                s.meta = meta;
                s.view_gen = gen;
                s.built = true;
                self.add_copy_source(id);
                if cfg!(debug_assertions) {
                    self.assert_view_is_current(id);
                }
            }
            // `f` was not read (the driver merged it on a claim about its unread body):
            // neither is the body, until the driver asks.
            _ if !was_built => {}
            _ => self.materialize_view(id),
        }
        Ok(id)
    }

    /// The module-level facts of `id`, the private function (LLVM function `body`) that
    /// `split_body` just made for `f`'s body, from `f`'s instead of a rebuild: the body
    /// has `f`'s type, attribute list, calling convention, gc, section, personality,
    /// alignment and unnamed_addr (all copied), and its own name, private linkage and
    /// `llvm.used` membership. Only when `f` is eligible by its facts (so is the body: a
    /// private linkage, `f`'s calling convention, no thunk tag); false otherwise, and the
    /// caller rebuilds. Debug builds check the result against a rebuild.
    fn derive_body_facts(&mut self, f: FuncId, id: FuncId, body: V) -> bool {
        let s = &self.funcs[f.index()];
        if !s.has_body || s.facts_ineligible.is_some() || self.pending.last() != Some(&id) {
            return false;
        }
        let mut info = s.facts.clone();
        let (fn_special, sig_hash) = (s.fn_special, s.sig_hash);
        // Facts hold no name while the function lives (`func_name` reads LLVM's).
        info.name = Box::default();
        info.linkage = Linkage { local: true, discardable_if_unused: true, ..Default::default() };
        info.used_externally = self.load.used.contains(&body);
        info.ineligible = None;
        self.pending.pop();
        let slot = &mut self.funcs[id.index()];
        slot.facts = info;
        slot.facts_ineligible = None;
        slot.fn_special = fn_special;
        slot.sig_hash = sig_hash;
        slot.has_body = true;
        true
    }

    fn set_alignment_untimed(&mut self, f: FuncId, align: Option<u64>) -> Result<(), LlvmError> {
        let v = self.func_value(f)?;
        // The driver sets the larger of two alignments LLVM accepted (up to 2^32).
        if !v.set_function_alignment(align.unwrap_or(0)) {
            return err(format!("invalid alignment {}", align.unwrap_or(0)));
        }
        self.drop_prescan();
        self.funcs[f.index()].facts.align = align.filter(|a| *a != 0);
        Ok(())
    }

    /// [`ModuleMut::drop_differing_facts`]: removes from `keep_inst` every attachment of a
    /// kind in `DROPPABLE_ATTACHMENTS` that `fold_inst` does not have with the same node.
    /// Nodes are compared by identity (uniqued nodes with the same operands are one
    /// node), so two distinct nodes that would rename into each other are removed too:
    /// more than needed, never less. Views do not record these kinds
    /// (`drop_attachments`), so no view changes; no key or claim reads them either
    /// (the prescan's keys read no attachment, the second tree key skips droppable kinds
    /// in this mode, and the shim's same-body walk compares every attachment a view
    /// would record without the mode, by node identity, on the IR as it is when asked).
    fn drop_differing_attachments(
        &mut self,
        keep: FuncId,
        keep_inst: InstId,
        fold: FuncId,
        fold_inst: InstId,
    ) -> Result<(), LlvmError> {
        let inst = |f: FuncId, i: InstId| self.funcs.get(f.index()).and_then(|s| s.insts.get(i.index())).copied();
        let (Some(a), Some(b)) = (inst(keep, keep_inst), inst(fold, fold_inst)) else {
            return err(format!("{keep} or {fold} has no instruction {keep_inst} or {fold_inst}"));
        };
        let ours = a.inst_metadata();
        if ours.is_empty() {
            return Ok(());
        }
        let theirs = b.inst_metadata();
        let droppable = self.kinds.md_droppable;
        for (k, node) in ours {
            if droppable.contains(&k) && !theirs.contains(&(k, node)) {
                a.erase_inst_metadata(k);
            }
        }
        Ok(())
    }

    fn intersect_flags_untimed(&mut self, f: FuncId, inst: InstId, keep: u64) -> Result<(), LlvmError> {
        let Some(v) = self.funcs.get(f.index()).and_then(|s| s.insts.get(inst.index())).copied() else {
            return err(format!("{f} has no instruction {inst}"));
        };
        let cur = v.gep_flags().unwrap_or(0) as u64;
        if !v.set_gep_flags((cur & keep) as u32) {
            return err("flag intersection on an instruction without weak flags");
        }
        self.drop_prescan();
        // Only the flags changed: patch the view (`weak_flags` holds the GEP flags).
        let new = v.gep_flags().unwrap_or(0) as u64;
        if let Some(b) = self.funcs[f.index()].view.as_mut() {
            if let Some(i) = b.insts.get_mut(inst.index()) {
                i.weak_flags = new;
            }
        }
        Ok(())
    }

    /// Runs the rewrite `f`, adding its wall time to [`crate::PassTimes::rewrites`]
    /// (views it builds count there, not as view time).
    fn timed_rewrite<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let t0 = crate::clock::ticks();
        let outer = !self.in_rewrite;
        self.in_rewrite = true;
        // Bodies found different before may not be after it (see `copies.rs`).
        self.forget_different_bodies();
        let r = f(self);
        if outer {
            self.in_rewrite = false;
            self.add_time(t0, 2);
        }
        r
    }
}

/// Each rewrite is timed (see [`crate::PassTimes::rewrites`]).
impl ModuleMut for LlvmModule {
    type Error = LlvmError;

    /// Every rewrite of an equal pair can be written, except:
    /// * replacing every use of a function by one in another address space, when some
    ///   use is not a call naming it as the callee (a global initializer or a stored
    ///   address would change type; LLVM 22 writes that invalid module);
    /// * an alias of a function in another address space (an alias has its aliasee's
    ///   type; LLVM 22 writes that invalid module too);
    /// * a thunk whose argument or return casts fail (types the order never calls equal:
    ///   a check, not an expected refusal);
    /// * erasing a function an `!associated` attachment names (it would name no global);
    /// * a thunk, alias or moved body for a function whose frame `llvm.localrecover`
    ///   reads;
    /// * an alias with weak or linkonce linkage in a module compiled to Mach-O, where it
    ///   is a local symbol (LLVM 22 writes it);
    /// * rewrites that break a comdat group when another module's copy of it wins the
    ///   link (see `module/comdats.rs`; LLVM 22 writes those modules);
    /// * a thunk, redirected calls or replaced uses that give code an ifunc resolver runs
    ///   a call of a survivor that is not `dso_local` (a PLT call while the loader
    ///   relocates; LLVM 22 writes them).
    fn can_rewrite(&self, rewrite: Rewrite, g: FuncId, target: FuncId) -> Result<(), &'static str> {
        let (Ok(gv), Ok(fv)) = (self.func_value(g), self.func_value(target)) else {
            return Err("not a live function");
        };
        let fl = self.func(target).linkage;
        self.comdat_refusal(rewrite, gv, fv, fl.interposable || fl.odr)?;
        // A call of a survivor that may not bind within the object (not `dso_local`: an
        // exported function of a shared library) goes through the PLT. Code an ifunc
        // resolver runs must not gain one: with symbols bound at load time (`-z now`) the
        // loader runs resolvers before it fills in the PLT's GOT slots, and the call jumps
        // to an unrelocated address (LLVM 22 writes such thunks). An alias, or a thunk of
        // a survivor that binds locally (a weak pair's private body), calls no PLT.
        if !fv.is_dso_local() {
            match rewrite {
                Rewrite::Thunk if runs_while_relocating(self.m, gv, false) => {
                    return Err("an ifunc resolver runs it, and its call of the survivor may go through the PLT");
                }
                Rewrite::ReplaceAllUses | Rewrite::RedirectCalls if runs_while_relocating(self.m, gv, true) => {
                    return Err("an ifunc resolver calls it, and a call of the survivor may go through the PLT");
                }
                _ => {}
            }
        }
        match rewrite {
            Rewrite::ReplaceAllUses if gv.ty() != fv.ty() => {
                let calls = direct_calls_of(gv).len();
                if gv.uses().count() != calls {
                    return Err("its address is used, and the survivor is in another address space");
                }
                Ok(())
            }
            Rewrite::Alias if gv.ty() != fv.ty() => Err("an alias cannot name a function in another address space"),
            // The alias takes `g`'s linkage, and no alias may name an interposable
            // alias (LLVM 22 writes that invalid module and aborts).
            Rewrite::Alias if self.func(g).linkage.interposable && named_by_alias(gv) => {
                Err("an alias names it, and an alias may not name an interposable alias")
            }
            // Mach-O has no weak aliases: an alias with weak or linkonce linkage is
            // emitted as `.weak_reference NAME` and `NAME = TARGET`, a local symbol. `g`'s
            // symbol would leave the object's exports (another object's reference to it
            // no longer links) and a definition elsewhere would no longer take over its
            // calls (LLVM 22 writes such aliases). A thunk keeps the weak definition.
            Rewrite::Alias
                if weak_or_linkonce(gv) && objects_are_macho(&self.m.target_triple(), &self.m.data_layout()) =>
            {
                Err("Mach-O emits a weak or linkonce alias as a local symbol")
            }
            // `llvm.localrecover(@g, ...)` needs `@g`'s `llvm.localescape`: a thunk, an
            // alias or a body moved elsewhere leaves none (LLVM 22 writes that invalid
            // module). Replacing its uses by an equal function, which escapes the same
            // allocations, stays possible.
            Rewrite::Thunk | Rewrite::Alias | Rewrite::SplitBody if gv.frame_recovered() => {
                Err("llvm.localrecover reads its frame, so it keeps its body")
            }
            // A `swifttailcc` thunk must `musttail` call; PowerPC's and MIPS's code
            // generators cannot always honour that (llc-22 stops with "failed to perform
            // tail call elimination on a call site marked musttail"), where the unmerged
            // functions compile (LLVM 22 writes such thunks anyway).
            Rewrite::Thunk
                if gv.call_conv() == Some(cc::SWIFT_TAIL)
                    && fv.call_conv() == Some(cc::SWIFT_TAIL)
                    && !musttail_always_compiles(&self.m.target_triple()) =>
            {
                Err("the target cannot always compile the thunk's musttail call")
            }
            Rewrite::Thunk => {
                let (Some(gty), Some(fty)) = (gv.global_value_type(), fv.global_value_type()) else {
                    return Err("not a function");
                };
                if gty == fty {
                    // One (uniqued) function type: every cast below is the identity, the
                    // counts are equal and a musttail call returns what the thunk does.
                    // The same answers as the general path, without reading the signature.
                    if fty.is_var_arg() != Some(false) {
                        return Err(if fty.is_var_arg() == Some(true) {
                            "a thunk cannot forward variadic arguments"
                        } else {
                            "not a function type"
                        });
                    }
                    return self.thunk_may_call(target);
                }
                let (Some((gret, gp, _)), Some((fret, fp, fva))) = (gty.func_sig(), fty.func_sig()) else {
                    return Err("not a function type");
                };
                if fva {
                    return Err("a thunk cannot forward variadic arguments");
                }
                self.thunk_may_call(target)?;
                if fv.call_conv() == Some(cc::SWIFT_TAIL) && gv.call_conv() == Some(cc::SWIFT_TAIL) && gret != fret {
                    // The thunk must `musttail` call, and a musttail call's result is
                    // returned unchanged: no cast between return types (ptr and i64).
                    return Err("a musttail thunk cannot convert the return value");
                }
                if gp.len() != fp.len() {
                    return Err("different parameter counts");
                }
                for (a, b) in gp.into_iter().zip(fp) {
                    thunk_cast_possible(a, b)?;
                }
                if gret.kind() != Ok(TyKind::Void) {
                    thunk_cast_possible(fret, gret)?;
                }
                Ok(())
            }
            Rewrite::SplitBody if gv.is_declaration() => Err("no body to split"),
            // Erasing would null the attachment's operand (LLVM 22 does, and an
            // `!associated` without a global is invalid); a thunk keeps it valid. Other
            // metadata may lose the function, as in LLVM (debug info must not change code).
            Rewrite::Erase if gv.named_by_associated() => Err("an !associated attachment names it"),
            // An attachment can always be removed from an instruction; only the mode and
            // the two views (the driver pairs their instructions) are required.
            Rewrite::DropFacts if !self.switches.drop_attachments => Err("attachments are not dropped in this run"),
            Rewrite::DropFacts if !self.funcs[g.index()].built || !self.funcs[target.index()].built => {
                Err("no view to pair the instructions")
            }
            Rewrite::ReplaceAllUses
            | Rewrite::RedirectCalls
            | Rewrite::Alias
            | Rewrite::SplitBody
            | Rewrite::Erase
            | Rewrite::DropFacts => Ok(()),
        }
    }

    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.replace_all_uses_untimed(from, to))
    }

    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.replace_direct_calls_untimed(from, to))
    }

    fn write_alias(&mut self, g: FuncId, target: FuncId) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.write_alias_untimed(g, target))
    }

    fn write_thunk(&mut self, g: FuncId, target: FuncId, style: ThunkStyle) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.write_thunk_untimed(g, target, style))
    }

    fn erase(&mut self, g: FuncId) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.erase_untimed(g))
    }

    fn split_body(&mut self, f: FuncId) -> Result<FuncId, LlvmError> {
        self.timed_rewrite(|m| m.split_body_untimed(f))
    }

    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.set_alignment_untimed(f, align))
    }

    fn intersect_flags(&mut self, f: FuncId, inst: InstId, keep: u64) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.intersect_flags_untimed(f, inst, keep))
    }

    fn supports_aliases(&self) -> bool {
        true
    }

    fn drops_facts(&self) -> bool {
        self.switches.drop_attachments
    }

    fn drop_differing_facts(
        &mut self,
        keep: FuncId,
        keep_inst: InstId,
        fold: FuncId,
        fold_inst: InstId,
    ) -> Result<(), LlvmError> {
        self.timed_rewrite(|m| m.drop_differing_attachments(keep, keep_inst, fold, fold_inst))
    }

    fn supports_flag_intersection(&self) -> bool {
        true
    }
}

/// Operands of the constants around a folded function past which a thunk reuses the
/// folded function's object rather than a fresh shell (see `replace_with_shell`):
/// clearing a body costs about as much as re-uniquing this many constant operands.
const SHELL_RAUW_OPERAND_LIMIT: u64 = 256;

/// The name of the private body split out of a function named `of` (`of.merged`;
/// `merged` for an unnamed function). Never empty: see `split_body_untimed`.
///
/// The name must give the body an assembler symbol of its own and be one the verifier
/// accepts for a definition:
/// * leading `\x01`s (a name the mangler emits verbatim, as clang writes for `asm`
///   labels and MSVC names) are left out: a private name without one is emitted with the
///   target's private prefix (`.L` on ELF), so it names no other symbol, whereas
///   `\x01foo.merged` would be emitted as `foo.merged`, the symbol of another global of
///   that name (a second definition, or a call to an external `foo.merged` bound to the
///   body);
/// * a name in LLVM's reserved `llvm.` namespace (from a function named `llvm`) is an
///   intrinsic's, which may not be defined: its dot becomes `_` (`llvm_merged`).
fn private_body_name(of: &[u8]) -> Vec<u8> {
    // Every leading marker: `\x01\x01foo` less one is still a verbatim name (`\x01foo`).
    let start = of.iter().position(|&c| c != 1).unwrap_or(of.len());
    let mut n = of[start..].to_vec();
    if !n.is_empty() {
        n.push(b'.');
    }
    n.extend_from_slice(b"merged");
    if n.starts_with(b"llvm.") {
        n[4] = b'_';
    }
    n
}

/// The prefixes LLVM's mangler puts before the name of a private global on some target
/// (the data layout's mangling mode's private prefix, then its global prefix): ELF, wasm
/// and 64-bit COFF `.L`; Mach-O `L_`, and `l_` for code; 32-bit COFF `L_`; MIPS `$`;
/// GOFF `L#`; XCOFF `L..`. The bare `L` and `l` are there for layouts that name the
/// private prefix without the global one.
const PRIVATE_PREFIXES: [&[u8]; 8] = [b".L", b"L_", b"l_", b"L", b"l", b"$", b"L#", b"L.."];

/// Whether another global of module `m` may be emitted as the symbol a private global
/// named `name` is emitted as: a private prefix and `name`, written verbatim
/// (`\x01.Lname`) or as a plain name (`.Lname`, which ELF emits as it stands). Such a
/// body would define that symbol a second time (llc-22: "symbol '.Lname' is already
/// defined"). Every target's prefixes are checked, whatever the module's target: a name
/// left out needlessly costs nothing.
fn private_symbol_taken(m: M, name: &[u8]) -> bool {
    let mut verbatim = Vec::with_capacity(4 + name.len());
    PRIVATE_PREFIXES.iter().any(|p| {
        verbatim.clear();
        verbatim.push(1u8);
        verbatim.extend_from_slice(p);
        verbatim.extend_from_slice(name);
        m.has_global_value_named(&verbatim) || m.has_global_value_named(&verbatim[1..])
    })
}

#[cfg(test)]
mod object_format_tests {
    use super::objects_are_macho;

    #[test]
    fn mach_o_is_told_by_the_triple_or_the_layout() {
        for t in [
            "x86_64-apple-macosx14.0.0",
            "arm64-apple-ios17.0",
            "arm64-apple-darwin",
            "arm64_32-apple-watchos",
            "x86_64-apple-tvos",
            "arm64-apple-xros1",
            // LLVM's other spelling of xrOS, and names it reads by their start.
            "arm64-apple-visionos1.0",
            "arm64-apple-xrossimulator",
            "arm64-apple-darwinfoo",
            "x86_64-unknown-linux-gnu-macho",
            "thumbv7m-none-macho",
        ] {
            assert!(objects_are_macho(t.as_bytes(), b""), "{t}");
        }
        for t in [
            "x86_64-unknown-linux-gnu",
            "x86_64-pc-windows-msvc",
            "wasm32-unknown-unknown",
            "powerpc64-ibm-aix",
            "",
            "arm64-apple-none",
            "x86_64-apple-firmware",
        ] {
            assert!(!objects_are_macho(t.as_bytes(), b"e-m:e-i64:64"), "{t}");
        }
        assert!(objects_are_macho(b"", b"e-m:o-i64:64-i128:128-n32:64-S128-Fn32"));
    }
}

#[cfg(test)]
mod private_body_name_tests {
    use super::private_body_name;

    #[test]
    fn named_after_the_function_and_never_empty() {
        assert_eq!(private_body_name(b"f"), b"f.merged");
        assert_eq!(private_body_name(b"_ZN3foo3barEv"), b"_ZN3foo3barEv.merged");
        assert_eq!(private_body_name(b""), b"merged");
    }

    #[test]
    fn verbatim_names_lose_their_marker() {
        assert_eq!(private_body_name(b"\x01foo"), b"foo.merged");
        assert_eq!(private_body_name(b"\x01?f@@YAHH@Z"), b"?f@@YAHH@Z.merged");
        assert_eq!(private_body_name(b"\x01"), b"merged");
        // Less one marker, a name with two would still be verbatim (`\x01foo.merged`
        // emitted as `foo.merged`): every leading marker goes.
        assert_eq!(private_body_name(b"\x01\x01foo"), b"foo.merged");
        assert_eq!(private_body_name(b"\x01\x01llvm"), b"llvm_merged");
        assert_eq!(private_body_name(b"\x01\x01"), b"merged");
        // Only a leading marker means "verbatim".
        assert_eq!(private_body_name(b"a\x01b"), b"a\x01b.merged");
    }

    #[test]
    fn never_in_the_reserved_llvm_namespace() {
        assert_eq!(private_body_name(b"llvm"), b"llvm_merged");
        assert_eq!(private_body_name(b"\x01llvm"), b"llvm_merged");
        assert_eq!(private_body_name(b"llvm_x"), b"llvm_x.merged");
        assert_eq!(private_body_name(b"llvmx"), b"llvmx.merged");
    }
}
