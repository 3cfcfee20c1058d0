//! CLIF text in and out.
//!
//! Input is ordinary CLIF (what `cranelift-reader` parses) with one optional comment
//! line per function, placed anywhere before its `function` line:
//!
//! ```text
//! ;; mergefunc: local unnamed_addr
//! function %helper(i32) -> i32 { ... }
//! ```
//!
//! The words are a linkage (`import`, `local`, `preemptible`, `hidden`, `export`; the
//! default is `export`) and the flags `unnamed_addr` and `used` ([`FuncDecl`]'s
//! `unnamed_addr` and `used_externally`). Calls to `%names` that the file does not
//! define become imports with the signature of the call.

use core::fmt::{self, Write as _};
use std::collections::HashMap;

use cranelift_codegen::ir;

use crate::{display_name, symbol_of, ClifModule, FuncDecl, Linkage, Symbol};

/// Why CLIF text could not be loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// cranelift-reader rejected the text.
    Parse(cranelift_reader::ParseError),
    /// A `;; mergefunc:` line has a word the adapter does not know.
    Directive {
        /// 1-based line number.
        line: usize,
        /// The word.
        word: String,
    },
    /// Two functions have the same name.
    Duplicate(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Parse(e) => write!(f, "{e}"),
            LoadError::Directive { line, word } => write!(f, "line {line}: unknown mergefunc directive word `{word}`"),
            LoadError::Duplicate(n) => write!(f, "function {n} is defined twice"),
        }
    }
}

impl core::error::Error for LoadError {}

#[derive(Clone, Copy)]
struct Directive {
    linkage: Linkage,
    unnamed_addr: bool,
    used: bool,
}

impl Default for Directive {
    fn default() -> Self {
        Directive { linkage: Linkage::Export, unnamed_addr: false, used: false }
    }
}

fn linkage_word(l: Linkage) -> &'static str {
    match l {
        Linkage::Import => "import",
        Linkage::Local => "local",
        Linkage::Preemptible => "preemptible",
        Linkage::Hidden => "hidden",
        Linkage::Export => "export",
    }
}

/// The directive of each `function` line, in order.
fn directives(text: &str) -> Result<Vec<Directive>, LoadError> {
    let mut out = Vec::new();
    let mut pending: Option<Directive> = None;
    for (n, line) in text.lines().enumerate() {
        let l = line.trim_start();
        if let Some(rest) = l.strip_prefix(";;").map(str::trim_start).and_then(|r| r.strip_prefix("mergefunc:")) {
            let mut d = Directive::default();
            for w in rest.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
                match w {
                    "import" => d.linkage = Linkage::Import,
                    "local" => d.linkage = Linkage::Local,
                    "preemptible" => d.linkage = Linkage::Preemptible,
                    "hidden" => d.linkage = Linkage::Hidden,
                    "export" => d.linkage = Linkage::Export,
                    "unnamed_addr" => d.unnamed_addr = true,
                    "used" => d.used = true,
                    _ => return Err(LoadError::Directive { line: n + 1, word: w.to_string() }),
                }
            }
            pending = Some(d);
        } else if l.starts_with("function ") || l.starts_with("function\t") {
            out.push(pending.take().unwrap_or_default());
        }
    }
    Ok(out)
}

impl ClifModule {
    /// Loads every function of a CLIF file (see the `text` module docs for the
    /// `;; mergefunc:` linkage lines).
    pub fn from_clif(text: &str) -> Result<Self, LoadError> {
        let funcs = cranelift_reader::parse_functions(text).map_err(LoadError::Parse)?;
        let dirs = directives(text)?;
        let mut m = ClifModule::new();
        for (i, func) in funcs.into_iter().enumerate() {
            let d = dirs.get(i).copied().unwrap_or_default();
            let symbol = symbol_of(&func.name);
            if m.names.taken(&symbol) {
                return Err(LoadError::Duplicate(display_name(&symbol)));
            }
            let decl = FuncDecl {
                name: display_name(&symbol),
                linkage: d.linkage,
                signature: func.signature.clone(),
                symbol,
                unnamed_addr: d.unnamed_addr,
                used_externally: d.used,
                align: None,
            };
            let body = if d.linkage == Linkage::Import { None } else { Some(func) };
            m.push(decl, body, false);
        }
        m.declare_missing_callees();
        m.refresh_all();
        Ok(m)
    }

    /// Declares, as imports, the functions that calls and `func_addr`s name but the
    /// module does not have (test-case names and `u0:N` names only).
    fn declare_missing_callees(&mut self) {
        let mut missing: Vec<(Symbol, ir::Signature)> = Vec::new();
        let mut seen: HashMap<Symbol, ()> = HashMap::new();
        for e in &self.entries {
            let Some(func) = &e.func else { continue };
            for (_, ext) in func.dfg.ext_funcs.iter() {
                if self.names.resolve(&ext.name, func).is_some() {
                    continue;
                }
                let sym = match &ext.name {
                    ir::ExternalName::TestCase(t) => Symbol::TestCase(t.raw().into()),
                    ir::ExternalName::User(r) => match func.params.user_named_funcs().get(*r) {
                        Some(u) if u.namespace == 0 => Symbol::User(0, u.index),
                        _ => continue,
                    },
                    ir::ExternalName::LibCall(_) | ir::ExternalName::KnownSymbol(_) => continue,
                };
                let Some(sig) = func.dfg.signatures.get(ext.signature) else { continue };
                if seen.insert(sym.clone(), ()).is_none() {
                    missing.push((sym, sig.clone()));
                }
            }
        }
        for (symbol, signature) in missing {
            let decl = FuncDecl {
                name: display_name(&symbol),
                linkage: Linkage::Import,
                signature,
                symbol,
                unnamed_addr: false,
                used_externally: false,
                align: None,
            };
            self.push(decl, None, false);
        }
    }
}

/// The module as CLIF text.
pub(crate) fn print(m: &ClifModule) -> String {
    let mut s = String::new();
    for (i, e) in m.entries.iter().enumerate() {
        if e.erased {
            continue;
        }
        let Some(func) = &e.func else {
            let _ = writeln!(s, ";; declare {} {} import", e.decl.name, e.decl.signature);
            continue;
        };
        if i > 0 || !s.is_empty() {
            s.push('\n');
        }
        let mut words = vec![linkage_word(e.decl.linkage)];
        if e.decl.unnamed_addr {
            words.push("unnamed_addr");
        }
        if e.decl.used_externally {
            words.push("used");
        }
        let _ = writeln!(s, ";; mergefunc: {}", words.join(" "));
        let _ = write!(s, "{}", func.display());
    }
    s
}
