//! `--drop-differing-attachments` on the modules of `tests/drop-attachments/`: each file
//! lists the merges `-v` reports without the option (`; DEFAULT:`) and with it
//! (`; FLAG:`), as `folded->survivor` (a private shared body by its number), and runs
//! with the options of its `; RUN-OPTS:` line. With the option the output must pass
//! LLVM 22's verifier and be exactly `NAME.expected.ll` (the survivor's differing
//! attachments gone, every shared one kept); `MERGEFUNC_BLESS=1` rewrites those files.
//! The plugin's `drop-differing-attachments` parameter is the same switch
//! (`LlvmModule::set_drop_differing_attachments`), tested by the library test below.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::path::{Path, PathBuf};
use std::process::Command;

const FLAG: &str = "--drop-differing-attachments";

fn opt22() -> Option<PathBuf> {
    let found = Command::new("sh").arg("-c").arg("command -v opt-22").output().ok()?;
    if found.status.success() {
        return Some(PathBuf::from(String::from_utf8_lossy(&found.stdout).trim()));
    }
    assert!(std::env::var_os("CI").is_none(), "opt-22 missing in CI");
    eprintln!("SKIPPED: opt-22 not found; run .ci/install-llvm.sh");
    None
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drop-attachments");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll") && !p.to_string_lossy().ends_with(".expected.ll"))
        .collect();
    v.sort();
    v
}

/// The merges `-v` printed, as sorted `folded->survivor`.
fn merges(stderr: &str) -> Vec<String> {
    let mut v: Vec<String> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("mergefunc: @"))
        .filter_map(|l| {
            let (folded, rest) = l.split_once(" -> @")?;
            Some(format!("{folded}->{}", rest.split(':').next()?))
        })
        .collect();
    v.sort();
    v
}

fn listed(text: &str, key: &str) -> Vec<String> {
    let line = text.lines().find_map(|l| l.strip_prefix(key)).unwrap_or_else(|| panic!("no `{key}` line"));
    let mut v: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Runs the CLI (text output, `-v`, the fast-path checks on); returns the merges and
/// the output without the lines naming the input file.
fn run(input: &Path, out: &Path, extra: &[&str]) -> (Vec<String>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_mergefunc"))
        .arg(input)
        .arg("-o")
        .arg(out)
        .args(["-S", "-v", "--check-fast-path"])
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}: mergefunc failed: {}", input.display(), String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out).unwrap();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .map(|l| format!("{l}\n"))
        .collect();
    (merges(&String::from_utf8_lossy(&o.stderr)), text)
}

#[test]
fn differing_droppable_attachments_merge_and_leave_the_survivor() {
    let Some(opt) = opt22() else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("drop-attachments");
    std::fs::create_dir_all(&dir).unwrap();
    let bless = std::env::var_os("MERGEFUNC_BLESS").is_some();
    let files = cases();
    assert!(files.len() >= 6, "only {} cases", files.len());
    let mut merged = 0;
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(f).unwrap();
        let mut opts: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("; RUN-OPTS:"))
            .map(|l| l.split_whitespace().collect())
            .unwrap_or_default();
        let out = dir.join(&name);
        let (plain, _) = run(f, &out, &opts);
        assert_eq!(plain, listed(&text, "; DEFAULT:"), "{name}: merges without {FLAG}");
        opts.push(FLAG);
        let (with, output) = run(f, &out, &opts);
        assert_eq!(with, listed(&text, "; FLAG:"), "{name}: merges with {FLAG}");
        merged += with.len();
        let v = Command::new(&opt).args(["-passes=verify", "-disable-output"]).arg(&out).output().unwrap();
        assert!(v.status.success(), "{name}: the verifier rejects the output: {}", String::from_utf8_lossy(&v.stderr));
        let golden = f.with_file_name(name.replace(".ll", ".expected.ll"));
        if bless {
            std::fs::write(&golden, &output).unwrap();
        }
        let want = std::fs::read_to_string(&golden).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
        assert_eq!(output, want, "{name}: output with {FLAG} differs from {}", golden.display());
    }
    assert!(merged >= 8, "only {merged} merges with {FLAG}");
}

/// The library switch: on a module whose functions differ only in TBAA, merging with
/// it leaves one body without the differing tag; switching it on after views were built
/// (an explain, say) rebuilds them.
#[test]
fn library_switch_merges_and_drops() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drop-attachments/tbaa-pair.ll");
    let mut m = mergefunc_llvm::LlvmModule::load(&path).unwrap();
    m.testing().build_all_views();
    m.set_drop_differing_attachments(true);
    let opts = mergefunc::Options { check_fast_path: true, ..Default::default() };
    let r = mergefunc::merge_module(&mut m, &opts).unwrap();
    assert_eq!(r.stats.functions_merged, 1, "{r:?}");
    let text = m.to_text();
    let f = text.split("define i32 @f").nth(1).unwrap().split("\n}").next().unwrap();
    assert_eq!(f.matches("!tbaa").count(), 1, "only the store's tag stays:\n{f}");
    let mut m = mergefunc_llvm::LlvmModule::load(&path).unwrap();
    let r = mergefunc::merge_module(&mut m, &opts).unwrap();
    assert_eq!(r.stats.functions_merged, 0, "without the switch the pair stays apart: {r:?}");
}
