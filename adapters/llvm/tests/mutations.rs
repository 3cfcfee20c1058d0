//! The property-mutation audit: one function, several variants that differ in exactly one
//! property, and the pass must never merge two variants that behave differently.
//!
//! Each case of a catalogue file in `tests/mutations/` (format below) is a function
//! template with one or more `<<a|b|c>>` groups. Variant `i` takes alternative `i` of
//! every group; the module holds two copies of every variant (`@m<i>_a`, `@m<i>_b`). After
//! a merge run:
//! * every merge joins functions of one *class*: a variant is its own class unless a
//!   `same:` line declares variants equal in behaviour (with the reason: the property is
//!   provably irrelevant, or the merge rewrites it safely);
//! * the two copies of every variant are merged (the control: the functions are
//!   mergeable at all, so only the mutated property keeps variants apart), unless a
//!   `nocontrol:` line says why not.
//!
//! Every case runs through the paths that decide equality: the default (view copies,
//! same-body claims, tree keys, shapes), views built for every function
//! (`set_copy_views(false)`), no tree keys, the full path (shapes forgotten), and
//! `check_fast_path`, which re-checks every claim of the fast path by building views.
//!
//! With `MERGEFUNC_MUTATIONS_OPT22=1`, every case is also run through
//! `opt-22 -passes=mergefunc` and the cases LLVM 22 merges across classes are printed
//! (the table of `docs/soundness-audit.md`); nothing is asserted about them.
//!
//! Catalogue format (`*.mut`):
//! ```text
//! # comment
//! === case-name
//! <module-level lines: declarations, globals, types; once per module>
//! ---
//! <function template: `@FN` is the function's name, `$I` the variant number,
//!  `<<x|y|z>>` the alternatives; every group has the same number of alternatives>
//! same: 0 2 -- why variants 0 and 2 behave the same
//! nocontrol: 3 -- why the two copies of variant 3 do not merge
//! nocontrol(weak): 4 -- the same, only when the variants are `weak` (or `internal`,
//! `linkonce_odr`; `cycles`/`nocycles`: with or without `merge_cycles`)
//! same(drop): 0 1 -- variants that differ only in attachments
//! `--drop-differing-attachments` drops: they may merge in the setups with that option
//! ```
//!
//! Each case also runs in the setups of [`SETUPS`] (its variants `internal`,
//! `linkonce_odr unnamed_addr` with `use_aliases`, `weak`; a function calling every copy;
//! `merge_cycles`; `preserve_debug_info`; `drop_differing_attachments`),
//! on the default and the full path, for the rewrites those take (erasing, replacing
//! uses, redirecting calls, a new private body, aliases) and the views they patch; a
//! case whose text rules a setup out (a local function with hidden visibility, a call of
//! a `preallocated` function without its token) skips it.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

use mergefunc::{merge_module, FuncId, Options};
use mergefunc_llvm::LlvmModule;

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

const HEADER: &str =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
                      target triple = \"x86_64-unknown-linux-gnu\"\n";

/// The modules' header: [`HEADER`], or with `MERGEFUNC_MUTATIONS_TRIPLE=T` the triple `T`
/// alone (parsed under its own layout). The retargeted run is a sweep to review by hand:
/// the `same:` and `nocontrol:` lines are written for x86-64, so a layout-dependent
/// equality (ptr and i32 on a 32-bit target) is reported as a cross-class merge there.
fn header() -> String {
    match std::env::var("MERGEFUNC_MUTATIONS_TRIPLE") {
        Ok(t) if !t.is_empty() => format!("target triple = \"{t}\"\n"),
        _ => HEADER.to_string(),
    }
}

/// One case of a catalogue.
struct Case {
    /// `file:line` of the `===` line.
    at: String,
    name: String,
    prelude: String,
    template: String,
    /// Groups of variants declared equal in behaviour.
    same: Vec<Vec<usize>>,
    /// Groups of variants that may merge with `--drop-differing-attachments` (they differ
    /// only in attachments the merge drops from the survivor).
    same_drop: Vec<Vec<usize>>,
    /// Variants whose two copies need not merge, under the linkages that contain the
    /// given word (all linkages for `None`).
    nocontrol: Vec<(Option<String>, usize)>,
}

/// A directive's variant list and its reason (`0 2 -- reason`); the reason is required.
fn numbers_and_reason(at: &str, rest: &str) -> Vec<usize> {
    let (nums, why) = rest.split_once("--").unwrap_or_else(|| panic!("{at}: `{rest}` gives no reason (`-- why`)"));
    assert!(!why.trim().is_empty(), "{at}: empty reason");
    nums.split_whitespace().map(|n| n.parse().unwrap_or_else(|_| panic!("{at}: bad variant `{n}`"))).collect()
}

fn parse_catalogue(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases: Vec<Case> = Vec::new();
    let mut in_template = false;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{file}:{}", n + 1);
        if let Some(name) = line.strip_prefix("=== ") {
            cases.push(Case {
                at,
                name: name.trim().to_string(),
                prelude: String::new(),
                template: String::new(),
                same: Vec::new(),
                same_drop: Vec::new(),
                nocontrol: Vec::new(),
            });
            in_template = false;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let Some(case) = cases.last_mut() else {
            assert!(line.trim().is_empty(), "{at}: text before the first case");
            continue;
        };
        if let Some(rest) = line.strip_prefix("same:") {
            case.same.push(numbers_and_reason(&at, rest));
        } else if let Some(rest) = line.strip_prefix("same(drop):") {
            case.same_drop.push(numbers_and_reason(&at, rest));
        } else if let Some(rest) = line.strip_prefix("nocontrol") {
            // `nocontrol: 3 -- why` or `nocontrol(weak): 3 -- why`.
            let (only, rest) = match rest.strip_prefix('(').and_then(|r| r.split_once("):")) {
                Some((word, rest)) => (Some(word.to_string()), rest),
                None => (None, rest.strip_prefix(':').unwrap_or_else(|| panic!("{at}: bad nocontrol line"))),
            };
            case.nocontrol.extend(numbers_and_reason(&at, rest).into_iter().map(|i| (only.clone(), i)));
        } else if line.trim() == "---" {
            in_template = true;
        } else if in_template {
            case.template.push_str(line);
            case.template.push('\n');
        } else {
            case.prelude.push_str(line);
            case.prelude.push('\n');
        }
    }
    cases
}

/// The template split at its groups: text, alternatives, text, alternatives, ..., text.
fn split_groups(case: &Case) -> (Vec<&str>, Vec<Vec<&str>>) {
    let mut texts = Vec::new();
    let mut groups = Vec::new();
    let mut rest = case.template.as_str();
    while let Some(open) = rest.find("<<") {
        let close = rest[open..].find(">>").unwrap_or_else(|| panic!("{}: unclosed `<<`", case.at)) + open;
        texts.push(&rest[..open]);
        groups.push(rest[open + 2..close].split('|').collect::<Vec<_>>());
        rest = &rest[close + 2..];
    }
    texts.push(rest);
    (texts, groups)
}

/// The module text of a case and its number of variants.
fn module_text(case: &Case) -> (String, usize) {
    module_text_with(
        case,
        &Setup { linkage: "", unnamed: false, callers: false, cycles: false, debug_info: false, drop: false },
    )
}

/// How the variants of a case are set up in a module.
#[derive(Clone, Copy, Debug)]
struct Setup<'a> {
    /// Written after `define`.
    linkage: &'a str,
    /// `unnamed_addr` after the parameter list.
    unnamed: bool,
    /// A function `@callers` calls every copy (with poison arguments), so merges redirect
    /// or replace calls and patch its view.
    callers: bool,
    /// `Options::merge_cycles`.
    cycles: bool,
    /// `Options::preserve_debug_info`.
    debug_info: bool,
    /// `LlvmModule::set_drop_differing_attachments` (`same(drop):` lines apply).
    drop: bool,
}

/// The module text of a case set up as `setup`, and its number of variants.
fn module_text_with(case: &Case, setup: &Setup) -> (String, usize) {
    let Setup { linkage, unnamed, callers, .. } = *setup;
    let (texts, groups) = split_groups(case);
    assert!(!groups.is_empty(), "{}: no `<<...>>` group", case.at);
    let n = groups[0].len();
    assert!(n >= 2, "{}: fewer than two variants", case.at);
    for g in &groups {
        assert_eq!(g.len(), n, "{}: groups with different numbers of alternatives", case.at);
    }
    let mut out = format!("{}{}\n", header(), case.prelude);
    let mut calls = String::new();
    for i in 0..n {
        let mut body = String::from(texts[0]);
        for (g, t) in groups.iter().zip(&texts[1..]) {
            body.push_str(g[i]);
            body.push_str(t);
        }
        let mut body =
            if linkage.is_empty() { body } else { body.replacen("define ", &format!("define {linkage} "), 1) };
        if unnamed {
            body = with_unnamed_addr(&body);
        }
        for copy in ["a", "b"] {
            out.push_str(&body.replace("@FN", &format!("@m{i}_{copy}")).replace("$I", &i.to_string()));
            out.push('\n');
            if callers {
                if let Some(call) = call_of(&body, &format!("m{i}_{copy}")) {
                    calls.push_str(&call);
                }
            }
        }
    }
    if callers {
        out.push_str(&format!("define void @callers() {{\n{calls}  ret void\n}}\n"));
    }
    for s in case.same.iter().flatten().chain(case.nocontrol.iter().map(|(_, i)| i)) {
        assert!(*s < n, "{}: variant {s} out of range", case.at);
    }
    (out, n)
}

/// The closing parenthesis of the parameter list that opens at `text[open]`.
fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, ch) in text[open..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            _ => {}
        }
    }
    None
}

/// A call of `name`, defined by `text` as `@FN`, with poison arguments: the calling
/// convention, return attributes and type of the definition, its parameter types and
/// attributes. `None` for a variadic function.
fn call_of(text: &str, name: &str) -> Option<String> {
    let def = text.find("define ")? + "define ".len();
    let fn_at = text.find("@FN(")?;
    let close = matching_paren(text, fn_at + 3)?;
    const NOT_IN_CALLS: [&str; 10] = [
        "internal",
        "weak",
        "linkonce_odr",
        "hidden",
        "protected",
        "dso_local",
        "dllexport",
        "dllimport",
        "unnamed_addr",
        "local_unnamed_addr",
    ];
    let prefix: Vec<&str> = text[def..fn_at].split_whitespace().filter(|w| !NOT_IN_CALLS.contains(w)).collect();
    let params = &text[fn_at + 4..close];
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (k, ch) in params.char_indices().chain(std::iter::once((params.len(), ','))) {
        match ch {
            '(' | '<' | '{' | '[' => depth += 1,
            ')' | '>' | '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                let p = params[start..k].trim();
                start = k + 1;
                if p.is_empty() {
                    continue;
                }
                if p == "..." {
                    return None;
                }
                let ty = match p.rsplit_once(' ') {
                    Some((ty, last)) if last.starts_with('%') => ty,
                    _ => p,
                };
                args.push(format!("{ty} poison"));
            }
            _ => {}
        }
    }
    Some(format!("  call {} @{name}({})\n", prefix.join(" "), args.join(", ")))
}

/// `text` with ` unnamed_addr` after the parameter list of `@FN` (when there is one).
fn with_unnamed_addr(text: &str) -> String {
    match text.find("@FN(").and_then(|start| matching_paren(text, start + 3)) {
        Some(close) => format!("{} unnamed_addr{}", &text[..=close], &text[close + 1..]),
        None => text.to_string(),
    }
}

/// Union-find over small integers.
struct Classes(Vec<usize>);

impl Classes {
    fn new(n: usize) -> Self {
        Classes((0..n).collect())
    }
    fn find(&mut self, x: usize) -> usize {
        let mut r = x;
        while self.0[r] != r {
            r = self.0[r];
        }
        self.0[x] = r;
        r
    }
    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra] = rb;
    }
}

/// The merge paths every case goes through.
#[derive(Clone, Copy, Debug)]
enum MergePath {
    Default,
    BuiltViews,
    NoTreeKeys,
    FullPath,
    CheckFastPath,
}

const PATHS: [MergePath; 5] =
    [MergePath::Default, MergePath::BuiltViews, MergePath::NoTreeKeys, MergePath::FullPath, MergePath::CheckFastPath];

/// Other linkages, for the rewrites they take (erasing unused local functions, a new
/// private body for an ODR pair, aliases), each with `use_aliases`, on the default and
/// full paths. A case whose text does not allow one (a local function with hidden
/// visibility, say) skips it.
const SETUPS: [Setup; 12] = [
    Setup { linkage: "", unnamed: false, callers: true, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "internal", unnamed: false, callers: false, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "internal", unnamed: false, callers: true, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "linkonce_odr", unnamed: true, callers: false, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "linkonce_odr", unnamed: true, callers: true, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "weak", unnamed: false, callers: true, cycles: false, debug_info: false, drop: false },
    Setup { linkage: "", unnamed: false, callers: true, cycles: true, debug_info: false, drop: false },
    Setup { linkage: "internal", unnamed: false, callers: true, cycles: true, debug_info: false, drop: false },
    Setup { linkage: "", unnamed: false, callers: true, cycles: false, debug_info: true, drop: false },
    Setup { linkage: "internal", unnamed: false, callers: true, cycles: false, debug_info: true, drop: false },
    Setup { linkage: "", unnamed: false, callers: true, cycles: false, debug_info: false, drop: true },
    Setup { linkage: "linkonce_odr", unnamed: true, callers: true, cycles: true, debug_info: false, drop: true },
];

/// Runs one merge of the case's module on `path`; returns the problems found.
fn check_case(case: &Case, text: &str, n: usize, path: MergePath) -> Vec<String> {
    let m = LlvmModule::parse(text.as_bytes(), &case.name)
        .unwrap_or_else(|e| panic!("{}: {}: the module is not valid: {e}", case.at, case.name));
    check_module(case, m, n, path, Options::default(), "nocycles")
}

/// [`check_case`] on a parsed module with `opts`; `tags` names the setup for
/// `nocontrol(word)` lines (the variants' linkage, and `cycles` or `nocycles`).
fn check_module(
    case: &Case,
    mut m: LlvmModule,
    n: usize,
    path: MergePath,
    mut opts: Options,
    tags: &str,
) -> Vec<String> {
    match path {
        MergePath::Default => {}
        MergePath::BuiltViews => m.testing().set_copy_views(false),
        MergePath::NoTreeKeys => {
            m.testing().set_copy_views(false);
            m.testing().set_tree_keys(false);
        }
        MergePath::FullPath => m.testing().forget_shapes(),
        MergePath::CheckFastPath => opts.check_fast_path = true,
    }
    // Function ids are stable across merges (a thunk's shell takes the id it replaces).
    let mut copy_of: BTreeMap<FuncId, (usize, char)> = BTreeMap::new();
    for i in 0..n {
        for c in ['a', 'b'] {
            let f = m.func_by_name(&format!("m{i}_{c}")).expect("variant copy is defined");
            copy_of.insert(f, (i, c));
        }
    }
    let report = match merge_module(&mut m, &opts) {
        Ok(r) => r,
        Err(e) => return vec![format!("{path:?}: the run failed: {e}")],
    };
    if let Err(e) = m.verify() {
        return vec![format!("{path:?}: the output does not verify: {e}")];
    }
    // Components of the merge graph (new private bodies included), by function id.
    let ids = 1 + report.merges.iter().flat_map(|r| [r.folded.index(), r.target.index()]).max().unwrap_or(0);
    let ids = ids.max(copy_of.keys().map(|f| f.index() + 1).max().unwrap_or(0));
    let mut merged = Classes::new(ids);
    for r in &report.merges {
        merged.join(r.folded.index(), r.target.index());
    }
    let mut classes = Classes::new(n);
    let dropping = tags.split_whitespace().any(|t| t == "drop");
    for s in case.same.iter().chain(case.same_drop.iter().filter(|_| dropping)) {
        for w in s.windows(2) {
            classes.join(w[0], w[1]);
        }
    }
    let mut problems = Vec::new();
    let copies: Vec<(FuncId, (usize, char))> = copy_of.into_iter().collect();
    for (x, &(f, (i, ci))) in copies.iter().enumerate() {
        for &(g, (j, cj)) in &copies[x + 1..] {
            if merged.find(f.index()) == merged.find(g.index()) && classes.find(i) != classes.find(j) {
                problems.push(format!("{path:?}: FALSE MERGE of variants {i} (m{i}_{ci}) and {j} (m{j}_{cj})"));
            }
        }
    }
    for i in 0..n {
        let exempt = case
            .nocontrol
            .iter()
            .any(|(only, j)| *j == i && only.as_deref().is_none_or(|w| tags.split_whitespace().any(|t| t == w)));
        if exempt {
            continue;
        }
        let a = copies.iter().find(|c| c.1 == (i, 'a')).unwrap().0;
        let b = copies.iter().find(|c| c.1 == (i, 'b')).unwrap().0;
        if merged.find(a.index()) != merged.find(b.index()) {
            problems.push(format!("{path:?}: control failed: the two copies of variant {i} did not merge"));
        }
    }
    problems
}

fn catalogue_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mutations");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mut"))
        .collect();
    files.sort();
    files
}

#[test]
fn mutated_properties_never_merge() {
    let (mut cases, mut variants, mut runs, mut skipped) = (0, 0, 0, 0);
    let mut problems = String::new();
    for file in catalogue_files() {
        for case in parse_catalogue(&file) {
            let (text, n) = module_text(&case);
            cases += 1;
            variants += n;
            let mut record = |what: &str, found: std::thread::Result<Vec<String>>| {
                // A panic (an adapter assertion) is a finding too: report it with the case.
                let found = found.unwrap_or_else(|e| {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    vec![format!("panicked: {}", msg.lines().next().unwrap_or(""))]
                });
                for p in found {
                    let _ = writeln!(problems, "{} ({}){what}: {p}", case.at, case.name);
                }
            };
            for path in PATHS {
                runs += 1;
                record("", std::panic::catch_unwind(AssertUnwindSafe(|| check_case(&case, &text, n, path))));
            }
            for setup in SETUPS {
                let (linkage, use_aliases) = (setup.linkage, setup.unnamed);
                let (linked, _) = module_text_with(&case, &setup);
                let Ok(m) = LlvmModule::parse(linked.as_bytes(), &case.name).map_err(|e| {
                    if std::env::var_os("MERGEFUNC_MUTATIONS_SHOW_SKIPPED").is_some() {
                        eprintln!("{} ({}) [{setup:?}]: {}", case.at, case.name, e.0.lines().next().unwrap_or(""));
                    }
                }) else {
                    skipped += 1;
                    continue;
                };
                drop(m);
                for path in [MergePath::Default, MergePath::FullPath] {
                    runs += 1;
                    let what = format!(
                        " [{linkage}{}{}{}{}{}]",
                        if use_aliases { " unnamed_addr, aliases" } else { "" },
                        if setup.callers { ", callers" } else { "" },
                        if setup.cycles { ", merge_cycles" } else { "" },
                        if setup.debug_info { ", preserve_debug_info" } else { "" },
                        if setup.drop { ", drop_differing_attachments" } else { "" },
                    );
                    record(
                        &what,
                        std::panic::catch_unwind(AssertUnwindSafe(|| {
                            let mut m = LlvmModule::parse(linked.as_bytes(), &case.name).expect("parsed above");
                            m.set_drop_differing_attachments(setup.drop);
                            let opts = Options {
                                use_aliases,
                                merge_cycles: setup.cycles,
                                preserve_debug_info: setup.debug_info,
                                ..Options::default()
                            };
                            let tags = format!(
                                "{linkage} {}{}",
                                if setup.cycles { "cycles" } else { "nocycles" },
                                if setup.drop { " drop" } else { "" }
                            );
                            check_module(&case, m, n, path, opts, &tags)
                        })),
                    );
                }
            }
        }
    }
    eprintln!(
        "mutation catalogue: {cases} cases, {variants} variants, {runs} merge runs \
         ({skipped} case/linkage combinations the IR does not allow)"
    );
    assert!(cases >= 100, "the catalogue shrank to {cases} cases");
    assert!(problems.is_empty(), "\n{problems}");
}

/// The same catalogue through `opt-22 -passes=mergefunc`, for the audit's table: which
/// cases LLVM 22 merges across classes. Prints; asserts only that opt-22 ran.
#[test]
fn mutation_catalogue_against_opt22() {
    if std::env::var_os("MERGEFUNC_MUTATIONS_OPT22").is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("mergefunc-mutations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut out = String::new();
    for file in catalogue_files() {
        for case in parse_catalogue(&file) {
            let (text, n) = module_text(&case);
            let input = dir.join(format!("{}.ll", case.name));
            std::fs::write(&input, &text).unwrap();
            let o = std::process::Command::new("opt-22")
                .args(["-S", "-passes=mergefunc", "-o", "-"])
                .arg(&input)
                .output()
                .expect("opt-22 runs");
            if !o.status.success() {
                let _ = writeln!(
                    out,
                    "{}: opt-22 failed: {}",
                    case.name,
                    String::from_utf8_lossy(&o.stderr).lines().next().unwrap_or("")
                );
                continue;
            }
            let merged = opt_merges(&String::from_utf8_lossy(&o.stdout), n);
            let mut classes = Classes::new(n);
            for s in &case.same {
                for w in s.windows(2) {
                    classes.join(w[0], w[1]);
                }
            }
            let wrong: Vec<String> = merged
                .iter()
                .filter(|(i, j)| classes.find(*i) != classes.find(*j))
                .map(|(i, j)| format!("{i}~{j}"))
                .collect();
            if !wrong.is_empty() {
                let _ = writeln!(out, "{}: opt-22 merges variants {}", case.name, wrong.join(" "));
            }
        }
    }
    eprintln!("{out}");
}

/// Variant pairs opt-22's output merged: a copy `m<i>_<c>` whose body is only a call to
/// `m<j>_<d>` (a thunk), or an alias of it.
fn opt_merges(text: &str, n: usize) -> Vec<(usize, usize)> {
    let variant = |name: &str| -> Option<usize> {
        let rest = name.strip_prefix('m')?;
        let (i, _) = rest.split_once('_')?;
        i.parse().ok().filter(|i| *i < n)
    };
    let mut out = Vec::new();
    let mut current: Option<(usize, Vec<String>)> = None;
    for line in text.lines() {
        if let Some(def) = line.strip_prefix("define ") {
            let name = def.split('@').nth(1).and_then(|s| s.split('(').next()).unwrap_or("");
            current = variant(name).map(|i| (i, Vec::new()));
        } else if line == "}" {
            if let Some((i, body)) = current.take() {
                if body.len() <= 3 {
                    for l in &body {
                        if let Some(callee) = l.split(" @").nth(1).and_then(|s| s.split('(').next()) {
                            if let Some(j) = variant(callee) {
                                out.push((j, i));
                            }
                        }
                    }
                }
            }
        } else if let Some((_, body)) = current.as_mut() {
            if !line.trim().is_empty() {
                body.push(line.to_string());
            }
        } else if line.contains(" alias ") {
            let name = line.trim_start_matches('@').split(' ').next().unwrap_or("");
            if let (Some(i), Some(j)) = (variant(name), line.rsplit('@').next().and_then(variant)) {
                out.push((j, i));
            }
        }
    }
    out
}

/// One-token changes that change behaviour wherever they apply (in a reachable block):
/// (from, to), applied to the first occurrence in an instruction line. GEP no-wrap flags
/// are left out (the merge intersects them).
const TOKEN_CHANGES: &[(&str, &str)] = &[
    (" = add ", " = sub "),
    (" = sub ", " = add "),
    (" = and ", " = or "),
    (" = or ", " = xor "),
    (" = xor ", " = and "),
    (" = shl ", " = lshr "),
    (" = lshr ", " = ashr "),
    (" = udiv ", " = sdiv "),
    (" = fadd ", " = fsub "),
    (" = fmul ", " = fadd "),
    (" = add ", " = add nuw "),
    (" = add ", " = add nsw "),
    (" = sub ", " = sub nuw "),
    (" = shl ", " = shl nsw "),
    (" = udiv ", " = udiv exact "),
    (" = lshr ", " = lshr exact "),
    (" = or ", " = or disjoint "),
    (" = zext ", " = sext "),
    (" = zext ", " = zext nneg "),
    (" = trunc ", " = trunc nuw "),
    ("icmp eq ", "icmp ne "),
    ("icmp ne ", "icmp eq "),
    ("icmp slt ", "icmp sle "),
    ("icmp ult ", "icmp samesign ult "),
    ("icmp ugt ", "icmp uge "),
    ("fcmp olt ", "fcmp ult "),
    ("fcmp oeq ", "fcmp nnan oeq "),
    (" = fadd ", " = fadd nsz "),
    (" = fmul ", " = fmul fast "),
    (" = select i1 ", " = select nnan i1 "),
    (" = load ", " = load volatile "),
    ("  store ", "  store volatile "),
    ("align 1", "align 2"),
    ("align 2", "align 4"),
    ("align 4", "align 8"),
    ("align 8", "align 16"),
    (" i32 1,", " i32 2,"),
    (" i64 1,", " i64 3,"),
    (" i32 0,", " i32 7,"),
    (" i64 8", " i64 16"),
    ("tail call ", "notail call "),
    ("call void ", "call fastcc void "),
    (" nounwind", ""),
    (" noundef ", " "),
    ("zeroinitializer", "poison"),
    ("undef", "poison"),
];

/// Changes of a definition's return and parameter attributes (rustc writes them on
/// nearly every function), each withdrawing or weakening a promise.
const PARAMETER_CHANGES: &[(&str, &str)] = &[
    (" noalias ", " "),
    (" nonnull ", " "),
    (" noundef ", " "),
    ("dereferenceable(", "dereferenceable_or_null("),
    (" zeroext ", " signext "),
    ("range(i8 0, 2)", "range(i8 0, 3)"),
    ("range(i64 1, ", "range(i64 0, "),
    (" readonly ", " "),
    ("captures(none) ", ""),
    ("align 8 ", "align 4 "),
    ("align 4 ", "align 2 "),
    (" writable ", " "),
];

/// What rustc writes on calls and loads: call-site parameter and return attributes, and
/// attachments, each withdrawn or weakened (an attachment becomes one of a kind no pass
/// reads). Counted apart in the sweep's summary line.
const RUSTC_TOKEN_CHANGES: &[(&str, &str)] = &[
    (" noalias ", " "),
    (" nonnull ", " "),
    ("dereferenceable(", "dereferenceable_or_null("),
    (" zeroext ", " signext "),
    ("range(i8 0, 2)", "range(i8 0, 3)"),
    ("range(i64 1, ", "range(i64 0, "),
    (" readonly ", " "),
    ("captures(none) ", ""),
    (" nuw nsw ", " nsw "),
    (", !noundef !", ", !mf.other !"),
    (", !range !", ", !mf.other !"),
    (", !nonnull !", ", !mf.other !"),
    (", !align !", ", !mf.other !"),
    (", !noalias !", ", !mf.other !"),
    (", !alias.scope !", ", !mf.other !"),
];

/// What language runtimes write (Crystal's fibers and channels, D's and Nim's exception
/// handling, C++ through Nim): atomic orderings, scopes and operations, `cmpxchg weak`,
/// and invoke and landing-pad clauses (a typed `catch` becomes a catch-all; the type
/// stays behind in a comment, as `llvm-dis` prints every clause on its own line). Counted
/// apart in the sweep's summary line.
const RUNTIME_TOKEN_CHANGES: &[(&str, &str)] = &[
    (" seq_cst", " monotonic"),
    (" monotonic", " seq_cst"),
    (" acquire", " seq_cst"),
    (" release", " seq_cst"),
    (" monotonic", " syncscope(\"singlethread\") monotonic"),
    ("fence seq_cst", "fence syncscope(\"singlethread\") seq_cst"),
    ("atomicrmw add ", "atomicrmw sub "),
    ("atomicrmw sub ", "atomicrmw add "),
    ("atomicrmw ", "atomicrmw volatile "),
    ("cmpxchg ", "cmpxchg weak "),
    ("catch ptr @", "catch ptr null ; @"),
    ("          cleanup", "          catch ptr null"),
    (" invoke void ", " invoke fastcc void "),
];

/// The definitions of a module's text: (name as written after `@`, start, end) of each
/// `define ... {` to its closing `}` line.
fn definitions(text: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = text[at..].find("\ndefine ") {
        let start = at + k + 1;
        let Some(end) = text[start..].find("\n}\n").map(|e| start + e + 3) else { break };
        let head = &text[start..text[start..].find('\n').map_or(end, |e| start + e)];
        if let Some(name) = head.split_once('@').and_then(|(_, r)| {
            if let Some(q) = r.strip_prefix('"') {
                q.split_once('"').map(|(n, _)| format!("\"{n}\""))
            } else {
                r.split_once('(').map(|(n, _)| n.to_string())
            }
        }) {
            out.push((name, start, end));
        }
        at = end - 1;
    }
    out
}

/// The block label a line of a body starts, if it is one (`7:`, `ok:`, `"a b":`, a
/// comment after it).
fn block_label(line: &str) -> Option<&str> {
    if line.starts_with(' ') || line.starts_with(';') {
        return None;
    }
    let head = line.split_once(" ;").map_or(line, |(h, _)| h).trim_end();
    head.strip_suffix(':').filter(|l| !l.is_empty())
}

/// The labels a line branches to: every `label %NAME` in it (`br`, `switch` cases,
/// `invoke`'s `to` and `unwind`, `indirectbr`, `callbr`, the exception pads' `unwind`).
fn branch_targets(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(k) = rest.find("label %") {
        rest = &rest[k + "label %".len()..];
        let end = if let Some(q) = rest.strip_prefix('"') {
            q.find('"').map_or(rest.len(), |e| e + 2)
        } else {
            rest.find([',', ' ', ']']).unwrap_or(rest.len())
        };
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

/// Which lines of a definition's text (`define` line first) lie in a block reachable from
/// the entry: the comparison walks the CFG from the entry, so a change in an unreachable
/// block changes nothing and may merge.
fn reachable_lines(lines: &[&str]) -> Vec<bool> {
    // blocks as (label, first line, end line); the entry block may have no label
    let mut blocks: Vec<(&str, usize, usize)> = vec![("", 1, lines.len())];
    for (i, l) in lines.iter().enumerate().skip(1) {
        if let Some(label) = block_label(l) {
            blocks.last_mut().expect("the entry block").2 = i;
            blocks.push((label, i + 1, lines.len()));
        }
    }
    let mut seen = vec![false; blocks.len()];
    let mut stack = vec![if blocks.len() > 1 && blocks[0].1 == blocks[0].2 { 1 } else { 0 }];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut seen[b], true) {
            continue;
        }
        for l in &lines[blocks[b].1..blocks[b].2] {
            for t in branch_targets(l) {
                if let Some(k) = blocks.iter().position(|(label, _, _)| *label == t) {
                    stack.push(k);
                }
            }
        }
    }
    let mut out = vec![true; lines.len()];
    for (b, (_, from, to)) in blocks.iter().enumerate() {
        for r in &mut out[*from..*to] {
            *r = seen[b];
        }
    }
    out
}

#[test]
fn only_lines_of_reachable_blocks_are_reachable() {
    let body = "define i32 @f(i1 %c) {\n  br i1 %c, label %\"a b\", label %7\n\
                dead:                      ; No predecessors!\n  ret i32 undef\n\
                \"a b\":\n  invoke void @g()\n          to label %7 unwind label %lp\n\
                7:   ; preds = %0\n  ret i32 1\n\
                lp:\n  %l = landingpad { ptr, i32 }\n          cleanup\n  ret i32 2\n\
                gone:\n  br label %7\n}";
    let lines: Vec<&str> = body.lines().collect();
    let reachable: Vec<&str> =
        reachable_lines(&lines).iter().zip(&lines).filter(|(r, _)| **r).map(|(_, l)| l.trim()).collect();
    assert!(reachable.contains(&"ret i32 1") && reachable.contains(&"cleanup") && reachable.contains(&"ret i32 2"));
    assert!(!reachable.contains(&"ret i32 undef") && !reachable.contains(&"br label %7"), "{reachable:?}");
    // a body whose entry block has a label
    let lines = ["define void @g() {", "entry:", "  ret void", "x:", "  ret void", "}"];
    assert_eq!(reachable_lines(&lines), [true, true, true, true, false, false]);
}

/// What a sweep did: clones run, of them with a change of [`RUSTC_TOKEN_CHANGES`] or
/// [`PARAMETER_CHANGES`] (`rustc`) or of [`RUNTIME_TOKEN_CHANGES`] (`runtime`), clones
/// per change, changes the parser rejects (`unparsed`) or undoes (`undone`: a folded
/// constant, an ordering the instruction already has), and the false merges and failed
/// runs.
#[derive(Default)]
struct SweepTally {
    runs: usize,
    rustc: usize,
    runtime: usize,
    kinds: BTreeMap<(&'static str, &'static str), usize>,
    unparsed: usize,
    undone: usize,
    problems: Vec<String>,
}

/// The sweep: `count` mutated clones of random functions of `text`, one at a time (the
/// clone `<name>.mut` carries one token change of one instruction of a reachable block,
/// [`reachable_lines`]); a merge of a clone
/// with its original is a false merge. With `runtime_only`, only the changes of
/// [`RUNTIME_TOKEN_CHANGES`], on the lines they apply to (rare in most functions).
fn sweep(what: &str, text: &str, count: usize, seed: u64, runtime_only: bool) -> SweepTally {
    let has_runtime_token = |l: &str| RUNTIME_TOKEN_CHANGES.iter().any(|(from, _)| l.contains(from));
    let defs: Vec<_> = definitions(text)
        .into_iter()
        .filter(|(_, s, e)| text[*s..*e].lines().count() >= 4 && (!runtime_only || has_runtime_token(&text[*s..*e])))
        .collect();
    let mut rng = Rng(seed);
    let mut tally = SweepTally::default();
    for _ in 0..count * 8 {
        if tally.runs == count || defs.is_empty() {
            break;
        }
        let (name, s, e) = &defs[rng.below(defs.len())];
        let body = &text[*s..*e];
        let lines: Vec<&str> = body.lines().collect();
        let reachable = reachable_lines(&lines);
        let mut insts: Vec<usize> = (1..lines.len())
            .filter(|i| reachable[*i] && lines[*i].starts_with("  ") && !lines[*i].contains("#dbg"))
            .filter(|i| !runtime_only || has_runtime_token(lines[*i]))
            .collect();
        if insts.is_empty() {
            continue;
        }
        // the define line too: its return and parameter attributes (the text before the
        // parameter list's `)`, so never the function's own attributes or alignment)
        if !runtime_only {
            insts.push(0);
        }
        let i = insts[rng.below(insts.len())];
        let line = if i == 0 { &lines[0][..lines[0].rfind(')').unwrap_or(0)] } else { lines[i] };
        let table: Vec<&(&str, &str)> = if i == 0 {
            PARAMETER_CHANGES.iter().collect()
        } else if runtime_only {
            RUNTIME_TOKEN_CHANGES.iter().collect()
        } else {
            TOKEN_CHANGES.iter().chain(RUSTC_TOKEN_CHANGES).chain(RUNTIME_TOKEN_CHANGES).collect()
        };
        let applicable: Vec<&(&str, &str)> = table
            .into_iter()
            .filter(|(from, _)| line.contains(from) && !(line.contains("getelementptr") && from.contains("align")))
            .collect();
        if applicable.is_empty() {
            continue;
        }
        let applicable_pick = &applicable[rng.below(applicable.len())];
        let (from, to) = **applicable_pick;
        let changed = format!("{}{}", line.replacen(from, to, 1), &lines[i][line.len()..]);
        let clone_name = match name.strip_suffix('"') {
            Some(n) => format!("{n}.mut\""),
            None => format!("{name}.mut"),
        };
        let mut clone: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        clone[i] = changed;
        clone[0] = clone[0].replacen(&format!("@{name}("), &format!("@{clone_name}("), 1);
        let module = format!("{text}\n{}\n", clone.join("\n"));
        let Ok(mut m) = LlvmModule::parse(module.as_bytes(), what) else {
            tally.unparsed += 1;
            continue;
        };
        // A change the parser undoes (a folded constant) is no change.
        let printed = m.to_text();
        let bodies: Vec<String> = definitions(&printed)
            .into_iter()
            .filter(|(n, _, _)| *n == *name || *n == clone_name)
            .map(|(n, s, e)| printed[s..e].replacen(&format!("@{n}("), "@F(", 1))
            .collect();
        if bodies.len() != 2 || bodies[0] == bodies[1] {
            tally.undone += 1;
            continue;
        }
        let ids = [name, &clone_name].map(|n| m.func_by_name(n.trim_matches('"')));
        let [Some(f), Some(g)] = ids else { continue };
        tally.runs += 1;
        *tally.kinds.entry((from, to)).or_default() += 1;
        let is = |table: &[(&str, &str)]| table.iter().any(|c| std::ptr::eq(c, *applicable_pick));
        tally.rustc += usize::from(is(RUSTC_TOKEN_CHANGES) || is(PARAMETER_CHANGES));
        tally.runtime += usize::from(is(RUNTIME_TOKEN_CHANGES));
        let report = match merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }) {
            Ok(r) => r,
            Err(e) => {
                tally.problems.push(format!("{what}: {clone_name}: the run failed: {e}"));
                continue;
            }
        };
        let n = 1 + report.merges.iter().flat_map(|r| [r.folded.index(), r.target.index()]).max().unwrap_or(0);
        let mut merged = Classes::new(n.max(f.index() + 1).max(g.index() + 1));
        for r in &report.merges {
            merged.join(r.folded.index(), r.target.index());
        }
        if merged.find(f.index()) == merged.find(g.index()) {
            tally
                .problems
                .push(format!("{what}: FALSE MERGE of @{name} and its clone:\n  - {}\n  + {}", lines[i], clone[i]));
        }
    }
    tally
}

/// The sweep on every corpus module (a few clones each, in CI), or with
/// `MERGEFUNC_MUTATION_SWEEP=a.ll:b.ll` (and `MERGEFUNC_MUTATION_SWEEP_COUNT`, default
/// 200) on other modules: the random counterpart of the catalogue, on real code. With
/// `MERGEFUNC_MUTATION_SWEEP_CHANGES=runtime`, only atomic and exception-handling changes
/// ([`RUNTIME_TOKEN_CHANGES`]).
#[test]
fn mutated_clones_of_real_functions_never_merge() {
    let runtime_only = std::env::var("MERGEFUNC_MUTATION_SWEEP_CHANGES").is_ok_and(|c| c == "runtime");
    let (files, count): (Vec<PathBuf>, usize) = match std::env::var_os("MERGEFUNC_MUTATION_SWEEP") {
        Some(list) => (
            std::env::split_paths(&list).collect(),
            std::env::var("MERGEFUNC_MUTATION_SWEEP_COUNT").ok().and_then(|c| c.parse().ok()).unwrap_or(200),
        ),
        None => {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
            let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "ll"))
                .collect();
            v.sort();
            (v, 3)
        }
    };
    let mut all = SweepTally::default();
    for (k, f) in files.iter().enumerate() {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let t = sweep(&f.display().to_string(), &text, count, 0x5eed + k as u64, runtime_only);
        eprintln!(
            "{}: {} clones ({} rustc, {} runtime changes; {} changes not parsed, {} undone by the parser)",
            f.display(),
            t.runs,
            t.rustc,
            t.runtime,
            t.unparsed,
            t.undone
        );
        all.runs += t.runs;
        all.rustc += t.rustc;
        all.runtime += t.runtime;
        all.unparsed += t.unparsed;
        all.undone += t.undone;
        for (kind, n) in t.kinds {
            *all.kinds.entry(kind).or_default() += n;
        }
        all.problems.extend(t.problems);
    }
    eprintln!(
        "mutation sweep: {} mutated clones in {} modules ({} with a rustc attribute or attachment changed, \
         {} with an atomic or exception-handling change; {} changes not parsed, {} undone by the parser)",
        all.runs,
        files.len(),
        all.rustc,
        all.runtime,
        all.unparsed,
        all.undone
    );
    if std::env::var_os("MERGEFUNC_MUTATION_SWEEP").is_some() {
        for ((from, to), n) in &all.kinds {
            eprintln!("  {n:5}  {:?} -> {:?}", from.trim(), to.trim());
        }
    }
    assert!(all.problems.is_empty(), "\n{}", all.problems.join("\n"));
}

/// Functions with every token of [`RUNTIME_TOKEN_CHANGES`] (atomics as Crystal's runtime
/// writes them, invokes and landing pads as LDC and Nim's C++ backend write them), each
/// with an identical copy.
const RUNTIME_MODULE: &str = r#"
@_ZTIi = external constant ptr
@flag = global i32 0
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define i32 @orders(ptr %p) {
entry:
  %a = load atomic i32, ptr %p seq_cst, align 4
  %b = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %a, ptr @flag release, align 4
  store atomic i32 %b, ptr %p seq_cst, align 4
  fence seq_cst
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @rmw(ptr %p, i32 %v) {
entry:
  %a = atomicrmw add ptr %p, i32 %v monotonic, align 4
  %b = atomicrmw sub ptr %p, i32 %a seq_cst, align 4
  %c = cmpxchg ptr %p, i32 %a, i32 %b monotonic monotonic, align 4
  %d = extractvalue { i32, i1 } %c, 0
  ret i32 %d
}

define i32 @eh_cleanup() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %ok unwind label %lp
ok:
  ret i32 0
lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}

define i32 @eh_catch() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %ok unwind label %lp
ok:
  ret i32 0
lp:
  %l = landingpad { ptr, i32 }
          catch ptr @_ZTIi
  %sel = extractvalue { ptr, i32 } %l, 1
  ret i32 %sel
}
"#;

/// The runtime changes make clones the parser keeps, none of which merges with its
/// original, while every function merges with its identical copy (the control).
#[test]
fn runtime_token_changes_make_clones_that_never_merge() {
    let defs = definitions(RUNTIME_MODULE);
    let copies: String = defs
        .iter()
        .map(|(n, s, e)| RUNTIME_MODULE[*s..*e].replacen(&format!("@{n}("), &format!("@{n}.copy("), 1))
        .collect();
    let text = format!("{HEADER}{RUNTIME_MODULE}\n{copies}");
    let mut m = LlvmModule::parse(text.as_bytes(), "runtime").expect("the runtime module parses");
    let report = merge_module(&mut m, &Options::default()).expect("the control runs");
    assert_eq!(report.merges.len(), defs.len(), "every function merges with its copy");
    let t = sweep("runtime", &text, 300, 0x5eed, false);
    assert!(t.runtime > 0 && t.runtime < t.runs, "{} of {} clones with runtime changes", t.runtime, t.runs);
    let only = sweep("runtime", &text, 100, 0x5eed, true);
    assert!(only.problems.is_empty(), "\n{}", only.problems.join("\n"));
    assert_eq!((only.runs, only.runtime), (100, 100), "runtime_only makes only runtime changes");
    assert!(t.problems.is_empty(), "\n{}", t.problems.join("\n"));
    assert_eq!(t.runs, 300);
    let missing: Vec<_> = RUNTIME_TOKEN_CHANGES.iter().filter(|k| !t.kinds.contains_key(k)).collect();
    assert!(missing.is_empty(), "runtime changes that made no clone: {missing:?}");
}
