//! A deterministic interpreter.
//!
//! # Values
//! Scalars (integers, floats, pointers) are bit patterns of their width
//! ([`Val::Bits`], up to 128 bits, arithmetic wraps); vectors, arrays and structs are
//! [`Val::Agg`]; [`Val::Poison`] is a poisoned scalar. `undef` evaluates to zero.
//! Floats can be loaded, stored, selected and bitcast, not computed with.
//!
//! # Addresses
//! Pointers are plain addresses, so `ptrtoint`/`inttoptr` only resize, and a pointer
//! and an integer of the same width are interchangeable at call boundaries.
//! * `null` is 0.
//! * The address of function `f` is `FUNC_BASE + 16 * g`, where `g` is `f` with
//!   aliases followed. So two function addresses are equal iff they name the same
//!   function after alias resolution: an alias equals its aliasee, a thunk keeps its own
//!   address, and distinct functions never compare equal (even with equal bodies).
//! * `blockaddress(@f, %b)` is `BLOCK_BASE + 0x10000 * f + 4 * b`.
//! * Globals and allocas live in a heap from `HEAP_BASE` upwards (above 4 GiB, so
//!   32-bit `addrspace(2)` pointers never reach memory), 16-byte aligned, never reused.
//!   Memory bytes are `Option<u8>`: uninitialized or poisoned bytes are `None`, and a
//!   scalar load that reads one is poison.
//!
//! # Undefined behaviour
//! Division by zero, `sdiv` overflow, branching or switching on poison, memory access
//! through poison or out of a live allocation or misaligned for its `align`, calling
//! something that is not a function (or a `kernelcc` function), `unreachable`, running
//! past [`MEMORY_LIMIT`]: all end in [`Outcome::Trap`]. `nuw`/`nsw`/`exact`
//! violations, over-wide shifts and out-of-bounds `inbounds` GEPs give poison.
//!
//! # Calls
//! Direct, indirect (through any pointer value that is a function address), through
//! aliases and thunks. Calls of declarations are recorded as [`Event::Call`] and return
//! zero; calls of `llvm.*` intrinsics return zero silently; inline asm is recorded as
//! [`Event::Asm`] and returns zero. Each executed instruction costs one unit of fuel;
//! running out ends in [`Outcome::OutOfFuel`] (so thunks cost fuel: comparisons of
//! merged and unmerged modules should treat `OutOfFuel` as inconclusive).

use std::collections::{BTreeMap, HashMap};

use mergefunc::{ConstId, ConstKind, ConstProp, FuncId, GlobalRef, TypeData, TypeId, Use, Value};

use crate::consts::{mask, sext, words_value};
use crate::ir::{
    cc, BinOp, CastOp, FuncKind, IntPred, MockModule, Op, Opcode, RmwOp, FLAG_EXACT, FLAG_NSW, FLAG_NUW, GEP_INBOUNDS,
    GEP_NUW,
};
use crate::layout::{field_offsets, ptr_bits, size_align};
use crate::view::is_intrinsic_name;

/// Base address of functions.
pub const FUNC_BASE: u64 = 0x1000_0000;
/// Base address of block addresses.
pub const BLOCK_BASE: u64 = 0x4000_0000;
/// Base address of memory.
pub const HEAP_BASE: u64 = 0x1_0000_0000;
/// Total bytes that may be allocated.
pub const MEMORY_LIMIT: u64 = 1 << 24;

/// A runtime value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Val {
    /// A scalar of `bits` bits (unused high bits zero).
    Bits {
        /// Width.
        bits: u32,
        /// Value.
        v: u128,
    },
    /// A poisoned scalar.
    Poison,
    /// A vector, array or struct.
    Agg(Vec<Val>),
    /// No value.
    Void,
}

impl Val {
    /// An integer (truncated to `bits`).
    pub fn int(bits: u32, v: u128) -> Val {
        Val::Bits { bits, v: mask(v, bits) }
    }
}

/// Why execution stopped abnormally.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Trap {
    /// Division or remainder by zero.
    DivByZero,
    /// `sdiv` of the minimum value by -1.
    DivOverflow,
    /// A branch, switch, address, count or callee that is poison.
    PoisonUse,
    /// A memory access outside a live allocation.
    BadAddress(u64),
    /// A memory access not aligned as its `align` says.
    Misaligned(u64),
    /// Memory limit exceeded.
    OutOfMemory,
    /// `unreachable` was executed.
    Unreachable,
    /// The callee is not a function address.
    BadCallee(u64),
    /// The callee has a calling convention that cannot be called.
    NotCallable(String),
    /// Wrong number or size of arguments.
    ArgumentMismatch(String),
    /// Something the interpreter does not model (should not happen on verified IR).
    Unsupported(String),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The function returned.
    Return(Val),
    /// Undefined behaviour or an error.
    Trap(Trap),
    /// The fuel ran out.
    OutOfFuel,
}

/// An observable event.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A call of a declared (external) function.
    Call {
        /// Callee name.
        callee: String,
        /// Arguments.
        args: Vec<Val>,
    },
    /// An inline-asm call.
    Asm {
        /// Asm text.
        text: String,
        /// Arguments.
        args: Vec<Val>,
    },
}

/// The result of [`run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// How it ended.
    pub outcome: Outcome,
    /// Observable events, in order.
    pub events: Vec<Event>,
    /// Fuel consumed.
    pub fuel_used: u64,
}

/// Runs `f(args)` in a fresh machine with `fuel` units of fuel.
pub fn run(m: &MockModule, f: FuncId, args: &[Val], fuel: u64) -> RunResult {
    let mut mach = Machine::new(m);
    mach.call(f, args, fuel)
}

#[derive(Clone, Debug)]
struct Alloc {
    bytes: Vec<Option<u8>>,
    live: bool,
}

/// An interpreter with its memory (globals keep their contents between calls).
#[derive(Debug)]
pub struct Machine<'m> {
    m: &'m MockModule,
    mem: BTreeMap<u64, Alloc>,
    next: u64,
    used: u64,
    globals: Vec<u64>,
    consts: HashMap<ConstId, Val>,
    events: Vec<Event>,
}

struct Frame {
    func: FuncId,
    vals: Vec<Val>,
    args: Vec<Val>,
    block: usize,
    pc: usize,
    allocas: Vec<u64>,
    /// Instruction of the caller that receives the result.
    ret_to: Option<usize>,
}

type T<V> = Result<V, Trap>;

impl<'m> Machine<'m> {
    /// A machine with every global allocated and initialized.
    pub fn new(m: &'m MockModule) -> Self {
        let mut mach = Machine {
            m,
            mem: BTreeMap::new(),
            next: HEAP_BASE,
            used: 0,
            globals: Vec::new(),
            consts: HashMap::new(),
            events: Vec::new(),
        };
        for g in &m.globals {
            let size = size_align(m, g.ty).map(|x| x.0).unwrap_or(0);
            let a = mach.alloc(size.max(1)).unwrap_or(0);
            mach.globals.push(a);
        }
        for (i, g) in m.globals.iter().enumerate() {
            if let Some(c) = g.init {
                if let Ok(v) = mach.const_val(c) {
                    let bytes = mach.to_bytes(&v, g.ty);
                    let base = mach.globals[i];
                    if let Some(al) = mach.mem.get_mut(&base) {
                        for (k, b) in bytes.into_iter().enumerate() {
                            if k < al.bytes.len() {
                                al.bytes[k] = b;
                            }
                        }
                    }
                }
            }
        }
        mach
    }

    /// The address of global `g`.
    pub fn global_addr(&self, g: mergefunc::GlobalId) -> u64 {
        self.globals.get(g.index()).copied().unwrap_or(0)
    }

    /// The current bytes of global `g`.
    pub fn global_bytes(&self, g: mergefunc::GlobalId) -> Vec<Option<u8>> {
        self.mem.get(&self.global_addr(g)).map(|a| a.bytes.clone()).unwrap_or_default()
    }

    fn alloc(&mut self, size: u64) -> T<u64> {
        self.used = self.used.saturating_add(size);
        if self.used > MEMORY_LIMIT {
            return Err(Trap::OutOfMemory);
        }
        let a = self.next;
        self.mem.insert(a, Alloc { bytes: vec![None; size as usize], live: true });
        self.next = a + size.div_ceil(16) * 16 + 16;
        Ok(a)
    }

    fn find(&self, addr: u64) -> Option<(u64, &Alloc)> {
        let (base, al) = self.mem.range(..=addr).next_back()?;
        (al.live && addr <= base + al.bytes.len() as u64).then_some((*base, al))
    }

    fn read(&self, addr: u64, n: u64, align: Option<u64>) -> T<Vec<Option<u8>>> {
        if align.is_some_and(|a| a > 1 && addr % a != 0) {
            return Err(Trap::Misaligned(addr));
        }
        let (base, al) = self.find(addr).ok_or(Trap::BadAddress(addr))?;
        let off = (addr - base) as usize;
        if off as u64 + n > al.bytes.len() as u64 {
            return Err(Trap::BadAddress(addr));
        }
        Ok(al.bytes[off..off + n as usize].to_vec())
    }

    fn write(&mut self, addr: u64, bytes: &[Option<u8>], align: Option<u64>) -> T<()> {
        if align.is_some_and(|a| a > 1 && addr % a != 0) {
            return Err(Trap::Misaligned(addr));
        }
        let base = self.find(addr).ok_or(Trap::BadAddress(addr))?.0;
        let al = self.mem.get_mut(&base).ok_or(Trap::BadAddress(addr))?;
        let off = (addr - base) as usize;
        if off + bytes.len() > al.bytes.len() {
            return Err(Trap::BadAddress(addr));
        }
        al.bytes[off..off + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }

    // ------------------------------------------------------------- values and bytes

    fn zero(&self, t: TypeId) -> Val {
        self.fill(t, &|bits| Val::Bits { bits, v: 0 }, 0)
    }

    fn poison(&self, t: TypeId) -> Val {
        self.fill(t, &|_| Val::Poison, 0)
    }

    fn fill(&self, t: TypeId, leaf: &dyn Fn(u32) -> Val, depth: u32) -> Val {
        let m = self.m;
        if depth > 64 {
            return Val::Poison;
        }
        match m.type_data(t) {
            TypeData::Int { bits } | TypeData::Float { bits, .. } => leaf(*bits),
            TypeData::Ptr { addr_space } => leaf(ptr_bits(*addr_space)),
            TypeData::Vector { len, elem, .. } | TypeData::Array { len, elem } => {
                Val::Agg((0..(*len).min(1 << 16)).map(|_| self.fill(*elem, leaf, depth + 1)).collect())
            }
            TypeData::Struct { fields, .. } => {
                Val::Agg(fields.iter().map(|f| self.fill(*f, leaf, depth + 1)).collect())
            }
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Func { .. }
            | TypeData::Other { .. } => Val::Void,
        }
    }

    fn scalar_bits(&self, t: TypeId) -> u32 {
        crate::layout::scalar_bits(self.m, t).unwrap_or(0)
    }

    /// The bytes of `v` stored as type `t` (alloc size; padding `None`).
    fn to_bytes(&self, v: &Val, t: TypeId) -> Vec<Option<u8>> {
        let m = self.m;
        let size = size_align(m, t).map(|x| x.0).unwrap_or(0) as usize;
        let mut out = vec![None; size];
        match m.type_data(t) {
            TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. } => {
                let bits = self.scalar_bits(t);
                if let Val::Bits { v, .. } = v {
                    let b = v.to_le_bytes();
                    for k in 0..(bits.div_ceil(8) as usize).min(size) {
                        out[k] = Some(b[k]);
                    }
                }
            }
            TypeData::Vector { elem, .. } => {
                let eb = self.scalar_bits(*elem) as usize;
                let Val::Agg(elems) = v else { return out };
                let mut bits = vec![Some(false); size * 8];
                for (k, e) in elems.iter().enumerate() {
                    for j in 0..eb {
                        if let Some(slot) = bits.get_mut(k * eb + j) {
                            *slot = match e {
                                Val::Bits { v, .. } => Some((v >> j) & 1 == 1),
                                _ => None,
                            };
                        }
                    }
                }
                for (k, byte) in out.iter_mut().enumerate() {
                    let chunk = &bits[k * 8..k * 8 + 8];
                    *byte = if chunk.iter().all(|x| x.is_some()) {
                        Some(chunk.iter().enumerate().fold(0u8, |acc, (j, x)| acc | ((x.unwrap_or(false) as u8) << j)))
                    } else {
                        None
                    };
                }
            }
            TypeData::Array { elem, .. } => {
                let es = size_align(m, *elem).map(|x| x.0).unwrap_or(0) as usize;
                if let Val::Agg(elems) = v {
                    for (k, e) in elems.iter().enumerate() {
                        let b = self.to_bytes(e, *elem);
                        for (j, x) in b.into_iter().enumerate() {
                            if let Some(slot) = out.get_mut(k * es + j) {
                                *slot = x;
                            }
                        }
                    }
                }
            }
            TypeData::Struct { fields, .. } => {
                let offs = field_offsets(m, t);
                if let Val::Agg(elems) = v {
                    for ((e, ft), off) in elems.iter().zip(fields.iter()).zip(offs) {
                        let b = self.to_bytes(e, *ft);
                        for (j, x) in b.into_iter().enumerate() {
                            if let Some(slot) = out.get_mut(off as usize + j) {
                                *slot = x;
                            }
                        }
                    }
                }
            }
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Func { .. }
            | TypeData::Other { .. } => {}
        }
        out
    }

    fn from_bytes(&self, b: &[Option<u8>], t: TypeId) -> Val {
        let m = self.m;
        match m.type_data(t) {
            TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. } => {
                let bits = self.scalar_bits(t);
                let n = bits.div_ceil(8) as usize;
                let mut buf = [0u8; 16];
                for k in 0..n.min(16) {
                    match b.get(k).copied().flatten() {
                        Some(x) => buf[k] = x,
                        None => return Val::Poison,
                    }
                }
                Val::Bits { bits, v: mask(u128::from_le_bytes(buf), bits) }
            }
            TypeData::Vector { len, elem, .. } => {
                let eb = self.scalar_bits(*elem) as usize;
                let mut out = Vec::new();
                for k in 0..(*len as usize).min(1 << 16) {
                    let mut v = 0u128;
                    let mut poison = false;
                    for j in 0..eb {
                        let bit = k * eb + j;
                        match b.get(bit / 8).copied().flatten() {
                            Some(x) => v |= (((x >> (bit % 8)) & 1) as u128) << j,
                            None => poison = true,
                        }
                    }
                    out.push(if poison { Val::Poison } else { Val::Bits { bits: eb as u32, v } });
                }
                Val::Agg(out)
            }
            TypeData::Array { len, elem } => {
                let es = size_align(m, *elem).map(|x| x.0).unwrap_or(0) as usize;
                Val::Agg(
                    (0..(*len as usize).min(1 << 16))
                        .map(|k| self.from_bytes(b.get(k * es..).unwrap_or(&[]), *elem))
                        .collect(),
                )
            }
            TypeData::Struct { fields, .. } => {
                let offs = field_offsets(m, t);
                Val::Agg(
                    fields
                        .iter()
                        .zip(offs)
                        .map(|(f, o)| self.from_bytes(b.get(o as usize..).unwrap_or(&[]), *f))
                        .collect(),
                )
            }
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Func { .. }
            | TypeData::Other { .. } => Val::Void,
        }
    }

    fn func_addr(&self, f: FuncId) -> u64 {
        let g = self.m.resolve_alias(f).unwrap_or(f);
        FUNC_BASE + 16 * g.0 as u64
    }

    fn const_val(&mut self, c: ConstId) -> T<Val> {
        if let Some(v) = self.consts.get(&c) {
            return Ok(v.clone());
        }
        let v = self.const_val_depth(c, 0)?;
        self.consts.insert(c, v.clone());
        Ok(v)
    }

    fn const_val_depth(&mut self, c: ConstId, depth: u32) -> T<Val> {
        if depth > 128 {
            return Err(Trap::Unsupported("constant nested too deeply".into()));
        }
        let m = self.m;
        let d = m.const_data(c).clone();
        let ty = d.ty;
        let pbits = |t: TypeId| crate::layout::scalar_bits(m, t).unwrap_or(64);
        Ok(match &d.kind {
            ConstKind::Null | ConstKind::Undef => self.zero(ty),
            ConstKind::Poison | ConstKind::Opaque(_) => self.poison(ty),
            ConstKind::Int(w) | ConstKind::Float(w) => {
                Val::Bits { bits: pbits(ty), v: mask(words_value(w), pbits(ty)) }
            }
            ConstKind::Array(e) | ConstKind::Struct(e) | ConstKind::Vector(e) => {
                let mut out = Vec::with_capacity(e.len());
                for x in e.iter() {
                    out.push(self.const_val_depth(*x, depth + 1)?);
                }
                Val::Agg(out)
            }
            ConstKind::DataArray(b) | ConstKind::DataVector(b) => {
                let elem = match m.type_data(ty) {
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                    _ => ty,
                };
                let eb = self.scalar_bits(elem).max(8);
                let step = (eb / 8) as usize;
                Val::Agg(
                    b.chunks(step)
                        .map(|ch| {
                            let mut buf = [0u8; 16];
                            buf[..ch.len()].copy_from_slice(ch);
                            Val::Bits { bits: eb, v: u128::from_le_bytes(buf) }
                        })
                        .collect(),
                )
            }
            ConstKind::Global(g) | ConstKind::Wrapped { target: g, .. } => {
                let a = match g {
                    GlobalRef::Func(f) => self.func_addr(*f),
                    GlobalRef::Other(x) => self.global_addr(*x),
                };
                Val::int(pbits(ty), a as u128)
            }
            ConstKind::BlockAddress { func, block } => {
                Val::int(pbits(ty), (BLOCK_BASE + 0x10000 * func.0 as u64 + 4 * *block as u64) as u128)
            }
            ConstKind::PtrAuth { ptr, .. } => self.const_val_depth(*ptr, depth + 1)?,
            ConstKind::Expr { opcode, operands, props } => {
                let mut ops = Vec::new();
                for x in operands.iter() {
                    ops.push((self.const_val_depth(*x, depth + 1)?, m.const_data(*x).ty));
                }
                if let Some(op) = Opcode::cast_of(*opcode) {
                    let (v, from) = ops.first().cloned().ok_or_else(|| Trap::Unsupported("cast".into()))?;
                    self.cast(op, &v, from, ty)
                } else if let Some(op) = Opcode::bin_of(*opcode) {
                    let flags = match props.first() {
                        Some(ConstProp::Num(n)) => *n as u8,
                        _ => 0,
                    };
                    match (ops.first(), ops.get(1)) {
                        (Some((a, _)), Some((b, _))) => self.bin(op, flags, a, b)?,
                        _ => return Err(Trap::Unsupported("binary constant".into())),
                    }
                } else if *opcode == Opcode::Gep as u32 {
                    let (src, flags) = match props.as_ref() {
                        [ConstProp::Type(t), ConstProp::Num(f), ..] => (*t, *f as u8),
                        _ => return Err(Trap::Unsupported("gep constant".into())),
                    };
                    let base = ops.first().cloned().ok_or_else(|| Trap::Unsupported("gep".into()))?;
                    self.gep(src, flags, &base, &ops[1..], ty)?
                } else {
                    return Err(Trap::Unsupported(format!("constant expression {opcode}")));
                }
            }
        })
    }

    // ------------------------------------------------------------- operations

    fn lanewise(&self, a: &Val, b: &Val, f: &mut dyn FnMut(&Val, &Val) -> T<Val>) -> T<Val> {
        match (a, b) {
            (Val::Agg(x), Val::Agg(y)) => Ok(Val::Agg(x.iter().zip(y).map(|(p, q)| f(p, q)).collect::<T<Vec<_>>>()?)),
            _ => f(a, b),
        }
    }

    fn bin(&self, op: BinOp, flags: u8, a: &Val, b: &Val) -> T<Val> {
        self.lanewise(a, b, &mut |a, b| bin_scalar(op, flags, a, b))
    }

    fn cast(&self, op: CastOp, v: &Val, from: TypeId, to: TypeId) -> Val {
        let m = self.m;
        let lane_ty = |t: TypeId| match m.type_data(t) {
            TypeData::Vector { elem, .. } => *elem,
            _ => t,
        };
        if op == CastOp::BitCast {
            let b = self.to_bytes(v, from);
            return self.from_bytes(&b, to);
        }
        let to_bits = self.scalar_bits(lane_ty(to));
        let from_bits = self.scalar_bits(lane_ty(from));
        let one = |v: &Val| match v {
            Val::Bits { v, .. } => {
                let r = match op {
                    CastOp::SExt => sext(*v, from_bits) as u128,
                    CastOp::Trunc | CastOp::ZExt | CastOp::PtrToInt | CastOp::IntToPtr | CastOp::BitCast => *v,
                };
                Val::Bits { bits: to_bits, v: mask(r, to_bits) }
            }
            Val::Poison | Val::Agg(_) | Val::Void => Val::Poison,
        };
        match v {
            Val::Agg(x) => Val::Agg(x.iter().map(one).collect()),
            _ => one(v),
        }
    }

    fn in_bounds(&self, base: u64, addr: u64) -> bool {
        if base == 0 {
            return addr == 0;
        }
        match self.find(base) {
            Some((start, al)) => addr >= start && addr <= start + al.bytes.len() as u64,
            None => false,
        }
    }

    /// `getelementptr` on values (lanes when a vector is involved).
    fn gep(&self, src: TypeId, flags: u8, base: &(Val, TypeId), idx: &[(Val, TypeId)], rty: TypeId) -> T<Val> {
        let m = self.m;
        let lanes = match m.type_data(rty) {
            TypeData::Vector { len, .. } => Some(*len as usize),
            _ => None,
        };
        let lane = |v: &Val, k: usize| -> Val {
            match (v, lanes) {
                (Val::Agg(x), Some(_)) => x.get(k).cloned().unwrap_or(Val::Poison),
                _ => v.clone(),
            }
        };
        let elem_bits = |t: TypeId| match m.type_data(t) {
            TypeData::Vector { elem, .. } => self.scalar_bits(*elem),
            _ => self.scalar_bits(t),
        };
        let pbits = elem_bits(base.1);
        let one = |k: usize| -> Val {
            let Val::Bits { v: b, .. } = lane(&base.0, k) else { return Val::Poison };
            let mut off: i128 = 0;
            let mut cur = src;
            for (n, (iv, it)) in idx.iter().enumerate() {
                let Val::Bits { v, .. } = lane(iv, k) else { return Val::Poison };
                let i = sext(v, elem_bits(*it));
                if n == 0 {
                    let s = size_align(m, cur).map(|x| x.0).unwrap_or(0) as i128;
                    off = off.wrapping_add(s.wrapping_mul(i));
                } else {
                    match crate::layout::gep_step(m, cur, i) {
                        Some((t, o)) => {
                            cur = t;
                            off = off.wrapping_add(o);
                        }
                        None => return Val::Poison,
                    }
                }
            }
            let b = b as u64;
            let r = mask((b as u128).wrapping_add(off as u128), pbits) as u64;
            if flags & GEP_NUW != 0 && (off < 0 || (b as u128 + off as u128) >> pbits != 0) {
                return Val::Poison;
            }
            if flags & GEP_INBOUNDS != 0 && !self.in_bounds(b, r) {
                return Val::Poison;
            }
            Val::Bits { bits: pbits, v: r as u128 }
        };
        Ok(match lanes {
            Some(n) => Val::Agg((0..n).map(one).collect()),
            None => one(0),
        })
    }

    // ------------------------------------------------------------- execution

    /// Calls `f(args)` with `fuel` units of fuel.
    pub fn call(&mut self, f: FuncId, args: &[Val], fuel: u64) -> RunResult {
        self.events.clear();
        let mut used = 0u64;
        let outcome = match self.exec(f, args, fuel, &mut used) {
            Ok(Some(v)) => Outcome::Return(v),
            Ok(None) => Outcome::OutOfFuel,
            Err(t) => Outcome::Trap(t),
        };
        RunResult { outcome, events: std::mem::take(&mut self.events), fuel_used: used }
    }

    /// Resolves a callee address to a function with a body, or handles an external
    /// call. `Ok(Err(v))` is the result of a call that needs no frame.
    fn enter(&mut self, callee: &Val, args: Vec<Val>, ret_ty: TypeId) -> T<Result<(FuncId, Vec<Val>), Val>> {
        let m = self.m;
        let Val::Bits { v, .. } = callee else { return Err(Trap::PoisonUse) };
        let a = *v as u64;
        if a < FUNC_BASE || (a - FUNC_BASE) % 16 != 0 || ((a - FUNC_BASE) / 16) as usize >= m.funcs.len() {
            return Err(Trap::BadCallee(a));
        }
        let f = FuncId(((a - FUNC_BASE) / 16) as u32);
        let func = &m.funcs[f.index()];
        if !cc::callable(func.cc) {
            return Err(Trap::NotCallable(func.name.clone()));
        }
        match &func.kind {
            FuncKind::Definition(_) => {
                let (_, params, vararg) = m.fn_sig(func.ty);
                if args.len() < params.len() || (!vararg && args.len() != params.len()) {
                    return Err(Trap::ArgumentMismatch(func.name.clone()));
                }
                let mut out = Vec::with_capacity(params.len());
                for (v, p) in args.into_iter().zip(params.iter()) {
                    out.push(self.coerce(v, *p).ok_or_else(|| Trap::ArgumentMismatch(func.name.clone()))?);
                }
                Ok(Ok((f, out)))
            }
            FuncKind::Declaration => {
                if !is_intrinsic_name(&func.name) {
                    self.events.push(Event::Call { callee: func.name.clone(), args });
                }
                Ok(Err(self.zero(ret_ty)))
            }
            FuncKind::Alias(_) | FuncKind::Erased => Err(Trap::BadCallee(a)),
        }
    }

    /// Reinterprets a value for a slot of type `t` (same shape, same scalar widths
    /// up to pointer/integer relabelling).
    fn coerce(&self, v: Val, t: TypeId) -> Option<Val> {
        let m = self.m;
        match (v, m.type_data(t)) {
            (Val::Bits { bits, v }, TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. }) => {
                (self.scalar_bits(t) == bits).then_some(Val::Bits { bits, v })
            }
            (Val::Poison, TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. }) => Some(Val::Poison),
            (Val::Agg(x), TypeData::Struct { fields, .. }) if x.len() == fields.len() => x
                .into_iter()
                .zip(fields.iter())
                .map(|(v, f)| self.coerce(v, *f))
                .collect::<Option<Vec<_>>>()
                .map(Val::Agg),
            (Val::Agg(x), TypeData::Array { len, elem } | TypeData::Vector { len, elem, .. })
                if x.len() as u64 == *len =>
            {
                x.into_iter().map(|v| self.coerce(v, *elem)).collect::<Option<Vec<_>>>().map(Val::Agg)
            }
            (Val::Void, TypeData::Void) => Some(Val::Void),
            _ => None,
        }
    }

    fn operand(&mut self, fr: &Frame, u: &Use) -> T<Val> {
        match u.value {
            Value::Arg(i) => fr.args.get(i as usize).cloned().ok_or_else(|| Trap::Unsupported("argument".into())),
            Value::Inst(i) => fr.vals.get(i.index()).cloned().ok_or_else(|| Trap::Unsupported("value".into())),
            Value::Const(c) => self.const_val(c),
            Value::Block(_) | Value::Asm(_) | Value::Meta(_) => Ok(Val::Void),
        }
    }

    /// Runs to completion. `Ok(None)`: out of fuel.
    fn exec(&mut self, f: FuncId, args: &[Val], fuel: u64, used: &mut u64) -> T<Option<Val>> {
        let m = self.m;
        let ret_ty = m.fn_sig(m.funcs.get(f.index()).map(|x| x.ty).ok_or(Trap::BadCallee(0))?).0;
        let callee = Val::int(64, self.func_addr(f) as u128);
        let (f, args) = match self.enter(&callee, args.to_vec(), ret_ty)? {
            Ok(p) => p,
            Err(v) => return Ok(Some(v)),
        };
        let mut stack: Vec<Frame> = Vec::new();
        let n = m.func_body(f).map(|b| b.insts.len()).unwrap_or(0);
        stack.push(Frame {
            func: f,
            vals: vec![Val::Void; n],
            args,
            block: 0,
            pc: 0,
            allocas: Vec::new(),
            ret_to: None,
        });
        self.enter_block(stack.last_mut().ok_or(Trap::Unreachable)?, 0, None)?;
        loop {
            if *used >= fuel {
                return Ok(None);
            }
            *used += 1;
            let fr = stack.last_mut().ok_or(Trap::Unreachable)?;
            let body = m.func_body(fr.func).ok_or(Trap::BadCallee(0))?;
            let k = fr.pc;
            let inst = body.insts.get(k).ok_or(Trap::Unreachable)?;
            let a = &inst.args;
            let mut next_block: Option<usize> = None;
            let mut result = Val::Void;
            let mut ret: Option<Val> = None;
            let mut push: Option<Frame> = None;
            match &inst.op {
                Op::Bin { op, flags } => {
                    let (x, y) = (self.operand(fr, &a[0])?, self.operand(fr, &a[1])?);
                    result = self.bin(*op, *flags, &x, &y)?;
                }
                Op::ICmp(p) => {
                    let (x, y) = (self.operand(fr, &a[0])?, self.operand(fr, &a[1])?);
                    let w = self.scalar_bits(match m.type_data(a[0].ty) {
                        TypeData::Vector { elem, .. } => *elem,
                        _ => a[0].ty,
                    });
                    result = self.lanewise(&x, &y, &mut |x, y| Ok(icmp(*p, w, x, y)))?;
                }
                Op::Select => {
                    let c = self.operand(fr, &a[0])?;
                    let (x, y) = (self.operand(fr, &a[1])?, self.operand(fr, &a[2])?);
                    result = match (&c, &x, &y) {
                        (Val::Agg(cs), Val::Agg(xs), Val::Agg(ys)) => Val::Agg(
                            cs.iter()
                                .zip(xs.iter().zip(ys))
                                .map(|(c, (x, y))| match c {
                                    Val::Bits { v, .. } => {
                                        if *v & 1 == 1 {
                                            x.clone()
                                        } else {
                                            y.clone()
                                        }
                                    }
                                    _ => Val::Poison,
                                })
                                .collect(),
                        ),
                        (Val::Bits { v, .. }, _, _) => {
                            if *v & 1 == 1 {
                                x
                            } else {
                                y
                            }
                        }
                        _ => self.poison(inst.ty),
                    };
                }
                Op::Cast(c) => {
                    let v = self.operand(fr, &a[0])?;
                    result = self.cast(*c, &v, a[0].ty, inst.ty);
                }
                Op::Alloca { ty, align } => {
                    let Val::Bits { v: count, .. } = self.operand(fr, &a[0])? else { return Err(Trap::PoisonUse) };
                    let es = size_align(m, *ty).map(|x| x.0).unwrap_or(0) as u128;
                    let total = es.saturating_mul(count).min(u64::MAX as u128) as u64;
                    let _ = align;
                    let p = self.alloc(total.max(1))?;
                    fr.allocas.push(p);
                    result = Val::int(64, p as u128);
                }
                Op::Load { align, .. } => {
                    let addr = addr_of(&self.operand(fr, &a[0])?)?;
                    let size = size_align(m, inst.ty).map(|x| x.0).unwrap_or(0);
                    let b = self.read(addr, size, *align)?;
                    result = self.from_bytes(&b, inst.ty);
                }
                Op::Store { align, .. } => {
                    let v = self.operand(fr, &a[0])?;
                    let addr = addr_of(&self.operand(fr, &a[1])?)?;
                    let b = self.to_bytes(&v, a[0].ty);
                    self.write(addr, &b, *align)?;
                }
                Op::Gep { source, flags } => {
                    let base = (self.operand(fr, &a[0])?, a[0].ty);
                    let mut idx = Vec::new();
                    for u in &a[1..] {
                        idx.push((self.operand(fr, u)?, u.ty));
                    }
                    result = self.gep(*source, *flags, &base, &idx, inst.ty)?;
                }
                Op::ExtractValue(path) => {
                    let mut v = self.operand(fr, &a[0])?;
                    for i in path {
                        v = match v {
                            Val::Agg(mut x) if (*i as usize) < x.len() => x.swap_remove(*i as usize),
                            _ => Val::Poison,
                        };
                    }
                    result = v;
                }
                Op::InsertValue(path) => {
                    let mut agg = self.operand(fr, &a[0])?;
                    let v = self.operand(fr, &a[1])?;
                    insert(&mut agg, path, v);
                    result = agg;
                }
                Op::Phi(_) => {
                    result = fr.vals[k].clone(); // evaluated on block entry
                }
                Op::Br => {
                    next_block = block_of(&a[0]);
                }
                Op::CondBr => {
                    let Val::Bits { v, .. } = self.operand(fr, &a[0])? else { return Err(Trap::PoisonUse) };
                    next_block = block_of(&a[if v & 1 == 1 { 1 } else { 2 }]);
                }
                Op::Switch(cases) => {
                    let Val::Bits { v, .. } = self.operand(fr, &a[0])? else { return Err(Trap::PoisonUse) };
                    let mut dest = 1;
                    for (n, c) in cases.iter().enumerate() {
                        if let Ok(Val::Bits { v: cv, .. }) = self.const_val(*c) {
                            if cv == v {
                                dest = n + 2;
                                break;
                            }
                        }
                    }
                    next_block = a.get(dest).and_then(block_of);
                }
                Op::Ret => {
                    ret = Some(match a.first() {
                        Some(u) => self.operand(fr, u)?,
                        None => Val::Void,
                    });
                }
                Op::Unreachable => return Err(Trap::Unreachable),
                Op::Call { fn_ty, .. } => {
                    let mut vals = Vec::with_capacity(a.len());
                    for u in &a[1..] {
                        vals.push(self.operand(fr, u)?);
                    }
                    let rt = m.fn_sig(*fn_ty).0;
                    if let Value::Asm(x) = a[0].value {
                        let text = String::from_utf8_lossy(&m.asm_data_ref(x).text).into_owned();
                        self.events.push(Event::Asm { text, args: vals });
                        result = self.zero(rt);
                    } else {
                        let callee = self.operand(fr, &a[0])?;
                        match self.enter(&callee, vals, rt)? {
                            Ok((g, args)) => {
                                let n = m.func_body(g).map(|b| b.insts.len()).unwrap_or(0);
                                push = Some(Frame {
                                    func: g,
                                    vals: vec![Val::Void; n],
                                    args,
                                    block: 0,
                                    pc: 0,
                                    allocas: Vec::new(),
                                    ret_to: Some(k),
                                });
                            }
                            Err(v) => result = v,
                        }
                    }
                }
                Op::Fence { .. } => {}
                Op::AtomicRmw { op, .. } => {
                    let addr = addr_of(&self.operand(fr, &a[0])?)?;
                    let v = self.operand(fr, &a[1])?;
                    let size = size_align(m, a[1].ty).map(|x| x.0).unwrap_or(0);
                    let old = self.from_bytes(&self.read(addr, size, None)?, a[1].ty);
                    let new = match op {
                        RmwOp::Xchg => v.clone(),
                        RmwOp::Add => self.bin(BinOp::Add, 0, &old, &v)?,
                        RmwOp::Sub => self.bin(BinOp::Sub, 0, &old, &v)?,
                        RmwOp::And => self.bin(BinOp::And, 0, &old, &v)?,
                        RmwOp::Or => self.bin(BinOp::Or, 0, &old, &v)?,
                        RmwOp::Xor => self.bin(BinOp::Xor, 0, &old, &v)?,
                    };
                    let b = self.to_bytes(&new, a[1].ty);
                    self.write(addr, &b, None)?;
                    result = old;
                }
                Op::CmpXchg { .. } => {
                    let addr = addr_of(&self.operand(fr, &a[0])?)?;
                    let (c, n) = (self.operand(fr, &a[1])?, self.operand(fr, &a[2])?);
                    let size = size_align(m, a[1].ty).map(|x| x.0).unwrap_or(0);
                    let old = self.from_bytes(&self.read(addr, size, None)?, a[1].ty);
                    let ok = matches!((&old, &c), (Val::Bits { v: x, .. }, Val::Bits { v: y, .. }) if x == y);
                    if ok {
                        let b = self.to_bytes(&n, a[2].ty);
                        self.write(addr, &b, None)?;
                    }
                    result = Val::Agg(vec![old, Val::int(1, ok as u128)]);
                }
            }
            let fr = stack.last_mut().ok_or(Trap::Unreachable)?;
            if let Some(p) = push {
                stack.push(p);
                let top = stack.last_mut().ok_or(Trap::Unreachable)?;
                self.enter_block(top, 0, None)?;
                continue;
            }
            if let Some(v) = ret {
                let done = stack.pop().ok_or(Trap::Unreachable)?;
                for p in &done.allocas {
                    if let Some(al) = self.mem.get_mut(p) {
                        al.live = false;
                    }
                }
                match (stack.last_mut(), done.ret_to) {
                    (Some(caller), Some(slot)) => {
                        let cbody = m.func_body(caller.func).ok_or(Trap::Unreachable)?;
                        let rt = cbody.insts[slot].ty;
                        caller.vals[slot] =
                            self.coerce(v, rt).ok_or_else(|| Trap::ArgumentMismatch("return".into()))?;
                        caller.pc += 1;
                    }
                    _ => return Ok(Some(v)),
                }
                continue;
            }
            if let Some(b) = next_block {
                let from = fr.block;
                self.enter_block(fr, b, Some(from))?;
                continue;
            }
            if inst.op.is_terminator() {
                return Err(Trap::Unsupported("branch to a missing block".into()));
            }
            fr.vals[k] = result;
            fr.pc += 1;
        }
    }

    /// Moves `fr` to the start of block `b`, evaluating its phis for the edge from `from`.
    fn enter_block(&mut self, fr: &mut Frame, b: usize, from: Option<usize>) -> T<()> {
        let m = self.m;
        let body = m.func_body(fr.func).ok_or(Trap::Unreachable)?;
        let blk = body.blocks.get(b).ok_or_else(|| Trap::Unsupported("block".into()))?;
        let mut updates = Vec::new();
        let mut k = blk.start as usize;
        while k < blk.end as usize {
            let inst = &body.insts[k];
            let Op::Phi(blocks) = &inst.op else { break };
            let slot = blocks.iter().position(|x| Some(x.index()) == from);
            let v = match slot {
                Some(s) => self.operand(fr, &inst.args[s])?,
                None => return Err(Trap::Unsupported("phi without an entry for the edge".into())),
            };
            updates.push((k, v));
            k += 1;
        }
        for (k, v) in updates {
            fr.vals[k] = v;
        }
        fr.block = b;
        fr.pc = blk.start as usize;
        Ok(())
    }
}

fn block_of(u: &Use) -> Option<usize> {
    match u.value {
        Value::Block(b) => Some(b.index()),
        Value::Arg(_) | Value::Inst(_) | Value::Const(_) | Value::Asm(_) | Value::Meta(_) => None,
    }
}

fn addr_of(v: &Val) -> T<u64> {
    match v {
        Val::Bits { v, .. } => Ok(*v as u64),
        Val::Poison | Val::Agg(_) | Val::Void => Err(Trap::PoisonUse),
    }
}

fn insert(agg: &mut Val, path: &[u32], v: Val) {
    match (agg, path.split_first()) {
        (Val::Agg(x), Some((i, rest))) => {
            if let Some(slot) = x.get_mut(*i as usize) {
                if rest.is_empty() {
                    *slot = v;
                } else {
                    insert(slot, rest, v);
                }
            }
        }
        (_, None) => {}
        (other, Some(_)) => *other = Val::Poison,
    }
}

fn icmp(p: IntPred, w: u32, x: &Val, y: &Val) -> Val {
    let (Val::Bits { v: a, .. }, Val::Bits { v: b, .. }) = (x, y) else { return Val::Poison };
    let (sa, sb) = (sext(*a, w), sext(*b, w));
    let r = match p {
        IntPred::Eq => a == b,
        IntPred::Ne => a != b,
        IntPred::Ugt => a > b,
        IntPred::Uge => a >= b,
        IntPred::Ult => a < b,
        IntPred::Ule => a <= b,
        IntPred::Sgt => sa > sb,
        IntPred::Sge => sa >= sb,
        IntPred::Slt => sa < sb,
        IntPred::Sle => sa <= sb,
    };
    Val::int(1, r as u128)
}

fn bin_scalar(op: BinOp, flags: u8, x: &Val, y: &Val) -> T<Val> {
    let (Val::Bits { bits: w, v: a }, Val::Bits { v: b, .. }) = (x, y) else {
        // division by a poison divisor is still undefined behaviour
        if matches!(op, BinOp::UDiv | BinOp::SDiv) && matches!(y, Val::Poison) {
            return Err(Trap::PoisonUse);
        }
        return Ok(Val::Poison);
    };
    let (w, a, b) = (*w, *a, *b);
    let (sa, sb) = (sext(a, w), sext(b, w));
    let min = if w >= 128 { i128::MIN } else { -(1i128 << (w - 1)) };
    let max = if w >= 128 { i128::MAX } else { (1i128 << (w - 1)) - 1 };
    let umax = mask(u128::MAX, w);
    let poison = Ok(Val::Poison);
    let r: u128 = match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul => {
            let (u, s) = match op {
                BinOp::Add => (a.checked_add(b), sa.checked_add(sb)),
                BinOp::Sub => (a.checked_sub(b), sa.checked_sub(sb)),
                _ => (a.checked_mul(b), sa.checked_mul(sb)),
            };
            if flags & FLAG_NUW != 0 && u.is_none_or(|u| u > umax) {
                return poison;
            }
            if flags & FLAG_NSW != 0 && !s.is_some_and(|s| s >= min && s <= max) {
                return poison;
            }
            match op {
                BinOp::Add => a.wrapping_add(b),
                BinOp::Sub => a.wrapping_sub(b),
                _ => a.wrapping_mul(b),
            }
        }
        BinOp::UDiv => {
            if b == 0 {
                return Err(Trap::DivByZero);
            }
            if flags & FLAG_EXACT != 0 && a % b != 0 {
                return poison;
            }
            a / b
        }
        BinOp::SDiv => {
            if b == 0 {
                return Err(Trap::DivByZero);
            }
            if sa == min && sb == -1 {
                return Err(Trap::DivOverflow);
            }
            if flags & FLAG_EXACT != 0 && sa % sb != 0 {
                return poison;
            }
            (sa / sb) as u128
        }
        BinOp::Shl | BinOp::LShr | BinOp::AShr => {
            if b >= w as u128 {
                return poison;
            }
            let s = b as u32;
            match op {
                BinOp::Shl => {
                    let r = mask(a << s, w);
                    if flags & FLAG_NUW != 0 && r >> s != a {
                        return poison;
                    }
                    if flags & FLAG_NSW != 0 && sext(r, w) >> s != sa {
                        return poison;
                    }
                    r
                }
                BinOp::LShr => {
                    if flags & FLAG_EXACT != 0 && (a >> s) << s != a {
                        return poison;
                    }
                    a >> s
                }
                _ => {
                    if flags & FLAG_EXACT != 0 && (a >> s) << s != a {
                        return poison;
                    }
                    (sa >> s) as u128
                }
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
    };
    Ok(Val::int(w, r))
}
