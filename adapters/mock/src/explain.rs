//! Explanations in the mock IR's words: the [`mergefunc::Module::describe`] and
//! [`mergefunc::Module::prop_label`] hooks of [`MockModule`].
//!
//! Items are printed as the text format prints them ([`crate::print`]): an instruction
//! as its line, a value with the function's local names, a constant with its type.
//! Property labels follow the per-opcode order of [`crate::view::inst_props`] and the
//! signature order of `view::func_info`.

use std::fmt::{self, Write};

use mergefunc::{FuncId, InstId, Item};

use crate::ir::{MockModule, Op};
use crate::print;

/// Writes `item` of `f` as the mock text format prints it.
pub(crate) fn describe(m: &MockModule, f: FuncId, item: Item, out: &mut dyn Write) -> fmt::Result {
    out.write_str(&print::item_text(m, f, item))
}

/// Names of the signature props (see `view::func_info`): attributes, has-gc and the gc
/// name, has-section and the section, vararg, calling convention.
fn sig_label(m: &MockModule, f: FuncId, k: usize) -> Option<&'static str> {
    let func = m.funcs.get(f.index())?;
    let mut labels: Vec<&'static str> = vec!["function attributes", "has gc"];
    if func.gc.is_some() {
        labels.push("gc name");
    }
    labels.push("has section");
    if func.section.is_some() {
        labels.push("section name");
    }
    labels.extend(["vararg", "calling convention"]);
    labels.get(k).copied()
}

/// Names of an instruction's props (see `view::inst_props`).
fn inst_label(m: &MockModule, f: FuncId, i: InstId, k: usize) -> Option<&'static str> {
    let body = m.func_body(f)?;
    let inst = body.insts.get(i.index())?;
    let fixed: &[&'static str] = match &inst.op {
        Op::Alloca { .. } => &["allocated type", "alignment"],
        Op::Load { .. } => &["volatile", "alignment", "atomic ordering", "sync scope", "metadata count"],
        Op::Store { .. } => &["volatile", "alignment", "atomic ordering", "sync scope"],
        Op::ICmp(_) => &["predicate"],
        Op::Call { .. } => {
            &["calling convention", "call attributes", "operand bundles", "tail call", "!range", "function type"]
        }
        Op::Switch(_) => return Some("case value"),
        Op::ExtractValue(_) | Op::InsertValue(_) => return Some(if k == 0 { "index count" } else { "index" }),
        Op::Fence { .. } => &["atomic ordering", "sync scope"],
        Op::CmpXchg { .. } => &["volatile", "weak", "success ordering", "failure ordering", "sync scope"],
        Op::AtomicRmw { .. } => &["operation", "volatile", "atomic ordering", "sync scope"],
        Op::Phi(_) => return Some("incoming block"),
        Op::Bin { .. }
        | Op::Select
        | Op::Cast(_)
        | Op::Gep { .. }
        | Op::Br
        | Op::CondBr
        | Op::Ret
        | Op::Unreachable => &[],
    };
    if let Op::Load { .. } = inst.op {
        if k >= fixed.len() {
            return Some(if (k - fixed.len()) % 2 == 0 { "metadata kind" } else { "metadata attachment" });
        }
    }
    fixed.get(k).copied()
}

/// The prop label hook.
pub(crate) fn prop_label(m: &MockModule, f: FuncId, inst: Option<InstId>, k: usize) -> Option<&'static str> {
    match inst {
        None => sig_label(m, f, k),
        Some(i) => inst_label(m, f, i, k),
    }
}
