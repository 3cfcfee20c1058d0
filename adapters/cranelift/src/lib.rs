//! # mergefunc-cranelift
//!
//! LLVM's MergeFunctions for [Cranelift IR](cranelift_codegen::ir): find functions that
//! are provably identical, keep one, and turn the others into thunks, redirected calls or
//! nothing at all. The algorithm lives in the IR-agnostic [`mergefunc`] crate; this crate
//! is only the adapter.
//!
//! Cranelift has no module IR, so the adapter brings its own: a [`ClifModule`] is the set
//! of functions a `cranelift_module::Module` user holds *before* calling
//! `define_function`, each with the declaration cranelift-module uses (name,
//! [`Linkage`], signature). Build one from
//! * CLIF text with [`ClifModule::from_clif`] (every `function %name` in the file; calls
//!   to `%names` that the file does not define become imports), or
//! * a `cranelift_module` declaration table with [`ClifModule::from_declarations`] plus
//!   the bodies you built, and hand the result back with [`ClifModule::define_into`].
//!
//! Then run [`ClifModule::merge`] (or [`mergefunc::merge_module`] directly, followed by
//! [`ClifModule::refresh_stale`] if you read the core's views afterwards).
//!
//! ## Linkage
//! | cranelift-module | mergefunc |
//! |---|---|
//! | `Import` | no body: never a candidate |
//! | `Local` | local, discardable when unused: an unused duplicate is erased |
//! | `Preemptible` | interposable: a pair of them gets a new private body and two thunks |
//! | `Hidden`, `Export` | external: a duplicate becomes a thunk |
//!
//! Cranelift has no aliases, so a duplicate whose symbol must stay is always a thunk
//! (`call` + `return`, or `return_call` under the `tail` calling convention). Function
//! addresses are significant unless a function is marked
//! [`unnamed_addr`](FuncDecl::unnamed_addr): only direct calls are redirected.
//!
//! ## How Cranelift IR is described to the core
//! Block parameters become pseudo-instructions at the top of their block (entry-block
//! parameters are the function's arguments), branch arguments are operands of the
//! branch next to their target block, instructions with several results are followed
//! by one projection pseudo-instruction per result, and every `InstructionData` format
//! is matched exhaustively, so a Cranelift upgrade that adds a format does not compile.
//! The [`encode`] module has the full mapping.
#![deny(missing_docs, missing_debug_implementations)]

pub mod encode;
mod explain;
mod mutate;
mod text;

use core::fmt;
use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use cranelift_codegen::ir::{self, Function, Signature, UserExternalName, UserFuncName};
use cranelift_codegen::settings;
pub use cranelift_module::Linkage;
use mergefunc::{
    AsmData, AttrList, AttrsId, Body, BodyBuf, ConstData, ConstId, FuncId, FuncInfo, MetaData, MetaId, TargetInfo,
    TypeData, TypeId, UseKind,
};

pub use mutate::MutError;
pub use text::LoadError;

/// How other functions spell a reference to a function of the module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// A test-case name, `%name` in CLIF text.
    TestCase(Box<[u8]>),
    /// A user name `u<namespace>:<index>`; cranelift-module uses namespace 0 and the
    /// `FuncId` as index.
    User(u32, u32),
}

/// The declaration of one function of a [`ClifModule`].
#[derive(Clone, Debug)]
pub struct FuncDecl {
    /// Symbol name (used in reports and for the deterministic survivor tie-break).
    pub name: String,
    /// Linkage, as cranelift-module declares it.
    pub linkage: Linkage,
    /// Signature.
    pub signature: Signature,
    /// How references to this function are spelled.
    pub symbol: Symbol,
    /// The function's address is not significant anywhere, so every reference
    /// (`func_addr`, `symbol_value`) may be moved to an equal function (LLVM's
    /// `unnamed_addr`). Off by default.
    pub unnamed_addr: bool,
    /// Something the module cannot see refers to this function (a data object's
    /// relocation, a symbol table the embedder keeps): it is never erased and its
    /// references are never replaced wholesale. Off by default.
    pub used_externally: bool,
    /// Alignment recorded by the merge (Cranelift lets the target choose; kept for
    /// embedders that care).
    pub align: Option<u64>,
}

/// One function slot of a [`ClifModule`]: its declaration, its body and the adapter's
/// cached description of it.
struct Entry {
    decl: FuncDecl,
    func: Option<Function>,
    erased: bool,
    /// Created by the merge (a private body shared by two preemptible functions).
    created: bool,
    info: FuncInfo,
    /// The view; `None` for a function without a body, and while `stale`.
    body: Option<BodyBuf>,
    /// A caller rewrite changed `func` after its view was built; the view is rebuilt
    /// when the merge driver next reads it ([`mergefunc::FastPath::materialize`]) or
    /// when [`ClifModule::merge`] returns. `uses` stays exact regardless.
    stale: bool,
    /// The module functions this one refers to.
    uses: encode::Uses,
}

impl Entry {
    /// Has a body the core can see (built or stale view).
    fn has_body(&self) -> bool {
        self.stale || self.body.is_some()
    }
}

/// An interning table: equal values get equal ids, in first-seen order.
#[derive(Debug)]
struct Interner<T> {
    items: Vec<T>,
    ids: HashMap<T, u32, FxBuildHasher>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner { items: Vec::new(), ids: HashMap::default() }
    }
}

impl<T: Clone + Eq + core::hash::Hash> Interner<T> {
    fn intern(&mut self, t: T) -> u32 {
        if let Some(&i) = self.ids.get(&t) {
            return i;
        }
        let i = self.items.len() as u32;
        self.items.push(t.clone());
        self.ids.insert(t, i);
        i
    }
}

/// Module-level tables shared by all function encodings.
#[derive(Debug, Default)]
struct Tables {
    types: Interner<TypeData>,
    consts: Interner<ConstData>,
    /// Names of things that are not functions of the module (data symbols, libcalls).
    strings: Interner<String>,
    /// `Type::index()` → interned `TypeId`.
    type_cache: Vec<Option<TypeId>>,
    /// The interned label type and address type, once first asked for.
    label_ty: Option<TypeId>,
    addr_ty: Option<TypeId>,
    /// Source of ids for opaque constants that must equal nothing else.
    next_unique: u64,
}

/// Name resolution: how a reference in one function finds a function of the module.
#[derive(Debug, Default)]
struct Names {
    by_testcase: HashMap<Box<[u8]>, FuncId, FxBuildHasher>,
    by_user: HashMap<(u32, u32), FuncId, FxBuildHasher>,
}

impl Names {
    fn add(&mut self, sym: &Symbol, id: FuncId) {
        match sym {
            Symbol::TestCase(n) => {
                self.by_testcase.insert(n.clone(), id);
            }
            Symbol::User(ns, i) => {
                self.by_user.insert((*ns, *i), id);
            }
        }
    }

    fn taken(&self, sym: &Symbol) -> bool {
        match sym {
            Symbol::TestCase(n) => self.by_testcase.contains_key(n),
            Symbol::User(ns, i) => self.by_user.contains_key(&(*ns, *i)),
        }
    }

    /// The module function an external name refers to, if any.
    fn resolve(&self, name: &ir::ExternalName, func: &Function) -> Option<FuncId> {
        match name {
            ir::ExternalName::User(r) => {
                let u = func.params.user_named_funcs().get(*r)?;
                self.by_user.get(&(u.namespace, u.index)).copied()
            }
            ir::ExternalName::TestCase(t) => self.by_testcase.get(t.raw()).copied(),
            ir::ExternalName::LibCall(_) | ir::ExternalName::KnownSymbol(_) => None,
        }
    }
}

/// A set of Cranelift functions with their declarations: the module MergeFunctions runs
/// over. Implements [`mergefunc::Module`] and [`mergefunc::ModuleMut`].
pub struct ClifModule {
    entries: Vec<Entry>,
    names: Names,
    tables: Tables,
    target: TargetInfo,
    /// How many views have been built (for tests of how often a rewrite re-encodes).
    encodes: u64,
    /// For each function, the functions whose use lists have named it: ascending,
    /// without repeats, a superset of its current users (lists only grow; a user that
    /// stopped naming it stays listed). Every question about a function's users reads
    /// its list and checks each entry's current `uses`, so the answers and their order
    /// are those of a scan of every function, at the cost of the list.
    referrers: Vec<Vec<u32>>,
    /// How many function slots the questions about users have read (for tests that the
    /// rewrites of a merge do not scan the module).
    user_reads: core::cell::Cell<u64>,
}

impl fmt::Debug for ClifModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClifModule").field("functions", &self.entries.len()).finish_non_exhaustive()
    }
}

impl Default for ClifModule {
    fn default() -> Self {
        Self::new()
    }
}

/// The symbol name of a function's own `UserFuncName`, as its callers spell it.
fn symbol_of(name: &UserFuncName) -> Symbol {
    match name {
        UserFuncName::User(u) => Symbol::User(u.namespace, u.index),
        UserFuncName::Testcase(t) => Symbol::TestCase(t.raw().into()),
    }
}

fn display_name(sym: &Symbol) -> String {
    match sym {
        Symbol::TestCase(n) => String::from_utf8_lossy(n).into_owned(),
        Symbol::User(ns, i) => format!("u{ns}:{i}"),
    }
}

impl ClifModule {
    /// An empty module.
    pub fn new() -> Self {
        ClifModule {
            entries: Vec::new(),
            names: Names::default(),
            tables: Tables::default(),
            target: TargetInfo::default(),
            encodes: 0,
            referrers: Vec::new(),
            user_reads: core::cell::Cell::new(0),
        }
    }

    /// Adds a function with a body. Its symbol is taken from `func.name` (a test-case
    /// name `%foo` or a user name `u0:3`); `name` is the symbol name used in reports.
    pub fn add_function(&mut self, name: impl Into<String>, linkage: Linkage, func: Function) -> FuncId {
        let decl = FuncDecl {
            name: name.into(),
            linkage,
            signature: func.signature.clone(),
            symbol: symbol_of(&func.name),
            unnamed_addr: false,
            used_externally: false,
            align: None,
        };
        self.push(decl, Some(func), false)
    }

    /// Adds a declaration without a body (an import, or a function defined elsewhere).
    pub fn declare(&mut self, decl: FuncDecl) -> FuncId {
        self.push(decl, None, false)
    }

    fn push(&mut self, decl: FuncDecl, func: Option<Function>, created: bool) -> FuncId {
        let id = FuncId::new(self.entries.len());
        self.names.add(&decl.symbol, id);
        self.entries.push(Entry {
            decl,
            func,
            erased: false,
            created,
            info: encode::placeholder_info(),
            body: None,
            stale: false,
            uses: encode::Uses::default(),
        });
        id
    }

    /// Builds a module from cranelift-module declarations and the bodies of the
    /// functions you mean to define. Every declared function gets the `FuncId` with the
    /// same index, and is referred to as `u0:<index>` (cranelift-module's convention,
    /// which `Module::declare_func_in_func` produces). Functions without a body are
    /// imports or defined elsewhere.
    pub fn from_declarations(
        decls: &cranelift_module::ModuleDeclarations,
        bodies: impl IntoIterator<Item = (cranelift_module::FuncId, Function)>,
    ) -> Self {
        let mut m = ClifModule::new();
        let mut bodies: HashMap<u32, Function> = bodies.into_iter().map(|(id, f)| (id.as_u32(), f)).collect();
        for (id, d) in decls.get_functions() {
            let ix = id.as_u32();
            debug_assert_eq!(ix as usize, m.entries.len());
            let decl = FuncDecl {
                name: d.linkage_name(id).into_owned(),
                linkage: d.linkage,
                signature: d.signature.clone(),
                symbol: Symbol::User(0, ix),
                unnamed_addr: false,
                used_externally: false,
                align: None,
            };
            let body = bodies.remove(&ix);
            m.push(decl, body, false);
        }
        m.refresh_all();
        m
    }

    /// Re-encodes every function; call after changing bodies or declarations by hand
    /// (through [`ClifModule::decl_mut`] or [`ClifModule::function_mut`]).
    pub fn refresh_all(&mut self) {
        for i in 0..self.entries.len() {
            self.refresh(FuncId::new(i));
        }
    }

    fn refresh(&mut self, f: FuncId) {
        self.encodes += 1;
        let e = &self.entries[f.index()];
        let enc = encode::encode(&mut self.tables, &self.names, &e.decl, e.func.as_ref().filter(|_| !e.erased));
        let e = &mut self.entries[f.index()];
        e.info = enc.info;
        e.body = enc.body;
        e.stale = false;
        e.uses = enc.uses;
        self.note_referrer(f.index());
    }

    /// Lists `u` among the referrers of every function its use lists name (`referrers`).
    fn note_referrer(&mut self, u: usize) {
        let refs = &self.entries[u].uses.refs;
        for f in refs {
            if self.referrers.len() <= f.index() {
                self.referrers.resize_with(f.index() + 1, Vec::new);
            }
            let list = &mut self.referrers[f.index()];
            if let Err(i) = list.binary_search(&(u as u32)) {
                list.insert(i, u as u32);
            }
        }
    }

    /// The functions with a body that call `f` directly (`calls_only`) or name it at all,
    /// ascending (a scan of every function would give the same, in the same order).
    fn users_in(&self, f: FuncId, calls_only: bool) -> impl Iterator<Item = usize> + '_ {
        let list = self.referrers.get(f.index()).map_or(&[][..], |l| &l[..]);
        self.user_reads.set(self.user_reads.get() + list.len() as u64);
        list.iter().map(|&u| u as usize).filter(move |&u| {
            let e = &self.entries[u];
            let list = if calls_only { &e.uses.calls } else { &e.uses.refs };
            e.has_body() && list.binary_search(&f).is_ok()
        })
    }

    /// Runs MergeFunctions over the module. Afterwards every view is current.
    pub fn merge(&mut self, options: &mergefunc::Options) -> Result<mergefunc::Report, mergefunc::Error<MutError>> {
        let report = mergefunc::merge_module(self, options);
        self.refresh_stale();
        report
    }

    /// Rebuilds the views that caller rewrites left stale. [`ClifModule::merge`] does
    /// this itself; call it after running [`mergefunc::merge_module`] directly and
    /// before reading views through [`mergefunc::Module`].
    pub fn refresh_stale(&mut self) {
        for i in 0..self.entries.len() {
            self.rebuild_if_stale(FuncId::new(i));
        }
    }

    /// Rebuilds a view that caller rewrites left stale (only their references changed,
    /// so the use lists they kept up to date must equal the rebuilt ones).
    fn rebuild_if_stale(&mut self, f: FuncId) {
        if !self.entries[f.index()].stale {
            return;
        }
        let kept = self.entries[f.index()].uses.clone();
        self.refresh(f);
        debug_assert_eq!(kept, self.entries[f.index()].uses, "use lists of {f} drifted while its view was stale");
    }

    /// Number of function slots (erased functions keep theirs).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the module has no functions.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The ids of every function slot, in module order.
    pub fn ids(&self) -> impl Iterator<Item = FuncId> + '_ {
        (0..self.entries.len()).map(FuncId::new)
    }

    /// The declaration of a function.
    pub fn decl(&self, f: FuncId) -> &FuncDecl {
        &self.entries[f.index()].decl
    }

    /// The declaration of a function, for changes (call [`ClifModule::refresh_all`]
    /// afterwards).
    pub fn decl_mut(&mut self, f: FuncId) -> &mut FuncDecl {
        &mut self.entries[f.index()].decl
    }

    /// The body of a function, if it has one (not an import, not erased).
    pub fn function(&self, f: FuncId) -> Option<&Function> {
        let e = &self.entries[f.index()];
        e.func.as_ref().filter(|_| !e.erased)
    }

    /// The body of a function, for changes (call [`ClifModule::refresh_all`]
    /// afterwards).
    pub fn function_mut(&mut self, f: FuncId) -> Option<&mut Function> {
        let e = &mut self.entries[f.index()];
        if e.erased {
            return None;
        }
        e.func.as_mut()
    }

    /// True if the merge deleted this function (it must not be defined).
    pub fn is_erased(&self, f: FuncId) -> bool {
        self.entries[f.index()].erased
    }

    /// True if the merge created this function (a private body shared by two
    /// preemptible functions); it must be declared before it is defined.
    pub fn is_created(&self, f: FuncId) -> bool {
        self.entries[f.index()].created
    }

    /// The function called `name` (its [`FuncDecl::name`]).
    pub fn find(&self, name: &str) -> Option<FuncId> {
        self.entries.iter().position(|e| e.decl.name == name).map(FuncId::new)
    }

    /// Runs Cranelift's verifier on every function with a body, with default flags
    /// and no target (see [`ClifModule::verify_for`] for IR that needs one).
    pub fn verify(&self) -> Result<(), String> {
        let flags = settings::Flags::new(settings::builder());
        self.verify_with(cranelift_codegen::settings::FlagsOrIsa::from(&flags))
    }

    /// Runs Cranelift's verifier on every function with a body, for a target. Some
    /// instructions verify only against a target with the right flags:
    /// `get_frame_pointer`, which wasmtime's trampolines use, needs
    /// `preserve_frame_pointers`.
    pub fn verify_for(&self, isa: &dyn cranelift_codegen::isa::TargetIsa) -> Result<(), String> {
        self.verify_with(cranelift_codegen::settings::FlagsOrIsa::from(isa))
    }

    fn verify_with(&self, fisa: cranelift_codegen::settings::FlagsOrIsa<'_>) -> Result<(), String> {
        for f in self.ids() {
            if let Some(func) = self.function(f) {
                cranelift_codegen::verify_function(func, fisa).map_err(|e| {
                    format!(
                        "{} does not verify:\n{}",
                        self.decl(f).name,
                        cranelift_codegen::print_errors::pretty_verifier_error(func, None, e)
                    )
                })?;
            }
        }
        Ok(())
    }

    /// Prints the module as CLIF text: each function with a body, in module order, after
    /// a `;; mergefunc:` line with its linkage (the format [`ClifModule::from_clif`]
    /// reads), and each import as a comment.
    pub fn to_clif(&self) -> String {
        text::print(self)
    }

    /// A symbol for a new function derived from `base` that no function uses yet.
    fn fresh_symbol(&self, base: &Symbol, id: FuncId) -> Symbol {
        match base {
            Symbol::TestCase(n) => {
                let stem = String::from_utf8_lossy(n).into_owned();
                let mut k = 0u32;
                loop {
                    let cand = if k == 0 { format!("{stem}_merged") } else { format!("{stem}_merged{k}") };
                    let sym = Symbol::TestCase(cand.into_bytes().into());
                    if !self.names.taken(&sym) {
                        return sym;
                    }
                    k += 1;
                }
            }
            Symbol::User(..) => {
                let mut i = id.0;
                while self.names.taken(&Symbol::User(0, i)) {
                    i += 1;
                }
                Symbol::User(0, i)
            }
        }
    }

    /// Hands the merged module to a cranelift-module backend: declares the functions
    /// the merge created (private shared bodies), then defines every function that has
    /// a body. The module must have been built with [`ClifModule::from_declarations`]
    /// from `module`'s own declarations.
    ///
    /// An erased function is declared in `module` already, and cranelift-object checks
    /// (in debug builds) that every declared `Local` function is defined; so each
    /// erased function is defined as a one-instruction stub that traps with user code
    /// [`ERASED_TRAP`]. Nothing calls it: the merge erases only unused functions.
    ///
    /// Returns the cranelift-module id of every slot.
    // The error is cranelift-module's own `ModuleError`, as `Module::define_function`
    // returns it.
    #[allow(clippy::result_large_err)]
    pub fn define_into<M: cranelift_module::Module + ?Sized>(
        mut self,
        module: &mut M,
    ) -> cranelift_module::ModuleResult<Vec<cranelift_module::FuncId>> {
        // Declare created functions; cranelift-module may hand out other ids than ours.
        let mut remap: HashMap<u32, u32> = HashMap::new();
        let mut ids = Vec::with_capacity(self.entries.len());
        for e in &self.entries {
            let Symbol::User(0, ours) = e.decl.symbol else {
                return Err(cranelift_module::ModuleError::Undeclared(e.decl.name.clone()));
            };
            let id = if e.created {
                let theirs = module.declare_function(&e.decl.name, Linkage::Local, &e.decl.signature)?;
                if theirs.as_u32() != ours {
                    remap.insert(ours, theirs.as_u32());
                }
                theirs
            } else {
                cranelift_module::FuncId::from_u32(ours)
            };
            ids.push(id);
        }
        if !remap.is_empty() {
            for func in self.entries.iter_mut().filter_map(|e| e.func.as_mut()) {
                let refs: Vec<_> = func.params.user_named_funcs().iter().map(|(r, u)| (r, u.clone())).collect();
                for (r, u) in refs {
                    if let (0, Some(&n)) = (u.namespace, remap.get(&u.index)) {
                        func.params.reset_user_func_name(r, UserExternalName::new(0, n));
                    }
                }
                if let UserFuncName::User(u) = &func.name {
                    if let (0, Some(&n)) = (u.namespace, remap.get(&u.index)) {
                        func.name = UserFuncName::user(0, n);
                    }
                }
            }
        }
        for (e, id) in self.entries.into_iter().zip(&ids) {
            let func = if e.erased {
                if !e.decl.linkage.requires_definition() {
                    continue;
                }
                erased_stub(&e.decl, *id)
            } else {
                match e.func {
                    Some(f) => f,
                    None => continue,
                }
            };
            let mut ctx = cranelift_codegen::Context::for_function(func);
            module.define_function(*id, &mut ctx)?;
        }
        Ok(ids)
    }
}

/// The user trap code of the stubs [`ClifModule::define_into`] defines for erased
/// functions.
pub const ERASED_TRAP: u8 = 1;

/// `function u0:id(sig) { block0(params): trap user1 }`.
fn erased_stub(decl: &FuncDecl, id: cranelift_module::FuncId) -> Function {
    use cranelift_codegen::cursor::{Cursor, FuncCursor};
    use cranelift_codegen::ir::InstBuilder;
    let mut func = Function::with_name_signature(UserFuncName::user(0, id.as_u32()), decl.signature.clone());
    let block = func.dfg.make_block();
    func.layout.append_block(block);
    for p in &decl.signature.params {
        func.dfg.append_block_param(block, p.value_type);
    }
    FuncCursor::new(&mut func).at_bottom(block).ins().trap(ir::TrapCode::unwrap_user(ERASED_TRAP));
    func
}

impl mergefunc::Module for ClifModule {
    fn num_funcs(&self) -> usize {
        self.entries.len()
    }

    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.entries[f.index()].info
    }

    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        self.entries[f.index()].body.as_ref().map(|b| b.as_body())
    }

    fn type_data(&self, t: TypeId) -> &TypeData {
        &self.tables.types.items[t.index()]
    }

    fn const_data(&self, c: ConstId) -> &ConstData {
        &self.tables.consts.items[c.index()]
    }

    fn meta_data(&self, _: MetaId) -> &MetaData {
        unreachable!("the Cranelift adapter creates no metadata operands")
    }

    fn asm_data(&self, _: mergefunc::AsmId) -> &AsmData {
        unreachable!("Cranelift IR has no inline assembly")
    }

    fn attrs(&self, _: AttrsId) -> &AttrList {
        unreachable!("the Cranelift adapter creates no attribute lists")
    }

    fn target(&self) -> &TargetInfo {
        &self.target
    }

    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>) {
        match kind {
            UseKind::DirectCalls => out.extend(self.users_in(f, true).map(FuncId::new)),
            UseKind::Any => out.extend(self.users_in(f, false).map(FuncId::new)),
        }
    }

    fn has_uses(&self, f: FuncId) -> bool {
        let e = &self.entries[f.index()];
        e.decl.used_externally || self.users_in(f, false).next().is_some()
    }

    fn ineligible_reason(&self, code: u32) -> &str {
        encode::reason(code)
    }

    fn describe(&self, f: FuncId, item: mergefunc::Item, out: &mut dyn fmt::Write) -> fmt::Result {
        explain::describe(self, f, item, out)
    }
}

/// Lazy views only: a view made stale by a rewrite is rebuilt when the driver next reads
/// it (`materialize`), and `has_body` answers without it.
impl mergefunc::FastPath for ClifModule {
    fn has_body(&self, f: FuncId) -> bool {
        self.entries[f.index()].has_body()
    }

    fn materialize(&mut self, f: FuncId) {
        self.rebuild_if_stale(f);
    }
}
