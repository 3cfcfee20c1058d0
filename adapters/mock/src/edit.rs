//! Adding and editing the symbols of a [`MockModule`]. The module keeps the core's view
//! of every function (its [`FuncInfo`](mergefunc::FuncInfo) and body, built by
//! [`crate::view`]) current: every edit here ends by refreshing the views it can have
//! changed (all of them when a used list, `@llvm.used` or `@llvm.compiler.used`, changes).
//!
//! The files of the model depend one way: `ir` (the data) ← `consts` ← `layout` ←
//! `view` ← `edit` (this file).

use mergefunc::{ConstId, FuncId, GlobalId, TypeData, TypeId};

use crate::ir::{cc, FuncBody, FuncKind, Function, GlobalVar, LinkageKind, MockModule, USED_LISTS};
use crate::{consts, view};

impl MockModule {
    /// Adds a function symbol (a declaration; give it a body with
    /// [`crate::FunctionBuilder`] or [`MockModule::set_body`]). The name is made unique.
    pub fn add_function(&mut self, name: &str, ty: TypeId, linkage: LinkageKind) -> FuncId {
        let nparams = match self.type_data(ty) {
            TypeData::Func { params, .. } => params.len(),
            _ => 0,
        };
        let attrs = self.no_attrs();
        let name = self.fresh_name(name);
        self.funcs.push(Function {
            name,
            linkage,
            unnamed_addr: false,
            cc: cc::C,
            ty,
            attrs,
            param_names: vec![None; nparams],
            gc: None,
            section: None,
            align: None,
            kind: FuncKind::Declaration,
        });
        let id = FuncId::new(self.funcs.len() - 1);
        self.infos.push(view::placeholder_info(ty));
        self.views.push(None);
        self.refresh(id);
        id
    }
    /// Adds an alias symbol of `target`, with `target`'s type.
    pub fn add_alias(&mut self, name: &str, target: FuncId, linkage: LinkageKind) -> FuncId {
        let ty = self.funcs[target.index()].ty;
        let f = self.add_function(name, ty, linkage);
        self.funcs[f.index()].kind = FuncKind::Alias(target);
        self.refresh(f);
        f
    }
    /// Adds a global variable. The name is made unique.
    pub fn add_global(&mut self, name: &str, ty: TypeId, init: Option<ConstId>, linkage: LinkageKind) -> GlobalId {
        let name = self.fresh_name(name);
        self.globals.push(GlobalVar {
            name,
            linkage,
            unnamed_addr: false,
            constant: false,
            ty,
            init,
            align: None,
            section: None,
        });
        let g = GlobalId::new(self.globals.len() - 1);
        if USED_LISTS.contains(&self.globals[g.index()].name.as_str()) {
            self.refresh_all();
        }
        g
    }
    /// Edits a function's module-level fields (not its body) and refreshes its view.
    pub fn edit_function(&mut self, f: FuncId, edit: impl FnOnce(&mut Function)) {
        edit(&mut self.funcs[f.index()]);
        self.refresh(f);
    }
    /// Edits a global variable; refreshes every view if it is a used list.
    pub fn edit_global(&mut self, g: GlobalId, edit: impl FnOnce(&mut GlobalVar)) {
        edit(&mut self.globals[g.index()]);
        self.refresh_all();
    }
    /// Replaces the body of `f` (a finished body; see [`crate::FunctionBuilder`]).
    pub fn set_body(&mut self, f: FuncId, body: FuncBody) {
        self.funcs[f.index()].kind = FuncKind::Definition(body);
        self.refresh(f);
    }

    // ------------------------------------------------------------------ views

    /// Functions named in `@llvm.used` / `@llvm.compiler.used`.
    pub fn used_set(&self) -> Vec<bool> {
        let mut used = vec![false; self.funcs.len()];
        for g in &self.globals {
            if USED_LISTS.contains(&g.name.as_str()) {
                if let Some(init) = g.init {
                    consts::for_each_func(self, init, &mut |f| {
                        if let Some(u) = used.get_mut(f.index()) {
                            *u = true;
                        }
                    });
                }
            }
        }
        used
    }
    /// Recomputes the core's view ([`FuncInfo`](mergefunc::FuncInfo) and body) of `f`.
    pub fn refresh(&mut self, f: FuncId) {
        let used = self.used_set();
        self.refresh_with(f, &used);
    }
    pub(crate) fn refresh_with(&mut self, f: FuncId, used: &[bool]) {
        let info = view::func_info(self, f, used.get(f.index()).copied().unwrap_or(false));
        let view = view::body_view(self, f);
        self.infos[f.index()] = info;
        self.views[f.index()] = view;
    }
    /// Recomputes every view.
    pub fn refresh_all(&mut self) {
        let used = self.used_set();
        for i in 0..self.funcs.len() {
            self.refresh_with(FuncId::new(i), &used);
        }
    }
}
