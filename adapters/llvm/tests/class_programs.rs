//! The class programs' smoke run: `scripts/real-programs.py` builds two of its programs
//! through the command only (no plugin, `-O2`, the default options and all options):
//! `classes-c` (macro- and compiler-written families: `_Generic` over per-type families,
//! `cleanup` locals, varargs readers, setjmp, computed goto, `target_clones`, callbacks
//! whose addresses are compared) and `cfi` under `-fsanitize=cfi` (indirect calls to
//! functions with equal bodies, of one C type and of different C types; calls of the
//! wrong type must still be stopped after merging). Every merged build must print what
//! the unmerged build prints, and the command must merge in both. The whole sweep
//! (every build way, OpenMP, coroutines, expat, Mbed TLS, fmt) is
//! `scripts/class-sweep.sh` (docs/soundness-audit.md).
//!
//! `interpose` builds a shared library of exported twins in three semantic-interposition
//! modes and runs one executable against it with and without a preloaded library that
//! defines one twin of each pair (`LD_PRELOAD`); with `-fsemantic-interposition` every
//! preloaded run must answer what the unmerged library answers; so must every run of the
//! library linked with `-Bsymbolic-functions` (clang's default, `-fno-semantic-interposition`,
//! `-fvisibility=hidden` with explicit exports, and `-fno-plt` with `-z now`). Built with
//! `-fno-plt -z now` after clang's default flags (calls through the GOT, bound at load
//! time), the run without a preload must answer as the unmerged library does.
//!
//! It takes a few seconds, so it runs with the execution differential: in CI (`CI` set)
//! or with `MERGEFUNC_EXEC_DIFF=1`; `MERGEFUNC_EXEC_DIFF=0` skips it anywhere.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

mod common;

use std::process::Command;

/// Runs real-programs.py with `extra` and returns its output after checking that every
/// build printed what its unmerged build printed.
fn run_programs(work: &std::path::Path, extra: &[&str]) -> String {
    let root = common::harness::repo_root();
    let out = Command::new("python3")
        .arg(root.join("adapters/llvm/scripts/real-programs.py"))
        .args(["--no-plugin", "--opt-levels", "O2", "--sets", "default,all", "--cli", env!("CARGO_BIN_EXE_mergefunc")])
        .arg("--work")
        .arg(work)
        .args(extra)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "real-programs.py {extra:?} failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("all builds printed what the unmerged build printed"), "{stdout}");
    stdout
}

/// The merge count of one build line (`NAME -O2 cli:default   merged=   14 ...`).
fn merged(stdout: &str, build: &str) -> u32 {
    merged_of_program(stdout, None, build)
}

/// The merge count of one build line of one program (`program`: the line's first word),
/// or of the first program with that build (`None`).
fn merged_of_program(stdout: &str, program: Option<&str>, build: &str) -> u32 {
    let line = stdout
        .lines()
        .find(|l| {
            let mut words = l.split_whitespace();
            let name = words.next();
            program.is_none_or(|p| name == Some(p)) && words.nth(1) == Some(build)
        })
        .unwrap_or_else(|| panic!("no {build} line in:\n{stdout}"));
    let count = line.split("merged=").nth(1).and_then(|r| r.split_whitespace().next()).unwrap_or("-");
    count.parse().unwrap_or_else(|_| panic!("no merge count in {line}"))
}

#[test]
fn class_programs_print_the_same_after_merging() {
    if !common::harness::exec_diff_wanted("the class programs test") {
        return;
    }
    if common::harness::tools_or_skip("class_programs").is_none() {
        return;
    }
    let work = std::env::temp_dir().join(format!("mergefunc-class-programs-{}", std::process::id()));
    let c = run_programs(&work, &["--programs", "classes-c"]);
    // the families of one layout merge (vec_long_* into vec_llong_*, the twins of each
    // family, cleanup twins, target_clones twins); the rest of the program stays
    assert!(merged(&c, "cli:default") >= 10, "{c}");
    assert!(merged(&c, "cli:all") >= merged(&c, "cli:default"), "{c}");
    let cfi = run_programs(&work, &["--programs", "cfi", "--cflags", "cfi"]);
    // inc_a/inc_b, sq_a/sq_b, load_a/load_b, nonnull_i/nonnull_i2: one C type each; the
    // pairs of different C types (different CFI type sets) stay apart
    assert_eq!(merged(&cfi, "cli:default"), 4, "{cfi}");
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn interposed_twins_keep_their_answers() {
    if !common::harness::exec_diff_wanted("the interposition test") {
        return;
    }
    if common::harness::tools_or_skip("interposed_twins_keep_their_answers").is_none() {
        return;
    }
    let work = std::env::temp_dir().join(format!("mergefunc-interpose-{}", std::process::id()));
    let out = run_programs(&work, &["--programs", "interpose"]);
    // with semantic interposition the exported twins are interposable: each pair becomes
    // two thunks to a private body (twin_a/twin_b/twin_c, weak_a/weak_b), and the
    // preloaded runs (compared in full) still answer as the unmerged library does
    for build in ["cli:default", "cli:all"] {
        assert!(merged_of_program(&out, Some("interpose-si"), build) >= 8, "{out}");
        assert!(merged_of_program(&out, Some("interpose-default"), build) >= 8, "{out}");
        assert!(merged_of_program(&out, Some("interpose-noplt"), build) >= 8, "{out}");
    }
    // three runs compared per build (alone, `_a` twins preloaded, `_b` twins preloaded)
    let si = out.lines().find(|l| l.starts_with("interpose-si -O2 cli:all ")).expect("the si line");
    assert!(si.contains("exit=[0, 0, 0]") && si.ends_with("same"), "{si}");
    // linked with -Bsymbolic-functions, the library's own references bind to its own
    // definitions: the twins merge (thunks calling the survivor) and every preloaded run
    // is compared in full
    for mode in ["interpose-bsym", "interpose-bsym-nosi", "interpose-hidden", "interpose-bsym-noplt"] {
        assert!(merged_of_program(&out, Some(mode), "cli:all") >= 8, "{out}");
        let line = out.lines().find(|l| l.starts_with(&format!("{mode} -O2 cli:all "))).expect("the mode's line");
        assert!(line.contains("exit=[0, 0, 0]") && line.ends_with("same"), "{line}");
    }
    let _ = std::fs::remove_dir_all(&work);
}
