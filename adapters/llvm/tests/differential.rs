//! Differential tests: our `mergefunc` CLI against LLVM 22's `opt -passes=mergefunc`.
//!
//! For every module (the hand-written corpus in `tests/corpus/`, plus real modules
//! generated during the run by `adapters/llvm/scripts/gen-rust-module.sh` and
//! `adapters/llvm/scripts/gen-cpp-module.sh`):
//! 1. reference: `opt-22 -S -passes=mergefunc [-mergefunc-use-aliases |
//!    -mergefunc-preserve-debug-info]` (options from the file's `; RUN-OPTS:` line);
//! 2. candidate: `mergefunc -S [--use-aliases | --preserve-debug-info] IN -o OUT`;
//! 3. both outputs are classified per input function (`common::classify`: kept with its
//!    direct callees / erased / thunk->X / alias->X, new private bodies labelled by who
//!    points at them) and must agree, as must the number of merged functions;
//! 4. `opt-22 -passes=verify` must accept our output;
//! 5. when the module has `main`, `lli-22` must print the same (stdout and exit status)
//!    before and after our merge.
//!
//! Deliberate differences are listed in [`DEVIATIONS`] and asserted as such (we must
//! produce the documented outcome, LLVM must not). Without LLVM 22 tools the tests print
//! a loud SKIP and pass, unless `CI` is set. `MERGEFUNC_SKIP_REAL_MODULES=1` skips the
//! generated-module tests (they need crates.io and take a minute or two).
#![cfg(feature = "llvm")]
// Test tooling runs on a host with std; the workspace no_std lints do not apply.
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::classify;
use common::equalities;
use common::harness::{self, CaseOpts, Deviation, Tools};

/// Documented deviations from LLVM 22: (corpus file, function, our record, reason).
/// The record is rendered like `classify::FnRecord` (`kept`, `kept calls(a,b)`,
/// `thunk->f`, `erased`, ...).
const DEVIATIONS: &[Deviation] = &[
    Deviation {
        file: "noalias-scope-decl.ll",
        func: "two_scopes_b",
        ours: "kept",
        reason: "LLVM 22 equates any two metadata tuples passed to an intrinsic (which also equates \
                 read_register(!{\"sp\"}) with read_register(!{\"fp\"})). We compare them structurally, \
                 with distinct nodes (alias scopes) matched by consistent renaming: declaring one scope \
                 twice is not a renaming of declaring two scopes.",
    },
    Deviation {
        file: "noalias-scope-decl.ll",
        func: "main",
        ours: "kept calls(printf,scoped_a,scoped_a,two_scopes_a,two_scopes_b)",
        reason: "consequence of the two_scopes_b deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "self-address.ll",
        func: "is_self_b",
        ours: "kept",
        reason: "LLVM 22 treats a function's own address as equal to the other function's own \
                 address everywhere and merges functions that compare a pointer with their own \
                 address (llvm#213206, fixed later by PR #213604); that changes what main prints. \
                 We only equate self references used as call targets or in blockaddress.",
    },
    Deviation {
        file: "self-address.ll",
        func: "main",
        ours: "kept calls(is_self_a,is_self_b,printf,rec_a)",
        reason: "consequence of the is_self_b deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "instrument-functions.ll",
        func: "twin_b",
        ours: "kept calls(__cyg_profile_func_enter,__cyg_profile_func_exit)",
        reason: "the same LLVM 22 rule as self-address.ll (llvm#213206), in the IR that clang's \
                 -finstrument-functions writes: every function passes its own address to the entry \
                 and exit hooks, so LLVM merges instrumented twins and the hooks report the survivor \
                 for the folded function. We keep them apart.",
    },
    Deviation {
        file: "invoke-eh.ll",
        func: "eh_pers2",
        ours: "kept calls(may_throw)",
        reason: "LLVM 22 does not compare the personality function, so bodies whose unwinding \
                 runs a different personality are merged; the adapter compares it (src/lib.rs \
                 signature props: has-personality + personality constant).",
    },
    Deviation {
        file: "invoke-eh.ll",
        func: "main",
        ours: "kept calls(eh_a,eh_a,eh_pers2,printf)",
        reason: "consequence of the eh_pers2 deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "layout-triple-unknown-arch.ll",
        func: "id_ptr",
        ours: "kept calls(use,use)",
        reason: "the triple's architecture has no known data layout and the module names none, so the \
                 pointer width is unknown: we do not equate ptr with any integer (LLVM 22 assumes its \
                 default layout's 64-bit pointers)",
    },
    Deviation {
        file: "layout-triple-unknown-arch.ll",
        func: "field1",
        ours: "kept",
        reason: "the triple's architecture has no known data layout and the module names none, so \
                 struct field offsets are unknown: we compare GEPs structurally (LLVM 22 folds offsets \
                 in its default layout)",
    },
    Deviation {
        file: "fn-prefix-prologue.ll",
        func: "pre_456",
        ours: "kept",
        reason: "LLVM 22 does not compare prefix data; the prefix is read through the function's \
                 address (main prints 456, after LLVM's merge 123). We compare prefix and prologue \
                 data as constants.",
    },
    Deviation {
        file: "fn-prefix-prologue.ll",
        func: "pro_cc",
        ours: "kept",
        reason: "LLVM 22 does not compare prologue data (code placed at the function's entry); we do",
    },
    Deviation {
        file: "fn-prefix-prologue.ll",
        func: "main",
        ours: "kept calls(plain_a,plain_a,pre_123,pre_456,pre_same_a,pre_same_a,printf,show_first_byte,\
               show_first_byte,show_prefix,show_prefix,show_prefix,show_prefix)",
        reason: "consequence of the pre_456 and pro_cc deviations: the direct call to pre_456 stays",
    },
    Deviation {
        file: "fn-attachments.ll",
        func: "k_222",
        ours: "kept",
        reason: "LLVM 22 does not compare !kcfi_type (llvm#217629): after its merge an indirect call \
                 that checks hash 222 reaches a function with hash 111 and traps. We compare every \
                 function attachment other than !dbg, !prof and !section_prefix.",
    },
    Deviation {
        file: "fn-attachments.ll",
        func: "t_b",
        ours: "kept",
        reason: "LLVM 22 does not compare !type (CFI type sets checked by llvm.type.test on indirect \
                 calls); we do",
    },
    Deviation {
        file: "fn-attachments.ll",
        func: "s_b",
        ours: "kept",
        reason: "LLVM 22 does not compare !func_sanitize (the signature -fsanitize=function callers \
                 check before the entry); we do",
    },
    Deviation {
        file: "fn-attachments.ll",
        func: "main",
        ours: "kept calls(call_checked_222,k_111,part_a,part_b,printf,prof_a,prof_a,s_a,s_b,t_a,t_b)",
        reason: "consequence of the t_b, s_b and part_b deviations: their direct calls stay",
    },
    Deviation {
        file: "fn-attachments.ll",
        func: "part_b",
        ours: "kept",
        reason: "LLVM 22 does not compare partitions: its merge makes code of partition p2 use a \
                 function of partition p1, a unit that may not be loaded. We compare the partition.",
    },
    Deviation {
        file: "blockaddress-escaping.ll",
        func: "h",
        ours: "kept",
        reason: "main passes blockaddress(@h, %a) to @h; LLVM 22 erases @h, the constant becomes \
                 inttoptr 1 and the program crashes. We never fold a function whose block addresses \
                 are used outside it (adapter reason BLOCK_ADDRESS_ESCAPES).",
    },
    Deviation {
        file: "blockaddress-escaping.ll",
        func: "tbl_b",
        ours: "kept",
        reason: "a global table holds @tbl_b's block addresses; LLVM 22 makes @tbl_b a thunk and the \
                 table's entries become inttoptr 1. Left alone, as @h.",
    },
    Deviation {
        file: "blockaddress-escaping.ll",
        func: "esc_b",
        ours: "kept",
        reason: "@esc_a's block addresses are used by a global table, so @esc_a is left out of merging \
                 altogether, also where it would survive (LLVM 22's merge of @esc_b into @esc_a is \
                 valid here): the core has no 'may survive but not be folded' state, and a survivor \
                 of an interposable or ODR pair has its body moved, which such uses do not follow.",
    },
    Deviation {
        file: "blockaddress-escaping.ll",
        func: "main",
        ours: "kept calls(esc_a,g,h,printf,printf,printf,printf,printf,printf,printf,self_a,self_a,tbl_b,tbl_b)",
        reason: "consequence of the h deviation: main's call to @h stays",
    },
    Deviation {
        file: "comdat-groups.ll",
        func: "inl_g",
        ours: "thunk->new{inl_f,inl_g}",
        reason: "LLVM 22 erases @inl_g, unused here, although its comdat group keeps @inl_g.counter: \
                 when the linker keeps this module's copy of the group, the other modules' copies \
                 of @inl_g are dropped with theirs and their calls land on a dropped section. We \
                 never take a non-local function out of a group with other members (a thunk \
                 stays in it). `comdat_groups_survive_the_link` links both outputs.",
    },
    Deviation {
        file: "comdat-groups.ll",
        func: "plain_b",
        ours: "kept",
        reason: "LLVM 22 replaces @plain_b by @key_impl, an internal member of comdat group $key: \
                 when another module's copy of $key wins the link, main refers to a dropped \
                 section and ld refuses to link. We never point code outside a droppable group \
                 at a local member of it (module/comdats.rs).",
    },
    Deviation {
        file: "comdat-groups.ll",
        func: "main",
        ours: "kept calls(new{inl_f,inl_g},other_copy_calls_inl_g,other_copy_calls_key,plain_b,printf)",
        reason: "consequence of the plain_b deviation: main still calls @plain_b",
    },
    Deviation {
        file: "comdat-groups.ll",
        func: "other_copy_calls_inl_g",
        ours: "kept calls(new{inl_f,inl_g})",
        reason: "the same call as opt-22's, to a body shared by @inl_g too (the inl_g deviation)",
    },
    Deviation {
        file: "layout-triple-unknown-arch.ll",
        func: "vec_i32",
        ours: "kept",
        reason: "with no known layout the byte order is unknown, so data vectors of different element \
                 types are never equal (LLVM 22 compares the host's bytes)",
    },
    Deviation {
        file: "data-vectors-big-endian.ll",
        func: "f_i32",
        ours: "kept",
        reason: "LLVM 22 compares data vectors by the host's bytes; on a big-endian target \
                 bitcast(<2 x i32> <1, 2>) and bitcast(<4 x i16> <1, 0, 2, 0>) are different numbers \
                 (instcombine folds them to 4294967298 and 281474976841728). We compare the image in \
                 the target's memory (elements in the target's byte order).",
    },
    Deviation {
        file: "data-vectors-big-endian.ll",
        func: "g_i16",
        ours: "thunk->f_i32",
        reason: "on the big-endian target <4 x i16> <0, 1, 0, 2> has the same image as <2 x i32> <1, 2> \
                 (both bitcasts fold to 4294967298), which LLVM 22's host-byte comparison misses",
    },
    Deviation {
        file: "inalloca-thunk.ll",
        func: "ina_b",
        ours: "kept",
        reason: "LLVM 22 makes a function with an inalloca parameter a thunk whose plain call \
                 forwards the argument memory, which only musttail may do: on i686 the callee reads \
                 the thunk's frame (inalloca_thunks_are_not_written)",
    },
    Deviation {
        file: "thunk-argument-attributes.ll",
        func: "ina_b",
        ours: "kept",
        reason: "no thunk forwards an inalloca argument (see inalloca-thunk.ll)",
    },
    Deviation {
        file: "attribute-thunks.ll",
        func: "p57b",
        ours: "kept calls(use,use)",
        reason: "no thunk forwards an inalloca argument (see inalloca-thunk.ll)",
    },
    Deviation {
        file: "ifunc-resolver-plt.ll",
        func: "res_b",
        ours: "kept",
        reason: "LLVM 22 makes an exported ifunc resolver a thunk calling its exported twin, a PLT \
                 call in a shared library: with -z now the loader runs the resolver before it fills \
                 in the PLT's GOT slots and the program crashes while loading \
                 (ifunc_resolvers_gain_no_plt_calls)",
    },
    Deviation {
        file: "ifunc-resolver-plt.ll",
        func: "hl_h",
        ours: "kept",
        reason: "as res_b: a resolver's hidden helper does not become a thunk (or have its calls \
                 moved) onto an exported twin",
    },
    Deviation {
        file: "ifunc-resolver-plt.ll",
        func: "res_c",
        ours: "kept calls(hl_h,hl_h)",
        reason: "consequence of the hl_h deviation: the resolver keeps calling the hidden helper",
    },
    Deviation {
        file: "swifttailcc-musttail-ppc.ll",
        func: "stc_b",
        ours: "kept",
        reason: "LLVM 22 makes a swifttailcc function on PowerPC a musttail thunk, which llc-22 \
                 refuses (\"failed to perform tail call elimination on a call site marked musttail\"); \
                 we write no swifttailcc thunk on PowerPC and MIPS",
    },
    Deviation {
        file: "macho-weak-aliases.ll",
        func: "weak_c",
        ours: "thunk->ext_a",
        reason: "on Mach-O an alias with weak or linkonce linkage is emitted as a local symbol \
                 (`.weak_reference` and `=`): LLVM 22's alias takes `_weak_c` out of the object's \
                 exports, so another object's call of it does not link and a strong definition \
                 elsewhere no longer takes over this object's calls; a thunk stays a weak definition",
    },
    Deviation {
        file: "macho-weak-aliases.ll",
        func: "odr_x",
        ours: "thunk->new{odr_x,odr_y}",
        reason: "as weak_c: a linkonce_odr alias is a local symbol on Mach-O",
    },
    Deviation {
        file: "macho-weak-aliases.ll",
        func: "odr_y",
        ours: "thunk->new{odr_x,odr_y}",
        reason: "as weak_c: a linkonce_odr alias is a local symbol on Mach-O",
    },
    Deviation {
        file: "interrupt-handlers.ll",
        func: "isr_b",
        ours: "kept",
        reason: "LLVM 22 makes an x86_intrcc handler a thunk calling another handler, which llc-22 \
                 refuses to compile (\"X86 interrupts may not be called directly\"); we never write a \
                 thunk to an interrupt handler",
    },
    Deviation {
        file: "interrupt-handlers.ll",
        func: "irq_b",
        ours: "kept",
        reason: "a handler with the \"interrupt\" attribute as a thunk would be a handler calling a \
                 handler that returns from the interrupt (mret/eret/reti) past the thunk's epilogue",
    },
    Deviation {
        file: "atomics-alignment.ll",
        func: "rmw_align8",
        ours: "kept",
        reason: "LLVM 22 does not compare the alignment of atomicrmw: its merge sends calls of an \
                 aligned i64 atomic add (lock xaddq) to an under-aligned one, which llc-22 compiles \
                 as a loop around the __atomic_compare_exchange library routine. We compare it.",
    },
    Deviation {
        file: "atomics-alignment.ll",
        func: "cx_align8",
        ours: "kept",
        reason: "LLVM 22 does not compare the alignment of cmpxchg (as for rmw_align8); we do",
    },
    Deviation {
        file: "inline-asm-unwind.ll",
        func: "asm_unwind",
        ours: "kept calls(cleanup)",
        reason: "LLVM 22 does not compare the `unwind` flag of inline asm: its merge sends calls of a \
                 function whose asm may throw to one whose asm is nounwind, and -O2 then drops the \
                 landing pad that ran the cleanup. We compare it.",
    },
    Deviation {
        file: "ptrauth-deactivation.ll",
        func: "sign_plain",
        ours: "kept calls(store_fn,store_fn)",
        reason: "LLVM 22 compares a ptrauth constant's pointer, key and discriminators but not its \
                 deactivation symbol (the fifth operand, which LLVM-C cannot read): a pointer \
                 signed unless a symbol is defined is not the pointer signed always. We compare it.",
    },
    Deviation {
        file: "ptrauth-deactivation.ll",
        func: "sign_plain_b",
        ours: "thunk->sign_plain",
        reason: "consequence of the sign_plain deviation: it merges with its real twin",
    },
    Deviation {
        file: "ptrauth-deactivation.ll",
        func: "sign_deact_other",
        ours: "kept calls(store_fn,store_fn)",
        reason: "another deactivation symbol (as sign_plain)",
    },
    Deviation {
        file: "landingpad-cleanup.ll",
        func: "lp_cleanup",
        ours: "kept calls(throw_double)",
        reason: "LLVM 22 does not compare a landingpad's cleanup flag: after its merge the unwinder \
                 passes over the pad that counted the exception (main prints 1 0, after LLVM's \
                 merge 0 0). We compare it.",
    },
    Deviation {
        file: "call-function-type.ll",
        func: "show_va",
        ours: "kept calls(printf,zero)",
        reason: "LLVM 22 does not compare a call's function type, only its operand and result \
                 types: a variadic call of printf equals a non-variadic one, which leaves %al \
                 unset on x86-64 (main prints 2.50, after LLVM's merge 0.00). We compare it.",
    },
    Deviation {
        file: "call-function-type.ll",
        func: "main",
        ours: "kept calls(show_va)",
        reason: "consequence of the show_va deviation: its direct caller is not redirected",
    },
    // Instruction attachments: LLVM 22 compares a load's attachments one level deep
    // (cmpMDNode: nested nodes all equal) and no attachment of any other instruction but
    // a call's `!range`. We compare every attachment but pure hints on every instruction,
    // in full. The files with `; O2-EVIDENCE:` show the miscompile with lli-22
    // (`metadata_deviations_are_miscompiles_of_llvm22`).
    Deviation {
        file: "tbaa-nested-nodes.ll",
        func: "g",
        ours: "kept",
        reason: "LLVM 22 equates the TBAA access tags of int and of a C++ enum (same shape, nested type \
                 nodes not compared); after its merge -O2 forwards a value past an aliasing store and \
                 main prints 0 instead of 1",
    },
    Deviation {
        file: "tbaa-nested-nodes.ll",
        func: "main",
        ours: "kept calls(g,launder,launder,printf)",
        reason: "consequence of the g deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "tbaa-store.ll",
        func: "g",
        ours: "kept",
        reason: "LLVM 22 compares no store attachment: a store tagged with an enum's TBAA type is \
                 merged with one tagged int; after its merge main prints 1 instead of 2 at -O2",
    },
    Deviation {
        file: "tbaa-store.ll",
        func: "main",
        ours: "kept calls(g,launder,launder,printf)",
        reason: "consequence of the g deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "alias-scope-lists.ll",
        func: "g",
        ours: "kept",
        reason: "LLVM 22 equates scope lists of one length on loads and ignores them on stores; after \
                 its merge main prints 1 instead of 2 at -O2. Scopes are matched by consistent renaming \
                 (ren_b still merges)",
    },
    Deviation {
        file: "alias-scope-lists.ll",
        func: "main",
        ours: "kept calls(g,launder,launder,printf)",
        reason: "consequence of the g deviation: its direct caller is not redirected",
    },
    Deviation {
        file: "load-store-props.ll",
        func: "st_plain",
        ours: "kept",
        reason: "LLVM 22 compares no store attachment; we compare them (a `!nontemporal` store is \
                 compiled as a weakly ordered non-temporal store)",
    },
    Deviation {
        file: "loop-metadata.ll",
        func: "plain",
        ours: "kept",
        reason: "LLVM 22 compares no branch attachment: a loop without llvm.loop.mustprogress is \
                 merged with one that has it, which lets -O2 delete the loop should it never end",
    },
    Deviation {
        file: "loop-metadata.ll",
        func: "none",
        ours: "kept",
        reason: "as plain: no loop metadata against mustprogress",
    },
    Deviation {
        file: "access-groups.ll",
        func: "par_other",
        ours: "kept",
        reason: "LLVM 22 equates any two access groups and compares no branch attachment: a loop \
                 whose parallel_accesses names another group than its accesses carry (no promise) is \
                 merged with a parallel loop",
    },
    Deviation {
        file: "call-atomic-attachments.ll",
        func: "mc_b",
        ours: "kept",
        reason: "LLVM 22 compares a call's !range only: a memcpy in another scope pattern is merged",
    },
    Deviation {
        file: "call-atomic-attachments.ll",
        func: "rmw_b",
        ours: "kept",
        reason: "LLVM 22 compares no atomicrmw attachment: int and enum TBAA tags are merged",
    },
];

fn tools() -> Option<Tools> {
    harness::tools_or_skip("differential")
}

/// Our CLI as a candidate.
fn ours(input: &Path, opts: &[String], out: &Path) -> Result<(), String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_mergefunc"));
    harness::run_mergefunc_cli(bin, input, opts, &["--check-fast-path"], out, Duration::from_secs(900))
}

/// Our `StructuralHash` (the worklist order) must be LLVM's own value for every
/// function with a body. Returns how many functions were checked.
fn assert_structural_hash_exact(path: &Path) -> usize {
    let mut m = mergefunc_llvm::LlvmModule::load(path).unwrap_or_else(|e| panic!("{e}"));
    let pairs = m.testing().structural_hash_pairs();
    let wrong: Vec<_> =
        pairs.iter().filter(|(_, pre, shim, walk, llvm)| pre != llvm || shim != llvm || walk != llvm).collect();
    assert!(
        wrong.is_empty(),
        "{}: StructuralHash differs from LLVM's on {} of {} functions, e.g. {:?}",
        path.display(),
        wrong.len(),
        pairs.len(),
        &wrong[..wrong.len().min(5)]
    );
    if let Err(e) = m.testing().check_prescan_keys() {
        panic!("{}: prescan merge keys: {e}", path.display());
    }
    // Tree keys: on the loaded module, and after a merge run (keys cached before rewrites
    // must have been dropped by every rewrite that changed their function).
    let mut m = mergefunc_llvm::LlvmModule::load(path).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = m.testing().check_tree_keys() {
        panic!("{}: tree keys: {e}", path.display());
    }
    let mut m = mergefunc_llvm::LlvmModule::load(path).unwrap_or_else(|e| panic!("{e}"));
    mergefunc::merge_module(&mut m, &mergefunc::Options::default()).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = m.testing().check_tree_keys() {
        panic!("{}: tree keys after merging: {e}", path.display());
    }
    pairs.len()
}

#[test]
fn structural_hash_is_llvms_on_the_corpus() {
    let mut n = 0;
    for f in harness::corpus_files() {
        n += assert_structural_hash_exact(&f);
    }
    n += assert_structural_hash_exact(&harness::repo_root().join("adapters/llvm/examples/demo/demo.bc"));
    assert!(n > 700, "only {n} functions checked");
    eprintln!("StructuralHash equal to LLVM's on {n} functions");
}

/// Pairs of candidates (per StructuralHash bucket) compared by our order and by LLVM 22's
/// own `FunctionComparator` must agree on equality, except where a documented deviation
/// names one of the two functions. Returns the check.
fn assert_equalities_match_llvm(path: &Path, per_bucket: usize) -> equalities::EqualityCheck {
    let mut m = mergefunc_llvm::LlvmModule::load(path).unwrap_or_else(|e| panic!("{e}"));
    let c = equalities::check(&mut m, per_bucket);
    let file = file_name(path);
    let documented = |f: &str| DEVIATIONS.iter().any(|d| d.file == file && d.func == f);
    // A pair LLVM alone calls equal is explained by a documented deviation of the corpus,
    // or by the attachments: equal for us too once views record them as LLVM 22 does.
    let undocumented: Vec<(String, String)> =
        c.llvm_only.iter().filter(|(a, b)| !documented(a) && !documented(b)).cloned().collect();
    let by_attachments = equalities::equal_under_llvm22_attachments(path, &undocumented);
    let unexplained: Vec<_> = undocumented.iter().filter(|p| !by_attachments.contains(p)).collect();
    if !by_attachments.is_empty() {
        eprintln!(
            "{}: {} pairs equal for LLVM 22 differ only by their instruction attachments, e.g. {:?}",
            path.display(),
            by_attachments.len(),
            &by_attachments[..by_attachments.len().min(3)]
        );
    }
    let ours_unexplained: Vec<_> = c.ours_only.iter().filter(|(a, b)| !documented(a) && !documented(b)).collect();
    assert!(
        ours_unexplained.is_empty() && unexplained.is_empty() && c.not_compared == 0,
        "{}: our order and LLVM's comparator disagree: equal only for us {:?}, equal only for LLVM {:?} \
         (not compared: {})",
        path.display(),
        &ours_unexplained[..ours_unexplained.len().min(5)],
        &unexplained[..unexplained.len().min(5)],
        c.not_compared
    );
    c
}

#[test]
fn order_equalities_match_llvm_comparator_on_the_corpus() {
    let (mut pairs, mut equal, mut documented) = (0, 0, 0);
    for f in harness::corpus_files() {
        let c = assert_equalities_match_llvm(&f, usize::MAX);
        pairs += c.pairs;
        equal += c.equal;
        documented += c.llvm_only.len();
    }
    assert!(pairs > 300 && equal > 100, "only {pairs} pairs, {equal} equal");
    eprintln!(
        "{pairs} pairs compared with LLVM's comparator: {equal} equal for both, {documented} documented deviations"
    );
}

/// View copies on every corpus module and the demo: each copied view is the view a
/// direct build gives, and the merges and outputs are those made without copies.
#[test]
fn view_copies_are_exact_on_the_corpus() {
    let (mut copies, mut merged, mut claimed, mut left_out) = (0, 0, 0, 0);
    let mut files = harness::corpus_files();
    files.push(harness::repo_root().join("adapters/llvm/examples/demo/demo.bc"));
    for f in &files {
        let c = common::copies::assert_copies_exact(f);
        copies += c.copies;
        merged += c.copies_merged;
        claimed += c.same_body_merged;
        left_out += c.cycle_unique_keys;
    }
    // Same-body claims take most pairs that copies merged before (a survivor that arrives
    // after its unread mate takes its node unread), so few merge through copies here; the
    // copies themselves are still made and checked.
    assert!(copies > 20, "only {copies} copies ({merged} merged through them)");
    assert!(claimed > 10, "only {claimed} merged on same-body claims");
    assert!(left_out > 10, "only {left_out} left out of cycle merging on cycle keys");
    eprintln!(
        "{copies} views copied and checked on {} modules, {merged} merged through copies, {claimed} on same-body \
         claims, {left_out} left out of cycle merging on cycle keys",
        files.len()
    );
}

/// `MERGEFUNC_EQUALITY_MODULES=a.bc:b.ll` checks the order's equalities against LLVM's
/// comparator on other modules (for example the benchmark's), 40 candidates per
/// StructuralHash bucket.
#[test]
fn order_equalities_match_llvm_comparator_on_modules_from_env() {
    let Some(list) = std::env::var_os("MERGEFUNC_EQUALITY_MODULES") else { return };
    for p in std::env::split_paths(&list) {
        let t0 = Instant::now();
        let c = assert_equalities_match_llvm(&p, 40);
        eprintln!("{}: {} ({:?})", p.display(), c.summary(), t0.elapsed());
    }
}

/// `MERGEFUNC_COPY_MODULES=a.bc:b.ll` runs the view-copy exactness check
/// (`common::copies::assert_copies_exact`) on other modules, for example the benchmark's.
#[test]
fn view_copies_are_exact_on_modules_from_env() {
    let Some(list) = std::env::var_os("MERGEFUNC_COPY_MODULES") else { return };
    for p in std::env::split_paths(&list) {
        let t0 = Instant::now();
        let c = common::copies::assert_copies_exact(&p);
        eprintln!(
            "{}: {} views copied and checked, {} merged through copies, {} left out of cycle merging on cycle \
             keys ({:?})",
            p.display(),
            c.copies,
            c.copies_merged,
            c.cycle_unique_keys,
            t0.elapsed()
        );
    }
}

/// The body of every function of `text` (LLVM assembly) that is a thunk in `thunks_of`
/// (a name whose body has a `tail call`), metadata numbers replaced by `!_` (the two
/// outputs number their metadata differently) and our `!mergefunc.thunk` tag dropped.
fn thunk_bodies(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut cur: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("define ") {
            let name = rest.split('@').nth(1).and_then(|r| r.split('(').next()).unwrap_or("").to_string();
            cur = Some((name, String::new()));
        } else if line == "}" {
            if let Some((name, body)) = cur.take() {
                if body.contains("tail call") {
                    out.push((name, body));
                }
            }
        } else if let Some((_, body)) = cur.as_mut() {
            let mut l = String::new();
            let mut chars = line.chars().peekable();
            while let Some(ch) = chars.next() {
                l.push(ch);
                if ch == '!' && chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                    while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                        chars.next();
                    }
                    l.push('_');
                }
            }
            body.push_str(&l);
            body.push('\n');
        }
    }
    out.sort();
    out
}

/// Preserve-debug-info thunks keep exactly what opt-22's keep of the folded function's
/// entry block (the debug records of parameters, the allocas and argument stores their
/// `#dbg_declare`s name, nothing else), line by line.
#[test]
fn preserve_debug_info_thunks_match_opt22() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-pdi");
    let opts = vec!["--preserve-debug-info".to_string()];
    for name in ["preserve-debug-info.ll", "preserve-debug-info-locals.ll"] {
        let input = harness::corpus_dir().join(name);
        let (reference, candidate) = (dir.join(format!("opt-{name}")), dir.join(format!("ours-{name}")));
        harness::opt_mergefunc(&t, &input, &opts, &reference).unwrap_or_else(|e| panic!("{e}"));
        ours(&input, &opts, &candidate).unwrap_or_else(|e| panic!("{e}"));
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        let (r, c) = (thunk_bodies(&read(&reference)), thunk_bodies(&read(&candidate)));
        assert!(!r.is_empty(), "{name}: opt-22 wrote no thunk");
        assert_eq!(r, c, "{name}: the preserve-debug-info thunks differ from opt-22's");
    }
}

fn file_name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

/// A program whose functions pass the addresses of two unnamed functions (`@2`, `@3`)
/// through a constant the adapter compares by its printed form. Once the pass erases the
/// unnamed `@1` (folded into `@0`), `@3` prints as `@2`: keyed by text, `@y`'s constant
/// (read after that) equalled `@x`'s (read at load, through the prefix data of `@z_a`), `@y`
/// was folded into `@x`, and `main` printed `1 20200` instead of `0 20200`. It is not in
/// the corpus because its unnamed functions are renumbered in every output, which the
/// per-function classification cannot follow.
const UNNAMED_GLOBALS_PROGRAM: &str = r#"declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%d %d\0A\00"
@last = global i64 0

define i32 @ext(i32 %x) { ret i32 %x }
define void @use(i64 %v) {
  store i64 %v, ptr @last
  ret void
}
define internal i32 @0(i32 %x) unnamed_addr {
  %a = call i32 @ext(i32 %x)
  %b = add i32 %a, 100
  %c = mul i32 %b, 100
  ret i32 %c
}
define internal i32 @1(i32 %x) unnamed_addr {
  %a = call i32 @ext(i32 %x)
  %b = add i32 %a, 100
  %c = mul i32 %b, 100
  ret i32 %c
}
define internal i32 @2(i32 %x) unnamed_addr {
  %a = call i32 @ext(i32 %x)
  %b = add i32 %a, 202
  %c = mul i32 %b, 202
  ret i32 %c
}
define internal i32 @3(i32 %x) unnamed_addr {
  %a = call i32 @ext(i32 %x)
  %b = add i32 %a, 203
  %c = mul i32 %b, 203
  ret i32 %c
}
define void @z_a() prefix i64 add (i64 ptrtoint (ptr @2 to i64), i64 1) {
  call void @use(i64 1)
  call void @use(i64 1)
  ret void
}
define void @z_b() prefix i64 add (i64 ptrtoint (ptr @2 to i64), i64 1) {
  call void @use(i64 1)
  call void @use(i64 1)
  ret void
}
define void @x() {
  call void @use(i64 7)
  call void @use(i64 add (i64 ptrtoint (ptr @2 to i64), i64 1))
  ret void
}
define void @y() {
  call void @use(i64 7)
  call void @use(i64 add (i64 ptrtoint (ptr @3 to i64), i64 1))
  ret void
}
define i32 @main() {
  %r0 = call i32 @0(i32 1)
  %r1 = call i32 @1(i32 1)
  call void @x()
  %a = load i64, ptr @last
  call void @y()
  %b = load i64, ptr @last
  %same = icmp eq i64 %a, %b
  %s = zext i1 %same to i32
  %t = add i32 %r0, %r1
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s, i32 %t)
  ret i32 0
}
"#;

#[test]
fn unnamed_globals_keep_their_identity_through_erasures() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-unnamed");
    let input = dir.join("unnamed-globals.ll");
    std::fs::write(&input, UNNAMED_GLOBALS_PROGRAM).unwrap();
    let out = dir.join("unnamed-globals.mergefunc.ll");
    ours(&input, &[], &out).unwrap_or_else(|e| panic!("{e}"));
    harness::verify(&t, &out).unwrap_or_else(|e| panic!("{e}"));
    let before = harness::lli(&t, &input).unwrap_or_else(|e| panic!("{e}"));
    let after = harness::lli(&t, &out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(before.1, "0 20200\n");
    assert_eq!(after, before, "{}", out.display());
}

#[test]
fn deviation_table_names_real_corpus_functions() {
    for d in DEVIATIONS {
        let path = harness::corpus_dir().join(d.file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("deviation names missing file {}", d.file));
        let m = common::llparse::parse(&text);
        assert!(m.func(d.func).is_some(), "{}: no function @{} in the input", d.file, d.func);
        assert!(!d.reason.is_empty());
    }
}

/// `MERGEFUNC_DIFF_MODULES=a.ll:b.bc` runs the differential case (no deviations, lli when
/// a module has `main`) on each module: a tool for held-out modules, not run otherwise.
#[test]
fn differential_on_modules_from_env() {
    let Some(list) = std::env::var_os("MERGEFUNC_DIFF_MODULES") else { return };
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-env");
    let mut failures = Vec::new();
    for path in std::env::split_paths(&list) {
        let n = file_name(&path);
        let opts: Vec<String> = std::env::var("MERGEFUNC_DIFF_OPTS")
            .map(|o| o.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let case = CaseOpts {
            name: &n,
            input: &path,
            opts: &opts,
            workdir: &dir,
            deviations: &[],
            lli: true,
            callees: true,
            cand_name: "mergefunc",
        };
        match harness::run_case(&t, &case, &ours) {
            Ok(r) => eprintln!("{n}: {} functions, {} merged, agree", r.input_funcs, r.candidate.merged_count()),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A module with a target triple and no datalayout gets the layout opt-22 infers for that
/// triple (and writes out); a triple whose architecture has no layout gets none, as with
/// opt-22.
#[test]
fn layouts_inferred_from_triples_are_opt22s() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("layout-from-triple");
    let triples = [
        "x86_64-unknown-linux-gnu",
        "i686-unknown-linux-gnu",
        "x86_64-pc-windows-msvc",
        "i686-pc-windows-msvc",
        "x86_64-apple-macosx14.0.0",
        "aarch64-unknown-linux-gnu",
        "aarch64-apple-darwin",
        "arm64_32-apple-watchos",
        "armv7-unknown-linux-gnueabihf",
        "thumbv7em-none-eabi",
        "riscv32-unknown-elf",
        "riscv64-unknown-linux-gnu",
        "powerpc-unknown-linux-gnu",
        "powerpc64le-unknown-linux-gnu",
        "powerpc64-ibm-aix",
        "s390x-unknown-linux-gnu",
        "mips-unknown-linux-gnu",
        "mips64el-unknown-linux-gnuabi64",
        "sparcv9-unknown-linux-gnu",
        "loongarch64-unknown-linux-gnu",
        "wasm32-unknown-unknown",
        "wasm64-unknown-unknown",
        "nvptx64-nvidia-cuda",
        "amdgcn-amd-amdhsa",
        "spirv64-unknown-unknown",
        "bpfel",
        "avr",
        "msp430",
        "hexagon",
        "m68k-unknown-linux-gnu",
        "hsail-unknown-unknown",
        "unknown-unknown-linux",
    ];
    let layout_line = |text: &str| text.lines().find(|l| l.starts_with("target datalayout")).map(str::to_string);
    let mut known = 0;
    for triple in triples {
        let src = format!("target triple = \"{triple}\"\ndefine void @f() {{\n  ret void\n}}\n");
        let path = dir.join(format!("{triple}.ll"));
        std::fs::write(&path, &src).unwrap();
        let r = harness::run(
            std::process::Command::new(&t.opt).arg("-S").arg("-passes=verify").arg(&path),
            Duration::from_secs(60),
        )
        .unwrap();
        assert_eq!(r.code, Some(0), "opt-22 rejects {triple}: {}", r.stderr);
        let m = mergefunc_llvm::LlvmModule::parse(src.as_bytes(), triple).unwrap();
        let ours = layout_line(&m.to_text());
        assert_eq!(ours, layout_line(&r.stdout), "{triple}: our inferred layout differs from opt-22's");
        known += ours.is_some() as usize;
    }
    assert!(known >= 28, "only {known} triples got a layout");
}

/// The targets of the retargeted corpus run (`corpus_matches_opt22_on_other_targets`):
/// 32-bit, big-endian, other index widths, non-integral and program/alloca address spaces.
const RETARGET_TRIPLES: &[&str] = &[
    "i686-unknown-linux-gnu",
    "armv7-unknown-linux-gnueabihf",
    "aarch64-unknown-linux-gnu",
    "riscv64-unknown-linux-gnu",
    "s390x-unknown-linux-gnu",
    "powerpc64le-unknown-linux-gnu",
    "wasm32-unknown-wasi",
    "amdgcn-amd-amdhsa",
];

/// Deviations of retargeted corpus modules on the architectures whose name starts with
/// the first string (the rows of docs/deviations.md that depend on the target).
const RETARGET_DEVIATIONS: &[(&str, Deviation)] = &[
    (
        "powerpc",
        Deviation {
            file: "swifttailcc.ll",
            func: "stc_b",
            ours: "kept",
            reason: "no swifttailcc thunk on PowerPC (see swifttailcc-musttail-ppc.ll)",
        },
    ),
    (
        "mips",
        Deviation {
            file: "swifttailcc.ll",
            func: "stc_b",
            ours: "kept",
            reason: "no swifttailcc thunk on MIPS (see swifttailcc-musttail-ppc.ll)",
        },
    ),
];

/// The module text with its `target triple` and `target datalayout` lines replaced by
/// `triple` and the layout the triple implies, written out (a module with a triple alone
/// is parsed under that layout too, but LLVM writes a module whose globals it placed in
/// address space 0 under a layout with another default, such as amdgcn's `G1`, in a
/// form that no longer parses as the same module).
fn retargeted(text: &str, triple: &str) -> String {
    let stub = format!("target triple = \"{triple}\"\n");
    let layout = mergefunc_llvm::LlvmModule::parse(stub.as_bytes(), "stub.ll")
        .ok()
        .and_then(|m| m.to_text().lines().find(|l| l.starts_with("target datalayout")).map(str::to_string));
    let mut out = stub;
    if let Some(l) = layout {
        out.push_str(&l);
        out.push('\n');
    }
    for l in text.lines().filter(|l| !l.starts_with("target triple") && !l.starts_with("target datalayout")) {
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// `MERGEFUNC_RETARGET=all` (or a comma-separated list of triples) runs the corpus on
/// other targets: every x86-64 corpus module with its triple replaced must make opt-22's
/// merges (the documented deviations aside), verify, and, where llc-22 compiles the
/// unmerged module for that target, compile after our merge too. Modules the target's
/// verifier or opt-22 rejects before any merge are counted and skipped. A sweep to run by
/// hand (minutes), not in CI.
#[test]
fn corpus_matches_opt22_on_other_targets() {
    let Ok(sel) = std::env::var("MERGEFUNC_RETARGET") else { return };
    let Some(t) = tools() else { return };
    let llc = harness::find_tool("llc").expect("llc-22");
    let triples: Vec<&str> =
        if sel == "all" { RETARGET_TRIPLES.to_vec() } else { sel.split(',').map(str::trim).collect() };
    let dir = harness::workdir("differential-retarget");
    let compiles = |p: &Path| {
        harness::run(
            std::process::Command::new(&llc).arg("-O1").arg(p).arg("-o").arg("/dev/null"),
            Duration::from_secs(120),
        )
        .map(|r| r.code == Some(0))
        .unwrap_or(false)
    };
    let mut failures = Vec::new();
    let mut summary = String::new();
    for triple in &triples {
        let (mut agreed, mut skipped, mut compiled, mut merged) = (0, 0, 0, 0);
        let mut deviations = DEVIATIONS.to_vec();
        deviations.extend(RETARGET_DEVIATIONS.iter().filter(|(arch, _)| triple.starts_with(arch)).map(|(_, d)| *d));
        for f in harness::corpus_files() {
            let text = std::fs::read_to_string(&f).unwrap();
            if !text.contains("target triple = \"x86_64-unknown-linux-gnu\"") {
                continue;
            }
            let n = file_name(&f);
            let sub = dir.join(triple);
            std::fs::create_dir_all(&sub).unwrap();
            let input = sub.join(&n);
            std::fs::write(&input, retargeted(&text, triple)).unwrap();
            // Rejected for the target, or opt-22's own output does not parse back as the
            // same module (amdgcn's `G1` puts globals in address space 1, and a global's
            // initializer naming it as `ptr @g` was read in address space 0).
            let probe = sub.join("probe.ll");
            if harness::verify(&t, &input).is_err()
                || harness::opt_mergefunc(&t, &input, &[], &probe).is_err()
                || harness::verify(&t, &probe).is_err()
            {
                skipped += 1;
                continue;
            }
            let opts = classify::run_opts(&text);
            let case = CaseOpts {
                name: &n,
                input: &input,
                opts: &opts,
                workdir: &sub,
                deviations: &deviations,
                lli: false,
                callees: true,
                cand_name: "mergefunc",
            };
            match harness::run_case(&t, &case, &ours) {
                Ok(r) => {
                    agreed += 1;
                    merged += r.candidate.merged_count();
                }
                Err(e) => failures.push(format!("[{triple}] {e}")),
            }
            let out = sub.join(format!("{}.mergefunc.ll", n.trim_end_matches(".ll")));
            // Aliases are asked for: NVPTX writes them only for PTX 6.3 and sm_30 or later
            // (llc-22's default CPU has neither), opt-22's output fails the same way.
            let aliases_unsupported = triple.starts_with("nvptx") && opts.iter().any(|o| o == "--use-aliases");
            if out.exists() && !aliases_unsupported && compiles(&input) {
                if compiles(&out) {
                    compiled += 1;
                } else {
                    failures.push(format!("[{triple}] {n}: llc-22 compiles the input but not our output"));
                }
            }
        }
        summary.push_str(&format!(
            "  {triple}: {agreed} modules agree with opt-22 ({merged} merged), {compiled} compiled by llc-22 after our merge, {skipped} skipped (rejected for the target)\n"
        ));
    }
    eprintln!("retargeted corpus:\n{summary}");
    assert!(failures.is_empty(), "{} retargeted failures:\n\n{}", failures.len(), failures.join("\n"));
}

/// Objects built from our merges define the symbols the unmerged modules define, on every
/// object format: corpus modules about names, linkages, aliases and split bodies,
/// retargeted to ELF (x86-64, aarch64), COFF (i686 MSVC, whose decorated names `_f@8`
/// and `@f@12` the mangler derives from the function), Mach-O and wasm, merged with and
/// without `--use-aliases`. Where llc-22 compiles the unmerged module it must compile
/// ours, and `llvm-nm-22` must list the same defined global symbols and no new undefined
/// one. A private body named as a symbol another global has stopped llc-22
/// (`private-body-symbol-taken.ll`, docs/soundness-audit.md).
#[test]
fn merged_objects_define_the_same_symbols_on_every_object_format() {
    if tools().is_none() {
        return;
    }
    let (Some(llc), Some(nm)) = (harness::find_tool("llc"), harness::find_tool("llvm-nm")) else {
        assert!(std::env::var_os("CI").is_none(), "llc-22 and llvm-nm-22 are required when CI is set");
        eprintln!("SKIP merged_objects_define_the_same_symbols_on_every_object_format: llc-22 or llvm-nm-22 not found");
        return;
    };
    const FILES: [&str; 6] = [
        "names-symbols.ll",
        "private-body-symbol-taken.ll",
        "private-body-names-symbols.ll",
        "aliases-linkages.ll",
        "linkage-weak-weak.ll",
        "macho-weak-aliases.ll",
    ];
    const TRIPLES: [&str; 5] = [
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "i686-pc-windows-msvc",
        "x86_64-apple-macosx14.0.0",
        "wasm32-unknown-unknown",
    ];
    let dir = harness::workdir("object-symbols");
    let limit = Duration::from_secs(120);
    let compile = |ll: &Path, obj: &Path| {
        harness::run(std::process::Command::new(&llc).args(["-O0", "-filetype=obj"]).arg(ll).arg("-o").arg(obj), limit)
            .map(|r| r.code == Some(0))
            .unwrap_or(false)
    };
    let symbols = |obj: &Path, flags: &[&str]| -> std::collections::BTreeSet<String> {
        let r = harness::run(std::process::Command::new(&nm).args(flags).arg(obj), limit).unwrap();
        assert_eq!(r.code, Some(0), "llvm-nm-22 {}: {}", obj.display(), r.stderr);
        // COFF's weak externals name a helper `.weak.NAME.default.OTHER` after another
        // symbol of the object; a weak alias needs none.
        r.stdout.lines().filter(|l| !l.starts_with(".weak.")).map(str::to_string).collect()
    };
    let (defined, undefined) = (["-j", "--defined-only", "--extern-only"], ["-j", "--undefined-only"]);
    let (mut compared, mut skipped) = (0, 0);
    for f in FILES {
        let text = std::fs::read_to_string(harness::corpus_dir().join(f)).unwrap();
        for triple in TRIPLES {
            let tag = format!("{}-{}", triple.split('-').next().unwrap(), triple.split('-').nth(2).unwrap());
            let input = dir.join(format!("{tag}-{f}"));
            std::fs::write(&input, retargeted(&text, triple)).unwrap();
            let in_obj = dir.join(format!("{tag}-{f}.o"));
            if !compile(&input, &in_obj) {
                skipped += 1;
                continue;
            }
            let (want_defined, want_undefined) = (symbols(&in_obj, &defined), symbols(&in_obj, &undefined));
            for opts in [vec![], vec!["--use-aliases".to_string()]] {
                let out = dir.join(format!("{tag}-{f}.merged.ll"));
                ours(&input, &opts, &out).unwrap_or_else(|e| panic!("{triple} {f} {opts:?}: {e}"));
                let out_obj = dir.join(format!("{tag}-{f}.merged.o"));
                assert!(
                    compile(&out, &out_obj),
                    "{triple} {f} {opts:?}: llc-22 compiles the unmerged module, not ours"
                );
                // A discardable function the merge erased (its calls moved) leaves no symbol.
                let c = classify::classify_text(&text, &std::fs::read_to_string(&out).unwrap());
                let erased: Vec<&String> =
                    c.funcs.iter().filter(|(_, r)| r.outcome == classify::Outcome::Erased).map(|(n, _)| n).collect();
                let got = symbols(&out_obj, &defined);
                let extra: Vec<&String> = got.difference(&want_defined).collect();
                assert!(
                    extra.is_empty(),
                    "{triple} {f} {opts:?}: symbols the unmerged object does not define: {extra:?}"
                );
                let missing: Vec<&String> =
                    want_defined.difference(&got).filter(|s| !erased.iter().any(|n| s.contains(n.as_str()))).collect();
                assert!(missing.is_empty(), "{triple} {f} {opts:?}: symbols no longer defined: {missing:?}");
                let new: Vec<String> = symbols(&out_obj, &undefined).difference(&want_undefined).cloned().collect();
                assert!(new.is_empty(), "{triple} {f} {opts:?}: new undefined symbols {new:?}");
                compared += 1;
            }
        }
    }
    eprintln!("object symbols: {compared} merged objects compared, {skipped} inputs llc-22 does not compile");
    assert!(compared >= 40, "only {compared} merged objects compared");
}

/// Modules on which opt-22's merge writes IR its own verifier rejects, so that it aborts
/// or writes an invalid module (`tests/opt-invalid/`): a rewrite LLVM carries out although
/// the result cannot be valid (or, in one case, opt-22 crashes). Both tools run with the
/// file's `; RUN-OPTS:` options.
/// Ours must exit 0 with output the verifier accepts and the outcomes of the file's
/// `; EXPECT:` lines (there: ours, as opt-22 has none; functions not listed are kept).
/// Should opt-22 stop failing on a file, the file belongs in the corpus instead.
#[test]
fn modules_opt22_cannot_merge_are_merged_validly() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("opt-invalid");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/opt-invalid");
    let mut files: Vec<_> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "only {} files in {}", files.len(), src.display());
    let mut merged = 0;
    for f in &files {
        let n = file_name(f);
        let text = std::fs::read_to_string(f).unwrap();
        let opts = classify::run_opts(&text);
        harness::verify(&t, f).unwrap_or_else(|e| panic!("{n}: the input must be valid: {e}"));
        let opt_out = dir.join(n.replace(".ll", ".opt22.ll"));
        let opt_fails =
            harness::opt_mergefunc(&t, f, &opts, &opt_out).is_err() || harness::verify(&t, &opt_out).is_err();
        assert!(opt_fails, "{n}: opt-22 now merges this module validly; move it into tests/corpus");
        let out = dir.join(n.replace(".ll", ".mergefunc.ll"));
        ours(f, &opts, &out).unwrap_or_else(|e| panic!("{n}: {e}"));
        harness::verify(&t, &out).unwrap_or_else(|e| panic!("{n}: {e}"));
        let c = classify::classify_text(&text, &std::fs::read_to_string(&out).unwrap());
        let exp = classify::expectations(&text);
        for k in exp.keys() {
            assert!(c.funcs.contains_key(k), "{n}: EXPECT names `{k}`, which the input does not define");
        }
        for (fname, rec) in &c.funcs {
            let want = exp.get(fname).cloned().unwrap_or(classify::Outcome::Kept);
            assert_eq!(rec.outcome, want, "{n}: {fname}");
            merged += rec.outcome.is_merged() as usize;
        }
    }
    assert!(merged >= 3, "only {merged} merged");
}

/// A deviation where opt-22's output does not compile: llc-22 compiles the unmerged
/// `corpus` module and our merge of it, and still refuses opt-22's merge with an error
/// containing `llvm_error` (else the deviation may be stale).
fn llc_compiles_ours_and_refuses_opt22s(test: &str, corpus: &str, llvm_error: &str) {
    let Some(t) = tools() else { return };
    let Some(llc) = harness::find_tool("llc") else {
        assert!(std::env::var_os("CI").is_none(), "llc-22 is required when CI is set");
        eprintln!("SKIP {test}: llc-22 not found");
        return;
    };
    let dir = harness::workdir(test);
    let input = harness::corpus_dir().join(corpus);
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let compile = |p: &Path| {
        harness::run(std::process::Command::new(&llc).arg(p).arg("-o").arg("/dev/null"), Duration::from_secs(120))
            .unwrap()
    };
    let r = compile(&input);
    assert_eq!(r.code, Some(0), "llc-22 rejects the unmerged module: {}", r.stderr);
    let r = compile(&mine);
    assert_eq!(r.code, Some(0), "llc-22 rejects our output: {}", r.stderr);
    let r = compile(&theirs);
    assert!(
        r.code != Some(0) && r.stderr.contains(llvm_error),
        "llc-22 now compiles opt-22's output (the deviation may be stale): {:?} {}",
        r.code,
        harness::tail(&r.stderr, 5)
    );
}

/// Interrupt handlers: llc-22 compiles our merge of `interrupt-handlers.ll`, and still
/// refuses opt-22's (a thunk that calls an x86_intrcc handler).
#[test]
fn interrupt_handlers_still_compile_after_merging() {
    llc_compiles_ours_and_refuses_opt22s(
        "interrupt_handlers_still_compile_after_merging",
        "interrupt-handlers.ll",
        "interrupts may not be called directly",
    );
}

/// inalloca: a thunk forwarding an `inalloca` argument with a plain call hands the callee
/// the thunk's own incoming argument memory. `inalloca-thunk.ll` with a `main` that calls
/// `@ina_b` through a pointer, built with `clang-22 -m32` and run (skipped without 32-bit
/// C libraries): ours prints what the unmerged program prints. Found by running the
/// i686-retargeted corpus (`thunk-argument-attributes.ll` with `--preserve-debug-info`).
#[test]
fn inalloca_thunks_are_not_written() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("inalloca-thunk");
    let mut text = std::fs::read_to_string(harness::corpus_dir().join("inalloca-thunk.ll")).unwrap();
    text.push_str(
        "@.fmt = private unnamed_addr constant [7 x i8] c\"%d %d\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n\
         define i32 @main() {\n  %ia = alloca inalloca %S\n  store i32 4, ptr %ia\n\
         %f = load volatile ptr, ptr @ext\n  %i = call i32 %f(ptr inalloca(%S) %ia)\n\
         %j = call i32 @call_int(i32 9)\n\
         call i32 (ptr, ...) @printf(ptr @.fmt, i32 %i, i32 %j)\n  ret i32 0\n}\n",
    );
    let input = dir.join("in.ll");
    std::fs::write(&input, &text).unwrap();
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let run = |ll: &Path, name: &str| -> Option<String> {
        let exe = dir.join(name);
        let b = harness::run(
            std::process::Command::new("clang-22").args(["-m32", "-w"]).arg(ll).arg("-o").arg(&exe),
            Duration::from_secs(120),
        )
        .ok()?;
        if b.code != Some(0) {
            return None;
        }
        harness::run(&mut std::process::Command::new(&exe), Duration::from_secs(30)).ok().map(|r| r.stdout)
    };
    let Some(base) = run(&input, "in.exe") else {
        eprintln!("SKIP inalloca_thunks_are_not_written: clang-22 -m32 cannot build (no 32-bit C libraries)");
        return;
    };
    assert_eq!(base, "33 7\n");
    assert_eq!(run(&mine, "ours.exe").as_deref(), Some(base.as_str()), "our merge changed what the program prints");
    let llvm = run(&theirs, "opt22.exe");
    eprintln!("inalloca: unmerged {base:?}, ours the same, opt-22's merge {llvm:?}");
}

/// ifunc resolvers in a shared library: `ifunc-resolver-plt.ll` built with `-fPIC -shared
/// -Wl,-z,now` and called from an executable (bound at load time too). The loader runs
/// the resolvers while it relocates the library, before the PLT's GOT slots are filled
/// in: opt-22's merge (a resolver become a thunk calling its exported twin, helpers'
/// calls moved onto an exported twin) crashes there; ours prints what the unmerged
/// program prints. Found by hand-written link modules.
#[test]
fn ifunc_resolvers_gain_no_plt_calls() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("ifunc-resolver-plt");
    let input = harness::corpus_dir().join("ifunc-resolver-plt.ll");
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let main_c = dir.join("main.c");
    std::fs::write(
        &main_c,
        "#include <stdio.h>\nextern int if_a(int), if_b(int), if_c(int), lib_calls(int);\n\
         int main(void) { printf(\"%d %d %d %d\\n\", if_a(2), if_b(3), if_c(4), lib_calls(5)); return 0; }\n",
    )
    .unwrap();
    let run = |ll: &Path, name: &str| -> Option<harness::RunOut> {
        let sub = dir.join(name);
        std::fs::create_dir_all(&sub).unwrap();
        let clang = |args: &[&std::ffi::OsStr]| {
            let r = harness::run(
                std::process::Command::new("clang-22").args(["-w", "-fuse-ld=lld", "-Wl,-z,now"]).args(args),
                Duration::from_secs(120),
            )
            .ok()?;
            (r.code == Some(0)).then_some(())
        };
        let lib = sub.join("libifn.so");
        clang(&["-fPIC".as_ref(), "-shared".as_ref(), ll.as_os_str(), "-o".as_ref(), lib.as_os_str()])?;
        let exe = sub.join("main");
        clang(&[main_c.as_os_str(), lib.as_os_str(), "-o".as_ref(), exe.as_os_str()])?;
        harness::run(std::process::Command::new(&exe).env("LD_LIBRARY_PATH", &sub), Duration::from_secs(30)).ok()
    };
    let Some(base) = run(&input, "in") else {
        eprintln!("SKIP ifunc_resolvers_gain_no_plt_calls: clang-22 with lld cannot build the library");
        return;
    };
    assert_eq!((base.code, base.stdout.as_str()), (Some(0), "11 16 21 78\n"));
    let got = run(&mine, "ours").expect("our merge builds");
    assert_eq!((got.code, got.stdout.as_str()), (Some(0), base.stdout.as_str()), "our merge changed the program");
    let llvm = run(&theirs, "opt22").map(|r| (r.code, r.stdout));
    eprintln!("ifunc resolvers: unmerged {:?}, ours the same, opt-22's merge {llvm:?}", base.stdout);
}

/// swifttailcc thunks on PowerPC: llc-22 compiles our merge of
/// `swifttailcc-musttail-ppc.ll`, and still refuses opt-22's (a musttail thunk the
/// PowerPC code generator cannot make a sibling call). Found by
/// `corpus_matches_opt22_on_other_targets` (`swifttailcc.ll` on powerpc64le).
#[test]
fn swifttailcc_thunks_compile_on_powerpc() {
    llc_compiles_ours_and_refuses_opt22s(
        "swifttailcc_thunks_compile_on_powerpc",
        "swifttailcc-musttail-ppc.ll",
        "failed to perform tail call elimination",
    );
}

/// Private bodies have names: llc-22 compiles our merge of `private-bodies-named.ll` (two
/// pairs of weak functions with `!kcfi_type`, each pair given a private body), also with
/// basic-block sections, and still refuses opt-22's (two unnamed bodies both define the
/// symbol `__cfi_`). Found by `scripts/exec-diff.py` on a C++ program built with
/// `-fsanitize=kcfi`.
#[test]
fn private_bodies_compile_under_kcfi_and_basic_block_sections() {
    let Some(t) = tools() else { return };
    let Some(llc) = harness::find_tool("llc") else {
        assert!(std::env::var_os("CI").is_none(), "llc-22 is required when CI is set");
        eprintln!("SKIP private_bodies_compile_under_kcfi_and_basic_block_sections: llc-22 not found");
        return;
    };
    let dir = harness::workdir("private-bodies-named");
    let input = harness::corpus_dir().join("private-bodies-named.ll");
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let compile = |p: &Path, extra: &[&str]| {
        harness::run(
            std::process::Command::new(&llc).args(extra).arg(p).arg("-o").arg("/dev/null"),
            Duration::from_secs(120),
        )
        .unwrap()
    };
    for extra in [&[][..], &["-basic-block-sections=all"][..]] {
        let r = compile(&mine, extra);
        assert_eq!(r.code, Some(0), "llc-22 {extra:?} rejects our output: {}", r.stderr);
    }
    let text = std::fs::read_to_string(&mine).unwrap();
    assert!(
        text.contains("define private i32 @wa.merged(") && text.contains("define private i32 @wc.merged("),
        "{text}"
    );
    let r = compile(&theirs, &[]);
    assert!(
        r.code != Some(0) && r.stderr.contains("'__cfi_' is already defined"),
        "llc-22 now compiles opt-22's output (the deviation may be stale): {:?} {}",
        r.code,
        r.stderr
    );
}

/// The private body of a weak pair whose survivor has a verbatim name (`\01foo`, as
/// clang writes `asm` labels) calls nothing else's symbol: linked with a module that
/// defines `foo.merged`, the program still calls that function. A body named
/// `\01foo.merged` was emitted as the symbol `foo.merged`, and the call bound to it
/// (`4 7 7` instead of `4 7 10`). opt-22's unnamed body links as the input does.
#[test]
fn private_bodies_take_no_other_symbol() {
    let Some(t) = tools() else { return };
    let Some(clang) = harness::find_tool("clang") else {
        assert!(std::env::var_os("CI").is_none(), "clang-22 is required when CI is set");
        eprintln!("SKIP private_bodies_take_no_other_symbol: clang-22 not found");
        return;
    };
    let dir = harness::workdir("private-body-symbols");
    let header =
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
                  target triple = \"x86_64-unknown-linux-gnu\"\n";
    let twin = |name: &str| {
        format!("define weak i32 @{name}(i32 %x) {{\n  %y = mul i32 %x, 3\n  %z = add i32 %y, 1\n  ret i32 %z\n}}\n")
    };
    let input = dir.join("verbatim.ll");
    std::fs::write(
        &input,
        format!(
            "{header}@.fmt = private unnamed_addr constant [10 x i8] c\"%d %d %d\\0A\\00\"\n\
             declare i32 @printf(ptr, ...)\ndeclare i32 @foo.merged(i32)\n{}{}\
             define i32 @main() {{\n  %a = call i32 @\"\\01foo\"(i32 1)\n  %b = call i32 @zzz(i32 2)\n\
             \x20 %c = call i32 @foo.merged(i32 2)\n  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b, i32 %c)\n\
             \x20 ret i32 0\n}}\n",
            twin("\"\\01foo\""),
            twin("zzz")
        ),
    )
    .unwrap();
    let other = dir.join("other.ll");
    std::fs::write(
        &other,
        format!("{header}define i32 @foo.merged(i32 %x) {{\n  %y = mul i32 %x, 5\n  ret i32 %y\n}}\n"),
    )
    .unwrap();
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let limit = Duration::from_secs(120);
    let outcome = |tag: &str, module: &Path| -> String {
        let exe = dir.join(format!("{tag}.exe"));
        let build = harness::run(
            std::process::Command::new(&clang).arg("-w").arg(module).arg(&other).arg("-o").arg(&exe),
            limit,
        )
        .unwrap();
        if build.code != Some(0) {
            return format!("build failed: {}", harness::tail(&build.stderr, 2));
        }
        let run = harness::run(&mut std::process::Command::new(&exe), limit).unwrap();
        format!("{:?} {}", run.code, run.stdout)
    };
    let want = outcome("unmerged", &input);
    assert_eq!(want, "Some(0) 4 7 10\n", "the unmerged program");
    assert_eq!(outcome("ours", &mine), want, "our merge changes which function a call reaches");
    assert_eq!(outcome("opt22", &theirs), want, "opt-22's merge");
    let text = std::fs::read_to_string(&mine).unwrap();
    assert!(text.contains("define private i32 @foo.merged.1("), "the body is not named as expected:\n{text}");
}

#[test]
fn corpus_matches_opt22() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-corpus");
    let mut failures = Vec::new();
    let mut summary = String::new();
    let files = harness::corpus_files();
    assert!(files.len() >= 45);
    for f in &files {
        let n = file_name(f);
        let text = std::fs::read_to_string(f).unwrap();
        let opts = classify::run_opts(&text);
        let case = CaseOpts {
            name: &n,
            input: f,
            opts: &opts,
            workdir: &dir,
            deviations: DEVIATIONS,
            lli: true,
            callees: true,
            cand_name: "mergefunc",
        };
        match harness::run_case(&t, &case, &ours) {
            Ok(r) => summary.push_str(&format!(
                "  {n}: {} merged{}\n",
                r.candidate.merged_count(),
                if r.lli_checked { ", lli ok" } else { "" }
            )),
            Err(e) => failures.push(e),
        }
    }
    eprintln!("differential corpus ({} files):\n{summary}", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} corpus files differ from opt-22:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// Corpus files whose deviations are instruction attachments (the DEVIATIONS entries of
/// these files, and of no others, come from comparing attachments in full).
const ATTACHMENT_FILES: &[&str] = &[
    "tbaa-nested-nodes.ll",
    "tbaa-store.ll",
    "alias-scope-lists.ll",
    "load-store-props.ll",
    "loop-metadata.ll",
    "access-groups.ll",
    "call-atomic-attachments.ll",
];

/// Every corpus module, merged with LLVM 22's attachment rule
/// (`--test-llvm22-attachments`), makes opt-22's merges, with only the deviations that
/// are not about attachments: so the attachment deviations are the attachments' doing
/// and nothing else's.
#[test]
fn corpus_matches_opt22_under_llvm22_attachments() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-corpus-llvm22-attachments");
    let others: Vec<Deviation> = DEVIATIONS.iter().filter(|d| !ATTACHMENT_FILES.contains(&d.file)).copied().collect();
    let mut failures = Vec::new();
    let files = harness::corpus_files();
    for f in &files {
        let n = file_name(f);
        let opts = classify::run_opts(&std::fs::read_to_string(f).unwrap());
        let case = CaseOpts {
            name: &n,
            input: f,
            opts: &opts,
            workdir: &dir,
            deviations: &others,
            lli: false,
            callees: true,
            cand_name: "mergefunc-llvm22-attachments",
        };
        if let Err(e) = harness::run_case(&t, &case, &ours_llvm22_attachments) {
            failures.push(e);
        }
    }
    for a in ATTACHMENT_FILES {
        assert!(DEVIATIONS.iter().any(|d| d.file == *a), "{a} has no deviation");
    }
    assert!(failures.is_empty(), "{} corpus files differ from opt-22:\n\n{}", failures.len(), failures.join("\n"));
}

/// `text` (LLVM assembly) as opt-22 would print the same module: our `!mergefunc.thunk`
/// tag dropped (and its empty node, unless something else uses it), metadata renumbered
/// in order of first appearance (the two outputs number their nodes differently).
fn printed_as_opt(text: &str, ours: bool) -> String {
    let mut text = text.to_string();
    if ours {
        let mut tags = Vec::new();
        while let Some(at) = text.find(" !mergefunc.thunk !") {
            let num: String = text[at + 19..].chars().take_while(|c| c.is_ascii_digit()).collect();
            text.replace_range(at..at + 19 + num.len(), "");
            tags.push(num);
        }
        for num in tags {
            let def = format!("\n!{num} = !{{}}\n");
            let used = text.matches(&format!("!{num}")).count() > 1;
            if !used {
                text = text.replacen(&def, "\n", 1);
            }
        }
    }
    let text = private_bodies_numbered(&text, ours);
    let mut numbers = std::collections::HashMap::new();
    let mut out = String::with_capacity(text.len());
    let mut chars = text.trim_end().chars().peekable();
    while let Some(ch) = chars.next() {
        out.push(ch);
        if ch == '!' && chars.peek().is_some_and(|c| c.is_ascii_digit()) {
            let mut num = String::new();
            while let Some(d) = chars.next_if(|c| c.is_ascii_digit()) {
                num.push(d);
            }
            let next = numbers.len();
            out.push_str(&format!("M{}", numbers.entry(num).or_insert(next)));
        }
    }
    out
}

/// The private bodies of double-thunk merges under one label each, `@<body K>` by order of
/// definition: opt-22 leaves them unnamed (`@0`), ours are `NAME.merged`
/// (`private-bodies-named.ll`; `llvm_merged` for `@llvm`, and a `.N` suffix where the name
/// is taken: `private-body-names-symbols.ll`; quoted: `names-symbols.ll`). The corpus inputs define no unnamed
/// globals, so on opt-22's side every numbered private function is such a body.
fn private_bodies_numbered(text: &str, ours: bool) -> String {
    let ours_body = |name: &str| {
        let name = name.trim_matches('"');
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let base = if base.len() < name.len() { base.strip_suffix('.').unwrap_or(name) } else { name };
        base.ends_with(".merged") || base == "llvm_merged"
    };
    let is_body = |name: &str| if ours { ours_body(name) } else { name.bytes().all(|b| b.is_ascii_digit()) };
    let ident = |b: u8| b.is_ascii_alphanumeric() || b"-$._".contains(&b);
    let mut bodies = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("define private ")) {
        let Some(at) = line.find(" @") else { continue };
        // A quoted name (`@"d$lr$.merged"`) is taken whole, quotes included.
        let rest = &line[at + 2..];
        let name: String = match rest.strip_prefix('"').and_then(|r| r.find('"')) {
            Some(close) => rest[..close + 2].to_string(),
            None => rest.bytes().take_while(|&b| ident(b)).map(char::from).collect(),
        };
        if is_body(&name) && !bodies.contains(&name) {
            bodies.push(name);
        }
    }
    let mut out = text.to_string();
    for (k, name) in bodies.iter().enumerate() {
        let (from, to) = (format!("@{name}"), format!("@<body {k}>"));
        let mut next = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(&from) {
            let end = at + from.len();
            let whole = rest.as_bytes().get(end).is_none_or(|&b| !ident(b));
            next.push_str(&rest[..at]);
            next.push_str(if whole { &to } else { &from });
            rest = &rest[end..];
        }
        next.push_str(rest);
        out = next;
    }
    out
}

/// Beyond the per-function records of [`corpus_matches_opt22`]: every corpus module
/// without a documented deviation prints exactly as opt-22 prints it, our thunk tag and
/// metadata numbering aside: the same functions in the same order (thunks appended where
/// LLVM appends its `NewG`, a double-weak pair's private body where LLVM leaves it), the
/// same attributes, comdats and metadata.
/// Corpus modules whose merge records equal opt-22's but whose printed modules differ on
/// purpose (docs/deviations.md), asserted to differ.
const PRINTED_DIFFERENTLY: &[(&str, &str)] =
    &[("gep-flags.ll", "GEP no-wrap flags the folded function lacked are dropped from the survivor")];

#[test]
fn corpus_modules_print_as_opt22_prints_them() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("differential-whole");
    let (mut same, mut skipped, mut differ) = (0, 0, Vec::new());
    let mut by_attachment_rule = 0;
    for f in &harness::corpus_files() {
        let n = file_name(f);
        // A file whose only deviations are attachments prints as opt-22's under LLVM 22's
        // attachment rule; any other deviation skips the file.
        let attachments_only = ATTACHMENT_FILES.contains(&n.as_str());
        if DEVIATIONS.iter().any(|d| d.file == n) && !attachments_only {
            skipped += 1;
            continue;
        }
        let opts = classify::run_opts(&std::fs::read_to_string(f).unwrap());
        let (reference, candidate) = (dir.join(format!("opt-{n}")), dir.join(format!("ours-{n}")));
        harness::opt_mergefunc(&t, f, &opts, &reference).unwrap_or_else(|e| panic!("{n}: {e}"));
        if attachments_only {
            by_attachment_rule += 1;
            ours_llvm22_attachments(f, &opts, &candidate).unwrap_or_else(|e| panic!("{n}: {e}"));
        } else {
            ours(f, &opts, &candidate).unwrap_or_else(|e| panic!("{n}: {e}"));
        }
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        let (r, c) = (printed_as_opt(&read(&reference), false), printed_as_opt(&read(&candidate), true));
        if let Some((_, why)) = PRINTED_DIFFERENTLY.iter().find(|(file, _)| *file == n) {
            assert_ne!(r, c, "{n} prints as opt-22's, yet is listed as printed differently ({why})");
            skipped += 1;
        } else if r == c {
            same += 1;
        } else {
            let first =
                r.lines().zip(c.lines()).position(|(a, b)| a != b).unwrap_or(r.lines().count().min(c.lines().count()));
            differ.push(format!("{n}: first difference at line {}", first + 1));
        }
    }
    eprintln!(
        "whole modules: {same} print as opt-22's ({by_attachment_rule} of them under LLVM 22's attachment rule), \
         {skipped} with other documented deviations skipped"
    );
    assert!(differ.is_empty(), "modules that print differently from opt-22:\n{}", differ.join("\n"));
    assert!(same >= 60, "only {same} modules compared");
}

#[test]
fn printed_as_opt_drops_only_our_tag() {
    let ours = "define i32 @f() !mergefunc.thunk !3 {\n  ret i32 0\n}\n\n!0 = !{i32 1}\n!3 = !{}\n";
    let opt = "define i32 @f() {\n  ret i32 0\n}\n\n!7 = !{i32 1}\n";
    assert_eq!(printed_as_opt(ours, true), printed_as_opt(opt, false));
    // A shared empty node stays: something else names it.
    let shared = "define i32 @f() !mergefunc.thunk !1 {\n  ret i32 0, !nontemporal !1\n}\n!1 = !{}\n";
    assert!(printed_as_opt(shared, true).contains("!M0 = !{}"));
    assert_ne!(printed_as_opt("!1 = !{i32 1}", false), printed_as_opt("!1 = !{i32 2}", false));
    // Private bodies: ours named, opt-22's numbered; `@0` is not `@01`, nor `@f` `@f.merged`.
    let ours = "define private i32 @f.merged() {\n  ret i32 0\n}\ndefine i32 @f() {\n  %r = call i32 @f.merged()\n  ret i32 %r\n}\n";
    let opt = "define private i32 @0() {\n  ret i32 0\n}\ndefine i32 @f() {\n  %r = call i32 @0()\n  ret i32 %r\n}\n";
    assert_eq!(printed_as_opt(ours, true), printed_as_opt(opt, false));
    assert!(printed_as_opt(ours, true).contains("call i32 @<body 0>()"));
    assert!(printed_as_opt("define private void @0() {\n  call void @01()\n}\n", false).contains("@01()"));
}

/// Generates a real module with `script` and runs the differential case on it.
fn real_module(script: &str, variant: &str, lli: bool) {
    real_module_args(script, &[variant], lli)
}

fn real_module_args(script: &str, args: &[&str], lli: bool) {
    let variant = args.join("-");
    if std::env::var_os("MERGEFUNC_SKIP_REAL_MODULES").is_some() {
        eprintln!("SKIP real module {script} {variant}: MERGEFUNC_SKIP_REAL_MODULES is set");
        return;
    }
    let Some(t) = tools() else { return };
    // One work directory per script: the release and debug Rust builds share the cargo
    // project (cargo's lock serialises them), the C++ variants use separate sources.
    let dir = harness::workdir(&format!("differential-real-{}", script.trim_end_matches(".sh")));
    let t0 = Instant::now();
    let mut all = vec![dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let module = harness::run_script(script, &all, Duration::from_secs(1800)).unwrap_or_else(|e| panic!("{e}"));
    let gen_time = t0.elapsed();
    let hashed = assert_structural_hash_exact(&module);
    let eq = assert_equalities_match_llvm(&module, 40);
    let n = file_name(&module);
    // Every merge decision is LLVM 22's once attachments are read as LLVM 22 reads them
    // (the one documented difference these modules show) ...
    let case = CaseOpts {
        name: &n,
        input: &module,
        opts: &[],
        workdir: &dir,
        deviations: DEVIATIONS,
        lli,
        callees: true,
        cand_name: "mergefunc-llvm22-attachments",
    };
    let r = harness::run_case(&t, &case, &ours_llvm22_attachments).unwrap_or_else(|e| panic!("{e}"));
    // ... and the default run, which compares them in full, is a valid module that
    // behaves as the input, and merges a subset of those functions.
    let a = attachment_deviation(&t, &module, &dir, &r.candidate, lli);
    let copies = common::copies::assert_copies_exact(&module);
    eprintln!(
        "{n}: {} defined functions; opt-22 merged {} ({} new bodies) in {:?}; mergefunc merged {} in {:?}, \
         {} with LLVM 22's attachment rule (the same functions as opt-22); {a} functions differ by attachments; \
         generated in {:?}{}; StructuralHash equal to LLVM's on all {hashed}; against LLVM's comparator: {}; \
         {} views copied (each checked against a direct build), {} merged through copies",
        r.input_funcs,
        r.reference.merged_count(),
        r.reference.new_bodies.len(),
        r.ref_time,
        r.candidate.merged_count() - a,
        r.cand_time,
        r.candidate.merged_count(),
        gen_time,
        if r.lli_checked { "; lli behaviour identical" } else { "" },
        eq.summary(),
        copies.copies,
        copies.copies_merged
    );
}

/// Our CLI with LLVM 22's attachment rule (`--test-llvm22-attachments`) as a candidate.
fn ours_llvm22_attachments(input: &Path, opts: &[String], out: &Path) -> Result<(), String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_mergefunc"));
    let extra = ["--check-fast-path", "--test-llvm22-attachments"];
    harness::run_mergefunc_cli(bin, input, opts, &extra, out, Duration::from_secs(900))
}

/// Runs our CLI (default: attachments compared in full) on `module`, whose run with
/// LLVM 22's attachment rule classified as `model`: the output must verify, behave as
/// the input under lli (when `lli` and there is a `main`), and merge only functions the
/// model merges. Returns how many functions the model merges and the default run keeps.
fn attachment_deviation(t: &Tools, module: &Path, dir: &Path, model: &classify::Classification, lli: bool) -> usize {
    let n = file_name(module);
    let out = dir.join(format!("{}.mergefunc.ll", n.trim_end_matches(".ll").trim_end_matches(".bc")));
    ours(module, &[], &out).unwrap_or_else(|e| panic!("{n}: {e}"));
    harness::verify(t, &out).unwrap_or_else(|e| panic!("{n}: {e}"));
    let input = common::llparse::parse(&harness::text_of(t, module).unwrap());
    let full = classify::classify(&input, &common::llparse::parse(&std::fs::read_to_string(&out).unwrap()));
    let extra: Vec<&String> = full
        .funcs
        .iter()
        .filter(|(f, r)| r.outcome.is_merged() && !model.outcome(f).is_some_and(|o| o.is_merged()))
        .map(|(f, _)| f)
        .collect();
    assert!(extra.is_empty(), "{n}: merged only when attachments are compared in full: {extra:?}");
    if lli && input.has_main() {
        let (before, after) = (harness::lli(t, module), harness::lli(t, &out));
        assert_eq!(before, after, "{n}: behaviour changed under lli-22");
    }
    model.merged_count() - full.merged_count()
}

#[test]
fn real_rust_module_release() {
    real_module("gen-rust-module.sh", "release", false);
}

#[test]
fn real_rust_module_debug() {
    real_module("gen-rust-module.sh", "debug", false);
}

/// The project and all its dependencies' crates linked into one module (release: 11,022
/// defined functions).
#[test]
fn real_rust_linked_module_release() {
    real_module_args("gen-rust-module.sh", &["release", "linked"], false);
}

/// The same, debug build (25,607 defined functions).
#[test]
fn real_rust_linked_module_debug() {
    real_module_args("gen-rust-module.sh", &["debug", "linked"], false);
}

#[test]
fn real_cpp_module_o0() {
    real_module("gen-cpp-module.sh", "O0", true);
}

#[test]
fn real_cpp_module_o1_no_llvm_passes() {
    real_module("gen-cpp-module.sh", "O1", true);
}

/// The instruction-attachment deviations are miscompiles of LLVM 22's pass, not matters
/// of taste: for every corpus file with `; O2-EVIDENCE: OUT`, `lli-22` prints OUT for the
/// input after `opt-22 -O2`, something else after `opt-22 -passes=mergefunc` and `-O2`,
/// and OUT again after our merge and `-O2`, with and without `--drop-differing-attachments`
/// (`tbaa-nested-nodes.ll` must merge with it: its only difference is a TBAA tag).
#[test]
fn metadata_deviations_are_miscompiles_of_llvm22() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("o2-evidence");
    let mut checked = 0;
    for f in &harness::corpus_files() {
        let text = std::fs::read_to_string(f).unwrap();
        let Some(want) = text.lines().find_map(|l| l.strip_prefix("; O2-EVIDENCE:")) else { continue };
        let want = format!("{}\n", want.trim());
        let n = file_name(f);
        let o2_run = |input: &Path, tag: &str| -> String {
            let out = dir.join(format!("{tag}-{n}"));
            let r = harness::run(
                std::process::Command::new(&t.opt).args(["-O2", "-S"]).arg(input).arg("-o").arg(&out),
                Duration::from_secs(120),
            )
            .unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(r.code, Some(0), "{n}: opt-22 -O2 failed: {}", r.stderr);
            let (code, stdout) = harness::lli(&t, &out).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(code, Some(0), "{n} ({tag}): lli-22 exit status");
            stdout
        };
        assert_eq!(o2_run(f, "input"), want, "{n}: the input at -O2 does not print the evidence's value");
        let (theirs, mine) = (dir.join(format!("opt22-{n}")), dir.join(format!("ours-{n}")));
        harness::opt_mergefunc(&t, f, &[], &theirs).unwrap_or_else(|e| panic!("{n}: {e}"));
        ours(f, &[], &mine).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_ne!(o2_run(&theirs, "opt22"), want, "{n}: LLVM 22's merge no longer changes what main prints");
        assert_eq!(o2_run(&mine, "ours"), want, "{n}: our merge changes what main prints at -O2");
        // With `--drop-differing-attachments` the pair LLVM 22 merges may merge too (the
        // survivor loses the attachments that differ): what main prints must not change.
        let dropped = dir.join(format!("ours-dropped-{n}"));
        ours(f, &["--drop-differing-attachments".to_string()], &dropped).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(
            o2_run(&dropped, "ours-dropped"),
            want,
            "{n}: our merge with dropped attachments changes what main prints"
        );
        if n == "tbaa-nested-nodes.ll" {
            let out = std::fs::read_to_string(&dropped).unwrap();
            assert!(!out.contains("define i32 @g(ptr %p"), "{n}: @g keeps its body with --drop-differing-attachments");
        }
        checked += 1;
    }
    eprintln!("{checked} miscompiles of LLVM 22's merge shown with lli-22 at -O2");
    assert!(checked >= 3, "only {checked} files with O2-EVIDENCE");
}

/// `corpus/comdat-groups.ll` merged, compiled and linked with another module's copies of
/// its comdat groups (`tests/comdat-link/other-copy.ll`), first and second (the first
/// copy of a group wins): our output links and prints what the unmerged module prints in
/// both orders; opt-22's does not (a dropped section is called or referenced).
#[test]
fn comdat_groups_survive_the_link() {
    let Some(t) = tools() else { return };
    let Some(clang) = harness::find_tool("clang") else {
        assert!(std::env::var_os("CI").is_none(), "clang-22 is required when CI is set");
        eprintln!("SKIP comdat_groups_survive_the_link: clang-22 not found");
        return;
    };
    let dir = harness::workdir("comdat-link");
    let input = harness::corpus_dir().join("comdat-groups.ll");
    let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/comdat-link/other-copy.ll");
    let (mine, theirs) = (dir.join("ours.ll"), dir.join("opt22.ll"));
    ours(&input, &[], &mine).unwrap();
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    let limit = Duration::from_secs(120);
    let compile = |src: &Path, obj: &Path| {
        let r = harness::run(std::process::Command::new(&clang).args(["-w", "-c"]).arg(src).arg("-o").arg(obj), limit)
            .unwrap();
        assert_eq!(r.code, Some(0), "clang-22 -c {}: {}", src.display(), r.stderr);
    };
    let other_obj = dir.join("other.o");
    compile(&other, &other_obj);
    // Links `module` with the other copy in both orders; the output of each program, or
    // the link's or the run's failure.
    let outcomes = |tag: &str, module: &Path| -> Vec<String> {
        let obj = dir.join(format!("{tag}.o"));
        compile(module, &obj);
        [[&obj, &other_obj], [&other_obj, &obj]]
            .iter()
            .enumerate()
            .map(|(i, objs)| {
                let exe = dir.join(format!("{tag}-{i}.exe"));
                let link = harness::run(
                    std::process::Command::new(&clang).args(objs.iter().map(|p| p.as_os_str())).arg("-o").arg(&exe),
                    limit,
                )
                .unwrap();
                if link.code != Some(0) {
                    return format!("link failed: {}", harness::tail(&link.stderr, 2));
                }
                let run = harness::run(&mut std::process::Command::new(&exe), limit).unwrap();
                format!("{:?} {}", run.code, run.stdout)
            })
            .collect()
    };
    let want = outcomes("unmerged", &input);
    assert!(want.iter().all(|o| o == "Some(0) 50 59\n"), "the unmerged module: {want:?}");
    assert_eq!(outcomes("ours", &mine), want, "our merge breaks the link");
    let opt = outcomes("opt22", &theirs);
    assert!(
        opt.iter().all(|o| *o != want[0]),
        "opt-22's merge now survives a link in some order (the deviations may be stale): {opt:?}"
    );
}

/// `tests/comdat-link/after-lto.ll`, a module shaped as lld's full-LTO module (internal
/// functions that keep their comdat groups): with `--linked` (the groups are resolved by
/// the link) our output is opt-22's, byte for byte; by default the merges that reach into
/// another group are declined and every function stays. Each output prints what the input
/// prints.
#[test]
fn linked_modules_merge_as_llvm() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("comdat-linked");
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/comdat-link/after-lto.ll");
    let (theirs, linked, default) = (dir.join("opt22.ll"), dir.join("linked.ll"), dir.join("default.ll"));
    harness::opt_mergefunc(&t, &input, &[], &theirs).unwrap();
    ours(&input, &["--linked".to_string()], &linked).unwrap();
    ours(&input, &[], &default).unwrap();
    let text = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let defined = |p: &Path| text(p).lines().filter(|l| l.starts_with("define ")).count();
    assert_eq!(defined(&input), 6);
    assert_eq!(defined(&theirs), 3, "opt-22 no longer merges the module: {}", text(&theirs));
    assert_eq!(text(&linked), text(&theirs), "--linked differs from opt-22");
    assert_eq!(defined(&default), 6, "the default merged into a droppable group: {}", text(&default));
    for p in [&input, &theirs, &linked, &default] {
        let (code, out) = harness::lli(&t, p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((code, out.as_str()), (Some(0), "81 23 26\n"), "{}", p.display());
    }
}
