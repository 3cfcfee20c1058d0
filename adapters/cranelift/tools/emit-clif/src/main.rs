//! `emit-clif INPUT.wasm OUTPUT.clif`: compiles one WebAssembly module ahead of time
//! with wasmtime 48.0.8 for x86-64 and gathers the CLIF that wasmtime hands to Cranelift
//! (`Config::emit_clif`, one file per compiled function) into one file the adapter's
//! `ClifModule::from_clif` reads.
//!
//! Each function of the output is preceded by
//! * a `;; mergefunc:` line with its linkage: `local` for a WebAssembly function that
//!   only direct calls can reach (not exported, not the start function, not in any
//!   element segment, so no `ref.func` or table can name it), `export` for every other
//!   function (wasmtime's runtime keeps a handle to it);
//! * a `;; wasmtime:` line with wasmtime's symbol and, for WebAssembly functions, the
//!   module's function index (imports included) and its name from the `name` section
//!   (empty when the module has none, as wasm-ld 22 writes it).
//!
//! Functions are written in wasmtime's symbol order (WebAssembly functions by index,
//! then trampolines), so the output does not depend on the order files were written.
//! Compilation runs on one thread (the `parallel-compilation` feature is off).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context as _};
use wasmparser::{ElementItems, ExternalKind, KnownCustom, Name, Operator, Parser, Payload, TypeRef};

/// What the generator needs to know about a module's functions.
#[derive(Default)]
struct Facts {
    imported_funcs: u32,
    /// Function indices a runtime handle can reach: exports, the start function,
    /// element segment items.
    reachable: BTreeSet<u32>,
    names: BTreeMap<u32, String>,
}

fn facts(bytes: &[u8]) -> anyhow::Result<Facts> {
    let mut f = Facts::default();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload? {
            Payload::ImportSection(s) => {
                for imp in s.into_imports() {
                    if let TypeRef::Func(_) = imp?.ty {
                        f.imported_funcs += 1;
                    }
                }
            }
            Payload::ExportSection(s) => {
                for e in s {
                    let e = e?;
                    if e.kind == ExternalKind::Func {
                        f.reachable.insert(e.index);
                    }
                }
            }
            Payload::StartSection { func, .. } => {
                f.reachable.insert(func);
            }
            Payload::ElementSection(s) => {
                for el in s {
                    match el?.items {
                        ElementItems::Functions(list) => {
                            for i in list {
                                f.reachable.insert(i?);
                            }
                        }
                        ElementItems::Expressions(_, list) => {
                            for e in list {
                                for op in e?.get_operators_reader() {
                                    if let Operator::RefFunc { function_index } = op? {
                                        f.reachable.insert(function_index);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Payload::CustomSection(c) => {
                if let KnownCustom::Name(names) = c.as_known() {
                    for n in names {
                        if let Name::Function(map) = n? {
                            for naming in map {
                                let naming = naming?;
                                f.names.insert(naming.index, naming.name.to_string());
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(f)
}

/// The module's function index (imports included) in a symbol `wasm[0]::function[N]…`.
/// The CLIF name of that function is `u0:D`, with `D` its index among the defined
/// functions (`N` minus the number of imported functions).
fn function_index(symbol: &str) -> Option<u32> {
    // `wasm[0]::function[N]`, or `wasm[0]::function[N]::NAME` when the module has a
    // `name` section.
    let rest = symbol.strip_prefix("wasm[0]::function[")?;
    rest[..rest.find(']')?].parse().ok()
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, output] = args.as_slice() else {
        bail!("usage: emit-clif INPUT.wasm OUTPUT.clif");
    };
    let bytes = std::fs::read(input).with_context(|| format!("reading {input}"))?;
    let facts = facts(&bytes)?;

    let dir = Path::new(output).with_extension("clif.d");
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    let mut config = wasmtime::Config::new();
    config.target("x86_64-unknown-linux-gnu").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    config.emit_clif(&dir);
    let engine = wasmtime::Engine::new(&config).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    engine.precompile_module(&bytes).map_err(|e| anyhow::anyhow!("compiling {input}: {e:?}"))?;

    // Key: (0, wasm index) for WebAssembly functions, (1, 0) then symbol for the rest.
    let mut funcs: BTreeMap<(u32, u32, String), (String, String)> = BTreeMap::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let text = std::fs::read_to_string(&path)?;
        let (first, body) = text.split_once('\n').context("empty CLIF file")?;
        let symbol = first
            .strip_prefix(";; Intermediate Representation of function <")
            .and_then(|s| s.strip_suffix(">:"))
            .with_context(|| format!("{}: unexpected first line {first:?}", path.display()))?
            .to_string();
        let key = match function_index(&symbol) {
            Some(i) => (0, i, String::new()),
            None => (1, 0, symbol.clone()),
        };
        funcs.insert(key, (symbol, body.to_string()));
    }
    std::fs::remove_dir_all(&dir)?;

    let mut out = String::new();
    let (mut local, mut export, mut other) = (0, 0, 0);
    for ((kind, index, _), (symbol, body)) in &funcs {
        let func_index = *index;
        let linkage = if *kind == 0 && !facts.reachable.contains(&func_index) { "local" } else { "export" };
        match (kind, linkage) {
            (0, "local") => local += 1,
            (0, _) => export += 1,
            _ => other += 1,
        }
        writeln!(out, ";; mergefunc: {linkage}")?;
        if *kind == 0 {
            let name = facts.names.get(&func_index).map_or("", String::as_str);
            writeln!(out, ";; wasmtime: {symbol} function_index={func_index} name={name}")?;
        } else {
            writeln!(out, ";; wasmtime: {symbol}")?;
        }
        out.push_str(body);
        if !body.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    std::fs::write(output, out)?;
    eprintln!(
        "{input}: {} imported functions; wrote {} CLIF functions ({local} local, {export} reachable by the runtime, \
         {other} trampolines) to {output}",
        facts.imported_funcs,
        funcs.len()
    );
    Ok(())
}
