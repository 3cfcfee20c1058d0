//! Near-twin functions that a merge must keep apart, next to twins it may join: generic
//! code over types of one size whose operations differ (signed and unsigned division,
//! shifts and comparisons, integer and float arithmetic on the same bits), drop glue of
//! types that differ only in their `Drop` or alignment, type ids, closures that differ in
//! a constant or in what they capture, async state machines polled by a small executor,
//! trait objects, and panics whose messages and locations differ. Every function is
//! `#[inline(never)]` where inlining would hide it. `main.rs` prints every result; the
//! tests check them against values worked out by hand.
use std::any::{Any, TypeId};
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};

/// Integer operations whose machine code depends on signedness.
pub trait Int: Copy + PartialOrd + std::ops::Div<Output = Self> + std::ops::Shr<u32, Output = Self> {
    fn from_i64(x: i64) -> Self;
    fn to_i64(self) -> i64;
}
macro_rules! int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn from_i64(x: i64) -> Self { x as $t }
            fn to_i64(self) -> i64 { self as i64 }
        }
    )*};
}
int!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize);

/// Division, shift and comparison of values with the high bit set.
#[inline(never)]
pub fn signed_ops<T: Int>(xs: &[i64]) -> i64 {
    let mut acc = 0i64;
    for &x in xs {
        let v = T::from_i64(x);
        let d = v / T::from_i64(3);
        let s = v >> 1;
        let c = if v < T::from_i64(5) { 1 } else { 2 };
        acc = acc.wrapping_mul(7).wrapping_add(d.to_i64()).wrapping_add(s.to_i64()).wrapping_add(c);
    }
    acc
}

/// The largest element under the type's own order (floats and integers of one size).
#[inline(never)]
pub fn largest<T: PartialOrd + Copy>(v: &[T]) -> T {
    let mut m = v[0];
    for &x in v {
        if x > m {
            m = x;
        }
    }
    m
}

/// Negation: `fneg` for floats, `sub 0, x` for integers.
#[inline(never)]
pub fn negate_all<T: std::ops::Neg<Output = T> + Copy>(v: &mut [T]) {
    for x in v.iter_mut() {
        *x = -*x;
    }
}

#[inline(never)]
pub fn sum_wrapping_u32(v: &[u32]) -> u32 {
    v.iter().fold(0u32, |a, &b| a.wrapping_add(b))
}
#[inline(never)]
pub fn sum_saturating_u32(v: &[u32]) -> u32 {
    v.iter().fold(0u32, |a, &b| a.saturating_add(b))
}
#[inline(never)]
pub fn sum_saturating_i32(v: &[i32]) -> i32 {
    v.iter().fold(0i32, |a, &b| a.saturating_add(b))
}
#[inline(never)]
pub fn sum_checked_u32(v: &[u32]) -> Option<u32> {
    v.iter().try_fold(0u32, |a, &b| a.checked_add(b))
}

/// Type ids of types that compile alike.
#[inline(never)]
pub fn type_id_of<T: 'static>() -> TypeId {
    TypeId::of::<T>()
}
#[inline(never)]
pub fn is_type<T: 'static>(x: &dyn Any) -> bool {
    x.is::<T>()
}

/// Drops counted per type: twins that differ only in whether they count.
pub static DROPS_A: AtomicUsize = AtomicUsize::new(0);
pub static DROPS_B: AtomicUsize = AtomicUsize::new(0);
pub struct Counted<const K: usize>(pub u64);
impl<const K: usize> Drop for Counted<K> {
    fn drop(&mut self) {
        if K == 0 {
            DROPS_A.fetch_add(1, Ordering::Relaxed);
        } else {
            DROPS_B.fetch_add(1, Ordering::Relaxed);
        }
    }
}
pub struct Plain(pub u64);

/// A vector of `n` values made and dropped: drop glue of each element type.
#[inline(never)]
pub fn make_and_drop<T>(n: u64, f: impl Fn(u64) -> T) -> usize {
    let v: Vec<T> = (0..n).map(f).collect();
    v.len()
}

/// Allocations by alignment: a Vec of `[u8; 8]` and one of `u64` free memory of one
/// size with different alignments.
pub static ALIGN_SUM: AtomicUsize = AtomicUsize::new(0);
pub struct AlignCheck;
// SAFETY: forwards to the system allocator unchanged; only counts alignments and checks
// that every block is freed with the alignment it was allocated with (stored in front).
unsafe impl std::alloc::GlobalAlloc for AlignCheck {
    unsafe fn alloc(&self, l: std::alloc::Layout) -> *mut u8 {
        ALIGN_SUM.fetch_add(l.align(), Ordering::Relaxed);
        // SAFETY: the caller's layout is valid and non-zero-sized (GlobalAlloc contract).
        unsafe { std::alloc::System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: std::alloc::Layout) {
        ALIGN_SUM.fetch_sub(l.align(), Ordering::Relaxed);
        // SAFETY: `p` was allocated by `alloc` above with the same layout (contract).
        unsafe { std::alloc::System.dealloc(p, l) }
    }
}

#[inline(never)]
pub fn bytes_vec(n: usize) -> Vec<[u8; 8]> {
    vec![[1u8; 8]; n]
}
#[inline(never)]
pub fn words_vec(n: usize) -> Vec<u64> {
    vec![0x0101_0101_0101_0101u64; n]
}

/// Closures through one generic function: equal bodies, different constants, captures.
#[inline(never)]
pub fn apply<F: Fn(u32) -> u32>(f: F, n: u32) -> u32 {
    let mut acc = 0u32;
    for i in 0..n {
        acc = acc.wrapping_add(f(i));
    }
    acc
}
pub fn closures(k: u32) -> [u32; 6] {
    let by_ref = k;
    let r = &by_ref;
    [
        apply(|x| x + 1, 10),
        apply(|x| x.wrapping_add(1), 10),
        apply(|x| x + 2, 10),
        apply(move |x| x * k, 10),
        apply(|x| x * *r, 10),
        apply(|x| x.rotate_left(k), 10),
    ]
}

/// Trait objects of twin types: same layout, different vtables.
pub trait Speak {
    fn speak(&self) -> u64;
    fn twice(&self) -> u64 {
        self.speak() * 2
    }
}
pub struct Dog(pub u64);
pub struct Cat(pub u64);
pub struct Cow(pub u64);
impl Speak for Dog {
    fn speak(&self) -> u64 { self.0 + 1 }
}
impl Speak for Cat {
    fn speak(&self) -> u64 { self.0 + 1 }
}
impl Speak for Cow {
    fn speak(&self) -> u64 { self.0.wrapping_sub(1) }
    fn twice(&self) -> u64 { self.speak() * 3 }
}
#[inline(never)]
pub fn chorus(v: &[Box<dyn Speak>]) -> u64 {
    v.iter().map(|s| s.twice()).sum()
}

/// Panics whose messages and locations differ, caught.
#[inline(never)]
#[track_caller]
pub fn fail_here(x: u32) -> u32 {
    if x > 3 {
        panic!("too big: {x}");
    }
    x
}
#[inline(never)]
pub fn fail_a(x: u32) -> u32 {
    if x > 3 {
        panic!("a: {x}");
    }
    x
}
#[inline(never)]
pub fn fail_b(x: u32) -> u32 {
    if x > 3 {
        panic!("b: {x}");
    }
    x
}
pub fn caught(f: fn(u32) -> u32, x: u32) -> String {
    thread_local!(static LAST: Cell<Option<String>> = const { Cell::new(None) });
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let loc = info.location().map(|l| l.line()).unwrap_or(0);
        LAST.with(|c| c.set(Some(format!("{} @{}", info.payload_as_str().unwrap_or("?"), loc))));
    }));
    let r = std::panic::catch_unwind(|| f(x));
    std::panic::set_hook(prev);
    match r {
        Ok(v) => format!("ok {v}"),
        Err(_) => LAST.with(|c| c.take()).unwrap_or_default(),
    }
}
pub fn located_a(x: u32) -> u32 {
    fail_here(x)
}
pub fn located_b(x: u32) -> u32 {
    fail_here(x)
}

/// A single-threaded executor: polls a future to completion with a waker that does
/// nothing (every future here wakes itself by returning `Pending` a set number of times).
pub fn block_on<F: Future>(f: F) -> (F::Output, u32) {
    fn clone(_: *const ()) -> RawWaker {
        RawWaker::new(std::ptr::null(), &VTABLE)
    }
    fn noop(_: *const ()) {}
    static VTABLE: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
    // SAFETY: the vtable's functions ignore the data pointer, so any pointer is valid.
    let waker = unsafe { Waker::from_raw(RawWaker::new(std::ptr::null(), &VTABLE)) };
    let mut cx = Context::from_waker(&waker);
    let mut f = Box::pin(f);
    let mut polls = 1;
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return (v, polls);
        }
        polls += 1;
    }
}
/// A future that is pending `n` times.
pub struct Yield(pub u32);
impl Future for Yield {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
        if self.0 == 0 {
            Poll::Ready(())
        } else {
            self.0 -= 1;
            Poll::Pending
        }
    }
}
pub async fn one(n: u64) -> u64 {
    Yield(1).await;
    n + 1
}
pub async fn one_twin(n: u64) -> u64 {
    Yield(1).await;
    n + 1
}
pub async fn two(n: u64) -> u64 {
    Yield(2).await;
    n + 1
}
pub async fn one_plus2(n: u64) -> u64 {
    Yield(1).await;
    n + 2
}
pub async fn held(n: u64) -> u64 {
    let c = Counted::<0>(n);
    Yield(1).await;
    c.0 + 1
}
pub async fn held_b(n: u64) -> u64 {
    let c = Counted::<1>(n);
    Yield(1).await;
    c.0 + 1
}
pub async fn chain(n: u64) -> u64 {
    let a = one(n).await;
    let b = two(a).await;
    let c = one_plus2(b).await;
    held(c).await + held_b(c).await
}
/// A future dropped half-way: the locals held across its await are dropped then.
pub fn cancel_held() -> (usize, usize) {
    fn clone(_: *const ()) -> RawWaker {
        RawWaker::new(std::ptr::null(), &VT)
    }
    fn noop(_: *const ()) {}
    static VT: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
    let a0 = DROPS_A.load(Ordering::Relaxed);
    let b0 = DROPS_B.load(Ordering::Relaxed);
    // SAFETY: the vtable's functions ignore the data pointer.
    let waker = unsafe { Waker::from_raw(RawWaker::new(std::ptr::null(), &VT)) };
    let mut cx = Context::from_waker(&waker);
    let mut f = Box::pin(held(5));
    assert!(f.as_mut().poll(&mut cx).is_pending());
    drop(f);
    let mut g = Box::pin(held_b(5));
    assert!(g.as_mut().poll(&mut cx).is_pending());
    let mut g2 = Box::pin(held_b(6));
    assert!(g2.as_mut().poll(&mut cx).is_pending());
    drop((g, g2));
    (DROPS_A.load(Ordering::Relaxed) - a0, DROPS_B.load(Ordering::Relaxed) - b0)
}

/// Every result of this crate, one line each (main prints it; the tests check parts).
pub fn report() -> Vec<String> {
    let xs = [-7i64, -1, 0, 1, 5, 100, 200, -128, 127, 255, -300, 70000, -70000, 1 << 40, -(1 << 40)];
    let mut out = vec![format!(
        "signed_ops i8 {} u8 {} i16 {} u16 {} i32 {} u32 {} i64 {} u64 {} isize {} usize {}",
        signed_ops::<i8>(&xs),
        signed_ops::<u8>(&xs),
        signed_ops::<i16>(&xs),
        signed_ops::<u16>(&xs),
        signed_ops::<i32>(&xs),
        signed_ops::<u32>(&xs),
        signed_ops::<i64>(&xs),
        signed_ops::<u64>(&xs),
        signed_ops::<isize>(&xs),
        signed_ops::<usize>(&xs)
    )];
    let fs = [1.5f32, -2.0, 0.25, -0.0, 3.0];
    let is: Vec<i32> = fs.iter().map(|f| f.to_bits() as i32).collect();
    let us: Vec<u32> = fs.iter().map(|f| f.to_bits()).collect();
    out.push(format!(
        "largest f32 {} i32 {:#x} u32 {:#x} f64 {} i64 {}",
        largest(&fs),
        largest(&is),
        largest(&us),
        largest(&[1.5f64, -2.0, 7.25]),
        largest(&[15i64, -2, 7])
    ));
    let mut nf = fs;
    negate_all(&mut nf);
    let mut ni = is.clone();
    negate_all(&mut ni);
    out.push(format!("negate f32 {:?} i32 {:?}", nf.map(f32::to_bits), ni));
    let big = [u32::MAX - 5, 3, 4, 0x8000_0000];
    let bigi = [i32::MAX - 5, 3, 4, i32::MIN];
    out.push(format!(
        "sums wrapping {} saturating {} saturating_i32 {} checked {:?}",
        sum_wrapping_u32(&big),
        sum_saturating_u32(&big),
        sum_saturating_i32(&bigi),
        sum_checked_u32(&big)
    ));
    let ids = [type_id_of::<u32>(), type_id_of::<i32>(), type_id_of::<f32>(), type_id_of::<[u8; 4]>()];
    let distinct = (0..4).map(|i| (0..4).filter(|&j| ids[i] == ids[j]).count()).collect::<Vec<_>>();
    let x: Box<dyn Any> = Box::new(7u32);
    out.push(format!(
        "type ids {:?} is u32 {} i32 {} f32 {}",
        distinct,
        is_type::<u32>(&*x),
        is_type::<i32>(&*x),
        is_type::<f32>(&*x)
    ));
    let (a0, b0) = (DROPS_A.load(Ordering::Relaxed), DROPS_B.load(Ordering::Relaxed));
    let n1 = make_and_drop(5, Counted::<0>);
    let n2 = make_and_drop(7, Counted::<1>);
    let n3 = make_and_drop(9, Plain);
    out.push(format!(
        "drops {} {} {} counted a {} b {}",
        n1,
        n2,
        n3,
        DROPS_A.load(Ordering::Relaxed) - a0,
        DROPS_B.load(Ordering::Relaxed) - b0
    ));
    let before = ALIGN_SUM.load(Ordering::Relaxed);
    let (b, w) = (bytes_vec(9), words_vec(9));
    let during = ALIGN_SUM.load(Ordering::Relaxed).wrapping_sub(before);
    let s = b.iter().map(|x| x[3] as u64).sum::<u64>() + w.iter().map(|x| x >> 56).sum::<u64>();
    drop((b, w));
    out.push(format!("aligns held {} after {} sum {}", during, ALIGN_SUM.load(Ordering::Relaxed).wrapping_sub(before), s));
    out.push(format!("closures {:?}", closures(3)));
    let v: Vec<Box<dyn Speak>> = vec![Box::new(Dog(1)), Box::new(Cat(10)), Box::new(Cow(100))];
    out.push(format!("chorus {}", chorus(&v)));
    // with panic=abort a panic ends the process: nothing to catch
    #[cfg(panic = "unwind")]
    out.push(format!(
        "panics {} | {} | {} | {} | {}",
        caught(fail_a, 2),
        caught(fail_a, 9),
        caught(fail_b, 9),
        caught(located_a, 8),
        caught(located_b, 8)
    ));
    out.push(format!(
        "async {:?} {:?} {:?} {:?} {:?} {:?}",
        block_on(one(1)),
        block_on(one_twin(1)),
        block_on(two(1)),
        block_on(one_plus2(1)),
        block_on(chain(10)),
        cancel_held()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    /// Tests that read the drop counters run one at a time.
    static COUNTERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn signedness_is_kept() {
        let xs = [-7i64, 200];
        // i8: -7/3=-2, -7>>1=-4, -7<5 → 1: -5; 200 as i8 = -56: -18, -28, 1: -45 → -5*7-45 = -80
        assert_eq!(signed_ops::<i8>(&xs), -80);
        // u8: 249/3=83, 124, 2: 209; 200: 66, 100, 2: 168 → 209*7+168 = 1631
        assert_eq!(signed_ops::<u8>(&xs), 1631);
        assert_ne!(signed_ops::<i32>(&xs), signed_ops::<u32>(&xs));
    }

    #[test]
    fn float_and_int_order() {
        assert_eq!(largest(&[1.5f32, -2.0, 3.0]), 3.0);
        assert_eq!(largest(&[(-2.0f32).to_bits() as i32, 3.0f32.to_bits() as i32]), 3.0f32.to_bits() as i32);
        assert_eq!(largest(&[(-2.0f32).to_bits(), 3.0f32.to_bits()]), (-2.0f32).to_bits());
        let mut f = [1.0f32, -0.0];
        negate_all(&mut f);
        assert_eq!(f.map(f32::to_bits), [(-1.0f32).to_bits(), 0]);
        let mut i = [1i32, 0];
        negate_all(&mut i);
        assert_eq!(i, [-1, 0]);
    }

    #[test]
    fn overflow_flavours() {
        assert_eq!(sum_wrapping_u32(&[u32::MAX, 2]), 1);
        assert_eq!(sum_saturating_u32(&[u32::MAX, 2]), u32::MAX);
        assert_eq!(sum_saturating_i32(&[i32::MIN, -2]), i32::MIN);
        assert_eq!(sum_checked_u32(&[u32::MAX, 2]), None);
    }

    #[test]
    fn type_ids_differ() {
        assert_ne!(type_id_of::<u32>(), type_id_of::<i32>());
        assert_ne!(type_id_of::<f32>(), type_id_of::<[u8; 4]>());
        let x: Box<dyn Any> = Box::new(7i32);
        assert!(is_type::<i32>(&*x) && !is_type::<u32>(&*x));
    }

    #[test]
    fn drop_glue() {
        let _g = COUNTERS.lock().unwrap();
        let a0 = DROPS_A.load(Ordering::Relaxed);
        make_and_drop(4, Counted::<0>);
        make_and_drop(4, Plain);
        assert_eq!(DROPS_A.load(Ordering::Relaxed) - a0, 4);
    }

    #[test]
    fn closures_keep_their_constants() {
        assert_eq!(closures(3), [55, 55, 65, 135, 135, 360]);
    }

    #[test]
    fn vtables() {
        let v: Vec<Box<dyn Speak>> = vec![Box::new(Dog(1)), Box::new(Cat(10)), Box::new(Cow(100))];
        assert_eq!(chorus(&v), 4 + 22 + 297);
    }

    #[test]
    #[cfg(panic = "unwind")]
    fn panic_messages_and_locations() {
        assert_eq!(caught(fail_a, 9), "a: 9 @201");
        assert_eq!(caught(fail_b, 9), "b: 9 @208");
        assert_ne!(caught(located_a, 9), caught(located_b, 9));
    }

    #[test]
    fn async_state_machines() {
        let _g = COUNTERS.lock().unwrap();
        assert_eq!(block_on(one(1)), (2, 2));
        assert_eq!(block_on(two(1)), (2, 3));
        assert_eq!(block_on(one_plus2(1)), (3, 2));
        assert_eq!(cancel_held(), (1, 2));
        assert_eq!(block_on(chain(10)).0, 2 * (10 + 1 + 1 + 2 + 1));
    }
}
