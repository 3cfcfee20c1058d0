//! The clock behind [`crate::PassTimes`]: the adapter times every view build and every
//! rewrite (tens of thousands of spans on a large module), so reading the clock must
//! cost next to nothing. On x86-64 it reads the time-stamp counter (a few cycles, where
//! a `clock_gettime` through the vDSO cost about 30 ns and 3% of the pass); elsewhere it
//! reads `Instant`. Spans are kept in ticks and turned into seconds with the rate
//! measured between [`PartClock::new`] and [`PartClock::seconds`] against `Instant`, so
//! the parts add up to wall time even when the counter's frequency is unknown. The
//! numbers are a report, never an input to a merge decision.

use std::time::Instant;

/// A tick count: the time-stamp counter, or nanoseconds since a process-wide epoch.
#[inline]
pub(crate) fn ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `rdtsc` is available on every x86-64 processor and has no side effects.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// Converts tick spans to seconds by the rate observed since it was made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PartClock {
    wall0: Instant,
    ticks0: u64,
}

impl PartClock {
    pub(crate) fn new() -> Self {
        PartClock { wall0: Instant::now(), ticks0: ticks() }
    }

    /// `span` ticks in seconds (0 before any time has passed).
    pub(crate) fn seconds(&self, span: u64) -> f64 {
        let wall = self.wall0.elapsed().as_secs_f64();
        let elapsed = ticks().wrapping_sub(self.ticks0);
        if elapsed == 0 {
            return 0.0;
        }
        span as f64 * (wall / elapsed as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_convert_to_roughly_their_wall_time() {
        let clock = PartClock::new();
        let t0 = ticks();
        let w0 = Instant::now();
        std::thread::sleep(std::time::Duration::from_millis(30));
        let span = ticks().wrapping_sub(t0);
        let wall = w0.elapsed().as_secs_f64();
        let secs = clock.seconds(span);
        // The span is almost all of the calibration window, so it converts to about its
        // own wall time (generous bounds: a loaded CI machine may deschedule us).
        assert!(secs > 0.5 * wall && secs < 1.5 * wall, "span {secs} s against wall {wall} s");
    }
}
