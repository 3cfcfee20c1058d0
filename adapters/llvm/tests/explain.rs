//! Explanations on real LLVM modules: `mergefunc_llvm::explain`, the `mergefunc explain`
//! command and the near-miss report.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::cmp::Ordering;
use std::path::{Path, PathBuf};
use std::process::Command;

use mergefunc::{merge_module, Comparator, FuncId, Module, ModuleMut, Options, Rule};
use mergefunc_llvm::explain::{explain_pair, materialize_all, near_miss_json, near_misses_of};
use mergefunc_llvm::LlvmModule;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn load(name: &str) -> LlvmModule {
    LlvmModule::load(&corpus().join(name)).unwrap()
}

fn parse(text: &str) -> LlvmModule {
    LlvmModule::parse(text.as_bytes(), "explain-test").unwrap()
}

#[test]
fn load_properties_are_named_with_both_instructions() {
    let mut m = load("load-store-props.ll");
    let t = explain_pair(&mut m, "ld_a", "ld_vol", None).unwrap();
    assert!(t.starts_with("@ld_a and @ld_vol differ: property: volatile\n"), "{t}");
    assert!(t.contains("@ld_a: %v = load i32, ptr %p, align 4\n"), "{t}");
    assert!(t.contains("@ld_vol: %v = load volatile i32, ptr %p, align 4\n"), "{t}");
    let t = explain_pair(&mut m, "ld_a", "ld_align", None).unwrap();
    assert!(t.starts_with("@ld_a and @ld_align differ: property: alignment\n"), "{t}");
    assert!(t.contains("values: 4 | 8"), "{t}");
    let t = explain_pair(&mut m, "ld_a", "ld_b", None).unwrap();
    assert!(t.starts_with("@ld_a and @ld_b are equal\n"), "{t}");
    assert!(explain_pair(&mut m, "ld_a", "no_such_function", None).is_err());
    // A store's attachment (`!nontemporal`) is compared and named: one function has none.
    let t = explain_pair(&mut m, "st_plain", "st_nt", None).unwrap();
    assert!(t.starts_with("@st_plain and @st_nt differ: "), "{t}");
    assert!(t.contains("@st_nt: store i32 %x, ptr %p, align 4, !nontemporal"), "{t}");
}

/// Attachments end any instruction's props and are named as such: a branch's loop id, a
/// call's `!range`.
#[test]
fn attachments_are_named_on_every_instruction() {
    let mut m = load("loop-metadata.ll");
    let t = explain_pair(&mut m, "mp_a", "plain", None).unwrap();
    assert!(t.starts_with("@mp_a and @plain differ: metadata: metadata attachment\n"), "{t}");
    assert!(t.contains("(metadata attachment)"), "{t}");
    assert!(t.contains("@plain: br i1 %c, label %done, label %loop, !llvm.loop"), "{t}");
    let mut m = load("call-atomic-attachments.ll");
    let t = explain_pair(&mut m, "rng_a", "rng_b", None).unwrap();
    assert!(t.contains("(metadata attachment)") && t.contains("values: i32 10 | i32 5"), "{t}");
}

/// flang roots every function's TBAA tree in a node named after the function
/// (`"Flang function root F"`), so twins differ first at a metadata string: it is named as
/// text, not as the string's bytes.
#[test]
fn metadata_strings_are_named_as_text() {
    let mut m = parse(
        r#"
define double @twice(ptr %x) {
  %v = load double, ptr %x, align 8, !tbaa !0
  %r = fadd contract double %v, %v
  ret double %r
}
define double @double_it(ptr %x) {
  %v = load double, ptr %x, align 8, !tbaa !5
  %r = fadd contract double %v, %v
  ret double %r
}
!0 = !{!1, !1, i64 0}
!1 = !{!"dummy arg data/_QMkernelsFtwiceEx", !2, i64 0}
!2 = !{!"any data access", !3, i64 0}
!3 = !{!"any access", !4, i64 0}
!4 = !{!"Flang function root _QMkernelsPtwice"}
!5 = !{!6, !6, i64 0}
!6 = !{!"dummy arg data/_QMkernelsFdouble_itEx", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QMkernelsPdouble_it"}
"#,
    );
    let t = explain_pair(&mut m, "twice", "double_it", None).unwrap();
    assert!(t.contains("differ: metadata: metadata attachment\n"), "{t}");
    assert!(
        t.contains(r#"values: !"dummy arg data/_QMkernelsFtwiceEx" | !"dummy arg data/_QMkernelsFdouble_itEx""#),
        "{t}"
    );
}

const NEAR: &str = r#"
declare void @sink(i32)
declare void @other(i32)
define void @c1(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  call void @sink(i32 %z)
  ret void
}
define void @c2(i32 %x) {
  %y = add i32 %x, 2
  %z = mul i32 %y, 3
  call void @sink(i32 %z)
  ret void
}
define void @k1(i32 %x) {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  call void @other(i32 %z)
  ret void
}
define void @f1(i32 %x) {
  %y = add nsw i32 %x, 7
  %z = mul i32 %y, %x
  call void @sink(i32 %z)
  ret void
}
define void @f2(i32 %x) {
  %y = add nuw i32 %x, 7
  %z = mul i32 %y, %x
  call void @sink(i32 %z)
  ret void
}
define void @kern(i32 %x) #0 {
  ret void
}
attributes #0 = { noinline }
"#;

#[test]
fn rules_of_real_instructions() {
    let mut m = parse(NEAR);
    let t = explain_pair(&mut m, "c1", "c2", None).unwrap();
    assert!(t.starts_with("@c1 and @c2 differ: constant value\n"), "{t}");
    assert!(t.contains("@c1: %y = add i32 %x, 1\n") && t.contains("@c2: %y = add i32 %x, 2\n"), "{t}");
    assert!(t.contains("values: i32 1 | i32 2"), "{t}");
    let t = explain_pair(&mut m, "c1", "k1", None).unwrap();
    assert!(t.starts_with("@c1 and @k1 differ: global reference (callee)\n"), "{t}");
    assert!(t.contains("call void @sink(i32 %z)") && t.contains("call void @other(i32 %z)"), "{t}");
    let t = explain_pair(&mut m, "f1", "f2", None).unwrap();
    assert!(t.starts_with("@f1 and @f2 differ: flags\n"), "{t}");
}

#[test]
fn near_misses_group_pairs_by_rule() {
    let mut pristine = parse(NEAR);
    materialize_all(&mut pristine);
    let mut m = parse(NEAR);
    let report = merge_module(&mut m, &Options::default()).unwrap();
    assert!(report.merges.is_empty());
    let nm = near_misses_of(&pristine, &report);
    let label = |a: &str, b: &str| {
        let (fa, fb) = (pristine.func_by_name(a).unwrap(), pristine.func_by_name(b).unwrap());
        nm.groups
            .iter()
            .find(|g| g.pairs.iter().any(|p| (p.left, p.right) == (fa, fb) || (p.left, p.right) == (fb, fa)))
            .map(|g| g.label.clone())
    };
    assert_eq!(label("c1", "c2").as_deref(), Some("constant value"));
    assert_eq!(label("c1", "k1").as_deref(), Some("global reference (callee)"));
    assert_eq!(label("f1", "f2").as_deref(), Some("flags"));
    // c1/c2 differ in one constant only: merging them would leave one of two 4-instruction bodies.
    let g = nm.groups.iter().find(|g| g.label == "constant value").unwrap();
    assert!(g.pairs.iter().any(|p| p.only));
    assert!(g.saved_insts >= 4, "{g:?}");
    let json = near_miss_json(&pristine, &nm);
    assert!(json.contains(r#""label": "flags""#), "{json}");
    assert!(json.contains("add nsw i32 %x, 7"), "{json}");
}

/// On every corpus module, every pair of candidates: the explanation gives the order's
/// verdict, and a difference exactly when it is not `Equal`.
#[test]
fn explanations_agree_with_the_order_on_the_corpus() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    let (mut pairs, mut unequal) = (0usize, 0usize);
    let mut rules = std::collections::BTreeSet::new();
    for f in &files {
        let mut m = LlvmModule::load(f).unwrap();
        materialize_all(&mut m);
        let fs: Vec<FuncId> = (0..m.num_funcs())
            .map(FuncId::new)
            .filter(|f| m.func(*f).ineligible.is_none() && m.body(*f).is_some())
            .collect();
        for weak in [true, false] {
            let mut c = Comparator::new();
            c.compare_weak_flags = weak;
            for &a in &fs {
                for &b in &fs {
                    let o = c.compare(&m, a, b);
                    let e = c.explain(&m, a, b);
                    assert_eq!(e.order, o, "{}: {a} {b}", f.display());
                    assert_eq!(e.difference.is_none(), o == Ordering::Equal, "{}: {a} {b}", f.display());
                    pairs += 1;
                    if let Some(d) = e.difference {
                        unequal += 1;
                        rules.insert(d.rule);
                        // Rendering never fails and names both functions.
                        let t = e.to_text(&m, a, b);
                        assert!(t.contains(" differ: "), "{t}");
                    }
                }
            }
        }
        let _ = m.supports_flag_intersection();
    }
    assert!(pairs > 1000 && unequal > 500, "{pairs} pairs, {unequal} unequal");
    assert!(rules.len() >= 10, "only these rules seen on the corpus: {rules:?}");
    assert!(rules.contains(&Rule::Callee) && rules.contains(&Rule::Attributes), "{rules:?}");
}

fn bin(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mergefunc")).args(args).output().unwrap()
}

/// A reader that goes away before the output is written (`mergefunc explain ... | head`)
/// makes an error message and exit 1, never a panic (exit 101), for the explanation and
/// for a merged module written to standard output.
#[test]
fn closed_standard_output_is_an_error_not_a_panic() {
    let corpus_file = corpus().join("load-store-props.ll");
    let runs: [&[&std::ffi::OsStr]; 2] = [
        &["explain".as_ref(), corpus_file.as_os_str(), "ld_a".as_ref(), "ld_b".as_ref()],
        &[corpus_file.as_os_str(), "-o".as_ref(), "-".as_ref(), "-S".as_ref()],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mergefunc"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The read end closes before the module is even parsed.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write standard output") && !err.contains("panic"), "{args:?}: {err}");
    }
}

#[test]
fn cli_explain_and_near_misses() {
    let d = std::env::temp_dir().join(format!("mergefunc-explain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let input = d.join("in.ll");
    std::fs::write(&input, NEAR).unwrap();
    let o = bin(&["explain".as_ref(), input.as_os_str(), "c1".as_ref(), "c2".as_ref()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("@c1 and @c2 differ: constant value\n"), "{out}");
    let o = bin(&["explain".as_ref(), input.as_os_str(), "c1".as_ref(), "nope".as_ref()]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no function named @nope"));
    let o = bin(&["explain".as_ref(), input.as_os_str(), "c1".as_ref()]);
    assert!(!o.status.success());
    let o = bin(&["explain".as_ref(), input.as_os_str(), "c1".as_ref(), "sink".as_ref()]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("@sink is not a merge candidate: it has no body"));

    // After the merge (the default): a merged pair is said to be merged; before it, the
    // order calls it equal.
    let corpus_file = corpus().join("load-store-props.ll");
    let o = bin(&["explain".as_ref(), corpus_file.as_os_str(), "ld_a".as_ref(), "ld_b".as_ref()]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("@ld_a and @ld_b merged:\n  @ld_b -> @ld_a"), "{out}");
    let o = bin(&[
        "explain".as_ref(),
        corpus_file.as_os_str(),
        "ld_a".as_ref(),
        "ld_b".as_ref(),
        "--before-merge".as_ref(),
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("@ld_a and @ld_b are equal\n"));
    let o = bin(&["explain".as_ref(), input.as_os_str(), "c1".as_ref(), "c2".as_ref(), "--bogus".as_ref()]);
    assert!(!o.status.success());

    let (out_ll, json) = (d.join("out.ll"), d.join("nm.json"));
    let o = bin(&[
        input.as_os_str(),
        "-o".as_ref(),
        out_ll.as_os_str(),
        "--near-misses".as_ref(),
        json.as_os_str(),
        "--stats".as_ref(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("mergefunc: near misses: "), "{stderr}");
    assert!(stderr.lines().any(|l| l.contains("near misses:") && l.ends_with(" flags")), "{stderr}");
    let j = std::fs::read_to_string(&json).unwrap();
    assert!(j.contains(r#""label": "constant value""#), "{j}");
    let o = bin(&["-".as_ref(), "-o".as_ref(), out_ll.as_os_str(), "--near-misses".as_ref(), json.as_os_str()]);
    assert!(!o.status.success());
    let _ = std::fs::remove_dir_all(&d);
}

/// A caller pair whose callees the merge folds together: before the merge the callee is
/// the first difference; after it, the difference behind it.
#[test]
fn reasons_are_given_after_the_merge() {
    const CHAIN: &str = r#"
declare void @sink(i64)
define internal void @leaf1(i64 %x) {
  %y = mul i64 %x, 3
  call void @sink(i64 %y)
  ret void
}
define internal void @leaf2(i64 %x) {
  %y = mul i64 %x, 3
  call void @sink(i64 %y)
  ret void
}
define void @top1(i64 %x) {
  call void @leaf1(i64 %x)
  %z = add nsw i64 %x, 1
  call void @sink(i64 %z)
  ret void
}
define void @top2(i64 %x) {
  call void @leaf2(i64 %x)
  %z = add i64 %x, 1
  call void @sink(i64 %z)
  ret void
}
"#;
    let mut m = parse(CHAIN);
    let t = explain_pair(&mut m, "top1", "top2", None).unwrap();
    assert!(t.starts_with("@top1 and @top2 differ: global reference (callee)\n"), "{t}");
    let mut merged = parse(CHAIN);
    let report = merge_module(&mut merged, &Options::default()).unwrap();
    assert_eq!(report.merges.len(), 1, "{report:?}");
    let t = explain_pair(&mut m, "top1", "top2", Some((&report, &merged))).unwrap();
    assert!(t.starts_with("@top1 and @top2 differ: flags\n"), "{t}");
    let t = explain_pair(&mut m, "leaf1", "leaf2", Some((&report, &merged))).unwrap();
    assert_eq!(t, "@leaf1 and @leaf2 merged:\n  @leaf2 -> @leaf1: erase (uses: calls)\n");
    // The near-miss report reads the same way.
    let mut pristine = parse(CHAIN);
    materialize_all(&mut pristine);
    let nm = near_misses_of(&pristine, &report);
    assert_eq!(nm.groups.len(), 1, "{nm:?}");
    assert_eq!(nm.groups[0].label, "flags");
    assert!(nm.groups[0].pairs[0].only);
}

/// Signature properties are named by their place in the adapter's signature list, which
/// depends on the optional ones present before them.
#[test]
fn signature_properties_are_named() {
    let mut m = parse(
        r#"
define fastcc i32 @cc1(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @cc2(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @s1(i32 %x) section "a" {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @s2(i32 %x) section "b" {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @s3(i32 %x) section "b" partition "p" {
  %y = add i32 %x, 1
  ret i32 %y
}
"#,
    );
    let t = explain_pair(&mut m, "cc1", "cc2", None).unwrap();
    assert!(t.starts_with("@cc1 and @cc2 differ: property: calling convention\n"), "{t}");
    let t = explain_pair(&mut m, "s1", "s2", None).unwrap();
    assert!(t.starts_with("@s1 and @s2 differ: property: section name\n"), "{t}");
    let t = explain_pair(&mut m, "s2", "s3", None).unwrap();
    assert!(t.starts_with("@s2 and @s3 differ: property: has partition\n"), "{t}");
}

/// An equal pair names the function the merge keeps: the smaller name when nothing else
/// decides, whichever order the pair is asked in.
#[test]
fn equal_pairs_name_the_survivor_by_name() {
    let text = "define i32 @zz(i32 %x) {\n  %y = mul i32 %x, 7\n  ret i32 %y\n}\n\
                define i32 @aa(i32 %x) {\n  %y = mul i32 %x, 7\n  ret i32 %y\n}\n";
    for (f, g) in [("zz", "aa"), ("aa", "zz")] {
        let mut m = parse(text);
        let t = explain_pair(&mut m, f, g, None).unwrap();
        assert!(t.contains("the merge keeps @aa and folds @zz into it"), "{t}");
    }
}

/// `mergefunc explain --drop-differing-attachments` explains the pair as that merge run
/// sees it: a pair that differs only in a droppable attachment (a load's `!tbaa`) differs
/// by default and merges in that mode.
#[test]
fn cli_explain_follows_drop_differing_attachments() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drop-attachments/tbaa-pair.ll");
    let run = |extra: &[&str]| {
        let mut args: Vec<&std::ffi::OsStr> = vec!["explain".as_ref(), input.as_os_str(), "f".as_ref(), "g".as_ref()];
        args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
        let o = bin(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let plain = run(&[]);
    assert!(plain.starts_with("@f and @g differ: "), "{plain}");
    assert!(run(&["--before-merge"]).starts_with("@f and @g differ: "));
    let dropped = run(&["--drop-differing-attachments"]);
    assert!(dropped.starts_with("@f and @g merged:\n  @g -> @f"), "{dropped}");
    let before = run(&["--drop-differing-attachments", "--before-merge"]);
    assert!(before.starts_with("@f and @g are equal\n"), "{before}");
}

/// Congruent named structs share one interned type: an explanation names the one whose
/// text sorts first, whatever the addresses LLVM gave them (a choice by a hash map's
/// iteration order changes from run to run); a constant is named by its own text.
#[test]
fn congruent_named_types_are_named_the_same_every_run() {
    let n = 12;
    let mut text = String::new();
    for i in (0..n).rev() {
        text += &format!("%s{i:02} = type {{ i32, i32 }}\n");
    }
    for i in (0..n).rev() {
        text += &format!(
            "define i32 @f{i:02}(ptr byval(%s{i:02}) align 4 %p) {{\n  store %s{i:02} zeroinitializer, ptr %p\n  \
             %v = load i32, ptr %p\n  ret i32 %v\n}}\n"
        );
    }
    text += "define i32 @other(ptr byval(i64) align 4 %p) {\n  store i64 0, ptr %p\n  %v = load i32, ptr %p\n  \
             ret i32 %v\n}\n";
    text +=
        "define i32 @g(ptr %p) {\n  store %s07 { i32 1, i32 2 }, ptr %p\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    text += "define i32 @h(ptr %p) {\n  store %s07 zeroinitializer, ptr %p\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    for _ in 0..4 {
        let mut m = parse(&text);
        let t = explain_pair(&mut m, "f11", "other", None).unwrap();
        assert!(t.contains("byval(%s00 = type { i32, i32 })"), "{t}");
        // Every `fNN` read: each one's `zeroinitializer` is known.
        for i in 0..n {
            explain_pair(&mut m, &format!("f{i:02}"), "other", None).unwrap();
        }
        let t = explain_pair(&mut m, "h", "g", None).unwrap();
        assert!(t.contains("values: %s07 zeroinitializer | %s07 { i32 1, i32 2 }"), "{t}");
    }
}
