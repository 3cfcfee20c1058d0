//! Outcome classifier: what happened to every function *defined in the input* in an
//! output module (LLVM's `opt -passes=mergefunc` or ours).
//!
//! Outcomes:
//! * `kept` — still defined with a body that is not a (new) forwarding thunk. For kept
//!   functions the multiset of direct callees is recorded too, so "callers redirected"
//!   differences show up.
//! * `erased` — no symbol of that name is left.
//! * `thunk->X` — the body is a single block that only calls `X` with `tail`/`musttail`
//!   (plus argument/result casts and, in preserve-debug-info mode, the kept parameter
//!   `alloca`/`store`/debug records) and returns.
//! * `alias->X` — `@name = ... alias ..., ptr @X`.
//! * `declared` — only a declaration is left (a broken merge; LLVM once produced
//!   `declare weak` for tiny weak pairs).
//!
//! **New bodies.** In the double-thunk case (interposable F, or both ODR) LLVM moves F's
//! body into a new *private, unnamed* function (`@0`, `@1`, ... in the printed text) and
//! the original names become thunks/aliases to it (or are erased when unused and
//! discardable). Our tool may name that body differently, so a function defined in the
//! output whose name is not a function defined in the input is a *new body*, and every
//! reference to it is rewritten to a name-independent label:
//! `new{a,b}` — the sorted input functions *merged into it*: those that are now
//! thunks/aliases to it, plus those whose call sites now reach it (every kept function's
//! direct call sites are aligned between input and output, since a merge only swaps
//! callees; e.g. an erased `linkonce_odr` pair whose callers now call the private body).
//! Groups are disjoint, so large groups are shortened to `new{a,b,+N}`. A body nothing
//! points at is `new#k` (k-th in output order).
//!
//! Limitation: unnamed functions already present in the input (`@0`...) are keyed by
//! their slot number, which a tool that adds unnamed functions may shift.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::llparse::{self, direct_callee, opcode, FuncDef, LlModule};

/// What happened to one input function.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Kept,
    Erased,
    Declared,
    Thunk(String),
    Alias(String),
}

impl Outcome {
    pub fn is_merged(&self) -> bool {
        matches!(self, Outcome::Erased | Outcome::Thunk(_) | Outcome::Alias(_))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Kept => write!(f, "kept"),
            Outcome::Erased => write!(f, "erased"),
            Outcome::Declared => write!(f, "declared"),
            Outcome::Thunk(t) => write!(f, "thunk->{t}"),
            Outcome::Alias(t) => write!(f, "alias->{t}"),
        }
    }
}

/// Parses `kept`, `erased`, `declared`, `thunk->X`, `alias->X`.
pub fn parse_outcome(s: &str) -> Option<Outcome> {
    let s = s.trim();
    Some(match s {
        "kept" => Outcome::Kept,
        "erased" => Outcome::Erased,
        "declared" => Outcome::Declared,
        _ => {
            if let Some(t) = s.strip_prefix("thunk->") {
                Outcome::Thunk(t.to_string())
            } else if let Some(t) = s.strip_prefix("alias->") {
                Outcome::Alias(t.to_string())
            } else {
                return None;
            }
        }
    })
}

/// Outcome of one function plus, when kept, its direct callees (sorted multiset,
/// intrinsics left out, new bodies labelled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnRecord {
    pub outcome: Outcome,
    pub callees: Vec<String>,
}

impl fmt::Display for FnRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.outcome)?;
        if self.outcome == Outcome::Kept && !self.callees.is_empty() {
            write!(f, " calls({})", self.callees.join(","))?;
        }
        Ok(())
    }
}

/// Classification of an output module relative to its input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classification {
    /// Every function defined in the input, by name.
    pub funcs: BTreeMap<String, FnRecord>,
    /// Labels of the new bodies found in the output (sorted).
    pub new_bodies: Vec<String>,
}

impl Classification {
    /// Input functions that were erased, thunked or aliased.
    pub fn merged_count(&self) -> usize {
        self.funcs.values().filter(|r| r.outcome.is_merged()).count()
    }
    pub fn outcome(&self, name: &str) -> Option<&Outcome> {
        self.funcs.get(name).map(|r| &r.outcome)
    }
    /// A compact multi-line table of the non-kept functions and new bodies.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for (n, r) in &self.funcs {
            if r.outcome != Outcome::Kept {
                s.push_str(&format!("  {n}: {}\n", r.outcome));
            }
        }
        for b in &self.new_bodies {
            s.push_str(&format!("  (new body {b})\n"));
        }
        if s.is_empty() {
            s.push_str("  (nothing merged)\n");
        }
        s
    }
}

const CAST_OPS: &[&str] = &["bitcast", "ptrtoint", "inttoptr", "addrspacecast", "extractvalue", "insertvalue"];

/// If `f` is a forwarding thunk, the name of the function it forwards to.
pub fn thunk_target(f: &FuncDef) -> Option<String> {
    let mut target = None;
    let mut saw_ret = false;
    for (i, inst) in f.insts.iter().enumerate() {
        let op = opcode(inst);
        let last = i + 1 == f.insts.len();
        match op.as_str() {
            "ret" => {
                if !last {
                    return None;
                }
                saw_ret = true;
            }
            "tail call" | "musttail call" | "call" => {
                let callee = direct_callee(inst)?;
                if callee.starts_with("llvm.dbg.") {
                    continue; // old-style debug intrinsics (PDI thunks keep them)
                }
                if op == "call" || target.is_some() || callee.starts_with("llvm.") {
                    return None;
                }
                target = Some(callee);
            }
            // Preserve-debug-info thunks keep the parameter spill slots.
            "alloca" | "store" => {}
            o if CAST_OPS.contains(&o) => {}
            _ => return None,
        }
    }
    if saw_ret {
        target
    } else {
        None
    }
}

/// Direct callees in instruction order (intrinsics left out).
fn call_sites(f: &FuncDef) -> Vec<String> {
    f.insts.iter().filter_map(|i| direct_callee(i)).filter(|c| !c.starts_with("llvm.")).collect()
}

fn callees(f: &FuncDef) -> Vec<String> {
    let mut v = call_sites(f);
    v.sort();
    v
}

/// Classifies `output` against `input` (both textual IR already parsed).
pub fn classify(input: &LlModule, output: &LlModule) -> Classification {
    let in_defined: BTreeSet<&str> = input.funcs.iter().map(|f| f.name.as_str()).collect();
    let out_funcs = output.func_map();

    // New bodies: defined in the output, not defined in the input.
    let new_names: Vec<&str> =
        output.funcs.iter().map(|f| f.name.as_str()).filter(|n| !in_defined.contains(n)).collect();

    // Pass 1: raw outcomes with raw target names.
    let mut raw: BTreeMap<String, (Outcome, Vec<String>)> = BTreeMap::new();
    for f in &input.funcs {
        let name = f.name.as_str();
        let rec = if let Some(of) = out_funcs.get(name) {
            match thunk_target(of) {
                // A function that already was this very thunk in the input is kept.
                Some(t) if thunk_target(f).as_deref() != Some(t.as_str()) => (Outcome::Thunk(t), Vec::new()),
                _ => (Outcome::Kept, callees(of)),
            }
        } else if let Some(a) = output.alias(name) {
            (Outcome::Alias(a.target.clone().unwrap_or_else(|| "<expr>".into())), Vec::new())
        } else if output.is_declared(name) {
            (Outcome::Declared, Vec::new())
        } else {
            (Outcome::Erased, Vec::new())
        };
        raw.insert(name.to_string(), rec);
    }

    // Pass 2: labels for new bodies. A new body is named after the input functions
    // merged into it: those that now forward to it (thunk/alias) and those whose call
    // sites now reach it (found by aligning each kept function's direct call sites in
    // the input with the same sites in the output: a merge only swaps callees).
    let in_funcs = input.func_map();
    let mut related: BTreeMap<&str, BTreeSet<String>> = new_names.iter().map(|n| (*n, BTreeSet::new())).collect();
    for (k, (o, _)) in &raw {
        match o {
            Outcome::Thunk(t) | Outcome::Alias(t) => {
                if let Some(set) = related.get_mut(t.as_str()) {
                    set.insert(k.clone());
                }
            }
            Outcome::Kept => {
                let (Some(inf), Some(outf)) = (in_funcs.get(k.as_str()), out_funcs.get(k.as_str())) else {
                    continue;
                };
                let ins = call_sites(inf);
                let outs = call_sites(outf);
                if ins.len() != outs.len() {
                    continue;
                }
                for (ic, oc) in ins.iter().zip(&outs) {
                    if let Some(set) = related.get_mut(oc.as_str()) {
                        if in_defined.contains(ic.as_str()) {
                            set.insert(ic.clone());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut labels: BTreeMap<&str, String> = BTreeMap::new();
    let mut orphan = 0;
    for n in &new_names {
        let set = &related[n];
        let label = if set.is_empty() {
            orphan += 1;
            format!("new#{orphan}")
        } else {
            // Groups are disjoint, so the first names identify the group.
            let names: Vec<&str> = set.iter().map(String::as_str).collect();
            if names.len() <= 3 {
                format!("new{{{}}}", names.join(","))
            } else {
                format!("new{{{},+{}}}", names[..2].join(","), names.len() - 2)
            }
        };
        labels.insert(n, label);
    }
    // Should two bodies still share a label (only orphans can), keep them distinct.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for n in &new_names {
        let l = labels.get_mut(n).unwrap();
        let k = seen.entry(l.clone()).or_insert(0);
        *k += 1;
        if *k > 1 {
            l.push_str(&format!("#{k}"));
        }
    }
    let relabel = |s: &str| labels.get(s).cloned().unwrap_or_else(|| s.to_string());

    let funcs = raw
        .into_iter()
        .map(|(k, (o, c))| {
            let o = match o {
                Outcome::Thunk(t) => Outcome::Thunk(relabel(&t)),
                Outcome::Alias(t) => Outcome::Alias(relabel(&t)),
                o => o,
            };
            let mut c: Vec<String> = c.iter().map(|c| relabel(c)).collect();
            c.sort();
            (k, FnRecord { outcome: o, callees: c })
        })
        .collect();
    let mut new_bodies: Vec<String> = labels.into_values().collect();
    new_bodies.sort();
    Classification { funcs, new_bodies }
}

/// Parses and classifies two texts.
pub fn classify_text(input: &str, output: &str) -> Classification {
    classify(&llparse::parse(input), &llparse::parse(output))
}

/// One per-function difference between a reference (LLVM) and a candidate (ours).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diff {
    pub func: String,
    pub reference: String,
    pub candidate: String,
}

/// Compares two classifications of the same input. `skip` names functions whose
/// difference is documented elsewhere. `with_callees` also compares kept functions'
/// callee lists.
pub fn compare(
    reference: &Classification,
    candidate: &Classification,
    skip: &BTreeSet<String>,
    with_callees: bool,
) -> Vec<Diff> {
    let mut out = Vec::new();
    for (name, r) in &reference.funcs {
        if skip.contains(name) {
            continue;
        }
        let c = candidate.funcs.get(name);
        let differs = match c {
            None => true,
            Some(c) => c.outcome != r.outcome || (with_callees && r.outcome == Outcome::Kept && c.callees != r.callees),
        };
        if differs {
            out.push(Diff {
                func: name.clone(),
                reference: r.to_string(),
                candidate: c.map(|c| c.to_string()).unwrap_or_else(|| "<missing>".into()),
            });
        }
    }
    out
}

/// A readable table of differences. Columns are padded to the longest entry up to
/// [`CELL_MAX`] characters, and longer entries (a `kept` function's callee list in a big
/// module can run to megabytes) are cut there with their full length noted, so the
/// table stays readable and the padding stays within what `format!` accepts.
pub fn render_diffs(diffs: &[Diff], ref_name: &str, cand_name: &str) -> String {
    let w = diffs.iter().map(|d| cell(&d.func).chars().count()).max().unwrap_or(8).max(8);
    let wr = diffs.iter().map(|d| cell(&d.reference).chars().count()).max().unwrap_or(8).max(ref_name.len());
    let mut s = format!("  {:w$}  {:wr$}  {}\n", "function", ref_name, cand_name, w = w, wr = wr);
    for d in diffs {
        s.push_str(&format!(
            "  {:w$}  {:wr$}  {}\n",
            cell(&d.func),
            cell(&d.reference),
            cell(&d.candidate),
            w = w,
            wr = wr
        ));
    }
    s
}

/// The longest table cell [`render_diffs`] prints in full.
pub const CELL_MAX: usize = 300;

/// `text`, cut to [`CELL_MAX`] characters with its full length noted when longer.
fn cell(text: &str) -> String {
    let n = text.chars().count();
    if n <= CELL_MAX {
        return text.to_string();
    }
    let head: String = text.chars().take(CELL_MAX).collect();
    format!("{head}... ({n} chars)")
}

/// `; EXPECT: a=thunk->b c=erased` lines of a corpus file (items separated by
/// whitespace, since labels such as `new{a,b}` contain commas; functions not listed are
/// expected `kept`).
pub fn expectations(text: &str) -> BTreeMap<String, Outcome> {
    let mut m = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("; EXPECT:") else {
            continue;
        };
        for item in rest.split_whitespace() {
            // Names are written as in LLVM's quoted names: `\01foo` is the name
            // "\x01foo" (what `llparse::read_name` decodes `@"\01foo"` to).
            let item = &decode_escapes(item);
            let (k, v) = item.split_once('=').unwrap_or_else(|| panic!("bad EXPECT item `{item}`"));
            let o = parse_outcome(v).unwrap_or_else(|| panic!("bad EXPECT outcome `{v}`"));
            m.insert(k.trim().to_string(), o);
        }
    }
    m
}

/// `text` with each `\XX` (two hex digits) replaced by that byte, as in LLVM's quoted
/// names.
fn decode_escapes(text: &str) -> String {
    match llparse::read_name(&format!("\"{text}\"")) {
        Some((s, _)) => s,
        None => text.to_string(),
    }
}

/// `; RUN-OPTS: --use-aliases --preserve-debug-info` of a corpus file.
pub fn run_opts(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| l.starts_with(';') || l.trim().is_empty())
        .filter_map(|l| l.trim().strip_prefix("; RUN-OPTS:"))
        .flat_map(|r| r.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const IN: &str = r#"
define weak i32 @wa(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define weak i32 @wb(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define i32 @ext_a(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define i32 @ext_b(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define internal i32 @loc(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define i32 @already_thunk(i32 %x) {
  %r = tail call i32 @ext_a(i32 %x)
  ret i32 %r
}
define i32 @main() {
  %a = call i32 @wa(i32 1)
  %b = call i32 @ext_b(i32 2)
  %c = call i32 @loc(i32 3)
  ret i32 0
}
"#;

    // What opt-22 prints for IN (shape copied from a real run).
    const OPT_OUT: &str = r#"
define private i32 @0(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define i32 @ext_a(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define i32 @already_thunk(i32 %x) {
  %r = tail call i32 @ext_a(i32 %x)
  ret i32 %r
}
define i32 @main() {
  %a = call i32 @wa(i32 1)
  %b = call i32 @ext_a(i32 2)
  %c = call i32 @ext_a(i32 3)
  ret i32 0
}
define weak i32 @wb(i32 %0) {
  %2 = tail call i32 @0(i32 %0)
  ret i32 %2
}
define weak i32 @wa(i32 %0) {
  %2 = tail call i32 @0(i32 %0)
  ret i32 %2
}
define i32 @ext_b(i32 %0) {
  %2 = tail call i32 @ext_a(i32 %0)
  ret i32 %2
}
"#;

    // The same merge as a different tool might print it: new body named differently,
    // weak names as aliases would be a real difference, so keep thunks; value names
    // differ; function order differs.
    const OURS_OUT: &str = r#"
define i32 @ext_a(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define private i32 @wa.mergefunc.body(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define weak i32 @wa(i32 %a) {
  %r = tail call i32 @wa.mergefunc.body(i32 %a)
  ret i32 %r
}
define weak i32 @wb(i32 %a) {
  %r = tail call i32 @wa.mergefunc.body(i32 %a)
  ret i32 %r
}
define i32 @ext_b(i32 %a) {
  %r = tail call i32 @ext_a(i32 %a)
  ret i32 %r
}
define i32 @already_thunk(i32 %x) {
  %r = tail call i32 @ext_a(i32 %x)
  ret i32 %r
}
define i32 @main() {
  %a = call i32 @wa(i32 1)
  %b = call i32 @ext_a(i32 2)
  %c = call i32 @ext_a(i32 3)
  ret i32 0
}
"#;

    #[test]
    fn classifies_opt_shapes() {
        let c = classify_text(IN, OPT_OUT);
        assert_eq!(c.outcome("wa"), Some(&Outcome::Thunk("new{wa,wb}".into())));
        assert_eq!(c.outcome("wb"), Some(&Outcome::Thunk("new{wa,wb}".into())));
        assert_eq!(c.outcome("ext_b"), Some(&Outcome::Thunk("ext_a".into())));
        assert_eq!(c.outcome("ext_a"), Some(&Outcome::Kept));
        assert_eq!(c.outcome("loc"), Some(&Outcome::Erased));
        // Already a thunk in the input and unchanged: kept, not "merged".
        assert_eq!(c.outcome("already_thunk"), Some(&Outcome::Kept));
        assert_eq!(c.funcs["main"].callees, vec!["ext_a", "ext_a", "wa"]);
        assert_eq!(c.merged_count(), 4);
        assert_eq!(c.new_bodies, vec!["new{wa,wb}"]);
    }

    #[test]
    fn double_thunk_naming_is_compared_modulo_the_body_name() {
        let r = classify_text(IN, OPT_OUT);
        let o = classify_text(IN, OURS_OUT);
        let d = compare(&r, &o, &BTreeSet::new(), true);
        assert_eq!(d, vec![], "{}", render_diffs(&d, "opt", "ours"));
    }

    #[test]
    fn long_entries_are_cut_in_the_table() {
        // Padding to a 70,000-character callee list overflowed `format!`'s width (a
        // panic on the C++ modules of issue #34's hunt); the cell is cut instead.
        let long = format!("kept calls {}", "f,".repeat(35_000));
        let d = vec![
            Diff { func: "a".repeat(70_000), reference: long.clone(), candidate: "erased".into() },
            Diff { func: "b".into(), reference: "erased".into(), candidate: long },
        ];
        let table = render_diffs(&d, "opt-22", "mergefunc");
        assert_eq!(table.lines().count(), 3, "{table}");
        assert!(table.contains("(70000 chars)") && table.contains("(70011 chars)"), "{table}");
        assert!(table.lines().all(|l| l.len() < 4 * CELL_MAX), "{table}");
    }

    #[test]
    fn differences_are_reported_per_function() {
        let r = classify_text(IN, OPT_OUT);
        // Ours keeps @loc and redirects nothing.
        let ours = OURS_OUT
            .replace(
                "define i32 @main() {",
                "define internal i32 @loc(i32 %x) {\n  %y = add i32 %x, 2\n  ret i32 %y\n}\ndefine i32 @main() {",
            )
            .replace("%c = call i32 @ext_a(i32 3)", "%c = call i32 @loc(i32 3)");
        let o = classify_text(IN, &ours);
        let d = compare(&r, &o, &BTreeSet::new(), true);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].func, "loc");
        assert_eq!(d[0].reference, "erased");
        assert_eq!(d[0].candidate, "kept");
        assert_eq!(d[1].func, "main");
        assert!(d[1].candidate.contains("loc"));
        let table = render_diffs(&d, "opt-22", "mergefunc");
        assert!(table.contains("loc") && table.contains("erased"), "{table}");
        // Skipping documented functions hides them.
        let skip: BTreeSet<String> = ["loc".to_string(), "main".to_string()].into();
        assert!(compare(&r, &o, &skip, true).is_empty());
        // Outcome-only comparison ignores callee lists.
        let d2 = compare(&r, &o, &["loc".to_string()].into(), false);
        assert!(d2.is_empty(), "{d2:?}");
    }

    #[test]
    fn aliases_declarations_and_orphans() {
        let input = "define weak i32 @a(i32 %x) unnamed_addr {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
                     define weak i32 @b(i32 %x) unnamed_addr {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
                     define linkonce_odr i32 @c(i32 %x) {\n  %y = add i32 %x, 9\n  ret i32 %y\n}\n\
                     define linkonce_odr i32 @d(i32 %x) {\n  %y = add i32 %x, 9\n  ret i32 %y\n}\n\
                     define i32 @user(i32 %x) {\n  %r = call i32 @c(i32 %x)\n  ret i32 %r\n}\n";
        let output = "@b = weak unnamed_addr alias i32 (i32), ptr @0\n\
                      @a = weak unnamed_addr alias i32 (i32), ptr @0\n\
                      define private i32 @0(i32 %x) unnamed_addr {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
                      define private i32 @1(i32 %x) {\n  %y = add i32 %x, 9\n  ret i32 %y\n}\n\
                      define i32 @user(i32 %x) {\n  %r = call i32 @1(i32 %x)\n  ret i32 %r\n}\n";
        let c = classify_text(input, output);
        assert_eq!(c.outcome("a"), Some(&Outcome::Alias("new{a,b}".into())));
        assert_eq!(c.outcome("c"), Some(&Outcome::Erased));
        assert_eq!(c.outcome("d"), Some(&Outcome::Erased));
        // The erased ODR pair's body is named after the callee its caller used to call.
        assert_eq!(c.funcs["user"].callees, vec!["new{c}"]);
        assert_eq!(c.new_bodies, vec!["new{a,b}", "new{c}"]);

        let broken = "declare weak i32 @a(i32)\ndefine weak i32 @b(i32 %x) unnamed_addr {\n  ret i32 %x\n}\n";
        let c = classify_text(input, broken);
        assert_eq!(c.outcome("a"), Some(&Outcome::Declared));
        assert_eq!(c.outcome("b"), Some(&Outcome::Kept));
    }

    #[test]
    fn thunk_shapes() {
        let t = |body: &str| {
            let m = llparse::parse(&format!("define i32 @g(ptr %0) {{\n{body}\n}}\n"));
            thunk_target(&m.funcs[0])
        };
        // Casts around the call.
        assert_eq!(
            t("  %2 = ptrtoint ptr %0 to i64\n  %3 = tail call i64 @f(i64 %2)\n  %4 = trunc i64 %3 to i32\n  ret i32 %4"),
            None, // trunc is not a thunk cast
        );
        assert_eq!(
            t("  %2 = ptrtoint ptr %0 to i64\n  %3 = tail call ptr @f(i64 %2)\n  %4 = ptrtoint ptr %3 to i64\n  ret i64 %4")
                .as_deref(),
            Some("f")
        );
        assert_eq!(t("  musttail call void @f(ptr %0)\n  ret void").as_deref(), Some("f"));
        // PDI thunk: parameter spill and debug records survive.
        assert_eq!(
            t("entry:\n  %x.addr = alloca ptr, align 8\n  store ptr %0, ptr %x.addr, align 8\n    #dbg_declare(ptr %x.addr, !1, !DIExpression(), !2)\n  %1 = tail call i32 @f(ptr %0), !dbg !3\n  ret i32 %1, !dbg !3")
                .as_deref(),
            Some("f")
        );
        // Not thunks: plain call, two calls, extra arithmetic, several blocks, intrinsic.
        assert_eq!(t("  %1 = call i32 @f(ptr %0)\n  ret i32 %1"), None);
        assert_eq!(t("  %1 = tail call i32 @f(ptr %0)\n  %2 = tail call i32 @f(ptr %0)\n  ret i32 %2"), None);
        assert_eq!(t("  %1 = tail call i32 @f(ptr %0)\n  %2 = add i32 %1, 1\n  ret i32 %2"), None);
        assert_eq!(t("  %1 = tail call i32 @f(ptr %0)\n  br label %b\nb:\n  ret i32 %1"), None);
        assert_eq!(t("  %1 = tail call i32 @llvm.ctpop.i32(i32 0)\n  ret i32 %1"), None);
        assert_eq!(t("  ret i32 0"), None);
    }

    #[test]
    fn corpus_annotations() {
        let text = "; RUN-OPTS: --use-aliases\n; RULE: x\n; OPT22: y\n; EXPECT: a=thunk->new{a,b} b=erased\n; EXPECT: c=alias->d\n";
        assert_eq!(run_opts(text), vec!["--use-aliases"]);
        let e = expectations(text);
        assert_eq!(e["a"], Outcome::Thunk("new{a,b}".into()));
        assert_eq!(e["b"], Outcome::Erased);
        assert_eq!(e["c"], Outcome::Alias("d".into()));
        assert_eq!(run_opts("; RULE: none\n"), Vec::<String>::new());
    }
}
