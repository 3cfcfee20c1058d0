//! Oracle: the order is a total preorder consistent with the hash.
//!
//! On every triple of generated definitions, with weak flags compared and not:
//! `cmp(a,a) == Equal`; `cmp(a,b) == cmp(b,a).reverse()`; transitivity of `<` and `=`
//! (including mixed `<`/`=` chains); `Equal ⇒ function_hash` equal (with the matching
//! [`mergefunc::hash::FunctionHasher::hash_weak_flags`]), both for the worklist hash and
//! for the driver's tree key ([`mergefunc::hash::FunctionHasher::hash_global_refs`]), and
//! for the signature hash ([`mergefunc::hash::FunctionHasher::signature_hash`]); and a reused
//! [`mergefunc::Comparator`] agrees with a fresh one.

use core::cmp::Ordering;

use arbitrary::{Result, Unstructured};
use mergefunc::hash::FunctionHasher;
use mergefunc::Comparator;

use super::{generate, show, Config, TestCase};

/// Generates a module and checks the laws.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let tc = generate(u, &Config::DEFAULT)?;
    check_case(&tc);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

/// Checks the laws on `tc`'s definitions (panics with the module on a violation).
pub fn check_case(tc: &TestCase) {
    let m = &tc.module;
    let fs = &tc.defined;
    let n = fs.len();
    for weak in [true, false] {
        let mut c = Comparator::new();
        c.compare_weak_flags = weak;
        let mut h = FunctionHasher::new();
        h.hash_weak_flags = weak;
        let hashes: Vec<u64> = fs.iter().map(|f| h.hash(m, *f)).collect();
        let mut tree_key = FunctionHasher::new();
        tree_key.hash_weak_flags = weak;
        tree_key.hash_global_refs = true;
        let keys: Vec<u64> = fs.iter().map(|f| tree_key.hash(m, *f)).collect();
        let sigs: Vec<u64> = fs.iter().map(|f| tree_key.signature_hash(m, *f)).collect();
        let mut t = vec![vec![Ordering::Equal; n]; n];
        for i in 0..n {
            for j in 0..n {
                t[i][j] = c.compare(m, fs[i], fs[j]);
            }
        }
        let name = |i: usize| m.function(fs[i]).name.clone();
        for i in 0..n {
            assert_eq!(t[i][i], Ordering::Equal, "not reflexive on @{} (weak={weak})\n{}", name(i), show(tc));
            for j in 0..n {
                assert_eq!(
                    t[i][j],
                    t[j][i].reverse(),
                    "not antisymmetric: @{} vs @{} (weak={weak})\n{}",
                    name(i),
                    name(j),
                    show(tc)
                );
                if t[i][j] == Ordering::Equal {
                    assert_eq!(
                        hashes[i],
                        hashes[j],
                        "equal functions @{} and @{} hash differently (weak={weak})\n{}",
                        name(i),
                        name(j),
                        show(tc)
                    );
                    assert_eq!(
                        keys[i],
                        keys[j],
                        "equal functions @{} and @{} get different tree keys (weak={weak})\n{}",
                        name(i),
                        name(j),
                        show(tc)
                    );
                    assert_eq!(
                        sigs[i],
                        sigs[j],
                        "equal functions @{} and @{} get different signature hashes (weak={weak})\n{}",
                        name(i),
                        name(j),
                        show(tc)
                    );
                }
                // A fresh comparator agrees with the reused one.
                if weak && (i + j) % 3 == 0 {
                    assert_eq!(
                        mergefunc::compare_functions(m, fs[i], fs[j]),
                        t[i][j],
                        "reused comparator differs\n{}",
                        show(tc)
                    );
                }
            }
        }
        for i in 0..n {
            for j in 0..n {
                for k in 0..n {
                    let (ab, bc, ac) = (t[i][j], t[j][k], t[i][k]);
                    let want = match (ab, bc) {
                        (Ordering::Equal, x) | (x, Ordering::Equal) => Some(x),
                        (Ordering::Less, Ordering::Less) => Some(Ordering::Less),
                        (Ordering::Greater, Ordering::Greater) => Some(Ordering::Greater),
                        _ => None,
                    };
                    if let Some(w) = want {
                        assert_eq!(
                            ac,
                            w,
                            "not transitive: @{} {ab:?} @{} {bc:?} @{} but first vs last is {ac:?} (weak={weak})\n{}",
                            name(i),
                            name(j),
                            name(k),
                            show(tc)
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn seeded() {
        super::super::run_seeded(1000, 300, super::check);
    }

    #[test]
    fn smoke() {
        arbtest::arbtest(super::check).budget_ms(500);
    }
}
