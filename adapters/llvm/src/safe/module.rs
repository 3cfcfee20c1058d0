//! The module as a whole: parsing and owning a module with its context ([`OwnedIr`]),
//! the module handle ([`M`]: its functions and globals, flags, printing, bitcode,
//! verification, the pointer width and byte order of its data layout), the context
//! ([`Ctx`]: types, metadata and kind ids) and the instruction builder ([`Builder`]).
//!
//! Invariants: a module and its context are disposed only by the [`OwnedIr`] that
//! created them (never a borrowed module); a [`Builder`] is freed once, by its own
//! `Drop`, and is dropped before its context (the owner of both drops them in that
//! order). The module's data layout is only read, through the module, never kept. Every string LLVM hands over is copied and freed at
//! once.

use super::{take_message, Ctx, Md, TyKind, T, V};
use crate::ffi;
use inkwell::llvm_sys as sys;
use std::ffi::CStr;
use std::os::raw::c_char;
use std::ptr;
use sys::core as c;
use sys::prelude::*;

/// A module handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct M(pub LLVMModuleRef);

/// A module and the context it was parsed into, both owned: disposed on drop.
#[derive(Debug)]
pub struct OwnedIr {
    ctx: LLVMContextRef,
    m: LLVMModuleRef,
}

impl OwnedIr {
    /// Parses `.ll` text or `.bc` bitcode (told apart by LLVM from the contents) into a
    /// fresh context, under the triple's layout when the module names a triple and no
    /// layout (as opt-22 and llc-22 read it), and runs the verifier; the error is LLVM's message, and says which
    /// of the two failed.
    pub fn parse(data: &[u8], name: &str) -> Result<OwnedIr, ParseError> {
        let cname = super::cstring(name).unwrap_or_default();
        // SAFETY: creating a context has no precondition; it is disposed on every error
        // path below, or owned by the returned value.
        let ctx = unsafe { c::LLVMContextCreate() };
        // SAFETY: the pointer and length describe `data`, which LLVM copies (the parser
        // needs no NUL terminator); `cname` is NUL-terminated.
        let buf = unsafe {
            c::LLVMCreateMemoryBufferWithMemoryRangeCopy(data.as_ptr() as *const c_char, data.len(), cname.as_ptr())
        };
        let (mut m, mut msg) = (ptr::null_mut(), ptr::null_mut());
        // SAFETY: `ctx` and `buf` are live; the parser does not take the buffer (disposed
        // right after) and writes an owned module or message. A triple without a layout is
        // parsed under the triple's layout (the shim's `mergefunc_parse_ir`), as opt-22
        // reads it: implicit alignments and global address spaces come from the layout.
        let failed = unsafe { ffi::mergefunc_parse_ir(ctx, buf, &mut m, &mut msg) };
        // SAFETY: `buf` was made above and is disposed once.
        unsafe { c::LLVMDisposeMemoryBuffer(buf) };
        let text = take_message(msg);
        if failed != 0 || m.is_null() {
            // SAFETY: `ctx` was made above and nothing else owns it.
            unsafe { c::LLVMContextDispose(ctx) };
            return Err(ParseError::Parse(text));
        }
        let owned = OwnedIr { ctx, m };
        M(m).verify().map_err(ParseError::Invalid)?;
        Ok(owned)
    }

    /// The module.
    pub fn module(&self) -> M {
        M(self.m)
    }
}

impl Drop for OwnedIr {
    fn drop(&mut self) {
        // SAFETY: both were made by `parse` and are owned here; the module goes before its
        // context, each once.
        unsafe {
            c::LLVMDisposeModule(self.m);
            c::LLVMContextDispose(self.ctx);
        }
    }
}

/// Why [`OwnedIr::parse`] failed: LLVM's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The data is neither valid text IR nor bitcode.
    Parse(String),
    /// It parsed, and the verifier rejects it.
    Invalid(String),
}

impl M {
    /// The pointer width of address space `addr_space` in the module's data layout, in
    /// bytes (read from the module's own layout object: nothing is parsed or allocated).
    pub fn pointer_size(self, addr_space: u32) -> u32 {
        // SAFETY: `self` is a live module; its layout object lives as long as it and is
        // only read here.
        unsafe { sys::target::LLVMPointerSizeForAS(sys::target::LLVMGetModuleDataLayout(self.0), addr_space) }
    }

    /// The module's data layout is big-endian.
    pub fn is_big_endian(self) -> bool {
        // SAFETY: as in `pointer_size`; 0 is `LLVMBigEndian`.
        unsafe { ffi::LLVMByteOrder(sys::target::LLVMGetModuleDataLayout(self.0)) == 0 }
    }

    /// The context the module lives in.
    pub fn context(self) -> Ctx {
        // SAFETY: `self` is a live module (handle rule).
        Ctx(unsafe { c::LLVMGetModuleContext(self.0) })
    }

    /// The functions, in module order (the list must not change meanwhile).
    pub fn functions(self) -> impl Iterator<Item = V> {
        // SAFETY: `self` is a live module.
        let first = unsafe { c::LLVMGetFirstFunction(self.0) };
        // SAFETY: `f` is a live function of the module (not null: `walk` stops at null).
        walk(first, |f| unsafe { c::LLVMGetNextFunction(f) })
    }

    /// The global variables, in module order.
    pub fn global_variables(self) -> impl Iterator<Item = V> {
        // SAFETY: `self` is a live module.
        let first = unsafe { c::LLVMGetFirstGlobal(self.0) };
        // SAFETY: `g` is a live global variable of the module (not null).
        walk(first, |g| unsafe { c::LLVMGetNextGlobal(g) })
    }

    /// The aliases, in module order.
    pub fn aliases(self) -> impl Iterator<Item = V> {
        // SAFETY: `self` is a live module.
        let first = unsafe { c::LLVMGetFirstGlobalAlias(self.0) };
        // SAFETY: `a` is a live alias of the module (not null).
        walk(first, |a| unsafe { c::LLVMGetNextGlobalAlias(a) })
    }

    /// The ifuncs, in module order.
    pub fn ifuncs(self) -> impl Iterator<Item = V> {
        // SAFETY: `self` is a live module.
        let first = unsafe { c::LLVMGetFirstGlobalIFunc(self.0) };
        // SAFETY: `i` is a live ifunc of the module (not null).
        walk(first, |i| unsafe { c::LLVMGetNextGlobalIFunc(i) })
    }

    /// The data layout string (empty when the module names none).
    pub fn data_layout(self) -> Vec<u8> {
        // SAFETY: `self` is a live module; the string is never null, NUL-terminated and owned by
        // the module, and copied at once.
        unsafe { CStr::from_ptr(c::LLVMGetDataLayoutStr(self.0)) }.to_bytes().to_vec()
    }

    /// The target triple (empty when the module names none).
    pub fn target_triple(self) -> Vec<u8> {
        // SAFETY: `self` is a live module.
        let p = unsafe { c::LLVMGetTarget(self.0) };
        if p.is_null() {
            return Vec::new();
        }
        // SAFETY: a non-null triple is NUL-terminated and owned by the module; copied at once.
        unsafe { CStr::from_ptr(p) }.to_bytes().to_vec()
    }

    /// Gives a module with a triple and no data layout the layout its triple implies, as
    /// opt, llc and lli do: 0 nothing to do, 1 set, 2 the triple has no known layout.
    pub fn infer_data_layout(self) -> i32 {
        // SAFETY: `self` is a live module; the shim only sets its layout string.
        unsafe { ffi::mergefunc_infer_data_layout(self.0) }
    }

    /// The value of module flag `key`, if the module has it.
    pub fn flag(self, key: &str) -> Option<Md> {
        // SAFETY: `self` is a live module; the pointer and length describe `key`.
        let m = unsafe { c::LLVMGetModuleFlag(self.0, key.as_ptr() as *const c_char, key.len()) };
        (!m.is_null()).then_some(Md(m))
    }

    /// The global variable named `name`.
    #[cfg(test)]
    pub fn named_global(self, name: &str) -> Option<V> {
        self.named_global_c(&super::cstring(name)?)
    }

    /// The global variable named `name`, a C string already (no copy: the load asks
    /// for `llvm.used` and `llvm.compiler.used` on every run).
    pub fn named_global_c(self, name: &CStr) -> Option<V> {
        // SAFETY: `self` is a live module; `name` is NUL-terminated.
        let g = unsafe { c::LLVMGetNamedGlobal(self.0, name.as_ptr()) };
        (!g.is_null()).then_some(V(g))
    }

    /// The function named `name`.
    pub fn named_function(self, name: &str) -> Option<V> {
        let n = super::cstring(name)?;
        // SAFETY: `self` is a live module; `n` is NUL-terminated.
        let f = unsafe { c::LLVMGetNamedFunction(self.0, n.as_ptr()) };
        (!f.is_null()).then_some(V(f))
    }

    /// The alias named `name`.
    pub fn named_alias(self, name: &str) -> Option<V> {
        // SAFETY: `self` is a live module; the pointer and length describe `name`.
        let a = unsafe { c::LLVMGetNamedGlobalAlias(self.0, name.as_ptr() as *const c_char, name.len()) };
        (!a.is_null()).then_some(V(a))
    }

    /// Whether a global value of the module (a function, variable, alias or ifunc) is
    /// named `name`: one lookup in the module's symbol table, which holds every kind.
    pub fn has_global_value_named(self, name: &[u8]) -> bool {
        // SAFETY: `self` is a live module; the pointer and length describe `name`, which
        // the shim only reads; the lookup changes nothing.
        unsafe { ffi::mergefunc_has_global_value_named(self.0, name.as_ptr() as *const c_char, name.len()) != 0 }
    }

    /// [`Self::has_global_value_named`] asked of LLVM-C kind by kind (function, variable,
    /// alias, ifunc), for the tests that check the one lookup against it.
    #[cfg(test)]
    pub fn has_global_value_named_by_kind(self, name: &[u8]) -> bool {
        let (p, n) = (name.as_ptr() as *const c_char, name.len());
        // SAFETY: `self` is a live module; the pointer and length describe `name`, which
        // LLVM only reads; the lookups change nothing.
        unsafe {
            !c::LLVMGetNamedFunctionWithLength(self.0, p, n).is_null()
                || !c::LLVMGetNamedGlobalWithLength(self.0, p, n).is_null()
                || !c::LLVMGetNamedGlobalAlias(self.0, p, n).is_null()
                || !c::LLVMGetNamedGlobalIFunc(self.0, p, n).is_null()
        }
    }

    /// The module as text.
    pub fn print(self) -> String {
        // SAFETY: `self` is a live module; LLVM returns an owned message that `take_message`
        // frees.
        take_message(unsafe { c::LLVMPrintModuleToString(self.0) })
    }

    /// The module as bitcode (empty if LLVM cannot write it).
    pub fn bitcode(self) -> Vec<u8> {
        // SAFETY: `self` is a live module; LLVM returns an owned buffer (or null).
        let buf = unsafe { sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer(self.0) };
        if buf.is_null() {
            return Vec::new();
        }
        // SAFETY: `buf` is a live buffer (not null, checked above) whose `n` bytes are read once
        // and copied; it is disposed exactly once, after the copy.
        unsafe {
            let p = c::LLVMGetBufferStart(buf);
            let n = c::LLVMGetBufferSize(buf);
            let v = std::slice::from_raw_parts(p as *const u8, n).to_vec();
            c::LLVMDisposeMemoryBuffer(buf);
            v
        }
    }

    /// Runs the LLVM verifier: its message when it rejects the module.
    pub fn verify(self) -> Result<(), String> {
        let mut msg = ptr::null_mut();
        // SAFETY: `self` is a live module; LLVM writes an owned message (or null) to `msg`
        // (2 = LLVMReturnStatusAction: report, do not abort).
        let bad = unsafe { ffi::LLVMVerifyModule(self.0, 2, &mut msg) } != 0;
        let text = take_message(msg);
        if bad {
            return Err(text);
        }
        Ok(())
    }
}

/// The values from `first` on, each next one given by `next` (until null).
fn walk(first: LLVMValueRef, next: impl Fn(LLVMValueRef) -> LLVMValueRef) -> impl Iterator<Item = V> {
    let mut at = first;
    std::iter::from_fn(move || {
        if at.is_null() {
            return None;
        }
        let v = at;
        at = next(v);
        Some(V(v))
    })
}

impl V {
    /// The bit pattern of a floating-point constant, as an integer constant of its width:
    /// LLVM folds the bitcast to a `ConstantInt` holding the exact bits (no constant
    /// expression is made). `None` for any other value.
    pub fn fp_bit_pattern(self, ctx: Ctx) -> Option<V> {
        // SAFETY: `self` is a live value; `LLVMIsA*` is a checked cast.
        if unsafe { c::LLVMIsAConstantFP(self.0) }.is_null() {
            return None;
        }
        let ity = ctx.int_type_as_wide_as(self.ty())?;
        // SAFETY: `self` is a live floating-point constant (checked above) and `ity` an integer
        // type of the same width, so the bitcast is valid.
        Some(V(unsafe { c::LLVMConstBitCast(self.0, ity.0) }))
    }
}

impl Ctx {
    /// The integer type of `bits` bits.
    pub fn int_type(&self, bits: u32) -> T {
        // SAFETY: `self.0` is a live context; any width up to LLVM's maximum is valid (the
        // callers ask for the width of a floating-point type).
        T(unsafe { c::LLVMIntTypeInContext(self.0, bits) })
    }

    /// The integer type as wide as floating-point type `t` (`None` for another type).
    pub fn int_type_as_wide_as(&self, t: T) -> Option<T> {
        let bits = match t.kind() {
            Ok(TyKind::Half | TyKind::BFloat) => 16,
            Ok(TyKind::Float) => 32,
            Ok(TyKind::Double) => 64,
            Ok(TyKind::X86Fp80) => 80,
            Ok(TyKind::Fp128 | TyKind::PpcFp128) => 128,
            _ => return None,
        };
        Some(self.int_type(bits))
    }

    /// The empty metadata tuple `!{}`.
    pub fn empty_tuple(&self) -> Md {
        // SAFETY: `self.0` is a live context; an empty node needs no operand array.
        Md(unsafe { c::LLVMMDNodeInContext2(self.0, ptr::null_mut(), 0) })
    }
}

/// An instruction builder of one context (freed on drop; see [`super::edit`] for what it
/// builds).
#[derive(Debug)]
pub struct Builder(pub(super) LLVMBuilderRef);

impl Builder {
    /// A builder in context `ctx`.
    pub fn new(ctx: Ctx) -> Builder {
        // SAFETY: `ctx.0` is a live context.
        Builder(unsafe { c::LLVMCreateBuilderInContext(ctx.0) })
    }
}

impl Drop for Builder {
    fn drop(&mut self) {
        // SAFETY: made by `new` and freed once (before its context: see the module docs).
        unsafe { c::LLVMDisposeBuilder(self.0) }
    }
}
