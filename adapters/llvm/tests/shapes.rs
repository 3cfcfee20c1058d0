//! Shape keys and the prescan's keys change nothing but the work: on every corpus module
//! (and, with `MERGEFUNC_SHAPE_CHECK_DIR=DIR`, on every `.bc`/`.ll` module in DIR, such as
//! the benchmark's inputs), the pass with them and the full path (shapes forgotten, every
//! definition prescanned and a candidate, every function with full facts) write
//! byte-identical modules, make the same merges, and no function that the full path
//! merges (folded or kept) was left out as never merging: the keys are refinements of
//! the order in practice as well as on paper (see `src/shape.rs`).
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use mergefunc::{merge_module, Options};
use mergefunc_llvm::LlvmModule;

/// Runs both paths on `path`; returns how many functions were alone on their shape there
/// (and adds to `on_key` how many more the prescan's keys left out).
fn check_counting(path: &Path, opts: &Options, on_key: &mut usize) -> usize {
    let what = path.display();
    let mut with = LlvmModule::load(path).unwrap_or_else(|e| panic!("{what}: {e}"));
    let on_shape = with.testing().alone_on_shape().len();
    // Function ids are module order, the same in both loads.
    let alone: BTreeSet<mergefunc::FuncId> = with.testing().never_merging().into_iter().collect();
    *on_key += alone.len() - on_shape;
    let r1 = merge_module(&mut with, opts).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut full = LlvmModule::load(path).unwrap_or_else(|e| panic!("{what}: {e}"));
    full.testing().forget_shapes();
    assert!(full.testing().alone_on_shape().is_empty());
    let r2 = merge_module(&mut full, opts).unwrap_or_else(|e| panic!("{what}: {e}"));
    for m in &r2.merges {
        for f in [m.folded, m.target] {
            assert!(
                !alone.contains(&f),
                "{what}: {} merged on the full path but was left out as never merging",
                String::from_utf8_lossy(mergefunc::Module::func_name(&full, f))
            );
        }
    }
    assert_eq!(r1.stats.functions_merged, r2.stats.functions_merged, "{what}");
    assert_eq!(r1.stats.never_merges as usize, alone.len(), "{what}");
    assert!(with.to_text() == full.to_text(), "{what}: the outputs differ");
    on_shape
}

fn check(path: &Path, opts: &Options) -> usize {
    check_counting(path, opts, &mut 0)
}

#[test]
fn shapes_change_no_merge_on_the_corpus() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    let (mut alone, mut on_key) = (0, 0);
    for f in &files {
        alone += check_counting(f, &Options::default(), &mut on_key);
        alone += check_counting(f, &Options { merge_cycles: true, ..Options::default() }, &mut on_key);
    }
    // The corpus has functions alone on their shape (else this checks nothing). Since
    // prefix keys, none of its functions is left for the prescan's keys to leave out:
    // `shapes_read_a_bounded_prefix_of_the_entry_block` checks those.
    assert!(alone > 0, "{alone} alone on their shape, {on_key} on their key");
}

/// With `MERGEFUNC_SHAPE_STRIDE=0` the shapes are read on every module, also on those
/// whose sample would turn them off (to check the key on duplicate-heavy modules).
#[test]
fn shapes_change_no_merge_on_the_modules_of_a_directory() {
    let Some(dir) = std::env::var_os("MERGEFUNC_SHAPE_CHECK_DIR") else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("MERGEFUNC_SHAPE_CHECK_DIR is a directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bc" || e == "ll"))
        .collect();
    files.sort();
    for f in &files {
        let mut on_key = 0;
        let n = check_counting(f, &Options::default(), &mut on_key);
        eprintln!("{}: {n} alone on their shape, {on_key} on their prescan key, same output", f.display());
    }
}

/// A module of `dups` functions of one shape followed by `uniques` functions of shapes of
/// their own (integer widths 33, 34, ...).
fn generated(name: &str, dups: usize, uniques: usize) -> PathBuf {
    let mut text = String::new();
    for k in 0..dups {
        text.push_str(&format!("define i32 @d{k}(i32 %x) {{\n  %y = add i32 %x, {k}\n  ret i32 %y\n}}\n"));
    }
    for k in 0..uniques {
        let w = k + 33;
        text.push_str(&format!("define i{w} @u{k}(i{w} %x) {{\n  %y = add i{w} %x, 1\n  ret i{w} %y\n}}\n"));
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("writes the module");
    path
}

#[test]
fn a_sample_of_shared_shapes_turns_shapes_off_with_the_same_output() {
    if std::env::var_os("MERGEFUNC_SHAPE_STRIDE").is_some() {
        return; // the sample is configured from outside
    }
    // 80 of 560 alone in the module, but 10 of the 70 sampled (every 8th): shapes are
    // not read at all.
    let p = generated("shapes-duplicate-heavy.ll", 480, 80);
    assert_eq!(check(&p, &Options::default()), 0);
    assert!(LlvmModule::load(&p).expect("loads").testing().alone_on_shape().is_empty());
    // Mostly unique shapes: read, and every unique one is alone; so are the 80 of one
    // shape, whose prefix keys differ (each adds its own constant).
    let p = generated("shapes-mostly-unique.ll", 80, 480);
    assert_eq!(check(&p, &Options::default()), 560);
}

/// 480 small functions, each adding its own constant, and 80 functions of 40 blocks each,
/// of types of their own: duplicate-heavy by count, while the unique functions hold most
/// of the blocks.
fn large_uniques_module() -> String {
    let mut text = String::new();
    for k in 0..480 {
        text.push_str(&format!("define i32 @d{k}(i32 %x) {{\n  %y = add i32 %x, {k}\n  ret i32 %y\n}}\n"));
    }
    for k in 0..80 {
        let w = k + 33;
        text.push_str(&format!("define i{w} @u{k}(i{w} %x) {{\nentry:\n  br label %b1\n"));
        for b in 1..39 {
            text.push_str(&format!("b{b}:\n  br label %b{}\n", b + 1));
        }
        text.push_str(&format!("b39:\n  %y = add i{w} %x, 1\n  ret i{w} %y\n}}\n"));
    }
    text
}

/// Duplicate-heavy by count, but the unique functions hold most of the blocks (as in Rust
/// release builds): the sample reads shapes, without prefix keys, so exactly the large
/// unique functions are alone on their shape; the small ones (each adding its own
/// constant, which only a prefix key would see) are prescanned and left out by their
/// prescan keys. The output is that of the full path.
#[test]
fn a_sample_whose_unique_functions_hold_most_blocks_reads_shapes_without_prefix_keys() {
    if std::env::var_os("MERGEFUNC_SHAPE_STRIDE").is_some()
        || std::env::var_os("MERGEFUNC_SHAPE_BLOCKS_PERCENT").is_some()
    {
        return; // the sample is configured from outside
    }
    let text = large_uniques_module();
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-large-uniques.ll");
    std::fs::write(&p, text).expect("writes the module");
    let mut on_key = 0;
    assert_eq!(check_counting(&p, &Options::default(), &mut on_key), 80);
    assert_eq!(on_key, 480);
}

/// The module above with one more shape class of large functions (36 blocks): a sample
/// that reads shapes without prefix keys still refines that class by prefix keys, whole.
/// Its six variants (each with its own constant in the second block) are alone on their
/// shape; its two equal copies are not, and merge; the output is that of the full path.
#[test]
fn a_class_of_large_functions_gets_prefix_keys_without_separating_equal_ones() {
    if ["MERGEFUNC_SHAPE_STRIDE", "MERGEFUNC_SHAPE_BLOCKS_PERCENT", "MERGEFUNC_SHAPE_BLOCKS_PER_DEF"]
        .iter()
        .chain(&["MERGEFUNC_SHAPE_PREFIX", "MERGEFUNC_SHAPE_PREFIX_BLOCKS", "MERGEFUNC_SHAPES"])
        .any(|v| std::env::var_os(v).is_some())
    {
        return; // the sample or the keys are configured from outside
    }
    let mut text = large_uniques_module();
    // One shape: the same entry block and blocks; the constant of block 1 tells them apart.
    for (name, c) in [("copy1", 100), ("copy2", 100), ("v1", 1), ("v2", 2), ("v3", 3), ("v4", 4), ("v5", 5), ("v6", 6)]
    {
        text.push_str(&format!(
            "define i64 @{name}(i64 %x) {{\nentry:\n  br label %b1\nb1:\n  %v1 = add i64 %x, {c}\n"
        ));
        for b in 2..36 {
            text.push_str(&format!("  br label %b{b}\nb{b}:\n  %v{b} = mul i64 %v{}, 3\n", b - 1));
        }
        text.push_str("  ret i64 %v35\n}\n");
    }
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-large-class.ll");
    std::fs::write(&p, text).expect("writes the module");
    let mut m = LlvmModule::load(&p).expect("loads");
    let alone: BTreeSet<String> = m
        .testing()
        .alone_on_shape()
        .into_iter()
        .map(|f| String::from_utf8_lossy(mergefunc::Module::func_name(&m, f)).into_owned())
        .filter(|n| !n.starts_with('u'))
        .collect();
    assert_eq!(alone, ["v1", "v2", "v3", "v4", "v5", "v6"].map(String::from).into());
    assert_eq!(merge_module(&mut m, &Options::default()).expect("merges").stats.functions_merged, 1);
    let mut on_key = 0;
    assert_eq!(check_counting(&p, &Options::default(), &mut on_key), 86);
    assert_eq!(on_key, 480);
}

/// Functions of one shape (the same entry block and the same first instruction and
/// terminator of its successors) whose 12th instruction along the walk differs: the
/// prefix key leaves each variant out as alone, never the two equal copies, which merge;
/// the output is that of the full path.
#[test]
fn prefix_keys_leave_out_shared_shapes_that_differ_early() {
    let func = |name: &str, op: &str| {
        let mut b = format!(
            "define i32 @{name}(i32 %x) {{\nentry:\n  %c = icmp eq i32 %x, 0\n  br i1 %c, label %a, label %b\na:\n  %v0 = add i32 %x, 1\n"
        );
        for i in 1..20 {
            let o = if i == 9 { op } else { "add" };
            b.push_str(&format!("  %v{i} = {o} i32 %v{}, {i}\n", i - 1));
        }
        b.push_str("  ret i32 %v19\nb:\n  ret i32 0\n}\n");
        b
    };
    let mut text = String::new();
    for (name, op) in [("same1", "add"), ("same2", "add"), ("mul", "mul"), ("sub", "sub"), ("xor", "xor")] {
        text.push_str(&func(name, op));
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-prefix.ll");
    std::fs::write(&path, text).expect("writes the module");
    let mut m = LlvmModule::load(&path).expect("loads");
    let alone: Vec<usize> = m.testing().alone_on_shape().iter().map(|f| f.index()).collect();
    if std::env::var_os("MERGEFUNC_SHAPE_PREFIX").is_none() && std::env::var_os("MERGEFUNC_SHAPES").is_none() {
        assert_eq!(alone, vec![2, 3, 4]);
    }
    let r = merge_module(&mut m, &Options::default()).expect("merges");
    assert_eq!(r.stats.functions_merged, 1);
    assert_eq!(check(&path, &Options::default()), alone.len());
}

/// A shape reads at most the first 16 instructions of an entry block, and a prefix key
/// the first 32 along the walk: two functions whose entry blocks differ only past that
/// share both (neither is left unread as alone), so that one huge function costs its
/// keys no more than that; the output is that of the full path.
#[test]
fn shapes_read_a_bounded_prefix_of_the_entry_block() {
    let body = |late_op: &str| {
        let mut b = String::from("  %v0 = add i64 %x, 1\n");
        for i in 1..1100 {
            let op = if i == 1050 { late_op } else { "add" };
            b.push_str(&format!("  %v{i} = {op} i64 %v{}, {i}\n", i - 1));
        }
        b.push_str("  ret i64 %v1099\n");
        b
    };
    let text = format!("define i64 @a(i64 %x) {{\n{}}}\ndefine i64 @b(i64 %x) {{\n{}}}\n", body("add"), body("sub"));
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-long-entry.ll");
    std::fs::write(&path, text).expect("writes the module");
    let mut m = LlvmModule::load(&path).expect("loads");
    let alone = m.testing().alone_on_shape();
    assert!(alone.is_empty(), "{alone:?}");
    // Different bodies: the prescan's keys still tell them apart (both are left out as
    // never merging, on their key), and nothing merges.
    assert_eq!(m.testing().never_merging().len(), 2);
    let mut on_key = 0;
    assert_eq!(check_counting(&path, &Options::default(), &mut on_key), 0);
    assert_eq!(on_key, 2);
}

/// `available_externally` definitions (never candidates: the pass may not use their
/// bodies) are keyed neither by shape nor by the prescan: none is counted as never
/// merging (the core asks only about candidates, and the count must match), none is a
/// mate that keeps a candidate from being alone, and the output is that of the full path.
/// (Seen on jsoncpp's ThinLTO unit: five of libstdc++'s stream constructors and
/// destructors, available externally through its `extern template` declarations, were
/// counted alone.)
#[test]
fn available_externally_definitions_are_never_keyed() {
    // A long entry block whose 1050th instruction is `late_op`: shape and prefix keys
    // agree, the prescan's keys differ.
    let long = |name: &str, linkage: &str, late_op: &str| {
        let mut b = format!("define {linkage} i64 @{name}(i64 %x) {{\n  %v0 = add i64 %x, 1\n");
        for i in 1..1100 {
            let op = if i == 1050 { late_op } else { "add" };
            b.push_str(&format!("  %v{i} = {op} i64 %v{}, {i}\n", i - 1));
        }
        b.push_str("  ret i64 %v1099\n}\n");
        b
    };
    let mut text = String::new();
    // Alone on its shape (type i33), and its own shape mate (type i34) of a candidate.
    text.push_str("define available_externally i33 @ae_shape(i33 %x) {\n  %y = add i33 %x, 1\n  ret i33 %y\n}\n");
    text.push_str("define available_externally i34 @ae_mate(i34 %x) {\n  %y = add i34 %x, 1\n  ret i34 %y\n}\n");
    text.push_str("define i34 @only_mate_is_ae(i34 %x) {\n  %y = add i34 %x, 1\n  ret i34 %y\n}\n");
    // Alone on its prescan key only, as are its two candidate shape and prefix mates.
    text.push_str(&long("ae_key", "available_externally", "sub"));
    text.push_str(&long("long", "", "add"));
    text.push_str(&long("long2", "", "xor"));
    // Two candidates that merge, and an available_externally copy of them.
    for (name, linkage) in [("m1", ""), ("m2", ""), ("ae_copy", "available_externally")] {
        text.push_str(&format!("define {linkage} i32 @{name}(i32 %x) {{\n  %y = mul i32 %x, 7\n  ret i32 %y\n}}\n"));
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-available-externally.ll");
    std::fs::write(&path, text).expect("writes the module");
    let mut m = LlvmModule::load(&path).expect("loads");
    let (never, shape) = (m.testing().never_merging(), m.testing().alone_on_shape());
    let names = |fs: Vec<mergefunc::FuncId>| {
        let mut v: Vec<String> =
            fs.iter().map(|&f| String::from_utf8_lossy(mergefunc::Module::func_name(&m, f)).into_owned()).collect();
        v.sort();
        v
    };
    let (alone, on_shape) = (names(never), names(shape));
    if std::env::var_os("MERGEFUNC_SHAPES").is_none() && std::env::var_os("MERGEFUNC_PRESCAN_ALONE").is_none() {
        // Without its available_externally mate, a candidate is alone on its shape.
        assert_eq!(alone, ["long", "long2", "only_mate_is_ae"]);
        assert_eq!(on_shape, ["only_mate_is_ae"]);
    }
    let r = merge_module(&mut m, &Options::default()).expect("merges");
    assert_eq!(r.stats.functions_merged, 1);
    assert_eq!(r.stats.never_merges as usize, alone.len());
    let mut on_key = 0;
    check_counting(&path, &Options::default(), &mut on_key);
    check_counting(&path, &Options { merge_cycles: true, ..Options::default() }, &mut on_key);
}

/// One shape class of seven functions of 220 blocks (about 660 instructions along the
/// walk), of mixed block bounds (unreachable blocks), so that the growing prefix reads
/// it at 128 and then 512 instructions: `v1` differs at about instruction 60, `v2` at
/// about 450, `v3` at about 630 (past every prefix). `copy1` is `copy0` with unreachable
/// blocks; `ptrnull` stores `ptr null` where the others store `i64 0` (about instruction
/// 300), `gepflag` has a `getelementptr nuw` where the others have `inbounds` (about
/// 120): the order calls all four equal, so the longer keys must keep them together. The
/// growth leaves out exactly `v1` and `v2`; three merge; the output is that of the full
/// path, in both modes.
#[test]
fn a_growing_prefix_splits_late_differences_and_keeps_equal_functions_together() {
    if ["MERGEFUNC_SHAPES", "MERGEFUNC_SHAPE_PREFIX", "MERGEFUNC_PRESCAN_ALONE"]
        .iter()
        .chain(&[
            "MERGEFUNC_SHAPE_PREFIX_LONG",
            "MERGEFUNC_SHAPE_PREFIX_LONG_MIXED",
            "MERGEFUNC_SHAPE_PREFIX_LONG_BLOCKS",
        ])
        .any(|v| std::env::var_os(v).is_some())
    {
        return; // the keys are configured from outside
    }
    let func = |name: &str, unreachable: usize, gep: &str, zero: &str, late: Option<(usize, u32)>| {
        let mut t = format!("define i64 @{name}(i64 %x, ptr %p) {{\nentry:\n  br label %b1\n");
        for b in 1..=220 {
            let prev = if b == 1 { "%x".to_string() } else { format!("%v{}", b - 1) };
            let c = match late {
                Some((at, c)) if at == b => c,
                _ => (b % 7 + 1) as u32,
            };
            t.push_str(&format!("b{b}:\n  %v{b} = add i64 {prev}, {c}\n"));
            match b {
                40 => t.push_str(&format!("  %g = getelementptr {gep} i64, ptr %p, i64 1\n  store i64 %v40, ptr %g\n")),
                100 => t.push_str(&format!("  store {zero}, ptr %p\n")),
                _ => t.push_str(&format!("  store i64 %v{b}, ptr %p\n")),
            }
            t.push_str(&if b < 220 { format!("  br label %b{}\n", b + 1) } else { "  ret i64 %v220\n".to_string() });
        }
        for u in 0..unreachable {
            t.push_str(&format!("dead{u}:\n  ret i64 0\n"));
        }
        t.push_str("}\n");
        t
    };
    let mut text = String::from("target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n");
    text.push_str(&func("copy0", 0, "inbounds", "i64 0", None));
    text.push_str(&func("copy1", 5, "inbounds", "i64 0", None));
    text.push_str(&func("ptrnull", 1, "inbounds", "ptr null", None));
    text.push_str(&func("gepflag", 0, "nuw", "i64 0", None));
    text.push_str(&func("v1", 0, "inbounds", "i64 0", Some((20, 100))));
    text.push_str(&func("v2", 2, "inbounds", "i64 0", Some((150, 100))));
    text.push_str(&func("v3", 3, "inbounds", "i64 0", Some((210, 100))));
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shapes-growing-prefix.ll");
    std::fs::write(&path, text).expect("writes the module");
    let mut m = LlvmModule::load(&path).expect("loads");
    let mut alone: Vec<String> = m
        .testing()
        .alone_on_shape()
        .into_iter()
        .map(|f| String::from_utf8_lossy(mergefunc::Module::func_name(&m, f)).into_owned())
        .collect();
    alone.sort();
    assert_eq!(alone, ["v1", "v2"]);
    assert_eq!(merge_module(&mut m, &Options::default()).expect("merges").stats.functions_merged, 3);
    assert_eq!(check(&path, &Options::default()), 2);
    assert_eq!(check(&path, &Options { merge_cycles: true, ..Options::default() }), 2);
}
