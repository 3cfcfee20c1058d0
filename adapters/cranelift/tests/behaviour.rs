//! Differential check: every function that survives a merge computes what it computed
//! before, on a sample of inputs, under cranelift-interpreter.

mod common;

use std::path::Path;

use cranelift_codegen::data_value::DataValue;
use cranelift_codegen::ir::{types, Function, Type};
use cranelift_interpreter::environment::FunctionStore;
use cranelift_interpreter::interpreter::{Interpreter, InterpreterState};
use cranelift_interpreter::step::ControlFlow;
use mergefunc_cranelift::ClifModule;

/// Sample values for one parameter type (`None`: not a scalar we sample).
fn samples(ty: Type) -> Option<Vec<DataValue>> {
    let ints: [i64; 7] = [0, 1, 2, 3, 5, 12, -1];
    Some(match ty {
        types::I8 => ints.iter().map(|v| DataValue::I8(*v as i8)).collect(),
        types::I16 => ints.iter().map(|v| DataValue::I16(*v as i16)).collect(),
        types::I32 => ints.iter().map(|v| DataValue::I32(*v as i32)).collect(),
        types::I64 => ints.iter().map(|v| DataValue::I64(*v)).collect(),
        _ => return None,
    })
}

/// Up to `limit` argument vectors: the cartesian product of the samples, in a fixed
/// order.
fn arg_vectors(f: &Function, limit: usize) -> Option<Vec<Vec<DataValue>>> {
    let per: Vec<Vec<DataValue>> = f.signature.params.iter().map(|p| samples(p.value_type)).collect::<Option<_>>()?;
    let mut out = vec![vec![]];
    for s in &per {
        let mut next = Vec::new();
        for prefix in &out {
            for v in s {
                let mut p: Vec<DataValue> = prefix.clone();
                p.push(v.clone());
                next.push(p);
                if next.len() >= limit {
                    break;
                }
            }
        }
        out = next;
    }
    Some(out)
}

/// What a call did, as text (results, trap, or interpreter error).
fn run(m: &ClifModule, name: &str, args: &[DataValue]) -> String {
    let mut store = FunctionStore::default();
    for id in m.ids() {
        if let Some(f) = m.function(id) {
            store.add(f.name.to_string(), f);
        }
    }
    let state = InterpreterState::default().with_function_store(store);
    let mut interp = Interpreter::new(state).with_fuel(Some(20_000));
    match interp.call_by_name(&format!("%{name}"), args) {
        Ok(ControlFlow::Return(vals)) => format!("return {vals:?}"),
        Ok(ControlFlow::Trap(t)) => format!("trap {t}"),
        Ok(_) => "unexpected control flow".to_string(),
        Err(e) => format!("error {e}"),
    }
}

fn check_file(path: &Path) -> usize {
    let text = common::read(path);
    let skip = common::header_words(&text, "no-run");
    let before = ClifModule::from_clif(&text).unwrap();
    let (after, report) = common::merge_text(&text);
    let mut checked = 0;
    for id in before.ids() {
        let name = before.decl(id).name.clone();
        let Some(func) = before.function(id) else { continue };
        if after.is_erased(id) || skip.contains(&format!("%{name}").as_str()) {
            continue;
        }
        let Some(args) = arg_vectors(func, 64) else { continue };
        for a in &args {
            let x = run(&before, &name, a);
            let y = run(&after, &name, a);
            assert_eq!(x, y, "{}: %{name}{a:?} changed behaviour after\n{}", path.display(), report.display(&after));
            checked += 1;
        }
    }
    checked
}

/// The interpreter recurses natively on every call; deep (fuel-bounded) recursion in
/// the samples needs a big stack.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(1 << 30).spawn(f).unwrap().join().unwrap();
}

#[test]
fn merged_modules_behave_the_same() {
    with_big_stack(all_files);
}

fn all_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut total = 0;
    for f in files.iter().filter(|p| p.extension().is_some_and(|e| e == "clif")) {
        let n = check_file(f);
        eprintln!("{}: {n} calls", f.display());
        assert!(n > 0, "{}: no function was run", f.display());
        total += n;
    }
    assert!(total > 100, "only {total} calls were checked");
}

/// The interpreter really does see a difference where the merge must not merge:
/// functions that differ in one immediate compute different results.
#[test]
fn near_duplicates_really_differ() {
    let text = common::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/encodings.clif"));
    let m = ClifModule::from_clif(&text).unwrap();
    let outs = |name: &str| -> Vec<String> {
        let f = m.function(m.find(name).unwrap()).unwrap();
        arg_vectors(f, 64).unwrap().iter().map(|a| run(&m, name, a)).collect()
    };
    assert_eq!(outs("ops_a"), outs("ops_b"));
    assert_ne!(outs("ops_a"), outs("ops_table"));
    assert_ne!(outs("ops_a"), outs("ops_mask"));
}
