//! The program's scenarios through tokio's test macros: each runtime flavor, generic
//! futures over many types, and `join!` of near twins.

use async_stages as st;
use std::time::Duration;

#[tokio::test]
async fn current_thread_joins_near_twins() {
    let (a, b, c, d) = tokio::join!(
        st::shr_unsigned(u64::MAX),
        st::shr_signed(u64::MAX),
        st::add_wrapping(255, 2),
        st::add_saturating(255, 2)
    );
    assert_eq!((a, b, c, d), (u64::MAX >> 3, u64::MAX, 1, 255));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multi_thread_boxed_futures_in_spawn_order() {
    let handles: Vec<_> = (0..24u8).map(|k| tokio::spawn(st::boxed(k, 0xffff_fff0 + k as u64))).collect();
    for (k, h) in handles.into_iter().enumerate() {
        assert_eq!(h.await.unwrap(), st::boxed_expected(k as u8, 0xffff_fff0 + k as u64), "kind {k}");
    }
}

#[tokio::test(start_paused = true)]
async fn paused_time_orders_sleepers() {
    let mut set = tokio::task::JoinSet::new();
    for (id, ms) in [(0u8, 30u64), (1, 10), (2, 20)] {
        set.spawn(async move {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            id
        });
    }
    let mut order = Vec::new();
    while let Some(id) = set.join_next().await {
        order.push(id.unwrap());
    }
    assert_eq!(order, [1, 2, 0]);
}

#[test]
fn the_report_is_the_same_twice() {
    let a = rust_async::report();
    assert_eq!(a, rust_async::report());
    assert_eq!(a.last().unwrap().replace("multi expected", "multi check"), a[a.len() - 3]);
}
