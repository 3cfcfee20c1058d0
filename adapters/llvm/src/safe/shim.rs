//! The C++ shim's read-only functions (`shim/mergefunc_shim.cpp`) behind safe
//! signatures: each shim function checks the kind of its arguments itself and answers
//! -1, 0 or null for the wrong kind, so these wrappers only turn its answers and buffers
//! into Rust values. The shim's rewrites are in [`super::edit`]; besides the IR readers,
//! this file has LLVM's `xxh3` and the allocator setting, which read no IR.
//!
//! Invariants: every buffer handed to the shim is at least as long as the capacity
//! passed with it, and a count the shim returns is trusted only up to that capacity.

use super::{Md, M, T, V};
use crate::ffi;
use inkwell::llvm_sys::prelude::*;
use std::os::raw::c_uint;
use std::ptr;

/// What [`V::global_head`] reads of a global value; the default is the answer for any
/// other value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlobalHead {
    /// [`V::linkage`].
    pub linkage: Option<Result<super::Linkage, u32>>,
    /// [`V::is_declaration`].
    pub declaration: bool,
    /// [`V::is_dso_local`].
    pub dso_local: bool,
    /// A global object with any attachment (LLVM's `hasMetadata`, one bit of the value).
    pub has_metadata: bool,
    /// [`V::call_conv`].
    pub cc: Option<u32>,
    /// [`V::alignment`] (a global value is never an instruction).
    pub align: Option<u32>,
    /// [`V::unnamed_addr`].
    pub unnamed_addr: u32,
}

/// The `inrange` of a getelementptr constant expression ([`V::const_gep_inrange`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepInRange {
    /// No `inrange`.
    None,
    /// `inrange(lower, upper)` of `bits` bits (at most 64), bounds zero-extended.
    Range { bits: u32, lower: u64, upper: u64 },
    /// An `inrange` wider than 64 bits, or a value that is not a getelementptr constant
    /// expression.
    Unreadable,
}

impl V {
    /// Metadata refers to one of the function's arguments (false for a non-function).
    pub fn args_used_by_metadata(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function and only
        // reads its arguments' flags.
        unsafe { ffi::mergefunc_args_used_by_metadata(self.0) == 1 }
    }

    /// A `blockaddress` of one of the function's blocks is used outside the function.
    pub fn block_address_escapes(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function and only
        // reads its blocks and their uses.
        unsafe { ffi::mergefunc_block_address_escapes(self.0) == 1 }
    }

    /// The shim's attachment key of function `self` (`mergefunc_attachment_key`): the
    /// attachments of its reachable instructions but `!dbg` and the kinds in `skip`, on
    /// instructions other than loads not the kinds in `hints` either, by place, kind and
    /// content. `None` for a declaration or a function the walk declines. `memo` keeps
    /// the content keys of nodes for later calls (its owner clears it when a rewrite may
    /// have changed or freed a node).
    pub fn attachment_key(self, hints: &[u32], skip: &[u32], memo: &mut AttachmentMemo) -> Option<u64> {
        let mut out = 0u64;
        let memo = memo.handle();
        // SAFETY: `self` is a live value (the shim checks that it is a function with a
        // body) that nothing modifies during the call; the shim reads `hints` and `skip`
        // up to the lengths passed and writes one word to `out`; `memo` is a live memo
        // whose entries name live nodes with the contents they had (its owner's rule).
        let ok = unsafe {
            ffi::mergefunc_attachment_key(
                self.0,
                hints.as_ptr(),
                hints.len() as u32,
                skip.as_ptr(),
                skip.len() as u32,
                memo,
                &mut out,
            )
        };
        (ok == 1).then_some(out)
    }

    /// The instructions that have `self` itself as an operand (`direct_calls`: only the
    /// calls, invokes and callbrs whose callee it is), in use-list order, appended to
    /// `out`.
    pub fn instruction_users(self, direct_calls: bool, out: &mut Vec<V>) {
        self.instruction_users_raw(direct_calls, true, out);
    }

    /// The functions holding the instructions of [`Self::instruction_users`], in
    /// use-list order, once per run of uses in one block and never twice in a row,
    /// appended to `out`.
    pub fn instruction_user_functions(self, direct_calls: bool, out: &mut Vec<V>) {
        self.instruction_users_raw(direct_calls, false, out);
    }

    fn instruction_users_raw(self, direct_calls: bool, calls: bool, out: &mut Vec<V>) {
        // No use, no user: skips the buffer (most folded functions of a module have no
        // caller left by the time they are rewritten).
        if !self.has_uses() {
            return;
        }
        let start = out.len();
        let mut cap = 64;
        loop {
            out.resize(start + cap, V(ptr::null_mut()));
            // SAFETY: `self` is a live value and `out[start..]` has room for `cap`
            // handles; the shim only reads the IR and writes at most `cap` handles.
            let n = unsafe {
                ffi::mergefunc_instruction_users(
                    self.0,
                    direct_calls as i32,
                    calls as i32,
                    out[start..].as_mut_ptr().cast(),
                    cap,
                )
            };
            if n <= cap {
                out.truncate(start + n);
                return;
            }
            cap = n;
        }
    }

    /// A `blockaddress` may refer to one of the function's blocks (also true for a value
    /// that is not a function: the shim cannot tell).
    pub fn block_address_may_be_taken(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function.
        unsafe { ffi::mergefunc_any_block_address_taken(self.0) != 0 }
    }

    /// The constant offset of a getelementptr instruction as LLVM's comparator folds it:
    /// the index width in bits and the offset's low and high words; `None` when an index
    /// is not constant or `self` is not a getelementptr.
    pub fn gep_constant_offset(self) -> Option<(u32, [u64; 2])> {
        let mut bits = 0;
        let mut words = [0u64; 2];
        // SAFETY: `self` is a live value; the shim checks that it is a getelementptr
        // instruction, and `words` holds the two words it writes.
        let r = unsafe { ffi::mergefunc_gep_offset(self.0, &mut bits, words.as_mut_ptr()) };
        (r == 1).then_some((bits, words))
    }

    /// The `inrange` of a getelementptr constant expression, which LLVM-C cannot read.
    pub fn const_gep_inrange(self) -> GepInRange {
        let mut bits = 0;
        let mut words = [0u64; 2];
        // SAFETY: `self` is a live value; the shim checks that it is a getelementptr constant
        // expression, and `words` holds the two words it writes.
        match unsafe { ffi::mergefunc_const_gep_inrange(self.0, &mut bits, words.as_mut_ptr()) } {
            0 => GepInRange::None,
            1 => GepInRange::Range { bits, lower: words[0], upper: words[1] },
            _ => GepInRange::Unreadable,
        }
    }

    /// The global value is `dso_local` (explicitly, or implied by local linkage or
    /// hidden/protected visibility).
    pub fn is_dso_local(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a global value.
        unsafe { ffi::mergefunc_is_dso_local(self.0) == 1 }
    }

    /// The `!associated` attachment of a global object names this function: erasing it
    /// would leave the attachment without a global (invalid). Other metadata naming it
    /// (`!callees`, named metadata, debug info) may lose it, as in LLVM.
    pub fn named_by_associated(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function.
        unsafe { ffi::mergefunc_named_by_associated(self.0) == 1 }
    }

    /// A call of `llvm.localrecover` reads the frame of this function (its
    /// `llvm.localescape` allocations): it must keep its body under its symbol.
    pub fn frame_recovered(self) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a function.
        unsafe { ffi::mergefunc_frame_recovered(self.0) == 1 }
    }

    /// What the module facts read of a global value, in one call (see [`GlobalHead`]): the
    /// same answers as [`V::linkage`], [`V::is_declaration`], [`V::is_dso_local`],
    /// [`V::call_conv`], [`V::alignment`] and [`V::unnamed_addr`] (a value that is not
    /// global answers as they do), and whether it has any attachment.
    pub fn global_head(self) -> GlobalHead {
        let mut raw = ffi::GlobalHeadRaw::default();
        // SAFETY: `self` is a live value (the shim checks that it is a global value and
        // writes nothing otherwise); `raw` is a writable `MergefuncGlobalHead`.
        if unsafe { ffi::mergefunc_global_head(self.0, &mut raw) } == 0 {
            return GlobalHead::default();
        }
        let f = raw.flags;
        GlobalHead {
            linkage: Some(super::Linkage::from_raw(raw.linkage).ok_or(raw.linkage)),
            declaration: f & 1 != 0,
            dso_local: f & 2 != 0,
            has_metadata: f & 4 != 0,
            align: (f & 8 != 0).then_some(raw.align),
            cc: (f & 16 != 0).then_some(raw.cc),
            unnamed_addr: raw.unnamed_addr,
        }
    }

    /// The global object has an attachment of kind `kind`.
    pub fn has_global_metadata(self, kind: u32) -> bool {
        // SAFETY: `self` is a live value; the shim checks that it is a global object.
        unsafe { ffi::mergefunc_global_has_metadata(self.0, kind) == 1 }
    }

    /// 0 for a `dso_local_equivalent` constant, 1 for a `no_cfi` one (LLVM-C reports both as
    /// instructions and cannot tell them apart); `None` for any other value.
    pub fn wrapped_kind(self) -> Option<u32> {
        // SAFETY: `self` is a live value; the shim checks its kind.
        let k = unsafe { ffi::mergefunc_wrapped_kind(self.0) };
        u32::try_from(k).ok()
    }

    /// The `inalloca` (1) and `swifterror` (2) bits of an alloca (LLVM-C reads neither);
    /// `None` for a value that is not an alloca.
    pub fn alloca_flags(self) -> Option<u64> {
        // SAFETY: `self` is a live value; the shim checks that it is an alloca.
        let bits = unsafe { ffi::mergefunc_alloca_flags(self.0) };
        u64::try_from(bits).ok()
    }

    /// The alignment of a function in bytes, 64 bits wide (a function may be aligned to
    /// 2^32, which LLVM-C's 32-bit getter reads as none); 0 for none or a non-function.
    pub fn function_alignment(self) -> u64 {
        // SAFETY: `self` is a live value; the shim checks that it is a function.
        unsafe { ffi::mergefunc_function_alignment(self.0) }
    }

    /// The attachments of a global object except those of the kinds in `skip`, by
    /// increasing kind (none for a value that is not a global object).
    #[inline]
    pub fn global_attachments_except(self, skip: &[u32]) -> Vec<(u32, Md)> {
        let (mut kinds, mut nodes) = ([0u32; 8], [ptr::null_mut(); 8]);
        // SAFETY: `self` is a live value (the shim checks that it is a global object);
        // `skip` holds `skip.len()` kinds and the buffers room for the 8 pairs the shim
        // writes at most.
        let n = unsafe {
            ffi::mergefunc_global_attachments(
                self.0,
                skip.as_ptr(),
                skip.len() as c_uint,
                kinds.as_mut_ptr(),
                nodes.as_mut_ptr(),
                8,
            )
        } as usize;
        if n <= 8 {
            return kinds[..n].iter().zip(&nodes[..n]).map(|(k, m)| (*k, Md(*m))).collect();
        }
        let (mut k, mut m) = (vec![0u32; n], vec![ptr::null_mut(); n]);
        // SAFETY: as above, with buffers of `n` pairs.
        let got = unsafe {
            ffi::mergefunc_global_attachments(
                self.0,
                skip.as_ptr(),
                skip.len() as c_uint,
                k.as_mut_ptr(),
                m.as_mut_ptr(),
                n as c_uint,
            )
        } as usize;
        k.into_iter().zip(m).take(got.min(n)).map(|(k, m)| (k, Md(m))).collect()
    }

    /// The identity of the attribute list of a function or call site (attribute lists are
    /// uniqued per context and never freed; 0 for the empty list); `None` for any other
    /// value.
    pub fn attribute_list_id(self) -> Option<usize> {
        let mut ok = 0;
        // SAFETY: `self` is a live value; the shim checks its kind.
        let list = unsafe { ffi::mergefunc_attribute_list(self.0, &mut ok) } as usize;
        (ok == 1).then_some(list)
    }

    /// `StructuralHash(f, false)` of a function with a body through the shim's native walk
    /// (`terms`: the per-instruction term by C++ opcode, see `crate::shash`); `None` for
    /// any other value or a function the walk declines.
    #[inline]
    pub fn shim_structural_hash(self, terms: &[u64; 128]) -> Option<u64> {
        let mut ok = 0;
        // SAFETY: `self` is a live value (the shim checks that it is a function with a
        // body); `terms` holds the 128 terms passed as its length.
        let h = unsafe { ffi::mergefunc_structural_hash(self.0, terms.as_ptr(), 128, &mut ok) };
        (ok == 1).then_some(h)
    }

    /// LLVM's own exported `StructuralHash(F, false)` of a function (`None` for a value
    /// that is not a function).
    pub fn llvm_structural_hash(self) -> Option<u64> {
        // SAFETY: `self` is a live function (checked by `then`'s condition).
        self.is_function().then(|| unsafe { ffi::llvm_structural_hash_function(self.0, false) })
    }
}

impl M {
    /// The benchmark's instruction floor: one walk over every instruction of the module
    /// reading its opcode and operand count; a checksum of what it read.
    pub fn floor_instruction_walk(self) -> u64 {
        // SAFETY: `self` is a live module (handle rule); the shim only reads it.
        unsafe { ffi::mergefunc_floor_instruction_walk(self.0) }
    }
}

/// LLVM's `xxh3_64bits` of a slice of `u64`s (their little-endian bytes, as LLVM's
/// `stable_hash_combine` hashes its array).
#[inline]
pub fn xxh3_64_words(words: &[u64]) -> u64 {
    // SAFETY: the pointer and length describe `words`' bytes, which live across the call;
    // the callee only reads them (an `ArrayRef<uint8_t>` is passed as pointer + length).
    unsafe { ffi::llvm_xxh3_64bits(words.as_ptr() as *const u8, std::mem::size_of_val(words)) }
}

/// Sets glibc's `mallopt` thresholds for a one-shot process (see
/// `crate::tune_allocator_for_one_shot`); false on other C libraries.
pub fn tune_allocator() -> bool {
    // SAFETY: the shim function only calls `mallopt` with constant arguments.
    unsafe { ffi::mergefunc_tune_allocator() == 1 }
}

/// The shim's scratch for its prescan and shape-key walks (one per thread; allocated at
/// its first walk, so a scratch that walks nothing costs nothing; freed on drop). It
/// holds a copy of the data layout of the module last walked, checked on every walk, so
/// one scratch may serve several modules.
pub struct ScanScratch(std::cell::Cell<*mut std::ffi::c_void>);

impl ScanScratch {
    /// A fresh scratch (nothing allocated yet).
    pub fn new() -> Self {
        ScanScratch(std::cell::Cell::new(ptr::null_mut()))
    }

    /// The shim's scratch object, allocated at the first call.
    #[inline]
    fn raw(&self) -> *mut std::ffi::c_void {
        let p = self.0.get();
        if !p.is_null() {
            return p;
        }
        // SAFETY: the shim allocates a scratch object (never null: `new` throws instead).
        let p = unsafe { ffi::mergefunc_scan_new() };
        self.0.set(p);
        p
    }

    /// The shim's prescan of function `f` (see `crate::prescan`): its eight result words
    /// (see `mergefunc_prescan`), the identities appended to `ids`; `None` (and `ids` as
    /// it was) if the walk declined `f` (a declaration, a non-function, ...). `terms`:
    /// the per-instruction hash terms by C++ opcode; `ptr_bits`: the pointer width the
    /// order equates with address-space-0 pointers (0: none).
    #[inline]
    pub fn prescan(&self, f: V, terms: &[u64; 128], ptr_bits: u32, ids: &mut Vec<u64>) -> Option<[u64; 8]> {
        let start = ids.len();
        let mut out = [0u64; 8];
        let scan = self.raw();
        loop {
            let cap = ids.capacity() - start;
            // SAFETY: `scan` is a live scratch (made by `raw`, freed only on drop); `f` is
            // a live value (the shim checks that it is a function with a body) that
            // nothing modifies during the call (the handle rule; the caller holds the
            // module); `terms` holds 128 words; `out` holds 8; the shim writes at most
            // `cap` ids into the spare capacity after `start`, which `set_len` below
            // exposes only up to what it wrote.
            let ok = unsafe {
                ffi::mergefunc_prescan(
                    scan,
                    f.0,
                    terms.as_ptr(),
                    128,
                    ptr_bits,
                    out.as_mut_ptr(),
                    ids.as_mut_ptr().add(start),
                    cap,
                )
            };
            let n = out[2] as usize;
            if ok != 1 {
                return None;
            }
            if n <= cap {
                // SAFETY: the shim wrote `n <= cap` initialized words after `start`.
                unsafe { ids.set_len(start + n) };
                return Some(out);
            }
            ids.reserve(n);
        }
    }

    /// The shape key (see `crate::shape`; 0 for a value the shim cannot key) of each of
    /// `fs`, in order (the memory of the next ones asked for ahead), and each one's block
    /// number bound (LLVM's `getMaxBlockNumber`: its block count unless blocks were erased
    /// since the function was numbered; 0 for a non-function) when `with_blocks`, else an
    /// empty list. `entry_walk` is the shim's entry-walk setting, `entry_cap` the most
    /// entry-block instructions it reads.
    pub fn shape_keys(
        &self,
        fs: &[V],
        ptr_bits: u32,
        entry_walk: i32,
        entry_cap: u32,
        with_blocks: bool,
    ) -> (Vec<u64>, Vec<u32>) {
        let mut out = vec![0u64; fs.len()];
        let mut blocks = if with_blocks { vec![0u32; fs.len()] } else { Vec::new() };
        let scan = self.raw();
        // SAFETY: `scan` is a live scratch; every handle of `fs` is a live value (the shim
        // checks that each is a function with a body) that nothing modifies during the
        // call; `V` is a transparent wrapper of `LLVMValueRef`, so `fs` is an array of
        // `fs.len()` of them; `out` holds as many words, and so does `blocks` unless it is
        // passed as null.
        unsafe {
            ffi::mergefunc_shape_keys(
                scan,
                fs.as_ptr().cast(),
                fs.len(),
                ptr_bits,
                entry_walk,
                entry_cap,
                out.as_mut_ptr(),
                if with_blocks { blocks.as_mut_ptr() } else { std::ptr::null_mut() },
            )
        };
        (out, blocks)
    }

    /// The prefix key (see `crate::shape`: the first `limit` instructions in the order's
    /// walk order; 0 for a value the shim cannot key) of each of `fs`, in order (the memory
    /// of the next ones asked for ahead), and with `with_blocks` each one's block number
    /// bound (as `shape_keys`; empty without).
    pub fn prefix_keys(&self, fs: &[V], ptr_bits: u32, limit: u32, with_blocks: bool) -> (Vec<u64>, Vec<u32>) {
        let mut out = vec![0u64; fs.len()];
        let mut blocks = if with_blocks { vec![0u32; fs.len()] } else { Vec::new() };
        let scan = self.raw();
        // SAFETY: as `shape_keys`.
        unsafe {
            ffi::mergefunc_prefix_keys(
                scan,
                fs.as_ptr().cast(),
                fs.len(),
                ptr_bits,
                limit,
                out.as_mut_ptr(),
                if with_blocks { blocks.as_mut_ptr() } else { std::ptr::null_mut() },
            )
        };
        (out, blocks)
    }
}

impl Default for ScanScratch {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for ScanScratch {
    fn drop(&mut self) {
        let p = self.0.get();
        if !p.is_null() {
            // SAFETY: made by `mergefunc_scan_new`, freed once.
            unsafe { ffi::mergefunc_scan_free(p) }
        }
    }
}

impl std::fmt::Debug for ScanScratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ScanScratch")
    }
}

/// Asks the CPU to load the cache lines of `[lo, hi)`, at most `max_bytes` from `lo`: a
/// hint, the addresses are never dereferenced.
pub fn prefetch_range(lo: u64, hi: u64, max_bytes: u64) {
    // SAFETY: the shim only issues prefetch instructions, which never fault.
    unsafe { ffi::mergefunc_prefetch_range(lo, hi, max_bytes) }
}

/// The content keys of metadata nodes that [`V::attachment_key`] computed, kept from one
/// call to the next (allocated at the first call, freed on drop). Keyed by node: the
/// owner must [`Self::clear`] it whenever a rewrite may have changed or freed a node.
#[derive(Debug, Default)]
pub struct AttachmentMemo {
    memo: Option<std::ptr::NonNull<std::ffi::c_void>>,
    /// Holds entries (a call since the last clear).
    used: bool,
}

impl Drop for AttachmentMemo {
    fn drop(&mut self) {
        if let Some(m) = self.memo {
            // SAFETY: made by `mergefunc_attachment_memo_new`, freed once.
            unsafe { ffi::mergefunc_attachment_memo_free(m.as_ptr()) }
        }
    }
}

impl AttachmentMemo {
    /// Forgets every entry (cheap when nothing was asked since the last clear).
    pub fn clear(&mut self) {
        if let (Some(m), true) = (self.memo, self.used) {
            // SAFETY: a live memo made by `mergefunc_attachment_memo_new`.
            unsafe { ffi::mergefunc_attachment_memo_clear(m.as_ptr()) }
        }
        self.used = false;
    }

    fn handle(&mut self) -> *mut std::ffi::c_void {
        self.used = true;
        match self.memo {
            Some(m) => m.as_ptr(),
            None => {
                // SAFETY: a plain allocation in the shim (`new` throws rather than return null).
                let m = unsafe { ffi::mergefunc_attachment_memo_new() };
                self.memo = std::ptr::NonNull::new(m);
                m
            }
        }
    }
}

/// The shim's same-body walk and its scratch (allocated at the first walk, freed on
/// drop), and whether the scratch pairs distinct metadata tuples by a consistent
/// renaming (see [`SameBodyWalk::run`]).
#[derive(Debug)]
pub struct SameBodyWalk(*mut std::ffi::c_void, bool);

impl Default for SameBodyWalk {
    fn default() -> Self {
        SameBodyWalk(ptr::null_mut(), false)
    }
}

impl Drop for SameBodyWalk {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: made by `mergefunc_same_body_new`, freed once.
            unsafe { ffi::mergefunc_same_body_free(self.0) }
        }
    }
}

impl SameBodyWalk {
    /// Is `dst`'s body `src`'s with `dst`'s locals in their places, and would a view build
    /// find both eligible (see the shim)? On success: with `insts = Some((buf, n))` (the
    /// source has `n` instructions) `buf` holds `dst`'s `n` instruction handles; pairs of
    /// distinct types found at one place fill `types` (`src`'s, then `dst`'s), the direct
    /// calls of `dst` to functions other than `src`'s callees fill `callee_at` (`dst`'s
    /// instruction number) and `callees`; returns the number of type pairs and of
    /// callees. `None` when the bodies differ, `dst` has not `n` instructions, or a
    /// buffer is too small. With `rename_distinct`, attachments may differ in distinct
    /// metadata tuples paired by a consistent renaming (what the order equates, but not
    /// the same records: only for claims, never for a copy).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        src: V,
        dst: V,
        insts: Option<(&mut Vec<V>, usize)>,
        types: &mut [T],
        callee_at: &mut [usize],
        callees: &mut [V],
        rename_distinct: bool,
    ) -> Option<(usize, usize)> {
        if self.0.is_null() {
            // SAFETY: a plain allocation in the shim (`new` throws rather than return null).
            self.0 = unsafe { ffi::mergefunc_same_body_new() };
        }
        if self.1 != rename_distinct {
            // SAFETY: `self.0` is a live walk (made above).
            unsafe { ffi::mergefunc_same_body_rename_distinct(self.0, i32::from(rename_distinct)) };
            self.1 = rename_distinct;
        }
        let n = insts.as_ref().map_or(0, |(_, n)| *n);
        let out = insts.map(|(v, _)| {
            v.clear();
            v.reserve_exact(n);
            v
        });
        let out_ptr = out.as_ref().map_or(ptr::null_mut(), |v| v.as_ptr() as *mut LLVMValueRef);
        let (type_cap, callee_cap) = (types.len() / 2, callee_at.len().min(callees.len()));
        let (mut ntypes, mut ncallees) = (0usize, 0usize);
        // SAFETY: `self.0` is a live walk (made above); both are live values (the shim
        // checks that they are functions); `out_ptr`
        // is null or has room for `n` handles (reserved above), and the shim writes at most
        // `n` there, `type_cap` type pairs to `types` and `callee_cap` entries to
        // `callee_at` and `callees` (`V` and `T` are transparent handles).
        let got = unsafe {
            ffi::mergefunc_same_body(
                self.0,
                src.0,
                dst.0,
                out_ptr,
                n,
                types.as_mut_ptr() as *mut LLVMTypeRef,
                type_cap,
                &mut ntypes,
                callee_at.as_mut_ptr(),
                callees.as_mut_ptr() as *mut LLVMValueRef,
                callee_cap,
                &mut ncallees,
            )
        };
        if got < 0 || (out.is_some() && got as usize != n) || ntypes > type_cap || ncallees > callee_cap {
            return None;
        }
        if let Some(v) = out {
            // SAFETY: the shim wrote `n` handles (it returned `n`).
            unsafe { v.set_len(n) };
        }
        Some((ntypes, ncallees))
    }
}

/// LLVM's `GlobalNumberState` for [`LlvmComparator::compare`] (freed on drop).
#[derive(Debug)]
pub struct LlvmComparator(*mut std::ffi::c_void);

impl Default for LlvmComparator {
    fn default() -> Self {
        // SAFETY: the shim allocates the state (`new` throws rather than return null).
        LlvmComparator(unsafe { ffi::mergefunc_llvm_cmp_state_new() })
    }
}

impl Drop for LlvmComparator {
    fn drop(&mut self) {
        // SAFETY: made by `mergefunc_llvm_cmp_state_new`, freed once.
        unsafe { ffi::mergefunc_llvm_cmp_state_free(self.0) }
    }
}

impl LlvmComparator {
    /// LLVM 22's `FunctionComparator::compare` of two functions with bodies, numbering
    /// globals in this state; `None` when either is not one.
    pub fn compare(&mut self, a: V, b: V) -> Option<std::cmp::Ordering> {
        // SAFETY: both are live values; the shim checks that they are functions with
        // bodies.
        match unsafe { ffi::mergefunc_llvm_compare_functions(self.0, a.0, b.0) } {
            -1 => Some(std::cmp::Ordering::Less),
            0 => Some(std::cmp::Ordering::Equal),
            1 => Some(std::cmp::Ordering::Greater),
            _ => None,
        }
    }
}
