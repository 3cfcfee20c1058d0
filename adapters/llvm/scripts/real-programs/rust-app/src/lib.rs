//! A Rust program built to be merged: generic code instantiated over many types (many
//! monomorphized copies alike or nearly alike), trait objects, panics that unwind through
//! several frames and are caught, and the standard collections. `main.rs` prints a
//! summary; the tests check the same functions.
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Debug;
use std::panic;

pub trait Shape: Debug {
    fn area(&self) -> u64;
    fn name(&self) -> &'static str;
    fn scaled(&self, k: u64) -> Box<dyn Shape>;
}

#[derive(Debug, Clone)]
pub struct Rect(pub u64, pub u64);
#[derive(Debug, Clone)]
pub struct Square(pub u64);
#[derive(Debug, Clone)]
pub struct Tri(pub u64, pub u64);
/// Tri's twin: its methods compile to the same code as Tri's.
#[derive(Debug, Clone)]
pub struct Tri2(pub u64, pub u64);

impl Shape for Rect {
    fn area(&self) -> u64 { self.0 * self.1 }
    fn name(&self) -> &'static str { "rect" }
    fn scaled(&self, k: u64) -> Box<dyn Shape> { Box::new(Rect(self.0 * k, self.1 * k)) }
}
impl Shape for Square {
    fn area(&self) -> u64 { self.0 * self.0 }
    fn name(&self) -> &'static str { "square" }
    fn scaled(&self, k: u64) -> Box<dyn Shape> { Box::new(Square(self.0 * k)) }
}
impl Shape for Tri {
    fn area(&self) -> u64 { self.0 * self.1 / 2 }
    fn name(&self) -> &'static str { "tri" }
    fn scaled(&self, k: u64) -> Box<dyn Shape> { Box::new(Tri(self.0 * k, self.1 * k)) }
}
impl Shape for Tri2 {
    fn area(&self) -> u64 { self.0 * self.1 / 2 }
    fn name(&self) -> &'static str { "tri2" }
    fn scaled(&self, k: u64) -> Box<dyn Shape> { Box::new(Tri2(self.0 * k, self.1 * k)) }
}

pub fn shapes(n: u64) -> Vec<Box<dyn Shape>> {
    (1..=n)
        .map(|i| -> Box<dyn Shape> {
            match i % 4 {
                0 => Box::new(Rect(i, i + 1)),
                1 => Box::new(Square(i)),
                2 => Box::new(Tri(i, 2 * i + 1)),
                _ => Box::new(Tri2(i, 2 * i + 3)),
            }
        })
        .collect()
}

pub fn area_by_name(v: &[Box<dyn Shape>]) -> BTreeMap<&'static str, u64> {
    let mut m = BTreeMap::new();
    for s in v {
        *m.entry(s.name()).or_insert(0) += s.scaled(2).area();
    }
    m
}

pub trait Num: Copy + Ord + Debug + std::hash::Hash {
    fn from_u64(x: u64) -> Self;
    fn to_u64(self) -> u64;
}
macro_rules! num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            fn from_u64(x: u64) -> Self { x as $t }
            fn to_u64(self) -> u64 { self as u64 }
        }
    )*};
}
num!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// The same generic code for every integer type: sort, dedup, a stack, a checksum.
pub fn exercise<T: Num>(n: u64, k: u64) -> u64 {
    let mut v: Vec<T> = (0..n).map(|i| T::from_u64((i * k) % 97)).collect();
    v.sort();
    let set: BTreeSet<T> = v.iter().copied().collect();
    let mut h: HashMap<T, u32> = HashMap::new();
    for x in &v {
        *h.entry(*x).or_default() += 1;
    }
    let mut acc: u64 = 0;
    for (i, x) in v.iter().enumerate() {
        acc = acc.wrapping_mul(31).wrapping_add(x.to_u64()).wrapping_add(i as u64);
    }
    let most = h.values().copied().max().unwrap_or(0) as u64;
    acc ^ (set.len() as u64) << 32 ^ most
}

#[derive(Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Add(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Div(Box<Expr>, Box<Expr>),
}

pub fn parse(s: &str) -> Result<Expr, String> {
    fn expr(b: &[u8], i: &mut usize) -> Result<Expr, String> {
        let mut l = term(b, i)?;
        while *i < b.len() && b[*i] == b'+' {
            *i += 1;
            l = Expr::Add(Box::new(l), Box::new(term(b, i)?));
        }
        Ok(l)
    }
    fn term(b: &[u8], i: &mut usize) -> Result<Expr, String> {
        let mut l = atom(b, i)?;
        while *i < b.len() && (b[*i] == b'*' || b[*i] == b'/') {
            let op = b[*i];
            *i += 1;
            let r = atom(b, i)?;
            l = if op == b'*' { Expr::Mul(Box::new(l), Box::new(r)) } else { Expr::Div(Box::new(l), Box::new(r)) };
        }
        Ok(l)
    }
    fn atom(b: &[u8], i: &mut usize) -> Result<Expr, String> {
        if *i < b.len() && b[*i] == b'(' {
            *i += 1;
            let e = expr(b, i)?;
            if *i >= b.len() || b[*i] != b')' {
                return Err(format!("expected ) at {i}"));
            }
            *i += 1;
            return Ok(e);
        }
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if start == *i {
            return Err(format!("expected a number at {start}"));
        }
        Ok(Expr::Num(std::str::from_utf8(&b[start..*i]).unwrap().parse().map_err(|e| format!("{e}"))?))
    }
    let mut i = 0;
    let e = expr(s.as_bytes(), &mut i)?;
    if i != s.len() {
        return Err(format!("trailing input at {i}"));
    }
    Ok(e)
}

/// Evaluates; division by zero panics (and the callers catch it).
pub fn eval(e: &Expr) -> i64 {
    match e {
        Expr::Num(n) => *n,
        Expr::Add(a, b) => eval(a) + eval(b),
        Expr::Mul(a, b) => eval(a) * eval(b),
        Expr::Div(a, b) => {
            let d = eval(b);
            if d == 0 {
                panic!("division by zero");
            }
            eval(a) / d
        }
    }
}

pub fn eval_caught(s: &str) -> String {
    match parse(s) {
        Err(e) => format!("parse error: {e}"),
        Ok(e) => match panic::catch_unwind(|| eval(&e)) {
            Ok(v) => v.to_string(),
            Err(p) => format!("panic: {}", p.downcast_ref::<&str>().copied().unwrap_or("?")),
        },
    }
}

pub fn words(text: &str) -> Vec<(String, usize)> {
    let mut h: HashMap<&str, usize> = HashMap::new();
    for w in text.split_whitespace() {
        *h.entry(w).or_default() += 1;
    }
    let mut v: Vec<(String, usize)> = h.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

pub fn closures() -> u64 {
    let fs: Vec<Box<dyn Fn(u64) -> u64>> = (1..=6u64).map(|k| Box::new(move |x| x * k + k) as Box<dyn Fn(u64) -> u64>).collect();
    let mut acc = 1;
    for f in &fs {
        acc = f(acc) % 1_000_003;
    }
    let mut dq: VecDeque<u64> = VecDeque::new();
    for i in 0..50 {
        if i % 2 == 1 { dq.push_front(i) } else { dq.push_back(i) }
    }
    acc * 1000 + dq.front().unwrap() * 10 + dq.back().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_sum() {
        let v = shapes(12);
        assert_eq!(v.iter().map(|s| s.area()).sum::<u64>(), 713);
        let m = area_by_name(&v);
        assert_eq!(m.len(), 4);
        assert_eq!(m.values().sum::<u64>(), 2858); // 4x the areas, less what the halving of odd products drops
    }

    #[test]
    fn generic_copies_agree_where_they_should() {
        assert_eq!(exercise::<u32>(200, 7), exercise::<u64>(200, 7));
        assert_eq!(exercise::<i32>(200, 7), exercise::<u32>(200, 7));
        assert_eq!(exercise::<usize>(150, 11), exercise::<u64>(150, 11));
        assert_eq!(exercise::<u8>(90, 3), exercise::<i8>(90, 3));
    }

    #[test]
    fn parser_and_panics() {
        assert_eq!(eval_caught("1+2*3"), "7");
        assert_eq!(eval_caught("(1+2)*3"), "9");
        assert_eq!(eval_caught("10/(5+0)"), "2");
        assert_eq!(eval_caught("4/(2*0)"), "panic: division by zero");
        assert_eq!(eval_caught("2*(3+4"), "parse error: expected ) at 6");
        assert_eq!(eval_caught("1+"), "parse error: expected a number at 2");
    }

    #[test]
    #[should_panic(expected = "division by zero")]
    fn panics_unwind_to_the_harness() {
        eval(&parse("1/0").unwrap());
    }

    #[test]
    fn word_counts() {
        let w = words("it was the best of times it was the worst of times");
        assert_eq!(w[0], ("it".to_string(), 2));
        assert_eq!(w.len(), 7);
    }

    #[test]
    fn closures_and_deques() {
        assert_eq!(closures() % 1000, 538);
    }
}
