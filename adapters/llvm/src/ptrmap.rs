//! `LocalMap`: the locals of the function whose view is being built (arguments, blocks,
//! instructions), keyed by LLVM handle.
//!
//! An open-addressing table with linear probing, built for one view at a time: keys are
//! handles, entries are never removed one by one, and [`LocalMap::reset`] empties the
//! table for the next function in constant time: a slot is occupied only if its
//! generation is the table's current one. The table only grows (to the largest
//! function's size); its load factor stays at or below 1/2, so probe sequences are short
//! and always end at an empty slot. A new table has no slots and allocates nothing (most
//! runs build no view; the view builder takes the table out of its scratch and leaves an
//! empty one behind while it builds): its first reset or insert gives it [`MIN_SLOTS`].

use mergefunc::{TypeId, Value};

#[derive(Clone, Copy)]
struct Slot {
    gen: u32,
    key: usize,
    value: Value,
    ty: TypeId,
}

const EMPTY: Slot = Slot { gen: 0, key: 0, value: Value::Arg(0), ty: TypeId(0) };

/// The slots of a table at its first use (a power of two).
const MIN_SLOTS: usize = 64;

/// See the module documentation.
pub(crate) struct LocalMap {
    slots: Vec<Slot>,
    len: usize,
    /// The generation of the occupied slots (never 0, the generation of `EMPTY`).
    gen: u32,
}

impl Default for LocalMap {
    fn default() -> Self {
        LocalMap { slots: Vec::new(), len: 0, gen: 1 }
    }
}

impl LocalMap {
    /// Empties the table (it keeps its size, at least [`MIN_SLOTS`]; inserts grow it as
    /// needed).
    pub(crate) fn reset(&mut self) {
        if self.slots.is_empty() {
            self.grow();
        }
        self.len = 0;
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            // A wrapped generation could match stale slots: clear them for real.
            self.slots.fill(EMPTY);
            self.gen = 1;
        }
    }

    #[inline]
    fn home(&self, key: usize) -> usize {
        // Fibonacci hashing of the handle (its low bits are alignment zeros).
        let h = (key as u64 >> 3).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    /// Records `key` (a later insert of the same key replaces the entry).
    #[inline]
    pub(crate) fn insert(&mut self, key: usize, value: Value, ty: TypeId) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let gen = self.gen;
        let mut i = self.home(key);
        while self.slots[i].gen == gen {
            if self.slots[i].key == key {
                self.slots[i] = Slot { gen, key, value, ty };
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { gen, key, value, ty };
        self.len += 1;
    }

    /// The entry of `key`, if recorded since the last reset.
    #[inline]
    pub(crate) fn get(&self, key: usize) -> Option<(Value, TypeId)> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.gen != self.gen {
                return None;
            }
            if s.key == key {
                return Some((s.value, s.ty));
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; n]);
        self.len = 0;
        for s in old {
            if s.gen == self.gen {
                self.insert(s.key, s.value, s.ty);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mergefunc::{BlockId, InstId};

    #[test]
    fn finds_what_was_inserted_across_growth_and_resets() {
        let mut m = LocalMap::default();
        for round in 0..3usize {
            let n = [10usize, 5000, 40][round];
            m.reset();
            // Keys shaped like heap pointers: aligned, clustered.
            let key = |i: usize| 0x5555_0000_0000 + (round * 0x100000) + i * 48;
            for i in 0..n {
                m.insert(key(i), Value::Inst(InstId::new(i)), TypeId::new(i % 7));
            }
            for i in 0..n {
                assert_eq!(m.get(key(i)), Some((Value::Inst(InstId::new(i)), TypeId::new(i % 7))));
            }
            assert_eq!(m.get(key(n)), None);
            assert_eq!(m.get(0), None);
            // A key of an earlier round is gone after the reset.
            if round > 0 {
                assert_eq!(m.get(0x5555_0000_0000 + (round - 1) * 0x100000 + 8 * 48), None);
            }
        }
        m.insert(0x1000, Value::Block(BlockId::new(1)), TypeId::new(0));
        m.insert(0x1000, Value::Block(BlockId::new(2)), TypeId::new(0));
        assert_eq!(m.get(0x1000), Some((Value::Block(BlockId::new(2)), TypeId::new(0))));
    }

    /// A new table allocates nothing, finds nothing, and takes its first entries with or
    /// without a reset first.
    #[test]
    fn a_new_table_is_empty_until_used() {
        let m = LocalMap::default();
        assert_eq!(m.slots.capacity(), 0);
        assert_eq!(m.get(0x1000), None);
        let mut m = LocalMap::default();
        m.insert(0x1000, Value::Arg(3), TypeId::new(1));
        assert_eq!(m.slots.len(), MIN_SLOTS);
        assert_eq!(m.get(0x1000), Some((Value::Arg(3), TypeId::new(1))));
        assert_eq!(m.get(0x2000), None);
        let mut m = LocalMap::default();
        m.reset();
        assert_eq!((m.slots.len(), m.get(0x1000)), (MIN_SLOTS, None));
        m.insert(0x1000, Value::Arg(1), TypeId::new(0));
        assert_eq!(m.get(0x1000), Some((Value::Arg(1), TypeId::new(0))));
    }
}
