//===- ImportCommand.cpp - weft import ------------------------------------===//
//
// `weft import MODEL.onnx`: imports the model, runs the graph optimization
// pipeline with the given input shapes, prints the graph dialect and a
// one-line summary (ops, parameters, MACs) on stderr.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Diagnostics.h"
#include "compiler/driver/GraphSummary.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/importer/Importer.h"
#include "compiler/opt/Registration.h"
#include "passes/graph/Passes.h"
#include "passes/graph/ShapeSpec.h"
#include "passes/pipelines/GraphPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringSet.h"
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
                    "dim dynamic, NAME= is a scalar"),
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

int fail(const llvm::Twine &message) {
  llvm::errs() << "weft: error: " << message << "\n";
  return 1;
}

/// Checks every --shape for syntax and for naming an input of `module`.
LogicalResult checkShapes(ModuleOp module) {
  llvm::StringSet<> inputNames;
  std::string inputList;
  module.walk([&](func::FuncOp func) {
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      if (auto name = func.getArgAttrOfType<StringAttr>(i, "graph.name")) {
        inputNames.insert(name.getValue());
        inputList += (inputList.empty() ? "" : ", ") + name.str();
      }
  });
  for (const std::string &text : shapes) {
    llvm::Expected<graph::ShapeSpec> spec = graph::parseShapeSpec(text);
    if (!spec) {
      fail("invalid --shape '" + text + "': " + toString(spec.takeError()));
      return failure();
    }
    if (!inputNames.contains(spec->name)) {
      fail("--shape '" + text + "' names no input of the model (inputs: " +
           (inputList.empty() ? std::string("none") : inputList) + ")");
      return failure();
    }
  }
  return success();
}

LogicalResult optimize(MLIRContext &context, ModuleOp module) {
  PassManager pm(&context);
  std::vector<std::string> shapeList(shapes.begin(), shapes.end());
  if (optLevel == '0') {
    if (shapeList.empty())
      return success();
    graph::GraphInferShapesOptions options;
    options.shapes = shapeList;
    pm.addNestedPass<func::FuncOp>(graph::createGraphInferShapes(options));
  } else {
    GraphPipelineOptions options;
    options.shapes = shapeList;
    buildGraphOptimizationPipeline(pm, options);
  }
  return pm.run(module);
}

} // namespace

int runImportCommand() {
  if (optLevel < '0' || optLevel > '3')
    return fail(llvm::Twine("invalid optimization level -O") +
                llvm::Twine(optLevel.getValue()) + "; use -O0 to -O3");
  for (const std::string &text : shapes)
    if (llvm::Expected<graph::ShapeSpec> spec = graph::parseShapeSpec(text);
        !spec)
      return fail("invalid --shape '" + text +
                  "': " + toString(spec.takeError()));

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  // Diagnostics name the node; a dump of the op would break the one-line
  // format.
  context.printOpOnDiagnostic(false);
  DiagnosticPrinter printer(&context);

  OwningOpRef<ModuleOp> module = importer::importOnnxFile(modelPath, context);
  if (!module)
    return 1;
  if (failed(checkShapes(*module)) || failed(optimize(context, *module)))
    return 1;

  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputPath, &error);
  if (!output)
    return fail(error);
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
