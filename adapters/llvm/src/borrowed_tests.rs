//! Tests of [`LlvmModule::from_borrowed`]: a merge run over a module whose context and
//! module belong to the caller (as in a pass plugin) leaves both alive and usable.

use crate::module::LlvmModule;
use crate::safe::{OwnedIr, M};

const SRC: &str = "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\
    define internal i32 @a(i32 %x) {\n  %y = mul i32 %x, %x\n  %z = add i32 %y, 7\n  ret i32 %z\n}\n\
    define internal i32 @b(i32 %x) {\n  %y = mul i32 %x, %x\n  %z = add i32 %y, 7\n  ret i32 %z\n}\n\
    define i32 @use(i32 %x) {\n  %1 = call i32 @a(i32 %x)\n  %2 = call i32 @b(i32 %x)\n  %3 = add i32 %1, %2\n  \
    ret i32 %3\n}\n";

/// A context and module owned by the test, as a host owns them (disposed when the
/// returned value drops, after the adapter has).
fn parse_owned(src: &str) -> OwnedIr {
    OwnedIr::parse(src.as_bytes(), "borrowed.ll").expect("test module parses and verifies")
}

fn defined_functions(m: M) -> Vec<String> {
    m.functions().map(|f| String::from_utf8_lossy(&f.name()).into_owned()).collect()
}

/// The folded function leaves the caller's module, and dropping the adapter frees
/// neither the module nor the context: the caller prints, verifies and disposes them.
#[test]
fn a_borrowed_module_is_merged_in_place_and_left_to_its_owner() {
    let ir = parse_owned(SRC);
    let m = ir.module();
    {
        // SAFETY: `m` is valid and verified, and nothing else touches it until `lm` drops.
        let mut lm = unsafe { LlvmModule::from_borrowed(m.0, 1) };
        let report = mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
        assert_eq!(report.stats.functions_merged, 1);
        lm.verify().unwrap();
    }
    assert_eq!(defined_functions(m), ["a", "use"]);
    // The module and context are still ours: LLVM's verifier and printer read them, then
    // `ir` disposes of them exactly once.
    m.verify().unwrap();
    let s = m.print();
    assert!(s.contains("call i32 @a(i32 %x)\n  %2 = call i32 @a(i32 %x)"), "{s}");
    drop(ir);
}

/// Two runs over the same borrowed module (as when a host runs the pass twice) work; the
/// second finds nothing left to merge.
#[test]
fn a_borrowed_module_can_be_merged_again() {
    let ir = parse_owned(SRC);
    for expected in [1, 0] {
        // SAFETY: as above; each adapter is dropped before the next is made.
        let mut lm = unsafe { LlvmModule::from_borrowed(ir.module().0, 2) };
        let report = mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
        assert_eq!(report.stats.functions_merged, expected);
    }
    // Still ours: `ir` disposes of them once, when it drops here.
}

/// A borrowed module is not timed (its host times the pass: no clock is read for it), a
/// loaded one is.
#[test]
fn only_a_loaded_module_is_timed() {
    let ir = parse_owned(SRC);
    {
        // SAFETY: as above.
        let mut lm = unsafe { LlvmModule::from_borrowed(ir.module().0, 1) };
        mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
        assert_eq!(lm.setup_seconds(), (0.0, 0.0));
        let t = lm.pass_times();
        assert_eq!([t.prescan, t.views, t.rewrites, t.claims, t.keys], [0.0; 5]);
    }
    let mut lm = LlvmModule::parse(SRC.as_bytes(), "loaded.ll").unwrap();
    mergefunc::merge_module(&mut lm, &mergefunc::Options::default()).unwrap();
    assert!(lm.setup_seconds().0 > 0.0, "{:?}", lm.setup_seconds());
}
