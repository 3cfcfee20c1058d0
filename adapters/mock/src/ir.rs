//! The native mock IR: an arena of functions, global variables and aliases over
//! interned tables of types, constants, metadata, inline asm and attribute lists.
//!
//! The tables reuse the core's own records ([`TypeData`], [`ConstData`], [`MetaData`],
//! [`AsmData`], [`AttrList`]), interned so that one id always describes one thing and
//! equal contents get equal ids. Function bodies are stored flat, block after block,
//! so that the core's [`mergefunc::InstId`] of an instruction is its index here and
//! operands are the core's [`Use`] records.
//!
//! # Symbols
//! A [`FuncId`] is a *symbol*: a function definition, a declaration, an alias of a
//! function, or an erased tombstone. It keeps its id for its whole life (a folded
//! function turned into a thunk or an alias keeps its id; `split_body` appends a new
//! id). Global variables are [`GlobalId`]s. Names are unique among live symbols.
//!
//! # Data layout
//! Little endian; pointers are 64-bit in address spaces 0 and 1 and 32-bit in address
//! space 2 (index width = pointer width); `iN` occupies `ceil(N/8)` bytes aligned to
//! the next power of two (at most 16); `float`/`double` are 4/8 bytes; vectors are
//! bit-packed (element 0 in the low bits) and aligned to their size rounded up to a
//! power of two; arrays are `len * alloc size`; structs lay out fields in order with
//! natural alignment (no padding when packed). See [`crate::layout`].
//!
//! # Where the rest lives
//! This file is the data and its plain accessors; it depends on no other file of the
//! model. Constants are interned in canonical form by [`MockModule::konst`] (in
//! [`crate::consts`]); adding and editing symbols, which refreshes the core's views, is in
//! `edit.rs`; the views themselves are built by [`crate::view`].

use std::hash::Hash;

use mergefunc::{
    AsmData, AsmId, AttrList, AttrsId, BlockId, BodyBuf, ConstData, ConstId, FuncId, FuncInfo, GlobalId, MetaData,
    MetaId, TargetInfo, TypeData, TypeId, Use,
};

/// The module tables: the core's interner (equal items get equal ids, assigned in
/// first-insertion order with a fixed hasher).
pub type Table<T> = mergefunc::Interner<T>;

/// Linkage of a symbol, as written in the text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum LinkageKind {
    /// `external` (the default, not printed).
    #[default]
    External,
    /// `internal`.
    Internal,
    /// `private`.
    Private,
    /// `weak`.
    Weak,
    /// `weak_odr`.
    WeakOdr,
    /// `linkonce`.
    Linkonce,
    /// `linkonce_odr`.
    LinkonceOdr,
    /// `available_externally`.
    AvailableExternally,
    /// `extern_weak` (declarations only).
    ExternWeak,
    /// `appending` (global arrays such as `@llvm.used` only).
    Appending,
}

impl LinkageKind {
    /// Every linkage, in keyword order.
    pub const ALL: [LinkageKind; 10] = [
        LinkageKind::External,
        LinkageKind::Internal,
        LinkageKind::Private,
        LinkageKind::Weak,
        LinkageKind::WeakOdr,
        LinkageKind::Linkonce,
        LinkageKind::LinkonceOdr,
        LinkageKind::AvailableExternally,
        LinkageKind::ExternWeak,
        LinkageKind::Appending,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            LinkageKind::External => "external",
            LinkageKind::Internal => "internal",
            LinkageKind::Private => "private",
            LinkageKind::Weak => "weak",
            LinkageKind::WeakOdr => "weak_odr",
            LinkageKind::Linkonce => "linkonce",
            LinkageKind::LinkonceOdr => "linkonce_odr",
            LinkageKind::AvailableExternally => "available_externally",
            LinkageKind::ExternWeak => "extern_weak",
            LinkageKind::Appending => "appending",
        }
    }
    /// The linkage class the core sees.
    pub fn class(self) -> mergefunc::Linkage {
        let (interposable, odr, local, discardable) = match self {
            LinkageKind::External | LinkageKind::Appending => (false, false, false, false),
            LinkageKind::Internal | LinkageKind::Private => (false, false, true, true),
            LinkageKind::Weak | LinkageKind::ExternWeak => (true, false, false, false),
            LinkageKind::WeakOdr => (false, true, false, false),
            LinkageKind::Linkonce => (true, false, false, true),
            LinkageKind::LinkonceOdr => (false, true, false, true),
            LinkageKind::AvailableExternally => (false, false, false, true),
        };
        mergefunc::Linkage { interposable, odr, local, discardable_if_unused: discardable }
    }
    /// True for `internal` and `private`.
    pub fn is_local(self) -> bool {
        matches!(self, LinkageKind::Internal | LinkageKind::Private)
    }
}

/// Calling conventions (numbers as in LLVM where one exists).
pub mod cc {
    /// The C convention (default, not printed).
    pub const C: u32 = 0;
    /// `fastcc`.
    pub const FAST: u32 = 8;
    /// `coldcc`.
    pub const COLD: u32 = 9;
    /// `swifttailcc` (thunks between two such functions use `musttail`).
    pub const SWIFT_TAIL: u32 = 16;
    /// `kernelcc`: a GPU-kernel-like entry point that cannot be called.
    pub const KERNEL: u32 = 91;
    /// Keyword of a named convention.
    pub fn keyword(cc: u32) -> Option<&'static str> {
        match cc {
            C => Some("ccc"),
            FAST => Some("fastcc"),
            COLD => Some("coldcc"),
            SWIFT_TAIL => Some("swifttailcc"),
            KERNEL => Some("kernelcc"),
            _ => None,
        }
    }
    /// True if functions of this convention may be called.
    pub fn callable(cc: u32) -> bool {
        cc != KERNEL
    }
}

/// Attribute kinds (the numbers of [`mergefunc::Attr`] kinds).
pub mod attr {
    /// Flag attributes: (number, keyword).
    pub const FLAGS: &[(u32, &str)] = &[
        (1, "noinline"),
        (2, "nounwind"),
        (3, "readnone"),
        (4, "readonly"),
        (5, "noreturn"),
        (6, "nonnull"),
        (7, "noundef"),
        (8, "zeroext"),
        (9, "signext"),
        (10, "inreg"),
        (11, "noalias"),
        (12, "noipa"),
        (13, "cold"),
        (14, "optnone"),
        (15, "alwaysinline"),
        (16, "nocapture"),
        (17, "returned"),
        (18, "willreturn"),
    ];
    /// `noipa`: makes a function ineligible.
    pub const NOIPA: u32 = 12;
    /// Integer attributes written `align N`.
    pub const ALIGN: u32 = 40;
    /// Integer attribute written `dereferenceable(N)`.
    pub const DEREFERENCEABLE: u32 = 41;
    /// Type attributes written `name(T)`: (number, keyword).
    pub const TYPES: &[(u32, &str)] = &[(60, "byval"), (61, "sret"), (62, "elementtype"), (63, "byref")];
    /// Keyword of a flag attribute.
    pub fn flag_name(k: u32) -> Option<&'static str> {
        FLAGS.iter().find(|p| p.0 == k).map(|p| p.1)
    }
    /// Keyword of a type attribute.
    pub fn type_name(k: u32) -> Option<&'static str> {
        TYPES.iter().find(|p| p.0 == k).map(|p| p.1)
    }
}

/// Metadata attachment kinds allowed on loads (and `range` on calls), in kind order.
pub mod mdkind {
    /// (number, name).
    pub const KINDS: &[(u32, &str)] = &[
        (1, "range"),
        (2, "nonnull"),
        (3, "noundef"),
        (4, "align"),
        (5, "tbaa"),
        (6, "alias.scope"),
        (7, "noalias"),
        (8, "invariant.load"),
        (9, "dereferenceable"),
    ];
    /// `!range`.
    pub const RANGE: u32 = 1;
    /// Name of a kind.
    pub fn name(k: u32) -> &'static str {
        KINDS.iter().find(|p| p.0 == k).map(|p| p.1).unwrap_or("?")
    }
    /// Kind of a name.
    pub fn by_name(s: &str) -> Option<u32> {
        KINDS.iter().find(|p| p.1 == s).map(|p| p.0)
    }
}

/// Bit of [`mergefunc::AsmData::flags`]: `sideeffect`.
pub const ASM_SIDEEFFECT: u64 = 1;
/// Bit of [`mergefunc::AsmData::flags`]: `alignstack`.
pub const ASM_ALIGNSTACK: u64 = 2;

/// Integer binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `add`
    Add,
    /// `sub`
    Sub,
    /// `mul`
    Mul,
    /// `udiv`
    UDiv,
    /// `sdiv`
    SDiv,
    /// `shl`
    Shl,
    /// `lshr`
    LShr,
    /// `ashr`
    AShr,
    /// `and`
    And,
    /// `or`
    Or,
    /// `xor`
    Xor,
}

impl BinOp {
    /// Every operator.
    pub const ALL: [BinOp; 11] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::UDiv,
        BinOp::SDiv,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ];
    /// Keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::UDiv => "udiv",
            BinOp::SDiv => "sdiv",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
        }
    }
    /// Which flags ([`FLAG_NUW`], [`FLAG_NSW`], [`FLAG_EXACT`]) the operator accepts.
    pub fn allowed_flags(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => FLAG_NUW | FLAG_NSW,
            BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr => FLAG_EXACT,
            BinOp::And | BinOp::Or | BinOp::Xor => 0,
        }
    }
}

/// `nuw` on a binary operator.
pub const FLAG_NUW: u8 = 1;
/// `nsw` on a binary operator.
pub const FLAG_NSW: u8 = 2;
/// `exact` on a binary operator.
pub const FLAG_EXACT: u8 = 4;

/// GEP no-wrap flag: `nusw` (implied by `inbounds`).
pub const GEP_NUSW: u8 = 1;
/// GEP no-wrap flag: `inbounds` (always stored together with [`GEP_NUSW`]).
pub const GEP_INBOUNDS: u8 = 2;
/// GEP no-wrap flag: `nuw`.
pub const GEP_NUW: u8 = 4;

/// Integer comparison predicates (numbers as in LLVM).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPred {
    /// `eq`
    Eq = 32,
    /// `ne`
    Ne = 33,
    /// `ugt`
    Ugt = 34,
    /// `uge`
    Uge = 35,
    /// `ult`
    Ult = 36,
    /// `ule`
    Ule = 37,
    /// `sgt`
    Sgt = 38,
    /// `sge`
    Sge = 39,
    /// `slt`
    Slt = 40,
    /// `sle`
    Sle = 41,
}

impl IntPred {
    /// Every predicate.
    pub const ALL: [IntPred; 10] = [
        IntPred::Eq,
        IntPred::Ne,
        IntPred::Ugt,
        IntPred::Uge,
        IntPred::Ult,
        IntPred::Ule,
        IntPred::Sgt,
        IntPred::Sge,
        IntPred::Slt,
        IntPred::Sle,
    ];
    /// Keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            IntPred::Eq => "eq",
            IntPred::Ne => "ne",
            IntPred::Ugt => "ugt",
            IntPred::Uge => "uge",
            IntPred::Ult => "ult",
            IntPred::Ule => "ule",
            IntPred::Sgt => "sgt",
            IntPred::Sge => "sge",
            IntPred::Slt => "slt",
            IntPred::Sle => "sle",
        }
    }
}

/// Cast operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    /// `trunc`
    Trunc,
    /// `zext`
    ZExt,
    /// `sext`
    SExt,
    /// `ptrtoint`
    PtrToInt,
    /// `inttoptr`
    IntToPtr,
    /// `bitcast`
    BitCast,
}

impl CastOp {
    /// Every cast.
    pub const ALL: [CastOp; 6] =
        [CastOp::Trunc, CastOp::ZExt, CastOp::SExt, CastOp::PtrToInt, CastOp::IntToPtr, CastOp::BitCast];
    /// Keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            CastOp::Trunc => "trunc",
            CastOp::ZExt => "zext",
            CastOp::SExt => "sext",
            CastOp::PtrToInt => "ptrtoint",
            CastOp::IntToPtr => "inttoptr",
            CastOp::BitCast => "bitcast",
        }
    }
}

/// Atomic orderings (numbers as LLVM's `AtomicOrdering`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AtomicOrdering {
    /// Not atomic.
    #[default]
    NotAtomic = 0,
    /// `unordered`
    Unordered = 1,
    /// `monotonic`
    Monotonic = 2,
    /// `acquire`
    Acquire = 4,
    /// `release`
    Release = 5,
    /// `acq_rel`
    AcqRel = 6,
    /// `seq_cst`
    SeqCst = 7,
}

impl AtomicOrdering {
    /// Atomic orderings (not `NotAtomic`).
    pub const ATOMIC: [AtomicOrdering; 6] = [
        AtomicOrdering::Unordered,
        AtomicOrdering::Monotonic,
        AtomicOrdering::Acquire,
        AtomicOrdering::Release,
        AtomicOrdering::AcqRel,
        AtomicOrdering::SeqCst,
    ];
    /// Keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            AtomicOrdering::NotAtomic => "notatomic",
            AtomicOrdering::Unordered => "unordered",
            AtomicOrdering::Monotonic => "monotonic",
            AtomicOrdering::Acquire => "acquire",
            AtomicOrdering::Release => "release",
            AtomicOrdering::AcqRel => "acq_rel",
            AtomicOrdering::SeqCst => "seq_cst",
        }
    }
}

/// `atomicrmw` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RmwOp {
    /// `xchg`
    Xchg = 0,
    /// `add`
    Add = 1,
    /// `sub`
    Sub = 2,
    /// `and`
    And = 3,
    /// `or`
    Or = 5,
    /// `xor`
    Xor = 6,
}

impl RmwOp {
    /// Every operation.
    pub const ALL: [RmwOp; 6] = [RmwOp::Xchg, RmwOp::Add, RmwOp::Sub, RmwOp::And, RmwOp::Or, RmwOp::Xor];
    /// Keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            RmwOp::Xchg => "xchg",
            RmwOp::Add => "add",
            RmwOp::Sub => "sub",
            RmwOp::And => "and",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
        }
    }
}

/// Tail-call marker of a call (numbers as LLVM's `TailCallKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TailKind {
    /// No marker.
    #[default]
    None = 0,
    /// `tail`
    Tail = 1,
    /// `musttail`
    MustTail = 2,
    /// `notail`
    NoTail = 3,
}

/// Opcode numbers handed to the core ([`mergefunc::Inst::opcode`] and constant
/// expression opcodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Opcode {
    Ret = 1,
    Br = 2,
    CondBr = 3,
    Switch = 4,
    Unreachable = 5,
    Add = 10,
    Sub = 11,
    Mul = 12,
    UDiv = 13,
    SDiv = 14,
    Shl = 15,
    LShr = 16,
    AShr = 17,
    And = 18,
    Or = 19,
    Xor = 20,
    ICmp = 30,
    Select = 31,
    Trunc = 40,
    ZExt = 41,
    SExt = 42,
    PtrToInt = 43,
    IntToPtr = 44,
    BitCast = 45,
    Alloca = 50,
    Load = 51,
    Store = 52,
    Gep = 53,
    Fence = 54,
    AtomicRmw = 55,
    CmpXchg = 56,
    ExtractValue = 60,
    InsertValue = 61,
    Phi = 70,
    Call = 71,
}

impl Opcode {
    /// The opcode of a binary operator.
    pub fn of_bin(op: BinOp) -> Opcode {
        match op {
            BinOp::Add => Opcode::Add,
            BinOp::Sub => Opcode::Sub,
            BinOp::Mul => Opcode::Mul,
            BinOp::UDiv => Opcode::UDiv,
            BinOp::SDiv => Opcode::SDiv,
            BinOp::Shl => Opcode::Shl,
            BinOp::LShr => Opcode::LShr,
            BinOp::AShr => Opcode::AShr,
            BinOp::And => Opcode::And,
            BinOp::Or => Opcode::Or,
            BinOp::Xor => Opcode::Xor,
        }
    }
    /// The opcode of a cast.
    pub fn of_cast(op: CastOp) -> Opcode {
        match op {
            CastOp::Trunc => Opcode::Trunc,
            CastOp::ZExt => Opcode::ZExt,
            CastOp::SExt => Opcode::SExt,
            CastOp::PtrToInt => Opcode::PtrToInt,
            CastOp::IntToPtr => Opcode::IntToPtr,
            CastOp::BitCast => Opcode::BitCast,
        }
    }
    /// Binary operator of a constant-expression opcode number.
    pub fn bin_of(n: u32) -> Option<BinOp> {
        BinOp::ALL.into_iter().find(|b| Opcode::of_bin(*b) as u32 == n)
    }
    /// Cast of a constant-expression opcode number.
    pub fn cast_of(n: u32) -> Option<CastOp> {
        CastOp::ALL.into_iter().find(|c| Opcode::of_cast(*c) as u32 == n)
    }
}

/// What an instruction does, with its non-operand state. Operand conventions
/// (operands are [`Instr::args`]):
///
/// | op | operands |
/// |---|---|
/// | `Bin` | lhs, rhs |
/// | `ICmp` | lhs, rhs |
/// | `Select` | condition, if-true, if-false |
/// | `Cast` | value (result type is [`Instr::ty`]) |
/// | `Alloca` | element count |
/// | `Load` | pointer |
/// | `Store` | value, pointer |
/// | `Gep` | base, indices... |
/// | `ExtractValue` | aggregate |
/// | `InsertValue` | aggregate, value |
/// | `Phi` | one incoming value per entry of the block list |
/// | `Br` | destination block |
/// | `CondBr` | condition, if-true block, if-false block |
/// | `Switch` | condition, default block, one block per case value |
/// | `Ret` | value, or nothing |
/// | `Unreachable` | nothing |
/// | `Call` | callee, arguments... |
/// | `Fence` | nothing |
/// | `AtomicRmw` | pointer, value |
/// | `CmpXchg` | pointer, expected, new (result `{ T, i1 }`) |
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// Integer arithmetic; `flags` is a set of [`FLAG_NUW`], [`FLAG_NSW`], [`FLAG_EXACT`].
    Bin {
        /// Operator.
        op: BinOp,
        /// Flags.
        flags: u8,
    },
    /// Integer or pointer comparison.
    ICmp(IntPred),
    /// `select`.
    Select,
    /// A cast.
    Cast(CastOp),
    /// Stack allocation of `count` elements of `ty`.
    Alloca {
        /// Allocated type.
        ty: TypeId,
        /// Alignment in bytes.
        align: Option<u64>,
    },
    /// Load.
    Load {
        /// `volatile`.
        volatile: bool,
        /// Alignment in bytes.
        align: Option<u64>,
        /// Atomic ordering.
        ordering: AtomicOrdering,
        /// Metadata attachments `(kind, node)`, sorted by kind, kinds unique.
        md: Vec<(u32, MetaId)>,
    },
    /// Store.
    Store {
        /// `volatile`.
        volatile: bool,
        /// Alignment in bytes.
        align: Option<u64>,
        /// Atomic ordering.
        ordering: AtomicOrdering,
    },
    /// `getelementptr`; `flags` is a set of [`GEP_NUSW`], [`GEP_INBOUNDS`], [`GEP_NUW`].
    Gep {
        /// Source element type.
        source: TypeId,
        /// No-wrap flags.
        flags: u8,
    },
    /// `extractvalue`.
    ExtractValue(Vec<u32>),
    /// `insertvalue`.
    InsertValue(Vec<u32>),
    /// `phi`: incoming blocks, parallel to the operands.
    Phi(Vec<BlockId>),
    /// Unconditional branch.
    Br,
    /// Conditional branch.
    CondBr,
    /// `switch`: case values, parallel to the case destinations.
    Switch(Vec<ConstId>),
    /// Return.
    Ret,
    /// `unreachable`.
    Unreachable,
    /// Call.
    Call {
        /// The called function type.
        fn_ty: TypeId,
        /// Calling convention.
        cc: u32,
        /// Call-site attributes.
        attrs: AttrsId,
        /// Tail-call marker.
        tail: TailKind,
        /// `!range` attachment.
        range: Option<MetaId>,
    },
    /// `fence`.
    Fence {
        /// Ordering.
        ordering: AtomicOrdering,
    },
    /// `atomicrmw`.
    AtomicRmw {
        /// Operation.
        op: RmwOp,
        /// `volatile`.
        volatile: bool,
        /// Ordering.
        ordering: AtomicOrdering,
    },
    /// `cmpxchg`.
    CmpXchg {
        /// `weak`.
        weak: bool,
        /// `volatile`.
        volatile: bool,
        /// Success ordering.
        success: AtomicOrdering,
        /// Failure ordering.
        failure: AtomicOrdering,
    },
}

impl Op {
    /// The opcode number.
    pub fn opcode(&self) -> Opcode {
        match self {
            Op::Bin { op, .. } => Opcode::of_bin(*op),
            Op::ICmp(_) => Opcode::ICmp,
            Op::Select => Opcode::Select,
            Op::Cast(c) => Opcode::of_cast(*c),
            Op::Alloca { .. } => Opcode::Alloca,
            Op::Load { .. } => Opcode::Load,
            Op::Store { .. } => Opcode::Store,
            Op::Gep { .. } => Opcode::Gep,
            Op::ExtractValue(_) => Opcode::ExtractValue,
            Op::InsertValue(_) => Opcode::InsertValue,
            Op::Phi(_) => Opcode::Phi,
            Op::Br => Opcode::Br,
            Op::CondBr => Opcode::CondBr,
            Op::Switch(_) => Opcode::Switch,
            Op::Ret => Opcode::Ret,
            Op::Unreachable => Opcode::Unreachable,
            Op::Call { .. } => Opcode::Call,
            Op::Fence { .. } => Opcode::Fence,
            Op::AtomicRmw { .. } => Opcode::AtomicRmw,
            Op::CmpXchg { .. } => Opcode::CmpXchg,
        }
    }
    /// The first operand that is a block (branch target), for terminators that have
    /// block operands: every operand from there on is a block.
    pub fn first_block_operand(&self) -> Option<usize> {
        match self {
            Op::Br => Some(0),
            Op::CondBr | Op::Switch(_) => Some(1),
            Op::Ret
            | Op::Unreachable
            | Op::Bin { .. }
            | Op::ICmp(_)
            | Op::Select
            | Op::Cast(_)
            | Op::Alloca { .. }
            | Op::Load { .. }
            | Op::Store { .. }
            | Op::Gep { .. }
            | Op::ExtractValue(_)
            | Op::InsertValue(_)
            | Op::Phi(_)
            | Op::Call { .. }
            | Op::Fence { .. }
            | Op::AtomicRmw { .. }
            | Op::CmpXchg { .. } => None,
        }
    }
    /// True for block terminators.
    pub fn is_terminator(&self) -> bool {
        match self {
            Op::Br | Op::CondBr | Op::Switch(_) | Op::Ret | Op::Unreachable => true,
            Op::Bin { .. }
            | Op::ICmp(_)
            | Op::Select
            | Op::Cast(_)
            | Op::Alloca { .. }
            | Op::Load { .. }
            | Op::Store { .. }
            | Op::Gep { .. }
            | Op::ExtractValue(_)
            | Op::InsertValue(_)
            | Op::Phi(_)
            | Op::Call { .. }
            | Op::Fence { .. }
            | Op::AtomicRmw { .. }
            | Op::CmpXchg { .. } => false,
        }
    }
}

/// One instruction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instr {
    /// Name of the result (`None`: numbered when printed).
    pub name: Option<String>,
    /// What it does.
    pub op: Op,
    /// Result type (`void` when none).
    pub ty: TypeId,
    /// Operands.
    pub args: Vec<Use>,
}

/// One block of a body: a contiguous range of [`FuncBody::insts`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockData {
    /// Label (`None`: numbered when printed).
    pub name: Option<String>,
    /// First instruction.
    pub start: u32,
    /// One past the last instruction.
    pub end: u32,
}

/// A function body, stored flat in layout order (block 0 is the entry).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FuncBody {
    /// Blocks in layout order.
    pub blocks: Vec<BlockData>,
    /// Instructions, block after block.
    pub insts: Vec<Instr>,
}

impl FuncBody {
    /// The instructions of block `b`.
    pub fn block_insts(&self, b: usize) -> &[Instr] {
        let bd = &self.blocks[b];
        &self.insts[bd.start as usize..bd.end as usize]
    }
    /// The block containing instruction `i`.
    pub fn block_of(&self, i: usize) -> usize {
        self.blocks.partition_point(|b| (b.end as usize) <= i)
    }
}

/// What a function symbol currently is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FuncKind {
    /// A declaration (no body).
    Declaration,
    /// A definition.
    Definition(FuncBody),
    /// An alias of another function symbol.
    Alias(FuncId),
    /// Deleted: the id stays allocated but the symbol is gone.
    Erased,
}

/// A function symbol.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    /// Symbol name.
    pub name: String,
    /// Linkage.
    pub linkage: LinkageKind,
    /// Global `unnamed_addr`.
    pub unnamed_addr: bool,
    /// Calling convention.
    pub cc: u32,
    /// The function type ([`TypeData::Func`]).
    pub ty: TypeId,
    /// Function, return and parameter attributes.
    pub attrs: AttrsId,
    /// Parameter names (`None`: numbered when printed); one per parameter.
    pub param_names: Vec<Option<String>>,
    /// `gc "name"`.
    pub gc: Option<String>,
    /// `section "name"`.
    pub section: Option<String>,
    /// `align N`.
    pub align: Option<u64>,
    /// Body, alias target, ...
    pub kind: FuncKind,
}

/// A global variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlobalVar {
    /// Symbol name.
    pub name: String,
    /// Linkage.
    pub linkage: LinkageKind,
    /// Global `unnamed_addr`.
    pub unnamed_addr: bool,
    /// `constant` rather than `global`.
    pub constant: bool,
    /// Value type.
    pub ty: TypeId,
    /// Initializer (`None`: an external declaration).
    pub init: Option<ConstId>,
    /// `align N`.
    pub align: Option<u64>,
    /// `section "name"`.
    pub section: Option<String>,
}

/// Names of the special globals whose initializers list symbols used externally.
pub const USED_LISTS: [&str; 2] = ["llvm.used", "llvm.compiler.used"];

/// Adapter-defined reasons for [`mergefunc::Ineligible::Adapter`].
pub mod reason {
    /// Calls an intrinsic with a `distinct` metadata operand.
    pub const DISTINCT_MD: u32 = 1;
    /// Has the `noipa` attribute.
    pub const NOIPA: u32 = 2;
    /// Has the `"speculative-load-oracle"` string attribute.
    pub const ORACLE: u32 = 3;
    /// Uses the kernel calling convention (`kernelcc`): kernels cannot be called, and
    /// LLVM (PR #174254) leaves kernel pairs untouched rather than aliasing them.
    pub const KERNEL: u32 = 4;
    /// A thunk written by an earlier merge run (it carries [`super::THUNK_ATTR`]).
    /// Merging two thunks of one body again would only add a hop (LLVM would do it on a
    /// second run); leaving them alone makes merging idempotent.
    pub const THUNK: u32 = 5;
}

/// The string attribute the mock's `write_thunk` puts on every thunk it writes.
pub const THUNK_ATTR: &str = "mergefunc-thunk";

/// A mock module. See the module documentation.
#[derive(Clone, Debug)]
pub struct MockModule {
    pub(crate) types: Table<TypeData>,
    pub(crate) consts: Table<ConstData>,
    pub(crate) metas: Table<MetaData>,
    pub(crate) asms: Table<AsmData>,
    pub(crate) attrs: Table<AttrList>,
    pub(crate) funcs: Vec<Function>,
    pub(crate) globals: Vec<GlobalVar>,
    /// Derived, kept in sync by [`MockModule::refresh`].
    pub(crate) infos: Vec<FuncInfo>,
    /// Derived, kept in sync by [`MockModule::refresh`].
    pub(crate) views: Vec<Option<BodyBuf>>,
    pub(crate) target: TargetInfo,
    pub(crate) next_distinct: u64,
    /// Answer [`mergefunc::FastPath::cycle_key`] (off by default): the core's hash of
    /// the view, which reads no function's identity, with self calls unmarked and weak
    /// flags left out, and the functions with a body that operands name as refs.
    pub cycle_keys: bool,
    /// Answer [`mergefunc::FastPath::tree_key`] and [`mergefunc::FastPath::same_body_as`]
    /// (off by default; see `fast_path.rs`, a worked example of the fast path).
    pub fast_path: bool,
}

impl Default for MockModule {
    fn default() -> Self {
        Self::new()
    }
}

impl MockModule {
    /// An empty module with the mock data layout.
    pub fn new() -> Self {
        MockModule {
            types: Table::default(),
            consts: Table::default(),
            metas: Table::default(),
            asms: Table::default(),
            attrs: Table::default(),
            funcs: Vec::new(),
            globals: Vec::new(),
            infos: Vec::new(),
            views: Vec::new(),
            target: TargetInfo { ptr_as_int: Some(mergefunc::PtrAsInt { addr_space: 0, bits: 64 }) },
            next_distinct: 0,
            cycle_keys: false,
            fast_path: false,
        }
    }

    // ------------------------------------------------------------------ tables

    /// Interns a type.
    pub fn ty(&mut self, t: TypeData) -> TypeId {
        TypeId(self.types.intern(t))
    }
    /// `void`.
    pub fn void(&mut self) -> TypeId {
        self.ty(TypeData::Void)
    }
    /// `iN`.
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.ty(TypeData::Int { bits })
    }
    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addr_space: u32) -> TypeId {
        self.ty(TypeData::Ptr { addr_space })
    }
    /// `label`.
    pub fn label(&mut self) -> TypeId {
        self.ty(TypeData::Label)
    }
    /// `metadata`.
    pub fn metadata_ty(&mut self) -> TypeId {
        self.ty(TypeData::Metadata)
    }
    /// `float` (32) or `double` (64).
    pub fn float(&mut self, bits: u32) -> TypeId {
        self.ty(TypeData::Float { format: if bits == 32 { 1 } else { 2 }, bits })
    }
    /// A function type.
    pub fn func_ty(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> TypeId {
        self.ty(TypeData::Func { ret, params: params.into(), vararg })
    }
    /// A literal struct type.
    pub fn struct_ty(&mut self, fields: &[TypeId], packed: bool) -> TypeId {
        self.ty(TypeData::Struct { packed, fields: fields.into() })
    }
    /// An array type.
    pub fn array_ty(&mut self, len: u64, elem: TypeId) -> TypeId {
        self.ty(TypeData::Array { len, elem })
    }
    /// A fixed vector type.
    pub fn vector_ty(&mut self, len: u64, elem: TypeId) -> TypeId {
        self.ty(TypeData::Vector { scalable: false, len, elem })
    }
    /// A type's data.
    pub fn type_data(&self, t: TypeId) -> &TypeData {
        self.types.get(t.0)
    }

    /// A constant's data.
    pub fn const_data(&self, c: ConstId) -> &ConstData {
        self.consts.get(c.0)
    }
    /// Interns a metadata item (use [`MockModule::distinct_meta`] for distinct nodes).
    pub fn meta(&mut self, m: MetaData) -> MetaId {
        MetaId(self.metas.intern(m))
    }
    /// A new `distinct !{}` node.
    pub fn distinct_meta(&mut self) -> MetaId {
        let n = self.next_distinct;
        self.next_distinct += 1;
        MetaId(self.metas.intern(MetaData::Distinct(n, Box::new([]))))
    }
    /// A metadata item's data.
    pub fn meta_data(&self, m: MetaId) -> &MetaData {
        self.metas.get(m.0)
    }
    /// Interns an inline-asm value.
    pub fn asm(&mut self, a: AsmData) -> AsmId {
        AsmId(self.asms.intern(a))
    }
    /// Interns an attribute list, sorting each set canonically and dropping trailing
    /// empty parameter sets.
    pub fn attr_list(&mut self, mut a: AttrList) -> AttrsId {
        a.func = crate::attrs::canonical_set(&a.func);
        a.ret = crate::attrs::canonical_set(&a.ret);
        let mut params: Vec<Box<[mergefunc::Attr]>> = a.params.iter().map(|s| crate::attrs::canonical_set(s)).collect();
        while params.last().is_some_and(|s| s.is_empty()) {
            params.pop();
        }
        a.params = params.into();
        AttrsId(self.attrs.intern(a))
    }
    /// The empty attribute list.
    pub fn no_attrs(&mut self) -> AttrsId {
        self.attr_list(AttrList::default())
    }
    /// An attribute list's data.
    pub fn attr_data(&self, a: AttrsId) -> &AttrList {
        self.attrs.get(a.0)
    }

    // ------------------------------------------------------------------ symbols

    /// Number of function symbols (live or not).
    pub fn num_func_symbols(&self) -> usize {
        self.funcs.len()
    }
    /// A function symbol.
    pub fn function(&self, f: FuncId) -> &Function {
        &self.funcs[f.index()]
    }
    /// Global variables, in module order.
    pub fn globals(&self) -> &[GlobalVar] {
        &self.globals
    }
    /// A global variable.
    pub fn global(&self, g: GlobalId) -> &GlobalVar {
        &self.globals[g.index()]
    }
    /// The live function symbol (function or alias) with this name.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.funcs.iter().position(|f| f.name == name && f.kind != FuncKind::Erased).map(FuncId::new)
    }
    /// The global variable with this name.
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals.iter().position(|g| g.name == name).map(GlobalId::new)
    }
    /// True if a live symbol has this name.
    pub fn name_taken(&self, name: &str) -> bool {
        self.func_by_name(name).is_some() || self.global_by_name(name).is_some()
    }
    /// `base`, or `base.N` for the smallest `N >= 1` that is free.
    pub fn fresh_name(&self, base: &str) -> String {
        if !self.name_taken(base) {
            return base.to_string();
        }
        (1..).map(|n| format!("{base}.{n}")).find(|s| !self.name_taken(s)).unwrap_or_default()
    }

    /// The body of `f`, if it is a definition.
    pub fn func_body(&self, f: FuncId) -> Option<&FuncBody> {
        match &self.funcs[f.index()].kind {
            FuncKind::Definition(b) => Some(b),
            FuncKind::Declaration | FuncKind::Alias(_) | FuncKind::Erased => None,
        }
    }
    /// Parameter and return types of a function type.
    pub fn fn_sig(&self, ty: TypeId) -> (TypeId, Vec<TypeId>, bool) {
        match self.type_data(ty) {
            TypeData::Func { ret, params, vararg } => (*ret, params.to_vec(), *vararg),
            _ => (ty, Vec::new(), false),
        }
    }
    /// Follows aliases from `f` to a function that is not an alias (`None` on a cycle
    /// or an erased symbol).
    pub fn resolve_alias(&self, mut f: FuncId) -> Option<FuncId> {
        for _ in 0..=self.funcs.len() {
            match &self.funcs.get(f.index())?.kind {
                FuncKind::Alias(t) => f = *t,
                FuncKind::Erased => return None,
                FuncKind::Declaration | FuncKind::Definition(_) => return Some(f),
            }
        }
        None
    }
    /// The target info the core sees.
    pub fn target_info(&self) -> &TargetInfo {
        &self.target
    }
}
