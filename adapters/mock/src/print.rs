//! The canonical printer, and the grammar of the text format.
//!
//! ```text
//! module    := item*                       ; `;` starts a comment to the end of the line
//! item      := global | alias | declare | define | mdnode
//! global    := @name = [linkage] [unnamed_addr] (global|constant) type [const]
//!              [, section "s"] [, align N]  ; no initializer iff linkage is external/extern_weak
//! alias     := @name = [linkage] [unnamed_addr] alias fnty, ptr @target   ; or `alias ptr @target`
//! declare   := declare header
//! define    := define header { block+ }
//! header    := [linkage] [cc] retattrs type @name ( params ) [unnamed_addr] fnattrs
//!              [section "s"] [align N] [gc "name"]
//! params    := [type attrs [%name] {, type attrs [%name]} [, ...]] | ...
//! block     := [label:] inst+               ; the entry label may be omitted
//! mdnode    := !N = !{ [mdop {, mdop}] } | !N = distinct !{}
//! mdop      := !N | !"string" | null | type const
//! linkage   := internal private weak weak_odr linkonce linkonce_odr
//!              available_externally extern_weak appending external
//! cc        := ccc fastcc coldcc swifttailcc kernelcc | cc N
//! attrs     := { flag | align N | dereferenceable(N) | byval(T) sret(T) elementtype(T) byref(T)
//!              | "key" | "key"="value" }   ; flags: noinline nounwind readnone readonly
//!              ; noreturn nonnull noundef zeroext signext inreg noalias noipa cold optnone
//!              ; alwaysinline nocapture returned willreturn
//! type      := void | iN (1..=128) | float | double | ptr [addrspace(N)] | [N x T] | <N x T>
//!              | { T, ... } | <{ T, ... }> | T ( T, ... [, ...] ) | label | metadata
//! const     := int | true | false | 0xHEX | float | null | undef | poison | zeroinitializer
//!              | [T c, ...] | c"bytes" | { T c, ... } | <{ T c, ... }> | <T c, ...> | @name
//!              | blockaddress(@f, %label) | dso_local_equivalent @f | no_cfi @f
//!              | ptrauth (T c, T c, T c, T c)
//!              | trunc|zext|sext|ptrtoint|inttoptr|bitcast (T c to T)
//!              | getelementptr [inbounds|nusw] [nuw] (T, T c, T c...)
//!              | add|sub [nuw] [nsw] (T c, T c) | xor (T c, T c)
//! ```
//!
//! Instructions (`v` is a local `%x` or a constant; `tv` is `type v`):
//!
//! ```text
//! %r = add|sub|mul|shl [nuw] [nsw] T v, v      %r = udiv|sdiv|lshr|ashr [exact] T v, v
//! %r = and|or|xor T v, v                       %r = icmp eq|ne|ugt|uge|ult|ule|sgt|sge|slt|sle T v, v
//! %r = select tv, tv, tv                        %r = trunc|zext|sext|ptrtoint|inttoptr|bitcast tv to T
//! %r = alloca T[, tv][, align N]
//! %r = load [atomic] [volatile] T, tv [ordering][, align N]{, !kind !N}
//! store [atomic] [volatile] tv, tv [ordering][, align N]
//! %r = getelementptr [inbounds|nusw] [nuw] T, tv{, tv}
//! %r = extractvalue tv, i{, i}                  %r = insertvalue tv, tv, i{, i}
//! %r = phi T [ v, %bb ]{, [ v, %bb ]}
//! br label %bb          br tv, label %t, label %f          switch tv, label %d [ {T c, label %bb} ]
//! ret tv | ret void     unreachable                        fence ordering
//! %r = [tail|musttail|notail] call [cc] retattrs T|fnty callee(tv-with-attrs, ...) fnattrs [, !range !N]
//!      callee := @f | %p | asm [sideeffect] [alignstack] "text", "constraints"
//!      a metadata argument is `metadata !N`, `metadata !"s"` or `metadata T c`
//! %r = atomicrmw [volatile] xchg|add|sub|and|or|xor tv, tv ordering
//! %r = cmpxchg [weak] [volatile] tv, tv, tv ordering ordering
//! ```
//! Load attachment kinds: `!range !nonnull !noundef !align !tbaa !alias.scope !noalias
//! !invariant.load !dereferenceable`.
//!
//! Canonical printing: globals first (module order), then function symbols in
//! [`mergefunc::FuncId`] order (erased ones skipped), then metadata nodes numbered in
//! order of first reference. Unnamed parameters, blocks and values are numbered
//! `%0, %1, ...` in layout order (parameters, then each block's label and its results),
//! every block gets a label, names that are not plain identifiers are quoted.

use std::collections::HashMap;
use std::fmt::Write;

use mergefunc::{
    Attr, AttrList, ConstId, ConstKind, ConstProp, FuncId, GlobalRef, MetaData, MetaId, TypeData, TypeId, Use, Value,
};

use crate::consts::{sext, words_value};
use crate::ir::{
    attr, cc, mdkind, AtomicOrdering, FuncBody, FuncKind, Function, LinkageKind, MockModule, Op, Opcode, TailKind,
    ASM_ALIGNSTACK, ASM_SIDEEFFECT, FLAG_EXACT, FLAG_NSW, FLAG_NUW, GEP_INBOUNDS, GEP_NUSW, GEP_NUW,
};

fn is_plain(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || matches!(b[0], b'-' | b'$' | b'.' | b'_'))
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_'))
}

/// Writes `bytes` as a quoted string (`\\` and `\HH` escapes).
pub fn quote(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in bytes {
        if c == b'\\' {
            s.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            s.push(c as char);
        } else {
            let _ = write!(s, "\\{c:02X}");
        }
    }
    s.push('"');
    s
}

/// A name as written after `@` or `%`.
pub fn name_text(s: &str) -> String {
    if is_plain(s) {
        s.to_string()
    } else {
        quote(s.as_bytes())
    }
}

/// Printed names of one function's locals.
#[derive(Clone, Debug, Default)]
pub struct LocalNames {
    /// Parameters (without `%`).
    pub params: Vec<String>,
    /// Blocks (without `%`).
    pub blocks: Vec<String>,
    /// Instruction results (`None` for void).
    pub insts: Vec<Option<String>>,
}

/// The canonical names of `f`'s parameters, blocks and values.
pub fn local_names(m: &MockModule, f: &Function) -> LocalNames {
    let mut n = 0u64;
    let mut next = |name: &Option<String>| match name {
        Some(s) => name_text(s),
        None => {
            let s = n.to_string();
            n += 1;
            s
        }
    };
    let mut out = LocalNames { params: f.param_names.iter().map(&mut next).collect(), ..Default::default() };
    if let FuncKind::Definition(body) = &f.kind {
        let void = m.types.items().iter().position(|t| *t == TypeData::Void).map(|i| TypeId(i as u32));
        for (bi, b) in body.blocks.iter().enumerate() {
            out.blocks.push(next(&b.name));
            for i in body.block_insts(bi) {
                out.insts.push(if Some(i.ty) == void { None } else { Some(next(&i.name)) });
            }
        }
    }
    out
}

struct Printer<'a> {
    m: &'a MockModule,
    out: String,
    md_num: HashMap<MetaId, u32>,
    md_order: Vec<MetaId>,
    names: HashMap<FuncId, LocalNames>,
}

/// Prints a module in the canonical text format.
pub fn print(m: &MockModule) -> String {
    let mut p = Printer { m, out: String::new(), md_num: HashMap::new(), md_order: Vec::new(), names: HashMap::new() };
    p.module();
    p.out
}

/// An item of an explanation ([`mergefunc::Item`]) of function `f`, as the text format
/// prints it: an instruction as its line, a value with `f`'s local names, a constant or
/// metadata with its type.
pub fn item_text(m: &MockModule, f: FuncId, item: mergefunc::Item) -> String {
    use mergefunc::Item;
    let mut p = Printer { m, out: String::new(), md_num: HashMap::new(), md_order: Vec::new(), names: HashMap::new() };
    let func = m.funcs.get(f.index());
    let names = func.map(|x| local_names(m, x)).unwrap_or_default();
    // The operand's type is not part of its printed value.
    let value = |p: &mut Printer<'_>, v: Value| p.val(&names, &Use { value: v, ty: TypeId(0) });
    match item {
        Item::Num(n) => n.to_string(),
        Item::Type(t) => type_text(m, t),
        Item::Const(c) => p.typed_const(c),
        Item::Meta(None) => "none".into(),
        Item::Meta(Some(md)) => p.md_operand(md),
        Item::Asm(a) => value(&mut p, Value::Asm(a)),
        Item::Attrs(a) => {
            let l = m.attr_data(a);
            let mut parts = vec![format!("fn({})", attrs_text(m, &l.func)), format!("ret({})", attrs_text(m, &l.ret))];
            for (k, s) in l.params.iter().enumerate() {
                parts.push(format!("param{k}({})", attrs_text(m, s)));
            }
            parts.join(" ")
        }
        Item::Value(v) => value(&mut p, v),
        Item::Offset(_) => {
            let mut s = String::new();
            let _ = mergefunc::describe_default(m, item, &mut s);
            s
        }
        Item::Attr { list, set, index } => {
            let l = m.attr_data(list);
            let set: &[Attr] = match set {
                0 => &l.func,
                1 => &l.ret,
                k => l.params.get(k as usize - 2).map(|s| &s[..]).unwrap_or(&[]),
            };
            set.get(index as usize).map(|a| attr_text(m, a)).unwrap_or_else(|| "nothing".into())
        }
        Item::Inst(i) => match m.func_body(f) {
            Some(body) if i.index() < body.insts.len() => p.inst(&names, body, i.index()),
            _ => format!("<{i}>"),
        },
    }
}

/// Prints a type.
pub fn type_text(m: &MockModule, t: TypeId) -> String {
    let mut s = String::new();
    write_type(m, t, &mut s, 0);
    s
}

fn write_type(m: &MockModule, t: TypeId, s: &mut String, depth: u32) {
    if depth > 200 {
        s.push_str("...");
        return;
    }
    match m.type_data(t) {
        TypeData::Void => s.push_str("void"),
        TypeData::Label => s.push_str("label"),
        TypeData::Metadata => s.push_str("metadata"),
        TypeData::Token => s.push_str("token"),
        TypeData::Int { bits } => {
            let _ = write!(s, "i{bits}");
        }
        TypeData::Float { bits, .. } => s.push_str(if *bits == 32 { "float" } else { "double" }),
        TypeData::Ptr { addr_space: 0 } => s.push_str("ptr"),
        TypeData::Ptr { addr_space } => {
            let _ = write!(s, "ptr addrspace({addr_space})");
        }
        TypeData::Vector { len, elem, .. } => {
            let _ = write!(s, "<{len} x ");
            write_type(m, *elem, s, depth + 1);
            s.push('>');
        }
        TypeData::Array { len, elem } => {
            let _ = write!(s, "[{len} x ");
            write_type(m, *elem, s, depth + 1);
            s.push(']');
        }
        TypeData::Struct { packed, fields } => {
            if *packed {
                s.push('<');
            }
            if fields.is_empty() {
                s.push_str("{}");
            } else {
                s.push_str("{ ");
                for (i, f) in fields.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    write_type(m, *f, s, depth + 1);
                }
                s.push_str(" }");
            }
            if *packed {
                s.push('>');
            }
        }
        TypeData::Func { ret, params, vararg } => {
            write_type(m, *ret, s, depth + 1);
            s.push_str(" (");
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_type(m, *p, s, depth + 1);
            }
            if *vararg {
                s.push_str(if params.is_empty() { "..." } else { ", ..." });
            }
            s.push(')');
        }
        TypeData::Other { name, .. } => {
            let _ = write!(s, "target({})", quote(name));
        }
    }
}

fn attr_text(m: &MockModule, a: &Attr) -> String {
    match a {
        Attr::Flag(k) => attr::flag_name(*k).map(str::to_string).unwrap_or_else(|| format!("\"flag{k}\"")),
        Attr::Int(k, v) if *k == attr::ALIGN => format!("align {v}"),
        Attr::Int(k, v) if *k == attr::DEREFERENCEABLE => format!("dereferenceable({v})"),
        Attr::Int(k, v) => format!("\"int{k}\"=\"{v}\""),
        Attr::Type(k, t) => {
            let n = attr::type_name(*k).unwrap_or("elementtype");
            match t {
                Some(t) => format!("{n}({})", type_text(m, *t)),
                None => n.to_string(),
            }
        }
        Attr::Str(k, v) if v.is_empty() => quote(k),
        Attr::Str(k, v) => format!("{}={}", quote(k), quote(v)),
        Attr::Opaque(k, v) => format!("\"opaque{k}\"=\"{v}\""),
    }
}

fn attrs_text(m: &MockModule, set: &[Attr]) -> String {
    set.iter().map(|a| attr_text(m, a)).collect::<Vec<_>>().join(" ")
}

fn ordering_sfx(o: AtomicOrdering) -> String {
    if o == AtomicOrdering::NotAtomic {
        String::new()
    } else {
        format!(" {}", o.keyword())
    }
}

impl Printer<'_> {
    fn ty(&self, t: TypeId) -> String {
        type_text(self.m, t)
    }

    fn func_name(&self, f: FuncId) -> String {
        match self.m.funcs.get(f.index()) {
            Some(x) => format!("@{}", name_text(&x.name)),
            None => format!("@\"<bad {f}>\""),
        }
    }

    fn md(&mut self, id: MetaId) -> u32 {
        if let Some(n) = self.md_num.get(&id) {
            return *n;
        }
        let n = self.md_order.len() as u32;
        self.md_num.insert(id, n);
        self.md_order.push(id);
        if let MetaData::Node(ops) = self.m.meta_data(id).clone() {
            for o in ops.iter().flatten() {
                if matches!(self.m.meta_data(*o), MetaData::Node(_) | MetaData::Distinct(..) | MetaData::Opaque(_)) {
                    self.md(*o);
                }
            }
        }
        n
    }

    /// A metadata item as an operand (`!N`, `!"s"`, or `T c`).
    fn md_operand(&mut self, id: MetaId) -> String {
        match self.m.meta_data(id).clone() {
            MetaData::String(s) => format!("!{}", quote(&s)),
            MetaData::Const(c) => self.typed_const(c),
            MetaData::Node(_) | MetaData::Distinct(..) | MetaData::Opaque(_) => format!("!{}", self.md(id)),
        }
    }

    fn int_text(&self, ty: TypeId, v: u128) -> String {
        match self.m.type_data(ty) {
            TypeData::Int { bits: 1 } => (if v & 1 == 1 { "true" } else { "false" }).into(),
            TypeData::Int { bits } => sext(v, *bits).to_string(),
            TypeData::Float { bits: 32, .. } => format!("0x{:08X}", v as u32),
            TypeData::Float { .. } => format!("0x{:016X}", v as u64),
            _ => v.to_string(),
        }
    }

    fn typed_const(&mut self, c: ConstId) -> String {
        let ty = self.m.const_data(c).ty;
        format!("{} {}", self.ty(ty), self.konst(c))
    }

    fn konst(&mut self, c: ConstId) -> String {
        let data = self.m.const_data(c).clone();
        let ty = data.ty;
        match &data.kind {
            ConstKind::Null => match self.m.type_data(ty) {
                TypeData::Int { .. } | TypeData::Float { .. } => self.int_text(ty, 0),
                TypeData::Ptr { .. } => "null".into(),
                _ => "zeroinitializer".into(),
            },
            ConstKind::Undef => "undef".into(),
            ConstKind::Poison => "poison".into(),
            ConstKind::Int(w) | ConstKind::Float(w) => self.int_text(ty, words_value(w)),
            ConstKind::Array(e) => format!("[{}]", self.list(e)),
            ConstKind::Vector(e) => format!("<{}>", self.list(e)),
            ConstKind::Struct(e) => {
                let packed = matches!(self.m.type_data(ty), TypeData::Struct { packed: true, .. });
                let inner = if e.is_empty() { String::new() } else { format!(" {} ", self.list(e)) };
                if packed {
                    format!("<{{{inner}}}>")
                } else {
                    format!("{{{inner}}}")
                }
            }
            ConstKind::DataArray(b) | ConstKind::DataVector(b) => {
                let elem = match self.m.type_data(ty) {
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                    _ => ty,
                };
                let is_arr = matches!(data.kind, ConstKind::DataArray(_));
                let bits = crate::layout::scalar_bits(self.m, elem).unwrap_or(8);
                if is_arr && bits == 8 && matches!(self.m.type_data(elem), TypeData::Int { .. }) {
                    return format!("c{}", quote(b));
                }
                let step = (bits / 8).max(1) as usize;
                let et = self.ty(elem);
                let items: Vec<String> = b
                    .chunks(step)
                    .map(|ch| {
                        let mut buf = [0u8; 16];
                        buf[..ch.len()].copy_from_slice(ch);
                        format!("{et} {}", self.int_text(elem, u128::from_le_bytes(buf)))
                    })
                    .collect();
                if is_arr {
                    format!("[{}]", items.join(", "))
                } else {
                    format!("<{}>", items.join(", "))
                }
            }
            ConstKind::Expr { opcode, operands, props } => self.expr(ty, *opcode, operands, props),
            ConstKind::Global(g) => self.global_name(*g),
            ConstKind::BlockAddress { func, block } => {
                let label = self.label_of(*func, *block);
                format!("blockaddress({}, %{label})", self.func_name(*func))
            }
            ConstKind::Wrapped { kind, target } => {
                let w = if *kind == 0 { "dso_local_equivalent" } else { "no_cfi" };
                format!("{w} {}", self.global_name(*target))
            }
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                let v: Vec<String> = [ptr, key, disc, addr_disc].iter().map(|x| self.typed_const(**x)).collect();
                format!("ptrauth ({})", v.join(", "))
            }
            ConstKind::Opaque(n) => format!("\"opaque{n}\""),
        }
    }

    fn label_of(&mut self, f: FuncId, block: u32) -> String {
        if !self.names.contains_key(&f) {
            let Some(func) = self.m.funcs.get(f.index()) else { return "?".into() };
            let n = local_names(self.m, func);
            self.names.insert(f, n);
        }
        self.names[&f].blocks.get(block as usize).cloned().unwrap_or_else(|| "\"?\"".into())
    }

    fn global_name(&self, g: GlobalRef) -> String {
        match g {
            GlobalRef::Func(f) => self.func_name(f),
            GlobalRef::Other(g) => match self.m.globals.get(g.index()) {
                Some(x) => format!("@{}", name_text(&x.name)),
                None => format!("@\"<bad {g}>\""),
            },
        }
    }

    fn list(&mut self, e: &[ConstId]) -> String {
        e.iter().map(|c| self.typed_const(*c)).collect::<Vec<_>>().join(", ")
    }

    fn expr(&mut self, ty: TypeId, opcode: u32, ops: &[ConstId], props: &[ConstProp]) -> String {
        if let Some(c) = Opcode::cast_of(opcode) {
            let v = ops.first().map(|x| self.typed_const(*x)).unwrap_or_default();
            return format!("{} ({v} to {})", c.keyword(), self.ty(ty));
        }
        if let Some(b) = Opcode::bin_of(opcode) {
            let flags = match props.first() {
                Some(ConstProp::Num(n)) => *n as u8,
                _ => 0,
            };
            return format!("{}{} ({})", b.keyword(), bin_flags(flags), self.list(ops));
        }
        if opcode == Opcode::Gep as u32 {
            let (src, flags) = match props {
                [ConstProp::Type(t), ConstProp::Num(f), ..] => (*t, *f as u8),
                _ => (ty, 0),
            };
            return format!("getelementptr{} ({}, {})", gep_flags(flags), self.ty(src), self.list(ops));
        }
        format!("\"expr{opcode}\" ({})", self.list(ops))
    }

    // ------------------------------------------------------------------ module

    fn module(&mut self) {
        let m = self.m;
        let mut first = true;
        for g in &m.globals {
            let mut s = format!("@{} = ", name_text(&g.name));
            if g.init.is_none() || g.linkage != LinkageKind::External {
                s.push_str(g.linkage.keyword());
                s.push(' ');
            }
            if g.unnamed_addr {
                s.push_str("unnamed_addr ");
            }
            s.push_str(if g.constant { "constant " } else { "global " });
            s.push_str(&self.ty(g.ty));
            if let Some(c) = g.init {
                s.push(' ');
                s.push_str(&self.konst(c));
            }
            if let Some(sec) = &g.section {
                let _ = write!(s, ", section {}", quote(sec.as_bytes()));
            }
            if let Some(a) = g.align {
                let _ = write!(s, ", align {a}");
            }
            self.out.push_str(&s);
            self.out.push('\n');
            first = false;
        }
        for (i, f) in m.funcs.iter().enumerate() {
            let fid = FuncId::new(i);
            match &f.kind {
                FuncKind::Erased => continue,
                FuncKind::Alias(t) => {
                    if !first {
                        self.out.push('\n');
                    }
                    let mut s = format!("@{} = ", name_text(&f.name));
                    if f.linkage != LinkageKind::External {
                        s.push_str(f.linkage.keyword());
                        s.push(' ');
                    }
                    if f.unnamed_addr {
                        s.push_str("unnamed_addr ");
                    }
                    let _ = writeln!(s, "alias {}, ptr {}", self.ty(f.ty), self.func_name(*t));
                    self.out.push_str(&s);
                }
                FuncKind::Declaration => {
                    if !first {
                        self.out.push('\n');
                    }
                    let h = self.header(fid, f, false);
                    let _ = writeln!(self.out, "declare {h}");
                }
                FuncKind::Definition(body) => {
                    if !first {
                        self.out.push('\n');
                    }
                    let h = self.header(fid, f, true);
                    let _ = writeln!(self.out, "define {h} {{");
                    self.body(fid, f, body);
                    self.out.push_str("}\n");
                }
            }
            first = false;
        }
        if !self.md_order.is_empty() {
            if !first {
                self.out.push('\n');
            }
            let mut i = 0;
            while i < self.md_order.len() {
                let id = self.md_order[i];
                let text = match self.m.meta_data(id).clone() {
                    MetaData::Distinct(..) | MetaData::Opaque(_) => "distinct !{}".to_string(),
                    MetaData::Node(ops) => {
                        let v: Vec<String> = ops
                            .iter()
                            .map(|o| match o {
                                None => "null".to_string(),
                                Some(x) => self.md_operand(*x),
                            })
                            .collect();
                        format!("!{{{}}}", v.join(", "))
                    }
                    MetaData::String(s) => format!("!{{!{}}}", quote(&s)),
                    MetaData::Const(c) => format!("!{{{}}}", self.typed_const(c)),
                };
                let _ = writeln!(self.out, "!{i} = {text}");
                i += 1;
            }
        }
    }

    fn header(&mut self, fid: FuncId, f: &Function, define: bool) -> String {
        let m = self.m;
        let mut s = String::new();
        if f.linkage != LinkageKind::External {
            s.push_str(f.linkage.keyword());
            s.push(' ');
        }
        if f.cc != cc::C {
            match cc::keyword(f.cc) {
                Some(k) => s.push_str(k),
                None => {
                    let _ = write!(s, "cc {}", f.cc);
                }
            }
            s.push(' ');
        }
        let al: AttrList = m.attr_data(f.attrs).clone();
        if !al.ret.is_empty() {
            s.push_str(&attrs_text(m, &al.ret));
            s.push(' ');
        }
        let (ret, params, vararg) = m.fn_sig(f.ty);
        let _ = write!(s, "{} {}(", self.ty(ret), self.func_name(fid));
        let names = if define || f.param_names.iter().any(|n| n.is_some()) {
            let n = local_names(m, f);
            self.names.insert(fid, n.clone());
            Some(n.params)
        } else {
            None
        };
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(&self.ty(*p));
            if let Some(set) = al.params.get(i) {
                if !set.is_empty() {
                    s.push(' ');
                    s.push_str(&attrs_text(m, set));
                }
            }
            if let Some(n) = names.as_ref().and_then(|v| v.get(i)) {
                let _ = write!(s, " %{n}");
            }
        }
        if vararg {
            s.push_str(if params.is_empty() { "..." } else { ", ..." });
        }
        s.push(')');
        if f.unnamed_addr {
            s.push_str(" unnamed_addr");
        }
        if !al.func.is_empty() {
            s.push(' ');
            s.push_str(&attrs_text(m, &al.func));
        }
        if let Some(sec) = &f.section {
            let _ = write!(s, " section {}", quote(sec.as_bytes()));
        }
        if let Some(a) = f.align {
            let _ = write!(s, " align {a}");
        }
        if let Some(g) = &f.gc {
            let _ = write!(s, " gc {}", quote(g.as_bytes()));
        }
        s
    }

    fn body(&mut self, fid: FuncId, f: &Function, body: &FuncBody) {
        let names = self.names.get(&fid).cloned().unwrap_or_else(|| local_names(self.m, f));
        for (bi, b) in body.blocks.iter().enumerate() {
            let _ = writeln!(self.out, "{}:", names.blocks[bi]);
            for k in b.start as usize..b.end as usize {
                let line = self.inst(&names, body, k);
                let _ = writeln!(self.out, "  {line}");
            }
        }
    }

    fn val(&mut self, names: &LocalNames, u: &Use) -> String {
        match u.value {
            Value::Arg(i) => format!("%{}", names.params.get(i as usize).cloned().unwrap_or_else(|| "\"?\"".into())),
            Value::Inst(i) => {
                format!("%{}", names.insts.get(i.index()).cloned().flatten().unwrap_or_else(|| "\"?\"".into()))
            }
            Value::Block(b) => format!("%{}", names.blocks.get(b.index()).cloned().unwrap_or_else(|| "\"?\"".into())),
            Value::Const(c) => self.konst(c),
            Value::Asm(a) => {
                let d = self.m.asm_data_ref(a).clone();
                let mut s = "asm ".to_string();
                if d.flags & ASM_SIDEEFFECT != 0 {
                    s.push_str("sideeffect ");
                }
                if d.flags & ASM_ALIGNSTACK != 0 {
                    s.push_str("alignstack ");
                }
                let _ = write!(s, "{}, {}", quote(&d.text), quote(&d.constraints));
                s
            }
            Value::Meta(md) => self.md_operand(md),
        }
    }

    fn tval(&mut self, names: &LocalNames, u: &Use) -> String {
        format!("{} {}", self.ty(u.ty), self.val(names, u))
    }

    fn arg(&mut self, names: &LocalNames, args: &[Use], k: usize) -> String {
        match args.get(k) {
            Some(u) => self.val(names, u),
            None => "<missing>".into(),
        }
    }

    fn targ(&mut self, names: &LocalNames, args: &[Use], k: usize) -> String {
        match args.get(k) {
            Some(u) => self.tval(names, u),
            None => "<missing>".into(),
        }
    }

    fn inst(&mut self, names: &LocalNames, body: &FuncBody, k: usize) -> String {
        let i = &body.insts[k];
        let a = &i.args;
        let mut s = match &names.insts[k] {
            Some(n) => format!("%{n} = "),
            None => String::new(),
        };
        let ty0 = a.first().map(|u| self.ty(u.ty)).unwrap_or_default();
        let text = match &i.op {
            Op::Bin { op, flags } => {
                format!(
                    "{}{} {ty0} {}, {}",
                    op.keyword(),
                    bin_flags(*flags),
                    self.arg(names, a, 0),
                    self.arg(names, a, 1)
                )
            }
            Op::ICmp(p) => format!("icmp {} {ty0} {}, {}", p.keyword(), self.arg(names, a, 0), self.arg(names, a, 1)),
            Op::Select => {
                format!("select {}, {}, {}", self.targ(names, a, 0), self.targ(names, a, 1), self.targ(names, a, 2))
            }
            Op::Cast(c) => format!("{} {} to {}", c.keyword(), self.targ(names, a, 0), self.ty(i.ty)),
            Op::Alloca { ty, align } => {
                let mut t = format!("alloca {}, {}", self.ty(*ty), self.targ(names, a, 0));
                if let Some(al) = align {
                    let _ = write!(t, ", align {al}");
                }
                t
            }
            Op::Load { volatile, align, ordering, md } => {
                let mut t = "load ".to_string();
                if *ordering != AtomicOrdering::NotAtomic {
                    t.push_str("atomic ");
                }
                if *volatile {
                    t.push_str("volatile ");
                }
                let _ = write!(t, "{}, {}{}", self.ty(i.ty), self.targ(names, a, 0), ordering_sfx(*ordering));
                if let Some(al) = align {
                    let _ = write!(t, ", align {al}");
                }
                for (kind, node) in md {
                    let n = self.md(*node);
                    let _ = write!(t, ", !{} !{n}", mdkind::name(*kind));
                }
                t
            }
            Op::Store { volatile, align, ordering } => {
                let mut t = "store ".to_string();
                if *ordering != AtomicOrdering::NotAtomic {
                    t.push_str("atomic ");
                }
                if *volatile {
                    t.push_str("volatile ");
                }
                let _ = write!(t, "{}, {}{}", self.targ(names, a, 0), self.targ(names, a, 1), ordering_sfx(*ordering));
                if let Some(al) = align {
                    let _ = write!(t, ", align {al}");
                }
                t
            }
            Op::Gep { source, flags } => {
                let mut t = format!("getelementptr{} {}", gep_flags(*flags), self.ty(*source));
                for k in 0..a.len() {
                    let _ = write!(t, ", {}", self.targ(names, a, k));
                }
                t
            }
            Op::ExtractValue(idx) => format!("extractvalue {}{}", self.targ(names, a, 0), indices(idx)),
            Op::InsertValue(idx) => {
                format!("insertvalue {}, {}{}", self.targ(names, a, 0), self.targ(names, a, 1), indices(idx))
            }
            Op::Phi(blocks) => {
                let mut t = format!("phi {}", self.ty(i.ty));
                for (k, b) in blocks.iter().enumerate() {
                    let bn = names.blocks.get(b.index()).cloned().unwrap_or_else(|| "\"?\"".into());
                    let v = self.arg(names, a, k);
                    let _ = write!(t, "{}[ {v}, %{bn} ]", if k == 0 { " " } else { ", " });
                }
                t
            }
            Op::Br => format!("br label {}", self.arg(names, a, 0)),
            Op::CondBr => format!(
                "br {}, label {}, label {}",
                self.targ(names, a, 0),
                self.arg(names, a, 1),
                self.arg(names, a, 2)
            ),
            Op::Switch(cases) => {
                let mut t = format!("switch {}, label {} [", self.targ(names, a, 0), self.arg(names, a, 1));
                for (k, c) in cases.iter().enumerate() {
                    let cv = self.typed_const(*c);
                    let _ = write!(t, " {cv}, label {}", self.arg(names, a, k + 2));
                }
                t.push_str(" ]");
                t
            }
            Op::Ret => {
                if a.is_empty() {
                    "ret void".into()
                } else {
                    format!("ret {}", self.targ(names, a, 0))
                }
            }
            Op::Unreachable => "unreachable".into(),
            Op::Call { fn_ty, cc: conv, attrs, tail, range } => {
                let mut t = match tail {
                    TailKind::None => String::new(),
                    TailKind::Tail => "tail ".into(),
                    TailKind::MustTail => "musttail ".into(),
                    TailKind::NoTail => "notail ".into(),
                };
                t.push_str("call ");
                if *conv != cc::C {
                    match cc::keyword(*conv) {
                        Some(k) => t.push_str(k),
                        None => {
                            let _ = write!(t, "cc {conv}");
                        }
                    }
                    t.push(' ');
                }
                let al = self.m.attr_data(*attrs).clone();
                if !al.ret.is_empty() {
                    t.push_str(&attrs_text(self.m, &al.ret));
                    t.push(' ');
                }
                let (ret, _, vararg) = self.m.fn_sig(*fn_ty);
                if vararg || !matches!(self.m.type_data(*fn_ty), TypeData::Func { .. }) {
                    t.push_str(&self.ty(*fn_ty));
                } else {
                    t.push_str(&self.ty(ret));
                }
                let callee = self.arg(names, a, 0);
                let _ = write!(t, " {callee}(");
                for k in 1..a.len() {
                    if k > 1 {
                        t.push_str(", ");
                    }
                    t.push_str(&self.ty(a[k].ty));
                    if let Some(set) = al.params.get(k - 1) {
                        if !set.is_empty() {
                            t.push(' ');
                            t.push_str(&attrs_text(self.m, set));
                        }
                    }
                    let v = self.val(names, &a[k]);
                    let _ = write!(t, " {v}");
                }
                t.push(')');
                if !al.func.is_empty() {
                    t.push(' ');
                    t.push_str(&attrs_text(self.m, &al.func));
                }
                if let Some(r) = range {
                    let n = self.md(*r);
                    let _ = write!(t, ", !range !{n}");
                }
                t
            }
            Op::Fence { ordering } => format!("fence{}", ordering_sfx(*ordering)),
            Op::AtomicRmw { op, volatile, ordering } => format!(
                "atomicrmw {}{} {}, {}{}",
                if *volatile { "volatile " } else { "" },
                op.keyword(),
                self.targ(names, a, 0),
                self.targ(names, a, 1),
                ordering_sfx(*ordering)
            ),
            Op::CmpXchg { weak, volatile, success, failure } => format!(
                "cmpxchg {}{}{}, {}, {}{}{}",
                if *weak { "weak " } else { "" },
                if *volatile { "volatile " } else { "" },
                self.targ(names, a, 0),
                self.targ(names, a, 1),
                self.targ(names, a, 2),
                ordering_sfx(*success),
                ordering_sfx(*failure)
            ),
        };
        s.push_str(&text);
        s
    }
}

fn bin_flags(f: u8) -> String {
    let mut s = String::new();
    if f & FLAG_NUW != 0 {
        s.push_str(" nuw");
    }
    if f & FLAG_NSW != 0 {
        s.push_str(" nsw");
    }
    if f & FLAG_EXACT != 0 {
        s.push_str(" exact");
    }
    s
}

fn gep_flags(f: u8) -> String {
    let mut s = String::new();
    if f & GEP_INBOUNDS != 0 {
        s.push_str(" inbounds");
    } else if f & GEP_NUSW != 0 {
        s.push_str(" nusw");
    }
    if f & GEP_NUW != 0 {
        s.push_str(" nuw");
    }
    s
}

fn indices(idx: &[u32]) -> String {
    idx.iter().map(|i| format!(", {i}")).collect()
}
