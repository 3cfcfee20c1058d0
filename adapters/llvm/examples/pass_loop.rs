//! Profiling aid: the pass alone, K times over one module. Each round parses and verifies
//! a fresh copy (as the command does, so the IR is as warm as there) and runs the pass on
//! it through `LlvmModule::from_borrowed` with one thread; prints the time of the first
//! round (cold code) and the median of the others. With `PERF_CTL=FIFO PERF_ACK=FIFO` it
//! switches `perf record -D -1 --control fifo:CTL,ACK` on around each pass only, so the
//! profile holds no parsing:
//!
//! ```text
//! mkfifo ctl ack
//! PERF_CTL=ctl PERF_ACK=ack perf record -e cpu-clock -D -1 --control fifo:ctl,ack -- \
//!   target/release/examples/pass_loop IN.bc 300 [--merge-cycles] [--use-aliases]
//! ```
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use mergefunc::{merge_module, Options};
use mergefunc_llvm::LlvmModule;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&args[1]).expect("read");
    let k: usize = args[2].parse().expect("K");
    let opts = Options {
        merge_cycles: args.iter().any(|a| a == "--merge-cycles"),
        use_aliases: args.iter().any(|a| a == "--use-aliases"),
        ..Options::default()
    };
    mergefunc_llvm::tune_allocator_for_one_shot();
    let ctl = std::env::var("PERF_CTL").ok();
    let ack = std::env::var("PERF_ACK").ok();
    use std::io::{Read, Write};
    let mut ctl = ctl.map(|c| std::fs::OpenOptions::new().write(true).open(c).expect("ctl"));
    let mut ack = ack.map(|a| std::fs::File::open(a).expect("ack"));
    let mut perf = |what: &str| {
        if let (Some(c), Some(a)) = (ctl.as_mut(), ack.as_mut()) {
            c.write_all(what.as_bytes()).expect("ctl");
            let mut b = [0u8; 5];
            let _ = a.read(&mut b);
        }
    };
    let mut times = Vec::new();
    for _ in 0..k {
        let ctx: &'static Context = Box::leak(Box::new(Context::create()));
        let buf = MemoryBuffer::create_from_memory_range_copy(&data, "m");
        let m = ctx.create_module_from_ir(buf).expect("parse");
        m.verify().expect("verify");
        perf("enable\n");
        let t = std::time::Instant::now();
        // SAFETY: `m` is a parsed module that nothing else touches during the run.
        let mut lm = unsafe { LlvmModule::from_borrowed(m.as_mut_ptr(), 1) };
        lm.set_keep_erased(true);
        merge_module(&mut lm, &opts).expect("merge");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        perf("disable\n");
        core::mem::forget(lm);
        core::mem::forget(m);
    }
    let first = times[0];
    let mut rest = times[1..].to_vec();
    rest.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let med = if rest.is_empty() { f64::NAN } else { rest[rest.len() / 2] };
    println!("first {first:.3} ms, warm median {med:.3} ms");
}
