//! `impl mergefunc::ModuleMut for MockModule`.
//!
//! * A thunk keeps the folded function's [`FuncId`], name, linkage, attributes and
//!   parameter names; its body is one unnamed block: argument casts, a `tail call`
//!   (`musttail` when both sides use `swifttailcc`) of the target with the target's
//!   calling convention and full attribute list, a cast of the result, `ret`.
//! * An alias keeps the folded function's id, name, linkage, `unnamed_addr` and type
//!   and becomes [`FuncKind::Alias`].
//! * `split_body(f)` moves `f`'s body into a new `private` function named
//!   `<f>.body` (or `<f>.body.N` if taken), appended at the end of the module with a
//!   copy of `f`'s type, attributes, convention, gc, section, alignment and
//!   `unnamed_addr`; block addresses of `f` follow the blocks. `f` becomes a
//!   declaration (with its old linkage) until the driver writes a thunk or an alias.
//! * `erase(g)` leaves a tombstone ([`FuncKind::Erased`]); the printer skips it.

use std::collections::HashMap;

use crate::ir::THUNK_ATTR;
use std::fmt;

use mergefunc::{FuncId, InstId, ModuleMut, ThunkStyle, TypeData, TypeId, Use, Value};

use crate::builder::FunctionBuilder;
use crate::consts::{subst_const, subst_meta, Subst};
use crate::ir::{cc, CastOp, FuncKind, Function, LinkageKind, MockModule, Op, TailKind, GEP_INBOUNDS, GEP_NUSW};

/// Why a rewrite was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MutError {
    /// The id is not a live function symbol.
    Dead(FuncId),
    /// A function cannot be its own alias or thunk target.
    SelfTarget(FuncId),
    /// The thunk target cannot be called (kernel convention) or is variadic.
    NotThunkable(FuncId),
    /// `erase` of a function that still has uses.
    StillUsed(FuncId),
    /// `split_body` of a function without a body.
    NoBody(FuncId),
    /// `intersect_flags` on an instruction that does not exist.
    NoSuchInst(FuncId, InstId),
}

impl fmt::Display for MutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MutError::Dead(x) => write!(f, "{x} is not a live function"),
            MutError::SelfTarget(x) => write!(f, "{x} cannot target itself"),
            MutError::NotThunkable(x) => write!(f, "{x} cannot be called from a thunk"),
            MutError::StillUsed(x) => write!(f, "{x} still has uses"),
            MutError::NoBody(x) => write!(f, "{x} has no body"),
            MutError::NoSuchInst(x, i) => write!(f, "{x} has no instruction {i}"),
        }
    }
}

impl std::error::Error for MutError {}

impl MockModule {
    fn live(&self, f: FuncId) -> Result<&Function, MutError> {
        match self.funcs.get(f.index()) {
            Some(x) if x.kind != FuncKind::Erased => Ok(x),
            _ => Err(MutError::Dead(f)),
        }
    }

    /// Rewrites every operand, global initializer and alias under `s`.
    pub(crate) fn rewrite_everywhere(&mut self, s: Subst) {
        let mut memo = HashMap::new();
        for fi in 0..self.funcs.len() {
            let kind = std::mem::replace(&mut self.funcs[fi].kind, FuncKind::Erased);
            let kind = match kind {
                FuncKind::Definition(mut body) => {
                    for inst in &mut body.insts {
                        for u in &mut inst.args {
                            match u.value {
                                Value::Const(c) => u.value = Value::Const(subst_const(self, c, s, &mut memo)),
                                Value::Meta(md) => u.value = Value::Meta(subst_meta(self, md, s, &mut memo, 0)),
                                Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Asm(_) => {}
                            }
                        }
                    }
                    FuncKind::Definition(body)
                }
                FuncKind::Alias(t) if s.addresses && t == s.from => FuncKind::Alias(s.to),
                k @ (FuncKind::Alias(_) | FuncKind::Declaration | FuncKind::Erased) => k,
            };
            self.funcs[fi].kind = kind;
        }
        for gi in 0..self.globals.len() {
            if let Some(c) = self.globals[gi].init {
                self.globals[gi].init = Some(subst_const(self, c, s, &mut memo));
            }
        }
        self.refresh_all();
    }

    /// Casts `v` to `to` the way a thunk does: equal types need nothing; structs and
    /// arrays element by element (`extractvalue`, cast, `insertvalue` into `poison`);
    /// pointer to integer `ptrtoint`; integer to pointer `inttoptr`; else `bitcast`.
    pub(crate) fn thunk_cast(b: &mut FunctionBuilder<'_>, v: Use, to: TypeId) -> Use {
        if v.ty == to {
            return v;
        }
        let (from_d, to_d) = (b.m.type_data(v.ty).clone(), b.m.type_data(to).clone());
        let elems = match (&from_d, &to_d) {
            (TypeData::Struct { fields: a, .. }, TypeData::Struct { fields: c, .. }) if a.len() == c.len() => {
                Some(a.iter().copied().zip(c.iter().copied()).collect::<Vec<_>>())
            }
            (TypeData::Array { len: n, elem: a }, TypeData::Array { len: k, elem: c }) if n == k && *n <= 4096 => {
                Some(vec![(*a, *c); *n as usize])
            }
            _ => None,
        };
        if let Some(pairs) = elems {
            let p = b.m.konst(to, mergefunc::ConstKind::Poison);
            let mut acc = b.const_use(p);
            for (i, (ft, tt)) in pairs.into_iter().enumerate() {
                let e = b.extract_value(v, &[i as u32], ft, None);
                let e = Self::thunk_cast(b, e, tt);
                acc = b.insert_value(acc, e, &[i as u32], None);
            }
            return acc;
        }
        let is_ptr = |m: &MockModule, d: &TypeData| match d {
            TypeData::Ptr { .. } => true,
            TypeData::Vector { elem, .. } => matches!(m.type_data(*elem), TypeData::Ptr { .. }),
            _ => false,
        };
        let is_int = |m: &MockModule, d: &TypeData| match d {
            TypeData::Int { .. } => true,
            TypeData::Vector { elem, .. } => matches!(m.type_data(*elem), TypeData::Int { .. }),
            _ => false,
        };
        let op = if is_ptr(b.m, &from_d) && is_int(b.m, &to_d) {
            CastOp::PtrToInt
        } else if is_int(b.m, &from_d) && is_ptr(b.m, &to_d) {
            CastOp::IntToPtr
        } else {
            CastOp::BitCast
        };
        b.cast(op, v, to, None)
    }
}

impl ModuleMut for MockModule {
    type Error = MutError;

    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), MutError> {
        self.live(from)?;
        self.live(to)?;
        self.rewrite_everywhere(Subst { from, to, addresses: true, blocks: false });
        Ok(())
    }

    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), MutError> {
        self.live(from)?;
        self.live(to)?;
        let to_c = self.func_ref(to);
        let ty = self.const_data(to_c).ty;
        for fi in 0..self.funcs.len() {
            let mut kind = std::mem::replace(&mut self.funcs[fi].kind, FuncKind::Erased);
            let mut touched = false;
            if let FuncKind::Definition(body) = &mut kind {
                for inst in &mut body.insts {
                    if crate::view::direct_callee(self, inst) == Some(from) {
                        inst.args[0] = Use { value: Value::Const(to_c), ty };
                        touched = true;
                    }
                }
            }
            self.funcs[fi].kind = kind;
            if touched {
                self.refresh(FuncId::new(fi));
            }
        }
        Ok(())
    }

    fn supports_aliases(&self) -> bool {
        true
    }

    fn write_alias(&mut self, g: FuncId, target: FuncId) -> Result<(), MutError> {
        self.live(g)?;
        self.live(target)?;
        if self.resolve_alias(target) == Some(g) || g == target {
            return Err(MutError::SelfTarget(g));
        }
        let gf = &mut self.funcs[g.index()];
        gf.kind = FuncKind::Alias(target);
        gf.param_names.iter_mut().for_each(|n| *n = None);
        self.refresh(g);
        Ok(())
    }

    fn write_thunk(&mut self, g: FuncId, target: FuncId, _style: ThunkStyle) -> Result<(), MutError> {
        self.live(g)?;
        let t = self.live(target)?.clone();
        if g == target {
            return Err(MutError::SelfTarget(g));
        }
        let (t_ret, t_params, t_vararg) = self.fn_sig(t.ty);
        if !cc::callable(t.cc) || t_vararg {
            return Err(MutError::NotThunkable(target));
        }
        let gf = self.funcs[g.index()].clone();
        let (g_ret, g_params, _) = self.fn_sig(gf.ty);
        let tail = if gf.cc == cc::SWIFT_TAIL && t.cc == cc::SWIFT_TAIL { TailKind::MustTail } else { TailKind::Tail };
        let mut b = FunctionBuilder::new(self, g);
        let entry = b.block(None);
        b.switch_to(entry);
        let mut args = Vec::with_capacity(t_params.len());
        for (i, pt) in t_params.iter().enumerate() {
            let a = if i < g_params.len() {
                b.arg(i as u32)
            } else {
                let p = b.m.konst(*pt, mergefunc::ConstKind::Poison);
                b.const_use(p)
            };
            args.push(Self::thunk_cast(&mut b, a, *pt));
        }
        let callee_c = b.m.func_ref(target);
        let callee = b.const_use(callee_c);
        let r = b.call_with(callee, t.ty, &args, t.cc, t.attrs, tail, None);
        let void = b.m.void();
        if g_ret == void {
            b.ret(None);
        } else {
            let r = if t_ret == void {
                let p = b.m.konst(g_ret, mergefunc::ConstKind::Poison);
                b.const_use(p)
            } else {
                Self::thunk_cast(&mut b, r, g_ret)
            };
            b.ret(Some(r));
        }
        b.finish();
        // Tag the thunk so that a later run leaves it alone (see `reason::THUNK`).
        let mut attrs = self.attr_data(self.funcs[g.index()].attrs).clone();
        let mut fattrs = attrs.func.to_vec();
        fattrs.push(mergefunc::Attr::Str(THUNK_ATTR.as_bytes().into(), (&[][..]).into()));
        attrs.func = fattrs.into();
        let id = self.attr_list(attrs);
        self.funcs[g.index()].attrs = id;
        self.refresh_all();
        Ok(())
    }

    fn erase(&mut self, g: FuncId) -> Result<(), MutError> {
        self.live(g)?;
        if self.is_used(g) {
            return Err(MutError::StillUsed(g));
        }
        self.funcs[g.index()].kind = FuncKind::Erased;
        self.refresh_all();
        Ok(())
    }

    fn split_body(&mut self, f: FuncId) -> Result<FuncId, MutError> {
        let old = self.live(f)?.clone();
        let FuncKind::Definition(body) = old.kind else { return Err(MutError::NoBody(f)) };
        let name = self.fresh_name(&format!("{}.body", old.name));
        let n = self.add_function(&name, old.ty, LinkageKind::Private);
        {
            let nf = &mut self.funcs[n.index()];
            nf.unnamed_addr = old.unnamed_addr;
            nf.cc = old.cc;
            nf.attrs = old.attrs;
            nf.param_names = old.param_names.clone();
            nf.gc = old.gc.clone();
            nf.section = old.section.clone();
            nf.align = old.align;
            nf.kind = FuncKind::Definition(body);
        }
        self.funcs[f.index()].kind = FuncKind::Declaration;
        self.rewrite_everywhere(Subst { from: f, to: n, addresses: false, blocks: true });
        Ok(n)
    }

    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), MutError> {
        self.live(f)?;
        self.funcs[f.index()].align = align;
        self.refresh(f);
        Ok(())
    }

    fn supports_flag_intersection(&self) -> bool {
        true
    }

    fn intersect_flags(&mut self, f: FuncId, inst: InstId, keep: u64) -> Result<(), MutError> {
        let FuncKind::Definition(body) = &mut self.funcs[f.index()].kind else { return Err(MutError::NoBody(f)) };
        let Some(i) = body.insts.get_mut(inst.index()) else { return Err(MutError::NoSuchInst(f, inst)) };
        if let Op::Gep { flags, .. } = &mut i.op {
            *flags &= keep as u8;
            if *flags & GEP_INBOUNDS != 0 {
                *flags |= GEP_NUSW;
            }
        }
        self.refresh(f);
        Ok(())
    }
}
