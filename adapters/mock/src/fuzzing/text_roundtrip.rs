//! Oracle: the text format round-trips and the parser never panics.
//!
//! For a generated module `m`: `print(parse(print(m))) == print(m)`, the re-parsed
//! module is structurally equal to `m` and verifies. For arbitrary bytes: [`crate::parse()`]
//! returns (an error is fine), and whatever parses prints to text that parses again
//! to the same text.

use arbitrary::{Result, Unstructured};

use super::{generate, show, Config, TestCase};
use crate::{parse, print, structurally_equal, verify};

/// Parses `data` as text, then generates a module from the same bytes and round-trips it.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let raw = String::from_utf8_lossy(u.peek_bytes(u.len()).unwrap_or(&[])).into_owned();
    check_text(&raw);
    let tc = generate(u, &Config::DEFAULT)?;
    check_case(&tc);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

/// `parse` must not panic; a module that parses must print stably.
pub fn check_text(text: &str) {
    if let Ok(m) = parse(text) {
        let p1 = print(&m);
        let m2 = parse(&p1).unwrap_or_else(|e| panic!("printed text does not parse: {e}\n{p1}"));
        assert_eq!(p1, print(&m2), "print is not stable for\n{text}");
        let _ = verify(&m);
    }
}

/// Round-trips a generated module.
pub fn check_case(tc: &TestCase) {
    let p1 = print(&tc.module);
    let m2 = parse(&p1).unwrap_or_else(|e| panic!("printed module does not parse: {e}\n{}", show(tc)));
    let p2 = print(&m2);
    assert_eq!(p1, p2, "print(parse(print(m))) != print(m)");
    assert!(structurally_equal(&tc.module, &m2), "re-parsed module differs structurally\n{}", show(tc));
    verify(&m2).unwrap_or_else(|e| panic!("re-parsed module invalid: {e}\n{}", show(tc)));
}

#[cfg(test)]
mod tests {
    #[test]
    fn seeded() {
        super::super::run_seeded(6000, 300, super::check);
    }

    #[test]
    fn smoke() {
        arbtest::arbtest(super::check).budget_ms(300);
    }
}
