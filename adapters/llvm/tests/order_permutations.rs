//! Order independence: a module with its functions and globals in another order and its
//! defined functions renamed merges the same classes of functions (which member
//! survives may differ: LLVM's order decides that too), in every mode, with one thread
//! and with two. A small version of `scripts/order-permutations.py`, over corpus modules
//! whose merges depend on caches filled in module order (types and constants met first
//! deep inside others, chains of merges, aliases) and the stress modules of two generated
//! deep types and constants.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

#[path = "common/rng.rs"]
mod rng;

use std::collections::{BTreeMap, BTreeSet};

use mergefunc::{merge_module, FuncId, Module, Options};
use mergefunc_llvm::LlvmModule;

/// Corpus modules permuted (each has merges that a cache filled in module order could
/// change).
const MODULES: &[&str] = &[
    "deep-named-types-met-first-inside.ll",
    "deep-types-met-first-inside.ll",
    "chain-requeue.ll",
    "alias-chains.ll",
    "thunk-casts-aggregates.ll",
];

/// Variants of each module besides the original.
const PERMUTATIONS: u64 = 3;

/// A `.ll` text cut into its top-level entities: functions (definitions and
/// declarations), globals (variables, aliases, ifuncs) and the rest, kept in place
/// (header, types, comdats before; metadata and attribute groups after).
struct Entities {
    head: Vec<String>,
    funcs: Vec<String>,
    globals: Vec<String>,
    tail: Vec<String>,
}

fn entities(text: &str) -> Entities {
    let mut e = Entities { head: vec![], funcs: vec![], globals: vec![], tail: vec![] };
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("define ") {
            let mut j = i;
            while lines[j] != "}" {
                j += 1;
            }
            e.funcs.push(lines[i..=j].join("\n"));
            i = j + 1;
        } else if line.starts_with("declare ") {
            e.funcs.push(line.to_string());
            i += 1;
        } else if line.starts_with('@') {
            // Continuation lines of an initializer are indented.
            let mut j = i + 1;
            while j < lines.len() && lines[j].starts_with([' ', '\t', ']', '}']) {
                j += 1;
            }
            e.globals.push(lines[i..j].join("\n"));
            i = j;
        } else {
            if line.starts_with('!') || line.starts_with("attributes") {
                e.tail.push(line.to_string());
            } else if !line.starts_with("uselistorder") {
                e.head.push(line.to_string());
            }
            i += 1;
        }
    }
    e
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_')
}

/// The name `@name` defines, if `line` is a `define` line.
fn defined_name(line: &str) -> Option<&str> {
    let rest = &line[line.find('@')? + 1..];
    let end = rest.find(|c: char| !ident_char(c))?;
    rest[end..].starts_with('(').then_some(&rest[..end])
}

/// Every `@name` reference of `text` renamed by `map`.
fn rename(text: &str, map: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let end = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
        let name = &rest[..end];
        out.push_str(map.get(name).map_or(name, |n| n.as_str()));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Variant `k` of `text` (0: the text itself) and the map from its names back to the
/// original ones.
fn variant(text: &str, k: u64) -> (String, BTreeMap<String, String>) {
    if k == 0 {
        return (text.to_string(), BTreeMap::new());
    }
    let mut e = entities(text);
    let mut r = rng::Rng(k * 7919 + 13);
    let mut shuffle = |v: &mut Vec<String>| {
        for i in (1..v.len()).rev() {
            v.swap(i, r.below(i + 1));
        }
    };
    shuffle(&mut e.funcs);
    shuffle(&mut e.globals);
    // Fresh names for the defined functions outside comdats, given in another order.
    let mut names: Vec<String> = e
        .funcs
        .iter()
        .filter(|f| f.starts_with("define ") && !f.lines().next().unwrap().contains(" comdat"))
        .filter_map(|f| defined_name(f.lines().next().unwrap()))
        .filter(|n| *n != "main" && !n.starts_with("llvm."))
        .map(str::to_string)
        .collect();
    names.sort();
    let mut fresh: Vec<String> = (0..names.len()).map(|i| format!("v{k}_{i}")).collect();
    shuffle(&mut fresh);
    let map: BTreeMap<String, String> = names.iter().cloned().zip(fresh).collect();
    let back = map.iter().map(|(o, n)| (n.clone(), o.clone())).collect();
    let body: Vec<String> = e.head.into_iter().chain(e.globals).chain(e.funcs).chain(e.tail).collect();
    (rename(&(body.join("\n") + "\n"), &map), back)
}

/// The classes of merged functions (original names), sorted.
fn classes(text: &str, back: &BTreeMap<String, String>, mode: &str, threads: usize) -> Vec<Vec<String>> {
    let mut m = LlvmModule::parse(text.as_bytes(), "permuted.ll").unwrap_or_else(|e| panic!("{e}\n{text}"));
    m.set_threads(threads);
    m.set_drop_differing_attachments(mode == "drop");
    let opts = Options {
        use_aliases: mode == "aliases",
        merge_cycles: mode == "cycles",
        check_fast_path: true,
        ..Options::default()
    };
    let report = merge_module(&mut m, &opts).unwrap_or_else(|e| panic!("{mode}: {e}"));
    m.verify().unwrap_or_else(|e| panic!("{mode}: {e}"));
    let name = |f: FuncId| {
        let n = String::from_utf8_lossy(m.func_name(f)).into_owned();
        back.get(&n).cloned().unwrap_or(n)
    };
    let mut parent: BTreeMap<String, String> = BTreeMap::new();
    fn find(p: &mut BTreeMap<String, String>, x: &str) -> String {
        let mut x = x.to_string();
        while let Some(y) = p.get(&x).filter(|y| **y != x) {
            x = y.clone();
        }
        x
    }
    for r in &report.merges {
        let mut members = vec![name(r.folded), name(r.target)];
        members.extend(r.shared_body_of.map(name));
        for x in &members {
            parent.entry(x.clone()).or_insert_with(|| x.clone());
        }
        let root = find(&mut parent, &members[0]);
        for x in &members[1..] {
            let other = find(&mut parent, x);
            if other != root {
                parent.insert(other, root.clone());
            }
        }
    }
    let mut groups: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for x in parent.keys().cloned().collect::<Vec<_>>() {
        let root = find(&mut parent, &x);
        groups.entry(root).or_default().insert(x);
    }
    // Only functions of the input: a shared body written by a merge is new.
    let defined: BTreeSet<String> = text
        .lines()
        .filter(|l| l.starts_with("define "))
        .filter_map(defined_name)
        .map(|n| back.get(n).cloned().unwrap_or_else(|| n.to_string()))
        .collect();
    let mut out: Vec<Vec<String>> = groups
        .into_values()
        .map(|g| g.into_iter().filter(|x| defined.contains(x)).collect::<Vec<_>>())
        .filter(|g| g.len() > 1)
        .collect();
    out.sort();
    out
}

/// A module of named congruent structs and constants met first past the interning's 256
/// levels inside a type or a constant, then on their own.
fn deep_module() -> String {
    let (mut ty, mut c, mut arr) = ("%A".to_string(), "{ ptr @x }".to_string(), "%A".to_string());
    for i in 0..256 {
        c = format!("[{ty} {c}]");
        ty = format!("[1 x {ty}]");
        if i < 254 {
            arr = format!("[1 x {arr}]");
        }
    }
    let mut s = String::from("%A = type { ptr }\n%B = type { ptr }\n@x = global i32 0\n");
    for (f, k) in [("deep", 5), ("deep2", 6)] {
        s += &format!(
            "define void @{f}(ptr %p) {{\n  store {ty} {c}, ptr %p\n  store i32 {k}, ptr %p\n  ret void\n}}\n"
        );
    }
    for t in ["A", "B"] {
        s += &format!(
            "define void @c{t}(ptr %p) {{\n  store %{t} {{ ptr @x }}, ptr %p\n  store i32 2, ptr %p\n  ret void\n}}\n"
        );
        s += &format!("define void @s{t}(ptr %p, %{t} %a) {{\n  %x = extractvalue %{t} %a, 0\n  store ptr %x, ptr %p\n  ret void\n}}\n");
        let a = arr.replace("%A", &format!("%{t}"));
        s += &format!(
            "define void @m{t}(ptr %p, ptr %q) {{\n  %v = load {a}, ptr %p\n  store {a} %v, ptr %q\n  ret void\n}}\n"
        );
    }
    s
}

fn check(name: &str, text: &str) -> usize {
    let mut merged = 0;
    for mode in ["default", "aliases", "cycles", "drop"] {
        let base = classes(text, &BTreeMap::new(), mode, 1);
        merged += base.iter().map(|g| g.len() - 1).sum::<usize>();
        for k in 0..=PERMUTATIONS {
            let (t, back) = variant(text, k);
            for threads in [1, 2] {
                let got = classes(&t, &back, mode, threads);
                assert_eq!(got, base, "{name}, {mode}, variant {k}, {threads} threads:\n{t}");
            }
        }
    }
    merged
}

#[test]
fn permuted_modules_merge_the_same_classes() {
    let deep = format!(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-unknown-linux-gnu\"\n{}",
        deep_module()
    );
    let deep_merged = check("deep module", &deep);
    // @cB -> @cA, @sB -> @sA, @mB -> @mA in every mode (`@deep`'s twin differs).
    assert_eq!(deep_merged, 4 * 3, "deep module");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut merged = 0;
    for f in MODULES {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        merged += check(f, &text);
    }
    assert!(merged > 20, "{merged} merges over the corpus modules and modes");
}
