//! The core's view of a [`MockModule`]: [`FuncInfo`] records, [`Body`] views built with
//! [`BodyBuf`], and `impl mergefunc::Module`.

use std::collections::HashMap;

use mergefunc::{
    AsmData, AsmId, Attr, AttrList, AttrsId, Body, BodyBuf, ConstData, ConstId, ConstKind, ConstOffset, FuncId,
    FuncInfo, GlobalRef, Ineligible, InstKind, MetaData, MetaId, Module, Prop, TargetInfo, TypeData, TypeId, UseKind,
    Value,
};

use crate::attrs::{has_flag, has_str};
use crate::ir::{attr, cc, reason, FuncKind, Instr, LinkageKind, MockModule, Op};
use crate::layout;

pub(crate) fn placeholder_info(ty: TypeId) -> FuncInfo {
    FuncInfo {
        name: Box::new([]),
        linkage: mergefunc::Linkage::default(),
        ineligible: Some(Ineligible::NoBody),
        unnamed_addr: false,
        used_externally: false,
        ty,
        sig: std::sync::Arc::new([]),
        align: None,
        callable: true,
    }
}

fn str_prop(m: &mut MockModule, key: &[u8], v: &Option<String>, out: &mut Vec<Prop>) {
    out.push(Prop::Num(v.is_some() as u64));
    if let Some(s) = v {
        let a = m.attr_list(AttrList {
            func: Box::new([Attr::Str(key.into(), s.as_bytes().into())]),
            ..AttrList::default()
        });
        out.push(Prop::Attrs(a));
    }
}

/// The [`FuncInfo`] of `f`. Signature props, in order: function attributes; has-gc,
/// then the gc name (as a one-string-attribute list); has-section, then the section;
/// vararg; calling convention.
pub(crate) fn func_info(m: &mut MockModule, f: FuncId, used: bool) -> FuncInfo {
    let func = m.funcs[f.index()].clone();
    let mut sig = vec![Prop::Attrs(func.attrs)];
    str_prop(m, b"gc", &func.gc, &mut sig);
    str_prop(m, b"section", &func.section, &mut sig);
    let vararg = matches!(m.type_data(func.ty), TypeData::Func { vararg: true, .. });
    sig.push(Prop::Num(vararg as u64));
    sig.push(Prop::Num(func.cc as u64));
    let fattrs = &m.attr_data(func.attrs).func;
    let ineligible = match &func.kind {
        FuncKind::Declaration | FuncKind::Alias(_) | FuncKind::Erased => Some(Ineligible::NoBody),
        FuncKind::Definition(_) if func.linkage == LinkageKind::AvailableExternally => Some(Ineligible::NoBody),
        FuncKind::Definition(_) if has_flag(fattrs, attr::NOIPA) => Some(Ineligible::Adapter(reason::NOIPA)),
        FuncKind::Definition(_) if func.cc == cc::KERNEL => Some(Ineligible::Adapter(reason::KERNEL)),
        FuncKind::Definition(_) if has_str(fattrs, crate::ir::THUNK_ATTR.as_bytes()) => {
            Some(Ineligible::Adapter(reason::THUNK))
        }
        FuncKind::Definition(_) if has_str(fattrs, b"speculative-load-oracle") => {
            Some(Ineligible::Adapter(reason::ORACLE))
        }
        FuncKind::Definition(b) if calls_intrinsic_with_distinct_md(m, b) => {
            Some(Ineligible::Adapter(reason::DISTINCT_MD))
        }
        FuncKind::Definition(_) => None,
    };
    FuncInfo {
        name: func.name.as_bytes().into(),
        linkage: func.linkage.class(),
        ineligible,
        unnamed_addr: func.unnamed_addr,
        used_externally: used,
        ty: func.ty,
        sig: sig.into(),
        align: func.align,
        callable: cc::callable(func.cc),
    }
}

/// True if `name` is an intrinsic (`llvm.*`).
pub fn is_intrinsic_name(name: &str) -> bool {
    name.starts_with("llvm.")
}

/// The function a call's callee operand names directly, if any.
pub fn direct_callee(m: &MockModule, i: &Instr) -> Option<FuncId> {
    let Op::Call { .. } = i.op else { return None };
    let Value::Const(c) = i.args.first()?.value else { return None };
    match m.const_data(c).kind {
        ConstKind::Global(GlobalRef::Func(f)) => Some(f),
        _ => None,
    }
}

fn calls_intrinsic_with_distinct_md(m: &MockModule, b: &crate::ir::FuncBody) -> bool {
    b.insts.iter().any(|i| {
        let Some(f) = direct_callee(m, i) else { return false };
        is_intrinsic_name(&m.funcs[f.index()].name)
            && i.args[1..].iter().any(|u| match u.value {
                Value::Meta(md) => matches!(m.meta_data(md), MetaData::Distinct(..) | MetaData::Opaque(_)),
                _ => false,
            })
    })
}

/// The props of an instruction, in the per-opcode order of LLVM 22's `cmpOperations`
/// (plus the call's function type at the end).
pub fn inst_props(i: &Instr, out: &mut Vec<Prop>) {
    match &i.op {
        Op::Alloca { ty, align } => {
            out.push(Prop::Type(*ty));
            out.push(Prop::Num(align.unwrap_or(0)));
        }
        Op::Load { volatile, align, ordering, md } => {
            out.push(Prop::Num(*volatile as u64));
            out.push(Prop::Num(align.unwrap_or(0)));
            out.push(Prop::Num(*ordering as u64));
            out.push(Prop::Num(0)); // sync scope: always "system"
            out.push(Prop::Num(md.len() as u64));
            for (k, n) in md {
                out.push(Prop::Num(*k as u64));
                out.push(Prop::Meta(Some(*n)));
            }
        }
        Op::Store { volatile, align, ordering } => {
            out.push(Prop::Num(*volatile as u64));
            out.push(Prop::Num(align.unwrap_or(0)));
            out.push(Prop::Num(*ordering as u64));
            out.push(Prop::Num(0));
        }
        Op::ICmp(p) => out.push(Prop::Num(*p as u64)),
        Op::Call { fn_ty, cc, attrs, tail, range } => {
            out.push(Prop::Num(*cc as u64));
            out.push(Prop::Attrs(*attrs));
            out.push(Prop::Num(0)); // operand bundles: none in this IR
            out.push(Prop::Num(*tail as u64));
            out.push(Prop::Meta(*range));
            out.push(Prop::Type(*fn_ty));
        }
        Op::Switch(cases) => out.extend(cases.iter().map(|c| Prop::Const(*c))),
        Op::ExtractValue(idx) | Op::InsertValue(idx) => {
            out.push(Prop::Num(idx.len() as u64));
            out.extend(idx.iter().map(|x| Prop::Num(*x as u64)));
        }
        Op::Fence { ordering } => {
            out.push(Prop::Num(*ordering as u64));
            out.push(Prop::Num(0));
        }
        Op::CmpXchg { weak, volatile, success, failure } => {
            out.push(Prop::Num(*volatile as u64));
            out.push(Prop::Num(*weak as u64));
            out.push(Prop::Num(*success as u64));
            out.push(Prop::Num(*failure as u64));
            out.push(Prop::Num(0));
        }
        Op::AtomicRmw { op, volatile, ordering } => {
            out.push(Prop::Num(*op as u64));
            out.push(Prop::Num(*volatile as u64));
            out.push(Prop::Num(*ordering as u64));
            out.push(Prop::Num(0));
        }
        Op::Phi(blocks) => out.extend(blocks.iter().map(|b| Prop::Block(*b))),
        Op::Bin { .. }
        | Op::Select
        | Op::Cast(_)
        | Op::Gep { .. }
        | Op::Br
        | Op::CondBr
        | Op::Ret
        | Op::Unreachable => {}
    }
}

/// `(kind, flags, weak_flags)` of an instruction for the core.
pub fn inst_kind(m: &MockModule, i: &Instr) -> (InstKind, u64, u64) {
    match &i.op {
        Op::Bin { flags, .. } => (InstKind::Plain, *flags as u64, 0),
        Op::Call { .. } => (InstKind::Call { callee: 0 }, 0, 0),
        Op::Gep { source, flags } => {
            let base_ty = i.args.first().map(|u| u.ty);
            let (addr_space, vector) = match base_ty.map(|t| m.type_data(t)) {
                Some(TypeData::Ptr { addr_space }) => (*addr_space, false),
                Some(TypeData::Vector { elem, .. }) => match m.type_data(*elem) {
                    TypeData::Ptr { addr_space } => (*addr_space, true),
                    _ => (0, true),
                },
                _ => (0, false),
            };
            let vector = vector || i.args.iter().any(|u| matches!(m.type_data(u.ty), TypeData::Vector { .. }));
            let offset = if vector || i.args.is_empty() {
                None
            } else {
                layout::const_gep_offset(m, *source, addr_space, &i.args[1..])
                    .map(|value| ConstOffset { bits: layout::index_bits(addr_space), value })
            };
            (InstKind::Address { base: 0, addr_space, source_ty: *source, offset }, 0, *flags as u64)
        }
        Op::ICmp(_)
        | Op::Select
        | Op::Cast(_)
        | Op::Alloca { .. }
        | Op::Load { .. }
        | Op::Store { .. }
        | Op::ExtractValue(_)
        | Op::InsertValue(_)
        | Op::Phi(_)
        | Op::Br
        | Op::CondBr
        | Op::Switch(_)
        | Op::Ret
        | Op::Unreachable
        | Op::Fence { .. }
        | Op::AtomicRmw { .. }
        | Op::CmpXchg { .. } => (InstKind::Plain, 0, 0),
    }
}

/// The body view of `f`.
pub(crate) fn body_view(m: &MockModule, f: FuncId) -> Option<BodyBuf> {
    let body = m.func_body(f)?;
    let mut b = BodyBuf::new();
    let mut props = Vec::new();
    let mut succs = Vec::new();
    for (bi, blk) in body.blocks.iter().enumerate() {
        b.begin_block();
        for i in body.block_insts(bi) {
            props.clear();
            inst_props(i, &mut props);
            let (kind, flags, weak) = inst_kind(m, i);
            b.push_inst(i.op.opcode() as u32, i.ty, kind, flags, weak, &i.args, &props);
        }
        succs.clear();
        if blk.end > blk.start {
            let term = &body.insts[blk.end as usize - 1];
            if term.op.is_terminator() {
                succs.extend(term.args.iter().filter_map(|u| match u.value {
                    Value::Block(x) => Some(x),
                    _ => None,
                }));
            }
        }
        b.set_succs(&succs);
    }
    b.finish();
    Some(b)
}

impl MockModule {
    /// Functions with a body that use `f` as `kind` says, in module order (may repeat).
    pub fn users(&self, f: FuncId, kind: UseKind) -> Vec<FuncId> {
        let mut out = Vec::new();
        let mut memo = HashMap::new();
        for (fi, func) in self.funcs.iter().enumerate() {
            let FuncKind::Definition(body) = &func.kind else { continue };
            let uses = body.insts.iter().any(|i| match kind {
                UseKind::DirectCalls => direct_callee(self, i) == Some(f),
                UseKind::Any => i.args.iter().any(|u| match u.value {
                    Value::Const(c) => crate::consts::refers_to(self, c, f, &mut memo),
                    Value::Meta(md) => crate::consts::meta_refers_to(self, md, f, &mut memo, 0),
                    Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Asm(_) => false,
                }),
            });
            if uses {
                out.push(FuncId::new(fi));
            }
        }
        out
    }

    /// True if an instruction, a global initializer or an alias refers to `f`.
    pub fn is_used(&self, f: FuncId) -> bool {
        if !self.users(f, UseKind::Any).is_empty() {
            return true;
        }
        let mut memo = HashMap::new();
        self.globals.iter().any(|g| g.init.is_some_and(|c| crate::consts::refers_to(self, c, f, &mut memo)))
            || self.funcs.iter().any(|x| x.kind == FuncKind::Alias(f))
    }
}

impl Module for MockModule {
    fn num_funcs(&self) -> usize {
        self.funcs.len()
    }
    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.infos[f.index()]
    }
    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        self.views[f.index()].as_ref().map(|b| b.as_body())
    }
    fn type_data(&self, t: TypeId) -> &TypeData {
        self.types.get(t.0)
    }
    fn const_data(&self, c: ConstId) -> &ConstData {
        self.consts.get(c.0)
    }
    fn meta_data(&self, m: MetaId) -> &MetaData {
        self.metas.get(m.0)
    }
    fn asm_data(&self, a: AsmId) -> &AsmData {
        self.asms.get(a.0)
    }
    fn attrs(&self, a: AttrsId) -> &AttrList {
        self.attrs.get(a.0)
    }
    fn target(&self) -> &TargetInfo {
        &self.target
    }
    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>) {
        out.extend(self.users(f, kind));
    }
    fn has_uses(&self, f: FuncId) -> bool {
        self.is_used(f)
    }
    fn describe(&self, f: FuncId, item: mergefunc::Item, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        crate::explain::describe(self, f, item, out)
    }
    fn prop_label(&self, f: FuncId, inst: Option<mergefunc::InstId>, k: usize) -> Option<&'static str> {
        crate::explain::prop_label(self, f, inst, k)
    }
    fn ineligible_reason(&self, code: u32) -> &str {
        match code {
            reason::DISTINCT_MD => "calls an intrinsic with a distinct metadata operand",
            reason::NOIPA => "has the noipa attribute",
            reason::ORACLE => "has the \"speculative-load-oracle\" attribute",
            reason::THUNK => "is a thunk written by an earlier merge run",
            _ => "excluded by the adapter",
        }
    }
}
