//! The life of a function's view (its [`mergefunc::BodyBuf`] and instruction handles):
//! built or copied on demand ([`mergefunc::FastPath::materialize`]), dropped or patched
//! in place after a rewrite, and checked against a rebuild in debug builds.
//!
//! Invariants (the slot rule, see [`Slot`](super::Slot)): a view whose slot is `built`
//! equals the view a build from the IR would give now, up to constant ids with equal
//! contents; `invalidate` is the only way a built view becomes unbuilt; a patch
//! (`patch_view`) is only made where it is exact, and debug builds compare every patched
//! view with a rebuilt one.

use super::{reason, HashMap, LlvmModule};
use crate::safe::{self, V};
use mergefunc::{BodyBuf, ConstId, ConstKind, FuncId, GlobalRef, Ineligible, Prop, Value};

/// Does a view have a metadata operand or attachment (see [`Slot::meta`](super::Slot::meta))?
pub(crate) fn view_has_meta(body: &BodyBuf) -> bool {
    body.uses.iter().any(|u| matches!(u.value, Value::Meta(_)))
        || body.props.iter().any(|p| matches!(p, Prop::Meta(Some(_))))
}

impl LlvmModule {
    /// Marks the body view of `f` out of date; the next [`Self::materialize_view`]
    /// rebuilds it.
    pub(crate) fn invalidate(&mut self, f: FuncId) {
        let s = &mut self.funcs[f.index()];
        if s.has_body {
            s.built = false;
            s.view = None;
            s.insts.clear();
            s.facts.ineligible = s.facts_ineligible;
        }
    }

    /// Brings the built view of `f` up to date after a rewrite that replaced only uses of
    /// the function `from` (RAUW of `from`, or redirection of calls of `from`): every
    /// constant operand that may mention `from` is read again from LLVM, everything else
    /// is kept. "May mention" is decided from the constant's recorded contents (not from
    /// pointer caches, which other rewrites clear): it names `from`, contains something
    /// that does, or contains an opaque constant whose contents are unknown. Re-reading
    /// an operand that did not change is harmless, so this errs on the side of reading.
    /// Returns `false` when the view cannot be patched exactly (not built, or it holds
    /// metadata, which may mention `from`, or a prop constant may mention it); the caller
    /// then drops the view instead. A patched view equals a rebuilt one (debug builds
    /// check every patch).
    pub(crate) fn patch_view(&mut self, f: FuncId, from: FuncId) -> bool {
        let s = &self.funcs[f.index()];
        let Some(body) = s.view.as_ref().filter(|_| s.built) else { return false };
        debug_assert_eq!(s.meta, view_has_meta(body), "stale metadata flag of {f}");
        if s.insts.len() != body.insts.len() || s.meta {
            return false;
        }
        let mut memo: HashMap<ConstId, bool> = HashMap::default();
        if body.props.iter().any(|p| matches!(p, Prop::Const(c) if self.may_mention(*c, from, &mut memo))) {
            return false;
        }
        let mut fixes: Vec<(usize, V, u32)> = Vec::new();
        for (i, inst) in body.insts.iter().enumerate() {
            for (k, u) in body.uses[inst.operands.range()].iter().enumerate() {
                if matches!(u.value, Value::Const(c) if self.may_mention(c, from, &mut memo)) {
                    fixes.push((inst.operands.start as usize + k, s.insts[i], k as u32));
                }
            }
        }
        let mut locals = std::mem::take(&mut self.scratch.local_of);
        locals.reset();
        let mut new_uses = Vec::with_capacity(fixes.len());
        let mut ok = true;
        for &(_, inst, k) in &fixes {
            let (mut intrinsic, mut distinct) = (None, false);
            match inst.operand(k).map(|o| self.operand_use(inst, o, &locals, &mut intrinsic, &mut distinct)) {
                Some(Ok(u)) if matches!(u.value, Value::Const(_)) && !distinct => new_uses.push(u),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        self.scratch.local_of = locals;
        if !ok {
            return false;
        }
        self.drain_pending();
        let Some(body) = self.funcs[f.index()].view.as_mut() else { return false };
        for (&(at, _, _), u) in fixes.iter().zip(new_uses) {
            body.uses[at] = u;
        }
        if cfg!(debug_assertions) {
            self.assert_view_is_current(f);
        }
        true
    }

    /// May the constant `c` refer to the function `from` (see [`Self::patch_view`])?
    fn may_mention(&self, c: ConstId, from: FuncId, memo: &mut HashMap<ConstId, bool>) -> bool {
        // Leaves answer at once; only aggregates and expressions (through their
        // operands) are memoized.
        let ptrauth;
        let operands: &[ConstId] = match &self.tables.consts[c.index()].kind {
            ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::Int(_)
            | ConstKind::Float(_)
            | ConstKind::DataArray(_)
            | ConstKind::DataVector(_) => return false,
            ConstKind::Global(g) | ConstKind::Wrapped { target: g, .. } => return *g == GlobalRef::Func(from),
            ConstKind::BlockAddress { func, .. } => return *func == from,
            // Contents unknown (printed-form identity): assume it may.
            ConstKind::Opaque(_) => return true,
            ConstKind::Array(v) | ConstKind::Struct(v) | ConstKind::Vector(v) => v,
            ConstKind::Expr { operands, .. } => operands,
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                ptrauth = [*ptr, *key, *disc, *addr_disc];
                &ptrauth
            }
        };
        if let Some(&r) = memo.get(&c) {
            return r;
        }
        let r = operands.iter().any(|e| self.may_mention(*e, from, memo));
        memo.insert(c, r);
        r
    }

    /// Do two constant ids record the same contents (recursively)?
    fn same_const(&self, a: ConstId, b: ConstId) -> bool {
        if a == b {
            return true;
        }
        let (x, y) = (&self.tables.consts[a.index()], &self.tables.consts[b.index()]);
        let all =
            |p: &[ConstId], q: &[ConstId]| p.len() == q.len() && p.iter().zip(q).all(|(u, v)| self.same_const(*u, *v));
        x.ty == y.ty
            && match (&x.kind, &y.kind) {
                (ConstKind::Array(p), ConstKind::Array(q))
                | (ConstKind::Struct(p), ConstKind::Struct(q))
                | (ConstKind::Vector(p), ConstKind::Vector(q)) => all(p, q),
                (
                    ConstKind::Expr { opcode: o1, operands: v1, props: p1 },
                    ConstKind::Expr { opcode: o2, operands: v2, props: p2 },
                ) => o1 == o2 && p1 == p2 && all(v1, v2),
                (
                    ConstKind::PtrAuth { ptr: a1, key: b1, disc: c1, addr_disc: d1 },
                    ConstKind::PtrAuth { ptr: a2, key: b2, disc: c2, addr_disc: d2 },
                ) => all(&[*a1, *b1, *c1, *d1], &[*a2, *b2, *c2, *d2]),
                (p, q) => p == q,
            }
    }

    /// Panics unless the module-level facts of `f` equal a rebuild from the IR now
    /// (constants by their recorded contents, as in [`Self::assert_view_is_current`]).
    pub(crate) fn assert_facts_are_current(&mut self, f: FuncId) {
        let Some(v) = self.funcs[f.index()].v else { return };
        let (info, special, _) = self.build_facts(v, self.light_facts(f));
        self.drain_pending();
        let s = &self.funcs[f.index()];
        let old = &s.facts;
        let same_sig = old.sig.len() == info.sig.len()
            && old.sig.iter().zip(info.sig.iter()).all(|(a, b)| match (a, b) {
                (Prop::Const(p), Prop::Const(q)) => self.same_const(*p, *q),
                (a, b) => a == b,
            });
        assert!(
            same_sig
                && s.facts_ineligible == info.ineligible
                && s.fn_special == special
                && (&old.name, old.linkage, old.unnamed_addr, old.used_externally, old.ty, old.align, old.callable)
                    == (
                        &info.name,
                        info.linkage,
                        info.unnamed_addr,
                        info.used_externally,
                        info.ty,
                        info.align,
                        info.callable
                    ),
            "stale facts of {f}: kept {old:?} ({:?}), rebuilt {info:?}",
            s.facts_ineligible
        );
    }

    /// Panics unless the built view of `f` equals a view rebuilt from the IR now (debug
    /// builds check every patched view this way).
    pub(crate) fn assert_view_is_current(&mut self, f: FuncId) {
        let before = self.funcs[f.index()].view.clone();
        let before_ineligible = self.funcs[f.index()].facts.ineligible;
        let builds = self.stats.views_built;
        self.invalidate(f);
        self.materialize_view(f);
        // A check, not a build of the pass.
        self.stats.views_built = builds;
        let s = &self.funcs[f.index()];
        // Constants and inline asm are compared by their recorded contents: a rebuild may
        // intern an unchanged one again under a new id (pointer caches are cleared by
        // other rewrites); ids are identities, not contents.
        let same = match (&before, &s.view) {
            (Some(a), Some(b)) => {
                a.blocks == b.blocks
                    && a.insts == b.insts
                    && a.succs == b.succs
                    && a.uses.len() == b.uses.len()
                    && a.uses.iter().zip(&b.uses).all(|(x, y)| {
                        x.ty == y.ty
                            && match (x.value, y.value) {
                                (Value::Const(p), Value::Const(q)) => self.same_const(p, q),
                                // Inline asm values too (the `asm_of` cache is a pointer cache).
                                (Value::Asm(p), Value::Asm(q)) => {
                                    self.tables.asms[p.index()] == self.tables.asms[q.index()]
                                }
                                (p, q) => p == q,
                            }
                    })
                    && a.props.len() == b.props.len()
                    && a.props.iter().zip(&b.props).all(|(x, y)| match (x, y) {
                        (Prop::Const(p), Prop::Const(q)) => self.same_const(*p, *q),
                        (p, q) => p == q,
                    })
            }
            (None, None) => true,
            _ => false,
        };
        assert!(
            same && before_ineligible == s.facts.ineligible,
            "patched view of {f} ({}) differs from a rebuilt one:\npatched {before:?}\nrebuilt {:?}",
            String::from_utf8_lossy(mergefunc::Module::func_name(self, f)),
            s.view
        );
    }

    /// Asks for the first cache lines of `f`'s IR if its view is not built yet (see
    /// [`mergefunc::FastPath::prefetch`]).
    pub(crate) fn prefetch_view(&self, f: FuncId) {
        /// Bytes from the start of the body: the walks prefetch further ahead themselves
        /// (2 KiB measured better than 4 KiB and 1 KiB on rust-linked-release).
        const PREFETCH_BYTES: u64 = 2048;
        let Some(s) = self.funcs.get(f.index()) else { return };
        if s.built {
            return;
        }
        if let Some(&(lo, hi)) = self.keys.footprints.get(f.index()).filter(|r| r.0 != 0) {
            safe::prefetch_range(lo, hi.saturating_add(64), PREFETCH_BYTES);
        }
    }

    /// Builds the body view of `f` if it is not current.
    pub(crate) fn materialize_view(&mut self, f: FuncId) {
        let s = &self.funcs[f.index()];
        if s.built {
            return;
        }
        let Some(v) = s.v else { return };
        let (ineligible, fn_special) = (s.facts_ineligible, s.fn_special);
        let mut body = None;
        let mut insts = Vec::new();
        let mut meta = false;
        let mut reason_found = None;
        let mut copied_from = None;
        let mut view_gen = (self.caches.const_gen, self.caches.md_gen);
        if ineligible.is_none() && self.load.shapes.is_alone(f.index()) {
            reason_found = Some(Ineligible::Adapter(reason::NEVER_READ));
        } else if ineligible.is_none() {
            let t0 = crate::clock::ticks();
            let built = match self.copy_view(f, v, fn_special) {
                Some((view, src, gen)) => {
                    copied_from = src;
                    view_gen = gen;
                    Ok(view)
                }
                None => {
                    self.stats.views_built += 1;
                    let built = self.build_view(v, fn_special);
                    if let Ok(view) = &built {
                        if !view.distinct_md {
                            self.add_copy_source(f);
                        }
                    }
                    built
                }
            };
            if !self.in_rewrite {
                self.add_time(t0, 1);
            }
            match built {
                Ok(view) => {
                    if view.distinct_md {
                        reason_found = Some(Ineligible::Adapter(reason::DISTINCT_MD));
                    } else if v.block_address_escapes() {
                        // Asked of the function itself (its blocks were just read), not
                        // through the module-wide flag, which may need a walk of its own.
                        reason_found = Some(Ineligible::Adapter(reason::BLOCK_ADDRESS_ESCAPES));
                    }
                    body = Some(Box::new(view.view));
                    insts = view.insts;
                    meta = view.meta;
                }
                Err(r) => reason_found = Some(Ineligible::Adapter(r)),
            }
        }
        self.drain_pending();
        let s = &mut self.funcs[f.index()];
        s.facts.ineligible = ineligible.or(reason_found);
        s.view = body;
        s.insts = insts;
        s.meta = meta;
        s.built = true;
        s.copied_from = copied_from;
        s.view_gen = view_gen;
    }

    /// [`mergefunc::FastPath::tiny_body`] of a definition whose view is not built, from the IR (one
    /// block, counting its instructions other than debug intrinsics up to two); `None`
    /// with a view, which the driver then reads.
    pub(crate) fn tiny_body_of(&self, f: FuncId) -> Option<bool> {
        let s = self.funcs.get(f.index())?;
        let v = s.v.filter(|_| s.has_body && !s.built)?;
        let first = v.first_block()?;
        if first.next().is_some() {
            return Some(false);
        }
        Some(first.instructions().filter(|i| !i.is_debug_intrinsic()).take(2).count() < 2)
    }

    /// Was `f`'s view built (or copied) in the metadata caches' current generation, so
    /// that its metadata ids are those a build would give now?
    pub(crate) fn view_in_md_generation(&self, f: FuncId) -> bool {
        self.funcs[f.index()].view_gen.1 == self.caches.md_gen
    }

    /// Rebuilds `f`'s facts, and its body view if it is built.
    pub(crate) fn rebuild_eagerly(&mut self, f: FuncId) {
        let was_built = self.funcs[f.index()].built;
        self.rebuild_facts(f);
        if was_built {
            self.invalidate(f);
            self.materialize_view(f);
        }
    }
}
