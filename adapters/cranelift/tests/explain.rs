//! Explanations in CLIF's words: every function of `tests/inputs/near_duplicates.clif`
//! explained against `%base` (each differs in one detail), snapshotted under the
//! repository's `snapshots/cranelift/`.

use core::fmt::Write as _;

use mergefunc::{Comparator, FuncId, Module};
use mergefunc_cranelift::ClifModule;

mod common;

#[test]
fn near_duplicates_are_explained() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/near_duplicates.clif");
    let m = ClifModule::from_clif(&common::read(&path)).expect("input parses");
    let base = (0..m.num_funcs()).map(FuncId::new).find(|f| &*m.func(*f).name == b"base").expect("%base");
    let mut out = String::new();
    let mut cmp = Comparator::new();
    for g in (0..m.num_funcs()).map(FuncId::new).filter(|g| *g != base && m.body(*g).is_some()) {
        let e = cmp.explain(&m, base, g);
        assert_eq!(e.order, cmp.compare(&m, base, g));
        assert!(e.difference.is_some(), "every near duplicate differs from %base");
        writeln!(out, "{}", e.to_text(&m, base, g)).unwrap();
    }
    assert!(out.contains("load.i64 aligned v0+8"), "{out}");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/cranelift");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("explain_near_duplicates", out));
}
