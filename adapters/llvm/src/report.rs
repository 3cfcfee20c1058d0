//! The JSON merge report of the `mergefunc` command (written by hand: no dependency).

use mergefunc::{FuncId, Module, Report};
use std::fmt::Write;

/// A JSON string literal.
pub fn json_str(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A name field: `"key": "name"`, where the name is the function's symbol name when it
/// is valid UTF-8. A name that is not (LLVM names are bytes) is written with U+FFFD for
/// each invalid sequence, followed by `"key_hex": "..."`, the exact bytes in lower-case
/// hex, so that distinct names stay distinct. An unnamed function (an empty name) gets
/// `"key_number": N` after it when the output module has it, `N` being the number LLVM
/// prints for it (`@N`).
fn name_field(out: &mut String, key: &str, name: &[u8], number: Option<usize>) {
    let _ = write!(out, "\"{key}\": {}", json_str(name));
    if std::str::from_utf8(name).is_err() {
        let _ = write!(out, ", \"{key}_hex\": \"");
        for b in name {
            let _ = write!(out, "{b:02x}");
        }
        out.push('"');
    }
    if let (true, Some(n)) = (name.is_empty(), number) {
        let _ = write!(out, ", \"{key}_number\": {n}");
    }
}

/// The report as JSON: `{"merges": [...], "refused": [...], "stats": {...}}`. Each merge
/// has `survivor` (the function the folded one now forwards to; `""` for a new unnamed
/// private body), `folded`, `action` (`erase`/`alias`/`thunk`/`kept`), `uses`
/// (`none`/`calls`/`rauw`), `shared_body_of` (the original survivor's name when both
/// became thunks of a new private body, else `null`), `round` and `cycle`. Names are
/// written as `name_field` says (the exact bytes in a `_hex` field when a name is not
/// UTF-8, the output's `@N` in a `_number` field when it is empty). Each refusal (a
/// rewrite the adapter declined, see `ModuleMut::can_rewrite`) has `function`, `target`,
/// `rewrite`, `reason` and
/// `kept_apart`. Names are read from `m`, the module the run changed
/// ([`Module::func_name`]: a function's name never changes during a run); `slots` are
/// the output numbers of unnamed functions (`LlvmModule::unnamed_slots`, may be empty).
pub fn to_json<M: Module + ?Sized>(r: &Report, m: &M, slots: &[Option<usize>], seconds: Option<f64>) -> String {
    let name_of = |f: FuncId| m.func_name(f);
    let number = |f: FuncId| slots.get(f.index()).copied().flatten();
    let mut out = String::from("{\n  \"merges\": [");
    for (i, x) in r.merges.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("\n    {");
        name_field(&mut out, "survivor", name_of(x.target), number(x.target));
        out.push_str(", ");
        name_field(&mut out, "folded", name_of(x.folded), number(x.folded));
        let _ = write!(out, ", \"action\": \"{}\", \"uses\": \"{}\", ", x.action.as_str(), x.uses.as_str());
        match x.shared_body_of {
            Some(f) => name_field(&mut out, "shared_body_of", name_of(f), number(f)),
            None => out.push_str("\"shared_body_of\": null"),
        }
        let _ = write!(out, ", \"round\": {}, \"cycle\": {}}}", x.round, x.cycle);
    }
    if !r.merges.is_empty() {
        out.push_str("\n  ");
    }
    out.push_str("],\n  \"refused\": [");
    for (i, x) in r.refused.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("\n    {");
        name_field(&mut out, "function", name_of(x.func), number(x.func));
        out.push_str(", ");
        name_field(&mut out, "target", name_of(x.target), number(x.target));
        let _ = write!(
            out,
            ", \"rewrite\": \"{}\", \"reason\": {}, \"kept_apart\": {}}}",
            x.rewrite.as_str(),
            json_str(x.reason.as_bytes()),
            x.pair_kept_apart
        );
    }
    if !r.refused.is_empty() {
        out.push_str("\n  ");
    }
    let s = &r.stats;
    let _ = write!(
        out,
        "],\n  \"stats\": {{\"functions_merged\": {}, \"thunks_written\": {}, \"aliases_written\": {}, \"double_weak\": {}, \"candidates\": {}, \"singletons\": {}, \"comparisons\": {}, \"rounds\": {}, \"cycle_rounds\": {}, \"unique_keys\": {}, \"rewrites_refused\": {}, \"pairs_kept_apart\": {}",
        s.functions_merged, s.thunks_written, s.aliases_written, s.double_weak, s.candidates, s.singletons, s.comparisons, s.rounds, s.cycle_rounds, s.unique_keys, s.rewrites_refused, s.pairs_kept_apart
    );
    if let Some(t) = seconds {
        let _ = write!(out, ", \"merge_seconds\": {t:.6}");
    }
    out.push_str("}\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(json_str(b"a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
    }

    /// Names that are not UTF-8 stay distinct: the hex field holds their bytes.
    #[test]
    fn names_are_encoded_losslessly() {
        let field = |name: &[u8], number| {
            let mut out = String::new();
            name_field(&mut out, "folded", name, number);
            out
        };
        assert_eq!(field(b"plain", None), r#""folded": "plain""#);
        let (a, b) = (field(b"f\xff", None), field(b"f\xfe", None));
        assert_ne!(a, b);
        assert_eq!(a, "\"folded\": \"f\u{fffd}\", \"folded_hex\": \"66ff\"");
        assert_eq!(field(b"", Some(3)), r#""folded": "", "folded_number": 3"#);
        assert_eq!(field(b"", None), r#""folded": """#);
    }

    #[cfg(feature = "llvm")]
    #[test]
    fn empty_report() {
        let m = crate::LlvmModule::parse(b"", "empty.ll").unwrap();
        let j = to_json(&Report::default(), &m, &[], None);
        assert!(j.contains("\"merges\": []"), "{j}");
        assert!(j.contains("\"functions_merged\": 0"), "{j}");
    }
}
