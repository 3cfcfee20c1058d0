//! Explanations in Cranelift's words: the [`mergefunc::Module::describe`] hook of
//! [`ClifModule`]. An instruction is printed as CLIF prints it (`dfg.display_inst`);
//! the pseudo-instructions of the encoding (block parameters of non-entry blocks, the
//! extra results of a multi-result instruction) are named by the value they stand for.
//! The core numbers instructions as the encoder's first pass does: per block in layout
//! order, the block's parameters (not the entry's: those are arguments), then each
//! instruction, followed by one slot per result when it has several.

use core::fmt::{self, Write};

use cranelift_codegen::ir::Function;
use mergefunc::{describe_default, FuncId, InstId, Item, Value};

use crate::ClifModule;

/// The CLIF text of core instruction `i` of `func`.
fn inst_text(func: &Function, i: InstId) -> Option<String> {
    let mut next = 0u32;
    for (bi, b) in func.layout.blocks().enumerate() {
        if bi != 0 {
            for p in func.dfg.block_params(b) {
                if next == i.0 {
                    return Some(format!("{p} (a parameter of {b})"));
                }
                next += 1;
            }
        }
        for inst in func.layout.block_insts(b) {
            if next == i.0 {
                return Some(func.dfg.display_inst(inst).to_string());
            }
            next += 1;
            let res = func.dfg.inst_results(inst);
            if res.len() > 1 {
                for (k, r) in res.iter().enumerate() {
                    if next == i.0 {
                        return Some(format!("{r} (result {k} of {})", func.dfg.display_inst(inst)));
                    }
                    next += 1;
                }
            }
        }
    }
    None
}

/// The entry block's parameter `k`.
fn arg_text(func: &Function, k: u32) -> Option<String> {
    let entry = func.layout.entry_block()?;
    func.dfg.block_params(entry).get(k as usize).map(|v| v.to_string())
}

pub(crate) fn describe(m: &ClifModule, f: FuncId, item: Item, out: &mut dyn Write) -> fmt::Result {
    let func = m.entries.get(f.index()).and_then(|e| e.func.as_ref());
    let text = func.and_then(|func| match item {
        Item::Inst(i) | Item::Value(Value::Inst(i)) => inst_text(func, i),
        Item::Value(Value::Arg(k)) => arg_text(func, k),
        Item::Value(Value::Block(b)) => func.layout.blocks().nth(b.index()).map(|x| x.to_string()),
        Item::Num(_)
        | Item::Type(_)
        | Item::Const(_)
        | Item::Meta(_)
        | Item::Asm(_)
        | Item::Attrs(_)
        | Item::Offset(_)
        | Item::Attr { .. }
        | Item::Value(Value::Const(_) | Value::Meta(_) | Value::Asm(_)) => None,
    });
    match text {
        Some(t) => out.write_str(&t),
        None => describe_default(m, item, out),
    }
}
