//! View copies (`LlvmModule::testing().set_copy_views`) checked end to end: a copied view must be
//! the view a direct build gives, and a module must merge the same with copies on and
//! off.

use std::path::Path;

use mergefunc::{merge_module, Options};
use mergefunc_llvm::LlvmModule;

/// What [`assert_copies_exact`] saw.
#[derive(Debug, Default)]
pub struct CopyCheck {
    /// Views copied (each also built directly and found identical).
    pub copies: u64,
    /// Functions merged through a checked copy, without a tree lookup.
    pub copies_merged: u64,
    /// Functions merged on the adapter's word that they have a tree function's body,
    /// without a view (each claim also checked against a direct build).
    pub same_body_merged: u64,
    /// Cycle-mode candidates left out unread on their cycle keys (the run without copies
    /// has cycle keys off, and merges the same).
    pub cycle_unique_keys: u64,
}

/// Merges the module at `path` in-process, in the default mode and in cycle mode (with
/// and without cycle keys), once with copies in checking mode (every copied view is also
/// built directly; any difference fails) and once with copies and cycle keys off; the
/// merge records and the printed modules must be the same.
pub fn assert_copies_exact(path: &Path) -> CopyCheck {
    let mut check = CopyCheck::default();
    let cycles = Options { merge_cycles: true, ..Options::default() };
    // Cycle mode twice: with cycle keys (most views never built) and without (every
    // candidate's view built, so copied where it can be).
    for (opts, cycle_keys) in [(Options::default(), true), (cycles, true), (cycles, false)] {
        let mut with = LlvmModule::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        with.testing().set_check_copies(true);
        with.testing().set_cycle_keys(cycle_keys);
        let r_with = merge_module(&mut with, &opts).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (copies, diffs) = with.testing().copy_report();
        assert!(
            diffs.is_empty(),
            "{}: {} copied views differ from direct builds, e.g. {:?}",
            path.display(),
            diffs.len(),
            &diffs[..diffs.len().min(5)]
        );
        let mut without = LlvmModule::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        without.testing().set_copy_views(false);
        without.testing().set_cycle_keys(false);
        let r_without = merge_module(&mut without, &opts).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(without.testing().copy_report().0, 0);
        assert_eq!(r_without.stats.copies_merged, 0);
        assert_eq!(r_without.stats.same_body_merged, 0);
        assert_eq!(r_without.stats.cycle_unique_keys, 0);
        assert_eq!(r_with.merges, r_without.merges, "{}: merges differ with copies ({opts:?})", path.display());
        assert!(with.to_text() == without.to_text(), "{}: outputs differ with copies ({opts:?})", path.display());
        check.copies += copies;
        check.copies_merged += r_with.stats.copies_merged;
        check.same_body_merged += r_with.stats.same_body_merged;
        check.cycle_unique_keys += r_with.stats.cycle_unique_keys;
    }
    check
}
