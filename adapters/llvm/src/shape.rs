//! Shape keys: which definitions can be left unread because no other definition has
//! their shape.
//!
//! A module with few duplicates spends nearly all of a merge pass reading bodies that
//! turn out to be alone (LLVM's pass hashes every instruction of every function). The
//! shape key is read from a function's header and two instructions of its entry block
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
//! Declarations, ineligible functions and functions the shim cannot key (0) count as
//! sharing every key: they never make a function alone, and are never alone
//! themselves. Debug builds and `MERGEFUNC_CHECK_SHAPES=1` check the claim against the
//! full path: every function the full pass merges must not be alone
//! ([`LlvmModule::check_shapes`](crate::LlvmModule::check_shapes)).
//!
//! Shapes are read only where they pay: a sample (every 8th definition, for modules of
//! 512 definitions or more) decides first. If under half of the sample is alone within
//! the sample, the module is duplicate-heavy, no function is alone, and every definition
//! takes the full path. Which way the sample decides changes no output, only the time
//! (reading the keys of a module where almost nothing is alone costs a pass over every
//! function's first cache lines and saves nothing).
//!
//! For the functions it leaves out, the adapter still reads whether a `blockaddress`
//! refers to one of their blocks (one read per block header, not the instructions), so
//! that the module-wide block-address flag (which the prescan computes for the others)
//! stays exact.

use crate::ffi;
use inkwell::llvm_sys::prelude::LLVMValueRef;

/// The shapes of a module's definitions.
#[derive(Debug, Default)]
pub(crate) struct Shapes {
    /// By function index: the definition is alone on its shape.
    pub(crate) alone: Vec<bool>,
    /// Some definition alone on its shape has a block whose address is taken.
    pub(crate) block_addresses: bool,
}

/// Whether shape keys are used (`MERGEFUNC_SHAPES=0` turns them off: every definition is
/// prescanned, as before; for A/B measurements and the agreement check).
pub(crate) fn enabled() -> bool {
    std::env::var_os("MERGEFUNC_SHAPES").is_none_or(|v| v != "0")
}

/// The shape key of each definition in `defs` ((function index, handle) pairs; `n` the
/// number of functions), and which are alone. `ptr_bits`: the pointer width the order
/// equates with address-space-0 pointers (0: none).
///
/// # Safety
/// Every handle is a live function of one module that nothing modifies during the call.
pub(crate) unsafe fn compute(defs: &[(usize, LLVMValueRef)], n: usize, ptr_bits: u32) -> Shapes {
    let scratch = crate::prescan::Scratch::new();
    let mut keys: Vec<(u64, usize)> = Vec::with_capacity(defs.len());
    let entry_walk: i32 = std::env::var("MERGEFUNC_SHAPE_ENTRY").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let key = |f: LLVMValueRef| {
        // SAFETY: `f` is a live function (caller) and `scratch` a live shim scratch; the
        // shim only reads the IR.
        unsafe { ffi::mergefunc_shape_key(scratch.ptr(), f, ptr_bits, entry_walk, std::ptr::null_mut()) }
    };
    // The sample first: if few of its functions are alone within it, the module is
    // duplicate-heavy and the shapes would cost more than they save.
    let stride = sample_stride();
    if stride > 1 && defs.len() >= SAMPLE_MIN * stride {
        let sample: Vec<(u64, usize)> = defs.iter().step_by(stride).map(|&(i, f)| (key(f), i)).collect();
        if !worth_it(sample.iter().map(|p| p.0).collect()) {
            return Shapes::default();
        }
        // The sampled keys are kept; the others are read now.
        keys.extend_from_slice(&sample);
        for (j, &(i, f)) in defs.iter().enumerate() {
            if j % stride != 0 {
                keys.push((key(f), i));
            }
        }
    } else {
        keys.extend(defs.iter().map(|&(i, f)| (key(f), i)));
    }
    let mut s = Shapes::from_keys(keys, n);
    // The prescan reads the blocks of the others (and records theirs).
    for &(i, f) in defs {
        // SAFETY: as above.
        if s.is_alone(i) && unsafe { ffi::mergefunc_any_block_address_taken(f) } != 0 {
            s.block_addresses = true;
            break;
        }
    }
    s
}

/// A module is sampled only when the sample has at least this many definitions (smaller
/// modules read every shape: the whole shape pass costs little there).
const SAMPLE_MIN: usize = 64;

/// Every how many definitions one is sampled (`MERGEFUNC_SHAPE_STRIDE`; 0 or 1: no
/// sample, shapes for every module).
fn sample_stride() -> usize {
    std::env::var("MERGEFUNC_SHAPE_STRIDE").ok().and_then(|v| v.parse().ok()).unwrap_or(8)
}

/// Whether the shapes pay for themselves, judged from the keys of a sample: at least
/// [`ALONE_MIN_PERCENT`] of the sample alone within the sample. The decision changes no
/// output (without shapes every definition takes the full path, with the same merges);
/// only the time.
fn worth_it(mut keys: Vec<u64>) -> bool {
    let n = keys.len();
    keys.sort_unstable();
    let mut alone = 0usize;
    let mut lo = 0;
    while lo < n {
        let hi = lo + keys[lo..].iter().take_while(|&&k| k == keys[lo]).count();
        if hi - lo == 1 && keys[lo] != 0 {
            alone += 1;
        }
        lo = hi;
    }
    if std::env::var_os("MERGEFUNC_SHAPE_TRACE").is_some() {
        eprintln!("shape sample: {alone} of {n} alone");
    }
    alone * 100 >= n * ALONE_MIN_PERCENT
}

/// See [`worth_it`].
const ALONE_MIN_PERCENT: usize = 50;

impl Shapes {
    /// From (key, function index) pairs (key 0: cannot be keyed, never alone).
    fn from_keys(mut keys: Vec<(u64, usize)>, n: usize) -> Self {
        keys.sort_unstable();
        let mut alone = vec![false; n];
        let mut lo = 0;
        while lo < keys.len() {
            let k = keys[lo].0;
            let hi = lo + keys[lo..].iter().take_while(|p| p.0 == k).count();
            if hi - lo == 1 && k != 0 {
                alone[keys[lo].1] = true;
            }
            lo = hi;
        }
        Shapes { alone, block_addresses: false }
    }

    /// `f` (a function index) is alone on its shape.
    pub(crate) fn is_alone(&self, f: usize) -> bool {
        self.alone.get(f).copied().unwrap_or(false)
    }
}

impl crate::LlvmModule {
    /// The definitions alone on their shape (by function index), as the load found them.
    pub(crate) fn alone_on_shape(&self) -> Vec<mergefunc::FuncId> {
        (0..self.load.shapes.alone.len())
            .filter(|&i| self.load.shapes.is_alone(i))
            .map(mergefunc::FuncId::new)
            .collect()
    }

    /// Forgets the shapes: every definition is a candidate of the full path again (the
    /// prescan reruns over all of them, the alone ones get their full facts). Only
    /// before merging; for the check that shapes change nothing
    /// (`tests/shapes.rs`).
    pub(crate) fn forget_shapes(&mut self) {
        let alone = self.alone_on_shape();
        if alone.is_empty() {
            return;
        }
        self.load.shapes.alone.clear();
        for f in alone {
            self.rebuild_facts(f);
        }
        self.drop_prescan();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_decides_by_the_share_alone_within_it() {
        // 2 of 4 alone (key 0 is never alone): half, enough.
        assert!(worth_it(vec![1, 2, 3, 3]));
        assert!(worth_it(vec![1, 2, 3, 0]) && !worth_it(vec![0, 0, 3, 3]));
        // 1 of 4: duplicate-heavy, shapes skipped.
        assert!(!worth_it(vec![1, 3, 3, 3]));
        assert!(!worth_it(vec![7; 100]));
        assert!(worth_it((0..100).collect()));
    }

    #[test]
    fn alone_means_no_other_definition_has_the_key() {
        let s = Shapes::from_keys(vec![(5, 0), (7, 1), (5, 2), (9, 4), (0, 5)], 6);
        assert_eq!(s.alone, vec![false, true, false, false, true, false]);
    }
}
