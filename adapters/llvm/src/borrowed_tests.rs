//! Tests of [`LlvmModule::from_borrowed`]: a merge run over a module whose context and
//! module belong to the caller (as in a pass plugin) leaves both alive and usable.

use crate::module::LlvmModule;
use inkwell::llvm_sys as sys;
use std::ffi::CStr;
use std::os::raw::c_char;
use std::ptr;
use sys::core as c;

const SRC: &str = "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\
    define internal i32 @a(i32 %x) {\n  %y = mul i32 %x, %x\n  %z = add i32 %y, 7\n  ret i32 %z\n}\n\
    define internal i32 @b(i32 %x) {\n  %y = mul i32 %x, %x\n  %z = add i32 %y, 7\n  ret i32 %z\n}\n\
    define i32 @use(i32 %x) {\n  %1 = call i32 @a(i32 %x)\n  %2 = call i32 @b(i32 %x)\n  %3 = add i32 %1, %2\n  \
    ret i32 %3\n}\n";

/// A context and module owned by the test, as a host owns them.
fn parse_owned(src: &str) -> (sys::prelude::LLVMContextRef, sys::prelude::LLVMModuleRef) {
    // SAFETY: plain LLVM-C calls on objects created here; the buffer is copied by LLVM
    // and not taken by `LLVMParseIRInContext2`.
    unsafe {
        let ctx = c::LLVMContextCreate();
        let buf = c::LLVMCreateMemoryBufferWithMemoryRangeCopy(
            src.as_ptr() as *const c_char,
            src.len(),
            c"borrowed.ll".as_ptr(),
        );
        let mut m = ptr::null_mut();
        let mut msg = ptr::null_mut();
        let failed = sys::ir_reader::LLVMParseIRInContext2(ctx, buf, &mut m, &mut msg);
        c::LLVMDisposeMemoryBuffer(buf);
        assert!(failed == 0 && !m.is_null(), "test module does not parse");
        (ctx, m)
    }
}

fn defined_functions(m: sys::prelude::LLVMModuleRef) -> Vec<String> {
    let mut out = Vec::new();
    // SAFETY: walks a live module's function list.
    unsafe {
        let mut f = c::LLVMGetFirstFunction(m);
        while !f.is_null() {
            let mut len = 0;
            let name = c::LLVMGetValueName2(f, &mut len);
            out.push(String::from_utf8_lossy(std::slice::from_raw_parts(name as *const u8, len)).into_owned());
            f = c::LLVMGetNextFunction(f);
        }
    }
    out
}

/// The folded function leaves the caller's module, and dropping the adapter frees
/// neither the module nor the context: the caller prints, verifies and disposes them.
#[test]
fn a_borrowed_module_is_merged_in_place_and_left_to_its_owner() {
    let (ctx, m) = parse_owned(SRC);
    {
        // SAFETY: `m` is valid and verified, and nothing else touches it until `lm` drops.
        let mut lm = unsafe { LlvmModule::from_borrowed(m, 1) };
        let report = mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
        assert_eq!(report.stats.functions_merged, 1);
        lm.verify().unwrap();
    }
    assert_eq!(defined_functions(m), ["a", "use"]);
    // SAFETY: the module and context are still ours; LLVM's verifier and printer read
    // them, then they are disposed exactly once.
    unsafe {
        let mut msg = ptr::null_mut();
        assert_eq!(crate::ffi::LLVMVerifyModule(m, 2, &mut msg), 0);
        c::LLVMDisposeMessage(msg);
        let text = c::LLVMPrintModuleToString(m);
        let s = CStr::from_ptr(text).to_string_lossy().into_owned();
        c::LLVMDisposeMessage(text);
        assert!(s.contains("call i32 @a(i32 %x)\n  %2 = call i32 @a(i32 %x)"), "{s}");
        c::LLVMDisposeModule(m);
        c::LLVMContextDispose(ctx);
    }
}

/// Two runs over the same borrowed module (as when a host runs the pass twice) work; the
/// second finds nothing left to merge.
#[test]
fn a_borrowed_module_can_be_merged_again() {
    let (ctx, m) = parse_owned(SRC);
    for expected in [1, 0] {
        // SAFETY: as above; each adapter is dropped before the next is made.
        let mut lm = unsafe { LlvmModule::from_borrowed(m, 2) };
        let report = mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
        assert_eq!(report.stats.functions_merged, expected);
    }
    // SAFETY: still ours, disposed once.
    unsafe {
        c::LLVMDisposeModule(m);
        c::LLVMContextDispose(ctx);
    }
}
