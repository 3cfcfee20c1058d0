//! Comdat groups, and the rewrites the linker's choice among copies of a group makes
//! unsafe (LLVM 22 carries them out; its verifier cannot see the harm, the link can).
//!
//! A linker keeps one copy of each comdat group (by name) and drops the others whole,
//! unless the group is `nodeduplicate`. So the members of one group must stay together,
//! and code outside a group may only reach the group's members by symbol names other
//! copies of the group also define. Two rules follow:
//! * **Leaving a group.** Erasing a non-local function `g`, or replacing it by an alias
//!   (which lives in its aliasee's section), takes it out of its group. When the group
//!   keeps other members, this module's copy may be the one the linker keeps, and then
//!   `g` is defined nowhere: the other copies, which defined it, were dropped (a call
//!   lands on a dropped section; the program crashes). Refused: `g` becomes a thunk,
//!   which stays in the group.
//! * **Reaching into a group.** A local survivor `f` in a group the linker may drop is
//!   named by no other copy of the group. Moving references to `f` from outside its group
//!   (replacing uses, redirecting calls, a thunk or an alias calling it) makes them point
//!   into a dropped section when another copy of the group wins (ld: "referenced in
//!   section ... defined in discarded section"). Refused unless `g` is in `f`'s group.
//!   An alias to any function in a droppable group other than `g`'s is refused for the
//!   same reason: the alias is dropped with the group. (An interposable or ODR survivor
//!   is not the aliasee: the alias names the private body split off it, in no group.)
//!
//! **Resolved groups** ([`LlvmModule::set_comdats_resolved`], opt-in): in a module that is
//! the whole program after the link (lld's full-LTO module, `ld-temp.o`), the linker has
//! already chosen among the copies of every group: a group whose copy lost was taken out
//! of the module before LTO (its members turned into declarations or
//! `available_externally`, with no comdat), and lld keeps every group of the object
//! compiled from the module (it parses LTO output ignoring comdats). No group left in the
//! module can be dropped, so the second rule does not apply there. The first rule still
//! does: it concerns non-local functions, which objects outside the module may name.
//!
//! Invariant: member counts are read once, at the first question, and only ever fall
//! afterwards (merging erases functions and adds none to a group: a thunk replaces its
//! function in the group, a split body has none), so a stale count errs on the safe side.

use super::{HashMap, LlvmModule};
use crate::safe::{Linkage, V};
use mergefunc::Rewrite;

impl LlvmModule {
    /// `Err(reason)` if `rewrite` of `g` onto `target` breaks a comdat group (module docs).
    /// `target_splits`: `target` is interposable or ODR, so the rewrite asked about is
    /// onto the private body split off it, which is in no group.
    pub(crate) fn comdat_refusal(
        &self,
        rewrite: Rewrite,
        g: V,
        target: V,
        target_splits: bool,
    ) -> Result<(), &'static str> {
        let moves_references =
            matches!(rewrite, Rewrite::ReplaceAllUses | Rewrite::RedirectCalls | Rewrite::Thunk | Rewrite::Alias);
        let leaves_group = matches!(rewrite, Rewrite::Erase | Rewrite::Alias);
        if !moves_references && !leaves_group {
            return Ok(());
        }
        let (gc, fc) = (g.comdat(), target.comdat());
        let droppable = fc.is_some_and(|c| c.discardable) && !self.switches.comdats_resolved;
        if moves_references && droppable && gc != fc {
            if is_local(target) {
                return Err("the survivor is local to a comdat group the linker may drop");
            }
            if rewrite == Rewrite::Alias && !target_splits {
                return Err("the alias would be dropped with the survivor's comdat group");
            }
        }
        if leaves_group && !is_local(g) {
            if let Some(c) = gc {
                // An alias is in its aliasee's group: `target`'s, unless the aliasee is the
                // body split off `target` (in none).
                let same_group = rewrite == Rewrite::Alias && !target_splits && fc == gc;
                if !same_group && self.comdat_member_count(c.id) > 1 {
                    return Err("its comdat group has other members, which would be kept without it");
                }
            }
        }
        Ok(())
    }

    /// Opt-in: the module is a whole program after the link, and every comdat group it
    /// holds is the copy the linker keeps (lld's full-LTO module; not a module still to be
    /// linked, nor the output of a relocatable link). Rewrites may then point code outside
    /// a group at a local member of it, as LLVM's merge does (module docs). Off by
    /// default. Set it before the merge.
    pub fn set_comdats_resolved(&mut self, on: bool) {
        self.switches.comdats_resolved = on;
    }

    /// Global objects of the module in comdat `id` (counted once, see the module docs).
    fn comdat_member_count(&self, id: usize) -> u32 {
        let counts = self.comdat_members.get_or_init(|| {
            let mut counts: HashMap<usize, u32> = HashMap::default();
            let objects = self.m.functions().chain(self.m.global_variables()).chain(self.m.ifuncs());
            for c in objects.filter_map(V::comdat) {
                *counts.entry(c.id).or_default() += 1;
            }
            counts
        });
        counts.get(&id).copied().unwrap_or(0)
    }
}

fn is_local(v: V) -> bool {
    matches!(v.linkage(), Some(Ok(Linkage::Internal | Linkage::Private)))
}

#[cfg(test)]
mod tests {
    use crate::module::LlvmModule;
    use mergefunc::{merge_module, FoldAction, Options, Report, Rewrite};

    const BODY: &str = "{\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 7\n  ret i32 %z\n}\n";

    fn merged(src: &str, opts: Options) -> (String, Report) {
        let mut m = LlvmModule::parse(src.as_bytes(), "comdats.ll").unwrap_or_else(|e| panic!("{e}"));
        let r = merge_module(&mut m, &Options { check_fast_path: true, ..opts }).unwrap_or_else(|e| panic!("{e}"));
        m.verify().unwrap_or_else(|e| panic!("{e}"));
        (m.to_text(), r)
    }

    fn refused(r: &Report) -> Vec<Rewrite> {
        r.refused.iter().map(|x| x.rewrite).collect()
    }

    /// An unused linkonce_odr function whose group keeps a variable becomes a thunk (in
    /// the group) instead of being erased; alone in its group, it is erased.
    #[test]
    fn members_of_groups_with_others_stay() {
        let src = format!(
            "$f = comdat any\n$g = comdat any\n@gv = linkonce_odr global i32 1, comdat($g)\n\
             define linkonce_odr i32 @f(i32 %x) comdat {BODY}define linkonce_odr i32 @g(i32 %x) comdat {BODY}\
             define i32 @user(i32 %x) {{\n  %r = call i32 @f(i32 %x)\n  ret i32 %r\n}}\n"
        );
        let mut m = LlvmModule::parse(src.as_bytes(), "comdats.ll").unwrap_or_else(|e| panic!("{e}"));
        let r = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }).unwrap();
        m.verify().unwrap_or_else(|e| panic!("{e}"));
        let text = m.to_text();
        let g = r.merges.iter().find(|x| mergefunc::Module::func_name(&m, x.folded) == b"g").unwrap();
        assert_eq!(g.action, FoldAction::Thunk, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::Erase]);
        assert!(text.contains("define linkonce_odr i32 @g(i32 %0) comdat"), "{text}");
        let alone = src.replace(", comdat($g)", "");
        let (_, r) = merged(&alone, Options::default());
        assert!(r.merges.iter().all(|x| x.action == FoldAction::Erased), "{r:?}");
        assert!(r.refused.is_empty(), "{r:?}");
    }

    /// Nothing outside a droppable group is pointed at a local member of it; inside the
    /// group, or with `nodeduplicate`, the merge is LLVM's.
    #[test]
    fn local_members_of_droppable_groups_are_not_reached_from_outside() {
        let src = format!(
            "$k = comdat any\n@k = linkonce_odr global ptr @a, comdat\n\
             define internal i32 @a(i32 %x) unnamed_addr comdat($k) {BODY}\
             define internal i32 @b(i32 %x) unnamed_addr {BODY}@t = global ptr @b\n"
        );
        let (text, r) = merged(&src, Options::default());
        assert_eq!(r.stats.functions_merged, 0, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::ReplaceAllUses, Rewrite::RedirectCalls, Rewrite::Thunk]);
        assert!(text.contains("@t = global ptr @b"), "{text}");
        let inside = src.replace(
            "define internal i32 @b(i32 %x) unnamed_addr {",
            "define internal i32 @b(i32 %x) unnamed_addr comdat($k) {",
        );
        let (text, r) = merged(&inside, Options::default());
        assert_eq!(r.merges[0].action, FoldAction::Erased, "{r:?}");
        assert!(text.contains("@t = global ptr @a"), "{text}");
        let kept = src.replace("$k = comdat any", "$k = comdat nodeduplicate");
        let (_, r) = merged(&kept, Options::default());
        assert_eq!(r.merges[0].action, FoldAction::Erased, "{r:?}");
    }

    /// With the groups resolved by the link (lld's full-LTO module: every function
    /// internal, each keeping its own `comdat any`), code outside a group may be pointed at
    /// a local member of it, as LLVM merges; the default still declines.
    #[test]
    fn resolved_groups_may_be_reached_from_outside() {
        let src = format!(
            "$a = comdat any\n$b = comdat any\n\
             define internal i32 @a(i32 %x) unnamed_addr comdat {BODY}\
             define internal i32 @b(i32 %x) unnamed_addr comdat {BODY}\
             @t = global [2 x ptr] [ptr @a, ptr @b]\n"
        );
        let (_, r) = merged(&src, Options::default());
        assert_eq!(r.stats.functions_merged, 0, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::ReplaceAllUses, Rewrite::RedirectCalls, Rewrite::Thunk]);
        let mut m = LlvmModule::parse(src.as_bytes(), "resolved.ll").unwrap_or_else(|e| panic!("{e}"));
        m.set_comdats_resolved(true);
        let r = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }).unwrap();
        m.verify().unwrap_or_else(|e| panic!("{e}"));
        let text = m.to_text();
        assert_eq!(r.merges.len(), 1, "{r:?}");
        assert_eq!(r.merges[0].action, FoldAction::Erased, "{r:?}");
        assert!(r.refused.is_empty(), "{r:?}");
        assert!(text.contains("@t = global [2 x ptr] [ptr @a, ptr @a]"), "{text}");
        // Resolved groups do not let a non-local member leave a group with others.
        let others = format!(
            "$g = comdat any\n@gv = linkonce_odr global i32 1, comdat($g)\n\
             define linkonce_odr i32 @f(i32 %x) {BODY}define linkonce_odr i32 @g(i32 %x) comdat {BODY}\
             define i32 @user(i32 %x) {{\n  %r = call i32 @f(i32 %x)\n  ret i32 %r\n}}\n"
        );
        let mut m = LlvmModule::parse(others.as_bytes(), "resolved.ll").unwrap_or_else(|e| panic!("{e}"));
        m.set_comdats_resolved(true);
        let r = merge_module(&mut m, &Options { check_fast_path: true, ..Options::default() }).unwrap();
        m.verify().unwrap_or_else(|e| panic!("{e}"));
        let g = r.merges.iter().find(|x| mergefunc::Module::func_name(&m, x.folded) == b"g").unwrap();
        assert_eq!(g.action, FoldAction::Thunk, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::Erase]);
    }

    /// An alias lives in its aliasee's section: none to a function of another droppable
    /// group (a thunk instead), none that takes a function out of a group with others.
    #[test]
    fn aliases_stay_within_groups() {
        let src = format!(
            "$a = comdat any\n@av = linkonce_odr global i32 1, comdat($a)\n\
             define i32 @a(i32 %x) comdat {BODY}define i32 @b(i32 %x) unnamed_addr {BODY}@t = global ptr @b\n"
        );
        let opts = Options { use_aliases: true, ..Default::default() };
        let (_, r) = merged(&src, opts);
        assert_eq!(r.merges[0].action, FoldAction::Thunk, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::Alias]);
        let (_, r) = merged(&src.replace("comdat any", "comdat nodeduplicate"), opts);
        assert_eq!(r.merges[0].action, FoldAction::Alias, "{r:?}");
        // `b` in a group with a variable, `a` outside any: the alias would leave the group.
        let src = format!(
            "$b = comdat any\n@bv = linkonce_odr global i32 1, comdat($b)\n\
             define i32 @a(i32 %x) {BODY}define i32 @b(i32 %x) unnamed_addr comdat {BODY}@t = global ptr @b\n"
        );
        let (_, r) = merged(&src, opts);
        assert_eq!(r.merges[0].action, FoldAction::Thunk, "{r:?}");
        assert_eq!(refused(&r), [Rewrite::Alias]);
        // Two linkonce_odr functions, each in its own group: both become aliases of the
        // private body split off, which is in no group (LLVM's merge).
        let src = format!(
            "$a = comdat any\n$b = comdat any\n\
             define linkonce_odr i32 @a(i32 %x) unnamed_addr comdat {BODY}\
             define linkonce_odr i32 @b(i32 %x) unnamed_addr comdat {BODY}@t = global [2 x ptr] [ptr @a, ptr @b]\n"
        );
        let (text, r) = merged(&src, opts);
        assert!(r.merges.iter().all(|x| x.action == FoldAction::Alias), "{r:?}");
        assert!(r.refused.is_empty(), "{r:?}");
        assert!(text.contains("@b = linkonce_odr unnamed_addr alias i32 (i32), ptr @a.merged"), "{text}");
    }
}
