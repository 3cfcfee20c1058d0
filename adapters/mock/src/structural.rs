//! Structural equality of two modules: equal up to the numbering of the interned
//! tables (types, constants, metadata, asm, attribute lists compared by contents).

use mergefunc::{
    Attr, AttrList, ConstId, ConstKind, ConstProp, MetaData, MetaId, Module, TypeData, TypeId, Use, Value,
};

use crate::ir::{FuncKind, Instr, MockModule, Op};

struct Eq2<'a> {
    a: &'a MockModule,
    b: &'a MockModule,
}

/// True if `a` and `b` describe the same module: same symbols in the same order with
/// the same fields and bodies (names included), tables compared by contents.
/// `distinct` metadata nodes compare equal to each other.
pub fn structurally_equal(a: &MockModule, b: &MockModule) -> bool {
    let e = Eq2 { a, b };
    e.module()
}

impl Eq2<'_> {
    fn module(&self) -> bool {
        let (a, b) = (self.a, self.b);
        let live_a: Vec<_> = a.funcs.iter().filter(|f| f.kind != FuncKind::Erased).collect();
        let live_b: Vec<_> = b.funcs.iter().filter(|f| f.kind != FuncKind::Erased).collect();
        if live_a.len() != live_b.len() || a.globals.len() != b.globals.len() {
            return false;
        }
        for (x, y) in a.globals.iter().zip(&b.globals) {
            let ok = x.name == y.name
                && x.linkage == y.linkage
                && x.unnamed_addr == y.unnamed_addr
                && x.constant == y.constant
                && self.ty(x.ty, y.ty)
                && x.align == y.align
                && x.section == y.section
                && match (x.init, y.init) {
                    (Some(p), Some(q)) => self.konst(p, q),
                    (None, None) => true,
                    _ => false,
                };
            if !ok {
                return false;
            }
        }
        for (x, y) in live_a.iter().zip(&live_b) {
            let ok = x.name == y.name
                && x.linkage == y.linkage
                && x.unnamed_addr == y.unnamed_addr
                && x.cc == y.cc
                && self.ty(x.ty, y.ty)
                && self.attrs(a.attr_data(x.attrs), b.attr_data(y.attrs))
                && x.param_names == y.param_names
                && x.gc == y.gc
                && x.section == y.section
                && x.align == y.align
                && match (&x.kind, &y.kind) {
                    (FuncKind::Declaration, FuncKind::Declaration) => true,
                    (FuncKind::Alias(p), FuncKind::Alias(q)) => a.funcs[p.index()].name == b.funcs[q.index()].name,
                    (FuncKind::Definition(p), FuncKind::Definition(q)) => {
                        p.blocks == q.blocks
                            && p.insts.len() == q.insts.len()
                            && p.insts.iter().zip(&q.insts).all(|(i, j)| self.inst(i, j))
                    }
                    _ => false,
                };
            if !ok {
                return false;
            }
        }
        true
    }

    fn ty(&self, x: TypeId, y: TypeId) -> bool {
        self.ty_d(x, y, 0)
    }

    fn ty_d(&self, x: TypeId, y: TypeId, d: u32) -> bool {
        if d > 200 {
            return false;
        }
        let lists =
            |p: &[TypeId], q: &[TypeId]| p.len() == q.len() && p.iter().zip(q).all(|(u, v)| self.ty_d(*u, *v, d + 1));
        match (self.a.type_data(x), self.b.type_data(y)) {
            (TypeData::Vector { scalable: s, len: l, elem: e }, TypeData::Vector { scalable: t, len: k, elem: f }) => {
                s == t && l == k && self.ty_d(*e, *f, d + 1)
            }
            (TypeData::Array { len: l, elem: e }, TypeData::Array { len: k, elem: f }) => {
                l == k && self.ty_d(*e, *f, d + 1)
            }
            (TypeData::Struct { packed: p, fields: f }, TypeData::Struct { packed: q, fields: g }) => {
                p == q && lists(f, g)
            }
            (TypeData::Func { ret: r, params: p, vararg: v }, TypeData::Func { ret: s, params: q, vararg: w }) => {
                v == w && self.ty_d(*r, *s, d + 1) && lists(p, q)
            }
            (p, q) => {
                !matches!(
                    p,
                    TypeData::Vector { .. } | TypeData::Array { .. } | TypeData::Struct { .. } | TypeData::Func { .. }
                ) && p == q
            }
        }
    }

    fn konst(&self, x: ConstId, y: ConstId) -> bool {
        let (p, q) = (self.a.const_data(x), self.b.const_data(y));
        if !self.ty(p.ty, q.ty) {
            return false;
        }
        let lists =
            |u: &[ConstId], v: &[ConstId]| u.len() == v.len() && u.iter().zip(v).all(|(s, t)| self.konst(*s, *t));
        match (&p.kind, &q.kind) {
            (ConstKind::Array(u), ConstKind::Array(v))
            | (ConstKind::Struct(u), ConstKind::Struct(v))
            | (ConstKind::Vector(u), ConstKind::Vector(v)) => lists(u, v),
            (
                ConstKind::Expr { opcode: o, operands: u, props: r },
                ConstKind::Expr { opcode: k, operands: v, props: s },
            ) => {
                o == k
                    && lists(u, v)
                    && r.len() == s.len()
                    && r.iter().zip(s.iter()).all(|pair| match pair {
                        (ConstProp::Num(a), ConstProp::Num(b)) => a == b,
                        (ConstProp::Type(a), ConstProp::Type(b)) => self.ty(*a, *b),
                        _ => false,
                    })
            }
            (ConstKind::Global(g), ConstKind::Global(h)) => self.global(*g, *h),
            (ConstKind::Wrapped { kind: k, target: g }, ConstKind::Wrapped { kind: l, target: h }) => {
                k == l && self.global(*g, *h)
            }
            (ConstKind::BlockAddress { func: f, block: b }, ConstKind::BlockAddress { func: g, block: c }) => {
                b == c && self.a.funcs[f.index()].name == self.b.funcs[g.index()].name
            }
            (
                ConstKind::PtrAuth { ptr: a1, key: a2, disc: a3, addr_disc: a4 },
                ConstKind::PtrAuth { ptr: b1, key: b2, disc: b3, addr_disc: b4 },
            ) => self.konst(*a1, *b1) && self.konst(*a2, *b2) && self.konst(*a3, *b3) && self.konst(*a4, *b4),
            (u, v) => u == v && !matches!(u, ConstKind::Global(_)),
        }
    }

    fn global(&self, g: mergefunc::GlobalRef, h: mergefunc::GlobalRef) -> bool {
        use mergefunc::GlobalRef::*;
        match (g, h) {
            (Func(f), Func(k)) => self.a.funcs[f.index()].name == self.b.funcs[k.index()].name,
            (Other(f), Other(k)) => self.a.globals[f.index()].name == self.b.globals[k.index()].name,
            _ => false,
        }
    }

    fn meta(&self, x: MetaId, y: MetaId, d: u32) -> bool {
        if d > 64 {
            return false;
        }
        match (self.a.meta_data(x), self.b.meta_data(y)) {
            (MetaData::String(s), MetaData::String(t)) => s == t,
            (MetaData::Const(c), MetaData::Const(k)) => self.konst(*c, *k),
            (MetaData::Node(u), MetaData::Node(v)) => {
                u.len() == v.len()
                    && u.iter().zip(v.iter()).all(|p| match p {
                        (None, None) => true,
                        (Some(s), Some(t)) => self.meta(*s, *t, d + 1),
                        _ => false,
                    })
            }
            (MetaData::Opaque(_), MetaData::Opaque(_)) | (MetaData::Distinct(..), MetaData::Distinct(..)) => true,
            _ => false,
        }
    }

    fn attr_set(&self, s: &[Attr], t: &[Attr]) -> bool {
        s.len() == t.len()
            && s.iter().zip(t).all(|p| match p {
                (Attr::Type(k, Some(u)), Attr::Type(l, Some(v))) => k == l && self.ty(*u, *v),
                (Attr::Type(_, Some(_)), _) | (_, Attr::Type(_, Some(_))) => false,
                (a, b) => a == b,
            })
    }

    fn attrs(&self, x: &AttrList, y: &AttrList) -> bool {
        self.attr_set(&x.func, &y.func)
            && self.attr_set(&x.ret, &y.ret)
            && x.params.len() == y.params.len()
            && x.params.iter().zip(y.params.iter()).all(|(s, t)| self.attr_set(s, t))
    }

    fn use_(&self, u: &Use, v: &Use) -> bool {
        self.ty(u.ty, v.ty)
            && match (u.value, v.value) {
                (Value::Arg(i), Value::Arg(j)) => i == j,
                (Value::Inst(i), Value::Inst(j)) => i == j,
                (Value::Block(i), Value::Block(j)) => i == j,
                (Value::Const(c), Value::Const(k)) => self.konst(c, k),
                (Value::Meta(c), Value::Meta(k)) => self.meta(c, k, 0),
                (Value::Asm(c), Value::Asm(k)) => {
                    let (p, q) = (self.a.asm_data(c), self.b.asm_data(k));
                    p.text == q.text && p.constraints == q.constraints && p.flags == q.flags && self.ty(p.ty, q.ty)
                }
                _ => false,
            }
    }

    fn inst(&self, i: &Instr, j: &Instr) -> bool {
        if i.name != j.name || !self.ty(i.ty, j.ty) || i.args.len() != j.args.len() {
            return false;
        }
        if !i.args.iter().zip(&j.args).all(|(u, v)| self.use_(u, v)) {
            return false;
        }
        let md = |p: &Option<MetaId>, q: &Option<MetaId>| match (p, q) {
            (None, None) => true,
            (Some(s), Some(t)) => self.meta(*s, *t, 0),
            _ => false,
        };
        match (&i.op, &j.op) {
            (Op::Alloca { ty: t, align: a }, Op::Alloca { ty: u, align: b }) => a == b && self.ty(*t, *u),
            (
                Op::Load { volatile: v, align: a, ordering: o, md: m },
                Op::Load { volatile: w, align: b, ordering: p, md: n },
            ) => {
                v == w
                    && a == b
                    && o == p
                    && m.len() == n.len()
                    && m.iter().zip(n).all(|(x, y)| x.0 == y.0 && self.meta(x.1, y.1, 0))
            }
            (Op::Gep { source: s, flags: f }, Op::Gep { source: t, flags: g }) => f == g && self.ty(*s, *t),
            (Op::Switch(c), Op::Switch(k)) => c.len() == k.len() && c.iter().zip(k).all(|(x, y)| self.konst(*x, *y)),
            (
                Op::Call { fn_ty: f, cc: c, attrs: a, tail: t, range: r },
                Op::Call { fn_ty: g, cc: d, attrs: b, tail: u, range: s },
            ) => {
                c == d
                    && t == u
                    && self.ty(*f, *g)
                    && md(r, s)
                    && self.attrs(self.a.attr_data(*a), self.b.attr_data(*b))
            }
            (p, q) => {
                !matches!(p, Op::Alloca { .. } | Op::Load { .. } | Op::Gep { .. } | Op::Switch(_) | Op::Call { .. })
                    && p == q
            }
        }
    }
}
