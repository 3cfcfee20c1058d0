//! What a merge run did: one record per folded function, and LLVM's statistics.
//!
//! Invariant: records and refusals name functions by [`FuncId`] only; their names are
//! read when they are printed ([`MergeRecord::display`], [`Report::display`]), from the
//! module the run changed. That is exact because a function's name never changes during
//! a run (the contract of [`Module::func_name`]: a rewrite that replaces a function keeps
//! its name, an erased one keeps the name it had, a new one gets its own), and it keeps
//! a run that folds many functions from copying every name it folds.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::fmt;

use crate::ir::{FuncId, Module};

/// What happened to the uses of a folded function before it was rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UseRewrite {
    /// Uses were left alone.
    None,
    /// Direct calls were redirected to the survivor.
    DirectCalls,
    /// Every use (address-taken ones included) now refers to the survivor.
    AllUses,
}

/// What became of a folded function's own symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoldAction {
    /// Deleted (it had no uses left and could be dropped).
    Erased,
    /// Now an alias of its target.
    Alias,
    /// Now a thunk that calls its target.
    Thunk,
    /// Kept as a full copy (neither an alias nor a thunk was possible); only its uses
    /// were moved, as `uses` says.
    Kept,
}

impl FoldAction {
    /// Lower-case name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            FoldAction::Erased => "erase",
            FoldAction::Alias => "alias",
            FoldAction::Thunk => "thunk",
            FoldAction::Kept => "kept",
        }
    }
}

impl UseRewrite {
    /// Lower-case name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            UseRewrite::None => "none",
            UseRewrite::DirectCalls => "calls",
            UseRewrite::AllUses => "rauw",
        }
    }
}

/// One folded function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeRecord {
    /// The function that was folded.
    pub folded: FuncId,
    /// The function it now forwards to (or whose body replaced it).
    pub target: FuncId,
    /// What happened to its uses.
    pub uses: UseRewrite,
    /// What became of its symbol.
    pub action: FoldAction,
    /// `Some(survivor)` when both functions were interposable or ODR and a new private
    /// body was created (`target`); the survivor's own symbol then also forwards to it
    /// and has its own record.
    pub shared_body_of: Option<FuncId>,
    /// The Deferred round (0-based) in which the merge happened.
    pub round: u32,
    /// Found by cycle merging ([`crate::Options::merge_cycles`]), not by LLVM's order.
    pub cycle: bool,
}

/// A rewrite of an equal pair that the adapter declined ([`crate::ModuleMut::can_rewrite`]):
/// the driver took the next option LLVM's decision tree offers, or left the pair apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The function the rewrite would have changed.
    pub func: FuncId,
    /// The function it was equal to (the rewrite's target).
    pub target: FuncId,
    /// The rewrite declined.
    pub rewrite: crate::mutate::Rewrite,
    /// The adapter's reason.
    pub reason: &'static str,
    /// True if the pair stayed apart (no merge at all); false if another rewrite was
    /// used instead.
    pub pair_kept_apart: bool,
}

impl Refusal {
    /// `@func -> @target: no <rewrite> (<reason>)[, kept apart]`, one line, the names read
    /// from `m` (the module the run changed).
    pub fn display<'a, M: Module + ?Sized>(&'a self, m: &'a M) -> impl fmt::Display + 'a {
        self.display_with(move |f| Cow::Borrowed(m.func_name(f)))
    }

    /// [`Self::display`] with the names `name` gives (a caller that prints some names
    /// otherwise, such as unnamed functions by number).
    pub fn display_with<'a, N: Fn(FuncId) -> Cow<'a, [u8]> + 'a>(&'a self, name: N) -> impl fmt::Display + 'a {
        Line(move |f: &mut fmt::Formatter<'_>| {
            write!(
                f,
                "@{} -> @{}: no {} ({})",
                Name(&name(self.func)),
                Name(&name(self.target)),
                self.rewrite.as_str(),
                self.reason
            )?;
            if self.pair_kept_apart {
                f.write_str(", kept apart")?;
            }
            Ok(())
        })
    }
}

/// LLVM's MergeFunctions statistics, plus a few of our own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Functions merged (LLVM `NumFunctionsMerged`).
    pub functions_merged: u64,
    /// Thunks written (LLVM `NumThunksWritten`).
    pub thunks_written: u64,
    /// Aliases written (LLVM `NumAliasesWritten`).
    pub aliases_written: u64,
    /// New private bodies created for two interposable or ODR functions
    /// (LLVM `NumDoubleWeak`).
    pub double_weak: u64,
    /// Candidates considered (eligible functions).
    pub candidates: u64,
    /// Candidates dropped because no other candidate shared their hash.
    pub singletons: u64,
    /// Candidates dropped without building their views because no other candidate
    /// shared their [`crate::FastPath::merge_key`] (0 for adapters without one).
    pub unique_keys: u64,
    /// Candidates left out before hashing because the adapter proved they can never
    /// merge ([`crate::FastPath::never_merges`]; 0 for adapters that never say so).
    /// Counted in [`Self::candidates`] too.
    pub never_merges: u64,
    /// Full function comparisons performed.
    pub comparisons: u64,
    /// Functions merged with a tree node without a lookup, their view being a checked
    /// copy of the node's ([`crate::FastPath::view_copied_from`]; 0 for adapters that
    /// give no hints).
    pub copies_merged: u64,
    /// Functions matched with a tree node without a lookup and without their view ever
    /// being built, on the adapter's word that they have the node's body
    /// ([`crate::FastPath::same_body_as`]; 0 for adapters that never say so). Each then
    /// takes the merge actions a lookup's match takes: merged, or left as it is where
    /// they write nothing (a thunk to a body too small, say).
    pub same_body_merged: u64,
    /// Of [`Self::same_body_merged`], those whose tree function had no view read either
    /// ([`crate::FastPath::same_unread_body_as`]): matched with no view built.
    pub unread_pairs_merged: u64,
    /// Functions filed in the tree under their [`crate::FastPath::tree_key`] without
    /// their view being read, because no function in the tree had that key then (0 for
    /// adapters without tree keys). A later function with the same key has the view
    /// built after all.
    pub filed_unread: u64,
    /// Tree keys whose functions the driver filed by the adapter's second key as well
    /// ([`crate::FastPath::tree_subkey`]), when a function arrived under one and no
    /// claim settled it (0 for adapters without one).
    pub tree_splits: u64,
    /// Deferred rounds run.
    pub rounds: u64,
    /// Rewrites of equal pairs the adapter declined ([`Report::refused`]).
    pub rewrites_refused: u64,
    /// Of [`Self::rewrites_refused`], pairs left apart because no rewrite was possible.
    pub pairs_kept_apart: u64,
    /// Cycle merging: classes examined by the partition refinement's worklist (each
    /// examination sorts the members touched since the last one; 0 when off).
    pub cycle_rounds: u64,
    /// Cycle merging: candidates left out without building their views because no other
    /// candidate shared their [`crate::FastPath::cycle_key`] class (0 when off).
    pub cycle_unique_keys: u64,
}

/// The result of a merge run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// One record per folded function, in the order the merges happened.
    pub merges: Vec<MergeRecord>,
    /// Rewrites the adapter declined, in the order they were asked for.
    pub refused: Vec<Refusal>,
    /// Counters.
    pub stats: Stats,
}

impl Report {
    /// True if the module was changed.
    pub fn changed(&self) -> bool {
        !self.merges.is_empty()
    }

    /// Every record, then every refusal, one a line, then the counters; the names read
    /// from `m` (the module the run changed).
    pub fn display<'a, M: Module + ?Sized>(&'a self, m: &'a M) -> impl fmt::Display + 'a {
        Line(move |f: &mut fmt::Formatter<'_>| {
            for r in &self.merges {
                writeln!(f, "{}", r.display(m))?;
            }
            for r in &self.refused {
                writeln!(f, "{}", r.display(m))?;
            }
            writeln!(f, "{}", self.stats)
        })
    }
}

/// Prints by calling its closure (the printers above).
struct Line<F>(F);
impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Line<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

struct Name<'a>(&'a [u8]);
impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
            f.write_str(chunk.valid())?;
            for b in chunk.invalid() {
                write!(f, "\\{:02x}", b)?;
            }
        }
        Ok(())
    }
}

impl MergeRecord {
    /// `@folded -> @target: <action> (uses: <rewrite>)[ [shared body]][ [cycle]]`, one
    /// line, the names read from `m` (the module the run changed).
    pub fn display<'a, M: Module + ?Sized>(&'a self, m: &'a M) -> impl fmt::Display + 'a {
        self.display_with(move |f| Cow::Borrowed(m.func_name(f)))
    }

    /// [`Self::display`] with the names `name` gives (a caller that prints some names
    /// otherwise, such as unnamed functions by number).
    pub fn display_with<'a, N: Fn(FuncId) -> Cow<'a, [u8]> + 'a>(&'a self, name: N) -> impl fmt::Display + 'a {
        Line(move |f: &mut fmt::Formatter<'_>| {
            write!(
                f,
                "@{} -> @{}: {} (uses: {})",
                Name(&name(self.folded)),
                Name(&name(self.target)),
                self.action.as_str(),
                self.uses.as_str()
            )?;
            if self.shared_body_of.is_some() {
                f.write_str(" [shared body]")?;
            }
            if self.cycle {
                f.write_str(" [cycle]")?;
            }
            Ok(())
        })
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "merged={} thunks={} aliases={} double_weak={} candidates={} singletons={} comparisons={} rounds={}",
            self.functions_merged,
            self.thunks_written,
            self.aliases_written,
            self.double_weak,
            self.candidates,
            self.singletons,
            self.comparisons,
            self.rounds
        )?;
        if self.never_merges != 0 {
            write!(f, " never_merges={}", self.never_merges)?;
        }
        if self.unique_keys != 0 {
            write!(f, " unique_keys={}", self.unique_keys)?;
        }
        if self.copies_merged != 0 {
            write!(f, " copies_merged={}", self.copies_merged)?;
        }
        if self.same_body_merged != 0 {
            write!(f, " same_body_merged={}", self.same_body_merged)?;
        }
        if self.unread_pairs_merged != 0 {
            write!(f, " unread_pairs_merged={}", self.unread_pairs_merged)?;
        }
        if self.filed_unread != 0 {
            write!(f, " filed_unread={}", self.filed_unread)?;
        }
        if self.tree_splits != 0 {
            write!(f, " tree_splits={}", self.tree_splits)?;
        }
        if self.cycle_unique_keys != 0 {
            write!(f, " cycle_unique_keys={}", self.cycle_unique_keys)?;
        }
        if self.rewrites_refused != 0 {
            write!(f, " rewrites_refused={} pairs_kept_apart={}", self.rewrites_refused, self.pairs_kept_apart)?;
        }
        Ok(())
    }
}
