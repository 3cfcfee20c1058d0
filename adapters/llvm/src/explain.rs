//! `mergefunc explain` and the near-miss report (`--near-misses FILE.json`, `--stats`).
//!
//! * [`explain_pair`]: why two named functions of a module do not merge — one of them is
//!   not a candidate (with the adapter's reason), or the first rule of the order at
//!   which they differ ([`mergefunc::explain`]), printed with both instructions in LLVM's
//!   words; or they are equal, and which one the merge would keep.
//! * [`near_miss_json`] / [`near_miss_stats`]: the near misses of a merge
//!   ([`mergefunc::near_miss`]) as JSON and as the top lines for `--stats`.
//!
//! Both read a module whose views are all built ([`materialize_all`]): the near-miss
//! report reads a second, unmerged copy of the input, so that every function still has
//! the body it had when the merge compared it.

use std::fmt::Write as _;

use mergefunc::driver::keep_first_in;
use mergefunc::near_miss::{near_misses, NearMissOptions, NearMisses};
use mergefunc::{Comparator, FastPath, FuncId, Ineligible, Module, ModuleMut, Report};

use crate::report::json_str;
use crate::LlvmModule;

/// Builds the view of every function with a body (views are otherwise built lazily, as
/// the merge reaches them), with full facts for every function (those alone on their
/// shape included, see `shape`).
pub fn materialize_all(m: &mut LlvmModule) {
    m.forget_shapes();
    for i in 0..m.num_funcs() {
        let f = FuncId::new(i);
        if m.has_body(f) {
            m.materialize(f);
        }
    }
}

fn name(m: &LlvmModule, f: FuncId) -> String {
    String::from_utf8_lossy(m.func_name(f)).into_owned()
}

/// Why `f` is not a merge candidate, if it is not.
fn not_a_candidate(m: &LlvmModule, f: FuncId) -> Option<String> {
    match m.func(f).ineligible {
        Some(Ineligible::NoBody) => {
            Some("it has no body in this module (a declaration or available_externally)".into())
        }
        Some(Ineligible::Adapter(code)) => Some(m.ineligible_reason(code).to_string()),
        None => mergefunc::driver::validate_body(m, f).err().map(|e| format!("its view is invalid: {e}")),
    }
}

/// The comparator the merge uses on this adapter (GEP flags are intersected, not
/// compared).
fn comparator(m: &LlvmModule) -> Comparator {
    let mut c = Comparator::new();
    c.compare_weak_flags = !m.supports_flag_intersection();
    c
}

/// The text of `mergefunc explain`: why `a` and `b` (function names) do not merge, or
/// that they are equal. An unknown name is an error. With `after`, the report of a merge
/// of a copy of this module and that merged copy (whose names the report's records
/// print): a pair the merge folded together is said so, and calls of functions it
/// folded together count as the same call (the reason is what still keeps the pair apart
/// after the merge); without it, the order on the module as it is.
pub fn explain_pair(
    m: &mut LlvmModule,
    a: &str,
    b: &str,
    after: Option<(&Report, &LlvmModule)>,
) -> Result<String, String> {
    let find = |m: &LlvmModule, n: &str| {
        let n = n.strip_prefix('@').unwrap_or(n);
        m.func_by_name(n).ok_or_else(|| format!("no function named @{n} in the module"))
    };
    let (fa, fb) = (find(m, a)?, find(m, b)?);
    // Full facts for every function: one alone on its shape has light facts (see `shape`),
    // and the explanation names the property the order finds different.
    m.forget_shapes();
    for f in [fa, fb] {
        if m.has_body(f) {
            m.materialize(f);
        }
    }
    let mut out = String::new();
    let mut blocked = false;
    for f in [fa, fb] {
        if let Some(why) = not_a_candidate(m, f) {
            let _ = writeln!(out, "@{} is not a merge candidate: {why}", name(m, f));
            blocked = true;
        }
    }
    if blocked {
        return Ok(out);
    }
    if fa == fb {
        let _ = writeln!(out, "@{} is the same function", name(m, fa));
        return Ok(out);
    }
    let mut cmp = comparator(m);
    if let Some((r, merged)) = after {
        let class = mergefunc::near_miss::merge_classes_of(m.num_funcs(), r);
        if class[fa.index()] == class[fb.index()] {
            let _ = writeln!(out, "@{} and @{} merged:", name(m, fa), name(m, fb));
            for rec in r.merges.iter().filter(|x| class.get(x.folded.index()) == Some(&class[fa.index()])) {
                let _ = writeln!(out, "  {}", rec.display(merged));
            }
            return Ok(out);
        }
        cmp.set_callee_classes(mergefunc::near_miss::callee_classes_after(m.num_funcs(), r));
    }
    let e = cmp.explain(&*m, fa, fb);
    out.push_str(&e.to_text(&*m, fa, fb));
    if e.difference.is_none() {
        let (keep, fold) = if keep_first_in(&*m, fa, fb) { (fa, fb) } else { (fb, fa) };
        let _ = writeln!(
            out,
            "  the merge keeps @{} and folds @{} into it (a function too small for a thunk, or one whose \
             linkage allows neither an alias nor a thunk, stays; see the merge report)",
            name(m, keep),
            name(m, fold)
        );
    }
    Ok(out)
}

/// The near misses of a merge: `pristine` is the input before the merge (views built by
/// [`materialize_all`]), `report` the merge's report.
pub fn near_misses_of(pristine: &LlvmModule, report: &Report) -> NearMisses {
    let opts = NearMissOptions { compare_weak_flags: !pristine.supports_flag_intersection(), ..Default::default() };
    near_misses(pristine, report, &opts)
}

/// Examples per group written to the JSON report with their instructions.
const EXAMPLES: usize = 5;

/// The near-miss report as JSON.
pub fn near_miss_json(m: &LlvmModule, nm: &NearMisses) -> String {
    let q = |f: FuncId| json_str(m.func_name(f));
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\n  \"candidates\": {},\n  \"shared_buckets\": {},\n  \"pairs\": {},\n  \"groups\": [",
        nm.candidates, nm.buckets, nm.pairs
    );
    for (gi, g) in nm.groups.iter().enumerate() {
        let rule = g.pairs.first().map(|p| p.difference.rule.name()).unwrap_or("");
        let _ = write!(
            s,
            "{}\n    {{\"label\": {}, \"rule\": {}, \"pairs\": {}, \"only_difference_pairs\": {}, \"functions\": {}, \
             \"saved_insts\": {},\n     \"examples\": [",
            if gi == 0 { "" } else { "," },
            json_str(g.label.as_bytes()),
            json_str(rule.as_bytes()),
            g.pairs.len(),
            g.only_pairs,
            g.functions,
            g.saved_insts
        );
        for (k, p) in g.pairs.iter().take(EXAMPLES).enumerate() {
            let e = mergefunc::Explanation { order: p.difference.order, difference: Some(p.difference) };
            let text = e.to_text(m, p.left, p.right);
            let _ = write!(
                s,
                "{}\n       {{\"left\": {}, \"right\": {}, \"only_difference\": {}, \"explanation\": {}}}",
                if k == 0 { "" } else { "," },
                q(p.left),
                q(p.right),
                p.only,
                json_str(text.as_bytes())
            );
        }
        s.push_str("],\n     \"all_pairs\": [");
        for (k, p) in g.pairs.iter().enumerate() {
            let _ = write!(s, "{}[{}, {}]", if k == 0 { "" } else { ", " }, q(p.left), q(p.right));
        }
        s.push_str("]}");
    }
    s.push_str("\n  ],\n  \"equal_not_merged\": [");
    for (k, (a, b)) in nm.equal_unmerged.iter().enumerate() {
        let _ = write!(s, "{}[{}, {}]", if k == 0 { "" } else { ", " }, q(*a), q(*b));
    }
    s.push_str("],\n  \"ineligible\": [");
    for (k, (f, why)) in nm.ineligible.iter().enumerate() {
        let _ = write!(
            s,
            "{}\n    {{\"function\": {}, \"reason\": {}}}",
            if k == 0 { "" } else { "," },
            q(*f),
            json_str(why.as_bytes())
        );
    }
    s.push_str("\n  ]\n}\n");
    s
}

/// The `--stats` lines of the near-miss report: totals and the top `top` groups.
pub fn near_miss_stats(nm: &NearMisses, top: usize) -> Vec<String> {
    let mut lines = vec![format!(
        "near misses: {} unequal pairs in {} shared hash buckets of {} candidates; {} equal pairs not merged; {} \
         ineligible functions",
        nm.pairs,
        nm.buckets,
        nm.candidates,
        nm.equal_unmerged.len(),
        nm.ineligible.len()
    )];
    for g in nm.groups.iter().take(top) {
        lines.push(format!(
            "near misses: {:>6} pairs ({:>5} differ only there, {:>6} insts would go) {}",
            g.pairs.len(),
            g.only_pairs,
            g.saved_insts,
            g.label
        ));
    }
    lines
}
