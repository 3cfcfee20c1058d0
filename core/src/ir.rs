//! The read side of the contract between the core and an IR adapter.
//!
//! The core never sees an IR's own objects. An adapter describes each module through
//! [`Module`]: a handful of module-level tables (types, constants, metadata, inline asm,
//! attribute lists), one [`FuncInfo`] per function and, for functions with a body, a
//! [`Body`] made of flat slices of library-owned records. Adapters that cannot hand out
//! such slices directly (LLVM through its C API, say) build them once per function with
//! [`BodyBuf`] and keep them until the function changes.
//!
//! # Numbering
//! * Every id is a dense `u32` index chosen by the adapter: `FuncId` `0..num_funcs()` in
//!   module order (functions created by the mutator are appended; ties in the worklist
//!   order keep module order, as LLVM's stable sort does),
//!   `TypeId`/`ConstId`/`MetaId`/`AsmId`/`AttrsId` index the module tables.
//! * Inside a [`Body`], `BlockId(i)` is `body.blocks[i]` in *layout* order and
//!   `blocks[0]` is the entry block; `InstId(i)` is `body.insts[i]`, and the instructions
//!   of a block are the contiguous range `block.insts`. Arguments are numbered
//!   `0..num_params` in declaration order.
//! * Ids are identities: two different `ConstId`s may still describe equal constants
//!   (the core compares their contents), but one id always describes one thing. The
//!   core uses "same id" only as a fast path to equality, never to prove a difference,
//!   *except* where a record says so ([`ConstKind::Opaque`], [`MetaData::Opaque`],
//!   [`Attr::Opaque`]): there the id *is* the content, so the adapter must give equal
//!   contents equal ids.
//! * Determinism: wherever an adapter invents numbers (interned strings, opaque ids,
//!   opcodes), it must derive them from the module in a deterministic way (module order,
//!   first occurrence), never from addresses or a randomly seeded hash. The merge result
//!   depends only on the equality relation, but the report and tie-breaks are nicer when
//!   the order is reproducible too.
//!
//! # What the adapter promises
//! * `Body` lists every block of the function, reachable or not, and every instruction
//!   that has a meaning. Debug-only instructions (variable-location records, debug
//!   intrinsics) are left out, so they can never make two functions differ.
//! * Each instruction's props list every property of that instruction that is not an
//!   operand and that affects its meaning, in a fixed per-opcode order. A property the
//!   adapter cannot read exactly must make the function ineligible or must be encoded as
//!   an opaque identity: never silently left out.
//! * The successors of a block are the successors of its terminator, in operand order.
//! * After any call of the mutation trait returns, every read reflects the new IR.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::ops::Range;

macro_rules! define_id {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);
        impl $name {
            /// The id as a `usize` index.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            /// An id from a `usize` index.
            #[inline]
            pub fn new(i: usize) -> Self {
                debug_assert!(i < u32::MAX as usize);
                Self(i as u32)
            }
        }
        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

define_id!(
    /// A function of the module (a symbol: it keeps its id when its body is replaced by
    /// a thunk or an alias).
    FuncId, "fn");
define_id!(
    /// A block of one function body, in layout order; `BlockId(0)` is the entry.
    BlockId, "bb");
define_id!(
    /// An instruction of one function body.
    InstId, "inst");
define_id!(
    /// A type in the module's type table.
    TypeId, "ty");
define_id!(
    /// A constant in the module's constant table.
    ConstId, "c");
define_id!(
    /// A non-function global value (variable, alias, ifunc, ...).
    GlobalId, "g");
define_id!(
    /// A metadata item in the module's metadata table.
    MetaId, "md");
define_id!(
    /// An inline-assembly value in the module's asm table.
    AsmId, "asm");
define_id!(
    /// An attribute list in the module's attribute table.
    AttrsId, "attrs");

/// A half-open range of indices into one of a [`Body`]'s flat slices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First index.
    pub start: u32,
    /// One past the last index.
    pub end: u32,
}

impl Span {
    /// The span as a `Range<usize>`.
    #[inline]
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
    /// Number of items.
    #[inline]
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }
    /// True if the span is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

// ------------------------------------------------------------------------------------
// Types
// ------------------------------------------------------------------------------------

/// A type, described structurally. Names of named structs are *not* part of a type's
/// identity for the order (two congruent structs compare equal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    /// No value (`void`).
    Void,
    /// The type of a block label.
    Label,
    /// The type of a metadata operand.
    Metadata,
    /// An opaque token type.
    Token,
    /// An integer of `bits` bits.
    Int {
        /// Width in bits.
        bits: u32,
    },
    /// A floating-point type. `format` tells formats of the same width apart (IEEE half
    /// versus bfloat16, IEEE quad versus double-double): it is an adapter-chosen number,
    /// equal formats must use equal numbers.
    Float {
        /// Adapter-defined format number.
        format: u32,
        /// Storage width in bits.
        bits: u32,
    },
    /// A pointer into an address space.
    Ptr {
        /// Address space number.
        addr_space: u32,
    },
    /// A SIMD vector.
    Vector {
        /// Scalable (length is a multiple of a runtime constant).
        scalable: bool,
        /// Element count (the known minimum for scalable vectors).
        len: u64,
        /// Element type.
        elem: TypeId,
    },
    /// A fixed-length array.
    Array {
        /// Element count.
        len: u64,
        /// Element type.
        elem: TypeId,
    },
    /// A structure (literal or named; the name is ignored). Opaque structs have no fields.
    Struct {
        /// Packed layout.
        packed: bool,
        /// Field types.
        fields: Box<[TypeId]>,
    },
    /// A function type.
    Func {
        /// Return type.
        ret: TypeId,
        /// Parameter types.
        params: Box<[TypeId]>,
        /// Takes variadic arguments.
        vararg: bool,
    },
    /// Any other type (target extension types, machine-specific tiles, ...), compared by
    /// every field.
    Other {
        /// Adapter-defined kind number.
        kind: u32,
        /// Name (for example a target extension type's name).
        name: Box<[u8]>,
        /// Type parameters.
        type_params: Box<[TypeId]>,
        /// Integer parameters.
        int_params: Box<[u64]>,
    },
}

/// Facts about the target that the order needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetInfo {
    /// When set, pointers in exactly this address space compare equal to integers of
    /// this width (LLVM: address space 0 and the data layout's pointer width). Only one
    /// address space may be coerced: coercing two would make `ptr(0) == iN == ptr(1)`
    /// while pointers of different address spaces differ, which is not transitive.
    pub ptr_as_int: Option<PtrAsInt>,
}

/// See [`TargetInfo::ptr_as_int`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PtrAsInt {
    /// The coerced address space.
    pub addr_space: u32,
    /// Width of the integer type its pointers compare equal to.
    pub bits: u32,
}

// ------------------------------------------------------------------------------------
// Constants
// ------------------------------------------------------------------------------------

/// A constant: its type and its contents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstData {
    /// Type of the constant.
    pub ty: TypeId,
    /// Contents.
    pub kind: ConstKind,
}

/// A reference to a global object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GlobalRef {
    /// A function of the module (defined or declared).
    Func(FuncId),
    /// Any other global (variable, alias, ifunc).
    Other(GlobalId),
}

/// The contents of a constant. Variants are ordered as the core orders constant kinds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstKind {
    /// The all-zero value of its type: integer 0, +0.0, the null pointer, a zero
    /// aggregate, an all-zero data array, the "none" token, a "none" target value.
    Null,
    /// Undefined value; equal only to `Undef` of an equal type.
    Undef,
    /// Poison value; equal only to `Poison` of an equal type.
    Poison,
    /// An integer, as little-endian 64-bit words of the type's width (unused high bits
    /// zero). Never zero (zero is [`ConstKind::Null`]).
    Int(Box<[u64]>),
    /// A floating-point value as its raw bit pattern in little-endian words.
    Float(Box<[u64]>),
    /// An array aggregate.
    Array(Box<[ConstId]>),
    /// A struct aggregate.
    Struct(Box<[ConstId]>),
    /// A vector aggregate with arbitrary element constants.
    Vector(Box<[ConstId]>),
    /// An array of plain data elements, as raw bytes (little-endian elements).
    DataArray(Box<[u8]>),
    /// A vector of plain data elements, as raw bytes (little-endian elements).
    DataVector(Box<[u8]>),
    /// A constant expression. `opcode` is adapter-defined; `props` holds any further
    /// state (flags, source types, predicates) in an adapter-fixed order.
    Expr {
        /// Adapter-defined opcode.
        opcode: u32,
        /// Operands, compared as constants (never with the self-reference rule).
        operands: Box<[ConstId]>,
        /// Further state.
        props: Box<[ConstProp]>,
    },
    /// The address of a global object.
    Global(GlobalRef),
    /// The address of a block of a function (`block` is the block's index in that
    /// function's layout).
    BlockAddress {
        /// The function.
        func: FuncId,
        /// Layout index of the block.
        block: u32,
    },
    /// A wrapper that behaves like a direct reference to `target` (for example LLVM's
    /// `dso_local_equivalent`). `kind` tells different wrappers apart.
    Wrapped {
        /// Adapter-defined wrapper kind.
        kind: u32,
        /// Wrapped global.
        target: GlobalRef,
    },
    /// A signed (authenticated) pointer.
    PtrAuth {
        /// Pointer.
        ptr: ConstId,
        /// Key.
        key: ConstId,
        /// Discriminator.
        disc: ConstId,
        /// Address discriminator.
        addr_disc: ConstId,
    },
    /// A constant the adapter cannot describe structurally. Two opaque constants are
    /// equal iff their ids are equal, so the adapter must give the same id to equal
    /// constants (for uniqued constants, identity is enough).
    Opaque(u64),
}

impl ConstKind {
    /// The constants this one is made of, in operand order: the elements of an aggregate,
    /// the operands of an expression, the four parts of a signed pointer; none for the
    /// other kinds (their contents are data or global references).
    pub fn operands(&self) -> impl Iterator<Item = ConstId> + '_ {
        let (list, parts): (&[ConstId], Option<[ConstId; 4]>) = match self {
            ConstKind::Array(v) | ConstKind::Struct(v) | ConstKind::Vector(v) => (v, None),
            ConstKind::Expr { operands, .. } => (operands, None),
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => (&[], Some([*ptr, *key, *disc, *addr_disc])),
            ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::Int(_)
            | ConstKind::Float(_)
            | ConstKind::DataArray(_)
            | ConstKind::DataVector(_)
            | ConstKind::Global(_)
            | ConstKind::BlockAddress { .. }
            | ConstKind::Wrapped { .. }
            | ConstKind::Opaque(_) => (&[], None),
        };
        list.iter().copied().chain(parts.into_iter().flatten())
    }
}

/// A property of a constant expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstProp {
    /// A number (flags, predicate, ...).
    Num(u64),
    /// A type (for example a GEP source element type).
    Type(TypeId),
}

// ------------------------------------------------------------------------------------
// Metadata, inline asm, attributes
// ------------------------------------------------------------------------------------

/// A metadata item.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MetaData {
    /// A string.
    String(Box<[u8]>),
    /// A constant wrapped as metadata.
    Const(ConstId),
    /// A uniqued tuple of metadata operands (`None` for a null operand).
    Node(Box<[Option<MetaId>]>),
    /// A distinct tuple (LLVM's alias scopes and domains, access groups, loop ids): an
    /// identity (the first field: one node, one id) with operands. Distinct tuples are
    /// matched by consistent renaming, as locals are: the first distinct tuple one
    /// function names matches the first the other names, and so on, and the operands of
    /// a matched pair are compared once, when the pair is first met (a loop id names
    /// itself: that operand is a renamed reference like any other). A node whose
    /// operands the adapter cannot read is `Opaque`, never a `Distinct` without them.
    Distinct(u64, Box<[Option<MetaId>]>),
    /// Anything else (debug-info nodes, local references): equal only to an `Opaque` item
    /// with the same id.
    Opaque(u64),
}

/// An inline-assembly value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsmData {
    /// Its function type.
    pub ty: TypeId,
    /// Assembly text.
    pub text: Box<[u8]>,
    /// Constraint string.
    pub constraints: Box<[u8]>,
    /// Adapter-defined flag bits (side effects, stack alignment, dialect, unwinding).
    pub flags: u64,
}

/// One attribute. Within a set, attributes must be listed in a canonical order (equal
/// sets list equal attributes at equal positions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    /// A flag attribute.
    Flag(u32),
    /// An attribute with an integer value.
    Int(u32, u64),
    /// An attribute carrying a type (for example `byval(T)`), compared structurally.
    Type(u32, Option<TypeId>),
    /// A key/value string attribute. The strings are shared: adapters build many lists
    /// from the same few attributes, and a clone of one is two reference counts.
    Str(Arc<[u8]>, Arc<[u8]>),
    /// An attribute whose value the adapter cannot read: equal iff kind and id are equal.
    Opaque(u32, u64),
}

/// Attributes of a function or a call site: function-level, return value, parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttrList {
    /// Function attributes.
    pub func: Box<[Attr]>,
    /// Return-value attributes.
    pub ret: Box<[Attr]>,
    /// Parameter attributes, one set per parameter (trailing empty sets may be omitted).
    pub params: Box<[Box<[Attr]>]>,
}

// ------------------------------------------------------------------------------------
// Functions
// ------------------------------------------------------------------------------------

/// How a function's symbol links, as far as merging cares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Linkage {
    /// The definition may be replaced at link or load time by another one (weak,
    /// linkonce, preemptible). Its body may not be assumed.
    pub interposable: bool,
    /// "One definition rule": every definition is known to be equivalent (weak_odr,
    /// linkonce_odr). Calls must never be introduced *into* such a function from a
    /// function that is not itself ODR.
    pub odr: bool,
    /// Visible only inside the module.
    pub local: bool,
    /// May be dropped when it has no uses (local, linkonce, ...).
    pub discardable_if_unused: bool,
}

/// Why a function is not a merge candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ineligible {
    /// No body in this module (a declaration, or a definition that may not be used,
    /// such as LLVM's `available_externally`).
    NoBody,
    /// The adapter excluded it; the number is an adapter-defined reason code that
    /// [`crate::Module::ineligible_reason`] turns into text.
    Adapter(u32),
}

/// Module-level facts about one function.
#[derive(Clone, Debug)]
pub struct FuncInfo {
    /// Symbol name (bytes; used for the deterministic survivor tie-break). Readers ask
    /// [`Module::func_name`]: an adapter that answers it from its IR may leave this empty.
    pub name: Box<[u8]>,
    /// Linkage class.
    pub linkage: Linkage,
    /// `None` if the function is a merge candidate.
    pub ineligible: Option<Ineligible>,
    /// Its address is not significant anywhere (LLVM: global `unnamed_addr`), so all
    /// uses may be replaced by an equivalent function.
    pub unnamed_addr: bool,
    /// Its symbol is used in ways the IR cannot see (LLVM: `llvm.used`,
    /// `llvm.compiler.used`): its uses may never be replaced wholesale.
    pub used_externally: bool,
    /// The function type (a [`TypeData::Func`]).
    pub ty: TypeId,
    /// Signature-level properties compared before the body, in an adapter-fixed order
    /// (attributes, garbage collector, section, calling convention, personality, ...).
    /// The function type and the parameters are compared by the core after these.
    /// Shared: an adapter may give every function with the same props one allocation
    /// (the LLVM adapter does, so that a module of many equal signatures does not touch
    /// a fresh block of memory per function).
    pub sig: Arc<[Prop]>,
    /// Alignment in bytes, if set.
    pub align: Option<u64>,
    /// A thunk may call this function (false for kernels and other functions that
    /// cannot be called).
    pub callable: bool,
}

// ------------------------------------------------------------------------------------
// Bodies
// ------------------------------------------------------------------------------------

/// An operand value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A function argument (index in declaration order).
    Arg(u32),
    /// The result of an instruction of the same body.
    Inst(InstId),
    /// A block of the same body (as a branch target or label).
    Block(BlockId),
    /// A constant (including references to globals).
    Const(ConstId),
    /// Inline assembly.
    Asm(AsmId),
    /// A metadata operand.
    Meta(MetaId),
}

/// One operand: its value and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Use {
    /// The value.
    pub value: Value,
    /// The operand's type.
    pub ty: TypeId,
}

/// A non-operand property of an instruction or a signature. Props are compared pairwise
/// in order; each variant has its own comparison rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prop {
    /// A number (flags, predicates, alignments, orderings, counts, interned strings).
    Num(u64),
    /// A type, compared structurally.
    Type(TypeId),
    /// A constant, compared by contents (switch case values, personality, ...).
    Const(ConstId),
    /// A block of the same body, matched by its position in the walk (phi incoming
    /// blocks).
    Block(BlockId),
    /// An attribute list.
    Attrs(AttrsId),
    /// A metadata node attached to the instruction (compared shallowly, as LLVM 22
    /// compares attachments); `None` when absent.
    Meta(Option<MetaId>),
}

/// A constant byte offset computed by the adapter (for example a GEP whose indices are
/// all constant, folded with the data layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConstOffset {
    /// Width of the offset arithmetic in bits (the index width).
    pub bits: u32,
    /// The offset, as an unsigned number modulo `2^bits`.
    pub value: u128,
}

/// The role of an instruction, for the few rules of the order that depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InstKind {
    /// Compared by opcode, types, flags, props and operands.
    Plain,
    /// A call; operand `callee` is the called value. A call to the function itself is
    /// the one place where a function's own address matches the other function's own
    /// address.
    Call {
        /// Index of the callee among the operands.
        callee: u32,
    },
    /// An address computation from operand `base` (LLVM's `getelementptr`). When both
    /// sides have a constant offset, only the base, the address space and the offsets
    /// are compared; otherwise the source type and every operand are.
    Address {
        /// Index of the base pointer among the operands.
        base: u32,
        /// Address space of the base pointer.
        addr_space: u32,
        /// Element type the indices step over.
        source_ty: TypeId,
        /// Folded constant offset, if every index is constant and the adapter could fold
        /// it exactly.
        offset: Option<ConstOffset>,
    },
}

/// One instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// Adapter-defined opcode.
    pub opcode: u32,
    /// Result type (a `Void` type when there is no result).
    pub ty: TypeId,
    /// Role for the order.
    pub kind: InstKind,
    /// Flags that change the meaning and are compared (LLVM: nuw/nsw/exact/...).
    pub flags: u64,
    /// Flags that only add poison (or undefined behaviour) and may be *intersected*
    /// when two functions merge (LLVM: GEP `inbounds`/`nusw`/`nuw`). They are not
    /// compared when the mutator implements [`crate::ModuleMut::intersect_flags`] and the
    /// option is on; otherwise they are compared like `flags`.
    pub weak_flags: u64,
    /// Operands, a span of [`Body::uses`].
    pub operands: Span,
    /// Further properties, a span of [`Body::props`].
    pub props: Span,
}

/// One block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Its instructions, a span of [`Body::insts`] (never empty: the last one is the
    /// terminator).
    pub insts: Span,
    /// Its successors, a span of [`Body::succs`].
    pub succs: Span,
}

/// A function body: flat slices indexed by [`BlockId`], [`InstId`] and spans.
#[derive(Clone, Copy, Debug)]
pub struct Body<'a> {
    /// Blocks in layout order; `blocks[0]` is the entry block.
    pub blocks: &'a [Block],
    /// Instructions, block after block.
    pub insts: &'a [Inst],
    /// Operands of all instructions.
    pub uses: &'a [Use],
    /// Props of all instructions.
    pub props: &'a [Prop],
    /// Successor lists of all blocks.
    pub succs: &'a [BlockId],
}

impl<'a> Body<'a> {
    /// Operands of an instruction.
    #[inline]
    pub fn operands(&self, i: &Inst) -> &'a [Use] {
        &self.uses[i.operands.range()]
    }
    /// Props of an instruction.
    #[inline]
    pub fn props_of(&self, i: &Inst) -> &'a [Prop] {
        &self.props[i.props.range()]
    }
    /// Instructions of a block.
    #[inline]
    pub fn block_insts(&self, b: BlockId) -> &'a [Inst] {
        &self.insts[self.blocks[b.index()].insts.range()]
    }
    /// Successors of a block.
    #[inline]
    pub fn block_succs(&self, b: BlockId) -> &'a [BlockId] {
        &self.succs[self.blocks[b.index()].succs.range()]
    }
}

/// An owned [`Body`], with a small builder API. Adapters that cannot hand out slices of
/// their own data build one of these per function.
#[derive(Clone, Debug, Default)]
pub struct BodyBuf {
    /// See [`Body::blocks`].
    pub blocks: Vec<Block>,
    /// See [`Body::insts`].
    pub insts: Vec<Inst>,
    /// See [`Body::uses`].
    pub uses: Vec<Use>,
    /// See [`Body::props`].
    pub props: Vec<Prop>,
    /// See [`Body::succs`].
    pub succs: Vec<BlockId>,
    open_block: Option<u32>,
}

impl BodyBuf {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }
    /// Clears everything, keeping the allocations.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.insts.clear();
        self.uses.clear();
        self.props.clear();
        self.succs.clear();
        self.open_block = None;
    }
    /// Starts the next block (blocks must be started in layout order). Returns its id.
    pub fn begin_block(&mut self) -> BlockId {
        self.end_block_if_open();
        let id = BlockId::new(self.blocks.len());
        let at = self.insts.len() as u32;
        let s = self.succs.len() as u32;
        self.blocks.push(Block { insts: Span { start: at, end: at }, succs: Span { start: s, end: s } });
        self.open_block = Some(id.0);
        id
    }
    fn end_block_if_open(&mut self) {
        if let Some(b) = self.open_block.take() {
            let b = &mut self.blocks[b as usize];
            b.insts.end = self.insts.len() as u32;
        }
    }
    /// Appends an instruction to the open block. Operands and props are copied in.
    #[allow(clippy::too_many_arguments)]
    pub fn push_inst(
        &mut self,
        opcode: u32,
        ty: TypeId,
        kind: InstKind,
        flags: u64,
        weak_flags: u64,
        operands: &[Use],
        props: &[Prop],
    ) -> InstId {
        let (uses_from, props_from) = (self.uses.len(), self.props.len());
        self.uses.extend_from_slice(operands);
        self.props.extend_from_slice(props);
        self.push_inst_in_place(opcode, ty, kind, uses_from, props_from, flags, weak_flags)
    }
    /// Appends an instruction whose operands the caller has already pushed to
    /// `self.uses[uses_from..]` and whose props to `self.props[props_from..]` (no copy
    /// through a scratch slice, unlike [`Self::push_inst`]).
    #[allow(clippy::too_many_arguments)]
    pub fn push_inst_in_place(
        &mut self,
        opcode: u32,
        ty: TypeId,
        kind: InstKind,
        uses_from: usize,
        props_from: usize,
        flags: u64,
        weak_flags: u64,
    ) -> InstId {
        debug_assert!(uses_from <= self.uses.len() && props_from <= self.props.len());
        let id = InstId::new(self.insts.len());
        self.insts.push(Inst {
            opcode,
            ty,
            kind,
            flags,
            weak_flags,
            operands: Span { start: uses_from as u32, end: self.uses.len() as u32 },
            props: Span { start: props_from as u32, end: self.props.len() as u32 },
        });
        if let Some(b) = self.open_block {
            self.blocks[b as usize].insts.end = self.insts.len() as u32;
        }
        id
    }
    /// Sets the successors of the open block.
    pub fn set_succs(&mut self, succs: &[BlockId]) {
        let b = self.open_block.expect("set_succs needs an open block");
        let s = self.succs.len() as u32;
        self.succs.extend_from_slice(succs);
        self.blocks[b as usize].succs = Span { start: s, end: self.succs.len() as u32 };
    }
    /// Closes the last block; [`Self::as_body`] then gives the finished body.
    pub fn finish(&mut self) {
        self.end_block_if_open();
    }
    /// The body as a borrowed view.
    pub fn as_body(&self) -> Body<'_> {
        Body { blocks: &self.blocks, insts: &self.insts, uses: &self.uses, props: &self.props, succs: &self.succs }
    }
}

/// Which uses of a function [`Module::users_of`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UseKind {
    /// Functions that *call* it directly (it is the callee operand of a call).
    DirectCalls,
    /// Functions with an instruction operand that refers to it: at least those where
    /// the operand is the function itself (LLVM's `removeUsers` re-queues exactly
    /// these). An adapter may also report functions that refer to it only inside a
    /// constant (they are then re-queued too); a function it does not report stays in
    /// the driver's tree while a rewrite changes it, so the adapter must bring such a
    /// function's view up to date itself before the rewrite returns (see
    /// [`crate::FastPath::materialize`]).
    Any,
}

/// The function that `v` names directly (a top-level function address), if any.
#[inline]
pub fn named_func<M: Module + ?Sized>(m: &M, v: Value) -> Option<FuncId> {
    match v {
        Value::Const(c) => match m.const_data(c).kind {
            ConstKind::Global(GlobalRef::Func(g)) => Some(g),
            _ => None,
        },
        _ => None,
    }
}

/// Calls `visit` on the blocks of `body` reachable from the entry, in the order the
/// order and the hash walk them: depth first, last successor first. `visited` and
/// `stack` are scratch (cleared here), so that a caller in a loop allocates once.
pub fn walk_blocks(body: &Body<'_>, visited: &mut Vec<bool>, stack: &mut Vec<BlockId>, mut visit: impl FnMut(BlockId)) {
    visited.clear();
    visited.resize(body.blocks.len(), false);
    stack.clear();
    if body.blocks.is_empty() {
        return;
    }
    stack.push(BlockId(0));
    visited[0] = true;
    while let Some(b) = stack.pop() {
        visit(b);
        for s in body.block_succs(b) {
            if let Some(v) = visited.get_mut(s.index()) {
                if !*v {
                    *v = true;
                    stack.push(*s);
                }
            }
        }
    }
}

/// Read access to a module: the required half of the adapter contract (the other is
/// [`crate::ModuleMut`]; the optional hooks are [`crate::FastPath`]). See the module
/// documentation for the numbering and the adapter's promises.
pub trait Module {
    // --- Functions ----------------------------------------------------------------------

    /// Number of functions; `FuncId`s are `0..num_funcs()`. May grow when the mutator
    /// creates functions.
    fn num_funcs(&self) -> usize;
    /// Module-level facts about a function.
    fn func(&self, f: FuncId) -> &FuncInfo;
    /// The symbol name of `f` (bytes): what the survivor tie-break, merge records,
    /// refusals and explanations read. By default `func(f).name`; an adapter whose facts
    /// leave names out (so that it need not copy every name at load) answers from its IR
    /// instead, for every function it has handed out facts for, also after a rewrite
    /// erased it (the name it had then).
    ///
    /// A function's name never changes during a run: a rewrite that replaces a function
    /// (a thunk written as a new object, say) gives the new one the old one's name, and
    /// a function the mutator creates gets a name of its own. Merge records name
    /// functions by id and read their names when printed ([`crate::Report::display`]).
    fn func_name(&self, f: FuncId) -> &[u8] {
        &self.func(f).name
    }
    /// The body of a function, or `None` if it has none (declaration, alias, erased).
    /// An adapter with lazy views (see [`crate::FastPath::materialize`]) may also answer
    /// `None` for a function whose view it has not built; the driver never reads such a
    /// body.
    fn body(&self, f: FuncId) -> Option<Body<'_>>;

    // --- Module tables (what ids in bodies and facts name) --------------------------------

    /// A type.
    fn type_data(&self, t: TypeId) -> &TypeData;
    /// A constant.
    fn const_data(&self, c: ConstId) -> &ConstData;
    /// A metadata item.
    fn meta_data(&self, m: MetaId) -> &MetaData;
    /// An inline-asm value.
    fn asm_data(&self, a: AsmId) -> &AsmData;
    /// An attribute list.
    fn attrs(&self, a: AttrsId) -> &AttrList;
    /// The hash [`crate::hash::FunctionHasher::attrs_hash`] gives list `a`, if the adapter
    /// computed it without converting the list (with a [`crate::hash::AttrsHasher`] fed
    /// the attributes [`Self::attrs`] would return), so that hashing a signature need not
    /// read the list. `None` (the default): the hasher reads [`Self::attrs`]. A wrong hint
    /// can only lose merges: hashes only separate, and the order compares lists by content.
    fn attrs_hash_hint(&self, a: AttrsId) -> Option<u64> {
        let _ = a;
        None
    }
    /// Target facts.
    fn target(&self) -> &TargetInfo;

    // --- Uses -----------------------------------------------------------------------------

    /// Appends to `out` every function with a body that uses `f` as `kind` says
    /// (duplicates allowed). The driver re-queues them in the order reported, which
    /// decides which equal functions pair up in the next round: an adapter that wants
    /// LLVM's pairing reports them in its use-list order.
    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>);
    /// True if anything at all refers to `f` (instructions, other globals' initializers,
    /// aliases, ...).
    fn has_uses(&self, f: FuncId) -> bool;

    // --- Diagnostics ----------------------------------------------------------------------

    /// Text for an adapter-defined [`Ineligible::Adapter`] reason code.
    fn ineligible_reason(&self, code: u32) -> &str {
        let _ = code;
        "excluded by the adapter"
    }

    // --- Explanations (optional) -----------------------------------------------------------

    /// Writes an item of function `f` for an explanation ([`crate::explain`]) in the
    /// adapter's words: an instruction as the IR prints it, a type, a constant, ... The
    /// default writes the core's description ([`crate::explain::describe_default`]).
    fn describe(&self, f: FuncId, item: crate::explain::Item, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        let _ = f;
        crate::explain::describe_default(self, item, out)
    }
    /// The adapter's name for property `k` of `f`'s signature (`inst` `None`) or of
    /// instruction `inst` of `f` ("alignment", "calling convention", ...), for
    /// explanations. `None` (the default): no name.
    fn prop_label(&self, f: FuncId, inst: Option<InstId>, k: usize) -> Option<&'static str> {
        let _ = (f, inst, k);
        None
    }
}
