//! A thin safe layer over LLVM-C (through `inkwell::llvm_sys`).
//!
//! Every accessor checks the value kind or the opcode before it calls a C function whose
//! C++ implementation would `cast<>` (undefined behaviour in LLVM's release builds), and
//! returns `None` when the property does not exist on that value. Enum-valued getters go
//! through [`crate::ffi`] and are decoded with exhaustive matches (unknown values stay
//! unknown instead of being undefined behaviour).
//!
//! [`V`], [`T`] and [`Md`] are plain handles: they are only valid while the module that
//! owns them is alive and the value has not been deleted. The adapter never lets one
//! escape into the public API.
//!
//! # Safety: the handle rule
//! Every `unsafe` block in this crate that calls LLVM relies on the *handle rule*: a
//! handle passed to LLVM (a [`V`], [`T`], [`Md`], a block, a use, the module or its
//! context) is *live*: LLVM handed it out for the module an [`LlvmModule`](crate::LlvmModule)
//! works on (or for that module's context), and the value has not been deleted since.
//! `LlvmModule` keeps it so: the module and its context outlive it, no handle escapes the
//! crate, and a rewrite (`mutate.rs`) that deletes a value forgets the handles the adapter
//! keeps to it (its function slot, the cached constants that contain it). On top of
//! liveness, each block names the precondition of the C++ function behind the call (the
//! value kind or opcode its `cast<>` needs) and where that precondition is checked.
//! `LLVMIsA*` functions are checked casts (`dyn_cast`) and accept every live value.
//!
//! This file has the handles and the getters of values, types and metadata; the files
//! beside it group the rest by job: `body.rs` (walking a body without allocating),
//! `attrs.rs` (attributes and attribute lists), `module.rs` (parsing and owning a
//! module, its context, target data and builder), `shim.rs` (the shim's read-only
//! functions) and `edit.rs` (the rewrites' edits; those that delete IR are `unsafe fn`).

use crate::ffi;
use inkwell::llvm_sys as sys;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_uint};
use std::ptr;
use sys::core as c;
use sys::prelude::*;

/// A value handle (transparent: a `Vec<V>` is passed to the shim as handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct V(pub LLVMValueRef);
/// A type handle (transparent: a buffer of `T` is passed to the shim as handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct T(pub LLVMTypeRef);
/// A metadata handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Md(pub LLVMMetadataRef);
/// A basic block handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct B(pub LLVMBasicBlockRef);
/// A global object's comdat: its identity (the comdat's address, one per name in a
/// module) and whether the linker may drop this module's copy of the group (every
/// selection kind but `nodeduplicate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Comdat {
    /// The comdat's address: equal for the members of one group.
    pub id: usize,
    /// The selection kind lets the linker keep another module's copy of the group.
    pub discardable: bool,
}

mod attrs;
mod body;
mod edit;
pub mod kinds;
mod module;
mod shim;
pub use attrs::{attr_kind_for_name, list_set, list_sets, AttrOwner, AttrRead, IntKinds, A};
#[cfg(test)]
pub(crate) use body::BLOCK_STEPS;
pub use body::{CallSite, Inst, Operands};
pub use module::{Builder, OwnedIr, ParseError, M};
pub use shim::{
    prefetch_range, tune_allocator, xxh3_64_words, AttachmentMemo, GepInRange, GlobalHead, LlvmComparator,
    SameBodyWalk, ScanScratch,
};

// ---------------------------------------------------------------------------------------
// Decoded enums
// ---------------------------------------------------------------------------------------

macro_rules! c_enum {
    ($(#[$m:meta])* $name:ident { $($v:ident = $n:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($v),* }
        impl $name {
            /// Decodes a C enumerator; `None` for a value this build does not know.
            pub fn from_raw(x: u32) -> Option<Self> {
                match x { $($n => Some($name::$v),)* _ => None }
            }
            /// The C enumerator.
            #[allow(dead_code)]
            pub fn raw(self) -> u32 {
                match self { $($name::$v => $n),* }
            }
        }
    };
}

c_enum!(
    /// `LLVMOpcode` of LLVM 22.
    Op {
    Ret = 1, Br = 2, Switch = 3, IndirectBr = 4, Invoke = 5, Unreachable = 7, CallBr = 67,
    FNeg = 66, Add = 8, FAdd = 9, Sub = 10, FSub = 11, Mul = 12, FMul = 13, UDiv = 14,
    SDiv = 15, FDiv = 16, URem = 17, SRem = 18, FRem = 19, Shl = 20, LShr = 21, AShr = 22,
    And = 23, Or = 24, Xor = 25, Alloca = 26, Load = 27, Store = 28, GetElementPtr = 29,
    Trunc = 30, ZExt = 31, SExt = 32, FPToUI = 33, FPToSI = 34, UIToFP = 35, SIToFP = 36,
    FPTrunc = 37, FPExt = 38, PtrToInt = 39, PtrToAddr = 69, IntToPtr = 40, BitCast = 41,
    AddrSpaceCast = 60, ICmp = 42, FCmp = 43, Phi = 44, Call = 45, Select = 46,
    UserOp1 = 47, UserOp2 = 48, VAArg = 49, ExtractElement = 50, InsertElement = 51,
    ShuffleVector = 52, ExtractValue = 53, InsertValue = 54, Freeze = 68, Fence = 55,
    AtomicCmpXchg = 56, AtomicRMW = 57, Resume = 58, LandingPad = 59, CleanupRet = 61,
    CatchRet = 62, CatchPad = 63, CleanupPad = 64, CatchSwitch = 65,
});

c_enum!(
    /// `LLVMTypeKind` of LLVM 22.
    TyKind {
    Void = 0, Half = 1, Float = 2, Double = 3, X86Fp80 = 4, Fp128 = 5, PpcFp128 = 6,
    Label = 7, Integer = 8, Function = 9, Struct = 10, Array = 11, Pointer = 12,
    Vector = 13, Metadata = 14, Token = 16, ScalableVector = 17, BFloat = 18, X86Amx = 19,
    TargetExt = 20,
});

c_enum!(
    /// `LLVMValueKind` of LLVM 22.
    ValKind {
    Argument = 0, BasicBlock = 1, MemoryUse = 2, MemoryDef = 3, MemoryPhi = 4,
    Function = 5, GlobalAlias = 6, GlobalIFunc = 7, GlobalVariable = 8, BlockAddress = 9,
    ConstantExpr = 10, ConstantArray = 11, ConstantStruct = 12, ConstantVector = 13,
    UndefValue = 14, ConstantAggregateZero = 15, ConstantDataArray = 16,
    ConstantDataVector = 17, ConstantInt = 18, ConstantFP = 19, ConstantPointerNull = 20,
    ConstantTokenNone = 21, MetadataAsValue = 22, InlineAsm = 23, Instruction = 24,
    Poison = 25, ConstantTargetNone = 26, ConstantPtrAuth = 27,
});

c_enum!(
    /// `LLVMLinkage`.
    Linkage {
    External = 0, AvailableExternally = 1, LinkOnceAny = 2, LinkOnceOdr = 3,
    LinkOnceOdrAutoHide = 4, WeakAny = 5, WeakOdr = 6, Appending = 7, Internal = 8,
    Private = 9, DllImport = 10, DllExport = 11, ExternalWeak = 12, Ghost = 13,
    Common = 14, LinkerPrivate = 15, LinkerPrivateWeak = 16,
});

/// `LLVMMetadataKind` values the adapter distinguishes.
pub const MD_STRING: u32 = 0;
/// `ConstantAsMetadata`.
pub const MD_CONSTANT: u32 = 1;
/// `LocalAsMetadata`.
pub const MD_LOCAL: u32 = 2;
/// `MDTuple`.
pub const MD_TUPLE: u32 = 4;
/// `DILocation`.
pub const MD_LOCATION: u32 = 5;

/// Calling conventions the adapter needs by number.
pub mod cc {
    /// `swifttailcc`.
    pub const SWIFT_TAIL: u32 = 20;
    /// `ptx_kernel`.
    pub const PTX_KERNEL: u32 = 71;
    /// `spir_kernel`.
    pub const SPIR_KERNEL: u32 = 76;
    /// `amdgpu_kernel`.
    pub const AMDGPU_KERNEL: u32 = 91;

    /// Calling conventions of functions no call instruction may call (LLVM 22's
    /// `isCallableCC` is false: hardware entry points and functions entered through
    /// intrinsics), plus `ptx_kernel`.
    pub const NOT_CALLABLE: [u32; 13] = [
        AMDGPU_KERNEL,
        PTX_KERNEL,
        SPIR_KERNEL,
        87,  // amdgpu_vs
        88,  // amdgpu_gs
        89,  // amdgpu_ps
        90,  // amdgpu_cs
        93,  // amdgpu_hs
        95,  // amdgpu_ls
        96,  // amdgpu_es
        104, // amdgpu_cs_chain
        105, // amdgpu_cs_chain_preserve
        124, // amdgpu_gfx_whole_wave
    ];

    /// Interrupt handlers' calling conventions: callable in IR, but a thunk would be a
    /// handler that calls another handler, which the back ends reject (x86: "interrupts
    /// may not be called directly") or which returns from the interrupt past the thunk.
    pub const INTERRUPT: [u32; 5] = [
        69,  // msp430_intrcc
        83,  // x86_intrcc
        84,  // avr_intrcc
        85,  // avr_signalcc
        101, // m68k_intrcc
    ];
}

/// Copies and frees a message LLVM handed over (`p` is null or an owned `char*` that
/// `LLVMDisposeMessage` frees).
pub(crate) fn take_message(p: *mut c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returned a NUL-terminated string that we own.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
    // SAFETY: `p` came from LLVM as an owned message (not null, checked above) and is freed exactly
    // once, after the copy above.
    unsafe { c::LLVMDisposeMessage(p) };
    s
}

fn bytes(p: *const c_char, len: usize) -> Vec<u8> {
    if p.is_null() || len == 0 {
        return Vec::new();
    }
    // SAFETY: LLVM returned a pointer to `len` readable bytes.
    unsafe { std::slice::from_raw_parts(p as *const u8, len) }.to_vec()
}

// ---------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------

impl T {
    /// The type kind, `Err(raw)` for a kind this build does not know.
    pub fn kind(self) -> Result<TyKind, u32> {
        // SAFETY: `self` is a live type (handle rule); `LLVMGetTypeKind` accepts every type.
        let k = unsafe { ffi::LLVMGetTypeKind(self.0) };
        TyKind::from_raw(k).ok_or(k)
    }
    /// Integer width.
    pub fn int_width(self) -> Option<u32> {
        // SAFETY: `self` is a live type and an integer type (checked by `then`'s condition).
        (self.kind() == Ok(TyKind::Integer)).then(|| unsafe { c::LLVMGetIntTypeWidth(self.0) })
    }
    /// Address space of a pointer type, or of the element of a vector of pointers.
    pub fn addr_space(self) -> Option<u32> {
        match self.kind() {
            // SAFETY: `self` is a live type, and a pointer type in this arm.
            Ok(TyKind::Pointer) => Some(unsafe { c::LLVMGetPointerAddressSpace(self.0) }),
            Ok(TyKind::Vector | TyKind::ScalableVector) => self.elem()?.addr_space(),
            _ => None,
        }
    }
    /// Element type of an array or vector.
    pub fn elem(self) -> Option<T> {
        match self.kind() {
            Ok(TyKind::Array | TyKind::Vector | TyKind::ScalableVector) => {
                // SAFETY: `self` is a live type, and an array or vector type in this arm.
                Some(T(unsafe { c::LLVMGetElementType(self.0) }))
            }
            _ => None,
        }
    }
    /// Length of an array, (known-minimum) length of a vector.
    pub fn len(self) -> Option<u64> {
        match self.kind() {
            // SAFETY: `self` is a live type, and an array type in this arm.
            Ok(TyKind::Array) => Some(unsafe { c::LLVMGetArrayLength2(self.0) }),
            // SAFETY: `self` is a live type, and a vector type in this arm.
            Ok(TyKind::Vector | TyKind::ScalableVector) => Some(unsafe { c::LLVMGetVectorSize(self.0) } as u64),
            _ => None,
        }
    }
    /// Fields of a struct (empty for an opaque struct).
    pub fn fields(self) -> Option<Vec<T>> {
        if self.kind() != Ok(TyKind::Struct) {
            return None;
        }
        // SAFETY: `self` is a live type and a struct type (checked above).
        if unsafe { c::LLVMIsOpaqueStruct(self.0) } != 0 {
            return Some(Vec::new());
        }
        // SAFETY: `self` is a live, non-opaque struct type (checked above); the indices below are
        // in range.
        let n = unsafe { c::LLVMCountStructElementTypes(self.0) };
        // SAFETY: `self` is a live, non-opaque struct type and `i` is below its field count.
        Some((0..n).map(|i| T(unsafe { c::LLVMStructGetTypeAtIndex(self.0, i) })).collect())
    }
    /// The type as LLVM prints it (`LLVMPrintTypeToString`).
    pub fn print(self) -> String {
        // SAFETY: `self` is a live type; LLVM returns an owned message that `take_message` frees.
        take_message(unsafe { c::LLVMPrintTypeToString(self.0) })
    }
    /// Packed struct.
    pub fn packed(self) -> bool {
        // SAFETY: `self` is a live type; `&&` calls LLVM only for a struct type.
        self.kind() == Ok(TyKind::Struct) && unsafe { c::LLVMIsPackedStruct(self.0) } != 0
    }
    /// Return type, parameter types and vararg flag of a function type.
    pub fn func_sig(self) -> Option<(T, Vec<T>, bool)> {
        if self.kind() != Ok(TyKind::Function) {
            return None;
        }
        // SAFETY: `self` is a live function type (checked above); the calls below read its
        // signature.
        let ret = T(unsafe { c::LLVMGetReturnType(self.0) });
        // SAFETY: as above: `self` is a live function type.
        let n = unsafe { c::LLVMCountParamTypes(self.0) } as usize;
        let mut ps = vec![ptr::null_mut(); n];
        if n > 0 {
            // SAFETY: `ps` has room for exactly the `n` parameter types LLVM writes (`n > 0`
            // checked).
            unsafe { c::LLVMGetParamTypes(self.0, ps.as_mut_ptr()) };
        }
        // SAFETY: as above: `self` is a live function type.
        let va = unsafe { c::LLVMIsFunctionVarArg(self.0) } != 0;
        Some((ret, ps.into_iter().map(T).collect(), va))
    }
    /// The vararg flag of a function type (`None` for another type).
    pub fn is_var_arg(self) -> Option<bool> {
        // SAFETY: `self` is a live function type (checked by `then`'s condition).
        (self.kind() == Ok(TyKind::Function)).then(|| unsafe { c::LLVMIsFunctionVarArg(self.0) } != 0)
    }
    /// Name, type parameters and integer parameters of a target extension type.
    pub fn target_ext(self) -> Option<(Vec<u8>, Vec<T>, Vec<u64>)> {
        if self.kind() != Ok(TyKind::TargetExt) {
            return None;
        }
        // SAFETY: `self` is a live target extension type (checked above).
        let name = unsafe { c::LLVMGetTargetExtTypeName(self.0) };
        // SAFETY: a non-null name of a target extension type is a NUL-terminated string owned by
        // the type.
        let name = if name.is_null() { Vec::new() } else { unsafe { CStr::from_ptr(name) }.to_bytes().to_vec() };
        // SAFETY: `self` is a live target extension type (checked above).
        let nt = unsafe { c::LLVMGetTargetExtTypeNumTypeParams(self.0) };
        // SAFETY: `self` is a live target extension type; `i` is below its type-parameter count.
        let tps = (0..nt).map(|i| T(unsafe { c::LLVMGetTargetExtTypeTypeParam(self.0, i) })).collect();
        // SAFETY: `self` is a live target extension type (checked above).
        let ni = unsafe { c::LLVMGetTargetExtTypeNumIntParams(self.0) };
        // SAFETY: `self` is a live target extension type; `i` is below its integer-parameter count.
        let ips = (0..ni).map(|i| unsafe { c::LLVMGetTargetExtTypeIntParam(self.0, i) } as u64).collect();
        Some((name, tps, ips))
    }
}

// ---------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------

impl V {
    /// Null handle check.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }
    /// The value kind, `Err(raw)` for a kind this build does not know.
    pub fn kind(self) -> Result<ValKind, u32> {
        // SAFETY: `self` is a live value (handle rule); `LLVMGetValueKind` accepts every value.
        let k = unsafe { ffi::LLVMGetValueKind(self.0) };
        ValKind::from_raw(k).ok_or(k)
    }
    /// The type of the value.
    #[inline]
    pub fn ty(self) -> T {
        // SAFETY: `self` is a live value; every value has a type.
        T(unsafe { c::LLVMTypeOf(self.0) })
    }
    /// True for a real instruction (not the `dso_local_equivalent`/`no_cfi` constants that
    /// `LLVMGetValueKind` also reports as instructions).
    pub fn is_instruction(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast that returns null on a
        // mismatch.
        !unsafe { c::LLVMIsAInstruction(self.0) }.is_null()
    }
    /// True for any `Constant` (globals included).
    pub fn is_constant(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsConstant` accepts every value.
        unsafe { c::LLVMIsConstant(self.0) != 0 }
    }
    /// True for a `Function`.
    pub fn is_function(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        !unsafe { c::LLVMIsAFunction(self.0) }.is_null()
    }
    /// True for any global value.
    pub fn is_global(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        !unsafe { c::LLVMIsAGlobalValue(self.0) }.is_null()
    }
    /// Opcode of an instruction (`None` for non-instructions, `Some(Err(raw))` for an
    /// opcode this build does not know).
    pub fn opcode(self) -> Option<Result<Op, u32>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: `self` is a live value and an instruction (checked above).
        let k = unsafe { ffi::LLVMGetInstructionOpcode(self.0) };
        Some(Op::from_raw(k).ok_or(k))
    }
    /// Opcode of a constant expression.
    pub fn const_opcode(self) -> Option<Result<Op, u32>> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAConstantExpr(self.0) }.is_null() {
            return None;
        }
        // SAFETY: `self` is a live constant expression (checked above).
        let k = unsafe { ffi::LLVMGetConstOpcode(self.0) };
        Some(Op::from_raw(k).ok_or(k))
    }
    /// Operand count of a `User` (0 for non-users).
    pub fn num_operands(self) -> u32 {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAUser(self.0) }.is_null() {
            return 0;
        }
        // SAFETY: `self` is a live `User` (checked above).
        let n = unsafe { c::LLVMGetNumOperands(self.0) };
        n.max(0) as u32
    }
    /// Operand `i` of a `User`.
    pub fn operand(self, i: u32) -> Option<V> {
        if i >= self.num_operands() {
            return None;
        }
        // SAFETY: `self` is a live `User` (by `num_operands`) and `i` is below its operand count.
        let v = unsafe { c::LLVMGetOperand(self.0, i) };
        (!v.is_null()).then_some(V(v))
    }
    /// Name bytes.
    pub fn name(self) -> Vec<u8> {
        let mut len = 0usize;
        // SAFETY: `self` is a live value; LLVM writes the name's length to `len`.
        let p = unsafe { c::LLVMGetValueName2(self.0, &mut len) };
        bytes(p, len)
    }
    /// The name without a copy: LLVM's own bytes.
    ///
    /// # Safety
    /// `self` is a live value, and stays alive and keeps its name for `'a`.
    pub unsafe fn name_borrowed<'a>(self) -> &'a [u8] {
        let mut len = 0usize;
        // SAFETY: `self` is a live value; LLVM writes the name's length to `len`.
        let p = unsafe { c::LLVMGetValueName2(self.0, &mut len) };
        if p.is_null() || len == 0 {
            return &[];
        }
        // SAFETY: LLVM returned `len` readable bytes, which live as long as the name
        // (the caller's promise).
        unsafe { std::slice::from_raw_parts(p as *const u8, len) }
    }
    /// Sets the name.
    pub fn set_name(self, name: &[u8]) {
        // SAFETY: `self` is a live value; the pointer and length describe `name`, which LLVM
        // copies.
        unsafe { c::LLVMSetValueName2(self.0, name.as_ptr() as *const c_char, name.len()) };
    }
    /// Prints the value (`LLVMPrintValueToString`).
    pub fn print(self) -> String {
        // SAFETY: `self` is a live value; LLVM returns an owned message that `take_message` frees.
        take_message(unsafe { c::LLVMPrintValueToString(self.0) })
    }
    /// The uses of the value with their users, read lazily (the value's uses must not
    /// change while the iterator lives).
    pub fn uses(self) -> impl Iterator<Item = (LLVMUseRef, V)> {
        // SAFETY: `self` is a live value; the uses are read while they do not change (documented
        // above).
        let mut u = unsafe { c::LLVMGetFirstUse(self.0) };
        std::iter::from_fn(move || {
            if u.is_null() {
                return None;
            }
            let at = u;
            // SAFETY: `u` is a live use of a live value (not null, checked above; the caller does
            // not modify uses while iterating).
            let user = unsafe { c::LLVMGetUser(u) };
            // SAFETY: `u` is a live use (not null, checked above).
            u = unsafe { c::LLVMGetNextUse(u) };
            Some((at, V(user)))
        })
    }
    /// The users of the value, one per use, read lazily (the value's uses must not
    /// change while the iterator lives).
    pub fn users(self) -> impl Iterator<Item = V> {
        // SAFETY: `self` is a live value; the uses are read while they do not change (documented
        // above).
        let mut u = unsafe { c::LLVMGetFirstUse(self.0) };
        std::iter::from_fn(move || {
            if u.is_null() {
                return None;
            }
            // SAFETY: `u` is a live use of a live value (the caller does not modify uses
            // while iterating).
            let user = unsafe { c::LLVMGetUser(u) };
            // SAFETY: `u` is a live use (not null, checked above).
            u = unsafe { c::LLVMGetNextUse(u) };
            Some(V(user))
        })
    }
    /// True if anything uses the value.
    pub fn has_uses(self) -> bool {
        // SAFETY: `self` is a live value.
        !unsafe { c::LLVMGetFirstUse(self.0) }.is_null()
    }

    // --- globals and functions ------------------------------------------------------

    /// Linkage of a global value.
    pub fn linkage(self) -> Option<Result<Linkage, u32>> {
        if !self.is_global() {
            return None;
        }
        // SAFETY: `self` is a live global value (checked above).
        let l = unsafe { ffi::LLVMGetLinkage(self.0) };
        Some(Linkage::from_raw(l).ok_or(l))
    }
    /// True for a declaration.
    pub fn is_declaration(self) -> bool {
        // SAFETY: `self` is a live value; `&&` calls LLVM only for a global value.
        self.is_global() && unsafe { c::LLVMIsDeclaration(self.0) } != 0
    }
    /// The value type of a global (the function type for functions).
    pub fn global_value_type(self) -> Option<T> {
        // SAFETY: `self` is a live global value (checked by `then`'s condition).
        self.is_global().then(|| T(unsafe { c::LLVMGlobalGetValueType(self.0) }))
    }
    /// `LLVMUnnamedAddr` of a global (0 none, 1 local, 2 global).
    pub fn unnamed_addr(self) -> u32 {
        if !self.is_global() {
            return 0;
        }
        // SAFETY: `self` is a live global value (checked above).
        unsafe { ffi::LLVMGetUnnamedAddress(self.0) }
    }
    /// The initializer of a global variable (`None` for a declaration or another value).
    pub fn initializer(self) -> Option<V> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalVariable(self.0) }.is_null() {
            return None;
        }
        // SAFETY: `self` is a live global variable (checked above).
        let init = unsafe { c::LLVMGetInitializer(self.0) };
        (!init.is_null()).then_some(V(init))
    }
    /// Calling convention of a function.
    pub fn call_conv(self) -> Option<u32> {
        // SAFETY: `self` is a live function (checked by `then`'s condition).
        self.is_function().then(|| unsafe { c::LLVMGetFunctionCallConv(self.0) })
    }
    /// GC name of a function.
    pub fn gc(self) -> Option<Vec<u8>> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: `self` is a live function (checked above).
        let p = unsafe { c::LLVMGetGC(self.0) };
        // SAFETY: a non-null GC name is a NUL-terminated string owned by the function.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes().to_vec())
    }
    /// The comdat of a global object (`None` for another value or outside any comdat).
    pub fn comdat(self) -> Option<Comdat> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null() {
            return None;
        }
        // SAFETY: `self` is a live global object (checked above).
        let cd = unsafe { sys::comdat::LLVMGetComdat(self.0) };
        if cd.is_null() {
            return None;
        }
        // SAFETY: `cd` is the live comdat of a live global object (not null, checked above).
        let kind = unsafe { sys::comdat::LLVMGetComdatSelectionKind(cd) };
        let discardable = !matches!(kind, sys::comdat::LLVMComdatSelectionKind::LLVMNoDuplicatesComdatSelectionKind);
        Some(Comdat { id: cd as usize, discardable })
    }
    /// Section of a global object.
    pub fn section(self) -> Option<Vec<u8>> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null() {
            return None;
        }
        // SAFETY: `self` is a live global object (checked above).
        let p = unsafe { c::LLVMGetSection(self.0) };
        // SAFETY: a non-null section name is a NUL-terminated string owned by the global object.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes().to_vec()).filter(|s| !s.is_empty())
    }
    /// Alignment of a global object, alloca, load, store, cmpxchg or atomicrmw.
    pub fn alignment(self) -> Option<u32> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        let ok = !unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null()
            || matches!(self.opcode(), Some(Ok(Op::Alloca | Op::Load | Op::Store | Op::AtomicCmpXchg | Op::AtomicRMW)));
        // SAFETY: `self` is a live global object or one of the instructions `LLVMGetAlignment`
        // accepts (checked above).
        ok.then(|| unsafe { c::LLVMGetAlignment(self.0) })
    }
    /// Personality function.
    pub fn personality(self) -> Option<V> {
        // SAFETY: `self` is a live value; `||` calls LLVM only for a function.
        if !self.is_function() || unsafe { c::LLVMHasPersonalityFn(self.0) } == 0 {
            return None;
        }
        // SAFETY: `self` is a live function with a personality (checked above).
        let p = unsafe { c::LLVMGetPersonalityFn(self.0) };
        (!p.is_null()).then_some(V(p))
    }
    /// Prefix data of a function (`prefix <constant>`).
    pub fn prefix_data(self) -> Option<V> {
        // SAFETY: `self` is a live value; `||` calls LLVM only for a function.
        if !self.is_function() || unsafe { c::LLVMHasPrefixData(self.0) } == 0 {
            return None;
        }
        // SAFETY: `self` is a live function with prefix data (checked above).
        let p = unsafe { c::LLVMGetPrefixData(self.0) };
        (!p.is_null()).then_some(V(p))
    }
    /// Prologue data of a function (`prologue <constant>`).
    pub fn prologue_data(self) -> Option<V> {
        // SAFETY: `self` is a live value; `||` calls LLVM only for a function.
        if !self.is_function() || unsafe { c::LLVMHasPrologueData(self.0) } == 0 {
            return None;
        }
        // SAFETY: `self` is a live function with prologue data (checked above).
        let p = unsafe { c::LLVMGetPrologueData(self.0) };
        (!p.is_null()).then_some(V(p))
    }
    /// The partition of a global value (`partition "name"`), if it has one.
    pub fn partition(self) -> Option<Vec<u8>> {
        let mut n = 0usize;
        // SAFETY: the shim checks the kind of `self`; the bytes live as long as the
        // context and are copied at once.
        let p = unsafe { crate::ffi::mergefunc_partition(self.0, &mut n) };
        // SAFETY: a non-null `p` points at the `n` bytes of the partition name, owned by the
        // context, copied at once.
        (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p as *const u8, n) }.to_vec())
    }
    /// Parameters of a function.
    pub fn params(self) -> Vec<V> {
        if !self.is_function() {
            return Vec::new();
        }
        // SAFETY: `self` is a live function (checked above); the indices below are below its
        // parameter count.
        let n = unsafe { c::LLVMCountParams(self.0) };
        // SAFETY: `self` is a live function and `i` is below its parameter count.
        (0..n).map(|i| V(unsafe { c::LLVMGetParam(self.0, i) })).collect()
    }
    /// Blocks of a function in layout order.
    pub fn blocks(self) -> Vec<B> {
        self.first_block().map(|b| b.and_following().collect()).unwrap_or_default()
    }
    /// The global metadata attachments of a global object: (kind, node).
    pub fn global_metadata(self) -> Vec<(u32, Md)> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null() {
            return Vec::new();
        }
        let mut n = 0usize;
        // SAFETY: `self` is a live global object (checked above); LLVM writes the entry count to
        // `n` and returns an owned array that `md_entries` frees.
        let e = unsafe { c::LLVMGlobalCopyAllMetadata(self.0, &mut n) };
        md_entries(e, n)
    }

    // --- instructions ---------------------------------------------------------------

    /// Parent block of an instruction.
    pub fn parent_block(self) -> Option<B> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: `self` is a live instruction (checked above).
        let b = unsafe { c::LLVMGetInstructionParent(self.0) };
        (!b.is_null()).then_some(B(b))
    }
    /// True for a debug intrinsic call (`llvm.dbg.*`).
    pub fn is_debug_intrinsic(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        !unsafe { c::LLVMIsADbgInfoIntrinsic(self.0) }.is_null()
    }
    /// True for a call to an intrinsic function.
    pub fn is_intrinsic_call(self) -> bool {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        !unsafe { c::LLVMIsAIntrinsicInst(self.0) }.is_null()
    }
    fn op_is(self, ops: &[Op]) -> Option<Op> {
        match self.opcode() {
            Some(Ok(o)) if ops.contains(&o) => Some(o),
            _ => None,
        }
    }
    /// Case values of a switch, in successor order (successor 0 is the default).
    pub fn switch_cases(self) -> Option<Vec<V>> {
        self.op_is(&[Op::Switch])?;
        // SAFETY: `self` is a live `switch` (checked above); the indices below are below its
        // successor count.
        let n = unsafe { c::LLVMGetNumSuccessors(self.0) };
        // SAFETY: `self` is a live `switch` and `i` is below its successor count.
        Some((1..n).map(|i| V(unsafe { c::LLVMGetSwitchCaseValue(self.0, i) })).collect())
    }
    /// nuw, nsw of add/sub/mul/shl/trunc instructions.
    pub fn wrap_flags(self) -> Option<(bool, bool)> {
        self.op_is(&[Op::Add, Op::Sub, Op::Mul, Op::Shl, Op::Trunc])?;
        // SAFETY: `self` is a live instruction whose opcode carries `nuw`/`nsw` (checked above).
        Some(unsafe { (c::LLVMGetNUW(self.0) != 0, c::LLVMGetNSW(self.0) != 0) })
    }
    /// exact of udiv/sdiv/lshr/ashr.
    pub fn exact(self) -> Option<bool> {
        self.op_is(&[Op::UDiv, Op::SDiv, Op::LShr, Op::AShr])?;
        // SAFETY: `self` is a live instruction whose opcode carries `exact` (checked above).
        Some(unsafe { c::LLVMGetExact(self.0) } != 0)
    }
    /// disjoint of or.
    pub fn disjoint(self) -> Option<bool> {
        self.op_is(&[Op::Or])?;
        // SAFETY: `self` is a live `or` (checked above).
        Some(unsafe { c::LLVMGetIsDisjoint(self.0) } != 0)
    }
    /// nneg of zext/uitofp.
    pub fn nneg(self) -> Option<bool> {
        self.op_is(&[Op::ZExt, Op::UIToFP])?;
        // SAFETY: `self` is a live `zext` or `uitofp` (checked above).
        Some(unsafe { c::LLVMGetNNeg(self.0) } != 0)
    }
    /// samesign of icmp.
    pub fn samesign(self) -> Option<bool> {
        self.op_is(&[Op::ICmp])?;
        // SAFETY: `self` is a live `icmp` (checked above).
        Some(unsafe { c::LLVMGetICmpSameSign(self.0) } != 0)
    }
    /// Fast-math flags of an instruction that can carry them.
    pub fn fast_math(self) -> Option<u32> {
        // SAFETY: `self` is a live value; `||` calls LLVM only for an instruction.
        if !self.is_instruction() || unsafe { c::LLVMCanValueUseFastMathFlags(self.0) } == 0 {
            return None;
        }
        // SAFETY: `self` is a live instruction that can carry fast-math flags (checked above).
        Some(unsafe { c::LLVMGetFastMathFlags(self.0) })
    }
    /// Predicate of icmp/fcmp.
    pub fn predicate(self) -> Option<u32> {
        match self.op_is(&[Op::ICmp, Op::FCmp])? {
            // SAFETY: `self` is a live `icmp` in this arm.
            Op::ICmp => Some(unsafe { ffi::LLVMGetICmpPredicate(self.0) }),
            // SAFETY: `self` is a live `fcmp` in this arm.
            _ => Some(unsafe { ffi::LLVMGetFCmpPredicate(self.0) }),
        }
    }
    /// Allocated type of an alloca.
    pub fn allocated_type(self) -> Option<T> {
        self.op_is(&[Op::Alloca])?;
        // SAFETY: `self` is a live `alloca` (checked above).
        Some(T(unsafe { c::LLVMGetAllocatedType(self.0) }))
    }
    /// Volatile flag of load/store/cmpxchg/atomicrmw.
    pub fn volatile(self) -> Option<bool> {
        self.op_is(&[Op::Load, Op::Store, Op::AtomicCmpXchg, Op::AtomicRMW])?;
        // SAFETY: `self` is a live memory access `LLVMGetVolatile` accepts (checked above).
        Some(unsafe { c::LLVMGetVolatile(self.0) } != 0)
    }
    /// Ordering of load/store/fence/atomicrmw (not cmpxchg: that is UB in LLVM-C).
    pub fn ordering(self) -> Option<u32> {
        self.op_is(&[Op::Load, Op::Store, Op::Fence, Op::AtomicRMW])?;
        // SAFETY: `self` is a live instruction `LLVMGetOrdering` accepts (checked above).
        Some(unsafe { ffi::LLVMGetOrdering(self.0) })
    }
    /// Success and failure orderings and the weak flag of cmpxchg.
    pub fn cmpxchg(self) -> Option<(u32, u32, bool)> {
        self.op_is(&[Op::AtomicCmpXchg])?;
        // SAFETY: `self` is a live `cmpxchg` (checked above).
        Some(unsafe {
            (
                ffi::LLVMGetCmpXchgSuccessOrdering(self.0),
                ffi::LLVMGetCmpXchgFailureOrdering(self.0),
                c::LLVMGetWeak(self.0) != 0,
            )
        })
    }
    /// Operation of atomicrmw.
    pub fn rmw_op(self) -> Option<u32> {
        self.op_is(&[Op::AtomicRMW])?;
        // SAFETY: `self` is a live `atomicrmw` (checked above).
        Some(unsafe { ffi::LLVMGetAtomicRMWBinOp(self.0) })
    }
    /// Sync scope of an atomic instruction; `None` if the instruction is not atomic
    /// (LLVM-C returns garbage there).
    pub fn sync_scope(self) -> Option<u32> {
        // SAFETY: `self` is a live value; `||` calls LLVM only for an instruction.
        if !self.is_instruction() || unsafe { c::LLVMIsAtomic(self.0) } == 0 {
            return None;
        }
        self.op_is(&[Op::Load, Op::Store, Op::Fence, Op::AtomicRMW, Op::AtomicCmpXchg])?;
        // SAFETY: `self` is a live atomic instruction of a kind `LLVMGetAtomicSyncScopeID` accepts
        // (checked above).
        Some(unsafe { c::LLVMGetAtomicSyncScopeID(self.0) })
    }
    /// Indices of extractvalue/insertvalue.
    pub fn agg_indices(self) -> Option<Vec<u32>> {
        self.op_is(&[Op::ExtractValue, Op::InsertValue])?;
        // SAFETY: `self` is a live `extractvalue` or `insertvalue` (checked above).
        let n = unsafe { c::LLVMGetNumIndices(self.0) } as usize;
        // SAFETY: as above.
        let p = unsafe { c::LLVMGetIndices(self.0) };
        if n == 0 || p.is_null() {
            return Some(Vec::new());
        }
        // SAFETY: LLVM returned `p` (not null) pointing at the instruction's `n` indices, copied at
        // once.
        Some(unsafe { std::slice::from_raw_parts(p, n) }.to_vec())
    }
    /// Mask of shufflevector (poison lanes are -1).
    pub fn shuffle_mask(self) -> Option<Vec<i32>> {
        self.op_is(&[Op::ShuffleVector])?;
        // SAFETY: `self` is a live `shufflevector` (checked above); the indices below are below its
        // mask length.
        let n = unsafe { c::LLVMGetNumMaskElements(self.0) };
        // SAFETY: `self` is a live `shufflevector` and `i` is below its mask length.
        Some((0..n).map(|i| unsafe { c::LLVMGetMaskValue(self.0, i) }).collect())
    }
    /// Cleanup flag of a landingpad.
    pub fn is_cleanup(self) -> Option<bool> {
        self.op_is(&[Op::LandingPad])?;
        // SAFETY: `self` is a live `landingpad` (checked above).
        Some(unsafe { c::LLVMIsCleanup(self.0) } != 0)
    }
    /// True for call/invoke/callbr.
    pub fn is_call(self) -> bool {
        self.op_is(&[Op::Call, Op::Invoke, Op::CallBr]).is_some()
    }
    /// Operand bundles: (tag, input count).
    pub fn bundles(self) -> Option<Vec<(Vec<u8>, u32)>> {
        if !self.is_call() {
            return None;
        }
        // SAFETY: `self` is a live call site (checked above).
        let n = unsafe { c::LLVMGetNumOperandBundles(self.0) };
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            // SAFETY: `self` is a live call site and `i` is below its bundle count; the bundle
            // returned is owned here.
            let b = unsafe { c::LLVMGetOperandBundleAtIndex(self.0, i) };
            if b.is_null() {
                continue;
            }
            let mut len = 0usize;
            // SAFETY: `b` is a live bundle (not null); LLVM writes the tag's length to `len`.
            let tag = bytes(unsafe { c::LLVMGetOperandBundleTag(b, &mut len) }, len);
            // SAFETY: `b` is a live bundle (not null).
            let args = unsafe { c::LLVMGetNumOperandBundleArgs(b) };
            // SAFETY: `b` is owned here (from `LLVMGetOperandBundleAtIndex`) and disposed exactly
            // once.
            unsafe { c::LLVMDisposeOperandBundle(b) };
            out.push((tag, args));
        }
        Some(out)
    }
    /// GEP source element type (instructions and constant expressions).
    pub fn gep_source_type(self) -> Option<T> {
        let is_gep =
            self.op_is(&[Op::GetElementPtr]).is_some() || matches!(self.const_opcode(), Some(Ok(Op::GetElementPtr)));
        // SAFETY: `self` is a live GEP instruction or constant expression (checked above).
        is_gep.then(|| T(unsafe { c::LLVMGetGEPSourceElementType(self.0) }))
    }
    /// GEP no-wrap flags (bit 0 inbounds, 1 nusw, 2 nuw).
    pub fn gep_flags(self) -> Option<u32> {
        let is_gep =
            self.op_is(&[Op::GetElementPtr]).is_some() || matches!(self.const_opcode(), Some(Ok(Op::GetElementPtr)));
        // SAFETY: `self` is a live GEP instruction or constant expression (checked above).
        is_gep.then(|| unsafe { c::LLVMGEPGetNoWrapFlags(self.0) })
    }
    /// Sets the GEP no-wrap flags of a GEP instruction.
    pub fn set_gep_flags(self, flags: u32) -> bool {
        if self.op_is(&[Op::GetElementPtr]).is_none() {
            return false;
        }
        // SAFETY: `self` is a live GEP instruction (checked above).
        unsafe { c::LLVMGEPSetNoWrapFlags(self.0, flags) };
        true
    }
    /// `f` of the non-debug metadata attachments of an instruction, sorted by kind (LLVM
    /// order), read into a buffer on the stack when there are at most 8 (no allocation).
    pub fn with_inst_metadata<R>(self, f: impl FnOnce(&[(u32, Md)]) -> R) -> R {
        let mut kinds = [0 as c_uint; 8];
        let mut nodes = [ptr::null_mut(); 8];
        // SAFETY: the buffers hold `cap` entries; the shim checks that `self` is an
        // instruction and writes at most `cap` pairs.
        let n = unsafe { ffi::mergefunc_inst_attachments(self.0, kinds.as_mut_ptr(), nodes.as_mut_ptr(), 8) } as usize;
        if n > 8 {
            return f(&self.inst_metadata());
        }
        let mut pairs = [(0u32, Md(ptr::null_mut())); 8];
        for (p, (k, m)) in pairs.iter_mut().zip(kinds.iter().zip(&nodes)).take(n) {
            *p = (*k, Md(*m));
        }
        // LLVM lists an instruction's attachments sorted by kind, one per kind.
        debug_assert!(pairs[..n].windows(2).all(|w| w[0].0 < w[1].0));
        f(&pairs[..n])
    }

    /// The attachments of an instruction other than `!dbg`, in increasing kind order.
    pub fn inst_metadata(self) -> Vec<(u32, Md)> {
        let mut kinds = [0 as c_uint; 8];
        let mut nodes = [ptr::null_mut(); 8];
        // SAFETY: the buffers hold `cap` entries; the shim checks that `self` is an
        // instruction and writes at most `cap` pairs.
        let n = unsafe { ffi::mergefunc_inst_attachments(self.0, kinds.as_mut_ptr(), nodes.as_mut_ptr(), 8) } as usize;
        if n <= 8 {
            let mut v: Vec<(u32, Md)> = kinds[..n].iter().zip(&nodes[..n]).map(|(k, m)| (*k, Md(*m))).collect();
            v.sort_by_key(|p| p.0); // already in kind order; kept for the contract
            return v;
        }
        let mut kinds = vec![0 as c_uint; n];
        let mut nodes = vec![ptr::null_mut(); n];
        let got =
            // SAFETY: the buffers hold `n` entries and the shim writes at most `n` pairs; it checks
            // that `self` is an instruction.
            unsafe { ffi::mergefunc_inst_attachments(self.0, kinds.as_mut_ptr(), nodes.as_mut_ptr(), n as c_uint) };
        kinds.iter().zip(&nodes).take(got.min(n as c_uint) as usize).map(|(k, m)| (*k, Md(*m))).collect()
    }

    // --- constants ------------------------------------------------------------------

    /// True if the constant is its type's null value.
    pub fn is_null_value(self) -> bool {
        // SAFETY: `self` is a live value; `&&` calls LLVM only for a constant.
        self.is_constant() && unsafe { c::LLVMIsNull(self.0) } != 0
    }
    /// Zero-extended value of a `ConstantInt` of at most 64 bits.
    pub fn const_int_u64(self) -> Option<u64> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAConstantInt(self.0) }.is_null() || self.ty().int_width()? > 64 {
            return None;
        }
        // SAFETY: `self` is a live `ConstantInt` of at most 64 bits (checked above).
        Some(unsafe { c::LLVMConstIntGetZExtValue(self.0) })
    }
    /// Exact little-endian words of a `ConstantInt` of any width (wide integers are read
    /// from their printed decimal form).
    pub fn const_int_words(self) -> Option<Vec<u64>> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAConstantInt(self.0) }.is_null() {
            return None;
        }
        let bits = self.ty().int_width()?;
        if bits <= 64 {
            return Some(vec![self.const_int_u64()?]);
        }
        let s = self.print();
        let num = s.rsplit(' ').next()?;
        parse_decimal_words(num, bits)
    }
    /// Raw bytes of a `ConstantDataSequential`.
    pub fn raw_data(self) -> Option<Vec<u8>> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAConstantDataSequential(self.0) }.is_null() {
            return None;
        }
        let mut n = 0usize;
        // SAFETY: `self` is a live `ConstantDataSequential` (checked above); LLVM writes the byte
        // count to `n`.
        let p = unsafe { ffi::LLVMGetRawDataValues(self.0, &mut n) };
        Some(bytes(p, n))
    }
    /// Function and block of a `blockaddress`.
    pub fn block_address(self) -> Option<(V, B)> {
        if self.kind() != Ok(ValKind::BlockAddress) {
            return None;
        }
        // SAFETY: `self` is a live `blockaddress` (checked above).
        Some(unsafe { (V(c::LLVMGetBlockAddressFunction(self.0)), B(c::LLVMGetBlockAddressBasicBlock(self.0))) })
    }
    /// Pointer, key, discriminator and address discriminator of a `ptrauth` constant
    /// without a deactivation symbol. `None` for one with a deactivation symbol (LLVM 22's
    /// fifth operand, which LLVM-C has no getter for and these four do not describe), or
    /// with an operand count this layer does not know: the caller must then compare the
    /// constant by its identity.
    pub fn ptrauth(self) -> Option<[V; 4]> {
        if self.kind() != Ok(ValKind::ConstantPtrAuth) {
            return None;
        }
        let plain = match self.num_operands() {
            4 => true,
            5 => self.operand(4).is_some_and(|d| d.is_null_value()),
            _ => false,
        };
        if !plain {
            return None;
        }
        // SAFETY: `self` is a live `ptrauth` constant (checked above).
        Some(unsafe {
            [
                V(c::LLVMGetConstantPtrAuthPointer(self.0)),
                V(c::LLVMGetConstantPtrAuthKey(self.0)),
                V(c::LLVMGetConstantPtrAuthDiscriminator(self.0)),
                V(c::LLVMGetConstantPtrAuthAddrDiscriminator(self.0)),
            ]
        })
    }
    /// Fields of an inline asm value: (function type, text, constraints, flags).
    pub fn inline_asm(self) -> Option<(T, Vec<u8>, Vec<u8>, u64)> {
        if self.kind() != Ok(ValKind::InlineAsm) {
            return None;
        }
        // SAFETY: `self` is a live inline asm value (checked above); LLVM writes each string's
        // length to `n`/`m`.
        unsafe {
            let ty = T(c::LLVMGetInlineAsmFunctionType(self.0));
            let mut n = 0usize;
            let text = bytes(c::LLVMGetInlineAsmAsmString(self.0, &mut n), n);
            let mut m = 0usize;
            let cons = bytes(c::LLVMGetInlineAsmConstraintString(self.0, &mut m), m);
            let flags = (c::LLVMGetInlineAsmHasSideEffects(self.0) != 0) as u64
                | ((c::LLVMGetInlineAsmNeedsAlignedStack(self.0) != 0) as u64) << 1
                | ((c::LLVMGetInlineAsmCanUnwind(self.0) != 0) as u64) << 2
                | (ffi::LLVMGetInlineAsmDialect(self.0) as u64) << 3;
            Some((ty, text, cons, flags))
        }
    }

    // --- metadata -------------------------------------------------------------------

    /// The metadata wrapped by a `MetadataAsValue`.
    pub fn as_metadata(self) -> Option<Md> {
        if self.kind() != Ok(ValKind::MetadataAsValue) {
            return None;
        }
        // SAFETY: `self` is a live `MetadataAsValue` (checked above).
        let m = unsafe { c::LLVMValueAsMetadata(self.0) };
        (!m.is_null()).then_some(Md(m))
    }
}

/// Reads and frees a metadata entry array.
fn md_entries(e: *mut LLVMValueMetadataEntry, n: usize) -> Vec<(u32, Md)> {
    if e.is_null() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n as c_uint {
        // SAFETY: `e` is a live entry array (not null, checked above) of `n` entries and `i < n`.
        let k = unsafe { c::LLVMValueMetadataEntriesGetKind(e, i) };
        // SAFETY: as above.
        let m = unsafe { c::LLVMValueMetadataEntriesGetMetadata(e, i) };
        out.push((k, Md(m)));
    }
    // SAFETY: `e` is owned here (from `LLVMGlobalCopyAllMetadata`) and disposed exactly once.
    unsafe { c::LLVMDisposeValueMetadataEntries(e) };
    out
}

/// Parses an optionally negative decimal into `bits`-wide two's-complement words.
pub fn parse_decimal_words(s: &str, bits: u32) -> Option<Vec<u64>> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return match s {
            "true" => Some(vec![1]),
            "false" => Some(vec![0]),
            _ => None,
        };
    }
    let nw = bits.div_ceil(64) as usize;
    let mut w = vec![0u64; nw];
    for d in digits.bytes() {
        let mut carry = (d - b'0') as u128;
        for x in w.iter_mut() {
            let v = (*x as u128) * 10 + carry;
            *x = v as u64;
            carry = v >> 64;
        }
    }
    if neg {
        let mut carry = 1u128;
        for x in w.iter_mut() {
            let v = (!*x) as u128 + carry;
            *x = v as u64;
            carry = v >> 64;
        }
    }
    let rem = bits % 64;
    if rem != 0 {
        if let Some(last) = w.last_mut() {
            *last &= (1u64 << rem) - 1;
        }
    }
    Some(w)
}

impl Md {
    /// `LLVMMetadataKind` number.
    pub fn kind(self) -> u32 {
        // SAFETY: `self` is live metadata (handle rule); `LLVMGetMetadataKind` accepts every kind.
        unsafe { ffi::LLVMGetMetadataKind(self.0) }
    }
}

/// A context handle: the metadata helpers, and the few values made in the context
/// (see also `module.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ctx(pub LLVMContextRef);

impl Ctx {
    /// String bytes of an `MDString` (read in place, without making a value of it).
    pub fn string(&self, m: Md) -> Option<Vec<u8>> {
        let mut n = 0usize;
        // SAFETY: `m` is live metadata; the shim checks that it is an `MDString` (null
        // otherwise) and writes its length to `n`.
        let p = unsafe { ffi::mergefunc_md_string(m.0, &mut n) };
        (!p.is_null()).then(|| bytes(p, n))
    }
    /// The value wrapped by a `ValueAsMetadata` (constant or local), read in place.
    pub fn wrapped_value(&self, m: Md) -> Option<V> {
        // SAFETY: `m` is live metadata; the shim checks that it is a `ValueAsMetadata`
        // (null otherwise).
        let x = unsafe { ffi::mergefunc_md_value(m.0) };
        (!x.is_null()).then_some(V(x))
    }
    /// Operand count of an `MDTuple`; `None` for other metadata.
    #[inline]
    pub fn tuple_len(&self, m: Md) -> Option<u32> {
        if m.kind() != MD_TUPLE {
            return None;
        }
        // SAFETY: `m` is a live metadata node; the shim checks that it is an MDNode.
        let n = unsafe { ffi::mergefunc_md_num_operands(m.0) };
        (n >= 0).then_some(n as u32)
    }
    /// Operand `i` of an `MDTuple` of at least `i + 1` operands (see [`Self::tuple_len`]);
    /// `None` for a null operand.
    #[inline]
    pub fn tuple_operand(&self, m: Md, i: u32) -> Option<Md> {
        // SAFETY: `m` is live metadata; the shim checks that it is a node and that `i` is
        // below its operand count (null otherwise).
        let x = unsafe { ffi::mergefunc_md_operand(m.0, i) };
        (!x.is_null()).then_some(Md(x))
    }
    /// Operands of an `MDTuple` (`None` entries are null operands).
    pub fn tuple_operands(&self, m: Md) -> Option<Vec<Option<Md>>> {
        if m.kind() != MD_TUPLE {
            return None;
        }
        // SAFETY: `m` is a live metadata node; the shim checks that it is an MDNode.
        let n = unsafe { ffi::mergefunc_md_num_operands(m.0) };
        if n < 0 {
            return None;
        }
        Some(
            (0..n as c_uint)
                .map(|i| {
                    // SAFETY: `m` is a live `MDTuple` (checked above) and `i` is below its operand
                    // count.
                    let x = unsafe { ffi::mergefunc_md_operand(m.0, i) };
                    (!x.is_null()).then_some(Md(x))
                })
                .collect(),
        )
    }
    /// True if an `MDTuple` is uniqued; `false` for distinct tuples. Other nodes are
    /// reported as distinct.
    pub fn is_uniqued_tuple(&self, m: Md) -> bool {
        // SAFETY: `m` is live metadata; the shim checks that it is an MDNode.
        m.kind() == MD_TUPLE && unsafe { ffi::mergefunc_md_is_uniqued(m.0) } == 1
    }
    /// Metadata kind id of a name.
    pub fn kind_id(&self, name: &str) -> u32 {
        // SAFETY: `self.0` is a live context; the pointer and length describe `name`.
        unsafe { c::LLVMGetMDKindIDInContext(self.0, name.as_ptr() as *const c_char, name.len() as c_uint) }
    }
}

/// A C string from bytes (interior NULs are rejected).
pub fn cstring(s: &str) -> Option<CString> {
    CString::new(s).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_words() {
        assert_eq!(parse_decimal_words("18446744073709551616", 128), Some(vec![0, 1]));
        assert_eq!(parse_decimal_words("-1", 128), Some(vec![u64::MAX, u64::MAX]));
        assert_eq!(parse_decimal_words("-1", 80), Some(vec![u64::MAX, 0xffff]));
        assert_eq!(parse_decimal_words("x", 80), None);
    }
}
