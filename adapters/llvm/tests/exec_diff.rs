//! The execution differential's smoke run: `scripts/exec-diff.py --smoke` generates six
//! C and C++ programs full of near-duplicate functions (fixed seeds), builds each unmerged,
//! after opt-22's MergeFunctions and after our `mergefunc` under every option set, runs
//! them all and requires every merged build to print what the unmerged build prints (and
//! opt-22's verifier to accept every module we write). The big run is made by hand
//! (docs/exec-diff.md).
//!
//! It takes 15 to 40 seconds, so it runs only in CI (`CI` set) or with
//! `MERGEFUNC_EXEC_DIFF=1`; `MERGEFUNC_EXEC_DIFF=0` skips it anywhere.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

mod common;

use std::process::Command;

#[test]
fn generated_programs_print_the_same_after_merging() {
    if !common::harness::exec_diff_wanted("the execution differential test") {
        return;
    }
    if common::harness::tools_or_skip("exec_diff").is_none() {
        return;
    }
    let root = common::harness::repo_root();
    let work = std::env::temp_dir().join(format!("mergefunc-exec-diff-{}", std::process::id()));
    let out = Command::new("python3")
        .arg(root.join("adapters/llvm/scripts/exec-diff.py"))
        .args(["--smoke", "--no-plugin", "--cli", env!("CARGO_BIN_EXE_mergefunc"), "--work"])
        .arg(&work)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exec-diff --smoke failed ({}):\n{stdout}\n{stderr}", out.status);
    // Six programs, each with nine merged builds (eight where opt-22 fails, as it does on
    // naked functions), all compared.
    assert!(stdout.contains("exec-diff: 6 programs"), "{stdout}");
    assert!(stdout.contains("0 output differences"), "{stdout}");
    let _ = std::fs::remove_dir_all(&work);
}
