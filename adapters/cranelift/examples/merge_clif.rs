//! Merges the functions of a CLIF file and prints the report and the result.
//!
//! ```text
//! cargo run -p mergefunc-cranelift --example merge_clif -- FILE.clif [--merge-cycles]
//! ```
//!
//! Every `function` in the file is one function of the module. A comment line
//! `;; mergefunc: local` (or `import`, `preemptible`, `hidden`, `export`, plus the flags
//! `unnamed_addr` and `used`) before a function sets its linkage; the default is
//! `export`. Calls to `%names` the file does not define are imports.

use std::process::ExitCode;

use mergefunc::Options;
use mergefunc_cranelift::ClifModule;

fn main() -> ExitCode {
    let mut path = None;
    let mut options = Options::default();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--merge-cycles" => options.merge_cycles = true,
            _ if path.is_none() => path = Some(arg),
            _ => {
                eprintln!("usage: merge_clif FILE.clif [--merge-cycles]");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(path) = path else {
        eprintln!("usage: merge_clif FILE.clif [--merge-cycles]");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };

    // 1. The module: every function of the file, with its linkage.
    let mut module = match ClifModule::from_clif(&text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };

    // 2. Merge. The report has one line per folded function.
    let report = match module.merge(&options) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("merge failed: {e}");
            return ExitCode::FAILURE;
        }
    };

    // 3. Every function still verifies.
    if let Err(e) = module.verify() {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }

    println!(";; ---- report");
    for line in report.display(&module).to_string().lines() {
        println!(";; {line}");
    }
    println!(";; ---- module");
    print!("{}", module.to_clif());
    ExitCode::SUCCESS
}
