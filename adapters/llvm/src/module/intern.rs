//! Interning: LLVM types, metadata, inline asm and strings become the core's ids
//! ([`mergefunc::TypeId`], [`mergefunc::MetaId`], [`mergefunc::AsmId`]), and the pointer
//! caches in front of those tables are forgotten when a rewrite may have freed what they
//! point to (the cache *generations*).
//!
//! Invariants: an id names one content for good (tables only grow); a type's id depends
//! on its content only (congruent named structs share one); caches keyed by LLVM
//! pointers (`const_of`, `meta_of`, `mav_of`, `asm_of`, `opaque_ptr`) hold
//! only live objects: every rewrite that may free one clears them or removes exactly the
//! freed entries, and bumps the generation whose ids depend on them.

use super::height::measure_height;
use super::{HashMap, LlvmModule};
use crate::safe::{self, Md, TyKind, T, V};
use mergefunc::{AsmData, AsmId, ConstId, MetaData, MetaId, TypeData, TypeId};

/// Slots of `LlvmModule::type_cache` (a power of two).
pub(super) const TYPE_CACHE_SLOTS: usize = 256;

/// How the contents of a data array or vector (`ConstKind::DataArray`/`DataVector`) are
/// recorded. The order compares them as bytes, also across element types: vectors of one
/// total width are "losslessly bitcastable" (`<2 x i32> <1, 2>` against `<4 x i16>`),
/// which is right when the bytes are the constant's image in the target's memory. LLVM
/// stores the elements in the host's byte order, and LLVM 22 compares those bytes, which
/// on a target of the other byte order equates vectors whose bitcasts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DataBytes {
    /// The target's byte order is the host's: LLVM's bytes are the image.
    AsStored,
    /// The target's byte order is the other one: each element's bytes are reversed.
    Swapped,
    /// The byte order is unknown (a triple without a known layout): the bytes are
    /// prefixed with the element size, so that only data of one element type can be equal.
    Tagged,
}

/// Metadata that says nothing about what a program does, interned as one item per kind
/// wherever it occurs inside metadata, so that it never keeps two functions apart.
#[derive(Clone, Copy)]
pub(super) enum Placeholder {
    /// A debug location (`DILocation`): a loop's `!llvm.loop` node names the source
    /// lines of the loop, and two functions' loops are at other lines.
    Location = 0,
    /// The description string of a node that names itself first (see `intern_meta`).
    Description = 1,
    /// Every nested node of an attachment read as LLVM 22 reads it (the test switch
    /// `llvm22_attachments`, see `intern_one_level`).
    Nested = 2,
}

/// How deep [`LlvmModule::intern_meta`] reads nested metadata (see `intern_meta_at`);
/// real attachments nest a few levels (a TBAA tag, its types, their root). A node whose
/// tuples nest deeper than this (its height, measured before it is read, see
/// `meta_height_of`) is interned as its identity, so that its id does not depend on where
/// it was met first.
const META_INTERN_DEPTH: u32 = 256;

/// A bound on the interning's recursion whatever the heights say: a cycle through several
/// uniqued nodes (textual IR only) can make a path longer than a node's measured height.
const META_RECURSION_GUARD: u32 = 2 * META_INTERN_DEPTH;

/// How deep [`LlvmModule::intern_type`] reads nested types: a type whose content nests
/// more than this many levels (its *height*: 1 for a type without element types, else 1
/// more than its tallest element type's) is interned as its identity (an id of its own,
/// equal to no other type's), so that no type nests the interning, the order's type
/// comparison or the type hash deeper than this. The height is a property of the type
/// alone, measured without recursion before the content is read (`type_height_of`), so a
/// type's id never depends on where it was met first: met 256 levels inside another
/// type, a named struct `{ ptr }` still gets the id its congruent twin met on its own
/// gets. LLVM uniques literal types, so only congruent named structs, and pointers
/// coerced to integers, nested deeper than this are told apart where their content is
/// equal: the order then calls the functions different, never equal by mistake. A
/// function type is always read (its parameter types are what is cut), so a function
/// taking such a type by value still has a valid view and equals its identical twin. Real
/// types nest a few dozen levels at most; LLVM's parser and pass survive 20,000.
pub(super) const TYPE_INTERN_DEPTH: u32 = 256;

/// A metadata item's content, borrowed: what `Tables::meta_by_data` is probed with, so
/// that an item met again (after the caches were cleared, or another node with its
/// content) is found without building its record.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum MetaRef<'a> {
    String(&'a [u8]),
    Const(ConstId),
    Node(&'a [Option<MetaId>]),
    Distinct(u64, &'a [Option<MetaId>]),
    Opaque(u64),
}

impl<'a> MetaRef<'a> {
    fn of(d: &'a MetaData) -> Self {
        match d {
            MetaData::String(s) => MetaRef::String(s),
            MetaData::Const(c) => MetaRef::Const(*c),
            MetaData::Node(k) => MetaRef::Node(k),
            MetaData::Distinct(x, k) => MetaRef::Distinct(*x, k),
            MetaData::Opaque(x) => MetaRef::Opaque(*x),
        }
    }

    /// The key `Tables::meta_by_data` files the content under first (see
    /// [`LlvmModule::find_meta`]).
    fn key(self) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(self)
    }
}

/// Clears a cache only if it holds something: clearing a hash map costs its capacity,
/// and the rewrites clear these caches after every merge.
fn clear_if_used<K, X>(m: &mut HashMap<K, X>) {
    if !m.is_empty() {
        m.clear();
    }
}

/// Room for this many entries is made in an interning table or cache at its first
/// insert: growing one from nothing rehashes it five or six times on the way to a few
/// dozen entries (a table only grows, and the caches keep their room when cleared).
pub(super) const FIRST_ROOM: usize = 64;

/// Makes [`FIRST_ROOM`] in `m` if it has none yet (see there).
#[inline]
pub(super) fn first_room<K: std::hash::Hash + Eq, X>(m: &mut HashMap<K, X>) {
    if m.capacity() == 0 {
        m.reserve(FIRST_ROOM);
    }
}

impl LlvmModule {
    /// Forgets every cache keyed by an LLVM pointer that a mutation may have freed.
    pub(crate) fn new_generation(&mut self) {
        clear_if_used(&mut self.caches.const_of);
        clear_if_used(&mut self.caches.const_height_of);
        clear_if_used(&mut self.caches.block_position);
        self.caches.const_gen = self.caches.const_gen.wrapping_add(1);
        self.new_md_generation();
    }

    /// Forgets the block positions read for block addresses (`consts::block_position`):
    /// every rewrite does, so that the table only answers for layouts no rewrite has
    /// touched since it was read.
    pub(crate) fn forget_block_positions(&mut self) {
        clear_if_used(&mut self.caches.block_position);
    }

    /// Forgets the metadata, inline-asm and opaque-identity caches, and the constants
    /// `consts` (freed or replaced by a rewrite); every other cached constant is alive
    /// and unchanged (LLVM constants are uniqued and live as long as the context unless
    /// an operand is replaced).
    pub(crate) fn forget_consts(&mut self, consts: &[V]) {
        for v in consts {
            self.caches.const_of.remove(v);
        }
        // A freed constant's users may be freed too and their addresses reused: the
        // heights are measured again (from `const_of` where it still answers). So are the
        // block positions: a freed block address may belong to an erased body.
        clear_if_used(&mut self.caches.const_height_of);
        clear_if_used(&mut self.caches.block_position);
        self.new_md_generation();
    }

    /// Forgets the constants `freed` (see [`Self::forget_consts`]) after a RAUW of `from`
    /// by `to`, which stand for the same global: `to` takes `from`'s constant id.
    pub(crate) fn forget_consts_moving(&mut self, freed: &[V], from: V, to: V) {
        let id = self.caches.const_of.get(&from).copied();
        self.caches.const_of.remove(&from);
        self.forget_consts(freed);
        if let Some(id) = id {
            self.caches.const_of.insert(to, id);
        }
    }

    fn new_md_generation(&mut self) {
        self.caches.md_gen = self.caches.md_gen.wrapping_add(1);
        clear_if_used(&mut self.caches.meta_of);
        clear_if_used(&mut self.caches.meta_height_of);
        clear_if_used(&mut self.caches.mav_of);
        clear_if_used(&mut self.caches.asm_of);
        clear_if_used(&mut self.caches.opaque_ptr);
        self.caches.attachment_keys.clear();
    }

    pub(super) fn intern_string(&mut self, s: &[u8]) -> u64 {
        let n = self.tables.strings.len() as u64;
        *self.tables.strings.entry(s.to_vec()).or_insert(n)
    }

    #[inline]
    pub(crate) fn intern_type(&mut self, t: T) -> TypeId {
        // Types live as long as the context, so a handle's id never changes: a small
        // direct-mapped cache in front of the table answers most lookups.
        let slot = (t.0 as usize >> 4) & (TYPE_CACHE_SLOTS - 1);
        let (k, id) = self.caches.type_cache[slot];
        if k == t.0 as usize && !t.0.is_null() {
            return TypeId(id);
        }
        let id = self.intern_type_by_table(t);
        self.caches.type_cache[slot] = (t.0 as usize, id.0);
        id
    }

    /// The id of an element type of a type being interned (no direct-mapped cache write).
    fn intern_element_type(&mut self, t: T) -> TypeId {
        let slot = (t.0 as usize >> 4) & (TYPE_CACHE_SLOTS - 1);
        let (k, id) = self.caches.type_cache[slot];
        if k == t.0 as usize && !t.0.is_null() {
            return TypeId(id);
        }
        self.intern_type_by_table(t)
    }

    /// The id of `t` from the table, interning it (and the types inside it) if new. A
    /// type taller than [`TYPE_INTERN_DEPTH`] is interned as its identity, without
    /// reading its elements; any other type by its content, whose element types are
    /// shorter, so that this recursion nests at most [`TYPE_INTERN_DEPTH`] levels.
    fn intern_type_by_table(&mut self, t: T) -> TypeId {
        if let Some(id) = self.caches.type_of.get(&t) {
            return *id;
        }
        first_room(&mut self.caches.type_of);
        first_room(&mut self.tables.type_by_data);
        // A function type is read whatever its height (a view needs its parameter
        // types, and no type contains a function type): its tall parameter types are
        // identities, so reading it nests no deeper than they do, plus one.
        let function = t.kind() == Ok(TyKind::Function);
        if !function && self.type_height_of(t) > TYPE_INTERN_DEPTH {
            let id = self.unique_type_of_height("a type nested too deep to read", TYPE_INTERN_DEPTH + 1);
            self.caches.type_of.insert(t, id);
            return id;
        }
        // Types cannot contain themselves (only through pointers, which are opaque), so
        // the element types are interned first and the content decides the id.
        let data = if t.0.is_null() {
            TypeData::Other {
                kind: u32::MAX,
                name: Box::new(*b"null"),
                type_params: Box::new([]),
                int_params: Box::new([]),
            }
        } else {
            self.type_data_of(t)
        };
        let height = 1 + self.elements_height(&data);
        let id = if height > TYPE_INTERN_DEPTH && !function {
            // Not expected (the height was measured above): its identity, as above.
            self.unique_type_of_height("a type nested too deep to read", TYPE_INTERN_DEPTH + 1)
        } else {
            match self.tables.type_by_data.get(&data) {
                Some(id) => *id,
                None => {
                    let id = TypeId::new(self.tables.types.len());
                    self.tables.types.push(data.clone());
                    self.tables.type_heights.push(height);
                    self.tables.type_by_data.insert(data, id);
                    id
                }
            }
        };
        self.caches.type_of.insert(t, id);
        id
    }

    /// The height of LLVM type `t` (see [`TYPE_INTERN_DEPTH`]), at most
    /// `TYPE_INTERN_DEPTH + 1`: a function of `t` alone, measured by an explicit stack
    /// (no recursion with the nesting) and kept for every type with element types.
    fn type_height_of(&mut self, t: T) -> u32 {
        // Only measured heights: an id's recorded height is its content's, which differs
        // where a part could not be read.
        measure_height(
            self,
            t,
            TYPE_INTERN_DEPTH + 1,
            false,
            |m, x| m.caches.type_height_of.get(&x).copied(),
            |_, x| element_types(x),
            |m, x, h| {
                first_room(&mut m.caches.type_height_of);
                m.caches.type_height_of.insert(x, h);
            },
        )
    }

    /// The levels of nesting of type `t`'s content (see `Tables::type_heights`).
    fn type_height(&self, t: TypeId) -> u32 {
        self.tables.type_heights.get(t.index()).copied().unwrap_or(1)
    }

    /// The most levels of nesting among the element types of content `d` (what the
    /// order's type comparison and the type hash descend into), 0 if it has none.
    fn elements_height(&self, d: &TypeData) -> u32 {
        let most = |ts: &[TypeId]| ts.iter().map(|t| self.type_height(*t)).max().unwrap_or(0);
        match d {
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => self.type_height(*elem),
            TypeData::Struct { fields, .. } => most(fields),
            TypeData::Func { ret, params, .. } => self.type_height(*ret).max(most(params)),
            TypeData::Other { type_params, .. } => most(type_params),
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::Int { .. }
            | TypeData::Float { .. }
            | TypeData::Ptr { .. } => 0,
        }
    }

    /// A new type that equals no other (for a part of a type that LLVM-C could not
    /// read: never expected, but never equal to anything either).
    /// The type light facts name (see [`LlvmModule::build_facts`]): one per module,
    /// equal to no other type, and not a function type.
    pub(super) fn unread_fn_type(&mut self) -> TypeId {
        match self.tables.unread_fn_type {
            Some(t) => t,
            None => {
                let t = self.unique_type("the type of a function the pass never reads");
                self.tables.unread_fn_type = Some(t);
                t
            }
        }
    }

    fn unique_type(&mut self, what: &str) -> TypeId {
        self.unique_type_of_height(what, 1)
    }

    /// [`Self::unique_type`], recorded with `height` levels of nesting (see
    /// `Tables::type_heights`).
    fn unique_type_of_height(&mut self, what: &str, height: u32) -> TypeId {
        let id = TypeId::new(self.tables.types.len());
        let data = TypeData::Other {
            kind: u32::MAX - 1,
            name: numbered_name(what, id.0 as usize),
            type_params: Box::new([]),
            int_params: Box::new([]),
        };
        // Not indexed by content: its name holds its own id, so no other type has this
        // content and no lookup by content can ask for it.
        self.tables.types.push(data);
        self.tables.type_heights.push(height);
        id
    }

    /// The content of `t`: its element types interned first.
    fn type_data_of(&mut self, t: T) -> TypeData {
        let float = |format: u32, bits: u32| TypeData::Float { format, bits };
        match t.kind() {
            Ok(TyKind::Void) => TypeData::Void,
            Ok(TyKind::Label) => TypeData::Label,
            Ok(TyKind::Metadata) => TypeData::Metadata,
            Ok(TyKind::Token) => TypeData::Token,
            Ok(TyKind::Half) => float(1, 16),
            Ok(TyKind::BFloat) => float(2, 16),
            Ok(TyKind::Float) => float(3, 32),
            Ok(TyKind::Double) => float(4, 64),
            Ok(TyKind::X86Fp80) => float(5, 80),
            Ok(TyKind::Fp128) => float(6, 128),
            Ok(TyKind::PpcFp128) => float(7, 128),
            Ok(TyKind::Integer) => TypeData::Int { bits: t.int_width().unwrap_or(0) },
            Ok(TyKind::Pointer) => TypeData::Ptr { addr_space: t.addr_space().unwrap_or(0) },
            Ok(TyKind::Vector | TyKind::ScalableVector) => {
                let elem = match t.elem() {
                    Some(e) => self.intern_element_type(e),
                    None => self.unique_type("element"),
                };
                TypeData::Vector { scalable: t.kind() == Ok(TyKind::ScalableVector), len: t.len().unwrap_or(0), elem }
            }
            Ok(TyKind::Array) => {
                let elem = match t.elem() {
                    Some(e) => self.intern_element_type(e),
                    None => self.unique_type("element"),
                };
                TypeData::Array { len: t.len().unwrap_or(0), elem }
            }
            Ok(TyKind::Struct) => {
                let fields: Vec<TypeId> =
                    t.fields().unwrap_or_default().into_iter().map(|f| self.intern_element_type(f)).collect();
                TypeData::Struct { packed: t.packed(), fields: fields.into() }
            }
            Ok(TyKind::Function) => {
                let Some((r, ps, va)) = t.func_sig() else {
                    return TypeData::Func { ret: self.unique_type("return"), params: Box::new([]), vararg: false };
                };
                let ret = self.intern_element_type(r);
                let params: Vec<TypeId> = ps.into_iter().map(|p| self.intern_element_type(p)).collect();
                TypeData::Func { ret, params: params.into(), vararg: va }
            }
            Ok(TyKind::X86Amx) => TypeData::Other {
                kind: TyKind::X86Amx.raw(),
                name: Box::new(*b"x86_amx"),
                type_params: Box::new([]),
                int_params: Box::new([]),
            },
            Ok(TyKind::TargetExt) => {
                let (name, tps, ips) = t.target_ext().unwrap_or_default();
                let tps: Vec<TypeId> = tps.into_iter().map(|p| self.intern_element_type(p)).collect();
                TypeData::Other {
                    kind: TyKind::TargetExt.raw(),
                    name: name.into(),
                    type_params: tps.into(),
                    int_params: ips.into(),
                }
            }
            Err(raw) => {
                // A type kind this build does not know: unique per type object.
                TypeData::Other {
                    kind: 1000 + raw,
                    name: format!("#{}", self.tables.types.len()).into_bytes().into(),
                    type_params: Box::new([]),
                    int_params: Box::new([]),
                }
            }
        }
    }

    fn opaque_meta_id(&mut self, m: Md) -> u64 {
        let n = self.tables.next_opaque;
        let id = *self.caches.opaque_ptr.entry(m.0 as usize).or_insert(n);
        if id == n {
            self.tables.next_opaque += 1;
        }
        id | 1 << 62
    }

    /// The item that stands for every item of kind `p` (see [`Placeholder`]): stable
    /// (it names no node), equal to nothing else.
    fn placeholder_meta(&mut self, p: Placeholder) -> MetaId {
        let slot = p as usize;
        if let Some(id) = self.tables.placeholder_meta[slot] {
            return id;
        }
        // Opaque ids of nodes are below 2^63 (`opaque_meta_id`); u64::MAX marks an item
        // being interned.
        let id = self.intern_meta_data(MetaData::Opaque(u64::MAX - 1 - slot as u64), true);
        self.tables.placeholder_meta[slot] = Some(id);
        id
    }

    /// An attachment as LLVM 22's `cmpMDNode` reads it (for the test switch
    /// `llvm22_attachments` only): a uniqued tuple by its operands, where a string or a
    /// wrapped constant is itself and every other operand one placeholder item, which
    /// the order then finds equal to itself.
    pub(super) fn intern_one_level(&mut self, m: Md) -> MetaId {
        if m.kind() != safe::MD_TUPLE || !self.uniqued_tuple(m) {
            return self.intern_meta(m);
        }
        let ops = self.ctx.tuple_operands(m).unwrap_or_default();
        let kids: Vec<Option<MetaId>> = ops
            .into_iter()
            .map(|o| {
                o.map(|x| match x.kind() {
                    safe::MD_STRING | safe::MD_CONSTANT => self.intern_meta(x),
                    _ => self.placeholder_meta(Placeholder::Nested),
                })
            })
            .collect();
        let stable = kids.iter().flatten().all(|k| self.tables.meta_stable[k.index()]);
        self.intern_meta_data(MetaData::Node(kids.into()), stable)
    }

    /// The id of content `data` (new if no item has it yet).
    fn intern_meta_data(&mut self, data: MetaData, stable: bool) -> MetaId {
        match self.find_meta(MetaRef::of(&data)) {
            Ok(id) => id,
            Err(k) => {
                let id = MetaId::new(self.tables.metas.len());
                self.tables.metas.push(data);
                self.tables.meta_stable.push(stable);
                self.tables.meta_by_data.insert(k, id);
                id
            }
        }
    }

    /// The item with content `r`, or the free key of `Tables::meta_by_data` to file it
    /// under. Contents whose keys collide take the next free key: a lookup walks keys
    /// `k, k+1, ...` until it finds the content or a free key (entries are never
    /// removed, so the walk never skips one).
    fn find_meta(&self, r: MetaRef) -> Result<MetaId, u64> {
        let mut k = r.key();
        while let Some(&id) = self.tables.meta_by_data.get(&k) {
            if MetaRef::of(&self.tables.metas[id.index()]) == r {
                return Ok(id);
            }
            k = k.wrapping_add(1);
        }
        Err(k)
    }

    pub(crate) fn intern_meta(&mut self, m: Md) -> MetaId {
        self.intern_meta_at(m, 0)
    }

    /// An operand of a node interned at `depth`.
    fn intern_meta_below(&mut self, m: Md, depth: u32) -> MetaId {
        self.intern_meta_at(m, depth + 1)
    }

    /// [`Self::intern_meta`] of a node `depth` levels inside the one asked for. A node
    /// taller than [`META_INTERN_DEPTH`] (see `meta_height_of`) is interned as its
    /// identity (`Opaque`, equal only to itself: exact), whatever the depth it is met at,
    /// unless it is a distinct node over tall uniqued nodes only (see `tall_but_read`);
    /// `depth` only bounds the recursion ([`META_RECURSION_GUARD`]) where a cycle through
    /// several uniqued nodes makes a path longer than the heights say.
    fn intern_meta_at(&mut self, m: Md, depth: u32) -> MetaId {
        if let Some(id) = self.caches.meta_of.get(&m) {
            return *id;
        }
        if depth >= META_RECURSION_GUARD || (self.meta_height_of(m) > META_INTERN_DEPTH && !self.tall_but_read(m)) {
            let data = MetaData::Opaque(self.opaque_meta_id(m));
            let id = self.intern_meta_data(data, false);
            self.caches.meta_of.insert(m, id);
            return id;
        }
        if m.kind() == safe::MD_LOCATION {
            let loc = self.placeholder_meta(Placeholder::Location);
            self.caches.meta_of.insert(m, loc);
            return loc;
        }
        if self.tables.metas.capacity() == 0 {
            first_room(&mut self.caches.meta_of);
            first_room(&mut self.tables.meta_by_data);
            self.tables.metas.reserve(FIRST_ROOM);
            self.tables.meta_stable.reserve(FIRST_ROOM);
            self.scratch.meta_kids.reserve(FIRST_ROOM);
        }
        // A placeholder first: a uniqued tuple may (through textual IR) contain itself.
        // Its content then names the placeholder, which no other item does.
        let id = MetaId::new(self.tables.metas.len());
        self.tables.metas.push(MetaData::Opaque(u64::MAX));
        self.tables.meta_stable.push(false);
        self.caches.meta_of.insert(m, id);
        let mdc = self.ctx;
        // Operands of tuples go on `Scratch::meta_kids` (this node's after `start`, its
        // operands' own operands above them while they are interned), so that a content
        // found again allocates nothing.
        let start = self.scratch.meta_kids.len();
        let (content, stable) = match m.kind() {
            safe::MD_STRING => (Some(MetaData::String(mdc.string(m).unwrap_or_default().into())), true),
            safe::MD_CONSTANT => match mdc.wrapped_value(m) {
                Some(c) => (Some(MetaData::Const(self.intern_const(c))), true),
                None => (Some(MetaData::Opaque(self.opaque_meta_id(m))), false),
            },
            safe::MD_TUPLE if self.uniqued_tuple(m) => {
                // Operands read one at a time (no list of LLVM handles first).
                let n = mdc.tuple_len(m).unwrap_or(0);
                for i in 0..n {
                    let kid = mdc.tuple_operand(m, i).map(|x| self.intern_meta_below(x, depth));
                    self.scratch.meta_kids.push(kid);
                }
                let stable =
                    self.scratch.meta_kids[start..].iter().flatten().all(|k| self.tables.meta_stable[k.index()]);
                (None, stable)
            }
            // A distinct tuple (alias scope, domain, access group, loop id): its identity
            // and its operands; the order renames it consistently and compares the
            // operands of each pair once (see `MetaData::Distinct`). A self-reference (a
            // loop id's first operand) finds the placeholder above.
            //
            // Alias scopes (`distinct !{self, domain, "description"}`) and domains
            // (`distinct !{self, "description"}`) end in a description string that names
            // the function they were inlined from and says nothing about what aliases
            // (ScopedNoAliasAA reads the nodes and their domains): that string is one
            // item. Any other string, in a node of any other shape, is compared.
            safe::MD_TUPLE => match mdc.tuple_len(m) {
                Some(n) => {
                    let op = |i: u32| mdc.tuple_operand(m, i);
                    let described = n >= 2
                        && op(0) == Some(m)
                        && op(n - 1).is_some_and(|x| x.kind() == safe::MD_STRING)
                        && match n {
                            2 => true,
                            3 => op(1).is_some_and(|d| d.kind() == safe::MD_TUPLE && !self.uniqued_tuple(d)),
                            _ => false,
                        };
                    let last = n.saturating_sub(1);
                    for i in 0..n {
                        let kid = op(i).map(|x| {
                            if described && i == last {
                                self.placeholder_meta(Placeholder::Description)
                            } else {
                                self.intern_meta_below(x, depth)
                            }
                        });
                        self.scratch.meta_kids.push(kid);
                    }
                    // Numbered after its operands' opaque ids (first-occurrence order).
                    let x = self.opaque_meta_id(m);
                    (Some(MetaData::Distinct(x, Box::new([]))), false)
                }
                None => (Some(MetaData::Opaque(self.opaque_meta_id(m))), false),
            },
            _ => (Some(MetaData::Opaque(self.opaque_meta_id(m))), false),
        };
        // The same content has the same id (uniqued items with the same content are one
        // LLVM node; the opaque ones carry their node's identity in their content).
        // One lookup of the content (its hash reads every operand).
        let kids = std::mem::take(&mut self.scratch.meta_kids);
        let ops = &kids[start..];
        let r = match &content {
            None => MetaRef::Node(ops),
            Some(MetaData::Distinct(x, _)) => MetaRef::Distinct(*x, ops),
            Some(d) => MetaRef::of(d),
        };
        let found = self.find_meta(r);
        let result = match found {
            Ok(old) => {
                self.caches.meta_of.insert(m, old);
                old
            }
            Err(k) => {
                let data = match content {
                    None => MetaData::Node(ops.into()),
                    Some(MetaData::Distinct(x, _)) => MetaData::Distinct(x, ops.into()),
                    Some(d) => d,
                };
                self.tables.metas[id.index()] = data;
                self.tables.meta_stable[id.index()] = stable;
                self.tables.meta_by_data.insert(k, id);
                id
            }
        };
        let mut kids = kids;
        kids.truncate(start);
        self.scratch.meta_kids = kids;
        result
    }

    /// Whether node `m`, taller than [`META_INTERN_DEPTH`], is still read by its content:
    /// a distinct tuple whose every operand taller than that (but itself) is a uniqued
    /// tuple. Those operands are identities (one LLVM object for one content, so nothing
    /// is lost), and its other operands are no taller than the bound, so reading it nests
    /// no deeper than a node of the bound's height. A distinct node is its function's own
    /// (a loop id, a scope): as an identity it would equal no other function's, where
    /// LLVM's comparator and the renaming call them equal. A function of `m` and the
    /// measured heights, so of `m` alone where those are.
    fn tall_but_read(&mut self, m: Md) -> bool {
        if m.kind() != safe::MD_TUPLE || self.uniqued_tuple(m) {
            return false;
        }
        let operands = self.meta_operands(m);
        operands.into_iter().filter(|&o| o != m).all(|o| {
            self.meta_height_of(o) <= META_INTERN_DEPTH || (o.kind() == safe::MD_TUPLE && self.uniqued_tuple(o))
        })
    }

    /// The operands [`Self::intern_meta_at`] reads of `m`: a tuple's (uniqued or
    /// distinct); none of any other node (strings, constants, locations and the rest are
    /// read without reading other nodes).
    fn meta_operands(&self, m: Md) -> Vec<Md> {
        if m.kind() != safe::MD_TUPLE {
            return Vec::new();
        }
        let n = self.ctx.tuple_len(m).unwrap_or(0);
        (0..n).filter_map(|i| self.ctx.tuple_operand(m, i)).collect()
    }

    /// The height of metadata node `m`: 1 for a node without operand nodes, else 1 more
    /// than its tallest operand's, at most `META_INTERN_DEPTH + 1`; an operand that is a
    /// node being measured (a self-reference, a cycle) counts for nothing. Measured by an
    /// explicit stack; kept until the metadata caches are forgotten. A function of `m`
    /// alone for metadata whose only cycles are self-references (loop ids, scopes);
    /// through a cycle of several uniqued nodes it may depend on where the walk entered.
    fn meta_height_of(&mut self, m: Md) -> u32 {
        measure_height(
            self,
            m,
            META_INTERN_DEPTH + 1,
            true,
            |module, x| module.caches.meta_height_of.get(&x).copied(),
            |module, x| module.meta_operands(x),
            |module, x, h| {
                first_room(&mut module.caches.meta_height_of);
                module.caches.meta_height_of.insert(x, h);
            },
        )
    }

    pub(super) fn intern_asm(&mut self, v: V) -> Option<AsmId> {
        if let Some(id) = self.caches.asm_of.get(&v) {
            return Some(*id);
        }
        let (t, text, cons, flags) = v.inline_asm()?;
        let ty = self.intern_type(t);
        let id = AsmId::new(self.tables.asms.len());
        self.tables.asms.push(AsmData { ty, text: text.into(), constraints: cons.into(), flags });
        self.caches.asm_of.insert(v, id);
        Some(id)
    }

    /// Is the `MDTuple` `m` uniqued? Asked of LLVM each time: two calls cost less than
    /// a lookup in a cache keyed by node (and an insert on a miss).
    #[inline]
    pub(super) fn uniqued_tuple(&self, m: Md) -> bool {
        self.ctx.is_uniqued_tuple(m)
    }
}

/// The element types of `t` that [`LlvmModule::type_data_of`] interns, in its order
/// (none for a type without any, or one LLVM-C could not read).
fn element_types(t: T) -> Vec<T> {
    if t.0.is_null() {
        return Vec::new();
    }
    match t.kind() {
        Ok(TyKind::Vector | TyKind::ScalableVector | TyKind::Array) => t.elem().into_iter().collect(),
        Ok(TyKind::Struct) => t.fields().unwrap_or_default(),
        Ok(TyKind::Function) => match t.func_sig() {
            Some((r, mut ps, _)) => {
                ps.insert(0, r);
                ps
            }
            None => Vec::new(),
        },
        Ok(TyKind::TargetExt) => t.target_ext().map(|(_, tps, _)| tps).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// `"{what} #{n}"` as bytes, written without the formatting machinery (a fixed cost of
/// every load that makes light facts).
fn numbered_name(what: &str, n: usize) -> Box<[u8]> {
    let mut digits = [0u8; 20];
    let (mut i, mut n) = (digits.len(), n);
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut name = Vec::with_capacity(what.len() + 2 + digits.len() - i);
    name.extend_from_slice(what.as_bytes());
    name.extend_from_slice(b" #");
    name.extend_from_slice(&digits[i..]);
    name.into()
}

#[cfg(test)]
mod name_tests {
    #[test]
    fn numbered_names_are_the_formatted_ones() {
        for n in [0usize, 7, 10, 99, 12345, usize::MAX] {
            assert_eq!(&*super::numbered_name("a type", n), format!("a type #{n}").as_bytes());
        }
    }
}
