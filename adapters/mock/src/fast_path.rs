//! `impl mergefunc::FastPath for MockModule`: a small worked example of the fast path
//! (see `mergefunc::fast_path` for the contract every hook shares).
//!
//! The mock builds every view eagerly, so it has nothing to gain from lazy views; it
//! answers two keys and one claim, each switched on by a flag (off by default, so the
//! scenario snapshots show the plain driver):
//! * [`MockModule::fast_path`] turns on [`FastPath::tree_key`] (*can only lose merges*)
//!   and [`FastPath::same_body_as`] (*trusted*). The claim is asked only while the tree is
//!   keyed, so it comes with the key. The tree key hashes the opcodes of the blocks the
//!   order reads, in the order's walk ([`mergefunc::walk_blocks`]): the order compares
//!   opcodes first, so two functions it calls equal get equal keys. It reads no type
//!   (`ptr` and `i64` can compare equal) and nothing a merge can change. The claim asks the
//!   core's own copy check ([`mergefunc::Comparator::is_copy_of`]), which proves the two
//!   views the same records up to self calls, exactly what `same_body_as` promises.
//! * [`MockModule::cycle_keys`] turns on [`FastPath::cycle_key`] (*can only lose merges*).
//!
//! The scenario tests run every scenario with the fast path on as well, with
//! [`mergefunc::Options::check_fast_path`], and require the same output.

use mergefunc::{walk_blocks, Comparator, FastPath, FuncId, Module};

use crate::ir::MockModule;

impl FastPath for MockModule {
    fn tree_key(&mut self, f: FuncId) -> Option<u64> {
        if !self.fast_path {
            return None;
        }
        let body = self.body(f)?;
        let mut key = 0xcbf2_9ce4_8422_2325u64;
        let mut mix = |w: u64| key = (key ^ w).wrapping_mul(0x0100_0000_01b3);
        walk_blocks(&body, &mut Vec::new(), &mut Vec::new(), |b| {
            let insts = body.block_insts(b);
            mix(insts.len() as u64);
            for inst in insts {
                mix(inst.opcode as u64);
            }
        });
        Some(key)
    }

    fn same_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        self.fast_path && Comparator::new().is_copy_of(&*self, f, g)
    }

    fn cycle_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        if !self.cycle_keys {
            return None;
        }
        let body = self.body(f)?;
        // The order's walk, so that the refs of equal functions line up; unreachable
        // blocks, which the order never reads, give none.
        walk_blocks(&body, &mut Vec::new(), &mut Vec::new(), |b| {
            for inst in body.block_insts(b) {
                for u in body.operands(inst) {
                    if let Some(g) = mergefunc::named_func(self, u.value).filter(|g| self.body(*g).is_some()) {
                        refs.push(g);
                    }
                }
            }
        });
        let mut hasher = mergefunc::hash::FunctionHasher::new();
        hasher.mark_self_calls = false;
        hasher.hash_weak_flags = false;
        Some(hasher.hash(&*self, f))
    }
}
