//! Async building blocks without a runtime: near-twin `async fn`s (state machines rustc
//! writes per function, alike but for one operation), `async-trait` stages (boxed
//! futures, one per impl), and generic drivers monomorphized over many future types.
//!
//! Every near twin differs from its sibling in exactly one place (signedness, a
//! constant, wrapping against saturating, float against integer on the same bits), so a
//! merge that joins two of them changes a value the callers print.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

/// A future that is pending once (it wakes itself) and then ready: every `async fn`
/// awaiting it has a suspend point, so its state machine has more than one state.
#[derive(Default)]
pub struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            Poll::Ready(())
        } else {
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
}

/// One suspend point.
pub fn yield_once() -> YieldOnce {
    YieldOnce(false)
}

// Near twins: each pair differs in one operation only.

pub async fn shr_unsigned(x: u64) -> u64 {
    yield_once().await;
    x >> 3
}

pub async fn shr_signed(x: u64) -> u64 {
    yield_once().await;
    ((x as i64) >> 3) as u64
}

pub async fn div_unsigned(x: u32, d: u32) -> u32 {
    yield_once().await;
    x / d.max(1)
}

pub async fn div_signed(x: u32, d: u32) -> u32 {
    yield_once().await;
    ((x as i32) / (d.max(1) as i32)) as u32
}

pub async fn less_unsigned(a: u32, b: u32) -> bool {
    yield_once().await;
    a < b
}

pub async fn less_signed(a: u32, b: u32) -> bool {
    yield_once().await;
    (a as i32) < (b as i32)
}

pub async fn add_wrapping(a: u8, b: u8) -> u8 {
    yield_once().await;
    a.wrapping_add(b)
}

pub async fn add_saturating(a: u8, b: u8) -> u8 {
    yield_once().await;
    a.saturating_add(b)
}

pub async fn bits_as_float(a: u32, b: u32) -> u32 {
    yield_once().await;
    (f32::from_bits(a) + f32::from_bits(b)).to_bits()
}

pub async fn bits_as_int(a: u32, b: u32) -> u32 {
    yield_once().await;
    a.wrapping_add(b)
}

pub async fn scaled_by_7(x: u64) -> u64 {
    yield_once().await;
    x.wrapping_mul(7).wrapping_add(1)
}

pub async fn scaled_by_9(x: u64) -> u64 {
    yield_once().await;
    x.wrapping_mul(9).wrapping_add(1)
}

/// The same body as `scaled_by_7`: a true twin the merge may fold.
pub async fn scaled_by_7_again(x: u64) -> u64 {
    yield_once().await;
    x.wrapping_mul(7).wrapping_add(1)
}

/// Awaits `f` twice-suspended and adds `extra`: one instance per future type, most of
/// them alike.
pub async fn drive<F: Future<Output = u64>>(f: F, extra: u64) -> u64 {
    yield_once().await;
    let v = f.await;
    yield_once().await;
    v.wrapping_add(extra)
}

/// Awaits a list of futures of one type in order and folds their outputs with `op`.
pub async fn fold_all<F, Op>(futs: Vec<F>, op: Op) -> u64
where
    F: Future<Output = u64>,
    Op: Fn(u64, u64) -> u64,
{
    let mut acc = 0;
    for f in futs {
        acc = op(acc, f.await);
    }
    acc
}

/// A stage of a pipeline, dispatched dynamically: `async-trait` boxes every call's
/// future.
#[async_trait::async_trait]
pub trait Stage: Send + Sync {
    async fn apply(&self, x: u64) -> u64;
    fn name(&self) -> &'static str;
}

pub struct Add(pub u64);
pub struct Sub(pub u64);
pub struct Mul(pub u64);
pub struct Xor(pub u64);
pub struct ShrArith(pub u32);
pub struct ShrLogic(pub u32);
pub struct SatSub(pub u64);

#[async_trait::async_trait]
impl Stage for Add {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x.wrapping_add(self.0)
    }
    fn name(&self) -> &'static str {
        "add"
    }
}

#[async_trait::async_trait]
impl Stage for Sub {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x.wrapping_sub(self.0)
    }
    fn name(&self) -> &'static str {
        "sub"
    }
}

#[async_trait::async_trait]
impl Stage for SatSub {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x.saturating_sub(self.0)
    }
    fn name(&self) -> &'static str {
        "satsub"
    }
}

#[async_trait::async_trait]
impl Stage for Mul {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x.wrapping_mul(self.0)
    }
    fn name(&self) -> &'static str {
        "mul"
    }
}

#[async_trait::async_trait]
impl Stage for Xor {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x ^ self.0
    }
    fn name(&self) -> &'static str {
        "xor"
    }
}

#[async_trait::async_trait]
impl Stage for ShrArith {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        ((x as i64) >> (self.0 & 63)) as u64
    }
    fn name(&self) -> &'static str {
        "sar"
    }
}

#[async_trait::async_trait]
impl Stage for ShrLogic {
    async fn apply(&self, x: u64) -> u64 {
        yield_once().await;
        x >> (self.0 & 63)
    }
    fn name(&self) -> &'static str {
        "shr"
    }
}

/// Every stage kind, in a fixed order.
pub fn all_stages() -> Vec<Box<dyn Stage>> {
    vec![
        Box::new(Add(0x11)),
        Box::new(Sub(0x11)),
        Box::new(SatSub(0x11)),
        Box::new(Mul(3)),
        Box::new(Xor(0xff)),
        Box::new(ShrArith(5)),
        Box::new(ShrLogic(5)),
    ]
}

/// Runs `x` through every stage in order, returning the trace of names and values.
pub async fn pipeline(stages: &[Box<dyn Stage>], mut x: u64) -> (u64, String) {
    let mut trace = String::new();
    for s in stages {
        x = s.apply(x).await;
        trace.push_str(&format!("{}={:x} ", s.name(), x));
    }
    (x, trace)
}

/// A boxed future of one of the near twins, chosen at run time.
pub fn boxed(kind: u8, x: u64) -> Pin<Box<dyn Future<Output = u64> + Send>> {
    match kind % 6 {
        0 => Box::pin(shr_unsigned(x)),
        1 => Box::pin(shr_signed(x)),
        2 => Box::pin(scaled_by_7(x)),
        3 => Box::pin(scaled_by_9(x)),
        4 => Box::pin(async move { div_unsigned(x as u32, 7).await as u64 }),
        _ => Box::pin(async move { div_signed(x as u32, 7).await as u64 }),
    }
}

/// What `boxed(kind, x)` computes, written without futures.
pub fn boxed_expected(kind: u8, x: u64) -> u64 {
    match kind % 6 {
        0 => x >> 3,
        1 => ((x as i64) >> 3) as u64,
        2 => x.wrapping_mul(7).wrapping_add(1),
        3 => x.wrapping_mul(9).wrapping_add(1),
        4 => (x as u32 / 7) as u64,
        _ => ((x as u32 as i32) / 7) as u32 as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxed_expected_tells_the_twins_apart() {
        let x = 0x8000_0000_0000_0040u64;
        assert_ne!(boxed_expected(0, x), boxed_expected(1, x));
        assert_ne!(boxed_expected(2, x), boxed_expected(3, x));
        assert_ne!(boxed_expected(4, x | 0x8000_0000), boxed_expected(5, x | 0x8000_0000));
    }
}
