//! [`Interner`]: an append-only table that gives equal items equal dense ids, for
//! adapters building the module tables of [`crate::Module`] (types, constants, metadata,
//! attribute lists).
//!
//! Ids are assigned in first-insertion order and the map uses a fixed hasher, so ids
//! never depend on a hash seed: the same module always gets the same ids.

use alloc::vec::Vec;
use core::hash::Hash;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

/// An append-only interning table.
#[derive(Clone, Debug)]
pub struct Interner<T> {
    items: Vec<T>,
    map: HashMap<T, u32, FxBuildHasher>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner { items: Vec::new(), map: HashMap::with_hasher(FxBuildHasher) }
    }
}

impl<T: Clone + Eq + Hash> Interner<T> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }
    /// The id of `item`, inserting it if it is new.
    pub fn intern(&mut self, item: T) -> u32 {
        if let Some(&i) = self.map.get(&item) {
            return i;
        }
        let i = self.items.len() as u32;
        self.items.push(item.clone());
        self.map.insert(item, i);
        i
    }
    /// The id of `item` if it was interned.
    pub fn lookup(&self, item: &T) -> Option<u32> {
        self.map.get(item).copied()
    }
    /// Appends `item` under a new id even if an equal item exists (for items that are
    /// not uniqued, such as distinct metadata nodes). Later `intern` calls find the first.
    pub fn push_unique(&mut self, item: T) -> u32 {
        let i = self.items.len() as u32;
        self.items.push(item.clone());
        self.map.entry(item).or_insert(i);
        i
    }
    /// The item with id `i`.
    pub fn get(&self, i: u32) -> &T {
        &self.items[i as usize]
    }
    /// Number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// All items in id order.
    pub fn items(&self) -> &[T] {
        &self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_items_share_ids_in_insertion_order() {
        let mut t = Interner::new();
        assert_eq!(t.intern("b"), 0);
        assert_eq!(t.intern("a"), 1);
        assert_eq!(t.intern("b"), 0);
        assert_eq!(t.push_unique("a"), 2);
        assert_eq!(t.intern("a"), 1);
        assert_eq!(t.lookup(&"c"), None);
        assert_eq!(t.items(), ["b", "a", "a"]);
    }
}
