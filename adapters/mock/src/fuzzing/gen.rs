//! The module generator: valid modules full of equal and near-equal functions.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use arbitrary::{Arbitrary, Result, Unstructured};
use mergefunc::{Attr, AttrList, ConstKind, ConstProp, FuncId, GlobalId, MetaData, Options, TypeId, Use, Value};

use super::perturb::{self, PerturbKind};
use crate::builder::FunctionBuilder;
use crate::consts::{subst_const, Subst};
use crate::ir::{
    cc, AtomicOrdering, BinOp, CastOp, FuncKind, IntPred, LinkageKind, MockModule, Op, Opcode, RmwOp, TailKind,
    ASM_SIDEEFFECT, FLAG_NSW, FLAG_NUW, GEP_INBOUNDS, GEP_NUSW, GEP_NUW,
};

/// Size knobs and the swarm switch. See [`Config::DEFAULT`].
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of independently generated functions.
    pub base_funcs: RangeInclusive<usize>,
    /// Parameters after the leading `i32 %n`.
    pub extra_params: RangeInclusive<usize>,
    /// Items (instructions or control-flow shapes) per region.
    pub items: RangeInclusive<usize>,
    /// Nesting depth of diamonds, loops and switches.
    pub max_depth: u32,
    /// Upper bound on items per function (all regions together).
    pub max_items: usize,
    /// Number of clones.
    pub clones: RangeInclusive<usize>,
    /// Chance (percent) that a clone gets one perturbation.
    pub perturb_percent: u8,
    /// Swarm testing: draw a random subset of [`Features`] per test case.
    pub swarm: bool,
}

impl Config {
    /// The default used by every target.
    pub const DEFAULT: Config = Config {
        base_funcs: 1..=4,
        extra_params: 0..=2,
        items: 1..=5,
        max_depth: 2,
        max_items: 24,
        clones: 1..=4,
        perturb_percent: 50,
        swarm: true,
    };
}

impl Default for Config {
    fn default() -> Self {
        Config::DEFAULT
    }
}

/// What a test case may contain (all on unless [`Config::swarm`] drew them off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub diamonds: bool,
    pub loops: bool,
    pub switches: bool,
    pub memory: bool,
    pub global_memory: bool,
    pub atomics: bool,
    pub aggregates: bool,
    pub direct_calls: bool,
    pub indirect_calls: bool,
    pub recursion: bool,
    pub externs: bool,
    pub asm: bool,
    pub fancy_signatures: bool,
    pub linkages: bool,
    pub odd_consts: bool,
}

impl Features {
    const ALL: Features = Features {
        diamonds: true,
        loops: true,
        switches: true,
        memory: true,
        global_memory: true,
        atomics: true,
        aggregates: true,
        direct_calls: true,
        indirect_calls: true,
        recursion: true,
        externs: true,
        asm: true,
        fancy_signatures: true,
        linkages: true,
        odd_consts: true,
    };
    fn swarm(u: &mut Unstructured<'_>) -> Result<Features> {
        // Each feature is on with probability 3/4.
        let mut b = || -> Result<bool> { Ok(u.int_in_range(0u8..=3)? != 0) };
        Ok(Features {
            diamonds: b()?,
            loops: b()?,
            switches: b()?,
            memory: b()?,
            global_memory: b()?,
            atomics: b()?,
            aggregates: b()?,
            direct_calls: b()?,
            indirect_calls: b()?,
            recursion: b()?,
            externs: b()?,
            asm: b()?,
            fancy_signatures: b()?,
            linkages: b()?,
            odd_consts: b()?,
        })
    }
}

/// A clone of a generated function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloneInfo {
    /// The function that was copied.
    pub original: FuncId,
    /// The copy (self calls rewritten to call the copy).
    pub clone: FuncId,
    /// The one property changed on the copy, if any.
    pub perturbation: Option<PerturbKind>,
}

/// A generated module and what the oracles need to know about it.
#[derive(Clone, Debug)]
pub struct TestCase {
    /// The module (valid).
    pub module: MockModule,
    /// Every generated definition (base functions and clones), in module order.
    pub defined: Vec<FuncId>,
    /// The clones.
    pub clones: Vec<CloneInfo>,
    /// Values that arguments are drawn from (the first argument, `%n`, is `0..=3`).
    pub arg_pool: Vec<u64>,
    /// Merge options for the merge oracles.
    pub options: Options,
    /// What the generator was allowed to use.
    pub features: Features,
}

impl<'a> Arbitrary<'a> for TestCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        generate(u, &Config::DEFAULT)
    }
}

impl TestCase {
    /// Argument lists for `f`: `count` of them, drawn from the pool.
    pub fn inputs(&self, f: FuncId, count: usize) -> Vec<Vec<crate::interp::Val>> {
        let m = &self.module;
        let (_, params, _) = m.fn_sig(m.function(f).ty);
        (0..count)
            .map(|k| {
                params
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let bits = crate::layout::scalar_bits(m, *t).unwrap_or(64);
                        let v = if i == 0 {
                            (k % 4) as u64
                        } else {
                            let n = self.arg_pool.len().max(1);
                            self.arg_pool.get((k * 7 + i * 3 + f.index()) % n).copied().unwrap_or(k as u64)
                        };
                        crate::interp::Val::int(bits, v as u128)
                    })
                    .collect()
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Types {
    pub i1: TypeId,
    pub i8: TypeId,
    pub i32: TypeId,
    pub i64: TypeId,
    pub ptr: TypeId,
    pub void: TypeId,
    /// `[4 x i64]`
    pub arr: TypeId,
    /// `{ i32, i32 }`
    pub pair: TypeId,
}

impl Types {
    pub(crate) fn new(m: &mut MockModule) -> Types {
        let i64 = m.int(64);
        let i32 = m.int(32);
        Types {
            i1: m.int(1),
            i8: m.int(8),
            i32,
            i64,
            ptr: m.ptr(0),
            void: m.void(),
            arr: m.array_ty(4, i64),
            pair: m.struct_ty(&[i32, i32], false),
        }
    }
}

fn pick<T: Copy>(u: &mut Unstructured<'_>, xs: &[T]) -> Result<T> {
    Ok(*u.choose(xs)?)
}

/// Generates a test case.
pub fn generate(u: &mut Unstructured<'_>, cfg: &Config) -> Result<TestCase> {
    let features = if cfg.swarm { Features::swarm(u)? } else { Features::ALL };
    let mut m = MockModule::new();
    let t = Types::new(&mut m);
    let feat = features;

    // Declarations and data.
    let sink_ty = m.func_ty(t.void, &[t.i64], false);
    let sink = m.add_function("sink", sink_ty, LinkageKind::External);
    let source_ty = m.func_ty(t.i32, &[], false);
    let source = m.add_function("source", source_ty, LinkageKind::External);
    // `@llvm.mock.scope(metadata)`: takes tuples of distinct nodes, like LLVM's
    // `llvm.experimental.noalias.scope.decl` (a no-op in the interpreter). Clones get fresh
    // nodes, consistently renamed, as inlining does.
    let (scope_fn, scopes) = if feat.externs {
        let md = m.metadata_ty();
        let sty = m.func_ty(t.void, &[md], false);
        let f = m.add_function("llvm.mock.scope", sty, LinkageKind::External);
        (Some(f), [m.distinct_meta(), m.distinct_meta(), m.distinct_meta()])
    } else {
        (None, [mergefunc::MetaId(0); 3])
    };
    let zero_arr = m.konst(t.arr, ConstKind::Null);
    let mut mem = [GlobalId(0); 2];
    for (k, slot) in mem.iter_mut().enumerate() {
        *slot = m.add_global(&format!("mem{k}"), t.arr, Some(zero_arr), LinkageKind::Internal);
        m.edit_global(*slot, |g| g.align = Some(16));
    }

    // Signatures.
    let nbase = u.int_in_range(cfg.base_funcs.clone())?.max(1);
    let mut funcs = Vec::with_capacity(nbase);
    for k in 0..nbase {
        let nextra = u.int_in_range(cfg.extra_params.clone())?;
        let mut params = vec![t.i32];
        for _ in 0..nextra {
            params.push(pick(u, &[t.i8, t.i32, t.i64, t.i64])?);
        }
        let ret = pick(u, &[t.i32, t.i64, t.i64, t.i32, t.void])?;
        let fty = m.func_ty(ret, &params, false);
        let linkage = if feat.linkages {
            pick(
                u,
                &[
                    LinkageKind::External,
                    LinkageKind::Internal,
                    LinkageKind::Private,
                    LinkageKind::Weak,
                    LinkageKind::WeakOdr,
                    LinkageKind::Linkonce,
                    LinkageKind::LinkonceOdr,
                    LinkageKind::External,
                    LinkageKind::Internal,
                ],
            )?
        } else {
            pick(u, &[LinkageKind::External, LinkageKind::Internal])?
        };
        let f = m.add_function(&format!("f{k}"), fty, linkage);
        let unnamed = u.arbitrary::<bool>()?;
        let (fcc, attrs, gc, section, align) = if feat.fancy_signatures {
            let fcc = pick(u, &[cc::C, cc::C, cc::C, cc::FAST, cc::COLD])?;
            let mut fa = Vec::new();
            for (k, _) in [(2u32, ()), (1, ()), (18, ())] {
                if u.ratio(1, 3)? {
                    fa.push(Attr::Flag(k));
                }
            }
            if u.ratio(1, 6)? {
                fa.push(Attr::Str(b"frame-pointer".as_slice().into(), b"all".as_slice().into()));
            }
            let mut ra = Vec::new();
            if ret != t.void && u.ratio(1, 4)? {
                ra.push(Attr::Flag(7));
            }
            let mut pa: Vec<Box<[Attr]>> = Vec::new();
            if u.ratio(1, 4)? {
                pa.push(Box::new([Attr::Flag(7)]));
            }
            let attrs = m.attr_list(AttrList { func: fa.into(), ret: ra.into(), params: pa.into() });
            let gc = if u.ratio(1, 10)? { Some("shadow-stack".to_string()) } else { None };
            let section = if u.ratio(1, 10)? { Some(".text.gen".to_string()) } else { None };
            let align = if u.ratio(1, 6)? { Some(pick(u, &[4u64, 16])?) } else { None };
            (fcc, attrs, gc, section, align)
        } else {
            (cc::C, m.no_attrs(), None, None, None)
        };
        m.edit_function(f, |x| {
            x.unnamed_addr = unnamed;
            x.cc = fcc;
            x.attrs = attrs;
            x.gc = gc;
            x.section = section;
            x.align = align;
        });
        funcs.push(f);
    }

    // The function table (initialized after the clones exist).
    let (ftab, slots) = if feat.indirect_calls {
        let n = u.int_in_range(1..=3usize)?;
        let slots: Vec<usize> = (0..n).map(|_| u.choose_index(nbase)).collect::<Result<_>>()?;
        let ty = m.array_ty(n as u64, t.ptr);
        let g = m.add_global("ftab", ty, None, LinkageKind::Internal);
        (Some(g), slots)
    } else {
        (None, Vec::new())
    };

    // Bodies.
    let sigs: Vec<TypeId> = funcs.iter().map(|f| m.function(*f).ty).collect();
    for (k, f) in funcs.iter().enumerate() {
        let bg = BodyGen {
            u: &mut *u,
            b: FunctionBuilder::new(&mut m, *f),
            t,
            feat,
            cfg,
            me: k,
            funcs: &funcs,
            sigs: &sigs,
            ftab: ftab.map(|g| (g, slots.as_slice())),
            mem,
            sink,
            source,
            scope_fn,
            scopes,
            pool: Vec::new(),
            slot: None,
            n: Use { value: Value::Arg(0), ty: t.i32 },
            left: cfg.max_items,
        };
        bg.body()?;
    }

    // Clones, some perturbed.
    let nclones = u.int_in_range(cfg.clones.clone())?;
    let mut clones = Vec::new();
    for c in 0..nclones {
        let orig = funcs[u.choose_index(nbase)?];
        let linkage = if feat.linkages {
            pick(
                u,
                &[
                    LinkageKind::External,
                    LinkageKind::Internal,
                    LinkageKind::Private,
                    LinkageKind::Weak,
                    LinkageKind::WeakOdr,
                    LinkageKind::Linkonce,
                    LinkageKind::LinkonceOdr,
                ],
            )?
        } else {
            pick(u, &[LinkageKind::External, LinkageKind::Internal])?
        };
        let unnamed = u.arbitrary::<bool>()?;
        let name = format!("{}.c{c}", m.function(orig).name);
        let clone = clone_function(&mut m, orig, &name, linkage, unnamed);
        let mut perturbation = None;
        if u.int_in_range(0u8..=99)? < cfg.perturb_percent {
            perturbation = perturb::perturb(u, &mut m, clone)?;
        }
        clones.push(CloneInfo { original: orig, clone, perturbation });
    }

    // Fill the table; slots may name an unperturbed clone of their function.
    if let Some(g) = ftab {
        let mut entries = Vec::new();
        for &s in &slots {
            let mut f = funcs[s];
            let mates: Vec<FuncId> =
                clones.iter().filter(|c| c.original == f && c.perturbation.is_none()).map(|c| c.clone).collect();
            if !mates.is_empty() && u.arbitrary::<bool>()? {
                f = mates[u.choose_index(mates.len())?];
            }
            entries.push(m.func_ref(f));
        }
        let ty = m.array_ty(entries.len() as u64, t.ptr);
        let init = m.konst(ty, ConstKind::Array(entries.into()));
        m.edit_global(g, |x| {
            x.init = Some(init);
            x.constant = true;
            x.unnamed_addr = true;
        });
    }

    let mut defined: Vec<FuncId> = funcs.clone();
    defined.extend(clones.iter().map(|c| c.clone));

    // `@llvm.used`.
    if feat.linkages && u.ratio(1, 3)? {
        let mut used = Vec::new();
        for &f in &defined {
            if u.ratio(1, 4)? {
                used.push(m.func_ref(f));
            }
        }
        if !used.is_empty() {
            let ty = m.array_ty(used.len() as u64, t.ptr);
            let init = m.konst(ty, ConstKind::Array(used.into()));
            let g = m.add_global("llvm.used", ty, Some(init), LinkageKind::Appending);
            m.edit_global(g, |x| x.section = Some("llvm.metadata".into()));
        }
    }

    let mut arg_pool = vec![0u64, 1, 2, 3, u64::MAX, 7, 255, 0x8000_0000];
    for _ in 0..u.int_in_range(0..=4usize)? {
        arg_pool.push(u.arbitrary()?);
    }
    let options = Options {
        use_aliases: u.arbitrary()?,
        preserve_debug_info: u.ratio(1, 4)?,
        merge_cycles: u.arbitrary()?,
        check_fast_path: true,
    };
    // Drawn last, so that the cases above stay what they were without it.
    m.fast_path = u.arbitrary()?;
    m.refresh_all();
    Ok(TestCase { module: m, defined, clones, arg_pool, options, features })
}

/// Adds a copy of `orig` named `name` (self references rewritten to the copy).
pub fn clone_function(m: &mut MockModule, orig: FuncId, name: &str, linkage: LinkageKind, unnamed: bool) -> FuncId {
    let src = m.function(orig).clone();
    let g = m.add_function(name, src.ty, linkage);
    let mut body = match &src.kind {
        FuncKind::Definition(b) => b.clone(),
        FuncKind::Declaration | FuncKind::Alias(_) | FuncKind::Erased => return g,
    };
    let s = Subst { from: orig, to: g, addresses: true, blocks: true };
    let mut memo = HashMap::new();
    let mut renamed: HashMap<mergefunc::MetaId, mergefunc::MetaId> = HashMap::new();
    for inst in &mut body.insts {
        for a in &mut inst.args {
            match a.value {
                Value::Const(c) => a.value = Value::Const(subst_const(m, c, s, &mut memo)),
                Value::Meta(t) => a.value = Value::Meta(rename_distinct(m, t, &mut renamed)),
                _ => {}
            }
        }
    }
    let new_name = m.function(g).name.clone();
    m.edit_function(g, |x| {
        *x = src;
        x.name = new_name;
        x.linkage = linkage;
        x.unnamed_addr = unnamed;
        x.kind = FuncKind::Definition(body);
    });
    g
}

/// `t` with every distinct node inside a tuple replaced by a fresh one, consistently
/// (`renamed` maps old to new across one clone), as inlining copies alias scopes. A
/// distinct node passed directly is left alone (it makes an intrinsic call ineligible).
fn rename_distinct(
    m: &mut MockModule,
    t: mergefunc::MetaId,
    renamed: &mut HashMap<mergefunc::MetaId, mergefunc::MetaId>,
) -> mergefunc::MetaId {
    let MetaData::Node(ops) = m.meta_data(t).clone() else { return t };
    let mut changed = false;
    let new: Vec<Option<mergefunc::MetaId>> = ops
        .iter()
        .map(|o| match o {
            Some(x) if matches!(m.meta_data(*x), MetaData::Distinct(..)) => {
                changed = true;
                Some(*renamed.entry(*x).or_insert_with(|| m.distinct_meta()))
            }
            o => *o,
        })
        .collect();
    if changed {
        m.meta(MetaData::Node(new.into()))
    } else {
        t
    }
}

struct BodyGen<'x, 'a, 'm> {
    u: &'x mut Unstructured<'a>,
    b: FunctionBuilder<'m>,
    t: Types,
    feat: Features,
    cfg: &'x Config,
    me: usize,
    funcs: &'x [FuncId],
    sigs: &'x [TypeId],
    ftab: Option<(GlobalId, &'x [usize])>,
    mem: [GlobalId; 2],
    sink: FuncId,
    source: FuncId,
    /// `@llvm.mock.scope` and the module's distinct scope nodes.
    scope_fn: Option<FuncId>,
    scopes: [mergefunc::MetaId; 3],
    /// Values that dominate the insertion point.
    pool: Vec<Use>,
    /// The entry block's `alloca [4 x i64]`.
    slot: Option<Use>,
    /// `%n`.
    n: Use,
    /// Items left for this function.
    left: usize,
}

impl BodyGen<'_, '_, '_> {
    fn body(mut self) -> Result<()> {
        let entry = self.b.block(None);
        self.b.switch_to(entry);
        let (_, params, _) = self.b.m.fn_sig(self.sigs[self.me]);
        for i in 0..params.len() {
            let a = self.b.arg(i as u32);
            self.pool.push(a);
        }
        if self.feat.memory {
            let one = self.b.const_int(self.t.i32, 1);
            let align = pick(self.u, &[Some(8u64), Some(16), None])?;
            let s = self.b.alloca(self.t.arr, one, align, None);
            let n64 = self.b.cast(CastOp::ZExt, self.n, self.t.i64, None);
            self.b.store(n64, s, Some(8));
            self.slot = Some(s);
        }
        self.region(0)?;
        let (ret, _, _) = self.b.m.fn_sig(self.sigs[self.me]);
        if ret == self.t.void {
            self.b.ret(None);
        } else {
            let v = self.val(ret)?;
            self.b.ret(Some(v));
        }
        self.b.finish();
        Ok(())
    }

    fn int_ty(&mut self) -> Result<TypeId> {
        pick(self.u, &[self.t.i8, self.t.i32, self.t.i32, self.t.i64, self.t.i64])
    }

    fn konst(&mut self, ty: TypeId) -> Result<Use> {
        if self.feat.odd_consts && self.u.ratio(1, 24)? {
            let kind = if self.u.arbitrary()? { ConstKind::Undef } else { ConstKind::Poison };
            let c = self.b.m.konst(ty, kind);
            return Ok(self.b.const_use(c));
        }
        let v: u128 = match self.u.int_in_range(0u8..=5)? {
            0 => 0,
            1 => 1,
            2 => u128::MAX,
            3 => self.u.int_in_range(2u128..=16)?,
            4 => 1 << self.u.int_in_range(0u32..=63)?,
            _ => self.u.arbitrary::<u64>()? as u128,
        };
        Ok(self.b.const_int(ty, v))
    }

    /// A value of type `ty` (a constant, a pool value, or a cast of one).
    fn val(&mut self, ty: TypeId) -> Result<Use> {
        if self.u.ratio(1, 4)? {
            return self.konst(ty);
        }
        let same: Vec<Use> = self.pool.iter().copied().filter(|u| u.ty == ty).collect();
        if !same.is_empty() && self.u.ratio(3, 4)? {
            return Ok(same[self.u.choose_index(same.len())?]);
        }
        let ints: Vec<Use> = self
            .pool
            .iter()
            .copied()
            .filter(|u| [self.t.i1, self.t.i8, self.t.i32, self.t.i64].contains(&u.ty))
            .collect();
        if ints.is_empty() {
            return self.konst(ty);
        }
        let v = ints[self.u.choose_index(ints.len())?];
        self.convert(v, ty)
    }

    fn bits(&self, ty: TypeId) -> u32 {
        crate::layout::scalar_bits(self.b.m, ty).unwrap_or(64)
    }

    fn convert(&mut self, v: Use, ty: TypeId) -> Result<Use> {
        let (from, to) = (self.bits(v.ty), self.bits(ty));
        Ok(if from == to {
            v
        } else if from > to {
            self.b.cast(CastOp::Trunc, v, ty, None)
        } else {
            let op = if self.u.arbitrary()? { CastOp::ZExt } else { CastOp::SExt };
            self.b.cast(op, v, ty, None)
        })
    }

    fn region(&mut self, depth: u32) -> Result<()> {
        let n = self.u.int_in_range(self.cfg.items.clone())?;
        for _ in 0..n {
            if self.left == 0 {
                break;
            }
            self.left -= 1;
            self.item(depth)?;
        }
        Ok(())
    }

    fn item(&mut self, depth: u32) -> Result<()> {
        let nested = depth < self.cfg.max_depth;
        let f = self.feat;
        match self.u.choose_index(15)? {
            0 | 1 => self.binop(),
            2 => self.compare(),
            3 => {
                let v = self.val(self.t.i64)?;
                let ty = self.int_ty()?;
                let r = self.convert(v, ty)?;
                self.pool.push(r);
                Ok(())
            }
            4 if nested && f.diamonds => self.diamond(depth),
            5 if nested && f.loops => self.loop_(depth),
            6 if nested && f.switches => self.switch(depth),
            7 if f.memory => self.memory(false),
            8 if f.global_memory => self.memory(true),
            9 if f.atomics && (f.memory || f.global_memory) => self.atomic(),
            10 if f.aggregates => self.aggregate(),
            11 if f.direct_calls => {
                let j = self.u.choose_index(self.funcs.len())?;
                self.call(Some(j), None, depth)
            }
            12 if f.indirect_calls && self.ftab.is_some() => {
                let (_, slots) = self.ftab.unwrap_or((GlobalId(0), &[]));
                let k = self.u.choose_index(slots.len())?;
                self.call(None, Some(k), depth)
            }
            13 if f.externs => match (self.u.choose_index(3)?, self.scope_fn) {
                (0, _) => {
                    let v = self.val(self.t.i64)?;
                    self.b.call(self.sink, &[v], None);
                    Ok(())
                }
                (1, Some(sf)) => {
                    // A tuple of one or two scopes (maybe the same twice), maybe a name.
                    let mut ops = vec![Some(self.scopes[self.u.choose_index(3)?])];
                    if self.u.arbitrary()? {
                        ops.push(Some(self.scopes[self.u.choose_index(3)?]));
                    }
                    if self.u.ratio(1, 3)? {
                        let name = pick(self.u, &["a", "b"])?;
                        ops.push(Some(self.b.m.meta(MetaData::String(name.as_bytes().into()))));
                    }
                    let tuple = self.b.m.meta(MetaData::Node(ops.into()));
                    let ty = self.b.m.metadata_ty();
                    self.b.call(sf, &[Use { value: Value::Meta(tuple), ty }], None);
                    Ok(())
                }
                _ => {
                    let r = self.b.call(self.source, &[], None);
                    self.pool.push(r);
                    Ok(())
                }
            },
            14 if f.asm => {
                let v = self.val(self.t.i32)?;
                let fty = self.b.m.func_ty(self.t.void, &[self.t.i32], false);
                let text = pick(self.u, &["nop $0", "use $0"])?;
                self.b.call_asm(fty, text, "r", ASM_SIDEEFFECT, &[v]);
                Ok(())
            }
            _ => self.binop(),
        }
    }

    fn binop(&mut self) -> Result<()> {
        let ty = self.int_ty()?;
        let op = pick(self.u, &BinOp::ALL)?;
        let flags = self.u.arbitrary::<u8>()? & op.allowed_flags();
        let a = self.val(ty)?;
        let mut b = self.val(ty)?;
        match op {
            BinOp::UDiv | BinOp::SDiv => {
                let one = self.b.const_int(ty, 1);
                b = self.b.bin(BinOp::Or, 0, b, one, None);
            }
            BinOp::Shl | BinOp::LShr | BinOp::AShr if self.u.ratio(3, 4)? => {
                let m = self.b.const_int(ty, (self.bits(ty) - 1) as u128);
                b = self.b.bin(BinOp::And, 0, b, m, None);
            }
            _ => {}
        }
        let r = self.b.bin(op, flags, a, b, None);
        self.pool.push(r);
        Ok(())
    }

    fn cond(&mut self) -> Result<Use> {
        let ty = self.int_ty()?;
        let (a, b) = (self.val(ty)?, self.val(ty)?);
        let p = pick(self.u, &IntPred::ALL)?;
        Ok(self.b.icmp(p, a, b, None))
    }

    fn compare(&mut self) -> Result<()> {
        let c = self.cond()?;
        self.pool.push(c);
        if self.u.arbitrary()? {
            let ty = self.int_ty()?;
            let (x, y) = (self.val(ty)?, self.val(ty)?);
            let s = self.b.select(c, x, y, None);
            self.pool.push(s);
        }
        Ok(())
    }

    /// Generates one arm: a nested region, then a value of `ty` (if any) and `br join`.
    fn arm(
        &mut self,
        depth: u32,
        ty: Option<TypeId>,
        join: mergefunc::BlockId,
    ) -> Result<Option<(Use, mergefunc::BlockId)>> {
        let mark = self.pool.len();
        if self.u.arbitrary()? {
            self.region(depth + 1)?;
        }
        let v = match ty {
            Some(t) => Some(self.val(t)?),
            None => None,
        };
        let end = self.b.current_block();
        self.b.br(join);
        self.pool.truncate(mark);
        Ok(v.map(|v| (v, end)))
    }

    fn diamond(&mut self, depth: u32) -> Result<()> {
        let c = self.cond()?;
        let (tb, eb) = (self.b.block(None), self.b.block(None));
        let join = self.b.block(None);
        self.b.cond_br(c, tb, eb);
        let ty = self.int_ty()?;
        self.b.switch_to(tb);
        let x = self.arm(depth, Some(ty), join)?;
        self.b.switch_to(eb);
        let y = self.arm(depth, Some(ty), join)?;
        self.b.switch_to(join);
        let inc: Vec<_> = x.into_iter().chain(y).collect();
        let p = self.b.phi(ty, &inc, None);
        self.pool.push(p);
        Ok(())
    }

    fn loop_(&mut self, depth: u32) -> Result<()> {
        let pre = self.b.current_block();
        let src = self.val(self.t.i32)?;
        let seven = self.b.const_int(self.t.i32, 7);
        let bound = self.b.bin(BinOp::And, 0, src, seven, None);
        let ty = pick(self.u, &[self.t.i32, self.t.i64])?;
        let init = self.val(ty)?;
        let header = self.b.block(None);
        self.b.br(header);
        self.b.switch_to(header);
        let zero = self.b.const_int(self.t.i32, 0);
        let i = self.b.phi(self.t.i32, &[(zero, pre)], None);
        let acc = self.b.phi(ty, &[(init, pre)], None);
        self.pool.push(i);
        self.pool.push(acc);
        self.region(depth + 1)?;
        let step = self.val(ty)?;
        let op = pick(self.u, &[BinOp::Add, BinOp::Xor, BinOp::Mul, BinOp::Sub])?;
        let acc_next = self.b.bin(op, 0, acc, step, None);
        let one = self.b.const_int(self.t.i32, 1);
        let i_next = self.b.bin(BinOp::Add, FLAG_NUW | FLAG_NSW, i, one, None);
        let c = self.b.icmp(IntPred::Ult, i_next, bound, None);
        let latch = self.b.current_block();
        let exit = self.b.block(None);
        self.b.cond_br(c, header, exit);
        self.b.add_incoming(i, i_next, latch);
        self.b.add_incoming(acc, acc_next, latch);
        self.b.switch_to(exit);
        self.pool.push(acc_next);
        Ok(())
    }

    fn switch(&mut self, depth: u32) -> Result<()> {
        let x = self.val(self.t.i32)?;
        let three = self.b.const_int(self.t.i32, 3);
        let sel = self.b.bin(BinOp::And, 0, x, three, None);
        let mut vals = vec![0u128, 1, 2, 3];
        let ncases = self.u.int_in_range(1..=3usize)?;
        let mut cases = Vec::new();
        let default = self.b.block(None);
        for _ in 0..ncases {
            let v = vals.remove(self.u.choose_index(vals.len())?);
            let c = self.b.m.int_const(self.t.i32, v);
            let blk = self.b.block(None);
            cases.push((c, blk));
        }
        let join = self.b.block(None);
        self.b.switch(sel, default, &cases);
        let ty = self.int_ty()?;
        let mut inc = Vec::new();
        for blk in std::iter::once(default).chain(cases.iter().map(|c| c.1)) {
            self.b.switch_to(blk);
            inc.extend(self.arm(depth, Some(ty), join)?);
        }
        self.b.switch_to(join);
        let p = self.b.phi(ty, &inc, None);
        self.pool.push(p);
        Ok(())
    }

    fn gep_flags(&mut self) -> Result<u8> {
        let mut f = 0;
        if self.u.ratio(2, 3)? {
            f |= GEP_INBOUNDS | GEP_NUSW;
        }
        if self.u.ratio(1, 3)? {
            f |= GEP_NUW;
        }
        Ok(f)
    }

    /// An in-bounds address inside `[4 x i64]` at `base`, and the element type there.
    fn addr(&mut self, base: Use) -> Result<(Use, TypeId)> {
        let flags = self.gep_flags()?;
        Ok(match self.u.choose_index(3)? {
            0 => {
                let zero = self.b.const_int(self.t.i64, 0);
                let k = self.u.int_in_range(0u128..=3)?;
                let k = self.b.const_int(self.t.i64, k);
                (self.b.gep(self.t.arr, flags, base, &[zero, k], None), self.t.i64)
            }
            1 => {
                let ety = pick(self.u, &[self.t.i32, self.t.i64])?;
                let v = self.val(self.t.i64)?;
                let three = self.b.const_int(self.t.i64, 3);
                let idx = self.b.bin(BinOp::And, 0, v, three, None);
                (self.b.gep(ety, flags, base, &[idx], None), ety)
            }
            _ => {
                let k = self.u.int_in_range(0u128..=7)?;
                let k = self.b.const_int(self.t.i64, k);
                (self.b.gep(self.t.i32, flags, base, &[k], None), self.t.i32)
            }
        })
    }

    fn base(&mut self, global: bool) -> Result<Option<Use>> {
        if global {
            let g = self.mem[self.u.choose_index(2)?];
            let c = self.b.m.global_ref(g);
            Ok(Some(self.b.const_use(c)))
        } else {
            Ok(self.slot)
        }
    }

    fn memory(&mut self, global: bool) -> Result<()> {
        let Some(base) = self.base(global)? else {
            return Ok(());
        };
        let (p, ty) = if global && self.u.ratio(1, 4)? {
            // A constant-expression address: `getelementptr inbounds ([4 x i64], ptr @memK, i64 0, i64 j)`.
            let zero = self.b.m.int_const(self.t.i64, 0);
            let j = self.u.int_in_range(0u128..=3)?;
            let j = self.b.m.int_const(self.t.i64, j);
            let Value::Const(bc) = base.value else {
                return Ok(());
            };
            let props = Box::new([
                ConstProp::Type(self.t.arr),
                ConstProp::Num((GEP_INBOUNDS | GEP_NUSW) as u64),
                ConstProp::Num(0),
            ]);
            let c = self.b.m.konst(
                self.t.ptr,
                ConstKind::Expr { opcode: Opcode::Gep as u32, operands: Box::new([bc, zero, j]), props },
            );
            (self.b.const_use(c), self.t.i64)
        } else {
            self.addr(base)?
        };
        let size = self.bits(ty) as u64 / 8;
        let align = if self.u.ratio(3, 4)? { Some(size) } else { None };
        let volatile = self.u.ratio(1, 6)?;
        let ordering = if align.is_some() && self.feat.atomics && self.u.ratio(1, 6)? { Some(()) } else { None };
        if self.u.arbitrary()? {
            let v = self.val(ty)?;
            let ordering = match ordering {
                Some(()) => {
                    pick(self.u, &[AtomicOrdering::Monotonic, AtomicOrdering::Release, AtomicOrdering::SeqCst])?
                }
                None => AtomicOrdering::NotAtomic,
            };
            let void = self.t.void;
            self.b.push(None, Op::Store { volatile, align, ordering }, void, vec![v, p]);
        } else {
            let ordering = match ordering {
                Some(()) => {
                    pick(self.u, &[AtomicOrdering::Monotonic, AtomicOrdering::Acquire, AtomicOrdering::SeqCst])?
                }
                None => AtomicOrdering::NotAtomic,
            };
            let mut md = Vec::new();
            if self.u.ratio(1, 5)? {
                let hi = self.u.int_in_range(1u128..=1000)?;
                let node = range_node(self.b.m, ty, 0, hi);
                md.push((crate::ir::mdkind::RANGE, node));
            }
            let r = self.b.push(None, Op::Load { volatile, align, ordering, md }, ty, vec![p]);
            self.pool.push(r);
        }
        Ok(())
    }

    fn atomic(&mut self) -> Result<()> {
        let global = !self.feat.memory || (self.feat.global_memory && self.u.arbitrary()?);
        let Some(base) = self.base(global)? else {
            return Ok(());
        };
        match self.u.choose_index(3)? {
            0 => {
                let (p, ty) = self.addr(base)?;
                let v = self.val(ty)?;
                let op = pick(self.u, &RmwOp::ALL)?;
                let ordering = pick(self.u, &AtomicOrdering::ATOMIC)?;
                let volatile = self.u.ratio(1, 5)?;
                let r = self.b.push(None, Op::AtomicRmw { op, volatile, ordering }, ty, vec![p, v]);
                self.pool.push(r);
            }
            1 => {
                let (p, ty) = self.addr(base)?;
                let (c, n) = (self.val(ty)?, self.val(ty)?);
                let rty = self.b.m.struct_ty(&[ty, self.t.i1], false);
                let success = pick(
                    self.u,
                    &[
                        AtomicOrdering::Monotonic,
                        AtomicOrdering::Acquire,
                        AtomicOrdering::AcqRel,
                        AtomicOrdering::SeqCst,
                    ],
                )?;
                let failure =
                    pick(self.u, &[AtomicOrdering::Monotonic, AtomicOrdering::Acquire, AtomicOrdering::SeqCst])?;
                let (weak, volatile) = (self.u.ratio(1, 4)?, self.u.ratio(1, 5)?);
                let r = self.b.push(None, Op::CmpXchg { weak, volatile, success, failure }, rty, vec![p, c, n]);
                let old = self.b.extract_value(r, &[0], ty, None);
                let ok = self.b.extract_value(r, &[1], self.t.i1, None);
                self.pool.push(old);
                self.pool.push(ok);
            }
            _ => {
                let ordering = pick(
                    self.u,
                    &[AtomicOrdering::Acquire, AtomicOrdering::Release, AtomicOrdering::AcqRel, AtomicOrdering::SeqCst],
                )?;
                let void = self.t.void;
                self.b.push(None, Op::Fence { ordering }, void, vec![]);
            }
        }
        Ok(())
    }

    fn aggregate(&mut self) -> Result<()> {
        let start = if self.u.arbitrary()? { ConstKind::Null } else { ConstKind::Poison };
        let c = self.b.m.konst(self.t.pair, start);
        let mut agg = self.b.const_use(c);
        for k in 0..2 {
            if k == 0 || self.u.ratio(3, 4)? {
                let v = self.val(self.t.i32)?;
                agg = self.b.insert_value(agg, v, &[k], None);
            }
        }
        let k = self.u.int_in_range(0u32..=1)?;
        let e = self.b.extract_value(agg, &[k], self.t.i32, None);
        self.pool.push(e);
        Ok(())
    }

    /// A direct call of base function `direct`, or an indirect call through table slot
    /// `slot`; guarded by `%n > 0` (passing `%n - 1`) unless the callee comes later.
    fn call(&mut self, direct: Option<usize>, slot: Option<usize>, _depth: u32) -> Result<()> {
        let j = match (direct, slot, self.ftab) {
            (Some(j), _, _) => j,
            (None, Some(k), Some((_, slots))) => slots[k],
            _ => return Ok(()),
        };
        let fty = self.sigs[j];
        let (ret, params, _) = self.b.m.fn_sig(fty);
        let backward = j <= self.me;
        if backward && !self.feat.recursion {
            return Ok(());
        }
        let pre = self.b.current_block();
        let mark = self.pool.len();
        let mut guard = None;
        let n = if backward {
            let zero = self.b.const_int(self.t.i32, 0);
            let c = self.b.icmp(IntPred::Sgt, self.n, zero, None);
            let (cb, join) = (self.b.block(None), self.b.block(None));
            self.b.cond_br(c, cb, join);
            self.b.switch_to(cb);
            guard = Some(join);
            let m1 = self.b.const_int(self.t.i32, u128::MAX);
            self.b.bin(BinOp::Add, FLAG_NSW, self.n, m1, None)
        } else {
            self.n
        };
        let mut args = vec![n];
        for p in &params[1..] {
            args.push(self.val(*p)?);
        }
        let callee = match (direct, self.ftab) {
            (Some(j), _) => {
                let c = self.b.m.func_ref(self.funcs[j]);
                self.b.const_use(c)
            }
            (None, Some((g, slots))) => {
                let k = slot.unwrap_or(0) as u128;
                let tab = self.b.m.global_ref(g);
                let tab = self.b.const_use(tab);
                let aty = self.b.m.array_ty(slots.len() as u64, self.t.ptr);
                let zero = self.b.const_int(self.t.i64, 0);
                let k = self.b.const_int(self.t.i64, k);
                let p = self.b.gep(aty, GEP_INBOUNDS | GEP_NUSW, tab, &[zero, k], None);
                self.b.load(self.t.ptr, p, Some(8), None)
            }
            (None, None) => return Ok(()),
        };
        let callee_f = self.funcs[j];
        let ccv = self.b.m.function(callee_f).cc;
        let attrs = if self.feat.fancy_signatures && self.u.ratio(1, 4)? {
            self.b.m.attr_list(AttrList { func: Box::new([Attr::Flag(2)]), ..AttrList::default() })
        } else {
            self.b.m.no_attrs()
        };
        let tail = if self.u.ratio(1, 4)? { TailKind::Tail } else { TailKind::None };
        let range = if ret != self.t.void && self.feat.fancy_signatures && self.u.ratio(1, 8)? {
            Some(range_node(self.b.m, ret, 0, 1 << 20))
        } else {
            None
        };
        let r = self.b.push(None, Op::Call { fn_ty: fty, cc: ccv, attrs, tail, range }, ret, {
            let mut a = vec![callee];
            a.extend(args);
            a
        });
        if let Some(join) = guard {
            let cb_end = self.b.current_block();
            self.b.br(join);
            self.pool.truncate(mark);
            self.b.switch_to(join);
            if ret != self.t.void {
                let d = self.konst(ret)?;
                let p = self.b.phi(ret, &[(r, cb_end), (d, pre)], None);
                self.pool.push(p);
            }
        } else if ret != self.t.void {
            self.pool.push(r);
        }
        Ok(())
    }
}

/// `!{ty lo, ty hi}` for a `!range` attachment.
pub(crate) fn range_node(m: &mut MockModule, ty: TypeId, lo: u128, hi: u128) -> mergefunc::MetaId {
    let (a, b) = (m.int_const(ty, lo), m.int_const(ty, hi));
    let (a, b) = (m.meta(MetaData::Const(a)), m.meta(MetaData::Const(b)));
    m.meta(MetaData::Node(Box::new([Some(a), Some(b)])))
}

#[cfg(test)]
mod scope_tests {
    use arbitrary::Unstructured;
    use mergefunc::{MetaData, Value};

    use super::super::{generate, seeded_bytes, Config};
    use crate::ir::FuncKind;

    /// Distinct scope nodes of `f`'s `llvm.mock.scope` arguments, in order.
    fn scopes(m: &crate::MockModule, f: mergefunc::FuncId) -> Vec<mergefunc::MetaId> {
        let FuncKind::Definition(b) = &m.function(f).kind else { return Vec::new() };
        let mut out = Vec::new();
        for i in &b.insts {
            for a in &i.args {
                if let Value::Meta(t) = a.value {
                    if let MetaData::Node(ops) = m.meta_data(t) {
                        out.extend(ops.iter().flatten().filter(|x| matches!(m.meta_data(**x), MetaData::Distinct(..))));
                    }
                }
            }
        }
        out
    }

    /// The generator exercises the consistent renaming of distinct nodes: some cases
    /// merge two functions whose scope calls name *different* distinct nodes (a clone with
    /// renamed scopes), and every such merge pairs functions with the same scope pattern.
    #[test]
    fn renamed_scopes_merge() {
        let (mut with_scopes, mut renamed_merges) = (0, 0);
        for seed in 0..300u64 {
            let data = seeded_bytes(seed ^ 0x5c09e, 2048);
            let Ok(tc) = generate(&mut Unstructured::new(&data), &Config::DEFAULT) else { continue };
            let m = &tc.module;
            if !tc.defined.iter().any(|f| !scopes(m, *f).is_empty()) {
                continue;
            }
            with_scopes += 1;
            let mut after = m.clone();
            let r = mergefunc::merge_module(&mut after, &tc.options).unwrap();
            let n = mergefunc::Module::num_funcs(m);
            for rec in r.merges.iter().filter(|rec| rec.folded.index() < n && rec.target.index() < n) {
                let (a, b) = (scopes(m, rec.folded), scopes(m, rec.target));
                if !a.is_empty() && a != b {
                    // Same pattern: position i and j hold the same node on one side iff on the other.
                    assert_eq!(a.len(), b.len());
                    for i in 0..a.len() {
                        for j in 0..a.len() {
                            assert_eq!(a[i] == a[j], b[i] == b[j], "merged with a different scope pattern");
                        }
                    }
                    renamed_merges += 1;
                }
            }
        }
        eprintln!("cases with scope calls {with_scopes}, merges of renamed scopes {renamed_merges}");
        assert!(with_scopes >= 20 && renamed_merges >= 5, "{with_scopes} cases, {renamed_merges} renamed merges");
    }
}
