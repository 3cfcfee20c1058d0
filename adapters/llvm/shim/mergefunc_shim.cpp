// mergefunc-llvm's C++ shim: the accessors and the few rewrites that LLVM-C 22 lacks or
// only offers at a high price. Compiled by build.rs against the LLVM 22 headers that
// llvm-sys links (`$LLVM_SYS_221_PREFIX/include`), with the flags of `llvm-config
// --cxxflags`.
//
// Every function checks the kind of what it is given (`dyn_cast`) and answers "no"
// (0, -1 or null) for the wrong kind, so a caller can never reach undefined behaviour
// through a mismatched handle. Most functions only read the IR. The ones that change it
// are named for what they do and are called only by the adapter's rewrites: copying an
// attribute list (`mergefunc_copy_attributes`), dropping a block's debug records,
// clearing or unlinking a folded function (`mergefunc_clear_body`,
// `mergefunc_remove_function`), and replacing a function by a fresh shell for a thunk
// (`mergefunc_replace_with_shell`). `mergefunc_tune_allocator` sets glibc's `mallopt`
// thresholds and touches no IR.
//
// Why these exist:
// * metadata operands: LLVM-C only reads an MDNode's operands through `MetadataAsValue`
//   wrappers (`LLVMGetMDNodeOperands`), which look up or create one wrapper value per
//   operand in the context; and it has no `MDNode::isUniqued`, which the adapter
//   otherwise emulated by re-uniquing the tuple (`LLVMMDNodeInContext2`). On release
//   builds of Rust code (alias-scope lists on most loads) that was a third of the pass.
// * instruction attachments: `LLVMInstructionGetAllMetadataOtherThanDebugLoc` mallocs
//   an entry array per call and also returns `!dbg`.

#include "llvm-c/Core.h"
#include "llvm-c/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Value.h"

#include <climits>
#include <cstring>
#include <type_traits>

using namespace llvm;

// The numbers context `C` gives the metadata kind names `Names`, or UINT_MAX for a name
// it does not know. Unlike `getMDKindID`, which registers an unknown name (growing the
// context's kind table, and adding a name every bitcode file written from the context
// lists), this only reads the table: a module without these kinds has no attachment of
// them, so an unknown name's kind can match nothing.
static void knownMDKinds(const LLVMContext &C, const StringRef *Names, unsigned N, unsigned *Out) {
  SmallVector<StringRef, 64> All;
  C.getMDKindNames(All);
  for (unsigned I = 0; I < N; ++I) {
    Out[I] = UINT_MAX;
    for (unsigned K = 0; K < All.size(); ++K)
      if (All[K] == Names[I]) {
        Out[I] = K;
        break;
      }
  }
}

extern "C" {

// `knownMDKinds` for `n` names of `lens[i]` bytes at `names[i]` (no NUL needed), into
// `out`.
void mergefunc_known_md_kinds(LLVMContextRef ctx, const char *const *names, const size_t *lens, unsigned n,
                              unsigned *out) {
  SmallVector<StringRef, 4> Names;
  for (unsigned I = 0; I < n; ++I)
    Names.emplace_back(names[I], lens[I]);
  knownMDKinds(*unwrap(ctx), Names.data(), n, out);
}

// Number of operands of an MDNode, or -1 if `md` is not an MDNode.
int mergefunc_md_num_operands(LLVMMetadataRef md) {
  if (auto *N = dyn_cast_or_null<MDNode>(unwrap(md)))
    return static_cast<int>(N->getNumOperands());
  return -1;
}

// Operand `i` of an MDNode (null for a null operand, a non-node or an index out of
// range).
LLVMMetadataRef mergefunc_md_operand(LLVMMetadataRef md, unsigned i) {
  if (auto *N = dyn_cast_or_null<MDNode>(unwrap(md)))
    if (i < N->getNumOperands())
      return wrap(N->getOperand(i).get());
  return nullptr;
}

// The bytes of an `MDString` and their number (in *len), or null (and *len = 0) for any
// other metadata. Read in place: no `MetadataAsValue` is made for the string.
const char *mergefunc_md_string(LLVMMetadataRef md, size_t *len) {
  *len = 0;
  if (auto *S = dyn_cast_or_null<MDString>(unwrap(md))) {
    StringRef R = S->getString();
    *len = R.size();
    return R.data();
  }
  return nullptr;
}

// The value a `ValueAsMetadata` (a constant or a local) wraps, or null for any other
// metadata. Read in place: no `MetadataAsValue` is made for it.
LLVMValueRef mergefunc_md_value(LLVMMetadataRef md) {
  if (auto *V = dyn_cast_or_null<ValueAsMetadata>(unwrap(md)))
    return wrap(V->getValue());
  return nullptr;
}

// 1 if `md` is a uniqued MDNode, 0 if it is a distinct (or temporary) node, -1 if it
// is not an MDNode.
int mergefunc_md_is_uniqued(LLVMMetadataRef md) {
  if (auto *N = dyn_cast_or_null<MDNode>(unwrap(md)))
    return N->isUniqued() ? 1 : 0;
  return -1;
}

// The attachments of an instruction other than `!dbg`, in increasing kind order (the
// order of `getAllMetadataOtherThanDebugLoc`). Writes at most `cap` (kind, node) pairs
// and returns how many there are (call again with a larger buffer if that is > cap).
// Returns 0 for a value that is not an instruction.
unsigned mergefunc_inst_attachments(LLVMValueRef inst, unsigned *kinds, LLVMMetadataRef *nodes, unsigned cap) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(inst));
  if (!I || !I->hasMetadataOtherThanDebugLoc())
    return 0;
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  I->getAllMetadataOtherThanDebugLoc(MDs);
  unsigned n = 0;
  for (auto &P : MDs) {
    if (P.first == LLVMContext::MD_dbg)
      continue;
    if (n < cap) {
      kinds[n] = P.first;
      nodes[n] = wrap(P.second);
    }
    ++n;
  }
  return n;
}

// Kind numbers that LLVM 22 fixes at compile time, so the adapter never looks them up
// by name (a lookup hashes the name into a table of the context, or compares it with
// every attribute name). Writes at most `cap` kinds to `out` and returns how many there
// are.
//
// Metadata kinds (`LLVMContext`'s fixed kinds, the same number in every context), in
// the order of `safe::kinds::FixedMd` (a test there checks each against a lookup by
// name).
unsigned mergefunc_fixed_md_kinds(unsigned *out, unsigned cap) {
  static const unsigned Kinds[] = {
      LLVMContext::MD_dbg,
      LLVMContext::MD_prof,
      LLVMContext::MD_type,
      LLVMContext::MD_kcfi_type,
      LLVMContext::MD_section_prefix,
      LLVMContext::MD_annotation,
      LLVMContext::MD_DIAssignID,
      LLVMContext::MD_range,
      LLVMContext::MD_tbaa,
      LLVMContext::MD_tbaa_struct,
      LLVMContext::MD_alias_scope,
      LLVMContext::MD_noalias,
      LLVMContext::MD_nonnull,
      LLVMContext::MD_noundef,
      LLVMContext::MD_align,
      LLVMContext::MD_dereferenceable,
      LLVMContext::MD_dereferenceable_or_null,
      LLVMContext::MD_invariant_load,
      LLVMContext::MD_invariant_group,
      LLVMContext::MD_access_group,
      LLVMContext::MD_mem_parallel_loop_access,
      LLVMContext::MD_nontemporal,
      LLVMContext::MD_callees,
      LLVMContext::MD_loop,
  };
  constexpr unsigned N = sizeof(Kinds) / sizeof(Kinds[0]);
  for (unsigned i = 0; i < N && i < cap; ++i)
    out[i] = Kinds[i];
  return N;
}

// Attribute kinds (`Attribute::AttrKind`, numbered alike for every context), in the order
// of `safe::kinds::AttrKinds::of_shim`: the first kind that is not a plain enum
// attribute, the first integer attribute kind, one past the last one, then `inalloca`,
// `swifterror`, `naked` and `preallocated`.
unsigned mergefunc_fixed_attr_kinds(unsigned *out, unsigned cap) {
  static const unsigned Kinds[] = {
      Attribute::LastEnumAttr + 1, Attribute::FirstIntAttr,  Attribute::LastIntAttr + 1, Attribute::InAlloca,
      Attribute::SwiftError,       Attribute::Naked,         Attribute::Preallocated,
  };
  constexpr unsigned N = sizeof(Kinds) / sizeof(Kinds[0]);
  for (unsigned i = 0; i < N && i < cap; ++i)
    out[i] = Kinds[i];
  return N;
}

} // extern "C"

#include "llvm/IR/InstrTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/xxhash.h"

// Gives call `CB` the whole attribute list of function `S` (as many arguments as `S` has
// parameters) except `jumptable`, which describes a function's address: on a call site
// the verifier rejects it ("requires 'unnamed_addr'", read off the call as if it were a
// global), so LLVM 22's thunk of a jumptable function is invalid IR.
static void mergefunc_call_takes_attributes(CallBase *CB, const Function *S) {
  AttributeList AL = S->getAttributes();
  if (AL.hasFnAttr(Attribute::JumpTable))
    AL = AL.removeFnAttribute(S->getContext(), Attribute::JumpTable);
  CB->setAttributes(AL);
}

extern "C" {

// Gives `dst`, a function or a call, the whole attribute list of function `src`
// (function, return and parameter attributes; a call all but `jumptable`) in one step, as
// LLVM's copyAttributesFrom and its thunk writer (`CI->setAttributes(F->getAttributes())`)
// do; LLVM-C can only add
// attributes one at a time, rebuilding the list each time. Returns 0 (nothing done) if
// `src` is not a function, `dst` is neither, or their parameter/argument counts differ.
int mergefunc_copy_attributes(LLVMValueRef dst, LLVMValueRef src) {
  auto *S = dyn_cast_or_null<Function>(unwrap(src));
  if (!S)
    return 0;
  Value *DV = unwrap(dst);
  if (auto *D = dyn_cast_or_null<Function>(DV)) {
    if (D->arg_size() != S->arg_size())
      return 0;
    D->setAttributes(S->getAttributes());
    return 1;
  }
  if (auto *CB = dyn_cast_or_null<CallBase>(DV)) {
    if (CB->arg_size() != S->arg_size())
      return 0;
    mergefunc_call_takes_attributes(CB, S);
    return 1;
  }
  return 0;
}

// The forwarding body of thunk `g` (a function without a body, or whose entry block `bb`
// is kept) to function `f`, in one step where no argument or result needs a cast: `g`
// and `f` have as many parameters, of the same types, `f` is not variadic, and `g`
// returns void or `f`'s return type. Appends to `bb` (null: to a new block appended to
// `g`) `call f(g's arguments)` with tail kind `tail` (LLVMTailCallKind), calling
// convention `cc` and `f`'s attribute list (see `mergefunc_call_takes_attributes`),
// then `ret void` or `ret` of the call, all unnamed and without a debug location: what
// LLVM-C's builder writes for the same calls. The call and the return go to `*call` and
// `*ret`. Returns 1 when written, 0 (nothing done) when a cast is needed or either value
// is not a function.
int mergefunc_write_forwarding_body(LLVMValueRef g, LLVMValueRef f, LLVMBasicBlockRef bb, unsigned tail,
                                    unsigned cc, LLVMValueRef *call, LLVMValueRef *ret) {
  auto *G = dyn_cast_or_null<Function>(unwrap(g));
  auto *F = dyn_cast_or_null<Function>(unwrap(f));
  if (!G || !F || F->isVarArg() || G->arg_size() != F->arg_size())
    return 0;
  FunctionType *FTy = F->getFunctionType();
  Type *GRet = G->getReturnType();
  if (!GRet->isVoidTy() && GRet != FTy->getReturnType())
    return 0;
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0, E = G->arg_size(); I != E; ++I) {
    Argument *A = G->getArg(I);
    if (A->getType() != FTy->getParamType(I))
      return 0;
    Args.push_back(A);
  }
  BasicBlock *BB = bb ? unwrap(bb) : BasicBlock::Create(G->getContext(), "", G);
  CallInst *CI = CallInst::Create(FTy, F, Args, "", BB);
  CI->setTailCallKind(static_cast<CallInst::TailCallKind>(tail));
  CI->setCallingConv(static_cast<CallingConv::ID>(cc));
  mergefunc_call_takes_attributes(CI, F);
  ReturnInst *RI = ReturnInst::Create(G->getContext(), GRet->isVoidTy() ? nullptr : CI, BB);
  *call = wrap(CI);
  *ret = wrap(RI);
  return 1;
}

} // extern "C"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include <algorithm>
#include <memory>

// The prescan: one native walk per function that computes both LLVM's StructuralHash
// (`StructuralHash(F, /*DetailedHash=*/false)`; see src/shash.rs for the formula) and the
// native part of the adapter's merge key (see
// `LlvmModule::merge_key_of` in src/module.rs, which this mirrors and which stays the
// fallback and the tests' reference). It only reads the IR, never allocates IR objects
// and touches no context-wide state, so several threads may run it at once on
// different functions of one module while nothing modifies the module. Each thread has
// its own scratch (`mergefunc_scan_new`).
namespace {

// What the layout-order walk found in one block: its spans of `Scan::Words` (the hash's
// words) and `Scan::Ids` (tagged identities), its part of the merge key, and the block
// numbers of its successors (a span of `Scan::Succs`).
struct BlockSpans {
  uint64_t Key, Detail, Consts;
  unsigned Words, WordsEnd, Ids, IdsEnd, Succs, SuccsEnd;
};

struct Scan {
  SmallVector<uint64_t, 256> Words;
  SmallVector<uint64_t, 64> Ids;
  SmallVector<unsigned, 64> Succs;
  SmallVector<uint64_t, 256> Out;
  // By block number (`BasicBlock::getNumber`); `~0u`: no block with that number.
  SmallVector<unsigned, 32> SpanOf;
  SmallVector<BlockSpans, 32> Spans;
  SmallVector<unsigned, 16> Stack;
  SmallVector<bool, 32> Seen;
  // The prefix key's blocks to read.
  SmallVector<const BasicBlock *, 16> BlockStack;
  // Canonical type keys by type (types are uniqued per context and never freed).
  DenseMap<const Type *, uint64_t> TypeKeys;
  // A direct-mapped cache in front of `TypeKeys` (most instructions repeat a few types),
  // for the prescan and large batches of prefix keys: zeroed at the scratch's first walk
  // of either (`TypeCacheReady`, `readyTypeCache`), so a scratch that only reads shape
  // keys (which look up a few function types, straight in `TypeKeys`) or a few prefix
  // keys never pays for it.
  static constexpr unsigned TypeCacheSlots = 256;
  // Trivial (unlike `std::pair`, whose constructor zeroes): left unwritten until then.
  struct TypeSlot {
    const Type *first;
    uint64_t second;
  };
  TypeSlot TypeCache[TypeCacheSlots];
  bool TypeCacheReady = false;
  // This scratch's own copy of the module's data layout (see `layoutOf`), and the
  // layout it copies.
  std::unique_ptr<DataLayout> Layout;
  const DataLayout *LayoutOf = nullptr;
  // `Layout` was checked against the function being walked.
  bool LayoutChecked = false;
  // The module whose debug intrinsics `DbgIntrinsics` describes (a scratch serves one
  // prescan of one module, so this is looked up once), and whether it declares any:
  // without a declaration no call can be one, and the walks skip the check.
  const Module *DbgOf = nullptr;
  bool DbgIntrinsics = true;
  // Index widths of address spaces 0-15 under `Layout` (0: not looked up yet).
  unsigned IndexWidths[16] = {};
  // Constant GEP offsets under `Layout`, direct-mapped by (source element type, index
  // width, index constants; at most 3 indices). Types and constants are uniqued and never
  // freed, so an entry names one computation for good; emptied with a new `Layout`.
  struct GepOffset {
    const Type *Ty = nullptr;
    const Value *Idx[3] = {};
    unsigned NumIdx = 0, Width = 0;
    bool Ok = false;
    uint64_t Lo = 0, Hi = 0;
  };
  static constexpr size_t GepSlots = 256;
  // Allocated at the first GEP with constant indices (a scratch on the stack, such as
  // `mergefunc_structural_hash`'s, stays small).
  std::unique_ptr<GepOffset[]> Geps;
};

// How many result words `mergefunc_prescan` writes.
constexpr size_t PrescanWords = 8;

// The data layout of `F`'s module, as a copy owned by scratch `S`. A `DataLayout` caches
// struct layouts on first use, unsynchronized, so threads must not share one; a copy
// starts with an empty cache of its own and computes the same offsets. Copying reads
// only the layout's specifications, never the original's cache, which another thread
// may be filling meanwhile. Checked once per walk (the string comparison guards against
// a scratch that outlived a module whose address another module now has).
const DataLayout &layoutOf(Scan &S, const Function *F) {
  if (S.LayoutChecked)
    return *S.Layout;
  const DataLayout &DL = F->getDataLayout();
  if (!S.Layout || S.LayoutOf != &DL || S.Layout->getStringRepresentation() != DL.getStringRepresentation()) {
    S.Layout = std::make_unique<DataLayout>(DL);
    S.LayoutOf = &DL;
    std::fill(std::begin(S.IndexWidths), std::end(S.IndexWidths), 0u);
    if (S.Geps)
      std::fill(S.Geps.get(), S.Geps.get() + Scan::GepSlots, Scan::GepOffset{});
  }
  S.LayoutChecked = true;
  return *S.Layout;
}

// The index width in bits of address space `AS` under `F`'s data layout (cached).
unsigned indexWidthSlow(Scan &S, const Function *F, unsigned AS);
inline unsigned indexWidth(Scan &S, const Function *F, unsigned AS) {
  if (AS < 16 && S.LayoutChecked && S.IndexWidths[AS] != 0)
    return S.IndexWidths[AS];
  return indexWidthSlow(S, F, AS);
}
unsigned indexWidthSlow(Scan &S, const Function *F, unsigned AS) {
  unsigned W = layoutOf(S, F).getIndexSizeInBits(AS);
  if (AS < 16)
    S.IndexWidths[AS] = W;
  return W;
}

// `T` is `i8` (`Type::isIntegerTy(8)`, inline).
inline bool isByteType(const Type *T) {
  auto *I = dyn_cast<IntegerType>(T);
  return I && I->getBitWidth() == 8;
}

// Whether `F`'s module declares a debug intrinsic (`llvm.dbg.declare`, `.value`,
// `.assign`, `.label`: the calls `DbgInfoIntrinsic` matches), cached in `S` per module.
bool mayHaveDbgIntrinsics(Scan &S, const Function *F) {
  const Module *M = F->getParent();
  if (S.DbgOf != M || !M) {
    S.DbgOf = M;
    S.DbgIntrinsics = !M;
    if (M)
      for (Intrinsic::ID ID :
           {Intrinsic::dbg_declare, Intrinsic::dbg_value, Intrinsic::dbg_assign, Intrinsic::dbg_label})
        S.DbgIntrinsics |= Intrinsic::getDeclarationIfExists(M, ID) != nullptr;
  }
  return S.DbgIntrinsics;
}

// How far ahead of the instruction being read the walks prefetch (bytes). Measured on
// rust-linked-release, one thread: 26 ms without, 21 ms at 1 KiB, 19 ms at 4 KiB, no
// better beyond.
constexpr uintptr_t PrefetchAhead = 4096;

// Asks for every cache line of a window `Ahead` bytes past the instruction being read, in
// the order of addresses, from where the last call stopped (its high-water mark). The
// parser allocates a function's instructions one after the other, but with what it
// allocates between them (debug records and their markers, locations, operand lists):
// under `-g` consecutive instructions lie about 250 bytes apart instead of about 100, so
// asking for two lines at a fixed distance past each instruction leaves lines between
// them to miss on. A jump (a new block or function elsewhere, or back) restarts the window
// at `Ahead` past the new place. At most `MaxLines` lines per call, so that a jump costs a
// bounded number of requests. (Integer arithmetic: the addresses may lie outside any
// object; a prefetch never faults.)
template <uintptr_t Ahead, unsigned MaxLines = 8> struct LinePrefetch {
  uintptr_t Next = 0;
  inline void at(const void *Ptr) {
    uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
    uintptr_t Want = P + Ahead + 128;
    if (LLVM_UNLIKELY(Next < P + Ahead / 2 || Next > Want + Ahead))
      Next = (P + Ahead) & ~uintptr_t(63);
    for (unsigned K = 0; K != MaxLines && Next < Want; ++K, Next += 64)
      __builtin_prefetch(reinterpret_cast<const void *>(Next));
  }
};

inline uint64_t mix(uint64_t h, uint64_t w) { return ((h << 5) | (h >> 59)) ^ w; }
inline uint64_t mixk(uint64_t h, uint64_t w) { return mix(h, w) * 0x517cc1b727220a95ULL; }

// A hash of a type that equal types (under the order) share: a pointer of address
// space 0 counts as the integer of `PtrBits` bits (0: no such coercion), as the order's
// type comparison has it; everything else is structural (a struct's name does not
// count). Kinds without structure here hash their type id alone, which only makes the
// key coarser. The key is a function of the type alone, never of where it is met: a type
// met deeper than `TypeKeyRecursion` levels is keyed by an explicit stack
// (`typeKeyDeep`) with the same node hash (`typeNodeKey`), so deep types cost no stack
// and a type keyed first deep inside another still equals its twin keyed first on its
// own (a key cut short by depth and then cached would keep such twins from meeting).
// `Cached`: through `Scan::TypeCache` (the prescan and large batches of prefix keys,
// which have made it ready), else straight from `Scan::TypeKeys`; every cache entry is also in
// `TypeKeys` with the same key, so both give the same keys.
template <bool Cached> uint64_t typeKeyByTable(Scan &S, const Type *T, unsigned PtrBits, unsigned Depth);

constexpr unsigned TypeKeyRecursion = 64;

// Zeroes `S.TypeCache` at its first use by a walk that reads every instruction's type
// (the prescan, a batch of prefix keys), so that `typeKey<true>` may read it.
inline void readyTypeCache(Scan &S) {
  if (LLVM_UNLIKELY(!S.TypeCacheReady)) {
    std::fill(std::begin(S.TypeCache), std::end(S.TypeCache), Scan::TypeSlot{nullptr, 0});
    S.TypeCacheReady = true;
  }
}

// `PtrBits` is the same for every call on one `Scan` (the module's pointer width), so
// the cache need not key on it.
template <bool Cached>
__attribute__((always_inline)) inline uint64_t typeKey(Scan &S, const Type *T, unsigned PtrBits, unsigned Depth) {
  if constexpr (!Cached) {
    return typeKeyByTable<false>(S, T, PtrBits, Depth);
  } else {
    auto &Slot = S.TypeCache[(reinterpret_cast<uintptr_t>(T) >> 4) & (Scan::TypeCacheSlots - 1)];
    if (Slot.first == T && T)
      return Slot.second;
    uint64_t H = typeKeyByTable<true>(S, T, PtrBits, Depth);
    Slot = {T, H};
    return H;
  }
}

// The types whose key mixes in their contained types (`Type::getContainedType`, in that
// order: an element; a struct's elements; a function's result, then its parameters).
inline bool typeKeyReadsParts(const Type *T) {
  return isa<VectorType>(T) || isa<ArrayType>(T) || isa<StructType>(T) || isa<FunctionType>(T);
}

// The key of `T` given the keys of its parts (`Part(contained type)`).
template <typename PartKey> uint64_t typeNodeKey(const Type *T, unsigned PtrBits, PartKey Part) {
  uint64_t H = mixk(0x7e, T->getTypeID());
  if (auto *P = dyn_cast<PointerType>(T)) {
    if (P->getAddressSpace() == 0 && PtrBits != 0)
      H = mixk(mixk(0x7e, Type::IntegerTyID), PtrBits);
    else
      H = mixk(H, P->getAddressSpace());
  } else if (auto *I = dyn_cast<IntegerType>(T)) {
    H = mixk(H, I->getBitWidth());
  } else if (auto *V = dyn_cast<VectorType>(T)) {
    H = mixk(mixk(H, V->getElementCount().getKnownMinValue()), isa<ScalableVectorType>(V));
    H = mixk(H, Part(V->getElementType()));
  } else if (auto *A = dyn_cast<ArrayType>(T)) {
    H = mixk(mixk(H, A->getNumElements()), Part(A->getElementType()));
  } else if (auto *St = dyn_cast<StructType>(T)) {
    H = mixk(mixk(H, St->isPacked()), St->getNumElements());
    for (Type *E : St->elements())
      H = mixk(H, Part(E));
  } else if (auto *F = dyn_cast<FunctionType>(T)) {
    H = mixk(mixk(mixk(H, F->isVarArg()), F->getNumParams()), Part(F->getReturnType()));
    for (Type *E : F->params())
      H = mixk(H, Part(E));
  }
  return H;
}

// `typeNodeKey` of `Root` and of every part it has without a key yet, children first,
// by an explicit stack (types nest without bound; LLVM types have no cycles).
uint64_t typeKeyDeep(Scan &S, const Type *Root, unsigned PtrBits) {
  SmallVector<std::pair<const Type *, unsigned>, 64> Work;
  Work.push_back({Root, 0});
  while (!Work.empty()) {
    auto [T, Next] = Work.back();
    if (Next == 0 && S.TypeKeys.count(T)) {
      Work.pop_back();
      continue;
    }
    if (typeKeyReadsParts(T) && Next < T->getNumContainedTypes()) {
      Work.back().second = Next + 1;
      const Type *C = T->getContainedType(Next);
      if (!S.TypeKeys.count(C))
        Work.push_back({C, 0});
      continue;
    }
    uint64_t H = typeNodeKey(T, PtrBits, [&](const Type *C) { return S.TypeKeys.find(C)->second; });
    S.TypeKeys[T] = H;
    Work.pop_back();
  }
  return S.TypeKeys.find(Root)->second;
}

template <bool Cached> uint64_t typeKeyByTable(Scan &S, const Type *T, unsigned PtrBits, unsigned Depth) {
  auto It = S.TypeKeys.find(T);
  if (It != S.TypeKeys.end())
    return It->second;
  if (Depth > TypeKeyRecursion)
    return typeKeyDeep(S, T, PtrBits);
  uint64_t H =
      typeNodeKey(T, PtrBits, [&](const Type *C) { return typeKey<Cached>(S, C, PtrBits, Depth + 1); });
  S.TypeKeys[T] = H;
  return H;
}

} // namespace

extern "C" {

// Default-initialized (`new Scan`, not `new Scan()`): every member that needs a value
// has an initializer, and value-initialization would first zero the whole object, the
// inline buffers of its vectors included (some 10 KB per scratch, a fixed cost of every
// prescan, noticeable on modules of a few functions).
void *mergefunc_scan_new() { return new Scan; }
void mergefunc_scan_free(void *S) { delete static_cast<Scan *>(S); }

// Prescan of function `fn` with scratch `scan` (one per thread). On success returns 1 and
// writes out[0] = StructuralHash(fn, false) (`term_by_opcode[op]`: the per-instruction
// term of C++ opcode `op`, 0..n_terms-1, filled by the caller from LLVM's own xxh3),
// out[1] = the native merge key, out[2] = the number of
// identities the key refers to, out[3] = 1 if a `blockaddress` refers to one of its
// blocks (0 if none does), out[4], out[5] = the lowest and highest address of its
// blocks and instructions (a prefetch hint for later walks, see
// `mergefunc_prefetch_range`) and out[6] = a hash of details the order compares exactly
// (comparison predicates; volatility, alignment and ordering of loads and stores;
// aggregate indices; a GEP's address space, whether its indices are all integer
// constants, and then its byte offset, else its source element type and operand count),
// per reachable block in the key's order (for tree keys only), and out[7] = a hash of the
// identities of the other constant operands (not integers of at most 64 bits, not globals),
// per reachable block in the key's order (for copy keys only: uniqued constants with the
// same content are one object). Of the identities the key refers to, the first `cap`
// are written to `ids`, in walk
// order, each a value pointer with a tag in its low bits: 1 a global variable, alias or
// ifunc, 2 a declared function, 3 a function with a body. Attachments are not read (the
// second tree key, `mergefunc_attachment_key`, hashes them for the functions that meet).
// The caller asks again with a larger buffer if out[2] > cap. Returns 0 (nothing usable) for a declaration, or for a
// block without terminator or an opcode outside the table in any block (unreachable ones
// included: the walk reads every block); the caller then takes the slower paths, which
// decide those cases.
//
// The walk reads the blocks in layout order (the order the parser allocated them in,
// about a quarter faster than jumping along the CFG) and keeps each block's words apart;
// the words are then combined in LLVM's order: the blocks reachable from the entry,
// depth first, last successor first.
//
// The merge key covers, per block in that order: a marker; per instruction that is not a
// debug intrinsic: its opcode and, except for getelementptr, its result type's key, its
// operand count and per operand a tag (and the value of a non-zero scalar integer of at
// most 64 bits); the block's instruction count. Each block's part is hashed on its own
// during the walk, and the parts are combined in that order (replaying every word in
// that order instead would be a long chain of dependent multiplies).
int mergefunc_prescan(void *scan, LLVMValueRef fn, const uint64_t *term_by_opcode, unsigned n_terms,
                      unsigned ptr_bits, uint64_t *out, uint64_t *ids, size_t cap) {
  auto &S = *static_cast<Scan *>(scan);
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->isDeclaration())
    return 0;
  readyTypeCache(S);
  S.Words.clear();
  S.Ids.clear();
  S.Succs.clear();
  S.Spans.clear();
  S.LayoutChecked = false;
  S.SpanOf.assign(F->getMaxBlockNumber(), ~0u);
  const bool Dbg = mayHaveDbgIntrinsics(S, F);
  uint64_t AddressTaken = 0;
  // The address range of the blocks and instructions read (a prefetch hint for later
  // walks; never dereferenced by the caller).
  uintptr_t Lo = ~uintptr_t(0), Hi = 0;
  // 1. Every block in layout order (the order the parser allocated them in, which the
  //    hardware prefetches well), each block's words kept apart.
  // The hash's words are written through a raw cursor (one store per instruction, the
  // buffer grown in chunks): `Words` holds `WN` of them when the loop ends.
  size_t WN = 0;
  uint64_t *WB = S.Words.data();
  size_t WCap = 0;
  auto pushWord = [&](uint64_t W) {
    if (LLVM_UNLIKELY(WN == WCap)) {
      WCap = WN * 2 + 256;
      S.Words.resize_for_overwrite(WCap);
      WB = S.Words.data();
    }
    WB[WN++] = W;
  };
  LinePrefetch<PrefetchAhead> PF;
  for (const BasicBlock &BB : *F) {
    BlockSpans Sp;
    Sp.Words = WN;
    Sp.Ids = S.Ids.size();
    unsigned Num = BB.getNumber();
    if (Num >= S.SpanOf.size() || S.SpanOf[Num] != ~0u)
      return 0;
    S.SpanOf[Num] = S.Spans.size();
    AddressTaken |= BB.hasAddressTaken();
    Lo = std::min(Lo, reinterpret_cast<uintptr_t>(&BB));
    Hi = std::max(Hi, reinterpret_cast<uintptr_t>(&BB));
    pushWord(45798);
    uint64_t K = mixk(0, 0xb1);
    uint64_t D = 0;
    uint64_t C = 0;
    uint64_t N = 0;
    for (const Instruction &I : BB) {
      // Instructions are a linked list, but the parser allocated them (with their
      // operands) one after the other: asking for the memory a few KiB ahead keeps the
      // next instructions' misses in flight instead of taking them one at a time (every
      // line of the window: see `LinePrefetch`).
      PF.at(&I);
      Lo = std::min(Lo, reinterpret_cast<uintptr_t>(&I));
      Hi = std::max(Hi, reinterpret_cast<uintptr_t>(&I));
      unsigned Op = I.getOpcode();
      if (Op >= n_terms || term_by_opcode[Op] == 0)
        return 0;
      pushWord(term_by_opcode[Op]);
      if (Dbg && isa<DbgInfoIntrinsic>(I))
        continue;
      ++N;
      // The instruction's part of the key is hashed on its own chain `L` and folded into
      // the block's `K` once: the chains of successive instructions then overlap instead
      // of forming one long chain of dependent multiplies.
      uint64_t L = mixk(0x1e, Op);
      // Details the order compares exactly (tree keys only, see out[6]).
      if (auto *C = dyn_cast<CmpInst>(&I)) {
        D = mixk(D, C->getPredicate());
      } else if (auto *L = dyn_cast<LoadInst>(&I)) {
        D = mixk(mixk(mixk(D, L->isVolatile()), L->getAlign().value()), static_cast<unsigned>(L->getOrdering()));
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        D = mixk(mixk(mixk(D, St->isVolatile()), St->getAlign().value()), static_cast<unsigned>(St->getOrdering()));
      } else if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
        for (unsigned Idx : EV->indices())
          D = mixk(D, Idx);
      } else if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
        for (unsigned Idx : IV->indices())
          D = mixk(D, Idx);
      } else if (auto *G = dyn_cast<GetElementPtrInst>(&I)) {
        // The order compares two GEPs by byte offset when both offsets are constant,
        // else by source element type, operand count and operands. Equal GEPs agree on
        // whether every index is an integer `ConstantInt` (one equals only another). A
        // GEP with another index can only take the second way, so its source element
        // type and operand count are compared exactly. Two GEPs with integer constants
        // alone both have constant offsets unless neither can be computed (a scalable
        // type, an index width over 128 bits): their source types are equal for the
        // order, and their indices the same.
        bool AllConstInts = true;
        for (const Use &Idx : G->indices())
          AllConstInts &= isa<ConstantInt>(Idx.get()) && Idx->getType()->isIntegerTy();
        unsigned AS = G->getPointerAddressSpace();
        D = mixk(mixk(D, AS), AllConstInts);
        if (!AllConstInts) {
          D = mixk(mixk(D, typeKey<true>(S, G->getSourceElementType(), ptr_bits, 0)), G->getNumOperands());
        } else if (unsigned W = indexWidth(S, F, AS); W == 0 || W > 128) {
          // No constant offset for either.
        } else if (W <= 64 && G->getNumIndices() == 1 && isByteType(G->getSourceElementType()) &&
                   cast<ConstantInt>(G->getOperand(1))->getBitWidth() <= 64) {
          // Most GEPs step bytes (`gep i8, p, C`): the offset is C, sign-extended or
          // truncated to the index width, as the general way below computes it.
          uint64_t Off = static_cast<uint64_t>(cast<ConstantInt>(G->getOperand(1))->getSExtValue());
          D = mixk(mixk(D, W), W < 64 ? Off & ((uint64_t(1) << W) - 1) : Off);
        } else {
          // Struct field steps (`gep %T, p, 0, k`) repeat across a module: cached. The
          // layout first: a new one empties the cache.
          const DataLayout &DL = layoutOf(S, F);
          const Type *ST = G->getSourceElementType();
          unsigned NI = G->getNumIndices();
          Scan::GepOffset *Slot = nullptr;
          bool Hit = false;
          if (NI <= 3) {
            if (!S.Geps)
              S.Geps.reset(new Scan::GepOffset[Scan::GepSlots]());
            uint64_t H = mixk(reinterpret_cast<uintptr_t>(ST), W);
            for (unsigned J = 1; J <= NI; ++J)
              H = mixk(H, reinterpret_cast<uintptr_t>(G->getOperand(J)));
            Slot = &S.Geps[(H >> 32) & (Scan::GepSlots - 1)];
            Hit = Slot->Ty == ST && Slot->NumIdx == NI && Slot->Width == W;
            for (unsigned J = 0; Hit && J != NI; ++J)
              Hit = Slot->Idx[J] == G->getOperand(J + 1);
          }
          bool Ok = Hit && Slot->Ok;
          uint64_t Lo = Hit ? Slot->Lo : 0, Hi = Hit ? Slot->Hi : 0;
          if (!Hit) {
            APInt Offset(W, 0);
            Ok = cast<GEPOperator>(G)->accumulateConstantOffset(DL, Offset);
            Lo = Ok ? Offset.extractBitsAsZExtValue(W < 64 ? W : 64, 0) : 0;
            Hi = Ok && W > 64 ? Offset.extractBitsAsZExtValue(W - 64, 64) : 0;
            if (Slot) {
              *Slot = Scan::GepOffset{ST, {}, NI, W, Ok, Lo, Hi};
              for (unsigned J = 0; J != NI; ++J)
                Slot->Idx[J] = G->getOperand(J + 1);
            }
          }
          if (Ok) {
            D = mixk(mixk(D, W), Lo);
            if (W > 64)
              D = mixk(D, Hi);
          }
        }
      }
      if (Op == Instruction::GetElementPtr) {
        K = mixk(K, L);
        continue;
      }
      L = mixk(L, typeKey<true>(S, I.getType(), ptr_bits, 0));
      unsigned NOps = I.getNumOperands();
      L = mixk(L, NOps);
      for (const Use &U : I.operands()) {
        const Value *O = U.get();
        // Most operands are instructions or arguments: one marker, nothing else.
        if (!O || !isa<Constant>(O)) {
          L = mixk(L, 0);
          continue;
        }
        if (auto *CI = dyn_cast<ConstantInt>(O)) {
          if (CI->getType()->isIntegerTy() && CI->getBitWidth() <= 64 && !CI->isZero())
            L = mixk(mixk(L, 1), CI->getZExtValue());
          else
            L = mixk(L, 0);
        } else if (isa<GlobalVariable>(O) || isa<GlobalAlias>(O) || isa<GlobalIFunc>(O)) {
          L = mixk(L, 2);
          S.Ids.push_back(reinterpret_cast<uintptr_t>(O) | 1);
        } else if (auto *G = dyn_cast<Function>(O)) {
          // `isDeclaration` of a function, inline (the module is fully materialized
          // when loaded, but the check costs nothing).
          bool Decl = G->empty() && !G->isMaterializable();
          L = mixk(L, Decl ? 3 : 4);
          S.Ids.push_back(reinterpret_cast<uintptr_t>(O) | (Decl ? 2 : 3));
        } else {
          L = mixk(L, 0);
          C = mixk(C, reinterpret_cast<uintptr_t>(O));
        }
      }
      K = mixk(K, L);
    }
    Sp.Key = mixk(K, N);
    Sp.Detail = D;
    Sp.Consts = C;
    const Instruction *T = BB.getTerminator();
    if (!T)
      return 0;
    Sp.Succs = S.Succs.size();
    if (auto *Br = dyn_cast<BranchInst>(T)) {
      // The common terminators inline (`getSuccessor` is an out-of-line call).
      for (unsigned i = 0, e = Br->getNumSuccessors(); i != e; ++i)
        S.Succs.push_back(Br->getSuccessor(i)->getNumber());
    } else if (!isa<ReturnInst>(T) && !isa<UnreachableInst>(T)) {
      for (unsigned i = 0, e = T->getNumSuccessors(); i != e; ++i)
        S.Succs.push_back(T->getSuccessor(i)->getNumber());
    }
    Sp.WordsEnd = WN;
    Sp.IdsEnd = S.Ids.size();
    Sp.SuccsEnd = S.Succs.size();
    S.Spans.push_back(Sp);
  }
  // 2. The blocks reachable from the entry, depth first, last successor first (LLVM's
  //    StructuralHash order, which the merge key shares): their words, in that order.
  S.Out.clear();
  S.Out.push_back(4);
  S.Out.push_back(0x62642d6b6b2d6b72ULL);
  S.Out.push_back(F->isVarArg());
  S.Out.push_back(F->arg_size());
  uint64_t K = 0, DK = 0, CK = 0;
  size_t NIds = 0;
  S.Seen.assign(S.Spans.size(), false);
  S.Stack.clear();
  S.Stack.push_back(0); // the entry block is the first in layout order
  S.Seen[0] = true;
  while (!S.Stack.empty()) {
    const BlockSpans &Sp = S.Spans[S.Stack.pop_back_val()];
    S.Out.append(S.Words.begin() + Sp.Words, S.Words.begin() + Sp.WordsEnd);
    K = mixk(K, Sp.Key);
    DK = mixk(DK, Sp.Detail);
    CK = mixk(CK, Sp.Consts);
    for (unsigned i = Sp.Ids; i != Sp.IdsEnd; ++i, ++NIds)
      if (NIds < cap)
        ids[NIds] = S.Ids[i];
    for (unsigned i = Sp.Succs; i != Sp.SuccsEnd; ++i) {
      unsigned Num = S.Succs[i];
      unsigned At = Num < S.SpanOf.size() ? S.SpanOf[Num] : ~0u;
      if (At == ~0u)
        return 0; // a successor outside this function
      if (!S.Seen[At]) {
        S.Seen[At] = true;
        S.Stack.push_back(At);
      }
    }
  }
  out[0] = xxh3_64bits(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(S.Out.data()), S.Out.size() * sizeof(uint64_t)));
  out[1] = K;
  out[2] = NIds;
  out[3] = AddressTaken;
  out[4] = Lo;
  out[5] = Hi;
  out[6] = DK;
  out[7] = CK;
  return 1;
}

// LLVM 22's StructuralHash(F, /*DetailedHash=*/false) of one function: the prescan's walk
// with a scratch of its own and no identities kept. `term_by_opcode[op]` is the
// per-instruction term of C++ opcode `op` (0..n_terms-1), filled by the caller from
// LLVM's own xxh3. Returns 0 and sets *ok = 0 where the prescan declines (a declaration,
// a block without terminator, an opcode outside the table); the caller then falls back
// to the LLVM-C walk or LLVM's own function.
uint64_t mergefunc_structural_hash(LLVMValueRef fn, const uint64_t *term_by_opcode, unsigned n_terms, int *ok) {
  Scan S;
  uint64_t Out[PrescanWords] = {};
  *ok = mergefunc_prescan(&S, fn, term_by_opcode, n_terms, 0, Out, nullptr, 0);
  return *ok == 1 ? Out[0] : 0;
}

} // extern "C"

namespace {

// A hash of metadata item `M` that items the order finds equal share, read from LLVM's
// nodes without interning them: a string by
// its bytes; a constant by its value if it is a non-zero integer (zero is every type's
// null, equal to nulls of other types; every other constant one marker); a uniqued tuple
// by its operands, down to `Depth` 4; anything else (a distinct node, which the order
// pairs by renaming; a location; a specialized node) one marker per kind of item.
// Content keys of uniqued tuples already hashed, by (node, depth): a key depends on the
// node and the depth it is read at only, and nothing changes a node during a call. Kept
// across calls in an `AttachmentMemo` (see `mergefunc_attachment_memo_new`), whose owner
// clears it whenever a rewrite may have changed or freed a node.
using ContentKeys = SmallDenseMap<std::pair<const MDTuple *, unsigned>, uint64_t, 32>;

struct AttachmentMemo {
  ContentKeys Keys;
};

uint64_t attachmentContentKey(const Metadata *M, unsigned Depth, ContentKeys &Memo) {
  if (!M)
    return 0x10;
  if (auto *S = dyn_cast<MDString>(M)) {
    StringRef R = S->getString();
    return mixk(0x11, xxh3_64bits(ArrayRef<uint8_t>(R.bytes_begin(), R.bytes_end())));
  }
  if (auto *C = dyn_cast<ConstantAsMetadata>(M)) {
    auto *I = dyn_cast<ConstantInt>(C->getValue());
    if (!I || I->isZero())
      return 0x12;
    const APInt &V = I->getValue();
    uint64_t H = 0x13;
    for (unsigned W = 0, E = V.getNumWords(); W != E; ++W)
      H = mixk(H, V.getRawData()[W]);
    return H;
  }
  if (auto *T = dyn_cast<MDTuple>(M)) {
    if (!T->isUniqued())
      return 0x14;
    if (Depth >= 4)
      return 0x15;
    auto Found = Memo.find({T, Depth});
    if (Found != Memo.end())
      return Found->second;
    uint64_t H = mixk(0x16, T->getNumOperands());
    for (const MDOperand &O : T->operands())
      H = mixk(H, attachmentContentKey(O.get(), Depth + 1, Memo));
    Memo[{T, Depth}] = H;
    return H;
  }
  return 0x17;
}

// Global variables named inside constant `C` (a constant expression or aggregate), by
// identity, with their operand paths: the order compares such constants operand by
// operand and global variables by identity, so constants it finds equal get equal keys
// (null values and other leaves name none; a leaf compared by its printed form or handle
// is the same constant when equal). A merge never replaces a global variable. 0 if `C`
// names none. Memoized per constant and depth for one call (constants are uniqued and
// immutable); constants nested deeper than 8 levels count as one marker, the same for
// equal ones. The depth is part of the memo's key: a constant met first inside another
// has a key cut shorter than where it stands alone, and its twins (equal under the order,
// not the same object: `ptr null` for `i64 0`) are keyed where they stand.
using GlobalKeys = SmallDenseMap<std::pair<const Constant *, unsigned>, uint64_t, 16>;

uint64_t constantGlobalsKey(const Constant *C, unsigned Depth, GlobalKeys &Memo) {
  if (Depth >= 8)
    return 0x2f;
  auto Found = Memo.find({C, Depth});
  if (Found != Memo.end())
    return Found->second;
  uint64_t H = 0;
  for (unsigned I = 0, E = C->getNumOperands(); I != E; ++I) {
    const Value *O = C->getOperand(I);
    uint64_t K = 0;
    if (isa<GlobalVariable>(O))
      K = mixk(0x2e, reinterpret_cast<uintptr_t>(O));
    else if (isa<ConstantExpr>(O) || isa<ConstantAggregate>(O))
      K = constantGlobalsKey(cast<Constant>(O), Depth + 1, Memo);
    if (K != 0)
      H = mixk(mixk(H ? H : 0x2d, I), K);
  }
  Memo[{C, Depth}] = H;
  return H;
}

} // namespace

extern "C" {

// The attachment key of function `fn` (the second tree key, `LlvmModule::tree_subkey_of`):
// per instruction of the blocks reachable from the entry (depth first, last successor
// first; debug intrinsics skipped), each attachment the view records (every one but
// `!dbg` and the kinds `skip[0..n_skip]`; on an instruction other than a load, not the
// kinds `hints[0..n_hints]` either) as the instruction's place in the walk, the kind and
// `attachmentContentKey` of the node; and per operand that is a constant expression or
// aggregate naming global variables, the instruction's place, the operand's index and
// `constantGlobalsKey` (C++ vtable stores differ only there: the tree key hashes no
// constant's identity, the global variables it names included). Functions the order finds
// equal have the same reachable blocks, instructions, operands and attachments (distinct
// nodes renamed), so the same key. Writes it to *out and returns 1; 0 for a declaration, a block without terminator
// or a successor outside the function.
//
// `memo` (null, or made by `mergefunc_attachment_memo_new`) keeps the content keys of
// tuples from one call to the next: the caller clears it (`mergefunc_attachment_memo_clear`)
// whenever a rewrite may have changed or freed a metadata node, as it forgets its own
// caches keyed by node (most functions that meet share their TBAA type nodes).
void *mergefunc_attachment_memo_new() { return new AttachmentMemo(); }
void mergefunc_attachment_memo_free(void *memo) { delete static_cast<AttachmentMemo *>(memo); }
void mergefunc_attachment_memo_clear(void *memo) { static_cast<AttachmentMemo *>(memo)->Keys.clear(); }

int mergefunc_attachment_key(LLVMValueRef fn, const unsigned *hints, unsigned n_hints, const unsigned *skip,
                             unsigned n_skip, void *memo, uint64_t *out) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->isDeclaration())
    return 0;
  auto In = [](unsigned K, const unsigned *L, unsigned N) {
    for (unsigned I = 0; I != N; ++I)
      if (L[I] == K)
        return true;
    return false;
  };
  std::vector<bool> Seen(F->getMaxBlockNumber());
  SmallVector<const BasicBlock *, 32> Stack;
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  // Most instructions repeat a few attachments (TBAA tags, loop ids) whose nodes share
  // their operands (TBAA types): each tuple is hashed once per depth.
  ContentKeys Local;
  ContentKeys &Memo = memo ? static_cast<AttachmentMemo *>(memo)->Keys : Local;
  GlobalKeys Globals;
  const BasicBlock &Entry = F->getEntryBlock();
  if (Entry.getNumber() >= Seen.size())
    return 0;
  Seen[Entry.getNumber()] = true;
  Stack.push_back(&Entry);
  uint64_t H = 0x4b, Place = 0;
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    H = mixk(H, 0xb1);
    for (const Instruction &I : *BB) {
      if (isa<DbgInfoIntrinsic>(I))
        continue;
      ++Place;
      for (unsigned J = 0, E = I.getNumOperands(); J != E; ++J) {
        const Value *O = I.getOperand(J);
        if (isa<ConstantExpr>(O) || isa<ConstantAggregate>(O))
          if (uint64_t K = constantGlobalsKey(cast<Constant>(O), 0, Globals))
            H = mixk(mixk(mixk(H, Place), 0x2c0000 | J), K);
      }
      if (!I.hasMetadataOtherThanDebugLoc())
        continue;
      MDs.clear();
      I.getAllMetadataOtherThanDebugLoc(MDs);
      bool Load = isa<LoadInst>(I);
      for (const auto &[K, N] : MDs) {
        if (In(K, skip, n_skip) || (!Load && In(K, hints, n_hints)))
          continue;
        H = mixk(mixk(mixk(H, Place), K), attachmentContentKey(N, 0, Memo));
      }
    }
    const Instruction *T = BB->getTerminator();
    if (!T)
      return 0;
    for (unsigned I = 0, E = T->getNumSuccessors(); I != E; ++I) {
      unsigned N = T->getSuccessor(I)->getNumber();
      if (N >= Seen.size())
        return 0;
      if (!Seen[N]) {
        Seen[N] = true;
        Stack.push_back(T->getSuccessor(I));
      }
    }
  }
  *out = H;
  return 1;
}

} // extern "C"

extern "C" {

// The identity of the attribute list of a function or a call site: LLVM uniques
// attribute lists in their context and never frees them, so two equal identities are
// two equal lists (the empty list is null). Sets *ok = 0 for anything else.
const void *mergefunc_attribute_list(LLVMValueRef v, int *ok) {
  Value *V = unwrap(v);
  *ok = 1;
  if (auto *F = dyn_cast_or_null<Function>(V))
    return F->getAttributes().getRawPointer();
  if (auto *CB = dyn_cast_or_null<CallBase>(V))
    return CB->getAttributes().getRawPointer();
  *ok = 0;
  return nullptr;
}

// The attributes of set `idx` (LLVM-C's numbering: ~0U the function, 0 the return
// value, 1.. the parameters) of the attribute list whose identity
// `mergefunc_attribute_list` returned (null: the empty list), into `out` (room for
// `cap`); returns the set's size (only the first `cap` are written). Reading a list by
// its identity needs no function or call that still carries it: lists are uniqued in
// their context and never freed. `AttributeList` is one pointer to its uniqued
// implementation (asserted below), the value `getRawPointer` returns.
unsigned mergefunc_attribute_list_set(const void *list, unsigned idx, LLVMAttributeRef *out, unsigned cap) {
  static_assert(sizeof(AttributeList) == sizeof(void *) && std::is_trivially_copyable_v<AttributeList>,
                "AttributeList is one pointer");
  AttributeList AL;
  std::memcpy(static_cast<void *>(&AL), &list, sizeof(void *));
  AttributeSet S = AL.getAttributes(idx);
  unsigned N = S.getNumAttributes(), I = 0;
  for (Attribute A : S) {
    if (I == cap)
      break;
    out[I++] = wrap(A);
  }
  return N;
}

// The identities of the sets of the attribute list `list` (as for
// `mergefunc_attribute_list_set`): `out[0]` the function's set, `out[1]` the return
// value's, `out[2 + i]` parameter i's, for `nparams` parameters. A set's identity is
// its uniqued implementation (`AttributeSet` is one pointer to it, asserted below; null
// for the empty set): sets are uniqued in their context and never freed, so equal
// identities are equal sets for the life of the context.
void mergefunc_attribute_list_sets(const void *list, unsigned nparams, const void **out) {
  static_assert(sizeof(AttributeSet) == sizeof(void *) && std::is_trivially_copyable_v<AttributeSet>,
                "AttributeSet is one pointer");
  AttributeList AL;
  std::memcpy(static_cast<void *>(&AL), &list, sizeof(void *));
  auto put = [&](unsigned at, AttributeSet S) { std::memcpy(static_cast<void *>(&out[at]), &S, sizeof(void *)); };
  put(0, AL.getFnAttrs());
  put(1, AL.getRetAttrs());
  for (unsigned I = 0; I < nparams; ++I)
    put(2 + I, AL.getParamAttrs(I));
}

} // extern "C"

extern "C" {

// 1 if a `blockaddress` refers to some block of function `fn` (LLVM keeps a per-block
// count of them), 0 if none does, -1 if `fn` is not a function.
int mergefunc_any_block_address_taken(LLVMValueRef fn) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return -1;
  for (const BasicBlock &BB : *F)
    if (BB.hasAddressTaken())
      return 1;
  return 0;
}

// 1 if metadata refers to an argument of function `fn` (a `LocalAsMetadata`, as debug
// records and debug intrinsics hold), 0 if none does, -1 if `fn` is not a function.
// Replacing such an argument by another function's may delete that metadata.
int mergefunc_args_used_by_metadata(LLVMValueRef fn) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return -1;
  for (const Argument &A : F->args())
    if (A.isUsedByMetadata())
      return 1;
  return 0;
}

// 1 if a `blockaddress` of some block of function `fn` is used outside `fn`: by an
// instruction of another function, metadata, the initializer of a global that is not
// local or is itself used outside `fn`, or anything else that is not (through constant
// expressions and local globals) an instruction of `fn` itself; 0 if every use is inside
// `fn` (or no block has its address taken); -1 if `fn` is not a function.
// Such a function's blocks must outlive any merge: erasing it or turning it into a thunk
// would leave those uses pointing at no block.
int mergefunc_block_address_escapes(LLVMValueRef fn) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return -1;
  SmallVector<const Value *, 16> Work;
  SmallPtrSet<const Value *, 16> Seen;
  for (const BasicBlock &BB : *F) {
    if (!BB.hasAddressTaken())
      continue;
    const BlockAddress *BA = BlockAddress::lookup(&BB);
    if (!BA)
      continue;
    Work.push_back(BA);
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      if (!Seen.insert(V).second)
        continue;
      if (V->isUsedByMetadata())
        return 1;
      for (const User *U : V->users()) {
        if (auto *I = dyn_cast<Instruction>(U)) {
          if (I->getFunction() != F)
            return 1;
        } else if (isa<Constant>(U) && !isa<GlobalValue>(U)) {
          Work.push_back(U);
        } else if (auto *GV = dyn_cast<GlobalVariable>(U); GV && GV->hasLocalLinkage()) {
          // A table of the function's own labels (C's `static void *t[] = {&&a, &&b}`):
          // used only where the global itself is used.
          Work.push_back(GV);
        } else {
          return 1;
        }
      }
    }
  }
  return 0;
}

} // extern "C"

#include "llvm/IR/DebugProgramInstruction.h"

extern "C" {

// Deletes every debug record of block `bb`: those attached to its instructions and its
// trailing ones. Erasing a block's terminator leaves the records attached to it
// "trailing" the block, in a context-wide map keyed by the block's address, and deleting
// the block does not remove them; a block allocated later at the same address would then
// take them as its own. Returns 0 (nothing done) for a null block.
int mergefunc_drop_debug_records(LLVMBasicBlockRef bb) {
  BasicBlock *BB = unwrap(bb);
  if (!BB)
    return 0;
  for (Instruction &I : *BB)
    I.dropDbgRecords();
  if (DbgMarker *Trailing = BB->getTrailingDbgRecords()) {
    Trailing->eraseFromParent();
    BB->deleteTrailingDbgRecords();
  }
  return 1;
}

// Empties function `fn`, leaving a declaration that keeps its attributes, linkage,
// personality and attachments (the caller decides what else goes). Every instruction of
// `fn` may only be used inside `fn`, as LLVM IR guarantees. Debug records go first (see
// `mergefunc_drop_debug_records`), then every operand use of the body, as
// `Function::deleteBody` does, so no use of the body is left on any value of the module.
// `keep` != 0 and no block address refers to a block of `fn`: the blocks are unlinked
// but not destroyed, so their memory stays allocated until the process ends; for one-shot
// tools, which save the destruction of every folded body (the module and its output are
// the same). Returns 0 for a value that is not a function, 1 when the blocks were
// deleted, 2 when they were kept.
int mergefunc_clear_body(LLVMValueRef fn, int keep) {
  Function *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return 0;
  for (BasicBlock &BB : *F)
    mergefunc_drop_debug_records(wrap(&BB));
  for (BasicBlock &BB : *F)
    BB.dropAllReferences();
  if (keep && mergefunc_any_block_address_taken(fn) == 0) {
    while (!F->empty())
      F->begin()->removeFromParent();
    return 2;
  }
  while (!F->empty())
    F->begin()->eraseFromParent();
  return 1;
}

} // extern "C"

// Unlinks function `F` (no uses; no block address names its blocks) from its module
// without destroying it: the debug records and every operand use of its body, its
// hung-off operands (personality, prefix and prologue data), attachments and comdat
// membership are dropped first, so that it uses nothing; its blocks stay in it, where
// nothing outside can reach them.
static void mergefunc_unlink_keeping_body(Function *F) {
  for (BasicBlock &BB : *F)
    mergefunc_drop_debug_records(wrap(&BB));
  for (BasicBlock &BB : *F)
    BB.dropAllReferences();
  F->User::dropAllReferences();
  F->clearMetadata();
  F->setComdat(nullptr);
  F->removeFromParent();
}

extern "C" {

// Removes function `fn`, which has no uses, from its module: `eraseFromParent`, or with
// `keep` != 0 the same effect without destroying it (see `mergefunc_clear_body`): the
// debug records and every operand use of its body, its hung-off operands (personality,
// prefix and prologue data), attachments and comdat membership are dropped, and it is
// unlinked from the module. Its blocks stay in it: nothing outside the unlinked function
// can reach them, and unlinking them one by one would take each named instruction out of
// the function's symbol table, which was most of the cost. A function that metadata
// refers to is always destroyed (the metadata must forget it). Returns 0 for a value that
// is not a function or that still has uses, 1 when destroyed, 2 when kept.
int mergefunc_remove_function(LLVMValueRef fn, int keep) {
  Function *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || !F->use_empty() || !F->getParent())
    return 0;
  if (!keep || F->isUsedByMetadata() || mergefunc_any_block_address_taken(fn) != 0) {
    F->eraseFromParent();
    return 1;
  }
  mergefunc_unlink_keeping_body(F);
  return 2;
}

} // extern "C"

#include "llvm/IR/Module.h"

extern "C" {

// Replaces function `g` (with a body, and no block whose address is taken) by a new
// function without a body, as LLVM's MergeFunctions does before it writes a thunk: the
// same type, linkage, address space, attributes (`copyAttributesFrom`: calling convention,
// attribute list, GC, personality, prefix and prologue data, alignment, section,
// visibility, unnamed_addr, DLL storage, dso_local, partition, thread-local mode), comdat,
// attachments (the caller strips what a thunk must not keep) and name, appended to the
// module's function list as LLVM's `Function::Create` with a parent places its `NewG` (the
// order of functions in the output, hence the object file's layout, is LLVM's); every use of `g` (metadata included) then names the
// new function, and `g` goes: destroyed, or with `keep` != 0 unlinked as
// `mergefunc_remove_function` does (its body stays in it, with no use of anything). The
// old body never leaves the symbol table of `g` one name at a time (the cost of
// `mergefunc_clear_body`). Returns the new function, or null (nothing done) if `g` is not
// a function with a body in a module, or a block address names one of its blocks.
LLVMValueRef mergefunc_replace_with_shell(LLVMValueRef g, int keep) {
  Function *G = dyn_cast_or_null<Function>(unwrap(g));
  if (!G || G->isDeclaration() || !G->getParent() || mergefunc_any_block_address_taken(g) != 0)
    return nullptr;
  Function *NG = Function::Create(G->getFunctionType(), G->getLinkage(), G->getAddressSpace(), "", G->getParent());
  NG->copyAttributesFrom(G);
  NG->setComdat(G->getComdat());
  NG->copyMetadata(G, 0);
  NG->takeName(G);
  G->replaceAllUsesWith(NG);
  if (!keep) {
    G->eraseFromParent();
    return wrap(NG);
  }
  mergefunc_unlink_keeping_body(G);
  return wrap(NG);
}

// 1 if global value `v` is dso_local (`GlobalValue::isDSOLocal`: set explicitly, or
// implied by local linkage or hidden/protected visibility), 0 if not, -1 if `v` is not a
// global value. (LLVM-C has no getter.)
// 1 if the `!associated` attachment of a global object names function `fn`, 0 if none
// does, -1 for a value that is not a function. Erasing such a function would leave the
// attachment without a global, which the verifier rejects; other metadata that names a
// function (`!callees`, named metadata, debug info) may lose it (it becomes null).
int mergefunc_named_by_associated(LLVMValueRef fn) {
  Function *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return -1;
  if (!F->isUsedByMetadata() || !F->getParent())
    return 0;
  for (const GlobalObject &GO : F->getParent()->global_objects()) {
    const MDNode *MD = GO.getMetadata(LLVMContext::MD_associated);
    if (!MD)
      continue;
    for (const MDOperand &Op : MD->operands())
      if (auto *VM = dyn_cast_or_null<ValueAsMetadata>(Op.get()))
        if (VM->getValue()->stripPointerCasts() == F)
          return 1;
  }
  return 0;
}

// 1 if a call of `llvm.localrecover` names function `fn` as the parent whose frame it
// reads (directly or through a pointer cast), 0 if none does, -1 for a value that is not a
// function. Such a parent must keep its body (its `llvm.localescape`) under its symbol.
int mergefunc_frame_recovered(LLVMValueRef fn) {
  Function *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F)
    return -1;
  SmallVector<const Value *, 8> Work{F};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (auto *II = dyn_cast<IntrinsicInst>(U)) {
        if (II->getIntrinsicID() == Intrinsic::localrecover && II->getArgOperand(0)->stripPointerCasts() == F)
          return 1;
      } else if (auto *CE = dyn_cast<ConstantExpr>(U); CE && CE->isCast()) {
        Work.push_back(CE);
      }
    }
  }
  return 0;
}

int mergefunc_is_dso_local(LLVMValueRef v) {
  auto *GV = dyn_cast_or_null<GlobalValue>(unwrap(v));
  if (!GV)
    return -1;
  return GV->isDSOLocal() ? 1 : 0;
}

// What the module facts read of every function (`LlvmModule::build_facts`), in one call:
// the answers of `LLVMGetLinkage`, `LLVMGetUnnamedAddress`, `LLVMGetAlignment` (of a
// global object; 32 bits, as LLVM-C reads it), `LLVMGetFunctionCallConv` (of a function),
// `LLVMIsDeclaration`, `dso_local`, and whether a global object has any attachment.
struct MergefuncGlobalHead {
  unsigned linkage;
  unsigned cc;
  unsigned align;
  unsigned unnamed_addr;
  // 1: a declaration; 2: dso_local; 4: a global object with attachments; 8: a global
  // object (`align` read); 16: a function (`cc` read).
  unsigned flags;
};

// Fills `out` for global value `v` and returns 1; 0 (nothing written) for another value.
int mergefunc_global_head(LLVMValueRef v, MergefuncGlobalHead *out) {
  auto *GV = dyn_cast_or_null<GlobalValue>(unwrap(v));
  if (!GV)
    return 0;
  unsigned flags = 0;
  out->linkage = LLVMGetLinkage(v);
  out->unnamed_addr = LLVMGetUnnamedAddress(v);
  out->cc = 0;
  out->align = 0;
  if (GV->isDeclaration())
    flags |= 1;
  if (GV->isDSOLocal())
    flags |= 2;
  if (auto *GO = dyn_cast<GlobalObject>(GV)) {
    flags |= 8;
    if (GO->hasMetadata())
      flags |= 4;
    out->align = LLVMGetAlignment(v);
  }
  if (auto *F = dyn_cast<Function>(GV)) {
    flags |= 16;
    out->cc = F->getCallingConv();
  }
  out->flags = flags;
  return 1;
}

} // extern "C"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/ADT/SmallPtrSet.h"

extern "C" {

// Reduces function `g` (with a body) to what a preserve-debug-info thunk keeps of it
// before the forwarding call is appended, with LLVM 22's rule: of the entry block, the
// debug records that describe a parameter (a `#dbg_value`/`#dbg_assign` of a parameter
// variable; a `#dbg_declare` of a parameter whose address is an alloca that some store
// of an argument writes, with that alloca and those stores), and nothing else: every
// other block, instruction (the terminator included) and debug record goes. Uses of what
// goes are replaced by poison first. The caller handles block addresses of `g`. Returns
// the entry block, or null (nothing done) if `g` is not a function with a body.
LLVMBasicBlockRef mergefunc_pdi_strip(LLVMValueRef g) {
  Function *G = dyn_cast_or_null<Function>(unwrap(g));
  if (!G || G->isDeclaration())
    return nullptr;
  BasicBlock &Entry = G->getEntryBlock();
  SmallPtrSet<Instruction *, 16> KeepInsts;
  SmallPtrSet<DbgVariableRecord *, 16> KeepRecords;
  for (Instruction &I : Entry) {
    for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange())) {
      DILocalVariable *Var = R.getVariable();
      if (!Var || !Var->isParameter())
        continue;
      if (!R.isDbgDeclare()) {
        KeepRecords.insert(&R);
        continue;
      }
      auto *Slot = dyn_cast_or_null<AllocaInst>(R.getAddress());
      if (!Slot)
        continue;
      for (User *U : Slot->users()) {
        auto *St = dyn_cast<StoreInst>(U);
        if (St && isa<Argument>(St->getValueOperand())) {
          KeepInsts.insert(Slot);
          KeepInsts.insert(St);
          KeepRecords.insert(&R);
        }
      }
    }
  }
  // The entry block's terminator goes first (it may name the other blocks), then the
  // other blocks (their records before them, see `mergefunc_drop_debug_records`), as
  // LLVM's `eraseTail`. The terminator's records stay, trailing the block.
  if (Instruction *Term = Entry.getTerminator()) {
    if (!Term->use_empty())
      Term->replaceAllUsesWith(PoisonValue::get(Term->getType()));
    Term->eraseFromParent();
  }
  SmallVector<BasicBlock *, 8> Tail;
  for (BasicBlock &BB : *G)
    if (&BB != &Entry)
      Tail.push_back(&BB);
  for (BasicBlock *BB : Tail) {
    mergefunc_drop_debug_records(wrap(BB));
    BB->dropAllReferences();
  }
  for (BasicBlock *BB : Tail) {
    for (Instruction &I : *BB)
      if (!I.use_empty())
        I.replaceAllUsesWith(PoisonValue::get(I.getType()));
    BB->eraseFromParent();
  }
  // Then the entry block's other instructions, last first (each after its users), and
  // the records nobody keeps.
  SmallVector<Instruction *, 32> Gone;
  for (Instruction &I : Entry)
    if (!KeepInsts.contains(&I))
      Gone.push_back(&I);
  for (Instruction *I : Gone)
    if (!I->use_empty())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  for (auto It = Gone.rbegin(); It != Gone.rend(); ++It)
    (*It)->eraseFromParent();
  SmallVector<DbgVariableRecord *, 16> GoneRecords;
  for (Instruction &I : Entry)
    for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (!KeepRecords.contains(&R))
        GoneRecords.push_back(&R);
  if (DbgMarker *Trailing = Entry.getTrailingDbgRecords())
    for (DbgVariableRecord &R : filterDbgVars(Trailing->getDbgRecordRange()))
      if (!KeepRecords.contains(&R))
        GoneRecords.push_back(&R);
  for (DbgVariableRecord *R : GoneRecords)
    R->eraseFromParent();
  return wrap(&Entry);
}

// The bits of an alloca that LLVM-C has no getter for: 1 `inalloca`
// (`isUsedWithInAlloca`), 2 `swifterror`; -1 for a value that is not an alloca.
int mergefunc_alloca_flags(LLVMValueRef v) {
  auto *AI = dyn_cast_or_null<AllocaInst>(unwrap(v));
  if (!AI)
    return -1;
  return (AI->isUsedWithInAlloca() ? 1 : 0) | (AI->isSwiftError() ? 2 : 0);
}

// The alignment of function `v` in bytes (0: none, or not a function). LLVM-C's
// `LLVMGetAlignment` returns 32 bits, and a function may be aligned to 2^32.
uint64_t mergefunc_function_alignment(LLVMValueRef v) {
  auto *GO = dyn_cast_or_null<Function>(unwrap(v));
  if (!GO)
    return 0;
  MaybeAlign A = GO->getAlign();
  return A ? A->value() : 0;
}

// Sets the alignment of function `v` to `a` bytes (0: none). Returns 1, or 0 (nothing
// done) if `v` is not a function or `a` is not a power of two LLVM accepts.
int mergefunc_set_function_alignment(LLVMValueRef v, uint64_t a) {
  auto *GO = dyn_cast_or_null<Function>(unwrap(v));
  if (!GO || (a != 0 && ((a & (a - 1)) != 0 || a > Value::MaximumAlignment)))
    return 0;
  GO->setAlignment(a == 0 ? MaybeAlign() : MaybeAlign(a));
  return 1;
}

// A new external function without a body, placed just before function `f` in its
// module, with `f`'s function type and `f`'s address space (`LLVMAddFunction` always uses
// the program address space): the private body of two interposable or ODR functions,
// which stands where LLVM's MergeFunctions leaves it (LLVM keeps the body in `f`, whose
// name and uses go to a function it appends, later replaced by a thunk). Null if `f` is
// not a function in a module.
LLVMValueRef mergefunc_add_function_like(LLVMValueRef f) {
  Function *F = dyn_cast_or_null<Function>(unwrap(f));
  if (!F || !F->getParent())
    return nullptr;
  Function *NF = Function::Create(F->getFunctionType(), GlobalValue::ExternalLinkage, F->getAddressSpace(), "");
  F->getParent()->getFunctionList().insert(F->getIterator(), NF);
  return wrap(NF);
}

// Moves function `f` to the end of its module's function list, as a function LLVM's
// MergeFunctions creates for a thunk is appended there. Returns 1, or 0 (nothing done) if
// `f` is not a function in a module.
int mergefunc_move_function_to_end(LLVMValueRef f) {
  Function *F = dyn_cast_or_null<Function>(unwrap(f));
  if (!F || !F->getParent())
    return 0;
  auto &List = F->getParent()->getFunctionList();
  List.splice(List.end(), List, F->getIterator());
  return 1;
}

} // extern "C"

extern "C" {

// 1 if global object `v` has an attachment of kind `kind`, 0 if not, -1 if `v` is not a
// global object. (LLVM-C can only copy a global's whole attachment list, with a malloc.)
int mergefunc_global_has_metadata(LLVMValueRef v, unsigned kind) {
  auto *GO = dyn_cast_or_null<GlobalObject>(unwrap(v));
  if (!GO)
    return -1;
  return GO->hasMetadata() && GO->getMetadata(kind) ? 1 : 0;
}

// The attachments of global object `v` other than those of kind `skip[0..n_skip]`, by
// increasing kind: writes at most `cap` (kind, node) pairs and returns how many there
// are (call again with a larger buffer if that is > cap); 0 for a value that is not a
// global object. (LLVM-C only copies the whole list, with a malloc.)
unsigned mergefunc_global_attachments(LLVMValueRef v, const unsigned *skip, unsigned n_skip, unsigned *kinds,
                                      LLVMMetadataRef *nodes, unsigned cap) {
  auto *GO = dyn_cast_or_null<GlobalObject>(unwrap(v));
  if (!GO || !GO->hasMetadata())
    return 0;
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  GO->getAllMetadata(MDs);
  unsigned n = 0;
  for (auto &P : MDs) {
    if (std::find(skip, skip + n_skip, P.first) != skip + n_skip)
      continue;
    if (n < cap) {
      kinds[n] = P.first;
      nodes[n] = wrap(P.second);
    }
    ++n;
  }
  return n;
}

// The partition of global value `v` (`partition "name"`): its bytes and length in *len,
// or null (and *len = 0) when it has none or `v` is not a global value. The bytes live
// as long as the context.
const char *mergefunc_partition(LLVMValueRef v, size_t *len) {
  *len = 0;
  auto *GV = dyn_cast_or_null<GlobalValue>(unwrap(v));
  if (!GV || !GV->hasPartition())
    return nullptr;
  StringRef P = GV->getPartition();
  *len = P.size();
  return P.data();
}

// The kind of a constant that wraps a global: 0 `dso_local_equivalent`, 1 `no_cfi`, -1
// anything else (LLVM-C reports both as instructions and has no way to tell them apart).
int mergefunc_wrapped_kind(LLVMValueRef v) {
  Value *V = unwrap(v);
  if (isa_and_nonnull<DSOLocalEquivalent>(V))
    return 0;
  if (isa_and_nonnull<NoCFIValue>(V))
    return 1;
  return -1;
}

// Gives global value `dst` the partition of global value `src` (none if it has none).
// Returns 1, or 0 (nothing done) if either is not a global value.
int mergefunc_copy_partition(LLVMValueRef dst, LLVMValueRef src) {
  auto *D = dyn_cast_or_null<GlobalValue>(unwrap(dst));
  auto *S = dyn_cast_or_null<GlobalValue>(unwrap(src));
  if (!D || !S)
    return 0;
  D->setPartition(S->getPartition());
  return 1;
}

} // extern "C"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

extern "C" {

// The constant byte offset of the getelementptr instruction `gep`, computed as LLVM 22's
// function comparator does: accumulated over every index in an integer of the index width
// of the base's address space (the module's data layout), wrapping. Returns 1 and writes
// the width to *bits and the offset's low and high 64 bits to out[0], out[1] (the width
// is at most 128); 0 when some index is not a constant integer, a scalable type is
// stepped over, or the width exceeds 128 bits; -1 when `gep` is not a getelementptr
// instruction of a function in a module.
int mergefunc_gep_offset(LLVMValueRef gep, unsigned *bits, uint64_t *out) {
  auto *G = dyn_cast_or_null<GetElementPtrInst>(unwrap(gep));
  if (!G || !G->getModule())
    return -1;
  const DataLayout &DL = G->getModule()->getDataLayout();
  unsigned W = DL.getIndexSizeInBits(G->getPointerAddressSpace());
  if (W == 0 || W > 128)
    return 0;
  APInt Offset(W, 0);
  if (!cast<GEPOperator>(G)->accumulateConstantOffset(DL, Offset))
    return 0;
  *bits = W;
  out[0] = Offset.extractBitsAsZExtValue(W < 64 ? W : 64, 0);
  out[1] = W > 64 ? Offset.extractBitsAsZExtValue(W - 64, 64) : 0;
  return 1;
}

// The `inrange` of the getelementptr constant expression `v` (LLVM-C has no getter for
// it): 0 when it has none; 1 when it has one of at most 64 bits, with the width in *bits
// and the range's lower and upper bounds (zero-extended) in out[0], out[1]; 2 when it has
// a wider one; -1 when `v` is not a getelementptr constant expression.
int mergefunc_const_gep_inrange(LLVMValueRef v, unsigned *bits, uint64_t *out) {
  auto *CE = dyn_cast_or_null<ConstantExpr>(unwrap(v));
  if (!CE || CE->getOpcode() != Instruction::GetElementPtr)
    return -1;
  std::optional<ConstantRange> R = cast<GEPOperator>(CE)->getInRange();
  if (!R)
    return 0;
  unsigned W = R->getBitWidth();
  if (W > 64)
    return 2;
  *bits = W;
  out[0] = R->getLower().getZExtValue();
  out[1] = R->getUpper().getZExtValue();
  return 1;
}

} // extern "C"

#include "llvm/TargetParser/Triple.h"

extern "C" {

// 1 if module `m` has a global value (function, global variable, alias or ifunc) named
// exactly `name[0..len]`, else 0: one lookup in the module's symbol table, which holds
// every kind (LLVM-C's `LLVMGetNamedFunctionWithLength`, `...GlobalWithLength`,
// `...GlobalAlias` and `...GlobalIFunc` each look the name up there and keep one kind).
int mergefunc_has_global_value_named(LLVMModuleRef m, const char *name, size_t len) {
  return unwrap(m)->getNamedValue(StringRef(name, len)) != nullptr ? 1 : 0;
}

// The data layout of a module that names a target triple but no layout, as opt-22, llc
// and lli use it: the layout LLVM's target description gives that triple
// (`Triple::computeDataLayout`, which the targets' own machines use). Returns 0 when
// there is nothing to do (the module has a layout, or no triple), 1 after setting the
// layout on the module (it is then also written out, as opt writes it), 2 when the
// triple's architecture has no known layout (the module keeps LLVM's default layout,
// which no tool can say is the target's), -1 for a null module.
int mergefunc_infer_data_layout(LLVMModuleRef m) {
  Module *M = unwrap(m);
  if (!M)
    return -1;
  if (!M->getDataLayoutStr().empty() || M->getTargetTriple().str().empty())
    return 0;
  std::string DL = M->getTargetTriple().computeDataLayout();
  if (DL.empty())
    return 2;
  M->setDataLayout(DL);
  return 1;
}

} // extern "C"

#include "llvm/Transforms/Utils/FunctionComparator.h"

extern "C" {

// LLVM 22's own function comparator, for tests that check our order's equalities
// against it. `state` numbers globals across comparisons (made by
// `mergefunc_llvm_cmp_state_new`, freed by `mergefunc_llvm_cmp_state_free`). Returns -1,
// 0 or 1 as LLVM's `FunctionComparator::compare`, or 2 when either value is not a
// function with a body.
void *mergefunc_llvm_cmp_state_new() { return new GlobalNumberState(); }
void mergefunc_llvm_cmp_state_free(void *state) { delete static_cast<GlobalNumberState *>(state); }
int mergefunc_llvm_compare_functions(void *state, LLVMValueRef a, LLVMValueRef b) {
  auto *F = dyn_cast_or_null<Function>(unwrap(a));
  auto *G = dyn_cast_or_null<Function>(unwrap(b));
  if (!F || !G || F->isDeclaration() || G->isDeclaration())
    return 2;
  FunctionComparator Cmp(F, G, static_cast<GlobalNumberState *>(state));
  return Cmp.compare();
}

} // extern "C"

// ---------------------------------------------------------------------------------
// Allocator settings for a one-shot process (the `mergefunc` command).
//
// glibc returns the top of its heap to the kernel as soon as 128 KiB are free there and
// serves every allocation of 128 KiB or more by its own mmap. Parsing a module frees a
// lot of memory just before the pass starts, so with the defaults the pass faults fresh
// zeroed pages in for memory the process held a moment ago. These settings keep freed
// memory mapped (it is given back at exit) and grow the heap in large steps.
// Returns 1 when the settings were applied, 0 when the C library is not glibc.
#if defined(__GLIBC__)
#include <malloc.h>
#endif

extern "C" {
int mergefunc_tune_allocator() {
#if defined(__GLIBC__)
  int ok = 1;
  ok &= mallopt(M_TRIM_THRESHOLD, 256 << 20);
  ok &= mallopt(M_TOP_PAD, 64 << 20);
  ok &= mallopt(M_MMAP_THRESHOLD, 32 << 20);
  return ok;
#else
  return 0;
#endif
}
} // extern "C"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include <vector>

namespace {

// The state of one `mergefunc_same_body` check: each local of function A (argument,
// block, instruction) with the local of B at the same place. An operand pair of two
// locals seen before their definitions is recorded as an expectation and confirmed when
// the walk reaches A's local; every expectation must be confirmed by the end.
//
// The map is an open-addressing table whose entries carry the generation of the check
// that wrote them, so starting a check costs nothing (a `DenseMap` was cleared per call,
// at a cost in its capacity, and was most of the check's time).
struct SameBody {
  const Function *A = nullptr, *B = nullptr;
  // Pairs of distinct types of one kind found at the same place (A's type, B's type),
  // each once: the caller accepts the bodies only if its type table gives each pair one
  // id (named structs that differ only in their names). At most `MaxTypePairs`.
  static constexpr size_t MaxTypePairs = 16;
  std::pair<const Type *, const Type *> TypePairs[MaxTypePairs];
  size_t NumTypePairs = 0;
  // Direct calls to two different functions (neither an intrinsic, whose calls decide
  // how the view reads metadata operands, nor a self call) at the same place: (B's
  // instruction number, B's callee), for the caller to put into the copy. At most
  // `MaxCallees`.
  static constexpr size_t MaxCallees = 64;
  std::pair<size_t, const Function *> Callees[MaxCallees];
  size_t NumCallees = 0;
  size_t At = 0; // B's instruction number being compared
  // Distinct metadata tuples of A and B paired by a consistent renaming (a claim on a
  // tree function not read yet, `mergefunc_same_body_rename_distinct`): each side's
  // nodes numbered on first sight, in lockstep, as the order's `md_left`/`md_right`
  // number `MetaData::Distinct` items. Off: attachments compare by identity.
  bool RenameDistinct = false;
  SmallDenseMap<const MDNode *, unsigned, 8> MdA, MdB;
  // Uniqued tuples known to hold (1) or not to hold (0) a distinct tuple; and those
  // holding one that were walked (or are being walked) as the same node on both sides.
  SmallDenseMap<const MDNode *, bool, 16> Open;
  SmallDenseSet<const MDNode *, 8> Walked;
  struct Entry {
    const Value *Key;
    const Value *Val;
    uint32_t Gen;
    bool Confirmed;
  };
  std::vector<Entry> Table;
  size_t Mask = 0;
  uint32_t Gen = 0;
  unsigned Pending = 0;
  size_t Used = 0;

  // Starts a check of functions with about `Locals` locals.
  void reset(size_t Locals) {
    size_t Want = 64;
    while (Want < 2 * Locals)
      Want <<= 1;
    if (Want > Table.size() || ++Gen == 0) {
      if (Want < Table.size())
        Want = Table.size();
      Table.assign(Want, Entry{nullptr, nullptr, 0, false});
      Gen = 1;
    }
    Mask = Want - 1;
    Pending = 0;
    Used = 0;
    NumTypePairs = 0;
    NumCallees = 0;
    MdA.clear();
    MdB.clear();
    RenamedPairs = 0;
    Open.clear();
    Walked.clear();
  }

  // How deep `openTuple` and `sameMD` read (distinct tuples walked, all tuples walked);
  // deeper counts as open, or different. Both stay below the order's `META_DEPTH_LIMIT`
  // (32) and far below the interning's height bound (256), so every node `sameMD`
  // accepts is read by content on both sides.
  static constexpr unsigned MdDepth = 8;
  static constexpr unsigned OpenDepth = 16;
  // How many pairs of two different distinct tuples a check may make: the order's
  // `META_DEPTH_LIMIT` (32). The order walks blocks in CFG order, this check in layout
  // order, so the order may meet a pair first far deeper than this check did (a chain
  // of 40 distinct tuples, entered at every eighth link by loads laid out deepest
  // first: this check walks 8 links from each, the order all 40 from the first in CFG
  // order). Below a pair of the same node on both sides every pair is the same node
  // (uniqued tuples pair only with themselves), so a pair of two different nodes is
  // reached through such pairs only, each met first once on the way: with at most
  // `MdPairs` of them, the order meets each one first above depth `MdPairs`, where it
  // compares operands, as this check does, never by identity.
  static constexpr unsigned MdPairs = 32;
  unsigned RenamedPairs = 0;
  // How many tuples may be reachable from a tuple paired with a different one: the
  // interning's `META_INTERN_DEPTH` (256). The interning reads a tuple taller than that
  // as its identity (two such differ in the order), and a tuple's height is at most the
  // number of tuples reachable from it; this check may meet the links of a tall chain
  // from several attachments, 8 links at a time, and never see its height.
  static constexpr unsigned MdReach = 256;

  // Are at most `MdReach` tuples reachable from `N` (`N` included)?
  static bool smallGraph(const MDNode *N) {
    SmallVector<const MDNode *, 16> Stack{N};
    SmallPtrSet<const MDNode *, 32> Seen;
    Seen.insert(N);
    while (!Stack.empty()) {
      const MDNode *X = Stack.pop_back_val();
      for (const MDOperand &O : X->operands())
        if (auto *T = dyn_cast_or_null<MDTuple>(O.get()); T && Seen.insert(T).second) {
          if (Seen.size() > MdReach)
            return false;
          Stack.push_back(T);
        }
    }
    return true;
  }

  // Does uniqued tuple `N` hold a distinct tuple (through uniqued tuples; other nodes
  // are read as opaque items, equal to themselves only)? Too deep counts as yes.
  bool openTuple(const MDNode *N, unsigned Depth) {
    if (Depth >= OpenDepth)
      return true;
    if (auto Found = Open.find(N); Found != Open.end())
      return Found->second;
    bool R = false;
    for (const MDOperand &O : N->operands()) {
      auto *T = dyn_cast_or_null<MDTuple>(O.get());
      if (T && (T->isDistinct() || (T->isUniqued() && openTuple(T, Depth + 1)))) {
        R = true;
        break;
      }
    }
    Open[N] = R;
    return R;
  }

  // Metadata items at the same place of A and B under the consistent renaming (see
  // `RenameDistinct`), never equal where the order finds them different: the same item
  // that holds no distinct tuple (strings, constants, other nodes, uniqued tuples of
  // those: the order equates such an item with itself); the same uniqued tuple holding
  // distinct ones, whose operands are then met as the same items on both sides (the
  // order walks it so, numbering each distinct tuple inside with itself; walked once a
  // check, as a second walk would meet the same pairs again); two distinct tuples first
  // met together (or met together before), with operands equal by these rules. Anything
  // else (two different uniqued tuples) counts as different, which only loses the claim.
  bool sameMD(const Metadata *X, const Metadata *Y, unsigned Depth) {
    auto *TX = dyn_cast_or_null<MDTuple>(X), *TY = dyn_cast_or_null<MDTuple>(Y);
    bool DX = TX && TX->isDistinct(), DY = TY && TY->isDistinct();
    if (!DX && !DY) {
      if (X != Y)
        return false;
      if (!X || isa<MDString>(X) || isa<ConstantAsMetadata>(X))
        return true;
      if (!TX)
        return isa<MDNode>(X);
      if (!TX->isUniqued())
        return false;
      if (!openTuple(TX, 0))
        return true;
      if (Depth >= OpenDepth)
        return false;
      if (!Walked.insert(TX).second)
        return true;
      for (const MDOperand &O : TX->operands())
        if (!sameMD(O.get(), O.get(), Depth + 1))
          return false;
      return true;
    }
    if (!DX || !DY)
      return false;
    unsigned Next = MdA.size();
    auto [IA, FreshA] = MdA.try_emplace(TX, Next);
    auto [IB, FreshB] = MdB.try_emplace(TY, Next);
    if (FreshA != FreshB || IA->second != IB->second)
      return false;
    if (!FreshA)
      return true;
    if (Depth >= MdDepth || TX->getNumOperands() != TY->getNumOperands())
      return false;
    if (TX != TY && (++RenamedPairs > MdPairs || !smallGraph(TX) || !smallGraph(TY)))
      return false;
    for (unsigned I = 0, E = TX->getNumOperands(); I != E; ++I)
      if (!sameMD(TX->getOperand(I), TY->getOperand(I), Depth + 1))
        return false;
    return true;
  }

  // A metadata operand of an instruction met on both sides (`plainOperand`'s `X == Y`)
  // under the renaming: the distinct tuples inside are numbered as the order numbers
  // them.
  bool sameMDOperand(const Value *X) {
    auto *MV = dyn_cast<MetadataAsValue>(X);
    return !MV || sameMD(MV->getMetadata(), MV->getMetadata(), 0);
  }

  // Types at the same place: the same type, or a pair of distinct types of one kind
  // (recorded for the caller to decide).
  bool type(const Type *X, const Type *Y) {
    if (X == Y)
      return true;
    if (X->getTypeID() != Y->getTypeID() || X->isPointerTy() || X->isIntegerTy())
      return false;
    for (size_t I = 0; I != NumTypePairs; ++I)
      if (TypePairs[I].first == X && TypePairs[I].second == Y)
        return true;
    if (NumTypePairs == MaxTypePairs)
      return false;
    TypePairs[NumTypePairs++] = {X, Y};
    return true;
  }

  // The entry of `K`, or the free entry where it goes (`Gen` not current).
  Entry &slot(const Value *K) {
    uintptr_t P = reinterpret_cast<uintptr_t>(K);
    size_t I = ((P >> 4) * 0x9E3779B97F4A7C15ULL >> 32) & Mask;
    while (Table[I].Gen == Gen && Table[I].Key != K)
      I = (I + 1) & Mask;
    return Table[I];
  }

  // Doubles the table, keeping the entries of the current check (more locals than
  // announced: a check without an instruction bound).
  __attribute__((noinline, cold)) void grow() {
    std::vector<Entry> Old(2 * (Mask + 1), Entry{nullptr, nullptr, 0, false});
    Old.swap(Table);
    uint32_t OldGen = Gen;
    Mask = Table.size() - 1;
    Gen = 1;
    for (const Entry &E : Old)
      if (E.Gen == OldGen) {
        Entry &S = slot(E.Key);
        S = E;
        S.Gen = Gen;
      }
  }

  // Inserts (K, V) unless K is there; returns the entry and whether it was inserted.
  __attribute__((always_inline)) std::pair<Entry *, bool> tryEmplace(const Value *K, const Value *V,
                                                                     bool Confirmed) {
    Entry *E = &slot(K);
    if (E->Gen == Gen)
      return {E, false};
    if (__builtin_expect(Used + 1 > Mask / 2, 0)) {
      grow();
      E = &slot(K);
    }
    ++Used;
    *E = Entry{K, V, Gen, Confirmed};
    return {E, true};
  }

  // Would a view build read metadata operand `MD` of an intrinsic call as a distinct
  // node (which makes the function ineligible, LLVM's rule)? Strings, constants, locals
  // and uniqued tuples are not; every other node counts as distinct (`operand_use` in
  // src/module.rs).
  static bool distinctForView(const Metadata *MD) {
    if (isa<MDString>(MD) || isa<ConstantAsMetadata>(MD) || isa<LocalAsMetadata>(MD))
      return false;
    auto *T = dyn_cast<MDTuple>(MD);
    return !T || !T->isUniqued();
  }

  static bool isLocal(const Value *V) { return isa<Instruction>(V) || isa<Argument>(V) || isa<BasicBlock>(V); }

  // `X` and `Y` are the locals at the same place of A and B.
  bool place(const Value *X, const Value *Y) {
    auto [E, New] = tryEmplace(X, Y, true);
    if (New)
      return true;
    if (E->Val != Y || E->Confirmed)
      return false;
    E->Confirmed = true;
    --Pending;
    return true;
  }

  // An operand pair: two locals that must sit at the same place, or the same value.
  // `Callee`: the called operand of a call, where a function calling itself matches the
  // other one calling itself (and only that).
  bool operand(const Value *X, const Value *Y, bool Callee) {
    if (Callee && (X == A || Y == B))
      return X == A && Y == B;
    if (!Callee)
      return plainOperand(X, Y);
    if (X == Y)
      return X && !isLocal(X);
    auto *FX = dyn_cast_or_null<Function>(X), *FY = dyn_cast_or_null<Function>(Y);
    if (!FX || !FY || FX->isIntrinsic() || FY->isIntrinsic() || NumCallees == MaxCallees)
      return false;
    Callees[NumCallees++] = {At, FY};
    return true;
  }

  // `operand` for an operand that is not the called one (the common case, inlined in
  // the walk): the same answers.
  __attribute__((always_inline)) bool plainOperand(const Value *X, const Value *Y) {
    if (X == Y)
      return X && !isLocal(X) && (!RenameDistinct || sameMDOperand(X));
    if (!X || !Y || !isLocal(X) || !isLocal(Y))
      return false;
    auto [E, New] = tryEmplace(X, Y, false);
    if (New) {
      ++Pending;
      return true;
    }
    return E->Val == Y;
  }

  // Attachment kinds the view leaves out of every instruction but a load (`md_hints` in
  // src/module.rs, where each is justified), by kind id of A's context; read at the first
  // attachment of a check.
  const LLVMContext *HintCtx = nullptr;
  unsigned HintKinds[5] = {};

  bool isHint(unsigned K) const {
    for (unsigned H : HintKinds)
      if (K == H)
        return true;
    return false;
  }

  // The attachments of `X` the view records: every one but `!dbg` on a load, and also
  // not the hints on any other instruction (`attachment_props` in src/module/build.rs).
  void compared(const Instruction *X, SmallVectorImpl<std::pair<unsigned, MDNode *>> &Out) {
    X->getAllMetadataOtherThanDebugLoc(Out);
    if (isa<LoadInst>(X))
      return;
    const LLVMContext &C = X->getContext();
    if (HintCtx != &C) {
      HintCtx = &C;
      HintKinds[0] = LLVMContext::MD_prof;
      HintKinds[1] = LLVMContext::MD_annotation;
      static const StringRef Custom[2] = {"srcloc", "heapallocsite"};
      knownMDKinds(C, Custom, 2, &HintKinds[2]);
      HintKinds[4] = LLVMContext::MD_DIAssignID;
    }
    Out.erase(std::remove_if(Out.begin(), Out.end(), [&](const auto &P) { return isHint(P.first); }), Out.end());
  }

  // Everything about an instruction that is not an operand, for instructions of the same
  // opcode: the state the view records, and more. Attachments: of the kinds the view
  // records (see `compared`), the same nodes (by identity, which is a consistent
  // renaming of every distinct node in them); with `RenameDistinct`, nodes equal under
  // the renaming (`sameMD`: two loops' `!llvm.loop` ids), every pair numbered, the
  // identical ones too. Otherwise nodes that differ only in their identity make the
  // check fail, and the caller builds the views.
  bool sameState(const Instruction *X, const Instruction *Y) {
    if (!type(X->getType(), Y->getType()) || X->getRawSubclassOptionalData() != Y->getRawSubclassOptionalData())
      return false;
    if (X->hasMetadataOtherThanDebugLoc() || Y->hasMetadataOtherThanDebugLoc()) {
      SmallVector<std::pair<unsigned, MDNode *>, 4> MX, MY;
      compared(X, MX);
      compared(Y, MY);
      if (!RenameDistinct) {
        if (MX != MY)
          return false;
      } else {
        if (MX.size() != MY.size())
          return false;
        for (size_t I = 0, E = MX.size(); I != E; ++I)
          if (MX[I].first != MY[I].first || !sameMD(MX[I].second, MY[I].second, 0))
            return false;
      }
    }
    switch (X->getOpcode()) {
    case Instruction::Alloca: {
      auto *P = cast<AllocaInst>(X), *Q = cast<AllocaInst>(Y);
      return type(P->getAllocatedType(), Q->getAllocatedType()) && P->getAlign() == Q->getAlign() &&
             P->isUsedWithInAlloca() == Q->isUsedWithInAlloca() && P->isSwiftError() == Q->isSwiftError();
    }
    case Instruction::Load: {
      auto *P = cast<LoadInst>(X), *Q = cast<LoadInst>(Y);
      return P->isVolatile() == Q->isVolatile() && P->getAlign() == Q->getAlign() &&
             P->getOrdering() == Q->getOrdering() && P->getSyncScopeID() == Q->getSyncScopeID();
    }
    case Instruction::Store: {
      auto *P = cast<StoreInst>(X), *Q = cast<StoreInst>(Y);
      return P->isVolatile() == Q->isVolatile() && P->getAlign() == Q->getAlign() &&
             P->getOrdering() == Q->getOrdering() && P->getSyncScopeID() == Q->getSyncScopeID();
    }
    case Instruction::ICmp:
    case Instruction::FCmp:
      return cast<CmpInst>(X)->getPredicate() == cast<CmpInst>(Y)->getPredicate();
    case Instruction::Call:
      if (cast<CallInst>(X)->getTailCallKind() != cast<CallInst>(Y)->getTailCallKind())
        return false;
      [[fallthrough]];
    case Instruction::Invoke:
    case Instruction::CallBr: {
      auto *P = cast<CallBase>(X), *Q = cast<CallBase>(Y);
      return P->getCallingConv() == Q->getCallingConv() && P->getAttributes() == Q->getAttributes() &&
             type(P->getFunctionType(), Q->getFunctionType()) && P->hasIdenticalOperandBundleSchema(*Q);
    }
    case Instruction::GetElementPtr:
      return type(cast<GetElementPtrInst>(X)->getSourceElementType(),
                  cast<GetElementPtrInst>(Y)->getSourceElementType());
    case Instruction::ExtractValue:
      return cast<ExtractValueInst>(X)->getIndices() == cast<ExtractValueInst>(Y)->getIndices();
    case Instruction::InsertValue:
      return cast<InsertValueInst>(X)->getIndices() == cast<InsertValueInst>(Y)->getIndices();
    case Instruction::Fence: {
      auto *P = cast<FenceInst>(X), *Q = cast<FenceInst>(Y);
      return P->getOrdering() == Q->getOrdering() && P->getSyncScopeID() == Q->getSyncScopeID();
    }
    case Instruction::AtomicCmpXchg: {
      auto *P = cast<AtomicCmpXchgInst>(X), *Q = cast<AtomicCmpXchgInst>(Y);
      return P->isVolatile() == Q->isVolatile() && P->isWeak() == Q->isWeak() &&
             P->getSuccessOrdering() == Q->getSuccessOrdering() &&
             P->getFailureOrdering() == Q->getFailureOrdering() && P->getSyncScopeID() == Q->getSyncScopeID() &&
             P->getAlign() == Q->getAlign();
    }
    case Instruction::AtomicRMW: {
      auto *P = cast<AtomicRMWInst>(X), *Q = cast<AtomicRMWInst>(Y);
      return P->getOperation() == Q->getOperation() && P->isVolatile() == Q->isVolatile() &&
             P->getOrdering() == Q->getOrdering() && P->getSyncScopeID() == Q->getSyncScopeID() &&
             P->getAlign() == Q->getAlign();
    }
    case Instruction::ShuffleVector:
      return cast<ShuffleVectorInst>(X)->getShuffleMask() == cast<ShuffleVectorInst>(Y)->getShuffleMask();
    case Instruction::LandingPad:
      return cast<LandingPadInst>(X)->isCleanup() == cast<LandingPadInst>(Y)->isCleanup();
    case Instruction::Switch: {
      // The case values are kept beside the operands (the destinations are operands).
      auto *P = cast<SwitchInst>(X), *Q = cast<SwitchInst>(Y);
      unsigned N = P->getNumCases();
      if (N != Q->getNumCases())
        return false;
      for (auto CA = P->case_begin(), CB = Q->case_begin(), E = P->case_end(); CA != E; ++CA, ++CB)
        if (CA->getCaseValue() != CB->getCaseValue())
          return false;
      return true;
    }
    case Instruction::CatchSwitch:
      return cast<CatchSwitchInst>(X)->hasUnwindDest() == cast<CatchSwitchInst>(Y)->hasUnwindDest();
    case Instruction::CleanupRet:
      return cast<CleanupReturnInst>(X)->hasUnwindDest() == cast<CleanupReturnInst>(Y)->hasUnwindDest();
    // No state beyond the type, the flags and the operands (the incoming blocks of a phi
    // are compared by the caller; LLVM 22 keeps them beside the operands, as it keeps the
    // case values of a switch).
    case Instruction::Ret:
    case Instruction::Br:
    case Instruction::IndirectBr:
    case Instruction::Resume:
    case Instruction::Unreachable:
    case Instruction::CatchRet:
    case Instruction::FNeg:
    case Instruction::Add:
    case Instruction::FAdd:
    case Instruction::Sub:
    case Instruction::FSub:
    case Instruction::Mul:
    case Instruction::FMul:
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::FDiv:
    case Instruction::URem:
    case Instruction::SRem:
    case Instruction::FRem:
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
    case Instruction::And:
    case Instruction::Or:
    case Instruction::Xor:
    case Instruction::Trunc:
    case Instruction::ZExt:
    case Instruction::SExt:
    case Instruction::FPToUI:
    case Instruction::FPToSI:
    case Instruction::UIToFP:
    case Instruction::SIToFP:
    case Instruction::FPTrunc:
    case Instruction::FPExt:
    case Instruction::PtrToInt:
    case Instruction::PtrToAddr:
    case Instruction::IntToPtr:
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::CleanupPad:
    case Instruction::CatchPad:
    case Instruction::PHI:
    case Instruction::Select:
    case Instruction::VAArg:
    case Instruction::ExtractElement:
    case Instruction::InsertElement:
    case Instruction::Freeze:
      return true;
    default:
      // UserOp1/UserOp2 and anything newer: never the same.
      return false;
    }
  }

  // The check itself; fills `Out` (unless null) with B's instructions (debug intrinsics
  // left out) and counts them in `N`.
  bool run(const Function *FA, const Function *FB, LLVMValueRef *Out, size_t Cap, size_t &N) {
    A = FA;
    B = FB;
    N = 0;
    if (A->arg_size() != B->arg_size())
      return false;
    // Locals: arguments, blocks and instructions, at most `Cap` with `Out`; the table
    // grows. (The blocks are not counted first: `Function::size` walks the block list,
    // a cache miss a block, and the walk below finds a difference in their number.)
    reset(A->arg_size() + (Out ? 2 * Cap : 64));
    for (unsigned I = 0, E = A->arg_size(); I != E; ++I) {
      const Argument *X = A->getArg(I), *Y = B->getArg(I);
      if (!type(X->getType(), Y->getType()) || !place(X, Y))
        return false;
    }
    auto BA = A->begin(), BB = B->begin(), EA = A->end(), EB = B->end();
    for (; BA != EA; ++BA, ++BB) {
      if (BB == EB || !place(&*BA, &*BB))
        return false;
      size_t BlockStart = N;
      auto IA = BA->begin(), EIA = BA->end(), IB = BB->begin(), EIB = BB->end();
      while (true) {
        while (IA != EIA && isa<DbgInfoIntrinsic>(*IA))
          ++IA;
        while (IB != EIB && isa<DbgInfoIntrinsic>(*IB))
          ++IB;
        if (IA == EIA || IB == EIB) {
          // A block of debug intrinsics only: a view build declines the function.
          if (IA != EIA || IB != EIB || N == BlockStart)
            return false;
          break;
        }
        const Instruction *X = &*IA, *Y = &*IB;
        __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(X) + PrefetchAhead));
        __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(Y) + PrefetchAhead));
        unsigned NOps = X->getNumOperands();
        if (X->getOpcode() != Y->getOpcode() || NOps != Y->getNumOperands() || !place(X, Y) || !sameState(X, Y))
          return false;
        // Every operand but a call's last (its callee) is a plain one.
        const bool Call = isa<CallBase>(X);
        const unsigned Plain = Call ? NOps - 1 : NOps;
        At = N;
        const Use *UX = X->op_begin(), *UY = Y->op_begin();
        for (unsigned J = 0; J != Plain; ++J)
          if (!plainOperand(UX[J].get(), UY[J].get()))
            return false;
        if (Call && !operand(UX[Plain].get(), UY[Plain].get(), true))
          return false;
        // The operands are the same values but for locals: a distinct metadata operand
        // of an intrinsic call (which a view build would refuse) is in both.
        if (isa<IntrinsicInst>(X))
          for (unsigned J = 0; J != NOps; ++J)
            if (auto *MV = dyn_cast<MetadataAsValue>(X->getOperand(J)); MV && distinctForView(MV->getMetadata()))
              return false;
        if (auto *P = dyn_cast<PHINode>(X)) {
          auto *Q = cast<PHINode>(Y);
          for (unsigned J = 0, E = P->getNumIncomingValues(); J != E; ++J)
            if (!operand(P->getIncomingBlock(J), Q->getIncomingBlock(J), false))
              return false;
        }
        if (Out) {
          if (N == Cap)
            return false;
          Out[N] = wrap(Y);
        }
        ++N;
        ++IA;
        ++IB;
      }
    }
    return BB == EB && Pending == 0;
  }
};

} // namespace

extern "C" {

void *mergefunc_same_body_new() { return new SameBody(); }
void mergefunc_same_body_free(void *S) { delete static_cast<SameBody *>(S); }

// Whether the next checks of `state` pair distinct metadata tuples by a consistent
// renaming instead of by identity (`SameBody::RenameDistinct`): for claims on a tree
// function not read yet, whose view no copy will take. Off when made.
void mergefunc_same_body_rename_distinct(void *state, int on) {
  static_cast<SameBody *>(state)->RenameDistinct = on != 0;
}

// Is the body of function `b` the body of function `a` with every local of `a` replaced
// by the local of `b` at the same place (same argument number, same block and position
// in layout order, debug intrinsics left out) and every other operand the same value,
// except that a call of `a` to itself is matched by a call of `b` to itself? Then every
// instruction has the same opcode, result type, operand count, flags, properties
// (alignment, orderings, predicates, attribute lists, bundles, source element types,
// indices, masks, ...) and the attachments views record (every one of a load but `!dbg`,
// a call's `!range`; with `mergefunc_same_body_rename_distinct` on, distinct tuples may
// be other nodes paired by a consistent renaming, see `SameBody::sameMD`), and the
// arguments have the same types. Two relaxations, which the caller resolves:
// * "the same type" may also be a pair of distinct types of one kind (not pointers or
//   integers): those pairs are written to `types` (A's type, then B's; at most
//   `type_cap` pairs, and at most 16) and their number to `*ntypes`; the caller decides
//   whether they are the same;
// * a direct call may call another function (neither being an intrinsic or a self call):
//   B's instruction number and B's callee go to `callee_at` and `callees` (at most
//   `callee_cap`, and at most 64), their number to `*ncallees`; the caller puts B's
//   callees in its copy.
// Bodies that a view build declines (a block of debug intrinsics only, a call to an
// intrinsic with a metadata operand the build reads as a distinct node) are declined
// here too, so a success also says that A's view, built or not, finds A eligible.
// Returns the number of B's instructions (debug intrinsics left out), which are written
// to `out` in layout order unless `out` is null (`cap` is then no limit), or -1 if the
// bodies differ otherwise, either value is not a function with a body, B has more than
// `cap` instructions or a list does not fit.
long mergefunc_same_body(void *state, LLVMValueRef a, LLVMValueRef b, LLVMValueRef *out, size_t cap,
                         LLVMTypeRef *types, size_t type_cap, size_t *ntypes, size_t *callee_at,
                         LLVMValueRef *callees, size_t callee_cap, size_t *ncallees) {
  auto *FA = dyn_cast_or_null<Function>(unwrap(a));
  auto *FB = dyn_cast_or_null<Function>(unwrap(b));
  *ntypes = 0;
  *ncallees = 0;
  if (!state || !FA || !FB || FA == FB || FA->isDeclaration() || FB->isDeclaration())
    return -1;
  auto *S = static_cast<SameBody *>(state);
  size_t N = 0;
  if (!S->run(FA, FB, out, cap, N) || S->NumTypePairs > type_cap || S->NumCallees > callee_cap)
    return -1;
  for (size_t I = 0; I != S->NumTypePairs; ++I) {
    types[2 * I] = wrap(const_cast<Type *>(S->TypePairs[I].first));
    types[2 * I + 1] = wrap(const_cast<Type *>(S->TypePairs[I].second));
  }
  *ntypes = S->NumTypePairs;
  for (size_t I = 0; I != S->NumCallees; ++I) {
    callee_at[I] = S->Callees[I].first;
    callees[I] = wrap(const_cast<Function *>(S->Callees[I].second));
  }
  *ncallees = S->NumCallees;
  return static_cast<long>(N);
}

// Asks for the cache lines of [lo, hi) (at most `max_bytes` of them, from `lo`): a hint
// that the caller will read that memory soon. The addresses are never dereferenced (a
// prefetch does not fault), so a stale range is only wasted bandwidth.
void mergefunc_prefetch_range(uint64_t lo, uint64_t hi, uint64_t max_bytes) {
  if (hi < lo)
    return;
  uint64_t End = hi - lo > max_bytes ? lo + max_bytes : hi;
  for (uint64_t A = lo & ~uint64_t(63); A < End; A += 64)
    __builtin_prefetch(reinterpret_cast<const void *>(static_cast<uintptr_t>(A)));
}

} // extern "C"

extern "C" {

// The shape key of function `fn` (see `shape.rs`, which states what it may read and
// why): a hash of facts that two functions the order calls equal always share and that
// no rewrite of another function changes, read without walking the body: the function
// type (`typeKey`: address-space-0 pointers as integers of `ptr_bits` bits, structs by
// their elements), the calling convention, whether it has a garbage collector or a
// section, and of the entry block its first instruction other than a debug intrinsic
// and its terminator (each: opcode and operand count, but a getelementptr's opcode alone;
// the terminator's successor count). With `entry_walk` & 1, also the opcodes and the
// count of the entry block's instructions other than debug intrinsics (of the first
// `entry_cap` of them); with `entry_walk`
// & 2, the first instruction and the terminator of each successor of the entry block. Returns 0 for anything that is not a
// function with a body whose entry block has a terminator (the caller keeps it).
//
// Unless `address_taken` is null, `*address_taken` is set to 1 if a `blockaddress` refers
// to one of its blocks (this reads every block header, not the instructions), else 0.
// The part of a block's first instruction in the shape key: its opcode and, except for
// getelementptr (the order compares two GEPs with constant indices by their byte offset,
// whatever their operand counts), its operand count.
static uint64_t firstKey(const Instruction *I) {
  unsigned Op = I->getOpcode();
  return Op == Instruction::GetElementPtr ? mixk(0x9e, Op) : mixk(Op, I->getNumOperands());
}

// How far ahead of the instruction being read the shape and prefix walks prefetch
// (bytes): they read tens of instructions, not whole functions.
static constexpr uintptr_t PrefixPrefetchAhead = 1024;

uint64_t mergefunc_shape_key(void *scan, LLVMValueRef fn, unsigned ptr_bits, int entry_walk, unsigned entry_cap,
                             int *address_taken) {
  auto &S = *static_cast<Scan *>(scan);
  if (address_taken)
    *address_taken = 1;
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->isDeclaration())
    return 0;
  const BasicBlock &Entry = F->getEntryBlock();
  const Instruction *T = Entry.getTerminator();
  if (!T)
    return 0;
  // Whether a call may be a debug intrinsic: asking a call (`isa<DbgInfoIntrinsic>`) reads
  // its callee, a function object far from the instruction and mostly cold, so it is
  // asked only in modules that declare one (under LLVM 22 most declare none: debug
  // records are not instructions). The same keys either way.
  const bool Dbg = mayHaveDbgIntrinsics(S, F);
  uint64_t H = mixk(0x5a, typeKey<false>(S, F->getFunctionType(), ptr_bits, 0));
  H = mixk(mixk(mixk(H, F->getCallingConv()), F->hasGC()), F->hasSection());
  const Instruction *First = &Entry.front();
  while (Dbg && First != T && isa<DbgInfoIntrinsic>(First))
    First = First->getNextNode();
  H = mixk(H, firstKey(First));
  H = mixk(mixk(mixk(H, T->getOpcode()), T->getNumOperands()), T->getNumSuccessors());
  if (entry_walk & 1) {
    // At most `entry_cap` instructions: past them the key says only "longer"
    // (two equal functions stop at the same place). A function alone on its shape is
    // never read, so its shape must cost far less than LLVM's hash of all of it, also
    // for one huge entry block.
    uint64_t N = 0;
    for (const Instruction &I : Entry) {
      __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(&I) + PrefixPrefetchAhead));
      if (Dbg && isa<DbgInfoIntrinsic>(I))
        continue;
      if (N == entry_cap) {
        H = mixk(H, ~uint64_t(0));
        break;
      }
      ++N;
      H = mixk(H, I.getOpcode());
    }
    H = mixk(H, N);
  }
  if (entry_walk & 2) {
    for (unsigned i = 0, e = T->getNumSuccessors(); i != e; ++i) {
      const BasicBlock *B = T->getSuccessor(i);
      const Instruction *BT = B->getTerminator();
      if (!BT)
        return 0;
      const Instruction *BF = &B->front();
      while (Dbg && BF != BT && isa<DbgInfoIntrinsic>(BF))
        BF = BF->getNextNode();
      H = mixk(H, firstKey(BF));
      H = mixk(mixk(mixk(H, BT->getOpcode()), BT->getNumOperands()), BT->getNumSuccessors());
    }
  }
  if (address_taken) {
    int Taken = 0;
    for (const BasicBlock &BB : *F)
      Taken |= BB.hasAddressTaken();
    *address_taken = Taken;
  }
  return H | 1;
}

} // extern "C"

namespace {

// The prefix key of function `fn` (see `shape.rs`, which states why it is a refinement
// of the order): a hash of the first `limit` instructions other than debug intrinsics of
// the blocks reachable from the entry, in the order's walk order (depth first from the
// entry, a block's last successor first, each block once), each block opened by a marker.
// Per instruction, the prescan's merge-key words: its opcode, and but for a
// getelementptr (which the order may compare by byte offset alone) its operand count,
// its result type's key and per operand the prescan's tag: 0 for an operand that is not a
// constant, for an integer zero, a wider integer or any other constant; a non-zero integer
// of at most 64 bits by its value; a global variable, alias, ifunc or declared function by
// its identity; a function with a body by a marker alone. A walk that stops at `limit`
// hashes a marker for it (two equal functions stop at the same place) and has bit 1 set;
// one that ends first hashes the count and has bit 1 clear (a longer limit would give it
// the same key). Bit 0 is always set. Returns 0 for anything it cannot key (not a
// function with a body, a reachable block without terminator, a successor in another
// function): the caller then counts the function as sharing every key.
// `Cached`: the instructions' types go through `Scan::TypeCache`, which the caller has
// made ready (the same keys as `TypeKeys` gives; most instructions repeat a few types).
template <bool Cached> uint64_t prefixKey(Scan &S, LLVMValueRef fn, unsigned ptr_bits, unsigned limit) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->isDeclaration())
    return 0;
  const bool Dbg = mayHaveDbgIntrinsics(S, F);
  // Blocks to read (`Seen`: pushed once, by block number).
  S.Seen.assign(F->getMaxBlockNumber(), false);
  auto &Work = S.BlockStack;
  Work.clear();
  const BasicBlock *EntryBB = &F->getEntryBlock();
  Work.push_back(EntryBB);
  if (EntryBB->getNumber() >= S.Seen.size())
    return 0;
  S.Seen[EntryBB->getNumber()] = true;
  uint64_t H = 0x70, N = 0;
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    const Instruction *T = BB->getTerminator();
    if (!T)
      return 0;
    H = mixk(H, 0xbb);
    for (const Instruction &I : *BB) {
      // Within a block the parser allocated the instructions one after the other.
      __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(&I) + PrefixPrefetchAhead));
      if (Dbg && isa<DbgInfoIntrinsic>(I))
        continue;
      if (N == limit)
        return mixk(H, ~uint64_t(0)) | 3;
      ++N;
      unsigned Op = I.getOpcode();
      if (Op == Instruction::GetElementPtr) {
        H = mixk(H, firstKey(&I));
        continue;
      }
      uint64_t L = mixk(mixk(firstKey(&I), typeKey<Cached>(S, I.getType(), ptr_bits, 0)), 0x0e);
      for (const Use &U : I.operands()) {
        const Value *O = U.get();
        if (!O || !isa<Constant>(O)) {
          L = mixk(L, 0);
        } else if (auto *CI = dyn_cast<ConstantInt>(O)) {
          if (CI->getType()->isIntegerTy() && CI->getBitWidth() <= 64 && !CI->isZero())
            L = mixk(mixk(L, 1), CI->getZExtValue());
          else
            L = mixk(L, 0);
        } else if (isa<GlobalVariable>(O) || isa<GlobalAlias>(O) || isa<GlobalIFunc>(O)) {
          L = mixk(mixk(L, 2), reinterpret_cast<uintptr_t>(O));
        } else if (auto *G = dyn_cast<Function>(O)) {
          bool Decl = G->empty() && !G->isMaterializable();
          L = Decl ? mixk(mixk(L, 3), reinterpret_cast<uintptr_t>(O)) : mixk(L, 4);
        } else {
          L = mixk(L, 0);
        }
      }
      H = mixk(H, L);
    }
    for (unsigned i = 0, e = T->getNumSuccessors(); i != e; ++i) {
      const BasicBlock *B = T->getSuccessor(i);
      unsigned Num = B->getNumber();
      if (B->getParent() != F || Num >= S.Seen.size())
        return 0;
      if (!S.Seen[Num]) {
        S.Seen[Num] = true;
        Work.push_back(B);
      }
    }
  }
  return (mixk(H, N) & ~uint64_t(2)) | 1;
}

} // namespace

extern "C" {

uint64_t mergefunc_prefix_key(void *scan, LLVMValueRef fn, unsigned ptr_bits, unsigned limit) {
  return prefixKey<false>(*static_cast<Scan *>(scan), fn, ptr_bits, limit);
}

// How many instructions a batch of prefix keys may read (functions times the limit) for
// it to make the type cache ready first: zeroing it (4 KiB) costs about what a few dozen
// lookups in `TypeKeys` instead of the cache cost, and many prefix walks end early.
static constexpr size_t PrefixCachedFrom = 256;

// Asks for the memory the shape and prefix keys of function `fn` read first, `Stage`
// steps before they are read: at stage 2 its entry block (the function object is warm:
// the load walked the function list), at stage 1 that block's first and last
// instructions (the block was asked for one step earlier). After parsing, a module's
// bodies are mostly out of the caches, and one function's key reads a few lines far
// from the previous function's: without this, each is a wait for memory.
static inline void prefetchKeyStage(LLVMValueRef fn, int Stage) {
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->empty())
    return;
  const BasicBlock &BB = F->front();
  if (Stage == 2) {
    __builtin_prefetch(&BB);
    return;
  }
  if (BB.empty())
    return;
  auto First = reinterpret_cast<uintptr_t>(&BB.front());
  auto Last = reinterpret_cast<uintptr_t>(&BB.back());
  // The block's first instructions (the parser allocated them one after the other).
  for (uintptr_t Off = 0; Off < PrefixPrefetchAhead; Off += 64)
    __builtin_prefetch(reinterpret_cast<const void *>(First + Off));
  __builtin_prefetch(reinterpret_cast<const void *>(Last));
  // A terminator's operands are stored just before it.
  __builtin_prefetch(reinterpret_cast<const void *>(Last - 64));
}

// How many functions ahead the batched keys ask for memory (each stage).
static constexpr size_t KeyAhead = 2;

// `mergefunc_shape_key` (`address_taken` null) of each of the `n` functions of `fns`,
// into `out`, asking for each one's memory two functions ahead; and into `blocks` (when
// not null) each function's block number bound (`getMaxBlockNumber`, read from the
// function itself: its block count unless blocks were erased since the module was
// numbered; 0 for a non-function), a size estimate for deciding where keys pay.
void mergefunc_shape_keys(void *scan, const LLVMValueRef *fns, size_t n, unsigned ptr_bits, int entry_walk,
                          unsigned entry_cap, uint64_t *out, uint32_t *blocks) {
  for (size_t i = 0; i != n; ++i) {
    if (i + 2 * KeyAhead < n)
      prefetchKeyStage(fns[i + 2 * KeyAhead], 2);
    if (i + KeyAhead < n)
      prefetchKeyStage(fns[i + KeyAhead], 1);
    out[i] = mergefunc_shape_key(scan, fns[i], ptr_bits, entry_walk, entry_cap, nullptr);
    if (blocks) {
      auto *F = dyn_cast_or_null<Function>(unwrap(fns[i]));
      blocks[i] = F ? F->getMaxBlockNumber() : 0;
    }
  }
}

// `mergefunc_prefix_key` of each of the `n` functions of `fns`, into `out`, asking for
// each one's memory two functions ahead; and into `blocks` (when not null) each one's
// block number bound, as `mergefunc_shape_keys` does. Types are looked up through the
// type cache when the batch is large enough to pay for making it ready (the same keys).
void mergefunc_prefix_keys(void *scan, const LLVMValueRef *fns, size_t n, unsigned ptr_bits, unsigned limit,
                           uint64_t *out, uint32_t *blocks) {
  auto &S = *static_cast<Scan *>(scan);
  const bool Cached = S.TypeCacheReady || n * size_t(limit) >= PrefixCachedFrom;
  if (Cached)
    readyTypeCache(S);
  for (size_t i = 0; i != n; ++i) {
    if (i + 2 * KeyAhead < n)
      prefetchKeyStage(fns[i + 2 * KeyAhead], 2);
    if (i + KeyAhead < n)
      prefetchKeyStage(fns[i + KeyAhead], 1);
    out[i] = Cached ? prefixKey<true>(S, fns[i], ptr_bits, limit) : prefixKey<false>(S, fns[i], ptr_bits, limit);
    if (blocks) {
      auto *F = dyn_cast_or_null<Function>(unwrap(fns[i]));
      blocks[i] = F ? F->getMaxBlockNumber() : 0;
    }
  }
}

} // extern "C"

extern "C" {

// The benchmark's instruction floor: one walk over every instruction of every function
// of `m` (reading each one's opcode and operand count, the least any pass that looks at
// every instruction reads), returning a checksum so that the walk is not optimized away.
// It asks for the memory ahead as the prescan does (`LinePrefetch`), so that it is a
// floor for the prescan's walk too: a pass that reads fewer instructions (shapes leave
// functions unread) can take less.
uint64_t mergefunc_floor_instruction_walk(LLVMModuleRef m) {
  uint64_t H = 0;
  LinePrefetch<PrefetchAhead> PF;
  for (const Function &F : *unwrap(m))
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        PF.at(&I);
        H = mixk(H, (uint64_t(I.getOpcode()) << 32) | I.getNumOperands());
      }
  return H;
}

} // extern "C"

extern "C" {

// The use walks of the rewrites and of `Module::users_of` in one call each (through
// LLVM-C they took five or six calls per use): over the uses of `v`, the instructions
// that have `v` itself as an operand, or with `direct_calls` only the calls, invokes and
// callbrs whose callee operand it is. With `out_calls`, writes those instructions (the
// first `cap` of them) and returns their count. Otherwise writes the functions they are
// in, once per run of uses in one block and never twice in a row (callers sort and
// deduplicate), and returns that count. Returns 0 for a null `v`. Only reads.
size_t mergefunc_instruction_users(LLVMValueRef v, int direct_calls, int out_calls, LLVMValueRef *out, size_t cap) {
  Value *V = unwrap(v);
  if (!V)
    return 0;
  size_t N = 0;
  const BasicBlock *LastBB = nullptr;
  const Function *LastF = nullptr;
  for (const Use &U : V->uses()) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I)
      continue;
    if (direct_calls) {
      auto *CB = dyn_cast<CallBase>(I);
      if (!CB || !CB->isCallee(&U))
        continue;
    }
    if (out_calls) {
      if (N < cap)
        out[N] = wrap(I);
      ++N;
      continue;
    }
    const BasicBlock *BB = I->getParent();
    if (!BB || BB == LastBB)
      continue;
    LastBB = BB;
    const Function *F = BB->getParent();
    if (!F || F == LastF)
      continue;
    LastF = F;
    if (N < cap)
      out[N] = wrap(const_cast<Function *>(F));
    ++N;
  }
  return N;
}

} // extern "C"

extern "C" {

// Makes `to` the callee of call, invoke or callbr `call` (its last operand, which LLVM-C
// reaches only through the operand count first). Returns 1, or 0 (nothing done) when
// `call` is not a call site or `to` is null.
int mergefunc_set_callee(LLVMValueRef call, LLVMValueRef to) {
  auto *CB = dyn_cast_or_null<CallBase>(unwrap(call));
  Value *To = unwrap(to);
  if (!CB || !To)
    return 0;
  CB->setCalledOperand(To);
  return 1;
}

} // extern "C"

// The first and last functions of the link order (both `link-order.txt` files name them
// first and last): the code a merge run executes lies between them, and a run prefetches
// that range at its start (src/code_warmup.rs). Never called; their bodies differ so
// that no linker folds them into one. C++ rather than Rust: the pass plugin exports none
// of the shim's names, where a Rust `#[no_mangle]` function would be exported.
extern "C" {
int mergefunc_hot_text_start(void) { return 0x6d667331; }
int mergefunc_hot_text_end(void) { return 0x6d667332; }
} // extern "C"
