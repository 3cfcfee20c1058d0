//! Programmatic construction of function bodies.
//!
//! ```
//! use mergefunc_mock::{FunctionBuilder, MockModule, LinkageKind, BinOp};
//! let mut m = MockModule::new();
//! let i32t = m.int(32);
//! let fty = m.func_ty(i32t, &[i32t], false);
//! let f = m.add_function("inc", fty, LinkageKind::Internal);
//! let mut b = FunctionBuilder::new(&mut m, f);
//! let entry = b.block(Some("entry"));
//! b.switch_to(entry);
//! let a = b.arg(0);
//! let one = b.const_int(i32t, 1);
//! let r = b.bin(BinOp::Add, 0, a, one, None);
//! b.ret(Some(r));
//! b.finish();
//! assert!(mergefunc_mock::verify(&m).is_ok());
//! ```

use mergefunc::{AsmData, AttrsId, BlockId, ConstId, FuncId, InstId, MetaId, TypeData, TypeId, Use, Value};

use crate::ir::{AtomicOrdering, BinOp, BlockData, CastOp, FuncBody, Instr, IntPred, MockModule, Op, RmwOp, TailKind};

/// Builds the body of one function. Blocks are laid out in creation order (the first
/// block created is the entry); instructions may be appended to any block in any order.
/// Results are [`Use`]s that refer to instructions by a temporary id until
/// [`FunctionBuilder::finish`] renumbers them in layout order.
#[derive(Debug)]
pub struct FunctionBuilder<'m> {
    /// The module (for types and constants while building).
    pub m: &'m mut MockModule,
    func: FuncId,
    blocks: Vec<(Option<String>, Vec<u32>)>,
    insts: Vec<Instr>,
    cur: usize,
}

impl<'m> FunctionBuilder<'m> {
    /// Starts a new body for `func` (its old body, if any, is replaced on `finish`).
    pub fn new(m: &'m mut MockModule, func: FuncId) -> Self {
        FunctionBuilder { m, func, blocks: Vec::new(), insts: Vec::new(), cur: 0 }
    }
    /// The function being built.
    pub fn func(&self) -> FuncId {
        self.func
    }
    /// Creates a block (appended to the layout) and returns its id.
    pub fn block(&mut self, name: Option<&str>) -> BlockId {
        self.blocks.push((name.map(str::to_string), Vec::new()));
        BlockId::new(self.blocks.len() - 1)
    }
    /// Number of blocks created so far.
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }
    /// Appends the following instructions to block `b`.
    pub fn switch_to(&mut self, b: BlockId) {
        self.cur = b.index();
    }
    /// The block instructions are currently appended to.
    pub fn current_block(&self) -> BlockId {
        BlockId::new(self.cur)
    }
    /// True if block `b` ends with a terminator.
    pub fn is_terminated(&self, b: BlockId) -> bool {
        self.blocks[b.index()].1.last().is_some_and(|i| self.insts[*i as usize].op.is_terminator())
    }
    /// Parameter `i` as an operand.
    pub fn arg(&self, i: u32) -> Use {
        let ty = self.m.fn_sig(self.m.funcs[self.func.index()].ty).1[i as usize];
        Use { value: Value::Arg(i), ty }
    }
    /// A block as an operand.
    pub fn block_use(&mut self, b: BlockId) -> Use {
        Use { value: Value::Block(b), ty: self.m.label() }
    }
    /// A constant as an operand.
    pub fn const_use(&self, c: ConstId) -> Use {
        Use { value: Value::Const(c), ty: self.m.const_data(c).ty }
    }
    /// An integer constant operand.
    pub fn const_int(&mut self, ty: TypeId, v: u128) -> Use {
        let c = self.m.int_const(ty, v);
        self.const_use(c)
    }
    /// A metadata operand.
    pub fn meta_use(&mut self, md: MetaId) -> Use {
        Use { value: Value::Meta(md), ty: self.m.metadata_ty() }
    }
    /// The type of a result previously returned by this builder.
    pub fn result_type(&self, u: Use) -> TypeId {
        u.ty
    }
    /// Appends any instruction to the current block; returns its result as an operand.
    pub fn push(&mut self, name: Option<&str>, op: Op, ty: TypeId, args: Vec<Use>) -> Use {
        let id = self.insts.len() as u32;
        self.insts.push(Instr { name: name.map(str::to_string), op, ty, args });
        self.blocks[self.cur].1.push(id);
        Use { value: Value::Inst(InstId(id)), ty }
    }
    /// Replaces operand `k` of an instruction created by this builder (for forward
    /// references).
    pub fn set_arg(&mut self, inst: Use, k: usize, u: Use) {
        if let Value::Inst(i) = inst.value {
            if let Some(slot) = self.insts.get_mut(i.index()).and_then(|x| x.args.get_mut(k)) {
                *slot = u;
            }
        }
    }
    /// Sets a block's name.
    pub fn set_block_name(&mut self, b: BlockId, name: Option<&str>) {
        self.blocks[b.index()].0 = name.map(str::to_string);
    }
    /// `op [flags] a, b`.
    pub fn bin(&mut self, op: BinOp, flags: u8, a: Use, b: Use, name: Option<&str>) -> Use {
        self.push(name, Op::Bin { op, flags: flags & op.allowed_flags() }, a.ty, vec![a, b])
    }
    /// `icmp pred a, b` (result `i1`, or a vector of `i1`).
    pub fn icmp(&mut self, pred: IntPred, a: Use, b: Use, name: Option<&str>) -> Use {
        let i1 = self.m.int(1);
        let ty = match self.m.type_data(a.ty).clone() {
            TypeData::Vector { len, .. } => self.m.vector_ty(len, i1),
            _ => i1,
        };
        self.push(name, Op::ICmp(pred), ty, vec![a, b])
    }
    /// `select c, a, b`.
    pub fn select(&mut self, c: Use, a: Use, b: Use, name: Option<&str>) -> Use {
        self.push(name, Op::Select, a.ty, vec![c, a, b])
    }
    /// `cast v to ty`.
    pub fn cast(&mut self, op: CastOp, v: Use, ty: TypeId, name: Option<&str>) -> Use {
        self.push(name, Op::Cast(op), ty, vec![v])
    }
    /// `alloca ty, count, align`.
    pub fn alloca(&mut self, ty: TypeId, count: Use, align: Option<u64>, name: Option<&str>) -> Use {
        let p = self.m.ptr(0);
        self.push(name, Op::Alloca { ty, align }, p, vec![count])
    }
    /// A plain `load ty, ptr`.
    pub fn load(&mut self, ty: TypeId, ptr: Use, align: Option<u64>, name: Option<&str>) -> Use {
        let op = Op::Load { volatile: false, align, ordering: AtomicOrdering::NotAtomic, md: Vec::new() };
        self.push(name, op, ty, vec![ptr])
    }
    /// A plain `store v, ptr`.
    pub fn store(&mut self, v: Use, ptr: Use, align: Option<u64>) {
        let void = self.m.void();
        let op = Op::Store { volatile: false, align, ordering: AtomicOrdering::NotAtomic };
        self.push(None, op, void, vec![v, ptr]);
    }
    /// `getelementptr [flags] source, base, indices...`; the result is a pointer in the
    /// base's address space (or a vector of them).
    pub fn gep(&mut self, source: TypeId, flags: u8, base: Use, indices: &[Use], name: Option<&str>) -> Use {
        let mut ty = base.ty;
        if !matches!(self.m.type_data(ty), TypeData::Vector { .. }) {
            if let Some(len) = indices.iter().find_map(|u| match self.m.type_data(u.ty) {
                TypeData::Vector { len, .. } => Some(*len),
                _ => None,
            }) {
                ty = self.m.vector_ty(len, base.ty);
            }
        }
        let mut args = vec![base];
        args.extend_from_slice(indices);
        let flags = if flags & crate::ir::GEP_INBOUNDS != 0 { flags | crate::ir::GEP_NUSW } else { flags };
        self.push(name, Op::Gep { source, flags }, ty, args)
    }
    /// `extractvalue agg, indices`; `ty` is the element type.
    pub fn extract_value(&mut self, agg: Use, indices: &[u32], ty: TypeId, name: Option<&str>) -> Use {
        self.push(name, Op::ExtractValue(indices.to_vec()), ty, vec![agg])
    }
    /// `insertvalue agg, v, indices`.
    pub fn insert_value(&mut self, agg: Use, v: Use, indices: &[u32], name: Option<&str>) -> Use {
        self.push(name, Op::InsertValue(indices.to_vec()), agg.ty, vec![agg, v])
    }
    /// `phi ty [v, b]...`.
    pub fn phi(&mut self, ty: TypeId, incoming: &[(Use, BlockId)], name: Option<&str>) -> Use {
        let blocks = incoming.iter().map(|p| p.1).collect();
        let args = incoming.iter().map(|p| p.0).collect();
        self.push(name, Op::Phi(blocks), ty, args)
    }
    /// Adds an incoming pair to a phi created earlier (for loops).
    pub fn add_incoming(&mut self, phi: Use, v: Use, b: BlockId) {
        let Value::Inst(i) = phi.value else { return };
        let inst = &mut self.insts[i.index()];
        if let Op::Phi(blocks) = &mut inst.op {
            blocks.push(b);
            inst.args.push(v);
        }
    }
    /// `br label %dest`.
    pub fn br(&mut self, dest: BlockId) {
        let void = self.m.void();
        let d = self.block_use(dest);
        self.push(None, Op::Br, void, vec![d]);
    }
    /// `br i1 c, label %t, label %f`.
    pub fn cond_br(&mut self, c: Use, t: BlockId, f: BlockId) {
        let void = self.m.void();
        let (t, f) = (self.block_use(t), self.block_use(f));
        self.push(None, Op::CondBr, void, vec![c, t, f]);
    }
    /// `switch v, label %default [case, label %dest]...`.
    pub fn switch(&mut self, v: Use, default: BlockId, cases: &[(ConstId, BlockId)]) {
        let void = self.m.void();
        let mut args = vec![v, self.block_use(default)];
        for (_, b) in cases {
            args.push(self.block_use(*b));
        }
        self.push(None, Op::Switch(cases.iter().map(|c| c.0).collect()), void, args);
    }
    /// `ret v` / `ret void`.
    pub fn ret(&mut self, v: Option<Use>) {
        let void = self.m.void();
        self.push(None, Op::Ret, void, v.into_iter().collect());
    }
    /// `unreachable`.
    pub fn unreachable(&mut self) {
        let void = self.m.void();
        self.push(None, Op::Unreachable, void, Vec::new());
    }
    /// A call of `callee` (any pointer operand) with function type `fn_ty`.
    #[allow(clippy::too_many_arguments)]
    pub fn call_with(
        &mut self,
        callee: Use,
        fn_ty: TypeId,
        args: &[Use],
        cc: u32,
        attrs: AttrsId,
        tail: TailKind,
        name: Option<&str>,
    ) -> Use {
        let ret = self.m.fn_sig(fn_ty).0;
        let mut all = vec![callee];
        all.extend_from_slice(args);
        self.push(name, Op::Call { fn_ty, cc, attrs, tail, range: None }, ret, all)
    }
    /// A direct call of function `f` with its own type, convention and no attributes.
    pub fn call(&mut self, f: FuncId, args: &[Use], name: Option<&str>) -> Use {
        let (fn_ty, cc) = (self.m.funcs[f.index()].ty, self.m.funcs[f.index()].cc);
        let c = self.m.func_ref(f);
        let callee = self.const_use(c);
        let attrs = self.m.no_attrs();
        self.call_with(callee, fn_ty, args, cc, attrs, TailKind::None, name)
    }
    /// A call of inline asm.
    pub fn call_asm(&mut self, fn_ty: TypeId, text: &str, constraints: &str, flags: u64, args: &[Use]) -> Use {
        let a = self.m.asm(AsmData {
            ty: fn_ty,
            text: text.as_bytes().into(),
            constraints: constraints.as_bytes().into(),
            flags,
        });
        let p = self.m.ptr(0);
        let attrs = self.m.no_attrs();
        self.call_with(Use { value: Value::Asm(a), ty: p }, fn_ty, args, 0, attrs, TailKind::None, None)
    }
    /// `atomicrmw op ptr, v ordering`.
    pub fn atomic_rmw(&mut self, op: RmwOp, ptr: Use, v: Use, ordering: AtomicOrdering, name: Option<&str>) -> Use {
        self.push(name, Op::AtomicRmw { op, volatile: false, ordering }, v.ty, vec![ptr, v])
    }

    /// Lays the body out (blocks in creation order), renumbers instructions, makes local
    /// names unique, and installs the body in the module. Returns the finished body.
    pub fn finish(self) -> FuncBody {
        let FunctionBuilder { m, func, blocks, insts, .. } = self;
        let mut map = vec![0u32; insts.len()];
        let mut order = Vec::with_capacity(insts.len());
        for (_, list) in &blocks {
            for &t in list {
                map[t as usize] = order.len() as u32;
                order.push(t);
            }
        }
        let mut slots: Vec<Option<Instr>> = insts.into_iter().map(Some).collect();
        let mut body = FuncBody::default();
        for (name, list) in &blocks {
            let start = body.insts.len() as u32;
            for &t in list {
                let Some(mut inst) = slots[t as usize].take() else { continue };
                for u in &mut inst.args {
                    if let Value::Inst(i) = u.value {
                        if let Some(n) = map.get(i.index()) {
                            u.value = Value::Inst(InstId(*n));
                        }
                    }
                }
                body.insts.push(inst);
            }
            body.blocks.push(BlockData { name: name.clone(), start, end: body.insts.len() as u32 });
        }
        uniquify_locals(&mut m.funcs[func.index()].param_names, &mut body);
        m.set_body(func, body.clone());
        body
    }
}

/// Makes parameter, block and value names of one function unique (a repeated name
/// gets `.N`); names that are all digits are kept (the printer quotes them).
pub(crate) fn uniquify_locals(params: &mut [Option<String>], body: &mut FuncBody) {
    let mut seen = std::collections::HashSet::new();
    let mut fix = |n: &mut Option<String>| {
        if let Some(s) = n {
            if !seen.insert(s.clone()) {
                let mut k = 1;
                while seen.contains(&format!("{s}.{k}")) {
                    k += 1;
                }
                *s = format!("{s}.{k}");
                seen.insert(s.clone());
            }
        }
    };
    for p in params.iter_mut() {
        fix(p);
    }
    let FuncBody { blocks, insts } = body;
    for b in blocks.iter_mut() {
        fix(&mut b.name);
        for i in &mut insts[b.start as usize..b.end as usize] {
            fix(&mut i.name);
        }
    }
}
