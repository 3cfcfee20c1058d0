//! LLVM 22's `StructuralHash(F, /*DetailedHash=*/false)`, computed here over LLVM-C.
//!
//! `opt -passes=mergefunc` sorts its first worklist by this value and drops every function
//! whose value no other candidate shares, so reproducing LLVM's merges (down to which
//! survivor a thunk calls in a class of three) needs the exact value. LLVM's own
//! implementation is exported, but it is slow: one `xxh3` call and a small vector per
//! instruction, about a third of the whole `MergeFunctionsPass` on modules of large
//! functions. The value it computes is simple, though:
//!
//! ```text
//! xxh3_64bits(bytes of [4, 0x62642d6b6b2d6b72, is_vararg, arg_count,
//!                       for each block in walk order: 45798, then for each instruction
//!                       xxh3_64bits(bytes of [its C++ opcode as u64])])
//! ```
//!
//! The walk starts at the entry block and pops the most recently pushed block; after a
//! block, its terminator's successors are pushed in order, each the first time it is
//! seen. Every instruction counts (there are no debug intrinsics in LLVM 22 IR: debug
//! information lives in records).
//!
//! The per-instruction term depends on the opcode alone, so it comes from a table filled
//! once with LLVM's own exported `xxh3_64bits`; the function's buffer is hashed with the
//! same function. The result is therefore bit-identical by construction, and the tests
//! compare it with LLVM's exported `StructuralHash` on every function of the corpus and
//! of the generated rustc/clang++ modules. An opcode this build does not know makes
//! [`StructuralHasher::hash`] fall back to LLVM's own function.

use crate::safe::{xxh3_64_words, Op, B, V};

type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;

/// The blocks a walk has seen: a short list while the function is small (most are), a
/// hash set beyond. Clearing costs what was used, not the largest size ever seen (a
/// hash set's `clear` costs its capacity).
#[derive(Debug, Default)]
struct SeenBlocks {
    small: Vec<usize>,
    big: HashSet<usize>,
}

impl SeenBlocks {
    const SMALL: usize = 16;

    fn clear(&mut self) {
        self.small.clear();
        if !self.big.is_empty() {
            self.big.clear();
        }
    }

    /// Inserts `b`; true if it was not there.
    fn insert(&mut self, b: usize) -> bool {
        if self.big.is_empty() {
            if self.small.contains(&b) {
                return false;
            }
            if self.small.len() < Self::SMALL {
                self.small.push(b);
                return true;
            }
            self.big.extend(self.small.drain(..));
        }
        self.big.insert(b)
    }
}

/// The blocks of a function in the walk order of the order and of LLVM's
/// `StructuralHash`: from the entry, take the most recently pushed block, then push its
/// terminator's successors in order, each the first time it is seen. Reusable (no
/// allocation per function once warm).
#[derive(Debug, Default)]
pub(crate) struct BlockWalk {
    stack: Vec<B>,
    seen: SeenBlocks,
}

impl BlockWalk {
    /// Starts a walk at `entry`.
    pub(crate) fn start(&mut self, entry: B) {
        self.stack.clear();
        self.seen.clear();
        self.stack.push(entry);
        self.seen.insert(entry.0 as usize);
    }

    /// The next block to visit.
    pub(crate) fn next_block(&mut self) -> Option<B> {
        self.stack.pop()
    }

    /// Queues the successors of `b` (call it after visiting `b`); false if `b` has no
    /// terminator (not valid IR).
    pub(crate) fn push_successors(&mut self, b: B) -> bool {
        let Some(succs) = b.successors() else {
            return false;
        };
        for s in succs {
            if self.seen.insert(s.0 as usize) {
                self.stack.push(s);
            }
        }
        true
    }
}

const INITIAL: u64 = 4;
const FUNCTION_HEADER: u64 = 0x6264_2d6b_6b2d_6b72;
const BLOCK_HEADER: u64 = 45798;

/// The C++ `Instruction::getOpcode()` of an LLVM-C opcode (LLVM 22's `Instruction.def`;
/// LLVM-C numbers them differently).
pub(crate) fn cpp_opcode(op: Op) -> u32 {
    match op {
        Op::Ret => 1,
        Op::Br => 2,
        Op::Switch => 3,
        Op::IndirectBr => 4,
        Op::Invoke => 5,
        Op::Resume => 6,
        Op::Unreachable => 7,
        Op::CleanupRet => 8,
        Op::CatchRet => 9,
        Op::CatchSwitch => 10,
        Op::CallBr => 11,
        Op::FNeg => 12,
        Op::Add => 13,
        Op::FAdd => 14,
        Op::Sub => 15,
        Op::FSub => 16,
        Op::Mul => 17,
        Op::FMul => 18,
        Op::UDiv => 19,
        Op::SDiv => 20,
        Op::FDiv => 21,
        Op::URem => 22,
        Op::SRem => 23,
        Op::FRem => 24,
        Op::Shl => 25,
        Op::LShr => 26,
        Op::AShr => 27,
        Op::And => 28,
        Op::Or => 29,
        Op::Xor => 30,
        Op::Alloca => 31,
        Op::Load => 32,
        Op::Store => 33,
        Op::GetElementPtr => 34,
        Op::Fence => 35,
        Op::AtomicCmpXchg => 36,
        Op::AtomicRMW => 37,
        Op::Trunc => 38,
        Op::ZExt => 39,
        Op::SExt => 40,
        Op::FPToUI => 41,
        Op::FPToSI => 42,
        Op::UIToFP => 43,
        Op::SIToFP => 44,
        Op::FPTrunc => 45,
        Op::FPExt => 46,
        Op::PtrToInt => 47,
        Op::PtrToAddr => 48,
        Op::IntToPtr => 49,
        Op::BitCast => 50,
        Op::AddrSpaceCast => 51,
        Op::CleanupPad => 52,
        Op::CatchPad => 53,
        Op::ICmp => 54,
        Op::FCmp => 55,
        Op::Phi => 56,
        Op::Call => 57,
        Op::Select => 58,
        Op::UserOp1 => 59,
        Op::UserOp2 => 60,
        Op::VAArg => 61,
        Op::ExtractElement => 62,
        Op::InsertElement => 63,
        Op::ShuffleVector => 64,
        Op::ExtractValue => 65,
        Op::InsertValue => 66,
        Op::LandingPad => 67,
        Op::Freeze => 68,
    }
}

/// The per-instruction terms of the hash by C++ opcode (for the native walk of the
/// shim): `xxh3_64bits` of the opcode as one 64-bit word for the opcodes LLVM 22 has
/// (1 to 68, see [`cpp_opcode`]), 0 elsewhere. Computed at compile time (a test checks
/// every term against LLVM's own `xxh3_64bits`), so no run pays for them.
static TERMS_BY_CPP_OPCODE: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut op = 1;
    while op <= MAX_CPP_OPCODE {
        t[op as usize] = xxh3_one_word(op);
        op += 1;
    }
    t
};

/// The highest C++ opcode of LLVM 22 (`Freeze`).
const MAX_CPP_OPCODE: u64 = 68;

/// XXH3-64 (seed 0, the default secret) of the 8 little-endian bytes of `w`: the
/// algorithm's path for inputs of 4 to 8 bytes, which is what LLVM's `xxh3_64bits` runs
/// for one word.
const fn xxh3_one_word(w: u64) -> u64 {
    // Bytes 8..16 and 16..24 of the default secret, read little-endian.
    const SECRET_8: u64 = 0x1cad_21f7_2c81_017c;
    const SECRET_16: u64 = 0xdb97_9083_e96d_d4de;
    const PRIME_MX2: u64 = 0x9fb2_1c65_1e98_df25;
    let (lo, hi) = (w & 0xffff_ffff, w >> 32);
    let keyed = hi.wrapping_add(lo << 32) ^ (SECRET_8 ^ SECRET_16);
    let mut h = keyed ^ keyed.rotate_left(49) ^ keyed.rotate_left(24);
    h = h.wrapping_mul(PRIME_MX2);
    h ^= (h >> 35).wrapping_add(8);
    h = h.wrapping_mul(PRIME_MX2);
    h ^ (h >> 28)
}

/// The same terms by LLVM-C opcode (for the walk over LLVM-C), made at the first use.
fn terms_by_c_opcode() -> &'static [u64; 128] {
    static TERMS: std::sync::OnceLock<[u64; 128]> = std::sync::OnceLock::new();
    TERMS.get_or_init(|| {
        let mut t = [0u64; 128];
        for (raw, slot) in t.iter_mut().enumerate() {
            if let Some(op) = Op::from_raw(raw as u32) {
                *slot = TERMS_BY_CPP_OPCODE[cpp_opcode(op) as usize];
            }
        }
        t
    })
}

/// The per-instruction terms by C++ opcode (for the shim's walks).
pub(crate) fn terms() -> &'static [u64; 128] {
    &TERMS_BY_CPP_OPCODE
}

/// Computes [`llvm::StructuralHash`](self) values; holds the scratch buffers (no
/// allocation per function once warm).
#[derive(Debug)]
pub(crate) struct StructuralHasher {
    words: Vec<u64>,
    walk: BlockWalk,
}

impl StructuralHasher {
    pub(crate) fn new() -> Self {
        StructuralHasher { words: Vec::new(), walk: BlockWalk::default() }
    }

    /// `StructuralHash(f, false)` of a function with a body: the shim's native walk,
    /// else the walk over LLVM-C below, else LLVM's own function (0 for a value that is
    /// not a function, which no caller passes).
    pub(crate) fn hash(&mut self, f: V) -> u64 {
        if let Some(h) = f.shim_structural_hash(terms()) {
            return h;
        }
        match self.try_hash(f) {
            Some(h) => h,
            None => f.llvm_structural_hash().unwrap_or(0),
        }
    }

    /// The same value through LLVM-C calls (kept as the reference the shim is tested
    /// against, and as a fallback).
    pub(crate) fn try_hash(&mut self, f: V) -> Option<u64> {
        let entry = f.first_block()?;
        let vararg = f.global_value_type()?.is_var_arg()?;
        self.words.clear();
        self.words.extend_from_slice(&[INITIAL, FUNCTION_HEADER, vararg as u64, f.param_count() as u64]);
        self.walk.start(entry);
        while let Some(b) = self.walk.next_block() {
            self.words.push(BLOCK_HEADER);
            for i in b.instructions() {
                let term = *terms_by_c_opcode().get(i.raw_opcode() as usize)?;
                if term == 0 {
                    return None;
                }
                self.words.push(term);
            }
            if !self.walk.push_successors(b) {
                // No terminator: not valid IR; let LLVM's own function decide.
                return None;
            }
        }
        Some(xxh3_64_words(&self.words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time terms are LLVM's own `xxh3_64bits` of each opcode, and cover
    /// every C++ opcode an LLVM-C opcode maps to.
    #[test]
    fn terms_are_llvms_xxh3_of_each_opcode() {
        for (op, &t) in TERMS_BY_CPP_OPCODE.iter().enumerate() {
            let want = if (1..=MAX_CPP_OPCODE as usize).contains(&op) { xxh3_64_words(&[op as u64]) } else { 0 };
            assert_eq!(t, want, "opcode {op}");
        }
        for w in [0u64, 1, 0xffff_ffff, 0x1_0000_0000, u64::MAX, 0x0123_4567_89ab_cdef] {
            assert_eq!(xxh3_one_word(w), xxh3_64_words(&[w]), "{w:#x}");
        }
        for raw in 0..128u32 {
            if let Some(op) = Op::from_raw(raw) {
                let c = cpp_opcode(op) as u64;
                assert!((1..=MAX_CPP_OPCODE).contains(&c), "{op:?}");
                assert_eq!(terms_by_c_opcode()[raw as usize], TERMS_BY_CPP_OPCODE[c as usize]);
            }
        }
    }
}
