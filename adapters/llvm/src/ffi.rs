//! Our own declarations of the few LLVM-C functions whose `llvm-sys` binding is unsafe to
//! use as declared.
//!
//! * `llvm-sys` models C enums (`LLVMOpcode`, `LLVMTypeKind`, `LLVMValueKind`, ...) as
//!   Rust enums. A value outside the Rust enum (a newer LLVM, or a C-API `default:` case)
//!   would be undefined behaviour the moment it is returned. Every enum-returning getter
//!   we use is therefore re-declared here returning a plain `c_uint`, and the safe layer
//!   decodes it with an exhaustive match that keeps unknown values as "unknown".
//! * `LLVMGetRawDataValues` is declared by `llvm-sys` 221.1.2 with `SizeInBytes: usize`
//!   instead of `*mut usize` (the C function writes through it).
//! * `llvm::StructuralHash(const Function &, bool)` (a C++ function exported by
//!   `libLLVM`): called by its Itanium-mangled name to reproduce the worklist order of
//!   `opt -passes=mergefunc` exactly (the tests check `crate::shash` against it), and
//!   `llvm::xxh3_64bits(ArrayRef<uint8_t>)`, which `crate::shash` uses to compute the same
//!   value faster.
//! * The functions of our C++ shim (`shim/mergefunc_shim.cpp`): metadata operands and
//!   uniquing without `MetadataAsValue` wrappers, and attachment lists without a malloc.
#![allow(clashing_extern_declarations, non_snake_case)]

use inkwell::llvm_sys::prelude::*;
use std::os::raw::{c_char, c_int, c_uint};

extern "C" {
    pub fn LLVMGetInstructionOpcode(Inst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetConstOpcode(ConstantVal: LLVMValueRef) -> c_uint;
    pub fn LLVMGetTypeKind(Ty: LLVMTypeRef) -> c_uint;
    pub fn LLVMGetValueKind(Val: LLVMValueRef) -> c_uint;
    pub fn LLVMGetLinkage(Global: LLVMValueRef) -> c_uint;
    pub fn LLVMSetLinkage(Global: LLVMValueRef, Linkage: c_uint);
    pub fn LLVMGetVisibility(Global: LLVMValueRef) -> c_uint;
    pub fn LLVMSetVisibility(Global: LLVMValueRef, Viz: c_uint);
    pub fn LLVMGetUnnamedAddress(Global: LLVMValueRef) -> c_uint;
    pub fn LLVMSetUnnamedAddress(Global: LLVMValueRef, UnnamedAddr: c_uint);
    pub fn LLVMGetICmpPredicate(Inst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetFCmpPredicate(Inst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetOrdering(MemoryAccessInst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetCmpXchgSuccessOrdering(CmpXchgInst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetCmpXchgFailureOrdering(CmpXchgInst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetAtomicRMWBinOp(AtomicRMWInst: LLVMValueRef) -> c_uint;
    pub fn LLVMGetTailCallKind(CallInst: LLVMValueRef) -> c_uint;
    pub fn LLVMSetTailCallKind(CallInst: LLVMValueRef, kind: c_uint);
    pub fn LLVMGetInlineAsmDialect(InlineAsmVal: LLVMValueRef) -> c_uint;
    pub fn LLVMGetMetadataKind(Metadata: LLVMMetadataRef) -> c_uint;
    pub fn LLVMGetRawDataValues(c: LLVMValueRef, SizeInBytes: *mut usize) -> *const c_char;
    /// `LLVMByteOrdering` as an integer: 0 big-endian, 1 little-endian.
    pub fn LLVMByteOrder(TD: inkwell::llvm_sys::target::LLVMTargetDataRef) -> c_uint;
    pub fn LLVMVerifyModule(M: LLVMModuleRef, Action: c_uint, OutMessage: *mut *mut c_char) -> LLVMBool;

    /// `llvm::StructuralHash(const llvm::Function &F, bool DetailedHash)`.
    #[link_name = "_ZN4llvm14StructuralHashERKNS_8FunctionEb"]
    pub fn llvm_structural_hash_function(f: LLVMValueRef, detailed: bool) -> u64;

    /// `llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>)`: the `ArrayRef` (a trivially copyable
    /// pointer + length pair) is passed as two integer arguments.
    #[link_name = "_ZN4llvm11xxh3_64bitsENS_8ArrayRefIhEE"]
    pub fn llvm_xxh3_64bits(data: *const u8, len: usize) -> u64;

    // Our C++ shim (shim/mergefunc_shim.cpp, compiled by build.rs). Each checks the kind
    // of its argument and answers -1/0/null for the wrong kind.
    /// Operand count of an `MDNode`, -1 if not a node.
    pub fn mergefunc_md_num_operands(md: LLVMMetadataRef) -> i32;
    /// Operand `i` of an `MDNode` (null for a null operand or a bad index).
    pub fn mergefunc_md_operand(md: LLVMMetadataRef, i: c_uint) -> LLVMMetadataRef;
    /// The bytes of an `MDString` (length to `*len`), null for other metadata.
    pub fn mergefunc_md_string(md: LLVMMetadataRef, len: *mut usize) -> *const c_char;
    /// The value a `ValueAsMetadata` wraps, null for other metadata.
    pub fn mergefunc_md_value(md: LLVMMetadataRef) -> LLVMValueRef;
    /// 1 uniqued node, 0 distinct node, -1 not a node.
    pub fn mergefunc_md_is_uniqued(md: LLVMMetadataRef) -> i32;
    /// 1 if module `m` has a global value of any kind named `name[0..len]`, else 0.
    pub fn mergefunc_has_global_value_named(m: LLVMModuleRef, name: *const c_char, len: usize) -> c_int;
    /// `StructuralHash(f, false)` computed natively from per-C++-opcode terms; `*ok = 0`
    /// when it cannot (the caller then asks LLVM's own function).
    pub fn mergefunc_structural_hash(f: LLVMValueRef, terms: *const u64, n_terms: c_uint, ok: *mut i32) -> u64;
    /// The numbers context `ctx` gives `n` metadata kind names (`lens[i]` bytes at
    /// `names[i]`), `u32::MAX` for a name it does not know, into `out`; never registers
    /// a name (unlike `LLVMGetMDKindIDInContext`).
    pub fn mergefunc_known_md_kinds(
        ctx: LLVMContextRef,
        names: *const *const c_char,
        lens: *const usize,
        n: c_uint,
        out: *mut c_uint,
    );
    /// LLVM 22's fixed metadata kind numbers, in the order of `safe::kinds::FixedMd`:
    /// writes at most `cap`, returns how many there are.
    pub fn mergefunc_fixed_md_kinds(out: *mut c_uint, cap: c_uint) -> c_uint;
    /// LLVM 22's attribute kind bounds and four kinds (see `safe::kinds::AttrKinds`):
    /// writes at most `cap`, returns how many there are.
    pub fn mergefunc_fixed_attr_kinds(out: *mut c_uint, cap: c_uint) -> c_uint;
    /// A prescan scratch (one per thread); free it with `mergefunc_scan_free`.
    pub fn mergefunc_scan_new() -> *mut std::ffi::c_void;
    pub fn mergefunc_scan_free(scan: *mut std::ffi::c_void);
    /// One native walk: `out = [StructuralHash, native merge key, identity count, any
    /// block address taken, lowest and highest address of its blocks and instructions,
    /// tree-key details, constant identities]`
    /// and up
    /// to `cap` tagged identities in `ids`; 0 when it cannot (see the shim).
    pub fn mergefunc_prescan(
        scan: *mut std::ffi::c_void,
        f: LLVMValueRef,
        terms: *const u64,
        n_terms: c_uint,
        ptr_bits: c_uint,
        out: *mut u64,
        ids: *mut u64,
        cap: usize,
    ) -> i32;
    /// Prefetches the cache lines of `[lo, hi)`, at most `max_bytes` from `lo` (a hint;
    /// the addresses are never dereferenced).
    pub fn mergefunc_prefetch_range(lo: u64, hi: u64, max_bytes: u64);
    /// The first function of the link order (never called: its address is the start of
    /// the code `code_warmup` prefetches).
    pub fn mergefunc_hot_text_start() -> i32;
    /// The last function of the link order (never called: the end of that code).
    pub fn mergefunc_hot_text_end() -> i32;
    /// LLVM's `GlobalNumberState` for [`mergefunc_llvm_compare_functions`].
    pub fn mergefunc_llvm_cmp_state_new() -> *mut std::ffi::c_void;
    /// Frees a state made by [`mergefunc_llvm_cmp_state_new`].
    pub fn mergefunc_llvm_cmp_state_free(state: *mut std::ffi::c_void);
    /// LLVM 22's `FunctionComparator::compare` of two functions with bodies (-1, 0, 1), 2
    /// when either is not one.
    pub fn mergefunc_llvm_compare_functions(state: *mut std::ffi::c_void, a: LLVMValueRef, b: LLVMValueRef) -> i32;
    /// The constant offset of getelementptr `gep` as LLVM's comparator computes it: 1 with
    /// the index width in `*bits` and the offset's low/high words in `out[0..2]`, 0 when it
    /// is not constant, -1 for a value that is not a getelementptr instruction.
    pub fn mergefunc_gep_offset(gep: LLVMValueRef, bits: *mut c_uint, out: *mut u64) -> i32;
    /// The `inrange` of getelementptr constant expression `v`: 0 none, 1 with the width in
    /// `*bits` and the lower/upper bounds in `out[0..2]` (at most 64 bits), 2 wider than 64
    /// bits, -1 for a value that is not a getelementptr constant expression.
    pub fn mergefunc_const_gep_inrange(v: LLVMValueRef, bits: *mut c_uint, out: *mut u64) -> i32;
    /// Gives a module with a target triple and no data layout the layout its triple
    /// implies, as opt does: 0 nothing to do, 1 set, 2 the triple has no known layout.
    pub fn mergefunc_infer_data_layout(m: LLVMModuleRef) -> i32;
    /// Parses `.ll` text or `.bc` bitcode (the buffer is not consumed) as opt-22 does: a
    /// module with a triple and no layout is parsed under the triple's layout. 0 and a
    /// module on success; 1 and a message (free with `LLVMDisposeMessage`) on failure.
    pub fn mergefunc_parse_ir(
        ctx: LLVMContextRef,
        buf: LLVMMemoryBufferRef,
        out: *mut LLVMModuleRef,
        msg: *mut *mut c_char,
    ) -> i32;
    /// Raises glibc's trim, top-pad and mmap thresholds (1 when applied, 0 elsewhere).
    pub fn mergefunc_tune_allocator() -> i32;
    /// 1 if a `blockaddress` refers to a block of function `f`, 0 if none does, -1 for
    /// a value that is not a function.
    pub fn mergefunc_any_block_address_taken(f: LLVMValueRef) -> i32;
    /// The instructions with `v` itself as an operand (with `direct_calls`: the calls,
    /// invokes and callbrs whose callee it is): with `out_calls` those instructions,
    /// else the functions they are in (once per run, never twice in a row); the first
    /// `cap` into `out`, and their count returned.
    /// Makes `to` the callee of call site `call`: 1, or 0 for a value that is not a call
    /// site.
    pub fn mergefunc_set_callee(call: LLVMValueRef, to: LLVMValueRef) -> i32;
    pub fn mergefunc_instruction_users(
        v: LLVMValueRef,
        direct_calls: i32,
        out_calls: i32,
        out: *mut LLVMValueRef,
        cap: usize,
    ) -> usize;
    /// Walks every instruction of module `m` (opcode and operand count); a checksum.
    pub fn mergefunc_floor_instruction_walk(m: LLVMModuleRef) -> u64;
    /// The shape key (see `shape.rs`; the shim's `mergefunc_shape_key`, 0 for a function
    /// the shim cannot key) of each of the `n` functions of `fns` into `out` (`n` words),
    /// and, when `blocks` is not null, each one's block number bound into `blocks` (`n`
    /// words).
    pub fn mergefunc_shape_keys(
        scan: *mut std::ffi::c_void,
        fns: *const LLVMValueRef,
        n: usize,
        ptr_bits: u32,
        entry_walk: i32,
        entry_cap: u32,
        out: *mut u64,
        blocks: *mut u32,
    );
    /// The prefix key (see `shape.rs`: the first `limit` instructions in the order's walk
    /// order; 0 for a function the shim cannot key) of each of the `n` functions of `fns`
    /// into `out` (`n` words), and (unless null) each one's block number bound into
    /// `blocks` (`n` words).
    pub fn mergefunc_prefix_keys(
        scan: *mut std::ffi::c_void,
        fns: *const LLVMValueRef,
        n: usize,
        ptr_bits: u32,
        limit: u32,
        out: *mut u64,
        blocks: *mut u32,
    );
    /// 1 if a `blockaddress` of a block of function `f` is used outside `f` (another
    /// function, a global initializer, metadata), 0 if not, -1 for a non-function.
    pub fn mergefunc_block_address_escapes(f: LLVMValueRef) -> i32;
    /// 1 if metadata refers to an argument of `f`, 0 if not, -1 if not a function.
    pub fn mergefunc_args_used_by_metadata(f: LLVMValueRef) -> i32;
    /// Empties function `fn` (debug records, operand uses, then its blocks); with `keep`
    /// the blocks are unlinked but stay allocated (one-shot tools). 0 for a value that is
    /// not a function, 1 deleted, 2 kept.
    pub fn mergefunc_clear_body(f: LLVMValueRef, keep: i32) -> i32;
    /// Removes function `fn`, which has no uses, from its module; with `keep` without
    /// destroying it (see the shim). 0 for a non-function or a function with uses, 1
    /// destroyed, 2 kept.
    pub fn mergefunc_remove_function(f: LLVMValueRef, keep: i32) -> i32;
    /// Replaces function `g` (a body, no block address) by a new function without a body
    /// that takes over its name, attributes, comdat, attachments, place and uses; `g` is destroyed or (`keep` != 0) unlinked. The new function, or
    /// null (nothing done).
    pub fn mergefunc_replace_with_shell(g: LLVMValueRef, keep: i32) -> LLVMValueRef;
    /// 1 if global value `v` is `dso_local` (explicitly, or implied by local linkage or
    /// hidden/protected visibility), 0 if not, -1 for a value that is not a global value.
    /// (The facts read it with the rest of `mergefunc_global_head`; `can_rewrite` asks
    /// it of a survivor where ifunc resolvers may run the rewritten code.)
    pub fn mergefunc_is_dso_local(v: LLVMValueRef) -> i32;
    /// 1 if the `!associated` attachment of a global object names function `f`, 0 if none
    /// does, -1 for a value that is not a function.
    pub fn mergefunc_named_by_associated(f: LLVMValueRef) -> i32;
    /// 1 if a call of `llvm.localrecover` names function `f` as the parent whose frame it
    /// reads, 0 if none does, -1 for a value that is not a function.
    pub fn mergefunc_frame_recovered(f: LLVMValueRef) -> i32;
    /// Strips function `g` (with a body) down to what a preserve-debug-info thunk keeps
    /// (LLVM 22's rule: entry-block debug records of parameters, with the allocas and
    /// argument stores of their `#dbg_declare`s); returns the entry block, or null.
    pub fn mergefunc_pdi_strip(g: LLVMValueRef) -> LLVMBasicBlockRef;
    /// The `inalloca` (1) and `swifterror` (2) bits of alloca `v`; -1 for a value that is
    /// not an alloca.
    pub fn mergefunc_alloca_flags(v: LLVMValueRef) -> i32;
    /// The alignment of function `v` in bytes, 64 bits wide (a function may be aligned
    /// to 2^32); 0 for none or a value that is not a function.
    pub fn mergefunc_function_alignment(v: LLVMValueRef) -> u64;
    /// Sets the alignment of function `v` (0: none); 1, or 0 if `v` is not a function or
    /// `a` not an alignment LLVM accepts.
    pub fn mergefunc_set_function_alignment(v: LLVMValueRef, a: u64) -> i32;
    /// A new external declaration with the function type and address space of function
    /// `f`, placed just before `f` in its module; null if `f` is not a function in a module.
    pub fn mergefunc_add_function_like(f: LLVMValueRef) -> LLVMValueRef;
    /// Moves function `f` to the end of its module's function list (nothing else
    /// changes); 1, or 0 if `f` is not a function in a module.
    pub fn mergefunc_move_function_to_end(f: LLVMValueRef) -> i32;
    /// 1 if global object `v` has an attachment of kind `kind`, 0 if not, -1 for a
    /// value that is not a global object.
    pub fn mergefunc_global_has_metadata(v: LLVMValueRef, kind: c_uint) -> i32;
    /// Fills `out` with what the module facts read of global value `v` and returns 1; 0
    /// (nothing written) for another value.
    pub fn mergefunc_global_head(v: LLVMValueRef, out: *mut GlobalHeadRaw) -> c_int;
    /// Attachments of a global object except kinds `skip[..n_skip]`, by increasing kind:
    /// writes up to `cap` pairs, returns how many there are.
    pub fn mergefunc_global_attachments(
        v: LLVMValueRef,
        skip: *const c_uint,
        n_skip: c_uint,
        kinds: *mut c_uint,
        nodes: *mut LLVMMetadataRef,
        cap: c_uint,
    ) -> c_uint;
    /// The partition name of a global value (bytes, length in `*len`), or null for none.
    pub fn mergefunc_partition(v: LLVMValueRef, len: *mut usize) -> *const c_char;
    /// 0 for a `dso_local_equivalent` constant, 1 for a `no_cfi` one, -1 for any other value.
    pub fn mergefunc_wrapped_kind(v: LLVMValueRef) -> i32;
    /// Gives global value `dst` the partition of global value `src` (none if it has none);
    /// 1, or 0 if either is not a global value.
    pub fn mergefunc_copy_partition(dst: LLVMValueRef, src: LLVMValueRef) -> i32;
    /// The identity of the attribute list of a function or call site (uniqued, never
    /// freed; null for the empty list); `*ok = 0` for any other value.
    pub fn mergefunc_attribute_list(v: LLVMValueRef, ok: *mut i32) -> *const std::ffi::c_void;
    /// The size of set `idx` (LLVM-C's numbering) of the attribute list with identity
    /// `list` (as `mergefunc_attribute_list` gives it); its first `cap` attributes go to
    /// `out`.
    pub fn mergefunc_attribute_list_set(
        list: *const std::ffi::c_void,
        idx: u32,
        out: *mut inkwell::llvm_sys::prelude::LLVMAttributeRef,
        cap: u32,
    ) -> u32;
    /// The identities of the sets of the attribute list with identity `list`: `out[0]`
    /// the function's, `out[1]` the return value's, `out[2 + i]` parameter i's, for
    /// `nparams` parameters (`out` has room for `nparams + 2`); null for an empty set.
    pub fn mergefunc_attribute_list_sets(
        list: *const std::ffi::c_void,
        nparams: u32,
        out: *mut *const std::ffi::c_void,
    );
    /// `dst->setAttributes(src->getAttributes())` for a function `src` and a function or
    /// call `dst` with as many parameters/arguments; 0 (nothing done) otherwise.
    pub fn mergefunc_copy_attributes(dst: LLVMValueRef, src: LLVMValueRef) -> i32;
    /// The forwarding body of thunk `g` to `f` (`call f(args)` with tail kind `tail`,
    /// calling convention `cc` and `f`'s attributes, then the return) appended to `bb`
    /// (null: a new block of `g`), when no argument or result needs a cast: 1 and the call
    /// and return in `*call`, `*ret`; 0 (nothing done) otherwise.
    pub fn mergefunc_write_forwarding_body(
        g: LLVMValueRef,
        f: LLVMValueRef,
        bb: LLVMBasicBlockRef,
        tail: c_uint,
        cc: c_uint,
        call: *mut LLVMValueRef,
        ret: *mut LLVMValueRef,
    ) -> i32;
    /// Scratch of [`mergefunc_same_body`]; free it with `mergefunc_same_body_free`.
    pub fn mergefunc_same_body_new() -> *mut std::ffi::c_void;
    pub fn mergefunc_same_body_free(state: *mut std::ffi::c_void);
    /// Whether the next walks of `state` pair distinct metadata tuples by a consistent
    /// renaming (non-zero) instead of by identity (0, as made).
    pub fn mergefunc_same_body_rename_distinct(state: *mut std::ffi::c_void, on: i32);
    /// Is `b`'s body `a`'s with `b`'s locals in their places, and would a view build find
    /// both eligible (see the shim)? The number of `b`'s instructions, written to `out`
    /// (at most `cap`) unless `out` is null, or -1. Pairs of distinct
    /// types found at the same place go to `types` (`a`'s, then `b`'s; at most
    /// `type_cap` pairs), their number to `*ntypes`: the bodies are the same only if
    /// each pair is. Direct calls to other functions go to `callee_at` (`b`'s
    /// instruction number) and `callees` (`b`'s callee), at most `callee_cap`, their
    /// number to `*ncallees`.
    pub fn mergefunc_same_body(
        state: *mut std::ffi::c_void,
        a: LLVMValueRef,
        b: LLVMValueRef,
        out: *mut LLVMValueRef,
        cap: usize,
        types: *mut LLVMTypeRef,
        type_cap: usize,
        ntypes: *mut usize,
        callee_at: *mut usize,
        callees: *mut LLVMValueRef,
        callee_cap: usize,
        ncallees: *mut usize,
    ) -> std::ffi::c_long;
    /// The attachment key of a function (the second tree key): 1 and `*out`, or 0 for a
    /// declaration or a function the walk declines.
    pub fn mergefunc_attachment_key(
        f: LLVMValueRef,
        hints: *const c_uint,
        n_hints: c_uint,
        skip: *const c_uint,
        n_skip: c_uint,
        memo: *mut std::ffi::c_void,
        out: *mut u64,
    ) -> c_int;
    /// A memo of `mergefunc_attachment_key`'s content keys across calls; free it with
    /// `mergefunc_attachment_memo_free`, empty it with `mergefunc_attachment_memo_clear`.
    pub fn mergefunc_attachment_memo_new() -> *mut std::ffi::c_void;
    pub fn mergefunc_attachment_memo_free(memo: *mut std::ffi::c_void);
    pub fn mergefunc_attachment_memo_clear(memo: *mut std::ffi::c_void);
    /// Non-`!dbg` attachments of an instruction, by increasing kind: writes up to `cap`
    /// pairs, returns how many there are.
    pub fn mergefunc_inst_attachments(
        inst: LLVMValueRef,
        kinds: *mut c_uint,
        nodes: *mut LLVMMetadataRef,
        cap: c_uint,
    ) -> c_uint;
}

/// The shim's `MergefuncGlobalHead` (`mergefunc_global_head`): LLVM-C's linkage,
/// calling convention (of a function), alignment (of a global object, 32 bits) and
/// `LLVMUnnamedAddr` of a global value, and flags (1 declaration, 2 `dso_local`, 4 a
/// global object with attachments, 8 a global object, 16 a function).
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct GlobalHeadRaw {
    pub linkage: c_uint,
    pub cc: c_uint,
    pub align: c_uint,
    pub unnamed_addr: c_uint,
    pub flags: c_uint,
}
