//! Oracle: explanations agree with the order.
//!
//! On every pair of generated definitions, with weak flags compared and not:
//! * `explain(a, b).order == compare(a, b)`, and the explanation has a difference exactly
//!   when the order is not `Equal`;
//! * the difference is the step that decides: re-checked from the module itself for the
//!   rules whose step is a plain comparison of the two items or instructions (opcode,
//!   flags, a property number, operand and result types, operand counts) — the items
//!   differ and their comparison is the reported order; an instruction place names
//!   instructions at the same position of matched blocks;
//! * `differences(a, b, k)` starts with the explanation's difference;
//! * explaining `(b, a)` reports the same rule at the mirrored place.
//!
//! On every perturbed clone (exactly one property changed, see [`super::perturb`]): the
//! explanation of (original, clone) names a rule that the perturbation kind can cause
//! ([`allowed`]), so the explanation points at the change.

use core::cmp::Ordering;

use arbitrary::{Result, Unstructured};
use mergefunc::order::cmp_types;
use mergefunc::{BlockPart, Comparator, Difference, FuncId, InstPart, Item, Module, Place, Rule};

use super::{generate, show, Config, PerturbKind, TestCase};
use crate::MockModule;

/// Generates a module and checks its explanations.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let tc = generate(u, &Config::DEFAULT)?;
    check_case(&tc);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

/// The rules a perturbation of `kind` may show up as first. A change can surface at a
/// rule before its own: an extra instruction shifts everything after it, a swapped
/// branch changes which block the walk meets first, a changed type shows up as the
/// type of the first operand that uses it.
pub fn allowed(kind: PerturbKind) -> &'static [Rule] {
    use PerturbKind as K;
    use Rule as R;
    match kind {
        K::FnAttr | K::ParamAttr | K::RetAttr => &[R::Attributes],
        K::Gc | K::Section => &[R::PropValue, R::PropCount, R::PropKind, R::Attributes],
        K::CallingConv => &[R::PropValue],
        K::Vararg => &[R::PropValue],
        K::ParamType => &[R::FunctionType],
        K::ExtraInst => &[
            R::Opcode,
            R::BlockLength,
            R::Local,
            R::InstKind,
            R::OperandCount,
            R::ResultType,
            R::Flags,
            R::WeakFlags,
            R::OperandType,
            R::PropValue,
            R::PropType,
            R::PropCount,
            R::PropKind,
            R::Attributes,
            R::ValueKind,
            R::Callee,
            R::SuccessorCount,
            R::Metadata,
            R::ConstType,
            R::ConstKind,
            R::ConstValue,
            R::Global,
            R::AddressSpace,
            R::ConstantOffset,
            R::SourceType,
            R::CalleePosition,
            R::InlineAsm,
        ],
        K::BranchSwap | K::PhiOrder => &[R::Local, R::ValueKind, R::OperandType],
        // Two distinct operands: locals, constants or one of each.
        K::OperandSwap => &[
            R::Local,
            R::ValueKind,
            R::OperandType,
            R::ConstValue,
            R::ConstKind,
            R::ConstType,
            R::Global,
            R::ConstantOffset,
        ],
        K::BinOpcode | K::CastOpcode => &[R::Opcode],
        K::BinFlags => &[R::Flags],
        K::IntConst => &[R::ConstValue, R::ConstKind, R::ConstantOffset],
        // On a GEP index the offset stops (or starts) being constant.
        K::ConstKind => &[R::ConstKind, R::ConstantOffset],
        K::LocalToConst => &[R::ValueKind, R::ConstantOffset],
        K::ICmpPred
        | K::AllocaAlign
        | K::LoadAlign
        | K::StoreAlign
        | K::LoadVolatile
        | K::StoreVolatile
        | K::LoadOrdering
        | K::StoreOrdering
        | K::RmwOp
        | K::RmwOrdering
        | K::RmwVolatile
        | K::CmpXchgWeak
        | K::CmpXchgOrdering
        | K::CmpXchgVolatile
        | K::FenceOrdering
        | K::AggIndex
        | K::CallTail
        | K::CallCc => &[R::PropValue],
        K::ResultType => &[R::ResultType, R::OperandType],
        K::AllocaType => &[R::PropType],
        K::LoadMetadata | K::CallRange => &[R::PropValue, R::Metadata, R::PropCount, R::PropKind],
        K::GepFlags => &[R::WeakFlags],
        K::GepIndex => &[R::ConstantOffset, R::ConstValue],
        K::GepSourceType => &[R::SourceType],
        K::GlobalRef => &[R::Global],
        K::ConstExpr => &[R::Global, R::ConstValue, R::ConstKind, R::ConstExpr, R::ConstType],
        K::Callee => &[R::Callee, R::Global],
        K::CallAttrs => &[R::Attributes],
        K::AsmText => &[R::InlineAsm],
        K::SwitchCase => &[R::ConstValue, R::ConstKind],
    }
}

/// Re-checks `d` (of `explain(a, b)`) from the module where its rule is a plain
/// comparison; panics with `ctx` on a mismatch.
fn recheck(m: &MockModule, a: FuncId, b: FuncId, d: &Difference, ctx: &dyn Fn() -> String) {
    assert_ne!(d.order, Ordering::Equal, "a difference with order Equal\n{}", ctx());
    if let Place::Block { left: bl, right: br, part: BlockPart::Inst { index, left, right, part }, .. } = d.place {
        let (x, y) = (m.body(a).expect("body"), m.body(b).expect("body"));
        let (sx, sy) = (x.blocks[bl.index()].insts, y.blocks[br.index()].insts);
        assert!(sx.range().contains(&left.index()), "left instruction outside its block\n{}", ctx());
        assert!(sy.range().contains(&right.index()), "right instruction outside its block\n{}", ctx());
        assert_eq!(left.0 - sx.start, index, "position in the left block\n{}", ctx());
        assert_eq!(right.0 - sy.start, index, "the two instructions are at different positions\n{}", ctx());
        let (i, j) = (&x.insts[left.index()], &y.insts[right.index()]);
        let expect = match (d.rule, part) {
            (Rule::Opcode, InstPart::Whole) => Some(i.opcode.cmp(&j.opcode)),
            (Rule::Flags, InstPart::Whole) => Some(i.flags.cmp(&j.flags)),
            (Rule::WeakFlags, InstPart::Whole) => Some(i.weak_flags.cmp(&j.weak_flags)),
            (Rule::OperandCount, InstPart::Whole) => Some(i.operands.len().cmp(&j.operands.len())),
            (Rule::ResultType, InstPart::Whole) => Some(cmp_types(m, i.ty, j.ty)),
            (Rule::OperandType, InstPart::OperandType(k)) => {
                let (u, v) = (x.operands(i)[k as usize], y.operands(j)[k as usize]);
                Some(cmp_types(m, u.ty, v.ty))
            }
            (Rule::PropValue, InstPart::Prop(k)) => match (x.props_of(i)[k as usize], y.props_of(j)[k as usize]) {
                (mergefunc::Prop::Num(p), mergefunc::Prop::Num(q)) => Some(p.cmp(&q)),
                other => panic!("a property-value difference on {other:?}\n{}", ctx()),
            },
            _ => None,
        };
        if let Some(o) = expect {
            assert_eq!(o, d.order, "the reported step does not decide as reported\n{}", ctx());
        }
    }
    if let (Rule::PropValue, Item::Num(p), Item::Num(q)) = (d.rule, d.left, d.right) {
        assert_eq!(p.cmp(&q), d.order, "property numbers\n{}", ctx());
    }
    if let (Rule::FunctionType, Item::Type(p), Item::Type(q)) = (d.rule, d.left, d.right) {
        assert_eq!(cmp_types(m, p, q), d.order, "function types\n{}", ctx());
    }
}

/// The place of `d` with the sides swapped.
fn mirrored(p: Place) -> Place {
    match p {
        Place::Block { walk, left, right, part } => {
            let part = match part {
                BlockPart::Inst { index, left, right, part } => {
                    BlockPart::Inst { index, left: right, right: left, part }
                }
                other => other,
            };
            Place::Block { walk, left: right, right: left, part }
        }
        other => other,
    }
}

/// Checks the explanations of every pair of `tc`'s definitions and of every clone.
pub fn check_case(tc: &TestCase) {
    let m = &tc.module;
    let fs = &tc.defined;
    for weak in [true, false] {
        let mut c = Comparator::new();
        c.compare_weak_flags = weak;
        for &a in fs {
            for &b in fs {
                let ctx =
                    || format!("explain(@{}, @{}) weak={weak}\n{}", m.function(a).name, m.function(b).name, show(tc));
                let order = c.compare(m, a, b);
                let e = c.explain(m, a, b);
                assert_eq!(e.order, order, "the explanation's verdict is not the order's\n{}", ctx());
                assert_eq!(e.difference.is_none(), order == Ordering::Equal, "{}", ctx());
                let Some(d) = e.difference else { continue };
                recheck(m, a, b, &d, &ctx);
                let more = c.differences(m, a, b, 4);
                assert_eq!(more.list.first(), Some(&d), "differences() starts elsewhere\n{}", ctx());
                assert!(more.list.iter().all(|x| x.order != Ordering::Equal), "{}", ctx());
                let back = c.explain(m, b, a).difference.expect("unequal both ways");
                assert_eq!(back.rule, d.rule, "the rule depends on the direction\n{}", ctx());
                assert_eq!(back.order, d.order.reverse(), "{}", ctx());
                if !matches!(d.rule, Rule::Local) {
                    assert_eq!(back.place, mirrored(d.place), "the place depends on the direction\n{}", ctx());
                }
            }
        }
        for cl in &tc.clones {
            let Some(kind) = cl.perturbation else { continue };
            let e = c.explain(m, cl.original, cl.clone);
            let Some(d) = e.difference else {
                assert!(kind == PerturbKind::GepFlags && !weak, "perturbation {kind:?} not explained\n{}", show(tc));
                continue;
            };
            assert!(
                allowed(kind).contains(&d.rule),
                "perturbation {kind:?} ({}) explained as {:?} at {:?}\n{}",
                kind.property(),
                d.rule,
                d.place,
                show(tc)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn seeded() {
        super::super::run_seeded(5000, 300, super::check);
    }

    #[test]
    fn smoke() {
        arbtest::arbtest(super::check).budget_ms(500);
    }
}
