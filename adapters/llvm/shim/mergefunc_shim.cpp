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
