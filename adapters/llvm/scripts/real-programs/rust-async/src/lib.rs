//! An async program on tokio for real-programs.py: current-thread runtimes with paused
//! time, a multi-thread runtime, channels (mpsc, oneshot, broadcast, watch), `select!`,
//! `JoinSet`, semaphores, `async-trait` stages and boxed futures from `async-stages`,
//! and generic async functions instantiated for many future and item types.
//!
//! Everything `report` prints is deterministic: timers run on paused time (tokio
//! advances the clock only when every task waits), and the multi-thread runtime's
//! results are collected in spawn order, never in completion order. Each line pairs a
//! value computed through futures with one computed without them where it can.

use async_stages as st;
use std::future::Future;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, watch, Semaphore};
use tokio::time::Instant;

/// A current-thread runtime whose clock is paused.
pub fn paused_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().expect("runtime")
}

/// A multi-thread runtime of two workers.
pub fn multi_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
}

/// The near twins of `async-stages`, each pair on inputs that tell them apart.
pub async fn twins() -> Vec<String> {
    let big = 0x8000_0000_0000_0040u64;
    let mut out = vec![
        format!("shr {:x} {:x}", st::shr_unsigned(big).await, st::shr_signed(big).await),
        format!("div {} {}", st::div_unsigned(0xffff_fff0, 3).await, st::div_signed(0xffff_fff0, 3).await),
        format!("less {} {}", st::less_unsigned(1, 0xffff_ffff).await, st::less_signed(1, 0xffff_ffff).await),
        format!("add8 {} {}", st::add_wrapping(200, 100).await, st::add_saturating(200, 100).await),
        format!(
            "bits {:x} {:x}",
            st::bits_as_float(1.5f32.to_bits(), 2.25f32.to_bits()).await,
            st::bits_as_int(1.5f32.to_bits(), 2.25f32.to_bits()).await
        ),
        format!(
            "scale {} {} {}",
            st::scaled_by_7(11).await,
            st::scaled_by_9(11).await,
            st::scaled_by_7_again(11).await
        ),
    ];
    // generic drivers over many future types: one state machine per type
    let d = [
        st::drive(st::shr_unsigned(big), 1).await,
        st::drive(st::shr_signed(big), 1).await,
        st::drive(st::scaled_by_7(5), 2).await,
        st::drive(st::scaled_by_9(5), 2).await,
        st::drive(async { 40u64 }, 2).await,
        st::drive(async { u64::from(st::add_wrapping(250, 10).await) }, 0).await,
        st::drive(async { u64::from(st::add_saturating(250, 10).await) }, 0).await,
        st::drive(st::boxed(3, 6), 0).await,
    ];
    out.push(format!("drive {:x?}", d));
    let folded_add =
        st::fold_all((0..6u8).map(|k| st::boxed(k, 1000 + k as u64)).collect(), |a, b| a.wrapping_add(b)).await;
    let folded_xor = st::fold_all((0..6u8).map(|k| st::boxed(k, 1000 + k as u64)).collect(), |a, b| a ^ b).await;
    out.push(format!("fold {folded_add} {folded_xor}"));
    out
}

/// `twins` written without futures.
pub fn twins_expected() -> Vec<String> {
    let big = 0x8000_0000_0000_0040u64;
    let boxed: Vec<u64> = (0..6u8).map(|k| st::boxed_expected(k, 1000 + k as u64)).collect();
    vec![
        format!("shr {:x} {:x}", big >> 3, ((big as i64) >> 3) as u64),
        format!("div {} {}", 0xffff_fff0u32 / 3, ((0xffff_fff0u32 as i32) / 3) as u32),
        format!("less {} {}", true, false),
        format!("add8 {} {}", 200u8.wrapping_add(100), 200u8.saturating_add(100)),
        format!("bits {:x} {:x}", 3.75f32.to_bits(), 1.5f32.to_bits().wrapping_add(2.25f32.to_bits())),
        format!("scale {} {} {}", 78, 100, 78),
        format!("drive {:x?}", [(big >> 3) + 1, (((big as i64) >> 3) as u64) + 1, 38, 48, 42, 4, 255, 55]),
        format!(
            "fold {} {}",
            boxed.iter().fold(0u64, |a, b| a.wrapping_add(*b)),
            boxed.iter().fold(0u64, |a, b| a ^ b)
        ),
    ]
}

/// Relays items of one type through a channel, widened to u64 and summed with a weight
/// per position: instantiated for u8, u16, u32 and u64 (state machines alike but for
/// the item's width).
pub async fn relay<T: Copy + Send + Into<u64> + 'static>(items: Vec<T>) -> u64 {
    let (tx, mut rx) = mpsc::channel::<T>(2);
    let producer = tokio::spawn(async move {
        for i in items {
            tx.send(i).await.expect("send");
        }
    });
    let mut sum = 0u64;
    let mut pos = 1u64;
    while let Some(v) = rx.recv().await {
        sum = sum.wrapping_add(v.into().wrapping_mul(pos));
        pos += 1;
    }
    producer.await.expect("producer");
    sum
}

/// Tasks sleeping on paused time report in deadline order; intervals tick on virtual
/// time; a timeout fires.
pub async fn timers() -> Vec<String> {
    let start = Instant::now();
    let (tx, mut rx) = mpsc::unbounded_channel();
    for (id, ms) in [(0u32, 50u64), (1, 10), (2, 30), (3, 20), (4, 40)] {
        let tx = tx.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            tx.send((id, start.elapsed().as_millis() as u64)).expect("send");
        });
    }
    drop(tx);
    let mut order = Vec::new();
    while let Some(p) = rx.recv().await {
        order.push(p);
    }
    let mut iv = tokio::time::interval(Duration::from_millis(7));
    let mut ticks = 0;
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_millis(50) {
        iv.tick().await;
        ticks += 1;
    }
    let timed_out =
        tokio::time::timeout(Duration::from_millis(5), tokio::time::sleep(Duration::from_millis(9))).await.is_err();
    let in_time = tokio::time::timeout(Duration::from_millis(9), st::scaled_by_9(3)).await;
    vec![
        format!("sleep order {:?}", order),
        format!("interval ticks {ticks}"),
        format!("timeout {timed_out} {:?}", in_time.ok()),
        format!("elapsed {}", start.elapsed().as_millis()),
    ]
}

/// `select!` over channels and a timer, biased so the branch taken is deterministic.
pub async fn selects() -> Vec<String> {
    let (atx, mut arx) = mpsc::channel::<u32>(8);
    let (btx, mut brx) = mpsc::channel::<i32>(8);
    for i in 0..3 {
        atx.send(i * 10).await.expect("a");
        btx.send(-(i as i32) - 1).await.expect("b");
    }
    drop(atx);
    let mut log = Vec::new();
    let (mut a_open, mut b_open) = (true, true);
    while a_open || b_open {
        tokio::select! {
            biased;
            v = arx.recv(), if a_open => match v {
                Some(v) => log.push(format!("a{v}")),
                None => { a_open = false; log.push("a-end".into()) }
            },
            v = brx.recv(), if b_open => match v {
                Some(v) => log.push(format!("b{v}")),
                None => { b_open = false; log.push("b-end".into()) }
            },
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                log.push("idle".into());
                drop(btx.clone());
                b_open = false;
            }
        }
    }
    // select! over near twins: both complete after one suspension; biased takes the first
    let first = tokio::select! {
        biased;
        v = st::less_signed(1, u32::MAX) => format!("signed {v}"),
        v = st::less_unsigned(1, u32::MAX) => format!("unsigned {v}"),
    };
    let second = tokio::select! {
        biased;
        v = st::less_unsigned(1, u32::MAX) => format!("unsigned {v}"),
        v = st::less_signed(1, u32::MAX) => format!("signed {v}"),
    };
    vec![format!("select {}", log.join(",")), format!("select twins {first} / {second}")]
}

/// Broadcast to three receivers, watch updates, a oneshot reply, a semaphore.
pub async fn channels() -> Vec<String> {
    let (btx, _) = broadcast::channel::<u16>(16);
    let mut handles = Vec::new();
    for r in 0..3u16 {
        let mut rx = btx.subscribe();
        handles.push(tokio::spawn(async move {
            let mut acc = 0u64;
            while let Ok(v) = rx.recv().await {
                acc = acc * 31 + u64::from(v ^ r);
            }
            acc
        }));
    }
    for v in [3u16, 1, 4, 1, 5, 9, 2, 6] {
        btx.send(v).expect("broadcast");
    }
    drop(btx);
    let mut sums = Vec::new();
    for h in handles {
        sums.push(h.await.expect("receiver"));
    }
    let (wtx, mut wrx) = watch::channel(0i64);
    let watcher = tokio::spawn(async move {
        let mut seen = Vec::new();
        while wrx.changed().await.is_ok() {
            seen.push(*wrx.borrow_and_update());
        }
        seen.last().copied()
    });
    for v in [-5i64, 7, -9] {
        wtx.send(v).expect("watch");
        tokio::task::yield_now().await;
    }
    drop(wtx);
    let last = watcher.await.expect("watcher");
    let (otx, orx) = oneshot::channel();
    tokio::spawn(async move { otx.send(st::div_signed(0xffff_ff00, 16).await).expect("oneshot") });
    let reply = orx.await.expect("reply");
    let sem = std::sync::Arc::new(Semaphore::new(2));
    let mut set = tokio::task::JoinSet::new();
    for i in 0..6u64 {
        let sem = sem.clone();
        set.spawn(async move {
            let _p = sem.acquire().await.expect("permit");
            tokio::time::sleep(Duration::from_millis(i)).await;
            st::scaled_by_7(i).await
        });
    }
    let mut got = Vec::new();
    while let Some(r) = set.join_next().await {
        got.push(r.expect("task"));
    }
    got.sort_unstable();
    let relays = [
        relay::<u8>(vec![200, 100, 255]).await,
        relay::<u16>(vec![200, 100, 65535]).await,
        relay::<u32>(vec![200, 100, u32::MAX]).await,
        relay::<u64>(vec![200, 100, u64::MAX]).await,
    ];
    vec![
        format!("broadcast {:?}", sums),
        format!("watch {:?} oneshot {:x}", last, reply),
        format!("semaphore {:?}", got),
        format!("relay {:x?}", relays),
    ]
}

/// Stage pipelines (async-trait, boxed futures) and boxed twins on the multi-thread
/// runtime, collected in spawn order.
pub fn multi() -> Vec<String> {
    multi_runtime().block_on(async {
        let mut handles = Vec::new();
        for i in 0..48u64 {
            handles.push(tokio::spawn(async move {
                let stages = st::all_stages();
                let seed = 0x8000_0000_0000_0000u64 | (i * 0x1234_5678);
                let (x, trace) = st::pipeline(&stages, seed).await;
                let b = st::boxed(i as u8, seed ^ 0x8000_0000).await;
                (x, trace, b)
            }));
        }
        let mut out = Vec::new();
        let mut check = 0u64;
        for (i, h) in handles.into_iter().enumerate() {
            let (x, trace, b) = h.await.expect("task");
            check = check.rotate_left(5) ^ x ^ b.wrapping_mul(3);
            if i < 2 {
                out.push(format!("pipeline {i}: {trace}"));
            }
        }
        out.push(format!("multi check {check:x}"));
        let blocking = tokio::task::spawn_blocking(|| st::boxed_expected(1, u64::MAX - 7)).await.expect("blocking");
        out.push(format!("blocking {blocking:x}"));
        out
    })
}

/// What `multi`'s check value is, computed without futures.
pub fn multi_check_expected() -> u64 {
    let mut check = 0u64;
    for i in 0..48u64 {
        let seed = 0x8000_0000_0000_0000u64 | (i * 0x1234_5678);
        let mut x = seed.wrapping_add(0x11);
        x = x.wrapping_sub(0x11);
        x = x.saturating_sub(0x11);
        x = x.wrapping_mul(3);
        x ^= 0xff;
        x = ((x as i64) >> 5) as u64;
        x >>= 5;
        let b = st::boxed_expected(i as u8, seed ^ 0x8000_0000);
        check = check.rotate_left(5) ^ x ^ b.wrapping_mul(3);
    }
    check
}

/// Runs `f` on a fresh paused current-thread runtime.
pub fn on_paused<F: Future>(f: F) -> F::Output {
    paused_runtime().block_on(f)
}

/// Every line the program prints.
pub fn report() -> Vec<String> {
    let mut out = on_paused(twins());
    out.extend(on_paused(timers()));
    out.extend(on_paused(selects()));
    out.extend(on_paused(channels()));
    out.extend(multi());
    out.push(format!("multi expected {:x}", multi_check_expected()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twins_match_their_synchronous_values() {
        assert_eq!(on_paused(twins()), twins_expected());
    }

    #[test]
    fn sleepers_report_in_deadline_order() {
        let t = on_paused(timers());
        assert_eq!(t[0], "sleep order [(1, 10), (3, 20), (2, 30), (4, 40), (0, 50)]");
        assert_eq!(t[1], "interval ticks 9");
        assert_eq!(t[2], "timeout true Some(28)");
    }

    #[test]
    fn biased_select_takes_the_first_ready_branch() {
        let s = on_paused(selects());
        assert_eq!(s[0], "select a0,a10,a20,a-end,b-1,b-2,b-3,idle");
        assert_eq!(s[1], "select twins signed false / unsigned true");
    }

    #[test]
    fn channels_deliver_everything() {
        let c = on_paused(channels());
        let expect = |r: u16| [3u16, 1, 4, 1, 5, 9, 2, 6].iter().fold(0u64, |a, v| a * 31 + u64::from(v ^ r));
        assert_eq!(c[0], format!("broadcast {:?}", [expect(0), expect(1), expect(2)]));
        assert_eq!(c[1], format!("watch Some(-9) oneshot {:x}", (0xffff_ff00u32 as i32 / 16) as u32));
        assert_eq!(c[2], format!("semaphore {:?}", (0..6u64).map(|i| i * 7 + 1).collect::<Vec<_>>()));
        let w = |m: u64| 200 + 200 + 3 * m;
        assert_eq!(
            c[3],
            format!(
                "relay {:x?}",
                [w(255), w(65535), w(u32::MAX as u64), 400u64.wrapping_add(3u64.wrapping_mul(u64::MAX))]
            )
        );
    }

    #[test]
    fn multi_thread_results_match() {
        let m = multi();
        assert_eq!(m[2], format!("multi check {:x}", multi_check_expected()));
        assert_eq!(m[3], format!("blocking {:x}", ((u64::MAX - 7) as i64 >> 3) as u64));
    }

    #[tokio::test(start_paused = true)]
    async fn paused_test_runtime_sees_virtual_time() {
        let t0 = Instant::now();
        let v = st::drive(
            async {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                5
            },
            1,
        )
        .await;
        assert_eq!((v, t0.elapsed().as_secs()), (6, 3600));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn multi_thread_test_runtime_runs_stages() {
        let stages = st::all_stages();
        let (x, _) = st::pipeline(&stages, 1000).await;
        let mut y = 1000u64.wrapping_add(0x11).wrapping_sub(0x11).saturating_sub(0x11).wrapping_mul(3) ^ 0xff;
        y = ((y as i64) >> 5) as u64 >> 5;
        assert_eq!(x, y);
    }
}
