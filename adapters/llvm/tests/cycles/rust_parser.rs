use std::marker::PhantomData;
struct P<T>(PhantomData<T>);
impl<T> P<T> {
    fn expr(s: &[u8], i: &mut usize) -> i64 {
        let mut v = Self::term(s, i);
        while *i < s.len() && s[*i] == b'+' { *i += 1; v += Self::term(s, i); }
        v
    }
    fn term(s: &[u8], i: &mut usize) -> i64 {
        let mut v = Self::atom(s, i);
        while *i < s.len() && s[*i] == b'*' { *i += 1; v *= Self::atom(s, i); }
        v
    }
    fn atom(s: &[u8], i: &mut usize) -> i64 {
        if s[*i] == b'(' { *i += 1; let v = Self::expr(s, i); *i += 1; v } else { let d = (s[*i] - b'0') as i64; *i += 1; d }
    }
}
struct Json; struct Toml; struct Yaml;
fn main() {
    let mut i = 0; println!("{}", P::<Json>::expr(b"2*(3+4)", &mut i));
    let mut j = 0; println!("{}", P::<Toml>::expr(b"1+2*3", &mut j));
    let mut k = 0; println!("{}", P::<Yaml>::expr(b"(1+1)*(2+2)", &mut k));
}
