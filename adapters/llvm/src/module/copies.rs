//! View copies and same-body claims: a function whose body is another one's with its own
//! locals in place (the shim's `mergefunc_same_body`) gets a copy of that function's view
//! instead of a build, and the same walk answers [`mergefunc::FastPath::same_body_as`]
//! and [`mergefunc::FastPath::same_unread_body_as`] (the *claims*).
//!
//! Invariants: a copy is exactly the view a build would give (the checking mode builds
//! every copy directly too and records any difference); the copy key is only a hint, the
//! shim's walk of both bodies as they are now decides; no copy and no claim in a module
//! where a `blockaddress` may name a block of a function that is not alone on its shape
//! (`candidate_block_addresses`), nor during a rewrite; a source's ids are used only
//! while they are the ids a build would give now (same constant generation, and the same
//! metadata generation unless its ids outlive it); a pair of bodies found different is
//! taken as different again only until the next rewrite begins.

use super::build::BuiltView;
use super::LlvmModule;
use crate::safe::{T, V};
use mergefunc::{BodyBuf, ConstKind, FuncId, GlobalRef, Inst, InstKind, MetaId, Prop, Value};
use std::fmt;

/// Functions kept per copy key as sources of view copies (the most recent first).
pub(super) const COPY_SOURCES: usize = 4;

/// Type pairs a same-body check may leave to `copy_view` (the shim's limit is 16).
const MAX_COPY_TYPE_PAIRS: usize = 16;
/// Calls to other functions a copied view may patch (the shim's limit is 64).
const MAX_COPY_CALLEES: usize = 64;

/// Where two record arrays of a view first differ (check mode's report), or `None` if
/// they are equal.
pub(crate) fn first_difference<X: PartialEq + fmt::Debug>(what: &str, built: &[X], copied: &[X]) -> Option<String> {
    if built == copied {
        return None;
    }
    let i = built.iter().zip(copied).position(|(a, b)| a != b).unwrap_or(built.len().min(copied.len()));
    Some(format!("{what} {i}: {:?} built, {:?} copied", built.get(i), copied.get(i)))
}

impl LlvmModule {
    /// `f`'s built view as a source of copies under its copy key.
    pub(crate) fn add_copy_source(&mut self, f: FuncId) {
        let key = self.funcs[f.index()].copy_key;
        if !self.switches.copy_views || key == 0 {
            return;
        }
        let e = self.copies.copy_sources.entry(key).or_insert([u32::MAX; COPY_SOURCES]);
        if e.contains(&f.0) {
            return;
        }
        e.copy_within(0..COPY_SOURCES - 1, 1);
        e[0] = f.0;
    }

    /// The view of `f` (LLVM function `v`) copied from a built view of a function with
    /// the same body, if there is one, with the source's id when the copy is the same
    /// records (no other callee: a hint for the core) and the cache generations of its
    /// ids. Never in modules where a `blockaddress` may exist (the order does not take
    /// the identity of such a constant as equality).
    pub(super) fn copy_view(
        &mut self,
        f: FuncId,
        v: V,
        fn_special: bool,
    ) -> Option<(BuiltView, Option<FuncId>, (u32, u32))> {
        let key = self.funcs[f.index()].copy_key;
        if key == 0 {
            return None;
        }
        let sources = *self.copies.copy_sources.get(&key)?;
        if !self.copies_allowed() {
            return None;
        }
        // One buffer for every attempt: it becomes the copy's `insts` on success.
        let mut insts: Vec<V> = Vec::new();
        'sources: for src in sources {
            if src == u32::MAX || src == f.0 {
                continue;
            }
            let Some(sv) = self.copy_source(src, fn_special) else { continue };
            let s = &self.funcs[src as usize];
            let (gen, n) = (s.view_gen, s.insts.len());
            let mut callee_at = [0usize; MAX_COPY_CALLEES];
            let mut callees = [V(std::ptr::null_mut()); MAX_COPY_CALLEES];
            let Some(ncallees) = self.same_body_walk(sv, v, Some((&mut insts, n)), &mut callee_at, &mut callees, false)
            else {
                continue;
            };
            let s = &self.funcs[src as usize];
            let Some(mut body) = s.view.as_deref().cloned() else { continue };
            let meta = s.meta;
            // Calls to itself: the only operands that differ, with the direct calls to
            // other functions (after the self calls: one of those may call the source).
            let src_id = FuncId(src);
            self.rename_self_calls(&mut body, src_id, v);
            for (&i, &g) in callee_at[..ncallees].iter().zip(&callees[..ncallees]) {
                let Some(Inst { kind: InstKind::Call { callee }, operands, .. }) = body.insts.get(i).copied() else {
                    continue 'sources;
                };
                body.uses[operands.start as usize + callee as usize].value = Value::Const(self.intern_const(g));
            }
            self.stats.views_copied += 1;
            if self.switches.check_copies {
                self.check_against_build(f, v, fn_special, &body, Some((&insts, meta)), "the copied view");
            }
            // With other callees the records differ: no copy for the core to check.
            let from = (ncallees == 0).then_some(src_id);
            return Some((BuiltView { view: body, insts, distinct_md: false, meta }, from, gen));
        }
        None
    }

    /// May views be copied now? Not when turned off, not where a `blockaddress` may name a
    /// block of a candidate (see [`Self::candidate_block_addresses`]), and not inside a
    /// rewrite, which brings views up to date one by one (a source may not describe its
    /// rewritten IR yet).
    fn copies_allowed(&self) -> bool {
        self.switches.copy_views && !self.in_rewrite && !self.candidate_block_addresses()
    }

    /// Whether a `blockaddress` may name a block of a function that is not alone on its
    /// shape: the load prescan's answer (it reads the block headers of every such
    /// definition, and a declined one counts as yes); no rewrite creates a block address,
    /// and rewrites move blocks only out of such functions.
    ///
    /// Copies and claims only pair functions of that kind, and a block address breaks
    /// them only when it names a block of one of the pair: LLVM's order then matches the
    /// two constants by the role of the block in its own function (its self-reference
    /// rule, also inside constant expressions), so identical operands may compare
    /// unequal. A block address into any other function is compared by that function's
    /// identity and the block's position, so identical operands compare equal and a view
    /// records it the same in a build and a copy. The block headers of the functions
    /// alone on their shape (`block_addresses`, a walk over all of them) are therefore
    /// never read for copies or claims.
    pub(crate) fn candidate_block_addresses(&self) -> bool {
        self.load.block_addresses
    }

    /// Function `src` as a source of copies for a function with `fn_special`: its LLVM
    /// function if its view is built, eligible, and holds the ids a build would give now
    /// (those of an older generation of the caches only where they are still a build's).
    fn copy_source(&self, src: u32, fn_special: bool) -> Option<V> {
        let s = &self.funcs[src as usize];
        let (Some(sv), Some(_)) = (s.v, s.view.as_ref()) else { return None };
        if !s.built || s.facts.ineligible.is_some() || s.fn_special != fn_special {
            return None;
        }
        let gen = s.view_gen;
        if gen.0 != self.caches.const_gen || (gen.1 != self.caches.md_gen && !self.ids_outlive_md_generation(src)) {
            return None;
        }
        Some(sv)
    }

    /// Checking mode: builds `f`'s view (function `v`) directly and records any difference
    /// from `records` (`what`), and from the instruction handles and metadata flag in
    /// `handles` if given.
    fn check_against_build(
        &mut self,
        f: FuncId,
        v: V,
        fn_special: bool,
        records: &BodyBuf,
        handles: Option<(&[V], bool)>,
        what: &str,
    ) {
        let diff = match self.build_view(v, fn_special) {
            Ok(direct) => {
                let (d, c) = (direct.view.as_body(), records.as_body());
                first_difference("block", d.blocks, c.blocks)
                    .or_else(|| first_difference("instruction", d.insts, c.insts))
                    .or_else(|| first_difference("operand", d.uses, c.uses))
                    .or_else(|| first_difference("prop", d.props, c.props))
                    .or_else(|| first_difference("successor", d.succs, c.succs))
                    .or_else(|| direct.distinct_md.then(|| "a distinct metadata operand".to_string()))
                    .or_else(|| {
                        handles
                            .is_some_and(|(insts, meta)| direct.insts != insts || direct.meta != meta)
                            .then(|| "instruction handles or metadata flags".to_string())
                    })
                    .map(|d| format!("{what} differs from the built one ({d})"))
            }
            Err(r) => Some(format!("a direct build declines {what} ({r})")),
        };
        if let Some(diff) = diff {
            let name = String::from_utf8_lossy(mergefunc::Module::func_name(self, f)).into_owned();
            self.stats.copy_diffs.push(format!("{name}: {diff}"));
        }
    }

    /// The shim's same-body walk of source `sv` against `v`. With `out = Some((insts, n))`
    /// (the source's view has `n` instructions): on success `insts` holds `v`'s `n`
    /// instruction handles. With `None` nothing is written and the source need not have a
    /// view. On success `callee_at` and `callees` hold the direct calls of `v` to other
    /// functions than the source's (their number is returned), every pair of distinct
    /// types at one place has one id, and a view build would find both functions
    /// eligible as far as their bodies go (the shim declines the bodies it would not).
    /// `rename_distinct`: distinct metadata tuples may pair by a consistent renaming
    /// (the order's equality, not the same records; never for a copy).
    ///
    /// A pair found different by a walk without `out` and without the renaming is kept
    /// until the next rewrite begins ([`Self::forget_different_bodies`]) and not walked
    /// again without the renaming: a walk with `out` accepts only what such a walk
    /// accepts (it adds its instruction limit), and without a rewrite neither body, nor
    /// any value either names, has changed (no walk runs inside a rewrite).
    fn same_body_walk(
        &mut self,
        sv: V,
        v: V,
        out: Option<(&mut Vec<V>, usize)>,
        callee_at: &mut [usize; MAX_COPY_CALLEES],
        callees: &mut [V; MAX_COPY_CALLEES],
        rename_distinct: bool,
    ) -> Option<usize> {
        // A walk without the renaming found these bodies different, and no rewrite has
        // begun since: this walk, which accepts no more, finds them different again.
        if !rename_distinct && self.copies.remember_different && self.copies.different.contains(&(sv, v)) {
            return None;
        }
        // Recorded only from a walk without an instruction buffer, which accepts what
        // any walk without the renaming accepts (a buffer only adds its limit).
        let record = !rename_distinct && out.is_none();
        let mut types = [T(std::ptr::null_mut()); 2 * MAX_COPY_TYPE_PAIRS];
        self.stats.same_body_walks += 1;
        let got = self.copies.same_body.run(sv, v, out, &mut types, callee_at, callees, rename_distinct);
        // Distinct types at the same place: the bodies are the same records only if the
        // type table gives both one id (congruent named structs).
        let same = got.filter(|&(ntypes, _)| {
            types[..2 * ntypes].chunks_exact(2).all(|p| self.intern_type(p[0]) == self.intern_type(p[1]))
        });
        if same.is_none() && record {
            self.copies.different.insert((sv, v));
        }
        same.map(|(_, ncallees)| ncallees)
    }

    /// Forgets the pairs of bodies found different (see [`Self::same_body_walk`]): a
    /// rewrite may change either body, or free a function whose handle a new one takes.
    pub(crate) fn forget_different_bodies(&mut self) {
        if !self.copies.different.is_empty() {
            self.copies.different.clear();
        }
    }

    /// In a copy of `src`'s view for function `v`: the callees naming `src` name `v`.
    fn rename_self_calls(&mut self, body: &mut BodyBuf, src: FuncId, v: V) {
        let mut own = None;
        for i in 0..body.insts.len() {
            let inst = body.insts[i];
            let InstKind::Call { callee } = inst.kind else { continue };
            let at = inst.operands.start as usize + callee as usize;
            let Value::Const(c) = body.uses[at].value else { continue };
            if self.tables.consts[c.index()].kind == ConstKind::Global(GlobalRef::Func(src)) {
                let mine = *own.get_or_insert_with(|| self.intern_const(v));
                body.uses[at].value = Value::Const(mine);
            }
        }
    }

    /// [`mergefunc::FastPath::same_body_as`]: the shim's same-body walk of `g` against `f`, under the
    /// conditions of a view copy (see [`Self::copy_view`]) and with no other callee: `f`'s
    /// view would be `g`'s with its self calls renamed. In checking mode
    /// ([`Testing::set_check_copies`](super::testing::Testing::set_check_copies)) `f`'s view is also built directly and compared.
    pub(crate) fn same_body_claim(&mut self, f: FuncId, g: FuncId) -> bool {
        let Some((v, fn_special)) = self.claimable(f, g) else { return false };
        let Some(sv) = self.copy_source(g.0, fn_special) else { return false };
        self.claim_walk(f, g, sv, v, fn_special, false)
    }

    /// [`mergefunc::FastPath::same_unread_body_as`]: as [`Self::same_body_claim`] for a `g` whose
    /// view is not built. The shim's walk declines every body a view build would find
    /// ineligible, so a success vouches for `g`'s eligibility too; `g`'s module-level
    /// facts must allow it (a definition, eligible by its facts, the same `fn_special`).
    /// With `g`'s view built, this is [`Self::same_body_claim`]. With `g` unread, the
    /// walk pairs distinct metadata tuples by a consistent renaming (two loops'
    /// `!llvm.loop` ids: the order's equality, which is all this claim promises; no copy
    /// is made of either view), except in the checking mode of copies, which compares
    /// records.
    pub(crate) fn same_unread_body_claim(&mut self, f: FuncId, g: FuncId) -> bool {
        let Some((v, fn_special)) = self.claimable(f, g) else { return false };
        let sg = &self.funcs[g.index()];
        let rename = !sg.built && !self.switches.check_copies;
        let sv = if sg.built {
            self.copy_source(g.0, fn_special)
        } else {
            sg.v.filter(|_| sg.has_body && sg.facts.ineligible.is_none() && sg.fn_special == fn_special)
        };
        sv.is_some_and(|sv| self.claim_walk(f, g, sv, v, fn_special, rename))
    }

    /// What both claims require of `f` (an unread eligible definition) and of the pair
    /// (one copy key): `f`'s function and `fn_special`.
    fn claimable(&self, f: FuncId, g: FuncId) -> Option<(V, bool)> {
        if f == g {
            return None;
        }
        let (sf, sg) = (&self.funcs[f.index()], &self.funcs[g.index()]);
        let v = sf.v?;
        if sf.built || !sf.has_body || sf.facts.ineligible.is_some() || sf.copy_key == 0 || sf.copy_key != sg.copy_key {
            return None;
        }
        if !self.copies_allowed() {
            return None;
        }
        Some((v, sf.fn_special))
    }

    /// The walk of a claim: `g`'s function `sv` against `f`'s `v`, with no other callee
    /// (`rename_distinct`: see [`Self::same_body_walk`]).
    fn claim_walk(&mut self, f: FuncId, g: FuncId, sv: V, v: V, fn_special: bool, rename_distinct: bool) -> bool {
        let mut callee_at = [0usize; MAX_COPY_CALLEES];
        let mut callees = [V(std::ptr::null_mut()); MAX_COPY_CALLEES];
        let same = self.same_body_walk(sv, v, None, &mut callee_at, &mut callees, rename_distinct) == Some(0);
        if same {
            self.stats.same_body_claims += 1;
            if self.switches.check_copies {
                self.check_same_body_claim(f, g, sv, v, fn_special);
            }
        }
        same
    }

    /// Checking mode: `f`'s view built directly must be `g`'s (its view, or a direct build
    /// of function `sv` when it has none, which must find it eligible) with self calls
    /// renamed.
    fn check_same_body_claim(&mut self, f: FuncId, g: FuncId, sv: V, v: V, fn_special: bool) {
        let mut expected = match self.funcs[g.index()].view.as_deref().cloned() {
            Some(b) => b,
            None => match self.build_view(sv, fn_special) {
                Ok(view) if !view.distinct_md => view.view,
                Ok(_) => return self.record_claim_diff(g, "its direct build has a distinct metadata operand"),
                Err(r) => return self.record_claim_diff(g, &format!("a direct build declines it ({r})")),
            },
        };
        self.rename_self_calls(&mut expected, g, v);
        self.check_against_build(f, v, fn_special, &expected, None, "the view of the claimed body");
    }

    /// Checking mode: a claim was wrong about `g`.
    fn record_claim_diff(&mut self, g: FuncId, what: &str) {
        let name = String::from_utf8_lossy(mergefunc::Module::func_name(self, g)).into_owned();
        self.stats.copy_diffs.push(format!("{name}: claimed unread body: {what}"));
    }

    /// Are the ids in `src`'s built view the same in every generation of the metadata
    /// caches: no inline asm (`asm_of` is one of those caches) and only metadata whose id
    /// does not depend on the generation (`meta_stable`)?
    pub(crate) fn ids_outlive_md_generation(&self, src: u32) -> bool {
        let s = &self.funcs[src as usize];
        let Some(body) = s.view.as_ref() else { return false };
        let stable = |m: MetaId| self.tables.meta_stable.get(m.index()).copied().unwrap_or(false);
        body.uses.iter().all(|u| match u.value {
            Value::Asm(_) => false,
            Value::Meta(m) => stable(m),
            Value::Arg(_) | Value::Inst(_) | Value::Block(_) | Value::Const(_) => true,
        }) && (!s.meta
            || body.props.iter().all(|p| match p {
                Prop::Meta(Some(m)) => stable(*m),
                Prop::Meta(None) | Prop::Num(_) | Prop::Type(_) | Prop::Const(_) | Prop::Block(_) | Prop::Attrs(_) => {
                    true
                }
            }))
    }
}
