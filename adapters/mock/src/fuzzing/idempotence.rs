//! Oracle: merging a merged module again changes nothing.
//!
//! The second run may only produce [`mergefunc::FoldAction::Kept`] records (pairs that
//! were equal the first time and could be neither thunked nor aliased are found equal
//! again, and nothing is left to rewrite), and the printed module must be byte-for-byte
//! the same. Thunks written by the first run carry [`crate::ir::THUNK_ATTR`] and are not
//! candidates again; without that, two thunks of one target would be equal and a second
//! run would fold one into the other (LLVM 22 does: its pass is not idempotent).
//! One exception is kept for LLVM 22's decisions: [`second_run_is_known_exception`].

use arbitrary::{Result, Unstructured};
use mergefunc::FoldAction;

use super::{generate, show, Config, TestCase};
use crate::{print, verify, MockModule};

/// Generates a module and checks it.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let tc = generate(u, &Config::DEFAULT)?;
    check_case(&tc);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

/// Merges twice and compares.
pub fn check_case(tc: &TestCase) {
    let mut m1 = tc.module.clone();
    let r1 = mergefunc::merge_module(&mut m1, &tc.options).expect("first merge");
    verify(&m1).unwrap_or_else(|e| panic!("{e}\n{}", show(tc)));
    let p1 = print(&m1);
    let mut m2 = m1.clone();
    let r2 = mergefunc::merge_module(&mut m2, &tc.options).expect("second merge");
    let p2 = print(&m2);
    if second_run_is_known_exception(&r1, &m1, &r2, &m2) {
        return;
    }
    assert!(
        r2.merges.iter().all(|r| r.action == FoldAction::Kept) && p1 == p2,
        "second merge changed the module ({:?})\n--- first report\n{}--- second report\n{}--- after first\n{p1}\n--- after second\n{p2}\n--- input\n{}",
        tc.options,
        r1.display(&m1),
        r2.display(&m2),
        show(tc)
    );
}

/// LLVM 22's one non-idempotent decision that we keep: when the survivor of a
/// double-thunk merge calls itself, its new private body waits outside the tree for the
/// rest of the run (see the test `self_recursive_odr_triple_needs_a_second_run`), so a
/// second run may fold further class mates into that body. Accepted only if every
/// second-run merge targets a shared body the first run created. `m1` and `m2` are the
/// modules after the first and the second run.
pub fn second_run_is_known_exception(
    r1: &mergefunc::Report,
    m1: &MockModule,
    r2: &mergefunc::Report,
    m2: &MockModule,
) -> bool {
    use mergefunc::Module as _;
    let bodies: Vec<&[u8]> =
        r1.merges.iter().filter(|r| r.shared_body_of.is_some()).map(|r| m1.func_name(r.target)).collect();
    !r2.merges.is_empty()
        && r2.merges.iter().all(|r| r.action == FoldAction::Kept || bodies.contains(&m2.func_name(r.target)))
}

#[cfg(test)]
mod tests {
    /// Three equal external functions: run 1 makes `b` and `c` thunks of `a`. The two
    /// thunks are equal functions; because they are tagged as thunks, run 2 leaves them
    /// alone (LLVM 22 would fold `c` into `b`).
    #[test]
    fn thunks_of_one_target_are_not_merged_again() {
        let f = |name: &str| {
            format!("define i64 @{name}(i64 %x) {{\n  %y = mul i64 %x, 3\n  %z = add i64 %y, 1\n  ret i64 %z\n}}\n")
        };
        let src = format!("{}{}{}", f("a"), f("b"), f("c"));
        let mut m = crate::parse(&src).unwrap();
        let opts = mergefunc::Options { check_fast_path: true, ..Default::default() };
        let r1 = mergefunc::merge_module(&mut m, &opts).unwrap();
        assert_eq!(r1.merges.len(), 2);
        let r2 = mergefunc::merge_module(&mut m, &opts).unwrap();
        let lines: Vec<String> = r2.merges.iter().map(|r| r.display(&m).to_string()).collect();
        assert!(lines.is_empty(), "{lines:?}");
    }

    /// The one exception, kept for LLVM 22's decisions (found by the `idempotence` fuzz
    /// target): three equal self-recursive `linkonce_odr` functions. The first pair gets a
    /// shared private body; the survivor calls itself, so taking its users out of the tree
    /// also took *it* out, and the body waits outside the tree (LLVM 22 does the same, and
    /// re-queueing the body changes which functions merge in real C++ modules). Its
    /// recursive call is redirected to itself, so it now equals `c`: a second run folds
    /// `c` into that body, and a third run changes nothing.
    #[test]
    fn self_recursive_odr_triple_needs_a_second_run() {
        let f = |name: &str| {
            format!(
                "define linkonce_odr i64 @{name}(i64 %x) {{\ne:\n  %c = icmp eq i64 %x, 0\n  br i1 %c, label %z, label %r\nr:\n  %y = sub i64 %x, 1\n  %v = call i64 @{name}(i64 %y)\n  %w = add i64 %v, 2\n  ret i64 %w\nz:\n  ret i64 0\n}}\n"
            )
        };
        let src = format!(
            "{}{}{}define i64 @use(i64 %x) {{\n  %p = call i64 @c(i64 %x)\n  ret i64 %p\n}}\n",
            f("a"),
            f("b"),
            f("c")
        );
        let mut m = crate::parse(&src).unwrap();
        let opts = mergefunc::Options { check_fast_path: true, ..Default::default() };
        let r1 = mergefunc::merge_module(&mut m, &opts).unwrap();
        crate::verify(&m).unwrap();
        let folded: Vec<&[u8]> = r1.merges.iter().map(|r| mergefunc::Module::func_name(&m, r.folded)).collect();
        assert_eq!(folded, [&b"b"[..], &b"a"[..]], "{}\n{}", r1.display(&m), crate::print(&m));
        let after_first = m.clone();
        let r2 = mergefunc::merge_module(&mut m, &opts).unwrap();
        let lines: Vec<String> = r2.merges.iter().map(|r| r.display(&m).to_string()).collect();
        assert_eq!(lines, ["@c -> @a.body: erase (uses: calls)"]);
        assert!(super::second_run_is_known_exception(&r1, &after_first, &r2, &m));
        let before = crate::print(&m);
        let r3 = mergefunc::merge_module(&mut m, &opts).unwrap();
        assert!(r3.merges.is_empty(), "{}", r3.display(&m));
        assert_eq!(before, crate::print(&m));
    }

    /// Fuzz finding, kept as a regression input: with `merge_cycles`, the private body
    /// of a double-thunk merge was not a cycle candidate, so a second run merged it into
    /// its cycle class.
    #[test]
    fn regress_cycle_class_includes_new_bodies() {
        const INPUT: &[u8] = &[
            2, 239, 238, 238, 233, 17, 17, 17, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179,
            179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 109, 101, 109, 49, 179, 179, 179, 179, 179, 179,
            179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179,
            179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179,
            179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 179, 17, 17, 17, 17, 17, 17, 17, 17, 17, 0, 0,
            94, 94, 94, 162, 1, 0, 0, 0, 169, 161, 155, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94,
            94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94, 94,
            110, 0, 0, 0, 0, 0, 0, 0, 0, 0, 94, 94, 94, 94, 94, 94, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 146, 146, 146, 146, 146, 146, 146,
            146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146,
            146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86,
            86, 86, 86, 86, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146,
            146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 146, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 94, 94, 94,
            94, 94, 94, 94, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 4, 5, 0, 4, 4,
        ];
        super::check_bytes(INPUT).unwrap();
    }

    /// Fuzz finding, kept as a regression input: a self-recursive double-thunk survivor
    /// (the documented LLVM 22 corner, accepted by the oracle).
    #[test]
    fn regress_self_recursive_shared_body() {
        const INPUT: &[u8] = &[
            73, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 1, 0, 0, 1, 255,
            255, 255, 255, 255, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251,
            251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251,
            251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251,
            251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251,
            251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251, 251,
            251, 255, 255, 255, 255, 223, 255, 255, 255, 255, 255, 255,
        ];
        super::check_bytes(INPUT).unwrap();
    }

    #[test]
    fn seeded() {
        super::super::run_seeded(4000, 250, super::check);
    }
}
