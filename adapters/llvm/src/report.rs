//! The JSON merge report of the `mergefunc` command (written by hand: no dependency).

use mergefunc::{FuncId, Report};
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

/// The report as JSON: `{"merges": [...], "stats": {...}}`. Each merge has `survivor`
/// (the function the folded one now forwards to; `""` for a new unnamed private body),
/// `folded`, `action` (`erase`/`alias`/`thunk`/`kept`), `uses` (`none`/`calls`/`rauw`),
/// `shared_body_of` (the original survivor's name when both became thunks of a new
/// private body, else `null`), `round` and `cycle`. `name_of` gives a function's current
/// name (used for `shared_body_of`).
pub fn to_json(r: &Report, name_of: &dyn Fn(FuncId) -> Vec<u8>, seconds: Option<f64>) -> String {
    let mut out = String::from("{\n  \"merges\": [");
    for (i, m) in r.merges.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let shared = match m.shared_body_of {
            Some(f) => json_str(&name_of(f)),
            None => "null".to_string(),
        };
        let _ = write!(
            out,
            "\n    {{\"survivor\": {}, \"folded\": {}, \"action\": \"{}\", \"uses\": \"{}\", \"shared_body_of\": {}, \"round\": {}, \"cycle\": {}}}",
            json_str(&m.target_name),
            json_str(&m.folded_name),
            m.action.as_str(),
            m.uses.as_str(),
            shared,
            m.round,
            m.cycle
        );
    }
    if !r.merges.is_empty() {
        out.push_str("\n  ");
    }
    let s = &r.stats;
    let _ = write!(
        out,
        "],\n  \"stats\": {{\"functions_merged\": {}, \"thunks_written\": {}, \"aliases_written\": {}, \"double_weak\": {}, \"candidates\": {}, \"singletons\": {}, \"comparisons\": {}, \"rounds\": {}, \"cycle_rounds\": {}, \"unique_keys\": {}",
        s.functions_merged, s.thunks_written, s.aliases_written, s.double_weak, s.candidates, s.singletons, s.comparisons, s.rounds, s.cycle_rounds, s.unique_keys
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

    #[test]
    fn empty_report() {
        let j = to_json(&Report::default(), &|_| Vec::new(), None);
        assert!(j.contains("\"merges\": []"), "{j}");
        assert!(j.contains("\"functions_merged\": 0"), "{j}");
    }
}
