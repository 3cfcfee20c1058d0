//! The nearest honest integration with wasmtime: merge the CLIF that wasmtime 48.0.8
//! hands to Cranelift for a whole WebAssembly module, then compile it with
//! cranelift-codegen for x86-64, and compare the machine code with and without the
//! merge.
//!
//! Wasmtime itself offers no place to run a module-level pass between its translation
//! to CLIF and code generation: each function is translated and compiled on its own
//! (possibly in parallel), and `Config::emit_clif` only writes the CLIF out. So this
//! example starts from that output (`tests/real/*.clif.gz`, made by
//! `scripts/make-real-clif.sh`).
//!
//! ```sh
//! cargo run --release -p mergefunc-cranelift --example wasmtime_clif -- \
//!     adapters/cranelift/tests/real/zstd.clif.gz
//! ```

use std::io::Read as _;
use std::time::Instant;

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::settings::Configurable as _;
use cranelift_codegen::{isa, settings, Context};
use mergefunc_cranelift::ClifModule;

/// Compiles every function with a body; returns the total machine code size.
fn compile_all(m: &ClifModule, isa: &dyn isa::TargetIsa) -> Result<(usize, usize), String> {
    let (mut funcs, mut bytes) = (0, 0);
    for id in m.ids() {
        let Some(f) = m.function(id) else { continue };
        let mut ctx = Context::for_function(f.clone());
        let code = ctx
            .compile(isa, &mut ControlPlane::default())
            .map_err(|e| format!("{} does not compile: {:?}", m.decl(id).name, e.inner))?;
        funcs += 1;
        bytes += code.buffer.data().len();
    }
    Ok((funcs, bytes))
}

fn main() -> Result<(), Box<dyn core::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        return Err("usage: wasmtime_clif FILE.clif[.gz]".into());
    };
    let raw = std::fs::read(&path)?;
    let mut text = String::new();
    if path.ends_with(".gz") {
        flate2::read::GzDecoder::new(&raw[..]).read_to_string(&mut text)?;
    } else {
        text = String::from_utf8(raw)?;
    }
    // The shared flags wasmtime sets that its CLIF depends on: frame pointers (its
    // trampolines use `get_frame_pointer`) and its optimisation level.
    let mut flags = settings::builder();
    flags.set("preserve_frame_pointers", "true")?;
    flags.set("opt_level", "speed")?;
    let isa = isa::lookup_by_name("x86_64-unknown-linux-gnu")?.finish(settings::Flags::new(flags))?;

    let t = Instant::now();
    let mut m = ClifModule::from_clif(&text)?;
    let load = t.elapsed();
    let (n0, b0) = compile_all(&m, &*isa)?;

    let t = Instant::now();
    let report = m.merge(&mergefunc::Options::default())?;
    let merge = t.elapsed();
    m.verify_for(&*isa)?;
    for line in &report.merges {
        println!("{}", line.display(&m));
    }
    let (n1, b1) = compile_all(&m, &*isa)?;
    println!(
        "{path}: parsed in {:.1} ms, merged in {:.1} ms: {} folded ({} thunks); \
         x86-64 code {n0} functions / {b0} bytes -> {n1} functions / {b1} bytes ({:+.2}%)",
        load.as_secs_f64() * 1e3,
        merge.as_secs_f64() * 1e3,
        report.merges.len(),
        report.stats.thunks_written,
        (b1 as f64 - b0 as f64) * 100.0 / b0 as f64
    );
    println!("merge statistics: {:?}", report.stats);
    Ok(())
}
