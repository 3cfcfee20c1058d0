//! Explanations in LLVM's words: the [`mergefunc::Module::describe`] and
//! [`mergefunc::Module::prop_label`] hooks of [`LlvmModule`].
//!
//! An instruction is printed as LLVM prints it (`LLVMPrintValueToString`), a type with
//! `LLVMPrintTypeToString`, a constant as its LLVM value; anything the adapter interned
//! without keeping an LLVM value for it (metadata, attribute lists) falls back to the
//! core's description. Property labels follow the order in which the view builder
//! pushes props (`LlvmModule::build_facts` for the signature, the view builder for
//! instructions); lists of varying length (operand bundles, the attachments that end
//! any instruction's props) are labelled by walking the instruction's props.

use std::collections::HashMap;
use std::fmt::{self, Write};
use std::sync::OnceLock;

use mergefunc::{describe_default, Attr, FuncId, InstId, Item, Module, Prop, Value};

use super::{LlvmModule, Op, T, V};

/// One line: LLVM prints instructions with two leading spaces and constants may span
/// lines; explanations want them on one line.
fn one_line(s: String) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Names of LLVM's enum attributes, for [`attr_names`].
const ATTR_NAMES: &[&str] = &[
    "align",
    "alignstack",
    "allocalign",
    "allockind",
    "allocptr",
    "allocsize",
    "alwaysinline",
    "builtin",
    "byref",
    "byval",
    "captures",
    "cold",
    "convergent",
    "coro_elide_safe",
    "coro_only_destroy_when_complete",
    "dead_on_return",
    "dead_on_unwind",
    "dereferenceable",
    "dereferenceable_or_null",
    "disable_sanitizer_instrumentation",
    "elementtype",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inalloca",
    "initializes",
    "inlinehint",
    "inreg",
    "jumptable",
    "memory",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocapture",
    "nocf_check",
    "nocreateundeforpoison",
    "nodivergencesource",
    "noduplicate",
    "noext",
    "nofpclass",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "nonlazybind",
    "nonnull",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "null_pointer_is_valid",
    "optdebug",
    "optforfuzzing",
    "optnone",
    "optsize",
    "preallocated",
    "presplitcoroutine",
    "range",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "safestack",
    "sanitize_address",
    "sanitize_alloc_token",
    "sanitize_hwaddress",
    "sanitize_memory",
    "sanitize_memtag",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "sanitize_thread",
    "sanitize_type",
    "shadowcallstack",
    "signext",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "sret",
    "ssp",
    "sspreq",
    "sspstrong",
    "stackalignment",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "uwtable",
    "vscale_range",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
];

/// LLVM's enum attribute kinds by number (kinds are global to LLVM, not per context).
fn attr_names() -> &'static HashMap<u32, &'static str> {
    static NAMES: OnceLock<HashMap<u32, &'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut m = HashMap::new();
        for n in ATTR_NAMES {
            let k = crate::safe::attr_kind_for_name(n);
            if k != 0 {
                m.insert(k, *n);
            }
        }
        m
    })
}

/// Labels of a function's signature props, in the order `LlvmModule::build_facts` and
/// `push_fn_extras` push them: attributes; gc, section, calling convention,
/// personality, prefix data, prologue data, partition (each optional one as a
/// present flag followed by its value when present); then the attachment count and a
/// (kind, content) pair per attachment.
fn sig_labels(sig: &[Prop]) -> Vec<&'static str> {
    let mut out = vec!["function attributes"];
    let present = |k: usize| matches!(sig.get(k), Some(Prop::Num(1)));
    let optional = [
        ("has gc", "gc name"),
        ("has section", "section name"),
        ("", ""),
        ("has personality", "personality"),
        ("has prefix data", "prefix data"),
        ("has prologue data", "prologue data"),
        ("has partition", "partition"),
    ];
    for (flag, value) in optional {
        if flag.is_empty() {
            out.push("calling convention");
            continue;
        }
        let at = out.len();
        out.push(flag);
        if present(at) {
            out.push(value);
        }
    }
    out.push("attachment count");
    let n = match sig.get(out.len() - 1) {
        Some(Prop::Num(n)) => *n as usize,
        _ => 0,
    };
    for _ in 0..n.min(sig.len()) {
        out.extend(["attachment kind", "attachment"]);
    }
    out
}

/// The item of `items` whose text (`text`) sorts first, ties to the first met (equal
/// texts print the same): a choice that depends on no hash order. `None` when empty.
fn first_printed<X: Copy>(items: impl Iterator<Item = X>, text: impl Fn(X) -> Vec<u8>) -> Option<X> {
    let mut best: Option<(X, Option<Vec<u8>>)> = None;
    for x in items {
        best = Some(match best {
            None => (x, None),
            Some((b, bt)) => {
                // Printed only when two or more items share the id.
                let bt = bt.unwrap_or_else(|| text(b));
                let xt = text(x);
                if xt < bt {
                    (x, Some(xt))
                } else {
                    (b, Some(bt))
                }
            }
        });
    }
    best.map(|(x, _)| x)
}

impl LlvmModule {
    fn attr_text(&self, a: &Attr) -> String {
        let name = |k: u32| attr_names().get(&k).map_or_else(|| format!("attribute#{k}"), |n| n.to_string());
        match a {
            Attr::Flag(k) => name(*k),
            Attr::Int(k, v) => format!("{}({v})", name(*k)),
            Attr::Type(k, Some(t)) => {
                format!("{}({})", name(*k), self.type_value(*t).map(T::print).unwrap_or_else(|| format!("{t}")))
            }
            Attr::Type(k, None) => name(*k),
            Attr::Str(k, v) if v.is_empty() => format!("\"{}\"", String::from_utf8_lossy(k)),
            Attr::Str(k, v) => format!("\"{}\"=\"{}\"", String::from_utf8_lossy(k), String::from_utf8_lossy(v)),
            Attr::Opaque(k, v) => format!("{}(#{v})", name(*k)),
        }
    }

    fn inst_value(&self, f: FuncId, i: InstId) -> Option<V> {
        self.funcs.get(f.index())?.insts.get(i.index()).copied()
    }

    /// An LLVM constant with id `k`, to print. Several constants may share an id (their
    /// contents are equal: `zeroinitializer` of two congruent named structs); the one
    /// whose text sorts first is named, never the first the cache's hash order yields
    /// (that order follows the handles' addresses, which differ from run to run).
    fn const_value(&self, k: mergefunc::ConstId) -> Option<V> {
        first_printed(self.caches.const_of.iter().filter(|(_, id)| **id == k).map(|(v, _)| *v), |v| {
            if v.is_function() {
                v.name()
            } else {
                v.print().into_bytes()
            }
        })
    }

    /// An LLVM type with id `t`, to print: of the types that share it (congruent named
    /// structs), the one whose text sorts first (see [`Self::const_value`]).
    fn type_value(&self, t: mergefunc::TypeId) -> Option<T> {
        first_printed(self.caches.type_of.iter().filter(|(_, id)| **id == t).map(|(v, _)| *v), |t| {
            t.print().into_bytes()
        })
    }

    /// A local value of `f`: `%name` when it has one, else the printed value.
    fn local_text(&self, f: FuncId, v: Value) -> Option<String> {
        let x = match v {
            Value::Arg(i) => *self.func_value(f).ok()?.params().get(i as usize)?,
            Value::Inst(i) => self.inst_value(f, i)?,
            Value::Block(b) => return Some(format!("block {}", b.0)),
            Value::Const(_) | Value::Meta(_) | Value::Asm(_) => return None,
        };
        let name = x.name();
        Some(if name.is_empty() { one_line(x.print()) } else { format!("%{}", String::from_utf8_lossy(&name)) })
    }

    pub(crate) fn describe_item(&self, f: FuncId, item: Item, out: &mut dyn Write) -> fmt::Result {
        let text = match item {
            Item::Inst(i) => self.inst_value(f, i).map(|v| one_line(v.print())),
            Item::Type(t) => self.type_value(t).map(T::print),
            Item::Const(k) | Item::Value(Value::Const(k)) => self.const_value(k).map(|v| {
                if v.is_function() {
                    // A function prints as its whole body: its name says enough.
                    format!("@{}", String::from_utf8_lossy(&v.name()))
                } else {
                    let s = one_line(v.print());
                    if s.len() > 200 {
                        let cut = (0..=200).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0);
                        format!("{} ...", &s[..cut])
                    } else {
                        s
                    }
                }
            }),
            Item::Value(v @ (Value::Arg(_) | Value::Inst(_) | Value::Block(_))) => self.local_text(f, v),
            Item::Num(_)
            | Item::Meta(_)
            | Item::Asm(_)
            | Item::Attrs(_)
            | Item::Offset(_)
            | Item::Value(Value::Meta(_) | Value::Asm(_)) => None,
            Item::Attr { list, set, index } => {
                let l = self.attr_list(list);
                let set: &[Attr] = match set {
                    0 => &l.func,
                    1 => &l.ret,
                    k => l.params.get(k as usize - 2).map(|s| &s[..]).unwrap_or(&[]),
                };
                Some(set.get(index as usize).map_or_else(|| "nothing".to_string(), |a| self.attr_text(a)))
            }
        };
        match text {
            Some(s) => out.write_str(&s),
            None => describe_default(self, item, out),
        }
    }

    pub(crate) fn prop_label_of(&self, f: FuncId, inst: Option<InstId>, k: usize) -> Option<&'static str> {
        let Some(i) = inst else {
            return sig_labels(&self.func(f).sig).get(k).copied();
        };
        let v = self.inst_value(f, i)?;
        let props: Vec<Prop> = self.body(f).map(|b| b.props_of(&b.insts[i.index()]).to_vec()).unwrap_or_default();
        // The attachments end the list (`attachment_props`): a count, then (kind, node)
        // pairs, the only props that are `Meta`.
        let pairs = props.rchunks_exact(2).take_while(|c| matches!(c, [Prop::Num(_), Prop::Meta(_)])).count();
        let start = props.len() - 2 * pairs;
        if pairs > 0 && start > 0 && matches!(props[start - 1], Prop::Num(n) if n as usize == pairs) && k + 1 >= start {
            return Some(match k + 1 - start {
                0 => "metadata count",
                j if j % 2 == 1 => "metadata kind",
                _ => "metadata attachment",
            });
        }
        let memory = ["volatile", "alignment", "atomic ordering", "sync scope"];
        match v.opcode()?.ok()? {
            Op::ICmp | Op::FCmp => ["predicate"].get(k).copied(),
            Op::Phi => Some("incoming block"),
            Op::Alloca => ["allocated type", "alignment", "alloca flags"].get(k).copied(),
            Op::Store | Op::Load => memory.get(k).copied(),
            op @ (Op::Call | Op::Invoke | Op::CallBr) => {
                let bundles = match props.get(2) {
                    Some(Prop::Num(n)) => *n as usize,
                    _ => 0,
                };
                let after = 3 + 2 * bundles;
                let tail = usize::from(op == Op::Call);
                match k {
                    0 => Some("calling convention"),
                    1 => Some("call attributes"),
                    2 => Some("operand bundle count"),
                    _ if k < after => {
                        Some(if (k - 3) % 2 == 0 { "operand bundle tag" } else { "operand bundle inputs" })
                    }
                    _ if tail == 1 && k == after => Some("tail call kind"),
                    _ if k == after + tail => Some("function type"),
                    _ => None,
                }
            }
            Op::Switch => Some("case value"),
            Op::ExtractValue | Op::InsertValue => Some(if k == 0 { "index count" } else { "index" }),
            Op::Fence => ["atomic ordering", "sync scope"].get(k).copied(),
            Op::AtomicCmpXchg => {
                ["volatile", "weak", "success ordering", "failure ordering", "sync scope", "alignment"].get(k).copied()
            }
            Op::AtomicRMW => ["operation", "volatile", "atomic ordering", "sync scope", "alignment"].get(k).copied(),
            _ => None,
        }
    }
}
