//! The module-level facts of a function ([`mergefunc::FuncInfo`]): its registration under
//! a [`FuncId`], linkage class, eligibility from the signature, type, signature props
//! (attribute list, gc, section, calling convention, personality, prefix and prologue
//! data, partition, compared attachments), alignment and callability.
//!
//! Invariants: no facts hold the name of a live function (`Module::func_name` reads
//! LLVM's; only an erased one keeps its last name there); a registered function is
//! *pending* until its facts are built (`drain_pending`); nothing reads the facts of a
//! pending function. The facts of a
//! function the load found never merging, or without a body (`crate::shape`), are
//! *light*: its linkage, eligibility and flags, but no type, attribute list or
//! other props (the core never reads them of such a function, and a never-merging one
//! gets no view, see `reason::NEVER_READ`). The order of signature props is fixed:
//! `explain.rs` labels them by position.

use super::attrs::ListMemo;
use super::{reason, LlvmModule, Slot};
use crate::safe::{self, cc, AttrOwner, Linkage as L, Md, T, V};
use mergefunc::{FuncId, FuncInfo, Ineligible, Linkage, Prop, TypeId};
use std::ptr;
use std::sync::Arc;

/// What [`LlvmModule::build_facts`] reads the same way for light and full facts,
/// before they part.
struct FactsHead {
    name: Box<[u8]>,
    linkage: Linkage,
    ineligible: Option<Ineligible>,
    callable: bool,
}

impl LlvmModule {
    pub(crate) fn register_func(&mut self, v: V) -> FuncId {
        if let Some(f) = self.func_of.get(&v) {
            return *f;
        }
        let id = FuncId::new(self.funcs.len());
        self.func_of.insert(v, id);
        self.funcs.push(Slot {
            v: Some(v),
            // Placeholder facts: a registered function is pending, and `rebuild_facts`
            // (which reads the name) runs before anything reads them.
            facts: FuncInfo {
                name: Box::default(),
                linkage: Linkage::default(),
                ineligible: Some(Ineligible::NoBody),
                unnamed_addr: false,
                used_externally: false,
                ty: TypeId(0),
                sig: self.scratch.no_sig.clone(),
                align: None,
                callable: false,
            },
            view: None,
            insts: Vec::new(),
            built: false,
            has_body: false,
            facts_ineligible: Some(Ineligible::NoBody),
            fn_special: false,
            meta: false,
            view_gen: (0, 0),
            list_memo: ListMemo::default(),
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
            self.rebuild_facts(f);
        }
    }

    /// Rebuilds the module-level facts of `f` from the IR. The body view is left as it
    /// is (see [`Self::invalidate`] and [`Self::materialize_view`]).
    pub(crate) fn rebuild_facts(&mut self, f: FuncId) {
        let Some(v) = self.funcs[f.index()].v else { return };
        if !v.is_function() {
            // An alias now stands for this id.
            let s = &mut self.funcs[f.index()];
            s.view = None;
            s.insts.clear();
            s.built = true;
            s.has_body = false;
            s.facts_ineligible = Some(Ineligible::NoBody);
            s.facts.ineligible = Some(Ineligible::NoBody);
            // The alias's name is read from LLVM (`func_name`), as every live one.
            s.facts.name = Box::default();
            return;
        }
        let light = self.light_facts(f);
        let (info, fn_special, list_memo) = self.build_facts(v, light);
        let s = &mut self.funcs[f.index()];
        s.has_body = !v.is_declaration();
        s.facts_ineligible = info.ineligible;
        s.fn_special = fn_special;
        s.list_memo = list_memo;
        // Keep what the body view found (if it is current).
        let body_reason = match s.facts.ineligible {
            Some(Ineligible::Adapter(r))
                if s.built
                    && (r == reason::DISTINCT_MD || r == reason::UNSUPPORTED || r == reason::BLOCK_ADDRESS_ESCAPES) =>
            {
                Some(Ineligible::Adapter(r))
            }
            _ => None,
        };
        s.facts = info;
        if s.facts.ineligible.is_none() {
            s.facts.ineligible = body_reason;
        }
        if !s.has_body {
            s.view = None;
            s.insts.clear();
            s.built = true;
            return;
        }
        if light {
            return;
        }
        // While the facts are in cache (tree keys need it for every candidate).
        let mut hasher = std::mem::take(&mut self.keys.key_types);
        self.funcs[f.index()].sig_hash = hasher.signature_hash(&*self, f);
        self.keys.key_types = hasher;
    }

    /// Whether the facts of `f` are light: it never merges (alone on its shape or on its
    /// prescan key), or it had no body when the module was loaded (the core reads a
    /// declaration's name and linkage, never its signature props). See `crate::shape`.
    pub(crate) fn light_facts(&self, f: FuncId) -> bool {
        self.load.shapes.light(f.index())
    }

    /// Part of [`mergefunc::ModuleMut::can_rewrite`] for thunks: whether a thunk may call `f`, or
    /// why not, where the call or the thunk would be invalid IR or a broken program: a
    /// `naked` function (a thunk with its attributes would use its arguments, which the
    /// verifier rejects, and have no frame to call from); one with a `preallocated`
    /// parameter (a call must pass the token of its `llvm.call.preallocated.setup`,
    /// which a thunk does not have); one with an `inalloca` parameter (only a `musttail`
    /// call may forward the caller's argument memory); an interrupt handler (an interrupt calling
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
        // The list's flags, where it was converted (every function with full facts):
        // the same answers, in the same order, as LLVM's queries.
        match self.converted_list_flags_memo(v, self.funcs[f.index()].list_memo) {
            Some(flags) => {
                use super::attrs::list_flags as lf;
                if flags & lf::INTERRUPT != 0 {
                    Err("an interrupt handler cannot be called from a thunk")
                } else if flags & lf::NAKED != 0 {
                    Err("a naked function cannot be a thunk")
                } else if flags & lf::PREALLOCATED != 0 {
                    Err("a preallocated argument needs its setup call, which a thunk lacks")
                } else if flags & lf::INALLOCA != 0 {
                    Err("an inalloca argument can only be forwarded by musttail, which a thunk does not make")
                } else {
                    Ok(())
                }
            }
            None => self.thunk_may_call_by_llvm(v),
        }
    }

    /// The attribute part of [`Self::thunk_may_call`] asked of LLVM (function `v`).
    pub(crate) fn thunk_may_call_by_llvm(&self, v: V) -> Result<(), &'static str> {
        let [naked, prealloc] = self.kinds.no_thunk_kinds;
        // Index `u32::MAX` is the function, 1.. the parameters.
        if ["interrupt", "signal"].iter().any(|key| v.has_string_attribute(u32::MAX, key)) {
            return Err("an interrupt handler cannot be called from a thunk");
        }
        if naked != 0 && v.has_enum_attribute(u32::MAX, naked) {
            return Err("a naked function cannot be a thunk");
        }
        if prealloc != 0 && (1..=v.param_count()).any(|i| v.has_enum_attribute(i, prealloc)) {
            return Err("a preallocated argument needs its setup call, which a thunk lacks");
        }
        // An `inalloca` argument is the caller's outgoing argument memory: a thunk's
        // plain call passes its own incoming memory as the callee's, and on i686 the
        // callee then reads another frame's bytes (a thunk forwarding it prints garbage
        // under `clang -m32`; only a `musttail` call may forward it, LangRef).
        let inalloca = self.kinds.special_alloca_kinds[0];
        if inalloca != 0 && (1..=v.param_count()).any(|i| v.has_enum_attribute(i, inalloca)) {
            return Err("an inalloca argument can only be forwarded by musttail, which a thunk does not make");
        }
        Ok(())
    }

    /// No facts carry a name: [`mergefunc::Module::func_name`] reads LLVM's (copying
    /// every candidate's name cost half the pass on modules of long names). With `light`
    /// (the function is one the core never compares, hashes or merges: it never merges,
    /// or has no body, see [`Self::light_facts`]), its type, attribute list, garbage
    /// collector, section and personality are never read either: its type is a
    /// placeholder that is not a function type ([`Self::unread_fn_type`]), and it has no
    /// signature props; a function that never merges gets no view either
    /// ([`reason::NEVER_READ`]), so nothing can compare it with these facts.
    pub(super) fn build_facts(&mut self, v: V, light: bool) -> (FuncInfo, bool, ListMemo) {
        let name: Box<[u8]> = Box::default();
        let mut ineligible = None;
        // Linkage, declaration, dso_local, attachments, calling convention, alignment and
        // unnamed_addr in one call (most functions get light facts, and nothing more is
        // read of them).
        let g: safe::GlobalHead = v.global_head();
        let lk = match g.linkage {
            Some(Ok(l)) => l,
            _ => {
                ineligible = Some(Ineligible::Adapter(reason::LINKAGE));
                L::External
            }
        };
        // LLVM's `GlobalValue::isInterposable`: an interposable linkage, or, with the
        // `SemanticInterposition` module flag, any symbol that is not `dso_local` (hidden
        // and protected visibility imply `dso_local`; local linkage is always).
        let preemptible = self.load.semantic_interposition && !g.dso_local;
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
        if g.declaration {
            ineligible = Some(Ineligible::NoBody);
        }
        let cconv = g.cc.unwrap_or(0);
        let kernel = cc::NOT_CALLABLE.contains(&cconv);
        if kernel && ineligible.is_none() {
            ineligible = Some(Ineligible::Adapter(reason::KERNEL));
        }
        // A function without attachments has no thunk tag, and a context that does not
        // know the tag's kind has no thunk of ours: until the kind is looked up, it is
        // looked up only for a function with attachments (none in most runs without
        // debug information).
        if ineligible.is_none() && (self.kinds.custom_read() || g.has_metadata) {
            let thunk_kind = self.kinds.md_thunk();
            if thunk_kind != safe::kinds::NO_MD_KIND && v.has_global_metadata(thunk_kind) {
                ineligible = Some(Ineligible::Adapter(reason::THUNK));
            }
        }
        let mut head = FactsHead { name, linkage, ineligible, callable: !kernel };
        if light {
            // Never compared: no signature props at all (no allocation; a light function
            // that never merges gets no view either, see `reason::NEVER_READ`).
            let ty = self.unread_fn_type();
            let align = g.align.filter(|a| *a != 0).map(|a| a as u64);
            let no_sig = self.scratch.no_sig.clone();
            return (self.func_info(v, head, g.unnamed_addr, ty, no_sig, align), false, ListMemo::default());
        }
        let fty = v.global_value_type().unwrap_or(T(ptr::null_mut()));
        let ty = self.intern_type(fty);
        // Always a function here (`rebuild_facts` gives aliases no facts of their own).
        let owner = AttrOwner::of_function(v);
        let nparams = owner.map_or(0, |o| o.param_count());
        let (attrs, fn_special, list_memo) = match owner {
            Some(owner) => self.fn_attrs_memo(owner, nparams),
            None => {
                let (id, special) = self.empty_attr_list();
                (id, special, ListMemo::default())
            }
        };
        // At most 8: attributes, gc, section, calling convention, personality. Built in a
        // reused buffer and copied out exactly sized.
        let mut sig = std::mem::take(&mut self.scratch.sig);
        sig.clear();
        sig.push(Prop::Attrs(attrs));
        self.push_optional_string(&mut sig, v.gc());
        self.push_optional_string(&mut sig, v.section());
        sig.push(Prop::Num(cconv as u64));
        self.push_optional_const(&mut sig, v.personality());
        if !self.push_fn_extras(v, g.has_metadata, &mut sig) && head.ineligible.is_none() {
            head.ineligible = Some(Ineligible::Adapter(reason::ATTACHMENT));
        }
        // 64 bits: LLVM-C's 32-bit getter reads an alignment of 2^32 as none.
        let align = Some(v.function_alignment()).filter(|a| *a != 0);
        let shared = self.shared_sig(&sig);
        let info = self.func_info(v, head, g.unnamed_addr, ty, shared, align);
        self.scratch.sig = sig;
        (info, fn_special, list_memo)
    }

    /// The one constructor of a function's facts, light or full: `head` and the
    /// properties both read the same way (`unnamed_addr`, LLVM-C's `LLVMUnnamedAddr`, and
    /// `llvm.used`), with the type, signature props and alignment each path reads its own
    /// way.
    fn func_info(
        &self,
        v: V,
        head: FactsHead,
        unnamed_addr: u32,
        ty: TypeId,
        sig: Arc<[Prop]>,
        align: Option<u64>,
    ) -> FuncInfo {
        FuncInfo {
            name: head.name,
            linkage: head.linkage,
            ineligible: head.ineligible,
            unnamed_addr: unnamed_addr == 2,
            used_externally: self.load.used.contains(&v),
            ty,
            sig,
            align,
            callable: head.callable,
        }
    }

    /// Signature props equal to `sig`, shared with the function whose facts were built
    /// last when it has the same (functions with one signature tend to be neighbours:
    /// where many are, each would otherwise take about 150 bytes of memory the pass
    /// touches for the first time). One comparison with the last props: a table of
    /// every distinct list cost more than it saved where most lists differ.
    fn shared_sig(&mut self, sig: &[Prop]) -> Arc<[Prop]> {
        if *self.scratch.last_sig == *sig {
            return self.scratch.last_sig.clone();
        }
        let s: Arc<[Prop]> = Arc::from(sig);
        self.scratch.last_sig = s.clone();
        s
    }

    /// An optional string property as signature props: `Num(0)` when absent, else
    /// `Num(1)` and the interned string.
    #[inline(always)]
    fn push_optional_string(&mut self, sig: &mut Vec<Prop>, s: Option<Vec<u8>>) {
        match s {
            Some(s) => {
                sig.push(Prop::Num(1));
                sig.push(Prop::Num(self.intern_string(&s)));
            }
            None => sig.push(Prop::Num(0)),
        }
    }

    /// An optional constant property as signature props: `Num(0)` when absent, else
    /// `Num(1)` and the interned constant.
    #[inline(always)]
    fn push_optional_const(&mut self, sig: &mut Vec<Prop>, c: Option<V>) {
        match c {
            Some(c) => {
                sig.push(Prop::Num(1));
                let c = self.intern_const(c);
                sig.push(Prop::Const(c));
            }
            None => sig.push(Prop::Num(0)),
        }
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
    /// `has_metadata`: whether `v` has any attachment ([`crate::safe::GlobalHead`]).
    /// Returns false when an attachment cannot be compared by content (the function is
    /// then ineligible).
    fn push_fn_extras(&mut self, v: V, has_metadata: bool, sig: &mut Vec<Prop>) -> bool {
        self.push_optional_const(sig, v.prefix_data());
        self.push_optional_const(sig, v.prologue_data());
        self.push_optional_string(sig, v.partition());
        // Without attachments, none to compare (and the custom kinds stay unread).
        let attachments = if self.kinds.custom_read() || has_metadata {
            v.global_attachments_except(&self.kinds.md_not_compared())
        } else {
            Vec::new()
        };
        sig.push(Prop::Num(attachments.len() as u64));
        let mut exact = true;
        for (k, m) in attachments {
            sig.push(Prop::Num(k as u64));
            match self.attachment_key(m) {
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
        if m.kind() != safe::MD_TUPLE || !self.ctx.is_uniqued_tuple(m) {
            return None;
        }
        let mdc = self.ctx;
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
}
