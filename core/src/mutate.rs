//! The write side of the contract: the few rewrites the merge driver asks for.
//!
//! The driver calls these only in the situations LLVM's MergeFunctions does, and checks
//! the conditions it owns (linkage, "can a thunk be written", "is it used") before
//! calling. The adapter owns everything IR-specific: how a thunk casts arguments, which
//! tail-call kind it uses, what metadata it copies, how an alias is spelled.
//!
//! After every call returns, the [`Module`] read methods must describe the new IR.
//! A mutation that fails must leave the module unchanged (or the adapter must report the
//! module as unusable); the driver stops at the first error and returns it.

use alloc::vec::Vec;

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
        }
    }
}

/// Rewrites on a module. Implemented by the same type as [`Module`].
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

    /// Replaces every use of `from` by `to`, address-taken uses included.
    /// Precondition: `from` has an unimportant address (unnamed_addr) and is not used
    /// externally.
    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error>;

    /// Makes every call whose callee is `from` call `to` instead; other uses of `from`
    /// (its address stored, compared, passed) stay. The call sites keep their own
    /// attributes.
    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error>;

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

    /// Sets the alignment of `f` (`None`: unset).
    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), Self::Error>;

    /// Lazy views: builds the view of `f` (its [`Module::body`] and the parts of its
    /// [`crate::FuncInfo`] that depend on the body, such as `ineligible`) if it is not
    /// built or no longer describes the IR. The default does nothing (an adapter whose
    /// views are always built).
    ///
    /// The driver calls it before it reads the body of `f` for the first time and again
    /// before it reads `f` after `f` was taken out of its tree. So a lazy adapter may
    /// leave the view of a changed function stale (and build it on the next call) exactly
    /// for the functions that [`Module::users_of`] reported for the mutation (the driver
    /// asks for those and takes them out of its tree *before* each rewrite that changes
    /// them); every other function whose view is built and that a rewrite changes must
    /// be brought up to date before the rewrite returns, as without laziness.
    fn materialize(&mut self, f: FuncId) {
        let _ = f;
    }

    /// A hint: the driver will soon call [`Self::materialize`] for `f`. An adapter whose
    /// views are read from memory that is likely cold may start loading it (a prefetch);
    /// it must not change anything the driver can observe. The default does nothing.
    fn prefetch(&self, f: FuncId) {
        let _ = f;
    }

    /// An optional cheap key of a candidate, computed *without* building its view, that
    /// lets the driver skip functions that can never merge. Contract:
    /// * consistent with the order: two functions the order calls equal get equal keys
    ///   and equal `refs` (so it may only read what the order requires to be identical
    ///   for equal functions: opcodes, canonical types, operand counts, block structure,
    ///   globals that merges never replace, ...);
    /// * stable under every rewrite of this trait that does not replace the function's
    ///   own body: it must not read which function with a body an operand names (such a
    ///   function may be merged and replaced), nor anything else a merge can change.
    ///   Instead, each reference to a function with a body is appended to `refs`, in a
    ///   fixed walk order, and only marked in the key.
    ///
    /// The driver combines it with the worklist hash and refines it to a fixpoint: a
    /// candidate whose (hash, key, refs) no other candidate shares can never merge, so it
    /// is dropped before its view is built (counted in [`crate::Stats::unique_keys`]);
    /// a function that can never merge is never replaced, so its identity in other
    /// functions' `refs` becomes part of their keys, which may make more of them unique.
    /// The merges are the same with or without the key. `None` (the default) for a
    /// function keeps it.
    fn merge_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        let _ = (f, refs);
        None
    }

    /// An optional key of the function `f` *as it is now*, computed without building its
    /// view, that lets cycle merging ([`crate::Options::merge_cycles`]) skip functions
    /// that can have no class mate. Contract:
    /// * it reads nothing about which function with a body an operand names: each such
    ///   operand is appended to `refs` and only marked in the key, in the order in which
    ///   the order's walk meets it (reachable blocks only, depth first from the entry,
    ///   last successor first), so that the refs of functions the order could call equal
    ///   line up position by position;
    /// * apart from those operands, consistent with the order: two functions that the
    ///   order would call equal if their `refs` named the same functions get equal keys
    ///   and `refs` of equal length;
    /// * it declines alike: if it returns `None` for `f`, it returns `None` for every
    ///   function that such a renaming could make equal to `f`.
    ///
    /// The driver refines the keys to a fixpoint as for [`Self::merge_key`] (with the
    /// cycle classes of the functions in `refs`); a function alone in its key class has
    /// no cycle class mate, so cycle merging leaves it out without building its view
    /// (counted in [`crate::Stats::cycle_unique_keys`]). The merges are the same with or
    /// without the key. The default is [`Self::merge_key`], whose contract implies this
    /// one.
    fn cycle_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        self.merge_key(f, refs)
    }

    /// An optional key of the function `f` *as it is now*, computed without building its
    /// view, under which the driver files `f` in its `FnTree`. Contract:
    /// * consistent with the order at the time of the call: two functions the order calls
    ///   equal get equal keys (it may read anything the order requires to be identical
    ///   for equal functions, including which function an operand names, with a call of
    ///   `f` to itself marked rather than named);
    /// * it describes the IR of `f` at the time of the call: after a rewrite that changes
    ///   `f` (the driver takes `f` out of its tree first), the next call describes the new
    ///   IR.
    ///
    /// With keys, the driver builds a view only when another function in its tree has the
    /// same key (most candidates that never merge are never read). The merges are the same
    /// with or without keys. `None` (the default) for any function makes the driver key
    /// its tree by the core's hash of views from then on (it re-files what the tree
    /// holds), so an adapter should answer for every function or for none.
    fn tree_key(&mut self, f: FuncId) -> Option<u64> {
        let _ = f;
        None
    }

    /// An optional shortcut past building a view: true only if the view of `f`, were it
    /// built now, would be the same records as `g`'s current view (blocks, instructions,
    /// operands, props, successors), except that a callee naming `g` in `g`'s view names
    /// `f` in `f`'s (and only there), and no constant or metadata item of them contains a
    /// block address; and `f`'s view would find it exactly as eligible as `g`'s. The
    /// driver asks only with `g`'s view built and validated, and `f` a candidate. It then
    /// merges the two when their signatures compare equal (the order cannot tell such
    /// bodies apart, see [`crate::Comparator::is_copy_of`]), without building `f`'s view
    /// unless `f` survives. False (the default) is always correct.
    fn same_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let _ = (f, g);
        false
    }

    /// [`Self::same_body_as`] for a `g` whose view the driver has not read (a function
    /// filed in its tree unread, see [`Self::tree_key`]): true only if the views of `f`
    /// and `g`, were they built now, would be the same records in the sense of
    /// [`Self::same_body_as`], and `g`'s view would find `g` eligible (the parts of
    /// [`crate::FuncInfo::ineligible`] that depend on the body) and be a valid body. The
    /// driver asks with `f` a candidate and `g` a candidate by its module-level facts;
    /// on true it merges the two without building either view (when `g` survives).
    /// False (the default) is always correct.
    fn same_unread_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let _ = (f, g);
        false
    }

    /// Without building `f`'s view: `Some(true)` if `f`'s body, as its view would have
    /// it, is one block of at most one instruction, `Some(false)` if it is more, `None`
    /// if the adapter cannot tell (the default: the driver then builds the view). The
    /// driver asks when deciding whether a thunk calling `f` is worth writing.
    fn tiny_body(&self, f: FuncId) -> Option<bool> {
        let _ = f;
        None
    }

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
}
