//! A small program whose generic code instantiates to identical machine-level functions.
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Meters(pub u32);
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Seconds(pub u32);

fn total<T: Copy + Into<u64>>(xs: &[T]) -> u64 {
    xs.iter().map(|&x| x.into()).sum()
}
impl From<Meters> for u64 { fn from(m: Meters) -> u64 { m.0 as u64 } }
impl From<Seconds> for u64 { fn from(s: Seconds) -> u64 { s.0 as u64 } }

fn histogram<K: Ord + Copy>(xs: &[K]) -> BTreeMap<K, usize> {
    let mut m = BTreeMap::new();
    for &x in xs { *m.entry(x).or_insert(0) += 1; }
    m
}

fn largest<T: Ord + Copy>(xs: &[T]) -> Option<T> { xs.iter().copied().max() }

fn main() {
    let a: Vec<Meters> = (0..50u32).map(|i| Meters(i * 7 % 13)).collect();
    let b: Vec<Seconds> = (0..50u32).map(|i| Seconds(i * 5 % 11)).collect();
    let c: Vec<u32> = (0..50u32).map(|i| i * 3 % 17).collect();
    let d: Vec<i32> = (0..50i32).map(|i| i * 3 % 17).collect();
    println!("{} {}", total(&a), total(&b));
    println!("{:?} {:?} {:?} {:?}", largest(&a), largest(&b), largest(&c), largest(&d));
    println!("{} {} {} {}", histogram(&a).len(), histogram(&b).len(), histogram(&c).len(), histogram(&d).len());
}
