//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::Path;

use mergefunc::{Options, Report};
use mergefunc_cranelift::ClifModule;

/// Words after `;; <key>:` anywhere in the text.
pub fn header_words<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    let prefix = format!(";; {key}:");
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix(prefix.as_str()))
        .flat_map(|r| r.split_whitespace())
        .collect()
}

/// Merge options named by `;; options:` lines.
pub fn options(text: &str) -> Options {
    let mut o = Options::default();
    for w in header_words(text, "options") {
        match w {
            "merge_cycles" => o.merge_cycles = true,
            "preserve_debug_info" => o.preserve_debug_info = true,
            other => panic!("unknown option {other}"),
        }
    }
    o
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Loads, merges and verifies.
pub fn merge_text(text: &str) -> (ClifModule, Report) {
    let mut m = ClifModule::from_clif(text).expect("input parses");
    let report = m.merge(&options(text)).expect("merge succeeds");
    if let Err(e) = m.verify() {
        panic!("merged module does not verify: {e}\n{}", m.to_clif());
    }
    // The printed module reads back as the same module.
    let printed = m.to_clif();
    let again = ClifModule::from_clif(&printed).unwrap_or_else(|e| panic!("output does not parse: {e}\n{printed}"));
    assert_eq!(again.to_clif(), printed, "output does not round-trip");
    (m, report)
}
