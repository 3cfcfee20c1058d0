//! Snapshot tests: every `tests/inputs/*.clif` is merged, and the input, the merge
//! report and the output are stored under the repository's `snapshots/cranelift/`.

mod common;

use core::fmt::Write as _;

#[test]
fn merge_snapshots() {
    insta::glob!("inputs/*.clif", |path| {
        let input = common::read(path);
        let (m, report) = common::merge_text(&input);
        let mut out = String::new();
        writeln!(out, "----- INPUT").unwrap();
        out.push_str(input.trim_end());
        writeln!(out, "\n\n----- REPORT").unwrap();
        for r in &report.merges {
            writeln!(out, "{}", r.display(&m)).unwrap();
        }
        writeln!(out, "{}", report.stats).unwrap();
        writeln!(out, "\n----- OUTPUT").unwrap();
        out.push_str(&m.to_clif());
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../../../snapshots/cranelift");
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(out));
    });
}
