//! Cycle merging on LLVM modules (`--merge-cycles`): mutually recursive duplicates merge,
//! the verifier accepts the result, `lli-22` prints the same, and without the option the
//! result is exactly opt-22's.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn tool(name: &str) -> Option<PathBuf> {
    let found = Command::new("sh").arg("-c").arg(format!("command -v {name}")).output().ok()?;
    if !found.status.success() {
        return None;
    }
    Some(PathBuf::from(String::from_utf8_lossy(&found.stdout).trim()))
}

/// LLVM 22's tools, or `None` (with a loud message) outside CI when they are missing.
fn llvm_tools() -> Option<(PathBuf, PathBuf)> {
    match (tool("opt-22"), tool("lli-22")) {
        (Some(o), Some(l)) => Some((o, l)),
        _ if std::env::var_os("CI").is_some() => panic!("opt-22/lli-22 missing in CI"),
        _ => {
            eprintln!("SKIPPED: opt-22 or lli-22 not found; run .ci/install-llvm.sh");
            None
        }
    }
}

fn defines(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("define "))
        .filter_map(|l| l.split('@').nth(1).and_then(|s| s.split('(').next()).map(str::to_string))
        .collect();
    v.sort();
    v
}

fn run_ok(cmd: &mut Command) -> String {
    let o = cmd.output().unwrap();
    assert!(o.status.success(), "{:?} failed: {}", cmd, String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn merge(input: &Path, out: &Path, extra: &[&str]) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mergefunc"));
    c.arg(input).arg("-o").arg(out).arg("-S").arg("-v").args(extra);
    let o = c.output().unwrap();
    assert!(o.status.success(), "mergefunc failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn mutually_recursive_duplicates_merge_only_with_the_option() {
    let Some((opt, lli)) = llvm_tools() else { return };
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cycles/cycles.ll");
    let dir = std::env::temp_dir().join(format!("mergefunc-cycles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = std::fs::read_to_string(&input).unwrap();
    let expected_output = run_ok(Command::new(&lli).arg(&input));

    // Default: exactly what opt-22 does (it merges none of these cycles).
    let plain = dir.join("plain.ll");
    merge(&input, &plain, &[]);
    let ours = std::fs::read_to_string(&plain).unwrap();
    let theirs = run_ok(Command::new(&opt).args(["-S", "-passes=mergefunc"]).arg(&input));
    assert_eq!(defines(&ours), defines(&theirs));
    assert_eq!(defines(&ours), defines(&original), "LLVM 22 merges no cycle here");

    // With cycles: the 2-cycle, the 3-cycle merge; the address-comparing cycle stays.
    let cyc = dir.join("cycles.ll");
    let log = merge(&input, &cyc, &["--merge-cycles"]);
    let text = std::fs::read_to_string(&cyc).unwrap();
    let left = defines(&text);
    for gone in ["even_b", "odd_b", "p2", "q2", "r2"] {
        assert!(!left.contains(&gone.to_string()), "{gone} should be merged away:\n{log}");
    }
    for kept in ["even_a", "odd_a", "p1", "q1", "r1", "ping_a", "pong_a", "ping_b", "pong_b", "main"] {
        assert!(left.contains(&kept.to_string()), "{kept} must stay:\n{log}");
    }
    assert_eq!(log.lines().filter(|l| l.contains("[cycle]")).count(), 5, "{log}");
    run_ok(Command::new(&opt).args(["-passes=verify", "-disable-output"]).arg(&cyc));
    assert_eq!(run_ok(Command::new(&lli).arg(&cyc)), expected_output);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A rustc-generated module: a generic recursive-descent parser (`expr → term → atom →
/// expr`) instantiated for three marker types. LLVM 22 merges none of the three 3-cycles;
/// with `--merge-cycles` two of the three instantiations fold into the first.
#[test]
fn rustc_generic_parser_cycles_merge() {
    let Some((opt, _)) = llvm_tools() else { return };
    let dir = std::env::temp_dir().join(format!("mergefunc-cycles-rs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cycles/rust_parser.rs");
    let bc = dir.join("parser.bc");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    run_ok(
        Command::new(rustc)
            .args(["--edition", "2021", "-C", "opt-level=0", "-C", "debuginfo=0", "--emit=llvm-bc", "-o"])
            .arg(&bc)
            .arg(&src),
    );
    let plain = dir.join("plain.ll");
    let log0 = merge(&bc, &plain, &["--stats"]);
    let theirs = run_ok(Command::new(&opt).args(["-S", "-passes=mergefunc"]).arg(&bc));
    let ours = std::fs::read_to_string(&plain).unwrap();
    assert_eq!(defines(&ours), defines(&theirs), "{log0}");
    let cyc = dir.join("cycles.ll");
    let log = merge(&bc, &cyc, &["--merge-cycles"]);
    let extra = log.lines().filter(|l| l.contains("[cycle]")).count();
    assert_eq!(extra, 6, "{log}");
    let left = defines(&std::fs::read_to_string(&cyc).unwrap());
    assert_eq!(left.len() + 6, defines(&ours).len());
    run_ok(Command::new(&opt).args(["-passes=verify", "-disable-output"]).arg(&cyc));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Class mates stand in for each other at every abstracted call, also when their own
/// merge is refused: `f2` folds into `f1`, so `g1` runs where `g2` ran, although the ODR
/// vararg pair `g1`/`g2` cannot merge. `g1` must then state nothing `g2` does not: a GEP
/// `nuw` (`--merge-cycles`) or a `!range` (`--drop-differing-attachments`), which
/// `opt-22 -O2` would otherwise exploit (the program prints something else).
#[test]
fn refused_class_mates_state_only_what_every_mate_states() {
    let Some((opt, lli)) = llvm_tools() else { return };
    let dir = std::env::temp_dir().join(format!("mergefunc-cycles-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o2_run = |input: &Path| {
        let o2 = dir.join("o2.ll");
        run_ok(Command::new(&opt).args(["-O2", "-S", "-o"]).arg(&o2).arg(input));
        run_ok(Command::new(&lli).arg(&o2))
    };
    let cases: [(&str, &[&str]); 2] = [
        ("refused-mates-flags.ll", &["--merge-cycles"]),
        ("refused-mates-range.ll", &["--merge-cycles", "--drop-differing-attachments"]),
    ];
    for (file, opts) in cases {
        let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cycles").join(file);
        let expected = o2_run(&input);
        let out = dir.join(file);
        let log = merge(&input, &out, opts);
        assert!(log.contains("@f2 -> @f1: thunk (uses: calls) [cycle]"), "{file}: the case needs f2 folded:\n{log}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("define linkonce_odr i32 @g2"), "{file}: g2 stays (the case needs its merge refused)");
        assert!(!text.contains("nuw") && !text.contains("!range"), "{file}: g1 keeps a fact g2 lacks:\n{text}");
        run_ok(Command::new(&opt).args(["-passes=verify", "-disable-output"]).arg(&out));
        assert_eq!(o2_run(&out), expected, "{file}: the merged program behaves differently after -O2");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
