//! `impl mergefunc::Module for LlvmModule`: the core reads the facts, views and interned
//! tables the other files of this module keep.
//!
//! Invariants: every answer describes the IR as it is (the rewrites keep the tables
//! current, see `mutate.rs`); `body` answers only for a built view.

use super::{reason, LlvmModule};
use mergefunc::{
    AsmData, AsmId, AttrList, AttrsId, Body, ConstData, ConstId, FuncId, FuncInfo, InstId, Item, MetaData, MetaId,
    Module, TargetInfo, TypeData, TypeId, UseKind,
};
use std::fmt;

impl Module for LlvmModule {
    fn num_funcs(&self) -> usize {
        self.funcs.len()
    }
    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.funcs[f.index()].facts
    }
    /// Facts carry no names (see `build_facts`): the name of a live function is read
    /// from LLVM; an erased one keeps the name it had in its facts (`erase_untimed`).
    fn func_name(&self, f: FuncId) -> &[u8] {
        let s = &self.funcs[f.index()];
        match s.v {
            Some(v) if s.facts.name.is_empty() => {
                // SAFETY: `v` is a live global of the module (a slot holds only live
                // handles); every rewrite that renames, replaces or frees one takes
                // `&mut self`, so it keeps its name while `self` is borrowed.
                unsafe { v.name_borrowed() }
            }
            _ => &s.facts.name,
        }
    }
    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        let s = &self.funcs[f.index()];
        if !s.built {
            return None;
        }
        s.view.as_ref().map(|b| b.as_body())
    }
    fn type_data(&self, t: TypeId) -> &TypeData {
        &self.tables.types[t.index()]
    }
    fn const_data(&self, c: ConstId) -> &ConstData {
        &self.tables.consts[c.index()]
    }
    fn meta_data(&self, m: MetaId) -> &MetaData {
        &self.tables.metas[m.index()]
    }
    fn asm_data(&self, a: AsmId) -> &AsmData {
        &self.tables.asms[a.index()]
    }
    fn attrs(&self, a: AttrsId) -> &AttrList {
        self.attr_list(a)
    }
    fn attrs_hash_hint(&self, a: AttrsId) -> Option<u64> {
        self.attr_hash_hint(a)
    }
    fn target(&self) -> &TargetInfo {
        &self.load.target
    }
    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>) {
        let Some(v) = self.funcs[f.index()].v else { return };
        match kind {
            // LLVM's `removeUsers`: instructions that have the function itself as an
            // operand. Functions that name it only inside a constant are left in the
            // tree; the rewrites rebuild their views eagerly (`split_by_direct_use`).
            UseKind::Any => self.instruction_users(v, out),
            UseKind::DirectCalls => self.user_functions(v, true, out),
        }
    }
    fn has_uses(&self, f: FuncId) -> bool {
        self.funcs[f.index()].v.is_some_and(|v| v.has_uses())
    }
    fn describe(&self, f: FuncId, item: Item, out: &mut dyn fmt::Write) -> fmt::Result {
        self.describe_item(f, item, out)
    }
    fn prop_label(&self, f: FuncId, inst: Option<InstId>, k: usize) -> Option<&'static str> {
        self.prop_label_of(f, inst, k)
    }
    fn ineligible_reason(&self, code: u32) -> &str {
        match code {
            reason::DISTINCT_MD => "an intrinsic call takes a distinct metadata node",
            reason::KERNEL => "a calling convention no call may use (GPU kernels and shaders)",
            reason::UNSUPPORTED => "the body contains a construct the LLVM adapter cannot describe",
            reason::LINKAGE => "unsupported linkage",
            reason::THUNK => "a thunk written by an earlier merge run (!mergefunc.thunk)",
            reason::BLOCK_ADDRESS_ESCAPES => "the address of one of its blocks is used outside the function",
            reason::ATTACHMENT => "a function attachment that cannot be compared by content",
            reason::NEVER_READ => "it never merges (no other function shares its key), so it was left unread",
            _ => "excluded by the LLVM adapter",
        }
    }
}
