// mergefunc-llvm's C++ shim: a handful of read-only accessors that LLVM-C 22 lacks or
// only offers at a high price. Compiled by build.rs against the LLVM 22 headers that
// llvm-sys links (`$LLVM_SYS_221_PREFIX/include`), with the flags of `llvm-config
// --cxxflags`.
//
// Every function checks the kind of what it is given (`dyn_cast`) and answers "no"
// (0, -1 or null) for the wrong kind, so a caller can never reach undefined behaviour
// through a mismatched handle. Nothing here modifies the IR or allocates IR objects.
//
// Why these exist (see shared/design/llvm-c-api.md):
// * metadata operands: LLVM-C only reads an MDNode's operands through `MetadataAsValue`
//   wrappers (`LLVMGetMDNodeOperands`), which look up or create one wrapper value per
//   operand in the context; and it has no `MDNode::isUniqued`, which the adapter
//   otherwise emulated by re-uniquing the tuple (`LLVMMDNodeInContext2`). On release
//   builds of Rust code (alias-scope lists on most loads) that was a third of the pass.
// * instruction attachments: `LLVMInstructionGetAllMetadataOtherThanDebugLoc` mallocs
//   an entry array per call and also returns `!dbg`.

#include "llvm-c/Types.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Value.h"

using namespace llvm;

extern "C" {

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

} // extern "C"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/xxhash.h"

extern "C" {

// LLVM 22's StructuralHash(F, /*DetailedHash=*/false), computed natively (see
// src/shash.rs for the formula). `term_by_opcode[op]` is the per-instruction term of C++
// opcode `op` (0..n_terms-1), filled by the caller from LLVM's own xxh3. Returns 0 and
// sets *ok = 0 for a declaration, a block without terminator or an opcode outside the
// table; the caller then falls back to LLVM's own function.
uint64_t mergefunc_structural_hash(LLVMValueRef fn, const uint64_t *term_by_opcode, unsigned n_terms, int *ok) {
  *ok = 0;
  auto *F = dyn_cast_or_null<Function>(unwrap(fn));
  if (!F || F->isDeclaration())
    return 0;
  SmallVector<uint64_t, 256> Words;
  Words.push_back(4);
  Words.push_back(0x62642d6b6b2d6b72ULL);
  Words.push_back(F->isVarArg());
  Words.push_back(F->arg_size());
  SmallVector<const BasicBlock *, 16> Stack;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  Stack.push_back(&F->getEntryBlock());
  Seen.insert(Stack.back());
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    Words.push_back(45798);
    for (const Instruction &I : *BB) {
      unsigned Op = I.getOpcode();
      if (Op >= n_terms || term_by_opcode[Op] == 0)
        return 0;
      Words.push_back(term_by_opcode[Op]);
    }
    const Instruction *T = BB->getTerminator();
    if (!T)
      return 0;
    for (unsigned i = 0, e = T->getNumSuccessors(); i != e; ++i)
      if (Seen.insert(T->getSuccessor(i)).second)
        Stack.push_back(T->getSuccessor(i));
  }
  *ok = 1;
  return xxh3_64bits(ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Words.data()), Words.size() * sizeof(uint64_t)));
}

} // extern "C"

extern "C" {

// Gives function `dst` the whole attribute list of function `src` (function, return and
// parameter attributes) in one step, as LLVM's copyAttributesFrom does; LLVM-C can only
// add attributes one at a time, rebuilding the list each time. Returns 0 if either is
// not a function or their parameter counts differ.
int mergefunc_copy_attributes(LLVMValueRef dst, LLVMValueRef src) {
  auto *D = dyn_cast_or_null<Function>(unwrap(dst));
  auto *S = dyn_cast_or_null<Function>(unwrap(src));
  if (!D || !S || D->arg_size() != S->arg_size())
    return 0;
  D->setAttributes(S->getAttributes());
  return 1;
}

} // extern "C"
