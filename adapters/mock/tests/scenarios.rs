//! The merge-scenario catalogue: every `snapshots/scenarios/<group>/<name>.mir` of the
//! repository is merged, checked, and snapshotted into `snapshots/`.
//!
//! Per scenario the harness
//! 1. parses and verifies the input;
//! 2. runs [`mergefunc::merge_module`] with the `; OPTIONS:` of the file;
//! 3. checks the report against the `; EXPECT-MERGE:` lines (the list is exhaustive:
//!    every record must be expected and every expected record must occur) and the
//!    `; EXPECT-NO-MERGE:` lines, and the printed output against `; EXPECT-OUTPUT-HAS:` /
//!    `; EXPECT-OUTPUT-LACKS:`;
//! 4. verifies the output;
//! 5. interprets every callable function that is still reachable under its original name
//!    with a few inputs, before and after, and requires identical outcomes and events
//!    (unless `; NO-RUN: <reason>`);
//! 6. merges the output again: idempotence. That run may only re-report a `kept` pair
//!    (equal, but neither an alias nor a thunk was possible) and must leave the printed
//!    module unchanged; thunks of the first run are tagged and never merged again. A
//!    re-reported pair is shown under `--- MERGE AGAIN`;
//! 7. snapshots `--- INPUT`, `--- MERGE REPORT`, `--- OUTPUT`.
//!
//! The directive grammar is documented in `snapshots/README.md`.

// A test harness: std by design, like the mock crate itself.
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use mergefunc::{FoldAction, MergeRecord, Module as _, Options, Report, TypeData, TypeId, UseRewrite};
use mergefunc_mock::interp::{run, Machine, Outcome, RunResult, Trap, Val};
use mergefunc_mock::{parse, print, verify, FuncKind, MockModule};

/// Merges made on a same-body claim of the mock's fast path, over every scenario.
static FAST_PATH_MERGES: AtomicU64 = AtomicU64::new(0);

/// Fuel for one interpreted call (thunks cost a little more than the original).
const FUEL: u64 = 200_000;

#[derive(Debug, Default)]
struct Directives {
    rules: Vec<String>,
    expects: Vec<String>,
    options: Options,
    merges: Vec<ExpectedMerge>,
    no_merge: Vec<String>,
    has: Vec<String>,
    lacks: Vec<String>,
    no_run: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct ExpectedMerge {
    folded: String,
    target: String,
    action: FoldAction,
    uses: Option<UseRewrite>,
    shared: bool,
    cycle: bool,
    round: Option<u32>,
}

impl std::fmt::Display for ExpectedMerge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "@{} -> @{} {}", self.folded, self.target, self.action.as_str())?;
        if let Some(u) = self.uses {
            write!(f, " uses={}", u.as_str())?;
        }
        if self.shared {
            f.write_str(" shared")?;
        }
        if self.cycle {
            f.write_str(" cycle")?;
        }
        if let Some(r) = self.round {
            write!(f, " round={r}")?;
        }
        Ok(())
    }
}

fn sym(s: &str, what: &str) -> String {
    s.strip_prefix('@').unwrap_or_else(|| panic!("{what}: expected `@name`, got `{s}`")).to_string()
}

fn parse_merge(spec: &str) -> ExpectedMerge {
    // `@g -> @f <erase|alias|thunk|kept> [uses=<none|calls|rauw>] [shared] [cycle] [round=N]`
    let w: Vec<&str> = spec.split_whitespace().collect();
    assert!(w.len() >= 4 && w[1] == "->", "EXPECT-MERGE: `@g -> @f action ...`, got `{spec}`");
    let action = match w[3] {
        "erase" => FoldAction::Erased,
        "alias" => FoldAction::Alias,
        "thunk" => FoldAction::Thunk,
        "kept" => FoldAction::Kept,
        a => panic!("EXPECT-MERGE: unknown action `{a}` in `{spec}`"),
    };
    let mut e = ExpectedMerge {
        folded: sym(w[0], "EXPECT-MERGE"),
        target: sym(w[2], "EXPECT-MERGE"),
        action,
        uses: None,
        shared: false,
        cycle: false,
        round: None,
    };
    for x in &w[4..] {
        match *x {
            "shared" => e.shared = true,
            "cycle" => e.cycle = true,
            "uses=none" => e.uses = Some(UseRewrite::None),
            "uses=calls" => e.uses = Some(UseRewrite::DirectCalls),
            "uses=rauw" => e.uses = Some(UseRewrite::AllUses),
            r if r.starts_with("round=") => {
                e.round = Some(r[6..].parse().unwrap_or_else(|_| panic!("EXPECT-MERGE: bad `{r}` in `{spec}`")))
            }
            other => panic!("EXPECT-MERGE: unknown word `{other}` in `{spec}`"),
        }
    }
    e
}

fn directives(text: &str) -> Directives {
    let mut d = Directives::default();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix(';') else { continue };
        let rest = rest.trim();
        let Some((key, val)) = rest.split_once(':') else { continue };
        let val = val.trim();
        match key.trim() {
            "RULE" => d.rules.push(val.to_string()),
            "EXPECT" => d.expects.push(val.to_string()),
            "OPTIONS" => {
                for o in val.split_whitespace() {
                    match o {
                        "use_aliases" => d.options.use_aliases = true,
                        "preserve_debug_info" => d.options.preserve_debug_info = true,
                        "merge_cycles" => d.options.merge_cycles = true,
                        _ => panic!("OPTIONS: unknown option `{o}`"),
                    }
                }
            }
            "EXPECT-MERGE" => d.merges.push(parse_merge(val)),
            "EXPECT-NO-MERGE" => d.no_merge.extend(val.split_whitespace().map(|s| sym(s, "EXPECT-NO-MERGE"))),
            "EXPECT-OUTPUT-HAS" => d.has.push(val.to_string()),
            "EXPECT-OUTPUT-LACKS" => d.lacks.push(val.to_string()),
            "NO-RUN" => {
                assert!(!val.is_empty(), "NO-RUN needs a reason");
                d.no_run = Some(val.to_string());
            }
            _ => {}
        }
    }
    d
}

fn matches(e: &ExpectedMerge, r: &MergeRecord, m: &MockModule) -> bool {
    String::from_utf8_lossy(m.func_name(r.folded)) == e.folded
        && String::from_utf8_lossy(m.func_name(r.target)) == e.target
        && r.action == e.action
        && e.uses.is_none_or(|u| u == r.uses)
        && e.shared == r.shared_body_of.is_some()
        && e.cycle == r.cycle
        && e.round.is_none_or(|n| n == r.round)
}

/// Checks the report against the expectations; returns a list of problems.
fn check_report(d: &Directives, report: &Report, m: &MockModule) -> Vec<String> {
    let mut problems = Vec::new();
    let mut used = vec![false; report.merges.len()];
    for e in &d.merges {
        match report.merges.iter().enumerate().position(|(i, r)| !used[i] && matches(e, r, m)) {
            Some(i) => used[i] = true,
            None => problems.push(format!("expected merge `{e}` did not happen")),
        }
    }
    for (r, u) in report.merges.iter().zip(&used) {
        if !u {
            problems.push(format!("unexpected merge `{}`", r.display(m)));
        }
    }
    for n in &d.no_merge {
        for r in &report.merges {
            if String::from_utf8_lossy(m.func_name(r.folded)) == *n
                || String::from_utf8_lossy(m.func_name(r.target)) == *n
            {
                problems.push(format!("@{n} must not take part in a merge, but: `{}`", r.display(m)));
            }
        }
    }
    problems
}

/// A value of type `t` for input pattern `k`.
fn sample(m: &MockModule, t: TypeId, k: usize, global: Option<u64>) -> Val {
    const INTS: [i128; 5] = [0, 1, -1, 5, 42];
    match m.type_data(t) {
        TypeData::Struct { fields, .. } => {
            Val::Agg(fields.iter().enumerate().map(|(i, f)| sample(m, *f, k + i, global)).collect())
        }
        TypeData::Array { len, elem } | TypeData::Vector { len, elem, .. } => {
            Val::Agg((0..*len as usize).map(|i| sample(m, *elem, k + i, global)).collect())
        }
        TypeData::Ptr { addr_space: 0 } => match (k % 3, global) {
            (1, Some(g)) => Val::int(64, g as u128),
            (2, Some(g)) => Val::int(64, g as u128 + 8),
            _ => Val::int(64, 0),
        },
        _ => {
            let bits = mergefunc_mock::layout::scalar_bits(m, t).unwrap_or(64);
            Val::int(bits, INTS[k % INTS.len()] as u128)
        }
    }
}

/// Names of the callable functions with a body (or an alias) in `m`.
fn entry_points(m: &MockModule) -> Vec<String> {
    (0..m.num_func_symbols())
        .map(|i| m.function(mergefunc::FuncId::new(i)))
        .filter(|f| matches!(f.kind, FuncKind::Definition(_) | FuncKind::Alias(_)))
        .filter(|f| mergefunc_mock::ir::cc::callable(f.cc) && !f.name.starts_with("llvm."))
        .map(|f| f.name.clone())
        .collect()
}

fn runs(m: &MockModule, name: &str) -> Option<Vec<RunResult>> {
    let f = m.func_by_name(name)?;
    if matches!(m.function(f).kind, FuncKind::Erased | FuncKind::Declaration) {
        return None;
    }
    let global = m
        .globals()
        .iter()
        .position(|g| g.init.is_some() && !g.name.starts_with("llvm."))
        .map(|g| Machine::new(m).global_addr(mergefunc::GlobalId(g as u32)));
    let (_, params, _) = m.fn_sig(m.function(f).ty);
    Some(
        (0..5)
            .map(|k| {
                let args: Vec<Val> = params.iter().enumerate().map(|(i, p)| sample(m, *p, k + i, global)).collect();
                run(m, f, &args, FUEL)
            })
            .collect(),
    )
}

/// `after` is allowed where `before` was seen: equal, or a refinement of poison.
fn refines_val(before: &Val, after: &Val) -> bool {
    match (before, after) {
        (Val::Poison, _) => true,
        (Val::Agg(x), Val::Agg(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| refines_val(a, b)),
        _ => before == after,
    }
}

fn refines(before: &RunResult, after: &RunResult) -> bool {
    match (&before.outcome, &after.outcome) {
        // Branching on poison is UB: anything after it may change, what happened before may not.
        (Outcome::Trap(Trap::PoisonUse), _) => after.events.starts_with(&before.events),
        (Outcome::Return(x), Outcome::Return(y)) => before.events == after.events && refines_val(x, y),
        (x, y) => x == y && before.events == after.events,
    }
}

/// Every function of the input that still exists under its name behaves the same (up to
/// the refinement of poison: GEP flags are intersected on the survivor).
fn check_behaviour(before: &MockModule, after: &MockModule) -> Vec<String> {
    let mut problems = Vec::new();
    for name in entry_points(before) {
        let (Some(b), Some(a)) = (runs(before, &name), runs(after, &name)) else { continue };
        for (k, (x, y)) in b.iter().zip(&a).enumerate() {
            if x.outcome == Outcome::OutOfFuel || y.outcome == Outcome::OutOfFuel {
                continue;
            }
            if !refines(x, y) {
                problems.push(format!(
                    "@{name} input #{k}: before {:?} {:?}, after {:?} {:?}",
                    x.outcome, x.events, y.outcome, y.events
                ));
            }
        }
    }
    problems
}

/// Idempotence: the second run may only re-report `kept` pairs, and must not change the
/// module.
fn check_remerge(second: &Report, changed: bool, m: &MockModule) -> Vec<String> {
    let mut problems = Vec::new();
    for r in &second.merges {
        if r.action != FoldAction::Kept {
            problems.push(format!("merging the output again merges more: `{}`", r.display(m)));
        }
    }
    if changed {
        problems.push("merging the output again changes it".into());
    }
    problems
}

/// `<group>__<name>` for `<group>/<name>.mir` (nested groups joined with `__`).
fn suffix(rel: &Path) -> String {
    let group = rel.parent().and_then(|p| p.to_str()).unwrap_or("").replace('/', "__");
    let stem = rel.file_stem().and_then(|s| s.to_str()).unwrap_or("scenario");
    format!("{group}__{stem}")
}

fn snapshots_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../snapshots").canonicalize().expect("snapshots/ exists")
}

/// The records of `r` as printed, names read from `m`.
fn lines(r: &Report, m: &MockModule) -> Vec<String> {
    r.merges.iter().map(|x| x.display(m).to_string()).collect()
}

/// Runs one scenario; returns its problems (the snapshot is asserted through insta).
fn run_scenario(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("read: {e}"))?;
    let d = directives(&text);
    if d.rules.is_empty() || d.expects.is_empty() {
        return Err("needs `; RULE:` and `; EXPECT:` lines".into());
    }
    if d.merges.is_empty() && d.no_merge.is_empty() {
        return Err("needs `; EXPECT-MERGE:` or `; EXPECT-NO-MERGE:` lines".into());
    }
    let input = parse(&text).map_err(|e| format!("parse: {e}"))?;
    verify(&input).map_err(|e| format!("input does not verify: {e}"))?;

    let mut m = input.clone();
    let report = mergefunc::merge_module(&mut m, &d.options).map_err(|e| format!("merge: {e}"))?;
    let output = print(&m);

    let mut problems = check_report(&d, &report, &m);
    // The fast path (`adapters/mock/src/fast_path.rs`: tree keys and same-body claims,
    // the claims checked) changes nothing.
    let mut fast = input.clone();
    fast.fast_path = true;
    let checked = mergefunc::Options { check_fast_path: true, ..d.options };
    match mergefunc::merge_module(&mut fast, &checked) {
        Ok(r) if print(&fast) == output && r.merges == report.merges && lines(&r, &fast) == lines(&report, &m) => {
            FAST_PATH_MERGES.fetch_add(r.stats.same_body_merged, Ordering::Relaxed);
        }
        Ok(r) => problems.push(format!("the fast path changes the result:\n{}\n{}", r.display(&fast), print(&fast))),
        Err(e) => problems.push(format!("merge with the fast path: {e}")),
    }
    for h in &d.has {
        if !output.contains(h.as_str()) {
            problems.push(format!("output lacks `{h}`"));
        }
    }
    for l in &d.lacks {
        if output.contains(l.as_str()) {
            problems.push(format!("output contains `{l}`"));
        }
    }
    if let Err(e) = verify(&m) {
        problems.push(format!("output does not verify: {e}"));
    }
    if d.no_run.is_none() {
        problems.extend(check_behaviour(&input, &m));
    }
    // Idempotence: a second run finds nothing more to do.
    let mut again = m.clone();
    let second = match mergefunc::merge_module(&mut again, &d.options) {
        Ok(r2) => {
            problems.extend(check_remerge(&r2, print(&again) != output, &again));
            if let Err(e) = verify(&again) {
                problems.push(format!("the output of the second run does not verify: {e}"));
            }
            r2
        }
        Err(e) => {
            problems.push(format!("merging the output again fails: {e}"));
            Report::default()
        }
    };

    let mut snap = String::new();
    writeln!(snap, "--- INPUT").unwrap();
    snap.push_str(text.trim_end());
    writeln!(snap, "\n\n--- MERGE REPORT").unwrap();
    write!(snap, "{}", report.display(&m)).unwrap();
    writeln!(snap, "\n--- OUTPUT").unwrap();
    snap.push_str(&output);
    if second.changed() {
        writeln!(snap, "\n--- MERGE AGAIN (second run over the output)").unwrap();
        write!(snap, "{}", second.display(&again)).unwrap();
    }

    let base = snapshots_dir();
    let scen = base.join("scenarios");
    let rel = path.strip_prefix(&scen).unwrap_or(path);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(&base);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.set_snapshot_suffix(suffix(rel));
    settings.set_description(format!("snapshots/scenarios/{}", rel.display()));
    settings.bind(|| insta::assert_snapshot!("mock_scenario", snap));

    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n--- OUTPUT\n{output}", problems.join("\n")))
    }
}

#[test]
fn mock_scenarios() {
    // Scenario files are sorted, so the order (and any failure list) is deterministic.
    let mut seen = BTreeSet::new();
    let mut failures = Vec::new();
    insta::glob!("../../../snapshots/scenarios", "**/*.mir", |path| {
        seen.insert(path.to_path_buf());
        if let Err(e) = run_scenario(path) {
            // Printed now too: a snapshot mismatch makes `glob!` panic before the end.
            eprintln!("=== {}\n{e}", path.display());
            failures.push(format!("=== {}\n{e}", path.display()));
        }
    });
    let filtered = std::env::var_os("INSTA_GLOB_FILTER").is_some();
    // Every stored snapshot belongs to a scenario (no orphans after a rename or removal).
    let base = snapshots_dir();
    let scen = base.join("scenarios");
    let expected: BTreeSet<String> =
        seen.iter().map(|p| format!("mock_scenario@{}.snap", suffix(p.strip_prefix(&scen).unwrap_or(p)))).collect();
    for entry in std::fs::read_dir(&base).expect("read snapshots/").filter(|_| !filtered) {
        let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
        if name.starts_with("mock_scenario@") && name.ends_with(".snap") && !expected.contains(&name) {
            failures.push(format!("=== snapshots/{name}\nno scenario file produces this snapshot: delete it"));
        }
    }
    assert!(failures.is_empty(), "{} scenario(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert!(filtered || seen.len() >= 60, "the catalogue shrank to {} scenarios", seen.len());
    let claimed = FAST_PATH_MERGES.load(Ordering::Relaxed);
    assert!(filtered || claimed >= 10, "the fast path merged only {claimed} pairs on its claims");
}
