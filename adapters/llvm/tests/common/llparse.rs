//! A deliberately small reader for *textual* LLVM IR (`.ll`) as printed by `opt -S`,
//! `llvm-dis` and `mergefunc -S`. It only extracts what the outcome classifier needs:
//! function definitions (name, linkage, body instruction lines), declarations and
//! aliases. It is not an IR parser; it relies on the printer's layout (one top-level
//! entity per line, a function body closed by a line holding only `}`).

use std::collections::BTreeMap;

/// One defined function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncDef {
    pub name: String,
    /// Linkage keyword (`external` when none is printed).
    pub linkage: String,
    /// The `define` line.
    pub header: String,
    /// Trimmed body lines that are instructions (labels, comments, blank lines and
    /// debug records removed), in order.
    pub insts: Vec<String>,
}

/// One alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasDef {
    pub name: String,
    pub linkage: String,
    /// Name of the aliasee when it is a plain `@global` (the opaque-pointer form).
    pub target: Option<String>,
}

/// What the classifier sees of a module.
#[derive(Clone, Debug, Default)]
pub struct LlModule {
    /// Defined functions in module order.
    pub funcs: Vec<FuncDef>,
    pub declared: Vec<String>,
    pub aliases: Vec<AliasDef>,
    /// Every other global's name (variables, ifuncs).
    pub other_globals: Vec<String>,
}

impl LlModule {
    pub fn func(&self, name: &str) -> Option<&FuncDef> {
        self.funcs.iter().find(|f| f.name == name)
    }
    pub fn alias(&self, name: &str) -> Option<&AliasDef> {
        self.aliases.iter().find(|a| a.name == name)
    }
    pub fn is_declared(&self, name: &str) -> bool {
        self.declared.iter().any(|d| d == name)
    }
    pub fn func_map(&self) -> BTreeMap<&str, &FuncDef> {
        self.funcs.iter().map(|f| (f.name.as_str(), f)).collect()
    }
    /// `main` is defined.
    pub fn has_main(&self) -> bool {
        self.func("main").is_some()
    }
}

const LINKAGES: &[&str] = &[
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_')
}

/// Reads a global name starting right after an `@`. Returns the decoded name and the
/// number of bytes consumed. Quoted names (`@"a b"`) have their `\XX` escapes decoded.
pub fn read_name(s: &str) -> Option<(String, usize)> {
    if let Some(rest) = s.strip_prefix('"') {
        let end = rest.find('"')?;
        let raw = &rest[..end];
        let mut out = Vec::new();
        let b = raw.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'\\' && i + 3 <= b.len() {
                if let Some(v) = std::str::from_utf8(&b[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        return Some((String::from_utf8_lossy(&out).into_owned(), end + 2));
    }
    let n: usize = s.chars().take_while(|&c| is_ident_char(c)).map(char::len_utf8).sum();
    if n == 0 {
        None
    } else {
        Some((s[..n].to_string(), n))
    }
}

/// Every `@name` in a line, in order (skipping string constants `c"..."` and metadata
/// strings is unnecessary for our uses: those never contain `@` followed by a name in
/// the corpora we read, and a false hit only adds a name nobody looks up).
pub fn global_refs(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes = line.as_bytes();
    while i < bytes.len() {
        if bytes[i] == b'@' {
            if let Some((n, used)) = read_name(&line[i + 1..]) {
                out.push(n);
                i += 1 + used;
                continue;
            }
        }
        i += 1;
    }
    out
}

fn linkage_of(words: &[&str]) -> String {
    for w in words {
        if LINKAGES.contains(w) {
            return (*w).to_string();
        }
    }
    "external".to_string()
}

/// A body line that carries no instruction.
fn is_non_inst(t: &str) -> bool {
    t.is_empty() || t.starts_with(';') || t.starts_with("#dbg_") || is_label(t)
}

fn is_label(t: &str) -> bool {
    // `name:` or `"quoted name":` optionally followed by a `; preds` comment.
    let head = t.split(';').next().unwrap_or("").trim_end();
    if !head.ends_with(':') {
        return false;
    }
    let l = &head[..head.len() - 1];
    if l.starts_with('"') {
        return l.ends_with('"');
    }
    !l.is_empty() && l.chars().all(is_ident_char)
}

/// Parses the module text.
pub fn parse(text: &str) -> LlModule {
    let mut m = LlModule::default();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let t = line.trim_end();
        if let Some(rest) = t.strip_prefix("define ") {
            let at = match rest.find('@') {
                Some(a) => a,
                None => continue,
            };
            let words: Vec<&str> = rest[..at].split_whitespace().collect();
            let (name, _) = read_name(&rest[at + 1..]).unwrap_or_default();
            let mut insts = Vec::new();
            // A one-line body `define ... { ... }` never occurs in printed IR.
            for body in lines.by_ref() {
                let b = body.trim();
                if b == "}" {
                    break;
                }
                if is_non_inst(b) {
                    continue;
                }
                // Drop trailing comments the printer may add.
                insts.push(b.to_string());
            }
            m.funcs.push(FuncDef { name, linkage: linkage_of(&words), header: t.to_string(), insts });
        } else if let Some(rest) = t.strip_prefix("declare ") {
            if let Some(at) = rest.find('@') {
                if let Some((name, _)) = read_name(&rest[at + 1..]) {
                    m.declared.push(name);
                }
            }
        } else if let Some(rest) = t.strip_prefix('@') {
            let Some((name, used)) = read_name(rest) else {
                continue;
            };
            let after = &rest[used..];
            let Some(eq) = after.find('=') else { continue };
            let def = &after[eq + 1..];
            let words: Vec<&str> = def.split_whitespace().collect();
            if let Some(pos) = words.iter().position(|w| *w == "alias") {
                let linkage = linkage_of(&words[..pos]);
                let tail = words[pos + 1..].join(" ");
                // `alias TYPE, ptr @target` — the first global after the comma.
                let target = top_level_comma(&tail).map(|c| &tail[c + 1..]).and_then(|s| {
                    let s = s.trim();
                    // Only a plain reference (`ptr @x`, `ptr addrspace(N) @x`) is a
                    // direct alias; anything else is a constant expression.
                    let at = s.find('@')?;
                    let prefix = &s[..at];
                    let plain = prefix.trim() == "ptr" || prefix.trim().starts_with("ptr addrspace(");
                    let (n, used) = read_name(&s[at + 1..])?;
                    let rest = s[at + 1 + used..].trim();
                    (plain && (rest.is_empty() || rest.starts_with(','))).then_some(n)
                });
                m.aliases.push(AliasDef { name, linkage, target });
            } else {
                m.other_globals.push(name);
            }
        }
    }
    m
}

/// First comma outside parentheses/brackets/braces (separates an alias's value type
/// from its aliasee: `alias i32 (i32, i32), ptr @f`).
fn top_level_comma(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The callee of a `call`/`invoke`/`callbr` instruction line when it is a direct call
/// of a global (`None` for indirect calls and inline asm).
pub fn direct_callee(inst: &str) -> Option<String> {
    let kw_pos = ["call ", "invoke ", "callbr "].iter().find_map(|kw| {
        // The keyword must be a whole word: ` call ` or at the line start.
        let mut start = 0;
        while let Some(p) = inst[start..].find(kw) {
            let abs = start + p;
            if abs == 0 || inst.as_bytes()[abs - 1] == b' ' {
                return Some(abs + kw.len());
            }
            start = abs + kw.len();
        }
        None
    })?;
    let rest = &inst[kw_pos..];
    // The first `@name(` or `%name(` token is the callee; inline asm (`asm "..."(`)
    // and indirect calls (`%p(`) give `None`.
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'@' | b'%' => {
                if let Some((n, used)) = read_name(&rest[i + 1..]) {
                    let end = i + 1 + used;
                    if end < b.len() && b[end] == b'(' {
                        return (b[i] == b'@').then_some(n);
                    }
                    i = end;
                    continue;
                }
            }
            b'"' => {
                // Skip a string (asm text) entirely.
                if let Some(q) = rest[i + 1..].find('"') {
                    i += q + 2;
                    continue;
                }
            }
            b'(' if rest[..i].trim_end().ends_with('"') => return None, // asm operands
            _ => {}
        }
        i += 1;
    }
    None
}

/// `%x = OPCODE ...` → `OPCODE`; `store ...` → `store`. Tail-call markers are part of
/// the call opcode (`tail call`, `musttail call`, `notail call`).
pub fn opcode(inst: &str) -> String {
    let rhs = match inst.find(" = ") {
        Some(p) if inst.starts_with('%') => &inst[p + 3..],
        _ => inst,
    };
    let mut w = rhs.split_whitespace();
    let first = w.next().unwrap_or("");
    match first {
        "tail" | "musttail" | "notail" => format!("{first} {}", w.next().unwrap_or("")),
        _ => first.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_quotes() {
        assert_eq!(read_name("foo.bar$1(i32)"), Some(("foo.bar$1".into(), 9)));
        assert_eq!(read_name("\"a b\\22c\" = x"), Some(("a b\"c".into(), 9)));
        assert_eq!(read_name("0(i32 %x)"), Some(("0".into(), 1)));
        assert_eq!(read_name("(x"), None);
    }

    #[test]
    fn callees() {
        assert_eq!(direct_callee("%2 = tail call i32 @0(i32 %0)").as_deref(), Some("0"));
        assert_eq!(direct_callee("%1 = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s)").as_deref(), Some("printf"));
        assert_eq!(
            direct_callee("%3 = musttail call swifttailcc i64 @stc_a(i64 %0, i64 %1)").as_deref(),
            Some("stc_a")
        );
        assert_eq!(direct_callee("%c = call i32 %p(i32 5)"), None);
        assert_eq!(direct_callee("%r = call i32 asm \"leal 1($1), $0\", \"=r,r\"(i32 %x)"), None);
        assert_eq!(direct_callee("%r = invoke i32 @may_throw(i32 %x)").as_deref(), Some("may_throw"));
        assert_eq!(direct_callee("%4 = tail call { i64, i32 } @pair_int(i64 %3, i32 %1)").as_deref(), Some("pair_int"));
        assert_eq!(direct_callee("%r = call range(i32 0, 10) i32 @ext(i32 %x)").as_deref(), Some("ext"));
        assert_eq!(
            direct_callee("call void @\"weird name\"(ptr byval(%struct.A) align 4 %0)").as_deref(),
            Some("weird name")
        );
        assert_eq!(direct_callee("store ptr @f, ptr %p"), None);
    }

    #[test]
    fn module_shapes() {
        let m = parse(
            "@g = global ptr @f\n\
             @al = weak unnamed_addr alias i32 (i32, ...), ptr @0\n\
             declare i32 @printf(ptr, ...)\n\
             define private i32 @0(i32 %x) {\n\
             entry:\n  %y = add i32 %x, 1\n    #dbg_value(i32 %x, !1, !DIExpression(), !2)\n  ret i32 %y\n}\n\
             define linkonce_odr hidden i32 @\"q n\"(i32 %0) comdat {\n  %2 = tail call i32 @0(i32 %0)\n  ret i32 %2\n}\n",
        );
        assert_eq!(m.funcs.len(), 2);
        assert_eq!(m.funcs[0].name, "0");
        assert_eq!(m.funcs[0].linkage, "private");
        assert_eq!(m.funcs[0].insts, vec!["%y = add i32 %x, 1", "ret i32 %y"]);
        assert_eq!(m.funcs[1].name, "q n");
        assert_eq!(m.funcs[1].linkage, "linkonce_odr");
        assert_eq!(m.aliases[0].target.as_deref(), Some("0"));
        assert_eq!(m.aliases[0].linkage, "weak");
        assert!(m.is_declared("printf"));
        assert_eq!(m.other_globals, vec!["g"]);
        assert_eq!(opcode("%2 = tail call i32 @0(i32 %0)"), "tail call");
        assert_eq!(opcode("store i32 0, ptr %p"), "store");
    }
}
