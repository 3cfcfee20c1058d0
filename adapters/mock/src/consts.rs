//! Constants: interning them in their canonical forms ([`MockModule::konst`]), integer
//! values, walking and rewriting the global references inside constants and metadata.

use std::collections::HashMap;

use mergefunc::{ConstData, ConstId, ConstKind, FuncId, GlobalId, GlobalRef, MetaData, MetaId, TypeData, TypeId};

use crate::ir::MockModule;

/// `v` truncated to `bits` bits.
pub fn mask(v: u128, bits: u32) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

/// `v` (of width `bits`) sign-extended to 128 bits.
pub fn sext(v: u128, bits: u32) -> i128 {
    if bits == 0 || bits >= 128 {
        return v as i128;
    }
    let sh = 128 - bits;
    ((v << sh) as i128) >> sh
}

/// The constant kind of an integer of `bits` bits.
pub fn int_kind(v: u128, bits: u32) -> ConstKind {
    let v = mask(v, bits);
    if v == 0 {
        return ConstKind::Null;
    }
    let words = bits.div_ceil(64).max(1) as usize;
    let all = [v as u64, (v >> 64) as u64];
    ConstKind::Int(all[..words.min(2)].into())
}

/// Little-endian words to a `u128`.
pub fn words_value(w: &[u64]) -> u128 {
    let lo = w.first().copied().unwrap_or(0) as u128;
    let hi = w.get(1).copied().unwrap_or(0) as u128;
    lo | (hi << 64)
}

/// The integer (or raw float bits) value of a scalar constant, if it is one.
pub fn scalar_value(k: &ConstKind) -> Option<u128> {
    match k {
        ConstKind::Null => Some(0),
        ConstKind::Int(w) | ConstKind::Float(w) => Some(words_value(w)),
        ConstKind::Undef
        | ConstKind::Poison
        | ConstKind::Array(_)
        | ConstKind::Struct(_)
        | ConstKind::Vector(_)
        | ConstKind::DataArray(_)
        | ConstKind::DataVector(_)
        | ConstKind::Expr { .. }
        | ConstKind::Global(_)
        | ConstKind::BlockAddress { .. }
        | ConstKind::Wrapped { .. }
        | ConstKind::PtrAuth { .. }
        | ConstKind::Opaque(_) => None,
    }
}

/// Width in bits of an element type that may live in a data sequence.
pub fn data_elem_bits(t: &TypeData) -> Option<u32> {
    match t {
        TypeData::Int { bits } if matches!(bits, 8 | 16 | 32 | 64) => Some(*bits),
        TypeData::Float { bits, .. } if matches!(bits, 32 | 64) => Some(*bits),
        _ => None,
    }
}

/// The canonical form of a constant of type `ty`.
pub fn canonical(m: &MockModule, ty: TypeId, kind: ConstKind) -> ConstKind {
    match kind {
        ConstKind::Int(w) | ConstKind::Float(w) if w.iter().all(|x| *x == 0) => ConstKind::Null,
        ConstKind::Array(ref e) | ConstKind::Struct(ref e) | ConstKind::Vector(ref e)
            if e.iter().all(|c| m.const_data(*c).kind == ConstKind::Null) =>
        {
            ConstKind::Null
        }
        ConstKind::DataArray(ref b) | ConstKind::DataVector(ref b) if b.iter().all(|x| *x == 0) => ConstKind::Null,
        ConstKind::Array(ref e) | ConstKind::Vector(ref e) => {
            let elem = match m.type_data(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return kind,
            };
            let Some(bits) = data_elem_bits(m.type_data(elem)) else { return kind };
            let mut bytes = Vec::with_capacity(e.len() * bits as usize / 8);
            for c in e.iter() {
                let Some(v) = scalar_value(&m.const_data(*c).kind) else { return kind };
                bytes.extend_from_slice(&v.to_le_bytes()[..bits as usize / 8]);
            }
            if matches!(kind, ConstKind::Array(_)) {
                ConstKind::DataArray(bytes.into())
            } else {
                ConstKind::DataVector(bytes.into())
            }
        }
        other => other,
    }
}

impl MockModule {
    /// Interns a constant, canonicalizing it the way LLVM uniques constants: integer
    /// zero, all-zero aggregates and the null pointer become [`ConstKind::Null`];
    /// arrays and vectors of 8/16/32/64-bit integers or floats become data sequences.
    pub fn konst(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        let kind = canonical(self, ty, kind);
        ConstId(self.consts.intern(ConstData { ty, kind }))
    }
    /// An integer constant (value truncated to the type's width).
    pub fn int_const(&mut self, ty: TypeId, v: u128) -> ConstId {
        let bits = match self.type_data(ty) {
            TypeData::Int { bits } => *bits,
            _ => 64,
        };
        let v = mask(v, bits);
        let kind = int_kind(v, bits);
        self.konst(ty, kind)
    }
    /// The address of a function, as a `ptr` constant.
    pub fn func_ref(&mut self, f: FuncId) -> ConstId {
        let p = self.ptr(0);
        self.konst(p, ConstKind::Global(GlobalRef::Func(f)))
    }
    /// The address of a global variable, as a `ptr` constant.
    pub fn global_ref(&mut self, g: GlobalId) -> ConstId {
        let p = self.ptr(0);
        self.konst(p, ConstKind::Global(GlobalRef::Other(g)))
    }
}

/// Calls `f` for every global referenced by constant `c` (block addresses excluded).
pub fn for_each_global(m: &MockModule, c: ConstId, f: &mut dyn FnMut(GlobalRef)) {
    match &m.const_data(c).kind {
        ConstKind::Global(g) => f(*g),
        ConstKind::Wrapped { target, .. } => f(*target),
        ConstKind::Array(e) | ConstKind::Struct(e) | ConstKind::Vector(e) => {
            for x in e.iter() {
                for_each_global(m, *x, f);
            }
        }
        ConstKind::Expr { operands, .. } => {
            for x in operands.iter() {
                for_each_global(m, *x, f);
            }
        }
        ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
            for x in [ptr, key, disc, addr_disc] {
                for_each_global(m, *x, f);
            }
        }
        ConstKind::Null
        | ConstKind::Undef
        | ConstKind::Poison
        | ConstKind::Int(_)
        | ConstKind::Float(_)
        | ConstKind::DataArray(_)
        | ConstKind::DataVector(_)
        | ConstKind::BlockAddress { .. }
        | ConstKind::Opaque(_) => {}
    }
}

/// Calls `f` for every function whose address constant `c` contains.
pub fn for_each_func(m: &MockModule, c: ConstId, f: &mut dyn FnMut(FuncId)) {
    for_each_global(m, c, &mut |g| {
        if let GlobalRef::Func(x) = g {
            f(x)
        }
    });
}

/// Does constant `c` refer to function `f` (its address, or a block address in it)?
pub fn refers_to(m: &MockModule, c: ConstId, f: FuncId, memo: &mut HashMap<ConstId, bool>) -> bool {
    if let Some(r) = memo.get(&c) {
        return *r;
    }
    let r = match &m.const_data(c).kind {
        ConstKind::Global(g) | ConstKind::Wrapped { target: g, .. } => *g == GlobalRef::Func(f),
        ConstKind::BlockAddress { func, .. } => *func == f,
        ConstKind::Array(e) | ConstKind::Struct(e) | ConstKind::Vector(e) => {
            e.clone().iter().any(|x| refers_to(m, *x, f, memo))
        }
        ConstKind::Expr { operands, .. } => operands.clone().iter().any(|x| refers_to(m, *x, f, memo)),
        ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
            let v = [*ptr, *key, *disc, *addr_disc];
            v.iter().any(|x| refers_to(m, *x, f, memo))
        }
        ConstKind::Null
        | ConstKind::Undef
        | ConstKind::Poison
        | ConstKind::Int(_)
        | ConstKind::Float(_)
        | ConstKind::DataArray(_)
        | ConstKind::DataVector(_)
        | ConstKind::Opaque(_) => false,
    };
    memo.insert(c, r);
    r
}

/// Does metadata `md` refer to function `f` through a constant?
pub fn meta_refers_to(m: &MockModule, md: MetaId, f: FuncId, memo: &mut HashMap<ConstId, bool>, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    match m.meta_data(md) {
        MetaData::Const(c) => refers_to(m, *c, f, memo),
        MetaData::Node(ops) => ops.clone().iter().flatten().any(|x| meta_refers_to(m, *x, f, memo, depth + 1)),
        MetaData::String(_) | MetaData::Distinct(..) | MetaData::Opaque(_) => false,
    }
}

/// A rewrite of global references: function `from` becomes `to` (addresses, and block
/// addresses too when `blocks` is set).
#[derive(Clone, Copy, Debug)]
pub struct Subst {
    /// Replaced function.
    pub from: FuncId,
    /// Replacement.
    pub to: FuncId,
    /// Rewrite address uses (`Global`, `Wrapped`).
    pub addresses: bool,
    /// Rewrite `BlockAddress` uses.
    pub blocks: bool,
}

/// Rewrites constant `c` under `s`, interning the new constants.
pub fn subst_const(m: &mut MockModule, c: ConstId, s: Subst, memo: &mut HashMap<ConstId, ConstId>) -> ConstId {
    if let Some(r) = memo.get(&c) {
        return *r;
    }
    let data = m.const_data(c).clone();
    let list = |m: &mut MockModule, e: &[ConstId], memo: &mut HashMap<ConstId, ConstId>| -> Box<[ConstId]> {
        e.iter().map(|x| subst_const(m, *x, s, memo)).collect()
    };
    let kind = match data.kind {
        ConstKind::Global(GlobalRef::Func(g)) if s.addresses && g == s.from => ConstKind::Global(GlobalRef::Func(s.to)),
        ConstKind::Wrapped { kind, target: GlobalRef::Func(g) } if s.addresses && g == s.from => {
            ConstKind::Wrapped { kind, target: GlobalRef::Func(s.to) }
        }
        ConstKind::BlockAddress { func, block } if s.blocks && func == s.from => {
            ConstKind::BlockAddress { func: s.to, block }
        }
        ConstKind::Array(e) => ConstKind::Array(list(m, &e, memo)),
        ConstKind::Struct(e) => ConstKind::Struct(list(m, &e, memo)),
        ConstKind::Vector(e) => ConstKind::Vector(list(m, &e, memo)),
        ConstKind::Expr { opcode, operands, props } => {
            ConstKind::Expr { opcode, operands: list(m, &operands, memo), props }
        }
        ConstKind::PtrAuth { ptr, key, disc, addr_disc } => ConstKind::PtrAuth {
            ptr: subst_const(m, ptr, s, memo),
            key: subst_const(m, key, s, memo),
            disc: subst_const(m, disc, s, memo),
            addr_disc: subst_const(m, addr_disc, s, memo),
        },
        k @ (ConstKind::Null
        | ConstKind::Undef
        | ConstKind::Poison
        | ConstKind::Int(_)
        | ConstKind::Float(_)
        | ConstKind::DataArray(_)
        | ConstKind::DataVector(_)
        | ConstKind::Global(_)
        | ConstKind::BlockAddress { .. }
        | ConstKind::Wrapped { .. }
        | ConstKind::Opaque(_)) => k,
    };
    let r = if kind == m.const_data(c).kind { c } else { m.konst(data.ty, kind) };
    memo.insert(c, r);
    r
}

/// Rewrites metadata `md` under `s` (constants inside it).
pub fn subst_meta(
    m: &mut MockModule,
    md: MetaId,
    s: Subst,
    memo: &mut HashMap<ConstId, ConstId>,
    depth: u32,
) -> MetaId {
    if depth > 64 {
        return md;
    }
    match m.meta_data(md).clone() {
        MetaData::Const(c) => {
            let n = subst_const(m, c, s, memo);
            if n == c {
                md
            } else {
                m.meta(MetaData::Const(n))
            }
        }
        MetaData::Node(ops) => {
            let new: Box<[Option<MetaId>]> =
                ops.iter().map(|o| o.map(|x| subst_meta(m, x, s, memo, depth + 1))).collect();
            if new == ops {
                md
            } else {
                m.meta(MetaData::Node(new))
            }
        }
        MetaData::String(_) | MetaData::Distinct(..) | MetaData::Opaque(_) => md,
    }
}
