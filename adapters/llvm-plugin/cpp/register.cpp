// Registration glue of libmergefunc_plugin.so: the only C++ of the plugin.
//
// It gives the host's PassBuilder the `mergefunc-rs` module pass, by name (with
// parameters, `mergefunc-rs<use-aliases;merge-cycles>`) and at the extension points the
// Rust side allows (`mergefunc_plugin_auto`): FullLTOLastEP for a full-LTO link,
// OptimizerLastEP for a build without LTO and for ThinLTO backends, never in a pre-link
// phase and never at -O0. At OptimizerLastEP, LLVM 22's pipeline has not yet run
// `constmerge` (it comes after the extension point, where clang's own `-fmerge-functions`
// runs MergeFunctions): clang's per-function private copies of equal initializers
// (`@__const.f.l_x`, `@__const.g.l_x`) are still distinct globals, and functions that
// name them cannot be equal. So the pass added there is preceded by ConstantMergePass,
// which the pipeline runs after the extension point's passes anyway (after ASan's too,
// under -fsanitize=address: docs/plugin.md). Everything else, parameter parsing included, is Rust
// (src/lib.rs), reached through the C functions below, each of which catches panics; a
// failure comes back as a message that is reported through the module's LLVMContext, so
// the host prints `error: ...` and fails normally.
//
// Compiled by build.rs against LLVM 22's headers (LLVM_PLUGIN_API_VERSION 2); no LLVM
// library is linked: its symbols bind to the host's LLVM.

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/ConstantMerge.h"

#include <cstdint>
#include <string>

using namespace llvm;

extern "C" {
// Defined in src/lib.rs.
int32_t mergefunc_plugin_check_params(const char *Params, size_t Len, char **Msg);
int32_t mergefunc_plugin_run(LLVMModuleRef M, const char *Params, size_t Len, uint32_t Origin, char **Msg);
int32_t mergefunc_plugin_auto(uint32_t Origin);
void mergefunc_plugin_free_message(char *Msg);
}

namespace {

// Where the pass was added; the numbers are shared with src/lib.rs (`Origin`).
enum : uint32_t { ByName = 0, FullLTOLink = 1, NoLTO = 2, ThinLTOBackend = 3 };

// Takes a message made by the Rust side and frees it.
std::string takeMessage(char *Msg) {
  std::string S = Msg ? Msg : "";
  if (Msg)
    mergefunc_plugin_free_message(Msg);
  return S;
}

struct MergeFuncRsPass : PassInfoMixin<MergeFuncRsPass> {
  std::string Params;
  uint32_t Origin;

  MergeFuncRsPass(std::string Params, uint32_t Origin) : Params(std::move(Params)), Origin(Origin) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    char *Msg = nullptr;
    int32_t Status = mergefunc_plugin_run(wrap(&M), Params.data(), Params.size(), Origin, &Msg);
    std::string Text = takeMessage(Msg);
    if (Status == 0)
      return PreservedAnalyses::all();
    if (Status == 1)
      return PreservedAnalyses::none();
    M.getContext().emitError(Text.empty() ? std::string("mergefunc-rs: the pass failed") : Text);
    // The module may have been changed before the failure.
    return PreservedAnalyses::none();
  }
};

bool isO0(OptimizationLevel Level) {
  return Level.getSpeedupLevel() == 0 && Level.getSizeLevel() == 0;
}

} // namespace

extern "C" void mergefunc_plugin_register(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement> Inner) {
        std::string Params;
        if (Name == "mergefunc-rs") {
        } else if (PassBuilder::checkParametrizedPassName(Name, "mergefunc-rs")) {
          Params = Name.drop_front(sizeof("mergefunc-rs<") - 1).drop_back(1).str();
        } else {
          return false;
        }
        if (!Inner.empty()) {
          errs() << "mergefunc-rs: the pass takes no inner pipeline\n";
          return false;
        }
        char *Msg = nullptr;
        if (mergefunc_plugin_check_params(Params.data(), Params.size(), &Msg) != 0) {
          errs() << takeMessage(Msg) << "\n";
          return false;
        }
        takeMessage(Msg);
        MPM.addPass(MergeFuncRsPass(std::move(Params), ByName));
        return true;
      });
  PB.registerFullLinkTimeOptimizationLastEPCallback([](ModulePassManager &MPM, OptimizationLevel Level) {
    if (!isO0(Level) && mergefunc_plugin_auto(FullLTOLink))
      MPM.addPass(MergeFuncRsPass("", FullLTOLink));
  });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase Phase) {
        uint32_t Origin;
        switch (Phase) {
        case ThinOrFullLTOPhase::None:
          Origin = NoLTO;
          break;
        case ThinOrFullLTOPhase::ThinLTOPostLink:
          Origin = ThinLTOBackend;
          break;
        case ThinOrFullLTOPhase::ThinLTOPreLink:
        case ThinOrFullLTOPhase::FullLTOPreLink:
        case ThinOrFullLTOPhase::FullLTOPostLink: // covered by FullLTOLastEP
          return;
        }
        if (!isO0(Level) && mergefunc_plugin_auto(Origin)) {
          // the pipeline's own constmerge runs after this point: merge equal private
          // constants first, so that their users can be equal (see the file's docs)
          MPM.addPass(ConstantMergePass());
          MPM.addPass(MergeFuncRsPass("", Origin));
        }
      });
}
