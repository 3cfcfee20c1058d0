//! The total order over functions (LLVM's `FunctionComparator`, rule by rule).
//!
//! [`Comparator::compare`] returns `Less`, `Equal` or `Greater`; `Equal` means "provably
//! the same behaviour, so one may replace the other". The comparison is lexicographic:
//! the first step that differs decides. In order:
//!
//! 1. **Signature**: the adapter's signature props ([`FuncInfo::sig`]: attributes,
//!    collector, section, calling convention, ...), then the function type
//!    ([`cmp_types`]), then the arguments, which get serial
//!    numbers `0..n` on both sides.
//! 2. **CFG walk**: a depth-first walk from the entry blocks, driven by the left
//!    function's successors (last successor first); each pair of blocks is matched by
//!    serial number and compared instruction by instruction. Unreachable blocks are never
//!    looked at; layout order does not matter.
//! 3. **Instructions**: the instructions themselves (serial numbers), opcode, role
//!    ([`InstKind`]), then either the address rule (base operand, address space,
//!    "constant offset?", then the offsets or the source type and every operand), or:
//!    operand count, result type, flags, operand types, props, operands.
//!
//! # Values
//! Locals (arguments, instruction results, blocks) are equal iff they were first met at
//! the same step of the lockstep walk (per-side serial numbers). A constant is greater
//! than any non-constant, metadata greater than asm and locals, asm greater than locals.
//! A function's own address matches the other function's own address **only as the
//! callee of a call** (and inside block addresses): anywhere else it is an ordinary
//! global, so `f(p){ p == f }` and `g(p){ p == g }` stay apart (LLVM issue #213206).
//!
//! # Types
//! Structural; names are ignored. Pointers in the one address space named by
//! [`TargetInfo::ptr_as_int`] compare as integers of the pointer width *everywhere*
//! (including the constant ladder below, which LLVM 22 gets wrong: it treats
//! `ptr == i64` but `ptr > i128 > i64`).
//!
//! # Constants
//! First a *class* (LLVM's "losslessly bitcastable" ladder): non-first-class types by
//! type; vectors by total bit width (all vectors of one width form one class); other
//! first-class types by type, with (non-coerced) pointers above every non-pointer and
//! ordered by address space. Within a class: the null value is greatest (two nulls
//! compare by type), then kind, then contents. `undef`/`poison` compare by type only.
//!
//! # Why this is a total order
//! Every rule above compares a per-function canonical key: serial numbers depend only on
//! the walk, which is fixed by the function itself while the two sides agree, and every
//! other rule is a lexicographic comparison of such keys. Three LLVM 22 rules are not of
//! that form and are changed (equality is unchanged in each case):
//! * GEPs: LLVM compares offsets when both are constant and structure otherwise, which is
//!   not transitive; we compare "has a constant offset" first.
//! * The constant ladder's pointer test uses the coerced type (see above).
//! * The identity shortcut "same constant ⇒ equal" is skipped for constants that contain
//!   a block address, whose meaning depends on which function is being compared.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::num::NonZeroU32;
use hashbrown::hash_map::Entry;
use hashbrown::{HashMap, HashSet};
use rustc_hash::FxBuildHasher;

use crate::explain::{At, Item, NoTrace, Rule, Trace};
use crate::ir::*;

/// Result of one comparison step; `Err` carries the first non-equal ordering.
type Step = Result<(), Ordering>;

#[inline]
fn done(s: Step) -> Ordering {
    match s {
        Ok(()) => Ordering::Equal,
        Err(o) => o,
    }
}

/// Per-side serial numbering of local values, reusable without reallocation.
#[derive(Debug, Default)]
struct SerialMap {
    stamp: Vec<u32>,
    serial: Vec<u32>,
    generation: u32,
    next: u32,
}

impl SerialMap {
    fn reset(&mut self, size: usize) {
        if self.stamp.len() < size {
            self.stamp.resize(size, 0);
            self.serial.resize(size, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.next = 0;
    }
    /// The serial number of slot `i`, assigning the next number on first sight.
    #[inline]
    fn number(&mut self, i: usize) -> u32 {
        if self.stamp[i] == self.generation {
            self.serial[i]
        } else {
            self.stamp[i] = self.generation;
            self.serial[i] = self.next;
            self.next += 1;
            self.serial[i]
        }
    }
}

/// Reusable scratch space for comparisons (serial maps, the walk stack, caches).
#[derive(Debug, Default)]
pub struct Comparator {
    left: SerialMap,
    right: SerialMap,
    /// Consistent renaming of [`MetaData::Distinct`] items, per side: item to serial.
    md_left: HashMap<MetaId, u32, FxBuildHasher>,
    md_right: HashMap<MetaId, u32, FxBuildHasher>,
    /// Pairs of tuples (left, right, depth) whose walk below the attachment root found
    /// no difference in this comparison. The renamings only grow, so the same pair met
    /// again at the same depth would meet the same pairs, all numbered alike, and find
    /// no difference again: it is not walked again. Without it a DAG of shared tuples
    /// (a ring with chords) is walked along every path, 2^depth of them.
    meta_equal: HashSet<(MetaId, MetaId, u32), FxBuildHasher>,
    /// Pairs of different aggregate or expression constants whose walk found no
    /// difference in this comparison, kept once a comparison has walked
    /// [`CONST_WALK_BUDGET`] of them; exact for the same reason as `meta_equal`.
    const_equal: HashSet<(ConstId, ConstId), FxBuildHasher>,
    visited: Vec<bool>,
    stack: Vec<(BlockId, BlockId)>,
    /// Per-constant cache: 0 unknown, 1 context-free, 2 contains a block address.
    const_ctx: Vec<u8>,
    /// The same per metadata item (3: being walked; a cycle counts as a block address).
    meta_ctx: Vec<u8>,
    /// Per metadata item: 1 closed (no distinct or opaque item inside, so the item is
    /// equal to itself without renaming anything), 2 open, 3 being walked (counts as
    /// open), 0 unknown.
    meta_open: Vec<u8>,
    /// Compare [`Inst::weak_flags`] (true unless the driver intersects them).
    pub compare_weak_flags: bool,
    /// Number of full comparisons run.
    pub comparisons: u64,
    /// Cycle mode ([`Self::with_callee_classes`]): class per function.
    callee_classes: Option<Vec<Option<CalleeClass>>>,
}

/// A class of cycle mode ([`Comparator::with_callee_classes`]): direct calls of functions
/// of one class compare equal. A dense id: classes are numbered from 0, and the number is
/// stored plus one, so that `Option<CalleeClass>` (no class: the callee keeps its
/// identity) takes four bytes, as a bare `u32` would. Classes compare by their numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CalleeClass(NonZeroU32);

impl CalleeClass {
    /// The class numbered `id`; `None` for `u32::MAX`, the one number it cannot hold (a
    /// function without a class keeps its identity, which can only keep it apart).
    pub fn new(id: u32) -> Option<Self> {
        NonZeroU32::new(id.wrapping_add(1)).map(CalleeClass)
    }

    /// The class's number.
    pub fn id(self) -> u32 {
        self.0.get() - 1
    }
}

impl Comparator {
    /// Runs `f` with this comparator in *cycle mode* (used by [`crate::cycles`]): a direct
    /// callee `g` with a class (`classes[g]` is `Some`) is compared by its class instead
    /// of its identity, so that functions calling equal classes can compare equal; a
    /// callee without one (`None`, or past the end of `classes`) keeps its identity.
    /// Returns `f`'s result and `classes`; the comparator is back in plain mode either
    /// way.
    pub fn with_callee_classes<R>(
        &mut self,
        classes: Vec<Option<CalleeClass>>,
        f: impl FnOnce(&mut Self) -> R,
    ) -> (R, Vec<Option<CalleeClass>>) {
        self.callee_classes = Some(classes);
        let r = f(self);
        (r, self.callee_classes.take().unwrap_or_default())
    }

    /// Puts a comparator that stays in one mode for its whole life (an explanation's,
    /// see [`crate::near_miss`]) in cycle mode (`Some`, see [`Self::with_callee_classes`])
    /// or plain mode (`None`). A comparator shared between modes uses
    /// `with_callee_classes`, which always returns to plain mode.
    pub fn set_callee_classes(&mut self, classes: Option<Vec<Option<CalleeClass>>>) {
        self.callee_classes = classes;
    }
}

/// Compares two functions of `m` with fresh scratch space (weak flags compared).
/// For repeated comparisons keep a [`Comparator`].
pub fn compare_functions<M: Module + ?Sized>(m: &M, a: FuncId, b: FuncId) -> Ordering {
    let mut c = Comparator::new();
    c.compare(m, a, b)
}

/// One comparison in progress: the module, the two functions and their bodies, and a
/// tracer ([`NoTrace`] for a plain comparison, see [`crate::explain`]).
struct Cx<'c, 'm, M: Module + ?Sized, T: Trace = NoTrace> {
    m: &'m M,
    fl: FuncId,
    fr: FuncId,
    bl: Body<'m>,
    br: Body<'m>,
    nargs_l: usize,
    nargs_r: usize,
    /// Pairs of different aggregate or expression constants walked so far (see
    /// [`CONST_WALK_BUDGET`]).
    const_walks: u32,
    s: &'c mut Comparator,
    t: T,
}

/// How many pairs of different aggregate or expression constants one comparison walks
/// before it remembers the pairs whose walk found no difference. Real functions stay
/// below it; past it, a part shared along many paths by two different constants (equal
/// under the pointer/integer rule) is walked once, not once per path.
const CONST_WALK_BUDGET: u32 = 1024;

/// A canonical view of a type after pointer coercion.
#[derive(Clone, Copy)]
enum Canon<'a> {
    Data(&'a TypeData),
    Int(u32),
}

fn canon<'a, M: Module + ?Sized>(m: &'a M, t: TypeId) -> Canon<'a> {
    let d = m.type_data(t);
    if let TypeData::Ptr { addr_space } = d {
        if let Some(c) = m.target().ptr_as_int {
            if c.addr_space == *addr_space {
                return Canon::Int(c.bits);
            }
        }
    }
    Canon::Data(d)
}

fn type_rank(c: Canon<'_>) -> u8 {
    match c {
        Canon::Int(_) => 4,
        Canon::Data(d) => match d {
            TypeData::Void => 0,
            TypeData::Label => 1,
            TypeData::Metadata => 2,
            TypeData::Token => 3,
            TypeData::Int { .. } => 4,
            TypeData::Float { .. } => 5,
            TypeData::Ptr { .. } => 6,
            TypeData::Vector { .. } => 7,
            TypeData::Array { .. } => 8,
            TypeData::Struct { .. } => 9,
            TypeData::Func { .. } => 10,
            TypeData::Other { .. } => 11,
        },
    }
}

/// Structural type order with pointer coercion. Public for adapters' tests and the hash.
pub fn cmp_types<M: Module + ?Sized>(m: &M, a: TypeId, b: TypeId) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    TypeWalk::new(TYPE_WALK_BUDGET).cmp(m, a, b)
}

/// How many pairs of types one [`cmp_types`] call walks before it starts to remember
/// the pairs it found equal. Real types stay far below it; the memo only exists for
/// types that share parts along many paths (`%Tk = { %Tk-1, %Tk-1 }`), which would
/// otherwise be walked once per path.
const TYPE_WALK_BUDGET: u32 = 4096;

/// One [`cmp_types`] call. The walk is pure (its verdict depends on the two types
/// only), and a pair that is not equal ends the whole walk, so remembering the pairs
/// found equal changes no verdict: a pair met again would be found equal again.
struct TypeWalk {
    budget: u32,
    /// Pairs of different ids found equal, once the budget is spent.
    equal: Option<HashSet<(TypeId, TypeId), FxBuildHasher>>,
}

impl TypeWalk {
    fn new(budget: u32) -> Self {
        TypeWalk { budget, equal: None }
    }

    fn cmp<M: Module + ?Sized>(&mut self, m: &M, a: TypeId, b: TypeId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        if self.budget > 0 {
            self.budget -= 1;
        } else if let Some(equal) = &self.equal {
            if equal.contains(&(a, b)) {
                return Ordering::Equal;
            }
        } else {
            self.equal = Some(HashSet::with_hasher(FxBuildHasher));
        }
        let r = self.cmp_canon(m, a, b);
        if r == Ordering::Equal {
            if let Some(equal) = &mut self.equal {
                equal.insert((a, b));
            }
        }
        r
    }

    fn cmp_canon<M: Module + ?Sized>(&mut self, m: &M, a: TypeId, b: TypeId) -> Ordering {
        let (ca, cb) = (canon(m, a), canon(m, b));
        let r = type_rank(ca).cmp(&type_rank(cb));
        if r != Ordering::Equal {
            return r;
        }
        match (ca, cb) {
            (Canon::Int(x), Canon::Int(y)) => x.cmp(&y),
            (Canon::Int(x), Canon::Data(TypeData::Int { bits })) => x.cmp(bits),
            (Canon::Data(TypeData::Int { bits }), Canon::Int(y)) => bits.cmp(&y),
            (Canon::Data(x), Canon::Data(y)) => self.cmp_data(m, x, y),
            // Ranks are equal, so an `Int` canon only meets integer types above.
            (Canon::Int(_), Canon::Data(_)) | (Canon::Data(_), Canon::Int(_)) => Ordering::Equal,
        }
    }

    fn cmp_lists<M: Module + ?Sized>(&mut self, m: &M, a: &[TypeId], b: &[TypeId]) -> Ordering {
        a.len().cmp(&b.len()).then_with(|| {
            for (x, y) in a.iter().zip(b) {
                let r = self.cmp(m, *x, *y);
                if r != Ordering::Equal {
                    return r;
                }
            }
            Ordering::Equal
        })
    }

    fn cmp_data<M: Module + ?Sized>(&mut self, m: &M, a: &TypeData, b: &TypeData) -> Ordering {
        use TypeData as T;
        match (a, b) {
            (T::Void, T::Void) | (T::Label, T::Label) | (T::Metadata, T::Metadata) | (T::Token, T::Token) => {
                Ordering::Equal
            }
            (T::Int { bits: x }, T::Int { bits: y }) => x.cmp(y),
            (T::Float { format: f1, bits: b1 }, T::Float { format: f2, bits: b2 }) => f1.cmp(f2).then(b1.cmp(b2)),
            (T::Ptr { addr_space: x }, T::Ptr { addr_space: y }) => x.cmp(y),
            (T::Vector { scalable: s1, len: l1, elem: e1 }, T::Vector { scalable: s2, len: l2, elem: e2 }) => {
                s1.cmp(s2).then(l1.cmp(l2)).then_with(|| self.cmp(m, *e1, *e2))
            }
            (T::Array { len: l1, elem: e1 }, T::Array { len: l2, elem: e2 }) => {
                l1.cmp(l2).then_with(|| self.cmp(m, *e1, *e2))
            }
            (T::Struct { packed: p1, fields: f1 }, T::Struct { packed: p2, fields: f2 }) => {
                f1.len().cmp(&f2.len()).then(p1.cmp(p2)).then_with(|| self.cmp_lists(m, f1, f2))
            }
            (T::Func { ret: r1, params: p1, vararg: v1 }, T::Func { ret: r2, params: p2, vararg: v2 }) => p1
                .len()
                .cmp(&p2.len())
                .then(v1.cmp(v2))
                .then_with(|| self.cmp(m, *r1, *r2))
                .then_with(|| self.cmp_lists(m, p1, p2)),
            (
                T::Other { kind: k1, name: n1, type_params: t1, int_params: i1 },
                T::Other { kind: k2, name: n2, type_params: t2, int_params: i2 },
            ) => k1
                .cmp(k2)
                .then_with(|| n1.len().cmp(&n2.len()))
                .then_with(|| n1.cmp(n2))
                .then_with(|| self.cmp_lists(m, t1, t2))
                .then_with(|| i1.cmp(i2)),
            // Different kinds were ordered by rank before we get here; listed for
            // exhaustiveness so that a new kind cannot be equated by accident.
            (
                T::Void
                | T::Label
                | T::Metadata
                | T::Token
                | T::Int { .. }
                | T::Float { .. }
                | T::Ptr { .. }
                | T::Vector { .. }
                | T::Array { .. }
                | T::Struct { .. }
                | T::Func { .. }
                | T::Other { .. },
                _,
            ) => type_rank(Canon::Data(a)).cmp(&type_rank(Canon::Data(b))),
        }
    }
}

/// Width in bits of a vector type for the bitcast ladder (0 for non-vectors and for
/// vectors whose elements have no primitive size, such as pointers that are not coerced).
/// Coerced pointer elements count as integers, so that type-equal vectors
/// (`<2 x ptr>`, `<2 x i64>`) always land in the same class; LLVM 22 gives the first
/// width 0 and the second 128, which breaks transitivity.
fn vector_bits<M: Module + ?Sized>(m: &M, t: TypeId) -> u64 {
    match m.type_data(t) {
        TypeData::Vector { len, elem, .. } => {
            let eb = match canon(m, *elem) {
                Canon::Int(bits) => bits as u64,
                Canon::Data(TypeData::Int { bits }) => *bits as u64,
                Canon::Data(TypeData::Float { bits, .. }) => *bits as u64,
                Canon::Data(_) => 0,
            };
            len.saturating_mul(eb)
        }
        _ => 0,
    }
}

fn is_first_class<M: Module + ?Sized>(m: &M, t: TypeId) -> bool {
    !matches!(m.type_data(t), TypeData::Void | TypeData::Func { .. })
}

/// Address space of a pointer type that is *not* coerced to an integer.
fn uncoerced_ptr_space<M: Module + ?Sized>(m: &M, t: TypeId) -> Option<u32> {
    match canon(m, t) {
        Canon::Data(TypeData::Ptr { addr_space }) => Some(*addr_space),
        _ => None,
    }
}

/// The order of constant kinds (also hashed: equal constants have equal kinds).
pub(crate) fn const_rank(k: &ConstKind) -> u8 {
    match k {
        ConstKind::Null => 0,
        ConstKind::Undef => 1,
        ConstKind::Poison => 2,
        ConstKind::Int(_) => 3,
        ConstKind::Float(_) => 4,
        ConstKind::Array(_) => 5,
        ConstKind::Struct(_) => 6,
        ConstKind::Vector(_) => 7,
        ConstKind::DataArray(_) => 8,
        ConstKind::DataVector(_) => 9,
        ConstKind::Expr { .. } => 10,
        ConstKind::Global(_) => 11,
        ConstKind::BlockAddress { .. } => 12,
        ConstKind::Wrapped { .. } => 13,
        ConstKind::PtrAuth { .. } => 14,
        ConstKind::Opaque(_) => 15,
    }
}

fn global_key(g: GlobalRef) -> (u8, u32) {
    match g {
        GlobalRef::Func(f) => (0, f.0),
        GlobalRef::Other(g) => (1, g.0),
    }
}

fn cmp_words(a: &[u64], b: &[u64]) -> Ordering {
    // Unsigned magnitude, most significant word first; missing words are zero.
    let n = a.len().max(b.len());
    for i in (0..n).rev() {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

fn cmp_bytes(a: &[u8], b: &[u8]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

fn prop_rank(p: &Prop) -> u8 {
    match p {
        Prop::Num(_) => 0,
        Prop::Type(_) => 1,
        Prop::Const(_) => 2,
        Prop::Block(_) => 3,
        Prop::Attrs(_) => 4,
        Prop::Meta(_) => 5,
    }
}

fn attr_rank(a: &Attr) -> u8 {
    match a {
        Attr::Flag(_) => 0,
        Attr::Int(..) => 1,
        Attr::Type(..) => 2,
        Attr::Str(..) => 3,
        Attr::Opaque(..) => 4,
    }
}

/// Number of attribute sets in LLVM's sense: position of the last non-empty set in
/// `[func, ret, params...]`, plus one.
pub(crate) fn num_attr_sets(a: &AttrList) -> usize {
    if let Some(i) = a.params.iter().rposition(|s| !s.is_empty()) {
        return i + 3;
    }
    if !a.ret.is_empty() {
        2
    } else if !a.func.is_empty() {
        1
    } else {
        0
    }
}

pub(crate) fn attr_set(a: &AttrList, i: usize) -> &[Attr] {
    match i {
        0 => &a.func,
        1 => &a.ret,
        _ => a.params.get(i - 2).map(|s| &s[..]).unwrap_or(&[]),
    }
}

/// Attribute-list order (LLVM's `cmpAttrs`).
pub fn cmp_attrs<M: Module + ?Sized>(m: &M, a: AttrsId, b: AttrsId) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (la, lb) = (m.attrs(a), m.attrs(b));
    let (na, nb) = (num_attr_sets(la), num_attr_sets(lb));
    if na != nb {
        return na.cmp(&nb);
    }
    for i in 0..na {
        let (sa, sb) = (attr_set(la, i), attr_set(lb, i));
        for (x, y) in sa.iter().zip(sb) {
            let r = cmp_attr(m, x, y);
            if r != Ordering::Equal {
                return r;
            }
        }
        let r = sa.len().cmp(&sb.len());
        if r != Ordering::Equal {
            return r;
        }
    }
    Ordering::Equal
}

pub(crate) fn cmp_attr<M: Module + ?Sized>(m: &M, a: &Attr, b: &Attr) -> Ordering {
    match (a, b) {
        (Attr::Flag(x), Attr::Flag(y)) => x.cmp(y),
        (Attr::Int(k1, v1), Attr::Int(k2, v2)) => k1.cmp(k2).then(v1.cmp(v2)),
        (Attr::Type(k1, t1), Attr::Type(k2, t2)) => k1.cmp(k2).then_with(|| match (t1, t2) {
            (Some(x), Some(y)) => cmp_types(m, *x, *y),
            _ => t1.is_some().cmp(&t2.is_some()),
        }),
        (Attr::Str(k1, v1), Attr::Str(k2, v2)) => cmp_bytes(k1, k2).then_with(|| cmp_bytes(v1, v2)),
        (Attr::Opaque(k1, i1), Attr::Opaque(k2, i2)) => k1.cmp(k2).then(i1.cmp(i2)),
        (Attr::Flag(_) | Attr::Int(..) | Attr::Type(..) | Attr::Str(..) | Attr::Opaque(..), _) => {
            attr_rank(a).cmp(&attr_rank(b))
        }
    }
}

/// How deep the order compares metadata (tuples nested in tuples). Beyond it, items
/// compare by identity, and an item met on both sides pairs the distinct nodes inside
/// it with themselves. Metadata is compared in full, wherever it occurs: passed as a
/// call argument (LLVM 22 equates all tuples there, which merged
/// `read_register(!{"sp"})` with `read_register(!{"fp"})`) and attached to an
/// instruction (LLVM 22's `cmpMDNode` equates all nested nodes, which merged loads
/// whose TBAA types differ: a miscompile).
const META_DEPTH_LIMIT: u32 = 32;

impl Comparator {
    /// Fresh scratch space; weak flags are compared.
    pub fn new() -> Self {
        Comparator { compare_weak_flags: true, ..Default::default() }
    }

    /// Compares functions `a` and `b` of `m`. Both must have bodies that satisfy the
    /// [`crate::ir`] preconditions (the driver validates them first).
    pub fn compare<M: Module + ?Sized>(&mut self, m: &M, a: FuncId, b: FuncId) -> Ordering {
        self.comparisons += 1;
        let (Some(bl), Some(br)) = (m.body(a), m.body(b)) else {
            // A function without a body sorts below one with a body; two without are
            // ordered by id (the driver never compares such functions).
            return m.body(a).is_some().cmp(&m.body(b).is_some()).then(a.cmp(&b));
        };
        done(self.start(m, a, b, bl, br).compare())
    }

    /// A comparison of `a` (body `bl`) with `b` (body `br`) with fresh renamings.
    fn start<'c, 'm, M: Module + ?Sized>(
        &'c mut self,
        m: &'m M,
        a: FuncId,
        b: FuncId,
        bl: Body<'m>,
        br: Body<'m>,
    ) -> Cx<'c, 'm, M> {
        self.start_traced(m, a, b, bl, br, NoTrace)
    }

    /// [`Self::start`] with a tracer.
    fn start_traced<'c, 'm, M: Module + ?Sized, T: Trace>(
        &'c mut self,
        m: &'m M,
        a: FuncId,
        b: FuncId,
        bl: Body<'m>,
        br: Body<'m>,
        t: T,
    ) -> Cx<'c, 'm, M, T> {
        let nargs_l = param_count(m, m.func(a).ty);
        let nargs_r = param_count(m, m.func(b).ty);
        self.left.reset(nargs_l + bl.blocks.len() + bl.insts.len());
        self.right.reset(nargs_r + br.blocks.len() + br.insts.len());
        if !self.md_left.is_empty() {
            self.md_left.clear();
        }
        if !self.md_right.is_empty() {
            self.md_right.clear();
        }
        if !self.meta_equal.is_empty() {
            self.meta_equal.clear();
        }
        if !self.const_equal.is_empty() {
            self.const_equal.clear();
        }
        Cx { m, fl: a, fr: b, bl, br, nargs_l, nargs_r, const_walks: 0, s: self, t }
    }

    /// The order's walk over `a` and `b` with tracer `t`: the walk's result and the
    /// tracer (for [`crate::explain`]).
    pub(crate) fn run_traced<'m, M: Module + ?Sized, T: Trace>(
        &mut self,
        m: &'m M,
        a: FuncId,
        b: FuncId,
        bl: Body<'m>,
        br: Body<'m>,
        t: T,
    ) -> (Result<(), Ordering>, T) {
        let mut cx = self.start_traced(m, a, b, bl, br, t);
        let r = cx.compare();
        (r, cx.t)
    }
}

impl Comparator {
    /// Is `f`'s body a copy of `g`'s, so that `compare(g, f)` is `Equal` without walking
    /// them? True when:
    /// * the signatures compare equal (the order's own signature step);
    /// * the blocks, instructions, props and successors are the same records, and so are
    ///   the operands, except that a callee naming `g` in `g`'s body names `f` in `f`'s
    ///   (and only there);
    /// * no constant or metadata item the bodies use contains a block address.
    ///
    /// Why that proves equality: the order reads a body's own function only in its
    /// signature step, at callees (a self call matches a self call) and in block
    /// addresses; every other step compares an item of `g` with the same item at the same
    /// place of `f`, which is equal to itself (the order is reflexive), and the renamings
    /// the walk builds (locals, distinct metadata) grow the same way on both sides. Cheap
    /// next to a comparison: slice equality, no walk of the control flow.
    pub fn is_copy_of<M: Module + ?Sized>(&mut self, m: &M, f: FuncId, g: FuncId) -> bool {
        let (Some(bg), Some(bf)) = (m.body(g), m.body(f)) else { return false };
        if f == g
            || bg.blocks != bf.blocks
            || bg.insts != bf.insts
            || bg.props != bf.props
            || bg.succs != bf.succs
            || bg.uses.len() != bf.uses.len()
        {
            return false;
        }
        let mut cx = self.start(m, g, f, bg, bf);
        if cx.signature().is_err() {
            return false;
        }
        for inst in bg.insts {
            let callee = match inst.kind {
                InstKind::Call { callee } => callee as usize,
                InstKind::Plain | InstKind::Address { .. } => usize::MAX,
            };
            let (ug, uf) = (bg.operands(inst), bf.operands(inst));
            for (k, (x, y)) in ug.iter().zip(uf).enumerate() {
                if k == callee {
                    let (sx, sy) = (cx.is_func(x.value, g), cx.is_func(y.value, f));
                    if sx != sy || (!sx && x != y) || x.ty != y.ty {
                        return false;
                    }
                } else if x != y {
                    return false;
                }
                let context_free = match x.value {
                    Value::Const(c) => !cx.has_block_address(c),
                    Value::Meta(md) => !cx.meta_has_block_address(md),
                    Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Asm(_) => true,
                };
                if !context_free {
                    return false;
                }
            }
            for p in bg.props_of(inst) {
                let context_free = match *p {
                    Prop::Const(c) => !cx.has_block_address(c),
                    Prop::Meta(Some(md)) => !cx.meta_has_block_address(md),
                    Prop::Meta(None) | Prop::Num(_) | Prop::Type(_) | Prop::Block(_) | Prop::Attrs(_) => true,
                };
                if !context_free {
                    return false;
                }
            }
        }
        true
    }

    /// Do `f` and `g` compare equal in the order's signature step (the first step of a
    /// comparison, which reads no body)? With bodies that are the same records up to
    /// self calls ([`crate::FastPath::same_body_as`]), that decides
    /// `compare(g, f) == Equal`, as in [`Self::is_copy_of`]. Reads neither view (so
    /// neither need be built): the renamings are sized for the arguments only.
    pub fn same_signature<M: Module + ?Sized>(&mut self, m: &M, f: FuncId, g: FuncId) -> bool {
        let none = Body { blocks: &[], insts: &[], uses: &[], props: &[], succs: &[] };
        f != g && self.start(m, g, f, none, none).signature().is_ok()
    }
}

/// Slot `i` of a "contains a block address" cache (0 unknown, 1 no, 2 yes, 3 being
/// walked, which counts as yes), grown as needed: the answer if it is known.
fn memo(cache: &mut Vec<u8>, i: usize) -> Option<bool> {
    if cache.len() <= i {
        cache.resize(i + 1, 0);
    }
    match cache[i] {
        0 => None,
        1 => Some(false),
        _ => Some(true),
    }
}

fn param_count<M: Module + ?Sized>(m: &M, t: TypeId) -> usize {
    match m.type_data(t) {
        TypeData::Func { params, .. } => params.len(),
        _ => 0,
    }
}

impl<M: Module + ?Sized, T: Trace> Cx<'_, '_, M, T> {
    /// A step of the order: `o` decides unless it is `Equal`. `rule`, `l` and `r` name the
    /// step for a tracer; without one they are dead values.
    #[inline(always)]
    fn check(&mut self, o: Ordering, rule: Rule, l: Item, r: Item) -> Step {
        if o == Ordering::Equal {
            Ok(())
        } else {
            self.t.differ(rule, l, r, o, true)
        }
    }

    /// A step after which the walk cannot go on even when a tracer would like to look
    /// past the difference (the code after it relies on the two sides agreeing).
    #[inline(always)]
    fn check_last(&mut self, o: Ordering, rule: Rule, l: Item, r: Item) -> Step {
        if o == Ordering::Equal {
            Ok(())
        } else {
            self.t.differ(rule, l, r, o, false)
        }
    }

    fn compare(&mut self) -> Step {
        self.signature()?;
        self.walk()
    }

    fn signature(&mut self) -> Step {
        let (il, ir) = (self.m.func(self.fl), self.m.func(self.fr));
        self.t.at(At::SigProps);
        self.props(&il.sig, &ir.sig)?;
        self.t.at(At::FuncType);
        self.check(cmp_types(self.m, il.ty, ir.ty), Rule::FunctionType, Item::Type(il.ty), Item::Type(ir.ty))?;
        // Equal function types have equal parameter counts.
        let (nl, nr) = (self.nargs_l, self.nargs_r);
        self.check_last(nl.cmp(&nr), Rule::ArgCount, Item::Num(nl as u64), Item::Num(nr as u64))?;
        for i in 0..self.nargs_l {
            let (x, y) = (self.s.left.number(i), self.s.right.number(i));
            let v = Item::Value(Value::Arg(i as u32));
            self.check(x.cmp(&y), Rule::Local, v, v)?;
        }
        Ok(())
    }

    fn walk(&mut self) -> Step {
        let (bl, br) = (self.bl, self.br);
        let (el, er) = (bl.blocks.is_empty(), br.blocks.is_empty());
        self.t.at(At::Body);
        self.check_last(el.cmp(&er).reverse(), Rule::HasBody, Item::Num(!el as u64), Item::Num(!er as u64))?;
        if bl.blocks.is_empty() {
            return Ok(());
        }
        self.s.visited.clear();
        self.s.visited.resize(bl.blocks.len(), false);
        self.s.stack.clear();
        self.s.stack.push((BlockId(0), BlockId(0)));
        self.s.visited[0] = true;
        while let Some((x, y)) = self.s.stack.pop() {
            self.t.at(At::Block(x, y));
            self.local(Value::Block(x), Value::Block(y))?;
            self.block(x, y)?;
            let (sx, sy) = (bl.block_succs(x), br.block_succs(y));
            self.t.at(At::Successors);
            self.check(
                sx.len().cmp(&sy.len()),
                Rule::SuccessorCount,
                Item::Num(sx.len() as u64),
                Item::Num(sy.len() as u64),
            )?;
            for (a, b) in sx.iter().zip(sy) {
                if !self.s.visited[a.index()] {
                    self.s.visited[a.index()] = true;
                    self.s.stack.push((*a, *b));
                }
            }
        }
        Ok(())
    }

    fn block(&mut self, x: BlockId, y: BlockId) -> Step {
        let (bl, br) = (self.bl, self.br);
        let (rx, ry) = (bl.blocks[x.index()].insts, br.blocks[y.index()].insts);
        for (i, j) in rx.range().zip(ry.range()) {
            self.inst(InstId::new(i), InstId::new(j))?;
        }
        self.t.at(At::BlockEnd);
        self.check(rx.len().cmp(&ry.len()), Rule::BlockLength, Item::Num(rx.len() as u64), Item::Num(ry.len() as u64))
    }

    fn inst(&mut self, il: InstId, ir: InstId) -> Step {
        self.t.at(At::Inst(il, ir));
        self.local(Value::Inst(il), Value::Inst(ir))?;
        let (a, b) = (&self.bl.insts[il.index()], &self.br.insts[ir.index()]);
        self.check(a.opcode.cmp(&b.opcode), Rule::Opcode, Item::Num(a.opcode as u64), Item::Num(b.opcode as u64))?;
        let (ua, ub) = (self.bl.operands(a), self.br.operands(b));
        let (nua, nub) = (Item::Num(ua.len() as u64), Item::Num(ub.len() as u64));
        match (a.kind, b.kind) {
            (
                InstKind::Address { base: ba, addr_space: asa, source_ty: ta, offset: oa },
                InstKind::Address { base: bb, addr_space: asb, source_ty: tb, offset: ob },
            ) => {
                let (Some(pa), Some(pb)) = (ua.get(ba as usize), ub.get(bb as usize)) else {
                    return self.check_last(ua.len().cmp(&ub.len()), Rule::OperandCount, nua, nub);
                };
                self.t.at(At::Operand(ba, false));
                self.value(pa.value, pb.value, false)?;
                self.t.at(At::Inst(il, ir));
                self.check(asa.cmp(&asb), Rule::AddressSpace, Item::Num(asa as u64), Item::Num(asb as u64))?;
                self.check(a.flags.cmp(&b.flags), Rule::Flags, Item::Num(a.flags), Item::Num(b.flags))?;
                if self.s.compare_weak_flags {
                    let (wa, wb) = (a.weak_flags, b.weak_flags);
                    self.check(wa.cmp(&wb), Rule::WeakFlags, Item::Num(wa), Item::Num(wb))?;
                }
                let (xa, xb) = (Item::Offset(oa), Item::Offset(ob));
                self.check_last(oa.is_some().cmp(&ob.is_some()), Rule::ConstantOffset, xa, xb)?;
                if let (Some(x), Some(y)) = (oa, ob) {
                    self.check(x.bits.cmp(&y.bits), Rule::ConstantOffset, xa, xb)?;
                    self.check(x.value.cmp(&y.value), Rule::ConstantOffset, xa, xb)?;
                    // Not compared by LLVM; equal bases imply equal result types in
                    // valid IR, so this only guards against adapter surprises.
                    return self.check(
                        cmp_types(self.m, a.ty, b.ty),
                        Rule::ResultType,
                        Item::Type(a.ty),
                        Item::Type(b.ty),
                    );
                }
                self.check(cmp_types(self.m, ta, tb), Rule::SourceType, Item::Type(ta), Item::Type(tb))?;
                self.check(ua.len().cmp(&ub.len()), Rule::OperandCount, nua, nub)?;
                self.check(cmp_types(self.m, a.ty, b.ty), Rule::ResultType, Item::Type(a.ty), Item::Type(b.ty))?;
                for (k, (x, y)) in ua.iter().zip(ub).enumerate() {
                    self.t.at(At::Operand(k as u32, false));
                    self.value(x.value, y.value, false)?;
                }
                Ok(())
            }
            (InstKind::Plain, InstKind::Plain) | (InstKind::Call { .. }, InstKind::Call { .. }) => {
                self.check(ua.len().cmp(&ub.len()), Rule::OperandCount, nua, nub)?;
                self.check(cmp_types(self.m, a.ty, b.ty), Rule::ResultType, Item::Type(a.ty), Item::Type(b.ty))?;
                self.check(a.flags.cmp(&b.flags), Rule::Flags, Item::Num(a.flags), Item::Num(b.flags))?;
                if self.s.compare_weak_flags {
                    let (wa, wb) = (a.weak_flags, b.weak_flags);
                    self.check(wa.cmp(&wb), Rule::WeakFlags, Item::Num(wa), Item::Num(wb))?;
                }
                for (k, (x, y)) in ua.iter().zip(ub).enumerate() {
                    self.t.at(At::OperandType(k as u32));
                    self.check(cmp_types(self.m, x.ty, y.ty), Rule::OperandType, Item::Type(x.ty), Item::Type(y.ty))?;
                }
                let (pa, pb) = (self.bl.props_of(a), self.br.props_of(b));
                self.t.at(At::Inst(il, ir));
                self.props(pa, pb)?;
                let (ca, cb) = match (a.kind, b.kind) {
                    (InstKind::Call { callee: x }, InstKind::Call { callee: y }) => (x as usize, y as usize),
                    _ => (usize::MAX, usize::MAX),
                };
                self.t.at(At::Inst(il, ir));
                self.check(ca.cmp(&cb), Rule::CalleePosition, Item::Num(ca as u64), Item::Num(cb as u64))?;
                for (k, (x, y)) in ua.iter().zip(ub).enumerate() {
                    self.t.at(At::Operand(k as u32, k == ca));
                    self.value(x.value, y.value, k == ca)?;
                }
                Ok(())
            }
            (InstKind::Plain | InstKind::Call { .. } | InstKind::Address { .. }, _) => self.check_last(
                kind_rank(&a.kind).cmp(&kind_rank(&b.kind)),
                Rule::InstKind,
                Item::Num(kind_rank(&a.kind) as u64),
                Item::Num(kind_rank(&b.kind) as u64),
            ),
        }
    }

    fn props(&mut self, pa: &[Prop], pb: &[Prop]) -> Step {
        for (k, (x, y)) in pa.iter().zip(pb).enumerate() {
            self.t.at(At::Prop(k as u32));
            self.prop(x, y)?;
        }
        self.t.at(At::Prop(pa.len().min(pb.len()) as u32));
        self.check(pa.len().cmp(&pb.len()), Rule::PropCount, Item::Num(pa.len() as u64), Item::Num(pb.len() as u64))
    }

    fn prop(&mut self, x: &Prop, y: &Prop) -> Step {
        match (x, y) {
            (Prop::Num(a), Prop::Num(b)) => self.check(a.cmp(b), Rule::PropValue, Item::Num(*a), Item::Num(*b)),
            (Prop::Type(a), Prop::Type(b)) => {
                self.check(cmp_types(self.m, *a, *b), Rule::PropType, Item::Type(*a), Item::Type(*b))
            }
            (Prop::Const(a), Prop::Const(b)) => self.constant_or_same(*a, *b),
            (Prop::Block(a), Prop::Block(b)) => self.local(Value::Block(*a), Value::Block(*b)),
            (Prop::Attrs(a), Prop::Attrs(b)) => {
                self.check(cmp_attrs(self.m, *a, *b), Rule::Attributes, Item::Attrs(*a), Item::Attrs(*b))
            }
            (Prop::Meta(a), Prop::Meta(b)) => self.md_node(*a, *b),
            (Prop::Num(_) | Prop::Type(_) | Prop::Const(_) | Prop::Block(_) | Prop::Attrs(_) | Prop::Meta(_), _) => {
                self.check(
                    prop_rank(x).cmp(&prop_rank(y)),
                    Rule::PropKind,
                    Item::Num(prop_rank(x) as u64),
                    Item::Num(prop_rank(y) as u64),
                )
            }
        }
    }

    /// LLVM's `cmpValues`. `callee` marks the callee operand of a call, the one place a
    /// self reference matches the other side's self reference.
    fn value(&mut self, x: Value, y: Value, callee: bool) -> Step {
        if callee {
            if self.s.callee_classes.is_some() {
                let (vx, vy) = (Item::Value(x), Item::Value(y));
                match (self.callee_class(x), self.callee_class(y)) {
                    (Some(a), Some(b)) => return self.check(a.cmp(&b), Rule::Callee, vx, vy),
                    (Some(_), None) => return self.check(Ordering::Less, Rule::Callee, vx, vy),
                    (None, Some(_)) => return self.check(Ordering::Greater, Rule::Callee, vx, vy),
                    (None, None) => {}
                }
            }
            let (sx, sy) = (self.is_func(x, self.fl), self.is_func(y, self.fr));
            if sx || sy {
                // Self is smaller than anything else.
                return self.check(sy.cmp(&sx), Rule::Callee, Item::Value(x), Item::Value(y));
            }
        }
        let (rx, ry) = (value_rank(&x), value_rank(&y));
        self.check_last(rx.cmp(&ry), Rule::ValueKind, Item::Value(x), Item::Value(y))?;
        match (x, y) {
            (Value::Const(a), Value::Const(b)) => self.constant_or_same(a, b),
            // No "same id" shortcut: distinct tuples inside must be numbered either way.
            (Value::Meta(a), Value::Meta(b)) => self.metadata(a, b, 0),
            (Value::Asm(a), Value::Asm(b)) => self.asm(a, b),
            _ => self.local(x, y),
        }
    }

    /// The class of a directly called function in cycle mode, if it is abstractable.
    fn callee_class(&self, v: Value) -> Option<CalleeClass> {
        let classes = self.s.callee_classes.as_ref()?;
        let g = named_func(self.m, v)?;
        classes.get(g.index()).copied().flatten()
    }

    fn is_func(&self, v: Value, f: FuncId) -> bool {
        named_func(self.m, v) == Some(f)
    }

    fn local_slot(&self, v: Value, left: bool) -> usize {
        let (nargs, body) = if left { (self.nargs_l, self.bl) } else { (self.nargs_r, self.br) };
        match v {
            Value::Arg(i) => i as usize,
            Value::Block(b) => nargs + b.index(),
            Value::Inst(i) => nargs + body.blocks.len() + i.index(),
            Value::Const(_) | Value::Asm(_) | Value::Meta(_) => unreachable!("not a local"),
        }
    }

    fn local(&mut self, x: Value, y: Value) -> Step {
        // Arguments, instructions and blocks share one numbering, as in LLVM.
        let (i, j) = (self.local_slot(x, true), self.local_slot(y, false));
        let (a, b) = (self.s.left.number(i), self.s.right.number(j));
        self.check(a.cmp(&b), Rule::Local, Item::Value(x), Item::Value(y))
    }

    /// Does constant `c` (transitively) contain a block address? Such constants mean
    /// different things in different functions, so identity does not prove equality.
    fn has_block_address(&mut self, c: ConstId) -> bool {
        let i = c.index();
        if let Some(known) = memo(&mut self.s.const_ctx, i) {
            return known;
        }
        let m = self.m;
        let kind = &m.const_data(c).kind;
        let r = matches!(kind, ConstKind::BlockAddress { .. }) || kind.operands().any(|e| self.has_block_address(e));
        self.s.const_ctx[i] = if r { 2 } else { 1 };
        r
    }

    /// Does metadata item `md` (transitively) hold a constant with a block address? A
    /// cycle, which uniqued metadata cannot form, counts as "yes".
    fn meta_has_block_address(&mut self, md: MetaId) -> bool {
        let i = md.index();
        if let Some(known) = memo(&mut self.s.meta_ctx, i) {
            return known;
        }
        self.s.meta_ctx[i] = 3;
        let m = self.m;
        let r = match m.meta_data(md) {
            MetaData::Const(c) => self.has_block_address(*c),
            MetaData::Node(items) | MetaData::Distinct(_, items) => {
                items.iter().flatten().any(|x| self.meta_has_block_address(*x))
            }
            MetaData::String(_) | MetaData::Opaque(_) => false,
        };
        self.s.meta_ctx[i] = if r { 2 } else { 1 };
        r
    }

    /// Does metadata item `md` (transitively) hold a distinct or opaque item? Such an
    /// item equals itself only after its distinct nodes are numbered on both sides; a
    /// closed one (strings, constants and uniqued tuples of those) equals itself. A
    /// cycle counts as open.
    fn meta_is_open(&mut self, md: MetaId) -> bool {
        let i = md.index();
        if let Some(known) = memo(&mut self.s.meta_open, i) {
            return known;
        }
        self.s.meta_open[i] = 3;
        let m = self.m;
        let r = match m.meta_data(md) {
            MetaData::Node(items) => items.iter().flatten().any(|x| self.meta_is_open(*x)),
            MetaData::String(_) | MetaData::Const(_) => false,
            MetaData::Distinct(..) | MetaData::Opaque(_) => true,
        };
        self.s.meta_open[i] = if r { 2 } else { 1 };
        r
    }

    /// One constant on both sides is equal to itself unless a block address inside
    /// depends on which functions are compared; used for operands at every level, so
    /// that a constant shared along many paths (an aggregate naming one part twice,
    /// nested) is not walked along each of them.
    fn constant_or_same(&mut self, a: ConstId, b: ConstId) -> Step {
        if a == b && !self.has_block_address(a) {
            return Ok(());
        }
        self.constant(a, b)
    }

    /// Walks the parts of two different constants `a` and `b` with `walk`; once the
    /// comparison has walked [`CONST_WALK_BUDGET`] such pairs, a pair whose walk found
    /// no difference is kept and not walked again (the renamings only grow, so a second
    /// walk would find none either).
    fn const_parts(&mut self, a: ConstId, b: ConstId, walk: impl FnOnce(&mut Self) -> Step) -> Step {
        if self.const_walks < CONST_WALK_BUDGET {
            self.const_walks += 1;
            return walk(self);
        }
        if self.s.const_equal.contains(&(a, b)) {
            return Ok(());
        }
        let passed = self.t.passed();
        walk(self)?;
        if self.t.passed() == passed {
            self.s.const_equal.insert((a, b));
        }
        Ok(())
    }

    /// LLVM's `cmpConstants`: the bitcast ladder, then contents.
    fn constant(&mut self, a: ConstId, b: ConstId) -> Step {
        let m = self.m;
        let (da, db) = (m.const_data(a), m.const_data(b));
        let (ta, tb) = (da.ty, db.ty);
        let (ca, cb) = (Item::Const(a), Item::Const(b));
        let types_res = cmp_types(m, ta, tb);
        if types_res != Ordering::Equal {
            let (fa, fb) = (is_first_class(m, ta), is_first_class(m, tb));
            if !fa || !fb {
                self.check_last(fa.cmp(&fb), Rule::ConstType, ca, cb)?;
                return self.check_last(types_res, Rule::ConstType, ca, cb);
            }
            let (wa, wb) = (vector_bits(m, ta), vector_bits(m, tb));
            self.check_last(wa.cmp(&wb), Rule::ConstType, ca, cb)?;
            if wa == 0 {
                match (uncoerced_ptr_space(m, ta), uncoerced_ptr_space(m, tb)) {
                    (Some(x), Some(y)) => {
                        self.check_last(x.cmp(&y), Rule::ConstType, ca, cb)?;
                        // Same address space means the same pointer type, so `types_res`
                        // would have been equal: unreachable for valid tables.
                        return self.check_last(types_res, Rule::ConstType, ca, cb);
                    }
                    (Some(_), None) => return self.check_last(Ordering::Greater, Rule::ConstType, ca, cb),
                    (None, Some(_)) => return self.check_last(Ordering::Less, Rule::ConstType, ca, cb),
                    (None, None) => return self.check_last(types_res, Rule::ConstType, ca, cb),
                }
            }
            // Vectors of equal width: compare contents.
        }
        let (ka, kb) = (&da.kind, &db.kind);
        let (na, nb) = (matches!(ka, ConstKind::Null), matches!(kb, ConstKind::Null));
        if na && nb {
            return self.check(types_res, Rule::ConstType, ca, cb);
        }
        self.check_last(na.cmp(&nb), Rule::ConstKind, ca, cb)?;
        self.check_last(const_rank(ka).cmp(&const_rank(kb)), Rule::ConstKind, ca, cb)?;
        match (ka, kb) {
            (ConstKind::Undef, ConstKind::Undef) | (ConstKind::Poison, ConstKind::Poison) => {
                self.check(types_res, Rule::ConstType, ca, cb)
            }
            (ConstKind::Int(x), ConstKind::Int(y)) => {
                self.check(int_width(m, ta).cmp(&int_width(m, tb)), Rule::ConstType, ca, cb)?;
                self.check(cmp_words(x, y), Rule::ConstValue, ca, cb)
            }
            (ConstKind::Float(x), ConstKind::Float(y)) => {
                self.check(cmp_types(m, ta, tb), Rule::ConstType, ca, cb)?;
                self.check(cmp_words(x, y), Rule::ConstValue, ca, cb)
            }
            (ConstKind::Array(x), ConstKind::Array(y))
            | (ConstKind::Struct(x), ConstKind::Struct(y))
            | (ConstKind::Vector(x), ConstKind::Vector(y)) => {
                self.check(x.len().cmp(&y.len()), Rule::ConstLength, ca, cb)?;
                self.const_parts(a, b, |cx| {
                    for (p, q) in x.iter().zip(y.iter()) {
                        cx.constant_or_same(*p, *q)?;
                    }
                    Ok(())
                })
            }
            (ConstKind::DataArray(x), ConstKind::DataArray(y))
            | (ConstKind::DataVector(x), ConstKind::DataVector(y)) => {
                self.check(cmp_bytes(x, y), Rule::ConstValue, ca, cb)
            }
            (
                ConstKind::Expr { opcode: o1, operands: v1, props: p1 },
                ConstKind::Expr { opcode: o2, operands: v2, props: p2 },
            ) => {
                self.check(o1.cmp(o2), Rule::ConstExpr, ca, cb)?;
                self.check(v1.len().cmp(&v2.len()), Rule::ConstLength, ca, cb)?;
                self.const_parts(a, b, |cx| {
                    for (p, q) in v1.iter().zip(v2.iter()) {
                        cx.constant_or_same(*p, *q)?;
                    }
                    Ok(())
                })?;
                for (p, q) in p1.iter().zip(p2.iter()) {
                    let o = match (p, q) {
                        (ConstProp::Num(x), ConstProp::Num(y)) => x.cmp(y),
                        (ConstProp::Type(x), ConstProp::Type(y)) => cmp_types(m, *x, *y),
                        (ConstProp::Num(_), ConstProp::Type(_)) => Ordering::Less,
                        (ConstProp::Type(_), ConstProp::Num(_)) => Ordering::Greater,
                    };
                    self.check(o, Rule::ConstExpr, ca, cb)?;
                }
                self.check(p1.len().cmp(&p2.len()), Rule::ConstExpr, ca, cb)
            }
            (ConstKind::Global(x), ConstKind::Global(y)) => {
                self.check(global_key(*x).cmp(&global_key(*y)), Rule::Global, ca, cb)
            }
            (ConstKind::BlockAddress { func: f1, block: b1 }, ConstKind::BlockAddress { func: f2, block: b2 }) => {
                // The function, with the self-reference rule; then the block: by walk
                // position inside the compared functions, by layout elsewhere.
                let (sx, sy) = (*f1 == self.fl, *f2 == self.fr);
                if sx || sy {
                    self.check_last(sy.cmp(&sx), Rule::BlockAddress, ca, cb)?;
                    let (nb_l, nb_r) = (self.bl.blocks.len() as u32, self.br.blocks.len() as u32);
                    if *b1 >= nb_l || *b2 >= nb_r {
                        // Out-of-range block index: order by index, never equal.
                        return self.check_last((*b1).cmp(b2).then(Ordering::Less), Rule::BlockAddress, ca, cb);
                    }
                    return self.local(Value::Block(BlockId(*b1)), Value::Block(BlockId(*b2)));
                }
                self.check(f1.cmp(f2), Rule::BlockAddress, ca, cb)?;
                self.check(b1.cmp(b2), Rule::BlockAddress, ca, cb)
            }
            (ConstKind::Wrapped { kind: k1, target: t1 }, ConstKind::Wrapped { kind: k2, target: t2 }) => {
                self.check(k1.cmp(k2), Rule::Global, ca, cb)?;
                self.check(global_key(*t1).cmp(&global_key(*t2)), Rule::Global, ca, cb)
            }
            (
                ConstKind::PtrAuth { ptr: p1, key: k1, disc: d1, addr_disc: a1 },
                ConstKind::PtrAuth { ptr: p2, key: k2, disc: d2, addr_disc: a2 },
            ) => self.const_parts(a, b, |cx| {
                cx.constant_or_same(*p1, *p2)?;
                cx.constant_or_same(*k1, *k2)?;
                cx.constant_or_same(*d1, *d2)?;
                cx.constant_or_same(*a1, *a2)
            }),
            (ConstKind::Opaque(x), ConstKind::Opaque(y)) => self.check(x.cmp(y), Rule::ConstValue, ca, cb),
            // Different kinds were ordered by rank above; listed so that no kind can be
            // equated by a catch-all.
            (
                ConstKind::Null
                | ConstKind::Undef
                | ConstKind::Poison
                | ConstKind::Int(_)
                | ConstKind::Float(_)
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
                | ConstKind::Opaque(_),
                _,
            ) => self.check_last(const_rank(ka).cmp(&const_rank(kb)), Rule::ConstKind, ca, cb),
        }
    }

    fn asm(&mut self, a: AsmId, b: AsmId) -> Step {
        if a == b {
            return Ok(());
        }
        let (x, y) = (self.m.asm_data(a), self.m.asm_data(b));
        let o = cmp_types(self.m, x.ty, y.ty)
            .then_with(|| cmp_bytes(&x.text, &y.text))
            .then_with(|| cmp_bytes(&x.constraints, &y.constraints))
            .then(x.flags.cmp(&y.flags));
        self.check(o, Rule::InlineAsm, Item::Asm(a), Item::Asm(b))
    }

    /// An instruction attachment (or `None` for none). LLVM 22's `cmpMDNode` compares a
    /// tuple's operands shallowly (every nested node equal to every other), which merges
    /// functions whose TBAA types or scope lists differ; here the whole tree is compared
    /// as metadata passed as a value is: nested tuples
    /// structurally, distinct nodes by consistent renaming (their operands compared when
    /// a pair is first met), opaque items by identity.
    fn md_node(&mut self, a: Option<MetaId>, b: Option<MetaId>) -> Step {
        let (ia, ib) = (Item::Meta(a), Item::Meta(b));
        match (a, b) {
            (None, None) => Ok(()),
            (None, Some(_)) => self.check(Ordering::Less, Rule::Metadata, ia, ib),
            (Some(_), None) => self.check(Ordering::Greater, Rule::Metadata, ia, ib),
            (Some(a), Some(b)) => self.metadata(a, b, 0),
        }
    }

    fn metadata(&mut self, a: MetaId, b: MetaId, depth: u32) -> Step {
        let m = self.m;
        let (x, y) = (m.meta_data(a), m.meta_data(b));
        let (ia, ib) = (Item::Meta(Some(a)), Item::Meta(Some(b)));
        // The same item is equal to itself, except that distinct tuples inside must still
        // be numbered on both sides (so an open item is walked).
        if a == b && !self.meta_is_open(a) {
            return Ok(());
        }
        match (x, y) {
            (MetaData::String(p), MetaData::String(q)) => return self.check(p[..].cmp(&q[..]), Rule::Metadata, ia, ib),
            (MetaData::String(_), _) => return self.check(Ordering::Greater, Rule::Metadata, ia, ib),
            (_, MetaData::String(_)) => return self.check(Ordering::Less, Rule::Metadata, ia, ib),
            (MetaData::Const(p), MetaData::Const(q)) => return self.constant_or_same(*p, *q),
            (MetaData::Const(_), _) => return self.check(Ordering::Greater, Rule::Metadata, ia, ib),
            (_, MetaData::Const(_)) => return self.check(Ordering::Less, Rule::Metadata, ia, ib),
            (
                MetaData::Node(_) | MetaData::Distinct(..) | MetaData::Opaque(_),
                MetaData::Node(_) | MetaData::Distinct(..) | MetaData::Opaque(_),
            ) => {}
        }
        match (x, y) {
            (MetaData::Node(p), MetaData::Node(q)) if depth < META_DEPTH_LIMIT => {
                if depth == 0 {
                    // An attachment's root is met once per instruction pair: not kept.
                    return self.meta_operands(a, b, p, q, depth);
                }
                if self.s.meta_equal.contains(&(a, b, depth)) {
                    return Ok(());
                }
                let passed = self.t.passed();
                self.meta_operands(a, b, p, q, depth)?;
                if self.t.passed() == passed {
                    self.s.meta_equal.insert((a, b, depth));
                }
                Ok(())
            }
            (MetaData::Node(p), MetaData::Node(_)) if a == b => self.same_deep_operands(p),
            (MetaData::Distinct(_, p), MetaData::Distinct(_, q)) => {
                let (i, fresh_i) = serial_of(&mut self.s.md_left, a);
                let (j, fresh_j) = serial_of(&mut self.s.md_right, b);
                self.check(i.cmp(&j).then(fresh_i.cmp(&fresh_j)), Rule::Metadata, ia, ib)?;
                if !fresh_i {
                    // Met before as this very pair: its operands were compared then.
                    return Ok(());
                }
                if depth >= META_DEPTH_LIMIT {
                    // Too deep to compare: only one node matches itself.
                    self.check(a.cmp(&b), Rule::Metadata, ia, ib)?;
                    return self.same_deep_operands(p);
                }
                self.meta_operands(a, b, p, q, depth)
            }
            // Opaque items, and different tuples nested deeper than the limit: identity
            // (the same item only, an exact answer: the adapter interns an item by
            // content).
            _ => self.check(meta_rank(x).cmp(&meta_rank(y)).then(a.cmp(&b)), Rule::Metadata, ia, ib),
        }
    }

    /// Operands `ops` of one item met on both sides beyond [`META_DEPTH_LIMIT`]: equal
    /// when every distinct node inside pairs with itself, consistently with the pairs
    /// made so far (the identity is a renaming). Walked without recursion.
    fn same_deep_operands(&mut self, ops: &[Option<MetaId>]) -> Step {
        let m = self.m;
        let mut stack: Vec<MetaId> = ops.iter().flatten().copied().collect();
        let mut seen: HashSet<MetaId, FxBuildHasher> = HashSet::default();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            match m.meta_data(x) {
                MetaData::Node(kids) => stack.extend(kids.iter().flatten()),
                MetaData::Distinct(_, kids) => {
                    let (i, fresh_i) = serial_of(&mut self.s.md_left, x);
                    let (j, fresh_j) = serial_of(&mut self.s.md_right, x);
                    let (ix, iy) = (Item::Meta(Some(x)), Item::Meta(Some(x)));
                    self.check(i.cmp(&j).then(fresh_i.cmp(&fresh_j)), Rule::Metadata, ix, iy)?;
                    if fresh_i {
                        stack.extend(kids.iter().flatten());
                    }
                }
                MetaData::String(_) | MetaData::Const(_) | MetaData::Opaque(_) => {}
            }
        }
        Ok(())
    }

    /// The operands of tuples `a` (`p`) and `b` (`q`), one level below `depth`: count,
    /// then each (null lowest).
    fn meta_operands(&mut self, a: MetaId, b: MetaId, p: &[Option<MetaId>], q: &[Option<MetaId>], depth: u32) -> Step {
        let (ia, ib) = (Item::Meta(Some(a)), Item::Meta(Some(b)));
        self.check(p.len().cmp(&q.len()), Rule::Metadata, ia, ib)?;
        for (u, v) in p.iter().zip(q.iter()) {
            match (u, v) {
                (None, None) => {}
                (None, Some(_)) => return self.check(Ordering::Less, Rule::Metadata, ia, ib),
                (Some(_), None) => return self.check(Ordering::Greater, Rule::Metadata, ia, ib),
                (Some(u), Some(v)) => self.metadata(*u, *v, depth + 1)?,
            }
        }
        Ok(())
    }
}

/// The serial number of `m` in a consistent-renaming list, assigning the next one on
/// first sight.
fn serial_of(map: &mut HashMap<MetaId, u32, FxBuildHasher>, m: MetaId) -> (u32, bool) {
    let next = map.len() as u32;
    match map.entry(m) {
        Entry::Occupied(e) => (*e.get(), false),
        Entry::Vacant(v) => {
            v.insert(next);
            (next, true)
        }
    }
}

fn int_width<M: Module + ?Sized>(m: &M, t: TypeId) -> u32 {
    match canon(m, t) {
        Canon::Int(b) => b,
        Canon::Data(TypeData::Int { bits }) => *bits,
        Canon::Data(_) => 0,
    }
}

fn meta_rank(m: &MetaData) -> u8 {
    match m {
        MetaData::Opaque(_) => 0,
        MetaData::Distinct(..) => 1,
        MetaData::Node(_) => 2,
        MetaData::Const(_) => 3,
        MetaData::String(_) => 4,
    }
}

fn value_rank(v: &Value) -> u8 {
    match v {
        Value::Arg(_) | Value::Inst(_) | Value::Block(_) => 0,
        Value::Asm(_) => 1,
        Value::Meta(_) => 2,
        Value::Const(_) => 3,
    }
}

fn kind_rank(k: &InstKind) -> u8 {
    match k {
        InstKind::Plain => 0,
        InstKind::Call { .. } => 1,
        InstKind::Address { .. } => 2,
    }
}

/// Walks two *equal* functions in lockstep and calls `pair(left, right)` for every pair
/// of matched instructions (used to intersect flags on the survivor).
pub fn matched_instructions<M: Module + ?Sized>(m: &M, a: FuncId, b: FuncId, mut pair: impl FnMut(InstId, InstId)) {
    let (Some(bl), Some(br)) = (m.body(a), m.body(b)) else { return };
    if bl.blocks.is_empty() || br.blocks.is_empty() {
        return;
    }
    let mut visited = vec![false; bl.blocks.len()];
    let mut stack = vec![(BlockId(0), BlockId(0))];
    visited[0] = true;
    while let Some((x, y)) = stack.pop() {
        let (rx, ry) = (bl.blocks[x.index()].insts, br.blocks[y.index()].insts);
        for (i, j) in rx.range().zip(ry.range()) {
            pair(InstId::new(i), InstId::new(j));
        }
        for (s, t) in bl.block_succs(x).iter().zip(br.block_succs(y)) {
            if !visited[s.index()] {
                visited[s.index()] = true;
                stack.push((*s, *t));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use alloc::boxed::Box;

    /// A class is a dense id whose "no class" costs nothing: `Option<CalleeClass>` is a
    /// `u32`, classes keep their numbers and their order, and the one number that does not
    /// fit is no class.
    #[test]
    fn callee_classes_are_dense_ids() {
        assert_eq!(core::mem::size_of::<Option<CalleeClass>>(), 4);
        for id in [0, 1, 7, u32::MAX - 1] {
            assert_eq!(CalleeClass::new(id).map(CalleeClass::id), Some(id));
        }
        assert_eq!(CalleeClass::new(u32::MAX), None);
        assert!(CalleeClass::new(3) < CalleeClass::new(4));
    }

    fn all_pairs_consistent(m: &Tiny, items: &[ConstId], f: FuncId) {
        // The constant order inside a real comparison context: reflexive, antisymmetric,
        // transitive.
        let mut c = Comparator::new();
        let body = m.body(f).unwrap();
        let mut ord = |a: ConstId, b: ConstId| {
            c.left.reset(64);
            c.right.reset(64);
            let mut cx = Cx {
                m,
                fl: f,
                fr: f,
                bl: body,
                br: body,
                nargs_l: 0,
                nargs_r: 0,
                const_walks: 0,
                s: &mut c,
                t: NoTrace,
            };
            done(cx.constant(a, b))
        };
        for &a in items {
            assert_eq!(ord(a, a), Ordering::Equal);
            for &b in items {
                assert_eq!(ord(a, b), ord(b, a).reverse(), "antisymmetry {a:?} {b:?}");
                for &x in items {
                    if ord(a, b) != Ordering::Greater && ord(b, x) != Ordering::Greater {
                        assert_ne!(ord(a, x), Ordering::Greater, "transitivity {a:?} {b:?} {x:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn pointers_in_address_space_zero_are_integers() {
        let mut m = Tiny::new();
        let (i64t, i32t, p0, p1, p2) = (m.int(64), m.int(32), m.ptr(0), m.ptr(1), m.ptr(2));
        assert_eq!(cmp_types(&m, p0, i64t), Ordering::Equal);
        assert_ne!(cmp_types(&m, p0, i32t), Ordering::Equal);
        assert_ne!(cmp_types(&m, p1, i64t), Ordering::Equal);
        assert_ne!(cmp_types(&m, p0, p1), Ordering::Equal);
        assert_ne!(cmp_types(&m, p1, p2), Ordering::Equal);
        let s1 = m.ty(TypeData::Struct { packed: false, fields: Box::new([p0, i32t]) });
        let s2 = m.ty(TypeData::Struct { packed: false, fields: Box::new([i64t, i32t]) });
        let s3 = m.ty(TypeData::Struct { packed: true, fields: Box::new([i64t, i32t]) });
        assert_eq!(cmp_types(&m, s1, s2), Ordering::Equal);
        assert_ne!(cmp_types(&m, s2, s3), Ordering::Equal);
    }

    #[test]
    fn constant_ladder_is_a_total_order() {
        let mut m = Tiny::new();
        let (i64t, i128t, i32t, p0, p1) = (m.int(64), m.int(128), m.int(32), m.ptr(0), m.ptr(1));
        let v2 = m.ty(TypeData::Vector { scalable: false, len: 2, elem: i64t });
        let v4 = m.ty(TypeData::Vector { scalable: false, len: 4, elem: i32t });
        let vp = m.ty(TypeData::Vector { scalable: false, len: 2, elem: p0 });
        let void = m.void();
        let f = m.add_func("f", void, &[], ext(), |_, b| {
            b.begin_block();
        });
        m.bodies[f.index()].as_mut().unwrap().push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
        let items = [
            m.int_const(i64t, 0),
            m.konst(p0, ConstKind::Null),
            m.konst(p1, ConstKind::Null),
            m.int_const(i128t, 1),
            m.int_const(i64t, 1),
            m.int_const(i32t, 1),
            m.konst(i64t, ConstKind::Undef),
            m.konst(p0, ConstKind::Undef),
            m.konst(p1, ConstKind::Undef),
            m.konst(v2, ConstKind::Null),
            m.konst(v4, ConstKind::Null),
            m.konst(vp, ConstKind::Null),
            m.konst(v2, ConstKind::DataVector(Box::new([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]))),
            m.konst(v4, ConstKind::DataVector(Box::new([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]))),
            m.konst(p0, ConstKind::Global(GlobalRef::Func(f))),
            m.konst(p1, ConstKind::Poison),
        ];
        all_pairs_consistent(&m, &items, f);
        // The equalities LLVM 22 has: i64 0 == ptr null; undef i64 == undef ptr;
        // same-width data vectors with the same bytes; <2 x i64> 0 == <2 x ptr> null.
        let mut c = Comparator::new();
        let body = m.body(f).unwrap();
        let mut eq = |a: usize, b: usize| {
            c.left.reset(8);
            c.right.reset(8);
            let mut cx = Cx {
                m: &m,
                fl: f,
                fr: f,
                bl: body,
                br: body,
                nargs_l: 0,
                nargs_r: 0,
                const_walks: 0,
                s: &mut c,
                t: NoTrace,
            };
            done(cx.constant(items[a], items[b])) == Ordering::Equal
        };
        assert!(eq(0, 1));
        assert!(!eq(1, 2));
        assert!(eq(6, 7));
        assert!(!eq(7, 8));
        assert!(eq(12, 13));
        assert!(eq(9, 11));
        assert!(!eq(9, 10));
        assert!(!eq(3, 4));
    }

    /// `f(x) { call self(x); ret }` style functions, and one using its own address as a
    /// value.
    fn recursive(m: &mut Tiny, name: &str, as_value: bool) -> FuncId {
        let void = m.void();
        let p = m.ptr(0);
        let me = FuncId::new(m.funcs.len());
        let me_c = m.func_ref(me);
        m.add_func(name, void, &[p], ext(), |_, b| {
            b.begin_block();
            let ops = [Use { value: Value::Arg(0), ty: p }, Use { value: Value::Const(me_c), ty: p }];
            if as_value {
                // "compare the argument with my own address"
                b.push_inst(7, void, InstKind::Plain, 0, 0, &ops, &[]);
            } else {
                b.push_inst(9, void, InstKind::Call { callee: 1 }, 0, 0, &ops, &[]);
            }
            b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
        })
    }

    #[test]
    fn self_reference_matches_only_as_callee() {
        let mut m = Tiny::new();
        let a = recursive(&mut m, "a", false);
        let b = recursive(&mut m, "b", false);
        let c = recursive(&mut m, "c", true);
        let d = recursive(&mut m, "d", true);
        assert_eq!(compare_functions(&m, a, b), Ordering::Equal);
        assert_ne!(compare_functions(&m, c, d), Ordering::Equal);
        assert_eq!(compare_functions(&m, c, c), Ordering::Equal);
        let h = crate::hash::function_hash(&m, a);
        assert_eq!(h, crate::hash::function_hash(&m, b));
    }

    fn meta(m: &mut Tiny, d: MetaData) -> MetaId {
        m.metas.push(d);
        MetaId::new(m.metas.len() - 1)
    }

    /// A function whose instructions carry the attachments `mds` (one each), then `ret`.
    fn attached(m: &mut Tiny, name: &str, mds: &[MetaId]) -> FuncId {
        let void = m.void();
        m.add_func(name, void, &[], ext(), |_, b| {
            b.begin_block();
            for md in mds {
                b.push_inst(5, void, InstKind::Plain, 0, 0, &[], &[Prop::Num(1), Prop::Num(7), Prop::Meta(Some(*md))]);
            }
            b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
        })
    }

    /// Attachments are compared in full: nested tuples by content (LLVM 22 equates
    /// them), distinct nodes by a consistent renaming whose pairs have equal operands (a
    /// loop id names itself), and an item shared by both functions still numbers the
    /// distinct nodes inside it.
    #[test]
    fn attachments_are_compared_deeply_with_renamed_distinct_nodes() {
        let mut m = Tiny::new();
        let s = |m: &mut Tiny, x: &str| meta(m, MetaData::String(x.as_bytes().into()));
        let root = s(&mut m, "root");
        let (int, en) = (s(&mut m, "int"), s(&mut m, "enum"));
        let t_int = meta(&mut m, MetaData::Node(Box::new([Some(int), Some(root)])));
        let t_enum = meta(&mut m, MetaData::Node(Box::new([Some(en), Some(root)])));
        let tag_int = meta(&mut m, MetaData::Node(Box::new([Some(t_int), Some(t_int)])));
        let tag_enum = meta(&mut m, MetaData::Node(Box::new([Some(t_enum), Some(t_enum)])));
        let (fi, fe) = (attached(&mut m, "fi", &[tag_int]), attached(&mut m, "fe", &[tag_enum]));
        assert_ne!(compare_functions(&m, fi, fe), Ordering::Equal, "nested TBAA types differ");
        let fi2 = attached(&mut m, "fi2", &[tag_int]);
        assert_eq!(compare_functions(&m, fi, fi2), Ordering::Equal);

        // Loop ids: distinct, naming themselves, with properties.
        let mp = s(&mut m, "llvm.loop.mustprogress");
        let mp = meta(&mut m, MetaData::Node(Box::new([Some(mp)])));
        let loop_id = |m: &mut Tiny, n: u64, props: &[MetaId]| {
            let id = MetaId::new(m.metas.len());
            let mut ops = alloc::vec![Some(id)];
            ops.extend(props.iter().map(|p| Some(*p)));
            meta(m, MetaData::Distinct(n, ops.into()))
        };
        let (l1, l2, l3) = (loop_id(&mut m, 1, &[mp]), loop_id(&mut m, 2, &[mp]), loop_id(&mut m, 3, &[]));
        let (g1, g2, g3) =
            (attached(&mut m, "g1", &[l1]), attached(&mut m, "g2", &[l2]), attached(&mut m, "g3", &[l3]));
        assert_eq!(compare_functions(&m, g1, g2), Ordering::Equal, "one pattern under other loop ids");
        assert_ne!(compare_functions(&m, g1, g3), Ordering::Equal, "mustprogress against none");
        assert_eq!(compare_functions(&m, g1, g3), compare_functions(&m, g3, g1).reverse());

        // Scopes: one scope used twice is not two scopes.
        let (d1, d2, d3) = (loop_id(&mut m, 4, &[]), loop_id(&mut m, 5, &[]), loop_id(&mut m, 6, &[]));
        let (h_same, h_two) = (attached(&mut m, "h_same", &[d1, d1]), attached(&mut m, "h_two", &[d2, d3]));
        let h_same2 = attached(&mut m, "h_same2", &[d2, d2]);
        assert_ne!(compare_functions(&m, h_same, h_two), Ordering::Equal);
        assert_eq!(compare_functions(&m, h_same, h_same2), Ordering::Equal);

        // A list both functions share names d1 on both sides: d1 is then paired with
        // itself, and may not pair with d2 later.
        let list = meta(&mut m, MetaData::Node(Box::new([Some(d1)])));
        let (k1, k2) = (attached(&mut m, "k1", &[list, d1]), attached(&mut m, "k2", &[list, d2]));
        assert_ne!(compare_functions(&m, k1, k2), Ordering::Equal, "a shared item still numbers its nodes");
        let k3 = attached(&mut m, "k3", &[list, d1]);
        assert_eq!(compare_functions(&m, k1, k3), Ordering::Equal);

        // Nested beyond the depth limit: the same chain on both sides still pairs the
        // distinct node at its end with itself.
        let mut chain = d1;
        for _ in 0..META_DEPTH_LIMIT + 8 {
            chain = meta(&mut m, MetaData::Node(Box::new([Some(chain)])));
        }
        let (n1, n2) = (attached(&mut m, "n1", &[chain, d1]), attached(&mut m, "n2", &[chain, d2]));
        let n3 = attached(&mut m, "n3", &[chain, d1]);
        assert_ne!(compare_functions(&m, n1, n2), Ordering::Equal, "a deep shared item still numbers its nodes");
        assert_eq!(compare_functions(&m, n1, n3), Ordering::Equal);
    }

    /// Tuples shared along many paths (each level names the next twice, down to a
    /// distinct node) are walked once per pair and depth: two functions attaching 24
    /// such levels compare in a few hundred reads, not 2^24; the verdicts are those of
    /// the full walk (a difference at the bottom is still found, on every path).
    #[test]
    fn shared_tuples_are_walked_once_per_pair_and_depth() {
        let mut m = Tiny::new();
        let diamonds = |m: &mut Tiny, bottom: MetaId| {
            let mut top = bottom;
            for _ in 0..24 {
                top = meta(m, MetaData::Node(Box::new([Some(top), Some(top)])));
            }
            top
        };
        let s = |m: &mut Tiny, x: &str| meta(m, MetaData::String(x.as_bytes().into()));
        let (sa, sb) = (s(&mut m, "a"), s(&mut m, "b"));
        let (d1, d2, d3) = (
            meta(&mut m, MetaData::Distinct(1, Box::new([Some(sa)]))),
            meta(&mut m, MetaData::Distinct(2, Box::new([Some(sa)]))),
            meta(&mut m, MetaData::Distinct(3, Box::new([Some(sb)]))),
        );
        let (t1, t2, t3) = (diamonds(&mut m, d1), diamonds(&mut m, d2), diamonds(&mut m, d3));
        let (f1, f2, f3) =
            (attached(&mut m, "f1", &[t1]), attached(&mut m, "f2", &[t2]), attached(&mut m, "f3", &[t3]));
        let f1b = attached(&mut m, "f1b", &[t1]);
        m.meta_reads.set(0);
        assert_eq!(compare_functions(&m, f1, f2), Ordering::Equal, "one shape over renamed distinct nodes");
        assert_eq!(compare_functions(&m, f1, f1b), Ordering::Equal, "one item on both sides");
        assert_ne!(compare_functions(&m, f1, f3), Ordering::Equal, "the distinct nodes' strings differ");
        assert_eq!(compare_functions(&m, f1, f3), compare_functions(&m, f3, f1).reverse());
        assert!(m.meta_reads.get() < 2_000, "{} metadata reads", m.meta_reads.get());
        // The explanation walks the same way and still finds the difference.
        let reads = m.meta_reads.get();
        let d = Comparator::new().differences(&m, f1, f3, 4);
        assert!(!d.list.is_empty());
        assert_eq!(d.list[0].order, compare_functions(&m, f1, f3));
        assert!(m.meta_reads.get() - reads < 2_000, "{} metadata reads", m.meta_reads.get() - reads);
    }

    /// A constant that names one part twice, 24 levels deep, shared by two different
    /// constants: compared once, not along its 2^24 paths.
    #[test]
    fn shared_constants_are_not_walked_along_every_path() {
        let mut m = Tiny::new();
        let i64t = m.int(64);
        let (mut ty, mut c) = (i64t, m.int_const(i64t, 5));
        for _ in 0..24 {
            ty = m.ty(TypeData::Struct { packed: false, fields: Box::new([ty, ty]) });
            c = m.konst(ty, ConstKind::Struct(Box::new([c, c])));
        }
        let top = m.ty(TypeData::Struct { packed: false, fields: Box::new([ty, i64t]) });
        let (one, two) = (m.int_const(i64t, 1), m.int_const(i64t, 2));
        let (t1, t2) =
            (m.konst(top, ConstKind::Struct(Box::new([c, one]))), m.konst(top, ConstKind::Struct(Box::new([c, two]))));
        let t1b = m.konst(top, ConstKind::Struct(Box::new([c, one])));
        let void = m.void();
        let user = |m: &mut Tiny, name: &str, k: ConstId| {
            m.add_func(name, void, &[], ext(), |_, b| {
                b.begin_block();
                b.push_inst(7, void, InstKind::Plain, 0, 0, &[Use { value: Value::Const(k), ty: top }], &[]);
                b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
            })
        };
        let (f1, f2, f1b) = (user(&mut m, "f1", t1), user(&mut m, "f2", t2), user(&mut m, "f1b", t1b));
        m.const_reads.set(0);
        assert_ne!(compare_functions(&m, f1, f2), Ordering::Equal);
        assert_eq!(compare_functions(&m, f1, f2), compare_functions(&m, f2, f1).reverse());
        assert_eq!(compare_functions(&m, f1, f1b), Ordering::Equal);
        assert!(m.const_reads.get() < 2_000, "{} constant reads", m.const_reads.get());
    }

    /// Two different types, equal under the pointer/integer rule all the way down, whose
    /// parts are shared along many paths (`%Tk = { %Tk-1, %Tk-1 }` over `ptr` and over
    /// `i64`): each pair of parts is compared once, not along its 2^24 paths.
    #[test]
    fn types_equal_along_shared_paths_are_walked_once_per_pair() {
        let mut m = Tiny::new();
        m.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits: 64 });
        let (p, i64t, i32t) = (m.ptr(0), m.int(64), m.int(32));
        let nest = |m: &mut Tiny, leaf: TypeId, levels: usize| {
            let mut ty = leaf;
            for _ in 0..levels {
                ty = m.ty(TypeData::Struct { packed: false, fields: Box::new([ty, ty]) });
            }
            ty
        };
        let (tp, ti) = (nest(&mut m, p, 24), nest(&mut m, i64t, 24));
        let (tp32, ti32) = (nest(&mut m, p, 24), nest(&mut m, i32t, 24));
        let top =
            |m: &mut Tiny, a: TypeId, b: TypeId| m.ty(TypeData::Struct { packed: false, fields: Box::new([a, b]) });
        let (dp, di) = (top(&mut m, tp, i32t), top(&mut m, ti, i64t));
        m.type_reads.set(0);
        assert_eq!(cmp_types(&m, tp, ti), Ordering::Equal);
        assert_eq!(cmp_types(&m, ti, tp), Ordering::Equal);
        // A difference after the shared parts, and one at the first leaf, order both ways.
        assert_eq!(cmp_types(&m, dp, di), Ordering::Less);
        assert_eq!(cmp_types(&m, di, dp), Ordering::Greater);
        assert_eq!(cmp_types(&m, tp32, ti32), Ordering::Greater);
        assert_eq!(cmp_types(&m, ti32, tp32), Ordering::Less);
        assert!(m.type_reads.get() < 40_000, "{} type reads", m.type_reads.get());
    }

    /// The remembered pairs change no verdict: every pair of a mixed set of types orders
    /// the same with the memo from the first step as with the plain walk.
    #[test]
    fn type_walk_memo_gives_the_plain_verdicts() {
        let mut m = Tiny::new();
        m.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits: 64 });
        let leaves = [m.ptr(0), m.ptr(1), m.int(64), m.int(32), m.void()];
        let mut types: Vec<TypeId> = leaves.to_vec();
        for (i, &a) in leaves.iter().enumerate() {
            for &b in &leaves[i..] {
                let s = m.ty(TypeData::Struct { packed: false, fields: Box::new([a, b, a]) });
                let arr = m.ty(TypeData::Array { len: 2, elem: s });
                let v = m.ty(TypeData::Vector { scalable: false, len: 4, elem: a });
                let f = m.ty(TypeData::Func { ret: a, params: Box::new([s, b]), vararg: false });
                let nested = m.ty(TypeData::Struct { packed: false, fields: Box::new([arr, s, arr]) });
                types.extend([s, arr, v, f, nested]);
            }
        }
        for &a in &types {
            for &b in &types {
                let plain = TypeWalk::new(u32::MAX).cmp(&m, a, b);
                assert_eq!(TypeWalk::new(0).cmp(&m, a, b), plain, "{a:?} {b:?}");
                assert_eq!(TypeWalk::new(0).cmp(&m, b, a), plain.reverse(), "{a:?} {b:?}");
            }
        }
    }

    /// Two *different* constants, equal under the pointer/integer rule, each naming one
    /// part twice 24 levels deep: compared once per pair of parts, not along 2^24 paths.
    #[test]
    fn constants_equal_along_shared_paths_are_walked_once_per_pair() {
        let mut m = Tiny::new();
        m.target.ptr_as_int = Some(PtrAsInt { addr_space: 0, bits: 64 });
        let (p, i64t) = (m.ptr(0), m.int(64));
        let nest = |m: &mut Tiny, leaf: TypeId, last: u64| {
            let one = m.int_const(i64t, 1);
            let null = m.konst(leaf, ConstKind::Null);
            let mut ty = m.ty(TypeData::Struct { packed: false, fields: Box::new([leaf, i64t]) });
            let mut c = m.konst(ty, ConstKind::Struct(Box::new([null, one])));
            for _ in 0..24 {
                ty = m.ty(TypeData::Struct { packed: false, fields: Box::new([ty, ty]) });
                c = m.konst(ty, ConstKind::Struct(Box::new([c, c])));
            }
            let end = m.int_const(i64t, last);
            let top = m.ty(TypeData::Struct { packed: false, fields: Box::new([ty, i64t]) });
            (top, m.konst(top, ConstKind::Struct(Box::new([c, end]))))
        };
        let ((tp, cp), (ti, ci), (ti2, ci2)) = (nest(&mut m, p, 1), nest(&mut m, i64t, 1), nest(&mut m, i64t, 2));
        let void = m.void();
        let user = |m: &mut Tiny, name: &str, ty: TypeId, k: ConstId| {
            m.add_func(name, void, &[], ext(), |_, b| {
                b.begin_block();
                b.push_inst(7, void, InstKind::Plain, 0, 0, &[Use { value: Value::Const(k), ty }], &[]);
                b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
            })
        };
        let (fp, fi, fi2) = (user(&mut m, "fp", tp, cp), user(&mut m, "fi", ti, ci), user(&mut m, "fi2", ti2, ci2));
        m.const_reads.set(0);
        assert_eq!(compare_functions(&m, fp, fi), Ordering::Equal);
        assert_eq!(compare_functions(&m, fi, fp), Ordering::Equal);
        // The last field differs after the shared parts: found, and ordered both ways.
        assert_eq!(compare_functions(&m, fp, fi2), Ordering::Less);
        assert_eq!(compare_functions(&m, fi2, fp), Ordering::Greater);
        assert!(m.const_reads.get() < 20_000, "{} constant reads", m.const_reads.get());
        let d = Comparator::new().differences(&m, fp, fi2, 4);
        assert_eq!(d.list.len(), 1);
        assert_eq!(d.list[0].order, Ordering::Less);
    }

    fn gep(m: &mut Tiny, name: &str, src: TypeId, offset: Option<u128>) -> FuncId {
        let p = m.ptr(0);
        let i64t = m.int(64);
        let one = m.int_const(i64t, 1);
        m.add_func(name, p, &[p], ext(), |m2, b| {
            let void = m2.void();
            b.begin_block();
            let ops = [Use { value: Value::Arg(0), ty: p }, Use { value: Value::Const(one), ty: i64t }];
            let kind = InstKind::Address {
                base: 0,
                addr_space: 0,
                source_ty: src,
                offset: offset.map(|v| ConstOffset { bits: 64, value: v }),
            };
            let g = b.push_inst(20, p, kind, 0, 0, &ops, &[]);
            ret(b, void, Use { value: Value::Inst(g), ty: p });
        })
    }

    #[test]
    fn gep_order_is_transitive() {
        let mut m = Tiny::new();
        let (i32t, i8t, i16t) = (m.int(32), m.int(8), m.int(16));
        let a = gep(&mut m, "a", i32t, Some(4));
        let b = gep(&mut m, "b", i8t, Some(4));
        let c = gep(&mut m, "c", i16t, None);
        assert_eq!(compare_functions(&m, a, b), Ordering::Equal);
        assert_eq!(compare_functions(&m, a, c), compare_functions(&m, b, c));
        assert_eq!(compare_functions(&m, a, c), compare_functions(&m, c, a).reverse());
        assert_ne!(compare_functions(&m, a, c), Ordering::Equal);
    }
}
