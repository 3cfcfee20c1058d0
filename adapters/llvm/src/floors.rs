//! The benchmark's floors: what merely looking at a module costs, measured in the same
//! binary and mode as the pass, so that the pass's time can be placed between them.
//!
//! * the *header floor*: one walk over every function of the module reading its header
//!   (function type, linkage, parameter count, whether it has a body) through LLVM-C;
//! * the *instruction floor*: one walk over every instruction of every function reading
//!   its opcode and operand count (the shim's `mergefunc_floor_instruction_walk`), the
//!   least that a pass reading every instruction (LLVM's `StructuralHash` does) reads.
//!
//! Both run on a module parsed and verified as [`crate::LlvmModule::load`] does, before
//! anything else reads it, so the memory they touch is as cold as it is for the pass.

use crate::ffi;
use inkwell::llvm_sys as sys;
use inkwell::llvm_sys::core as c;
use std::path::Path;
use std::time::Instant;

/// The floors of one module (seconds), and the module written as bitcode if asked.
#[derive(Clone, Copy, Debug)]
pub struct Floors {
    /// One walk over every function header: wall, CPU.
    pub headers: (f64, f64),
    /// One walk over every instruction: wall, CPU.
    pub instructions: (f64, f64),
    /// Functions and instructions walked.
    pub counts: (u64, u64),
}

/// Parses and verifies `path`, then times both floors (see the module docs). With
/// `write`, the module is then written there as bitcode (in memory first, as the CLI
/// writes), so that the process's peak memory is that of parsing and writing alone: the
/// benchmark's baseline for the pass's memory.
pub fn floors(path: &Path, write: Option<&Path>) -> Result<Floors, String> {
    let data = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // SAFETY: the context, buffer and module are created, used and disposed of here; the
    // walks only read the module.
    unsafe {
        let ctx = c::LLVMContextCreate();
        let buf = c::LLVMCreateMemoryBufferWithMemoryRangeCopy(
            data.as_ptr() as *const std::os::raw::c_char,
            data.len(),
            c"floors".as_ptr(),
        );
        let mut m = std::ptr::null_mut();
        let mut msg = std::ptr::null_mut();
        let failed = sys::ir_reader::LLVMParseIRInContext2(ctx, buf, &mut m, &mut msg);
        c::LLVMDisposeMemoryBuffer(buf);
        if !msg.is_null() {
            c::LLVMDisposeMessage(msg);
        }
        if failed != 0 || m.is_null() {
            c::LLVMContextDispose(ctx);
            return Err(format!("cannot parse {}", path.display()));
        }
        let mut vmsg = std::ptr::null_mut();
        // 2 = LLVMReturnStatusAction.
        let bad = ffi::LLVMVerifyModule(m, 2, &mut vmsg) != 0;
        if !vmsg.is_null() {
            c::LLVMDisposeMessage(vmsg);
        }
        if bad {
            c::LLVMDisposeModule(m);
            c::LLVMContextDispose(ctx);
            return Err(format!("{} is not valid LLVM IR", path.display()));
        }
        let (t, c0) = (Instant::now(), crate::process_cpu_seconds());
        let (mut sum, mut n) = (0u64, 0u64);
        let mut f = c::LLVMGetFirstFunction(m);
        while !f.is_null() {
            let ty = c::LLVMGlobalGetValueType(f) as u64;
            sum = sum.rotate_left(5) ^ ty ^ (c::LLVMGetLinkage(f) as u64) ^ ((c::LLVMCountParams(f) as u64) << 8);
            sum ^= (c::LLVMIsDeclaration(f) as u64) << 16;
            n += 1;
            f = c::LLVMGetNextFunction(f);
        }
        let headers = (t.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
        std::hint::black_box(sum);
        let (t, c0) = (Instant::now(), crate::process_cpu_seconds());
        let walk = ffi::mergefunc_floor_instruction_walk(m);
        let instructions = (t.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
        std::hint::black_box(walk);
        let mut insts = 0u64;
        let mut f = c::LLVMGetFirstFunction(m);
        while !f.is_null() {
            let mut b = c::LLVMGetFirstBasicBlock(f);
            while !b.is_null() {
                let mut i = c::LLVMGetFirstInstruction(b);
                while !i.is_null() {
                    insts += 1;
                    i = c::LLVMGetNextInstruction(i);
                }
                b = c::LLVMGetNextBasicBlock(b);
            }
            f = c::LLVMGetNextFunction(f);
        }
        let mut result = Ok(Floors { headers, instructions, counts: (n, insts) });
        if let Some(out) = write {
            let mb = sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer(m);
            let bytes = std::slice::from_raw_parts(c::LLVMGetBufferStart(mb) as *const u8, c::LLVMGetBufferSize(mb));
            if let Err(e) = std::fs::write(out, bytes) {
                result = Err(format!("cannot write {}: {e}", out.display()));
            }
            c::LLVMDisposeMemoryBuffer(mb);
        }
        c::LLVMDisposeModule(m);
        c::LLVMContextDispose(ctx);
        result
    }
}
