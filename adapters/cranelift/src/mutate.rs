//! The rewrites the merge driver asks for, on Cranelift functions.

use core::fmt;

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::{
    self, ExtFuncData, Function, InstBuilder, InstructionData, UserExternalName, UserFuncName,
};
use cranelift_codegen::isa::CallConv;
use mergefunc::{FuncId, ModuleMut, ThunkStyle};

use crate::{ClifModule, FuncDecl, Linkage, Symbol};

/// Why a rewrite failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MutError {
    /// Cranelift has no aliases (the driver never asks, since
    /// `supports_aliases()` is false).
    NoAliases,
    /// The function has no body to move or replace.
    NoBody(FuncId),
}

impl fmt::Display for MutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MutError::NoAliases => f.write_str("Cranelift IR cannot express aliases"),
            MutError::NoBody(id) => write!(f, "{id} has no body"),
        }
    }
}

impl core::error::Error for MutError {}

/// An external name that refers to the function with symbol `sym`, as seen from
/// `func`.
fn ext_name(func: &mut Function, sym: &Symbol) -> ir::ExternalName {
    match sym {
        Symbol::TestCase(n) => ir::ExternalName::testcase(n),
        Symbol::User(ns, i) => {
            ir::ExternalName::user(func.declare_imported_user_function(UserExternalName::new(*ns, *i)))
        }
    }
}

/// Can references to a function with this linkage be colocated (cranelift-module sets
/// `colocated` to `linkage.is_final()`)?
fn colocatable(l: Linkage) -> bool {
    l.is_final()
}

impl ClifModule {
    /// Rewrites, in every function that refers to `from`, the references `which`
    /// selects so that they name `to`. `calls_only`: only direct calls move (other
    /// uses of the same `FuncRef` keep naming `from`).
    fn retarget(&mut self, from: FuncId, to: FuncId, calls_only: bool) {
        let to_sym = self.entries[to.index()].decl.symbol.clone();
        let to_coloc = colocatable(self.entries[to.index()].decl.linkage);
        let users: Vec<usize> = self.users_in(from, calls_only).collect();
        for u in users {
            // Only when calls move and the address stays must the call sites be found
            // (the walk over the whole body); otherwise the `FuncRef`s are renamed.
            let split_uses = calls_only && self.entries[u].uses.addrs.contains(&from);
            let func = self.entries[u].func.as_mut().expect("a user has a body");
            let names = &self.names;
            // The FuncRefs that name `from`.
            let frs: Vec<ir::FuncRef> = func
                .dfg
                .ext_funcs
                .iter()
                .filter(|(_, d)| names.resolve(&d.name, func) == Some(from))
                .map(|(r, _)| r)
                .collect();
            // Which of them are also used other than as a direct callee?
            let mut addr_taken = vec![false; frs.len()];
            let mut call_sites: Vec<(ir::Inst, usize)> = Vec::new();
            for b in func.layout.blocks().filter(|_| split_uses) {
                for inst in func.layout.block_insts(b) {
                    let Some((fr, is_call)) = crate::encode::func_ref_use(&func.dfg.insts[inst]) else { continue };
                    if let Some(k) = frs.iter().position(|r| *r == fr) {
                        if is_call {
                            call_sites.push((inst, k));
                        } else {
                            addr_taken[k] = true;
                        }
                    }
                }
            }
            let mut replacement: Vec<Option<ir::FuncRef>> = vec![None; frs.len()];
            for (k, fr) in frs.iter().enumerate() {
                if calls_only && addr_taken[k] {
                    // Import `to` under a FuncRef of its own; only the calls move.
                    let old = func.dfg.ext_funcs[*fr].clone();
                    let name = ext_name(func, &to_sym);
                    let new = func.import_function(ExtFuncData {
                        name,
                        signature: old.signature,
                        colocated: old.colocated && to_coloc,
                        patchable: old.patchable,
                    });
                    replacement[k] = Some(new);
                } else {
                    // Every use of this FuncRef moves: rename it in place.
                    let name = ext_name(func, &to_sym);
                    let d = &mut func.dfg.ext_funcs[*fr];
                    d.name = name;
                    d.colocated = d.colocated && to_coloc;
                }
            }
            for (inst, k) in call_sites {
                if let Some(new) = replacement[k] {
                    match &mut func.dfg.insts[inst] {
                        InstructionData::Call { func_ref, .. } | InstructionData::TryCall { func_ref, .. } => {
                            *func_ref = new
                        }
                        _ => unreachable!("call sites are calls"),
                    }
                }
            }
            if !calls_only {
                // Symbols naming `from` (`symbol_value`, global-value bases).
                let gvs: Vec<ir::GlobalValue> = func
                    .global_values
                    .iter()
                    .filter(|(_, d)| matches!(d, ir::GlobalValueData::Symbol { name, .. } if names.resolve(name, func) == Some(from)))
                    .map(|(g, _)| g)
                    .collect();
                for g in gvs {
                    let name = ext_name(func, &to_sym);
                    if let ir::GlobalValueData::Symbol { name: n, colocated, .. } = &mut func.global_values[g] {
                        *n = name;
                        *colocated = *colocated && to_coloc;
                    }
                }
            }
            // Only references changed: keep the use lists exact now, and leave the
            // view for `materialize`. The driver took every such user out of its tree
            // before the rewrite (these are exactly the users `users_of` reported for
            // `from`), so it rebuilds the view before it reads it again; a caller with
            // many redirected callees is encoded once, not once per callee.
            let e = &mut self.entries[u];
            e.uses.retarget(from, to, calls_only);
            e.body = None;
            e.stale = true;
            self.note_referrer(u);
        }
    }

    /// A body for `g` that forwards every argument to `target` and returns its results.
    fn thunk_body(&self, g: FuncId, target: FuncId) -> Function {
        let ge = &self.entries[g.index()];
        let te = &self.entries[target.index()];
        let sig = ge.decl.signature.clone();
        let name = match &ge.func {
            Some(f) => f.name.clone(),
            None => match &ge.decl.symbol {
                Symbol::TestCase(n) => UserFuncName::testcase(n),
                Symbol::User(ns, i) => UserFuncName::user(*ns, *i),
            },
        };
        let mut func = Function::with_name_signature(name, sig.clone());
        let block = func.dfg.make_block();
        func.layout.append_block(block);
        for p in &sig.params {
            func.dfg.append_block_param(block, p.value_type);
        }
        let params = func.dfg.block_params(block).to_vec();
        let sig_ref = func.import_signature(sig.clone());
        let name = ext_name(&mut func, &te.decl.symbol);
        let callee = func.import_function(ExtFuncData {
            name,
            signature: sig_ref,
            colocated: colocatable(te.decl.linkage),
            patchable: false,
        });
        let mut pos = FuncCursor::new(&mut func).at_bottom(block);
        if sig.call_conv == CallConv::Tail {
            pos.ins().return_call(callee, &params);
        } else {
            let call = pos.ins().call(callee, &params);
            let results = pos.func.dfg.inst_results(call).to_vec();
            pos.ins().return_(&results);
        }
        func
    }
}

impl ModuleMut for ClifModule {
    type Error = MutError;

    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), MutError> {
        self.retarget(from, to, false);
        Ok(())
    }

    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), MutError> {
        self.retarget(from, to, true);
        Ok(())
    }

    fn supports_aliases(&self) -> bool {
        false
    }

    fn write_alias(&mut self, _g: FuncId, _target: FuncId) -> Result<(), MutError> {
        Err(MutError::NoAliases)
    }

    fn write_thunk(&mut self, g: FuncId, target: FuncId, _style: ThunkStyle) -> Result<(), MutError> {
        // Cranelift IR carries no parameter debug information, so both thunk styles
        // are the same: `g` keeps its name, signature and declaration.
        let func = self.thunk_body(g, target);
        let e = &mut self.entries[g.index()];
        e.func = Some(func);
        e.erased = false;
        self.refresh(g);
        Ok(())
    }

    fn erase(&mut self, g: FuncId) -> Result<(), MutError> {
        let e = &mut self.entries[g.index()];
        e.func = None;
        e.erased = true;
        self.refresh(g);
        Ok(())
    }

    fn split_body(&mut self, f: FuncId) -> Result<FuncId, MutError> {
        let new = FuncId::new(self.entries.len());
        let fe = &self.entries[f.index()];
        if fe.func.is_none() {
            return Err(MutError::NoBody(f));
        }
        let symbol = self.fresh_symbol(&fe.decl.symbol, new);
        let decl = FuncDecl {
            name: match &symbol {
                Symbol::TestCase(n) => String::from_utf8_lossy(n).into_owned(),
                Symbol::User(..) => format!("{}.merged", fe.decl.name),
            },
            linkage: Linkage::Local,
            signature: fe.decl.signature.clone(),
            symbol: symbol.clone(),
            unnamed_addr: false,
            used_externally: false,
            align: fe.decl.align,
        };
        let mut func = self.entries[f.index()].func.take().expect("checked above");
        func.name = match &symbol {
            Symbol::TestCase(n) => UserFuncName::testcase(n),
            Symbol::User(ns, i) => UserFuncName::user(*ns, *i),
        };
        // Recursive calls inside the body keep calling `f`, the preemptible symbol, as
        // LLVM's do: only the body moves.
        let id = self.push(decl, Some(func), true);
        debug_assert_eq!(id, new);
        self.refresh(f);
        self.refresh(new);
        Ok(new)
    }

    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), MutError> {
        self.entries[f.index()].decl.align = align;
        self.entries[f.index()].info.align = align;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use mergefunc::Module as _;

    use crate::ClifModule;

    fn callee(name: &str, k: i64) -> String {
        format!(
            ";; mergefunc: local\nfunction %{name}(i64) -> i64 {{\nblock0(v0: i64):\n    v1 = iconst.i64 {k}\n    v2 = iadd v0, v1\n    v3 = imul v2, v0\n    v4 = iadd v3, v1\n    return v4\n}}\n"
        )
    }

    /// Four pairs of equal local callees, all called by one exported caller that is
    /// equal to nothing: the caller's calls to the four folded callees are redirected,
    /// and its view is rebuilt once, not once per redirect.
    fn caller_module() -> ClifModule {
        let mut text = String::new();
        for k in 1..=4 {
            text += &callee(&format!("a{k}"), k);
            text += &callee(&format!("b{k}"), k);
        }
        text += "function %caller(i64) -> i64 {\n";
        for k in 1..=4 {
            text += &format!("    fn{} = %a{k}(i64) -> i64\n    fn{} = %b{k}(i64) -> i64\n", 2 * k - 2, 2 * k - 1);
        }
        text += "block0(v0: i64):\n";
        let mut last = "v0".to_string();
        for f in 0..8 {
            text += &format!("    v{} = call fn{f}({last})\n", f + 1);
            last = format!("v{}", f + 1);
        }
        text += &format!("    return {last}\n}}\n");
        ClifModule::from_clif(&text).unwrap()
    }

    #[test]
    fn a_caller_is_encoded_once_however_many_callees_fold() {
        let mut m = caller_module();
        let before = m.encodes;
        let report = m.merge(&mergefunc::Options::default()).unwrap();
        assert_eq!(report.merges.len(), 4);
        let erased = m.ids().filter(|f| m.is_erased(*f)).count();
        assert_eq!(erased, 4);
        // One encode per erased callee, one for the caller.
        assert_eq!(m.encodes - before, erased as u64 + 1);
    }

    #[test]
    fn views_after_the_merge_equal_fresh_ones() {
        let mut m = caller_module();
        m.merge(&mergefunc::Options::default()).unwrap();
        let caller = m.find("caller").unwrap();
        assert!(!m.entries[caller.index()].stale);
        let kept: Vec<crate::encode::Uses> = m.entries.iter().map(|e| e.uses.clone()).collect();
        let a = m.body(caller).map(|b| format!("{:?}", b.insts));
        m.refresh_all();
        let fresh: Vec<crate::encode::Uses> = m.entries.iter().map(|e| e.uses.clone()).collect();
        assert_eq!(kept, fresh);
        assert_eq!(a, m.body(caller).map(|b| format!("{:?}", b.insts)));
        // The caller now calls only the four survivors.
        assert_eq!(m.entries[caller.index()].uses.calls.len(), 4);
    }

    /// Two equal call chains of `n` functions (`f0 -> f1 -> ...`, `g0 -> g1 -> ...`): the
    /// leaves fold, then each round folds the next pair of callers.
    fn call_chains(n: usize) -> ClifModule {
        let mut text = String::new();
        for s in ["f", "g"] {
            for i in 0..n {
                if i + 1 == n {
                    text += &format!("function %{s}{i}(i64) -> i64 {{\nblock0(v0: i64):\n    v1 = iconst.i64 7\n    v2 = iadd v0, v1\n    return v2\n}}\n\n");
                } else {
                    text += &format!("function %{s}{i}(i64) -> i64 {{\n    fn0 = %{s}{}(i64) -> i64\nblock0(v0: i64):\n    v1 = call fn0(v0)\n    return v1\n}}\n\n", i + 1);
                }
            }
        }
        ClifModule::from_clif(&text).unwrap()
    }

    /// The users of a function are read from its referrer list, not by a scan of every
    /// function: two chains of 1,000 fold in 1,000 rounds, each rewrite asking for the
    /// users of the folded function (a scan per question read 2,000 slots: over 4 million
    /// in all), and the lists read stay within a few slots a function.
    #[test]
    fn questions_about_users_read_the_referrers_not_the_module() {
        let n = 1_000;
        let mut m = call_chains(n);
        let report = m.merge(&mergefunc::Options::default()).unwrap();
        assert_eq!(report.merges.len(), n);
        let reads = m.user_reads.get();
        assert!(reads <= 8 * n as u64, "{reads} slots read for {n} merges");
    }

    /// The referrer lists answer as a scan of every function does, in the same order,
    /// after the rewrites of a merge.
    #[test]
    fn users_from_referrers_equal_a_scan() {
        for mut m in [call_chains(40), caller_module()] {
            m.merge(&mergefunc::Options { merge_cycles: true, ..Default::default() }).unwrap();
            for f in m.ids() {
                for calls_only in [true, false] {
                    let scan: Vec<usize> = (0..m.entries.len())
                        .filter(|&u| {
                            let e = &m.entries[u];
                            let list = if calls_only { &e.uses.calls } else { &e.uses.refs };
                            e.has_body() && list.contains(&f)
                        })
                        .collect();
                    assert_eq!(m.users_in(f, calls_only).collect::<Vec<_>>(), scan, "{f}");
                }
            }
        }
    }

    /// A small deterministic generator (xorshift64*), so that the random modules below
    /// are the same in every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }

    /// A random module of `n` functions `(i64) -> i64` drawn from few shapes, so that many
    /// are equal: each calls one function (once or twice, itself included), may take the
    /// address of another and may name a third through a symbol global value.
    fn random_module(rng: &mut Rng, n: usize) -> ClifModule {
        // Three body templates per module (callees, and which parts each has), so that
        // many functions are equal.
        let templates: Vec<_> = (0..3)
            .map(|_| {
                let callees = (rng.below(n.min(4)), rng.below(n), rng.below(n));
                let parts = (rng.below(2) == 0, rng.below(2) == 0, rng.below(3) == 0, rng.below(2));
                (callees, parts)
            })
            .collect();
        let mut text = String::new();
        for k in 0..n {
            let linkage = ["local", "local unnamed_addr", "export", "preemptible", "hidden"][rng.below(5)];
            let ((a, b, c), (twice, addr, sym, k_const)) = templates[rng.below(3)];
            text += &format!(";; mergefunc: {linkage}\nfunction %f{k}(i64) -> i64 {{\n    fn0 = %f{a}(i64) -> i64\n");
            if addr {
                text += &format!("    fn1 = %f{b}(i64) -> i64\n");
            }
            if sym {
                text += &format!("    gv0 = symbol %f{c}\n");
            }
            text += "block0(v0: i64):\n    v1 = call fn0(v0)\n";
            text += if twice { "    v2 = call fn0(v1)\n" } else { "    v2 = iadd v1, v0\n" };
            text += if addr { "    v3 = func_addr.i64 fn1\n" } else { "    v3 = iconst.i64 5\n" };
            text += if sym { "    v4 = symbol_value.i64 gv0\n" } else { "    v4 = iconst.i64 9\n" };
            text += &format!(
                "    v5 = iadd v2, v3\n    v6 = iadd v5, v4\n    v8 = iconst.i64 {k_const}\n    v7 = iadd v6, v8\n    return v7\n}}\n\n"
            );
        }
        ClifModule::from_clif(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
    }

    /// The users of `f` by a scan of every function (what the referrer lists replace).
    fn scanned_users(m: &ClifModule, f: mergefunc::FuncId, calls_only: bool) -> Vec<mergefunc::FuncId> {
        (0..m.entries.len())
            .filter(|&u| {
                let e = &m.entries[u];
                let list = if calls_only { &e.uses.calls } else { &e.uses.refs };
                e.has_body() && list.contains(&f)
            })
            .map(mergefunc::FuncId::new)
            .collect()
    }

    /// `users_of` and `has_uses` answer as a scan of every function does, for every function.
    fn assert_users_match_a_scan(m: &ClifModule, what: &str) {
        for f in m.ids() {
            for (kind, calls_only) in [(mergefunc::UseKind::DirectCalls, true), (mergefunc::UseKind::Any, false)] {
                let mut got = Vec::new();
                m.users_of(f, kind, &mut got);
                assert_eq!(got, scanned_users(m, f, calls_only), "{what}: users of {f} ({kind:?})");
            }
            let scan = m.entries[f.index()].decl.used_externally || !scanned_users(m, f, false).is_empty();
            assert_eq!(m.has_uses(f), scan, "{what}: has_uses({f})");
        }
    }

    /// Random modules merged with and without cycles, and random sequences of rewrites
    /// (redirected calls, replaced uses, thunks, erasures, split bodies) on functions that
    /// name others twice, themselves, or through calls, addresses and symbols: after
    /// every step the referrer lists answer as a scan does.
    #[test]
    fn users_from_referrers_equal_a_scan_after_random_rewrites() {
        use mergefunc::{FuncId, ModuleMut, ThunkStyle};
        let (mut merged, mut rewrites) = (0, 0);
        for seed in 1..=150u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            let n = 2 + rng.below(11);
            let mut m = random_module(&mut rng, n);
            assert_users_match_a_scan(&m, "loaded");
            let cycles = rng.below(2) == 0;
            let report = m.merge(&mergefunc::Options { merge_cycles: cycles, ..Default::default() }).unwrap();
            merged += report.merges.len();
            assert_users_match_a_scan(&m, &format!("seed {seed}, merged (cycles: {cycles})"));

            let mut m = random_module(&mut rng, n);
            for step in 0..12 {
                let len = m.entries.len();
                let (g, t) = (FuncId::new(rng.below(len)), FuncId::new(rng.below(len)));
                let op = rng.below(5);
                let r = match op {
                    0 => m.replace_direct_calls(g, t),
                    1 => m.replace_all_uses(g, t),
                    2 => m.write_thunk(g, t, ThunkStyle::default()),
                    3 => m.erase(g),
                    _ => m.split_body(g).map(|_| ()),
                };
                rewrites += usize::from(r.is_ok());
                assert_users_match_a_scan(&m, &format!("seed {seed}, step {step}, op {op} ({g}, {t})"));
            }
            m.refresh_stale();
            assert_users_match_a_scan(&m, &format!("seed {seed}, refreshed"));
        }
        // The modules do merge and the rewrites do run (the test exercises the lists).
        assert!(merged > 300 && rewrites > 1000, "{merged} merges, {rewrites} rewrites");
    }
}
