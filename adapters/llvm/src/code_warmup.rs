//! Code warm-up: at the start of a merge run, software prefetches over the code a run
//! executes, so the run's first fetch of each 64-byte line finds it in the core's L2
//! cache instead of waiting for memory one line after the other.
//!
//! A run in a fresh process (every `mergefunc` command, every translation unit of the
//! pass plugin in clang) executes 500 to 3,000 lines of code it has not run before, and
//! on small modules waiting for them is most of its time
//! (docs/performance-little-merges.md, "Cold code"). The binary and the plugin are linked
//! with those functions laid out together, most used first (`link-order.txt`); the two
//! marker functions here are the order's first and last names, so the range between them
//! is that code (they are C functions of the shim, which the pass plugin does not export).
//! One pass of prefetch instructions over it asks for all its lines at
//! once: the memory system serves them in parallel while the run starts.
//!
//! The pass goes in two parts ([`Part`]): the first [`LOAD_BYTES`] of the order (the most
//! used functions: the load's shape keys and facts, and the core's driver) at the start
//! of a run, the rest (the prescan, views, tree, rewrites) only once the shape keys have
//! left a definition to read. On a module where every definition is alone on its shape
//! (two thirds of the single translation units), the run executes none of the rest.
//!
//! Invariants: a prefetch is a hint that never faults and changes no state a program can
//! observe except timing, so the warm-up cannot change an output; still, it only touches
//! addresses between the two markers (both functions of this binary's text, which is one
//! mapped, readable range), and does nothing when they are not in the order's place
//! (start after end, or further apart than [`MAX_BYTES`]: linked without the order, for
//! instance with `MERGEFUNC_LINK_ORDER=0`). `MERGEFUNC_PREFETCH_CODE=0` turns it off;
//! `MERGEFUNC_PREFETCH_CODE=K` prefetches the first K KiB only (for measurements). Only
//! on x86-64; elsewhere it does nothing.

use crate::env_switches::Cached;

use crate::ffi::{mergefunc_hot_text_end, mergefunc_hot_text_start};

/// The markers' type (C functions of the shim, never called).
type Marker = unsafe extern "C" fn() -> i32;

/// The most the warm-up reads; markers further apart were not placed by the order.
const MAX_BYTES: usize = 1 << 20;

/// How many bytes from the start the switch allows (`usize::MAX`: all; 0: off).
fn budget() -> usize {
    static BUDGET: Cached = Cached::new();
    BUDGET.get_usize(|| match crate::env_switches::var("MERGEFUNC_PREFETCH_CODE") {
        Some(v) => v.trim().parse::<usize>().map_or(usize::MAX, |k| k.saturating_mul(1024)),
        None => usize::MAX,
    })
}

/// The hot range `[start, end)` when the markers sit where the order puts them.
fn hot_range() -> Option<(usize, usize)> {
    let start = mergefunc_hot_text_start as Marker as usize;
    let end = mergefunc_hot_text_end as Marker as usize;
    (start < end && end - start <= MAX_BYTES).then_some((start, end))
}

/// How much of the ordered code every run of two or more definitions warms first
/// ([`Part::Load`]). The functions of a run where every definition is alone on its shape
/// lie within the first 85 KiB of the order `gen-link-order.sh` writes (zlib's
/// `deflate.c`, callgrind); the bound leaves room for a later order. Too small or too
/// large, it only moves when a line is asked for.
pub(crate) const LOAD_BYTES: usize = 96 << 10;

/// Which part of the ordered code [`warm_code`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The first [`LOAD_BYTES`]: what every run executes (the load, the core's driver).
    Load,
    /// The rest: what runs once a definition is left to read (prescan, views, rewrites).
    Rest,
}

/// The byte range `[from, to)` of the hot range `[start, end)` that `part` covers,
/// within the first `budget` bytes (empty when it covers nothing).
fn part_range(part: Part, (start, end): (usize, usize), budget: usize) -> (usize, usize) {
    let end = end.min(start.saturating_add(budget));
    let split = end.min(start.saturating_add(LOAD_BYTES));
    match part {
        Part::Load => (start, split),
        Part::Rest => (split, end),
    }
}

/// Prefetches a part of the hot code (see the module documentation). Cheap when off: one
/// load of a cached switch.
pub(crate) fn warm_code(part: Part) {
    let budget = budget();
    if budget == 0 {
        return;
    }
    if let Some(range) = hot_range() {
        let (from, to) = part_range(part, range, budget);
        prefetch_lines(from, to);
    }
}

#[cfg(target_arch = "x86_64")]
fn prefetch_lines(start: usize, end: usize) {
    use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T1};
    // From the line that holds `start` (a line the load part ended in is asked again:
    // harmless).
    let mut line = start & !63;
    while line < end {
        // SAFETY: `prefetcht1` only hints the cache; it never faults and has no effect a
        // program can observe. The address lies between two functions of this binary's
        // text (`hot_range`), mapped and readable.
        unsafe { _mm_prefetch::<_MM_HINT_T1>(line as *const i8) };
        line += 64;
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch_lines(_start: usize, _end: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two parts cover the hot range (within the budget) once, the load part first.
    #[test]
    fn the_parts_split_the_range_at_the_load_bytes() {
        let r = (0x1000, 0x1000 + 300 * 1024);
        assert_eq!(part_range(Part::Load, r, usize::MAX), (0x1000, 0x1000 + LOAD_BYTES));
        assert_eq!(part_range(Part::Rest, r, usize::MAX), (0x1000 + LOAD_BYTES, r.1));
        // A budget inside the load part: the rest is empty.
        assert_eq!(part_range(Part::Load, r, 4096), (0x1000, 0x2000));
        assert_eq!(part_range(Part::Rest, r, 4096), (0x2000, 0x2000));
        // A range shorter than the load part: all of it first.
        let small = (0x1000, 0x3000);
        assert_eq!(part_range(Part::Load, small, usize::MAX), small);
        assert_eq!(part_range(Part::Rest, small, usize::MAX), (0x3000, 0x3000));
    }

    #[test]
    fn markers_are_distinct_functions() {
        // SAFETY: the shim's markers take nothing and only return a constant.
        let (a, b) = unsafe { (mergefunc_hot_text_start(), mergefunc_hot_text_end()) };
        assert_ne!(a, b);
        assert_ne!(mergefunc_hot_text_start as Marker as usize, mergefunc_hot_text_end as Marker as usize);
    }

    /// `gen-link-order.sh` writes the markers first and last; a file written without them
    /// would turn the warm-up off without a sign.
    #[test]
    fn the_link_orders_start_and_end_with_the_markers() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for file in [dir.join("link-order.txt"), dir.join("../llvm-plugin/link-order.txt")] {
            let text = std::fs::read_to_string(&file).expect("link order");
            let names: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            assert_eq!(names.first(), Some(&"mergefunc_hot_text_start"), "{}", file.display());
            assert_eq!(names.last(), Some(&"mergefunc_hot_text_end"), "{}", file.display());
            assert_eq!(names.iter().filter(|n| n.starts_with("mergefunc_hot_text_")).count(), 2);
        }
    }
}
