//! A structural hash consistent with the order: if [`crate::order`] says two functions
//! are equal, they get the same hash.
//!
//! The hash reads only what the order requires to be *identical* for equal functions,
//! over the same walk the order uses (reachable blocks, depth-first from the entry,
//! last successor first):
//! * the canonical function type (pointers coerced as in the order) and numeric
//!   signature props;
//! * per block: a marker and the number of instructions;
//! * per instruction: opcode, role, and, except for address computations (whose operand
//!   count and types the order may skip), operand count, canonical result type, flags,
//!   canonical operand types and numeric props; for every operand its value class and,
//!   for constants, the constant kind (and the words of integers); a self call is marked.
//!
//! By default it never reads global identities, local numbering or anything that merges
//! can change, so it can bucket functions that become equal only after their callees
//! merge (the worklist's singleton filter relies on that). With
//! [`FunctionHasher::hash_global_refs`] it also hashes which global a top-level
//! global-address operand names (and the bits of floating-point operands): the order
//! equates such operands only when they name the same global (a function's call to
//! itself is marked separately), so this stays consistent with the order. The driver uses
//! that variant for the `FnTree` key: a function whose operands change is taken out
//! of the tree first, and the finer key splits the large buckets of functions that differ
//! only in a callee, which otherwise cost a comparison walk per tree level. Cycle mode
//! uses it for its starting classes, with [`FunctionHasher::abstract_callees`] marking
//! the callees that the order there compares by class instead of identity. Weak flags are
//! hashed only when they are compared.

use alloc::vec::Vec;
use core::hash::Hasher;

use rustc_hash::FxHasher;

use crate::ir::*;

/// Reusable state for hashing: a per-type cache.
#[derive(Debug, Default)]
pub struct FunctionHasher {
    type_cache: Vec<u64>,
    /// [`Self::attrs_hash`] by attribute-list id (`NONE`: not computed yet).
    attrs_cache: Vec<u64>,
    visited: Vec<bool>,
    stack: Vec<BlockId>,
    /// Hash [`Inst::weak_flags`] too (must match [`crate::Comparator::compare_weak_flags`]).
    pub hash_weak_flags: bool,
    /// Mark calls of the function to itself (in cycle mode only together with
    /// [`Self::abstract_callees`], which exempts the calls that may equal a call to a
    /// class mate).
    pub mark_self_calls: bool,
    /// Hash the global named by a top-level global-address operand, and the bits of
    /// floating-point operands (off by default; in cycle mode only together with
    /// [`Self::abstract_callees`], as for [`Self::mark_self_calls`]).
    pub hash_global_refs: bool,
    /// Cycle mode's initial hash: a direct callee `g` with `abstract_callees[g]` set is
    /// hashed as "some function" (the order compares it by its class, which any class
    /// mate may share); every other callee keeps its identity or self-call mark. Use with
    /// [`Self::hash_global_refs`] and [`Self::mark_self_calls`] on.
    pub abstract_callees: Option<Vec<bool>>,
}

/// [`FunctionHasher::attrs_hash`] of an attribute list fed one attribute at a time, for
/// adapters that hash a list without converting it ([`Module::attrs_hash_hint`]). Feed
/// it exactly what the converted list would hold: [`Self::new`] with the number of sets
/// that count (up to the last non-empty one of function, return, parameters), then per
/// set [`Self::set`] with its length and its attributes in order. Only flag, integer and string attributes can be fed (a list with a type or an
/// opaque attribute is hashed from its conversion).
pub struct AttrsHasher {
    h: FxHasher,
    sets: usize,
}

impl core::fmt::Debug for AttrsHasher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AttrsHasher").field("sets", &self.sets).finish_non_exhaustive()
    }
}

impl AttrsHasher {
    /// A list of `sets` sets that count.
    pub fn new(sets: usize) -> Self {
        let mut h = FxHasher::default();
        h.write_usize(sets);
        AttrsHasher { h, sets }
    }
    /// The next set, of `len` attributes.
    pub fn set(&mut self, len: usize) {
        self.h.write_usize(len);
    }
    /// A flag attribute of kind `k`.
    pub fn flag(&mut self, k: u32) {
        self.h.write_u64(u64::from(k));
    }
    /// An integer attribute of kind `k` and value `v`.
    pub fn int(&mut self, k: u32, v: u64) {
        self.h.write_u64(1 << 32 | u64::from(k));
        self.h.write_u64(v);
    }
    /// A string attribute `k` = `v`.
    pub fn string(&mut self, k: &[u8], v: &[u8]) {
        self.h.write_u64(3 << 32 | k.len() as u64);
        self.h.write(k);
        self.h.write_usize(v.len());
        self.h.write(v);
    }
    /// The hash (bit 63 clear, as every attribute-list hash).
    pub fn finish(self) -> u64 {
        self.h.finish() & !(1 << 63)
    }
}

const NONE: u64 = u64::MAX;

impl FunctionHasher {
    /// A hasher that includes weak flags.
    pub fn new() -> Self {
        FunctionHasher { hash_weak_flags: true, mark_self_calls: true, ..Default::default() }
    }

    /// The hasher of the driver's `FnTree` key: [`Self::new`] with
    /// [`Self::hash_global_refs`] on.
    pub fn tree_key() -> Self {
        FunctionHasher { hash_global_refs: true, ..Self::new() }
    }

    /// Canonical hash of a type (pointer coercion applied, names ignored).
    #[inline]
    pub fn type_hash<M: Module + ?Sized>(&mut self, m: &M, t: TypeId) -> u64 {
        // The cached case is inlined at every operand; the first visit of a type is not.
        match self.type_cache.get(t.index()) {
            Some(&v) if v != NONE => v,
            _ => self.type_hash_uncached(m, t),
        }
    }

    #[inline(never)]
    fn type_hash_uncached<M: Module + ?Sized>(&mut self, m: &M, t: TypeId) -> u64 {
        let i = t.index();
        if self.type_cache.len() <= i {
            // Room for the types interned since, not one slot at a time.
            self.type_cache.resize((i + 1).max(self.type_cache.len() * 2), NONE);
        }
        let mut h = FxHasher::default();
        let d = m.type_data(t);
        let coerced = match (d, m.target().ptr_as_int) {
            (TypeData::Ptr { addr_space }, Some(c)) if c.addr_space == *addr_space => Some(c.bits),
            _ => None,
        };
        if let Some(bits) = coerced {
            h.write_u8(4);
            h.write_u32(bits);
        } else {
            match d {
                TypeData::Void => h.write_u8(0),
                TypeData::Label => h.write_u8(1),
                TypeData::Metadata => h.write_u8(2),
                TypeData::Token => h.write_u8(3),
                TypeData::Int { bits } => {
                    h.write_u8(4);
                    h.write_u32(*bits);
                }
                TypeData::Float { format, bits } => {
                    h.write_u8(5);
                    h.write_u32(*format);
                    h.write_u32(*bits);
                }
                TypeData::Ptr { addr_space } => {
                    h.write_u8(6);
                    h.write_u32(*addr_space);
                }
                TypeData::Vector { scalable, len, elem } => {
                    h.write_u8(7);
                    h.write_u8(*scalable as u8);
                    h.write_u64(*len);
                    let e = self.type_hash(m, *elem);
                    h.write_u64(e);
                }
                TypeData::Array { len, elem } => {
                    h.write_u8(8);
                    h.write_u64(*len);
                    let e = self.type_hash(m, *elem);
                    h.write_u64(e);
                }
                TypeData::Struct { packed, fields } => {
                    h.write_u8(9);
                    h.write_u8(*packed as u8);
                    h.write_usize(fields.len());
                    for f in fields.iter() {
                        let e = self.type_hash(m, *f);
                        h.write_u64(e);
                    }
                }
                TypeData::Func { ret, params, vararg } => {
                    h.write_u8(10);
                    h.write_u8(*vararg as u8);
                    let r = self.type_hash(m, *ret);
                    h.write_u64(r);
                    h.write_usize(params.len());
                    for p in params.iter() {
                        let e = self.type_hash(m, *p);
                        h.write_u64(e);
                    }
                }
                TypeData::Other { kind, name, type_params, int_params } => {
                    h.write_u8(11);
                    h.write_u32(*kind);
                    h.write(name);
                    for p in type_params.iter() {
                        let e = self.type_hash(m, *p);
                        h.write_u64(e);
                    }
                    for p in int_params.iter() {
                        h.write_u64(*p);
                    }
                }
            }
        }
        let v = h.finish() & !(1 << 63); // keep clear of the NONE marker
        self.type_cache[i] = v;
        v
    }

    /// Hash of attribute list `a`, consistent with [`crate::order::cmp_attrs`]: the number
    /// of sets that count, then per set its length and per attribute its kind and value, a
    /// type attribute's type canonically ([`Self::type_hash`]). Cached per list id, like
    /// type hashes (ids must not be reused for other lists). An adapter that hashed the
    /// list itself ([`Module::attrs_hash_hint`], with an [`AttrsHasher`]) is taken at its
    /// word, and the list is not read.
    pub fn attrs_hash<M: Module + ?Sized>(&mut self, m: &M, a: AttrsId) -> u64 {
        if let Some(&v) = self.attrs_cache.get(a.index()).filter(|&&v| v != NONE) {
            return v;
        }
        let v = match m.attrs_hash_hint(a) {
            Some(v) => v,
            None => self.attrs_hash_of_list(m, m.attrs(a)),
        };
        if self.attrs_cache.len() <= a.index() {
            self.attrs_cache.resize(a.index() + 1, NONE);
        }
        self.attrs_cache[a.index()] = v;
        v
    }

    /// [`Self::attrs_hash`] of a list read from its content (no cache, no hint).
    pub fn attrs_hash_of_list<M: Module + ?Sized>(&mut self, m: &M, list: &AttrList) -> u64 {
        let mut h = AttrsHasher::new(crate::order::num_attr_sets(list));
        for i in 0..h.sets {
            let set = crate::order::attr_set(list, i);
            h.set(set.len());
            for attr in set {
                match attr {
                    Attr::Flag(k) => h.flag(*k),
                    Attr::Int(k, v) => h.int(*k, *v),
                    Attr::Type(k, t) => {
                        let th = t.map_or(NONE, |t| self.type_hash(m, t));
                        h.h.write_u64(2 << 32 | u64::from(*k));
                        h.h.write_u64(th);
                    }
                    Attr::Str(k, v) => h.string(k, v),
                    Attr::Opaque(k, id) => {
                        h.h.write_u64(4 << 32 | u64::from(*k));
                        h.h.write_u64(*id);
                    }
                }
            }
        }
        h.finish()
    }

    /// Hash of `f`'s signature, consistent with the order's signature step: its canonical
    /// type and its signature props, attribute lists by content ([`Self::attrs_hash`]),
    /// constants, blocks and metadata by class only.
    pub fn signature_hash<M: Module + ?Sized>(&mut self, m: &M, f: FuncId) -> u64 {
        let info = m.func(f);
        let mut h = FxHasher::default();
        h.write_u64(self.type_hash(m, info.ty));
        self.props(m, &mut h, &info.sig, true);
        h.finish()
    }

    /// Hashes a prop list: one word per prop (a tag in the top bits where the value
    /// leaves room for it), so the multiply chain of the hasher stays short. Attribute
    /// lists count by content if `attrs_by_content` ([`Self::attrs_hash`]), else by class.
    fn props<M: Module + ?Sized>(&mut self, m: &M, h: &mut FxHasher, props: &[Prop], attrs_by_content: bool) {
        h.write_usize(props.len());
        for p in props {
            let w = match p {
                Prop::Num(n) => n.rotate_left(3) ^ 0x9e37_79b9_7f4a_7c15,
                // Type hashes have bit 63 clear; this tag sets it.
                Prop::Type(t) => self.type_hash(m, *t) | 1 << 63,
                Prop::Attrs(a) if attrs_by_content => self.attrs_hash(m, *a).rotate_left(7) ^ 4,
                // Constants, blocks, attributes and metadata may be equal without being
                // identical: only their class is hashed.
                Prop::Const(_) => 2,
                Prop::Block(_) => 3,
                Prop::Attrs(_) => 4,
                Prop::Meta(_) => 5,
            };
            h.write_u64(w);
        }
    }

    /// Hash of function `f` (which must have a body).
    pub fn hash<M: Module + ?Sized>(&mut self, m: &M, f: FuncId) -> u64 {
        let mut h = FxHasher::default();
        let info = m.func(f);
        h.write_u64(0x6d65_7267_6566_756e);
        let t = self.type_hash(m, info.ty);
        h.write_u64(t);
        let sig = &info.sig;
        self.props(m, &mut h, sig, false);
        let Some(body) = m.body(f) else {
            return h.finish();
        };
        let (mut visited, mut stack) = (core::mem::take(&mut self.visited), core::mem::take(&mut self.stack));
        walk_blocks(&body, &mut visited, &mut stack, |b| {
            let insts = body.block_insts(b);
            h.write_u64(0xb1 << 56 ^ insts.len() as u64);
            for inst in insts {
                self.inst(m, &body, &mut h, f, inst);
            }
            h.write_usize(body.block_succs(b).len());
        });
        (self.visited, self.stack) = (visited, stack);
        h.finish()
    }

    /// Hashes one instruction. Small fields are packed into shared words (each word
    /// written is one step of the hasher's serial multiply chain).
    fn inst<M: Module + ?Sized>(&mut self, m: &M, body: &Body<'_>, h: &mut FxHasher, f: FuncId, inst: &Inst) {
        let ops = body.operands(inst);
        let weak = if self.hash_weak_flags { inst.weak_flags } else { 0 };
        match inst.kind {
            InstKind::Address { addr_space, offset, .. } => {
                h.write_u64(inst.opcode as u64 | 2 << 32 | (addr_space as u64) << 34);
                h.write_u64(inst.flags ^ weak.rotate_left(32));
                match offset {
                    Some(o) => {
                        h.write_u64(1 << 32 | o.bits as u64);
                        h.write_u128(o.value);
                    }
                    None => h.write_u64(0),
                }
            }
            InstKind::Plain | InstKind::Call { .. } => {
                let (role, callee) = match inst.kind {
                    InstKind::Call { callee } => (1u64, callee as usize),
                    _ => (0, usize::MAX),
                };
                h.write_u64(inst.opcode as u64 | role << 32 | (ops.len() as u64) << 34);
                h.write_u64(self.type_hash(m, inst.ty) ^ (callee as u64).rotate_left(40));
                h.write_u64(inst.flags ^ weak.rotate_left(32));
                self.props(m, h, body.props_of(inst), false);
                for (k, u) in ops.iter().enumerate() {
                    let t = self.type_hash(m, u.ty);
                    if k == callee && self.is_abstract_callee(m, u.value) {
                        h.write_u64(t ^ 0x8a << 56);
                        continue;
                    }
                    let self_call = self.mark_self_calls && k == callee;
                    operand_class(m, h, t, u.value, self_call, f, self.hash_global_refs);
                }
            }
        }
    }
}

impl FunctionHasher {
    fn is_abstract_callee<M: Module + ?Sized>(&self, m: &M, v: Value) -> bool {
        let Some(abs) = &self.abstract_callees else { return false };
        named_func(m, v).is_some_and(|g| abs.get(g.index()) == Some(&true))
    }
}

/// Hashes one operand: its canonical type `t` and value class in one word, then what
/// equal operands must share beyond that (integer words, and with `refs` the named
/// global and float bits).
fn operand_class<M: Module + ?Sized>(m: &M, h: &mut FxHasher, t: u64, v: Value, callee: bool, f: FuncId, refs: bool) {
    // Type hashes have bit 63 clear: the class goes into the top byte.
    let word = |class: u64| t ^ class << 56;
    match v {
        Value::Arg(_) | Value::Inst(_) | Value::Block(_) => h.write_u64(word(0x80)),
        Value::Asm(_) => h.write_u64(word(0x81)),
        Value::Meta(_) => h.write_u64(word(0x82)),
        Value::Const(c) => {
            let d = m.const_data(c);
            if callee && matches!(d.kind, ConstKind::Global(GlobalRef::Func(g)) if g == f) {
                h.write_u64(word(0x89));
                return;
            }
            match &d.kind {
                ConstKind::Null => h.write_u64(word(0x90)),
                // An integer equals only an integer of the same width and words.
                ConstKind::Int(words) => {
                    h.write_u64(word(0x93));
                    let n = words.iter().rposition(|w| *w != 0).map_or(0, |i| i + 1);
                    for w in &words[..n] {
                        h.write_u64(*w);
                    }
                }
                // Only the named global equals a global address (see the module docs).
                ConstKind::Global(g) if refs => {
                    h.write_u64(word(0x9b));
                    match g {
                        GlobalRef::Func(x) => h.write_u64(x.0 as u64),
                        GlobalRef::Other(x) => h.write_u64(1 << 32 | x.0 as u64),
                    }
                }
                // Equal floats have equal types and bit patterns.
                ConstKind::Float(words) if refs => {
                    h.write_u64(word(0x94));
                    for w in words.iter() {
                        h.write_u64(*w);
                    }
                }
                k => h.write_u64(word(0xa0 | crate::order::const_rank(k) as u64)),
            }
        }
    }
}

/// Hash of one function with fresh state (weak flags included).
pub fn function_hash<M: Module + ?Sized>(m: &M, f: FuncId) -> u64 {
    FunctionHasher::new().hash(m, f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{adder, ext, Tiny};
    use core::cmp::Ordering;

    /// An adapter feeding an [`AttrsHasher`] the attributes of a list gets the hash the
    /// hasher computes from the list's conversion: empty sets inside, trailing ones not
    /// counted, flags, integers and strings.
    #[test]
    fn attrs_hasher_fed_by_hand_matches_the_list_hash() {
        let mut m = Tiny::new();
        let s = |k: &[u8], v: &[u8]| Attr::Str(k.into(), v.into());
        let lists = [
            AttrList::default(),
            AttrList { func: alloc::vec![Attr::Flag(3), s(b"k", b"v")].into(), ..Default::default() },
            AttrList { ret: alloc::vec![Attr::Int(9, 8)].into(), ..Default::default() },
            AttrList {
                func: alloc::vec![Attr::Flag(1)].into(),
                params: alloc::vec![alloc::boxed::Box::default(), alloc::vec![Attr::Int(70, 16), s(b"", b"")].into()]
                    .into(),
                ..Default::default()
            },
        ];
        let mut h = FunctionHasher::new();
        for list in &lists {
            let sets = crate::order::num_attr_sets(list);
            let mut by_hand = AttrsHasher::new(sets);
            for i in 0..sets {
                let set = crate::order::attr_set(list, i);
                by_hand.set(set.len());
                for a in set {
                    match a {
                        Attr::Flag(k) => by_hand.flag(*k),
                        Attr::Int(k, v) => by_hand.int(*k, *v),
                        Attr::Str(k, v) => by_hand.string(k, v),
                        Attr::Type(..) | Attr::Opaque(..) => unreachable!(),
                    }
                }
            }
            m.attrs.push(list.clone());
            let id = AttrsId::new(m.attrs.len() - 1);
            assert_eq!(by_hand.finish(), h.attrs_hash(&m, id), "{list:?}");
        }
    }

    /// The signature hash follows the order on attribute lists: a type attribute's type
    /// counts canonically (a pointer equals the integer of pointer width), every other
    /// attribute exactly.
    #[test]
    fn signature_hash_agrees_with_the_order_on_attributes() {
        let mut m = Tiny::new();
        let (p, i64t) = (m.ptr(0), m.int(64));
        let with = |m: &mut Tiny, attr: Attr| {
            m.attrs.push(AttrList {
                params: alloc::vec![alloc::vec![attr].into_boxed_slice()].into(),
                ..Default::default()
            });
            AttrsId::new(m.attrs.len() - 1)
        };
        let lists = [
            with(&mut m, Attr::Type(70, Some(p))),
            with(&mut m, Attr::Type(70, Some(i64t))),
            with(&mut m, Attr::Type(70, None)),
            with(&mut m, Attr::Int(70, 8)),
            with(&mut m, Attr::Str(b"k".as_slice().into(), b"v".as_slice().into())),
            with(&mut m, Attr::Str(b"k".as_slice().into(), b"w".as_slice().into())),
        ];
        let fs: Vec<FuncId> = lists
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let f = adder(&mut m, &alloc::format!("f{i}"), 5, ext());
                m.funcs[f.index()].sig = alloc::vec![Prop::Attrs(a)].into();
                f
            })
            .collect();
        let mut h = FunctionHasher::new();
        let sigs: Vec<u64> = fs.iter().map(|&f| h.signature_hash(&m, f)).collect();
        assert_eq!(sigs[0], sigs[1], "byval(ptr) and byval(i64) are equal for the order");
        for (i, &a) in fs.iter().enumerate() {
            for (j, &b) in fs.iter().enumerate() {
                let equal = crate::compare_functions(&m, a, b) == Ordering::Equal;
                assert_eq!(equal, i == j || i + j == 1, "f{i} and f{j}");
                if equal {
                    assert_eq!(sigs[i], sigs[j]);
                } else {
                    assert_ne!(sigs[i], sigs[j], "f{i} and f{j}: a needless collision");
                }
            }
        }
        // The cache answers as the first computation did.
        assert_eq!(h.signature_hash(&m, fs[5]), sigs[5]);
    }
}
