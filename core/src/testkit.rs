//! A minimal in-crate [`Module`] for unit tests of the order, the hash and the driver.
//! (The full mock IR with a text format lives in `adapters/mock`.)

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use crate::fast_path::FastPath;
use crate::ir::*;
use crate::mutate::{ModuleMut, ThunkStyle};

#[derive(Debug, Default)]
pub(crate) struct Tiny {
    pub types: Vec<TypeData>,
    pub consts: Vec<ConstData>,
    pub metas: Vec<MetaData>,
    /// How many times [`Module::meta_data`] was asked (the work of a metadata walk).
    pub meta_reads: core::cell::Cell<u64>,
    /// How many times [`Module::const_data`] was asked.
    pub const_reads: core::cell::Cell<u64>,
    /// How many times [`Module::type_data`] was asked.
    pub type_reads: core::cell::Cell<u64>,
    pub asms: Vec<AsmData>,
    pub attrs: Vec<AttrList>,
    pub funcs: Vec<FuncInfo>,
    pub bodies: Vec<Option<BodyBuf>>,
    pub target: TargetInfo,
    pub log: Vec<(&'static str, FuncId, FuncId)>,
    /// Offer a worklist hash (one value for every body), as the LLVM adapter does.
    pub hashed: bool,
    /// Offer merge keys (opcodes and integer constants; function references as refs).
    pub keyed: bool,
    /// Offer tree keys ([`FastPath::tree_key`]: opcodes, integer constants and named
    /// functions, a self call marked), except for the functions in `unkeyable`.
    pub tree_keyed: bool,
    /// Functions [`FastPath::tree_key`] has no key for.
    pub unkeyable: Vec<FuncId>,
    /// Tree keys of the opcodes alone (no constants, no named functions), and
    /// [`FastPath::tree_subkey`] answering what `tree_keyed` keys would, `None` for the
    /// functions in `no_subkey` (equal functions must be in it together).
    pub subkeyed: bool,
    /// Functions [`FastPath::tree_subkey`] declines.
    pub no_subkey: Vec<FuncId>,
    /// A broken lazy adapter: every operand a rewrite changes names argument 99 instead
    /// (which no function here has).
    pub corrupt_rewrites: bool,
    /// A lazy adapter that finds these functions ineligible only when it builds their
    /// views ([`FastPath::materialize`]).
    pub ineligible_on_build: Vec<FuncId>,
    /// Hints for [`FastPath::view_copied_from`]: (copy, original).
    pub copy_hints: Vec<(FuncId, FuncId)>,
    /// Answer [`FastPath::same_body_as`]: by a full comparison with weak flags (this
    /// module does not unique constants, so equal bodies are not the same records; what
    /// the driver relies on is that the order finds them equal, flags included), and never
    /// for a function in `ineligible_on_build`.
    pub same_body: bool,
    /// Answer [`FastPath::same_unread_body_as`] (as `same_body` answers `same_body_as`,
    /// never for a function in `ineligible_on_build` on either side) and
    /// [`FastPath::tiny_body`].
    pub unread_claims: bool,
    /// Rewrites [`ModuleMut::can_rewrite`] declines: (rewrite, the function it would change).
    pub refuse: Vec<(crate::mutate::Rewrite, FuncId)>,
    /// Functions [`FastPath::never_merges`] vouches for.
    pub never_merges: Vec<FuncId>,
    /// A broken fast path: one tree key for every function, and `same_body_as` /
    /// `same_unread_body_as` (when `same_body` / `unread_claims` is on) answer true for any
    /// two functions.
    pub lying_claims: bool,
    /// Every [`FastPath::prefetch`] and [`FastPath::materialize`] call, in order.
    pub accesses: core::cell::RefCell<Vec<(&'static str, FuncId)>>,
    /// Droppable facts ([`ModuleMut::drops_facts`]): the views never record `facts`.
    pub drops: bool,
    /// Droppable facts: (function, instruction, fact), outside the views.
    pub facts: Vec<(FuncId, InstId, u32)>,
}

impl Tiny {
    pub fn new() -> Self {
        Tiny { target: TargetInfo { ptr_as_int: Some(PtrAsInt { addr_space: 0, bits: 64 }) }, ..Default::default() }
    }
    pub fn ty(&mut self, t: TypeData) -> TypeId {
        if let Some(i) = self.types.iter().position(|x| *x == t) {
            return TypeId::new(i);
        }
        self.types.push(t);
        TypeId::new(self.types.len() - 1)
    }
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.ty(TypeData::Int { bits })
    }
    pub fn ptr(&mut self, addr_space: u32) -> TypeId {
        self.ty(TypeData::Ptr { addr_space })
    }
    pub fn void(&mut self) -> TypeId {
        self.ty(TypeData::Void)
    }
    pub fn konst(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        self.consts.push(ConstData { ty, kind });
        ConstId::new(self.consts.len() - 1)
    }
    pub fn int_const(&mut self, ty: TypeId, v: u64) -> ConstId {
        let kind = if v == 0 { ConstKind::Null } else { ConstKind::Int(Box::new([v])) };
        self.konst(ty, kind)
    }
    pub fn func_ref(&mut self, f: FuncId) -> ConstId {
        let p = self.ptr(0);
        self.konst(p, ConstKind::Global(GlobalRef::Func(f)))
    }
    /// Adds a function with signature `ret(params)` and the given body builder.
    pub fn add_func(
        &mut self,
        name: &str,
        ret: TypeId,
        params: &[TypeId],
        linkage: Linkage,
        build: impl FnOnce(&mut Self, &mut BodyBuf),
    ) -> FuncId {
        let ty = self.ty(TypeData::Func { ret, params: params.into(), vararg: false });
        let id = FuncId::new(self.funcs.len());
        self.funcs.push(FuncInfo {
            name: name.as_bytes().into(),
            linkage,
            ineligible: None,
            unnamed_addr: false,
            used_externally: false,
            ty,
            sig: alloc::sync::Arc::new([]),
            align: None,
            callable: true,
        });
        self.bodies.push(None);
        let mut b = BodyBuf::new();
        build(self, &mut b);
        b.finish();
        self.bodies[id.index()] = Some(b);
        id
    }
}

pub(crate) fn ext() -> Linkage {
    Linkage::default()
}

pub(crate) fn internal() -> Linkage {
    Linkage { local: true, discardable_if_unused: true, ..Default::default() }
}

/// `ret <value>` as opcode 1 with one operand.
pub(crate) fn ret(b: &mut BodyBuf, void: TypeId, v: Use) {
    b.push_inst(1, void, InstKind::Plain, 0, 0, &[v], &[]);
}

/// `name(i64 a) { t = a + c; ret t }` (two instructions, so a thunk is worth it).
pub(crate) fn adder(m: &mut Tiny, name: &str, c: u64, linkage: Linkage) -> FuncId {
    let i64t = m.int(64);
    let k = m.int_const(i64t, c);
    m.add_func(name, i64t, &[i64t], linkage, |m2, b| {
        let void = m2.void();
        b.begin_block();
        let t = b.push_inst(
            3,
            i64t,
            InstKind::Plain,
            0,
            0,
            &[Use { value: Value::Arg(0), ty: i64t }, Use { value: Value::Const(k), ty: i64t }],
            &[],
        );
        ret(b, void, Use { value: Value::Inst(t), ty: i64t });
    })
}

/// `name(i64 a) { t = call callee(a); ret t }`.
pub(crate) fn caller(m: &mut Tiny, name: &str, callee: FuncId) -> FuncId {
    let i64t = m.int(64);
    let p = m.ptr(0);
    let c = m.func_ref(callee);
    m.add_func(name, i64t, &[i64t], ext(), |m2, b| {
        let void = m2.void();
        b.begin_block();
        let t = b.push_inst(
            9,
            i64t,
            InstKind::Call { callee: 1 },
            0,
            0,
            &[Use { value: Value::Arg(0), ty: i64t }, Use { value: Value::Const(c), ty: p }],
            &[],
        );
        ret(b, void, Use { value: Value::Inst(t), ty: i64t });
    })
}

impl Module for Tiny {
    fn num_funcs(&self) -> usize {
        self.funcs.len()
    }
    fn func(&self, f: FuncId) -> &FuncInfo {
        &self.funcs[f.index()]
    }
    fn body(&self, f: FuncId) -> Option<Body<'_>> {
        self.bodies[f.index()].as_ref().map(|b| b.as_body())
    }
    fn type_data(&self, t: TypeId) -> &TypeData {
        self.type_reads.set(self.type_reads.get() + 1);
        &self.types[t.index()]
    }
    fn const_data(&self, c: ConstId) -> &ConstData {
        self.const_reads.set(self.const_reads.get() + 1);
        &self.consts[c.index()]
    }
    fn meta_data(&self, m: MetaId) -> &MetaData {
        self.meta_reads.set(self.meta_reads.get() + 1);
        &self.metas[m.index()]
    }
    fn asm_data(&self, a: AsmId) -> &AsmData {
        &self.asms[a.index()]
    }
    fn attrs(&self, a: AttrsId) -> &AttrList {
        &self.attrs[a.index()]
    }
    fn target(&self) -> &TargetInfo {
        &self.target
    }
    fn users_of(&self, f: FuncId, kind: UseKind, out: &mut Vec<FuncId>) {
        for (i, b) in self.bodies.iter().enumerate() {
            let Some(b) = b else { continue };
            for inst in &b.insts {
                for (k, u) in b.uses[inst.operands.range()].iter().enumerate() {
                    if let Value::Const(c) = u.value {
                        if self.consts[c.index()].kind == ConstKind::Global(GlobalRef::Func(f)) {
                            let direct = matches!(inst.kind, InstKind::Call { callee } if callee as usize == k);
                            if kind == UseKind::Any || direct {
                                out.push(FuncId::new(i));
                            }
                        }
                    }
                }
            }
        }
    }
    fn has_uses(&self, f: FuncId) -> bool {
        let mut v = vec![];
        self.users_of(f, UseKind::Any, &mut v);
        !v.is_empty()
    }
}

impl Tiny {
    /// A key of `f`'s body: opcodes, integer constants and, for each named function, the
    /// word `func` gives it; every other operand one marker.
    fn body_key(&self, f: FuncId, mut func: impl FnMut(FuncId) -> u64) -> Option<u64> {
        let b = self.bodies[f.index()].as_ref()?;
        let mut k = 0u64;
        let mut mix = |w: u64| k = (k.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
        for inst in &b.insts {
            mix(inst.opcode as u64);
            for u in &b.uses[inst.operands.range()] {
                match u.value {
                    Value::Const(c) => match &self.consts[c.index()].kind {
                        ConstKind::Int(v) => mix(v[0]),
                        ConstKind::Global(GlobalRef::Func(g)) => mix(func(*g)),
                        _ => mix(2),
                    },
                    _ => mix(3),
                }
            }
        }
        Some(k)
    }

    fn rewrite(&mut self, from: FuncId, to: FuncId, only_calls: bool) {
        let to_c = self.func_ref(to);
        let new_value = if self.corrupt_rewrites { Value::Arg(99) } else { Value::Const(to_c) };
        for b in self.bodies.iter_mut().flatten() {
            let insts = b.insts.clone();
            for inst in &insts {
                for k in inst.operands.range() {
                    if let Value::Const(c) = b.uses[k].value {
                        if self.consts[c.index()].kind == ConstKind::Global(GlobalRef::Func(from)) {
                            let direct = matches!(inst.kind, InstKind::Call { callee } if callee as usize + inst.operands.start as usize == k);
                            if !only_calls || direct {
                                b.uses[k].value = new_value;
                            }
                        }
                    }
                }
            }
        }
    }
}

impl ModuleMut for Tiny {
    type Error = &'static str;
    fn can_rewrite(&self, rewrite: crate::mutate::Rewrite, g: FuncId, _target: FuncId) -> Result<(), &'static str> {
        if self.refuse.contains(&(rewrite, g)) {
            return Err("refused by the test");
        }
        Ok(())
    }
    fn replace_all_uses(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error> {
        self.log.push(("rauw", from, to));
        self.rewrite(from, to, false);
        Ok(())
    }
    fn replace_direct_calls(&mut self, from: FuncId, to: FuncId) -> Result<(), Self::Error> {
        self.log.push(("calls", from, to));
        self.rewrite(from, to, true);
        Ok(())
    }
    fn supports_aliases(&self) -> bool {
        true
    }
    fn write_alias(&mut self, g: FuncId, target: FuncId) -> Result<(), Self::Error> {
        self.log.push(("alias", g, target));
        self.bodies[g.index()] = None;
        Ok(())
    }
    fn write_thunk(&mut self, g: FuncId, target: FuncId, _style: ThunkStyle) -> Result<(), Self::Error> {
        self.log.push(("thunk", g, target));
        let void = self.void();
        let t = self.func_ref(target);
        let p = self.ptr(0);
        let mut b = BodyBuf::new();
        b.begin_block();
        b.push_inst(9, void, InstKind::Call { callee: 0 }, 0, 0, &[Use { value: Value::Const(t), ty: p }], &[]);
        b.push_inst(1, void, InstKind::Plain, 0, 0, &[], &[]);
        b.finish();
        self.bodies[g.index()] = Some(b);
        Ok(())
    }
    fn erase(&mut self, g: FuncId) -> Result<(), Self::Error> {
        self.log.push(("erase", g, g));
        self.bodies[g.index()] = None;
        self.funcs[g.index()].ineligible = Some(Ineligible::NoBody);
        Ok(())
    }
    fn drops_facts(&self) -> bool {
        self.drops
    }
    fn drop_differing_facts(&mut self, keep: FuncId, ki: InstId, fold: FuncId, fi: InstId) -> Result<(), Self::Error> {
        if self.log.last() != Some(&("drop", keep, fold)) {
            self.log.push(("drop", keep, fold));
        }
        let theirs: Vec<u32> = self.facts.iter().filter(|x| x.0 == fold && x.1 == fi).map(|x| x.2).collect();
        self.facts.retain(|x| !(x.0 == keep && x.1 == ki && !theirs.contains(&x.2)));
        Ok(())
    }
    fn split_body(&mut self, f: FuncId) -> Result<FuncId, Self::Error> {
        let mut info = self.funcs[f.index()].clone();
        let mut name = info.name.to_vec();
        name.extend_from_slice(b".body");
        info.name = name.into();
        info.linkage = internal();
        self.funcs.push(info);
        let body = self.bodies[f.index()].take();
        self.bodies.push(body);
        let id = FuncId::new(self.funcs.len() - 1);
        for x in self.facts.iter_mut().filter(|x| x.0 == f) {
            x.0 = id;
        }
        self.log.push(("split", f, id));
        Ok(id)
    }
    fn set_alignment(&mut self, f: FuncId, align: Option<u64>) -> Result<(), Self::Error> {
        self.funcs[f.index()].align = align;
        Ok(())
    }
}

impl FastPath for Tiny {
    fn never_merges(&self, f: FuncId) -> bool {
        self.never_merges.contains(&f)
    }
    fn worklist_hash(&self, f: FuncId) -> Option<u64> {
        (self.hashed && self.bodies[f.index()].is_some()).then_some(7)
    }
    fn view_copied_from(&self, f: FuncId) -> Option<FuncId> {
        self.copy_hints.iter().find(|h| h.0 == f).map(|h| h.1)
    }
    fn prefetch(&self, f: FuncId) {
        self.accesses.borrow_mut().push(("prefetch", f));
    }
    fn materialize(&mut self, f: FuncId) {
        self.accesses.borrow_mut().push(("materialize", f));
        if self.ineligible_on_build.contains(&f) {
            self.funcs[f.index()].ineligible = Some(Ineligible::Adapter(1));
        }
    }
    fn tree_key(&mut self, f: FuncId) -> Option<u64> {
        if !self.tree_keyed || self.unkeyable.contains(&f) {
            return None;
        }
        if self.lying_claims {
            return Some(0);
        }
        self.accesses.borrow_mut().push(("tree_key", f));
        if self.subkeyed {
            let b = self.bodies[f.index()].as_ref()?;
            return Some(b.insts.iter().fold(0u64, |k, i| (k.rotate_left(5) ^ i.opcode as u64).wrapping_mul(3)));
        }
        // Named functions by identity, a self reference marked.
        self.body_key(f, |g| if g == f { 1 } else { 2 + g.0 as u64 })
    }
    fn tree_subkey(&mut self, f: FuncId) -> Option<u64> {
        self.accesses.borrow_mut().push(("tree_subkey", f));
        if !self.subkeyed || self.no_subkey.contains(&f) {
            return None;
        }
        self.body_key(f, |g| if g == f { 1 } else { 2 + g.0 as u64 })
    }
    fn same_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        if !self.same_body || self.ineligible_on_build.contains(&f) {
            return false;
        }
        if self.lying_claims {
            return f != g;
        }
        let same = f != g && crate::Comparator::new().compare(&*self, g, f) == core::cmp::Ordering::Equal;
        if same {
            self.accesses.borrow_mut().push(("same_body", f));
        }
        same
    }
    fn same_unread_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        if !self.unread_claims || self.ineligible_on_build.contains(&f) || self.ineligible_on_build.contains(&g) {
            return false;
        }
        if self.lying_claims {
            return f != g;
        }
        let same = f != g && crate::Comparator::new().compare(&*self, g, f) == core::cmp::Ordering::Equal;
        if same {
            self.accesses.borrow_mut().push(("same_unread_body", f));
        }
        same
    }
    fn tiny_body(&self, f: FuncId) -> Option<bool> {
        let b = self.bodies[f.index()].as_ref().filter(|_| self.unread_claims)?.as_body();
        Some(b.blocks.len() == 1 && b.blocks[0].insts.len() < 2)
    }
    fn merge_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        if !self.keyed {
            return None;
        }
        // Named functions only marked, and listed in `refs`.
        self.body_key(f, |g| {
            refs.push(g);
            1
        })
    }
    /// The merge key, whose contract implies the cycle key's.
    fn cycle_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        self.merge_key(f, refs)
    }
}
