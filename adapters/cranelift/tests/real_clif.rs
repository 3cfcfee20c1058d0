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

use std::collections::{BTreeMap, BTreeSet, HashMap};
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
    match data {
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
        | InstructionData::DynamicStackAddr { .. } => false,
        _ => true,
    }
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
fn runnable(m: &ClifModule) -> BTreeSet<String> {
    let mut callees: HashMap<String, Vec<String>> = HashMap::new();
    for id in m.ids() {
        if let Some(f) = m.function(id) {
            if let Some(c) = direct_callees(f) {
                callees.insert(f.name.to_string(), c);
            }
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

fn run(m: &ClifModule, name: &str, args: &[DataValue]) -> String {
    let mut store = FunctionStore::default();
    for id in m.ids() {
        if let Some(f) = m.function(id) {
            store.add(f.name.to_string(), f);
        }
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
    merge_ms: f64,
    compiled: usize,
    same_code: usize,
    runnable: usize,
    runs: usize,
    folded: Vec<(String, String)>,
}

fn check_module(name: &str) -> Outcome {
    let t0 = Instant::now();
    let text = read_module(name);
    let wasm_functions = text.lines().filter(|l| l.starts_with(";; wasmtime: wasm[0]::function[")).count();
    let mut o = Outcome { wasm_functions, ..Default::default() };
    let before = ClifModule::from_clif(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    eprintln!("{name}: read+parse {:?}", t0.elapsed());
    let isa = x86_64();
    before.verify_for(&*isa).unwrap_or_else(|e| panic!("{name} before the merge: {e}"));
    o.functions = before.ids().filter(|id| before.function(*id).is_some()).count();
    o.trampolines = o.functions - wasm_functions;
    for id in before.ids() {
        if before.function(id).is_none() {
            continue;
        }
        if let Some(r) = &before.func(id).ineligible {
            let reason = match r {
                Ineligible::NoBody => "no body".to_string(),
                Ineligible::Adapter(code) => before.ineligible_reason(*code).to_string(),
            };
            *o.ineligible.entry(reason).or_default() += 1;
        }
    }

    let mut after = ClifModule::from_clif(&text).unwrap();
    let t = Instant::now();
    let report = after.merge(&mergefunc::Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    o.merge_ms = t.elapsed().as_secs_f64() * 1e3;
    after.verify_for(&*isa).unwrap_or_else(|e| panic!("{name} after the merge: {e}"));
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
            String::from_utf8_lossy(&r.folded_name).into_owned(),
            String::from_utf8_lossy(&r.target_name).into_owned(),
        ));
    }
    to_compile.extend(after.ids().filter(|id| after.is_created(*id)));
    for id in &to_compile {
        let f = after.function(*id).unwrap_or_else(|| panic!("{name}: {} has no body", after.decl(*id).name));
        machine_code(&*isa, f).unwrap_or_else(|e| panic!("{name}: {} does not compile: {e}", after.decl(*id).name));
        o.compiled += 1;
    }
    let folded_to: HashMap<String, String> = report
        .merges
        .iter()
        .map(|r| {
            (String::from_utf8_lossy(&r.folded_name).into_owned(), String::from_utf8_lossy(&r.target_name).into_owned())
        })
        .collect();
    for r in &report.merges {
        // Both as they were before the merge; a call to a function the merge folded
        // counts as a call to its survivor (that is the merge's own premise, checked
        // for that pair by its own record).
        let target = before.find(&String::from_utf8_lossy(&r.target_name));
        let folded = before.find(&String::from_utf8_lossy(&r.folded_name));
        let (Some(target), Some(folded)) = (target, folded) else { continue };
        let a = machine_code(&*isa, before.function(target).unwrap()).unwrap();
        let b = machine_code(&*isa, before.function(folded).unwrap()).unwrap();
        if same_code(&a, &b, &folded_to) {
            o.same_code += 1;
        } else {
            eprintln!("{name}: {} and {} differ in machine code", before.decl(folded).name, before.decl(target).name);
        }
    }

    eprintln!("{name}: up to interpreter {:?}", t0.elapsed());
    // Interpreter, before and after, wherever a function runs alone.
    let run_before = runnable(&before);
    o.runnable = run_before.len();
    for sym in &run_before {
        let Some(id) = before.ids().find(|id| before.function(*id).is_some_and(|f| f.name.to_string() == *sym)) else {
            continue;
        };
        if after.is_erased(id) {
            continue;
        }
        let Some(args) = arg_vectors(before.function(id).unwrap(), 12) else { continue };
        for a in &args {
            let x = run(&before, sym, a);
            let y = run(&after, sym, a);
            assert_eq!(x, y, "{name}: {sym}{a:?} changed behaviour");
            o.runs += 1;
        }
    }
    o
}

fn report(name: &str, o: &Outcome) {
    eprintln!(
        "{name}: {} CLIF functions ({} wasm, {} trampolines), merged {} ({} thunks, {} erased), \
         ineligible {:?}, merge {:.1} ms, compiled {}, same machine code {}/{}, runnable alone {}, {} interpreter runs",
        o.functions,
        o.wasm_functions,
        o.trampolines,
        o.merged,
        o.thunks,
        o.erased,
        o.ineligible,
        o.merge_ms,
        o.compiled,
        o.same_code,
        o.merged,
        o.runnable,
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

#[test]
fn mbedtls_selftest() {
    check("mbedtls");
}
