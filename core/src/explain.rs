//! Explanations: the rule of the order at which two functions part.
//!
//! [`Comparator::explain`] runs the order's own walk ([`crate::order`]) with a recorder
//! and returns [`Explanation`]: `Equal`, or the first step that decided the order, as a
//! [`Difference`] — *which rule* ([`Rule`]), *where* in the order's walk ([`Place`]) and
//! *what* each side had there ([`Item`]). An adapter puts items into its own words
//! through [`crate::Module::describe`] (the LLVM adapter prints instructions as LLVM
//! does, the mock adapter as its text format); [`Explanation::render`] writes the whole
//! explanation.
//!
//! # Invariants
//! * The recorder sees the walk that [`Comparator::compare`] runs, step for step: the
//!   order's steps are written once, generic over a tracer (`Trace`). The plain
//!   comparison uses `NoTrace`, whose methods are empty and inlined, so a compare pays
//!   nothing for explanations; `explain` uses `Recorder`.
//! * Hence `explain(a, b).order == compare(a, b)`; the explanation is `Equal` exactly when
//!   the comparison is, and otherwise names the step whose ordering the comparison
//!   returned. A property test over generated modules checks both
//!   (`mergefunc_mock::fuzzing::explain_agrees`).
//! * [`Comparator::differences`] may look past the first difference: steps after which
//!   the walk can go on safely (a value, a flag, a type) are recorded and skipped;
//!   steps after which it cannot (operand kinds, counts the code after them relies on)
//!   end it, and the result says the list is then incomplete. Its first entry is always
//!   the one `explain` reports.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt::{self, Write};

use crate::ir::*;
use crate::order::Comparator;

/// The rules of the order, in the words of an explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A signature or instruction property (the adapter names it, see
    /// [`crate::Module::prop_label`]) holds different numbers: a calling convention, an
    /// alignment, a predicate, an ordering, a volatile bit, ...
    PropValue,
    /// A property holds different types (an allocated type, a call's function type, ...).
    PropType,
    /// Attribute lists differ (of the function, or of a call site).
    Attributes,
    /// The two property lists hold different kinds of properties at one position.
    PropKind,
    /// The property lists have different lengths.
    PropCount,
    /// The function types differ.
    FunctionType,
    /// The argument counts differ.
    ArgCount,
    /// One function has a body and the other none.
    HasBody,
    /// A local value (argument, instruction result, block) is used where the other side
    /// uses one that was first met at a different step of the walk: swapped operands, a
    /// different argument, a phi or branch that names blocks in another order.
    Local,
    /// Different numbers of successors of matched blocks.
    SuccessorCount,
    /// Matched blocks have different instruction counts.
    BlockLength,
    /// Different opcodes.
    Opcode,
    /// Different roles (plain, call, address computation).
    InstKind,
    /// Different operand counts.
    OperandCount,
    /// Different result types.
    ResultType,
    /// Different flags (no-wrap, exact, fast-math, ...).
    Flags,
    /// Different poison-only flags that the merge could intersect but does not (GEP
    /// `inbounds`/`nusw`/`nuw` when flags are not intersected).
    WeakFlags,
    /// Operands of different types.
    OperandType,
    /// The callee operand sits at different positions.
    CalleePosition,
    /// Different callees (another function, or a self call against a call elsewhere).
    Callee,
    /// Operands of different kinds (a constant against a local value, ...).
    ValueKind,
    /// Address computations: different address spaces.
    AddressSpace,
    /// Address computations: a constant offset on one side only, or different offsets.
    ConstantOffset,
    /// Address computations: different element types stepped over.
    SourceType,
    /// Constants of different types (or of different bitcast classes).
    ConstType,
    /// Constants of different kinds (a null value against a number, `undef` against an
    /// integer, ...).
    ConstKind,
    /// Constants with different values (integers, floats, bytes).
    ConstValue,
    /// Aggregate constants or constant expressions with different element counts.
    ConstLength,
    /// Constant expressions with different opcodes or properties.
    ConstExpr,
    /// References to different global objects (not as a callee).
    Global,
    /// Block addresses of different blocks or functions.
    BlockAddress,
    /// Different inline assembly.
    InlineAsm,
    /// Different metadata (attachments or metadata arguments).
    Metadata,
}

impl Rule {
    /// Every rule.
    pub const ALL: &'static [Rule] = &[
        Rule::PropValue,
        Rule::PropType,
        Rule::Attributes,
        Rule::PropKind,
        Rule::PropCount,
        Rule::FunctionType,
        Rule::ArgCount,
        Rule::HasBody,
        Rule::Local,
        Rule::SuccessorCount,
        Rule::BlockLength,
        Rule::Opcode,
        Rule::InstKind,
        Rule::OperandCount,
        Rule::ResultType,
        Rule::Flags,
        Rule::WeakFlags,
        Rule::OperandType,
        Rule::CalleePosition,
        Rule::Callee,
        Rule::ValueKind,
        Rule::AddressSpace,
        Rule::ConstantOffset,
        Rule::SourceType,
        Rule::ConstType,
        Rule::ConstKind,
        Rule::ConstValue,
        Rule::ConstLength,
        Rule::ConstExpr,
        Rule::Global,
        Rule::BlockAddress,
        Rule::InlineAsm,
        Rule::Metadata,
    ];

    /// A short stable name (used in reports and as a group key).
    pub fn name(self) -> &'static str {
        match self {
            Rule::PropValue => "property",
            Rule::PropType => "property type",
            Rule::Attributes => "attributes",
            Rule::PropKind => "property kind",
            Rule::PropCount => "property count",
            Rule::FunctionType => "function type",
            Rule::ArgCount => "argument count",
            Rule::HasBody => "body presence",
            Rule::Local => "local value",
            Rule::SuccessorCount => "successor count",
            Rule::BlockLength => "block length",
            Rule::Opcode => "opcode",
            Rule::InstKind => "instruction role",
            Rule::OperandCount => "operand count",
            Rule::ResultType => "result type",
            Rule::Flags => "flags",
            Rule::WeakFlags => "poison flags",
            Rule::OperandType => "operand type",
            Rule::CalleePosition => "callee position",
            Rule::Callee => "callee",
            Rule::ValueKind => "operand kind",
            Rule::AddressSpace => "address space",
            Rule::ConstantOffset => "constant offset",
            Rule::SourceType => "address source type",
            Rule::ConstType => "constant type",
            Rule::ConstKind => "constant kind",
            Rule::ConstValue => "constant value",
            Rule::ConstLength => "constant length",
            Rule::ConstExpr => "constant expression",
            Rule::Global => "global reference",
            Rule::BlockAddress => "block address",
            Rule::InlineAsm => "inline asm",
            Rule::Metadata => "metadata",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One side's value at a difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A number (a count, an opcode, flags, a property value, a rank).
    Num(u64),
    /// A type.
    Type(TypeId),
    /// A constant.
    Const(ConstId),
    /// A metadata item, or its absence.
    Meta(Option<MetaId>),
    /// Inline assembly.
    Asm(AsmId),
    /// An attribute list.
    Attrs(AttrsId),
    /// An operand value (a local, a constant, ...).
    Value(Value),
    /// A constant offset of an address computation (`None`: not constant).
    Offset(Option<ConstOffset>),
    /// An instruction (what [`Explanation::render`] prints for an instruction pair).
    Inst(InstId),
    /// Attribute `index` of set `set` of attribute list `list` (set 0: the function's,
    /// 1: the return value's, `2 + i`: parameter `i`'s); past the end of the set: none.
    Attr {
        /// The list.
        list: AttrsId,
        /// The set.
        set: u32,
        /// Position in the set.
        index: u32,
    },
}

/// Where a rule applied inside an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InstPart {
    /// The instruction as a whole (opcode, role, flags, result type, counts).
    Whole,
    /// Operand `index` (`callee`: it is the called value).
    Operand {
        /// Index among the operands.
        index: u32,
        /// It is the callee of a call.
        callee: bool,
    },
    /// The type of operand `index`.
    OperandType(u32),
    /// Property `index` of the instruction (in the adapter's per-opcode order).
    Prop(u32),
}

/// Where a rule applied inside a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockPart {
    /// The block itself (its serial number in the walk).
    Label,
    /// An instruction: `index` within the block.
    Inst {
        /// Position in the block.
        index: u32,
        /// The left function's instruction.
        left: InstId,
        /// The right function's instruction.
        right: InstId,
        /// Where in the instruction.
        part: InstPart,
    },
    /// The end of the block (one block has more instructions).
    End,
    /// The successor list of the block.
    Successors,
}

/// Where in the order's walk a difference was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Signature property `index` ([`FuncInfo::sig`], in the adapter's order).
    SigProp(u32),
    /// The function type (and with it the arguments).
    FunctionType,
    /// The body as a whole (present or not).
    Body,
    /// A pair of matched blocks: `walk` is their position in the order's depth-first walk
    /// (0 is the entry).
    Block {
        /// Position in the walk.
        walk: u32,
        /// The left function's block.
        left: BlockId,
        /// The right function's block.
        right: BlockId,
        /// Where in the block.
        part: BlockPart,
    },
}

/// The step at which two functions part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// The rule.
    pub rule: Rule,
    /// Where it applied.
    pub place: Place,
    /// The left function's value.
    pub left: Item,
    /// The right function's value.
    pub right: Item,
    /// What the step decided (`Less`: left before right).
    pub order: Ordering,
}

impl Difference {
    /// The instructions at the difference, if it is inside one.
    pub fn insts(&self) -> Option<(InstId, InstId)> {
        match self.place {
            Place::Block { part: BlockPart::Inst { left, right, .. }, .. } => Some((left, right)),
            Place::SigProp(_) | Place::FunctionType | Place::Body | Place::Block { .. } => None,
        }
    }

    /// The property index, if the difference is in a property (of the signature or of an
    /// instruction).
    pub fn prop_index(&self) -> Option<(Option<InstId>, u32)> {
        match self.place {
            Place::SigProp(k) => Some((None, k)),
            Place::Block { part: BlockPart::Inst { left, part: InstPart::Prop(k), .. }, .. } => Some((Some(left), k)),
            Place::FunctionType | Place::Body | Place::Block { .. } => None,
        }
    }
}

/// The answer of [`Comparator::explain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The order's verdict (what [`Comparator::compare`] returns).
    pub order: Ordering,
    /// The deciding step; `None` exactly when `order` is `Equal`.
    pub difference: Option<Difference>,
}

/// The answer of [`Comparator::differences`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Differences {
    /// The differences found, in walk order; the first is the deciding one.
    pub list: Vec<Difference>,
    /// The walk reached the end: `list` holds every difference it could see (false when
    /// the limit was reached or a difference it cannot look past ended it).
    pub complete: bool,
}

// ------------------------------------------------------------------------------------
// Tracing the order's walk
// ------------------------------------------------------------------------------------

/// A step of the order's walk that tells a tracer where it is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At {
    SigProps,
    FuncType,
    Body,
    Block(BlockId, BlockId),
    Inst(InstId, InstId),
    Operand(u32, bool),
    OperandType(u32),
    Prop(u32),
    BlockEnd,
    Successors,
}

/// What the order's walk reports to (see the module docs).
pub(crate) trait Trace {
    /// The walk moved on to `at`.
    fn at(&mut self, at: At);
    /// A step found `o != Equal` under `rule`. Returns `Err(o)` to end the comparison
    /// (what the order does) or `Ok(())` to go on; only when `resumable`.
    fn differ(&mut self, rule: Rule, left: Item, right: Item, o: Ordering, resumable: bool) -> Result<(), Ordering>;
    /// How many differences the tracer has let the walk go past so far. A part of the
    /// walk that returns `Ok` without this count moving found no difference.
    fn passed(&self) -> usize;
}

/// The tracer of a plain comparison: nothing, at no cost.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn at(&mut self, _: At) {}
    #[inline(always)]
    fn differ(&mut self, _: Rule, _: Item, _: Item, o: Ordering, _: bool) -> Result<(), Ordering> {
        Err(o)
    }
    #[inline(always)]
    fn passed(&self) -> usize {
        0
    }
}

/// Records differences with their places; goes on past up to `limit - 1` of them.
#[derive(Debug)]
pub(crate) struct Recorder {
    place: Place,
    in_sig: bool,
    walk: u32,
    pub(crate) list: Vec<Difference>,
    limit: usize,
}

impl Recorder {
    pub(crate) fn new(limit: usize) -> Self {
        Recorder { place: Place::SigProp(0), in_sig: true, walk: 0, list: Vec::new(), limit: limit.max(1) }
    }

    fn set_inst_part(&mut self, p: InstPart) {
        if let Place::Block { part: BlockPart::Inst { part, .. }, .. } = &mut self.place {
            *part = p;
        }
    }
}

impl Trace for Recorder {
    fn at(&mut self, at: At) {
        match at {
            At::SigProps => {
                self.in_sig = true;
                self.place = Place::SigProp(0);
            }
            At::FuncType => {
                self.in_sig = false;
                self.place = Place::FunctionType;
            }
            At::Body => {
                self.in_sig = false;
                self.place = Place::Body;
            }
            At::Block(left, right) => {
                self.place = Place::Block { walk: self.walk, left, right, part: BlockPart::Label };
                self.walk += 1;
            }
            At::Inst(l, r) => {
                if let Place::Block { part, .. } = &mut self.place {
                    // The position in the block is filled in from the body when the
                    // explanation is built (`fix_positions`).
                    *part = BlockPart::Inst { index: 0, left: l, right: r, part: InstPart::Whole };
                }
            }
            At::Operand(k, callee) => self.set_inst_part(InstPart::Operand { index: k, callee }),
            At::OperandType(k) => self.set_inst_part(InstPart::OperandType(k)),
            At::Prop(k) => {
                if self.in_sig {
                    self.place = Place::SigProp(k);
                } else {
                    self.set_inst_part(InstPart::Prop(k));
                }
            }
            At::BlockEnd => {
                if let Place::Block { part, .. } = &mut self.place {
                    *part = BlockPart::End;
                }
            }
            At::Successors => {
                if let Place::Block { part, .. } = &mut self.place {
                    *part = BlockPart::Successors;
                }
            }
        }
    }

    fn differ(&mut self, rule: Rule, left: Item, right: Item, o: Ordering, resumable: bool) -> Result<(), Ordering> {
        self.list.push(Difference { rule, place: self.place, left, right, order: o });
        if resumable && self.list.len() < self.limit {
            Ok(())
        } else {
            Err(o)
        }
    }

    fn passed(&self) -> usize {
        self.list.len()
    }
}

/// Sets each difference's instruction index (its position in its block).
fn fix_positions<M: Module + ?Sized>(m: &M, a: FuncId, list: &mut [Difference]) {
    let Some(body) = m.body(a) else { return };
    for d in list {
        if let Place::Block { left: blk, part: BlockPart::Inst { index, left, .. }, .. } = &mut d.place {
            if let Some(b) = body.blocks.get(blk.index()) {
                *index = left.0.saturating_sub(b.insts.start);
            }
        }
    }
}

impl Comparator {
    /// Explains `compare(m, a, b)`: the same verdict, and the step that decided it (see
    /// the module docs). Uses this comparator's settings (weak flags, callee classes);
    /// does not count as a comparison.
    pub fn explain<M: Module + ?Sized>(&mut self, m: &M, a: FuncId, b: FuncId) -> Explanation {
        let d = self.differences(m, a, b, 1);
        let difference = d.list.first().copied();
        let order = difference.map_or(Ordering::Equal, |d| d.order);
        Explanation { order, difference }
    }

    /// Up to `limit` differences of `a` and `b`, looking past each one where the walk
    /// can go on (see the module docs). The first is the one [`Self::explain`] reports.
    pub fn differences<M: Module + ?Sized>(&mut self, m: &M, a: FuncId, b: FuncId, limit: usize) -> Differences {
        let (Some(bl), Some(br)) = (m.body(a), m.body(b)) else {
            let (hl, hr) = (m.body(a).is_some(), m.body(b).is_some());
            let order = hl.cmp(&hr).then(a.cmp(&b));
            let list = if order == Ordering::Equal {
                Vec::new()
            } else {
                alloc::vec![Difference {
                    rule: Rule::HasBody,
                    place: Place::Body,
                    left: Item::Num(hl as u64),
                    right: Item::Num(hr as u64),
                    order,
                }]
            };
            return Differences { complete: list.is_empty(), list };
        };
        let (result, mut rec) = self.run_traced(m, a, b, bl, br, Recorder::new(limit));
        fix_positions(m, a, &mut rec.list);
        // Every step that ends a comparison goes through the tracer.
        debug_assert!(result.is_ok() || !rec.list.is_empty(), "an untraced step decided {a} vs {b}");
        Differences { complete: result.is_ok(), list: rec.list }
    }
}

// ------------------------------------------------------------------------------------
// Words
// ------------------------------------------------------------------------------------

/// The core's own description of an item (what [`crate::Module::describe`] writes unless
/// the adapter has words of its own).
pub fn describe_default<M: Module + ?Sized>(m: &M, item: Item, out: &mut dyn Write) -> fmt::Result {
    match item {
        Item::Num(n) => write!(out, "{n}"),
        Item::Type(t) => write!(out, "{:?}", m.type_data(t)),
        Item::Const(c) => {
            let d = m.const_data(c);
            write!(out, "{:?} of type {:?}", d.kind, m.type_data(d.ty))
        }
        Item::Meta(None) => out.write_str("no metadata"),
        Item::Meta(Some(x)) => match m.meta_data(x) {
            // a string as the IR writes it (`!"text"`), not as its bytes
            MetaData::String(s) => write!(out, "!\"{}\"", String::from_utf8_lossy(s).escape_debug()),
            d => write!(out, "{d:?}"),
        },
        Item::Asm(a) => {
            let d = m.asm_data(a);
            write!(out, "asm \"{}\"", String::from_utf8_lossy(&d.text))
        }
        Item::Attrs(a) => write!(out, "{:?}", m.attrs(a)),
        Item::Value(Value::Const(c)) => describe_default(m, Item::Const(c), out),
        Item::Value(Value::Meta(x)) => describe_default(m, Item::Meta(Some(x)), out),
        Item::Value(Value::Asm(a)) => describe_default(m, Item::Asm(a), out),
        Item::Value(Value::Arg(i)) => write!(out, "argument {i}"),
        Item::Value(Value::Inst(i)) => write!(out, "the result of {i}"),
        Item::Value(Value::Block(b)) => write!(out, "block {b}"),
        Item::Offset(None) => out.write_str("no constant offset"),
        Item::Offset(Some(o)) => {
            // The offset is stored modulo 2^bits; show it signed, as the IR writes it.
            let bits = o.bits.clamp(1, 128);
            let v = if bits < 128 && o.value >> (bits - 1) & 1 == 1 {
                o.value as i128 - (1i128 << bits)
            } else {
                o.value as i128
            };
            write!(out, "offset {v} bytes (i{})", o.bits)
        }
        Item::Inst(i) => write!(out, "{i}"),
        Item::Attr { list, set, index } => {
            match crate::order::attr_set(m.attrs(list), set as usize).get(index as usize) {
                Some(a) => write!(out, "{a:?}"),
                None => out.write_str("nothing"),
            }
        }
    }
}

/// The name of attribute set `set` (see [`Item::Attr`]).
pub fn attr_set_name(set: u32) -> String {
    match set {
        0 => String::from("function"),
        1 => String::from("return value"),
        k => alloc::format!("parameter {}", k - 2),
    }
}

/// Where two attribute lists first differ in the order's attribute rule: `(set, index)`
/// (see [`Item::Attr`]); `None` if they compare equal.
pub fn attr_difference<M: Module + ?Sized>(m: &M, a: AttrsId, b: AttrsId) -> Option<(u32, u32)> {
    if crate::order::cmp_attrs(m, a, b) == Ordering::Equal {
        return None;
    }
    let (la, lb) = (m.attrs(a), m.attrs(b));
    let (na, nb) = (crate::order::num_attr_sets(la), crate::order::num_attr_sets(lb));
    if na != nb {
        // The order counts sets first: the last set of the longer list is what the
        // other lacks.
        return Some((na.max(nb) as u32 - 1, 0));
    }
    for i in 0..na {
        let (sa, sb) = (crate::order::attr_set(la, i), crate::order::attr_set(lb, i));
        let k = sa.iter().zip(sb).position(|(x, y)| crate::order::cmp_attr(m, x, y) != Ordering::Equal);
        match k {
            Some(k) => return Some((i as u32, k as u32)),
            None if sa.len() != sb.len() => return Some((i as u32, sa.len().min(sb.len()) as u32)),
            None => {}
        }
    }
    None
}

/// Writes `item` of function `f` in the adapter's words into a new string.
pub fn describe_to_string<M: Module + ?Sized>(m: &M, f: FuncId, item: Item) -> String {
    let mut s = String::new();
    let _ = m.describe(f, item, &mut s);
    s
}

/// A short label of a difference for grouping: the rule's name, with the adapter's name
/// of the property when the difference is in one (`property: alignment`).
pub fn group_label<M: Module + ?Sized>(m: &M, a: FuncId, d: &Difference) -> String {
    let mut s = String::from(d.rule.name());
    if let Some((inst, k)) = d.prop_index() {
        if let Some(l) = m.prop_label(a, inst, k as usize) {
            s.push_str(": ");
            s.push_str(l);
        }
    }
    if let Place::Block { part: BlockPart::Inst { part: InstPart::Operand { callee: true, .. }, .. }, .. } = d.place {
        if d.rule != Rule::Callee {
            s.push_str(" (callee)");
        }
    }
    s
}

fn write_place<M: Module + ?Sized>(m: &M, a: FuncId, d: &Difference, out: &mut dyn Write) -> fmt::Result {
    match d.place {
        Place::SigProp(k) => {
            write!(out, "signature property {k}")?;
            if let Some(l) = m.prop_label(a, None, k as usize) {
                write!(out, " ({l})")?;
            }
            Ok(())
        }
        Place::FunctionType => out.write_str("function type"),
        Place::Body => out.write_str("body"),
        Place::Block { walk, left, right, part } => {
            write!(out, "block #{walk} of the walk ({left} / {right})")?;
            match part {
                BlockPart::Label => out.write_str(", the block itself"),
                BlockPart::End => out.write_str(", its end"),
                BlockPart::Successors => out.write_str(", its successors"),
                BlockPart::Inst { index, part, left, .. } => {
                    write!(out, ", instruction {index}")?;
                    match part {
                        InstPart::Whole => Ok(()),
                        InstPart::Operand { index, callee: true } => write!(out, ", operand {index} (callee)"),
                        InstPart::Operand { index, callee: false } => write!(out, ", operand {index}"),
                        InstPart::OperandType(k) => write!(out, ", type of operand {k}"),
                        InstPart::Prop(k) => {
                            write!(out, ", property {k}")?;
                            if let Some(l) = m.prop_label(a, Some(left), k as usize) {
                                write!(out, " ({l})")?;
                            }
                            Ok(())
                        }
                    }
                }
            }
        }
    }
}

impl Explanation {
    /// Writes the explanation of `compare(a, b)` for a reader, naming the functions by
    /// their symbol names and the values in the adapter's words.
    pub fn render<M: Module + ?Sized>(&self, m: &M, a: FuncId, b: FuncId, out: &mut dyn Write) -> fmt::Result {
        let name = |f: FuncId| String::from_utf8_lossy(m.func_name(f)).into_owned();
        let (na, nb) = (name(a), name(b));
        let Some(d) = &self.difference else {
            return writeln!(out, "@{na} and @{nb} are equal");
        };
        writeln!(out, "@{na} and @{nb} differ: {}", group_label(m, a, d))?;
        out.write_str("  at: ")?;
        write_place(m, a, d, out)?;
        out.write_char('\n')?;
        if let Some((l, r)) = d.insts() {
            write!(out, "  @{na}: ")?;
            m.describe(a, Item::Inst(l), out)?;
            write!(out, "\n  @{nb}: ")?;
            m.describe(b, Item::Inst(r), out)?;
            out.write_char('\n')?;
        }
        // Attribute lists: the first attribute that differs, not the whole lists.
        let (left, right, what) = match (d.rule, d.left, d.right) {
            (Rule::Attributes, Item::Attrs(x), Item::Attrs(y)) => match attr_difference(m, x, y) {
                Some((set, index)) => (
                    Item::Attr { list: x, set, index },
                    Item::Attr { list: y, set, index },
                    alloc::format!("{} attributes", attr_set_name(set)),
                ),
                None => (d.left, d.right, String::from("values")),
            },
            _ => (d.left, d.right, String::from("values")),
        };
        write!(out, "  {what}: ")?;
        m.describe(a, left, out)?;
        out.write_str(" | ")?;
        m.describe(b, right, out)?;
        writeln!(out, "\n  order: @{na} {} @{nb}", if d.order == Ordering::Less { "<" } else { ">" })
    }

    /// [`Self::render`] into a new string.
    pub fn to_text<M: Module + ?Sized>(&self, m: &M, a: FuncId, b: FuncId) -> String {
        let mut s = String::new();
        let _ = self.render(m, a, b, &mut s);
        s
    }
}
