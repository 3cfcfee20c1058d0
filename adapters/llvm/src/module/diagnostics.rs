//! What the adapter reports about a run besides the merges: the time spent in each part
//! of the pass ([`PassTimes`]) and the printer's numbers of unnamed symbols (for
//! reports). The counters and checks for tests are in `testing.rs`.
//!
//! Invariants: nothing here changes the IR or any table a merge decision reads; times are
//! wall-clock ticks summed per part (see [`crate::clock`]).

use super::{HashMap, LlvmModule};
use crate::safe::V;

/// Wall-clock seconds spent in parts of the merge pass, summed over every call since the
/// module was loaded (see [`LlvmModule::pass_times`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PassTimes {
    /// The prescans (StructuralHash and native merge keys of every candidate, on threads).
    pub prescan: f64,
    /// Building views outside rewrites (the LLVM-C walk and interning).
    pub views: f64,
    /// The rewrites the core asks for (`ModuleMut`): LLVM's own mutations plus the
    /// adapter's bookkeeping (use walks, view patches, views of split bodies).
    pub rewrites: f64,
    /// Checking same-body claims without views (`same_body_as`, `same_unread_body_as`:
    /// the shim's walks of both functions).
    pub claims: f64,
    /// Merge keys from the prescan (`merge_key`).
    pub keys: f64,
}

impl LlvmModule {
    /// Wall-clock and process CPU seconds spent after parsing (and verifying) the module
    /// to build the adapter's module-level facts and, on other threads meanwhile, the
    /// first prescan. Part of the merge pass's cost: the CLI's `--time` adds it to the
    /// time of `merge_module`. Zero for a borrowed module, which is not timed
    /// ([`LlvmModule::from_borrowed`]).
    pub fn setup_seconds(&self) -> (f64, f64) {
        self.stats.setup_time
    }

    /// Wall-clock seconds spent so far in the prescan, in building views and in rewrites
    /// (the rest of `merge_module` is the core: keys, hashing views, comparisons). Zero for
    /// a borrowed module ([`LlvmModule::from_borrowed`]).
    pub fn pass_times(&self) -> PassTimes {
        let [prescan, views, rewrites, claims, keys] =
            self.stats.times.get().map(|t| self.stats.clock.map_or(0.0, |c| c.seconds(t)));
        PassTimes { prescan, views, rewrites, claims, keys }
    }

    /// Adds the time since `t0` (a [`crate::clock::ticks`] reading) to part `part` of
    /// [`PassTimes`] (0 prescan, 1 views, 2 rewrites, 3 claims, 4 keys).
    pub(crate) fn add_time(&self, t0: u64, part: usize) {
        let mut t = self.stats.times.get();
        t[part] += crate::clock::ticks().wrapping_sub(t0);
        self.stats.times.set(t);
    }

    /// For every function id whose symbol (function or alias) is in the module now and
    /// has no name, the number LLVM's printer gives it (`@0`, `@1`, ...: unnamed global
    /// variables first, then aliases, ifuncs and functions, each in module order); `None`
    /// for named and erased ones. Indexed by [`FuncId`](mergefunc::FuncId).
    pub fn unnamed_slots(&self) -> Vec<Option<usize>> {
        let mut slot_of: HashMap<V, usize> = HashMap::default();
        let mut next = 0usize;
        let m = self.m;
        for v in m.global_variables().chain(m.aliases()).chain(m.ifuncs()).chain(m.functions()) {
            if v.name().is_empty() {
                slot_of.insert(v, next);
                next += 1;
            }
        }
        self.funcs.iter().map(|s| s.v.and_then(|v| slot_of.get(&v).copied())).collect()
    }
}
