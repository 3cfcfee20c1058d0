//! The view builder: one function's body read through LLVM-C into the core's records
//! (blocks, instructions, operands, props, successors), with the props per opcode listed
//! in the crate docs' coverage table.
//!
//! Invariants: a build reads the IR and interns, and rewrites nothing; every instruction
//! other than a debug intrinsic gets exactly one `InstId`, in block layout order; anything
//! the builder cannot describe exactly makes the function ineligible
//! ([`reason::UNSUPPORTED`]) rather than described loosely;
//! props are pushed in a fixed order per opcode (`explain.rs` labels them by position).

use super::{reason, LlvmModule};
use crate::safe::{self, Inst, Op, Operands, ValKind, V};
use mergefunc::{BlockId, BodyBuf, ConstOffset, InstId, InstKind, Prop, TypeId, Use, Value};

/// Props reserved per instruction when a view is built (then shrunk to fit). Measured on
/// the benchmark modules: 2.4 to 3.4 props per instruction on average, and at most 37 of
/// 4,081 views (rust-linked-release) need more, so building a view rarely reallocates.
const PROPS_PER_INST: usize = 4;

/// Instructions the view scratch has room for when the first view is built.
const FIRST_ROOM_INSTS: usize = 256;

/// A view just built by `LlvmModule::build_view`.
pub(super) struct BuiltView {
    pub(super) view: BodyBuf,
    /// The LLVM instruction of each `InstId`.
    pub(super) insts: Vec<V>,
    /// An intrinsic call takes a distinct metadata node (the function is ineligible).
    pub(super) distinct_md: bool,
    /// See [`Slot::meta`](super::Slot::meta).
    pub(super) meta: bool,
}

/// Reusable buffers of the view builder.
#[derive(Default)]
pub(super) struct BuildScratch {
    all: Vec<V>,
    /// Per instruction of `all`: the instruction with its opcode, its result type and its
    /// operands.
    meta: Vec<(Inst, TypeId, Operands)>,
    block_end: Vec<usize>,
    alloca_props: Vec<(V, usize)>,
    succs: Vec<BlockId>,
}

/// Volatile, alignment, ordering and sync scope of a load or a store (`docs/llvm-rules.md`
/// §2.10), in that order; the scope of a non-atomic access is 1 (LLVM's "system").
fn memory_access_props(inst: Inst, props: &mut Vec<Prop>) {
    let (vol, al, ord, sc) = inst.memory_access().unwrap_or((false, 0, 0, 1));
    props.extend([Prop::Num(vol as u64), Prop::Num(al as u64), Prop::Num(ord as u64), Prop::Num(sc as u64)]);
}

impl LlvmModule {
    /// Pushes the attachments of `inst` that the order compares, after its other props:
    /// `Num(count)`, then `Num(kind)` and `Meta(node)` for each, in kind order; nothing
    /// when there are none. No other prop list ends in a `Meta`, so the attachments are
    /// told apart from the props before them.
    ///
    /// Which attachments: every one but `!dbg` on a load (LLVM 22 compares exactly those
    /// on loads); on every other instruction every one but `!dbg` and the kinds in
    /// `KindIds::md_hints`. An attachment states a fact the optimizer acts on (`!tbaa`,
    /// `!alias.scope`, `!noalias`, `!range`, `!nonnull`, `!llvm.loop` with
    /// `llvm.loop.mustprogress`, `!llvm.access.group`, `!callees`, `!pcsections`, a kind
    /// this adapter has never heard of, ...), and when two functions differ in one,
    /// the folded function's callers would run with the survivor's facts: a miscompile
    /// (`tests/corpus/tbaa-nested-nodes.ll`). The order compares each node in full
    /// (nested tuples, distinct nodes by consistent renaming). The hints left out cannot
    /// change what a program does:
    /// * `!prof`: branch weights, value profiles: code layout and inlining only;
    /// * `!annotation`: names what a pass did, for optimization remarks;
    /// * `!srcloc`: an inline asm's source location, for diagnostics;
    /// * `!heapallocsite`: the debug-info type an allocation call makes (CodeView);
    /// * `!DIAssignID`: debug-info assignment tracking (variable locations only).
    ///
    /// `!pcsections` is not a hint: it writes the instruction's address into sections
    /// that a runtime reads.
    ///
    /// With `drop_attachments` (opt-in), the kinds of `DROPPABLE_ATTACHMENTS` are left
    /// out as well, on every instruction.
    fn attachment_props(&mut self, inst: V, load: bool, props: &mut Vec<Prop>) {
        if self.switches.llvm22_attachments {
            return self.llvm22_attachment_props(inst, load, props);
        }
        inst.with_inst_metadata(|md| {
            if md.is_empty() {
                return;
            }
            // Read once per instruction (the custom kinds are looked up at their first use).
            let hints = self.kinds.md_hints();
            let recorded = |k: &u32| self.records_attachment(*k, load, &hints);
            let count = md.iter().filter(|(k, _)| recorded(k)).count();
            if count == 0 {
                return;
            }
            props.push(Prop::Num(count as u64));
            for &(k, m) in md {
                if self.records_attachment(k, load, &hints) {
                    props.push(Prop::Num(k as u64));
                    props.push(Prop::Meta(Some(self.intern_meta(m))));
                }
            }
        })
    }
}

impl LlvmModule {
    /// Does the view of an instruction (a load if `load`) record its attachment of kind
    /// `kind` (default rule, see [`Self::attachment_props`])? With `drop_attachments`,
    /// droppable kinds are left out entirely (neither their presence nor their nodes),
    /// on loads too: the merge removes them from a survivor where they differ
    /// (`drop_differing_attachments`). The merge key asks the same (`key_from_prescan`).
    /// `hints`: [`super::KindIds::md_hints`].
    pub(super) fn records_attachment(&self, kind: u32, load: bool, hints: &[u32; 5]) -> bool {
        let dropping = self.switches.drop_attachments;
        (load || !hints.contains(&kind)) && !(dropping && self.kinds.md_droppable.contains(&kind))
    }

    /// [`Self::attachment_props`] as LLVM 22 compares attachments (the test switch
    /// `llvm22_attachments`): every attachment of a load, and a call's `!range`, one
    /// level deep; nothing else.
    fn llvm22_attachment_props(&mut self, inst: V, load: bool, props: &mut Vec<Prop>) {
        let md = inst.inst_metadata();
        let range = self.kinds.md_range;
        let kept: Vec<(u32, safe::Md)> = if load {
            md
        } else if inst.is_call() {
            md.into_iter().filter(|(k, _)| *k == range).collect()
        } else {
            Vec::new()
        };
        if kept.is_empty() {
            return;
        }
        props.push(Prop::Num(kept.len() as u64));
        for (k, m) in kept {
            props.push(Prop::Num(k as u64));
            props.push(Prop::Meta(Some(self.intern_one_level(m))));
        }
    }
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

impl LlvmModule {
    /// The constant offset of a getelementptr, exactly as LLVM's comparator folds it
    /// (`GEPOperator::accumulateConstantOffset` in the index width of the base's address
    /// space, vector bases included); `None` when an index is not a constant integer.
    pub(super) fn gep_offset(&self, inst: V) -> Option<ConstOffset> {
        if !self.load.layout_known {
            return None;
        }
        let (bits, words) = inst.gep_constant_offset()?;
        (1..=128).contains(&bits).then(|| ConstOffset { bits, value: words[0] as u128 | (words[1] as u128) << 64 })
    }

    /// [`Self::gep_offset`] of a getelementptr whose source type is `source_ty`, whose base
    /// lies in address space `addr_space` and whose operands are `ops`. When every index
    /// is a constant, the result is cached by (source type, address space, index
    /// constants): LLVM folds the offset from exactly those, in the module's one data
    /// layout, and an id names one constant for good (constants are immutable and ids
    /// are never reused), so a hit is the value folding would give.
    fn gep_offset_cached(&mut self, inst: V, source_ty: TypeId, addr_space: u32, ops: &[Use]) -> Option<ConstOffset> {
        let mut key = std::mem::take(&mut self.scratch.gep_key);
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
        } else if let Some(&r) = self.caches.gep_offsets.get(&key[..]) {
            r
        } else {
            let r = self.gep_offset(inst);
            self.caches.gep_offsets.insert(key.as_slice().into(), r);
            r
        };
        self.scratch.gep_key = key;
        r
    }

    /// Builds the body of a defined function: `(body, instruction handles, has an
    /// intrinsic call with a distinct metadata operand)`, or an ineligibility reason.
    pub(super) fn build_view(&mut self, f: V, fn_special: bool) -> Result<BuiltView, u32> {
        let Some(first) = f.first_block() else { return Err(reason::UNSUPPORTED) };
        // Locals (arguments, blocks, instructions) by LLVM handle, with their types: one
        // table lookup per local operand instead of LLVM kind/type queries.
        let mut local_of = std::mem::take(&mut self.scratch.local_of);
        local_of.reset();
        let mut block_list = std::mem::take(&mut self.scratch.blocks);
        block_list.clear();
        if block_list.capacity() == 0 {
            block_list.reserve(FIRST_ROOM_INSTS / 4);
        }
        let label_ty = self.intern_type(first.as_value().ty());
        for b in first.and_following() {
            local_of.insert(b.as_value().0 as usize, Value::Block(BlockId::new(block_list.len())), label_ty);
            block_list.push(b);
        }
        for (i, p) in f.params_iter().enumerate() {
            let ty = self.intern_type(p.ty());
            local_of.insert(p.0 as usize, Value::Arg(i as u32), ty);
        }
        // Pass 1: number the instructions that have a meaning; opcode, result type and
        // operand count.
        let mut scratch = std::mem::take(&mut self.scratch.build);
        scratch.meta.clear();
        scratch.block_end.clear();
        let mut all = std::mem::take(&mut scratch.all);
        all.clear();
        if all.capacity() == 0 {
            // The scratch only grows (to the largest view's size): room for a typical
            // view at once, instead of growing from nothing a step at a time.
            all.reserve(FIRST_ROOM_INSTS);
            scratch.meta.reserve(FIRST_ROOM_INSTS);
            scratch.block_end.reserve(FIRST_ROOM_INSTS / 4);
        }
        let mut unsupported = false;
        for &b in &block_list {
            let mut next = b.first_instruction();
            let start = all.len();
            while let Some(i) = next {
                let v = i.value();
                prefetch_ahead(v.0 as usize);
                if !i.is_debug_intrinsic() {
                    let ty = self.intern_type(v.ty());
                    local_of.insert(v.0 as usize, Value::Inst(InstId::new(all.len())), ty);
                    all.push(v);
                    scratch.meta.push((i, ty, i.operands()));
                }
                next = i.next();
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
        self.scratch.build = scratch;
        self.scratch.local_of = local_of;
        self.scratch.blocks = block_list;
        r.map(|(body, distinct_md, meta)| BuiltView { view: body, insts: handles, distinct_md, meta })
    }

    /// The operand `o` of an instruction as a [`Use`]. `intrinsic`: the instruction is an
    /// intrinsic call (decided lazily, only for metadata operands).
    #[inline]
    pub(super) fn operand_use(
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
        if let Some(&c) = self.caches.const_of.get(&o) {
            return Ok(Use { value: Value::Const(c), ty: self.tables.consts[c.index()].ty });
        }
        if let Some(&(m, distinct, ty)) = self.caches.mav_of.get(&(o.0 as usize)) {
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
                self.caches.mav_of.insert(o.0 as usize, (m, distinct, ty));
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

    /// Pass 2 of [`Self::build_view`]: the records.
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
        let nuses: usize = meta.iter().map(|m| m.2.len() as usize).sum();
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
                let (walked, rty, operands) = meta[idx];
                let op = walked.opcode().ok_or(reason::UNSUPPORTED)?;
                let n = operands.len();
                // Operands and props go straight into the body.
                let (uses_from, props_from) = (buf.uses.len(), buf.props.len());
                let mut intrinsic = None;
                for o in operands {
                    if o.is_null() {
                        return Err(reason::UNSUPPORTED);
                    }
                    let u = self.operand_use(inst, o, local_of, &mut intrinsic, &mut distinct_md)?;
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
                        for b in walked.incoming_blocks() {
                            match local_of.get(b.as_value().0 as usize) {
                                Some((Value::Block(b), _)) => buf.props.push(Prop::Block(b)),
                                _ => return Err(reason::UNSUPPORTED),
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
                    Op::Load | Op::Store => memory_access_props(walked, &mut buf.props),
                    Op::Call | Op::Invoke | Op::CallBr => {
                        flags = fmf(inst);
                        kind = InstKind::Call { callee: n.checked_sub(1).ok_or(reason::UNSUPPORTED)? };
                        let call = walked.call_site().ok_or(reason::UNSUPPORTED)?;
                        buf.props.push(Prop::Num(call.calling_conv() as u64));
                        let nargs = call.arg_count();
                        let (attrs, special) = self.fn_attrs(safe::AttrOwner::of_call(call), nargs);
                        special_attrs |= special;
                        buf.props.push(Prop::Attrs(attrs));
                        if call.bundle_count() == 0 {
                            buf.props.push(Prop::Num(0));
                        } else {
                            let bundles = inst.bundles().unwrap_or_default();
                            buf.props.push(Prop::Num(bundles.len() as u64));
                            for (tag, nin) in bundles {
                                buf.props.push(Prop::Num(self.intern_string(&tag)));
                                buf.props.push(Prop::Num(nin as u64));
                            }
                        }
                        if let Some(tail) = call.tail_kind() {
                            buf.props.push(Prop::Num(tail as u64));
                        }
                        buf.props.push(Prop::Type(self.intern_type(call.called_function_type())));
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
                self.attachment_props(inst, op == Op::Load, &mut buf.props);
                has_meta |= buf.uses[uses_from..].iter().any(|u| matches!(u.value, Value::Meta(_)))
                    || buf.props[props_from..].iter().any(|p| matches!(p, Prop::Meta(Some(_))));
                buf.push_inst_in_place(op.raw(), rty, kind, uses_from, props_from, flags, weak_flags);
            }
            let term = meta[end - 1].0;
            succs.clear();
            for b in term.successors() {
                match local_of.get(b.as_value().0 as usize) {
                    Some((Value::Block(b), _)) => succs.push(b),
                    _ => return Err(reason::UNSUPPORTED),
                }
            }
            buf.set_succs(succs);
            at = end;
        }
        buf.finish();
        owned.props.shrink_to_fit();
        owned.succs.shrink_to_fit();
        let mut buf = owned;
        // `inalloca`/`swifterror` alloca bits (no LLVM-C getter; the shim reads them): in
        // the rare functions that use those attributes. Elsewhere they change nothing IR
        // semantics observe (docs/soundness-audit.md) and LLVM 22 does not compare them.
        if special_attrs || fn_special {
            for &(a, at) in alloca_props.iter() {
                buf.props[at] = Prop::Num(a.alloca_flags().ok_or(reason::UNSUPPORTED)?);
            }
        }
        Ok((buf, distinct_md, has_meta))
    }
}
