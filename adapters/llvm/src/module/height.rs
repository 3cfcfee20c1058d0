//! [`measure_height`]: how many levels an item of the module nests (a type's element types,
//! a constant's operands, a metadata tuple's operands), measured by one explicit stack so
//! that no depth of nesting grows the call stack.
//!
//! Invariants: the height of an item is 1 when it has no parts, else 1 more than its
//! tallest part's, capped at the caller's `most`; every item whose parts were walked has
//! its height recorded (through `record`) before the walk returns, so each item is walked
//! at most once per cache generation and a walk is linear in the distinct items reached,
//! however much they share. Where the graph may hold cycles (`cyclic`), a part that is an
//! item still being measured counts for nothing (height 0), so the walk ends.

use std::collections::HashSet;
use std::hash::Hash;

/// How deep the stack of a walk through a graph that may hold cycles grows before the
/// items on it are kept in a set as well (below, a linear search is cheaper than hashing).
const SHALLOW: usize = 16;

/// The height of `start` (at most `most`), its parts listed by `parts`; `known` answers
/// for items measured before (a cache), `record` keeps each height measured here.
pub(super) fn measure_height<C, N: Copy + Eq + Hash>(
    cx: &mut C,
    start: N,
    most: u32,
    cyclic: bool,
    known: impl Fn(&C, N) -> Option<u32>,
    parts: impl Fn(&C, N) -> Vec<N>,
    mut record: impl FnMut(&mut C, N, u32),
) -> u32 {
    if let Some(h) = known(cx, start) {
        return h;
    }
    let first = parts(cx, start);
    if first.is_empty() {
        return 1;
    }
    // The items being measured (where the graph may hold cycles) are exactly the items
    // on `stack`: a shallow stack is searched in place; past `SHALLOW` entries a set
    // (FxHash: items are pointers or ids; only asked for membership) holds them all.
    let mut deep: Option<HashSet<N, rustc_hash::FxBuildHasher>> = None;
    // Each entry: an item, its parts, how many of them were measured, the tallest.
    let mut stack: Vec<(N, Vec<N>, usize, u32)> = vec![(start, first, 0, 0)];
    loop {
        let (_, items, next, _) = stack.last().expect("the item asked for is on the stack");
        if let Some(&p) = items.get(*next) {
            let on_stack = cyclic
                && match &deep {
                    Some(set) => set.contains(&p),
                    None => stack.iter().any(|e| e.0 == p),
                };
            let h = if on_stack {
                0
            } else if let Some(h) = known(cx, p) {
                h
            } else {
                let inner = parts(cx, p);
                if inner.is_empty() {
                    1
                } else {
                    stack.push((p, inner, 0, 0));
                    if cyclic {
                        if let Some(set) = &mut deep {
                            set.insert(p);
                        } else if stack.len() > SHALLOW {
                            deep = Some(stack.iter().map(|e| e.0).collect());
                        }
                    }
                    continue;
                }
            };
            let top = stack.last_mut().expect("the item asked for is on the stack");
            top.2 += 1;
            top.3 = top.3.max(h);
            continue;
        }
        let (x, _, _, tallest) = stack.pop().expect("the item asked for is on the stack");
        if let Some(set) = &mut deep {
            set.remove(&x);
        }
        let h = (tallest + 1).min(most);
        record(cx, x, h);
        match stack.last_mut() {
            Some(top) => {
                top.2 += 1;
                top.3 = top.3.max(h);
            }
            None => return h,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::measure_height;
    use std::collections::HashMap;

    /// A graph as lists of parts, with a cache of measured heights.
    struct Graph {
        parts: Vec<Vec<usize>>,
        heights: HashMap<usize, u32>,
    }

    fn height(g: &mut Graph, start: usize, most: u32, cyclic: bool) -> u32 {
        measure_height(
            g,
            start,
            most,
            cyclic,
            |g, n| g.heights.get(&n).copied(),
            |g, n| g.parts[n].clone(),
            |g, n, h| {
                g.heights.insert(n, h);
            },
        )
    }

    #[test]
    fn chains_are_measured_without_recursion_and_capped() {
        // 0 -> 1 -> ... -> 99,999 (a leaf): 100,000 levels.
        let n = 100_000;
        let parts = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![] }).collect();
        let mut g = Graph { parts, heights: HashMap::new() };
        assert_eq!(height(&mut g, n - 3, u32::MAX, false), 3);
        assert_eq!(height(&mut g, 0, u32::MAX, false), n as u32);
        let mut g = Graph { parts: g.parts, heights: HashMap::new() };
        assert_eq!(height(&mut g, 0, 257, false), 257);
    }

    #[test]
    fn shared_parts_are_walked_once() {
        // Level i holds level i + 1 twice: 2^63 paths, 64 items.
        let parts = (0..64).map(|i| if i < 63 { vec![i + 1, i + 1] } else { vec![] }).collect();
        let mut g = Graph { parts, heights: HashMap::new() };
        assert_eq!(height(&mut g, 0, u32::MAX, false), 64);
        assert_eq!(g.heights.len(), 63, "every item with parts recorded once");
    }

    #[test]
    fn back_edges_count_for_nothing_in_cyclic_graphs() {
        // 0 -> 1 -> 2 -> 0, and 2 -> 3 (a leaf): the cycle adds nothing.
        let mut g = Graph { parts: vec![vec![1], vec![2], vec![0, 3], vec![]], heights: HashMap::new() };
        assert_eq!(height(&mut g, 0, u32::MAX, true), 4);
        // A self-reference.
        let mut g = Graph { parts: vec![vec![0]], heights: HashMap::new() };
        assert_eq!(height(&mut g, 0, u32::MAX, true), 1);
    }

    /// The heights by plain recursion with an explicit set of the items being measured
    /// (the definition, for small graphs), recording each as `measure_height` does.
    fn reference(g: &Graph, x: usize, most: u32, on: &mut Vec<usize>, memo: &mut HashMap<usize, u32>) -> u32 {
        if let Some(&h) = memo.get(&x) {
            return h;
        }
        if g.parts[x].is_empty() {
            return 1;
        }
        on.push(x);
        let mut tallest = 0;
        for &p in &g.parts[x] {
            let h = if on.contains(&p) { 0 } else { reference(g, p, most, on, memo) };
            tallest = tallest.max(h);
        }
        on.pop();
        let h = (tallest + 1).min(most);
        memo.insert(x, h);
        h
    }

    #[test]
    fn cycles_deeper_than_the_shallow_search_agree_with_the_definition() {
        // Rings of 3 to 60 items (the walk's stack passes `SHALLOW` on the longer ones),
        // each item also pointing back two steps and to a leaf, entered at every item.
        for n in 3..60usize {
            let leaf = n;
            let mut parts: Vec<Vec<usize>> = (0..n).map(|i| vec![(i + 1) % n, (i + n - 2) % n, leaf]).collect();
            parts.push(vec![]);
            for start in 0..n {
                for most in [3, 20, u32::MAX] {
                    let mut g = Graph { parts: parts.clone(), heights: HashMap::new() };
                    let got = height(&mut g, start, most, true);
                    let mut memo = HashMap::new();
                    let want = reference(&g, start, most, &mut Vec::new(), &mut memo);
                    assert_eq!(got, want, "ring of {n} from {start}, at most {most}");
                    assert_eq!(g.heights, memo, "ring of {n} from {start}: recorded heights");
                }
            }
        }
    }
}
