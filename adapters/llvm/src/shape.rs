//! Shape keys: which definitions can be left unread because no other definition has
//! their shape.
//!
//! A module with few duplicates spends nearly all of a merge pass reading bodies that
//! turn out to be alone (LLVM's pass hashes every instruction of every function). The
//! shape key is read from a function's header and a few instructions of its entry block
//! (the shim's `mergefunc_shape_key`): the function type (address-space-0 pointers as
//! integers of the pointer width, structs by their elements), the calling convention,
//! whether it has a garbage collector or a section, the opcode and operand count of the
//! entry block's first instruction other than a debug intrinsic, and the opcode, operand
//! count and successor count of the entry block's terminator. A definition whose shape
//! no other definition of the module shares is *alone*: the adapter neither prescans it
//! nor builds its view, and tells the core it can never merge
//! ([`mergefunc::FastPath::never_merges`]).
//!
//! Why an alone function can never merge (the key is a pure refinement of the order,
//! for the whole run):
//! 1. *Equal functions have equal keys.* The order compares the signature before the
//!    body: calling convention, garbage collector (presence, then name), section
//!    (presence, then name) and the function type, with LLVM's type rules (an
//!    address-space-0 pointer equals the integer of the pointer width; structs compare by
//!    packing and elements, never by name), which the type key follows (coarser only
//!    where it hashes a kind alone). Then it compares the blocks reachable from the
//!    entry, the entry block first and the two entry blocks instruction by instruction
//!    (debug intrinsics skipped), each pair first by opcode and operand count: their
//!    first instructions agree, and since both blocks must end together, so do their
//!    terminators (and so their successor counts). Nothing else is read.
//! 2. *No rewrite changes another function's key.* The merge pass changes a function
//!    that is not itself folded only by replacing operands (a merged function by its
//!    survivor, of the same type, or inside constants): the types, conventions,
//!    sections, opcodes and operand counts the key reads stay as they are. Folded
//!    functions and the private bodies the pass creates are functions the pass compared
//!    equal to a candidate, so they share that candidate's key, and an alone function
//!    is no such candidate.
//! 3. So no function the pass ever compares has an alone function's key, and an alone
//!    function is never equal to any of them. Leaving it out of the worklist changes no
//!    merge: LLVM's pass may put it in its tree (when another function shares its
//!    `StructuralHash`), but no lookup ever finds it equal, and a function whose only
//!    hash mate was an alone one is, without it, a singleton that can never merge
//!    either (a function equal to it would share its hash, which rewrites of other
//!    functions do not change). The worklist's order of everything else is unchanged.
//!
//! The entry walk reads at most 16 instructions. A definition whose shape another
//! shares gets a *prefix key* on top (unless the sample below rules them out; the
//! shim's `mergefunc_prefix_key`): its first 32
//! instructions other than debug intrinsics along the order's own walk (the blocks
//! reachable from the entry, depth first, a block's last successor first, each block
//! once), per instruction the prescan's merge-key words (opcode; but for a
//! getelementptr, the operand count, the result type's key and per operand the
//! prescan's tag: not a constant, a non-zero integer of at most 64 bits by value, a
//! global variable, alias, ifunc or declaration by identity, a function with a body by
//! a marker, anything else one tag). Equal functions walk corresponding blocks in the
//! same order and agree on every word (1. above, and the prescan key's argument for the
//! tags: see [`Shapes::add_alone_by_prescan`]: an operand changes during a run only from
//! a function with a body to another, or to an alias the pass creates, which no function
//! named at load), so the shape and prefix key together are a refinement too, and a
//! definition no other shares them with is alone as well. On the C libraries this leaves
//! a third to two thirds of the definitions the shape alone kept for the prescan.
//! A *growing prefix* (up to `PREFIX_LONG_LIMIT` instructions; `MERGEFUNC_SHAPE_PREFIX_LONG=0`
//! turns it off) refines further the classes still shared after the prefix key in
//! which a large function's walk stopped at the limit, by prefix keys of 4, 16, ... times
//! as many instructions: each is the same key with a longer limit, so a refinement by
//! the same argument, and each is applied to whole classes (every member of a class
//! read, or reused where its walk ended before the limit, which gives the same key), so
//! equal functions, which share every earlier key, keep sharing the refined one. Which
//! classes grow is decided per class, from what all its members share or not (a member
//! of 48 blocks or more whose walk stopped; members of mixed block bounds, see
//! `mixed_classes`): a class left as it is stays a class of the previous key, so every
//! choice of classes gives a refinement, and the choice changes no output.
//! Both keys are read in batches that ask for the next functions' entry blocks ahead:
//! after parsing, the bodies are mostly out of the caches, and each key otherwise waits
//! for memory a few times.
//!
//! Declarations and `available_externally` definitions (bodies the pass may not use: no
//! candidate, see [`keyed`]) are never keyed: they are never alone, and never make a
//! function alone or keep one from being alone (no candidate is ever compared with
//! them). Functions the shim cannot key (0) count as sharing every key: they are never
//! alone. `tests/shapes.rs` checks this against the full path (every function the
//! full pass merges must not be alone, and the outputs are the same) on the corpus and,
//! with `MERGEFUNC_SHAPE_CHECK_DIR`, on any directory of modules.
//!
//! Shapes are read only where they pay: a sample (every 8th definition, for modules of
//! 512 definitions or more) decides first (`Sample::decide`). If half of the sample or
//! more is alone within the sample, shapes and prefix keys are read. If fewer are, but
//! they hold at least 65% of the sample's blocks or 6 blocks per sampled definition (the
//! unique functions are the large ones, as in Rust release builds and C++ programs with
//! their tests), shapes are read without prefix keys, except for the shape classes with
//! a function of 32 blocks or more, refined whole (a class is refined or not as one, so
//! the refinement argument above holds for it as for all). Otherwise the
//! module is duplicate-heavy, no function is alone, and every definition takes the full
//! path. The sample is read in steps of 128, and a prefix that already decides for no
//! shapes ends the sample early with the same answer. Which way the sample decides
//! changes no output, only the time (reading the keys of a module where almost nothing
//! is alone costs a pass over every function's first cache lines and saves nothing).
//!
//! For the functions it leaves out, the adapter still reads whether a `blockaddress`
//! refers to one of their blocks (one read per block header, not the instructions) when
//! a question first needs the module-wide block-address flag (which the prescan computes
//! for the others), so that the flag stays exact.

use crate::env_switches::Cached;
use crate::safe::{ScanScratch, V};

/// Which functions the load leaves (partly) unread, by function index: the definitions
/// that never merge (alone on their shape, or on their prescan key: see
/// [`Shapes::add_alone_by_prescan`]), and the functions without a body. All of them get
/// light facts (see `LlvmModule::build_facts`). Functions registered after the load are
/// none of these.
#[derive(Debug, Default)]
pub(crate) struct Shapes {
    /// By function index: [`ALONE_ON_SHAPE`], [`ALONE_ON_KEY`], [`NO_BODY`].
    flags: Vec<u8>,
}

/// Alone on its shape: never prescanned, never read.
const ALONE_ON_SHAPE: u8 = 1;
/// Alone on its (LLVM hash, native merge key): prescanned, never read again.
const ALONE_ON_KEY: u8 = 2;
/// A declaration when the module was loaded.
const NO_BODY: u8 = 4;

/// Whether shape keys are used (`MERGEFUNC_SHAPES=0` turns them off: every definition is
/// prescanned, as before; for A/B measurements and the agreement check).
/// Read once per process, as are the other switches here.
pub(crate) fn enabled() -> bool {
    static ON: Cached = Cached::new();
    ON.get_bool(|| crate::env_switches::var_os("MERGEFUNC_SHAPES").is_none_or(|v| v != "0"))
}

/// The shape key of each definition in `defs` ((function index, handle) pairs; `n` the
/// number of functions), and which are alone, read with shim scratch `scratch` (the
/// load's, which the prescan on the calling thread then reuses: a type's key depends on
/// the type alone, so the keys it keeps are the keys any scratch computes).
/// `ptr_bits`: the pointer width the order equates with address-space-0 pointers (0:
/// none).
/// Every handle is a function of the module (the handle rule of `crate::safe`), which
/// is verified.
pub(crate) fn compute(defs: &[(usize, V)], n: usize, ptr_bits: u32, scratch: &ScanScratch) -> Shapes {
    // Only definitions that may be candidates are keyed (see `keyed`).
    let candidates: Vec<(usize, V)>;
    let defs = if defs.iter().all(|d| keyed(d.1)) {
        defs
    } else {
        candidates = defs.iter().copied().filter(|d| keyed(d.1)).collect();
        &candidates[..]
    };
    // A definition keyed alone is alone on its shape without its key: a shape key is 0
    // (shared with every key) only for a function without a body or with an entry block
    // or a successor of it without a terminator, which a verified module never has.
    // So a module of one candidate reads no shape, and makes no scratch or table.
    if defs.len() < 2 {
        let mut flags = vec![0; n];
        for &(i, _) in defs {
            flags[i] = ALONE_ON_SHAPE;
        }
        return Shapes { flags };
    }
    // The load's scratch (the prescan's on this thread next); a type's key depends on
    // the type alone, however deep it is met (`thunk-cast-deep-nesting.ll`,
    // `deep-types-met-first-inside.ll`), so every scratch gives the same keys.
    static ENTRY_WALK: Cached = Cached::new();
    let entry_walk = ENTRY_WALK
        .get_i32(|| crate::env_switches::var("MERGEFUNC_SHAPE_ENTRY").and_then(|v| v.parse().ok()).unwrap_or(3));
    static ENTRY_CAP_SET: Cached = Cached::new();
    let entry_cap = ENTRY_CAP_SET.get_u32(|| env_u32("MERGEFUNC_SHAPE_ENTRY_CAP").unwrap_or(ENTRY_CAP));
    let shape_keys = |fs: &[V], with_blocks| scratch.shape_keys(fs, ptr_bits, entry_walk, entry_cap, with_blocks);
    // By position in `defs`.
    let mut keys: Vec<u64>;
    // Whether shared shapes get prefix keys (see `Sample::decide`).
    let mut prefix = true;
    let mut blocks: Vec<u32> = Vec::new();
    // The sample first: if few of its functions are alone within it, the module is
    // duplicate-heavy and the shapes would cost more than they save.
    // (Smaller modules are never sampled, whatever the stride: its switch is not read.)
    let stride = if defs.len() >= 2 * SAMPLE_MIN { sample_stride() } else { 1 };
    if stride > 1 && defs.len() >= SAMPLE_MIN * stride {
        // Read in steps: a prefix of the sample already clearly duplicate-heavy decides
        // (a prefix overstates the share alone: fewer mates are read yet).
        let sampled: Vec<V> = defs.iter().step_by(stride).map(|d| d.1).collect();
        let mut sample: Vec<u64> = Vec::with_capacity(sampled.len());
        let mut sample_blocks: Vec<u32> = Vec::with_capacity(sampled.len());
        for step in sampled.chunks(SAMPLE_STEP) {
            let (k, b) = shape_keys(step, true);
            sample.extend(k);
            sample_blocks.extend(b);
            if step.len() == SAMPLE_STEP && Sample::of(&sample, &sample_blocks).decide().is_none() {
                return Shapes::default();
            }
        }
        let Some(with_prefix) = Sample::of(&sample, &sample_blocks).decide() else {
            return Shapes::default();
        };
        prefix = with_prefix;
        // The sampled keys are kept; the others are read now.
        let others: Vec<V> = defs.iter().enumerate().filter(|(j, _)| j % stride != 0).map(|(_, d)| d.1).collect();
        let want_blocks = !prefix && prefix_min_blocks() != u32::MAX;
        let (others, others_blocks) = shape_keys(&others, want_blocks);
        let (mut others, mut others_blocks) = (others.into_iter(), others_blocks.into_iter());
        let mut sample = sample.into_iter();
        let mut sample_blocks = sample_blocks.into_iter();
        keys =
            (0..defs.len()).map(|j| if j % stride == 0 { sample.next() } else { others.next() }.unwrap_or(0)).collect();
        if want_blocks {
            blocks = (0..defs.len())
                .map(|j| if j % stride == 0 { sample_blocks.next() } else { others_blocks.next() }.unwrap_or(0))
                .collect();
        }
    } else {
        keys = shape_keys(&defs.iter().map(|d| d.1).collect::<Vec<_>>(), false).0;
    }
    static LIMIT: Cached = Cached::new();
    let limit = LIMIT.get_u32(|| env_u32("MERGEFUNC_SHAPE_PREFIX").unwrap_or(PREFIX_LIMIT));
    if limit > 0 && prefix {
        refine_by_prefix(&mut keys, defs, limit, |fs, l, b| scratch.prefix_keys(fs, ptr_bits, l, b));
    } else if limit > 0 && !blocks.is_empty() {
        // Without prefix keys for the module, still for the shapes of large functions:
        // a shape class with a function of `prefix_min_blocks()` blocks or more is refined
        // whole (equal functions share a shape, so a class is refined or not as one).
        let min = prefix_min_blocks();
        let big = classes_with_a_function_of(&keys, &blocks, min);
        let is_big = |k: &u64| big.binary_search(k).is_ok();
        let mut sub: Vec<u64> = keys.iter().map(|k| if is_big(k) { *k } else { 0 }).collect();
        refine_by_prefix(&mut sub, defs, limit, |fs, l, b| scratch.prefix_keys(fs, ptr_bits, l, b));
        for (k, p) in keys.iter_mut().zip(sub) {
            if is_big(k) {
                *k = p;
            }
        }
    }
    let counts = KeyCounts::of(&keys);
    let mut flags = vec![0; n];
    for (&k, &(i, _)) in keys.iter().zip(defs) {
        if !counts.shared(k) {
            flags[i] = ALONE_ON_SHAPE;
        }
    }
    Shapes { flags }
}

/// Whether definition `f` is keyed, by shape or by the prescan: false for an
/// `available_externally` definition, whose body the pass may not use (the adapter marks
/// it `Ineligible::NoBody`, for the whole run: no rewrite changes its linkage), so that it
/// is never a candidate. Such functions are left out of every key class: never alone
/// themselves (the core never asks about them, so marking them would only miscount), and
/// never a mate (no candidate is ever compared with them). Optimized C++ units get them
/// from `extern template` declarations (the library's stream classes in jsoncpp's
/// ThinLTO unit), ThinLTO back ends from every import.
pub(crate) fn keyed(f: V) -> bool {
    !matches!(f.linkage(), Some(Ok(crate::safe::Linkage::AvailableExternally)))
}

/// The most entry-block instructions a shape key reads (`MERGEFUNC_SHAPE_ENTRY_CAP`).
const ENTRY_CAP: u32 = 16;

/// The most instructions a prefix key reads (`MERGEFUNC_SHAPE_PREFIX`; 0: no prefix keys).
const PREFIX_LIMIT: u32 = 32;

/// The fewest blocks (block number bound) that give a shape class prefix keys where the
/// sample chose shapes without them (`MERGEFUNC_SHAPE_PREFIX_BLOCKS`; 0: never). A large
/// function reads a small part of itself for its prefix key, and the prescan it saves
/// reads all of it: the ThinLTO unit of jsoncpp's test runner, whose test drivers share
/// shapes but not prefixes, takes 0.80 of its pass with them (rust-linked-release 0.96,
/// pugixml 0.96: within the noise; at 16 blocks 1.02 on rust-linked-release).
const PREFIX_MIN_BLOCKS: u32 = 32;

fn prefix_min_blocks() -> u32 {
    static P: Cached = Cached::new();
    P.get_u32(|| match env_u32("MERGEFUNC_SHAPE_PREFIX_BLOCKS") {
        Some(0) => u32::MAX,
        Some(b) => b,
        None => PREFIX_MIN_BLOCKS,
    })
}

fn env_u32(name: &str) -> Option<u32> {
    crate::env_switches::var(name).and_then(|v| v.parse().ok())
}

/// Refines the shape keys `keys` (by position in `defs`) that another definition shares
/// by their prefix keys (`prefix(functions, limit, with_blocks)`: keys and, when asked,
/// block number bounds, read for those only, in `defs` order), first of `limit`
/// instructions; then, for the classes still shared in which a walk of a large function
/// stopped at the limit, by longer ones (see [`refine_longer`]). A key stays 0 (never
/// alone) where either is 0.
fn refine_by_prefix(keys: &mut [u64], defs: &[(usize, V)], limit: u32, prefix: impl Fn(&[V], u32, bool) -> Keys) {
    let counts = KeyCounts::of(keys);
    let shared: Vec<usize> = (0..keys.len()).filter(|&j| keys[j] != 0 && counts.shared(keys[j])).collect();
    if shared.is_empty() {
        return;
    }
    let max = prefix_long_limit();
    let handles: Vec<V> = shared.iter().map(|&j| defs[j].1).collect();
    let (prefixes, blocks) = prefix(&handles, limit, max > limit);
    refine(keys, &shared, &prefixes);
    // Nothing to grow unless some large function's walk stopped at the limit (most
    // small modules): no vectors by position then.
    let min = prefix_long_min_blocks();
    if max <= limit {
        return;
    }
    // The classes the first growth would read, found from the large members whose walk
    // stopped (few): none on most modules, and then nothing more is allocated.
    let mut big: Vec<u64> = Vec::new();
    for ((&j, &p), &b) in shared.iter().zip(&prefixes).zip(&blocks) {
        if b >= min && stopped_at_limit(p) && keys[j] != 0 {
            big.push(keys[j]);
        }
    }
    if big.is_empty() {
        return;
    }
    big.sort_unstable();
    big.dedup();
    let pairs = (0..shared.len()).filter(|&i| big.binary_search(&keys[shared[i]]).is_ok());
    if mixed_classes(pairs.map(|i| (keys[shared[i]], blocks[i])).collect()).is_empty() {
        return;
    }
    // By position: the last prefix key read, and whether the function is large.
    let mut last = vec![0u64; keys.len()];
    let mut size = vec![0u32; keys.len()];
    for ((&j, &p), &b) in shared.iter().zip(&prefixes).zip(&blocks) {
        last[j] = p;
        size[j] = b;
    }
    refine_longer(keys, &shared, &mut last, &size, defs, limit, max, min, &prefix);
}

/// Prefix keys and block number bounds (empty unless asked for), by position.
type Keys = (Vec<u64>, Vec<u32>);

/// Whether prefix key `p` is of a walk that stopped at its limit (bit 1; a walk that
/// ended before has the same key under any longer limit).
fn stopped_at_limit(p: u64) -> bool {
    p & 2 != 0
}

/// Refines `keys` at the positions `which` by the prefix keys `prefixes` (by position in
/// `which`).
fn refine(keys: &mut [u64], which: &[usize], prefixes: &[u64]) {
    for (&j, &p) in which.iter().zip(prefixes) {
        let k = keys[j];
        keys[j] = if p == 0 { 0 } else { (k.rotate_left(23) ^ p).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1 };
    }
}

/// The growing prefix: while a class (a key of `keys` at the refined positions `set`,
/// which hold every definition equal to any of them) is still shared within `set` and
/// the walk of one of its large members stopped at the limit (`last`: the last prefix
/// key read, by position), every member of it (the whole class, so that equal
/// functions, which share every key, stay together) is refined again by a prefix key of
/// four times the limit, up to `max` instructions. Large: a block number bound (`size`,
/// by position) of `min` ([`prefix_long_min_blocks`]) or more for the first growth, four times
/// as many for each next one (a longer prefix costs more per member and pays only where
/// the prescan it saves reads much more). Only the members whose walk stopped are read again: one that ended
/// before the limit has the same prefix key under a longer one. Classes whose large
/// walks all ended read their whole bodies already, and classes split by a shorter
/// prefix are not read again. Test bodies that begin alike for more than the first limit
/// (googletest's `TestBody` functions) are told apart this way before the prescan walks
/// them whole.
#[allow(clippy::too_many_arguments)]
fn refine_longer(
    keys: &mut [u64],
    set: &[usize],
    last: &mut [u64],
    size: &[u32],
    defs: &[(usize, V)],
    mut limit: u32,
    max: u32,
    mut min: u32,
    prefix: &impl Fn(&[V], u32, bool) -> Keys,
) {
    while limit < max {
        let grow = |j: usize| size[j] >= min && stopped_at_limit(last[j]);
        if !set.iter().any(|&j| grow(j)) {
            return;
        }
        let counts = KeyCounts::of(&set.iter().map(|&j| keys[j]).collect::<Vec<_>>());
        let mut classes: Vec<u64> =
            set.iter().copied().filter(|&j| grow(j)).map(|j| keys[j]).filter(|&k| k != 0 && counts.shared(k)).collect();
        if classes.is_empty() {
            return;
        }
        classes.sort_unstable();
        classes.dedup();
        let members: Vec<usize> = set.iter().copied().filter(|&j| classes.binary_search(&keys[j]).is_ok()).collect();
        let classes = mixed_classes(members.iter().map(|&j| (keys[j], size[j])).collect());
        if classes.is_empty() {
            return;
        }
        let members: Vec<usize> = members.into_iter().filter(|&j| classes.binary_search(&keys[j]).is_ok()).collect();
        limit = limit.saturating_mul(4).min(max);
        min = min.saturating_mul(4);
        let read: Vec<usize> = members.iter().copied().filter(|&j| stopped_at_limit(last[j])).collect();
        let handles: Vec<V> = read.iter().map(|&j| defs[j].1).collect();
        for (&j, p) in read.iter().zip(prefix(&handles, limit, false).0) {
            last[j] = p;
        }
        let prefixes: Vec<u64> = members.iter().map(|&j| last[j]).collect();
        refine(keys, &members, &prefixes);
        if crate::env_switches::var_os("MERGEFUNC_SHAPE_TRACE").is_some() {
            let c = KeyCounts::of(&set.iter().map(|&j| keys[j]).collect::<Vec<_>>());
            let alone = members.iter().filter(|&&j| !c.shared(keys[j])).count();
            eprintln!(
                "prefix {limit}: {} classes, {} members, {} read, {alone} alone after",
                classes.len(),
                members.len(),
                read.len()
            );
        }
    }
}

/// The classes (keys, sorted) of `members` ((key, block number bound) of every member
/// of some classes) that a longer prefix is read for: those with at least
/// [`prefix_long_mixed_percent`] of their members outside the class's largest group of
/// one block number bound (a class of one member never, unless the share is 0: every
/// class). Which classes grow changes no output (each is refined whole or not at all),
/// only what is read.
fn mixed_classes(mut members: Vec<(u64, u32)>) -> Vec<u64> {
    let pct = prefix_long_mixed_percent() as usize;
    // Sorted: a run per class, within it a run per size.
    members.sort_unstable();
    let mut out = Vec::new();
    for class in members.chunk_by(|a, b| a.0 == b.0) {
        let largest = class.chunk_by(|a, b| a.1 == b.1).map(<[_]>::len).max().unwrap_or(0);
        if (class.len() - largest) * 100 >= class.len() * pct {
            out.push(class[0].0);
        }
    }
    out
}

/// The least share (percent) of a class's members outside its largest group of one
/// block number bound for the growing prefix to read the class
/// (`MERGEFUNC_SHAPE_PREFIX_LONG_MIXED`; 0: every class). The step reads 128
/// instructions of every member it grows, at about 130 of our instructions per IR
/// instruction; what it saves is the prescan of each member it splits off, about 200
/// per IR instruction over a whole function of 48 blocks or more (300 instructions or
/// more): a member read costs about a third of a member saved, so a class pays when a
/// third of its members split off. Members of one size are mostly copies of one
/// function (one generic instantiated for several types of one layout, a template's
/// instances), which a longer prefix reads and keeps together: rust-codec-release's
/// eight grown classes, five of them of one size each, split 5 of 49 members; zstd's
/// ten classes of mixed sizes split every member, its eight of one size none. The share
/// outside the largest group is the estimate of those that split.
const PREFIX_LONG_MIXED_PERCENT: u32 = 33;

fn prefix_long_mixed_percent() -> u32 {
    static P: Cached = Cached::new();
    P.get_u32(|| env_u32("MERGEFUNC_SHAPE_PREFIX_LONG_MIXED").unwrap_or(PREFIX_LONG_MIXED_PERCENT))
}

/// The most instructions a growing prefix key reads (`MERGEFUNC_SHAPE_PREFIX_LONG`; at
/// or under the first limit, such as 0: no growing). Callgrind, module facts through
/// `merge_module`, against no growing: `format-test.cc` at -O3, c-zstd-O2, cpp-fmt-O3
/// and cpp-jsoncpp-O3 and -Os read far less (see docs/performance.md, "Large test bodies
/// that share shape and prefix"), rust-codec-release 1.000 (with
/// [`PREFIX_LONG_MIXED_PERCENT`]; 1.04 growing every class), and the modules where it
/// never grows 1.000-1.001 (each shared function's block bound).
const PREFIX_LONG_LIMIT: u32 = 512;

fn prefix_long_limit() -> u32 {
    static L: Cached = Cached::new();
    L.get_u32(|| env_u32("MERGEFUNC_SHAPE_PREFIX_LONG").unwrap_or(PREFIX_LONG_LIMIT))
}

/// The fewest blocks (block number bound) of a function whose class the prefix grows
/// for (`MERGEFUNC_SHAPE_PREFIX_LONG_BLOCKS`). 48, not 32: at 32 the C++ template program
/// at -O2 grows a class of two equal functions (1.03 of the instructions, 1.07-1.08 of
/// the time); at 48 it does not, for 1.06 of zstd's instructions at 32.
const PREFIX_LONG_MIN_BLOCKS: u32 = 48;

fn prefix_long_min_blocks() -> u32 {
    static L: Cached = Cached::new();
    L.get_u32(|| env_u32("MERGEFUNC_SHAPE_PREFIX_LONG_BLOCKS").unwrap_or(PREFIX_LONG_MIN_BLOCKS))
}

/// The keys (sorted, once each, 0 left out) of which some definition has `min` blocks or
/// more (`keys` and `blocks` by position).
fn classes_with_a_function_of(keys: &[u64], blocks: &[u32], min: u32) -> Vec<u64> {
    let mut big: Vec<u64> = keys.iter().zip(blocks).filter(|&(&k, &b)| k != 0 && b >= min).map(|(&k, _)| k).collect();
    big.sort_unstable();
    big.dedup();
    big
}

/// How often each key occurs in a set of keys (once, or more), key 0 aside (it shares
/// every key): an open-addressing table. (Sorting the keys cost more than reading them
/// on modules of a few hundred functions.)
struct KeyCounts {
    /// (key, 1 or 2 for "more than once"); key 0: an empty slot.
    slots: Vec<(u64, u8)>,
    mask: usize,
}

impl KeyCounts {
    fn of(keys: &[u64]) -> Self {
        let size = (keys.len() * 2).next_power_of_two().max(16);
        let mut c = KeyCounts { slots: vec![(0, 0); size], mask: size - 1 };
        for &k in keys {
            if k == 0 {
                continue;
            }
            let mut i = c.slot(k);
            loop {
                let s = &mut c.slots[i];
                if s.0 == 0 {
                    *s = (k, 1);
                    break;
                }
                if s.0 == k {
                    s.1 = 2;
                    break;
                }
                i = (i + 1) & c.mask;
            }
        }
        c
    }

    fn slot(&self, k: u64) -> usize {
        (k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & self.mask
    }

    /// Whether `k` occurs more than once among the keys (0: always).
    fn shared(&self, k: u64) -> bool {
        if k == 0 {
            return true;
        }
        let mut i = self.slot(k);
        loop {
            let s = self.slots[i];
            if s.0 == k {
                return s.1 > 1;
            }
            if s.0 == 0 {
                // Not a key of the set: no other has it.
                return false;
            }
            i = (i + 1) & self.mask;
        }
    }
}

/// A module is sampled only when the sample has at least this many definitions (smaller
/// modules read every shape: the whole shape pass costs little there).
const SAMPLE_MIN: usize = 64;

/// Every how many definitions one is sampled (`MERGEFUNC_SHAPE_STRIDE`; 0 or 1: no
/// sample, shapes for every module).
fn sample_stride() -> usize {
    static STRIDE: Cached = Cached::new();
    STRIDE.get_usize(|| crate::env_switches::var("MERGEFUNC_SHAPE_STRIDE").and_then(|v| v.parse().ok()).unwrap_or(8))
}

/// What a sample of shape keys says about a module: how many of its definitions, and how
/// many of their blocks, are alone within the sample. The decision changes no output
/// (without shapes every definition takes the full path, with the same merges; a shape
/// refined by prefix keys or not, the same); only the time.
struct Sample {
    /// Percent of the sampled definitions alone within the sample (0: never alone).
    alone: usize,
    /// Percent of the sampled definitions' blocks (block number bounds) in those alone.
    alone_blocks: usize,
    /// Blocks of the alone ones per sampled definition, in tenths.
    alone_blocks_per_def: usize,
}

impl Sample {
    /// The shares of `keys` (with their `blocks`, by position).
    fn of(keys: &[u64], blocks: &[u32]) -> Self {
        let counts = KeyCounts::of(keys);
        let (mut alone, mut alone_blocks, mut all_blocks) = (0usize, 0u64, 0u64);
        for (j, &k) in keys.iter().enumerate() {
            let b = blocks.get(j).copied().unwrap_or(0) as u64;
            all_blocks += b;
            if !counts.shared(k) {
                alone += 1;
                alone_blocks += b;
            }
        }
        if crate::env_switches::var_os("MERGEFUNC_SHAPE_TRACE").is_some() {
            eprintln!("shape sample: {alone} of {} alone, {alone_blocks} of {all_blocks} blocks", keys.len());
        }
        Sample {
            alone: (alone * 100).checked_div(keys.len()).unwrap_or(100),
            alone_blocks: (alone_blocks * 100).checked_div(all_blocks).map_or(100, |p| p as usize),
            alone_blocks_per_def: (alone_blocks as usize * 10).checked_div(keys.len()).unwrap_or(0),
        }
    }

    /// Whether shapes pay, and if so whether shared shapes get prefix keys (see
    /// `refine_by_prefix`); `None`: no shapes.
    ///
    /// * At least [`ALONE_MIN_PERCENT`] of the definitions alone (modules where little
    ///   merges): shapes and prefix keys.
    /// * Fewer, but at least [`ALONE_BLOCKS_MIN_PERCENT`] of the blocks, or at least
    ///   [`ALONE_BLOCKS_PER_DEF`] blocks of alone functions per sampled definition
    ///   (duplicate-heavy modules whose unique functions are the large ones, such as Rust
    ///   release builds and C++ programs with their tests): the shapes cost a few cache
    ///   lines per definition and save the prescan's walk of the large ones, which grows
    ///   with their blocks; shapes without prefix keys (the shared shapes are mostly small
    ///   functions, whose prefix key reads most of what the prescan then reads again).
    /// * Otherwise no shapes.
    fn decide(&self) -> Option<bool> {
        if self.alone >= ALONE_MIN_PERCENT {
            Some(true)
        } else if self.alone_blocks >= alone_blocks_min_percent()
            || self.alone_blocks_per_def >= alone_blocks_per_def_min()
        {
            Some(false)
        } else {
            None
        }
    }
}

/// See [`Sample::decide`].
const ALONE_MIN_PERCENT: usize = 50;

/// See [`Sample::decide`] (`MERGEFUNC_SHAPE_BLOCKS_PERCENT`; over 100: never).
const ALONE_BLOCKS_MIN_PERCENT: usize = 65;

fn alone_blocks_min_percent() -> usize {
    static P: Cached = Cached::new();
    P.get_usize(|| env_u32("MERGEFUNC_SHAPE_BLOCKS_PERCENT").map_or(ALONE_BLOCKS_MIN_PERCENT, |p| p as usize))
}

/// See [`Sample::decide`], in tenths of a block (`MERGEFUNC_SHAPE_BLOCKS_PER_DEF`; 0:
/// never). The shape pass costs about the same per definition whatever its size; what
/// it saves is the prescan's walk of the alone ones, which grows with their blocks. The
/// modules measured either side of it: pugixml with its tests 8.0 (37% of the sample
/// alone, 61% of its blocks; 0.86 of the pass without shapes), rust-linked-debug 4.1
/// (shapes without prefix keys 1.07), cpp-O0 1.0 (1.03).
const ALONE_BLOCKS_PER_DEF: usize = 60;

fn alone_blocks_per_def_min() -> usize {
    static P: Cached = Cached::new();
    P.get_usize(|| {
        env_u32("MERGEFUNC_SHAPE_BLOCKS_PER_DEF").map_or(ALONE_BLOCKS_PER_DEF, |p| {
            if p == 0 {
                usize::MAX
            } else {
                p as usize
            }
        })
    })
}

/// Every how many sampled definitions the prefix read so far is judged: a prefix of the
/// sample that already decides for no shapes ends the sample. The prefix overstates the
/// shares of the whole sample (a function's mates further on are not read yet), so this
/// cuts short samples that would decide the same (the debug build of rust-linked: 21% of
/// the first 256); it changes no output either way.
const SAMPLE_STEP: usize = 128;

/// The prescan's native key `key` with the identities it names (`ids`, tagged as the
/// prescan tags them): a global variable, alias or ifunc (tag 1) and a declared function
/// (tag 2) by identity, a function with a body (tag 3) as a marker only. An operand
/// changes during a run only from a function with a body to another function with a
/// body, or to an alias the pass creates (which no function names at load): so two
/// functions equal at any point of the run named, at each place, the same global or
/// declaration at load, or two functions with bodies. (The merge key hashes the same
/// identities, see `LlvmModule::key_from_prescan`.)
fn identities_key(key: u64, ids: &[u64]) -> u64 {
    let mut k = key;
    for &id in ids {
        // Attachments (tags 4 and 5) are left out: equal functions may name different
        // nodes (distinct nodes pair by renaming, hint kinds are not compared).
        if id & 7 >= 4 {
            continue;
        }
        let w = if id & 7 == 3 { 3 } else { id };
        k = (k.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    k
}

/// Whether the prescan's keys leave functions out too (`MERGEFUNC_PRESCAN_ALONE=0` turns
/// it off: for A/B measurements).
pub(crate) fn prescan_alone_enabled() -> bool {
    static ON: Cached = Cached::new();
    ON.get_bool(|| crate::env_switches::var_os("MERGEFUNC_PRESCAN_ALONE").is_none_or(|v| v != "0"))
}

impl Shapes {
    /// Marks as alone every definition of `scanned` (the prescanned ones, by function
    /// index) whose (LLVM hash, native merge key with identities, see
    /// [`identities_key`]) no other of them shares. Both are refinements of the order
    /// that no rewrite of another function changes (the hash is LLVM's own
    /// `StructuralHash`, which its pass relies on in the same way; the key, see
    /// [`crate::prescan`], hashes opcodes, canonical types, operand counts and operand
    /// kinds, never which function with a body an operand names), so such a definition
    /// is never equal to any function of the run, as with shapes. Nothing is marked when the
    /// prescan declined a definition (it has no key, so it could share any): `scanned`
    /// must then be every prescanned definition; `n` is the number of functions. Returns how
    /// many were marked.
    pub(crate) fn add_alone_by_prescan(&mut self, p: &crate::prescan::Prescan, scanned: &[usize], n: usize) -> usize {
        if self.flags.len() < n {
            self.flags.resize(n, 0);
        }
        // One word per definition: two with equal (hash, key) get equal words, and two
        // that merely collide count as sharing (which only leaves one in).
        // (A word that happens to be 0 counts as shared: never marked.)
        let mut keys: Vec<u64> = Vec::with_capacity(scanned.len());
        for &i in scanned {
            match p.entry(i) {
                // Never a candidate: never marked, and no mate (0 shares every word).
                Some(_) if p.unkeyed(i) => keys.push(0),
                Some(e) => {
                    let k = identities_key(e.key, p.ids_of(&e));
                    keys.push((e.hash.rotate_left(29) ^ k).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                }
                None => return 0,
            }
        }
        let counts = KeyCounts::of(&keys);
        let mut marked = 0;
        for (&k, &i) in keys.iter().zip(scanned) {
            if !counts.shared(k) {
                self.flags[i] |= ALONE_ON_KEY;
                marked += 1;
            }
        }
        marked
    }

    /// Marks the functions of `has_body` (by function index) that have none.
    pub(crate) fn add_no_body(&mut self, has_body: &[bool]) {
        if self.flags.len() < has_body.len() {
            self.flags.resize(has_body.len(), 0);
        }
        for (flags, &body) in self.flags.iter_mut().zip(has_body) {
            if !body {
                *flags |= NO_BODY;
            }
        }
    }

    /// From (key, function index) pairs (key 0: cannot be keyed, never alone).
    #[cfg(test)]
    fn from_keys(keys: Vec<(u64, usize)>, n: usize) -> Self {
        let counts = KeyCounts::of(&keys.iter().map(|k| k.0).collect::<Vec<_>>());
        let mut flags = vec![0; n];
        for (k, i) in keys {
            if !counts.shared(k) {
                flags[i] = ALONE_ON_SHAPE;
            }
        }
        Shapes { flags }
    }

    fn flags(&self, f: usize) -> u8 {
        self.flags.get(f).copied().unwrap_or(0)
    }

    /// `f` (a function index) is a definition that never merges: alone on its shape or
    /// on its prescan key.
    pub(crate) fn is_alone(&self, f: usize) -> bool {
        self.flags(f) & (ALONE_ON_SHAPE | ALONE_ON_KEY) != 0
    }

    /// `f` (a function index) is alone on its shape (never prescanned).
    pub(crate) fn is_alone_on_shape(&self, f: usize) -> bool {
        self.flags(f) & ALONE_ON_SHAPE != 0
    }

    /// `f` (a function index) has light facts: it never merges, or had no body at load.
    pub(crate) fn light(&self, f: usize) -> bool {
        self.flags(f) != 0
    }
}

impl crate::LlvmModule {
    /// Whether a `blockaddress` may refer to a block of some function of the module: the
    /// prescan's answer for the definitions it read, and for those alone on their shape
    /// a walk of their block headers, made at the first question (the answer cannot
    /// change: no rewrite creates block addresses, and alone functions are never
    /// rewritten but for replaced operands).
    pub(crate) fn block_addresses(&self) -> bool {
        if self.load.block_addresses {
            return true;
        }
        if let Some(b) = self.load.alone_block_addresses.get() {
            return b;
        }
        let shapes = &self.load.shapes;
        // An alone function is never erased or replaced, so its slot holds its live
        // function; only its block headers are read.
        let any = (0..shapes.flags.len())
            .filter(|&i| shapes.is_alone_on_shape(i))
            .any(|i| self.funcs[i].v.is_some_and(|v| v.block_address_may_be_taken()));
        self.load.alone_block_addresses.set(Some(any));
        any
    }

    /// The definitions alone on their shape (by function index), as the load found them.
    /// For tests and the benchmark.
    pub(crate) fn alone_on_shape(&self) -> Vec<mergefunc::FuncId> {
        (0..self.load.shapes.flags.len())
            .filter(|&i| self.load.shapes.is_alone_on_shape(i))
            .map(mergefunc::FuncId::new)
            .collect()
    }

    /// The definitions the load found never merging: alone on their shape or on their
    /// prescan key ([`mergefunc::FastPath::never_merges`]). For tests and the benchmark.
    pub(crate) fn never_merging(&self) -> Vec<mergefunc::FuncId> {
        (0..self.load.shapes.flags.len())
            .filter(|&i| self.load.shapes.is_alone(i))
            .map(mergefunc::FuncId::new)
            .collect()
    }

    /// Forgets the shapes and every other shortcut of the load: every definition is a
    /// candidate of the full path again (the prescan reruns over all of them), and every
    /// function gets full facts. Only before merging; for the check that the shortcuts
    /// change nothing (`tests/shapes.rs`).
    pub(crate) fn forget_shapes(&mut self) {
        let light: Vec<usize> = (0..self.load.shapes.flags.len()).filter(|&i| self.load.shapes.light(i)).collect();
        if light.is_empty() {
            return;
        }
        // The module-wide block-address answer reads the alone ones: settled first.
        self.load.block_addresses = self.block_addresses();
        self.load.shapes.flags.clear();
        for f in light {
            self.rebuild_facts(mergefunc::FuncId::new(f));
        }
        self.drop_prescan();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_decides_by_the_share_alone_within_it() {
        let decide = |keys: &[u64], blocks: &[u32]| Sample::of(keys, blocks).decide();
        let ones = [1u32; 100];
        // 2 of 4 alone (key 0 is never alone): half, enough; prefix keys too.
        assert_eq!(decide(&[1, 2, 3, 3], &ones), Some(true));
        assert_eq!(decide(&[1, 2, 3, 0], &ones), Some(true));
        assert_eq!(decide(&[0, 0, 3, 3], &ones), None);
        // 1 of 4: duplicate-heavy, shapes skipped...
        assert_eq!(decide(&[1, 3, 3, 3], &ones), None);
        assert_eq!(decide(&[7; 100], &ones), None);
        assert_eq!(decide(&(0..100).collect::<Vec<_>>(), &ones), Some(true));
        // ... unless the alone one holds most of the blocks: shapes without prefix keys.
        assert_eq!(decide(&[1, 3, 3, 3], &[30, 2, 2, 2]), Some(false));
        assert_eq!(decide(&[1, 3, 3, 3], &[6, 2, 2, 2]), None);
        // ... or, under 65% of them, 6 or more blocks of alone ones per definition
        // (here 40% of the blocks, 6.0 a definition).
        assert_eq!(decide(&[1, 3, 3, 3], &[24, 12, 12, 12]), Some(false));
        assert_eq!(decide(&[1, 3, 3, 3], &[23, 12, 12, 12]), None);
        // No blocks read (an empty sample): as if all were alone.
        assert_eq!(decide(&[], &[]), Some(true));
    }

    #[test]
    fn prefix_keys_refine_whole_classes_of_large_functions() {
        // Key 5's class has one function of 40 blocks: the whole class (its 3-block
        // member too, since equal functions share the key but not always a block bound).
        let keys = [5, 7, 5, 9, 0, 9];
        let blocks = [3, 31, 40, 32, 50, 1];
        assert_eq!(classes_with_a_function_of(&keys, &blocks, 32), vec![5, 9]);
        assert_eq!(classes_with_a_function_of(&keys, &blocks, 41), Vec::<u64>::new());
    }

    #[test]
    fn a_growing_prefix_splits_classes_only_where_a_longer_walk_differs() {
        // Bodies as instruction lists: functions 0 and 1 equal, 2 differs from them at
        // instruction 100 (split by the 128 key), 3 at 300 (only by the 512 key, for
        // functions of 4 x 48 blocks or more), 4 at 100 but small (its class, with 5,
        // never grows), 6 ends at 20 (its walk never stops at a limit: never read again).
        let body = |at: usize, len: usize| -> Vec<u32> { (0..len).map(|i| if i == at { 7 } else { 1 }).collect() };
        let bodies = [body(usize::MAX, 1000), body(usize::MAX, 1000), body(100, 1000), body(300, 1000)]
            .into_iter()
            .chain([body(100, 1000), body(usize::MAX, 1000), body(usize::MAX, 20)])
            .collect::<Vec<_>>();
        // Block bounds: the large class mixed (two of 200, one each of 190, 210 and 220),
        // so that it grows (see `mixed_classes`).
        let size = [200, 200, 210, 220, 10, 10, 190];
        let read = std::cell::RefCell::new(Vec::new());
        let key = |i: usize, l: u32| -> u64 {
            let b = &bodies[i];
            let n = b.len().min(l as usize);
            let h = b[..n].iter().fold(n as u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3));
            if b.len() > l as usize {
                h | 3
            } else {
                (h & !2) | 1
            }
        };
        let prefix = |fs: &[V], l: u32, _: bool| -> Keys {
            let ids: Vec<usize> = fs.iter().map(|v| v.0 as usize).collect();
            read.borrow_mut().push((l, ids.clone()));
            (ids.iter().map(|&i| key(i, l)).collect(), Vec::new())
        };
        let defs: Vec<(usize, V)> = (0..7).map(|i| (i, V(i as _))).collect();
        let set: Vec<usize> = (0..7).collect();
        let run = |max: u32| {
            read.borrow_mut().clear();
            let mut keys = vec![5, 5, 5, 5, 9, 9, 5];
            let mut last: Vec<u64> = (0..7).map(|i| key(i, 32)).collect();
            refine_longer(&mut keys, &set, &mut last, &size, &defs, 32, max, 48, &prefix);
            keys
        };
        let alone = |keys: &[u64]| -> Vec<bool> {
            let c = KeyCounts::of(keys);
            keys.iter().map(|&k| !c.shared(k)).collect()
        };
        // Up to 512: 2 alone at 128, 3 at 512; 0 and 1 together; the small class whole.
        let keys = run(512);
        assert_eq!(alone(&keys), vec![false, false, true, true, false, false, true]);
        assert_eq!(keys[0], keys[1]);
        assert_eq!(keys[4], keys[5]);
        // Read at 128: the stopped members of the large class (not 6, which ended); at 512
        // only the class of 0, 1 and 3 still shared (2 and 6 split off already).
        assert_eq!(*read.borrow(), vec![(128, vec![0, 1, 2, 3]), (512, vec![0, 1, 3])]);
        // Up to 128 only: 3 stays with 0 and 1.
        let keys = run(128);
        assert_eq!(alone(&keys), vec![false, false, true, false, false, false, true]);
        assert_eq!(keys[0], keys[3]);
    }

    #[test]
    fn a_prefix_grows_only_for_classes_of_mixed_sizes() {
        // Class 5: three of 60 blocks and one of 70 (1 of 4 outside the largest group of
        // one size: under a third); class 9: 60, 61 and 62 (2 of 3); class 11: 80, 80 and
        // 90 (1 of 3: a third, enough).
        let keys = [11, 5, 5, 5, 5, 9, 9, 9, 11, 11];
        let size = [80, 60, 60, 70, 60, 60, 61, 62, 90, 80];
        let pairs = |js: &[usize]| js.iter().map(|&j| (keys[j], size[j])).collect::<Vec<_>>();
        assert_eq!(mixed_classes(pairs(&(0..keys.len()).collect::<Vec<_>>())), vec![9, 11]);
        // A class of one size never grows, nor one of a single member; a class of two
        // sizes, one each, does.
        assert_eq!(mixed_classes(pairs(&[1, 2])), Vec::<u64>::new());
        assert_eq!(mixed_classes(pairs(&[3])), Vec::<u64>::new());
        assert_eq!(mixed_classes(pairs(&[1, 3])), vec![5]);
    }

    #[test]
    fn a_growing_prefix_never_reads_classes_of_one_size() {
        // Functions 0-2 of one class and one block bound: 2 differs at instruction 100,
        // but the class is not read again (copies of one function mostly share a size).
        let body = |at: usize| -> Vec<u32> { (0..1000).map(|i| if i == at { 7 } else { 1 }).collect() };
        let bodies = [body(usize::MAX), body(usize::MAX), body(100)];
        let read = std::cell::RefCell::new(Vec::new());
        let prefix = |fs: &[V], l: u32, _: bool| -> Keys {
            read.borrow_mut().push(l);
            let key =
                |i: usize| bodies[i][..l as usize].iter().fold(3u64, |h, &x| h.wrapping_mul(31) ^ u64::from(x)) | 3;
            (fs.iter().map(|v| key(v.0 as usize)).collect(), Vec::new())
        };
        let defs: Vec<(usize, V)> = (0..3).map(|i| (i, V(i as _))).collect();
        let mut keys = vec![5, 5, 5];
        let mut last = vec![3u64; 3];
        refine_longer(&mut keys, &[0, 1, 2], &mut last, &[200, 200, 200], &defs, 32, 512, 48, &prefix);
        assert_eq!(keys, vec![5, 5, 5]);
        assert!(read.borrow().is_empty());
        // The same bodies of mixed sizes: 2 splits off at 128.
        refine_longer(&mut keys, &[0, 1, 2], &mut last, &[200, 200, 210], &defs, 32, 512, 48, &prefix);
        assert_eq!(*read.borrow(), vec![128]);
        assert!(keys[0] == keys[1] && keys[2] != keys[0]);
    }

    #[test]
    fn key_counts_tell_shared_keys_from_single_ones() {
        // Keys that fall into one slot (equal low bits after the multiply are likely for
        // small tables) and key 0, which is always shared.
        let keys: Vec<u64> = vec![5, 7, 5, 9, 0, 1 << 40, (1 << 40) + 16, 1 << 40, u64::MAX];
        let c = KeyCounts::of(&keys);
        let shared: Vec<bool> = keys.iter().map(|&k| c.shared(k)).collect();
        assert_eq!(shared, vec![true, false, true, false, true, true, false, true, false]);
        // A key not in the set has no mate either.
        assert!(!c.shared(12345));
        // Every slot taken but one: lookups still end.
        let many: Vec<u64> = (1..=1000).map(|k| k * 0x1_0000_0000).chain([3, 3]).collect();
        let c = KeyCounts::of(&many);
        assert_eq!(many.iter().filter(|&&k| c.shared(k)).count(), 2);
        assert!(!c.shared(0x7777));
    }

    #[test]
    fn alone_means_no_other_definition_has_the_key() {
        let s = Shapes::from_keys(vec![(5, 0), (7, 1), (5, 2), (9, 4), (0, 5)], 6);
        let alone: Vec<bool> = (0..6).map(|i| s.is_alone(i)).collect();
        assert_eq!(alone, vec![false, true, false, false, true, false]);
    }
}
