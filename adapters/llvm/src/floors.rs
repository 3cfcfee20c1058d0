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

use crate::safe::{OwnedIr, ParseError};
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
    let ir = OwnedIr::parse(&data, "floors").map_err(|e| match e {
        ParseError::Parse(_) => format!("cannot parse {}", path.display()),
        ParseError::Invalid(_) => format!("{} is not valid LLVM IR", path.display()),
    })?;
    let m = ir.module();
    let (t, c0) = (Instant::now(), crate::process_cpu_seconds());
    let (mut sum, mut n) = (0u64, 0u64);
    for f in m.functions() {
        let ty = f.global_value_type().map_or(0, |t| t.0 as u64);
        let linkage = f.linkage().map_or(0, |l| l.map_or_else(|raw| raw, |l| l.raw()));
        sum = sum.rotate_left(5) ^ ty ^ (linkage as u64) ^ ((f.param_count() as u64) << 8);
        sum ^= (f.is_declaration() as u64) << 16;
        n += 1;
    }
    let headers = (t.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
    std::hint::black_box(sum);
    let (t, c0) = (Instant::now(), crate::process_cpu_seconds());
    let walk = m.floor_instruction_walk();
    let instructions = (t.elapsed().as_secs_f64(), crate::process_cpu_seconds() - c0);
    std::hint::black_box(walk);
    let insts: u64 = m
        .functions()
        .filter_map(|f| f.first_block())
        .flat_map(|b| b.and_following())
        .map(|b| b.instructions().count() as u64)
        .sum();
    if let Some(out) = write {
        std::fs::write(out, m.bitcode()).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    Ok(Floors { headers, instructions, counts: (n, insts) })
}
