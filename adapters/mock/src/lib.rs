//! # mergefunc-mock
//!
//! A small LLVM-like IR for testing [`mergefunc`]: an arena module ([`MockModule`])
//! with a builder ([`FunctionBuilder`]), a text format ([`parse()`], [`print()`]) that
//! round-trips, a verifier ([`verify()`]), a deterministic interpreter ([`interp`]), and
//! implementations of the core's [`mergefunc::Module`] and [`mergefunc::ModuleMut`].
//! With the `arbitrary` feature, `fuzzing` adds a generator of valid modules full of
//! equal and near-equal functions, and the fuzz oracles (see `fuzz/README.md`).
//!
//! ```
//! let src = r#"
//! define internal i32 @f(i32 %a) {
//! entry:
//!   %r = add nsw i32 %a, 1
//!   ret i32 %r
//! }
//! "#;
//! let m = mergefunc_mock::parse(src).unwrap();
//! mergefunc_mock::verify(&m).unwrap();
//! let f = m.func_by_name("f").unwrap();
//! let out = mergefunc_mock::interp::run(&m, f, &[mergefunc_mock::interp::Val::int(32, 41)], 1000);
//! assert_eq!(out.outcome, mergefunc_mock::interp::Outcome::Return(mergefunc_mock::interp::Val::int(32, 42)));
//! assert_eq!(mergefunc_mock::print(&m), mergefunc_mock::print(&mergefunc_mock::parse(&mergefunc_mock::print(&m)).unwrap()));
//! ```

// This crate uses std by design (it is a test harness, not a no_std library).
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

pub mod attrs;
pub mod builder;
pub mod consts;
mod edit;
mod explain;
mod fast_path;
#[cfg(feature = "arbitrary")]
pub mod fuzzing;
pub mod interp;
pub mod ir;
pub mod layout;
pub mod mutate;
pub mod parse;
pub mod print;
pub mod structural;
pub mod verify;
pub mod view;

pub use builder::FunctionBuilder;
pub use ir::{
    AtomicOrdering, BinOp, BlockData, CastOp, FuncBody, FuncKind, Function, GlobalVar, Instr, IntPred, LinkageKind,
    MockModule, Op, Opcode, RmwOp, TailKind,
};
pub use mutate::MutError;
pub use parse::{parse, ParseError};
pub use print::print;
pub use structural::structurally_equal;
pub use verify::{verify, VerifyError};

#[cfg(test)]
mod tests;
