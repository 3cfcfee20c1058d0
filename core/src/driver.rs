//! The merge driver (stub; being written).
use crate::ir::FuncId;
use crate::mutate::ModuleMut;
use crate::report::Report;
use core::fmt;

/// Options of a merge run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Write aliases instead of thunks where the folded function's address does not
    /// matter (LLVM `-mergefunc-use-aliases`).
    pub use_aliases: bool,
    /// Keep folded functions' debug information: they become thunks in place and their
    /// callers are not redirected (LLVM `-mergefunc-preserve-debug-info`).
    pub preserve_debug_info: bool,
    /// Also merge mutually recursive duplicates (cycles of functions that are equal
    /// modulo calls to each other). Off by default: LLVM 22 does not.
    pub merge_cycles: bool,
}

/// Why a merge run stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error<E> {
    /// The adapter failed to perform a mutation.
    Mutation {
        /// The function being rewritten.
        func: FuncId,
        /// The adapter's error.
        source: E,
    },
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Mutation { func, source } => write!(f, "rewriting {func} failed: {source}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

/// Runs MergeFunctions over `module`.
pub fn merge_module<M: ModuleMut>(module: &mut M, options: &Options) -> Result<Report, Error<M::Error>> {
    let _ = (module, options);
    todo!("driver")
}
