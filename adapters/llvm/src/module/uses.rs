//! Use lists: which functions refer to a value (through instructions, constants or
//! their signatures), as the rewrites and [`mergefunc::Module::users_of`] need them.
//!
//! Invariants: these walks only read use lists; each reports a function at least once
//! per use it has, possibly more (callers sort and deduplicate).

use super::{HashSet, LlvmError, LlvmModule};
use crate::safe::{B, V};
use mergefunc::FuncId;

/// Where [`LlvmModule::walk_references`] reports the functions that refer to a value,
/// and the constants on the way.
pub(crate) struct ReferenceSink<'a> {
    /// Functions with an instruction that refers to the value (itself or inside a
    /// constant).
    pub(crate) insts: &'a mut Vec<FuncId>,
    /// Functions whose signature refers to it (personality, prefix or prologue data).
    pub(crate) sig: SigSink<'a>,
    /// The constants (not globals) that contain the value, if wanted.
    pub(crate) consts: Option<&'a mut Vec<V>>,
}

/// Where a [`ReferenceSink`] puts functions whose signature refers to the value.
pub(crate) enum SigSink<'a> {
    /// Not reported.
    Skip,
    /// Into `insts`, with the others.
    WithInsts,
    /// Into a list of their own.
    Own(&'a mut Vec<FuncId>),
}

impl LlvmModule {
    /// The one walk of the values that refer to `v`: instructions, functions (through
    /// their signature) and, recursively, constants that are not globals; reported into
    /// `sink` as found.
    pub(crate) fn walk_references(&self, v: V, sink: &mut ReferenceSink<'_>) {
        let mut seen: HashSet<V> = HashSet::default();
        let mut stack = vec![v];
        let mut last_block = None;
        while let Some(x) = stack.pop() {
            for user in x.users() {
                if user.is_instruction() {
                    self.push_parent(user, &mut last_block, sink.insts);
                } else if user.is_function() {
                    let out = match &mut sink.sig {
                        SigSink::Skip => continue,
                        SigSink::WithInsts => &mut *sink.insts,
                        SigSink::Own(sig) => &mut **sig,
                    };
                    if let Some(f) = self.func_of.get(&user) {
                        out.push(*f);
                    }
                } else if user.is_constant() && !user.is_global() && seen.insert(user) {
                    if let Some(consts) = &mut sink.consts {
                        consts.push(user);
                    }
                    stack.push(user);
                }
            }
        }
    }

    /// The constants (not globals) that contain `v`, at any depth, in the order
    /// [`Self::walk_references`] reports them; `None` as soon as their operand counts add
    /// up to more than `operand_limit`. The walk stops there, so a caller that gives up
    /// past the limit never pays for the rest of a large use graph (a function whose
    /// address sits in tens of thousands of constants), and reads no instruction user.
    pub(crate) fn constants_containing(&self, v: V, operand_limit: u64) -> Option<Vec<V>> {
        let mut seen: HashSet<V> = HashSet::default();
        let (mut consts, mut operands) = (Vec::new(), 0u64);
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            for user in x.users() {
                if user.is_constant() && !user.is_global() {
                    if !seen.insert(user) {
                        continue;
                    }
                    operands += u64::from(user.num_operands());
                    if operands > operand_limit {
                        return None;
                    }
                    consts.push(user);
                    stack.push(user);
                }
            }
        }
        Some(consts)
    }

    /// Functions whose body (or, with `include_sig`, signature) refers to `v` (through
    /// constants too), into `out`.
    pub(crate) fn referencing_funcs(&self, v: V, include_sig: bool, out: &mut Vec<FuncId>) {
        let sig = if include_sig { SigSink::WithInsts } else { SigSink::Skip };
        self.walk_references(v, &mut ReferenceSink { insts: out, sig, consts: None });
    }

    /// Like [`Self::referencing_funcs`], split into functions with an instruction that
    /// refers to `v` (`insts`) and functions whose signature does (`sig`: personality,
    /// prefix and prologue data); the constants on the way into `consts`.
    pub(crate) fn referencing_funcs_split(
        &self,
        v: V,
        insts: &mut Vec<FuncId>,
        sig: &mut Vec<FuncId>,
        consts: &mut Vec<V>,
    ) {
        self.walk_references(v, &mut ReferenceSink { insts, sig: SigSink::Own(sig), consts: Some(consts) });
    }

    /// Functions with an instruction that has `v` itself as an operand (not inside a
    /// constant).
    pub(crate) fn instruction_users(&self, v: V, out: &mut Vec<FuncId>) {
        self.user_functions(v, false, out);
    }

    /// The functions with an instruction that has `v` itself as an operand (with
    /// `direct_calls`: a call, invoke or callbr whose callee it is), in use-list order,
    /// as [`Self::push_parent`] reports them (one shim walk over the uses).
    pub(crate) fn user_functions(&self, v: V, direct_calls: bool, out: &mut Vec<FuncId>) {
        let mut fns = Vec::new();
        v.instruction_user_functions(direct_calls, &mut fns);
        for f in fns {
            if let Some(id) = self.func_of.get(&f) {
                if out.last() != Some(id) {
                    out.push(*id);
                }
            }
        }
    }

    /// Splits `users` (functions with an instruction that refers to `v`, directly or
    /// inside constants) into those `users_of(.., UseKind::Any)` reports (an
    /// instruction has `v` itself as an operand; the driver took them out of its tree,
    /// their views may be rebuilt lazily), returned in `users`, and the others, returned:
    /// they may sit in the driver's tree, so a rewrite that changes them rebuilds their
    /// views before it returns.
    pub(crate) fn split_by_direct_use(&self, v: V, users: &mut Vec<FuncId>) -> Vec<FuncId> {
        let mut direct = Vec::new();
        self.instruction_users(v, &mut direct);
        direct.sort_unstable();
        direct.dedup();
        let mut eager = Vec::new();
        users.retain(|f| {
            direct.binary_search(f).is_ok() || {
                eager.push(*f);
                false
            }
        });
        eager
    }

    /// Appends the function of instruction `user` to `out`, unless `user` is in
    /// `*last_block`, the block of the previous user: that function is already there.
    /// Use lists hold the uses of one caller mostly in runs, so this keeps `out` close
    /// to one entry per caller (callers sort and deduplicate it anyway).
    pub(crate) fn push_parent(&self, user: V, last_block: &mut Option<B>, out: &mut Vec<FuncId>) {
        let Some(b) = user.parent_block() else { return };
        if Some(b) == *last_block {
            return;
        }
        *last_block = Some(b);
        let f = b.parent();
        if let Some(id) = self.func_of.get(&f) {
            if out.last() != Some(id) {
                out.push(*id);
            }
        }
    }

    pub(crate) fn func_value(&self, f: FuncId) -> Result<V, LlvmError> {
        self.funcs.get(f.index()).and_then(|s| s.v).ok_or_else(|| LlvmError(format!("{f} no longer exists")))
    }
}
