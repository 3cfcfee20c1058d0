//! Walking a function's body without allocating: blocks ([`B`]), instructions with their
//! opcode read once ([`Inst`]), operand lists ([`Operands`]) and call sites
//! ([`CallSite`]). The view builder and the merge-key walk read every instruction of the
//! functions they visit through these, so each accessor makes exactly the LLVM-C calls
//! the property needs.
//!
//! Invariants: an [`Inst`] is made only by walking a block, so its opcode is the
//! instruction's own and the accessors that need an opcode check it in Rust (no call
//! into LLVM); an [`Operands`] is made only from its instruction's operand count, so every
//! index it yields is in range; a [`CallSite`] is made only for a `call`, `invoke` or
//! `callbr`. All of them stay valid while the body is not rewritten (the handle rule,
//! see [`crate::safe`]).

#[cfg(test)]
thread_local! {
    /// Steps from a block to the next one ([`B::next`]) on this thread: tests count them
    /// to show that a walk reads a function's layout a bounded number of times.
    pub(crate) static BLOCK_STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

use super::{Op, B, T, V};
use crate::ffi;
use inkwell::llvm_sys as sys;
use sys::core as c;
use sys::prelude::*;

impl V {
    /// The entry block of a function (`None` for a declaration or a non-function).
    #[inline]
    pub fn first_block(self) -> Option<B> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: `self` is a live function (checked above).
        let b = unsafe { c::LLVMGetFirstBasicBlock(self.0) };
        (!b.is_null()).then_some(B(b))
    }

    /// Parameter count of a function (0 for a non-function).
    pub fn param_count(self) -> u32 {
        if !self.is_function() {
            return 0;
        }
        // SAFETY: `self` is a live function (checked above).
        unsafe { c::LLVMCountParams(self.0) }
    }

    /// Makes LLVM create the argument objects of a function now (they are made lazily,
    /// on first request: a walk on another thread must not be the one that asks).
    pub fn materialize_arguments(self) {
        if self.param_count() > 0 {
            // SAFETY: `self` is a live function with a parameter (checked above).
            unsafe { c::LLVMGetParam(self.0, 0) };
        }
    }

    /// The parameters of a function, without allocating (none for a non-function).
    pub fn params_iter(self) -> impl Iterator<Item = V> {
        let n = self.param_count();
        // SAFETY: `self` is a live function (a non-function has no parameters: `n` is 0) and
        // `i` is below its parameter count.
        (0..n).map(move |i| V(unsafe { c::LLVMGetParam(self.0, i) }))
    }
}

impl B {
    /// The next block of the function in layout order.
    #[inline]
    pub fn next(self) -> Option<B> {
        #[cfg(test)]
        BLOCK_STEPS.with(|n| n.set(n.get() + 1));
        // SAFETY: `self` is a live block (handle rule).
        let b = unsafe { c::LLVMGetNextBasicBlock(self.0) };
        (!b.is_null()).then_some(B(b))
    }

    /// The block as a value (what `br` and `phi` operands name).
    #[inline]
    pub fn as_value(self) -> V {
        // SAFETY: `self` is a live block.
        V(unsafe { c::LLVMBasicBlockAsValue(self.0) })
    }

    /// The function the block belongs to.
    pub fn parent(self) -> V {
        // SAFETY: `self` is a live block.
        V(unsafe { c::LLVMGetBasicBlockParent(self.0) })
    }

    /// The successors of the block's terminator, in order; `None` when the block has no
    /// terminator (not valid IR).
    #[inline]
    pub fn successors(self) -> Option<impl Iterator<Item = B>> {
        // SAFETY: `self` is a live block; LLVM returns its terminator or null.
        let t = unsafe { c::LLVMGetBasicBlockTerminator(self.0) };
        if t.is_null() {
            return None;
        }
        // SAFETY: `t` is a live terminator (not null, checked above).
        let n = unsafe { c::LLVMGetNumSuccessors(t) };
        // SAFETY: `t` is a live terminator and `k` is below its successor count.
        Some((0..n).map(move |k| B(unsafe { c::LLVMGetSuccessor(t, k) })))
    }

    /// The first instruction of the block (debug records are not instructions).
    #[inline]
    pub fn first_instruction(self) -> Option<Inst> {
        // SAFETY: `self` is a live block.
        Inst::of(unsafe { c::LLVMGetFirstInstruction(self.0) })
    }

    /// The instructions of the block, in order (the block must not change meanwhile).
    pub fn instructions(self) -> impl Iterator<Item = Inst> {
        let mut next = self.first_instruction();
        std::iter::from_fn(move || {
            let i = next?;
            next = i.next();
            Some(i)
        })
    }

    /// The blocks of a function from this one on, in layout order.
    pub fn and_following(self) -> impl Iterator<Item = B> {
        let mut next = Some(self);
        std::iter::from_fn(move || {
            let b = next?;
            next = b.next();
            Some(b)
        })
    }
}

/// An instruction and its opcode (read once, when the walk reached it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst {
    v: LLVMValueRef,
    raw: u32,
}

impl Inst {
    /// `i` (null or a live instruction) with its opcode.
    #[inline]
    fn of(i: LLVMValueRef) -> Option<Inst> {
        if i.is_null() {
            return None;
        }
        // SAFETY: `i` is a live instruction (not null, checked above; only block walks call
        // this).
        let raw = unsafe { ffi::LLVMGetInstructionOpcode(i) };
        Some(Inst { v: i, raw })
    }

    /// The instruction as a value.
    #[inline]
    pub fn value(self) -> V {
        V(self.v)
    }

    /// The `LLVMOpcode` number.
    #[inline]
    pub fn raw_opcode(self) -> u32 {
        self.raw
    }

    /// The opcode, `None` for one this build does not know.
    #[inline]
    pub fn opcode(self) -> Option<Op> {
        Op::from_raw(self.raw)
    }

    /// The next instruction of the block.
    #[inline]
    pub fn next(self) -> Option<Inst> {
        // SAFETY: `self` is a live instruction.
        Inst::of(unsafe { c::LLVMGetNextInstruction(self.v) })
    }

    /// True for a debug intrinsic call (`llvm.dbg.*`), which views skip.
    #[inline]
    pub fn is_debug_intrinsic(self) -> bool {
        self.raw == Op::Call.raw() && self.value().is_debug_intrinsic()
    }

    /// The operands (an instruction is a `User`; the count is read now).
    #[inline]
    pub fn operands(self) -> Operands {
        // SAFETY: `self` is a live instruction, hence a `User`.
        let n = unsafe { c::LLVMGetNumOperands(self.v) }.max(0) as u32;
        Operands { user: self.v, next: 0, end: n }
    }

    /// Volatile flag, alignment, ordering and sync scope of a load or a store (the scope
    /// of a non-atomic access is 1, LLVM's "system"); `None` for other instructions.
    #[inline]
    pub fn memory_access(self) -> Option<(bool, u32, u32, u32)> {
        if self.raw != Op::Load.raw() && self.raw != Op::Store.raw() {
            return None;
        }
        // SAFETY: `self` is a live load or store (checked above), which every getter below
        // accepts; the scope is read only for an atomic access.
        Some(unsafe {
            (
                c::LLVMGetVolatile(self.v) != 0,
                c::LLVMGetAlignment(self.v),
                ffi::LLVMGetOrdering(self.v),
                if c::LLVMIsAtomic(self.v) != 0 { c::LLVMGetAtomicSyncScopeID(self.v) } else { 1 },
            )
        })
    }

    /// The call site of a `call`, `invoke` or `callbr`.
    #[inline]
    pub fn call_site(self) -> Option<CallSite> {
        let call = self.raw == Op::Call.raw();
        (call || self.raw == Op::Invoke.raw() || self.raw == Op::CallBr.raw()).then_some(CallSite { v: self.v, call })
    }

    /// The incoming blocks of a `phi` (none for other instructions).
    #[inline]
    pub fn incoming_blocks(self) -> impl Iterator<Item = B> {
        // SAFETY: `self` is a live `phi` (checked by `if`).
        let n = if self.raw == Op::Phi.raw() { unsafe { c::LLVMCountIncoming(self.v) } } else { 0 };
        // SAFETY: `self` is a live `phi` (a non-phi yields nothing: `n` is 0) and `i` is below
        // its incoming count.
        (0..n).map(move |i| B(unsafe { c::LLVMGetIncomingBlock(self.v, i) }))
    }

    /// The successors of a terminator (none for other instructions).
    #[inline]
    pub fn successors(self) -> impl Iterator<Item = B> {
        const TERMINATORS: [Op; 11] = [
            Op::Ret,
            Op::Br,
            Op::Switch,
            Op::IndirectBr,
            Op::Invoke,
            Op::Resume,
            Op::Unreachable,
            Op::CleanupRet,
            Op::CatchRet,
            Op::CatchSwitch,
            Op::CallBr,
        ];
        let term = TERMINATORS.iter().any(|t| t.raw() == self.raw);
        // SAFETY: `self` is a live terminator (checked by `if`).
        let n = if term { unsafe { c::LLVMGetNumSuccessors(self.v) } } else { 0 };
        // SAFETY: `self` is a live terminator (a non-terminator yields nothing: `n` is 0) and
        // `i` is below its successor count.
        (0..n).map(move |i| B(unsafe { c::LLVMGetSuccessor(self.v, i) }))
    }
}

/// The operands of one instruction, in order (see [`Inst::operands`]). Yields each
/// operand as LLVM has it (null for a missing one).
#[derive(Clone, Copy, Debug)]
pub struct Operands {
    user: LLVMValueRef,
    next: u32,
    end: u32,
}

impl Operands {
    /// How many operands are left (all of them before the first `next`). Not
    /// `Iterator::count`, which would read them.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u32 {
        self.end - self.next
    }
}

impl Iterator for Operands {
    type Item = V;
    #[inline]
    fn next(&mut self) -> Option<V> {
        if self.next == self.end {
            return None;
        }
        // SAFETY: `self.user` is a live `User` and `self.next` is below its operand count
        // (read when this was made; the instruction is not rewritten meanwhile).
        let o = unsafe { c::LLVMGetOperand(self.user, self.next) };
        self.next += 1;
        Some(V(o))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len() as usize;
        (n, Some(n))
    }
}

/// A `call`, `invoke` or `callbr` (see [`Inst::call_site`]).
#[derive(Clone, Copy, Debug)]
pub struct CallSite {
    v: LLVMValueRef,
    /// A `call` (not `invoke` or `callbr`): it has a tail-call kind.
    call: bool,
}

impl CallSite {
    /// `v`, a `call` instruction the builder just made.
    pub(super) fn of_call(v: LLVMValueRef) -> CallSite {
        CallSite { v, call: true }
    }

    /// The call site as a value.
    #[inline]
    pub fn value(self) -> V {
        V(self.v)
    }
    /// The calling convention of the call.
    #[inline]
    pub fn calling_conv(self) -> u32 {
        // SAFETY: `self` is a live call site.
        unsafe { c::LLVMGetInstructionCallConv(self.v) }
    }
    /// The number of argument operands.
    #[inline]
    pub fn arg_count(self) -> u32 {
        // SAFETY: `self` is a live call site.
        unsafe { c::LLVMGetNumArgOperands(self.v) }
    }
    /// The number of operand bundles.
    #[inline]
    pub fn bundle_count(self) -> u32 {
        // SAFETY: `self` is a live call site.
        unsafe { c::LLVMGetNumOperandBundles(self.v) }
    }
    /// A `call` (not `invoke` or `callbr`).
    #[inline]
    pub fn is_call(self) -> bool {
        self.call
    }
    /// The tail-call kind of a `call` (`None` for `invoke` and `callbr`).
    #[inline]
    pub fn tail_kind(self) -> Option<u32> {
        // SAFETY: `self` is a live `call` (checked by `then`'s condition).
        self.call.then(|| unsafe { ffi::LLVMGetTailCallKind(self.v) })
    }
    /// The function type the call is made with.
    #[inline]
    pub fn called_function_type(self) -> T {
        // SAFETY: `self` is a live call site.
        T(unsafe { c::LLVMGetCalledFunctionType(self.v) })
    }
}
