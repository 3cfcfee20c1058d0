//! Differential tests on random IR: functions from `llvm-stress-22`, each with copies and
//! near-copies, merged by opt-22 and by our CLI, whose decisions must agree function by
//! function (the checks of `differential.rs`: same outcome per function, same merged
//! count, verifier accepts our output).
//!
//! Why: the hand-written corpus covers the rules one by one; random bodies cover the
//! instruction mix (vectors, shuffles, casts, selects, predicates, phis across loops) at
//! volume. For each seed the module holds:
//! - `s<seed>_base`: the generated function;
//! - `s<seed>_copy`: an exact copy (merges with `_base`);
//! - `s<seed>_m1a`, `s<seed>_m1b`: two copies with the same one-token mutation (merge
//!   with each other, not with `_base`, unless the mutation is one the order ignores);
//! - `s<seed>_m2`: another mutation;
//! - `call_<f>` for each of them: calls `<f>` (callers merge in a later round when their
//!   callees merged).
//!
//! The seed also picks the linkage of the five (external, internal, or `linkonce_odr
//! unnamed_addr`), so thunks, replacements and aliases are all written.
//!
//! A mutation changes one token of one instruction (a constant, an opcode, a
//! predicate, a cast, a flag, an alignment, `volatile`). Mutated copies the verifier
//! rejects are left out. Everything is derived from the seed: the module is the same on
//! every run.
#![cfg(feature = "llvm")]
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::equalities;
use common::harness::{self, CaseOpts};
use common::rng::Rng;

/// Token swaps: (from, to), applied to the first occurrence in the chosen line.
const SWAPS: &[(&str, &str)] = &[
    (" = add ", " = sub "),
    (" = sub ", " = add "),
    (" = mul ", " = add "),
    (" = and ", " = or "),
    (" = or ", " = xor "),
    (" = xor ", " = and "),
    (" = shl ", " = lshr "),
    (" = lshr ", " = ashr "),
    (" = ashr ", " = shl "),
    (" = udiv ", " = sdiv "),
    (" = sdiv ", " = udiv "),
    (" = urem ", " = srem "),
    (" = srem ", " = urem "),
    (" = fadd ", " = fsub "),
    (" = fsub ", " = fmul "),
    (" = fmul ", " = fadd "),
    (" = fdiv ", " = frem "),
    (" = frem ", " = fdiv "),
    (" = add ", " = add nuw "),
    (" = add ", " = add nsw "),
    (" = fadd ", " = fadd nnan "),
    ("icmp eq ", "icmp ne "),
    ("icmp ne ", "icmp eq "),
    ("icmp slt ", "icmp sgt "),
    ("icmp sgt ", "icmp slt "),
    ("icmp ult ", "icmp ule "),
    ("icmp ugt ", "icmp uge "),
    ("icmp sle ", "icmp sge "),
    ("icmp uge ", "icmp ult "),
    ("fcmp olt ", "fcmp ogt "),
    ("fcmp ogt ", "fcmp olt "),
    ("fcmp oeq ", "fcmp une "),
    ("fcmp une ", "fcmp oeq "),
    ("fcmp uno ", "fcmp ord "),
    ("fcmp ord ", "fcmp uno "),
    ("fcmp ule ", "fcmp ult "),
    ("fcmp false ", "fcmp true "),
    ("fcmp true ", "fcmp false "),
    (" = zext ", " = sext "),
    (" = sext ", " = zext "),
    (" = sitofp ", " = uitofp "),
    (" = uitofp ", " = sitofp "),
    (" = fptosi ", " = fptoui "),
    (" = fptoui ", " = fptosi "),
    ("select i1 true,", "select i1 false,"),
    ("select i1 false,", "select i1 true,"),
    (" = udiv ", " = udiv exact "),
    (" = lshr ", " = lshr exact "),
    (" = or ", " = or disjoint "),
    (" = zext ", " = zext nneg "),
    (" = trunc ", " = trunc nuw "),
    (" = trunc ", " = trunc nsw "),
    (" = shl ", " = shl nuw "),
    ("icmp ult ", "icmp samesign ult "),
    ("icmp sgt ", "icmp samesign sgt "),
    ("fcmp olt ", "fcmp nnan olt "),
    ("fcmp ord ", "fcmp ninf ord "),
    (" = fmul ", " = fmul fast "),
    (" = fdiv ", " = fdiv arcp "),
    (" = getelementptr ", " = getelementptr inbounds "),
    (" = getelementptr ", " = getelementptr nuw "),
    (" = select i1 ", " = select nnan i1 "),
    (" = load ", " = load volatile "),
    ("store ", "store volatile "),
    ("align 1", "align 2"),
    ("align 2", "align 4"),
    ("align 4", "align 8"),
    ("align 8", "align 16"),
    ("align 16", "align 32"),
];

/// Mutates one token of one instruction line of `body` (the lines between `define` and
/// `}`), or returns `None` when the chosen attempts found nothing to change.
fn mutate(body: &[String], rng: &mut Rng) -> Option<Vec<String>> {
    let lines: Vec<usize> = (0..body.len()).filter(|&i| body[i].starts_with("  ")).collect();
    if lines.is_empty() {
        return None;
    }
    for _ in 0..64 {
        let at = lines[rng.below(lines.len())];
        let line = &body[at];
        // Every change this line allows, one picked at random.
        let mut options: Vec<String> =
            SWAPS.iter().filter(|(from, _)| line.contains(from)).map(|(from, to)| line.replacen(from, to, 1)).collect();
        options.extend(bump_integer(line, rng));
        options.extend(bump_float(line, rng));
        options.retain(|n| n != line);
        if !options.is_empty() {
            let mut out = body.to_vec();
            out[at] = options.swap_remove(rng.below(options.len()));
            return Some(out);
        }
    }
    None
}

/// Adds one to an integer literal operand (`i<N> <decimal>`) of `line`; shuffle masks are
/// left alone (a mask index out of range is invalid IR).
fn bump_integer(line: &str, rng: &mut Rng) -> Option<String> {
    if line.contains("shufflevector") {
        return None;
    }
    let toks: Vec<&str> = line.split(' ').collect();
    let spots: Vec<usize> = (1..toks.len())
        .filter(|&i| {
            let ty = toks[i - 1];
            let v = toks[i].trim_end_matches(',');
            ty.starts_with('i') && ty[1..].parse::<u32>().is_ok() && v.parse::<i64>().is_ok()
        })
        .collect();
    if spots.is_empty() {
        return None;
    }
    let i = spots[rng.below(spots.len())];
    let v = toks[i].trim_end_matches(',');
    // A value that no longer fits its type makes the copy invalid; the verifier leaves
    // it out.
    let bumped = v.parse::<i64>().ok()?.wrapping_add(1);
    let mut toks: Vec<String> = toks.iter().map(|s| s.to_string()).collect();
    toks[i] = toks[i].replacen(v, &bumped.to_string(), 1);
    Some(toks.join(" "))
}

/// Changes one hex digit of a floating-point literal (`0x` + 16 digits after `float` or
/// `double`: LLVM prints both as doubles), so the stored bits differ. A `float` literal
/// must stay exactly representable (the double's low 29 bits zero): its lowest digit it
/// keeps is the 8th from the end, whose lowest bit is one of those 29, so that digit
/// moves by 2.
fn bump_float(line: &str, rng: &mut Rng) -> Option<String> {
    let toks: Vec<&str> = line.split(' ').collect();
    let lit_at = |i: usize| {
        let lit = toks[i].trim_end_matches(',');
        matches!(toks[i - 1], "float" | "double")
            && lit.len() == 18
            && lit.starts_with("0x")
            && lit.bytes().skip(2).all(|b| b.is_ascii_hexdigit())
    };
    let spots: Vec<usize> = (1..toks.len()).filter(|&i| lit_at(i)).collect();
    if spots.is_empty() {
        return None;
    }
    let i = spots[rng.below(spots.len())];
    let lit = toks[i].trim_end_matches(',');
    let (at, step) = if toks[i - 1] == "double" { (17, 1) } else { (10, 2) };
    let d = (lit.as_bytes()[at] as char).to_digit(16)?;
    let nd = char::from_digit((d + step) % 16, 16)?.to_ascii_uppercase();
    let mut new = lit.to_string();
    new.replace_range(at..at + 1, &nd.to_string());
    let mut toks: Vec<String> = toks.iter().map(|s| s.to_string()).collect();
    toks[i] = toks[i].replacen(lit, &new, 1);
    Some(toks.join(" "))
}

/// Splits `llvm-stress` output into (header of the `define` line after the name, body
/// lines up to and including `}`).
fn split_function(text: &str) -> Option<(String, Vec<String>)> {
    let start = text.find("define ")?;
    let rest = &text[start..];
    let mut lines = rest.lines();
    let def = lines.next()?;
    let after_name = def.split_once('(').map(|(_, r)| r)?;
    let mut body = Vec::new();
    for l in lines {
        body.push(l.to_string());
        if l == "}" {
            return Some((after_name.to_string(), body));
        }
    }
    None
}

/// `(ptr %0, i32 %3)` → `ptr %0, i32 %3` as arguments of a call.
fn call_args(after_name: &str) -> String {
    let params = after_name.rsplit_once(')').map(|(p, _)| p).unwrap_or("");
    params.to_string()
}

/// A definition: `linkage` goes before the return type; `unnamed_addr` after the
/// parameter list, where LLVM's syntax puts it.
fn function_text(linkage: &str, name: &str, after_name: &str, body: &[String]) -> String {
    let (linkage, params) = match linkage.strip_suffix(" unnamed_addr ") {
        Some(l) => (format!("{l} "), after_name.replacen(") {", ") unnamed_addr {", 1)),
        None => (linkage.to_string(), after_name.to_string()),
    };
    format!("define {linkage}void @{name}({params}\n{}\n", body.join("\n"))
}

fn verifies(t: &harness::Tools, dir: &Path, text: &str) -> bool {
    let p = dir.join("probe.ll");
    std::fs::write(&p, text).unwrap();
    harness::verify(t, &p).is_ok()
}

/// Builds the module of `seeds` (see the module docs). Returns its text and the number of
/// mutated copies left out because the verifier rejected them.
fn stress_module(t: &harness::Tools, stress: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> (String, usize) {
    let mut module = String::from("; generated by tests/stress.rs from llvm-stress-22 seeds\n\n");
    let mut rejected = 0;
    for seed in seeds {
        let size = 30 + (seed % 5) * 15;
        let out = dir.join(format!("seed{seed}.ll"));
        let r = harness::run(
            Command::new(stress).arg(format!("-seed={seed}")).arg(format!("-size={size}")).arg("-o").arg(&out),
            Duration::from_secs(60),
        )
        .unwrap();
        assert_eq!(r.code, Some(0), "llvm-stress-22 -seed={seed}: {}", r.stderr);
        let text = std::fs::read_to_string(&out).unwrap();
        let (after_name, body) = split_function(&text).unwrap_or_else(|| panic!("seed {seed}: no function"));
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut funcs: Vec<(String, Vec<String>)> =
            vec![(format!("s{seed}_base"), body.clone()), (format!("s{seed}_copy"), body.clone())];
        let m1 = mutate(&body, &mut rng);
        let m2 = mutate(&body, &mut rng);
        for (names, m) in [(&["m1a", "m1b"][..], m1), (&["m2"][..], m2)] {
            let Some(m) = m else { continue };
            if !verifies(t, dir, &function_text("", "probe", &after_name, &m)) {
                rejected += names.len();
                continue;
            }
            for n in names {
                funcs.push((format!("s{seed}_{n}"), m.clone()));
            }
        }
        let args = call_args(&after_name);
        // External functions get thunks, internal ones are replaced, `linkonce_odr
        // unnamed_addr` ones become aliases with `--use-aliases`.
        let linkage = ["", "internal ", "linkonce_odr unnamed_addr "][(seed % 3) as usize];
        for (name, body) in &funcs {
            module.push_str(&function_text(linkage, name, &after_name, body));
            module.push('\n');
        }
        for (name, _) in &funcs {
            module.push_str(&format!(
                "define void @call_{name}({args}) {{\n  call void @{name}({args})\n  ret void\n}}\n\n"
            ));
        }
    }
    (module, rejected)
}

/// One differential case over `seeds`: `opts` go to both tools, `extra` only to ours.
fn stress_case(seeds: std::ops::Range<u64>, opts: &[&str], extra: &[&str]) {
    let Some(t) = harness::tools_or_skip("stress") else { return };
    let Some(stress) = harness::find_tool("llvm-stress") else {
        assert!(std::env::var_os("CI").is_none(), "llvm-stress-22 is required when CI is set");
        eprintln!("SKIP stress: llvm-stress-22 not found");
        return;
    };
    let name = format!("stress-{}-{}{}{}", seeds.start, seeds.end, opts.concat(), extra.concat());
    let dir = harness::workdir(&name);
    std::fs::create_dir_all(&dir).unwrap();
    let (text, rejected) = stress_module(&t, &stress, &dir, seeds.clone());
    let input = dir.join(format!("{name}.ll"));
    std::fs::write(&input, &text).unwrap();
    let opts: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let file = format!("{name}.ll");
    let case = CaseOpts {
        name: &file,
        input: &input,
        opts: &opts,
        workdir: &dir,
        deviations: &[],
        lli: false,
        callees: true,
        cand_name: "mergefunc",
    };
    let bin = Path::new(env!("CARGO_BIN_EXE_mergefunc"));
    let limit = Duration::from_secs(300);
    let ours: Vec<&str> = extra.iter().copied().chain(["--check-fast-path"]).collect();
    let candidate = |i: &Path, o: &[String], out: &Path| harness::run_mergefunc_cli(bin, i, o, &ours, out, limit);
    let r = harness::run_case(&t, &case, &candidate).unwrap_or_else(|e| panic!("{e}"));
    let merged = r.reference.merged_count();
    // The order itself, pair by pair, against LLVM's comparator: copies, mutated copies
    // and callers share StructuralHash buckets.
    let mut m = mergefunc_llvm::LlvmModule::load(&input).unwrap_or_else(|e| panic!("{e}"));
    let eq = equalities::check(&mut m, usize::MAX);
    assert!(
        eq.ours_only.is_empty() && eq.llvm_only.is_empty() && eq.not_compared == 0,
        "{file}: our order and LLVM's comparator disagree: equal only for us {:?}, equal only for LLVM {:?}",
        &eq.ours_only[..eq.ours_only.len().min(5)],
        &eq.llvm_only[..eq.llvm_only.len().min(5)]
    );
    // Each seed's exact copy equals its original.
    assert!(eq.equal >= (seeds.end - seeds.start) as usize, "only {} equal pairs", eq.equal);
    // View copies: the one-token mutations sit next to exact copies, so every property a
    // copy could miss is exercised.
    let copies = common::copies::assert_copies_exact(&input);
    assert!(copies.copies >= (seeds.end - seeds.start), "only {} views copied", copies.copies);
    eprintln!(
        "{file}: {} functions, {merged} merged by both (identical decisions), {rejected} mutated copies left out; \
         against LLVM's comparator: {}",
        r.input_funcs,
        eq.summary()
    );
    // Every seed contributes an exact copy and its caller, which must merge.
    assert!(merged >= 2 * (seeds.end - seeds.start) as usize, "only {merged} merges");
}

/// Seeds `default`, or `MERGEFUNC_STRESS_SEEDS=<start>..<end>` to explore more.
fn seeds(default: std::ops::Range<u64>) -> std::ops::Range<u64> {
    let Ok(s) = std::env::var("MERGEFUNC_STRESS_SEEDS") else { return default };
    let (a, b) = s.split_once("..").expect("MERGEFUNC_STRESS_SEEDS=<start>..<end>");
    a.parse().expect("start seed")..b.parse().expect("end seed")
}

#[test]
fn stress_seeds_match_opt22() {
    stress_case(seeds(1..121), &[], &[]);
}

/// Cycle mode merges more only through call cycles; these modules have none (callers
/// form chains), so it must make exactly LLVM's merges.
#[test]
fn stress_seeds_match_opt22_in_cycle_mode() {
    stress_case(seeds(181..241), &[], &["--merge-cycles"]);
}

#[test]
fn stress_seeds_match_opt22_with_aliases() {
    stress_case(seeds(121..181), &["--use-aliases"], &[]);
}

#[test]
fn mutations_change_exactly_one_token() {
    let mut rng = Rng(7);
    let f = "  store float 0xC5B06AB440000000, ptr %PC, align 4";
    let g = bump_float(f, &mut rng).unwrap();
    assert_eq!(g, "  store float 0xC5B06AB460000000, ptr %PC, align 4", "float: 8th digit from the end, +2");
    let d = "  %S = select i1 %C, double 0x3A96E9BAC000000F, double 1.0";
    assert_eq!(bump_float(d, &mut rng).unwrap(), "  %S = select i1 %C, double 0x3A96E9BAC0000000, double 1.0");
    let i = "  %B = udiv i64 %4, 17";
    assert_eq!(bump_integer("  %B = udiv i64 %4, i64 17", &mut rng).unwrap(), "  %B = udiv i64 %4, i64 18");
    assert_eq!(bump_integer(i, &mut rng), None, "`17` has no integer type before it");
    let shuffle = "  %S = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> <i32 0, i32 1>";
    assert_eq!(bump_integer(shuffle, &mut rng), None, "masks are left alone");
    let body: Vec<String> = ["BB:", "  %A = add i32 %3, %3", "  ret void", "}"].iter().map(|s| s.to_string()).collect();
    let m = mutate(&body, &mut Rng(1)).expect("the add line can change");
    assert_eq!(m.iter().zip(&body).filter(|(a, b)| a != b).count(), 1);
    assert_eq!(m[0], "BB:");
}
