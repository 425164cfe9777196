//===- ImportCommand.cpp - weft import ------------------------------------===//
//
// `weft import MODEL.onnx`: imports the model, runs the graph optimization
// pipeline with the given input shapes, prints the graph dialect and a
// one-line summary (ops, parameters, MACs) on stderr.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Diagnostics.h"
#include "compiler/driver/GraphSummary.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/opt/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace mlir;

namespace weft::driver {

cl::SubCommand
    importCommand("import",
                  "import an ONNX model and print its optimized graph dialect");
cl::OptionCategory importCategory("weft import options");

namespace {

cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                               cl::desc("<model.onnx>"), cl::sub(importCommand),
                               cl::cat(importCategory));

cl::list<std::string>
    shapes("shape",
           cl::desc("fix the shape of input NAME (repeatable); a ? keeps a "
                    "dim dynamic, NAME= is a scalar; a sequence input takes "
                    "NAME=seq(2x3,4x3) (its length and element shapes; "
                    "elements become inputs NAME[0], NAME[1], ...)"),
           cl::value_desc("NAME=1x3x224x224"), cl::sub(importCommand),
           cl::cat(importCategory));

cl::opt<char> optLevel("O",
                       cl::desc("optimization level: -O0 only applies --shape "
                                "and skips the graph optimization pipeline; "
                                "-O1 to -O3 run it (default -O2)"),
                       cl::value_desc("0-3"), cl::Prefix, cl::init('2'),
                       cl::sub(importCommand), cl::cat(importCategory));

cl::opt<std::string>
    outputPath("o",
               cl::desc("write the graph dialect to FILE (with all constants "
                        "in full) instead of stdout; - is stdout"),
               cl::value_desc("FILE"), cl::init("-"), cl::sub(importCommand),
               cl::cat(importCategory));

cl::opt<bool> printConstants(
    "print-constants",
    cl::desc("print large constants in full (stdout elides them by default)"),
    cl::sub(importCommand), cl::cat(importCategory));

cl::opt<bool> quiet("no-summary",
                    cl::desc("do not print the one-line summary to stderr"),
                    cl::sub(importCommand), cl::cat(importCategory));

/// Elements attributes larger than this are elided on a terminal.
constexpr int64_t kElideElementsAbove = 16;

} // namespace

int runImportCommand() {
  if (optLevel < '0' || optLevel > '3')
    return reportError(llvm::Twine("invalid optimization level -O") +
                       llvm::Twine(optLevel.getValue()) + "; use -O0 to -O3");
  if (failed(checkShapeSyntax(shapes)))
    return 1;

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  // Diagnostics name the node; a dump of the op would break the one-line
  // format.
  context.printOpOnDiagnostic(false);
  DiagnosticPrinter printer(&context);

  OwningOpRef<ModuleOp> module =
      loadOptimizedModel(context, modelPath, shapes, optLevel);
  if (!module)
    return 1;

  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputPath, &error);
  if (!output)
    return reportError(error);
  OpPrintingFlags flags;
  if (outputPath == "-" && !printConstants)
    flags.elideLargeElementsAttrs(kElideElementsAbove);
  module->print(output->os(), flags);
  output->os() << "\n";
  output->keep();

  if (!quiet)
    llvm::errs() << "weft: " << formatSummary(summarizeGraph(*module)) << "\n";
  return 0;
}

} // namespace weft::driver
