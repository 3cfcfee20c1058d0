//! Describing one Cranelift function to the core: a [`FuncInfo`] and a [`BodyBuf`].
//!
//! # Signature
//! [`FuncInfo::ty`] is a `TypeData::Func` over the parameter and return types (several
//! returns form a struct). [`FuncInfo::sig`] holds everything else that must match
//! before a body is looked at, in this order: calling convention; per parameter and per
//! return its purpose (with the `sarg` size) and extension; every sized stack slot
//! (kind, size, alignment, key) and every dynamic stack slot (kind, dynamic type); the
//! stack limit (a global value).
//!
//! # Body
//! * Blocks in layout order (the entry block first). The entry block's parameters are
//!   the function's arguments ([`Value::Arg`]). Every other block starts with one
//!   `block_param` pseudo-instruction per parameter ([`OP_BLOCK_PARAM`]), so that the
//!   core numbers parameters like any other local.
//! * A branch target is a [`Value::Block`] operand followed by the branch arguments;
//!   per target the props say how many arguments it has and which are `try_call`
//!   results or exception payloads. The block's successors are the targets in operand
//!   order (`brif`: then, else; `br_table`: default, then the table; `try_call`: the
//!   handlers, then the normal return).
//! * An instruction with one result is that result. An instruction with several
//!   results has a struct type and is followed by one [`OP_RESULT`] projection per
//!   result, which stands for that result.
//! * Props: the controlling type, then per format its immediates, resolved: memory
//!   flags as bits plus the alias region's user id, constants and shuffle masks as
//!   byte constants, stack slots by index (their data is in the signature props),
//!   jump and exception tables as targets, signatures structurally.
//! * Direct callees (`call`, `return_call`, `try_call`) and `func_addr` operands are
//!   constants `ConstKind::Global(GlobalRef::Func(id))`, so the core's self-call rule
//!   and caller redirection see them; calls are [`InstKind::Call`]. Global values are
//!   constant expressions, encoded recursively; a `symbol` that names a module function
//!   refers to it the same way.
//! * Every call carries its user stack map (entry count, then type, slot and offset
//!   per entry); a stack map anywhere else makes the body malformed.
//! * The last instruction of a cold block carries a `cold` prop.

use cranelift_codegen::entity::EntityRef;
use cranelift_codegen::ir::{
    self, types, ArgumentExtension, ArgumentPurpose, BlockArg, BlockCall, ExceptionTableItem, Function,
    InstructionData, MemFlags, Type,
};
use mergefunc::{
    BlockId, BodyBuf, ConstData, ConstId, ConstKind, ConstProp, FuncId, FuncInfo, GlobalId, GlobalRef, Ineligible,
    InstKind, Linkage as CoreLinkage, Prop, TypeData, TypeId, Use, Value,
};

use crate::{FuncDecl, Linkage, Names, Tables};

/// Opcode of the pseudo-instruction that stands for one block parameter.
pub const OP_BLOCK_PARAM: u32 = 0x1_0000;
/// Opcode of the pseudo-instruction that stands for one result of a multi-result
/// instruction (operand: the instruction; prop: the result index).
pub const OP_RESULT: u32 = 0x1_0001;

/// Adapter reason: the body refers to blocks or values outside the layout, or a block
/// has no instructions (Cranelift's verifier would reject it).
const REASON_MALFORMED: u32 = 1;

pub(crate) fn reason(code: u32) -> &'static str {
    match code {
        REASON_MALFORMED => "the body is malformed (an empty block, or a block or value outside the layout)",
        _ => "excluded by the adapter",
    }
}

pub(crate) fn placeholder_info() -> FuncInfo {
    FuncInfo {
        name: Box::default(),
        linkage: CoreLinkage::default(),
        ineligible: Some(Ineligible::NoBody),
        unnamed_addr: false,
        used_externally: false,
        ty: TypeId(0),
        sig: Default::default(),
        align: None,
        callable: false,
    }
}

/// The result of encoding one function.
pub(crate) struct Encoded {
    pub info: FuncInfo,
    pub body: Option<BodyBuf>,
    pub uses: Uses,
}

/// The module functions a function refers to, each list sorted and without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Uses {
    /// Called directly (`call`, `return_call`, `try_call`).
    pub calls: Vec<FuncId>,
    /// Named by an instruction other than as its callee (`func_addr`).
    pub addrs: Vec<FuncId>,
    /// Named by a symbol global value (used by an instruction or not).
    pub syms: Vec<FuncId>,
    /// All of the above.
    pub refs: Vec<FuncId>,
}

/// Replaces `from` by `to` in a sorted list without repeats.
fn rename(list: &mut Vec<FuncId>, from: FuncId, to: FuncId) {
    if let Ok(i) = list.binary_search(&from) {
        list.remove(i);
        if let Err(j) = list.binary_search(&to) {
            list.insert(j, to);
        }
    }
}

impl Uses {
    /// The lists after every direct call of `from` (`calls_only`) or every reference
    /// to it (`!calls_only`) was made to name `to` instead.
    pub(crate) fn retarget(&mut self, from: FuncId, to: FuncId, calls_only: bool) {
        rename(&mut self.calls, from, to);
        if !calls_only {
            rename(&mut self.addrs, from, to);
            rename(&mut self.syms, from, to);
        }
        self.refs = union(&[&self.calls, &self.addrs, &self.syms]);
    }
}

fn union(lists: &[&Vec<FuncId>]) -> Vec<FuncId> {
    let mut out: Vec<FuncId> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    out.sort_unstable();
    out.dedup();
    out
}

pub(crate) fn core_linkage(l: Linkage) -> CoreLinkage {
    match l {
        Linkage::Import | Linkage::Hidden | Linkage::Export => CoreLinkage::default(),
        Linkage::Local => CoreLinkage { local: true, discardable_if_unused: true, ..Default::default() },
        Linkage::Preemptible => CoreLinkage { interposable: true, ..Default::default() },
    }
}

// ----------------------------------------------------------------------------------
// Module-level tables
// ----------------------------------------------------------------------------------

impl Tables {
    fn ty(&mut self, data: TypeData) -> TypeId {
        TypeId(self.types.intern(data))
    }

    fn constant(&mut self, data: ConstData) -> ConstId {
        ConstId(self.consts.intern(data))
    }

    /// A Cranelift value type.
    pub(crate) fn clif_type(&mut self, t: Type) -> TypeId {
        if let Some(&Some(id)) = self.type_cache.get(t.index()) {
            return id;
        }
        let data = if t == types::INVALID {
            TypeData::Void
        } else if t.is_dynamic_vector() {
            let elem = self.clif_type(t.lane_type());
            TypeData::Vector { scalable: true, len: t.min_lane_count() as u64, elem }
        } else if t.is_vector() {
            let elem = self.clif_type(t.lane_type());
            TypeData::Vector { scalable: false, len: t.lane_count() as u64, elem }
        } else if t.is_int() {
            TypeData::Int { bits: t.bits() }
        } else if t.is_float() {
            TypeData::Float { format: 0, bits: t.bits() }
        } else {
            TypeData::Other {
                kind: 0,
                name: t.to_string().into_bytes().into(),
                type_params: Box::default(),
                int_params: Box::default(),
            }
        };
        let id = self.ty(data);
        if self.type_cache.len() <= t.index() {
            self.type_cache.resize(t.index() + 1, None);
        }
        self.type_cache[t.index()] = Some(id);
        id
    }

    fn label(&mut self) -> TypeId {
        if let Some(id) = self.label_ty {
            return id;
        }
        let id = self.ty(TypeData::Label);
        self.label_ty = Some(id);
        id
    }

    /// The type of addresses whose width the IR does not fix (global values).
    fn addr(&mut self) -> TypeId {
        if let Some(id) = self.addr_ty {
            return id;
        }
        let id = self.ty(TypeData::Other {
            kind: 1,
            name: b"addr".to_vec().into(),
            type_params: Box::default(),
            int_params: Box::default(),
        });
        self.addr_ty = Some(id);
        id
    }

    /// A signature's function type.
    pub(crate) fn func_type(&mut self, sig: &ir::Signature) -> TypeId {
        let params: Vec<TypeId> = sig.params.iter().map(|p| self.clif_type(p.value_type)).collect();
        let ret = match sig.returns.len() {
            0 => self.ty(TypeData::Void),
            1 => self.clif_type(sig.returns[0].value_type),
            _ => {
                let fields: Vec<TypeId> = sig.returns.iter().map(|p| self.clif_type(p.value_type)).collect();
                self.ty(TypeData::Struct { packed: false, fields: fields.into() })
            }
        };
        self.ty(TypeData::Func { ret, params: params.into(), vararg: false })
    }

    /// Bytes as a constant: an `i8` array (all-zero arrays are `Null`, as the core
    /// requires).
    fn bytes(&mut self, b: &[u8]) -> ConstId {
        let i8t = self.clif_type(types::I8);
        let ty = self.ty(TypeData::Array { len: b.len() as u64, elem: i8t });
        let kind = if b.iter().all(|x| *x == 0) { ConstKind::Null } else { ConstKind::DataArray(b.into()) };
        self.constant(ConstData { ty, kind })
    }

    fn unique(&mut self) -> ConstId {
        self.next_unique += 1;
        let ty = self.addr();
        self.constant(ConstData { ty, kind: ConstKind::Opaque(u64::MAX - self.next_unique) })
    }
}

fn call_conv_code(c: cranelift_codegen::isa::CallConv) -> u64 {
    c as u64
}

fn purpose_code(p: ArgumentPurpose) -> (u64, u64) {
    match p {
        ArgumentPurpose::Normal => (0, 0),
        ArgumentPurpose::StructArgument(size) => (1, size as u64),
        ArgumentPurpose::StructReturn => (2, 0),
        ArgumentPurpose::VMContext => (3, 0),
    }
}

fn extension_code(e: ArgumentExtension) -> u64 {
    match e {
        ArgumentExtension::None => 0,
        ArgumentExtension::Uext => 1,
        ArgumentExtension::Sext => 2,
    }
}

/// Everything about a signature that its function type does not say.
fn sig_nums(sig: &ir::Signature, out: &mut Vec<Prop>) {
    out.push(Prop::Num(call_conv_code(sig.call_conv)));
    for list in [&sig.params, &sig.returns] {
        out.push(Prop::Num(list.len() as u64));
        for p in list.iter() {
            let (a, b) = purpose_code(p.purpose);
            out.push(Prop::Num(a));
            out.push(Prop::Num(b));
            out.push(Prop::Num(extension_code(p.extension)));
        }
    }
}

// ----------------------------------------------------------------------------------
// One function
// ----------------------------------------------------------------------------------

pub(crate) fn encode(t: &mut Tables, names: &Names, decl: &FuncDecl, func: Option<&Function>) -> Encoded {
    let ty = t.func_type(&decl.signature);
    let mut info = FuncInfo {
        name: decl.name.as_bytes().into(),
        linkage: core_linkage(decl.linkage),
        ineligible: None,
        unnamed_addr: decl.unnamed_addr,
        used_externally: decl.used_externally,
        ty,
        sig: Default::default(),
        align: decl.align,
        callable: true,
    };
    let func = match func {
        Some(f) if decl.linkage.is_definable() => f,
        _ => {
            let mut sig = Vec::new();
            sig_nums(&decl.signature, &mut sig);
            info.sig = sig.into();
            info.ineligible = Some(Ineligible::NoBody);
            return Encoded { info, body: None, uses: Uses::default() };
        }
    };
    let mut e = Enc::new(t, names, func);
    let mut sig = Vec::new();
    e.signature_props(&mut sig);
    info.sig = sig.into();
    let ok = e.body();
    let uses = references(names, func);
    if !ok {
        info.ineligible = Some(Ineligible::Adapter(REASON_MALFORMED));
    }
    Encoded { info, body: Some(e.buf), uses }
}

/// Encoder state for one function.
struct Enc<'a> {
    t: &'a mut Tables,
    names: &'a Names,
    f: &'a Function,
    /// `ir::Value` index → core value.
    vmap: Vec<Option<Value>>,
    /// `ir::Block` index → layout position.
    bmap: Vec<Option<BlockId>>,
    buf: BodyBuf,
    ops: Vec<Use>,
    props: Vec<Prop>,
    succs: Vec<BlockId>,
    /// Set when the body refers to something outside the layout.
    bad: bool,
    /// Global-value recursion depth (cycles are malformed IR).
    depth: u32,
}

impl<'a> Enc<'a> {
    fn new(t: &'a mut Tables, names: &'a Names, f: &'a Function) -> Self {
        Enc {
            t,
            names,
            f,
            vmap: vec![None; f.dfg.num_values()],
            bmap: vec![None; f.dfg.num_blocks()],
            buf: BodyBuf::new(),
            ops: Vec::new(),
            props: Vec::new(),
            succs: Vec::new(),
            bad: false,
            depth: 0,
        }
    }

    fn signature_props(&mut self, out: &mut Vec<Prop>) {
        let f = self.f;
        sig_nums(&f.signature, out);
        out.push(Prop::Num(f.sized_stack_slots.len() as u64));
        for ss in f.sized_stack_slots.values() {
            out.push(Prop::Num(ss.kind as u64));
            out.push(Prop::Num(ss.size as u64));
            out.push(Prop::Num(ss.align_shift as u64));
            out.push(Prop::Num(ss.key.map_or(0, |_| 1)));
            out.push(Prop::Num(ss.key.map_or(0, |k| k.bits())));
        }
        out.push(Prop::Num(f.dynamic_stack_slots.len() as u64));
        for ds in f.dynamic_stack_slots.values() {
            out.push(Prop::Num(ds.kind as u64));
            self.dynamic_type(ds.dyn_ty, out);
        }
        match f.stack_limit {
            None => out.push(Prop::Num(0)),
            Some(gv) => {
                out.push(Prop::Num(1));
                let c = self.global_value(gv);
                out.push(Prop::Const(c));
            }
        }
    }

    fn dynamic_type(&mut self, dt: ir::DynamicType, out: &mut Vec<Prop>) {
        match self.f.dfg.dynamic_types.get(dt) {
            Some(d) => {
                out.push(Prop::Type(self.t.clif_type(d.base_vector_ty)));
                let c = self.global_value(d.dynamic_scale);
                out.push(Prop::Const(c));
            }
            None => self.bad = true,
        }
    }

    /// Pass 1 numbers every value and block; pass 2 emits. Returns false if the body
    /// is malformed.
    fn body(&mut self) -> bool {
        let f = self.f;
        let dfg = &f.dfg;
        let mut next = 0u32;
        for (i, b) in f.layout.blocks().enumerate() {
            self.bmap[b.index()] = Some(BlockId::new(i));
            let params = dfg.block_params(b);
            if i == 0 {
                for (k, p) in params.iter().enumerate() {
                    self.vmap[p.index()] = Some(Value::Arg(k as u32));
                }
            } else {
                for p in params {
                    self.vmap[p.index()] = Some(Value::Inst(mergefunc::InstId(next)));
                    next += 1;
                }
            }
            for inst in f.layout.block_insts(b) {
                let main = next;
                next += 1;
                let res = dfg.inst_results(inst);
                if res.len() == 1 {
                    self.vmap[res[0].index()] = Some(Value::Inst(mergefunc::InstId(main)));
                } else {
                    for r in res {
                        self.vmap[r.index()] = Some(Value::Inst(mergefunc::InstId(next)));
                        next += 1;
                    }
                }
            }
        }
        if f.layout.entry_block().is_none() {
            return false;
        }
        for (i, b) in f.layout.blocks().enumerate() {
            self.buf.begin_block();
            if i != 0 {
                for p in dfg.block_params(b) {
                    let ty = self.t.clif_type(dfg.value_type(*p));
                    self.buf.push_inst(OP_BLOCK_PARAM, ty, InstKind::Plain, 0, 0, &[], &[]);
                }
            }
            self.succs.clear();
            let last = f.layout.last_inst(b);
            if last.is_none() {
                self.bad = true;
                // Keep the block non-empty so the body stays valid for the core.
                let void = self.t.ty(TypeData::Void);
                self.buf.push_inst(u32::MAX, void, InstKind::Plain, 0, 0, &[], &[]);
            }
            for inst in f.layout.block_insts(b) {
                self.inst(inst, Some(inst) == last && f.layout.is_cold(b));
            }
            let succs = core::mem::take(&mut self.succs);
            self.buf.set_succs(&succs);
            self.succs = succs;
        }
        self.buf.finish();
        !self.bad
    }

    fn value(&mut self, v: ir::Value) {
        let dfg = &self.f.dfg;
        let v = dfg.resolve_aliases(v);
        let ty = self.t.clif_type(dfg.value_type(v));
        let value = match self.vmap.get(v.index()).copied().flatten() {
            Some(x) => x,
            None => {
                self.bad = true;
                Value::Arg(0)
            }
        };
        self.ops.push(Use { value, ty });
    }

    fn values(&mut self, vs: &[ir::Value]) {
        for v in vs {
            self.value(*v);
        }
    }

    fn block_ref(&mut self, b: ir::Block) -> BlockId {
        match self.bmap.get(b.index()).copied().flatten() {
            Some(x) => x,
            None => {
                self.bad = true;
                BlockId(0)
            }
        }
    }

    /// A branch target: the block as an operand, the arguments after it; the argument
    /// count and kinds as props; the block as a successor.
    fn block_call(&mut self, bc: &BlockCall) {
        let pool = &self.f.dfg.value_lists;
        let target = self.block_ref(bc.block(pool));
        let label = self.t.label();
        self.ops.push(Use { value: Value::Block(target), ty: label });
        self.succs.push(target);
        self.props.push(Prop::Num(bc.len(pool) as u64));
        let args: Vec<BlockArg> = bc.args(pool).collect();
        for a in args {
            match a {
                BlockArg::Value(v) => {
                    self.props.push(Prop::Num(0));
                    self.value(v);
                }
                BlockArg::TryCallRet(n) => self.props.push(Prop::Num((1 << 32) | n as u64)),
                BlockArg::TryCallExn(n) => self.props.push(Prop::Num((2 << 32) | n as u64)),
            }
        }
    }

    fn mem_flags(&mut self, mf: MemFlags) {
        let dfg = &self.f.dfg;
        if !dfg.mem_flags.is_valid(mf) {
            self.bad = true;
            self.props.push(Prop::Num(u64::MAX));
            return;
        }
        let d = dfg.mem_flags[mf];
        self.props.push(Prop::Num(mem_bits(d)));
        let region = d.alias_region().map_or(0, |r| match dfg.alias_regions.iter().find(|(k, _)| *k == r) {
            Some((_, data)) => data.user_id as u64 + 1,
            None => u64::MAX,
        });
        self.props.push(Prop::Num(region));
    }

    fn sig_ref(&mut self, s: ir::SigRef) {
        match self.f.dfg.signatures.get(s) {
            Some(sig) => {
                let ty = self.t.func_type(sig);
                self.props.push(Prop::Type(ty));
                let mut p = core::mem::take(&mut self.props);
                sig_nums(sig, &mut p);
                self.props = p;
            }
            None => self.bad = true,
        }
    }

    /// A function reference: its callee as operand, its declaration as props.
    fn func_ref(&mut self, fr: ir::FuncRef) {
        let f = self.f;
        let Some(ext) = f.dfg.ext_funcs.get(fr) else {
            self.bad = true;
            return;
        };
        self.props.push(Prop::Num(ext.colocated as u64));
        self.props.push(Prop::Num(ext.patchable as u64));
        self.sig_ref(ext.signature);
        let ty = match f.dfg.signatures.get(ext.signature) {
            Some(sig) => self.t.func_type(sig),
            None => self.t.addr(),
        };
        let target = self.name_ref(&ext.name);
        let c = self.t.constant(ConstData { ty, kind: ConstKind::Global(target) });
        self.ops.push(Use { value: Value::Const(c), ty });
    }

    /// The global an external name refers to: a module function, or anything else by
    /// its printed name.
    fn name_ref(&mut self, name: &ir::ExternalName) -> GlobalRef {
        if let Some(id) = self.names.resolve(name, self.f) {
            return GlobalRef::Func(id);
        }
        let key = match name {
            ir::ExternalName::User(r) => match self.f.params.user_named_funcs().get(*r) {
                Some(u) => format!("user:{}:{}", u.namespace, u.index),
                None => {
                    self.bad = true;
                    "user:?".to_string()
                }
            },
            ir::ExternalName::TestCase(t) => format!("tc:{}", String::from_utf8_lossy(t.raw())),
            ir::ExternalName::LibCall(l) => format!("libcall:{l}"),
            ir::ExternalName::KnownSymbol(k) => format!("known:{k}"),
        };
        GlobalRef::Other(GlobalId(self.t.strings.intern(key)))
    }

    /// A global value as a constant expression (recursively through its base).
    fn global_value(&mut self, gv: ir::GlobalValue) -> ConstId {
        let Some(data) = self.f.global_values.get(gv) else {
            self.bad = true;
            return self.t.unique();
        };
        if self.depth > 64 {
            self.bad = true;
            return self.t.unique();
        }
        self.depth += 1;
        let (opcode, ty, operands, props): (u32, TypeId, Vec<ConstId>, Vec<ConstProp>) = match *data {
            ir::GlobalValueData::VMContext => (1, self.t.addr(), vec![], vec![]),
            ir::GlobalValueData::Load { base, offset, global_type, flags } => {
                let b = self.global_value(base);
                let dfg = &self.f.dfg;
                let (bits, region) = if dfg.mem_flags.is_valid(flags) {
                    let d = dfg.mem_flags[flags];
                    let r = d.alias_region().map_or(0, |r| {
                        dfg.alias_regions.iter().find(|(k, _)| *k == r).map_or(u64::MAX, |(_, x)| x.user_id as u64 + 1)
                    });
                    (mem_bits(d), r)
                } else {
                    self.bad = true;
                    (u64::MAX, u64::MAX)
                };
                let off = i32::from(offset) as i64 as u64;
                let ty = self.t.clif_type(global_type);
                (2, ty, vec![b], vec![ConstProp::Num(off), ConstProp::Num(bits), ConstProp::Num(region)])
            }
            ir::GlobalValueData::IAddImm { base, offset, global_type } => {
                let b = self.global_value(base);
                let ty = self.t.clif_type(global_type);
                (3, ty, vec![b], vec![ConstProp::Num(offset.bits() as u64)])
            }
            ir::GlobalValueData::Symbol { ref name, offset, colocated, tls } => {
                let target = self.name_ref(name);
                let addr = self.t.addr();
                let sym = self.t.constant(ConstData { ty: addr, kind: ConstKind::Global(target) });
                let props = vec![
                    ConstProp::Num(offset.bits() as u64),
                    ConstProp::Num(colocated as u64),
                    ConstProp::Num(tls as u64),
                ];
                (4, addr, vec![sym], props)
            }
            ir::GlobalValueData::DynScaleTargetConst { vector_type } => {
                let vt = self.t.clif_type(vector_type);
                (5, self.t.addr(), vec![], vec![ConstProp::Type(vt)])
            }
        };
        self.depth -= 1;
        self.t.constant(ConstData {
            ty,
            kind: ConstKind::Expr { opcode, operands: operands.into(), props: props.into() },
        })
    }

    fn exception_table(&mut self, et: ir::ExceptionTable) {
        let Some(table) = self.f.dfg.exception_tables.get(et) else {
            self.bad = true;
            return;
        };
        self.sig_ref(table.signature());
        for item in table.items() {
            match item {
                ExceptionTableItem::Tag(tag, bc) => {
                    self.props.push(Prop::Num(1));
                    self.props.push(Prop::Num(tag.as_u32() as u64));
                    self.block_call(&bc);
                }
                ExceptionTableItem::Default(bc) => {
                    self.props.push(Prop::Num(2));
                    self.block_call(&bc);
                }
                ExceptionTableItem::Context(v) => {
                    self.props.push(Prop::Num(3));
                    self.value(v);
                }
            }
        }
        self.props.push(Prop::Num(0));
        let normal = *table.normal_return();
        self.block_call(&normal);
    }

    fn ctrl_type(&self, inst: ir::Inst) -> Type {
        let dfg = &self.f.dfg;
        let data = &dfg.insts[inst];
        let c = data.opcode().constraints();
        if !c.is_polymorphic() {
            types::INVALID
        } else if c.requires_typevar_operand() {
            data.typevar_operand(&dfg.value_lists).map_or(types::INVALID, |v| dfg.value_type(dfg.resolve_aliases(v)))
        } else {
            dfg.inst_results(inst).first().map_or(types::INVALID, |v| dfg.value_type(*v))
        }
    }

    fn inst(&mut self, inst: ir::Inst, cold_terminator: bool) {
        let f = self.f;
        let dfg = &f.dfg;
        let pool = &dfg.value_lists;
        self.ops.clear();
        self.props.clear();
        let ctrl = self.t.clif_type(self.ctrl_type(inst));
        self.props.push(Prop::Type(ctrl));
        let mut kind = InstKind::Plain;
        let data = &dfg.insts[inst];
        let opcode = data.opcode() as u32;
        // Every format, no catch-all: a new format in a Cranelift upgrade must be
        // described here before the crate compiles again.
        match *data {
            InstructionData::AtomicCas { opcode: _, args, flags } => {
                self.mem_flags(flags);
                self.values(&args);
            }
            InstructionData::AtomicRmw { opcode: _, args, flags, op } => {
                self.mem_flags(flags);
                self.props.push(Prop::Num(op as u64));
                self.values(&args);
            }
            InstructionData::Binary { opcode: _, args } => self.values(&args),
            InstructionData::BinaryImm8 { opcode: _, arg, imm } => {
                self.props.push(Prop::Num(imm as u64));
                self.value(arg);
            }
            InstructionData::BranchTable { opcode: _, arg, table } => {
                self.value(arg);
                match dfg.jump_tables.get(table) {
                    Some(jt) => {
                        let all: Vec<BlockCall> = jt.all_branches().to_vec();
                        self.props.push(Prop::Num(all.len() as u64));
                        for bc in &all {
                            self.block_call(bc);
                        }
                    }
                    None => self.bad = true,
                }
            }
            InstructionData::Brif { opcode: _, arg, blocks } => {
                self.value(arg);
                self.block_call(&blocks[0]);
                self.block_call(&blocks[1]);
            }
            InstructionData::Call { opcode: _, ref args, func_ref } => {
                kind = InstKind::Call { callee: 0 };
                self.func_ref(func_ref);
                self.values(args.as_slice(pool));
            }
            InstructionData::CallIndirect { opcode: _, ref args, sig_ref } => {
                self.sig_ref(sig_ref);
                self.values(args.as_slice(pool));
            }
            InstructionData::CondTrap { opcode: _, arg, code } => {
                self.props.push(Prop::Num(code.as_raw().get() as u64));
                self.value(arg);
            }
            InstructionData::DynamicStackAddr { opcode: _, dynamic_stack_slot } => {
                self.props.push(Prop::Num(dynamic_stack_slot.as_u32() as u64));
            }
            InstructionData::ExceptionHandlerAddress { opcode: _, block, imm } => {
                let b = self.block_ref(block);
                self.props.push(Prop::Block(b));
                self.props.push(Prop::Num(imm.bits() as u64));
            }
            InstructionData::FloatCompare { opcode: _, args, cond } => {
                self.props.push(Prop::Num(cond as u64));
                self.values(&args);
            }
            InstructionData::FuncAddr { opcode: _, func_ref } => self.func_ref(func_ref),
            InstructionData::IntAddTrap { opcode: _, args, code } => {
                self.props.push(Prop::Num(code.as_raw().get() as u64));
                self.values(&args);
            }
            InstructionData::IntCompare { opcode: _, args, cond } => {
                self.props.push(Prop::Num(cond as u64));
                self.values(&args);
            }
            InstructionData::Jump { opcode: _, destination } => self.block_call(&destination),
            InstructionData::Load { opcode: _, arg, flags, offset } => {
                self.mem_flags(flags);
                self.props.push(Prop::Num(i32::from(offset) as i64 as u64));
                self.value(arg);
            }
            InstructionData::LoadNoOffset { opcode: _, arg, flags } => {
                self.mem_flags(flags);
                self.value(arg);
            }
            InstructionData::MultiAry { opcode: _, ref args } => self.values(args.as_slice(pool)),
            InstructionData::NullAry { opcode: _ } => {}
            InstructionData::Shuffle { opcode: _, args, imm } => {
                match dfg.immediates.get(imm) {
                    Some(bytes) => {
                        let c = self.t.bytes(bytes.as_slice());
                        self.props.push(Prop::Const(c));
                    }
                    None => self.bad = true,
                }
                self.values(&args);
            }
            InstructionData::StackAddr { opcode: _, stack_slot, offset } => {
                self.props.push(Prop::Num(stack_slot.as_u32() as u64));
                self.props.push(Prop::Num(i32::from(offset) as i64 as u64));
            }
            InstructionData::Store { opcode: _, args, flags, offset } => {
                self.mem_flags(flags);
                self.props.push(Prop::Num(i32::from(offset) as i64 as u64));
                self.values(&args);
            }
            InstructionData::StoreNoOffset { opcode: _, args, flags } => {
                self.mem_flags(flags);
                self.values(&args);
            }
            InstructionData::Ternary { opcode: _, args } => self.values(&args),
            InstructionData::TernaryImm8 { opcode: _, args, imm } => {
                self.props.push(Prop::Num(imm as u64));
                self.values(&args);
            }
            InstructionData::Trap { opcode: _, code } => self.props.push(Prop::Num(code.as_raw().get() as u64)),
            InstructionData::TryCall { opcode: _, ref args, func_ref, exception } => {
                kind = InstKind::Call { callee: 0 };
                self.func_ref(func_ref);
                self.values(args.as_slice(pool));
                self.exception_table(exception);
            }
            InstructionData::TryCallIndirect { opcode: _, ref args, exception } => {
                self.values(args.as_slice(pool));
                self.exception_table(exception);
            }
            InstructionData::Unary { opcode: _, arg } => self.value(arg),
            InstructionData::UnaryConst { opcode: _, constant_handle } => {
                let c = self.t.bytes(dfg.constants.get(constant_handle).as_slice());
                self.props.push(Prop::Const(c));
            }
            InstructionData::UnaryGlobalValue { opcode: _, global_value } => {
                let c = self.global_value(global_value);
                let addr = self.t.addr();
                self.ops.push(Use { value: Value::Const(c), ty: addr });
            }
            InstructionData::UnaryIeee16 { opcode: _, imm } => self.props.push(Prop::Num(imm.bits() as u64)),
            InstructionData::UnaryIeee32 { opcode: _, imm } => self.props.push(Prop::Num(imm.bits() as u64)),
            InstructionData::UnaryIeee64 { opcode: _, imm } => self.props.push(Prop::Num(imm.bits())),
            InstructionData::UnaryImm { opcode: _, imm } => self.props.push(Prop::Num(imm.bits() as u64)),
        }
        // User stack maps (GC roots live across a safepoint) are part of what a call
        // does: every call carries its entry count and entries, in order. Cranelift
        // only records stack maps on calls; one anywhere else is malformed.
        let stack_map = dfg.user_stack_map_entries(inst).unwrap_or(&[]);
        if data.opcode().is_call() {
            self.props.push(Prop::Num(stack_map.len() as u64));
            for entry in stack_map {
                let ty = self.t.clif_type(entry.ty);
                self.props.push(Prop::Type(ty));
                self.props.push(Prop::Num(entry.slot.as_u32() as u64));
                self.props.push(Prop::Num(entry.offset as u64));
            }
        } else if !stack_map.is_empty() {
            self.bad = true;
        }
        if cold_terminator {
            self.props.push(Prop::Num(u64::from(u32::MAX)));
        }
        // A `call` of a `u0:N` name that is no module function is still a call; the
        // core only needs `InstKind::Call` for the self-call rule, which such a callee
        // cannot trigger.
        let results = dfg.inst_results(inst);
        let ty = match results.len() {
            0 => self.t.ty(TypeData::Void),
            1 => self.t.clif_type(dfg.value_type(results[0])),
            _ => {
                let fields: Vec<TypeId> = results.iter().map(|r| self.t.clif_type(dfg.value_type(*r))).collect();
                self.t.ty(TypeData::Struct { packed: false, fields: fields.into() })
            }
        };
        let main = self.buf.push_inst(opcode, ty, kind, 0, 0, &self.ops, &self.props);
        if results.len() > 1 {
            for (k, r) in results.iter().enumerate() {
                let rt = self.t.clif_type(dfg.value_type(*r));
                self.buf.push_inst(
                    OP_RESULT,
                    rt,
                    InstKind::Plain,
                    0,
                    0,
                    &[Use { value: Value::Inst(main), ty }],
                    &[Prop::Num(k as u64)],
                );
            }
        }
    }
}

/// The module functions `func` refers to: through every `FuncRef` that an instruction
/// in the layout uses, and every symbol global value.
pub(crate) fn references(names: &Names, func: &Function) -> Uses {
    // Resolved once per `FuncRef`: `None` = not yet looked at.
    let mut resolved: Vec<Option<Option<FuncId>>> = vec![None; func.dfg.ext_funcs.len()];
    let (mut calls, mut addrs, mut syms) = (Vec::new(), Vec::new(), Vec::new());
    for b in func.layout.blocks() {
        for inst in func.layout.block_insts(b) {
            let Some((fr, is_call)) = func_ref_use(&func.dfg.insts[inst]) else { continue };
            let Some(slot) = resolved.get_mut(fr.index()) else { continue };
            let id = *slot.get_or_insert_with(|| names.resolve(&func.dfg.ext_funcs[fr].name, func));
            if let Some(id) = id {
                if is_call {
                    calls.push(id);
                } else {
                    addrs.push(id);
                }
            }
        }
    }
    // Symbols in global values refer to functions even when no instruction uses them.
    for gv in func.global_values.values() {
        if let ir::GlobalValueData::Symbol { name, .. } = gv {
            if let Some(id) = names.resolve(name, func) {
                syms.push(id);
            }
        }
    }
    for l in [&mut calls, &mut addrs, &mut syms] {
        l.sort_unstable();
        l.dedup();
    }
    let refs = union(&[&calls, &addrs, &syms]);
    Uses { calls, addrs, syms, refs }
}

/// The function an instruction refers to, and whether it calls it (`true`) or takes
/// its address. Exhaustive like the encoder, so that a new format that carries a
/// `FuncRef` cannot be missed when callers are redirected.
pub(crate) fn func_ref_use(data: &InstructionData) -> Option<(ir::FuncRef, bool)> {
    match *data {
        InstructionData::Call { func_ref, .. } | InstructionData::TryCall { func_ref, .. } => Some((func_ref, true)),
        InstructionData::FuncAddr { func_ref, .. } => Some((func_ref, false)),
        InstructionData::AtomicCas { .. }
        | InstructionData::AtomicRmw { .. }
        | InstructionData::Binary { .. }
        | InstructionData::BinaryImm8 { .. }
        | InstructionData::BranchTable { .. }
        | InstructionData::Brif { .. }
        | InstructionData::CallIndirect { .. }
        | InstructionData::CondTrap { .. }
        | InstructionData::DynamicStackAddr { .. }
        | InstructionData::ExceptionHandlerAddress { .. }
        | InstructionData::FloatCompare { .. }
        | InstructionData::IntAddTrap { .. }
        | InstructionData::IntCompare { .. }
        | InstructionData::Jump { .. }
        | InstructionData::Load { .. }
        | InstructionData::LoadNoOffset { .. }
        | InstructionData::MultiAry { .. }
        | InstructionData::NullAry { .. }
        | InstructionData::Shuffle { .. }
        | InstructionData::StackAddr { .. }
        | InstructionData::Store { .. }
        | InstructionData::StoreNoOffset { .. }
        | InstructionData::Ternary { .. }
        | InstructionData::TernaryImm8 { .. }
        | InstructionData::Trap { .. }
        | InstructionData::TryCallIndirect { .. }
        | InstructionData::Unary { .. }
        | InstructionData::UnaryConst { .. }
        | InstructionData::UnaryGlobalValue { .. }
        | InstructionData::UnaryIeee16 { .. }
        | InstructionData::UnaryIeee32 { .. }
        | InstructionData::UnaryIeee64 { .. }
        | InstructionData::UnaryImm { .. } => None,
    }
}

/// Memory flags as one number (Cranelift keeps the bits private).
fn mem_bits(d: ir::MemFlagsData) -> u64 {
    let endian = match d.explicit_endianness() {
        None => 0,
        Some(ir::Endianness::Little) => 1,
        Some(ir::Endianness::Big) => 2,
    };
    let trap = d.trap_code().map_or(0, |c| c.as_raw().get() as u64);
    (d.aligned() as u64) | (d.readonly() as u64) << 1 | endian << 2 | (d.can_move() as u64) << 4 | trap << 8
}

#[cfg(test)]
mod tests {
    use mergefunc::{InstId, Module};

    use super::*;
    use crate::ClifModule;

    fn module(text: &str) -> ClifModule {
        ClifModule::from_clif(text).unwrap()
    }

    #[test]
    fn block_params_are_pseudo_instructions_and_branch_args_operands() {
        let m = module(
            "function %f(i32) -> i32 {
             block0(v0: i32):
                 brif v0, block2(v0, v0), block1
             block1:
                 v1 = iconst.i32 4
                 jump block2(v1, v0)
             block2(v2: i32, v3: i32):
                 v4 = iadd v2, v3
                 return v4
             }",
        );
        let b = m.body(FuncId(0)).unwrap();
        assert_eq!(b.blocks.len(), 3);
        // block0: brif; operands: cond, block2, v0, v0, block1.
        let brif = &b.block_insts(BlockId(0))[0];
        let ops: Vec<Value> = b.operands(brif).iter().map(|u| u.value).collect();
        assert_eq!(
            ops,
            [Value::Arg(0), Value::Block(BlockId(2)), Value::Arg(0), Value::Arg(0), Value::Block(BlockId(1))]
        );
        assert_eq!(b.block_succs(BlockId(0)), [BlockId(2), BlockId(1)]);
        // block2 (layout position 2) starts with two parameter pseudo-instructions, and
        // the add uses them.
        let insts = b.block_insts(BlockId(2));
        assert_eq!(insts[0].opcode, OP_BLOCK_PARAM);
        assert_eq!(insts[1].opcode, OP_BLOCK_PARAM);
        let first = b.blocks[2].insts.start;
        let add: Vec<Value> = b.operands(&insts[2]).iter().map(|u| u.value).collect();
        assert_eq!(add, [Value::Inst(InstId(first)), Value::Inst(InstId(first + 1))]);
        // jump block2(v1, v0): v1 is the iconst (first instruction of block1).
        let jump = &b.block_insts(BlockId(1))[1];
        let ops: Vec<Value> = b.operands(jump).iter().map(|u| u.value).collect();
        assert_eq!(ops, [Value::Block(BlockId(2)), Value::Inst(InstId(b.blocks[1].insts.start)), Value::Arg(0)]);
    }

    #[test]
    fn multi_result_instructions_get_projections() {
        let m = module(
            "function %f(i64) -> i8 {
             block0(v0: i64):
                 v1, v2 = uadd_overflow v0, v0
                 return v2
             }",
        );
        let b = m.body(FuncId(0)).unwrap();
        let insts = b.block_insts(BlockId(0));
        assert_eq!(insts.len(), 4);
        assert!(matches!(m.type_data(insts[0].ty), TypeData::Struct { fields, .. } if fields.len() == 2));
        assert_eq!((insts[1].opcode, insts[2].opcode), (OP_RESULT, OP_RESULT));
        assert_eq!(b.props_of(&insts[2]), [Prop::Num(1)]);
        // `return v2` returns the second projection.
        assert_eq!(b.operands(&insts[3])[0].value, Value::Inst(InstId(2)));
        assert_eq!(m.type_data(b.operands(&insts[3])[0].ty), &TypeData::Int { bits: 8 });
    }

    #[test]
    fn calls_are_calls_and_func_addr_is_not() {
        let m = module(
            "function %f(i64) -> i64 {
                 fn0 = %g(i64) -> i64
             block0(v0: i64):
                 v1 = call fn0(v0)
                 v2 = func_addr.i64 fn0
                 v3 = iadd v1, v2
                 return v3
             }",
        );
        // %g is not defined in the text: it became an import.
        let g = m.find("g").unwrap();
        assert_eq!(m.func(g).ineligible, Some(Ineligible::NoBody));
        let b = m.body(FuncId(0)).unwrap();
        let insts = b.block_insts(BlockId(0));
        assert_eq!(insts[0].kind, InstKind::Call { callee: 0 });
        assert_eq!(insts[1].kind, InstKind::Plain);
        for i in &insts[..2] {
            let Value::Const(c) = b.operands(i)[0].value else { panic!() };
            assert_eq!(m.const_data(c).kind, ConstKind::Global(GlobalRef::Func(g)));
        }
        let mut users = Vec::new();
        m.users_of(g, mergefunc::UseKind::DirectCalls, &mut users);
        assert_eq!(users, [FuncId(0)]);
        assert!(m.has_uses(g));
    }

    #[test]
    fn signature_details_and_cold_blocks_are_compared() {
        let m = module(
            "function %a(i32 uext) -> i32 {
             block0(v0: i32):
                 brif v0, block1, block2
             block1:
                 return v0
             block2 cold:
                 v1 = iconst.i32 0
                 return v1
             }
             function %b(i32) -> i32 {
             block0(v0: i32):
                 brif v0, block1, block2
             block1:
                 return v0
             block2 cold:
                 v1 = iconst.i32 0
                 return v1
             }
             function %c(i32 uext) -> i32 {
             block0(v0: i32):
                 brif v0, block1, block2
             block1:
                 return v0
             block2:
                 v1 = iconst.i32 0
                 return v1
             }",
        );
        let (a, b, c) = (FuncId(0), FuncId(1), FuncId(2));
        assert_ne!(m.func(a).sig, m.func(b).sig);
        assert_ne!(mergefunc::compare_functions(&m, a, b), core::cmp::Ordering::Equal);
        assert_ne!(mergefunc::compare_functions(&m, a, c), core::cmp::Ordering::Equal);
    }

    #[test]
    fn stack_maps_on_calls_are_compared() {
        // Three callers of %g that differ only in the GC roots their call records.
        let f = |name: &str, map: &str| {
            format!(
                "function %{name}(i32) -> i32 {{
                     ss0 = explicit_slot 8
                     ss1 = explicit_slot 8
                     fn0 = %g(i32) -> i32
                 block0(v0: i32):
                     v2 = stack_addr.i64 ss0
                     store v0, v2
                     v3 = stack_addr.i64 ss1
                     store v0, v3
                     v1 = call fn0(v0), stack_map=[{map}]
                     return v1
                 }}\n"
            )
        };
        let text =
            [f("a", "i32 @ ss0+0"), f("b", "i32 @ ss0+0"), f("c", "i32 @ ss1+0"), f("d", "i32 @ ss0+4")].concat();
        let m = module(&text);
        let id = |n: &str| m.find(n).unwrap();
        assert_eq!(mergefunc::compare_functions(&m, id("a"), id("b")), core::cmp::Ordering::Equal);
        assert_ne!(mergefunc::compare_functions(&m, id("a"), id("c")), core::cmp::Ordering::Equal);
        assert_ne!(mergefunc::compare_functions(&m, id("a"), id("d")), core::cmp::Ordering::Equal);
    }

    #[test]
    fn malformed_bodies_are_excluded_not_fatal() {
        let mut m = module(
            "function %f(i32) -> i32 {
             block0(v0: i32):
                 return v0
             }",
        );
        // An empty block in the layout.
        let f = m.function_mut(FuncId(0)).unwrap();
        let b = f.dfg.make_block();
        f.layout.append_block(b);
        m.refresh_all();
        assert_eq!(m.func(FuncId(0)).ineligible, Some(Ineligible::Adapter(REASON_MALFORMED)));
        assert!(m.merge(&Default::default()).is_ok());
    }
}
