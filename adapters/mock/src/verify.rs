//! The verifier: symbols and linkage, aliases, global initializers, block structure
//! (terminators, successors, phis), operand and result types, call signatures and
//! callability, and SSA dominance.

use std::collections::HashSet;
use std::fmt;

use mergefunc::{ConstId, ConstKind, FuncId, GlobalRef, TypeData, TypeId, Value};

use crate::ir::{cc, AtomicOrdering, CastOp, FuncBody, FuncKind, Function, LinkageKind, MockModule, Op};
use crate::layout::{primitive_bits, size_align};
use crate::parse::aggregate_elem;

/// Why a module is invalid (the first problem found, in module order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// A symbol-level problem: duplicate names, linkage, aliases, globals, constants.
    Symbol {
        /// The symbol.
        name: String,
        /// What is wrong.
        msg: String,
    },
    /// A block is empty, lacks a terminator or has one in the middle.
    Block {
        /// The function.
        func: String,
        /// Layout index of the block.
        block: u32,
        /// What is wrong.
        msg: String,
    },
    /// An instruction has operands or a result of the wrong kind or type.
    Type {
        /// The function.
        func: String,
        /// Index of the instruction in the body.
        inst: u32,
        /// What is wrong.
        msg: String,
    },
    /// A phi does not list exactly the predecessors of its block.
    Phi {
        /// The function.
        func: String,
        /// Index of the instruction.
        inst: u32,
        /// What is wrong.
        msg: String,
    },
    /// A call's signature does not match its callee, or the callee cannot be called.
    Call {
        /// The function.
        func: String,
        /// Index of the instruction.
        inst: u32,
        /// What is wrong.
        msg: String,
    },
    /// An operand's definition does not dominate the use.
    Dominance {
        /// The function.
        func: String,
        /// Index of the using instruction.
        inst: u32,
        /// Operand index.
        operand: u32,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Symbol { name, msg } => write!(f, "@{name}: {msg}"),
            VerifyError::Block { func, block, msg } => write!(f, "@{func}, block {block}: {msg}"),
            VerifyError::Type { func, inst, msg }
            | VerifyError::Phi { func, inst, msg }
            | VerifyError::Call { func, inst, msg } => write!(f, "@{func}, instruction {inst}: {msg}"),
            VerifyError::Dominance { func, inst, operand } => {
                write!(f, "@{func}, instruction {inst}: operand {operand} does not dominate its use")
            }
        }
    }
}

impl std::error::Error for VerifyError {}

type R = Result<(), VerifyError>;

/// Checks a module.
pub fn verify(m: &MockModule) -> Result<(), VerifyError> {
    let sym = |name: &str, msg: &str| VerifyError::Symbol { name: name.to_string(), msg: msg.to_string() };
    let mut names = HashSet::new();
    for g in &m.globals {
        if !names.insert(g.name.as_str()) {
            return Err(sym(&g.name, "name defined twice"));
        }
    }
    for f in &m.funcs {
        if f.kind != FuncKind::Erased && !names.insert(f.name.as_str()) {
            return Err(sym(&f.name, "name defined twice"));
        }
    }
    for g in &m.globals {
        if size_align(m, g.ty).is_none() {
            return Err(sym(&g.name, "a global needs a sized type"));
        }
        match g.init {
            None if !matches!(g.linkage, LinkageKind::External | LinkageKind::ExternWeak) => {
                return Err(sym(&g.name, "a global without initializer must be external or extern_weak"));
            }
            Some(_) if g.linkage == LinkageKind::ExternWeak => {
                return Err(sym(&g.name, "extern_weak globals cannot have an initializer"));
            }
            Some(c) => {
                if m.const_data(c).ty != g.ty {
                    return Err(sym(&g.name, "initializer type differs from the global's type"));
                }
                check_const(m, c, 0).map_err(|e| sym(&g.name, &e))?;
            }
            None => {}
        }
        if g.linkage == LinkageKind::Appending && !matches!(m.type_data(g.ty), TypeData::Array { .. }) {
            return Err(sym(&g.name, "appending linkage needs an array"));
        }
    }
    for (i, f) in m.funcs.iter().enumerate() {
        let TypeData::Func { params, .. } = m.type_data(f.ty) else {
            if f.kind == FuncKind::Erased {
                continue;
            }
            return Err(sym(&f.name, "the type of a function must be a function type"));
        };
        if f.param_names.len() != params.len() {
            return Err(sym(&f.name, "one parameter name slot per parameter"));
        }
        if m.attr_data(f.attrs).params.len() > params.len() {
            return Err(sym(&f.name, "attributes for parameters that do not exist"));
        }
        match &f.kind {
            FuncKind::Erased => {}
            FuncKind::Declaration => {
                if !matches!(f.linkage, LinkageKind::External | LinkageKind::ExternWeak) {
                    return Err(sym(&f.name, "a declaration must be external or extern_weak"));
                }
            }
            FuncKind::Alias(t) => {
                if matches!(
                    f.linkage,
                    LinkageKind::AvailableExternally | LinkageKind::ExternWeak | LinkageKind::Appending
                ) {
                    return Err(sym(&f.name, "invalid linkage for an alias"));
                }
                match m.funcs.get(t.index()) {
                    Some(x) if x.kind != FuncKind::Erased => {}
                    _ => return Err(sym(&f.name, "alias of an erased or unknown function")),
                }
                if m.resolve_alias(FuncId::new(i)).is_none() {
                    return Err(sym(&f.name, "alias cycle"));
                }
            }
            FuncKind::Definition(body) => {
                if matches!(f.linkage, LinkageKind::ExternWeak | LinkageKind::Appending) {
                    return Err(sym(&f.name, "invalid linkage for a definition"));
                }
                check_body(m, f, body)?;
            }
        }
    }
    Ok(())
}

/// Checks the global references inside a constant.
fn check_const(m: &MockModule, c: ConstId, depth: u32) -> Result<(), String> {
    if depth > 256 {
        return Err("constant nested too deeply".into());
    }
    let live = |f: FuncId| matches!(m.funcs.get(f.index()), Some(x) if x.kind != FuncKind::Erased);
    match &m.const_data(c).kind {
        ConstKind::Global(GlobalRef::Func(f)) | ConstKind::Wrapped { target: GlobalRef::Func(f), .. } => {
            if !live(*f) {
                return Err("reference to an erased function".into());
            }
        }
        ConstKind::BlockAddress { func, block } => match m.func_body(*func) {
            Some(b) if (*block as usize) < b.blocks.len() && *block != 0 => {}
            Some(_) => return Err("blockaddress of the entry block or of a block that does not exist".into()),
            None => return Err("blockaddress of a function without a body".into()),
        },
        ConstKind::Array(e) | ConstKind::Struct(e) | ConstKind::Vector(e) => {
            for x in e.iter() {
                check_const(m, *x, depth + 1)?;
            }
        }
        ConstKind::Expr { operands, .. } => {
            for x in operands.iter() {
                check_const(m, *x, depth + 1)?;
            }
        }
        ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
            for x in [ptr, key, disc, addr_disc] {
                check_const(m, *x, depth + 1)?;
            }
        }
        ConstKind::Global(GlobalRef::Other(g)) | ConstKind::Wrapped { target: GlobalRef::Other(g), .. } => {
            if g.index() >= m.globals.len() {
                return Err("reference to an unknown global".into());
            }
        }
        ConstKind::Null
        | ConstKind::Undef
        | ConstKind::Poison
        | ConstKind::Int(_)
        | ConstKind::Float(_)
        | ConstKind::DataArray(_)
        | ConstKind::DataVector(_)
        | ConstKind::Opaque(_) => {}
    }
    Ok(())
}

struct Cx<'a> {
    m: &'a MockModule,
    f: &'a Function,
    body: &'a FuncBody,
    params: Vec<TypeId>,
    ret: TypeId,
}

fn lanes(m: &MockModule, t: TypeId) -> (Option<u64>, TypeId) {
    match m.type_data(t) {
        TypeData::Vector { len, elem, .. } => (Some(*len), *elem),
        _ => (None, t),
    }
}

fn is_int(m: &MockModule, t: TypeId) -> bool {
    matches!(m.type_data(t), TypeData::Int { .. })
}
fn is_ptr(m: &MockModule, t: TypeId) -> bool {
    matches!(m.type_data(t), TypeData::Ptr { .. })
}
fn int_bits(m: &MockModule, t: TypeId) -> u32 {
    match m.type_data(t) {
        TypeData::Int { bits } => *bits,
        _ => 0,
    }
}
fn first_class(m: &MockModule, t: TypeId) -> bool {
    size_align(m, t).is_some()
}

impl Cx<'_> {
    fn err_t(&self, inst: usize, msg: impl Into<String>) -> VerifyError {
        VerifyError::Type { func: self.f.name.clone(), inst: inst as u32, msg: msg.into() }
    }
    fn err_c(&self, inst: usize, msg: impl Into<String>) -> VerifyError {
        VerifyError::Call { func: self.f.name.clone(), inst: inst as u32, msg: msg.into() }
    }

    /// The type of a value, as defined (not as the use claims).
    fn def_type(&self, v: Value) -> Option<TypeId> {
        match v {
            Value::Arg(i) => self.params.get(i as usize).copied(),
            Value::Inst(i) => self.body.insts.get(i.index()).map(|x| x.ty),
            Value::Block(b) => (b.index() < self.body.blocks.len()).then(|| label_ty(self.m)).flatten(),
            Value::Const(c) => (c.index() < self.m.consts.len()).then(|| self.m.const_data(c).ty),
            Value::Asm(a) => (a.index() < self.m.asms.len()).then(|| ptr0(self.m)).flatten(),
            Value::Meta(md) => (md.index() < self.m.metas.len()).then(|| meta_ty(self.m)).flatten(),
        }
    }
}

fn find_ty(m: &MockModule, t: &TypeData) -> Option<TypeId> {
    m.types.items().iter().position(|x| x == t).map(|i| TypeId(i as u32))
}
fn label_ty(m: &MockModule) -> Option<TypeId> {
    find_ty(m, &TypeData::Label)
}
fn meta_ty(m: &MockModule) -> Option<TypeId> {
    find_ty(m, &TypeData::Metadata)
}
fn ptr0(m: &MockModule) -> Option<TypeId> {
    find_ty(m, &TypeData::Ptr { addr_space: 0 })
}

fn check_body(m: &MockModule, f: &Function, body: &FuncBody) -> R {
    let (ret, params, _) = m.fn_sig(f.ty);
    let cx = Cx { m, f, body, params, ret };
    let name = || f.name.clone();
    let nb = body.blocks.len();
    if nb == 0 {
        return Err(VerifyError::Block { func: name(), block: 0, msg: "a body needs a block".into() });
    }
    // block structure
    let mut expect = 0u32;
    for (bi, b) in body.blocks.iter().enumerate() {
        let berr = |msg: &str| VerifyError::Block { func: name(), block: bi as u32, msg: msg.into() };
        if b.start != expect || b.end < b.start || b.end as usize > body.insts.len() {
            return Err(berr("block ranges are not contiguous"));
        }
        expect = b.end;
        if b.start == b.end {
            return Err(berr("empty block"));
        }
        let insts = body.block_insts(bi);
        for (k, i) in insts.iter().enumerate() {
            let last = k + 1 == insts.len();
            if i.op.is_terminator() != last {
                return Err(berr(if last {
                    "the block does not end with a terminator"
                } else {
                    "terminator in the middle of a block"
                }));
            }
        }
    }
    if expect as usize != body.insts.len() {
        return Err(VerifyError::Block { func: name(), block: 0, msg: "instructions outside blocks".into() });
    }
    // successors and predecessors
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nb];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for (bi, b) in body.blocks.iter().enumerate() {
        let term = &body.insts[b.end as usize - 1];
        for u in &term.args {
            if let Value::Block(s) = u.value {
                if s.index() >= nb {
                    return Err(cx.err_t(b.end as usize - 1, "branch to a block that does not exist"));
                }
                if s.index() == 0 {
                    return Err(VerifyError::Block {
                        func: name(),
                        block: 0,
                        msg: "the entry block cannot be a branch target".into(),
                    });
                }
                preds[s.index()].push(bi);
                succs[bi].push(s.index());
            }
        }
    }
    // types
    for (k, i) in body.insts.iter().enumerate() {
        for (n, u) in i.args.iter().enumerate() {
            let Some(dt) = cx.def_type(u.value) else {
                return Err(cx.err_t(k, format!("operand {n} does not exist")));
            };
            if dt != u.ty {
                return Err(cx.err_t(k, format!("operand {n} is used with a type other than its own")));
            }
            if let Value::Inst(d) = u.value {
                if matches!(m.type_data(body.insts[d.index()].ty), TypeData::Void) {
                    return Err(cx.err_t(k, format!("operand {n} has no value")));
                }
            }
            if let Value::Const(c) = u.value {
                check_const(m, c, 0).map_err(|e| cx.err_t(k, e))?;
            }
            let block_allowed = i.op.first_block_operand().is_some_and(|first| n >= first);
            if matches!(u.value, Value::Block(_)) != block_allowed {
                return Err(cx.err_t(k, format!("operand {n}: blocks only as branch targets")));
            }
            if matches!(u.value, Value::Asm(_)) && !(matches!(i.op, Op::Call { .. }) && n == 0) {
                return Err(cx.err_t(k, "inline asm only as a callee"));
            }
            if matches!(u.value, Value::Meta(_)) && !(matches!(i.op, Op::Call { .. }) && n > 0) {
                return Err(cx.err_t(k, "metadata only as a call argument"));
            }
        }
        check_inst(&cx, k, &preds)?;
    }
    // dominance
    let reach = reachable(&succs);
    let dom = dominators(&preds, &reach);
    let block_of: Vec<usize> = (0..body.insts.len()).map(|i| body.block_of(i)).collect();
    for (k, i) in body.insts.iter().enumerate() {
        let ub = block_of[k];
        if !reach[ub] {
            continue;
        }
        for (n, u) in i.args.iter().enumerate() {
            let Value::Inst(d) = u.value else { continue };
            let d = d.index();
            let db = block_of[d];
            let ok = if let Op::Phi(blocks) = &i.op {
                let p = blocks[n].index();
                !reach[p] || dom[p][db]
            } else if db == ub {
                d < k
            } else {
                dom[ub][db]
            };
            if !ok {
                return Err(VerifyError::Dominance { func: name(), inst: k as u32, operand: n as u32 });
            }
        }
    }
    Ok(())
}

fn reachable(succs: &[Vec<usize>]) -> Vec<bool> {
    let mut r = vec![false; succs.len()];
    let mut stack = vec![0usize];
    r[0] = true;
    while let Some(b) = stack.pop() {
        for &s in &succs[b] {
            if !r[s] {
                r[s] = true;
                stack.push(s);
            }
        }
    }
    r
}

/// `dom[b][d]`: `d` dominates `b` (reachable blocks only).
fn dominators(preds: &[Vec<usize>], reach: &[bool]) -> Vec<Vec<bool>> {
    let n = preds.len();
    let mut dom: Vec<Vec<bool>> =
        (0..n).map(|b| if b == 0 { (0..n).map(|x| x == 0).collect() } else { vec![true; n] }).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..n {
            if !reach[b] {
                continue;
            }
            let mut new = vec![true; n];
            let mut any = false;
            for &p in &preds[b] {
                if !reach[p] {
                    continue;
                }
                any = true;
                for x in 0..n {
                    new[x] = new[x] && dom[p][x];
                }
            }
            if !any {
                new = vec![false; n];
            }
            new[b] = true;
            if new != dom[b] {
                dom[b] = new;
                changed = true;
            }
        }
    }
    dom
}

fn check_inst(cx: &Cx<'_>, k: usize, preds: &[Vec<usize>]) -> R {
    let m = cx.m;
    let i = &cx.body.insts[k];
    let a = &i.args;
    let n = a.len();
    let e = |msg: &str| Err(cx.err_t(k, msg));
    let void = matches!(m.type_data(i.ty), TypeData::Void);
    let count = |want: usize| -> R {
        if n != want {
            Err(cx.err_t(k, format!("expected {want} operands, found {n}")))
        } else {
            Ok(())
        }
    };
    match &i.op {
        Op::Bin { op, flags } => {
            count(2)?;
            if flags & !op.allowed_flags() != 0 {
                return e("flag not allowed on this operator");
            }
            if a[0].ty != i.ty || a[1].ty != i.ty || !is_int(m, lanes(m, i.ty).1) {
                return e("binary operators take two integers (or integer vectors) of the result type");
            }
        }
        Op::ICmp(_) => {
            count(2)?;
            let (l, el) = lanes(m, a[0].ty);
            let (rl, rel) = lanes(m, i.ty);
            if a[0].ty != a[1].ty || !(is_int(m, el) || is_ptr(m, el)) || l != rl || int_bits(m, rel) != 1 {
                return e("icmp compares two integers or pointers and returns i1");
            }
        }
        Op::Select => {
            count(3)?;
            let (cl, ce) = lanes(m, a[0].ty);
            if a[1].ty != i.ty || a[2].ty != i.ty || int_bits(m, ce) != 1 || !first_class(m, i.ty) {
                return e("select takes an i1 condition and two values of the result type");
            }
            if cl.is_some() && cl != lanes(m, i.ty).0 {
                return e("vector select needs matching lanes");
            }
        }
        Op::Cast(c) => {
            count(1)?;
            let (fl, fe) = lanes(m, a[0].ty);
            let (tl, te) = lanes(m, i.ty);
            let ok = match c {
                CastOp::Trunc => fl == tl && is_int(m, fe) && is_int(m, te) && int_bits(m, fe) > int_bits(m, te),
                CastOp::ZExt | CastOp::SExt => {
                    fl == tl && is_int(m, fe) && is_int(m, te) && int_bits(m, fe) < int_bits(m, te)
                }
                CastOp::PtrToInt => fl == tl && is_ptr(m, fe) && is_int(m, te),
                CastOp::IntToPtr => fl == tl && is_int(m, fe) && is_ptr(m, te),
                CastOp::BitCast => {
                    let scalarish = |t: TypeId| {
                        matches!(
                            m.type_data(lanes(m, t).1),
                            TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. }
                        )
                    };
                    let pb = primitive_bits(m, a[0].ty);
                    scalarish(a[0].ty)
                        && scalarish(i.ty)
                        && pb != 0
                        && pb == primitive_bits(m, i.ty)
                        && (is_ptr(m, fe) == is_ptr(m, te))
                        && (!is_ptr(m, fe) || fe == te)
                }
            };
            if !ok {
                return e("invalid cast");
            }
        }
        Op::Alloca { ty, align } => {
            count(1)?;
            if !is_int(m, a[0].ty) || !first_class(m, *ty) || Some(i.ty) != ptr0(m) {
                return e("alloca takes a sized type and an integer count, and returns ptr");
            }
            if align.is_some_and(|x| !x.is_power_of_two()) {
                return e("alignment must be a power of two");
            }
        }
        Op::Load { align, ordering, .. } => {
            count(1)?;
            if !is_ptr(m, a[0].ty) || !first_class(m, i.ty) {
                return e("load reads a sized type through a pointer");
            }
            if align.is_some_and(|x| !x.is_power_of_two()) {
                return e("alignment must be a power of two");
            }
            if *ordering != AtomicOrdering::NotAtomic
                && (align.is_none()
                    || matches!(ordering, AtomicOrdering::Release | AtomicOrdering::AcqRel)
                    || !matches!(
                        m.type_data(i.ty),
                        TypeData::Int { .. } | TypeData::Ptr { .. } | TypeData::Float { .. }
                    ))
            {
                return e("invalid atomic load");
            }
        }
        Op::Store { align, ordering, .. } => {
            count(2)?;
            if !void || !is_ptr(m, a[1].ty) || !first_class(m, a[0].ty) {
                return e("store writes a sized value through a pointer");
            }
            if align.is_some_and(|x| !x.is_power_of_two()) {
                return e("alignment must be a power of two");
            }
            if *ordering != AtomicOrdering::NotAtomic
                && (align.is_none() || matches!(ordering, AtomicOrdering::Acquire | AtomicOrdering::AcqRel))
            {
                return e("invalid atomic store");
            }
        }
        Op::Gep { source, .. } => {
            if n == 0 {
                return e("getelementptr needs a base");
            }
            let (bl, be) = lanes(m, a[0].ty);
            if !is_ptr(m, be) || !first_class(m, *source) {
                return e("getelementptr needs a pointer base and a sized source type");
            }
            let mut vl = bl;
            for u in &a[1..] {
                let (l, el) = lanes(m, u.ty);
                if !is_int(m, el) {
                    return e("getelementptr indices are integers");
                }
                if l.is_some() {
                    if vl.is_some() && vl != l {
                        return e("vector lanes differ");
                    }
                    vl = l;
                }
            }
            // struct indices must be constant and in range
            let mut cur = *source;
            for u in a.iter().skip(2) {
                if let TypeData::Struct { .. } = m.type_data(cur) {
                    let Value::Const(c) = u.value else { return e("struct indices must be constants") };
                    if lanes(m, u.ty).0.is_some() || int_bits(m, u.ty) != 32 {
                        return e("struct indices are i32 constants");
                    }
                    let Some(v) = crate::consts::scalar_value(&m.const_data(c).kind) else {
                        return e("struct indices must be integers");
                    };
                    match crate::layout::gep_step(m, cur, v as i128) {
                        Some((t, _)) => cur = t,
                        None => return e("struct index out of range"),
                    }
                } else {
                    match m.type_data(cur) {
                        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => cur = *elem,
                        _ => return e("getelementptr indexes into a non-aggregate"),
                    }
                }
            }
            let want = match vl {
                Some(l) if bl.is_none() => find_ty(m, &TypeData::Vector { scalable: false, len: l, elem: a[0].ty }),
                _ => Some(a[0].ty),
            };
            if want != Some(i.ty) {
                return e("getelementptr result type");
            }
        }
        Op::ExtractValue(idx) => {
            count(1)?;
            if aggregate_elem(m, a[0].ty, idx) != Some(i.ty) || idx.is_empty() {
                return e("invalid extractvalue");
            }
        }
        Op::InsertValue(idx) => {
            count(2)?;
            if a[0].ty != i.ty || aggregate_elem(m, a[0].ty, idx) != Some(a[1].ty) || idx.is_empty() {
                return e("invalid insertvalue");
            }
        }
        Op::Phi(blocks) => {
            let perr = |msg: &str| Err(VerifyError::Phi { func: cx.f.name.clone(), inst: k as u32, msg: msg.into() });
            let bi = cx.body.block_of(k);
            let start = cx.body.blocks[bi].start as usize;
            if cx.body.insts[start..k].iter().any(|x| !matches!(x.op, Op::Phi(_))) {
                return perr("phis must come first in their block");
            }
            if blocks.len() != n || a.iter().any(|u| u.ty != i.ty) || !first_class(m, i.ty) {
                return perr("one value of the result type per incoming block");
            }
            let mut got: Vec<usize> = blocks.iter().map(|b| b.index()).collect();
            let mut want = preds[bi].clone();
            got.sort_unstable();
            want.sort_unstable();
            if got != want {
                return perr("incoming blocks differ from the block's predecessors");
            }
            for x in 0..n {
                for y in x + 1..n {
                    if blocks[x] == blocks[y] && a[x] != a[y] {
                        return perr("different values for the same predecessor");
                    }
                }
            }
        }
        Op::Br => count(1)?,
        Op::CondBr => {
            count(3)?;
            if int_bits(m, a[0].ty) != 1 {
                return e("the condition must be i1");
            }
        }
        Op::Switch(cases) => {
            if n != cases.len() + 2 || !is_int(m, a[0].ty) {
                return e("switch takes an integer, a default and one block per case");
            }
            let mut seen = HashSet::new();
            for c in cases {
                let d = m.const_data(*c);
                if d.ty != a[0].ty || !matches!(d.kind, ConstKind::Null | ConstKind::Int(_)) || !seen.insert(*c) {
                    return e("case values are distinct integer constants of the condition's type");
                }
            }
        }
        Op::Ret => {
            let rv = matches!(m.type_data(cx.ret), TypeData::Void);
            if (rv && n != 0) || (!rv && (n != 1 || a[0].ty != cx.ret)) {
                return e("ret does not match the function's return type");
            }
        }
        Op::Unreachable => count(0)?,
        Op::Call { fn_ty, .. } => {
            if n == 0 {
                return Err(cx.err_c(k, "a call needs a callee"));
            }
            let TypeData::Func { ret, params, vararg } = m.type_data(*fn_ty) else {
                return Err(cx.err_c(k, "the call's type must be a function type"));
            };
            if !is_ptr(m, a[0].ty) {
                return Err(cx.err_c(k, "the callee must be a pointer"));
            }
            if *ret != i.ty {
                return Err(cx.err_c(k, "result type differs from the call's return type"));
            }
            let nargs = n - 1;
            if nargs < params.len() || (!vararg && nargs != params.len()) {
                return Err(cx.err_c(k, "wrong number of arguments"));
            }
            for (p, u) in params.iter().zip(&a[1..]) {
                if *p != u.ty {
                    return Err(cx.err_c(k, "argument type differs from the parameter type"));
                }
            }
            match a[0].value {
                Value::Asm(x) => {
                    if m.asm_data_ref(x).ty != *fn_ty {
                        return Err(cx.err_c(k, "inline asm type differs from the call's type"));
                    }
                }
                Value::Const(c) => {
                    if let ConstKind::Global(GlobalRef::Func(g)) = m.const_data(c).kind {
                        let callee = &m.funcs[g.index()];
                        let target = m.resolve_alias(g).map(|t| &m.funcs[t.index()]);
                        if !cc::callable(callee.cc) || target.is_some_and(|t| !cc::callable(t.cc)) {
                            return Err(cx.err_c(k, format!("@{} cannot be called", callee.name)));
                        }
                        if mergefunc::order::cmp_types(m, callee.ty, *fn_ty) != core::cmp::Ordering::Equal {
                            return Err(cx.err_c(k, format!("the call's type differs from @{}'s type", callee.name)));
                        }
                        let intrinsic = crate::view::is_intrinsic_name(&callee.name);
                        if !intrinsic && a[1..].iter().any(|u| matches!(u.value, Value::Meta(_))) {
                            return Err(cx.err_c(k, "metadata arguments are for intrinsics only"));
                        }
                    }
                }
                Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Meta(_) => {}
            }
        }
        Op::Fence { ordering } => {
            count(0)?;
            if matches!(ordering, AtomicOrdering::NotAtomic | AtomicOrdering::Unordered | AtomicOrdering::Monotonic) {
                return e("invalid fence ordering");
            }
        }
        Op::AtomicRmw { ordering, .. } => {
            count(2)?;
            if !is_ptr(m, a[0].ty) || !is_int(m, a[1].ty) || i.ty != a[1].ty || *ordering == AtomicOrdering::NotAtomic {
                return e("invalid atomicrmw");
            }
        }
        Op::CmpXchg { success, failure, .. } => {
            count(3)?;
            let want = find_ty(
                m,
                &TypeData::Struct {
                    packed: false,
                    fields: Box::new([a[1].ty, find_ty(m, &TypeData::Int { bits: 1 }).unwrap_or(a[1].ty)]),
                },
            );
            if !is_ptr(m, a[0].ty)
                || a[1].ty != a[2].ty
                || !(is_int(m, a[1].ty) || is_ptr(m, a[1].ty))
                || want != Some(i.ty)
                || matches!(success, AtomicOrdering::NotAtomic | AtomicOrdering::Unordered)
                || matches!(
                    failure,
                    AtomicOrdering::NotAtomic
                        | AtomicOrdering::Unordered
                        | AtomicOrdering::Release
                        | AtomicOrdering::AcqRel
                )
            {
                return e("invalid cmpxchg");
            }
        }
    }
    if i.op.is_terminator() || matches!(i.op, Op::Store { .. } | Op::Fence { .. }) {
        if !void {
            return e("this instruction has no result");
        }
    } else if void && !matches!(i.op, Op::Call { .. }) {
        return e("this instruction needs a result type");
    }
    Ok(())
}

impl MockModule {
    /// An inline-asm value's data.
    pub fn asm_data_ref(&self, a: mergefunc::AsmId) -> &mergefunc::AsmData {
        self.asms.get(a.0)
    }
}
