//! The driver's one per-function table ([`FuncTable`]): what the driver itself records
//! about each function, beside what the adapter answers.
//!
//! Invariants:
//! * the table grows on demand: a function the driver has not recorded anything about
//!   (including one the adapter created during the run, such as a split body) reads as
//!   [`FuncState::default`]: not in the tree, no node left, not folded;
//! * [`FuncState::node`] is `Some(n)` exactly while the function sits in the tree at
//!   node `n`: set when it goes in or takes over a node, cleared when it leaves;
//! * [`FuncState::left_node`] is only a hint: the node may have been freed and handed to
//!   another function since, so a reader checks that the node's function still sits
//!   there ([`crate::driver`]'s `copy_node`);
//! * [`FuncState::folded`] is set when the function is folded into another one and never
//!   cleared: a folded function never goes into the tree again.

use alloc::vec::Vec;

use super::tree::NodeId;
use crate::ir::FuncId;

/// What the driver records about one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct FuncState {
    /// The tree node the function sits at, if it is in the tree.
    pub(super) node: Option<NodeId>,
    /// The tree node the function left when another function took its place there (it
    /// was folded into the node's function, or its body moved to a new function): where
    /// a copy of its view may find its equal.
    pub(super) left_node: Option<NodeId>,
    /// Folded into another function.
    pub(super) folded: bool,
}

/// [`FuncState`] by function id.
#[derive(Debug, Default)]
pub(super) struct FuncTable {
    slots: Vec<FuncState>,
}

impl FuncTable {
    /// An empty table with room for `n` functions: it never moves while the module has
    /// at most `n`, and no slot is written before a state is recorded.
    pub(super) fn with_capacity(n: usize) -> Self {
        FuncTable { slots: Vec::with_capacity(n) }
    }

    /// The state of `f` (the default past the end: the table grows only as states are
    /// recorded, so a run that files few functions touches little memory).
    #[inline]
    pub(super) fn get(&self, f: FuncId) -> FuncState {
        self.slots.get(f.index()).copied().unwrap_or_default()
    }

    /// The state of `f`, to change it.
    #[inline]
    pub(super) fn get_mut(&mut self, f: FuncId) -> &mut FuncState {
        if self.slots.len() <= f.index() {
            self.grow(f.index());
        }
        &mut self.slots[f.index()]
    }

    /// Whether `f` was folded ([`FuncState::folded`]), the one field read on every
    /// candidate check.
    #[inline]
    pub(super) fn folded(&self, f: FuncId) -> bool {
        self.slots.get(f.index()).is_some_and(|s| s.folded)
    }

    /// Grows the table to hold `index` (the vector's own growth is amortized).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, index: usize) {
        self.slots.resize(index + 1, FuncState::default());
    }

    /// Forgets every [`FuncState::left_node`] (the tree's node ids are all gone).
    pub(super) fn forget_left_nodes(&mut self) {
        for s in &mut self.slots {
            s.left_node = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrecorded_functions_read_as_default_and_the_table_grows() {
        let mut t = FuncTable::default();
        assert_eq!(t.get(FuncId(7)), FuncState::default());
        t.get_mut(FuncId(7)).folded = true;
        assert!(t.get(FuncId(7)).folded);
        assert_eq!(t.get(FuncId(6)), FuncState::default());
        // "No node" costs nothing: a state is three words at most.
        assert!(core::mem::size_of::<FuncState>() <= 12);
    }
}
