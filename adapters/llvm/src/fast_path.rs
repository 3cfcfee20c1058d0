//! `impl mergefunc::FastPath for LlvmModule`: every hook of the fast path (see
//! `mergefunc::fast_path` for the contract they share and what each label means).
//!
//! | hook | label | answered by |
//! |---|---|---|
//! | `has_body`, `materialize`, `prefetch` | lazy views | the slot's `has_body` flag; `materialize_view` (built from LLVM-C, or copied from a function with the same body); a prefetch of the body's first cache lines |
//! | `never_merges` | can only lose merges | a function alone on its shape key (`crate::shape`: header and entry-block facts), never prescanned nor read |
//! | `worklist_hash` | can only lose merges | LLVM's own `StructuralHash` (the prescan's, or `crate::shash`'s walk) |
//! | `merge_key`, `cycle_key`, `tree_key` | can only lose merges | one native walk of the prescan (`merge_key_of`, `cycle_key_of`, `tree_key_of`) |
//! | `tree_subkey` | can only lose merges | the instruction attachments views record, from the shim's walk of the function alone (`tree_subkey_of`) |
//! | `view_copied_from` | checked by the core | the function whose view this one's was copied from |
//! | `same_body_as`, `same_unread_body_as` | trusted | the shim's walk of both functions (`same_body_claim`, `same_unread_body_claim`) |
//! | `tiny_body` | can only lose merges | a count of the body's blocks and instructions (debug intrinsics skipped), read from LLVM-C |
//!
//! The trusted claims are checked two ways: the core's
//! [`mergefunc::Options::check_fast_path`] (the CLI's `--check-fast-path`, which the
//! differential tests pass), and the adapter's own checking mode
//! ([`Testing::set_check_copies`](crate::testing::Testing::set_check_copies)), which also builds every copied view directly and
//! records any difference.

use mergefunc::{FastPath, FuncId};

use crate::module::LlvmModule;

impl FastPath for LlvmModule {
    fn has_body(&self, f: FuncId) -> bool {
        self.funcs[f.index()].has_body
    }

    fn materialize(&mut self, f: FuncId) {
        self.materialize_view(f);
    }

    fn prefetch(&self, f: FuncId) {
        self.prefetch_view(f);
    }

    fn never_merges(&self, f: FuncId) -> bool {
        self.load.shapes.is_alone(f.index())
    }

    fn worklist_hash(&self, f: FuncId) -> Option<u64> {
        let s = &self.funcs[f.index()];
        match s.v {
            // A pure read of the IR: the value of LLVM's own hash, as its pass computes it.
            Some(v) if self.switches.llvm_worklist_hash && s.has_body => {
                Some(self.prescanned(f).map(|e| e.hash).unwrap_or_else(|| self.keys.shash.borrow_mut().hash(v)))
            }
            _ => None,
        }
    }

    fn merge_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        let t0 = crate::clock::ticks();
        let k = self.merge_key_of(f, refs);
        self.add_time(t0, 4);
        k
    }

    fn cycle_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        self.cycle_key_of(f, refs)
    }

    fn tree_key(&mut self, f: FuncId) -> Option<u64> {
        self.tree_key_of(f)
    }

    fn tree_subkey(&mut self, f: FuncId) -> Option<u64> {
        self.tree_subkey_of(f)
    }

    fn view_copied_from(&self, f: FuncId) -> Option<FuncId> {
        let s = &self.funcs[f.index()];
        s.copied_from.filter(|_| s.built)
    }

    fn same_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let t0 = crate::clock::ticks();
        let same = self.same_body_claim(f, g);
        self.add_time(t0, 3);
        same
    }

    fn same_unread_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let t0 = crate::clock::ticks();
        let same = self.same_unread_body_claim(f, g);
        self.add_time(t0, 3);
        same
    }

    fn tiny_body(&self, f: FuncId) -> Option<bool> {
        self.tiny_body_of(f)
    }
}
