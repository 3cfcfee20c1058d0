//! Perturbations: change exactly one property that the order reads.
//!
//! Each [`PerturbKind`] names one property of what the mock hands the core
//! ([`crate::view`]): a signature prop, the function type, an opcode, flags, a result or
//! operand, a per-opcode prop, or the CFG shape. [`PerturbKind::ALL`] lists them with
//! the property each covers; `near_equal` checks that every perturbed clone compares
//! unequal to its original, and a test checks that every kind is generated.
//!
//! Not covered, because the mock always emits a constant for them: the sync scope of
//! loads, stores, fences and atomics (always "system") and the operand-bundle count of
//! calls (always 0). Not covered because the generator does not produce the construct:
//! GEP address spaces other than 0, vector operands, float constants, block addresses,
//! metadata call arguments, asm constraints and flags, multi-index `extractvalue`, the
//! cmpxchg failure ordering. A call's function-type prop changes only together with the
//! callee's type ([`PerturbKind::Vararg`], [`PerturbKind::ParamType`] on self calls).

use arbitrary::{Result, Unstructured};
use mergefunc::{Attr, AttrList, ConstKind, FuncId, GlobalRef, InstId, TypeData, Use, Value};

use super::gen::{range_node, Types};
use crate::ir::{
    cc, AtomicOrdering, BinOp, CastOp, FuncBody, FuncKind, IntPred, MockModule, Op, Opcode, RmwOp, TailKind,
    FLAG_EXACT, FLAG_NSW, FLAG_NUW, GEP_INBOUNDS, GEP_NUSW, GEP_NUW,
};

macro_rules! kinds {
    ($($k:ident => $doc:literal,)*) => {
        /// One perturbation kind (the property it changes is in each variant's doc).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum PerturbKind {
            $(#[doc = $doc] $k,)*
        }
        impl PerturbKind {
            /// Every kind.
            pub const ALL: &'static [PerturbKind] = &[$(PerturbKind::$k,)*];
            /// The property the kind changes.
            pub fn property(self) -> &'static str {
                match self {
                    $(PerturbKind::$k => $doc,)*
                }
            }
        }
    };
}

kinds! {
    FnAttr => "signature prop: function attribute set (nounwind toggled)",
    ParamAttr => "signature prop: parameter attribute set (noundef on %n toggled)",
    RetAttr => "signature prop: return attribute set (noundef toggled)",
    Gc => "signature prop: has-gc and the gc name",
    Section => "signature prop: has-section and the section name",
    CallingConv => "signature prop: calling convention",
    Vararg => "signature prop: vararg, and the function type",
    ParamType => "function type: an extra parameter",
    ExtraInst => "CFG/body shape: instruction count of a block",
    BranchSwap => "CFG shape: successor order of a conditional branch",
    PhiOrder => "phi prop: incoming block order (values swapped along)",
    BinOpcode => "opcode of a binary operator",
    BinFlags => "flags: nuw/nsw/exact",
    OperandSwap => "operands: order of two distinct operands",
    IntConst => "operand constant: integer value",
    ConstKind => "operand constant: kind (integer to undef/poison)",
    LocalToConst => "operand: local value replaced by a constant",
    ICmpPred => "icmp prop: predicate",
    CastOpcode => "opcode of a cast (zext/sext)",
    ResultType => "result type of an instruction (an unused cast's)",
    AllocaType => "alloca prop: allocated type",
    AllocaAlign => "alloca prop: alignment",
    LoadAlign => "load prop: alignment",
    StoreAlign => "store prop: alignment",
    LoadVolatile => "load prop: volatile",
    StoreVolatile => "store prop: volatile",
    LoadOrdering => "load prop: atomic ordering",
    StoreOrdering => "store prop: atomic ordering",
    LoadMetadata => "load prop: metadata attachments (!range)",
    GepFlags => "address rule: GEP no-wrap flags (weak flags: only when compared)",
    GepIndex => "address rule: constant offset",
    GepSourceType => "address rule: source element type (non-constant offset)",
    GlobalRef => "operand constant: which global variable",
    ConstExpr => "operand constant: constant-expression operand",
    RmwOp => "atomicrmw prop: operation",
    RmwOrdering => "atomicrmw prop: ordering",
    RmwVolatile => "atomicrmw prop: volatile",
    CmpXchgWeak => "cmpxchg prop: weak",
    CmpXchgOrdering => "cmpxchg prop: success ordering",
    CmpXchgVolatile => "cmpxchg prop: volatile",
    FenceOrdering => "fence prop: ordering",
    AggIndex => "extractvalue/insertvalue prop: indices",
    Callee => "call operand: callee identity",
    CallTail => "call prop: tail-call marker",
    CallAttrs => "call prop: call-site attributes",
    CallCc => "call prop: calling convention",
    CallRange => "call prop: !range attachment",
    AsmText => "call operand: inline asm text",
    SwitchCase => "switch prop: a case value",
}

fn body(m: &MockModule, f: FuncId) -> &FuncBody {
    m.func_body(f).expect("a definition")
}

/// Instruction indices of `f` where `kind` applies (`[0]` for signature kinds that apply).
pub fn sites(m: &MockModule, f: FuncId, kind: PerturbKind) -> Vec<usize> {
    use PerturbKind as K;
    let func = m.function(f);
    let b = body(m, f);
    let (ret, params, vararg) = m.fn_sig(func.ty);
    let void = matches!(m.type_data(ret), TypeData::Void);
    let sig = |ok: bool| if ok { vec![0] } else { vec![] };
    let insts = |p: &dyn Fn(usize, &crate::ir::Instr) -> bool| -> Vec<usize> {
        b.insts.iter().enumerate().filter(|(i, x)| p(*i, x)).map(|(i, _)| i).collect()
    };
    let is_int = |t: mergefunc::TypeId| matches!(m.type_data(t), TypeData::Int { .. });
    match kind {
        K::FnAttr | K::Gc | K::Section | K::CallingConv | K::ParamType => sig(true),
        K::ParamAttr => sig(!params.is_empty()),
        K::RetAttr => sig(!void),
        K::Vararg => sig(!vararg),
        K::ExtraInst => sig(!b.insts.is_empty()),
        K::BranchSwap => insts(&|i, x| {
            matches!(x.op, Op::CondBr)
                && matches!((x.args[1].value, x.args[2].value), (Value::Block(t), Value::Block(e))
                    if t != e && (t.index() <= b.block_of(i) || e.index() <= b.block_of(i)))
        }),
        K::PhiOrder => insts(&|_, x| matches!(&x.op, Op::Phi(bs) if bs.len() >= 2 && bs[0] != bs[1])),
        K::BinOpcode => insts(&|_, x| matches!(x.op, Op::Bin { .. })),
        K::BinFlags => insts(&|_, x| matches!(x.op, Op::Bin { op, .. } if op.allowed_flags() != 0)),
        K::OperandSwap => insts(&|_, x| match x.op {
            Op::Bin { .. } | Op::ICmp(_) => x.args[0] != x.args[1],
            Op::Select => x.args[1] != x.args[2],
            _ => false,
        }),
        K::IntConst | K::ConstKind => insts(&|_, x| !int_const_operands(m, x).is_empty()),
        K::LocalToConst => insts(&|_, x| !local_int_operands(m, x).is_empty()),
        K::ICmpPred => insts(&|_, x| matches!(x.op, Op::ICmp(_))),
        K::CastOpcode => insts(&|_, x| matches!(x.op, Op::Cast(CastOp::ZExt | CastOp::SExt))),
        K::ResultType => insts(&|i, x| {
            matches!(x.op, Op::Cast(CastOp::ZExt | CastOp::SExt | CastOp::Trunc))
                && !b.insts.iter().any(|y| y.args.iter().any(|a| a.value == Value::Inst(InstId(i as u32))))
                && !result_type_choices(m, x).is_empty()
        }),
        K::AllocaType | K::AllocaAlign => insts(&|_, x| matches!(x.op, Op::Alloca { .. })),
        K::LoadAlign | K::LoadVolatile | K::LoadMetadata => insts(&|_, x| matches!(x.op, Op::Load { .. })),
        K::LoadOrdering => insts(&|_, x| matches!(x.op, Op::Load { .. }) && is_scalar_mem(m, x.ty)),
        K::StoreAlign | K::StoreVolatile => insts(&|_, x| matches!(x.op, Op::Store { .. })),
        K::StoreOrdering => insts(&|_, x| matches!(x.op, Op::Store { .. }) && is_scalar_mem(m, x.args[0].ty)),
        K::GepFlags => insts(&|_, x| matches!(x.op, Op::Gep { .. })),
        K::GepIndex => insts(&|_, x| {
            matches!(x.op, Op::Gep { .. })
                && x.args.len() >= 2
                && x.args[1..].iter().all(|a| matches!(a.value, Value::Const(_)))
                && matches!(x.args.last().map(|a| a.value), Some(Value::Const(c)) if is_int(m.const_data(c).ty))
        }),
        K::GepSourceType => insts(&|_, x| {
            matches!(x.op, Op::Gep { source, .. } if is_int(source))
                && x.args[1..].iter().any(|a| !matches!(a.value, Value::Const(_)))
        }),
        K::GlobalRef => insts(&|_, x| x.args.iter().any(|a| global_twin_of(m, a).is_some())),
        K::ConstExpr => insts(&|_, x| x.args.iter().any(|a| gep_expr(m, a).is_some())),
        K::RmwOp | K::RmwOrdering | K::RmwVolatile => insts(&|_, x| matches!(x.op, Op::AtomicRmw { .. })),
        K::CmpXchgWeak | K::CmpXchgOrdering | K::CmpXchgVolatile => insts(&|_, x| matches!(x.op, Op::CmpXchg { .. })),
        K::FenceOrdering => insts(&|_, x| matches!(x.op, Op::Fence { .. })),
        K::AggIndex => insts(&|_, x| match &x.op {
            Op::ExtractValue(p) => {
                p.len() == 1 && crate::parse::aggregate_elem(m, x.args[0].ty, &[1 - p[0].min(1)]) == Some(x.ty)
            }
            Op::InsertValue(p) => {
                p.len() == 1 && crate::parse::aggregate_elem(m, x.ty, &[1 - p[0].min(1)]) == Some(x.args[1].ty)
            }
            _ => false,
        }),
        K::Callee => insts(&|_, x| {
            matches!(x.op, Op::Call { .. }) && direct_callee(m, x).is_some_and(|g| !other_callees(m, g).is_empty())
        }),
        K::CallTail | K::CallAttrs | K::CallCc => {
            insts(&|_, x| matches!(x.op, Op::Call { .. }) && !matches!(x.args[0].value, Value::Asm(_)))
        }
        K::CallRange => insts(&|_, x| matches!(x.op, Op::Call { .. }) && is_int(x.ty)),
        K::AsmText => insts(&|_, x| matches!(x.op, Op::Call { .. }) && matches!(x.args[0].value, Value::Asm(_))),
        K::SwitchCase => insts(&|_, x| matches!(x.op, Op::Switch(_))),
    }
}

/// Integer types a cast could produce instead of its current result type.
fn result_type_choices(m: &MockModule, x: &crate::ir::Instr) -> Vec<u32> {
    let from = crate::layout::scalar_bits(m, x.args[0].ty).unwrap_or(0);
    let to = crate::layout::scalar_bits(m, x.ty).unwrap_or(0);
    [1u32, 8, 16, 32, 64]
        .into_iter()
        .filter(|w| *w != to && if matches!(x.op, Op::Cast(CastOp::Trunc)) { *w < from } else { *w > from })
        .collect()
}

fn is_scalar_mem(m: &MockModule, t: mergefunc::TypeId) -> bool {
    matches!(m.type_data(t), TypeData::Int { .. } | TypeData::Ptr { .. })
}

fn direct_callee(m: &MockModule, x: &crate::ir::Instr) -> Option<FuncId> {
    crate::view::direct_callee(m, x)
}

/// Live non-alias functions other than `g` with exactly `g`'s type and a callable cc.
fn other_callees(m: &MockModule, g: FuncId) -> Vec<FuncId> {
    let ty = m.function(g).ty;
    (0..m.num_func_symbols())
        .map(FuncId::new)
        .filter(|h| {
            let x = m.function(*h);
            *h != g
                && x.ty == ty
                && cc::callable(x.cc)
                && matches!(x.kind, FuncKind::Definition(_) | FuncKind::Declaration)
        })
        .collect()
}

fn int_const_operands(m: &MockModule, x: &crate::ir::Instr) -> Vec<usize> {
    let first = match x.op {
        Op::Call { .. } => 1,
        _ => 0,
    };
    x.args
        .iter()
        .enumerate()
        .skip(first)
        .filter(|(_, a)| match a.value {
            Value::Const(c) => {
                matches!(m.type_data(a.ty), TypeData::Int { .. })
                    && matches!(m.const_data(c).kind, ConstKind::Int(_) | ConstKind::Null)
            }
            _ => false,
        })
        .map(|(i, _)| i)
        .collect()
}

fn local_int_operands(m: &MockModule, x: &crate::ir::Instr) -> Vec<usize> {
    x.args
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            matches!(a.value, Value::Arg(_) | Value::Inst(_)) && matches!(m.type_data(a.ty), TypeData::Int { .. })
        })
        .map(|(i, _)| i)
        .collect()
}

/// For an operand naming a global variable directly: the other globals of its type that
/// have an initializer (not used lists).
fn global_twin_of(m: &MockModule, a: &Use) -> Option<Vec<mergefunc::GlobalId>> {
    let Value::Const(c) = a.value else {
        return None;
    };
    let ConstKind::Global(GlobalRef::Other(g)) = m.const_data(c).kind else {
        return None;
    };
    let twins: Vec<_> = (0..m.globals().len())
        .map(mergefunc::GlobalId::new)
        .filter(|h| {
            let x = m.global(*h);
            *h != g && x.ty == m.global(g).ty && x.init.is_some() && !crate::ir::USED_LISTS.contains(&x.name.as_str())
        })
        .collect();
    (!twins.is_empty()).then_some(twins)
}

fn gep_expr(m: &MockModule, a: &Use) -> Option<mergefunc::ConstId> {
    match a.value {
        Value::Const(c) => match &m.const_data(c).kind {
            ConstKind::Expr { opcode, operands, .. } if *opcode == Opcode::Gep as u32 && operands.len() >= 2 => Some(c),
            _ => None,
        },
        _ => None,
    }
}

fn toggle_flag(set: &[Attr], k: u32) -> Vec<Attr> {
    if set.contains(&Attr::Flag(k)) {
        set.iter().filter(|a| **a != Attr::Flag(k)).cloned().collect()
    } else {
        let mut v = set.to_vec();
        v.push(Attr::Flag(k));
        v
    }
}

fn other<T: Copy + PartialEq>(u: &mut Unstructured<'_>, all: &[T], cur: T) -> Result<T> {
    let xs: Vec<T> = all.iter().copied().filter(|x| *x != cur).collect();
    Ok(xs[u.choose_index(xs.len())?])
}

/// Applies one applicable perturbation kind, chosen by `u`, to `f` (a definition).
/// Returns the kind, or `None` if no kind applies.
pub fn perturb(u: &mut Unstructured<'_>, m: &mut MockModule, f: FuncId) -> Result<Option<PerturbKind>> {
    let applicable: Vec<PerturbKind> =
        PerturbKind::ALL.iter().copied().filter(|k| !sites(m, f, *k).is_empty()).collect();
    if applicable.is_empty() {
        return Ok(None);
    }
    let k = applicable[u.choose_index(applicable.len())?];
    apply(u, m, f, k)?;
    Ok(Some(k))
}

/// Applies `kind` to `f` at a site chosen by `u` (the kind must apply: see [`sites`]).
pub fn apply(u: &mut Unstructured<'_>, m: &mut MockModule, f: FuncId, kind: PerturbKind) -> Result<()> {
    use PerturbKind as K;
    let s = sites(m, f, kind);
    let at = s[u.choose_index(s.len())?];
    let t = Types::new(m);
    let func = m.function(f).clone();
    let mut b = body(m, f).clone();
    let attrs = m.attr_data(func.attrs).clone();
    match kind {
        K::FnAttr => {
            let a = m.attr_list(AttrList { func: toggle_flag(&attrs.func, 2).into(), ..attrs });
            m.edit_function(f, |x| x.attrs = a);
            return Ok(());
        }
        K::ParamAttr => {
            let mut params: Vec<Box<[Attr]>> = attrs.params.to_vec();
            if params.is_empty() {
                params.push(Box::new([]));
            }
            params[0] = toggle_flag(&params[0], 7).into();
            let a = m.attr_list(AttrList { params: params.into(), ..attrs });
            m.edit_function(f, |x| x.attrs = a);
            return Ok(());
        }
        K::RetAttr => {
            let a = m.attr_list(AttrList { ret: toggle_flag(&attrs.ret, 7).into(), ..attrs });
            m.edit_function(f, |x| x.attrs = a);
            return Ok(());
        }
        K::Gc => {
            let gc = match func.gc {
                None => Some("shadow-stack".to_string()),
                Some(g) if u.arbitrary()? => Some(format!("{g}.x")),
                Some(_) => None,
            };
            m.edit_function(f, |x| x.gc = gc);
            return Ok(());
        }
        K::Section => {
            let section = match func.section {
                None => Some(".text.other".to_string()),
                Some(s) if u.arbitrary()? => Some(format!("{s}.x")),
                Some(_) => None,
            };
            m.edit_function(f, |x| x.section = section);
            return Ok(());
        }
        K::CallingConv => {
            let c = other(u, &[cc::C, cc::FAST, cc::COLD], func.cc)?;
            m.edit_function(f, |x| x.cc = c);
            return Ok(());
        }
        K::Vararg | K::ParamType => {
            let (ret, mut params, vararg) = m.fn_sig(func.ty);
            let extra = kind == K::ParamType;
            if extra {
                params.push(t.i32);
            }
            let nty = m.func_ty(ret, &params, vararg || !extra);
            let zero = m.int_const(t.i32, 0);
            let self_ref = m.func_ref(f);
            for x in &mut b.insts {
                if let Op::Call { fn_ty, .. } = &mut x.op {
                    if x.args[0].value == Value::Const(self_ref) {
                        *fn_ty = nty;
                        if extra {
                            x.args.push(Use { value: Value::Const(zero), ty: t.i32 });
                        }
                    }
                }
            }
            m.edit_function(f, |x| {
                x.ty = nty;
                if extra {
                    x.param_names.push(None);
                }
            });
            m.set_body(f, b);
            return Ok(());
        }
        K::ExtraInst => {
            // `add i32 %n, 1` at the top of the entry block (which has no phis).
            for x in &mut b.insts {
                for a in &mut x.args {
                    if let Value::Inst(i) = a.value {
                        a.value = Value::Inst(InstId(i.0 + 1));
                    }
                }
            }
            let one = m.int_const(t.i32, 1);
            let inst = crate::ir::Instr {
                name: None,
                op: Op::Bin { op: BinOp::Add, flags: 0 },
                ty: t.i32,
                args: vec![Use { value: Value::Arg(0), ty: t.i32 }, Use { value: Value::Const(one), ty: t.i32 }],
            };
            b.insts.insert(0, inst);
            for (k, blk) in b.blocks.iter_mut().enumerate() {
                if k > 0 {
                    blk.start += 1;
                }
                blk.end += 1;
            }
        }
        K::BranchSwap => b.insts[at].args.swap(1, 2),
        K::PhiOrder => {
            let x = &mut b.insts[at];
            if let Op::Phi(bs) = &mut x.op {
                bs.swap(0, 1);
            }
            x.args.swap(0, 1);
        }
        K::BinOpcode => {
            if let Op::Bin { op, flags } = &mut b.insts[at].op {
                // Division by a possibly-zero operand would only add traps: stay among the
                // non-dividing operators.
                let safe =
                    [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::And, BinOp::Or, BinOp::Xor, BinOp::Shl, BinOp::LShr];
                *op = other(u, &safe, *op)?;
                *flags &= op.allowed_flags();
            }
        }
        K::BinFlags => {
            if let Op::Bin { op, flags } = &mut b.insts[at].op {
                let bits: Vec<u8> =
                    [FLAG_NUW, FLAG_NSW, FLAG_EXACT].into_iter().filter(|f| op.allowed_flags() & f != 0).collect();
                *flags ^= bits[u.choose_index(bits.len())?];
            }
        }
        K::OperandSwap => {
            let x = &mut b.insts[at];
            match x.op {
                Op::Select => x.args.swap(1, 2),
                _ => x.args.swap(0, 1),
            }
        }
        K::IntConst | K::ConstKind => {
            let ops = int_const_operands(m, &b.insts[at]);
            let k = ops[u.choose_index(ops.len())?];
            let a = b.insts[at].args[k];
            let Value::Const(c) = a.value else {
                return Ok(());
            };
            let nc = if kind == K::IntConst {
                let v = crate::consts::scalar_value(&m.const_data(c).kind).unwrap_or(0);
                m.int_const(a.ty, v.wrapping_add(1))
            } else {
                let kind = if u.arbitrary()? { ConstKind::Undef } else { ConstKind::Poison };
                m.konst(a.ty, kind)
            };
            b.insts[at].args[k].value = Value::Const(nc);
            // A switch on the changed value is fine; a phi's duplicate-edge values stay
            // consistent because each phi lists each block once here.
        }
        K::LocalToConst => {
            let ops = local_int_operands(m, &b.insts[at]);
            let k = ops[u.choose_index(ops.len())?];
            let ty = b.insts[at].args[k].ty;
            let c = m.int_const(ty, 0);
            b.insts[at].args[k].value = Value::Const(c);
        }
        K::ICmpPred => {
            if let Op::ICmp(p) = &mut b.insts[at].op {
                *p = other(u, &IntPred::ALL, *p)?;
            }
        }
        K::CastOpcode => {
            if let Op::Cast(c) = &mut b.insts[at].op {
                *c = if *c == CastOp::ZExt { CastOp::SExt } else { CastOp::ZExt };
            }
        }
        K::ResultType => {
            let ws = result_type_choices(m, &b.insts[at]);
            let w = ws[u.choose_index(ws.len())?];
            b.insts[at].ty = m.int(w);
        }
        K::AllocaType => {
            let bigger = m.array_ty(8, t.i64);
            if let Op::Alloca { ty, .. } = &mut b.insts[at].op {
                *ty = if *ty == bigger { t.arr } else { bigger };
            }
        }
        K::AllocaAlign | K::LoadAlign | K::StoreAlign => {
            let x = &mut b.insts[at];
            let atomic = matches!(x.op, Op::Load { ordering, .. } | Op::Store { ordering, .. } if ordering != AtomicOrdering::NotAtomic);
            let choices: &[Option<u64>] = if atomic {
                &[Some(1), Some(2), Some(4), Some(8), Some(16)]
            } else {
                &[None, Some(1), Some(2), Some(4), Some(8), Some(16)]
            };
            if let Op::Alloca { align, .. } | Op::Load { align, .. } | Op::Store { align, .. } = &mut x.op {
                *align = other(u, choices, *align)?;
            }
        }
        K::LoadVolatile | K::StoreVolatile | K::RmwVolatile | K::CmpXchgVolatile => match &mut b.insts[at].op {
            Op::Load { volatile, .. }
            | Op::Store { volatile, .. }
            | Op::AtomicRmw { volatile, .. }
            | Op::CmpXchg { volatile, .. } => *volatile = !*volatile,
            _ => {}
        },
        K::LoadOrdering | K::StoreOrdering => {
            let x = &mut b.insts[at];
            let size =
                crate::layout::size_align(m, if kind == K::LoadOrdering { x.ty } else { x.args[0].ty }).map(|p| p.0);
            match &mut x.op {
                Op::Load { ordering, align, .. } => {
                    let all = [
                        AtomicOrdering::NotAtomic,
                        AtomicOrdering::Unordered,
                        AtomicOrdering::Monotonic,
                        AtomicOrdering::Acquire,
                        AtomicOrdering::SeqCst,
                    ];
                    *ordering = other(u, &all, *ordering)?;
                    if *ordering != AtomicOrdering::NotAtomic && align.is_none() {
                        *align = size;
                    }
                }
                Op::Store { ordering, align, .. } => {
                    let all = [
                        AtomicOrdering::NotAtomic,
                        AtomicOrdering::Unordered,
                        AtomicOrdering::Monotonic,
                        AtomicOrdering::Release,
                        AtomicOrdering::SeqCst,
                    ];
                    *ordering = other(u, &all, *ordering)?;
                    if *ordering != AtomicOrdering::NotAtomic && align.is_none() {
                        *align = size;
                    }
                }
                _ => {}
            }
        }
        K::LoadMetadata => {
            let ty = b.insts[at].ty;
            let node = if matches!(m.type_data(ty), TypeData::Int { .. }) {
                Some((crate::ir::mdkind::RANGE, range_node(m, ty, 0, 1001)))
            } else {
                let c = m.int_const(t.i64, 8);
                let c = m.meta(mergefunc::MetaData::Const(c));
                let n = m.meta(mergefunc::MetaData::Node(Box::new([Some(c)])));
                Some((4, n))
            };
            if let Op::Load { md, .. } = &mut b.insts[at].op {
                if md.is_empty() {
                    md.extend(node);
                } else {
                    md.clear();
                }
            }
        }
        K::GepFlags => {
            if let Op::Gep { flags, .. } = &mut b.insts[at].op {
                *flags = if u.arbitrary()? {
                    *flags ^ GEP_NUW
                } else if *flags & GEP_INBOUNDS != 0 {
                    *flags & !(GEP_INBOUNDS | GEP_NUSW)
                } else {
                    *flags | GEP_INBOUNDS | GEP_NUSW
                };
            }
        }
        K::GepIndex => {
            let x = &mut b.insts[at];
            let last = x.args.len() - 1;
            let a = x.args[last];
            if let Value::Const(c) = a.value {
                let v = crate::consts::scalar_value(&m.const_data(c).kind).unwrap_or(0);
                let nv = if v == 0 { 1 } else { v - 1 };
                x.args[last].value = Value::Const(m.int_const(a.ty, nv));
            }
        }
        K::GepSourceType => {
            if let Op::Gep { source, .. } = &mut b.insts[at].op {
                *source = if *source == t.i64 { t.i32 } else { t.i64 };
            }
        }
        K::GlobalRef => {
            let x = &mut b.insts[at];
            for a in &mut x.args {
                if let Some(twins) = global_twin_of(m, a) {
                    let ng = twins[u.choose_index(twins.len())?];
                    a.value = Value::Const(m.global_ref(ng));
                    break;
                }
            }
        }
        K::ConstExpr => {
            let x = &mut b.insts[at];
            for a in &mut x.args {
                if let Some(c) = gep_expr(m, a) {
                    let ConstKind::Expr { opcode, operands, props } = m.const_data(c).kind.clone() else {
                        continue;
                    };
                    let mut ops = operands.to_vec();
                    let last = ops.len() - 1;
                    let ld = m.const_data(ops[last]).clone();
                    let v = crate::consts::scalar_value(&ld.kind).unwrap_or(0);
                    ops[last] = m.int_const(ld.ty, if v == 0 { 1 } else { v - 1 });
                    let ty = m.const_data(c).ty;
                    a.value = Value::Const(m.konst(ty, ConstKind::Expr { opcode, operands: ops.into(), props }));
                    break;
                }
            }
        }
        K::RmwOp => {
            if let Op::AtomicRmw { op, .. } = &mut b.insts[at].op {
                *op = other(u, &RmwOp::ALL, *op)?;
            }
        }
        K::RmwOrdering => {
            if let Op::AtomicRmw { ordering, .. } = &mut b.insts[at].op {
                *ordering = other(u, &AtomicOrdering::ATOMIC, *ordering)?;
            }
        }
        K::CmpXchgWeak => {
            if let Op::CmpXchg { weak, .. } = &mut b.insts[at].op {
                *weak = !*weak;
            }
        }
        K::CmpXchgOrdering => {
            if let Op::CmpXchg { success, .. } = &mut b.insts[at].op {
                let all = [
                    AtomicOrdering::Monotonic,
                    AtomicOrdering::Acquire,
                    AtomicOrdering::Release,
                    AtomicOrdering::AcqRel,
                    AtomicOrdering::SeqCst,
                ];
                *success = other(u, &all, *success)?;
            }
        }
        K::FenceOrdering => {
            if let Op::Fence { ordering } = &mut b.insts[at].op {
                let all =
                    [AtomicOrdering::Acquire, AtomicOrdering::Release, AtomicOrdering::AcqRel, AtomicOrdering::SeqCst];
                *ordering = other(u, &all, *ordering)?;
            }
        }
        K::AggIndex => {
            if let Op::ExtractValue(p) | Op::InsertValue(p) = &mut b.insts[at].op {
                p[0] = 1 - p[0].min(1);
            }
        }
        K::Callee => {
            let x = &mut b.insts[at];
            let Some(g) = direct_callee(m, x) else {
                return Ok(());
            };
            let others = other_callees(m, g);
            let h = others[u.choose_index(others.len())?];
            x.args[0].value = Value::Const(m.func_ref(h));
        }
        K::CallTail => {
            if let Op::Call { tail, .. } = &mut b.insts[at].op {
                *tail = other(u, &[TailKind::None, TailKind::Tail, TailKind::NoTail], *tail)?;
            }
        }
        K::CallAttrs => {
            let Op::Call { attrs, .. } = b.insts[at].op else {
                return Ok(());
            };
            let a = m.attr_data(attrs).clone();
            let na = m.attr_list(AttrList { func: toggle_flag(&a.func, 13).into(), ..a });
            if let Op::Call { attrs, .. } = &mut b.insts[at].op {
                *attrs = na;
            }
        }
        K::CallCc => {
            if let Op::Call { cc: c, .. } = &mut b.insts[at].op {
                *c = other(u, &[cc::C, cc::FAST, cc::COLD], *c)?;
            }
        }
        K::CallRange => {
            let ty = b.insts[at].ty;
            let node = range_node(m, ty, 0, 77);
            if let Op::Call { range, .. } = &mut b.insts[at].op {
                *range = if range.is_some() { None } else { Some(node) };
            }
        }
        K::AsmText => {
            let x = &mut b.insts[at];
            if let Value::Asm(a) = x.args[0].value {
                let mut d = m.asm_data_ref(a).clone();
                let mut text = d.text.to_vec();
                text.extend_from_slice(b" # changed");
                d.text = text.into();
                x.args[0].value = Value::Asm(m.asm(d));
            }
        }
        K::SwitchCase => {
            let Op::Switch(cases) = &b.insts[at].op else {
                return Ok(());
            };
            let cases = cases.clone();
            let k = u.choose_index(cases.len())?;
            let ty = m.const_data(cases[k]).ty;
            let used: Vec<u128> =
                cases.iter().map(|c| crate::consts::scalar_value(&m.const_data(*c).kind).unwrap_or(0)).collect();
            let nv = (0u128..).find(|v| !used.contains(v)).unwrap_or(99);
            let nc = m.int_const(ty, nv);
            if let Op::Switch(cs) = &mut b.insts[at].op {
                cs[k] = nc;
            }
        }
    }
    m.set_body(f, b);
    Ok(())
}

/// Every perturbation kind that applies somewhere in `tc`'s clones' originals (used by
/// the coverage test).
pub fn applicable_kinds(m: &MockModule, f: FuncId) -> Vec<PerturbKind> {
    PerturbKind::ALL.iter().copied().filter(|k| !sites(m, f, *k).is_empty()).collect()
}
