//! `mergefunc-mock FILE.mir [--use-aliases] [--preserve-debug-info] [--merge-cycles]`:
//! parses a mock-IR module, verifies it, merges it, verifies the result and prints the
//! merge report and the merged module (the same sections as the snapshot catalogue).
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::process::ExitCode;

fn run() -> Result<String, String> {
    let mut options = mergefunc::Options::default();
    let mut path = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--use-aliases" => options.use_aliases = true,
            "--preserve-debug-info" => options.preserve_debug_info = true,
            "--merge-cycles" => options.merge_cycles = true,
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            _ if path.is_some() => return Err("more than one input file".into()),
            _ => path = Some(a),
        }
    }
    let path = path.ok_or("usage: mergefunc-mock FILE.mir [--use-aliases] [--preserve-debug-info] [--merge-cycles]")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut m = mergefunc_mock::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    mergefunc_mock::verify(&m).map_err(|e| format!("{path}: invalid module: {e}"))?;
    let report = mergefunc::merge_module(&mut m, &options).map_err(|e| format!("merge failed: {e}"))?;
    mergefunc_mock::verify(&m).map_err(|e| format!("internal error: the merged module is invalid: {e}"))?;
    Ok(format!("--- MERGE REPORT\n{}\n--- OUTPUT\n{}", report.display(&m), mergefunc_mock::print(&m)))
}

fn main() -> ExitCode {
    match run() {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mergefunc-mock: error: {e}");
            ExitCode::FAILURE
        }
    }
}
