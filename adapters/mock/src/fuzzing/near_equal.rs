//! Oracle: clones compare equal, perturbed clones unequal.
//!
//! For every clone of a test case: an unperturbed clone (renamed, relinked, self calls
//! calling itself) compares `Equal` to its original, with weak flags compared and not,
//! and hashes equal; a perturbed clone compares unequal to its original, except for
//! [`PerturbKind::GepFlags`] (GEP no-wrap flags are *weak* flags), which is unequal only
//! when weak flags are compared and `Equal` when the driver intersects them.

use core::cmp::Ordering;

use arbitrary::{Result, Unstructured};
use mergefunc::hash::FunctionHasher;
use mergefunc::Comparator;

use super::{generate, show, Config, PerturbKind, TestCase};

/// Generates a module and checks its clones.
pub fn check(u: &mut Unstructured<'_>) -> Result<()> {
    let tc = generate(u, &Config::DEFAULT)?;
    check_case(&tc);
    Ok(())
}

/// [`check`] on raw fuzzer bytes.
pub fn check_bytes(data: &[u8]) -> Result<()> {
    check(&mut Unstructured::new(data))
}

/// Checks every clone of `tc`.
pub fn check_case(tc: &TestCase) {
    let m = &tc.module;
    for c in &tc.clones {
        for weak in [true, false] {
            let mut cmp = Comparator::new();
            cmp.compare_weak_flags = weak;
            let got = cmp.compare(m, c.original, c.clone);
            let expect_equal = match c.perturbation {
                None => true,
                Some(PerturbKind::GepFlags) => !weak,
                Some(_) => false,
            };
            let (a, b) = (&m.function(c.original).name, &m.function(c.clone).name);
            if expect_equal {
                assert_eq!(
                    got,
                    Ordering::Equal,
                    "@{b} should equal @{a} (weak={weak}, {:?})\n{}",
                    c.perturbation,
                    show(tc)
                );
                let mut h = FunctionHasher::new();
                h.hash_weak_flags = weak;
                assert_eq!(
                    h.hash(m, c.original),
                    h.hash(m, c.clone),
                    "@{a}/@{b}: equal but hashes differ\n{}",
                    show(tc)
                );
            } else {
                assert_ne!(
                    got,
                    Ordering::Equal,
                    "perturbation {:?} ({}) not seen: @{b} compares equal to @{a} (weak={weak})\n{}",
                    c.perturbation,
                    c.perturbation.map(|k| k.property()).unwrap_or(""),
                    show(tc)
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use arbitrary::Unstructured;

    use super::super::{generate, seeded_bytes, Config, PerturbKind};

    #[test]
    fn seeded() {
        super::super::run_seeded(2000, 300, super::check);
    }

    #[test]
    fn smoke() {
        arbtest::arbtest(super::check).budget_ms(500);
    }

    /// Every perturbation kind is generated (and checked) within a fixed number of
    /// seeded runs; a kind the generator can never apply would be a hole in the list.
    #[test]
    fn every_kind_is_generated() {
        let cfg = Config { perturb_percent: 100, clones: 3..=6, ..Config::DEFAULT };
        let mut seen = BTreeSet::new();
        for seed in 0..1500u64 {
            let data = seeded_bytes(seed ^ 0x5eed, 256 + (seed as usize % 8) * 512);
            let Ok(tc) = generate(&mut Unstructured::new(&data), &cfg) else {
                continue;
            };
            super::check_case(&tc);
            seen.extend(tc.clones.iter().filter_map(|c| c.perturbation));
            if seen.len() == PerturbKind::ALL.len() {
                break;
            }
        }
        let missing: Vec<_> = PerturbKind::ALL.iter().filter(|k| !seen.contains(k)).collect();
        assert!(missing.is_empty(), "never generated: {missing:?}");
    }
}
