//! Constants: an LLVM constant becomes a [`mergefunc::ConstData`] (its type and
//! [`mergefunc::ConstKind`]), read exactly or else kept opaque by an exact identity
//! (the printed form of a uniqued constant, or the handle where printing loses one).
//!
//! Invariants: `const_of` maps a live constant to the id of its contents; an opaque
//! constant is equal only to itself; a global is named by a [`mergefunc::GlobalRef`]
//! (functions by their `FuncId`, registering them if needed).

use super::height::measure_height;
use super::intern::DataBytes;
use super::LlvmModule;
use crate::safe::{GepInRange, Op, ValKind, B, V};
use mergefunc::{ConstData, ConstId, ConstKind, ConstProp, GlobalId, GlobalRef};

/// How deep [`LlvmModule::intern_const`] reads nested constants (see `intern_const_at`).
/// Real constants nest a few levels (a vtable of GEPs, a struct of arrays); LLVM reads
/// 20,000 levels from bitcode (its text parser stops near 5,000 on an 8 MiB stack).
pub(super) const CONST_INTERN_DEPTH: u32 = 256;

/// How many blocks from a function's entry [`LlvmModule::block_position`] looks through
/// before it reads the positions of all the function's blocks into a table.
pub(super) const BLOCK_SCAN: usize = 64;

/// The opcode of the expression a constant nested too deep to read becomes when block
/// addresses are inside it (see [`LlvmModule::deep_const`]): no LLVM opcode.
const DEEP_CONST_OPCODE: u32 = u32::MAX;

impl LlvmModule {
    pub(super) fn global_ref(&mut self, v: V) -> GlobalRef {
        if v.is_function() {
            return GlobalRef::Func(self.register_func(v));
        }
        if let Some(g) = self.caches.global_of.get(&v) {
            return GlobalRef::Other(*g);
        }
        if let Some(f) = self.func_of.get(&v) {
            // An alias written by the mutator keeps the id of the function it replaced.
            return GlobalRef::Func(*f);
        }
        let id = GlobalId::new(self.tables.globals.len());
        self.tables.globals.push(v);
        self.caches.global_of.insert(v, id);
        GlobalRef::Other(id)
    }

    /// The position of block `bb` in function `f`'s layout (`None`: not one of its
    /// blocks). A block not in `block_position` is looked for among the first
    /// [`BLOCK_SCAN`] blocks; past them every block of `f` is read into the table once,
    /// so that the block addresses of a function of n blocks cost n in all, not n each.
    /// Exact because a layout changes only in a rewrite, and every rewrite forgets the
    /// table (`forget_block_positions`).
    fn block_position(&mut self, f: V, bb: B) -> Option<usize> {
        if let Some(&p) = self.caches.block_position.get(&bb) {
            return Some(p as usize);
        }
        let mut next = f.first_block();
        for i in 0..BLOCK_SCAN {
            let b = next?;
            if b == bb {
                return Some(i);
            }
            next = b.next();
        }
        let table = &mut self.caches.block_position;
        let mut found = None;
        for (i, b) in f.blocks().into_iter().enumerate().skip(BLOCK_SCAN) {
            table.insert(b, i as u32);
            if b == bb {
                found = Some(i);
            }
        }
        found
    }

    fn opaque_by_text(&mut self, v: V) -> ConstKind {
        let text = v.print();
        if text.contains("<badref>") || names_unnamed_global(&text) {
            // Printing lost an identity, or names an unnamed global by its slot number
            // (`@3`), which names another global once an unnamed global before it is
            // erased: fall back to the handle, valid for this generation only.
            let n = self.tables.next_opaque;
            let id = *self.caches.opaque_ptr.entry(v.0 as usize).or_insert(n);
            if id == n {
                self.tables.next_opaque += 1;
            }
            return ConstKind::Opaque(id | 1 << 63);
        }
        let n = self.tables.next_opaque;
        let id = *self.tables.opaque_text.entry(text).or_insert(n);
        if id == n {
            self.tables.next_opaque += 1;
        }
        ConstKind::Opaque(id)
    }

    /// A new constant id for `data`, `height` levels of nesting (not looked up by `v`).
    fn push_const_data(&mut self, data: ConstData, height: u32) -> ConstId {
        let id = ConstId::new(self.tables.consts.len());
        self.tables.consts.push(data);
        self.tables.const_heights.push(height);
        id
    }

    pub(crate) fn intern_const(&mut self, v: V) -> ConstId {
        self.intern_const_at(v)
    }

    /// [`Self::intern_const`] of `v` (the constant asked for, or one inside it). A
    /// constant taller than [`CONST_INTERN_DEPTH`] (its height measured first, see
    /// [`Self::const_height_of`]) is interned by its identity ([`Self::deep_const`]), so
    /// that no constant nests the interning or the order's and the hash's walks over
    /// constants deeper than the bound; any other constant by its content, whose
    /// operands are shorter. Either way the id is a function of the constant alone
    /// (for this generation), never of where it was met first.
    fn intern_const_at(&mut self, v: V) -> ConstId {
        if let Some(id) = self.caches.const_of.get(&v) {
            return *id;
        }
        super::intern::first_room(&mut self.caches.const_of);
        let ty = self.intern_type(v.ty());
        // The id records the measured height (not its content's, which is less where a
        // part is read as its printed form), so that `const_height_of` answers the same
        // from `const_of` as from its own memo.
        let height = self.const_height_of(v);
        let mut kind = if height > CONST_INTERN_DEPTH { None } else { Some(self.const_kind(v)) };
        if kind.as_ref().is_some_and(|k| 1 + self.operands_height(k) > CONST_INTERN_DEPTH) {
            // Not expected (the height was measured): its identity.
            kind = None;
        }
        let (kind, height) = match kind {
            Some(k) => (k, height),
            None => (self.deep_const(v, ty), CONST_INTERN_DEPTH + 1),
        };
        let id = self.push_const_data(ConstData { ty, kind }, height);
        self.caches.const_of.insert(v, id);
        id
    }

    /// The height of constant `v`: 1 for a constant without constant operands (a global
    /// is one), else 1 more than its tallest operand's; at most `CONST_INTERN_DEPTH + 1`.
    /// A function of `v` alone, measured by an explicit stack (no recursion with the
    /// nesting), from `const_height_of` and `const_of` (whose ids record the heights of
    /// their constants), both forgotten together with `const_of`.
    fn const_height_of(&mut self, v: V) -> u32 {
        measure_height(
            self,
            v,
            CONST_INTERN_DEPTH + 1,
            false,
            |m, x| {
                if let Some(h) = m.caches.const_height_of.get(&x) {
                    return Some(*h);
                }
                let id = m.caches.const_of.get(&x)?;
                m.tables.const_heights.get(id.index()).copied()
            },
            |_, x| const_operands(x),
            |m, x, h| {
                super::intern::first_room(&mut m.caches.const_height_of);
                m.caches.const_height_of.insert(x, h);
            },
        )
    }

    /// The most levels of nesting among the operands of content `k`, 0 for a leaf.
    fn operands_height(&self, k: &ConstKind) -> u32 {
        let h = |c: ConstId| self.tables.const_heights.get(c.index()).copied().unwrap_or(1);
        k.operands().map(h).max().unwrap_or(0)
    }

    /// A constant nested too deep to read, by its identity: LLVM uniques constants, so
    /// two uses of one constant object are one value, and the order's shortcut for one
    /// constant id on both sides is exact for it, except where a block address inside
    /// means another block in each function. So the content is the handle's identity
    /// (valid for this generation, as a handle fallback of `opaque_by_text`) and, if an
    /// iterative walk of its operands finds block addresses, an expression
    /// ([`DEEP_CONST_OPCODE`]) of that identity and those block addresses in walk order:
    /// the order then compares them by its block-address rule, as it would inside a
    /// constant it reads.
    fn deep_const(&mut self, v: V, ty: mergefunc::TypeId) -> ConstKind {
        let n = self.tables.next_opaque;
        let id = *self.caches.opaque_ptr.entry(v.0 as usize).or_insert(n);
        if id == n {
            self.tables.next_opaque += 1;
        }
        let identity = ConstKind::Opaque(id | 1 << 63);
        let mut found = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![v];
        while let Some(c) = stack.pop() {
            if !seen.insert(c) {
                continue;
            }
            if c.kind() == Ok(ValKind::BlockAddress) {
                found.push(c);
                continue;
            }
            if c.is_global() {
                continue;
            }
            // Operands pushed last first, so that they are visited in operand order.
            stack.extend((0..c.num_operands()).rev().filter_map(|i| c.operand(i)));
        }
        if found.is_empty() {
            return identity;
        }
        let mut operands = vec![self.push_const_data(ConstData { ty, kind: identity }, 1)];
        operands.extend(found.into_iter().map(|b| self.intern_const_at(b)));
        ConstKind::Expr { opcode: DEEP_CONST_OPCODE, operands: operands.into(), props: Box::new([]) }
    }

    fn const_list(&mut self, v: V) -> Box<[ConstId]> {
        let n = v.num_operands();
        (0..n).filter_map(|i| v.operand(i)).map(|o| self.intern_const_at(o)).collect()
    }

    fn const_kind(&mut self, v: V) -> ConstKind {
        let kind = match v.kind() {
            Ok(k) => k,
            Err(_) => return self.opaque_by_text(v),
        };
        match kind {
            ValKind::Function | ValKind::GlobalAlias | ValKind::GlobalIFunc | ValKind::GlobalVariable => {
                ConstKind::Global(self.global_ref(v))
            }
            _ if v.is_constant() && v.is_null_value() && !v.is_global() => ConstKind::Null,
            ValKind::ConstantAggregateZero
            | ValKind::ConstantPointerNull
            | ValKind::ConstantTokenNone
            | ValKind::ConstantTargetNone => ConstKind::Null,
            ValKind::UndefValue => ConstKind::Undef,
            ValKind::Poison => ConstKind::Poison,
            ValKind::ConstantInt => match v.const_int_words() {
                Some(w) if w.iter().all(|x| *x == 0) => ConstKind::Null,
                Some(w) => ConstKind::Int(w.into()),
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantFP => self.float_bits(v),
            ValKind::ConstantArray => ConstKind::Array(self.const_list(v)),
            ValKind::ConstantStruct => ConstKind::Struct(self.const_list(v)),
            ValKind::ConstantVector => ConstKind::Vector(self.const_list(v)),
            ValKind::ConstantDataArray | ValKind::ConstantDataVector => match v.raw_data() {
                Some(b) if b.iter().all(|x| *x == 0) => ConstKind::Null,
                Some(b) if kind == ValKind::ConstantDataArray => ConstKind::DataArray(self.data_image(v, b).into()),
                Some(b) => ConstKind::DataVector(self.data_image(v, b).into()),
                None => self.opaque_by_text(v),
            },
            ValKind::BlockAddress => match v.block_address() {
                Some((f, bb)) => match self.block_position(f, bb) {
                    Some(p) => ConstKind::BlockAddress { func: self.register_func(f), block: p as u32 },
                    None => self.opaque_by_text(v),
                },
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantPtrAuth => match v.ptrauth() {
                Some([p, k, d, a]) => ConstKind::PtrAuth {
                    ptr: self.intern_const_at(p),
                    key: self.intern_const_at(k),
                    disc: self.intern_const_at(d),
                    addr_disc: self.intern_const_at(a),
                },
                // A deactivation symbol (no getter; see `V::ptrauth`): the printed form,
                // which names it, keys the constant exactly.
                None => self.opaque_by_text(v),
            },
            ValKind::ConstantExpr => self.const_expr(v),
            ValKind::Instruction if !v.is_instruction() && v.is_constant() => {
                // dso_local_equivalent / no_cfi: LLVM-C reports them as instructions and
                // cannot tell them apart; the shim can (the printed form cannot: a
                // function's name may contain either keyword).
                match (v.wrapped_kind(), v.operand(0)) {
                    (Some(k), Some(g)) if g.is_global() => ConstKind::Wrapped { kind: k, target: self.global_ref(g) },
                    _ => self.opaque_by_text(v),
                }
            }
            ValKind::Argument
            | ValKind::BasicBlock
            | ValKind::MemoryUse
            | ValKind::MemoryDef
            | ValKind::MemoryPhi
            | ValKind::MetadataAsValue
            | ValKind::InlineAsm
            | ValKind::Instruction => self.opaque_by_text(v),
        }
    }

    /// The bytes of data array or vector `v` (LLVM's, `raw`) as [`DataBytes`] records
    /// them.
    fn data_image(&self, v: V, mut raw: Vec<u8>) -> Vec<u8> {
        let n = v.ty().len().unwrap_or(0) as usize;
        let width = raw.len().checked_div(n).unwrap_or(0);
        match self.load.data_bytes {
            DataBytes::AsStored => raw,
            DataBytes::Swapped => {
                if width > 1 && raw.len() % width == 0 {
                    for e in raw.chunks_mut(width) {
                        e.reverse();
                    }
                }
                raw
            }
            DataBytes::Tagged => {
                raw.insert(0, width.min(255) as u8);
                raw
            }
        }
    }

    /// A floating-point constant by its exact bit pattern.
    fn float_bits(&mut self, v: V) -> ConstKind {
        match v.fp_bit_pattern(self.ctx).and_then(|i| i.const_int_words()) {
            Some(w) => ConstKind::Float(w.into()),
            None => self.opaque_by_text(v),
        }
    }

    fn const_expr(&mut self, v: V) -> ConstKind {
        let op = match v.const_opcode() {
            Some(Ok(op)) => op,
            _ => return self.opaque_by_text(v),
        };
        let opcode = op.raw();
        match op {
            // No flags: structural.
            Op::BitCast
            | Op::AddrSpaceCast
            | Op::PtrToInt
            | Op::PtrToAddr
            | Op::IntToPtr
            | Op::Xor
            | Op::ExtractElement
            | Op::InsertElement => ConstKind::Expr { opcode, operands: self.const_list(v), props: Box::new([]) },
            Op::GetElementPtr => {
                // `inrange` (read by the shim: LLVM-C has no getter) is compared as LLVM's
                // comparator does, bounds and width; one the shim cannot read keys the
                // constant by its printed form. Printing every GEP to look for it cost
                // about 9k instructions a constant (C++ vtable stores).
                let range = match v.const_gep_inrange() {
                    GepInRange::None => None,
                    GepInRange::Range { bits, lower, upper } => Some((bits, lower, upper)),
                    GepInRange::Unreadable => return self.opaque_by_text(v),
                };
                let src = v.gep_source_type().map(|t| self.intern_type(t));
                let flags = v.gep_flags().unwrap_or(0) as u64;
                // The no-wrap flags take the low bits; bit 32 says an `inrange` follows
                // (so a GEP with one never equals a GEP without).
                let mut props = vec![ConstProp::Num(flags | u64::from(range.is_some()) << 32)];
                if let Some((bits, lower, upper)) = range {
                    props.extend([ConstProp::Num(bits.into()), ConstProp::Num(lower), ConstProp::Num(upper)]);
                }
                if let Some(s) = src {
                    props.push(ConstProp::Type(s));
                }
                ConstKind::Expr { opcode, operands: self.const_list(v), props: props.into() }
            }
            // nuw/nsw of constant expressions cannot be read (LLVMGetNUW is UB there);
            // shufflevector masks are not operands: identity by printed form.
            Op::Add | Op::Sub | Op::Mul | Op::Shl | Op::Trunc | Op::ShuffleVector => self.opaque_by_text(v),
            Op::Ret
            | Op::Br
            | Op::Switch
            | Op::IndirectBr
            | Op::Invoke
            | Op::Unreachable
            | Op::CallBr
            | Op::FNeg
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::UDiv
            | Op::SDiv
            | Op::FDiv
            | Op::URem
            | Op::SRem
            | Op::FRem
            | Op::LShr
            | Op::AShr
            | Op::And
            | Op::Or
            | Op::Alloca
            | Op::Load
            | Op::Store
            | Op::ZExt
            | Op::SExt
            | Op::FPToUI
            | Op::FPToSI
            | Op::UIToFP
            | Op::SIToFP
            | Op::FPTrunc
            | Op::FPExt
            | Op::ICmp
            | Op::FCmp
            | Op::Phi
            | Op::Call
            | Op::Select
            | Op::UserOp1
            | Op::UserOp2
            | Op::VAArg
            | Op::ExtractValue
            | Op::InsertValue
            | Op::Freeze
            | Op::Fence
            | Op::AtomicCmpXchg
            | Op::AtomicRMW
            | Op::Resume
            | Op::LandingPad
            | Op::CleanupRet
            | Op::CatchRet
            | Op::CatchPad
            | Op::CleanupPad
            | Op::CatchSwitch => self.opaque_by_text(v),
        }
    }
}

/// Does the printed constant `text` name a global by slot number (`@` and a digit: a
/// The constant operands [`LlvmModule::const_kind`] reads of `v` (what its height counts):
/// none of a global (named by reference) or a block address; every operand of any other
/// constant.
fn const_operands(v: V) -> Vec<V> {
    if v.is_global() || v.kind() == Ok(ValKind::BlockAddress) {
        return Vec::new();
    }
    (0..v.num_operands()).filter_map(|i| v.operand(i)).collect()
}

/// name that is not an identifier is printed quoted, so only unnamed globals print so)?
fn names_unnamed_global(text: &str) -> bool {
    text.as_bytes().windows(2).any(|w| w[0] == b'@' && w[1].is_ascii_digit())
}
