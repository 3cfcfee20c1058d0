//! # mergefunc-llvm
//!
//! The LLVM 22 adapter of the [`mergefunc`] core, and the `mergefunc` command.
//!
//! Everything LLVM-specific needs the `llvm` feature, which links LLVM 22 through
//! inkwell 0.11's `llvm-sys` 221 (`inkwell::llvm_sys`). inkwell itself is used for
//! nothing else: its wrappers panic on ordinary LLVM 22 IR (an attribute kind getter on
//! `range` attributes, type conversions on token and target-extension types, operand
//! reads), so the adapter calls LLVM-C through a thin safe layer
//! (`safe`) whose every accessor checks the value kind or opcode first, and re-declares
//! every enum-returning getter to return a plain integer (`ffi`). A small C++ shim
//! (`shim/mergefunc_shim.cpp`, compiled by `build.rs` against the LLVM 22 headers) adds
//! the few accessors LLVM-C lacks or makes expensive: metadata operands and uniquing,
//! attachment lists, the `StructuralHash` walk, copying an attribute list, and the
//! rewrites that unlink a folded function or replace it by a thunk's shell.
//!
//! Build: `LLVM_SYS_221_PREFIX=$(llvm-config-22 --prefix) cargo build -p mergefunc-llvm
//! --features llvm` (the workspace's `.cargo/config.toml` sets the variable to
//! `/usr/lib/llvm-22` when it is not set; the plain `llvm-config` on `PATH` may be an older
//! LLVM and must not be used).
//!
//! ```no_run
//! # #[cfg(feature = "llvm")] {
//! use mergefunc_llvm::LlvmModule;
//! let mut m = LlvmModule::load("in.ll".as_ref()).unwrap();
//! let report = mergefunc::merge_module(&mut m, &mergefunc::Options::default()).unwrap();
//! m.verify().unwrap();
//! std::fs::write("out.ll", m.to_text()).unwrap();
//! # let _ = report; }
//! ```
//!
//! ## Coverage: what is read, how, and the fallback
//!
//! | property | how it is read | fallback when it cannot be read |
//! |---|---|---|
//! | data layout | the module's; a triple without a layout gets the triple's (`Triple::computeDataLayout`, as opt, llc and lli; written out) | a triple with no known layout: no pointer/integer rule, GEPs structural, data vectors tagged by element size |
//! | function ids | module order; functions created by the mutator are appended | — |
//! | linkage class | `LLVMGetLinkage` → `Linkage{interposable, odr, local, discardable_if_unused}` (`docs/llvm-rules.md` §4.1) | with the module flag `SemanticInterposition`, functions that are not `dso_local` (shim `mergefunc_is_dso_local`; hidden/protected imply it) are interposable too, as in `GlobalValue::isInterposable`; obsolete linkages → ineligible |
//! | eligibility | declarations and `available_externally` → `NoBody`; intrinsic call with a distinct `MDNode` operand (tuples checked exactly, through the shim's `MDNode::isUniqued`); kernels, shaders and every other calling convention no call may use (`safe::cc::NOT_CALLABLE`) → ineligible and not callable; a block address used outside its function → ineligible (`BLOCK_ADDRESS_ESCAPES`); no thunk calls a `naked`, `preallocated`-parameter, `inalloca`-parameter or interrupt-handler function, nor converts a `swifttailcc` (musttail) return value, nor is a `swifttailcc` thunk on PowerPC or MIPS (their code generators cannot always make the musttail call); no rewrite breaks a comdat group at link time (`module/comdats.rs`), erases a function an `!associated` attachment names, aliases an interposable function another alias names, or takes the body from a function whose frame `llvm.localrecover` reads (`can_rewrite`) | non-tuple nodes (DI nodes) on intrinsic calls count as distinct; anything the body builder cannot describe → ineligible |
//! | `unnamed_addr`, `used_externally` | `LLVMGetUnnamedAddress == global`; operands of `llvm.used` / `llvm.compiler.used` with pointer casts stripped | — |
//! | signature props | attribute list (fn, ret, params); has-GC + GC name; has-section + section; calling convention; has-personality + personality constant; prefix and prologue data (constants); partition; function attachments other than `!dbg`/`!prof`/`!section_prefix` by kind and content (none of these compared by LLVM 22: see docs/deviations.md) | an attachment that is not a uniqued tuple of strings and integers → ineligible (`ATTACHMENT`) |
//! | attributes | enum → `Flag`, int → `Int` (class from the kind number range, so `LLVMGetEnumAttributeValue` is never called on a non-int attribute), type → `Type` (structural), string → `Str` | `range`/`initializes` (no value getter) and unclassified attributes → `Opaque(kind, id of the uniqued attribute handle)`: exact |
//! | types | `LLVMGetTypeKind` exhaustively; structs structural (names ignored); FP formats numbered; target-ext → `Other{name, params}`; AMX → `Other` | unknown kind → `Other` unique per type |
//! | ints | ≤64 bit: `LLVMConstIntGetZExtValue`; wider: the printed decimal, parsed exactly | — |
//! | floats | `LLVMConstBitCast` to `iN` folds to the exact bit pattern (half, bfloat, x86_fp80, fp128, ppc_fp128, sNaN) | not folded → opaque by printed form |
//! | data arrays/vectors | raw bytes via our own `LLVMGetRawDataValues` extern (llvm-sys declares it wrongly), each element in the target's byte order | — |
//! | null / undef / poison / aggregates / blockaddress / ptrauth | `LLVMIsNull`, value kinds, operands, `LLVMGetBlockAddress*` (block = layout index), `LLVMGetConstantPtrAuth*` | a `ptrauth` with a deactivation symbol (fifth operand, no getter) → `Opaque` keyed by the printed form |
//! | constant expressions | casts, `xor`, `extractelement`, `insertelement`: structural; GEP: source type + no-wrap flags + operands | GEP printing `inrange`, `add`/`sub`/`mul`/`shl`/`trunc` (nsw/nuw unreadable), `shufflevector`: `Opaque` keyed by the printed form (exact: uniqued constants print uniquely; a print with `<badref>` or naming an unnamed global by slot number, `@3`, which erasing an earlier unnamed global renumbers, falls back to handle identity) |
//! | `dso_local_equivalent` / `no_cfi` | told apart by the shim (`mergefunc_wrapped_kind`) → `Wrapped{kind 0/1, target}` | otherwise opaque |
//! | metadata | `MDString` → `String`; `ConstantAsMetadata` → `Const`; uniqued `MDTuple` → `Node`; distinct `MDTuple` → `Distinct(identity, operands)` (consistent renaming, operands compared once per pair; the description string of a node naming itself first is one placeholder); `DILocation` → one placeholder; operands and uniquing read through the shim | other DI nodes, local/arg-list metadata → `Opaque(identity)` |
//! | inline asm | text, constraints, side effects, align-stack, can-unwind, dialect, function type | — |
//! | instructions | every block in layout order; debug intrinsics skipped (records are not instructions); operands with types; exhaustive opcode match, unknown opcode → ineligible | — |
//! | `flags` | nuw/nsw (add, sub, mul, shl, trunc), exact, disjoint, nneg (zext, uitofp), samesign, fast-math (`<< 8`) | — |
//! | GEP | `InstKind::Address{base 0, AS, source type, offset}`; offset folded by LLVM's own `GEPOperator::accumulateConstantOffset` in the index width of the base's address space (the shim), as LLVM's comparator folds it, vector bases included; no-wrap flags as `weak_flags` (intersected on merge) | a non-constant or vector index, a scalable type stepped over, an index width over 128 bits → `offset: None` (structural comparison) |
//! | props per opcode | alloca: type, align (+ inalloca/swifterror bits, read by the shim, in the rare functions that use those attributes); load: volatile, align, ordering, scope; store: volatile, align, ordering, scope; cmp: predicate; call/invoke/callbr: cc, call-site attributes, bundles (count, interned tag, input count), tail kind (call), called function type (safer); switch: case values (`Const`); extract/insertvalue: indices; fence: ordering, scope; cmpxchg: volatile, weak, orderings, scope, align (safer); atomicrmw: op, volatile, ordering, scope, align (safer); shufflevector: mask; phi: incoming blocks; landingpad: cleanup (safer); then, on every instruction with any, its attachments (count, then kind + `Meta`, in kind order): a load's all but `!dbg`, any other's all but `!dbg` and the hints `!prof`, `!annotation`, `!srcloc`, `!heapallocsite`, `!DIAssignID` (safer) | sync scope of a non-atomic instruction = 1 (LLVM's "system") |
//! | `worklist_hash` | the value of LLVM 22's `llvm::StructuralHash(F, false)`, from the *prescan* (`prescan`): one native walk per candidate in the shim, spread over threads (the first one while loading, beside the module facts), with a per-opcode table and LLVM's own `xxh3_64bits`; the tests check it equal to LLVM's exported function on every function of every module they load: the worklist order of `opt -passes=mergefunc` exactly | the shim's single-function walk, the same walk over LLVM-C, else LLVM's exported function |
//! | `merge_key` | opcodes, canonical result types, operand counts, non-zero integers ≤ 64 bits, global variables and declarations in walk order, read without building a view (the prescan's walk computes it with the hash; the tests check its partition against the LLVM-C walk's); functions with bodies reported as refs | the LLVM-C walk when no prescan ran; no key for a candidate the prescan declined |
//! | `view_copied_from` | a view copied (instead of built) from a built view of a function with the same copy key (hash, native key and its identities other than functions, from the load's prescan) whose IR body the shim's `mergefunc_same_body` finds the same: instructions, types (or distinct types that intern to one id: congruent named structs), flags, every property the builder reads (switch case values and phi blocks included), the same nodes (by identity) for the attachments views record, operands with locals in place, self calls for self calls and direct calls to other functions (the copy takes its own callees; it is then no hint, as its records differ); a source of an older cache generation only if its ids are generation-proof; the tests build every copy directly too and require equality | no copy: a module where a `blockaddress` may exist, a function the prescan did not key, no matching source (the view is built) |
//!
//! ## Rewrites
//! After RAUW and direct-call redirection the views of the changed functions are patched
//! in place (only operands whose constant may mention the replaced function are read
//! again; debug builds compare every patched view with a rebuilt one). Each rewrite
//! forgets exactly the pointer-cache entries it may free.
//!
//! RAUW, direct-call redirection (the callee operand only), aliases (`LLVMAddAlias2`,
//! G's linkage, name, visibility, global `unnamed_addr`), thunks (as LLVM's `writeThunk`:
//! a new shell function with G's type, linkage and address space takes G's attributes,
//! comdat, `!type`/`!kcfi_type` attachments (no others), name, place in the module and
//! every use, and G's old body is unlinked with G; a G whose block address is taken is
//! cleared in place instead; the adapter's `FuncId` G names the shell; `musttail` iff both are
//! `swifttailcc`, else `tail`; the callee's calling convention and full attribute list on
//! the call; casts element-wise through structs and arrays, `inttoptr`/`ptrtoint`), erase,
//! `split_body` (the blocks move into a new private function that copies F's attributes and
//! attachments; F's symbol keeps its name, linkage, comdat and uses), alignment,
//! preserve-debug-info thunks (G keeps its entry block's argument spills and their debug
//! records, call and return get a location on the subprogram's line), and GEP no-wrap flag
//! intersection. A call moved (redirected or RAUW) from a function without debug info to one
//! with debug info gets a line-0 location in its caller's scope when it has none and the
//! caller has debug info, which the verifier requires (LLVM 22 leaves it out).

#![warn(missing_docs)]
// Every `unsafe` block says why it is sound (the handle rule of `safe.rs`, and the
// precondition of the call it makes).
#![deny(clippy::undocumented_unsafe_blocks)]
// A std crate: the workspace's no_std import lints are for the core.
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

#[cfg(feature = "llvm")]
mod clock;
#[cfg(feature = "llvm")]
mod code_warmup;
#[cfg(feature = "llvm")]
mod env_switches;
#[cfg(feature = "llvm")]
mod fast_path;
#[cfg(feature = "llvm")]
mod ffi;
#[cfg(feature = "llvm")]
mod floors;
#[cfg(feature = "llvm")]
mod module;
#[cfg(feature = "llvm")]
mod mutate;
#[cfg(feature = "llvm")]
mod prescan;
#[cfg(feature = "llvm")]
mod ptrmap;
#[cfg(feature = "llvm")]
mod safe;
#[cfg(feature = "llvm")]
mod shape;
#[cfg(feature = "llvm")]
mod shash;

/// The benchmark's floors (the CLI's `--floors`): not part of the user API.
#[cfg(feature = "llvm")]
#[doc(hidden)]
pub use floors::{floors, Floors};
/// The test and benchmark interface ([`LlvmModule::testing`]): not part of the user API.
#[cfg(feature = "llvm")]
#[doc(hidden)]
pub use module::testing;
#[cfg(feature = "llvm")]
pub use module::{reason, LlvmError, LlvmModule, PassTimes};

#[cfg(feature = "llvm")]
pub mod explain;
pub mod report;

/// CPU seconds used by every thread of the process so far (Linux
/// `CLOCK_PROCESS_CPUTIME_ID`; 0 on other systems): the cost of a span that may run
/// helper threads (the prescan's). Used by `--time` and the benchmarks.
pub fn process_cpu_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
        }
        const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec (64-bit Linux layout).
        if unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0 {
            return ts.sec as f64 + ts.nsec as f64 * 1e-9;
        }
        0.0
    }
    #[cfg(not(target_os = "linux"))]
    {
        0.0
    }
}

/// Sets the C library's allocator up for a process that loads one module and runs one
/// pass over it, as the `mergefunc` command does: memory freed by parsing stays mapped
/// for the pass instead of going back to the kernel and being faulted in again, and
/// large blocks come from the heap rather than a fresh `mmap` each. Call it once, early,
/// before other threads start; it only changes glibc's `mallopt` thresholds (trim
/// 256 MiB, top pad 64 MiB, mmap 32 MiB), so freed memory is returned at exit rather
/// than at once. Returns false (and changes nothing) on other C libraries.
///
/// Measured on the benchmark modules: the pass 10-20% faster on small modules (cpp-O0),
/// 5-10% on large ones; `opt-22` under the same settings gains 3-6%.
#[cfg(feature = "llvm")]
pub fn tune_allocator_for_one_shot() -> bool {
    safe::tune_allocator()
}

#[cfg(all(test, feature = "llvm"))]
mod borrowed_tests;
#[cfg(all(test, feature = "llvm"))]
mod tests;
