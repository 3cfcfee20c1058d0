//! Real WebAssembly through wasmtime: the CLIF that wasmtime 48.0.8 (Cranelift 0.135.8,
//! the adapter's pin) hands to Cranelift for three C programs compiled to wasm32-wasi,
//! made by `scripts/make-real-clif.sh` and committed under `tests/real/`.
//!
//! Per module, every function goes into one `ClifModule`, is merged, and then:
//! * every function passes Cranelift's verifier, before and after;
//! * every survivor, thunk and shared body compiles to x86-64 machine code;
//! * every folded function compiled *before* the merge gives the same machine code and
//!   relocations as its survivor (an independent check that nothing was equated that
//!   Cranelift itself would treat differently);
//! * the functions that can run without wasmtime's runtime (no global values, no memory
//!   but the stack, no indirect calls or builtins, callees likewise) are run in
//!   cranelift-interpreter on sample arguments before and after, with equal outcomes.
//!
//! The statistics (the table in the adapter's README) are printed with `--nocapture`;
//! merge times there come from `cargo test --release`.

extern crate alloc;

use alloc::collections::{BTreeMap, BTreeSet};
use std::collections::HashMap;
use std::io::Read as _;
use std::path::Path;
use std::time::Instant;

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::data_value::DataValue;
use cranelift_codegen::ir::{self, immediates::Ieee32, immediates::Ieee64, types, Function, InstructionData};
use cranelift_codegen::{isa, settings, Context};
use cranelift_interpreter::environment::FunctionStore;
use cranelift_interpreter::interpreter::{Interpreter, InterpreterState};
use cranelift_interpreter::step::ControlFlow;
use mergefunc::{FoldAction, FuncId, Ineligible, Module as _};
use mergefunc_cranelift::ClifModule;

fn read_module(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real").join(format!("{name}.clif.gz"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).unwrap();
    text
}

/// x86-64 with the shared flags wasmtime sets that the IR depends on: frame pointers
/// (its trampolines read them with `get_frame_pointer`) and its optimisation level.
fn x86_64() -> isa::OwnedTargetIsa {
    use settings::Configurable as _;
    let mut b = settings::builder();
    b.set("preserve_frame_pointers", "true").unwrap();
    b.set("opt_level", "speed").unwrap();
    isa::lookup_by_name("x86_64-unknown-linux-gnu").unwrap().finish(settings::Flags::new(b)).unwrap()
}

/// Machine code and relocations (with callee names) of one function.
fn machine_code(isa: &dyn isa::TargetIsa, func: &Function) -> Result<(Vec<u8>, Vec<String>), String> {
    let mut ctx = Context::for_function(func.clone());
    let code = ctx.compile(isa, &mut ControlPlane::default()).map_err(|e| format!("{:?}", e.inner))?;
    let relocs = code
        .buffer
        .relocs()
        .iter()
        .map(|r| {
            let target = match &r.target {
                cranelift_codegen::FinalizedRelocTarget::ExternalName(n) => n.display(Some(&func.params)).to_string(),
                cranelift_codegen::FinalizedRelocTarget::Func(off) => format!("+{off}"),
            };
            format!("{}@{} {target}{:+}", r.kind, r.offset, r.addend)
        })
        .collect();
    Ok((code.buffer.data().to_vec(), relocs))
}

/// Machine code equal to another's once relocations to folded functions are read as
/// relocations to their survivors (`folded` maps a folded name to its survivor's).
fn same_code(a: &(Vec<u8>, Vec<String>), b: &(Vec<u8>, Vec<String>), folded: &HashMap<String, String>) -> bool {
    let canon = |relocs: &[String]| -> Vec<String> {
        relocs
            .iter()
            .map(|r| {
                let (head, rest) = r.split_once(' ').unwrap_or((r, ""));
                let (name, addend) = match rest.rfind(['+', '-']) {
                    Some(i) => rest.split_at(i),
                    None => (rest, ""),
                };
                let mut name = name.to_string();
                while let Some(t) = folded.get(&name) {
                    name = t.clone();
                }
                format!("{head} {name}{addend}")
            })
            .collect()
    };
    a.0 == b.0 && canon(&a.1) == canon(&b.1)
}

/// True if the instruction needs nothing from wasmtime's runtime to run in the
/// interpreter (memory other than the stack, global values, indirect or builtin calls).
fn runs_alone(data: &InstructionData) -> bool {
    !matches!(
        data,
        InstructionData::Load { .. }
            | InstructionData::LoadNoOffset { .. }
            | InstructionData::Store { .. }
            | InstructionData::StoreNoOffset { .. }
            | InstructionData::AtomicCas { .. }
            | InstructionData::AtomicRmw { .. }
            | InstructionData::UnaryGlobalValue { .. }
            | InstructionData::CallIndirect { .. }
            | InstructionData::TryCall { .. }
            | InstructionData::TryCallIndirect { .. }
            | InstructionData::FuncAddr { .. }
            | InstructionData::ExceptionHandlerAddress { .. }
            | InstructionData::DynamicStackAddr { .. }
    )
}

/// The module functions each function calls directly (by symbol name), or `None` if it
/// cannot run alone.
fn direct_callees(func: &Function) -> Option<Vec<String>> {
    // `stack_limit` is read only by the prologue's stack check, which the interpreter
    // does not model; the body never sees it.
    let mut out = Vec::new();
    for b in func.layout.blocks() {
        for inst in func.layout.block_insts(b) {
            let data = &func.dfg.insts[inst];
            if !runs_alone(data) {
                return None;
            }
            if let InstructionData::Call { func_ref, .. } = data {
                let ext = &func.dfg.ext_funcs[*func_ref];
                out.push(ext.name.display(Some(&func.params)).to_string());
            }
        }
    }
    Some(out)
}

/// Functions (by symbol) that run alone and call only functions that do.
fn runnable(funcs: &[&Function]) -> BTreeSet<String> {
    let mut callees: HashMap<String, Vec<String>> = HashMap::new();
    for f in funcs {
        if let Some(c) = direct_callees(f) {
            callees.insert(f.name.to_string(), c);
        }
    }
    loop {
        let drop: Vec<String> = callees
            .iter()
            .filter(|(_, cs)| cs.iter().any(|c| !callees.contains_key(c)))
            .map(|(n, _)| n.clone())
            .collect();
        if drop.is_empty() {
            return callees.into_keys().collect();
        }
        for n in drop {
            callees.remove(&n);
        }
    }
}

fn samples(ty: ir::Type) -> Option<Vec<DataValue>> {
    let ints: [i64; 6] = [0, 1, 2, 7, 255, -1];
    let floats: [f64; 4] = [0.0, 1.5, -2.0, 1e10];
    Some(match ty {
        types::I8 => ints.iter().map(|v| DataValue::I8(*v as i8)).collect(),
        types::I16 => ints.iter().map(|v| DataValue::I16(*v as i16)).collect(),
        types::I32 => ints.iter().map(|v| DataValue::I32(*v as i32)).collect(),
        types::I64 => ints.iter().map(|v| DataValue::I64(*v)).collect(),
        types::F32 => floats.iter().map(|v| DataValue::F32(Ieee32::with_float(*v as f32))).collect(),
        types::F64 => floats.iter().map(|v| DataValue::F64(Ieee64::with_float(*v))).collect(),
        _ => return None,
    })
}

/// Up to `limit` argument vectors. The two leading `i64 vmctx` parameters of a
/// WebAssembly function get 0 (a function that runs alone never dereferences them).
fn arg_vectors(f: &Function, limit: usize) -> Option<Vec<Vec<DataValue>>> {
    let mut out = vec![vec![]];
    for p in &f.signature.params {
        let s =
            if p.purpose == ir::ArgumentPurpose::VMContext { vec![DataValue::I64(0)] } else { samples(p.value_type)? };
        let mut next = Vec::new();
        'outer: for prefix in &out {
            for v in &s {
                let mut a = prefix.clone();
                a.push(v.clone());
                next.push(a);
                if next.len() >= limit {
                    break 'outer;
                }
            }
        }
        out = next;
    }
    Some(out)
}

fn run(funcs: &[&Function], name: &str, args: &[DataValue]) -> String {
    let mut store = FunctionStore::default();
    for f in funcs {
        store.add(f.name.to_string(), f);
    }
    let state = InterpreterState::default().with_function_store(store);
    let mut interp = Interpreter::new(state).with_fuel(Some(5_000));
    match interp.call_by_name(name, args) {
        Ok(ControlFlow::Return(vals)) => format!("return {vals:?}"),
        Ok(ControlFlow::Trap(t)) => format!("trap {t}"),
        Ok(_) => "unexpected control flow".to_string(),
        Err(e) => format!("error {e}"),
    }
}

/// What one module's run measured.
#[derive(Debug, Default)]
struct Outcome {
    functions: usize,
    wasm_functions: usize,
    trampolines: usize,
    ineligible: BTreeMap<String, usize>,
    merged: usize,
    thunks: usize,
    erased: usize,
    load_ms: f64,
    merge_ms: f64,
    compiled: usize,
    same_code: usize,
    runnable: usize,
    /// Runnable functions the merge erased, run as their survivor afterwards.
    runs_as_survivor: usize,
    runs: usize,
    folded: Vec<(String, String)>,
}

fn check_module(name: &str) -> Outcome {
    let t0 = Instant::now();
    let text = read_module(name);
    let wasm_functions = text.lines().filter(|l| l.starts_with(";; wasmtime: wasm[0]::function[")).count();
    let mut o = Outcome { wasm_functions, ..Default::default() };
    let mut m = ClifModule::from_clif(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    o.load_ms = t0.elapsed().as_secs_f64() * 1e3;
    let isa = x86_64();
    m.verify_for(&*isa).unwrap_or_else(|e| panic!("{name} before the merge: {e}"));
    // The module as it was, slot by slot (a clone is much cheaper than a second parse).
    let originals: Vec<Option<Function>> = m.ids().map(|id| m.function(id).cloned()).collect();
    let by_name: HashMap<String, FuncId> = m.ids().map(|id| (m.decl(id).name.clone(), id)).collect();
    o.functions = originals.iter().flatten().count();
    o.trampolines = o.functions - wasm_functions;
    for id in m.ids() {
        if m.function(id).is_none() {
            continue;
        }
        if let Some(r) = &m.func(id).ineligible {
            let reason = match r {
                Ineligible::NoBody => "no body".to_string(),
                Ineligible::Adapter(code) => m.ineligible_reason(*code).to_string(),
            };
            *o.ineligible.entry(reason).or_default() += 1;
        }
    }

    let t = Instant::now();
    let report = m.merge(&mergefunc::Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    o.merge_ms = t.elapsed().as_secs_f64() * 1e3;
    m.verify_for(&*isa).unwrap_or_else(|e| panic!("{name} after the merge: {e}"));
    o.merged = report.merges.len();

    // Survivors, thunks and created bodies compile; each folded function's original
    // compiles to exactly its survivor's code.
    let mut to_compile: BTreeSet<FuncId> = BTreeSet::new();
    for r in &report.merges {
        to_compile.insert(r.target);
        match r.action {
            FoldAction::Thunk => {
                o.thunks += 1;
                to_compile.insert(r.folded);
            }
            FoldAction::Erased => o.erased += 1,
            FoldAction::Alias | FoldAction::Kept => {}
        }
        o.folded.push((
            String::from_utf8_lossy(m.func_name(r.folded)).into_owned(),
            String::from_utf8_lossy(m.func_name(r.target)).into_owned(),
        ));
    }
    to_compile.extend(m.ids().filter(|id| m.is_created(*id)));
    // A survivor of an early merge may itself be folded later (and erased); its own
    // record names the function that replaced it.
    to_compile.retain(|id| !m.is_erased(*id));
    for id in &to_compile {
        let f = m.function(*id).unwrap_or_else(|| panic!("{name}: {} has no body", m.decl(*id).name));
        machine_code(&*isa, f).unwrap_or_else(|e| panic!("{name}: {} does not compile: {e}", m.decl(*id).name));
        o.compiled += 1;
    }
    let folded_to: HashMap<String, String> = o.folded.iter().cloned().collect();
    for (folded, target) in &o.folded {
        // Both as they were before the merge; a call to a function the merge folded
        // counts as a call to its survivor (that is the merge's own premise, checked
        // for that pair by its own record).
        let original = |n: &str| originals[by_name[n].index()].as_ref().unwrap();
        let a = machine_code(&*isa, original(target)).unwrap();
        let b = machine_code(&*isa, original(folded)).unwrap();
        if same_code(&a, &b, &folded_to) {
            o.same_code += 1;
        } else {
            eprintln!("{name}: {folded} and {target} differ in machine code");
        }
    }

    // Interpreter, before and after, wherever a function runs alone.
    let before: Vec<&Function> = originals.iter().flatten().collect();
    let after: Vec<&Function> = m.ids().filter_map(|id| m.function(id)).collect();
    let alone = runnable(&before);
    o.runnable = alone.len();
    for f in &before {
        let sym = f.name.to_string();
        if !alone.contains(&sym) {
            continue;
        }
        // An erased function is run as the survivor that replaced it.
        let mut now = sym.clone();
        while !after.iter().any(|g| g.name.to_string() == now) {
            now = folded_to.get(&now).unwrap_or_else(|| panic!("{name}: {sym} vanished")).clone();
        }
        if now != sym {
            o.runs_as_survivor += 1;
        }
        let Some(args) = arg_vectors(f, 12) else { continue };
        for a in &args {
            let x = run(&before, &sym, a);
            let y = run(&after, &now, a);
            assert_eq!(x, y, "{name}: {sym}{a:?} changed behaviour (run as {now} after the merge)");
            o.runs += 1;
        }
    }
    o
}

fn report(name: &str, o: &Outcome) {
    eprintln!(
        "{name}: {} CLIF functions ({} wasm, {} trampolines), merged {} ({} thunks, {} erased), \
         ineligible {:?}, load {:.0} ms, merge {:.1} ms, compiled {}, same machine code {}/{}, runnable alone {} ({} erased, run as their survivor), {} interpreter runs",
        o.functions,
        o.wasm_functions,
        o.trampolines,
        o.merged,
        o.thunks,
        o.erased,
        o.ineligible,
        o.load_ms,
        o.merge_ms,
        o.compiled,
        o.same_code,
        o.merged,
        o.runnable,
        o.runs_as_survivor,
        o.runs
    );
    for (f, t) in &o.folded {
        eprintln!("  {f} -> {t}");
    }
}

/// The interpreter recurses natively on every call.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(1 << 28).spawn(f).unwrap().join().unwrap()
}

fn check(name: &'static str) -> Outcome {
    let o = with_big_stack(move || check_module(name));
    report(name, &o);
    assert!(o.wasm_functions > 100, "{name}: only {} WebAssembly functions", o.wasm_functions);
    assert_eq!(o.same_code, o.merged, "{name}: a folded function compiles to other machine code than its survivor");
    assert_eq!(o.compiled, o.compiled.max(o.thunks));
    o
}

#[test]
fn lz4_program() {
    check("lz4");
}

#[test]
fn zstd_library() {
    check("zstd");
}

/// zstd at -O0: every `static inline` helper of zstd's headers is a function of its own
/// in each file that uses it, so this module is full of duplicates.
#[test]
fn zstd_debug_build() {
    let o = check("zstd-O0");
    assert!(o.merged > 100, "zstd-O0: only {} merges", o.merged);
}

#[test]
fn mbedtls_selftest() {
    check("mbedtls");
}

// ----------------------------------------------------------------------------------
// Every construct wasmtime emits is compared: a real function against a copy with one
// construct changed.
// ----------------------------------------------------------------------------------

/// The functions of a CLIF file, as text (from `function` to the closing `}`).
fn function_texts(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("\nfunction ") {
        let from = &rest[start + 1..];
        let end = from.find("\n}\n").map_or(from.len(), |e| e + 3);
        out.push(&from[..end]);
        rest = &from[end..];
    }
    out
}

/// The function's own name (`u0:145`).
fn own_name(f: &str) -> &str {
    let head = f.strip_prefix("function ").unwrap();
    &head[..head.find('(').unwrap()]
}

/// Replaces the first occurrence of `needle` in `f` by what `edit` makes of it.
fn edit_first(f: &str, needle: &str, edit: impl Fn(&str) -> String) -> Option<String> {
    let i = f.find(needle)?;
    Some(format!("{}{}{}", &f[..i], edit(needle), &f[i + needle.len()..]))
}

/// Replaces the number right after the first `prefix` by `n + 1`.
fn bump_number_after(f: &str, prefix: &str) -> Option<String> {
    let i = f.find(prefix)? + prefix.len();
    let len = f[i..].find(|c: char| !c.is_ascii_digit())?;
    let n: u64 = f[i..i + len].parse().ok()?;
    Some(format!("{}{}{}", &f[..i], n + 1, &f[i + len..]))
}

/// Swaps the first two entries of the first `br_table` list whose first two differ.
fn swap_br_table(f: &str) -> Option<String> {
    let i = f.find("br_table")?;
    let open = i + f[i..].find('[')? + 1;
    let close = open + f[open..].find(']')?;
    let items: Vec<&str> = f[open..close].split(", ").collect();
    if items.len() < 2 || items[0] == items[1] {
        return None;
    }
    let mut swapped = items.clone();
    swapped.swap(0, 1);
    Some(format!("{}{}{}", &f[..open], swapped.join(", "), &f[close..]))
}

type Mutation = (&'static str, &'static str, fn(&str) -> Option<String>);

/// (what changes, a text the function must contain, the change).
const MUTATIONS: &[Mutation] = &[
    ("alias region id", "    region0 = ", |f| bump_number_after(f, "    region0 = ")),
    ("global value load offset", "gv1 = load.i64 notrap aligned readonly can_move region0 gv0+8", |f| {
        edit_first(f, "region0 gv0+8", |_| "region0 gv0+16".into())
    }),
    ("global value load flags", "gv1 = load.i64 notrap aligned readonly can_move", |f| {
        edit_first(f, "gv1 = load.i64 notrap aligned readonly can_move", |_| {
            "gv1 = load.i64 notrap aligned readonly".into()
        })
    }),
    ("stack limit", "    stack_limit = gv2\n", |f| edit_first(f, "    stack_limit = gv2\n", |_| String::new())),
    ("heap load endianness", " little region", |f| edit_first(f, " little region", |_| " big region".into())),
    ("heap access alias region", "load.i32 little region", |f| {
        let i = f.find("load.i32 little region")? + "load.i32 little region".len();
        let len = f[i..].find(' ')?;
        let r: u32 = f[i..i + len].parse().ok()?;
        // Another region the function declares (region0 always exists).
        let other = if r == 0 { 1 } else { 0 };
        if !f.contains(&format!("    region{other} = ")) {
            return None;
        }
        Some(format!("{}{other}{}", &f[..i], &f[i + len..]))
    }),
    ("trap code of a bounds check", ", heap_oob", |f| edit_first(f, ", heap_oob", |_| ", int_ovf".into())),
    ("user trap code", "trap user", |f| bump_number_after(f, "trap user")),
    ("direct callee", "fn0 = colocated u0:", |f| bump_number_after(f, "fn0 = colocated u0:")),
    ("colocated callee", "fn0 = colocated ", |f| edit_first(f, "fn0 = colocated ", |_| "fn0 = ".into())),
    ("indirect call signature", "call_indirect sig", |f| {
        let i = f.find("call_indirect sig")? + "call_indirect ".len();
        let sig = &f[i..i + f[i..].find(',')?];
        let decl = format!("    {sig} = (");
        let at = f.find(&decl)?;
        let line_end = at + f[at..].find('\n')?;
        let line = &f[at..line_end];
        let changed = line.strip_suffix(" tail").map(|l| format!("{l} system_v"))?;
        Some(format!("{}{changed}{}", &f[..at], &f[line_end..]))
    }),
    ("br_table targets", "br_table", swap_br_table),
    ("spectre guard", "select_spectre_guard", |f| edit_first(f, "select_spectre_guard", |_| "select".into())),
    ("integer immediate", "iconst.i32 ", |f| bump_number_after(f, "iconst.i32 ")),
    ("frame-pointer read", "get_frame_pointer.i64", |f| {
        edit_first(f, "get_frame_pointer.i64", |_| "get_stack_pointer.i64".into())
    }),
    ("exception handler address", "get_exception_handler_address.i64 block1, 0", |f| {
        edit_first(f, "get_exception_handler_address.i64 block1, 0", |_| {
            "get_exception_handler_address.i64 block1, 1".into()
        })
    }),
];

/// Compares `original` with a renamed copy of `copy_text` in one module.
fn compare_texts(original: &str, copy_text: &str) -> core::cmp::Ordering {
    let name = own_name(original);
    let copy = copy_text.replacen(&format!("function {name}("), "function u0:999999(", 1);
    let text = format!(";; mergefunc: export\n{original}\n;; mergefunc: export\n{copy}");
    let m = ClifModule::from_clif(&text).unwrap_or_else(|e| panic!("{e}\n{copy}"));
    let (a, b) = (m.find(name).unwrap(), m.find("u0:999999").unwrap());
    assert_eq!(m.func(a).ineligible, None);
    mergefunc::compare_functions(&m, a, b)
}

#[test]
fn every_construct_wasmtime_emits_is_compared() {
    let text = read_module("mbedtls");
    let mut funcs = function_texts(&text);
    // Smallest first: the test stays quick; a function that names itself is skipped
    // (a renamed copy would call the original).
    funcs.sort_by_key(|f| (f.len(), *f));
    let mut checked = 0;
    for (what, needle, mutate) in MUTATIONS {
        let Some((f, changed)) = funcs
            .iter()
            .filter(|f| f.contains(needle) && f.matches(own_name(f)).count() == 1)
            .find_map(|f| mutate(f).filter(|c| c != f).map(|c| (*f, c)))
        else {
            panic!("no function of mbedtls has {what} ({needle:?})");
        };
        assert_eq!(compare_texts(f, f), core::cmp::Ordering::Equal, "{what}: a renamed copy differs");
        assert_ne!(compare_texts(f, &changed), core::cmp::Ordering::Equal, "{what}: the change went unseen");
        checked += 1;
    }
    // What the adapter ignores on purpose: source locations (wasm bytecode offsets).
    let f = funcs.iter().find(|f| f.contains("\n@") && f.matches(own_name(f)).count() == 1).unwrap();
    let i = f.find("\n@").unwrap() + 2;
    let moved = format!("{}ffff{}", &f[..i], &f[i + 4..]);
    assert_eq!(compare_texts(f, &moved), core::cmp::Ordering::Equal, "source locations are not compared");
    eprintln!("{checked} constructs checked");
}
