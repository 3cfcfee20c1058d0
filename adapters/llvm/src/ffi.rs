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
//!   `opt -passes=mergefunc` exactly.
#![allow(clashing_extern_declarations, non_snake_case)]

use inkwell::llvm_sys::prelude::*;
use std::os::raw::{c_char, c_uint};

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
    pub fn LLVMVerifyModule(M: LLVMModuleRef, Action: c_uint, OutMessage: *mut *mut c_char) -> LLVMBool;

    /// `llvm::StructuralHash(const llvm::Function &F, bool DetailedHash)`.
    #[link_name = "_ZN4llvm14StructuralHashERKNS_8FunctionEb"]
    pub fn llvm_structural_hash_function(f: LLVMValueRef, detailed: bool) -> u64;
}
