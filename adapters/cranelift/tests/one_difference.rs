//! One difference at a time: a function that uses most of what a Cranelift function can
//! carry (signature extensions, purposes and calling conventions, stack slots, global
//! values, alias regions, memory flags, external names, a call through a signature, a
//! constant-pool vector, a jump table, trap codes, a cold block, source locations), and
//! variants that each change one detail of it. No two variants may merge unless a
//! `SAME` entry says why the detail cannot change behaviour; every variant must still
//! merge with a renamed copy of itself (the control: only the changed detail keeps the
//! variants apart).

mod common;

use core::cmp::Ordering;

use mergefunc::{Module, Options};
use mergefunc_cranelift::ClifModule;

/// The function; `{KEY}` takes the first alternative of [`DETAILS`] unless a variant
/// changes it.
const TEMPLATE: &str = "
function %NAME(i64 vmctx, i64, i32{EXT}) -> i64{CC} {
    ss0 = explicit_slot {SS}
    gv0 = vmctx
    gv1 = load.i64 notrap aligned{GVRO} gv0+{GVOFF}
    stack_limit = gv1
    gv2 = symbol {COLOC}%{SYM}+{SYMOFF}
    region0 = {AR0}
    region1 = 2 \"other\"
    sig0 = (i64{SIGPURP}) -> i64{SIGCC}
    fn0 = {FNCOLOC}%{CALLEE}(i64) -> i64
block0(v0: i64, v1: i64, v2: i32):
    v3 = iconst.i64 5
    v4 = symbol_value.i64 gv2
    v5 = stack_addr.i64 ss0{SSOFF}
    store {STFLAGS} v1, v5
    v6 = load.i64 {LDFLAGS} v5+{LDOFF}
    v7 = iadd v3, v4
    v8 = iadd v6, v7
    v18 = iconst.i64 {IMM}
    {SRCLOC}v9 = iadd v8, v18
    v10 = call fn0(v9)
    v11 = call_indirect sig0, v4(v10)
    v12 = vconst.i8x16 [1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 {LANE}]
    v13 = extractlane v12, 0
    v14 = uextend.i64 v13
    v15 = iadd v11, v14
    trapz v2, {TRAP}
    br_table v2, block3, [{JT}]
block1:
    return v15
block2:
    v16 = iconst.i64 7
    return v16
block3{COLD}:
    v17 = uadd_overflow_trap v15, v1, {TRAP2}
    return v17
}
";

/// Each detail and its alternatives; the first is the base function's.
const DETAILS: &[(&str, &[&str])] = &[
    ("EXT", &["", " uext", " sext"]),
    ("CC", &["", " system_v", " tail"]),
    ("SS", &["16", "32", "16, align = 16", "16, key = 1"]),
    ("GVRO", &["", " readonly"]),
    ("GVOFF", &["8", "16"]),
    ("COLOC", &["colocated ", ""]),
    ("SYM", &["data1", "data2"]),
    ("SYMOFF", &["0", "8"]),
    ("AR0", &["1 \"heap\"", "3 \"heap\""]),
    ("SIGPURP", &["", " vmctx", " sret", " uext"]),
    ("SIGCC", &["", " system_v", " tail"]),
    ("FNCOLOC", &["colocated ", ""]),
    ("CALLEE", &["ext1", "ext2"]),
    ("SSOFF", &["", "+8"]),
    (
        "STFLAGS",
        &[
            "notrap aligned region0",
            "notrap aligned",
            "notrap aligned region1",
            "aligned region0",
            "notrap region0",
            "notrap aligned big region0",
        ],
    ),
    (
        "LDFLAGS",
        &[
            "notrap aligned",
            "aligned",
            "notrap",
            "notrap aligned readonly",
            "notrap aligned big",
            "notrap aligned little",
            "notrap aligned can_move",
            "aligned int_divz",
            "aligned int_ovf",
            "aligned user1",
            "notrap aligned region0",
        ],
    ),
    ("LDOFF", &["0", "8"]),
    ("SRCLOC", &["", "@0001 ", "@0002 "]),
    ("IMM", &["42", "43", "-1"]),
    ("LANE", &["16", "17"]),
    ("TRAP", &["user1", "user2", "heap_oob"]),
    ("JT", &["block1, block2", "block2, block1", "block1, block1", "block1, block2, block2"]),
    ("COLD", &["", " cold"]),
    ("TRAP2", &["user1", "int_ovf"]),
];

/// Details whose alternatives may merge, and why.
const SAME: &[(&str, &str)] = &[
    ("SRCLOC", "a source location is debug information: it changes no behaviour"),
    // A little-endian access on a little-endian target is the native access; kept apart
    // all the same (more conservative than needed), so not listed.
];

fn instantiate(name: &str, choice: &[(&str, &str)]) -> String {
    let mut text = TEMPLATE.replace("NAME", name);
    for (key, alts) in DETAILS {
        let value = choice.iter().find(|(k, _)| k == key).map_or(alts[0], |(_, v)| v);
        text = text.replace(&format!("{{{key}}}"), value);
    }
    text
}

/// The variants: (name, detail changed, alternative index).
fn variants() -> Vec<(String, &'static str, usize, String)> {
    let mut v = vec![("base".to_string(), "", 0, instantiate("base", &[]))];
    for (key, alts) in DETAILS {
        for (i, alt) in alts.iter().enumerate().skip(1) {
            let name = format!("{}_{i}", key.to_lowercase());
            v.push((name.clone(), key, i, instantiate(&name, &[(key, alt)])));
        }
    }
    v
}

#[test]
fn every_variant_parses_and_verifies() {
    for (name, _, _, text) in variants() {
        let m = ClifModule::from_clif(&text).unwrap_or_else(|e| panic!("{name}: {e:?}\n{text}"));
        m.verify().unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    }
}

/// Pairs that differ in a detail not listed in [`SAME`] compare unequal; a variant and
/// its renamed copy compare equal.
#[test]
fn one_difference_keeps_functions_apart() {
    let vs = variants();
    let mut text = String::new();
    for (name, _, _, body) in &vs {
        text.push_str(body);
        text.push_str(&body.replace(&format!("%{name}("), &format!("%{name}_copy(")));
    }
    let m = ClifModule::from_clif(&text).unwrap();
    let id = |n: &str| m.ids().find(|&f| m.decl(f).name == n).unwrap_or_else(|| panic!("no {n}"));
    let mut compared = 0;
    for (i, (a, ka, _, _)) in vs.iter().enumerate() {
        let fa = id(a);
        assert!(m.func(fa).ineligible.is_none(), "{a} is ineligible: {:?}", m.func(fa).ineligible);
        assert_eq!(mergefunc::compare_functions(&m, fa, id(&format!("{a}_copy"))), Ordering::Equal, "control {a}");
        for (b, kb, _, _) in &vs[i + 1..] {
            let same_detail = |k: &str| SAME.iter().any(|(s, _)| *s == k);
            // Both variants differ from the base only in a detail that cannot matter.
            let may_merge = (ka.is_empty() || same_detail(ka)) && (kb.is_empty() || same_detail(kb));
            let ord = mergefunc::compare_functions(&m, fa, id(b));
            compared += 1;
            if !may_merge {
                assert_ne!(ord, Ordering::Equal, "{a} == {b}");
            }
        }
    }
    assert!(compared > 1000, "{compared}");
}

/// The same through the merge driver: only a variant and its copy merge (or variants
/// differing in [`SAME`] details), with and without cycle merging.
#[test]
fn merging_joins_only_copies() {
    let vs = variants();
    let mut text = String::new();
    for (name, _, _, body) in &vs {
        text.push_str(body);
        text.push_str(&body.replace(&format!("%{name}("), &format!("%{name}_copy(")));
    }
    for merge_cycles in [false, true] {
        let mut m = ClifModule::from_clif(&text).unwrap();
        let r = m.merge(&Options { merge_cycles, ..Options::default() }).unwrap();
        m.verify().unwrap();
        let detail = |n: &str| vs.iter().find(|v| v.0 == n.trim_end_matches("_copy")).map(|v| v.1).unwrap();
        let mut copies = 0;
        for rec in &r.merges {
            let (a, b) =
                (String::from_utf8_lossy(m.func_name(rec.folded)), String::from_utf8_lossy(m.func_name(rec.target)));
            if a.trim_end_matches("_copy") == b.trim_end_matches("_copy") {
                copies += 1;
                continue;
            }
            let ok = |k: &str| k.is_empty() || SAME.iter().any(|(s, _)| *s == k);
            assert!(ok(detail(&a)) && ok(detail(&b)), "{a} merged into {b} (cycles: {merge_cycles})");
        }
        assert!(copies + 2 >= vs.len(), "{copies} of {} copies merged", vs.len());
    }
}

/// `%NAME_top` calls `%NAME` (the template, whose call `fn0` now calls `%NAME_top` back):
/// a 2-cycle per variant and per copy. Only cycle merging folds a copy's cycle into the
/// variant's, and it must never join the cycles of two variants.
#[test]
fn cycles_through_the_variants_merge_only_with_their_copies() {
    let top = "
function %NAME_top(i64) -> i64 {
    fn0 = colocated %NAME(i64 vmctx, i64, i32{EXT}) -> i64{CC}
block0(v0: i64):
    v1 = iconst.i32 1
    v2 = call fn0(v0, v0, v1)
    return v2
}
";
    let vs = variants();
    let mut text = String::new();
    for (name, key, i, body) in &vs {
        let alt = |k: &str| {
            let alts = DETAILS.iter().find(|d| d.0 == k).unwrap().1;
            if *key == k {
                alts[*i]
            } else {
                alts[0]
            }
        };
        let top = top.replace("{EXT}", alt("EXT")).replace("{CC}", alt("CC"));
        for n in [name.clone(), format!("{name}_copy")] {
            let helper = body.replace(&format!("%{name}("), &format!("%{n}(")).replace("%ext1(", &format!("%{n}_top("));
            text.push_str(&helper);
            text.push_str(&top.replace("NAME", &n));
        }
    }
    for merge_cycles in [false, true] {
        let mut m = ClifModule::from_clif(&text).unwrap();
        let r = m.merge(&Options { merge_cycles, ..Options::default() }).unwrap();
        m.verify().unwrap();
        let variant = |n: &str| n.trim_end_matches("_top").trim_end_matches("_copy").to_string();
        let detail = |n: &str| vs.iter().find(|v| v.0 == variant(n)).map(|v| v.1).unwrap();
        let mut copies = 0;
        for rec in &r.merges {
            let (a, b) =
                (String::from_utf8_lossy(m.func_name(rec.folded)), String::from_utf8_lossy(m.func_name(rec.target)));
            let ok = |k: &str| k.is_empty() || SAME.iter().any(|(s, _)| *s == k);
            if variant(&a) == variant(&b) {
                copies += 1;
            } else {
                assert!(ok(detail(&a)) && ok(detail(&b)), "{a} merged into {b} (cycles: {merge_cycles})");
            }
        }
        if merge_cycles {
            // Every variant's copy folds into it (the `ext2` variant calls no cycle).
            assert!(copies + 4 >= 2 * vs.len(), "{copies} copies merged of {}", 2 * vs.len());
        }
    }
}
