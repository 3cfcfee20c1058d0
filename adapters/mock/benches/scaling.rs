//! Core scaling benchmark: `merge_module` on synthetic modules of 10^3 .. 10^6 functions.
//!
//! ```text
//! cargo bench -p mergefunc-mock --bench scaling                 # every scenario
//! cargo bench -p mergefunc-mock --bench scaling -- mixed 1000000 # one run (prints one row)
//! ```
//!
//! The modules are built directly as core records (`BodyBuf`s), in a small in-bench
//! adapter (`Flat`) whose reads and rewrites cost O(what they touch): a caller index
//! for `users_of`/`has_uses`, call rewriting per recorded caller. The mock IR's own
//! builder cannot be used at these sizes: `MockModule::add_function` checks names with a
//! linear scan and `set_body` recomputes a module-wide `used` set, so building 10^5
//! functions is already quadratic, and its rewrites rescan the module. What is measured
//! here is therefore the core: candidate filter, hashing, the FnTree, the Deferred rounds
//! and the merge driver.
//!
//! Every (scenario, size) runs in its own process (this binary re-executes itself), so
//! the peak RSS (`VmHWM` of `/proc/self/status`) is per size.
//!
//! Scenarios:
//! * `mixed`: 40% unique functions, 30% duplicates (groups of 3, internal), 20% callers
//!   that become equal once their callees merge (pairs calling two members of one group),
//!   10% near-duplicates (identical but for the callee of their last call: one hash bucket);
//! * `all-equal`: every function is the same;
//! * `unique`: nothing merges (every function has a constant of its own): the cost per
//!   function of a module without duplicates;
//! * `near-dup`: functions that differ only in their last instruction (a call to a
//!   different declared function), so the hash cannot tell them apart;
//! * `chains`: pairs of call chains of depth 1000 (or n/2 if smaller) whose leaves are
//!   equal: each Deferred round merges one level.
//!
//! Cycle mode (`Options::merge_cycles`), the same sizes:
//! * `rings`: pairs of equal call rings of length 1000 (or n/2 if smaller): LLVM's order
//!   merges none of them (each member calls a different function), cycle classes merge
//!   every pair;
//! * `rings-diff`: the same rings, but the two rings of a pair differ in one member, so
//!   nothing may merge and each refinement step can only tell one more level of the
//!   rings apart (the worst case of naive refinement: as many rounds as the ring is long);
//! * `chains-diff`: the pairs of `chains`, but with different leaves (nothing merges; the
//!   difference is 1000 calls deep);
//! * `mixed+cycles`, `chains+cycles`: the default scenarios with the option on (what it
//!   costs when there are no cycles).
#![allow(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

use std::collections::HashMap;
use std::process::Command;
use std::time::Instant;

use mergefunc::*;

// Types and opcodes of the synthetic IR.
const T_VOID: TypeId = TypeId(0);
const T_I64: TypeId = TypeId(1);
const T_I1: TypeId = TypeId(2);
const T_PTR: TypeId = TypeId(3);
const T_LABEL: TypeId = TypeId(4);
const T_FN: TypeId = TypeId(5);
const T_SINK: TypeId = TypeId(6);
const ADD: u32 = 1;
const MUL: u32 = 2;
const SUB: u32 = 3;
const XOR: u32 = 4;
const ICMP: u32 = 5;
const BR: u32 = 6;
const RET: u32 = 7;
const CALL: u32 = 8;

/// A flat module of core records.
struct Flat {
    types: Vec<TypeData>,
    consts: Vec<ConstData>,
    int_const: HashMap<u64, ConstId>,
    infos: Vec<FuncInfo>,
    bodies: Vec<Option<BodyBuf>>,
    fref: Vec<ConstId>,
    callers: Vec<Vec<FuncId>>,
    thunk_to: Vec<Option<FuncId>>,
    attrs: AttrList,
    target: TargetInfo,
}

#[derive(Debug)]
struct FlatError(&'static str);
impl std::fmt::Display for FlatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Flat {
    fn new() -> Self {
        Flat {
            types: vec![
                TypeData::Void,
                TypeData::Int { bits: 64 },
                TypeData::Int { bits: 1 },
                TypeData::Ptr { addr_space: 0 },
                TypeData::Label,
                TypeData::Func { ret: T_I64, params: Box::new([T_I64, T_I64]), vararg: false },
                TypeData::Func { ret: T_I64, params: Box::new([T_I64]), vararg: false },
            ],
            consts: Vec::new(),
            int_const: HashMap::new(),
            infos: Vec::new(),
            bodies: Vec::new(),
            fref: Vec::new(),
            callers: Vec::new(),
            thunk_to: Vec::new(),
            attrs: AttrList::default(),
            target: TargetInfo { ptr_as_int: Some(PtrAsInt { addr_space: 0, bits: 64 }) },
        }
    }

    fn int(&mut self, v: u64) -> ConstId {
        if let Some(c) = self.int_const.get(&v) {
            return *c;
        }
        let kind = if v == 0 { ConstKind::Null } else { ConstKind::Int(Box::new([v])) };
        let id = ConstId::new(self.consts.len());
        self.consts.push(ConstData { ty: T_I64, kind });
        self.int_const.insert(v, id);
        id
    }

    fn add_func(&mut self, name: String, ty: TypeId, local: bool, body: Option<BodyBuf>) -> FuncId {
        let f = FuncId::new(self.infos.len());
        let linkage = if local {
            Linkage { local: true, discardable_if_unused: true, ..Default::default() }
        } else {
            Linkage::default()
        };
        self.infos.push(FuncInfo {
            name: name.into_bytes().into(),
            linkage,
            ineligible: if body.is_some() { None } else { Some(Ineligible::NoBody) },
            unnamed_addr: local,
            used_externally: false,
            ty,
            sig: std::sync::Arc::new([]),
            align: None,
            callable: true,
        });
        let c = ConstId::new(self.consts.len());
        self.consts.push(ConstData { ty: T_PTR, kind: ConstKind::Global(GlobalRef::Func(f)) });
        self.fref.push(c);
        self.callers.push(Vec::new());
        self.thunk_to.push(None);
        if let Some(b) = &body {
            self.index_calls(f, b);
        }
        self.bodies.push(body);
        f
    }

    /// Gives the declared function `f` its body (rings need their members declared first).
    fn set_body(&mut self, f: FuncId, b: BodyBuf) {
        self.index_calls(f, &b);
        self.infos[f.index()].ineligible = None;
        self.bodies[f.index()] = Some(b);
    }

    fn index_calls(&mut self, f: FuncId, b: &BodyBuf) {
        for u in &b.uses {
            if let Value::Const(c) = u.value {
                if let ConstKind::Global(GlobalRef::Func(g)) = self.consts[c.index()].kind {
                    self.callers[g.index()].push(f);
                }
            }
        }
    }

    fn use_i64(v: Value) -> Use {
        Use { value: v, ty: T_I64 }
    }

    /// `f(a, b) { t1 = a + k; t2 = t1 * b; c = t2 < a; br c, L1, L2;
    ///            L1: t3 = t2 - k2; [t = call last(t3)]; ret; L2: t4 = t2 ^ k; ret t4 }`
    fn leaf(&mut self, k: u64, k2: u64, last_call: Option<FuncId>) -> BodyBuf {
        let (ck, ck2) = (self.int(k), self.int(k2));
        let mut b = BodyBuf::new();
        let p =
            |b: &mut BodyBuf, op: u32, ty: TypeId, ops: &[Use]| b.push_inst(op, ty, InstKind::Plain, 0, 0, ops, &[]);
        b.begin_block();
        let t1 = p(&mut b, ADD, T_I64, &[Self::use_i64(Value::Arg(0)), Self::use_i64(Value::Const(ck))]);
        let t2 = p(&mut b, MUL, T_I64, &[Self::use_i64(Value::Inst(t1)), Self::use_i64(Value::Arg(1))]);
        let c = b.push_inst(
            ICMP,
            T_I1,
            InstKind::Plain,
            0,
            0,
            &[Self::use_i64(Value::Inst(t2)), Self::use_i64(Value::Arg(0))],
            &[Prop::Num(40)],
        );
        p(
            &mut b,
            BR,
            T_VOID,
            &[
                Use { value: Value::Inst(c), ty: T_I1 },
                Use { value: Value::Block(BlockId(1)), ty: T_LABEL },
                Use { value: Value::Block(BlockId(2)), ty: T_LABEL },
            ],
        );
        b.set_succs(&[BlockId(1), BlockId(2)]);
        b.begin_block();
        let mut t3 = p(&mut b, SUB, T_I64, &[Self::use_i64(Value::Inst(t2)), Self::use_i64(Value::Const(ck2))]);
        if let Some(g) = last_call {
            let callee = Use { value: Value::Const(self.fref[g.index()]), ty: T_PTR };
            t3 = b.push_inst(
                CALL,
                T_I64,
                InstKind::Call { callee: 1 },
                0,
                0,
                &[Self::use_i64(Value::Inst(t3)), callee],
                &[Prop::Type(T_SINK)],
            );
        }
        p(&mut b, RET, T_VOID, &[Self::use_i64(Value::Inst(t3))]);
        b.begin_block();
        let t4 = p(&mut b, XOR, T_I64, &[Self::use_i64(Value::Inst(t2)), Self::use_i64(Value::Const(ck))]);
        p(&mut b, RET, T_VOID, &[Self::use_i64(Value::Inst(t4))]);
        b.finish();
        b
    }

    /// `f(a, b) { t = call callee(a, b); u = t + k; ret u }`
    fn caller(&mut self, callee: FuncId, k: u64) -> BodyBuf {
        let ck = self.int(k);
        let mut b = BodyBuf::new();
        b.begin_block();
        let cu = Use { value: Value::Const(self.fref[callee.index()]), ty: T_PTR };
        let t = b.push_inst(
            CALL,
            T_I64,
            InstKind::Call { callee: 2 },
            0,
            0,
            &[Self::use_i64(Value::Arg(0)), Self::use_i64(Value::Arg(1)), cu],
            &[Prop::Type(T_FN)],
        );
        let u = b.push_inst(
            ADD,
            T_I64,
            InstKind::Plain,
            0,
            0,
            &[Self::use_i64(Value::Inst(t)), Self::use_i64(Value::Const(ck))],
            &[],
        );
        b.push_inst(RET, T_VOID, InstKind::Plain, 0, 0, &[Self::use_i64(Value::Inst(u))], &[]);
        b.finish();
        b
    }

    fn retarget(&mut self, from: FuncId, to: FuncId) {
        let (cf, ct) = (self.fref[from.index()], self.fref[to.index()]);
        let users = std::mem::take(&mut self.callers[from.index()]);
        for &u in &users {
            if self.thunk_to[u.index()] == Some(from) {
                self.thunk_to[u.index()] = Some(to);
            }
            if let Some(b) = self.bodies[u.index()].as_mut() {
                for x in &mut b.uses {
                    if x.value == Value::Const(cf) {
                        x.value = Value::Const(ct);
                    }
                }
            }
        }
        self.callers[to.index()].extend(users);
    }

    fn refers(&self, u: FuncId, f: FuncId) -> bool {
        self.thunk_to[u.index()] == Some(f)
            || self.bodies[u.index()]
                .as_ref()
                .is_some_and(|b| b.uses.iter().any(|x| x.value == Value::Const(self.fref[f.index()])))
    }
}

impl Module for Flat {
    fn num_funcs(&self) -> usize {
        self.infos.len()
    }
    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.infos[f.index()]
    }
    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        self.bodies[f.index()].as_ref().map(|b| b.as_body())
    }
    fn type_data(&self, t: TypeId) -> &TypeData {
        &self.types[t.index()]
    }
    fn const_data(&self, c: ConstId) -> &ConstData {
        &self.consts[c.index()]
    }
    fn meta_data(&self, _: MetaId) -> &MetaData {
        unreachable!("no metadata in the synthetic modules")
    }
    fn asm_data(&self, _: AsmId) -> &AsmData {
        unreachable!("no inline asm in the synthetic modules")
    }
    fn attrs(&self, _: AttrsId) -> &AttrList {
        &self.attrs
    }
    fn target(&self) -> &TargetInfo {
        &self.target
    }
    fn users_of(&self, f: FuncId, _kind: UseKind, out: &mut Vec<FuncId>) {
        out.extend(self.callers[f.index()].iter().copied().filter(|u| self.bodies[u.index()].is_some()));
    }
    fn has_uses(&self, f: FuncId) -> bool {
        self.callers[f.index()].iter().any(|u| self.refers(*u, f))
    }
}

/// No fast path: every view is built up front.
impl mergefunc::FastPath for Flat {}

impl ModuleMut for Flat {
    type Error = FlatError;
    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), FlatError> {
        self.retarget(from, to);
        Ok(())
    }
    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), FlatError> {
        self.retarget(from, to);
        Ok(())
    }
    fn supports_aliases(&self) -> bool {
        false
    }
    fn write_alias(&mut self, _: FuncId, _: FuncId) -> Result<(), FlatError> {
        Err(FlatError("no aliases"))
    }
    fn write_thunk(&mut self, g: FuncId, target: FuncId, _: ThunkStyle) -> Result<(), FlatError> {
        // The folded function is never read again; only the reference matters.
        self.bodies[g.index()] = None;
        self.thunk_to[g.index()] = Some(target);
        self.callers[target.index()].push(g);
        Ok(())
    }
    fn erase(&mut self, g: FuncId) -> Result<(), FlatError> {
        self.bodies[g.index()] = None;
        self.infos[g.index()].ineligible = Some(Ineligible::NoBody);
        Ok(())
    }
    fn split_body(&mut self, f: FuncId) -> Result<FuncId, FlatError> {
        let body = self.bodies[f.index()].take();
        let name = format!("{}.body", String::from_utf8_lossy(&self.infos[f.index()].name));
        let ty = self.infos[f.index()].ty;
        let n = self.add_func(name, ty, true, body);
        Ok(n)
    }
    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), FlatError> {
        self.infos[f.index()].align = align;
        Ok(())
    }
}

/// Builds scenario `name` with about `n` defined functions.
fn build(name: &str, n: usize) -> Flat {
    let mut m = Flat::new();
    let name = name.strip_suffix("+cycles").unwrap_or(name);
    match name {
        "mixed" => {
            let n_unique = n * 4 / 10;
            let n_dup = n * 3 / 10 / 3 * 3;
            let n_callers = n * 2 / 10 / 2 * 2;
            let n_near = n - n_unique - n_dup - n_callers;
            for i in 0..n_unique {
                let b = m.leaf(1_000_000 + i as u64, 7, None);
                m.add_func(format!("u{i}"), T_FN, false, Some(b));
            }
            let mut dups = Vec::new();
            for i in 0..n_dup {
                let b = m.leaf(10_000_000 + (i / 3) as u64, 9, None);
                dups.push(m.add_func(format!("d{i}"), T_FN, true, Some(b)));
            }
            for j in 0..n_callers / 2 {
                // Two callers of two members of the same group: equal after the group merges.
                let g = (j * 3) % dups.len().max(1);
                let (a, c) = (dups[g], dups[g + 1]);
                let b1 = m.caller(a, 20_000_000 + j as u64);
                m.add_func(format!("ca{j}"), T_FN, false, Some(b1));
                let b2 = m.caller(c, 20_000_000 + j as u64);
                m.add_func(format!("cb{j}"), T_FN, false, Some(b2));
            }
            let sinks: Vec<FuncId> = (0..64).map(|i| m.add_func(format!("sink{i}"), T_SINK, false, None)).collect();
            for i in 0..n_near {
                let b = m.leaf(5, 6, Some(sinks[i % sinks.len()]));
                m.add_func(format!("n{i}"), T_FN, false, Some(b));
            }
        }
        "unique" => {
            // Nothing merges: every function differs from every other in one constant
            // (which a hash of the structure does not see: the tree tells them apart).
            for i in 0..n {
                let b = m.leaf(30_000_000 + i as u64, 11, None);
                m.add_func(format!("q{i}"), T_FN, false, Some(b));
            }
        }
        "all-equal" => {
            for i in 0..n {
                let b = m.leaf(3, 4, None);
                m.add_func(format!("e{i}"), T_FN, true, Some(b));
            }
        }
        "near-dup" => {
            let sinks: Vec<FuncId> = (0..n).map(|i| m.add_func(format!("sink{i}"), T_SINK, false, None)).collect();
            for (i, s) in sinks.iter().enumerate() {
                let b = m.leaf(5, 6, Some(*s));
                m.add_func(format!("n{i}"), T_FN, false, Some(b));
            }
        }
        "chains" => {
            let depth = 1000.min(n / 2).max(1);
            let pairs = (n / (2 * depth)).max(1);
            for p in 0..pairs {
                for side in ["a", "b"] {
                    let b = m.leaf(30_000_000 + p as u64, 1, None);
                    let mut prev = m.add_func(format!("{side}{p}_0"), T_FN, true, Some(b));
                    for d in 1..depth {
                        let b = m.caller(prev, 40_000_000 + (p * depth + d) as u64);
                        prev = m.add_func(format!("{side}{p}_{d}"), T_FN, true, Some(b));
                    }
                }
            }
        }
        "rings" | "rings-diff" => {
            let len = 1000.min(n / 2).max(2);
            let pairs = (n / (2 * len)).max(1);
            for p in 0..pairs {
                for side in 0..2u64 {
                    // Declare the ring first (ids are consecutive), then give each member
                    // its body: member d calls member d+1 (the last calls the first).
                    let first = FuncId::new(m.infos.len());
                    for d in 0..len {
                        m.add_func(format!("r{side}_{p}_{d}"), T_FN, true, None);
                    }
                    for d in 0..len {
                        let next = FuncId::new(first.index() + (d + 1) % len);
                        let k = 50_000_000 + (p * len + d) as u64;
                        let k = if name == "rings-diff" && side == 1 && d == len - 1 { k + 1 } else { k };
                        let b = m.caller(next, k);
                        m.set_body(FuncId::new(first.index() + d), b);
                    }
                }
            }
        }
        "chains-diff" => {
            let depth = 1000.min(n / 2).max(1);
            let pairs = (n / (2 * depth)).max(1);
            for p in 0..pairs {
                for side in 0..2u64 {
                    let b = m.leaf(30_000_000 + p as u64, 1 + side, None);
                    let mut prev = m.add_func(format!("{side}_{p}_0"), T_FN, true, Some(b));
                    for d in 1..depth {
                        let b = m.caller(prev, 40_000_000 + (p * depth + d) as u64);
                        prev = m.add_func(format!("{side}_{p}_{d}"), T_FN, true, Some(b));
                    }
                }
            }
        }
        _ => panic!("unknown scenario {name}"),
    }
    m
}

fn vm_hwm_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// One run in this process: prints `name n defined build_ms merge_ms merged rounds comparisons hwm_kb
/// cycle_rounds` (cycle mode's class examinations).
fn one(name: &str, n: usize) {
    let t = Instant::now();
    let mut m = build(name, n);
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    let defined = m.bodies.iter().filter(|b| b.is_some()).count();
    let t = Instant::now();
    let cycles = matches!(name, "rings" | "rings-diff" | "chains-diff") || name.ends_with("+cycles");
    let r = merge_module(&mut m, &Options { merge_cycles: cycles, ..Options::default() }).expect("merge");
    let merge_ms = t.elapsed().as_secs_f64() * 1e3;
    println!(
        "ROW {name} {n} {defined} {build_ms:.1} {merge_ms:.1} {} {} {} {} {}",
        r.stats.functions_merged,
        r.stats.rounds,
        r.stats.comparisons,
        vm_hwm_kb(),
        r.stats.cycle_rounds
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if args.len() == 2 {
        one(&args[0], args[1].parse().expect("size"));
        return;
    }
    let big: usize = std::env::var("MERGEFUNC_SCALING_MAX").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let sizes = |max: usize| [1_000usize, 10_000, 100_000, 1_000_000].into_iter().filter(move |s| *s <= max);
    let plan: Vec<(&str, Vec<usize>)> = vec![
        ("mixed", sizes(big).collect()),
        ("all-equal", sizes(big).collect()),
        ("unique", sizes(big).collect()),
        ("near-dup", sizes(big).collect()),
        ("chains", sizes(big).collect()),
        ("mixed+cycles", sizes(big).collect()),
        ("chains+cycles", sizes(big).collect()),
        ("rings", sizes(big).collect()),
        ("rings-diff", sizes(big).collect()),
        ("chains-diff", sizes(big).collect()),
    ];
    let exe = std::env::current_exe().expect("exe");
    println!("# core scaling (merge_module on synthetic modules; one process per row)");
    println!();
    println!("| scenario | functions | merged | rounds | cycle class examinations | comparisons | merge ms | µs / function | comparisons / function | peak RSS KiB / function |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (name, ns) in plan {
        let mut per_fn = Vec::new();
        for n in ns {
            let o = Command::new(&exe).arg(name).arg(n.to_string()).output().expect("run");
            let out = String::from_utf8_lossy(&o.stdout);
            let Some(row) = out.lines().find(|l| l.starts_with("ROW ")) else {
                eprintln!("{name} {n}: failed: {}", String::from_utf8_lossy(&o.stderr));
                continue;
            };
            let f: Vec<&str> = row.split_whitespace().collect();
            let defined: f64 = f[3].parse().unwrap_or(1.0);
            let merge_ms: f64 = f[5].parse().unwrap_or(0.0);
            let cmp: f64 = f[8].parse().unwrap_or(0.0);
            let hwm: f64 = f[9].parse().unwrap_or(0.0);
            let us = merge_ms * 1e3 / defined;
            per_fn.push((n, us));
            println!(
                "| {name} | {} | {} | {} | {} | {} | {:.1} | {:.3} | {:.1} | {:.2} |",
                f[3],
                f[6],
                f[7],
                f[10],
                f[8],
                merge_ms,
                us,
                cmp / defined,
                hwm / defined
            );
        }
        if let (Some(a), Some(b)) = (per_fn.iter().find(|p| p.0 == 10_000), per_fn.iter().find(|p| p.0 == 1_000_000)) {
            println!("|  | {name}: time per function 10^6 / 10^4 = **{:.2}×** |  |  |  |  |  |  |  |  |", b.1 / a.1);
        }
    }
}
