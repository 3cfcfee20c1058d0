//! The text format parser. See [`mod@crate::print`] for the grammar.
//!
//! The parser never panics: every malformed input is a [`ParseError`] with the line
//! and column (1-based) of the offending token. Nesting of types and constants is
//! limited to [`MAX_DEPTH`] levels.

use std::collections::HashMap;
use std::fmt;

use mergefunc::{
    AsmData, Attr, AttrList, BlockId, ConstId, ConstKind, ConstProp, FuncId, GlobalRef, MetaData, MetaId, TypeData,
    TypeId, Use, Value,
};

use crate::builder::FunctionBuilder;
use crate::consts::mask;
use crate::ir::{
    attr, cc, mdkind, AtomicOrdering, BinOp, CastOp, FuncKind, IntPred, LinkageKind, MockModule, Op, Opcode, RmwOp,
    TailKind, ASM_ALIGNSTACK, ASM_SIDEEFFECT, FLAG_EXACT, FLAG_NSW, FLAG_NUW, GEP_INBOUNDS, GEP_NUSW, GEP_NUW,
};

/// Maximum nesting of types, constants and metadata.
pub const MAX_DEPTH: u32 = 64;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character or literal that is not part of the format.
    Lex(String),
    /// Another token was expected.
    Expected {
        /// What was expected.
        expected: String,
        /// What was found.
        found: String,
    },
    /// A name that is not defined.
    Undefined(String),
    /// A name defined twice.
    Duplicate(String),
    /// Anything else that is ill-formed (types, widths, ranges, nesting).
    Invalid(String),
}

/// A parse error with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.col)?;
        match &self.kind {
            ParseErrorKind::Lex(s) => write!(f, "{s}"),
            ParseErrorKind::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            ParseErrorKind::Undefined(s) => write!(f, "undefined {s}"),
            ParseErrorKind::Duplicate(s) => write!(f, "{s} is defined twice"),
            ParseErrorKind::Invalid(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for ParseError {}

type R<T> = Result<T, ParseError>;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Global(String),
    /// `%name` (numeric: written as digits without quotes).
    Local(String, bool),
    /// `name:` (numeric: digits without quotes).
    Label(String, bool),
    MetaRef(u32),
    /// `!name` (an attachment kind).
    MetaName(String),
    MetaStr(Vec<u8>),
    /// `!` directly followed by `{`.
    MetaOpen,
    Int(String),
    Hex(String),
    Float(String),
    Str(Vec<u8>),
    CStr(Vec<u8>),
    Punct(char),
    Ellipsis,
    Eof,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Global(s) => format!("`@{s}`"),
            Tok::Local(s, _) => format!("`%{s}`"),
            Tok::Label(s, _) => format!("label `{s}:`"),
            Tok::MetaRef(n) => format!("`!{n}`"),
            Tok::MetaName(n) => format!("`!{n}`"),
            Tok::MetaStr(_) => "a metadata string".into(),
            Tok::MetaOpen => "`!{`".into(),
            Tok::Int(s) | Tok::Hex(s) | Tok::Float(s) => format!("`{s}`"),
            Tok::Str(_) => "a string".into(),
            Tok::CStr(_) => "a c-string".into(),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Ellipsis => "`...`".into(),
            Tok::Eof => "end of input".into(),
        }
    }
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: u32,
    col: u32,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'-' | b'$' | b'.' | b'_')
}
fn is_ident_char(c: u8) -> bool {
    is_ident_start(c) || c.is_ascii_digit()
}

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
    line: u32,
    col: u32,
    /// Start of the current token (errors point there).
    start: (u32, u32),
}

impl Lexer<'_> {
    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(ParseError { line: self.start.0, col: self.start.1, kind: ParseErrorKind::Lex(msg.into()) })
    }
    fn peek(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }
    fn bump(&mut self) -> u8 {
        let c = self.peek(0);
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        c
    }
    fn string(&mut self) -> R<Vec<u8>> {
        // at the opening quote
        self.bump();
        let mut out = Vec::new();
        loop {
            if self.i >= self.s.len() {
                return self.err("unterminated string");
            }
            let c = self.bump();
            match c {
                b'"' => return Ok(out),
                b'\\' => {
                    if self.peek(0) == b'\\' {
                        self.bump();
                        out.push(b'\\');
                    } else {
                        let (a, b) = (self.peek(0), self.peek(1));
                        let hex = |x: u8| (x as char).to_digit(16);
                        match (hex(a), hex(b)) {
                            (Some(h), Some(l)) => {
                                self.bump();
                                self.bump();
                                out.push((h * 16 + l) as u8);
                            }
                            _ => return self.err("bad escape in string (use \\\\ or \\HH)"),
                        }
                    }
                }
                b'\n' => return self.err("newline in string"),
                c => out.push(c),
            }
        }
    }
    fn word(&mut self) -> String {
        let st = self.i;
        while is_ident_char(self.peek(0)) {
            self.bump();
        }
        String::from_utf8_lossy(&self.s[st..self.i]).into_owned()
    }
    fn name(&mut self) -> R<(String, bool)> {
        if self.peek(0) == b'"' {
            let b = self.string()?;
            match String::from_utf8(b) {
                Ok(s) if !s.is_empty() => Ok((s, false)),
                _ => self.err("names must be non-empty UTF-8"),
            }
        } else if self.peek(0).is_ascii_digit() {
            let st = self.i;
            while self.peek(0).is_ascii_digit() {
                self.bump();
            }
            Ok((String::from_utf8_lossy(&self.s[st..self.i]).into_owned(), true))
        } else if is_ident_start(self.peek(0)) {
            Ok((self.word(), false))
        } else {
            self.err("expected a name")
        }
    }
    fn run(mut self) -> R<Vec<Token>> {
        let mut out = Vec::new();
        loop {
            // skip blanks and comments
            loop {
                let c = self.peek(0);
                if c == b';' {
                    while self.i < self.s.len() && self.peek(0) != b'\n' {
                        self.bump();
                    }
                } else if c == b' ' || c == b'\t' || c == b'\r' || c == b'\n' {
                    self.bump();
                } else {
                    break;
                }
            }
            let (line, col) = (self.line, self.col);
            self.start = (line, col);
            if self.i >= self.s.len() {
                out.push(Token { tok: Tok::Eof, line, col });
                return Ok(out);
            }
            let c = self.peek(0);
            let tok = match c {
                b'@' => {
                    self.bump();
                    Tok::Global(self.name()?.0)
                }
                b'%' => {
                    self.bump();
                    let (n, num) = self.name()?;
                    Tok::Local(n, num)
                }
                b'!' => {
                    self.bump();
                    match self.peek(0) {
                        b'{' => Tok::MetaOpen,
                        b'"' => Tok::MetaStr(self.string()?),
                        d if d.is_ascii_digit() => {
                            let (n, _) = self.name()?;
                            match n.parse::<u32>() {
                                Ok(v) => Tok::MetaRef(v),
                                Err(_) => return self.err("metadata number too large"),
                            }
                        }
                        c if is_ident_start(c) => Tok::MetaName(self.word()),
                        _ => return self.err("expected `!N`, `!name`, `!\"...\"` or `!{`"),
                    }
                }
                b'"' => {
                    let s = self.string()?;
                    if self.peek(0) == b':' {
                        self.bump();
                        match String::from_utf8(s) {
                            Ok(s) if !s.is_empty() => Tok::Label(s, false),
                            _ => return self.err("labels must be non-empty UTF-8"),
                        }
                    } else {
                        Tok::Str(s)
                    }
                }
                b'c' if self.peek(1) == b'"' => {
                    self.bump();
                    Tok::CStr(self.string()?)
                }
                b'.' if self.peek(1) == b'.' && self.peek(2) == b'.' => {
                    self.bump();
                    self.bump();
                    self.bump();
                    Tok::Ellipsis
                }
                b'-' | b'0'..=b'9' => {
                    let st = self.i;
                    if c == b'0' && (self.peek(1) == b'x' || self.peek(1) == b'X') {
                        self.bump();
                        self.bump();
                        let hs = self.i;
                        while self.peek(0).is_ascii_hexdigit() {
                            self.bump();
                        }
                        if hs == self.i {
                            return self.err("empty hex literal");
                        }
                        Tok::Hex(String::from_utf8_lossy(&self.s[hs..self.i]).into_owned())
                    } else {
                        if c == b'-' {
                            self.bump();
                            if !self.peek(0).is_ascii_digit() {
                                // a label or name like `-x`
                                while is_ident_char(self.peek(0)) {
                                    self.bump();
                                }
                                let w = String::from_utf8_lossy(&self.s[st..self.i]).into_owned();
                                if self.peek(0) == b':' {
                                    self.bump();
                                    out.push(Token { tok: Tok::Label(w, false), line, col });
                                    continue;
                                }
                                return self.err(format!("unexpected `{w}`"));
                            }
                        }
                        while self.peek(0).is_ascii_digit() {
                            self.bump();
                        }
                        let mut float = false;
                        if self.peek(0) == b'.' && self.peek(1).is_ascii_digit() {
                            float = true;
                            self.bump();
                            while self.peek(0).is_ascii_digit() {
                                self.bump();
                            }
                        }
                        if (self.peek(0) == b'e' || self.peek(0) == b'E')
                            && (self.peek(1).is_ascii_digit()
                                || ((self.peek(1) == b'+' || self.peek(1) == b'-') && self.peek(2).is_ascii_digit()))
                        {
                            float = true;
                            self.bump();
                            if !self.peek(0).is_ascii_digit() {
                                self.bump();
                            }
                            while self.peek(0).is_ascii_digit() {
                                self.bump();
                            }
                        }
                        let text = String::from_utf8_lossy(&self.s[st..self.i]).into_owned();
                        if !float && self.peek(0) == b':' && c != b'-' {
                            self.bump();
                            Tok::Label(text, true)
                        } else if !float && is_ident_char(self.peek(0)) && c != b'-' {
                            // labels like `1abc:` are not allowed; names starting with digits neither
                            return self.err(format!("unexpected character after number `{text}`"));
                        } else if float {
                            Tok::Float(text)
                        } else {
                            Tok::Int(text)
                        }
                    }
                }
                c if is_ident_start(c) => {
                    let w = self.word();
                    if self.peek(0) == b':' {
                        self.bump();
                        Tok::Label(w, false)
                    } else {
                        Tok::Ident(w)
                    }
                }
                b'=' | b',' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b'*' | b':' => {
                    self.bump();
                    Tok::Punct(c as char)
                }
                _ => {
                    let ch =
                        std::str::from_utf8(&self.s[self.i..]).ok().and_then(|s| s.chars().next()).unwrap_or(c as char);
                    return self.err(format!("unexpected character {ch:?}"));
                }
            };
            out.push(Token { tok, line, col });
        }
    }
}

/// A reference to a function-local name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Named(String),
    Num(String),
}

fn key_of(name: &str, numeric: bool) -> Key {
    if numeric {
        Key::Num(name.trim_start_matches('0').to_string())
    } else {
        Key::Named(name.to_string())
    }
}

#[derive(Clone, Copy, Debug)]
enum Local {
    Arg(u32),
    Inst(Use),
}

#[derive(Clone, Debug)]
enum ItemKind {
    Func { define: bool, body_open: Option<usize>, labels: Vec<Key>, implicit_entry: bool },
    Alias,
    Global,
    Meta(u32),
}

#[derive(Clone, Debug)]
struct Item {
    start: usize,
    end: usize,
    kind: ItemKind,
    name: String,
}

#[derive(Clone, Debug)]
enum RawMd {
    Ref(u32, usize),
    Str(Vec<u8>),
    Null,
    Const(ConstId),
}

struct FuncCtx {
    func: FuncId,
    locals: HashMap<Key, Local>,
    blocks: HashMap<Key, BlockId>,
    fixups: Vec<(Use, usize, Key, TypeId, usize)>,
}

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    m: MockModule,
    funcs: HashMap<String, FuncId>,
    globals: HashMap<String, mergefunc::GlobalId>,
    labels: HashMap<FuncId, (Vec<Key>, bool)>,
    param_keys: HashMap<FuncId, Vec<Option<Key>>>,
    meta: HashMap<u32, MetaId>,
    depth: u32,
}

/// Parses a module.
pub fn parse(src: &str) -> Result<MockModule, ParseError> {
    let toks = Lexer { s: src.as_bytes(), i: 0, line: 1, col: 1, start: (1, 1) }.run()?;
    let mut p = Parser {
        toks: &toks,
        pos: 0,
        m: MockModule::new(),
        funcs: HashMap::new(),
        globals: HashMap::new(),
        labels: HashMap::new(),
        param_keys: HashMap::new(),
        meta: HashMap::new(),
        depth: 0,
    };
    p.module()?;
    p.m.refresh_all();
    Ok(p.m)
}

impl<'a> Parser<'a> {
    // ----------------------------------------------------------------- tokens

    fn tok(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }
    fn tok_at(&self, i: usize) -> &Tok {
        &self.toks[i.min(self.toks.len() - 1)].tok
    }
    fn err_at<T>(&self, i: usize, kind: ParseErrorKind) -> R<T> {
        let t = &self.toks[i.min(self.toks.len() - 1)];
        Err(ParseError { line: t.line, col: t.col, kind })
    }
    fn err<T>(&self, kind: ParseErrorKind) -> R<T> {
        self.err_at(self.pos, kind)
    }
    fn invalid<T>(&self, msg: impl Into<String>) -> R<T> {
        self.err(ParseErrorKind::Invalid(msg.into()))
    }
    fn expected<T>(&self, what: &str) -> R<T> {
        self.err(ParseErrorKind::Expected { expected: what.to_string(), found: self.tok().describe() })
    }
    fn next(&mut self) -> Tok {
        let t = self.tok().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    fn is_punct(&self, c: char) -> bool {
        *self.tok() == Tok::Punct(c)
    }
    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.next();
            true
        } else {
            false
        }
    }
    fn punct(&mut self, c: char) -> R<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.expected(&format!("`{c}`"))
        }
    }
    fn is_kw(&self, k: &str) -> bool {
        matches!(self.tok(), Tok::Ident(s) if s == k)
    }
    fn eat_kw(&mut self, k: &str) -> bool {
        if self.is_kw(k) {
            self.next();
            true
        } else {
            false
        }
    }
    fn kw(&mut self, k: &str) -> R<()> {
        if self.eat_kw(k) {
            Ok(())
        } else {
            self.expected(&format!("`{k}`"))
        }
    }
    fn u64_lit(&mut self) -> R<u64> {
        match self.tok().clone() {
            Tok::Int(s) => match s.parse::<u64>() {
                Ok(v) => {
                    self.next();
                    Ok(v)
                }
                Err(_) => self.invalid(format!("`{s}` is not a small unsigned number")),
            },
            _ => self.expected("a number"),
        }
    }
    fn string_lit(&mut self) -> R<String> {
        match self.tok().clone() {
            Tok::Str(b) => {
                self.next();
                match String::from_utf8(b) {
                    Ok(s) => Ok(s),
                    Err(_) => self.invalid("string must be UTF-8"),
                }
            }
            _ => self.expected("a string"),
        }
    }
    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.invalid("nesting too deep");
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----------------------------------------------------------------- items

    fn split_items(&self) -> R<Vec<Item>> {
        let n = self.toks.len();
        let mut starts = Vec::new();
        for i in 0..n {
            let t = &self.toks[i].tok;
            let next = self.tok_at(i + 1);
            let start = match t {
                Tok::Ident(s) => s == "define" || s == "declare",
                Tok::Global(_) | Tok::MetaRef(_) => *next == Tok::Punct('='),
                _ => false,
            };
            if start {
                starts.push(i);
            }
        }
        let last = n - 1; // Eof
        if starts.first().copied().unwrap_or(last) != 0 {
            return self.err_at(
                0,
                ParseErrorKind::Expected {
                    expected: "`define`, `declare`, `@name =` or `!N =`".into(),
                    found: self.tok_at(0).describe(),
                },
            );
        }
        let mut items = Vec::new();
        for (k, &s) in starts.iter().enumerate() {
            let e = starts.get(k + 1).copied().unwrap_or(last);
            let kind_name = match &self.toks[s].tok {
                Tok::Ident(w) => {
                    let define = w == "define";
                    let Some(ni) = (s..e).find(|i| matches!(self.toks[*i].tok, Tok::Global(_))) else {
                        return self.err_at(s, ParseErrorKind::Invalid("function without a name".into()));
                    };
                    let Tok::Global(name) = &self.toks[ni].tok else {
                        return self.err_at(ni, ParseErrorKind::Invalid("function without a name".into()));
                    };
                    let mut body_open = None;
                    let mut labels = Vec::new();
                    let mut implicit_entry = false;
                    if define {
                        // skip the parameter list, then find the body
                        let mut i = ni + 1;
                        let mut depth = 0i32;
                        while i < e {
                            match self.toks[i].tok {
                                Tok::Punct('(') => depth += 1,
                                Tok::Punct(')') => {
                                    depth -= 1;
                                    if depth <= 0 {
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            i += 1;
                        }
                        body_open = (i..e).find(|j| self.toks[*j].tok == Tok::Punct('{'));
                        if let Some(b) = body_open {
                            implicit_entry = !matches!(self.tok_at(b + 1), Tok::Label(..));
                            for t in &self.toks[b..e] {
                                if let Tok::Label(l, num) = &t.tok {
                                    labels.push(key_of(l, *num));
                                }
                            }
                        }
                    }
                    (ItemKind::Func { define, body_open, labels, implicit_entry }, name.clone())
                }
                Tok::Global(name) => {
                    let mut kind = None;
                    for t in &self.toks[s..e] {
                        if let Tok::Ident(w) = &t.tok {
                            match w.as_str() {
                                "alias" => kind = Some(ItemKind::Alias),
                                "global" | "constant" => kind = Some(ItemKind::Global),
                                _ => continue,
                            }
                            break;
                        }
                    }
                    let Some(kind) = kind else {
                        return self.err_at(
                            s,
                            ParseErrorKind::Expected {
                                expected: "`global`, `constant` or `alias`".into(),
                                found: "none".into(),
                            },
                        );
                    };
                    (kind, name.clone())
                }
                Tok::MetaRef(n) => (ItemKind::Meta(*n), String::new()),
                _ => return self.err_at(s, ParseErrorKind::Invalid("bad item".into())),
            };
            items.push(Item { start: s, end: e, kind: kind_name.0, name: kind_name.1 });
        }
        Ok(items)
    }

    fn module(&mut self) -> R<()> {
        let items = self.split_items()?;
        // symbols
        for it in &items {
            match &it.kind {
                ItemKind::Func { labels, implicit_entry, .. } => {
                    if self.funcs.contains_key(&it.name) || self.globals.contains_key(&it.name) {
                        return self.err_at(it.start, ParseErrorKind::Duplicate(format!("@{}", it.name)));
                    }
                    let void = self.m.void();
                    let ty = self.m.func_ty(void, &[], false);
                    let f = self.m.add_function(&it.name, ty, LinkageKind::External);
                    self.funcs.insert(it.name.clone(), f);
                    self.labels.insert(f, (labels.clone(), *implicit_entry));
                }
                ItemKind::Alias => {
                    if self.funcs.contains_key(&it.name) || self.globals.contains_key(&it.name) {
                        return self.err_at(it.start, ParseErrorKind::Duplicate(format!("@{}", it.name)));
                    }
                    let void = self.m.void();
                    let ty = self.m.func_ty(void, &[], false);
                    let f = self.m.add_function(&it.name, ty, LinkageKind::External);
                    self.funcs.insert(it.name.clone(), f);
                }
                ItemKind::Global => {
                    if self.funcs.contains_key(&it.name) || self.globals.contains_key(&it.name) {
                        return self.err_at(it.start, ParseErrorKind::Duplicate(format!("@{}", it.name)));
                    }
                    let void = self.m.void();
                    let g = self.m.add_global(&it.name, void, None, LinkageKind::External);
                    self.globals.insert(it.name.clone(), g);
                }
                ItemKind::Meta(_) => {}
            }
        }
        // metadata
        let mut raw: HashMap<u32, (Option<Vec<RawMd>>, usize)> = HashMap::new();
        for it in &items {
            if let ItemKind::Meta(n) = it.kind {
                if raw.contains_key(&n) {
                    return self.err_at(it.start, ParseErrorKind::Duplicate(format!("!{n}")));
                }
                self.pos = it.start + 2;
                let body = if self.eat_kw("distinct") {
                    if *self.tok() != Tok::MetaOpen {
                        return self.expected("`!{`");
                    }
                    self.next();
                    self.punct('{')?;
                    self.punct('}')?;
                    None
                } else {
                    Some(self.raw_node()?)
                };
                self.end_item(it)?;
                raw.insert(n, (body, it.start));
            }
        }
        let mut keys: Vec<u32> = raw.keys().copied().collect();
        keys.sort_unstable();
        for n in keys {
            let mut stack = Vec::new();
            self.resolve_meta(n, &raw, &mut stack)?;
        }
        // headers
        for it in &items {
            if let ItemKind::Func { define, body_open, .. } = &it.kind {
                self.pos = it.start + 1;
                let f = self.funcs[&it.name];
                self.func_header(f, *define)?;
                match body_open {
                    Some(b) if *define => {
                        if self.pos != *b {
                            return self.expected("`{`");
                        }
                    }
                    None if *define => return self.expected("a function body `{`"),
                    _ => self.end_item(it)?,
                }
            }
        }
        for it in &items {
            match &it.kind {
                ItemKind::Alias => {
                    self.pos = it.start + 2;
                    self.alias(&it.name)?;
                    self.end_item(it)?;
                }
                ItemKind::Global => {
                    self.pos = it.start + 2;
                    self.global(&it.name)?;
                    self.end_item(it)?;
                }
                ItemKind::Func { .. } | ItemKind::Meta(_) => {}
            }
        }
        // bodies
        for it in &items {
            if let ItemKind::Func { define: true, body_open: Some(b), .. } = &it.kind {
                self.pos = *b + 1;
                let f = self.funcs[&it.name];
                self.body(f)?;
                self.end_item(it)?;
            }
        }
        // alias cycles are left to the verifier
        Ok(())
    }

    fn end_item(&self, it: &Item) -> R<()> {
        if self.pos != it.end {
            return self.err(ParseErrorKind::Expected { expected: "end of item".into(), found: self.tok().describe() });
        }
        Ok(())
    }

    fn raw_node(&mut self) -> R<Vec<RawMd>> {
        if *self.tok() != Tok::MetaOpen {
            return self.expected("`!{`");
        }
        self.next();
        self.punct('{')?;
        let mut ops = Vec::new();
        if !self.eat_punct('}') {
            loop {
                let at = self.pos;
                let op = match self.tok().clone() {
                    Tok::MetaRef(n) => {
                        self.next();
                        RawMd::Ref(n, at)
                    }
                    Tok::MetaStr(s) => {
                        self.next();
                        RawMd::Str(s)
                    }
                    Tok::Ident(w) if w == "null" => {
                        self.next();
                        RawMd::Null
                    }
                    _ => {
                        let ty = self.ty()?;
                        RawMd::Const(self.constant(ty)?)
                    }
                };
                ops.push(op);
                if self.eat_punct('}') {
                    break;
                }
                self.punct(',')?;
            }
        }
        Ok(ops)
    }

    fn resolve_meta(
        &mut self,
        n: u32,
        raw: &HashMap<u32, (Option<Vec<RawMd>>, usize)>,
        stack: &mut Vec<u32>,
    ) -> R<MetaId> {
        if let Some(id) = self.meta.get(&n) {
            return Ok(*id);
        }
        let Some((body, at)) = raw.get(&n) else {
            return self.err(ParseErrorKind::Undefined(format!("!{n}")));
        };
        if stack.contains(&n) || stack.len() > MAX_DEPTH as usize {
            return self.err_at(*at, ParseErrorKind::Invalid(format!("uniqued metadata !{n} refers to itself")));
        }
        let id = match body {
            None => self.m.distinct_meta(),
            Some(ops) => {
                stack.push(n);
                let mut out = Vec::with_capacity(ops.len());
                for op in ops {
                    out.push(match op {
                        RawMd::Ref(k, at) => {
                            if !raw.contains_key(k) {
                                return self.err_at(*at, ParseErrorKind::Undefined(format!("!{k}")));
                            }
                            Some(self.resolve_meta(*k, raw, stack)?)
                        }
                        RawMd::Str(s) => Some(self.m.meta(MetaData::String(s.clone().into()))),
                        RawMd::Null => None,
                        RawMd::Const(c) => Some(self.m.meta(MetaData::Const(*c))),
                    });
                }
                stack.pop();
                self.m.meta(MetaData::Node(out.into()))
            }
        };
        self.meta.insert(n, id);
        Ok(id)
    }

    fn meta_ref(&mut self) -> R<MetaId> {
        match self.tok().clone() {
            Tok::MetaRef(n) => match self.meta.get(&n).copied() {
                Some(id) => {
                    self.next();
                    Ok(id)
                }
                None => self.err(ParseErrorKind::Undefined(format!("!{n}"))),
            },
            _ => self.expected("`!N`"),
        }
    }

    // ----------------------------------------------------------------- types

    fn ty(&mut self) -> R<TypeId> {
        self.enter()?;
        let r = self.ty_inner();
        self.leave();
        r
    }

    fn ty_inner(&mut self) -> R<TypeId> {
        let mut t = match self.tok().clone() {
            Tok::Ident(w) => {
                self.next();
                match w.as_str() {
                    "void" => self.m.void(),
                    "float" => self.m.float(32),
                    "double" => self.m.float(64),
                    "label" => self.m.label(),
                    "metadata" => self.m.metadata_ty(),
                    "ptr" => {
                        if self.eat_kw("addrspace") {
                            self.punct('(')?;
                            let n = self.u64_lit()?;
                            self.punct(')')?;
                            let Ok(n) = u32::try_from(n) else { return self.invalid("address space too large") };
                            if n > 0xFF_FFFF {
                                return self.invalid("address space too large");
                            }
                            self.m.ptr(n)
                        } else {
                            self.m.ptr(0)
                        }
                    }
                    w if w.starts_with('i') && w.len() > 1 && w[1..].bytes().all(|c| c.is_ascii_digit()) => {
                        match w[1..].parse::<u32>() {
                            Ok(b) if (1..=128).contains(&b) => self.m.int(b),
                            _ => {
                                self.pos = self.pos.saturating_sub(1);
                                return self.invalid("integer types must be i1 to i128");
                            }
                        }
                    }
                    _ => {
                        self.pos = self.pos.saturating_sub(1);
                        return self.expected("a type");
                    }
                }
            }
            Tok::Punct('[') => {
                self.next();
                let n = self.u64_lit()?;
                self.kw("x")?;
                let e = self.ty()?;
                self.punct(']')?;
                self.m.array_ty(n, e)
            }
            Tok::Punct('<') => {
                self.next();
                if self.is_punct('{') {
                    let t = self.struct_body(true)?;
                    self.punct('>')?;
                    t
                } else {
                    let n = self.u64_lit()?;
                    if n == 0 {
                        return self.invalid("vectors need at least one element");
                    }
                    self.kw("x")?;
                    let e = self.ty()?;
                    self.punct('>')?;
                    match self.m.type_data(e) {
                        TypeData::Int { .. } | TypeData::Float { .. } | TypeData::Ptr { .. } => {}
                        _ => return self.invalid("vector elements must be integers, floats or pointers"),
                    }
                    self.m.vector_ty(n, e)
                }
            }
            Tok::Punct('{') => self.struct_body(false)?,
            _ => return self.expected("a type"),
        };
        while self.is_punct('(') {
            self.next();
            let mut params = Vec::new();
            let mut vararg = false;
            if !self.eat_punct(')') {
                loop {
                    if *self.tok() == Tok::Ellipsis {
                        self.next();
                        vararg = true;
                        self.punct(')')?;
                        break;
                    }
                    params.push(self.ty()?);
                    if self.eat_punct(')') {
                        break;
                    }
                    self.punct(',')?;
                }
            }
            t = self.m.func_ty(t, &params, vararg);
        }
        Ok(t)
    }

    fn struct_body(&mut self, packed: bool) -> R<TypeId> {
        self.punct('{')?;
        let mut fields = Vec::new();
        if !self.eat_punct('}') {
            loop {
                fields.push(self.ty()?);
                if self.eat_punct('}') {
                    break;
                }
                self.punct(',')?;
            }
        }
        Ok(self.m.struct_ty(&fields, packed))
    }

    fn first_class_sized(&self, t: TypeId) -> bool {
        crate::layout::size_align(&self.m, t).is_some()
    }

    // ----------------------------------------------------------------- constants

    fn int_of(&self, ty: TypeId) -> Option<u32> {
        match self.m.type_data(ty) {
            TypeData::Int { bits } => Some(*bits),
            _ => None,
        }
    }

    fn parse_int_text(&self, s: &str, bits: u32) -> R<u128> {
        let (neg, digits) = match s.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, s),
        };
        let Ok(mag) = digits.parse::<u128>() else { return self.invalid(format!("integer `{s}` too large")) };
        let ok = if neg {
            bits == 128 && mag <= 1u128 << 127 || bits < 128 && mag <= 1u128 << (bits - 1)
        } else {
            bits == 128 || mag < 1u128 << bits
        };
        if !ok {
            return self.invalid(format!("integer `{s}` does not fit in i{bits}"));
        }
        Ok(mask(if neg { mag.wrapping_neg() } else { mag }, bits))
    }

    fn typed_const(&mut self) -> R<ConstId> {
        let t = self.ty()?;
        self.constant(t)
    }

    /// A constant of type `ty` (the type has already been read).
    fn constant(&mut self, ty: TypeId) -> R<ConstId> {
        self.enter()?;
        let r = self.constant_inner(ty);
        self.leave();
        r
    }

    fn elems(&mut self, close: char) -> R<Vec<ConstId>> {
        let mut v = Vec::new();
        if self.eat_punct(close) {
            return Ok(v);
        }
        loop {
            v.push(self.typed_const()?);
            if self.eat_punct(close) {
                return Ok(v);
            }
            self.punct(',')?;
        }
    }

    fn check_elems(&self, at: usize, ty: TypeId, elems: &[ConstId]) -> R<()> {
        let types: Vec<TypeId> = elems.iter().map(|c| self.m.const_data(*c).ty).collect();
        let ok = match self.m.type_data(ty) {
            TypeData::Array { len, elem } | TypeData::Vector { len, elem, .. } => {
                *len == types.len() as u64 && types.iter().all(|t| t == elem)
            }
            TypeData::Struct { fields, .. } => **fields == *types,
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            self.err_at(at, ParseErrorKind::Invalid("aggregate constant does not match its type".into()))
        }
    }

    fn constant_inner(&mut self, ty: TypeId) -> R<ConstId> {
        let at = self.pos;
        let td = self.m.type_data(ty).clone();
        let is_float = matches!(td, TypeData::Float { .. });
        match self.tok().clone() {
            Tok::Int(s) if is_float => {
                self.next();
                self.float_const(ty, &s)
            }
            Tok::Float(s) => {
                if !is_float {
                    return self.invalid("a float literal needs a float type");
                }
                self.next();
                self.float_const(ty, &s)
            }
            Tok::Int(s) => {
                let Some(bits) = self.int_of(ty) else {
                    return self.invalid("an integer literal needs an integer type");
                };
                let v = self.parse_int_text(&s, bits)?;
                self.next();
                Ok(self.m.int_const(ty, v))
            }
            Tok::Hex(h) => {
                let bits = match td {
                    TypeData::Int { bits } | TypeData::Float { bits, .. } => bits,
                    _ => return self.invalid("a hex literal needs an integer or float type"),
                };
                let Ok(v) = u128::from_str_radix(&h, 16) else { return self.invalid("hex literal too large") };
                if bits < 128 && v >> bits != 0 {
                    return self.invalid(format!("hex literal does not fit in {bits} bits"));
                }
                self.next();
                let kind =
                    if is_float { ConstKind::Float(Box::new([v as u64])) } else { crate::consts::int_kind(v, bits) };
                Ok(self.m.konst(ty, kind))
            }
            Tok::Ident(w) => {
                self.next();
                match w.as_str() {
                    "true" | "false" => {
                        if self.int_of(ty) != Some(1) {
                            return self.err_at(at, ParseErrorKind::Invalid("`true`/`false` need type i1".into()));
                        }
                        Ok(self.m.int_const(ty, (w == "true") as u128))
                    }
                    "null" => {
                        if !matches!(td, TypeData::Ptr { .. }) {
                            return self.err_at(at, ParseErrorKind::Invalid("`null` needs a pointer type".into()));
                        }
                        Ok(self.m.konst(ty, ConstKind::Null))
                    }
                    "zeroinitializer" => {
                        if !self.first_class_sized(ty) {
                            return self
                                .err_at(at, ParseErrorKind::Invalid("zeroinitializer needs a sized type".into()));
                        }
                        Ok(self.m.konst(ty, ConstKind::Null))
                    }
                    "undef" | "poison" => {
                        if !self.first_class_sized(ty) {
                            return self.err_at(at, ParseErrorKind::Invalid(format!("`{w}` needs a sized type")));
                        }
                        let k = if w == "undef" { ConstKind::Undef } else { ConstKind::Poison };
                        Ok(self.m.konst(ty, k))
                    }
                    "blockaddress" => {
                        self.punct('(')?;
                        let fname = match self.next() {
                            Tok::Global(n) => n,
                            _ => {
                                self.pos = self.pos.saturating_sub(1);
                                return self.expected("a function name");
                            }
                        };
                        let Some(&f) = self.funcs.get(&fname) else {
                            return self.err(ParseErrorKind::Undefined(format!("function @{fname}")));
                        };
                        self.punct(',')?;
                        let key = match self.next() {
                            Tok::Local(n, num) => key_of(&n, num),
                            _ => {
                                self.pos = self.pos.saturating_sub(1);
                                return self.expected("a block label");
                            }
                        };
                        self.punct(')')?;
                        let Some((labels, implicit)) = self.labels.get(&f) else {
                            return self.err_at(at, ParseErrorKind::Invalid("blockaddress of a non-function".into()));
                        };
                        let Some(i) = labels.iter().position(|k| *k == key) else {
                            return self.err_at(at, ParseErrorKind::Undefined(format!("block in @{fname}")));
                        };
                        let block = (i + *implicit as usize) as u32;
                        if !matches!(td, TypeData::Ptr { .. }) {
                            return self
                                .err_at(at, ParseErrorKind::Invalid("blockaddress needs a pointer type".into()));
                        }
                        Ok(self.m.konst(ty, ConstKind::BlockAddress { func: f, block }))
                    }
                    "dso_local_equivalent" | "no_cfi" => {
                        let g = self.global_ref()?;
                        let kind = if w == "dso_local_equivalent" { 0 } else { 1 };
                        Ok(self.m.konst(ty, ConstKind::Wrapped { kind, target: g }))
                    }
                    "ptrauth" => {
                        self.punct('(')?;
                        let ptr = self.typed_const()?;
                        self.punct(',')?;
                        let key = self.typed_const()?;
                        self.punct(',')?;
                        let disc = self.typed_const()?;
                        self.punct(',')?;
                        let addr_disc = self.typed_const()?;
                        self.punct(')')?;
                        Ok(self.m.konst(ty, ConstKind::PtrAuth { ptr, key, disc, addr_disc }))
                    }
                    "getelementptr" => {
                        let flags = self.gep_flags();
                        self.punct('(')?;
                        let src = self.ty()?;
                        let mut ops = Vec::new();
                        while self.eat_punct(',') {
                            ops.push(self.typed_const()?);
                        }
                        self.punct(')')?;
                        if ops.is_empty() {
                            return self.err_at(at, ParseErrorKind::Invalid("getelementptr needs a base".into()));
                        }
                        let props = Box::new([ConstProp::Type(src), ConstProp::Num(flags as u64), ConstProp::Num(0)]);
                        Ok(self
                            .m
                            .konst(ty, ConstKind::Expr { opcode: Opcode::Gep as u32, operands: ops.into(), props }))
                    }
                    _ => {
                        if let Some(op) = CastOp::ALL.into_iter().find(|c| c.keyword() == w) {
                            self.punct('(')?;
                            let v = self.typed_const()?;
                            self.kw("to")?;
                            let t2 = self.ty()?;
                            self.punct(')')?;
                            if t2 != ty {
                                return self.err_at(at, ParseErrorKind::Invalid("cast result type mismatch".into()));
                            }
                            return Ok(self.m.konst(
                                ty,
                                ConstKind::Expr {
                                    opcode: Opcode::of_cast(op) as u32,
                                    operands: Box::new([v]),
                                    props: Box::new([]),
                                },
                            ));
                        }
                        if let Some(op) = [BinOp::Add, BinOp::Sub, BinOp::Xor].into_iter().find(|b| b.keyword() == w) {
                            let flags = self.bin_flags(op);
                            if flags & !op.allowed_flags() != 0 {
                                return self.invalid(format!("flag not allowed on `{}`", op.keyword()));
                            }
                            self.punct('(')?;
                            let a = self.typed_const()?;
                            self.punct(',')?;
                            let b = self.typed_const()?;
                            self.punct(')')?;
                            return Ok(self.m.konst(
                                ty,
                                ConstKind::Expr {
                                    opcode: Opcode::of_bin(op) as u32,
                                    operands: Box::new([a, b]),
                                    props: Box::new([ConstProp::Num(flags as u64)]),
                                },
                            ));
                        }
                        self.err_at(
                            at,
                            ParseErrorKind::Expected { expected: "a constant".into(), found: format!("`{w}`") },
                        )
                    }
                }
            }
            Tok::Global(_) => {
                let g = self.global_ref()?;
                if !matches!(td, TypeData::Ptr { .. }) {
                    return self.err_at(at, ParseErrorKind::Invalid("a global address needs a pointer type".into()));
                }
                Ok(self.m.konst(ty, ConstKind::Global(g)))
            }
            Tok::Punct('[') => {
                self.next();
                let e = self.elems(']')?;
                self.check_elems(at, ty, &e)?;
                Ok(self.m.konst(ty, ConstKind::Array(e.into())))
            }
            Tok::CStr(bytes) => {
                self.next();
                let i8t = self.m.int(8);
                match td {
                    TypeData::Array { len, elem } if elem == i8t && len == bytes.len() as u64 => {
                        Ok(self.m.konst(ty, ConstKind::DataArray(bytes.into())))
                    }
                    _ => self.err_at(at, ParseErrorKind::Invalid("c-string does not match its [N x i8] type".into())),
                }
            }
            Tok::Punct('{') => {
                self.next();
                let e = self.elems('}')?;
                if matches!(td, TypeData::Struct { packed: true, .. }) {
                    return self.err_at(at, ParseErrorKind::Invalid("packed struct constants use `<{ }>`".into()));
                }
                self.check_elems(at, ty, &e)?;
                Ok(self.m.konst(ty, ConstKind::Struct(e.into())))
            }
            Tok::Punct('<') => {
                self.next();
                if self.eat_punct('{') {
                    let e = self.elems('}')?;
                    self.punct('>')?;
                    if !matches!(td, TypeData::Struct { packed: true, .. }) {
                        return self.err_at(at, ParseErrorKind::Invalid("`<{ }>` needs a packed struct type".into()));
                    }
                    self.check_elems(at, ty, &e)?;
                    Ok(self.m.konst(ty, ConstKind::Struct(e.into())))
                } else {
                    let e = self.elems('>')?;
                    self.check_elems(at, ty, &e)?;
                    Ok(self.m.konst(ty, ConstKind::Vector(e.into())))
                }
            }
            _ => self.expected("a constant"),
        }
    }

    fn float_const(&mut self, ty: TypeId, s: &str) -> R<ConstId> {
        let Ok(v) = s.parse::<f64>() else { return self.invalid(format!("bad float `{s}`")) };
        let bits = match self.m.type_data(ty) {
            TypeData::Float { bits: 32, .. } => (v as f32).to_bits() as u64,
            _ => v.to_bits(),
        };
        Ok(self.m.konst(ty, ConstKind::Float(Box::new([bits]))))
    }

    fn global_ref(&mut self) -> R<GlobalRef> {
        match self.tok().clone() {
            Tok::Global(n) => {
                if let Some(f) = self.funcs.get(&n).copied() {
                    self.next();
                    Ok(GlobalRef::Func(f))
                } else if let Some(g) = self.globals.get(&n).copied() {
                    self.next();
                    Ok(GlobalRef::Other(g))
                } else {
                    self.err(ParseErrorKind::Undefined(format!("@{n}")))
                }
            }
            _ => self.expected("a global name"),
        }
    }

    // ----------------------------------------------------------------- attributes

    fn attr(&mut self) -> R<Option<Attr>> {
        match self.tok().clone() {
            Tok::Ident(w) => {
                if let Some(k) = attr::FLAGS.iter().find(|p| p.1 == w).map(|p| p.0) {
                    self.next();
                    return Ok(Some(Attr::Flag(k)));
                }
                if let Some(k) = attr::TYPES.iter().find(|p| p.1 == w).map(|p| p.0) {
                    self.next();
                    if self.eat_punct('(') {
                        let t = self.ty()?;
                        self.punct(')')?;
                        return Ok(Some(Attr::Type(k, Some(t))));
                    }
                    return Ok(Some(Attr::Type(k, None)));
                }
                match w.as_str() {
                    "dereferenceable" => {
                        self.next();
                        self.punct('(')?;
                        let n = self.u64_lit()?;
                        self.punct(')')?;
                        Ok(Some(Attr::Int(attr::DEREFERENCEABLE, n)))
                    }
                    _ => Ok(None),
                }
            }
            Tok::Str(k) => {
                self.next();
                let v = if self.eat_punct('=') {
                    match self.next() {
                        Tok::Str(v) => v,
                        _ => {
                            self.pos = self.pos.saturating_sub(1);
                            return self.expected("a string value");
                        }
                    }
                } else {
                    Vec::new()
                };
                Ok(Some(Attr::Str(k.into(), v.into())))
            }
            _ => Ok(None),
        }
    }

    /// Attributes of a parameter or return value (`align N` included).
    fn value_attrs(&mut self) -> R<Vec<Attr>> {
        let mut v = Vec::new();
        loop {
            if self.is_kw("align") {
                self.next();
                let n = self.u64_lit()?;
                v.push(Attr::Int(attr::ALIGN, n));
                continue;
            }
            match self.attr()? {
                Some(a) => v.push(a),
                None => return Ok(v),
            }
        }
    }

    /// Function attributes (no `align`: that is the function's alignment).
    fn fn_attrs(&mut self) -> R<Vec<Attr>> {
        let mut v = Vec::new();
        while let Some(a) = self.attr()? {
            v.push(a);
        }
        Ok(v)
    }

    fn linkage(&mut self) -> Option<LinkageKind> {
        let l = LinkageKind::ALL.into_iter().find(|l| self.is_kw(l.keyword()))?;
        self.next();
        Some(l)
    }

    fn call_conv(&mut self) -> R<u32> {
        for c in [cc::C, cc::FAST, cc::COLD, cc::SWIFT_TAIL, cc::KERNEL] {
            if let Some(k) = cc::keyword(c) {
                if self.eat_kw(k) {
                    return Ok(c);
                }
            }
        }
        if self.eat_kw("cc") {
            let n = self.u64_lit()?;
            return match u32::try_from(n) {
                Ok(n) if n < 1024 => Ok(n),
                _ => self.invalid("calling convention number too large"),
            };
        }
        Ok(cc::C)
    }

    // ----------------------------------------------------------------- items

    fn func_header(&mut self, f: FuncId, define: bool) -> R<()> {
        let linkage = self.linkage().unwrap_or(LinkageKind::External);
        let conv = self.call_conv()?;
        let ret_attrs = self.value_attrs()?;
        let ret = self.ty()?;
        match self.next() {
            Tok::Global(_) => {}
            _ => {
                self.pos = self.pos.saturating_sub(1);
                return self.expected("the function name");
            }
        }
        self.punct('(')?;
        let mut params = Vec::new();
        let mut pattrs = Vec::new();
        let mut names = Vec::new();
        let mut keys = Vec::new();
        let mut vararg = false;
        let mut seen = std::collections::HashSet::new();
        if !self.eat_punct(')') {
            loop {
                if *self.tok() == Tok::Ellipsis {
                    self.next();
                    vararg = true;
                    self.punct(')')?;
                    break;
                }
                let t = self.ty()?;
                if !self.first_class_sized(t) && !matches!(self.m.type_data(t), TypeData::Metadata) {
                    return self.invalid("parameters must have a sized type (or metadata)");
                }
                params.push(t);
                pattrs.push(self.value_attrs()?.into_boxed_slice());
                let name = match self.tok().clone() {
                    Tok::Local(n, num) => {
                        self.next();
                        if !seen.insert(key_of(&n, num)) {
                            return self.err(ParseErrorKind::Duplicate(format!("%{n}")));
                        }
                        keys.push(Some(key_of(&n, num)));
                        if num {
                            None
                        } else {
                            Some(n)
                        }
                    }
                    _ => {
                        keys.push(None);
                        None
                    }
                };
                names.push(name);
                if self.eat_punct(')') {
                    break;
                }
                self.punct(',')?;
            }
        }
        let unnamed_addr = self.eat_kw("unnamed_addr");
        let fattrs = self.fn_attrs()?;
        let mut section = None;
        let mut align = None;
        let mut gc = None;
        loop {
            if self.eat_kw("section") {
                section = Some(self.string_lit()?);
            } else if self.eat_kw("align") {
                align = Some(self.u64_lit()?);
            } else if self.eat_kw("gc") {
                gc = Some(self.string_lit()?);
            } else {
                break;
            }
        }
        self.param_keys.insert(f, keys);
        let ty = self.m.func_ty(ret, &params, vararg);
        let attrs = self.m.attr_list(AttrList { func: fattrs.into(), ret: ret_attrs.into(), params: pattrs.into() });
        let kind = if define { FuncKind::Definition(Default::default()) } else { FuncKind::Declaration };
        let func = &mut self.m.funcs[f.index()];
        func.linkage = linkage;
        func.cc = conv;
        func.ty = ty;
        func.attrs = attrs;
        func.param_names = names;
        func.unnamed_addr = unnamed_addr;
        func.section = section;
        func.align = align;
        func.gc = gc;
        func.kind = kind;
        Ok(())
    }

    fn alias(&mut self, name: &str) -> R<()> {
        let linkage = self.linkage().unwrap_or(LinkageKind::External);
        let unnamed_addr = self.eat_kw("unnamed_addr");
        self.kw("alias")?;
        let explicit = if self.is_kw("ptr") && matches!(self.tok_at(self.pos + 1), Tok::Global(_)) {
            None
        } else {
            let t = self.ty()?;
            if !matches!(self.m.type_data(t), TypeData::Func { .. }) {
                return self.invalid("an alias's type must be a function type");
            }
            self.punct(',')?;
            Some(t)
        };
        self.kw("ptr")?;
        let target = match self.global_ref()? {
            GlobalRef::Func(f) => f,
            GlobalRef::Other(_) => return self.invalid("an alias must name a function"),
        };
        let f = self.funcs[name];
        let ty = explicit.unwrap_or(self.m.funcs[target.index()].ty);
        let nparams = self.m.fn_sig(ty).1.len();
        let func = &mut self.m.funcs[f.index()];
        func.linkage = linkage;
        func.unnamed_addr = unnamed_addr;
        func.ty = ty;
        func.param_names = vec![None; nparams];
        func.kind = FuncKind::Alias(target);
        Ok(())
    }

    fn global(&mut self, name: &str) -> R<()> {
        let linkage = self.linkage();
        let unnamed_addr = self.eat_kw("unnamed_addr");
        let constant = if self.eat_kw("constant") {
            true
        } else {
            self.kw("global")?;
            false
        };
        let ty = self.ty()?;
        if !self.first_class_sized(ty) {
            return self.invalid("a global needs a sized type");
        }
        let decl = matches!(linkage, Some(LinkageKind::External | LinkageKind::ExternWeak));
        let init = if decl { None } else { Some(self.constant(ty)?) };
        let mut section = None;
        let mut align = None;
        while self.eat_punct(',') {
            if self.eat_kw("section") {
                section = Some(self.string_lit()?);
            } else if self.eat_kw("align") {
                align = Some(self.u64_lit()?);
            } else {
                return self.expected("`section` or `align`");
            }
        }
        let g = self.globals[name];
        let gv = &mut self.m.globals[g.index()];
        gv.linkage = linkage.unwrap_or(LinkageKind::External);
        gv.unnamed_addr = unnamed_addr;
        gv.constant = constant;
        gv.ty = ty;
        gv.init = init;
        gv.section = section;
        gv.align = align;
        Ok(())
    }

    // ----------------------------------------------------------------- bodies

    fn body(&mut self, f: FuncId) -> R<()> {
        let (labels, implicit) = self.labels.get(&f).cloned().unwrap_or_default();
        let keys = self.param_keys.get(&f).cloned().unwrap_or_default();
        let mut cx = FuncCtx { func: f, locals: HashMap::new(), blocks: HashMap::new(), fixups: Vec::new() };
        for (i, k) in keys.into_iter().enumerate() {
            if let Some(k) = k {
                cx.locals.insert(k, Local::Arg(i as u32));
            }
        }
        let mut m = std::mem::take(&mut self.m);
        let r = self.body_with(&mut m, &mut cx, &labels, implicit);
        self.m = m;
        r
    }

    fn body_with(&mut self, m: &mut MockModule, cx: &mut FuncCtx, labels: &[Key], implicit: bool) -> R<()> {
        let mut b = FunctionBuilder::new(m, cx.func);
        if implicit {
            b.block(None);
        }
        for k in labels {
            let (name, _) = match k {
                Key::Named(s) => (Some(s.as_str()), false),
                Key::Num(_) => (None, true),
            };
            let id = b.block(name);
            if cx.blocks.insert(k.clone(), id).is_some() {
                return self.err(ParseErrorKind::Duplicate("block label".into()));
            }
            if matches!(k, Key::Named(_)) && cx.locals.contains_key(k) {
                return self.err(ParseErrorKind::Duplicate("name used for a block and a value".into()));
            }
        }
        if b.num_blocks() == 0 {
            return self.invalid("a function body needs at least one block");
        }
        let mut cur: Option<BlockId> = None;
        if implicit {
            cur = Some(BlockId(0));
            b.switch_to(BlockId(0));
        }
        let mut label_i = 0usize;
        loop {
            match self.tok().clone() {
                Tok::Punct('}') => {
                    self.next();
                    break;
                }
                Tok::Label(..) => {
                    self.next();
                    let id = BlockId::new(label_i + implicit as usize);
                    label_i += 1;
                    cur = Some(id);
                    b.switch_to(id);
                }
                Tok::Eof => return self.expected("`}`"),
                _ => {
                    if cur.is_none() {
                        return self.expected("a label");
                    }
                    self.instruction(&mut b, cx)?;
                }
            }
        }
        // forward references
        for (inst, k, key, ty, at) in std::mem::take(&mut cx.fixups) {
            match cx.locals.get(&key) {
                Some(l) => {
                    let v = match l {
                        Local::Arg(i) => Value::Arg(*i),
                        Local::Inst(u) => u.value,
                    };
                    b.set_arg(inst, k, Use { value: v, ty });
                }
                None => {
                    let n = match key {
                        Key::Named(s) | Key::Num(s) => s,
                    };
                    return self.err_at(at, ParseErrorKind::Undefined(format!("value %{n}")));
                }
            }
        }
        b.finish();
        Ok(())
    }

    /// An operand of type `ty`: a local (maybe a forward reference) or a constant.
    /// Returns the use and, for forward references, the key to patch later.
    fn value(&mut self, b: &mut FunctionBuilder<'_>, cx: &FuncCtx, ty: TypeId) -> R<(Use, Option<(Key, usize)>)> {
        let at = self.pos;
        match self.tok().clone() {
            Tok::Local(n, num) => {
                self.next();
                let key = key_of(&n, num);
                match cx.locals.get(&key) {
                    Some(Local::Arg(i)) => Ok((Use { value: Value::Arg(*i), ty }, None)),
                    Some(Local::Inst(u)) => Ok((Use { value: u.value, ty }, None)),
                    None => Ok((Use { value: Value::Arg(u32::MAX), ty }, Some((key, at)))),
                }
            }
            _ => {
                std::mem::swap(&mut self.m, b.m);
                let r = self.constant(ty);
                std::mem::swap(&mut self.m, b.m);
                let c = r?;
                Ok((Use { value: Value::Const(c), ty }, None))
            }
        }
    }

    fn block_ref(&mut self, cx: &FuncCtx) -> R<BlockId> {
        match self.tok().clone() {
            Tok::Local(n, num) => match cx.blocks.get(&key_of(&n, num)) {
                Some(b) => {
                    self.next();
                    Ok(*b)
                }
                None => self.err(ParseErrorKind::Undefined(format!("block %{n}"))),
            },
            _ => self.expected("a block"),
        }
    }

    fn label_use(&mut self, b: &mut FunctionBuilder<'_>, cx: &FuncCtx) -> R<Use> {
        self.kw("label")?;
        let blk = self.block_ref(cx)?;
        Ok(b.block_use(blk))
    }

    /// Runs `f` with the module swapped into `self.m` (for type/constant parsing).
    fn with_m<T>(&mut self, b: &mut FunctionBuilder<'_>, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        std::mem::swap(&mut self.m, b.m);
        let r = f(self);
        std::mem::swap(&mut self.m, b.m);
        r
    }

    fn bty(&mut self, b: &mut FunctionBuilder<'_>) -> R<TypeId> {
        self.with_m(b, |p| p.ty())
    }

    fn typed_value(&mut self, b: &mut FunctionBuilder<'_>, cx: &FuncCtx) -> R<(Use, Option<(Key, usize)>)> {
        let t = self.bty(b)?;
        self.value(b, cx, t)
    }

    fn gep_flags(&mut self) -> u8 {
        let mut f = 0;
        loop {
            if self.eat_kw("inbounds") {
                f |= GEP_INBOUNDS | GEP_NUSW;
            } else if self.eat_kw("nusw") {
                f |= GEP_NUSW;
            } else if self.eat_kw("nuw") {
                f |= GEP_NUW;
            } else {
                return f;
            }
        }
    }

    fn bin_flags(&mut self, op: BinOp) -> u8 {
        let mut f = 0;
        loop {
            if self.eat_kw("nuw") {
                f |= FLAG_NUW;
            } else if self.eat_kw("nsw") {
                f |= FLAG_NSW;
            } else if self.eat_kw("exact") {
                f |= FLAG_EXACT;
            } else {
                let _ = op;
                return f;
            }
        }
    }

    fn ordering(&mut self) -> R<AtomicOrdering> {
        match AtomicOrdering::ATOMIC.into_iter().find(|o| self.is_kw(o.keyword())) {
            Some(o) => {
                self.next();
                Ok(o)
            }
            None => self.expected("an atomic ordering"),
        }
    }

    fn opt_align(&mut self) -> R<Option<u64>> {
        if self.is_punct(',') && matches!(self.tok_at(self.pos + 1), Tok::Ident(w) if w == "align") {
            self.next();
            self.next();
            return Ok(Some(self.u64_lit()?));
        }
        Ok(None)
    }

    fn instruction(&mut self, b: &mut FunctionBuilder<'_>, cx: &mut FuncCtx) -> R<()> {
        let start = self.pos;
        let name = match self.tok().clone() {
            Tok::Local(n, num) => {
                self.next();
                self.punct('=')?;
                let key = key_of(&n, num);
                if cx.locals.contains_key(&key) || cx.blocks.contains_key(&key) {
                    return self.err_at(start, ParseErrorKind::Duplicate(format!("%{n}")));
                }
                Some((key, if num { None } else { Some(n) }))
            }
            _ => None,
        };
        let mut pending: Vec<(usize, Key, TypeId, usize)> = Vec::new();
        let take = |u: (Use, Option<(Key, usize)>), k: usize, pending: &mut Vec<(usize, Key, TypeId, usize)>| {
            if let Some((key, at)) = u.1 {
                pending.push((k, key, u.0.ty, at));
            }
            u.0
        };
        let op_at = self.pos;
        let Tok::Ident(opname) = self.next() else {
            self.pos = op_at;
            return self.expected("an instruction");
        };
        let void = b.m.void();
        let (op, ty, args): (Op, TypeId, Vec<Use>) = match opname.as_str() {
            w if BinOp::ALL.iter().any(|o| o.keyword() == w) => {
                let Some(bop) = BinOp::ALL.into_iter().find(|o| o.keyword() == w) else { return self.invalid("?") };
                let flags = self.bin_flags(bop);
                if flags & !bop.allowed_flags() != 0 {
                    return self.invalid(format!("flag not allowed on `{}`", bop.keyword()));
                }
                let t = self.bty(b)?;
                let x = self.value(b, cx, t)?;
                let x = take(x, 0, &mut pending);
                self.punct(',')?;
                let y = self.value(b, cx, t)?;
                let y = take(y, 1, &mut pending);
                (Op::Bin { op: bop, flags }, t, vec![x, y])
            }
            "icmp" => {
                let Some(p) = IntPred::ALL.into_iter().find(|p| self.is_kw(p.keyword())) else {
                    return self.expected("a predicate");
                };
                self.next();
                let t = self.bty(b)?;
                let x = self.value(b, cx, t)?;
                let x = take(x, 0, &mut pending);
                self.punct(',')?;
                let y = self.value(b, cx, t)?;
                let y = take(y, 1, &mut pending);
                let i1 = b.m.int(1);
                let rt = match b.m.type_data(t).clone() {
                    TypeData::Vector { len, .. } => b.m.vector_ty(len, i1),
                    _ => i1,
                };
                (Op::ICmp(p), rt, vec![x, y])
            }
            "select" => {
                let c = self.typed_value(b, cx)?;
                let c = take(c, 0, &mut pending);
                self.punct(',')?;
                let x = self.typed_value(b, cx)?;
                let x = take(x, 1, &mut pending);
                self.punct(',')?;
                let y = self.typed_value(b, cx)?;
                let y = take(y, 2, &mut pending);
                (Op::Select, x.ty, vec![c, x, y])
            }
            w if CastOp::ALL.iter().any(|c| c.keyword() == w) => {
                let Some(cop) = CastOp::ALL.into_iter().find(|c| c.keyword() == w) else { return self.invalid("?") };
                let v = self.typed_value(b, cx)?;
                let v = take(v, 0, &mut pending);
                self.kw("to")?;
                let t = self.bty(b)?;
                (Op::Cast(cop), t, vec![v])
            }
            "alloca" => {
                let t = self.bty(b)?;
                if !self.with_m(b, |p| Ok(p.first_class_sized(t)))? {
                    return self.invalid("alloca needs a sized type");
                }
                let count = if self.is_punct(',') && !matches!(self.tok_at(self.pos + 1), Tok::Ident(w) if w == "align")
                {
                    self.next();
                    let v = self.typed_value(b, cx)?;
                    take(v, 0, &mut pending)
                } else {
                    let i32t = b.m.int(32);
                    b.const_int(i32t, 1)
                };
                let align = self.opt_align()?;
                let p = b.m.ptr(0);
                (Op::Alloca { ty: t, align }, p, vec![count])
            }
            "load" => {
                let atomic = self.eat_kw("atomic");
                let volatile = self.eat_kw("volatile");
                let t = self.bty(b)?;
                self.punct(',')?;
                let p = self.typed_value(b, cx)?;
                let p = take(p, 0, &mut pending);
                let ordering = if atomic { self.ordering()? } else { AtomicOrdering::NotAtomic };
                let align = self.opt_align()?;
                let mut md: Vec<(u32, MetaId)> = Vec::new();
                while self.eat_punct(',') {
                    let k = self.md_kind()?;
                    let node = self.meta_ref()?;
                    if md.iter().any(|x| x.0 == k) {
                        return self.invalid("metadata kind attached twice");
                    }
                    md.push((k, node));
                }
                md.sort_by_key(|x| x.0);
                (Op::Load { volatile, align, ordering, md }, t, vec![p])
            }
            "store" => {
                let atomic = self.eat_kw("atomic");
                let volatile = self.eat_kw("volatile");
                let v = self.typed_value(b, cx)?;
                let v = take(v, 0, &mut pending);
                self.punct(',')?;
                let p = self.typed_value(b, cx)?;
                let p = take(p, 1, &mut pending);
                let ordering = if atomic { self.ordering()? } else { AtomicOrdering::NotAtomic };
                let align = self.opt_align()?;
                (Op::Store { volatile, align, ordering }, void, vec![v, p])
            }
            "getelementptr" => {
                let flags = self.gep_flags();
                let src = self.bty(b)?;
                self.punct(',')?;
                let base = self.typed_value(b, cx)?;
                let mut args = vec![take(base, 0, &mut pending)];
                while self.eat_punct(',') {
                    let i = self.typed_value(b, cx)?;
                    let k = args.len();
                    args.push(take(i, k, &mut pending));
                }
                let mut ty = args[0].ty;
                if !matches!(b.m.type_data(ty), TypeData::Vector { .. }) {
                    if let Some(len) = args[1..].iter().find_map(|u| match b.m.type_data(u.ty) {
                        TypeData::Vector { len, .. } => Some(*len),
                        _ => None,
                    }) {
                        ty = b.m.vector_ty(len, ty);
                    }
                }
                (Op::Gep { source: src, flags }, ty, args)
            }
            "extractvalue" => {
                let a = self.typed_value(b, cx)?;
                let a = take(a, 0, &mut pending);
                let idx = self.indices()?;
                let Some(t) = aggregate_elem(b.m, a.ty, &idx) else {
                    return self.err_at(op_at, ParseErrorKind::Invalid("invalid extractvalue indices".into()));
                };
                (Op::ExtractValue(idx), t, vec![a])
            }
            "insertvalue" => {
                let a = self.typed_value(b, cx)?;
                let a = take(a, 0, &mut pending);
                self.punct(',')?;
                let v = self.typed_value(b, cx)?;
                let v = take(v, 1, &mut pending);
                let idx = self.indices()?;
                if aggregate_elem(b.m, a.ty, &idx).is_none() {
                    return self.err_at(op_at, ParseErrorKind::Invalid("invalid insertvalue indices".into()));
                }
                (Op::InsertValue(idx), a.ty, vec![a, v])
            }
            "phi" => {
                let t = self.bty(b)?;
                let mut blocks = Vec::new();
                let mut args = Vec::new();
                loop {
                    self.punct('[')?;
                    let v = self.value(b, cx, t)?;
                    let k = args.len();
                    args.push(take(v, k, &mut pending));
                    self.punct(',')?;
                    blocks.push(self.block_ref(cx)?);
                    self.punct(']')?;
                    if !self.eat_punct(',') {
                        break;
                    }
                }
                (Op::Phi(blocks), t, args)
            }
            "br" => {
                if self.is_kw("label") {
                    let d = self.label_use(b, cx)?;
                    (Op::Br, void, vec![d])
                } else {
                    let c = self.typed_value(b, cx)?;
                    let c = take(c, 0, &mut pending);
                    self.punct(',')?;
                    let t = self.label_use(b, cx)?;
                    self.punct(',')?;
                    let f = self.label_use(b, cx)?;
                    (Op::CondBr, void, vec![c, t, f])
                }
            }
            "switch" => {
                let v = self.typed_value(b, cx)?;
                let v = take(v, 0, &mut pending);
                self.punct(',')?;
                let d = self.label_use(b, cx)?;
                self.punct('[')?;
                let mut cases = Vec::new();
                let mut args = vec![v, d];
                while !self.eat_punct(']') {
                    let c = self.with_m(b, |p| p.typed_const())?;
                    if cases.contains(&c) {
                        return self.invalid("duplicate case value");
                    }
                    self.punct(',')?;
                    args.push(self.label_use(b, cx)?);
                    cases.push(c);
                }
                (Op::Switch(cases), void, args)
            }
            "ret" => {
                if self.eat_kw("void") {
                    (Op::Ret, void, vec![])
                } else {
                    let v = self.typed_value(b, cx)?;
                    (Op::Ret, void, vec![take(v, 0, &mut pending)])
                }
            }
            "unreachable" => (Op::Unreachable, void, vec![]),
            "tail" | "musttail" | "notail" | "call" => {
                let tail = match opname.as_str() {
                    "tail" => TailKind::Tail,
                    "musttail" => TailKind::MustTail,
                    "notail" => TailKind::NoTail,
                    _ => TailKind::None,
                };
                if tail != TailKind::None {
                    self.kw("call")?;
                }
                self.call(b, cx, tail, &mut pending)?
            }
            "fence" => {
                let ordering = self.ordering()?;
                (Op::Fence { ordering }, void, vec![])
            }
            "atomicrmw" => {
                let volatile = self.eat_kw("volatile");
                let Some(rop) = RmwOp::ALL.into_iter().find(|o| self.is_kw(o.keyword())) else {
                    return self.expected("an atomicrmw operation");
                };
                self.next();
                let p = self.typed_value(b, cx)?;
                let p = take(p, 0, &mut pending);
                self.punct(',')?;
                let v = self.typed_value(b, cx)?;
                let v = take(v, 1, &mut pending);
                let ordering = self.ordering()?;
                (Op::AtomicRmw { op: rop, volatile, ordering }, v.ty, vec![p, v])
            }
            "cmpxchg" => {
                let weak = self.eat_kw("weak");
                let volatile = self.eat_kw("volatile");
                let p = self.typed_value(b, cx)?;
                let p = take(p, 0, &mut pending);
                self.punct(',')?;
                let c = self.typed_value(b, cx)?;
                let c = take(c, 1, &mut pending);
                self.punct(',')?;
                let n = self.typed_value(b, cx)?;
                let n = take(n, 2, &mut pending);
                let success = self.ordering()?;
                let failure = self.ordering()?;
                let i1 = b.m.int(1);
                let rt = b.m.struct_ty(&[c.ty, i1], false);
                (Op::CmpXchg { weak, volatile, success, failure }, rt, vec![p, c, n])
            }
            _ => {
                self.pos = op_at;
                return self.expected("an instruction");
            }
        };
        if name.is_some() && ty == void {
            return self.err_at(start, ParseErrorKind::Invalid("a void instruction cannot be named".into()));
        }
        let nm = name.as_ref().and_then(|n| n.1.clone());
        let u = b.push(nm.as_deref(), op, ty, args);
        if let Some((key, _)) = name {
            cx.locals.insert(key, Local::Inst(u));
        }
        for (k, key, t, at) in pending {
            cx.fixups.push((u, k, key, t, at));
        }
        Ok(())
    }

    fn md_kind(&mut self) -> R<u32> {
        match self.tok().clone() {
            Tok::MetaName(w) => match mdkind::by_name(&w) {
                Some(k) => {
                    self.next();
                    Ok(k)
                }
                None => self.invalid(format!("unknown metadata kind `{w}`")),
            },
            _ => self.expected("a metadata kind"),
        }
    }

    fn indices(&mut self) -> R<Vec<u32>> {
        let mut v = Vec::new();
        while self.eat_punct(',') {
            let n = self.u64_lit()?;
            match u32::try_from(n) {
                Ok(n) => v.push(n),
                Err(_) => return self.invalid("index too large"),
            }
        }
        if v.is_empty() {
            return self.expected("an index");
        }
        Ok(v)
    }

    #[allow(clippy::type_complexity)]
    fn call(
        &mut self,
        b: &mut FunctionBuilder<'_>,
        cx: &FuncCtx,
        tail: TailKind,
        pending: &mut Vec<(usize, Key, TypeId, usize)>,
    ) -> R<(Op, TypeId, Vec<Use>)> {
        let conv = self.call_conv()?;
        let ret_attrs = self.with_m(b, |p| p.value_attrs())?;
        let t = self.bty(b)?;
        let explicit = if matches!(b.m.type_data(t), TypeData::Func { .. }) { Some(t) } else { None };
        let ret = match explicit {
            Some(ft) => b.m.fn_sig(ft).0,
            None => t,
        };
        let p = b.m.ptr(0);
        let callee = if self.eat_kw("asm") {
            let mut flags = 0;
            loop {
                if self.eat_kw("sideeffect") {
                    flags |= ASM_SIDEEFFECT;
                } else if self.eat_kw("alignstack") {
                    flags |= ASM_ALIGNSTACK;
                } else {
                    break;
                }
            }
            let text = match self.next() {
                Tok::Str(s) => s,
                _ => {
                    self.pos = self.pos.saturating_sub(1);
                    return self.expected("the asm text");
                }
            };
            self.punct(',')?;
            let cons = match self.next() {
                Tok::Str(s) => s,
                _ => {
                    self.pos = self.pos.saturating_sub(1);
                    return self.expected("the asm constraints");
                }
            };
            (Use { value: Value::Asm(mergefunc::AsmId(u32::MAX)), ty: p }, Some((text, cons, flags)))
        } else {
            let v = self.value(b, cx, p)?;
            if let Some((key, at)) = v.1 {
                pending.push((0, key, p, at));
            }
            (v.0, None)
        };
        self.punct('(')?;
        let mut args = vec![callee.0];
        let mut arg_types = Vec::new();
        let mut pattrs = Vec::new();
        if !self.eat_punct(')') {
            loop {
                let at = self.bty(b)?;
                if matches!(b.m.type_data(at), TypeData::Metadata) {
                    let md = self.with_m(b, |p| p.meta_operand())?;
                    args.push(b.meta_use(md));
                    pattrs.push(Box::default());
                } else {
                    pattrs.push(self.with_m(b, |p| p.value_attrs())?.into_boxed_slice());
                    let v = self.value(b, cx, at)?;
                    let k = args.len();
                    if let Some((key, pos)) = v.1 {
                        pending.push((k, key, at, pos));
                    }
                    args.push(v.0);
                }
                arg_types.push(at);
                if self.eat_punct(')') {
                    break;
                }
                self.punct(',')?;
            }
        }
        let fattrs = self.with_m(b, |p| p.fn_attrs())?;
        let mut range = None;
        if self.is_punct(',') {
            self.next();
            let k = self.md_kind()?;
            if k != mdkind::RANGE {
                return self.invalid("calls only carry `!range`");
            }
            range = Some(self.meta_ref()?);
        }
        let fn_ty = match explicit {
            Some(ft) => ft,
            None => b.m.func_ty(ret, &arg_types, false),
        };
        if let Some((text, cons, flags)) = callee.1 {
            let a = b.m.asm(AsmData { ty: fn_ty, text: text.into(), constraints: cons.into(), flags });
            args[0] = Use { value: Value::Asm(a), ty: p };
        }
        let attrs = b.m.attr_list(AttrList { func: fattrs.into(), ret: ret_attrs.into(), params: pattrs.into() });
        Ok((Op::Call { fn_ty, cc: conv, attrs, tail, range }, ret, args))
    }

    /// A metadata call argument: `!N`, `!"str"`, or a typed constant.
    fn meta_operand(&mut self) -> R<MetaId> {
        match self.tok().clone() {
            Tok::MetaRef(_) => self.meta_ref(),
            Tok::MetaStr(s) => {
                self.next();
                Ok(self.m.meta(MetaData::String(s.into())))
            }
            _ => {
                let c = self.typed_const()?;
                Ok(self.m.meta(MetaData::Const(c)))
            }
        }
    }
}

/// The type reached by `extractvalue`-style indices into `t`.
pub fn aggregate_elem(m: &MockModule, mut t: TypeId, idx: &[u32]) -> Option<TypeId> {
    for &i in idx {
        t = match m.type_data(t) {
            TypeData::Struct { fields, .. } => *fields.get(i as usize)?,
            TypeData::Array { len, elem } if (i as u64) < *len => *elem,
            _ => return None,
        };
    }
    Some(t)
}
