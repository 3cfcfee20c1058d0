//! The write side of the contract: the few rewrites the merge driver asks for.
//!
//! The driver calls these only in the situations LLVM's MergeFunctions does, and checks
//! the conditions it owns (linkage, "can a thunk be written", "is it used") before
//! calling. The adapter owns everything IR-specific: how a thunk casts arguments, which
//! tail-call kind it uses, what metadata it copies, how an alias is spelled.
//!
//! After every call returns, the [`Module`] read methods must describe the new IR (an
//! adapter with lazy views may leave some views stale, see
//! [`crate::FastPath::materialize`]).
//! A mutation that fails must leave the module unchanged (or the adapter must report the
//! module as unusable); the driver stops at the first error and returns it.

use crate::ir::{FuncId, InstId, Module};

/// How a thunk is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ThunkStyle {
    /// Keep the folded function's own object (and its parameter debug information) and
    /// turn *it* into the thunk, instead of creating a fresh function (LLVM's
    /// `-mergefunc-preserve-debug-info`).
    pub preserve_debug_info: bool,
}

/// A rewrite the driver may choose, named for [`ModuleMut::can_rewrite`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rewrite {
    /// [`ModuleMut::replace_all_uses`] of `g` by `target`.
    ReplaceAllUses,
    /// [`ModuleMut::replace_direct_calls`] from `g` to `target`.
    RedirectCalls,
    /// [`ModuleMut::write_alias`] of `g` to `target`.
    Alias,
    /// [`ModuleMut::write_thunk`] of `g` calling `target`.
    Thunk,
    /// [`ModuleMut::split_body`] of `g` (`target` is `g`).
    SplitBody,
    /// [`ModuleMut::erase`] of `g`, unused and discardable, folded into `target`.
    Erase,
    /// [`ModuleMut::drop_differing_facts`] on `target` (the survivor) for `g` (the
    /// function folded into it): asked only of an adapter whose
    /// [`ModuleMut::drops_facts`] is true, before anything of the merge is chosen.
    DropFacts,
}

impl Rewrite {
    /// Lower-case name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Rewrite::ReplaceAllUses => "rauw",
            Rewrite::RedirectCalls => "calls",
            Rewrite::Alias => "alias",
            Rewrite::Thunk => "thunk",
            Rewrite::SplitBody => "split",
            Rewrite::Erase => "erase",
            Rewrite::DropFacts => "drop-facts",
        }
    }
}

/// Rewrites on a module: the required half of the adapter contract that changes the IR.
/// Implemented by the same type as [`Module`]; the optional hooks that only save work are
/// [`crate::FastPath`].
///
/// Feasibility: the order decides which functions are equal, but some rewrites of an
/// equal pair may still be impossible to express in the IR (an alias whose aliasee lives
/// in another address space, say). The driver asks [`Self::can_rewrite`] before it
/// chooses each rewrite and takes the next option LLVM's decision tree offers (or leaves
/// the pair apart) when the adapter declines, recording the refusal in the
/// [`crate::Report`]. A rewrite the adapter said it can carry out must then succeed on
/// a valid module: the errors of the rewrite methods are for broken preconditions
/// (a bug in the driver or the adapter), never for a property of the input.
pub trait ModuleMut: Module {
    /// The adapter's error type.
    type Error: core::fmt::Debug + core::fmt::Display;

    /// `Ok` if the rewrite `rewrite` of `g` onto `target` (both live functions that
    /// the order calls equal, or `g` itself for [`Rewrite::SplitBody`]) can be carried
    /// out in the module as it is now; `Err(reason)` if not. The body
    /// [`Self::split_body`] makes for `f` has `f`'s signature: the driver asks about
    /// rewrites onto it with `f` as `target` before the split. The default: every
    /// rewrite is possible.
    fn can_rewrite(&self, rewrite: Rewrite, g: FuncId, target: FuncId) -> Result<(), &'static str> {
        let _ = (rewrite, g, target);
        Ok(())
    }

    // --- Uses -----------------------------------------------------------------------------

    /// Replaces every use of `from` by `to`, address-taken uses included.
    /// Precondition: `from` has an unimportant address (unnamed_addr) and is not used
    /// externally.
    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error>;

    /// Makes every call whose callee is `from` call `to` instead; other uses of `from`
    /// (its address stored, compared, passed) stay. The call sites keep their own
    /// attributes.
    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error>;

    // --- Folding a function ---------------------------------------------------------------

    /// True if this IR can express `g` as an alias of another function at all.
    fn supports_aliases(&self) -> bool;

    /// Turns `g` into an alias of `target`: same symbol name, visibility and linkage as
    /// `g` had; `g` loses its body and `FuncId` `g` now names the alias. Every use of
    /// `g` keeps referring to `g`. Alignment is handled by the driver.
    fn write_alias(&mut self, g: FuncId, target: FuncId) -> Result<(), Self::Error>;

    /// Replaces the body of `g` by a call to `target` that forwards every argument and
    /// returns the result, with whatever casts the two signatures need. `g` keeps its
    /// symbol, linkage and attributes; every use of `g` keeps referring to `g`.
    /// Precondition: `target` is callable and not variadic.
    fn write_thunk(&mut self, g: FuncId, target: FuncId, style: ThunkStyle) -> Result<(), Self::Error>;

    /// Deletes `g`. Precondition: nothing uses it.
    fn erase(&mut self, g: FuncId) -> Result<(), Self::Error>;

    /// Moves the body of `f` into a new function with local (private) linkage that
    /// copies `f`'s signature, attributes, alignment and grouping (comdat), and returns
    /// its id. `FuncId` `f` keeps its symbol, linkage and every use, and has no body
    /// until the driver turns it into a thunk or alias of the new function.
    fn split_body(&mut self, f: FuncId) -> Result<FuncId, Self::Error>;

    // --- Properties -----------------------------------------------------------------------

    /// Sets the alignment of `f` (`None`: unset).
    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), Self::Error>;

    // --- Weak flags (optional) -----------------------------------------------------------

    /// True if [`ModuleMut::intersect_flags`] is implemented, so that
    /// [`crate::ir::Inst::weak_flags`] may be left out of the comparison.
    fn supports_flag_intersection(&self) -> bool {
        false
    }

    /// Clears on instruction `inst` of `f` every weak flag bit that is not in `keep`
    /// (called on the survivor of a merge, with the other function's flags).
    fn intersect_flags(&mut self, f: FuncId, inst: InstId, keep: u64) -> Result<(), Self::Error> {
        let _ = (f, inst, keep);
        Ok(())
    }

    // --- Droppable facts (optional) --------------------------------------------------------

    /// True if this adapter's views leave out *droppable facts*: properties of an
    /// instruction that only state something the optimizer may assume (say, which
    /// accesses cannot alias) and that the adapter can remove from an instruction. The
    /// order then never sees them, so functions that differ only in droppable facts
    /// compare equal, and the driver makes the survivor of each merge a sound replacement
    /// for the folded function by calling [`Self::drop_differing_facts`] on every pair
    /// of instructions the order matched. The default: no droppable facts.
    ///
    /// Invariant the adapter owes: removing a droppable fact never changes a view (the
    /// view does not record it), so a survivor keeps its place in the driver's tree.
    fn drops_facts(&self) -> bool {
        false
    }

    /// Removes from instruction `keep_inst` of `keep` (the survivor of a merge) every
    /// droppable fact that instruction `fold_inst` of `fold` (the function folded into
    /// it) does not state identically, so that `keep` afterwards states no fact that
    /// `fold` did not: callers of `fold` then run with a subset of their own facts.
    /// Called before any other rewrite of the merge, for each instruction pair of
    /// [`crate::order::matched_instructions`], and only after
    /// [`Self::can_rewrite`]`(Rewrite::DropFacts, fold, keep)` said it can be carried
    /// out; it must then succeed on a valid module. Must not change the view of `keep`
    /// (see [`Self::drops_facts`]). The default does nothing.
    fn drop_differing_facts(
        &mut self,
        keep: FuncId,
        keep_inst: InstId,
        fold: FuncId,
        fold_inst: InstId,
    ) -> Result<(), Self::Error> {
        let _ = (keep, keep_inst, fold, fold_inst);
        Ok(())
    }
}
