//! The mock data layout (see the [`crate::ir`] module documentation).

use mergefunc::{ConstKind, TypeData, TypeId, Use, Value};

use crate::consts::{mask, scalar_value, sext};
use crate::ir::MockModule;

/// Pointer width of an address space.
pub fn ptr_bits(addr_space: u32) -> u32 {
    if addr_space == 2 {
        32
    } else {
        64
    }
}

/// Index width of an address space (equal to the pointer width).
pub fn index_bits(addr_space: u32) -> u32 {
    ptr_bits(addr_space)
}

/// Width in bits of a scalar (integer, float, pointer) type.
pub fn scalar_bits(m: &MockModule, t: TypeId) -> Option<u32> {
    match m.type_data(t) {
        TypeData::Int { bits } => Some(*bits),
        TypeData::Float { bits, .. } => Some(*bits),
        TypeData::Ptr { addr_space } => Some(ptr_bits(*addr_space)),
        TypeData::Void
        | TypeData::Label
        | TypeData::Metadata
        | TypeData::Token
        | TypeData::Vector { .. }
        | TypeData::Array { .. }
        | TypeData::Struct { .. }
        | TypeData::Func { .. }
        | TypeData::Other { .. } => None,
    }
}

/// Total bits of a scalar or a vector of scalars (LLVM's primitive size), else 0.
pub fn primitive_bits(m: &MockModule, t: TypeId) -> u64 {
    match m.type_data(t) {
        TypeData::Vector { len, elem, .. } => len.saturating_mul(scalar_bits(m, *elem).unwrap_or(0) as u64),
        _ => scalar_bits(m, t).unwrap_or(0) as u64,
    }
}

fn pow2_at_least(n: u64) -> u64 {
    n.max(1).checked_next_power_of_two().unwrap_or(1 << 63)
}

/// `(alloc size, alignment)` in bytes, `None` for unsized types. Sizes saturate
/// instead of overflowing.
pub fn size_align(m: &MockModule, t: TypeId) -> Option<(u64, u64)> {
    size_align_depth(m, t, 0)
}

fn round_up(n: u64, a: u64) -> u64 {
    n.div_ceil(a).saturating_mul(a)
}

fn size_align_depth(m: &MockModule, t: TypeId, depth: u32) -> Option<(u64, u64)> {
    if depth > 64 {
        return None;
    }
    match m.type_data(t) {
        TypeData::Int { bits } => {
            let bytes = (*bits as u64).div_ceil(8).max(1);
            let align = pow2_at_least(bytes).min(16);
            Some((round_up(bytes, align), align))
        }
        TypeData::Float { bits, .. } => {
            let b = (*bits as u64 / 8).max(1);
            Some((b, b))
        }
        TypeData::Ptr { addr_space } => {
            let b = ptr_bits(*addr_space) as u64 / 8;
            Some((b, b))
        }
        TypeData::Vector { .. } => {
            let bytes = primitive_bits(m, t).div_ceil(8).max(1);
            let align = pow2_at_least(bytes).min(64);
            Some((round_up(bytes, align), align))
        }
        TypeData::Array { len, elem } => {
            let (s, a) = size_align_depth(m, *elem, depth + 1)?;
            Some((s.saturating_mul(*len), a))
        }
        TypeData::Struct { packed, fields } => {
            let mut off = 0u64;
            let mut max_align = 1u64;
            for f in fields.iter() {
                let (s, a) = size_align_depth(m, *f, depth + 1)?;
                let a = if *packed { 1 } else { a };
                off = round_up(off, a).saturating_add(s);
                max_align = max_align.max(a);
            }
            Some((round_up(off, max_align), max_align))
        }
        TypeData::Void
        | TypeData::Label
        | TypeData::Metadata
        | TypeData::Token
        | TypeData::Func { .. }
        | TypeData::Other { .. } => None,
    }
}

/// Byte offsets of the fields of a struct type.
pub fn field_offsets(m: &MockModule, t: TypeId) -> Vec<u64> {
    let TypeData::Struct { packed, fields } = m.type_data(t) else { return Vec::new() };
    let mut off = 0u64;
    let mut out = Vec::with_capacity(fields.len());
    for f in fields.iter() {
        let (s, a) = size_align(m, *f).unwrap_or((0, 1));
        let a = if *packed { 1 } else { a };
        off = round_up(off, a);
        out.push(off);
        off = off.saturating_add(s);
    }
    out
}

/// One step of GEP index arithmetic: the element type reached by indexing into `t`
/// with index value `idx` (a sign-extended integer), and the byte offset added.
/// `None` if `t` cannot be indexed (or a struct index is out of range).
pub fn gep_step(m: &MockModule, t: TypeId, idx: i128) -> Option<(TypeId, i128)> {
    match m.type_data(t) {
        TypeData::Struct { fields, .. } => {
            let i = usize::try_from(idx).ok()?;
            let ft = *fields.get(i)?;
            let off = *field_offsets(m, t).get(i)?;
            Some((ft, off as i128))
        }
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
            let (s, _) = size_align(m, *elem)?;
            Some((*elem, (s as i128).wrapping_mul(idx)))
        }
        TypeData::Void
        | TypeData::Label
        | TypeData::Metadata
        | TypeData::Token
        | TypeData::Int { .. }
        | TypeData::Float { .. }
        | TypeData::Ptr { .. }
        | TypeData::Func { .. }
        | TypeData::Other { .. } => None,
    }
}

/// The constant byte offset of a GEP `source, base, indices...` whose indices are all
/// scalar integer constants, modulo `2^index_bits`. `None` if an index is not constant
/// (or is a vector), or the indices do not fit the type.
pub fn const_gep_offset(m: &MockModule, source: TypeId, addr_space: u32, indices: &[Use]) -> Option<u128> {
    let bits = index_bits(addr_space);
    let mut total: i128 = 0;
    let mut cur = source;
    for (k, u) in indices.iter().enumerate() {
        let Value::Const(c) = u.value else { return None };
        let w = match m.type_data(u.ty) {
            TypeData::Int { bits } => *bits,
            _ => return None,
        };
        let data = m.const_data(c);
        let v = match data.kind {
            ConstKind::Null | ConstKind::Int(_) => scalar_value(&data.kind)?,
            _ => return None,
        };
        let idx = sext(v, w);
        if k == 0 {
            let (s, _) = size_align(m, cur)?;
            total = total.wrapping_add((s as i128).wrapping_mul(idx));
        } else {
            let (next, off) = gep_step(m, cur, idx)?;
            total = total.wrapping_add(off);
            cur = next;
        }
    }
    Some(mask(total as u128, bits))
}

/// The type a GEP's indices (after the first) lead to.
pub fn gep_result_elem(m: &MockModule, source: TypeId, indices: &[Use]) -> Option<TypeId> {
    let mut cur = source;
    for u in indices.iter().skip(1) {
        let w = match m.type_data(u.ty) {
            TypeData::Int { bits } => *bits,
            _ => 128,
        };
        let idx = match u.value {
            Value::Const(c) => sext(scalar_value(&m.const_data(c).kind).unwrap_or(0), w),
            _ => 0,
        };
        if let TypeData::Struct { .. } = m.type_data(cur) {
            let Value::Const(_) = u.value else { return None };
        }
        cur = gep_step(m, cur, idx)?.0;
    }
    Some(cur)
}
