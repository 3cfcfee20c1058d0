//! Comparison micro-benchmark: `Comparator::compare` on pairs of long functions that are
//! equal, or differ only at their last instruction (the order walks everything), and
//! `Comparator::explain` on the same pairs.
//!
//! ```text
//! cargo bench -p mergefunc-mock --bench compare
//! ```
//!
//! Prints ns per comparison and per explanation, and their ratio (measured in the same
//! run). To see that explanations cost a plain comparison nothing, build this benchmark
//! before and after a change and run the two binaries alternately (see
//! `docs/explain.md`).

#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::fmt::Write as _;
use std::time::Instant;

use mergefunc::{Comparator, FuncId};

/// `n` functions of `len` arithmetic steps; function `i` ends with `add .., i % 7`
/// so that pairs are equal (same residue) or differ only at the end.
fn module(n: usize, len: usize) -> String {
    let mut s = String::from("declare void @sink(i64)\n");
    for i in 0..n {
        writeln!(s, "define void @f{i}(i64 %a, i64 %b) {{\nentry:").unwrap();
        writeln!(s, "  %v0 = add i64 %a, %b").unwrap();
        for k in 1..len {
            let op = ["add", "mul", "xor", "sub"][k % 4];
            writeln!(s, "  %v{k} = {op} i64 %v{}, {}", k - 1, k * 3 + 1).unwrap();
        }
        writeln!(s, "  %last = add i64 %v{}, {}", len - 1, i % 7).unwrap();
        writeln!(s, "  call void @sink(i64 %last)\n  ret void\n}}").unwrap();
    }
    s
}

fn main() {
    let (n, len, reps) = (64usize, 200usize, 200usize);
    let m = mergefunc_mock::parse(&module(n, len)).expect("parses");
    let f = |i: usize| m.func_by_name(&format!("f{i}")).expect("function");
    let pairs: Vec<(FuncId, FuncId)> =
        (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).map(|(i, j)| (f(i), f(j))).collect();
    let mut cmp = Comparator::new();
    let mut sink = 0u64;
    let mut best = (f64::MAX, f64::MAX);
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..reps / 5 {
            for (a, b) in &pairs {
                sink += cmp.compare(&m, *a, *b) as i8 as u64;
            }
        }
        let c = t.elapsed().as_secs_f64() * 1e9 / (pairs.len() * (reps / 5)) as f64;
        let t = Instant::now();
        for _ in 0..reps / 5 {
            for (a, b) in &pairs {
                sink += cmp.explain(&m, *a, *b).order as i8 as u64;
            }
        }
        let e = t.elapsed().as_secs_f64() * 1e9 / (pairs.len() * (reps / 5)) as f64;
        best = (best.0.min(c), best.1.min(e));
    }
    println!(
        "compare: {:.0} ns per comparison; explain: {:.0} ns per explanation ({:.2}x a comparison); {} pairs of {}-instruction functions (checksum {sink})",
        best.0,
        best.1,
        best.1 / best.0,
        pairs.len(),
        len + 3
    );
}
