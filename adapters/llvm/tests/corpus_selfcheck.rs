//! Checks of the differential-test machinery that need no `mergefunc` binary (they use
//! opt-22 alone, not our pass): the corpus is valid, annotated and pinned to what opt-22
//! actually does (`; EXPECT:` lines), the classifier is stable across a bitcode round
//! trip (opt against itself), and the lli comparison works. Real generated modules are
//! exercised opt-vs-opt by the `#[ignore]`d tests at the end.

// Test tooling runs on a host with std; the workspace no_std lints do not apply.
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::classify::{self, Outcome};
use common::harness::{self, CaseOpts, Tools};

const HEADER_DL: &str =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"";
const HEADER_TRIPLE: &str = "target triple = \"x86_64-unknown-linux-gnu\"";

/// Files where opt-22's merge changes observable behaviour (LLVM bugs the corpus pins).
const LLVM_CHANGES_BEHAVIOUR: &[&str] = &[
    "self-address.ll",
    "instrument-functions.ll",
    "fn-prefix-prologue.ll",
    "fn-attachments.ll",
    "blockaddress-escaping.ll",
    "landingpad-cleanup.ll",
    "call-function-type.ll",
    // opt-22's two unnamed private bodies define `__cfi_` twice: lli cannot compile it
    "private-bodies-named.ll",
];

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn corpus_is_annotated() {
    let files = harness::corpus_files();
    assert!(files.len() >= 45, "corpus has only {} files", files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let n = name(f);
        let head: Vec<&str> = text.lines().take(4).collect();
        assert!(head.iter().any(|l| l.starts_with("; RULE: ")), "{n}: no `; RULE:` comment at the top");
        assert!(head.iter().any(|l| l.starts_with("; OPT22: ")), "{n}: no `; OPT22:` comment at the top");
        // `; TARGET:` marks a file about the target itself (a triple without a datalayout,
        // another triple); every other file uses the fixed x86_64 header.
        if head.iter().any(|l| l.starts_with("; TARGET: ")) {
            assert!(text.contains("target triple = "), "{n}: `; TARGET:` file without a triple");
        } else {
            assert!(text.contains(HEADER_DL) && text.contains(HEADER_TRIPLE), "{n}: fixed datalayout/triple missing");
        }
        for o in classify::run_opts(&text) {
            harness::opt_flag(&o).unwrap_or_else(|e| panic!("{n}: {e}"));
        }
    }
}

fn tools() -> Option<Tools> {
    harness::tools_or_skip("corpus_selfcheck")
}

#[test]
fn corpus_verifies() {
    let Some(t) = tools() else { return };
    for f in harness::corpus_files() {
        harness::verify(&t, &f).unwrap();
    }
}

/// Every corpus file's `; EXPECT:` outcomes are exactly what opt-22 does (functions not
/// listed must be kept), and the corpus exercises both merging and not merging.
#[test]
fn opt22_matches_expectations() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("selfcheck-expect");
    let mut failures = String::new();
    let (mut merged, mut kept) = (0, 0);
    for f in harness::corpus_files() {
        let n = name(&f);
        let text = std::fs::read_to_string(&f).unwrap();
        let out = dir.join(n.replace(".ll", ".opt22.ll"));
        harness::opt_mergefunc(&t, &f, &classify::run_opts(&text), &out).unwrap();
        let c = classify::classify_text(&text, &std::fs::read_to_string(&out).unwrap());
        let exp = classify::expectations(&text);
        for k in exp.keys() {
            if !c.funcs.contains_key(k) {
                failures.push_str(&format!("{n}: EXPECT names `{k}`, which the input does not define\n"));
            }
        }
        for (fname, rec) in &c.funcs {
            let want = exp.get(fname).cloned().unwrap_or(Outcome::Kept);
            if rec.outcome != want {
                failures.push_str(&format!("{n}: {fname}: expected {want}, opt-22 gives {}\n", rec.outcome));
            }
            if rec.outcome.is_merged() {
                merged += 1;
            } else {
                kept += 1;
            }
        }
    }
    assert!(failures.is_empty(), "corpus expectations differ from opt-22:\n{failures}");
    assert!(merged >= 60 && kept >= 100, "corpus too one-sided: {merged} merged, {kept} kept");
}

/// Candidate "opt-22 through bitcode": `opt -passes=mergefunc in -o x.bc`, then
/// `llvm-dis`. Must classify exactly like the textual reference.
fn opt_via_bitcode(t: &Tools) -> impl Fn(&Path, &[String], &Path) -> Result<(), String> + '_ {
    move |input, opts, out| {
        let bc = out.with_extension("bc");
        harness::opt_mergefunc(t, input, opts, &bc)?;
        let r = harness::run(Command::new(&t.llvm_dis).arg(&bc).arg("-o").arg(out), Duration::from_secs(300))?;
        if r.code != Some(0) {
            return Err(r.stderr);
        }
        Ok(())
    }
}

#[test]
fn opt22_against_itself_through_bitcode() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("selfcheck-opt-vs-opt");
    let cand = opt_via_bitcode(&t);
    let mut failures = String::new();
    let mut lli_cases = 0;
    for f in harness::corpus_files() {
        let n = name(&f);
        let text = std::fs::read_to_string(&f).unwrap();
        let opts = classify::run_opts(&text);
        let changes = LLVM_CHANGES_BEHAVIOUR.contains(&n.as_str());
        let case = CaseOpts {
            name: &n,
            input: &f,
            opts: &opts,
            workdir: &dir,
            deviations: &[],
            lli: !changes,
            callees: true,
            cand_name: "opt22-bc",
        };
        match harness::run_case(&t, &case, &cand) {
            Ok(r) => lli_cases += r.lli_checked as usize,
            Err(e) => failures.push_str(&e),
        }
        if changes {
            // Pin the LLVM bug: its merge does change what main prints.
            let out = dir.join(n.replace(".ll", ".opt22.ll"));
            let before = harness::lli(&t, &f).unwrap();
            // (A crash, such as a KCFI trap, is a change too.)
            let after = harness::lli(&t, &out);
            assert!(
                after.as_ref().map_or(true, |a| *a != before),
                "{n}: expected opt-22's merge to change behaviour, got {after:?}"
            );
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert!(lli_cases >= 30, "only {lli_cases} corpus files were run under lli");
}

/// The harness notices a candidate that merges less than LLVM, changes behaviour or
/// writes broken IR.
#[test]
fn harness_reports_differences() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("selfcheck-negative");
    let f = harness::corpus_dir().join("linkage-external-internal.ll");
    let case = CaseOpts {
        name: "linkage-external-internal.ll",
        input: &f,
        opts: &[],
        workdir: &dir,
        deviations: &[],
        lli: true,
        callees: true,
        cand_name: "identity",
    };
    // A candidate that changes nothing.
    let identity =
        |input: &Path, _: &[String], out: &Path| std::fs::copy(input, out).map(|_| ()).map_err(|e| e.to_string());
    let err = harness::run_case(&t, &case, &identity).err().expect("identity must differ");
    assert!(err.contains("helper_local") && err.contains("erased") && err.contains("merged-function count"), "{err}");

    // A candidate that changes behaviour: swap the printed constant.
    let evil = |input: &Path, _: &[String], out: &Path| {
        let s = std::fs::read_to_string(input).unwrap().replace("i32 6, i32 7", "i32 6, i32 8");
        harness::opt_mergefunc(&t, input, &[], out)?;
        let merged = std::fs::read_to_string(out).unwrap();
        let _ = s;
        std::fs::write(out, merged.replace("i32 6, i32 7", "i32 6, i32 8")).map_err(|e| e.to_string())
    };
    let err = harness::run_case(&t, &case, &evil).err().expect("behaviour change must be caught");
    assert!(err.contains("behaviour changed under lli-22"), "{err}");

    // A candidate that writes invalid IR.
    let broken = |input: &Path, _: &[String], out: &Path| {
        harness::opt_mergefunc(&t, input, &[], out)?;
        let merged = std::fs::read_to_string(out).unwrap();
        std::fs::write(out, merged.replace("ret i32 %r", "ret i64 %r")).map_err(|e| e.to_string())
    };
    let err = harness::run_case(&t, &case, &broken).err().expect("broken IR must be caught");
    assert!(err.contains("verifier") || err.contains("failed"), "{err}");

    // A documented deviation is asserted both ways.
    let dev = [harness::Deviation {
        file: "linkage-external-internal.ll",
        func: "helper_local",
        ours: "kept",
        reason: "test",
    }];
    let case2 = CaseOpts { deviations: &dev, lli: false, callees: false, ..case };
    let cand = opt_via_bitcode(&t);
    let err = harness::run_case(&t, &case2, &cand).err().expect("unmet deviation must be reported");
    assert!(err.contains("documented deviation not met"), "{err}");
}

/// Prints suggested `; EXPECT:` lines from opt-22's current behaviour (maintenance aid:
/// `cargo test --test corpus_selfcheck -- --ignored print_expectations --nocapture`).
#[test]
#[ignore]
fn print_expectations() {
    let Some(t) = tools() else { return };
    let dir = harness::workdir("selfcheck-print");
    for f in harness::corpus_files() {
        let n = name(&f);
        let text = std::fs::read_to_string(&f).unwrap();
        let out = dir.join(n.replace(".ll", ".opt22.ll"));
        harness::opt_mergefunc(&t, &f, &classify::run_opts(&text), &out).unwrap();
        let c = classify::classify_text(&text, &std::fs::read_to_string(&out).unwrap());
        let items: Vec<String> = c
            .funcs
            .iter()
            .filter(|(_, r)| r.outcome != Outcome::Kept)
            .map(|(k, r)| format!("{k}={}", r.outcome))
            .collect();
        println!("{n}\t; EXPECT: {}", items.join(" "));
    }
}

// ---- real generated modules, opt against itself (slow; run with --ignored) ----

fn real_module_selfcheck(script: &str, args: &[&str], lli: bool) {
    let Some(t) = tools() else { return };
    let dir = harness::workdir(&format!("selfcheck-{}", args.join("-")));
    let module =
        harness::run_script(script, &[&[dir.to_str().unwrap()][..], args].concat(), Duration::from_secs(1800)).unwrap();
    let n = name(&module);
    let cand = opt_via_bitcode(&t);
    let case = CaseOpts {
        name: &n,
        input: &module,
        opts: &[],
        workdir: &dir,
        deviations: &[],
        lli,
        callees: true,
        cand_name: "opt22-bc",
    };
    let r = harness::run_case(&t, &case, &cand).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "{n}: {} defined functions, {} merged by opt-22 ({} new bodies), opt {:?}",
        r.input_funcs,
        r.reference.merged_count(),
        r.reference.new_bodies.len(),
        r.ref_time
    );
    let _ = BTreeSet::<String>::new();
}

#[test]
#[ignore]
fn real_rust_release_opt_vs_opt() {
    real_module_selfcheck("gen-rust-module.sh", &["release"], false);
}

#[test]
#[ignore]
fn real_rust_debug_opt_vs_opt() {
    real_module_selfcheck("gen-rust-module.sh", &["debug"], false);
}

#[test]
#[ignore]
fn real_cpp_o0_opt_vs_opt() {
    real_module_selfcheck("gen-cpp-module.sh", &["O0"], true);
}

#[test]
#[ignore]
fn real_cpp_o1_opt_vs_opt() {
    real_module_selfcheck("gen-cpp-module.sh", &["O1"], true);
}
