//! # mergefunc
//!
//! LLVM's MergeFunctions algorithm over any IR: find functions that are provably
//! identical, keep one, and turn the others into aliases, thunks or redirected calls.
//!
//! The crate is `#![no_std]` + `alloc`. An IR plugs in through two traits:
//! * [`Module`] (read): dense ids, flat slices of library-owned records ([`ir`]);
//! * [`ModuleMut`] (write): replace uses, redirect calls, write aliases and thunks,
//!   erase, split a body ([`mutate`]);
//! * optionally [`FastPath`]: hooks that save the driver work (lazy views, keys, claims),
//!   with one contract for all of them ([`fast_path`]).
//!
//! On top of them the crate implements
//! * [`order`]: a strict total order over functions (LLVM's `FunctionComparator`, rule
//!   by rule, with its known holes closed);
//! * [`hash`]: a structural hash consistent with the order (equal ⇒ same hash);
//! * [`explain`]: why two functions compare unequal (the deciding rule, where, and both
//!   sides' values), at no cost to the plain comparison;
//! * [`driver`]: the merge driver ([`merge_module`]): candidate filter, hash buckets, an
//!   ordered tree of functions, re-queueing of callers so that chains merge, the
//!   survivor choice and every merge action of LLVM 22, plus a [`Report`].
//!
//! ## Cargo features
//! * `std` (off): nothing but `std` conveniences; the algorithm never needs it.
#![no_std]
#![deny(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod cycles;
pub mod driver;
pub mod explain;
pub mod fast_path;
pub mod hash;
pub mod intern;
pub mod ir;
pub mod mutate;
pub mod near_miss;
pub mod order;
pub mod report;
#[cfg(test)]
mod testkit;

/// The code of `docs/adapter-guide.md` (its toy adapter) built and run as doctests, so that the
/// guide stays true to the API.
#[cfg(doctest)]
#[doc = include_str!("../../docs/adapter-guide.md")]
pub struct AdapterGuide;

pub use driver::{merge_module, Error, Options};
pub use explain::{describe_default, BlockPart, Difference, Differences, Explanation, InstPart, Item, Place, Rule};
pub use fast_path::FastPath;
pub use intern::Interner;
pub use ir::*;
pub use mutate::{ModuleMut, Rewrite, ThunkStyle};
pub use order::{compare_functions, CalleeClass, Comparator};
pub use report::{FoldAction, MergeRecord, Refusal, Report, Stats, UseRewrite};
