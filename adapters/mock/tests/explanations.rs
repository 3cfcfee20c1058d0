//! Explanations of the merge-scenario catalogue: for every
//! `snapshots/scenarios/<group>/<name>.mir`, every pair of merge candidates that the order
//! calls unequal gets its explanation ([`mergefunc::Comparator::explain`]), and the
//! scenario's near misses after its merge are listed ([`mergefunc::near_miss`]).
//! Snapshots: `snapshots/explain/mock_explain@<group>__<name>.snap`.
//!
//! Beyond the snapshot, per pair: the explanation's verdict is the comparison's, in both
//! directions, and explaining `(b, a)` names the same rule as `(a, b)` with the opposite
//! order.

// A test harness: std by design, like the mock crate itself.
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mergefunc::near_miss::{near_misses, NearMissOptions};
use mergefunc::{merge_module, Comparator, FuncId, Module, Options};
use mergefunc_mock::{parse, MockModule};

fn snapshots_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../snapshots").canonicalize().expect("snapshots/ exists")
}

fn suffix(rel: &Path) -> String {
    let group = rel.parent().and_then(|p| p.to_str()).unwrap_or("").replace('/', "__");
    let stem = rel.file_stem().and_then(|s| s.to_str()).unwrap_or("scenario");
    format!("{group}__{stem}")
}

fn options(text: &str) -> Options {
    let mut o = Options::default();
    for line in text.lines() {
        if let Some(v) = line.trim_start().strip_prefix("; OPTIONS:") {
            for w in v.split_whitespace() {
                match w {
                    "use_aliases" => o.use_aliases = true,
                    "preserve_debug_info" => o.preserve_debug_info = true,
                    "merge_cycles" => o.merge_cycles = true,
                    _ => panic!("OPTIONS: unknown option `{w}`"),
                }
            }
        }
    }
    o
}

fn name(m: &MockModule, f: FuncId) -> String {
    String::from_utf8_lossy(&m.func(f).name).into_owned()
}

/// The explanations section and the near-miss section of one scenario.
fn explain_scenario(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("read scenario");
    let m = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let candidates: Vec<FuncId> = (0..m.num_funcs())
        .map(FuncId::new)
        .filter(|f| m.func(*f).ineligible.is_none() && m.body(*f).is_some())
        .collect();
    let mut snap = String::new();
    let mut cmp = Comparator::new();
    writeln!(snap, "--- EXPLANATIONS (every unequal pair of candidates)").unwrap();
    let mut equal = Vec::new();
    for (i, a) in candidates.iter().enumerate() {
        for b in &candidates[i + 1..] {
            let order = cmp.compare(&m, *a, *b);
            let e = cmp.explain(&m, *a, *b);
            assert_eq!(e.order, order, "{}: explain(@{}, @{})", path.display(), name(&m, *a), name(&m, *b));
            let back = cmp.explain(&m, *b, *a);
            assert_eq!(back.order, order.reverse(), "{}: explain backwards", path.display());
            assert_eq!(
                back.difference.map(|d| d.rule),
                e.difference.map(|d| d.rule),
                "{}: @{} / @{}: the rule depends on the direction",
                path.display(),
                name(&m, *a),
                name(&m, *b)
            );
            match e.difference {
                None => equal.push(format!("@{} = @{}", name(&m, *a), name(&m, *b))),
                Some(_) => snap.push_str(&e.to_text(&m, *a, *b)),
            }
        }
    }
    if !equal.is_empty() {
        writeln!(snap, "equal: {}", equal.join(", ")).unwrap();
    }
    for f in (0..m.num_funcs()).map(FuncId::new) {
        if let Some(mergefunc::Ineligible::Adapter(code)) = m.func(f).ineligible {
            writeln!(snap, "not a candidate: @{}: {}", name(&m, f), m.ineligible_reason(code)).unwrap();
        }
    }

    let mut merged = m.clone();
    let report = merge_module(&mut merged, &options(&text)).expect("merge");
    let nm = near_misses(&m, &report, &NearMissOptions::default());
    writeln!(
        snap,
        "\n--- NEAR MISSES (after the merge: {} candidates, {} shared bucket(s))",
        nm.candidates, nm.buckets
    )
    .unwrap();
    for g in &nm.groups {
        writeln!(
            snap,
            "{}: {} pair(s), {} with no other difference, {} function(s), {} instruction(s) saved without it",
            g.label,
            g.pairs.len(),
            g.only_pairs,
            g.functions,
            g.saved_insts
        )
        .unwrap();
        for p in &g.pairs {
            writeln!(snap, "  @{} / @{}{}", name(&m, p.left), name(&m, p.right), if p.only { " (only)" } else { "" })
                .unwrap();
        }
    }
    for (a, b) in &nm.equal_unmerged {
        writeln!(snap, "equal, not merged: @{} / @{}", name(&m, *a), name(&m, *b)).unwrap();
    }
    snap
}

#[test]
fn mock_explanations() {
    let base = snapshots_dir();
    let scen = base.join("scenarios");
    let out_dir = base.join("explain");
    let mut seen = BTreeSet::new();
    insta::glob!("../../../snapshots/scenarios", "**/*.mir", |path| {
        let rel = path.strip_prefix(&scen).unwrap_or(path).to_path_buf();
        seen.insert(rel.clone());
        let snap = explain_scenario(path);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(&out_dir);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_snapshot_suffix(suffix(&rel));
        settings.set_description(format!("snapshots/scenarios/{}", rel.display()));
        settings.bind(|| insta::assert_snapshot!("mock_explain", snap));
    });
    if std::env::var_os("INSTA_GLOB_FILTER").is_none() {
        let expected: BTreeSet<String> = seen.iter().map(|p| format!("mock_explain@{}.snap", suffix(p))).collect();
        let orphans: Vec<String> = std::fs::read_dir(&out_dir)
            .expect("read snapshots/explain")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".snap") && !expected.contains(n))
            .collect();
        assert!(orphans.is_empty(), "no scenario produces these snapshots (delete them): {orphans:?}");
    }
}
