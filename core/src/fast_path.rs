//! The fast path: every optional hook that lets an adapter save the driver work.
//!
//! [`Module`] and [`ModuleMut`](crate::ModuleMut) are all an adapter needs for correct
//! merges. [`FastPath`] gathers the hooks that exist only to make a run cheaper: building
//! views lazily, keys that let the driver leave functions unread, and claims that let it
//! merge without reading. An adapter that has none writes `impl FastPath for MyIr {}`;
//! `adapters/mock/src/fast_path.rs` is a small worked example of one that has some
//! (walked through in `docs/adapter-guide.md`, after the toy adapter that has none).
//!
//! # The contract, stated once for every hook
//! 1. **Every answer describes the IR as it is when asked**: not as it was loaded, nor as
//!    it was at an earlier answer. The rewrites of [`ModuleMut`](crate::ModuleMut) in
//!    between count.
//! 2. **No answer is always correct.** A hook's default (`None`, `false`, doing nothing)
//!    gives the same merges as any correct answer; only the work differs. The one
//!    exception is a pair, not a single hook: an adapter whose [`Module::body`] answers
//!    `None` for a view it has not built yet (*lazy views*) must implement
//!    [`FastPath::has_body`] and [`FastPath::materialize`].
//! 3. **What a wrong answer costs** is stated on every hook by one label:
//!    * *checked by the core*: the core checks the answer before it relies on it; a wrong
//!      answer costs only the check;
//!    * *can only lose merges*: the core relies on the answer being consistent with the
//!      order ([`crate::order`]); a wrong one can make it miss merges or do more work,
//!      never merge two different functions;
//!    * *trusted*: the core merges on the answer's word; a wrong `true` merges two
//!      different functions, a miscompile. With
//!      [`Options::check_fast_path`](crate::Options::check_fast_path) the core checks every
//!      trusted answer it acts on (it builds both views and compares them) and stops the
//!      run with [`Error::WrongFastPath`](crate::Error::WrongFastPath) on a wrong one. The
//!      repository's tests and fuzz targets turn it on.
//!
//!    [`FastPath::prefetch`] alone carries no label: it is a hint with no answer, and
//!    nothing the driver decides depends on it.
//!
//! # When the driver asks
//! Every coupling between hooks is in this list, and nowhere else:
//! * [`FastPath::never_merges`] is asked of every candidate at the start of a run (up to
//!   twice: a first walk ends the run at once when it answers `true` for every candidate,
//!   outside cycle mode); a function it answers `true` for is left out before anything
//!   else is asked.
//! * [`FastPath::worklist_hash`] is asked of every candidate once, at the start of a run.
//!   If it answers for at least one, views are built only for candidates whose hash
//!   another candidate shares, and [`FastPath::merge_key`] is asked of those; if it
//!   answers for none, every candidate's view is built and hashed by the core, and
//!   `merge_key` is never asked (its one use is to leave views unbuilt, and then every
//!   view is built anyway).
//! * [`FastPath::tree_key`] is asked first of the first candidate in worklist order. If
//!   that answer is `None`, the tree is keyed by the core's hash of views for the whole
//!   run and `tree_key` is not asked again. Otherwise every function is asked as it goes
//!   into the tree, and the first `None` re-files the whole tree under view hashes for
//!   the rest of the run. So answer for every function or for none. (The first round
//!   builds its views bucket by bucket unless the tree is keyed, so the driver must know
//!   before the first bucket.)
//! * [`FastPath::tree_subkey`] is asked only while the tree is keyed by `tree_key`: of a
//!   function arriving under the key of tree functions when no claim settled it, then of
//!   those tree functions (once per key), and of every later arrival under that key.
//! * [`FastPath::same_body_as`] and [`FastPath::same_unread_body_as`] are asked only while
//!   the tree is keyed by `tree_key`, about a tree function filed under `f`'s key.
//! * [`FastPath::cycle_key`] is asked only with
//!   [`Options::merge_cycles`](crate::Options::merge_cycles), of the candidates of the
//!   cycle pass, whatever the other keys answered.
//! * [`FastPath::tiny_body`] is asked when the driver decides whether a thunk calling `f`
//!   is worth writing, before it would read `f`'s view for that.
//! * [`FastPath::materialize`] is called before the driver first reads `f`'s view and again
//!   after `f` left the tree; [`FastPath::prefetch`] a few calls ahead of it.
//! * [`FastPath::view_copied_from`] is asked of every function about to go into the tree.
//! * [`FastPath::has_body`] is asked whenever the driver checks that `f` is a candidate.

use alloc::vec::Vec;

use crate::ir::{FuncId, Module};

/// Optional hooks that save the driver work; see the [module documentation](self) for
/// the contract they share and when each is asked.
pub trait FastPath: Module {
    // --- Lazy views ---------------------------------------------------------------------

    /// True if `f` has a body, whether or not its view is built. The default asks
    /// [`Module::body`], which is exact for an adapter whose views are always built.
    ///
    /// *Can only lose merges*: a wrong `false` drops a candidate; a wrong `true` makes the
    /// driver read a function without a body, which compares unequal to every other.
    fn has_body(&self, f: FuncId) -> bool {
        self.body(f).is_some()
    }

    /// Builds the view of `f` (its [`Module::body`] and the parts of its
    /// [`crate::FuncInfo`] that depend on the body, such as `ineligible`) if it is not
    /// built or no longer describes the IR. The default does nothing (views always built).
    ///
    /// A lazy adapter may leave the view of a changed function stale, to be built on the
    /// next call, exactly for the functions that [`Module::users_of`] reported for the
    /// rewrite (the driver asks for those and takes them out of its tree before each
    /// rewrite that changes them); every other function whose view is built and that a
    /// rewrite changes must be brought up to date before the rewrite returns.
    ///
    /// *Trusted*, as [`Module::body`] itself is: after the call, the view is what the
    /// driver compares.
    fn materialize(&mut self, f: FuncId) {
        let _ = f;
    }

    /// A hint: the driver will soon call [`Self::materialize`] for `f`. An adapter whose
    /// views are read from memory that is likely cold may start loading it; it must not
    /// change anything the driver can observe. The default does nothing.
    ///
    /// No answer: nothing the driver decides depends on it.
    fn prefetch(&self, f: FuncId) {
        let _ = f;
    }

    // --- Keys: leaving functions unread -------------------------------------------------

    /// A hash used *only* to order the initial worklist and to drop candidates whose hash
    /// no other candidate shares (LLVM's `StructuralHash` in the LLVM adapter, so that the
    /// order of merges reproduces LLVM's). Equal functions must get equal values. `None`
    /// (the default) uses the core's hash of the view.
    ///
    /// *Can only lose merges.*
    fn worklist_hash(&self, f: FuncId) -> Option<u64> {
        let _ = f;
        None
    }

    /// True if the adapter proved, without reading `f`'s body, that `f` can never merge:
    /// no function the pass will ever compare can equal it (say, no other candidate has a
    /// key that every function equal to `f` shares and that no rewrite of another function
    /// changes). Asked of every candidate at the start of a run, before
    /// [`Self::worklist_hash`]; the driver then leaves `f` out before hashing it (counted
    /// in [`crate::Stats::never_merges`]). `false` (the default) keeps the function.
    ///
    /// *Can only lose merges.*
    fn never_merges(&self, f: FuncId) -> bool {
        let _ = f;
        false
    }

    /// A cheap key of a candidate, computed *without* building its view, that lets the
    /// driver skip functions that can never merge (when it is asked: see the module
    /// documentation). It must be:
    /// * consistent with the order: two functions the order calls equal get equal keys
    ///   and equal `refs` (so it may only read what the order requires to be identical for
    ///   equal functions: opcodes, canonical types, operand counts, block structure,
    ///   globals that merges never replace, ...);
    /// * stable under every rewrite that does not replace the function's own body: it must
    ///   not read which function with a body an operand names (such a function may be
    ///   merged and replaced), nor anything else a merge can change. Instead, each
    ///   reference to a function with a body is appended to `refs`, in a fixed walk order,
    ///   and only marked in the key.
    ///
    /// The driver refines (worklist hash, key, refs) to a fixpoint: a candidate alone in
    /// its class can never merge and is dropped before its view is built (counted in
    /// [`crate::Stats::unique_keys`]); a function that can never merge is never replaced,
    /// so its identity in other functions' `refs` becomes part of their keys. `None` (the
    /// default) keeps the function.
    ///
    /// *Can only lose merges.*
    fn merge_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        let _ = (f, refs);
        None
    }

    /// A key of `f` *as it is now*, computed without building its view, that lets cycle
    /// merging ([`crate::Options::merge_cycles`]) skip functions that can have no class
    /// mate. It must:
    /// * read nothing about which function with a body an operand names: each such
    ///   operand is appended to `refs` and only marked in the key, in the order in which
    ///   the order's walk meets it (reachable blocks only, depth first from the entry,
    ///   last successor first: [`crate::walk_blocks`]), so that the refs of functions the
    ///   order could call equal line up position by position;
    /// * apart from those operands, be consistent with the order: two functions that the
    ///   order would call equal if their `refs` named the same functions get equal keys
    ///   and `refs` of equal length;
    /// * decline alike: if it returns `None` for `f`, it returns `None` for every function
    ///   that such a renaming could make equal to `f`.
    ///
    /// The driver refines the keys to a fixpoint as for [`Self::merge_key`] (with the
    /// cycle classes of the functions in `refs`); a function alone in its key class has no
    /// cycle class mate and is left out unread (counted in
    /// [`crate::Stats::cycle_unique_keys`]). `None` is the default. (A merge key meets this
    /// contract, so an adapter may answer with its [`Self::merge_key`].)
    ///
    /// *Can only lose merges.*
    fn cycle_key(&mut self, f: FuncId, refs: &mut Vec<FuncId>) -> Option<u64> {
        let _ = (f, refs);
        None
    }

    /// A key of `f` *as it is now*, computed without building its view, under which the
    /// driver files `f` in its tree (LLVM's `FnTree`). Two functions the order calls equal
    /// must get equal keys; it may read anything the order requires to be identical for
    /// equal functions, including which function an operand names, with a call of `f` to
    /// itself marked rather than named. With keys, the driver builds a view only when
    /// another function in its tree has the same key (when it is asked, and what a `None`
    /// does: see the module documentation). `None` is the default.
    ///
    /// *Can only lose merges.*
    fn tree_key(&mut self, f: FuncId) -> Option<u64> {
        let _ = f;
        None
    }

    /// A second key of `f` *as it is now*, for what is costly to read for every function
    /// and rarely tells functions apart (the LLVM adapter: instruction attachments). Asked
    /// only while the tree is keyed by [`Self::tree_key`], when `f` arrives under the tree
    /// key of tree functions and no claim settled it, and then of those tree functions
    /// too; from then on every function arriving under that tree key is asked, and the
    /// driver files them under (tree key, this key), so that functions it separates are
    /// never read to be told apart. Two functions the order calls equal must get equal
    /// answers, `None` included (an adapter declines alike); it may read anything
    /// [`Self::tree_key`] may. `None` for the function that arrived (always, by default)
    /// leaves the tree key's functions filed under it alone.
    ///
    /// *Can only lose merges.*
    fn tree_subkey(&mut self, f: FuncId) -> Option<u64> {
        let _ = f;
        None
    }

    // --- Claims: merging without reading ------------------------------------------------

    /// A function whose view `f`'s view may be a copy of (an adapter that found two
    /// functions' IR identical may copy one view instead of building the other). When the
    /// copy checks out ([`crate::Comparator::is_copy_of`]) and the other function is in the
    /// tree, `f` merges with it without being hashed, validated or compared. `None` (the
    /// default): no hint.
    ///
    /// *Checked by the core*: a wrong or stale hint costs only the check.
    fn view_copied_from(&self, f: FuncId) -> Option<FuncId> {
        let _ = f;
        None
    }

    /// True only if the view of `f`, were it built now, would be the same records as `g`'s
    /// current view (blocks, instructions, operands, props, successors), except that a
    /// callee naming `g` in `g`'s view names `f` in `f`'s (and only there), and no constant
    /// or metadata item of them contains a block address; and `f`'s view would find it
    /// exactly as eligible as `g`'s. Asked with `g`'s view built and validated and `f` a
    /// candidate, while the tree is keyed. The driver then merges the two when their
    /// signatures compare equal ([`crate::Comparator::same_signature`]), without building
    /// `f`'s view unless `f` survives. `false` (the default) is always correct.
    ///
    /// *Trusted*: checked under [`crate::Options::check_fast_path`] (and in debug builds).
    fn same_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let _ = (f, g);
        false
    }

    /// [`Self::same_body_as`] for a tree function `g` whose view the driver has not read:
    /// true only if the views of `f` and `g`, were they built now, would be the same
    /// records in the sense of `same_body_as`, except that a [`crate::MetaData::Distinct`]
    /// item of one may be another such item of the other where the order pairs them (a
    /// consistent renaming, under which the order finds the two bodies equal, weak flags
    /// included); and `g`'s view would find `g` eligible (the parts of
    /// [`crate::FuncInfo::ineligible`] that depend on the body) and be a valid body. On
    /// `true` (and equal signatures) the two merge without either view being built, when
    /// `g` survives; when `f` survives it takes `g`'s node unread, where it sorts as `g`
    /// did (equal under the order). No view is copied on this word, so the renaming needs
    /// no records to match. `false` (the default) is always correct.
    ///
    /// *Trusted*: checked under [`crate::Options::check_fast_path`].
    fn same_unread_body_as(&mut self, f: FuncId, g: FuncId) -> bool {
        let _ = (f, g);
        false
    }

    /// Without building `f`'s view: `Some(true)` if `f`'s body, as its view would have it,
    /// is one block of at most one instruction, `Some(false)` if it is more. `None` (the
    /// default): the driver builds the view and looks.
    ///
    /// *Can only lose merges*: a wrong answer changes only whether a thunk calling `f` is
    /// written (LLVM's too-small rule), never what is merged with what.
    fn tiny_body(&self, f: FuncId) -> Option<bool> {
        let _ = f;
        None
    }
}
