//! The prescan: LLVM's `StructuralHash` and the native part of the merge key of every
//! candidate, from one native walk per function (the shim's `mergefunc_prescan`), spread
//! over threads.
//!
//! Reading a module's instructions is mostly waiting for memory: the walks of the hash
//! and of the merge key each cost about as much as the other (the IR of a large module is
//! far bigger than the caches). One walk computes both, and independent functions are
//! walked on several threads at once.
//!
//! Invariants:
//! * the walk only reads the IR (no LLVM object is created, no context state touched),
//!   and runs while the caller holds the module exclusively (`&mut`/`&` of the
//!   `LlvmModule` for the whole call), so nothing modifies what the threads read;
//! * the results are stored by function and do not depend on the thread count or on
//!   which thread walked which function;
//! * a result describes the IR as it was when the prescan ran: the module drops it on its
//!   first rewrite (see `LlvmModule::drop_prescan`).

use crate::safe::{ScanScratch, V};
use std::sync::atomic::{AtomicU64, Ordering};

/// What the prescan found for one function.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// `StructuralHash(f, false)`, exactly.
    pub(crate) hash: u64,
    /// The native part of the merge key.
    pub(crate) key: u64,
    /// The identities the key refers to: a span of one part's ids (see
    /// [`Prescan::ids_of`]).
    pub(crate) ids: (u32, u32),
    /// Which thread's part holds those ids.
    pub(crate) part: u32,
    /// A hash of details the order compares exactly (the shim's `out[6]`), for tree keys.
    pub(crate) detail: u64,
    /// The copy key (see [`copy_key`]), computed by the thread that scanned the function.
    pub(crate) copy: u64,
}

/// The copy key of the function at `own` (its value pointer) from its scan: the hash, the
/// native key, the identities of other constant operands and the identities the key names
/// (a function's own name as a marker, another function only as its tag: a copy may call
/// other functions), so that functions with the same key almost always have the same
/// body. Never 0.
pub(crate) fn copy_key(own: u64, hash: u64, key: u64, consts: u64, ids: &[u64]) -> u64 {
    let mut k = hash.rotate_left(17) ^ key ^ consts.rotate_left(41);
    for &id in ids {
        // Attachments (tags 4 and 5) are left out, as before the prescan listed them: a
        // copy may differ in hints, which the same-body walk decides.
        if id & 7 >= 4 {
            continue;
        }
        let id = if id & !7 == own {
            1
        } else if id & 7 >= 2 {
            id & 7
        } else {
            id
        };
        k = (k.rotate_left(5) ^ id).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    k | 1
}

/// The prescan of a set of functions.
#[derive(Debug, Default)]
pub(crate) struct Prescan {
    /// By function index; `None`: not scanned, or the native walk declined it.
    entries: Vec<Option<Entry>>,
    /// Per thread, the tagged value pointers its scans found (see the shim): tag 1 a
    /// global variable, alias or ifunc, 2 a declared function, 3 a function with a body.
    /// Kept as the threads left them (no copy into one list).
    ids: Vec<Vec<u64>>,
    /// A `blockaddress` may refer to a block of one of the scanned functions: one of them
    /// has a block whose address is taken, or the walk declined one of them.
    pub(crate) block_addresses: bool,
    /// By function index: the address range of its blocks and instructions when the
    /// walk read them ((0, 0): not read). Only a prefetch hint, never dereferenced.
    pub(crate) footprints: Vec<(u64, u64)>,
    /// The scanned definitions that are never candidates of the pass (see
    /// [`crate::shape::keyed`]), by function index, ascending: scanned (their blocks count
    /// for `block_addresses`) but never keyed as alone.
    unkeyed: Vec<usize>,
}

impl Prescan {
    /// Whether function `index` was scanned but is never a candidate (see
    /// [`crate::shape::keyed`]).
    pub(crate) fn unkeyed(&self, index: usize) -> bool {
        self.unkeyed.binary_search(&index).is_ok()
    }

    pub(crate) fn entry(&self, index: usize) -> Option<Entry> {
        self.entries.get(index).copied().flatten()
    }

    /// The identities entry `e` refers to, in walk order.
    pub(crate) fn ids_of(&self, e: &Entry) -> &[u64] {
        self.ids.get(e.part as usize).and_then(|ids| ids.get(e.ids.0 as usize..e.ids.1 as usize)).unwrap_or(&[])
    }
}

/// The hasher of merge keys (here and in the LLVM-C walk): per word, rotate, xor and
/// multiply, the shim's formula. (`rustc_hash`'s add-then-multiply is weak here: two
/// words that each differ by 2^63, as Rust enum niches often do, cancel out.)
#[derive(Debug, Default)]
pub(crate) struct KeyHasher(u64);

impl KeyHasher {
    #[inline]
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        self.word(bytes.len() as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.word(x as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.word(x as u64);
    }
    fn write_i32(&mut self, x: i32) {
        self.word(x as u32 as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.word(x);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Functions per chunk a thread takes: small enough to balance, large enough that each thread
/// reads long runs of memory in the order the parser wrote it.
const CHUNK: usize = 16;

/// The functions not yet taken, `[front, back)` of the work list, in one word (front in
/// the low half) so that both ends are taken by compare-and-swap. The helper threads
/// take chunks from the front and the calling thread, once its own work is done, from
/// the back: with two threads each walks one stream of memory forward, chunk after
/// chunk, instead of both hopping between interleaved small chunks (whose memory the
/// other thread's prefetches had pulled into the wrong core's cache).
struct Unscanned(AtomicU64);

impl Unscanned {
    fn new(len: usize) -> Self {
        Unscanned(AtomicU64::new((len as u64) << 32))
    }

    /// Takes up to [`CHUNK`] functions from the front (or the back): their range in the
    /// work list, `None` when nothing is left.
    fn take(&self, from_back: bool) -> Option<std::ops::Range<usize>> {
        let mut cur = self.0.load(Ordering::Relaxed);
        loop {
            let (front, back) = (cur & 0xffff_ffff, cur >> 32);
            if front >= back {
                return None;
            }
            let (next, range) = if from_back {
                let b = back.saturating_sub(CHUNK as u64).max(front);
                (front | b << 32, b..back)
            } else {
                let f = (front + CHUNK as u64).min(back);
                (f | back << 32, front..f)
            };
            match self.0.compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some(range.start as usize..range.end as usize),
                Err(now) => cur = now,
            }
        }
    }
}

/// Below this many functions one thread does it all (starting threads would cost more).
const MIN_PARALLEL: usize = 512;

/// The threads a prescan uses: `n` if set, else the available parallelism, at most 8.
pub(crate) fn thread_count(n: Option<usize>) -> usize {
    n.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(8))
}

/// Scans `funcs` (function index, LLVM function) with at most `threads()` threads (asked
/// only when there are enough functions to use more than one); the calling thread with
/// `scratch` (which may have keyed types before: a type's key depends on the type alone),
/// the others with scratches of their own.
/// `terms`: the per-C++-opcode terms of the hash; `ptr_bits`: the pointer width that the
/// order equates with address-space-0 pointers (0: none).
///
/// The other threads scan from the front of `funcs`, the calling thread from the back
/// (see [`Unscanned`]).
///
/// # Safety
/// Every handle is a function of one live module. Until the call returns, nothing
/// modifies the functions' blocks, instructions or operands, nor the values and types
/// the operands point to.
pub(crate) unsafe fn run(
    funcs: &[(usize, V)],
    n_funcs: usize,
    terms: &[u64; 128],
    ptr_bits: u32,
    threads: impl FnOnce() -> usize,
    scratch: &ScanScratch,
) -> Prescan {
    if funcs.is_empty() {
        // Nothing to walk (every definition alone on its shape, or none): no scratch,
        // no thread, no tables.
        return Prescan::default();
    }
    // Handles cross threads as integers; they are only dereferenced by the shim.
    let work: Vec<(usize, usize)> = funcs.iter().map(|&(i, f)| (i, f.0 as usize)).collect();
    assert!(work.len() < u32::MAX as usize, "more functions than the prescan can index");
    let unscanned = Unscanned::new(work.len());
    let threads = if work.len() < MIN_PARALLEL { 1 } else { threads().clamp(1, 16) };
    let parts: Vec<Part> = if threads == 1 {
        vec![scan_chunks(&work, &unscanned, false, terms, ptr_bits, scratch)]
    } else {
        // The other threads each with a scratch of their own (a scratch serves one thread).
        let scan_front = || scan_chunks(&work, &unscanned, false, terms, ptr_bits, &ScanScratch::new());
        std::thread::scope(|s| {
            let handles: Vec<_> = (1..threads).map(|_| s.spawn(scan_front)).collect();
            let mut parts = vec![scan_chunks(&work, &unscanned, true, terms, ptr_bits, scratch)];
            for h in handles {
                // A worker that panicked (it cannot: the shim reports failures as 0)
                // leaves its functions unscanned; they take the slow paths.
                if let Ok(p) = h.join() {
                    parts.push(p);
                }
            }
            parts
        })
    };
    let block_addresses = parts.iter().any(|p| p.block_addresses);
    let mut out = Prescan {
        entries: vec![None; n_funcs],
        ids: Vec::with_capacity(parts.len()),
        block_addresses,
        footprints: vec![(0, 0); n_funcs],
        unkeyed: funcs.iter().filter(|&&(_, f)| !crate::shape::keyed(f)).map(|&(i, _)| i).collect(),
    };
    out.unkeyed.sort_unstable();
    for (k, p) in parts.into_iter().enumerate() {
        for (i, e, footprint) in p.found {
            if let Some(slot) = out.entries.get_mut(i) {
                *slot = Some(Entry { part: k as u32, ..e });
                out.footprints[i] = footprint;
            }
        }
        out.ids.push(p.ids);
    }
    out
}

/// What one thread found: per function its entry and footprint, and its ids; whether a
/// scanned function may have a block whose address is taken.
#[derive(Default)]
struct Part {
    /// (function index, its entry with an ids span into this part's `ids`, footprint).
    found: Vec<(usize, Entry, (u64, u64))>,
    ids: Vec<u64>,
    block_addresses: bool,
}

fn scan_chunks(
    work: &[(usize, usize)],
    unscanned: &Unscanned,
    from_back: bool,
    terms: &[u64; 128],
    ptr_bits: u32,
    scratch: &ScanScratch,
) -> Part {
    // Sized for every function (pages never written cost nothing): no regrowth copies.
    let mut part =
        Part { found: Vec::with_capacity(work.len()), ids: Vec::with_capacity(8 * work.len()), block_addresses: false };
    while let Some(chunk) = unscanned.take(from_back) {
        for &(i, f) in &work[chunk] {
            let start = part.ids.len();
            // `f` is a live function nothing modifies (the contract of `run`), back from the
            // integer it crossed threads as.
            match scratch.prescan(V(f as _), terms, ptr_bits, &mut part.ids) {
                Some(out) => {
                    let end = part.ids.len();
                    let copy = copy_key(f as u64, out[0], out[1], out[7], &part.ids[start..end]);
                    let e = Entry {
                        hash: out[0],
                        key: out[1],
                        ids: (start as u32, end as u32),
                        part: 0,
                        detail: out[6],
                        copy,
                    };
                    part.found.push((i, e, (out[4], out[5])));
                    part.block_addresses |= out[3] != 0;
                }
                None => part.block_addresses = true,
            }
        }
    }
    part
}

#[cfg(test)]
mod tests {
    use super::{Unscanned, CHUNK};

    /// Takes from both ends hand out every index exactly once, in chunks of at most
    /// [`CHUNK`], front chunks ascending and back chunks descending, also when two
    /// threads take at once.
    #[test]
    fn takes_cover_the_work_once_from_both_ends() {
        for len in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK + 3, 10_000] {
            let u = Unscanned::new(len);
            let mut seen = vec![0u32; len];
            let (mut last_front, mut last_back) = (0, len);
            let mut k = 0;
            loop {
                let from_back = k % 3 == 0;
                k += 1;
                let Some(r) = u.take(from_back) else { break };
                assert!(!r.is_empty() && r.len() <= CHUNK, "{len}: {r:?}");
                if from_back {
                    assert_eq!(r.end, last_back);
                    last_back = r.start;
                } else {
                    assert_eq!(r.start, last_front);
                    last_front = r.end;
                }
                for i in r {
                    seen[i] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{len}");
            assert!(u.take(false).is_none() && u.take(true).is_none());
        }
        let len = 100_000;
        let u = Unscanned::new(len);
        let take_all = |from_back: bool| {
            let mut got = Vec::new();
            while let Some(r) = u.take(from_back) {
                got.extend(r);
            }
            got
        };
        let (a, b) = std::thread::scope(|s| {
            let h = s.spawn(|| take_all(false));
            let b = take_all(true);
            (h.join().unwrap(), b)
        });
        let mut all: Vec<usize> = a.into_iter().chain(b).collect();
        all.sort_unstable();
        assert_eq!(all, (0..len).collect::<Vec<_>>());
    }
}
