//! `FnTree`: a set of functions keyed by `(key, order)`, with expected `O(1)` bucket
//! lookup and `O(log b)` find-or-insert and removal inside a bucket of `b` functions.
//!
//! A key is a [`BucketKey`]: the tree key and a second word, 0 unless the driver split
//! that tree key's bucket by a second key (`filing.rs`), so the two kinds never meet.
//! Functions with different keys are never equal, so the set is a hash map from key to
//! one treap per key (an earlier version kept one treap over `(key, order)`: every
//! lookup then walked `log n` nodes of the whole set, a cache miss each on large
//! modules). The treaps live in one arena: nodes are ordered by the total order and
//! heap-ordered by a priority drawn from a fixed-seed generator, and the map uses a
//! fixed hasher, so everything is deterministic.
//!
//! Invariants:
//! * every node of the treap under key `k` holds a function filed under `k`; keys are
//!   never changed in place (the driver removes a function before anything changes it),
//!   and the only in-place change of a node's function is [`FnTree::replace`], which
//!   swaps in a function that compares *equal*, so the ordering holds;
//! * a [`NodeId`] names a live node from its insertion until its removal; after that the
//!   arena may hand the same id to a new node, so a holder of an old id must check that
//!   the node still holds the function it expects;
//! * each node carries a *read* flag for the driver: whether its function's view is
//!   built and validated ([`FnTree::is_read`]). The tree never reads or changes it on its
//!   own.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::num::NonZeroU32;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use crate::ir::FuncId;

/// What a bucket is filed under: (tree key, 0), or (tree key, a non-zero word) once the
/// driver filed that tree key's functions by a second key as well.
pub(crate) type BucketKey = (u64, u64);

/// A node of the arena: the index of its slot, which is never 0 (slot 0 holds no node), so
/// that `Option<NodeId>` ("no node": a leaf's child, a root's parent, a function outside
/// the tree) takes four bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeId(NonZeroU32);

impl NodeId {
    fn new(index: usize) -> Self {
        // A node per function at most, and function ids are `u32`.
        let id = u32::try_from(index).ok().and_then(NonZeroU32::new);
        NodeId(id.expect("a node slot is in 1..2^32"))
    }

    fn index(self) -> usize {
        self.0.get() as usize
    }
}

#[derive(Clone, Debug)]
struct Node {
    func: FuncId,
    key: BucketKey,
    prio: u32,
    /// The driver's flag: the function's view is built and validated.
    read: bool,
    left: Option<NodeId>,
    right: Option<NodeId>,
    parent: Option<NodeId>,
}

/// The arena's slot 0, which holds no node.
const PLACEHOLDER: Node =
    Node { func: FuncId(0), key: (0, 0), prio: 0, read: false, left: None, right: None, parent: None };

/// Outcome of [`FnTree::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// The function was inserted as a new node.
    Inserted(NodeId),
    /// A node holding an equal function exists.
    Equal(NodeId),
}

#[derive(Debug)]
pub(crate) struct FnTree {
    /// The arena; slot 0 is a placeholder, never a node (see [`NodeId`]), pushed with the
    /// first node (an empty tree allocates nothing).
    nodes: Vec<Node>,
    free: Vec<NodeId>,
    /// The root of each key's treap.
    roots: HashMap<BucketKey, NodeId, FxBuildHasher>,
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

    fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n.index()]
    }

    fn node_mut(&mut self, n: NodeId) -> &mut Node {
        &mut self.nodes[n.index()]
    }

    pub(crate) fn func(&self, n: NodeId) -> FuncId {
        self.node(n).func
    }

    /// Replaces the function held by node `n` by one that compares equal to it.
    pub(crate) fn replace(&mut self, n: NodeId, f: FuncId) {
        self.node_mut(n).func = f;
    }

    /// The driver's flag of node `n`: its function's view is built and validated.
    pub(crate) fn is_read(&self, n: NodeId) -> bool {
        self.node(n).read
    }

    /// Sets the driver's flag of node `n` (see [`Self::is_read`]).
    pub(crate) fn set_read(&mut self, n: NodeId, read: bool) {
        self.node_mut(n).read = read;
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

    /// Looks for a function equal to `f` (same key and `cmp == Equal`); inserts `f` if
    /// there is none, with the read flag `read`. `cmp(resident, f)` must be the total
    /// order.
    pub(crate) fn find_or_insert(
        &mut self,
        f: FuncId,
        key: BucketKey,
        read: bool,
        mut cmp: impl FnMut(FuncId, FuncId) -> Ordering,
    ) -> Found {
        let mut parent = None;
        let mut cur = self.roots.get(&key).copied();
        let mut go_left = false;
        while let Some(c) = cur {
            let n = self.node(c);
            // Every node of this treap has `key`: the order alone decides.
            debug_assert_eq!(n.key, key);
            match cmp(n.func, f) {
                Ordering::Equal => return Found::Equal(c),
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
        let node = Node { func: f, key, prio, read, left: None, right: None, parent };
        let id = if let Some(id) = self.free.pop() {
            *self.node_mut(id) = node;
            id
        } else {
            if self.nodes.is_empty() {
                self.nodes.push(PLACEHOLDER);
            }
            self.nodes.push(node);
            NodeId::new(self.nodes.len() - 1)
        };
        match parent {
            None => {
                self.roots.insert(key, id);
            }
            Some(p) if go_left => self.node_mut(p).left = Some(id),
            Some(p) => self.node_mut(p).right = Some(id),
        }
        // Restore the heap property.
        while let Some(p) = self.node(id).parent {
            if self.node(p).prio >= self.node(id).prio {
                break;
            }
            self.rotate_up(id);
        }
        self.len += 1;
        Found::Inserted(id)
    }

    /// Rotates `x` above its parent (which it must have).
    fn rotate_up(&mut self, x: NodeId) {
        let Some(p) = self.node(x).parent else { return };
        let g = self.node(p).parent;
        if self.node(p).left == Some(x) {
            let b = self.node(x).right;
            self.node_mut(p).left = b;
            if let Some(b) = b {
                self.node_mut(b).parent = Some(p);
            }
            self.node_mut(x).right = Some(p);
        } else {
            let b = self.node(x).left;
            self.node_mut(p).right = b;
            if let Some(b) = b {
                self.node_mut(b).parent = Some(p);
            }
            self.node_mut(x).left = Some(p);
        }
        self.node_mut(p).parent = Some(x);
        self.node_mut(x).parent = g;
        match g {
            None => {
                let key = self.node(x).key;
                self.roots.insert(key, x);
            }
            Some(g) if self.node(g).left == Some(p) => self.node_mut(g).left = Some(x),
            Some(g) => self.node_mut(g).right = Some(x),
        }
    }

    /// Removes node `n`.
    pub(crate) fn remove(&mut self, n: NodeId) {
        // Rotate n down until it is a leaf, then unlink it.
        loop {
            let child = match (self.node(n).left, self.node(n).right) {
                (None, None) => break,
                (Some(c), None) | (None, Some(c)) => c,
                (Some(l), Some(r)) => {
                    if self.node(l).prio > self.node(r).prio {
                        l
                    } else {
                        r
                    }
                }
            };
            self.rotate_up(child);
        }
        match self.node(n).parent {
            None => {
                let key = self.node(n).key;
                self.roots.remove(&key);
            }
            Some(p) if self.node(p).left == Some(n) => self.node_mut(p).left = None,
            Some(p) => self.node_mut(p).right = None,
        }
        self.free.push(n);
        self.len -= 1;
    }

    /// True if some function with `key` is in the set.
    pub(crate) fn has_bucket(&self, key: BucketKey) -> bool {
        self.roots.contains_key(&key)
    }

    /// Appends the nodes holding a function with `key` to `out` (in no particular order).
    pub(crate) fn bucket_nodes(&self, key: BucketKey, out: &mut Vec<NodeId>) {
        let Some(&root) = self.roots.get(&key) else { return };
        let from = out.len();
        out.push(root);
        let mut i = from;
        while i < out.len() {
            let n = self.node(out[i]);
            if let Some(l) = n.left {
                out.push(l);
            }
            if let Some(r) = n.right {
                out.push(r);
            }
            i += 1;
        }
    }

    /// Empties the set and returns the functions it held, in key order and, within a
    /// key, in the order (deterministic: the driver inserts them again in this order).
    pub(crate) fn take_all(&mut self) -> Vec<FuncId> {
        let out = self.in_order();
        self.nodes.truncate(1);
        self.free.clear();
        self.roots.clear();
        self.len = 0;
        out
    }

    /// Functions in `(key, order)` order.
    pub(crate) fn in_order(&self) -> Vec<FuncId> {
        let mut roots: Vec<(BucketKey, NodeId)> = self.roots.iter().map(|(k, r)| (*k, *r)).collect();
        roots.sort_unstable_by_key(|r| r.0);
        let mut out = Vec::new();
        let mut nodes = Vec::new();
        for (_, root) in roots {
            nodes.clear();
            self.subtree_in_order(root, &mut nodes);
            out.extend(nodes.iter().map(|&n| self.node(n).func));
        }
        out
    }

    /// The nodes under key `key`, in the order (appended to `out`).
    pub(crate) fn bucket_in_order(&self, key: BucketKey, out: &mut Vec<NodeId>) {
        if let Some(&root) = self.roots.get(&key) {
            self.subtree_in_order(root, out);
        }
    }

    fn subtree_in_order(&self, root: NodeId, out: &mut Vec<NodeId>) {
        let mut stack = Vec::new();
        let mut cur = Some(root);
        loop {
            while let Some(c) = cur {
                stack.push(c);
                cur = self.node(c).left;
            }
            let Some(n) = stack.pop() else { break };
            out.push(n);
            cur = self.node(n).right;
        }
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
            match t.find_or_insert(f, (0, 0), true, |a, b| key(a).cmp(&key(b))) {
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
            if let Found::Inserted(n) = t.find_or_insert(FuncId(i), ((i % 5) as u64, 0), true, |a, b| a.0.cmp(&b.0)) {
                ids.push((i, n));
            }
        }
        for (i, n) in ids.iter().filter(|(i, _)| i % 2 == 0) {
            let _ = i;
            t.remove(*n);
        }
        assert_eq!(t.len(), 100);
        for i in 0..200u32 {
            let r = t.find_or_insert(FuncId(i), ((i % 5) as u64, 0), true, |a, b| a.0.cmp(&b.0));
            if i % 2 == 0 {
                assert!(matches!(r, Found::Inserted(_)), "{i} should have been removed");
            } else {
                assert!(matches!(r, Found::Equal(_)), "{i} should still be there");
            }
        }
    }
}
