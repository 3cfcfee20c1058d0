//! The adapter's environment switches (`MERGEFUNC_SHAPES`, `MERGEFUNC_SHAPE_*`,
//! `MERGEFUNC_PRESCAN_ALONE`, `MERGEFUNC_PREFETCH_CODE`): settings for measurements and
//! checks, read through [`var`] and [`var_os`].
//!
//! Invariants: [`var`] and [`var_os`] answer exactly as `std::env::var` and
//! `std::env::var_os` for every name that begins with [`PREFIX`] (the only names asked
//! for). The process environment is walked once, at the first question, to see whether
//! any variable's name begins with [`PREFIX`]; when none does (a build's environment,
//! every translation unit in clang), every switch is unset without a `getenv` of its own.
//! When one does, each switch is read by name as before. The answer is kept for the
//! process: the switches are settings of a process (each is also cached where it is
//! used), and nothing in this process changes its environment.

use std::ffi::OsString;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// The start of every switch's name.
pub(crate) const PREFIX: &[u8] = b"MERGEFUNC_";

/// Whether the environment names a switch: 0 not walked yet, 1 no, 2 yes.
static NAMES_A_SWITCH: AtomicU8 = AtomicU8::new(0);

/// A switch's value (or anything else a process computes once from its environment),
/// kept for the process without `std::sync::OnceLock`, whose first-call path (`Once`'s
/// slow path, a closure per switch) is code that every short run fetches for the first
/// time. The first [`Cached`] get computes the value; threads that race there compute the
/// same value from the same environment, and a thread that sees `read` set sees the
/// value stored before it (release and acquire).
pub(crate) struct Cached {
    read: AtomicBool,
    value: AtomicU64,
}

impl Cached {
    pub(crate) const fn new() -> Self {
        Cached { read: AtomicBool::new(false), value: AtomicU64::new(0) }
    }

    fn get(&self, read: impl FnOnce() -> u64) -> u64 {
        if self.read.load(Ordering::Acquire) {
            return self.value.load(Ordering::Relaxed);
        }
        let v = read();
        self.value.store(v, Ordering::Relaxed);
        self.read.store(true, Ordering::Release);
        v
    }

    pub(crate) fn get_bool(&self, read: impl FnOnce() -> bool) -> bool {
        self.get(|| u64::from(read())) != 0
    }

    pub(crate) fn get_u32(&self, read: impl FnOnce() -> u32) -> u32 {
        self.get(|| u64::from(read())) as u32
    }

    pub(crate) fn get_i32(&self, read: impl FnOnce() -> i32) -> i32 {
        self.get(|| u64::from(read() as u32)) as u32 as i32
    }

    pub(crate) fn get_usize(&self, read: impl FnOnce() -> usize) -> usize {
        self.get(|| read() as u64) as usize
    }
}

/// Whether some variable of the process environment has a name that begins with
/// [`PREFIX`] (walked once per process; threads that race to walk it find the same).
fn environment_names_a_switch() -> bool {
    match NAMES_A_SWITCH.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let yes = walk_environment();
            NAMES_A_SWITCH.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
            yes
        }
    }
}

#[cfg(unix)]
fn walk_environment() -> bool {
    extern "C" {
        /// The C library's process environment: a null-terminated array of pointers
        /// to NUL-terminated `NAME=value` strings (POSIX).
        static environ: *const *const u8;
    }
    // SAFETY: `environ` is the C library's environment array, which `getenv` (and so
    // `std::env::var`) walks the same way: null or a null-terminated array of pointers
    // to NUL-terminated strings. The walk only reads, and stops inside each string at its
    // first byte that differs from `PREFIX` (at the latest its NUL, which no byte of
    // `PREFIX` equals), so it never reads past a string's end. Nothing in this process
    // changes the environment (neither the command nor the pass plugin calls `setenv`;
    // a host that did from another thread would race with `getenv` as much).
    unsafe {
        let mut p = environ;
        if p.is_null() {
            return false;
        }
        while !(*p).is_null() {
            let s = *p;
            let mut i = 0;
            while i < PREFIX.len() && *s.add(i) == PREFIX[i] {
                i += 1;
            }
            if i == PREFIX.len() {
                return true;
            }
            p = p.add(1);
        }
    }
    false
}

/// Elsewhere every switch is read by name.
#[cfg(not(unix))]
fn walk_environment() -> bool {
    true
}

/// `std::env::var(name).ok()` for a switch `name` (beginning with [`PREFIX`]).
pub(crate) fn var(name: &str) -> Option<String> {
    debug_assert!(name.as_bytes().starts_with(PREFIX));
    if !environment_names_a_switch() {
        return None;
    }
    std::env::var(name).ok()
}

/// `std::env::var_os(name)` for a switch `name` (beginning with [`PREFIX`]).
pub(crate) fn var_os(name: &str) -> Option<OsString> {
    debug_assert!(name.as_bytes().starts_with(PREFIX));
    if !environment_names_a_switch() {
        return None;
    }
    std::env::var_os(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk agrees with the environment as `std` reads it (the test process's
    /// environment: whichever way it is set, both must say the same).
    #[test]
    fn walk_agrees_with_std() {
        let named = std::env::vars_os().any(|(k, _)| k.as_encoded_bytes().starts_with(PREFIX));
        assert_eq!(walk_environment(), named);
        assert_eq!(environment_names_a_switch(), named);
        // Every switch that is set reads as `std` reads it; an unset one is unset.
        for (k, v) in std::env::vars_os() {
            if let Some(name) = k.to_str().filter(|k| k.as_bytes().starts_with(PREFIX)) {
                assert_eq!(var_os(name), Some(v));
            }
        }
        assert_eq!(var_os("MERGEFUNC_NO_SUCH_SWITCH_EVER"), None);
        assert_eq!(var("MERGEFUNC_NO_SUCH_SWITCH_EVER"), None);
    }

    /// A cached value is computed once and read back unchanged, for every width.
    #[test]
    fn cached_values_round_trip() {
        let calls = std::cell::Cell::new(0);
        let c = Cached::new();
        assert_eq!(
            c.get_usize(|| {
                calls.set(calls.get() + 1);
                usize::MAX
            }),
            usize::MAX
        );
        assert_eq!(
            c.get_usize(|| {
                calls.set(calls.get() + 1);
                7
            }),
            usize::MAX
        );
        assert_eq!(calls.get(), 1);
        let c = Cached::new();
        assert_eq!(c.get_i32(|| -3), -3);
        assert_eq!(c.get_i32(|| 5), -3);
        let c = Cached::new();
        assert!(!c.get_bool(|| false));
        assert!(!c.get_bool(|| true));
        let c = Cached::new();
        assert_eq!(c.get_u32(|| u32::MAX), u32::MAX);
        assert_eq!(c.get_u32(|| 1), u32::MAX);
    }
}
