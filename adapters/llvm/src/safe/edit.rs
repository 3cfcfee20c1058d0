//! The rewrites' edits of the IR: setters of functions, globals and instructions, the
//! thunk builder ([`Builder`]), debug locations, and the shim's rewrites.
//!
//! Invariants: a safe edit deletes nothing, so every handle stays live (the handle rule,
//! see [`crate::safe`]); each checks the kind of what it edits, and the builder checks
//! what LLVM would otherwise assume (argument counts and types of a call, indices of
//! `extractvalue`/`insertvalue`, the kinds of a cast). The edits that delete or replace
//! IR objects (RAUW, which replaces the constants that contain the value; removing a
//! function or a global; emptying a body; deleting a block) are `unsafe fn`: their
//! caller forgets every handle to what they delete, as `mutate.rs` does.

use super::{Builder, CallSite, Ctx, Linkage, Md, TyKind, A, B, M, T, V};
use crate::ffi;
use inkwell::llvm_sys as sys;
use std::os::raw::c_uint;
use std::ptr;
use sys::core as c;
use sys::debuginfo as dbg;
use sys::prelude::*;

/// The empty name: LLVM names the value if it needs to.
const NONAME: *const std::os::raw::c_char = c"".as_ptr();

/// A function's debug-info subprogram (a `DISubprogram`: what a debug location's scope
/// must be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subprogram(LLVMMetadataRef);

impl Subprogram {
    /// The line of the function's declaration.
    pub fn line(self) -> u32 {
        // SAFETY: `self.0` is a live `DISubprogram` (only `V::subprogram` makes one).
        unsafe { dbg::LLVMDISubprogramGetLine(self.0) }
    }
}

/// A debug location (`DILocation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugLoc(LLVMMetadataRef);

impl Ctx {
    /// The location `line:column` in `scope`.
    pub fn debug_location(&self, line: u32, column: u32, scope: Subprogram) -> DebugLoc {
        // SAFETY: `self.0` is a live context and `scope` a live subprogram of it; no
        // inlined-at location.
        DebugLoc(unsafe { dbg::LLVMDIBuilderCreateDebugLocation(self.0, line, column, scope.0, ptr::null_mut()) })
    }

    /// Appends an empty block to function `f` (`None` if `f` is not a function).
    pub fn append_block(&self, f: V) -> Option<B> {
        // SAFETY: `self.0` is the live context of `f`, a live function (checked by `then`'s
        // condition).
        f.is_function().then(|| B(unsafe { c::LLVMAppendBasicBlockInContext(self.0, f.0, NONAME) }))
    }
}

impl M {
    /// Adds an alias of `aliasee` with value type `value_type` in address space
    /// `addr_space` (the aliasee's own; an alias has its aliasee's type).
    pub fn add_alias(self, value_type: T, addr_space: u32, aliasee: V) -> Option<V> {
        if !aliasee.is_global() || aliasee.ty().addr_space() != Some(addr_space) {
            return None;
        }
        // SAFETY: `self` is a live module; `aliasee` a live global value in `addr_space`
        // (checked above) and `value_type` a type of the module's context.
        Some(V(unsafe { c::LLVMAddAlias2(self.0, value_type.0, addr_space, aliasee.0, NONAME) }))
    }
}

impl V {
    /// The debug-info subprogram of a function (`None` without debug info or for a
    /// non-function).
    pub fn subprogram(self) -> Option<Subprogram> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: `self` is a live function (checked above).
        let sp = unsafe { dbg::LLVMGetSubprogram(self.0) };
        (!sp.is_null()).then_some(Subprogram(sp))
    }

    /// An instruction has a debug location.
    pub fn has_debug_loc(self) -> bool {
        // SAFETY: `self` is a live instruction (checked by `&&`'s left side).
        self.is_instruction() && !unsafe { dbg::LLVMInstructionGetDebugLoc(self.0) }.is_null()
    }

    /// Sets an instruction's debug location (nothing for another value).
    pub fn set_debug_loc(self, loc: DebugLoc) {
        if self.is_instruction() {
            // SAFETY: `self` is a live instruction (checked above), `loc` a live location.
            unsafe { dbg::LLVMInstructionSetDebugLoc(self.0, loc.0) };
        }
    }

    /// Makes `to` the callee of call site `self` (a call, invoke or callbr); false
    /// (nothing done) for anything else.
    pub fn set_callee(self, to: V) -> bool {
        // SAFETY: both are live values; the shim checks that `self` is a call site and
        // replaces one operand.
        unsafe { ffi::mergefunc_set_callee(self.0, to.0) == 1 }
    }

    /// The linkage as LLVM numbers it (`None` for a value that is not a global).
    pub fn linkage_number(self) -> Option<u32> {
        // SAFETY: `self` is a live global value (checked by `then`'s condition).
        self.is_global().then(|| unsafe { ffi::LLVMGetLinkage(self.0) })
    }

    /// Sets the linkage of a global value (nothing for another value).
    pub fn set_linkage(self, l: Linkage) {
        self.set_linkage_number(l.raw());
    }

    /// Sets the linkage of a global value by LLVM's number (one [`Self::linkage_number`]
    /// returned; nothing for another value).
    pub fn set_linkage_number(self, l: u32) {
        if self.is_global() {
            // SAFETY: `self` is a live global value (checked above).
            unsafe { ffi::LLVMSetLinkage(self.0, l) };
        }
    }

    /// The visibility of a global value (`None` for another value).
    pub fn visibility(self) -> Option<u32> {
        // SAFETY: `self` is a live global value (checked by `then`'s condition).
        self.is_global().then(|| unsafe { ffi::LLVMGetVisibility(self.0) })
    }

    /// Sets the visibility of a global value (nothing for another value).
    pub fn set_visibility(self, vis: u32) {
        if self.is_global() {
            // SAFETY: `self` is a live global value (checked above).
            unsafe { ffi::LLVMSetVisibility(self.0, vis) };
        }
    }

    /// Sets `unnamed_addr` of a global value (0 none, 1 local, 2 global).
    pub fn set_unnamed_addr(self, u: u32) {
        if self.is_global() {
            // SAFETY: `self` is a live global value (checked above).
            unsafe { ffi::LLVMSetUnnamedAddress(self.0, u) };
        }
    }

    /// Sets the calling convention of a function.
    pub fn set_call_conv(self, cc: u32) {
        if self.is_function() {
            // SAFETY: `self` is a live function (checked above).
            unsafe { c::LLVMSetFunctionCallConv(self.0, cc) };
        }
    }

    /// Gives function `self` the garbage collector of function `src` (if it has one).
    pub fn copy_gc_from(self, src: V) {
        if !self.is_function() || !src.is_function() {
            return;
        }
        // SAFETY: `src` is a live function (checked above).
        let gc = unsafe { c::LLVMGetGC(src.0) };
        if !gc.is_null() {
            // SAFETY: `self` is a live function; `gc` is `src`'s NUL-terminated name, which
            // LLVM copies.
            unsafe { c::LLVMSetGC(self.0, gc) };
        }
    }

    /// Gives global value `self` the DLL storage class (`dllimport`/`dllexport`) of global
    /// value `src`.
    pub fn copy_dll_storage_from(self, src: V) {
        if self.is_global() && src.is_global() {
            // SAFETY: both are live global values (checked above).
            unsafe { c::LLVMSetDLLStorageClass(self.0, c::LLVMGetDLLStorageClass(src.0)) };
        }
    }

    /// Gives global value `self` the partition of global value `src` (none if it has none).
    pub fn copy_partition_from(self, src: V) {
        // SAFETY: both are live values; the shim checks that they are global values.
        unsafe { ffi::mergefunc_copy_partition(self.0, src.0) };
    }

    /// Gives global object `self` the section of global object `src` (if it has one).
    pub fn copy_section_from(self, src: V) {
        // SAFETY: both are live values; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0).is_null() || c::LLVMIsAGlobalObject(src.0).is_null() } {
            return;
        }
        // SAFETY: `src` is a live global object (checked above).
        let sec = unsafe { c::LLVMGetSection(src.0) };
        if !sec.is_null() {
            // SAFETY: `self` is a live global object; `sec` is `src`'s NUL-terminated
            // section, which LLVM copies.
            unsafe { c::LLVMSetSection(self.0, sec) };
        }
    }

    /// Sets the personality function of a function.
    pub fn set_personality(self, p: V) {
        if self.is_function() {
            // SAFETY: `self` is a live function (checked above) and `p` a live constant.
            unsafe { c::LLVMSetPersonalityFn(self.0, p.0) };
        }
    }

    /// Sets the prefix data of a function.
    pub fn set_prefix_data(self, data: V) {
        if self.is_function() && data.is_constant() {
            // SAFETY: `self` is a live function and `data` a live constant (checked above).
            unsafe { c::LLVMSetPrefixData(self.0, data.0) };
        }
    }

    /// Sets the prologue data of a function.
    pub fn set_prologue_data(self, data: V) {
        if self.is_function() && data.is_constant() {
            // SAFETY: `self` is a live function and `data` a live constant (checked above).
            unsafe { c::LLVMSetPrologueData(self.0, data.0) };
        }
    }

    /// Sets the alignment of a function (0: none); false if `self` is not a function or
    /// `align` not an alignment LLVM accepts (a power of two up to 2^32).
    pub fn set_function_alignment(self, align: u64) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function and checks
        // the value.
        unsafe { ffi::mergefunc_set_function_alignment(self.0, align) == 1 }
    }

    /// Adds attribute `a` (of this context) at index `idx` of a function.
    pub fn add_attribute_at(self, idx: u32, a: A) {
        if self.is_function() {
            // SAFETY: `self` is a live function (checked above); `a` a live attribute.
            unsafe { c::LLVMAddAttributeAtIndex(self.0, idx, a.0) };
        }
    }

    /// `self->setAttributes(src->getAttributes())` for a function `src` and a function
    /// or call `self` with as many parameters or arguments; false (nothing done)
    /// otherwise.
    pub fn copy_attributes_from(self, src: V) -> bool {
        // SAFETY: both are live values; the shim checks their kinds and counts.
        unsafe { ffi::mergefunc_copy_attributes(self.0, src.0) == 1 }
    }

    /// Writes the forwarding body of thunk `self` to function `target` in one shim call,
    /// when no argument or result needs a cast: `call target(args...)` with tail kind
    /// `tail` (1 tail, 2 musttail), calling convention `cc` and `target`'s attribute
    /// list, then the return, appended to `block` (`None`: a new block of `self`).
    /// `Some((call, ret))` when written; `None` (nothing done) when a cast is needed or
    /// either value is not a function.
    pub fn write_forwarding_body(self, target: V, block: Option<B>, tail: u32, cc: u32) -> Option<(V, V)> {
        let (mut call, mut ret) = (ptr::null_mut(), ptr::null_mut());
        let bb = block.map_or(ptr::null_mut(), |b| b.0);
        // SAFETY: both are live values (the shim checks they are functions and declines
        // otherwise); `bb`, when given, is a live block of `self`; the shim writes both
        // out-pointers when it returns 1.
        let done = unsafe { ffi::mergefunc_write_forwarding_body(self.0, target.0, bb, tail, cc, &mut call, &mut ret) };
        (done == 1).then_some((V(call), V(ret)))
    }

    /// Attaches `md` as the attachment of kind `kind` of a global object.
    pub fn set_global_metadata(self, kind: u32, md: Md) {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null() {
            return;
        }
        // SAFETY: `self` is a live global object (checked above), `md` live metadata of its
        // context.
        unsafe { c::LLVMGlobalSetMetadata(self.0, kind, md.0) };
    }

    /// Removes the attachment of kind `kind` of a global object (detaching frees no
    /// node: nodes belong to the context).
    pub fn erase_global_metadata(self, kind: u32) {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAGlobalObject(self.0) }.is_null() {
            return;
        }
        // SAFETY: `self` is a live global object (checked above).
        unsafe { c::LLVMGlobalEraseMetadata(self.0, kind) };
    }

    /// Removes the attachment of kind `kind` of an instruction (detaching frees no node:
    /// nodes belong to the context). Does nothing to a value that is not an instruction.
    pub fn erase_inst_metadata(self, kind: u32) {
        if !self.is_instruction() {
            return;
        }
        // SAFETY: `self` is a live instruction (checked above); a null node makes
        // `LLVMSetMetadata` remove the attachment of that kind.
        unsafe { c::LLVMSetMetadata(self.0, kind, ptr::null_mut()) };
    }

    /// A new external declaration with the function type and address space of function
    /// `self`, placed just before `self` in its module (`None` if `self` is not a function
    /// in a module).
    pub fn add_function_like(self) -> Option<V> {
        // SAFETY: `self` is a live value; the shim checks that it is a function in a
        // module, and only adds a declaration.
        let f = unsafe { ffi::mergefunc_add_function_like(self.0) };
        (!f.is_null()).then_some(V(f))
    }

    /// Moves function `self` to the end of its module's function list (nothing else
    /// changes; nothing for a value that is not a function in a module).
    pub fn move_to_module_end(self) {
        // SAFETY: `self` is a live value; the shim checks that it is a function in a module
        // and only moves it in the list, which frees nothing.
        unsafe { ffi::mergefunc_move_function_to_end(self.0) };
    }

    /// Replaces every use of `self` by `to` (of the same type; false, nothing done,
    /// otherwise).
    ///
    /// # Safety
    /// The constants that contain `self` are replaced and destroyed: the caller forgets
    /// every handle it keeps to them.
    pub unsafe fn replace_all_uses_with(self, to: V) -> bool {
        if self.ty() != to.ty() {
            return false;
        }
        // SAFETY: both are live values of one type (checked above); the caller forgets the
        // constants this destroys.
        unsafe { c::LLVMReplaceAllUsesWith(self.0, to.0) };
        true
    }

    /// Empties function `self` (debug records, operand uses, then its blocks); with
    /// `keep`, the blocks are unlinked but stay allocated (one-shot tools). False for a
    /// value that is not a function.
    ///
    /// # Safety
    /// The caller forgets every handle into the body: its blocks, instructions, their
    /// block-address constants and function-local metadata.
    pub unsafe fn clear_body(self, keep: bool) -> bool {
        // SAFETY: `self` is a live value (the shim checks that it is a function); the caller
        // forgets the handles into the body.
        unsafe { ffi::mergefunc_clear_body(self.0, keep as i32) != 0 }
    }

    /// Removes `self` (a function, global variable, alias or ifunc without uses) from
    /// its module; a function with `keep` is unlinked without being destroyed (one-shot
    /// tools).
    ///
    /// # Safety
    /// `self` has no uses, and the caller forgets every handle to it and into its body.
    pub unsafe fn remove_from_module(self, keep: bool) {
        // SAFETY: `self` is a live value without uses (caller); the shim checks that it is a
        // function, and a global variable, alias or ifunc goes through LLVM-C.
        unsafe {
            if ffi::mergefunc_remove_function(self.0, keep as i32) == 0 {
                if self.is_function() {
                    c::LLVMDeleteFunction(self.0);
                } else if self.is_global() {
                    c::LLVMDeleteGlobal(self.0);
                }
            }
        }
    }

    /// Replaces function `self` (a body, no block address) by a new function without a
    /// body that takes over its name, attributes, comdat, attachments, place and uses
    /// (LLVM's `writeThunk` shell); `self` is destroyed, or unlinked with `keep`. The new
    /// function, or `None` (nothing done) when the shim declines.
    ///
    /// # Safety
    /// The caller forgets every handle to `self`, into its body, and to the constants
    /// that contained it (RAUW replaced them).
    pub unsafe fn replace_with_shell(self, keep: bool) -> Option<V> {
        // SAFETY: `self` is a live value; the shim checks that it is a function with a body
        // whose blocks no block address names; the caller forgets what it deletes.
        let ng = unsafe { ffi::mergefunc_replace_with_shell(self.0, keep as i32) };
        (!ng.is_null()).then_some(V(ng))
    }

    /// Strips function `self` (with a body) down to what a preserve-debug-info thunk
    /// keeps (LLVM 22's rule: the entry block's debug records of parameters, with the
    /// allocas and argument stores of their `#dbg_declare`s); the entry block, or `None`.
    ///
    /// # Safety
    /// The caller forgets every handle into the body but the entry block.
    pub unsafe fn strip_to_debug_thunk(self) -> Option<B> {
        // SAFETY: `self` is a live value; the shim checks that it is a function with a body;
        // the caller forgets the instructions it deletes.
        let b = unsafe { ffi::mergefunc_pdi_strip(self.0) };
        (!b.is_null()).then_some(B(b))
    }
}

impl B {
    /// Moves the block after block `pos` (of the same or another function).
    pub fn move_after(self, pos: B) {
        // SAFETY: both are live blocks.
        unsafe { c::LLVMMoveBasicBlockAfter(self.0, pos.0) };
    }

    /// Deletes the block.
    ///
    /// # Safety
    /// Nothing uses the block or its instructions, and the caller forgets every handle
    /// to them.
    pub unsafe fn delete(self) {
        // SAFETY: a live block that nothing uses (caller).
        unsafe { c::LLVMDeleteBasicBlock(self.0) };
    }
}

impl CallSite {
    /// Sets the tail-call kind of a `call` (0 none, 1 tail, 2 musttail, 3 notail);
    /// nothing for `invoke` and `callbr`.
    pub fn set_tail_kind(self, kind: u32) {
        if self.is_call() {
            // SAFETY: `self` is a live `call` (checked above).
            unsafe { ffi::LLVMSetTailCallKind(self.value().0, kind) };
        }
    }

    /// Sets the calling convention of the call.
    pub fn set_calling_conv(self, cc: u32) {
        // SAFETY: `self` is a live call site.
        unsafe { c::LLVMSetInstructionCallConv(self.value().0, cc) };
    }
}

impl T {
    /// The poison value of the type.
    pub fn poison(self) -> V {
        // SAFETY: `self` is a live type; every type has a poison value.
        V(unsafe { c::LLVMGetPoison(self.0) })
    }

    /// The number of elements `extractvalue` may index: fields of a struct, elements of
    /// an array (`None` for other types).
    fn aggregate_len(self) -> Option<u64> {
        match self.kind() {
            Ok(TyKind::Struct) => self.fields().map(|f| f.len() as u64),
            Ok(TyKind::Array) => self.len(),
            _ => None,
        }
    }
}

impl Builder {
    /// Places the builder at the end of block `b`.
    pub fn position_at_end(&self, b: B) {
        // SAFETY: `self.0` is a live builder and `b` a live block of its context.
        unsafe { c::LLVMPositionBuilderAtEnd(self.0, b.0) };
    }

    /// Leaves the builder without a position.
    pub fn clear_position(&self) {
        // SAFETY: `self.0` is a live builder.
        unsafe { c::LLVMClearInsertionPosition(self.0) };
    }

    /// `inttoptr` of an integer (or vector of integers) `v` to `ty`.
    pub fn int_to_ptr(&self, v: V, ty: T) -> Option<V> {
        let ok = scalar_kind(v.ty()) == Some(TyKind::Integer) && scalar_kind(ty) == Some(TyKind::Pointer);
        // SAFETY: `self.0` is a live builder, `v` a value of an integer kind and `ty` a
        // pointer kind (checked by `then`'s condition).
        ok.then(|| V(unsafe { c::LLVMBuildIntToPtr(self.0, v.0, ty.0, NONAME) }))
    }

    /// `ptrtoint` of a pointer (or vector of pointers) `v` to `ty`.
    pub fn ptr_to_int(&self, v: V, ty: T) -> Option<V> {
        let ok = scalar_kind(v.ty()) == Some(TyKind::Pointer) && scalar_kind(ty) == Some(TyKind::Integer);
        // SAFETY: `self.0` is a live builder, `v` a value of a pointer kind and `ty` an
        // integer kind (checked by `then`'s condition).
        ok.then(|| V(unsafe { c::LLVMBuildPtrToInt(self.0, v.0, ty.0, NONAME) }))
    }

    /// `bitcast` of `v` to `ty` (neither an aggregate; the verifier rejects a bitcast
    /// between types of different sizes).
    pub fn bitcast(&self, v: V, ty: T) -> Option<V> {
        let ok = v.ty().aggregate_len().is_none() && ty.aggregate_len().is_none();
        // SAFETY: `self.0` is a live builder, `v` a live value and `ty` a type of its
        // context, neither an aggregate (checked by `then`'s condition).
        ok.then(|| V(unsafe { c::LLVMBuildBitCast(self.0, v.0, ty.0, NONAME) }))
    }

    /// `extractvalue` of element `idx` of aggregate `agg`.
    pub fn extract_value(&self, agg: V, idx: u32) -> Option<V> {
        let ok = agg.ty().aggregate_len().is_some_and(|n| (idx as u64) < n);
        // SAFETY: `self.0` is a live builder and `agg` an aggregate with an element `idx`
        // (checked by `then`'s condition).
        ok.then(|| V(unsafe { c::LLVMBuildExtractValue(self.0, agg.0, idx as c_uint, NONAME) }))
    }

    /// `insertvalue` of `elt` as element `idx` of aggregate `agg`.
    pub fn insert_value(&self, agg: V, elt: V, idx: u32) -> Option<V> {
        let ok = agg.ty().aggregate_len().is_some_and(|n| (idx as u64) < n);
        // SAFETY: `self.0` is a live builder and `agg` an aggregate with an element `idx`
        // (checked by `then`'s condition); the verifier checks `elt`'s type.
        ok.then(|| V(unsafe { c::LLVMBuildInsertValue(self.0, agg.0, elt.0, idx as c_uint, NONAME) }))
    }

    /// `call fty callee(args...)`; `None` unless the arguments match `fty`'s parameters
    /// in number and type (a variadic `fty` is not called).
    pub fn call(&self, fty: T, callee: V, args: &[V]) -> Option<CallSite> {
        if fty.kind() != Ok(TyKind::Function) {
            return None;
        }
        // SAFETY: `fty` is a live function type (checked above).
        let (n, vararg) = unsafe { (c::LLVMCountParamTypes(fty.0) as usize, c::LLVMIsFunctionVarArg(fty.0) != 0) };
        if vararg || n != args.len() {
            return None;
        }
        // The parameter types, on the stack for the usual few.
        let (mut stack, mut heap) = ([ptr::null_mut(); 16], Vec::new());
        let params: &mut [LLVMTypeRef] = if n <= stack.len() {
            &mut stack[..n]
        } else {
            heap.resize(n, ptr::null_mut());
            &mut heap
        };
        if n > 0 {
            // SAFETY: `fty` is a live function type with `n` parameters and `params` has room
            // for the `n` types LLVM writes.
            unsafe { c::LLVMGetParamTypes(fty.0, params.as_mut_ptr()) };
        }
        if params.iter().zip(args).any(|(p, a)| *p != a.ty().0) {
            return None;
        }
        // SAFETY: `self.0` is a live builder; `fty` is a function type whose parameters the
        // arguments match (checked above); LLVM only reads the `n` argument handles (`V` is
        // a transparent handle).
        let call = unsafe {
            c::LLVMBuildCall2(self.0, fty.0, callee.0, args.as_ptr() as *mut LLVMValueRef, n as c_uint, NONAME)
        };
        Some(CallSite::of_call(call))
    }

    /// `ret void`.
    pub fn ret_void(&self) -> V {
        // SAFETY: `self.0` is a live builder.
        V(unsafe { c::LLVMBuildRetVoid(self.0) })
    }

    /// `ret v` (the verifier checks `v`'s type against the function's).
    pub fn ret(&self, v: V) -> V {
        // SAFETY: `self.0` is a live builder and `v` a live value.
        V(unsafe { c::LLVMBuildRet(self.0, v.0) })
    }
}

/// The kind of a type, or of its elements for a vector.
fn scalar_kind(t: T) -> Option<TyKind> {
    match t.kind() {
        Ok(TyKind::Vector | TyKind::ScalableVector) => t.elem()?.kind().ok(),
        k => k.ok(),
    }
}
