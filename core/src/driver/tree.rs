//! `FnTree`: a set of functions keyed by `(hash, order)`, with expected `O(1)` bucket
//! lookup and `O(log b)` find-or-insert and removal inside a bucket of `b` functions.
//!
//! Functions with different hashes are never equal, so the set is a hash map from hash
//! to one treap per hash (an earlier version kept one treap over `(hash, order)`: every
//! lookup then walked `log n` nodes of the whole set, a cache miss each on large
//! modules). The treaps live in one arena: nodes are ordered by the total order and
//! heap-ordered by a priority drawn from a fixed-seed generator, and the map uses a
//! fixed hasher, so everything is deterministic. Keys are never mutated in place: the
//! driver removes a function before anything changes it. The only in-place change is
//! [`FnTree::replace`], which swaps in a function that compares *equal*, so the ordering
//! invariant holds.

use alloc::vec::Vec;
use core::cmp::Ordering;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use crate::ir::FuncId;

const NIL: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    func: FuncId,
    hash: u64,
    prio: u32,
    left: u32,
    right: u32,
    parent: u32,
}

/// Outcome of [`FnTree::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// The function was inserted as a new node.
    Inserted(u32),
    /// A node holding an equal function exists.
    Equal(u32),
}

#[derive(Debug)]
pub(crate) struct FnTree {
    nodes: Vec<Node>,
    free: Vec<u32>,
    /// The root of each hash's treap.
    roots: HashMap<u64, u32, FxBuildHasher>,
    rng: u64,
    len: usize,
}

impl FnTree {
    pub(crate) fn new() -> Self {
        FnTree {
            nodes: Vec::new(),
            free: Vec::new(),
            roots: HashMap::with_hasher(FxBuildHasher),
            rng: 0x9e37_79b9_7f4a_7c15,
            len: 0,
        }
    }

    #[allow(dead_code)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn func(&self, n: u32) -> FuncId {
        self.nodes[n as usize].func
    }

    /// Replaces the function held by node `n` by one that compares equal to it.
    pub(crate) fn replace(&mut self, n: u32, f: FuncId) {
        self.nodes[n as usize].func = f;
    }

    fn next_prio(&mut self) -> u32 {
        // xorshift64*: fixed seed, so the tree's shape is reproducible.
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    }

    /// Looks for a function equal to `f` (same hash and `cmp == Equal`); inserts `f` if
    /// there is none. `cmp(resident, f)` must be the total order.
    pub(crate) fn find_or_insert(
        &mut self,
        f: FuncId,
        hash: u64,
        mut cmp: impl FnMut(FuncId, FuncId) -> Ordering,
    ) -> Found {
        let mut parent = NIL;
        let mut cur = self.roots.get(&hash).copied().unwrap_or(NIL);
        let mut go_left = false;
        while cur != NIL {
            let n = &self.nodes[cur as usize];
            // Every node of this treap has `hash`: the order alone decides.
            debug_assert_eq!(n.hash, hash);
            match cmp(n.func, f) {
                Ordering::Equal => return Found::Equal(cur),
                Ordering::Greater => {
                    parent = cur;
                    go_left = true;
                    cur = n.left;
                }
                Ordering::Less => {
                    parent = cur;
                    go_left = false;
                    cur = n.right;
                }
            }
        }
        let prio = self.next_prio();
        let node = Node { func: f, hash, prio, left: NIL, right: NIL, parent };
        let id = if let Some(id) = self.free.pop() {
            self.nodes[id as usize] = node;
            id
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        if parent == NIL {
            self.roots.insert(hash, id);
        } else if go_left {
            self.nodes[parent as usize].left = id;
        } else {
            self.nodes[parent as usize].right = id;
        }
        // Restore the heap property.
        while self.nodes[id as usize].parent != NIL {
            let p = self.nodes[id as usize].parent;
            if self.nodes[p as usize].prio >= self.nodes[id as usize].prio {
                break;
            }
            self.rotate_up(id);
        }
        self.len += 1;
        Found::Inserted(id)
    }

    /// Rotates `x` above its parent.
    fn rotate_up(&mut self, x: u32) {
        let p = self.nodes[x as usize].parent;
        let g = self.nodes[p as usize].parent;
        if self.nodes[p as usize].left == x {
            let b = self.nodes[x as usize].right;
            self.nodes[p as usize].left = b;
            if b != NIL {
                self.nodes[b as usize].parent = p;
            }
            self.nodes[x as usize].right = p;
        } else {
            let b = self.nodes[x as usize].left;
            self.nodes[p as usize].right = b;
            if b != NIL {
                self.nodes[b as usize].parent = p;
            }
            self.nodes[x as usize].left = p;
        }
        self.nodes[p as usize].parent = x;
        self.nodes[x as usize].parent = g;
        if g == NIL {
            self.roots.insert(self.nodes[x as usize].hash, x);
        } else if self.nodes[g as usize].left == p {
            self.nodes[g as usize].left = x;
        } else {
            self.nodes[g as usize].right = x;
        }
    }

    /// Removes node `n`.
    pub(crate) fn remove(&mut self, n: u32) {
        // Rotate n down until it is a leaf, then unlink it.
        loop {
            let (l, r) = (self.nodes[n as usize].left, self.nodes[n as usize].right);
            let child = match (l, r) {
                (NIL, NIL) => break,
                (c, NIL) | (NIL, c) => c,
                (l, r) => {
                    if self.nodes[l as usize].prio > self.nodes[r as usize].prio {
                        l
                    } else {
                        r
                    }
                }
            };
            self.rotate_up(child);
        }
        let p = self.nodes[n as usize].parent;
        if p == NIL {
            self.roots.remove(&self.nodes[n as usize].hash);
        } else if self.nodes[p as usize].left == n {
            self.nodes[p as usize].left = NIL;
        } else {
            self.nodes[p as usize].right = NIL;
        }
        self.free.push(n);
        self.len -= 1;
    }

    /// True if some function with `hash` is in the set.
    pub(crate) fn has_bucket(&self, hash: u64) -> bool {
        self.roots.contains_key(&hash)
    }

    /// Appends the nodes holding a function with `hash` to `out` (in no particular order).
    pub(crate) fn bucket_nodes(&self, hash: u64, out: &mut Vec<u32>) {
        let Some(&root) = self.roots.get(&hash) else { return };
        let from = out.len();
        out.push(root);
        let mut i = from;
        while i < out.len() {
            let n = &self.nodes[out[i] as usize];
            for c in [n.left, n.right] {
                if c != NIL {
                    out.push(c);
                }
            }
            i += 1;
        }
    }

    /// Empties the set and returns the functions it held, in hash order and, within a
    /// hash, in the order (deterministic: the driver inserts them again in this order).
    pub(crate) fn take_all(&mut self) -> Vec<FuncId> {
        let out = self.in_order();
        self.nodes.clear();
        self.free.clear();
        self.roots.clear();
        self.len = 0;
        out
    }

    /// Functions in `(hash, order)` order.
    pub(crate) fn in_order(&self) -> Vec<FuncId> {
        let mut roots: Vec<(u64, u32)> = self.roots.iter().map(|(h, r)| (*h, *r)).collect();
        roots.sort_unstable();
        let mut out = Vec::new();
        let mut stack = Vec::new();
        for (_, root) in roots {
            let mut cur = root;
            while cur != NIL || !stack.is_empty() {
                while cur != NIL {
                    stack.push(cur);
                    cur = self.nodes[cur as usize].left;
                }
                let n = stack.pop().unwrap();
                out.push(self.nodes[n as usize].func);
                cur = self.nodes[n as usize].right;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(f: FuncId) -> u32 {
        // A toy order: functions with equal value / 3 are "equal".
        f.0 / 3
    }

    #[test]
    fn treap_finds_equal_and_keeps_order() {
        let mut t = FnTree::new();
        let mut inserted = Vec::new();
        for i in (0..300u32).map(|i| (i * 7919) % 300) {
            let f = FuncId(i);
            match t.find_or_insert(f, 0, |a, b| key(a).cmp(&key(b))) {
                Found::Inserted(_) => inserted.push(key(f)),
                Found::Equal(n) => assert_eq!(key(t.func(n)), key(f)),
            }
        }
        assert_eq!(t.len(), 100);
        let order: Vec<u32> = t.in_order().into_iter().map(key).collect();
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(order, sorted);
        assert_eq!(order.len(), 100);
    }

    #[test]
    fn treap_remove_keeps_the_rest() {
        let mut t = FnTree::new();
        let mut ids = Vec::new();
        for i in 0..200u32 {
            if let Found::Inserted(n) = t.find_or_insert(FuncId(i), (i % 5) as u64, |a, b| a.0.cmp(&b.0)) {
                ids.push((i, n));
            }
        }
        for (i, n) in ids.iter().filter(|(i, _)| i % 2 == 0) {
            let _ = i;
            t.remove(*n);
        }
        assert_eq!(t.len(), 100);
        for i in 0..200u32 {
            let r = t.find_or_insert(FuncId(i), (i % 5) as u64, |a, b| a.0.cmp(&b.0));
            if i % 2 == 0 {
                assert!(matches!(r, Found::Inserted(_)), "{i} should have been removed");
            } else {
                assert!(matches!(r, Found::Equal(_)), "{i} should still be there");
            }
        }
    }
}
