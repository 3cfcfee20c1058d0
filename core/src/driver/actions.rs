//! Merge actions: what happens to two equal functions (LLVM's `mergeTwoFunctions`,
//! `writeThunkOrAlias`, `replaceDirectCallers` and the survivor choice
//! `isFuncOrderCorrect`).
//!
//! [`keep_first`] picks the survivor; `merge_two` then follows `mergeTwoFunctions`
//! exactly: the double-thunk case (interposable survivor, or both ODR) with a new private
//! body that both become thunks or aliases of; otherwise replace all uses (when the folded
//! function's address does not matter), or redirect its direct calls, then erase it if
//! unused and discardable, else write an alias or a thunk, with the too-small rule.
//!
//! Invariants:
//! * with droppable facts ([`ModuleMut::drops_facts`]), the survivor is reconciled with
//!   every function folded into it (and a double-thunk body with the second function)
//!   before any other rewrite, after [`ModuleMut::can_rewrite`] agreed to
//!   [`Rewrite::DropFacts`]; reconciling never changes a view, so never a tree key;
//! * every rewrite is offered to [`ModuleMut::can_rewrite`] before it is chosen; a
//!   refused one is recorded in [`crate::Report::refused`] and either the next option is taken
//!   (`feasible`) or, when none is left, the pair stays apart, before anything changed;
//! * before a rewrite changes a function that sits in the tree, that function is taken
//!   out and queued (`remove_users`), so no tree key changes in place;
//! * a folded function is marked in the driver's table and never goes into the tree
//!   again; every fold is one [`MergeRecord`], which names functions by id only (names
//!   never change during a run, see [`Module::func_name`]; reports read them when printed).

use alloc::vec::Vec;

use super::Driver;
use super::Error;
use crate::fast_path::FastPath;
use crate::ir::*;
use crate::mutate::{ModuleMut, Rewrite, ThunkStyle};
use crate::order::matched_instructions;
use crate::report::{FoldAction, MergeRecord, Refusal, UseRewrite};

/// Which of two equal functions to keep: `true` keeps `f` and folds `g` (LLVM's
/// `isFuncOrderCorrect`). Non-ODR before ODR (never add calls *into* an ODR function),
/// strong before interposable, external before local, then the smaller name, so every
/// module makes the same choice. The names are `f.name` and `g.name`; the driver passes
/// the module's ([`keep_first_in`]).
pub fn keep_first(f: &FuncInfo, g: &FuncInfo) -> bool {
    keep_first_named(f, &f.name, g, &g.name)
}

/// [`keep_first`] for functions `f` and `g` of `m`, by their names as
/// [`Module::func_name`] gives them.
pub fn keep_first_in<M: Module + ?Sized>(m: &M, f: FuncId, g: FuncId) -> bool {
    keep_first_named(m.func(f), m.func_name(f), m.func(g), m.func_name(g))
}

fn keep_first_named(f: &FuncInfo, f_name: &[u8], g: &FuncInfo, g_name: &[u8]) -> bool {
    if f.linkage.odr != g.linkage.odr {
        return g.linkage.odr;
    }
    if f.linkage.interposable != g.linkage.interposable {
        return !f.linkage.interposable;
    }
    if f.linkage.local != g.linkage.local {
        return !f.linkage.local;
    }
    f_name <= g_name
}

impl<M: ModuleMut + FastPath> Driver<'_, M> {
    /// LLVM's `mergeTwoFunctions(F, G)`: `f` survives, `g` is folded into it. Returns
    /// the function that now holds the surviving body (`f`, or a new private body).
    pub(super) fn merge_two(&mut self, f: FuncId, g: FuncId, same_records: bool) -> Result<FuncId, Error<M::Error>> {
        // `f` may be a tree function not read yet, merged on the adapter's word that `g`
        // has its body and that both are eligible (`same_unread_body_as`): its view stays
        // unbuilt, and what follows asks the adapter (`tiny_body`) instead of reading it.
        // With droppable facts both views are read: the same records say nothing about
        // the facts views leave out, so the survivor is reconciled with `g` all the same.
        let drops = self.m.drops_facts();
        let f_unread = same_records && !drops && self.funcs.get(f).node.is_some_and(|n| !self.is_read(n));
        if !f_unread {
            self.ensure(f);
        }
        // `g`'s view is read only to intersect flags and to drop facts, and bodies that
        // are the same records have the same flags.
        if !same_records || drops {
            self.ensure(g);
        }
        if !self.m.func(f).callable || !self.m.func(g).callable {
            // Functions that cannot be called (kernels) are never thunk targets, alias
            // targets or call-redirection targets: leave both alone.
            return Ok(f);
        }
        // Before anything is chosen: the survivor must be able to lose the facts `g`
        // does not state, or the pair stays apart.
        if drops && !self.feasible(Rewrite::DropFacts, g, f, true) {
            return Ok(f);
        }
        let (fl, gl) = (self.m.func(f).linkage, self.m.func(g).linkage);
        if fl.interposable || (fl.odr && gl.odr) {
            // Neither may call the other: both become thunks (or aliases) of a new
            // private copy of the body. Both rewrites must be possible first. The body
            // has `f`'s signature, so the adapter answers for rewrites onto `f`.
            if !self.can_thunk(f) && (!self.can_alias(f) || !self.can_alias(g)) {
                return Ok(f);
            }
            let thunk_f = self.can_thunk(f);
            let aliases = self.can_alias(f) && self.can_alias(g);
            let m = &*self.m;
            let possible = |rw: Rewrite, x: FuncId| m.can_rewrite(rw, x, f);
            let thunks = if thunk_f { possible(Rewrite::Thunk, g).and(possible(Rewrite::Thunk, f)) } else { Ok(()) };
            let aliases = aliases && possible(Rewrite::Alias, g).and(possible(Rewrite::Alias, f)).is_ok();
            let split = self.m.can_rewrite(Rewrite::SplitBody, f, f);
            match (split, thunks) {
                (Err(reason), _) => {
                    self.refuse(Rewrite::SplitBody, f, f, reason, true);
                    return Ok(f);
                }
                (Ok(()), Err(reason)) if !aliases => {
                    // A thunk is the only way left and the adapter cannot write it.
                    self.refuse(Rewrite::Thunk, g, f, reason, true);
                    return Ok(f);
                }
                _ => {}
            }
            // The private body is `f`'s: it loses the facts `g` does not state first.
            self.drop_differing_facts(f, g)?;
            if !same_records {
                self.intersect_flags(f, g)?;
            }
            self.remove_users(f, UseKind::Any);
            let body = self.m.split_body(f).map_err(Self::fail(f, "splitting the body"))?;
            // It may take `f`'s place in the tree, where every body read has been
            // validated. `f` not read yet: neither is the body, which takes its place as
            // a node not read yet.
            if !f_unread {
                self.ensure(body);
                self.validate(body)?;
            }
            if let Some(n) = self.funcs.get(f).node {
                self.tree.replace(n, body);
                self.funcs.get_mut(body).node = Some(n);
                self.tree.set_read(n, !f_unread);
                let fs = self.funcs.get_mut(f);
                fs.node = None;
                fs.left_node = Some(n);
            }
            // Otherwise `f` calls itself and `remove_users(f)` already took it out of the
            // tree and queued the symbol `f` (now a thunk) for the next round; the body
            // waits outside the tree. That is what LLVM 22 does (it keeps a handle that
            // follows `f`'s name), and re-queueing the body instead changes which later
            // functions merge (3 more merges than opt-22 on a clang++ -O0 module).
            if gl.odr && self.feasible(Rewrite::RedirectCalls, g, body, false) {
                self.redirect_calls(g, body)?;
            }
            if fl.odr && self.feasible(Rewrite::RedirectCalls, f, body, false) {
                self.redirect_calls(f, body)?;
            }
            let (fa, ga) = (self.m.func(f).align, self.m.func(g).align);
            let g_action = self.thunk_or_alias(body, g)?.unwrap_or(FoldAction::Kept);
            let f_action = self.thunk_or_alias(body, f)?.unwrap_or(FoldAction::Kept);
            let align = match (fa, ga) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(1).max(b.unwrap_or(1))),
            };
            self.m.set_alignment(body, align).map_err(Self::fail(body, "setting alignment"))?;
            let g_uses = if gl.odr { UseRewrite::DirectCalls } else { UseRewrite::None };
            let f_uses = if fl.odr { UseRewrite::DirectCalls } else { UseRewrite::None };
            self.record(g, body, g_uses, g_action, Some(f));
            self.record(f, body, f_uses, f_action, Some(f));
            self.report.stats.double_weak += 1;
            self.report.stats.functions_merged += 1;
            self.funcs.get_mut(g).folded = true;
            return Ok(body);
        }

        self.drop_differing_facts(f, g)?;
        if !same_records {
            self.intersect_flags(f, g)?;
        }
        let pdi = self.opts.preserve_debug_info;
        let mut uses = UseRewrite::None;
        if !gl.interposable && !pdi {
            let gi = self.m.func(g);
            // Without RAUW (refused: the next option), only the direct calls move.
            if gi.unnamed_addr && !gi.used_externally && self.feasible(Rewrite::ReplaceAllUses, g, f, false) {
                self.remove_users(g, UseKind::Any);
                self.m.replace_all_uses(g, f).map_err(Self::fail(g, "replacing all uses"))?;
                uses = UseRewrite::AllUses;
            } else if self.feasible(Rewrite::RedirectCalls, g, f, false) {
                self.redirect_calls(g, f)?;
                uses = UseRewrite::DirectCalls;
            }
        }
        // Erased when unused and discardable (`thunk_or_alias`), else an alias or a thunk.
        match self.thunk_or_alias(f, g)? {
            Some(action) => {
                self.report.stats.functions_merged += 1;
                self.record(g, f, uses, action, None);
            }
            None => self.record(g, f, uses, FoldAction::Kept, None),
        }
        self.funcs.get_mut(g).folded = true;
        Ok(f)
    }

    fn can_thunk(&mut self, f: FuncId) -> bool {
        let info = self.m.func(f);
        if !info.callable {
            return false;
        }
        if let TypeData::Func { vararg: true, .. } = self.m.type_data(info.ty) {
            return false;
        }
        // Don't replace a function by a thunk to a body that is only a terminator: the
        // call would be no smaller than the copy.
        if let Some(tiny) = self.m.tiny_body(f) {
            return !tiny;
        }
        self.ensure(f);
        match self.m.body(f) {
            Some(b) => !(b.blocks.len() == 1 && b.blocks[0].insts.len() < 2),
            None => false,
        }
    }

    fn can_alias(&self, g: FuncId) -> bool {
        self.opts.use_aliases && self.m.supports_aliases() && self.m.func(g).unnamed_addr
    }

    /// Asks the adapter whether `rewrite` of `g` onto `target` can be carried out
    /// ([`ModuleMut::can_rewrite`]); a refusal is recorded (`kept_apart`: the pair then
    /// stays apart, else the caller takes another rewrite).
    pub(super) fn feasible(&mut self, rewrite: Rewrite, g: FuncId, target: FuncId, kept_apart: bool) -> bool {
        match self.m.can_rewrite(rewrite, g, target) {
            Ok(()) => true,
            Err(reason) => {
                self.refuse(rewrite, g, target, reason, kept_apart);
                false
            }
        }
    }

    fn refuse(&mut self, rewrite: Rewrite, g: FuncId, target: FuncId, reason: &'static str, kept_apart: bool) {
        self.report.refused.push(Refusal { func: g, target, rewrite, reason, pair_kept_apart: kept_apart });
        self.report.stats.rewrites_refused += 1;
        if kept_apart {
            self.report.stats.pairs_kept_apart += 1;
        }
    }

    fn record(&mut self, folded: FuncId, target: FuncId, uses: UseRewrite, action: FoldAction, shared: Option<FuncId>) {
        self.report.merges.push(MergeRecord {
            folded,
            target,
            uses,
            action,
            shared_body_of: shared,
            round: self.round,
            cycle: false,
        });
    }

    /// With droppable facts ([`ModuleMut::drops_facts`]): asks the adapter to remove
    /// from each instruction of `keep` the droppable facts its matched instruction of
    /// `fold` does not state. Views do not record those facts, so `keep` stays where it
    /// is in the tree. Both views are built (`merge_two` reads them in this mode).
    pub(super) fn drop_differing_facts(&mut self, keep: FuncId, fold: FuncId) -> Result<(), Error<M::Error>> {
        if !self.m.drops_facts() {
            return Ok(());
        }
        let mut pairs: Vec<(InstId, InstId)> = Vec::new();
        matched_instructions(&*self.m, keep, fold, |a, b| pairs.push((a, b)));
        for (a, b) in pairs {
            self.m.drop_differing_facts(keep, a, fold, b).map_err(Self::fail(keep, "dropping facts"))?;
        }
        Ok(())
    }

    /// Intersects the weak flags of `keep`'s instructions with `fold`'s.
    pub(super) fn intersect_flags(&mut self, keep: FuncId, fold: FuncId) -> Result<(), Error<M::Error>> {
        if self.cmp.compare_weak_flags {
            return Ok(());
        }
        let mut todo: Vec<(InstId, u64)> = Vec::new();
        {
            let m = &*self.m;
            let (Some(bk), Some(bf)) = (m.body(keep), m.body(fold)) else { return Ok(()) };
            // Nothing to clear when `keep` has no weak flag, or when both bodies have the
            // same blocks and successors (the walk then pairs each instruction with the
            // one at its own index) and no flag of `keep` is missing at the same index.
            let same_shape = bk.blocks == bf.blocks && bk.succs == bf.succs && bk.insts.len() == bf.insts.len();
            if bk.insts.iter().all(|i| i.weak_flags == 0)
                || (same_shape
                    && bk.insts.iter().zip(bf.insts).all(|(x, y)| x.weak_flags & y.weak_flags == x.weak_flags))
            {
                return Ok(());
            }
            matched_instructions(m, keep, fold, |a, b| {
                let (x, y) = (bk.insts[a.index()].weak_flags, bf.insts[b.index()].weak_flags);
                if x & y != x {
                    todo.push((a, x & y));
                }
            });
        }
        for (i, keep_bits) in todo {
            self.m.intersect_flags(keep, i, keep_bits).map_err(Self::fail(keep, "intersecting flags"))?;
        }
        Ok(())
    }

    fn redirect_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), Error<M::Error>> {
        self.remove_users(from, UseKind::DirectCalls);
        self.m.replace_direct_calls(from, to).map_err(Self::fail(from, "redirecting calls"))
    }

    /// LLVM 22's `writeThunkOrAlias`: erase `g` if nothing uses it and it may be
    /// dropped (and the adapter can erase it); else an alias if `g`'s address does not
    /// matter and aliases are on; else a thunk if `f` is worth calling; else nothing.
    fn thunk_or_alias(&mut self, f: FuncId, g: FuncId) -> Result<Option<FoldAction>, Error<M::Error>> {
        if !self.opts.preserve_debug_info
            && self.m.func(g).linkage.discardable_if_unused
            && !self.m.has_uses(g)
            && self.feasible(Rewrite::Erase, g, f, false)
        {
            self.m.erase(g).map_err(Self::fail(g, "erasing"))?;
            return Ok(Some(FoldAction::Erased));
        }
        if self.can_alias(g) && self.feasible(Rewrite::Alias, g, f, false) {
            let (fa, ga) = (self.m.func(f).align, self.m.func(g).align);
            let align = match (fa, ga) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(1).max(b.unwrap_or(1))),
            };
            self.m.set_alignment(f, align).map_err(Self::fail(f, "setting alignment"))?;
            self.remove_users(g, UseKind::Any);
            self.m.write_alias(g, f).map_err(Self::fail(g, "writing an alias"))?;
            self.report.stats.aliases_written += 1;
            return Ok(Some(FoldAction::Alias));
        }
        if self.can_thunk(f) && self.feasible(Rewrite::Thunk, g, f, false) {
            let style = ThunkStyle { preserve_debug_info: self.opts.preserve_debug_info };
            if !style.preserve_debug_info {
                self.remove_users(g, UseKind::Any);
            }
            self.m.write_thunk(g, f, style).map_err(Self::fail(g, "writing a thunk"))?;
            self.report.stats.thunks_written += 1;
            return Ok(Some(FoldAction::Thunk));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{actions, merge_module, Options};
    use crate::testkit::*;

    #[test]
    fn internal_duplicate_is_erased_after_calls_move() {
        let mut m = Tiny::new();
        let f = adder(&mut m, "f", 5, ext());
        let g = adder(&mut m, "g", 5, internal());
        let _h = adder(&mut m, "h", 6, ext());
        let u = caller(&mut m, "user", g);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(g.0, f.0, FoldAction::Erased, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.functions_merged, 1);
        // The caller now calls f.
        let b = m.body(u).unwrap();
        let Value::Const(c) = b.uses[1].value else { panic!() };
        assert_eq!(m.const_data(c).kind, ConstKind::Global(GlobalRef::Func(f)));
    }

    #[test]
    fn external_duplicates_become_thunks_and_tiny_ones_stay() {
        let mut m = Tiny::new();
        let b = adder(&mut m, "b", 5, ext());
        let a = adder(&mut m, "a", 5, ext());
        let r = merge_module(&mut m, &Options::default()).unwrap();
        // The smaller name survives.
        assert_eq!(actions(&r), [(b.0, a.0, FoldAction::Thunk, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.thunks_written, 1);

        let mut m = Tiny::new();
        let void = m.void();
        let mk = |m: &mut Tiny, n: &str| {
            m.add_func(n, void, &[], ext(), |_, b| {
                b.begin_block();
                b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
            })
        };
        let x = mk(&mut m, "x");
        let y = mk(&mut m, "y");
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(y.0, x.0, FoldAction::Kept, UseRewrite::DirectCalls)]);
        assert_eq!(r.stats.functions_merged, 0);
    }

    #[test]
    fn refused_rewrites_take_the_next_option_or_keep_the_pair_apart() {
        // RAUW refused: only the direct calls move, and the folded function (its address
        // still used by nothing else here) is erased.
        let mut m = Tiny::new();
        let f = adder(&mut m, "f", 5, ext());
        let g = adder(&mut m, "g", 5, internal());
        m.funcs[g.index()].unnamed_addr = true;
        let _u = caller(&mut m, "user", g);
        m.refuse.push((Rewrite::ReplaceAllUses, g));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(g.0, f.0, FoldAction::Erased, UseRewrite::DirectCalls)]);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 0));
        assert_eq!(r.refused[0].rewrite, Rewrite::ReplaceAllUses);
        assert!(!m.log.iter().any(|x| x.0 == "rauw"));

        // Alias refused: a thunk instead.
        let mut m = Tiny::new();
        let a = adder(&mut m, "a", 5, ext());
        let b = adder(&mut m, "b", 5, ext());
        m.funcs[b.index()].unnamed_addr = true;
        m.refuse.push((Rewrite::Alias, b));
        let opts = Options { use_aliases: true, ..Options::default() };
        let r = merge_module(&mut m, &opts).unwrap();
        assert_eq!(actions(&r), [(b.0, a.0, FoldAction::Thunk, UseRewrite::AllUses)]);
        assert_eq!(r.stats.rewrites_refused, 1);

        // Split refused (two weak functions): nothing changes, the pair is counted.
        let mut m = Tiny::new();
        let weak = Linkage { interposable: true, ..Default::default() };
        let a = adder(&mut m, "a", 5, weak);
        let _b = adder(&mut m, "b", 5, weak);
        m.refuse.push((Rewrite::SplitBody, a));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.merges.is_empty() && m.log.is_empty(), "{:?}", m.log);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 1));
        let text = alloc::format!("{}", r.display(&m));
        assert!(text.contains("@a -> @a: no split (refused by the test), kept apart"), "{text}");

        // Erase refused (an unused internal copy): a thunk instead, and the refusal is
        // recorded once.
        let mut m = Tiny::new();
        let f = adder(&mut m, "f", 5, ext());
        let g = adder(&mut m, "g", 5, internal());
        m.refuse.push((Rewrite::Erase, g));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(actions(&r), [(g.0, f.0, FoldAction::Thunk, UseRewrite::DirectCalls)]);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (1, 0));
        assert!(!m.log.iter().any(|x| x.0 == "erase"), "{:?}", m.log);

        // Thunk refused and no alias possible (two weak functions): kept apart too.
        let mut m = Tiny::new();
        let _a = adder(&mut m, "a", 5, weak);
        let b = adder(&mut m, "b", 5, weak);
        m.refuse.push((Rewrite::Thunk, b));
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.merges.is_empty() && m.log.is_empty(), "{:?}", m.log);
        assert_eq!(r.stats.pairs_kept_apart, 1);
    }

    /// With droppable facts the survivor keeps only the facts every function folded into
    /// it states, on matched instructions, and loses them before any other rewrite (the
    /// private body of a double-thunk merge before it is split off); a refusal keeps the
    /// pair apart before anything changed; without the mode nothing is dropped.
    #[test]
    fn droppable_facts_are_reconciled_before_any_rewrite() {
        let (i0, i1) = (InstId::new(0), InstId::new(1));
        let build = |m: &mut Tiny, linkage: Linkage| {
            let a = adder(m, "a", 5, linkage);
            let b = adder(m, "b", 5, linkage);
            let c = adder(m, "c", 5, linkage);
            // a: facts 1 and 2 on the add, 3 on the return; b lacks 1, c lacks 3.
            m.facts = alloc::vec![(a, i0, 1), (a, i0, 2), (a, i1, 3), (b, i0, 2), (b, i1, 3), (c, i0, 1), (c, i0, 2)];
            [a, b, c]
        };
        let mut m = Tiny::new();
        m.drops = true;
        let [a, b, c] = build(&mut m, ext());
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.stats.functions_merged, 2, "{}", r.display(&m));
        let left: Vec<_> = m.facts.iter().filter(|x| x.0 == a).collect();
        assert_eq!(left, [&(a, i0, 2)], "only the fact all three state stays on a");
        let pos = |e: (&str, FuncId, FuncId)| m.log.iter().position(|x| *x == e).unwrap();
        assert!(
            pos(("drop", a, b)) < pos(("thunk", b, a)) && pos(("drop", a, c)) < pos(("thunk", c, a)),
            "{:?}",
            m.log
        );

        // Two ODR functions: both become thunks of a private body, which is `a`'s body
        // reconciled with `b` before the split.
        let mut m = Tiny::new();
        m.drops = true;
        let odr = Linkage { odr: true, ..Default::default() };
        let [a, b, c] = build(&mut m, odr);
        m.bodies[c.index()] = None;
        m.funcs[c.index()].ineligible = Some(Ineligible::NoBody);
        m.facts.retain(|x| x.0 != c);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.stats.double_weak, 1, "{}", r.display(&m));
        let split = m.log.iter().find(|x| x.0 == "split").unwrap().2;
        assert!(pos_of(&m.log, ("drop", a, b)) < pos_of(&m.log, ("split", a, split)), "{:?}", m.log);
        let mut left: Vec<_> = m.facts.iter().filter(|x| x.0 == split).map(|x| (x.1, x.2)).collect();
        left.sort();
        assert_eq!(left, [(i0, 2), (i1, 3)]);

        // Refused: the pair stays apart and nothing changes.
        let mut m = Tiny::new();
        m.drops = true;
        let [_, b, c] = build(&mut m, ext());
        m.refuse.extend([(Rewrite::DropFacts, b), (Rewrite::DropFacts, c)]);
        let before = m.facts.clone();
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert!(r.merges.is_empty() && m.log.is_empty(), "{:?}", m.log);
        assert_eq!((r.stats.rewrites_refused, r.stats.pairs_kept_apart), (2, 2));
        assert_eq!(m.facts, before);

        // Without the mode: the same merges, no fact touched.
        let mut m = Tiny::new();
        build(&mut m, ext());
        let before = m.facts.clone();
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.stats.functions_merged, 2);
        assert!(!m.log.iter().any(|x| x.0 == "drop"));
        assert_eq!(m.facts, before);
    }

    fn pos_of(log: &[(&str, FuncId, FuncId)], e: (&str, FuncId, FuncId)) -> usize {
        log.iter().position(|x| *x == e).unwrap_or_else(|| panic!("{e:?} not in {log:?}"))
    }

    #[test]
    fn interposable_pair_gets_a_private_body() {
        let mut m = Tiny::new();
        let weak = Linkage { interposable: true, ..Default::default() };
        let a = adder(&mut m, "a", 5, weak);
        let b = adder(&mut m, "b", 5, weak);
        let r = merge_module(&mut m, &Options::default()).unwrap();
        assert_eq!(r.stats.double_weak, 1);
        assert_eq!(r.stats.functions_merged, 1);
        let body = FuncId(2);
        assert_eq!(
            actions(&r),
            [(b.0, body.0, FoldAction::Thunk, UseRewrite::None), (a.0, body.0, FoldAction::Thunk, UseRewrite::None)]
        );
        assert!(m.func(body).linkage.local);
        // Records hold ids; printed, they read the names from the module (the body's own).
        let text = alloc::format!("{}", r.display(&m));
        assert!(
            text.starts_with(
                "@b -> @a.body: thunk (uses: none) [shared body]\n@a -> @a.body: thunk (uses: none) [shared body]\n"
            ),
            "{text}"
        );
    }
}
