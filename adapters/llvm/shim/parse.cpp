// Parsing `.ll` text and `.bc` bitcode the way opt-22, llc-22 and lli-22 read a file: a
// module that names a target triple and no data layout is parsed under the layout its
// triple implies (`Triple::computeDataLayout`), not under LLVM's default layout.
//
// The layout must be known while parsing, not set afterwards: the parser fills in what
// the text leaves implicit from it, such as the alignment of a `load`, `store` or
// `alloca` without `align` and the address space of globals (`G1` on amdgcn). A module
// parsed under the default layout and given the triple's afterwards is another program:
// on i686 `load double, ptr %p` would read `align 8` where the target (and opt-22) reads
// `align 4`, a promise the program never made.
//
// Invariant: a module with a layout, or without a triple, or with a triple whose
// architecture has no known layout, is parsed exactly as `LLVMParseIRInContext2` parses it.

#include "llvm-c/Core.h"
#include "llvm-c/Types.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>
#include <string>

using namespace llvm;

extern "C" {

// Parses `buf` (not consumed) into a new module of `ctx`. Returns 0 and sets `*out` on
// success; returns 1 and sets `*msg` (free with LLVMDisposeMessage) on failure.
int mergefunc_parse_ir(LLVMContextRef ctx, LLVMMemoryBufferRef buf, LLVMModuleRef *out, char **msg) {
  *out = nullptr;
  *msg = nullptr;
  if (!ctx || !buf)
    return 1;
  auto Layout = [](StringRef TripleText, StringRef LayoutText) -> std::optional<std::string> {
    if (!LayoutText.empty() || TripleText.empty())
      return std::nullopt;
    std::string DL = Triple(TripleText).computeDataLayout();
    if (DL.empty())
      return std::nullopt;
    return DL;
  };
  SMDiagnostic Diag;
  std::unique_ptr<Module> M =
      parseIR(unwrap(buf)->getMemBufferRef(), Diag, *unwrap(ctx), ParserCallbacks(Layout));
  if (!M) {
    std::string Text;
    raw_string_ostream OS(Text);
    Diag.print(nullptr, OS, false);
    OS.flush();
    *msg = LLVMCreateMessage(Text.c_str());
    return 1;
  }
  *out = wrap(M.release());
  return 0;
}

} // extern "C"
