//===- weft.cpp - The weft command ----------------------------------------===//
//
// `weft <subcommand> [options]`: dispatches to the subcommand the command
// line names (see Subcommands.h).
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Subcommands.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace weft::driver;

static const Subcommand kSubcommands[] = {
    {&importCommand, &importCategory, runImportCommand},
    {&compileCommand, &compileCategory, runCompileCommand},
    {&runCommand, &runCategory, runRunCommand},
    {&inspectCommand, &inspectCategory, runInspectCommand},
    {&benchCommand, &benchCategory, runBenchCommand},
    {&verifyCommand, &verifyCategory, runVerifyCommand},
};

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Only Weft's own options show in --help, not those of the LLVM and MLIR
  // libraries linked in.
  llvm::cl::OptionCategory *categories[std::size(kSubcommands)];
  for (auto [i, sub] : llvm::enumerate(kSubcommands))
    categories[i] = sub.category;
  llvm::cl::HideUnrelatedOptions(categories);
  for (const Subcommand &sub : kSubcommands)
    llvm::cl::HideUnrelatedOptions(*sub.category, *sub.command);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "weft: ahead-of-time compiler for ONNX models\n\n"
      "  weft import MODEL.onnx [--shape NAME=1x3x224x224 ...] [-O0] [-o "
      "FILE]\n"
      "      imports a model and prints its optimized graph dialect\n"
      "  weft compile MODEL.onnx -o ENGINE --target=cpu [--shape ...]\n"
      "      compiles a model into an engine for this CPU\n"
      "  weft run ENGINE [--input NAME=FILE.npy ...] [--output-dir DIR]\n"
      "  weft inspect ENGINE [--json]\n"
      "  weft verify MODEL.onnx ENGINE [--input ...] [--atol X]\n"
      "  weft bench ENGINE [--threads N] [--iterations N | --duration S]\n"
      "\n"
      "  weft SUBCOMMAND --help lists the options of one subcommand\n");
  for (const Subcommand &sub : kSubcommands)
    if (*sub.command)
      return sub.run();
  llvm::errs() << "weft: error: no subcommand given (see weft --help)\n";
  return 1;
}
