//! Oracle: merging keeps the module valid and every surviving name behaves the same.
//!
//! Runs [`mergefunc::merge_module`] with the test case's random [`mergefunc::Options`],
//! then [`crate::verify()`] must accept the result, and every generated function still
//! reachable under its original name (a definition, a thunk or an alias) must give the
//! same [`crate::interp::run`] outcome and events, before and after, on a few inputs.
//! `OutOfFuel` on either side is inconclusive (thunks cost fuel; the merged side gets
//! more). Function addresses are never observed by generated code (see
//! [`super`]), so address identity changes of `unnamed_addr` functions cannot show.

use arbitrary::{Result, Unstructured};

use super::{generate, show, Config, TestCase};
use crate::interp::{run, Outcome, Trap};
use crate::{print, verify, MockModule};

/// Fuel of one run of the unmerged module (the merged one gets four times as much).
pub const FUEL: u64 = 4000;
/// Inputs per function.
pub const RUNS: usize = 3;

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

/// Merges a copy of `tc.module`, verifies it and compares behaviour; returns the
/// merged module.
pub fn check_case(tc: &TestCase) -> MockModule {
    let before = &tc.module;
    if let Err(e) = verify(before) {
        panic!("the generator made an invalid module: {e}\n{}", show(tc));
    }
    let mut after = before.clone();
    let report = match mergefunc::merge_module(&mut after, &tc.options) {
        Ok(r) => r,
        Err(e) => panic!("merge failed: {e}\n{}", show(tc)),
    };
    if let Err(e) = verify(&after) {
        panic!(
            "merged module invalid: {e}\n{}\n--- after\n{}\n--- before\n{}",
            report.display(&after),
            print(&after),
            show(tc)
        );
    }
    for &f in &tc.defined {
        let name = &before.function(f).name;
        let Some(g) = after.func_by_name(name) else {
            continue;
        };
        for args in tc.inputs(f, RUNS) {
            let r0 = run(before, f, &args, FUEL);
            if r0.outcome == Outcome::OutOfFuel {
                continue;
            }
            let r1 = run(&after, g, &args, FUEL * 4);
            if r1.outcome == Outcome::OutOfFuel {
                continue;
            }
            assert!(
                same_outcome(&r0.outcome, &r1.outcome) && r0.events == r1.events,
                "@{name}({args:?}) behaves differently after merging ({:?})\nbefore: {:?} {:?}\nafter:  {:?} {:?}\n{}\n--- after\n{}\n--- before\n{}",
                tc.options,
                r0.outcome,
                r0.events,
                r1.outcome,
                r1.events,
                report.display(&after),
                print(&after),
                show(tc)
            );
        }
    }
    after
}

/// Outcomes are the same when they return the same value or trap the same way. A trap's
/// diagnostic may name the function it happened in; after a merge that function may be
/// the survivor (an alias or thunk resolves to it), so names in trap payloads are ignored.
fn same_outcome(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Trap(Trap::ArgumentMismatch(_)), Outcome::Trap(Trap::ArgumentMismatch(_)))
        | (Outcome::Trap(Trap::NotCallable(_)), Outcome::Trap(Trap::NotCallable(_))) => true,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use arbitrary::Unstructured;

    use super::same_outcome;
    use crate::interp::Trap;

    #[test]
    fn trap_diagnostics_may_name_the_survivor() {
        let t = |n: &str| Outcome::Trap(Trap::ArgumentMismatch(n.into()));
        assert!(same_outcome(&t("f1.c0"), &t("f1")));
        assert!(!same_outcome(&t("f1"), &Outcome::Trap(Trap::Unreachable)));
        assert!(!same_outcome(&Outcome::Trap(Trap::BadAddress(1)), &Outcome::Trap(Trap::BadAddress(2))));
    }

    use super::super::{generate, seeded_bytes, Config};
    use crate::interp::{run, Outcome};

    /// Guards the generator against degenerating: most cases must merge something and
    /// most runs must finish (return or trap) within the fuel.
    #[test]
    fn generator_is_useful() {
        let (mut cases, mut merging, mut runs, mut conclusive, mut returned) = (0, 0, 0, 0, 0);
        for seed in 0..200u64 {
            let data = seeded_bytes(seed ^ 0xbeef, 2048);
            let Ok(tc) = generate(&mut Unstructured::new(&data), &Config::DEFAULT) else {
                continue;
            };
            cases += 1;
            let mut m = tc.module.clone();
            let r = mergefunc::merge_module(&mut m, &tc.options).unwrap();
            merging += r.stats.functions_merged.min(1);
            for &f in &tc.defined {
                for args in tc.inputs(f, 2) {
                    runs += 1;
                    let o = run(&tc.module, f, &args, super::FUEL).outcome;
                    conclusive += (o != Outcome::OutOfFuel) as u32;
                    returned += matches!(o, Outcome::Return(_)) as u32;
                }
            }
        }
        eprintln!("cases {cases}, merging {merging}, runs {runs}, conclusive {conclusive}, returned {returned}");
        assert!(cases >= 190 && merging * 2 >= cases, "only {merging} of {cases} cases merge");
        assert!(
            conclusive * 10 >= runs * 8 && returned * 2 >= runs,
            "{conclusive}/{returned} of {runs} runs finish/return"
        );
    }

    #[test]
    fn seeded() {
        super::super::run_seeded(3000, 250, super::check);
    }

    #[test]
    fn smoke() {
        arbtest::arbtest(super::check).budget_ms(500);
    }
}
