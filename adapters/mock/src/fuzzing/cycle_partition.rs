//! Oracle: the worklist refinement of cycle mode ([`mergefunc::cycles::cycle_classes`])
//! finds exactly the partition of the reference refinement
//! ([`mergefunc::cycles::cycle_classes_naive`]), and that partition is stable.
//!
//! The modules are random call graphs (the general generator seldom makes duplicate
//! cycles): up to two dozen functions of three shapes, each calling one or two random
//! functions (itself, a later or an earlier one, or a declaration), some interposable
//! (`weak`), some comparing a function's address instead of calling it, some with a call
//! in an unreachable block (which the order never reads). Few shapes and
//! constants make many functions equal modulo their callees, so classes split late and
//! deep, through cycles and chains. Candidates are passed in a random order: the
//! partition must not depend on it.
//!
//! Checked:
//! * both algorithms return the same set of classes;
//! * every class is uniform: each member compares `Equal` to the first one when callees
//!   are labelled with the final classes;
//! * no two classes are equal under those labels (every split is justified by the
//!   final partition; a single candidate counts as a class of its own);
//! * cycle merging with cycle keys ([`mergefunc::FastPath::cycle_key`], which leave out
//!   the candidates alone in their key class) makes the same merges, in the same order,
//!   and prints the same module as without them.

use core::cmp::Ordering;
use std::fmt::Write as _;

use arbitrary::{Result, Unstructured};
use mergefunc::cycles::{cycle_classes, cycle_classes_naive};
use mergefunc::{CalleeClass, Comparator, FuncId, Module};

use crate::{parse, MockModule};

/// A generated call graph: its text, and the order in which candidates are passed.
#[derive(Debug)]
pub struct Graph {
    pub text: String,
    pub order: Vec<u32>,
}

/// Generates a random call-graph module (see the module docs).
pub fn generate_graph(u: &mut Unstructured<'_>) -> Result<Graph> {
    let n = u.int_in_range(2..=24usize)?;
    let mut text = String::from("declare i32 @ext(ptr, i32)\n\n");
    for i in 0..n {
        let link = *u.choose(&["", "", "internal ", "weak ", "linkonce_odr "])?;
        let k = u.int_in_range(0..=1u32)?;
        let shape = u.int_in_range(0..=2u32)?;
        let callee = |u: &mut Unstructured<'_>| -> Result<String> {
            Ok(if u.ratio(1, 8)? { "ext".to_string() } else { format!("f{}", u.int_in_range(0..=n - 1)?) })
        };
        let _ = writeln!(text, "define {link}i32 @f{i}(ptr %p, i32 %n) {{\nentry:");
        let _ = writeln!(text, "  %a = add i32 %n, {k}");
        if u.ratio(1, 6)? {
            // An address that is compared, not called: an identity in every mode.
            let t = u.int_in_range(0..=n - 1)?;
            let _ = writeln!(text, "  %c = icmp eq ptr %p, @f{t}");
        }
        let c0 = callee(u)?;
        match shape {
            0 => {
                let _ = writeln!(text, "  %r = call i32 @{c0}(ptr %p, i32 %a)\n  ret i32 %r");
            }
            1 => {
                let c1 = callee(u)?;
                let _ = writeln!(
                    text,
                    "  %r0 = call i32 @{c0}(ptr %p, i32 %a)\n  %r = call i32 @{c1}(ptr %p, i32 %r0)\n  ret i32 %r"
                );
            }
            _ => {
                let c1 = callee(u)?;
                let _ = writeln!(
                    text,
                    "  %z = icmp eq i32 %n, 0\n  br i1 %z, label %done, label %step\ndone:\n  \
                     %r0 = call i32 @{c0}(ptr %p, i32 %a)\n  ret i32 %r0\nstep:\n  \
                     %r1 = call i32 @{c1}(ptr %p, i32 %a)\n  ret i32 %r1"
                );
            }
        }
        if u.ratio(1, 4)? {
            // A call the order never sees (an unreachable block): a label change of its
            // callee cannot tell this function from its class mates.
            let c = callee(u)?;
            let _ = writeln!(text, "dead:\n  %d = call i32 @{c}(ptr %p, i32 %n)\n  ret i32 %d");
        }
        let _ = writeln!(text, "}}\n");
    }
    let mut order = Vec::new();
    for _ in 0..n {
        order.push(u.arbitrary::<u32>()?);
    }
    Ok(Graph { text, order })
}

/// Generates a graph and checks it.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let g = generate_graph(u)?;
    check_graph(&g);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

fn normalized(mut classes: Vec<Vec<FuncId>>) -> Vec<Vec<FuncId>> {
    for c in &mut classes {
        c.sort_unstable();
    }
    classes.sort_unstable();
    classes
}

/// Checks one generated graph. Returns how many candidates cycle keys left out.
pub fn check_graph(g: &Graph) -> u64 {
    let m: MockModule = parse(&g.text).unwrap_or_else(|e| panic!("generated text does not parse: {e}\n{}", g.text));
    let mut cands: Vec<FuncId> = (0..m.num_funcs()).map(FuncId::new).filter(|f| m.body(*f).is_some()).collect();
    let mut keyed: Vec<(u32, usize, FuncId)> =
        cands.iter().enumerate().map(|(i, f)| (g.order.get(i).copied().unwrap_or(0), i, *f)).collect();
    keyed.sort_unstable();
    cands = keyed.into_iter().map(|p| p.2).collect();

    let mut cmp = Comparator::new();
    let (fast, _) = cycle_classes(&m, &cands, &mut cmp);
    let (slow, _) = cycle_classes_naive(&m, &cands, &mut Comparator::new());
    let fast = normalized(fast);
    assert_eq!(fast, normalized(slow), "worklist and reference partitions differ\n{}", g.text);

    // Final labels: every candidate in its class (singletons get their own label).
    let mut labels: Vec<Option<CalleeClass>> = vec![None; m.num_funcs()];
    let mut next = 0u32;
    let mut reps = Vec::new();
    for c in &fast {
        for f in c {
            labels[f.index()] = CalleeClass::new(next);
        }
        reps.push(c[0]);
        next += 1;
    }
    for &f in &cands {
        if labels[f.index()].is_none() {
            labels[f.index()] = CalleeClass::new(next);
            reps.push(f);
            next += 1;
        }
    }
    for f in &cands {
        if m.func(*f).linkage.interposable {
            labels[f.index()] = None;
        }
    }
    Comparator::new().with_callee_classes(labels, |cmp| {
        for c in &fast {
            for &f in &c[1..] {
                assert_eq!(cmp.compare(&m, c[0], f), Ordering::Equal, "class {c:?} is not uniform\n{}", g.text);
            }
        }
        for (i, &a) in reps.iter().enumerate() {
            for &b in &reps[i + 1..] {
                assert_ne!(
                    cmp.compare(&m, a, b),
                    Ordering::Equal,
                    "{a:?} and {b:?} are equal but in different classes\n{}",
                    g.text
                );
            }
        }
    });

    // Cycle keys change nothing but the views read.
    let opts = mergefunc::Options { merge_cycles: true, check_fast_path: true, ..mergefunc::Options::default() };
    let mut plain = m.clone();
    let r_plain = mergefunc::merge_module(&mut plain, &opts).unwrap_or_else(|e| panic!("{e}\n{}", g.text));
    let mut keyed = m;
    keyed.cycle_keys = true;
    let r_keyed = mergefunc::merge_module(&mut keyed, &opts).unwrap_or_else(|e| panic!("{e}\n{}", g.text));
    assert_eq!(r_plain.stats.cycle_unique_keys, 0);
    assert_eq!(r_keyed.merges, r_plain.merges, "cycle keys change the merges\n{}", g.text);
    assert!(crate::print(&keyed) == crate::print(&plain), "cycle keys change the output\n{}", g.text);
    r_keyed.stats.cycle_unique_keys
}

#[cfg(test)]
mod tests {
    #[test]
    fn seeded() {
        super::super::run_seeded(7000, 400, super::check);
    }

    /// Two rings of three that differ at one member, and a chain into each: the
    /// difference reaches every level (the deep_difference scenario, in a random order).
    #[test]
    fn deep_difference() {
        let mut text = String::new();
        for (side, last) in [("a", 3), ("b", 4)] {
            for (i, next) in [(1, 2), (2, 3), (3, 1)] {
                let k = if i == 3 { last } else { 1 };
                text.push_str(&format!(
                    "define i32 @{side}{i}(ptr %p, i32 %n) {{\nentry:\n  %a = add i32 %n, {k}\n  \
                     %r = call i32 @{side}{next}(ptr %p, i32 %a)\n  ret i32 %r\n}}\n\n"
                ));
            }
            text.push_str(&format!(
                "define i32 @{side}_top(ptr %p, i32 %n) {{\nentry:\n  %a = add i32 %n, 7\n  \
                 %r = call i32 @{side}1(ptr %p, i32 %a)\n  ret i32 %r\n}}\n\n"
            ));
        }
        // The rings differ in one constant, so every member is alone in its key class
        // and cycle keys leave all eight out.
        let left_out = super::check_graph(&super::Graph { text, order: vec![5, 1, 7, 3, 0, 2, 6, 4] });
        assert_eq!(left_out, 8);
    }
}
