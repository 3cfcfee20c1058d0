//! Body validation: the [`crate::ir`] preconditions the core relies on, checked before
//! the driver reads a view.
//!
//! Invariant: every view the driver hashes, compares or files in the tree has passed
//! [`validate_body`] since it was last built. A lazy adapter may rebuild a view after a
//! rewrite, so the driver validates a view each time before it goes into the tree (a
//! function sitting in the tree is not changed: the driver takes it out first). A view
//! that fails stops the run with [`Error::InvalidBody`].

use super::{Driver, Error};
use crate::fast_path::FastPath;
use crate::ir::*;
use crate::mutate::ModuleMut;

/// Checks the body of `f` against the [`crate::ir`] preconditions the core relies on.
pub fn validate_body<M: Module + ?Sized>(m: &M, f: FuncId) -> Result<(), &'static str> {
    let Some(b) = m.body(f) else { return Ok(()) };
    let nargs = match m.type_data(m.func(f).ty) {
        TypeData::Func { params, .. } => params.len(),
        _ => return Err("the function type is not a function type"),
    };
    if b.blocks.is_empty() {
        return Err("a body has no blocks");
    }
    let (ni, nb) = (b.insts.len(), b.blocks.len());
    let mut expect = 0usize;
    for blk in b.blocks {
        if blk.insts.start as usize != expect || blk.insts.end < blk.insts.start {
            return Err("block instruction spans are not contiguous in layout order");
        }
        if blk.insts.is_empty() {
            return Err("a block has no instructions");
        }
        expect = blk.insts.end as usize;
        if blk.succs.end < blk.succs.start || blk.succs.end as usize > b.succs.len() {
            return Err("a successor span is out of range");
        }
    }
    if expect != ni {
        return Err("instructions outside every block");
    }
    if b.succs.iter().any(|s| s.index() >= nb) {
        return Err("a successor is out of range");
    }
    let local_ok = |v: &Value| match v {
        Value::Arg(i) => (*i as usize) < nargs,
        Value::Inst(i) => i.index() < ni,
        Value::Block(x) => x.index() < nb,
        Value::Const(_) | Value::Asm(_) | Value::Meta(_) => true,
    };
    // Spans first; operands and props are then checked in one pass each when the spans
    // tile `uses` and `props` in order (as every `BodyBuf` lays them out), else per
    // instruction.
    let (mut tiled, mut uses_at, mut props_at) = (true, 0u32, 0u32);
    for inst in b.insts {
        if inst.operands.end < inst.operands.start || inst.operands.end as usize > b.uses.len() {
            return Err("an operand span is out of range");
        }
        if inst.props.end < inst.props.start || inst.props.end as usize > b.props.len() {
            return Err("a prop span is out of range");
        }
        let n = inst.operands.len();
        match inst.kind {
            InstKind::Plain => {}
            InstKind::Call { callee } if (callee as usize) < n => {}
            InstKind::Address { base, .. } if (base as usize) < n => {}
            InstKind::Call { .. } | InstKind::Address { .. } => {
                return Err("a callee or base operand index is out of range")
            }
        }
        tiled &= inst.operands.start == uses_at && inst.props.start == props_at;
        uses_at = inst.operands.end;
        props_at = inst.props.end;
    }
    tiled &= uses_at as usize == b.uses.len() && props_at as usize == b.props.len();
    let check_uses = |uses: &[Use]| uses.iter().all(|u| local_ok(&u.value));
    let check_props = |props: &[Prop]| props.iter().all(|p| !matches!(p, Prop::Block(x) if x.index() >= nb));
    let (uses_ok, props_ok) = if tiled {
        (check_uses(b.uses), check_props(b.props))
    } else {
        (b.insts.iter().all(|i| check_uses(b.operands(i))), b.insts.iter().all(|i| check_props(b.props_of(i))))
    };
    if !uses_ok {
        return Err("an operand refers to a local value that does not exist");
    }
    if !props_ok {
        return Err("a block prop is out of range");
    }
    Ok(())
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// [`validate_body`] of `f`, a failure as the run's error.
    pub(super) fn validate(&self, f: FuncId) -> Result<(), Error<M::Error>> {
        validate_body(&*self.m, f).map_err(|reason| Error::InvalidBody { func: f, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{merge_module, Options};
    use crate::testkit::*;

    #[test]
    fn invalid_bodies_are_reported() {
        let mut m = Tiny::new();
        let i64t = m.int(64);
        let void = m.void();
        for n in ["a", "b"] {
            m.add_func(n, i64t, &[], ext(), |_, b| {
                b.begin_block();
                // Argument 3 does not exist.
                ret(b, void, Use { value: Value::Arg(3), ty: i64t });
            });
        }
        let e = merge_module(&mut m, &Options::default()).unwrap_err();
        assert!(matches!(e, Error::InvalidBody { .. }), "{e}");
    }

    /// `validate_body` checks operands and props in one pass over the arrays when the
    /// instructions' spans tile them, per instruction otherwise: an entry no instruction
    /// refers to is never an error, one an instruction refers to always is.
    #[test]
    fn validation_reads_exactly_the_referenced_operands_and_props() {
        let check = |edit: &dyn Fn(&mut BodyBuf)| {
            let mut m = Tiny::new();
            let f = adder(&mut m, "f", 5, ext());
            edit(m.bodies[f.index()].as_mut().expect("a body"));
            validate_body(&m, f)
        };
        let bad_use = |b: &BodyBuf| Use { value: Value::Arg(3), ty: b.uses[0].ty };
        const BAD_USE: &str = "an operand refers to a local value that does not exist";
        const BAD_PROP: &str = "a block prop is out of range";
        assert_eq!(check(&|_| {}), Ok(()));
        // Tiled: a bad operand is found.
        assert_eq!(check(&|b| b.uses[0] = bad_use(b)), Err(BAD_USE));
        // Not tiled (an entry after the last span): nothing refers to it.
        assert_eq!(check(&|b| b.uses.push(bad_use(b))), Ok(()));
        // Not tiled (a gap before the return's operand): the bad operand is referred to.
        assert_eq!(
            check(&|b| {
                b.uses.push(b.uses[2]);
                b.uses.push(bad_use(b));
                let n = b.uses.len() as u32;
                b.insts[1].operands = Span { start: n - 1, end: n };
            }),
            Err(BAD_USE)
        );
        // Props: a block out of range counts only where an instruction refers to it.
        assert_eq!(
            check(&|b| {
                b.props.push(Prop::Block(BlockId(9)));
                b.insts[1].props.end = b.props.len() as u32;
            }),
            Err(BAD_PROP)
        );
        assert_eq!(check(&|b| b.props.push(Prop::Block(BlockId(9)))), Ok(()));
        assert_eq!(
            check(&|b| {
                b.props.push(Prop::Num(0));
                b.props.push(Prop::Block(BlockId(9)));
                let n = b.props.len() as u32;
                b.insts[1].props = Span { start: n - 1, end: n };
            }),
            Err(BAD_PROP)
        );
    }

    #[test]
    fn views_rebuilt_after_a_rewrite_are_validated_again() {
        for hashed in [false, true] {
            let mut m = Tiny::new();
            m.hashed = hashed;
            m.corrupt_rewrites = true;
            let a = adder(&mut m, "a", 5, ext());
            let b = adder(&mut m, "b", 5, ext());
            caller(&mut m, "ca", a);
            let cb = caller(&mut m, "cb", b);
            // b folds into a; the broken rewrite of cb's call leaves an operand naming an
            // argument cb does not have, which the driver must report when it reads cb
            // again (not read past the end of anything).
            match merge_module(&mut m, &Options::default()) {
                Err(Error::InvalidBody { func, .. }) => assert_eq!(func, cb, "hashed: {hashed}"),
                other => panic!("hashed: {hashed}: {other:?}"),
            }
        }
    }
}
