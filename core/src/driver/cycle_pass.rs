//! The cycle pass (opt-in, [`Options::merge_cycles`](super::Options::merge_cycles)):
//! after LLVM's merges, merges the classes of [`crate::cycles`] (functions equal modulo
//! calls to class mates) among the remaining candidates, with the usual merge actions.
//!
//! Invariants: the pass reads only candidates that can have a class mate (see
//! `Driver::merge_cycles`); every view it compares is validated (a tree function's was
//! when it went in, and it has not changed since); a class member still in the tree is
//! taken out before it is folded, so no tree key changes in place. The survivor of a
//! class is the member [`keep_first_in`] prefers over every other.

use alloc::vec::Vec;

use super::{keep_first_in, Driver, Error};
use crate::fast_path::FastPath;
use crate::ir::FuncId;
use crate::mutate::{ModuleMut, Rewrite};

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// Opt-in pass: merges the classes of [`crate::cycles`] among the remaining
    /// candidates. Without an adapter worklist hash that is every candidate, singletons
    /// included (the core's hash marks self calls, so a cycle's members may have hashes no
    /// other function shares); with one, only those that can have a class mate (see
    /// `run`).
    /// `pool`: the candidates that may have a class mate, in worklist order; the functions
    /// this run created (ids from `funcs_before` on: private bodies of double-thunk
    /// merges, which may be class mates of functions LLVM's order kept apart) are added.
    /// Of those still candidates, the ones alone in their [`FastPath::cycle_key`] class
    /// are left out unread, and the key classes start the refinement (see
    /// [`crate::cycles`], "Starting finer").
    pub(super) fn merge_cycles(&mut self, pool: &[FuncId], funcs_before: usize) -> Result<(), Error<M::Error>> {
        let mut cands: Vec<FuncId> = Vec::new();
        let mut seen = alloc::vec![false; self.m.num_funcs()];
        let all: Vec<FuncId> = pool
            .iter()
            .copied()
            .chain((funcs_before..self.m.num_funcs()).map(FuncId::new))
            .filter(|f| !core::mem::replace(&mut seen[f.index()], true) && self.is_candidate(*f))
            .collect();
        // Candidates alone in their cycle-key class have no class mate: left out unread.
        // The key classes also start the refinement apart.
        let (skip, start) = self.cycle_key_classes(&all);
        for f in all {
            if !skip[f.index()] {
                self.ensure(f);
                if self.is_candidate(f) {
                    // A function in the tree was validated when it went in and has not
                    // changed since (it is taken out before any change).
                    let n = self.funcs.get(f).node;
                    if !n.is_some_and(|n| self.is_read(n)) {
                        self.validate(f)?;
                        if let Some(n) = n {
                            self.tree.set_read(n, true);
                        }
                    }
                    cands.push(f);
                }
            }
        }
        let (classes, rounds) = crate::cycles::cycle_classes_from(&*self.m, &cands, &start, &mut self.cmp);
        self.report.stats.cycle_rounds = rounds as u64;
        if !self.reconcile_class_mates(&classes)? {
            return Ok(());
        }
        for class in classes {
            // The survivor: the member `keep_first_in` prefers over every other.
            let mut keep = class[0];
            for &g in &class[1..] {
                if !keep_first_in(&*self.m, keep, g) {
                    keep = g;
                }
            }
            for &g in &class {
                if g == keep || !self.is_candidate(g) || !self.is_candidate(keep) {
                    continue;
                }
                // `g` may sit in the tree as a class of its own under LLVM's order.
                if let Some(n) = self.funcs.get(g).node {
                    self.tree.remove(n);
                    self.funcs.get_mut(g).node = None;
                }
                let before = self.report.merges.len();
                keep = self.merge_two(keep, g, false)?;
                for r in &mut self.report.merges[before..] {
                    r.cycle = true;
                }
            }
        }
        Ok(())
    }

    /// Makes the members of every class state only what all of them state: weak flags
    /// intersected and, when the adapter drops facts, droppable facts dropped, on every
    /// member, before anything merges. Returns false (nothing of the pass may merge) when
    /// the adapter cannot drop the facts of some class.
    ///
    /// Why every member and not only the survivor: classes are equal modulo calls to
    /// class mates, so a merged function calls the members of *other* classes as they
    /// are, whether those classes merge or not (a merge may be refused: two ODR
    /// functions that cannot be thunks stay apart). If `f2` folds into `f1` and `f1`
    /// calls `g1` where `f2` called `g2`, `g1` runs in `g2`'s place: a GEP `nuw` or a
    /// `!range` only `g1` states would then be assumed where `g2` never promised it.
    fn reconcile_class_mates(&mut self, classes: &[Vec<FuncId>]) -> Result<bool, Error<M::Error>> {
        let drops = self.m.drops_facts();
        for class in classes {
            let members: Vec<FuncId> = class.iter().copied().filter(|&f| self.is_candidate(f)).collect();
            let Some((&first, rest)) = members.split_first() else { continue };
            if drops {
                for &g in rest {
                    if !self.feasible(Rewrite::DropFacts, g, first, true)
                        || !self.feasible(Rewrite::DropFacts, first, g, true)
                    {
                        return Ok(false);
                    }
                }
            }
            // `first` keeps what every member states, then every member keeps only that.
            for &g in rest {
                self.drop_differing_facts(first, g)?;
                self.intersect_flags(first, g)?;
            }
            for &g in rest {
                self.drop_differing_facts(g, first)?;
                self.intersect_flags(g, first)?;
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{actions, merge_module, Options};
    use crate::ir::{InstKind, Use, Value};
    use crate::testkit::*;

    /// Two 2-cycles `p0 ⇄ q0`, `p1 ⇄ q1`; only `q0` states a droppable fact, and the ODR
    /// pair `q0`/`q1` cannot be split (so it stays apart). `p1` still folds into `p0`
    /// (class mates are abstracted), so `p1`'s callers now run `q0` where they ran `q1`:
    /// `q0` must have lost the fact although its own merge was refused.
    #[test]
    fn refused_class_mates_lose_the_facts_their_mates_do_not_state() {
        let mut m = Tiny::new();
        m.drops = true;
        let odr = crate::ir::Linkage { odr: true, discardable_if_unused: true, ..Default::default() };
        let (p0, q0, p1, q1) = (FuncId::new(0), FuncId::new(1), FuncId::new(2), FuncId::new(3));
        // `q(a) { t = call p(a); u = t + 1; ret u }`: unlike `p`, which only calls.
        let bumper = |m: &mut Tiny, name: &str, callee: FuncId| {
            let i64t = m.int(64);
            let (p, one, c) = (m.ptr(0), m.int_const(i64t, 1), m.func_ref(callee));
            m.add_func(name, i64t, &[i64t], ext(), |m2, b| {
                let void = m2.void();
                b.begin_block();
                let args = [Use { value: Value::Arg(0), ty: i64t }, Use { value: Value::Const(c), ty: p }];
                let t = b.push_inst(9, i64t, InstKind::Call { callee: 1 }, 0, 0, &args, &[]);
                let add = [Use { value: Value::Inst(t), ty: i64t }, Use { value: Value::Const(one), ty: i64t }];
                let u = b.push_inst(3, i64t, InstKind::Plain, 0, 0, &add, &[]);
                ret(b, void, Use { value: Value::Inst(u), ty: i64t });
            });
        };
        caller(&mut m, "p0", q0);
        bumper(&mut m, "q0", p0);
        caller(&mut m, "p1", q1);
        bumper(&mut m, "q1", p1);
        m.funcs[q0.index()].linkage = odr;
        m.funcs[q1.index()].linkage = odr;
        m.refuse.extend([(Rewrite::SplitBody, q0), (Rewrite::SplitBody, q1)]);
        m.facts.push((q0, crate::ir::InstId::new(0), 7));
        let opts = Options { merge_cycles: true, ..Options::default() };
        let r = merge_module(&mut m, &opts).unwrap();
        assert_eq!(actions(&r).len(), 1, "only p1 folds (into p0): {:?}", actions(&r));
        assert!(r.refused.iter().any(|x| x.rewrite == Rewrite::SplitBody && x.pair_kept_apart));
        assert!(m.facts.is_empty(), "q0 stands in for q1: it keeps no fact q1 lacks: {:?}", m.facts);
    }

    /// Cycle merging with cycle keys ([`FastPath::cycle_key`], here the merge key)
    /// merges the same functions, in the same order, with the same rewrites, as without
    /// them; the candidates the keys leave out (alone in their key class once LLVM's
    /// merges are done) are never read.
    #[test]
    fn cycle_keys_leave_out_only_functions_without_class_mates() {
        let build = |m: &mut Tiny| {
            // Two 2-cycles (p1 ⇄ q1, p2 ⇄ q2) that only cycle merging folds together.
            for i in 0..2u32 {
                caller(m, &alloc::format!("p{i}"), FuncId::new(4 * i as usize + 1));
                caller(m, &alloc::format!("q{i}"), FuncId::new(4 * i as usize));
                // Equal under LLVM's order: a1 folds into a0, which is then alone.
                adder(m, &alloc::format!("a{i}"), 1, internal());
                // Each calls the adder of its own pair: equal once a1 is folded.
                caller(m, &alloc::format!("c{i}"), FuncId::new(4 * i as usize + 2));
            }
            // Same hash, different constants: never merged, alone under keys.
            adder(m, "u5", 5, internal());
            adder(m, "u6", 6, internal());
        };
        let run = |keyed: bool| {
            let mut m = Tiny::new();
            m.hashed = true;
            m.keyed = keyed;
            build(&mut m);
            let opts = Options { merge_cycles: true, ..Options::default() };
            let r = merge_module(&mut m, &opts).unwrap();
            let read: Vec<FuncId> = m.accesses.borrow().iter().filter(|a| a.0 == "materialize").map(|a| a.1).collect();
            (actions(&r), r.stats.cycle_unique_keys, m.log, read, r.merges.iter().filter(|x| x.cycle).count())
        };
        let (plain, none_left_out, plain_log, plain_read, plain_cycle) = run(false);
        let (keyed, left_out, keyed_log, keyed_read, keyed_cycle) = run(true);
        assert_eq!(none_left_out, 0);
        assert_eq!(keyed, plain);
        assert_eq!(keyed_log, plain_log);
        assert_eq!(plain_cycle, 3, "q0, p1 and q1 fold into p0: {plain:?}");
        assert_eq!(keyed_cycle, plain_cycle);
        // a0 (a1 folded into it) and c0 (c1 folded into it) have no class mate left.
        assert_eq!(left_out, 2, "{keyed:?}");
        // The cycle pass reads a0 and c0 again without keys, not with them.
        for f in [FuncId::new(2), FuncId::new(3)] {
            let reads = |list: &[FuncId]| list.iter().filter(|&&g| g == f).count();
            assert_eq!(reads(&keyed_read) + 1, reads(&plain_read), "{f}: {keyed_read:?} {plain_read:?}");
        }
    }
}
