//===- CompileCommand.cpp - weft compile ----------------------------------===//
//
// `weft compile MODEL.onnx -o ENGINE --target=cpu`: imports the model, runs
// the graph optimization pipeline with the given shapes, lowers it to linalg
// (convert-graph-to-linalg), compiles it for the CPU and writes the engine.
// Prints the compile time, the engine size and the arena size on stderr.
// `--emit=graph|linalg|llvm` stops at that stage and prints the IR instead.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Diagnostics.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/driver/Units.h"
#include "compiler/driver/Version.h"

#include "backends/cpu/CpuBackend.h"
#include "compiler/engine/EngineWriter.h"
#include "compiler/opt/Registration.h"
#include "passes/conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace cl = llvm::cl;
using namespace mlir;

namespace weft::driver {

cl::SubCommand compileCommand("compile",
                              "compile an ONNX model into an engine");
cl::OptionCategory compileCategory("weft compile options");

namespace {

cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                               cl::desc("<model.onnx>"),
                               cl::sub(compileCommand),
                               cl::cat(compileCategory));

cl::opt<std::string> outputPath(
    "o",
    cl::desc("write the engine (or the --emit IR) to FILE; default: the "
             "model's path with .weft (IR: stdout)"),
    cl::value_desc("FILE"), cl::sub(compileCommand), cl::cat(compileCategory));

cl::opt<std::string> target("target",
                            cl::desc("the target to compile for (today: cpu, "
                                     "the host CPU)"),
                            cl::value_desc("cpu"), cl::init("cpu"),
                            cl::sub(compileCommand), cl::cat(compileCategory));

cl::list<std::string>
    shapes("shape",
           cl::desc("fix the shape of input NAME (repeatable); every input "
                    "dim must be static after this. A sequence input takes "
                    "NAME=seq(2x3,4x3): its length and one shape per element "
                    "(scalar for rank 0), which become engine inputs NAME[0], "
                    "NAME[1], ..."),
           cl::value_desc("NAME=1x3x224x224"), cl::sub(compileCommand),
           cl::cat(compileCategory));

cl::list<std::string>
    binds("bind",
          cl::desc("freeze input NAME to the tensor in FILE.npy (repeatable): "
                   "it becomes a constant and is no longer an input of the "
                   "engine (for inputs that set shapes: Resize scales, "
                   "axes, pads, ...)"),
          cl::value_desc("NAME=FILE.npy"), cl::sub(compileCommand),
          cl::cat(compileCategory));

cl::opt<char> optLevel("O",
                       cl::desc("optimization level (default -O2); -O0 skips "
                                "the graph optimization pipeline"),
                       cl::value_desc("0-3"), cl::Prefix, cl::init('2'),
                       cl::sub(compileCommand), cl::cat(compileCategory));

cl::opt<std::string> emit("emit",
                          cl::desc("stop after a stage and print its IR: "
                                   "graph (optimized graph dialect), linalg "
                                   "(after kernel formation and tiling), llvm "
                                   "(LLVM IR)"),
                          cl::value_desc("graph|linalg|llvm"),
                          cl::sub(compileCommand), cl::cat(compileCategory));

cl::opt<std::string> cpuName("cpu",
                             cl::desc("LLVM CPU name to compile for (default: "
                                      "the host CPU)"),
                             cl::value_desc("NAME"), cl::sub(compileCommand),
                             cl::cat(compileCategory));

cl::opt<std::string>
    cpuFeatures("cpu-features",
                cl::desc("LLVM target features, e.g. +avx2,-avx512f "
                         "(default: the host's)"),
                cl::value_desc("FEATURES"), cl::sub(compileCommand),
                cl::cat(compileCategory));

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Checks --target and --emit before any work is done.
LogicalResult checkFlags() {
  if (optLevel < '0' || optLevel > '3') {
    reportError(llvm::Twine("invalid optimization level -O") +
                llvm::Twine(optLevel.getValue()) + "; use -O0 to -O3");
    return failure();
  }
  llvm::StringRef name = target;
  if (name != "cpu") {
    // The targets DESIGN.md plans are named as such, not as typos.
    bool planned = name == "cpu-aarch64" || name.starts_with("cuda") ||
                   name == "jetson-orin" || name.starts_with("npu");
    reportError((planned ? "target '" + name + "' is not supported yet"
                         : "unknown target '" + name + "'") +
                " (supported: cpu)");
    return failure();
  }
  if (!emit.empty() && emit != "graph" && emit != "linalg" && emit != "llvm") {
    reportError("unknown --emit '" + emit + "' (use graph, linalg or llvm)");
    return failure();
  }
  return checkShapeSyntax(shapes);
}

std::string defaultEnginePath() {
  llvm::SmallString<256> path(modelPath.getValue());
  llvm::sys::path::replace_extension(path, ".weft");
  return path.str().str();
}

/// Writes the IR of `module` for --emit=graph.
int emitGraph(ModuleOp module) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputPath.empty() ? "-" : outputPath.getValue(), &error);
  if (!output)
    return reportError(error);
  module->print(output->os());
  output->os() << "\n";
  output->keep();
  return 0;
}

LogicalResult lowerToLinalg(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addNestedPass<func::FuncOp>(createConvertGraphToLinalg());
  return pm.run(module);
}

void printReport(const engine::CompiledModel &model, uint64_t engineSize,
                 llvm::StringRef enginePath, double importSeconds,
                 double backendSeconds, double totalSeconds) {
  engine::MemoryPlan plan = engine::planMemory(model);
  int64_t constants = 0;
  for (const engine::BufferInfo &buffer : model.buffers)
    if (buffer.kind == engine::BufferInfo::Kind::Constant)
      constants += buffer.byteSize;
  llvm::errs() << "weft: compiled " << modelPath << " for " << model.target
               << " (" << model.triple << ", " << model.cpu << ") in "
               << formatSeconds(totalSeconds) << " (import and graph "
               << formatSeconds(importSeconds) << ", codegen "
               << formatSeconds(backendSeconds) << ")\n";
  llvm::errs() << "weft: engine " << enginePath << ": "
               << formatBytes(engineSize) << " (constants "
               << formatBytes(constants) << ", code "
               << formatBytes(model.codeObject.size()) << "), "
               << model.steps.size() << " steps\n";
  llvm::errs() << "weft: arena " << formatBytes(plan.arenaSize)
               << " (intermediates " << formatBytes(plan.unplannedSize)
               << " without reuse)\n";
}

} // namespace

int runCompileCommand() {
  if (failed(checkFlags()))
    return 1;
  Clock::time_point start = Clock::now();

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  DiagnosticPrinter printer(&context);

  OwningOpRef<ModuleOp> module =
      loadOptimizedModel(context, modelPath, shapes, optLevel, binds);
  if (!module)
    return 1;
  if (emit == "graph")
    return emitGraph(*module);
  if (failed(checkStaticInputs(*module)) || failed(lowerToLinalg(*module)))
    return 1;
  double importSeconds = secondsSince(start);

  cpu::CpuTargetOptions options;
  options.cpu = cpuName;
  options.cpuFeatures = cpuFeatures;
  options.optLevel = optLevel - '0';
  Clock::time_point backendStart = Clock::now();
  if (!emit.empty()) {
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> output = openOutputFile(
        outputPath.empty() ? "-" : outputPath.getValue(), &error);
    if (!output)
      return reportError(error);
    options.emit = emit;
    llvm::Expected<engine::CompiledModel> result =
        cpu::compileForCpu(*module, options, &output->os());
    if (!result)
      return reportError(toString(result.takeError()));
    output->keep();
    return 0;
  }
  llvm::Expected<engine::CompiledModel> model =
      cpu::compileForCpu(*module, options);
  if (!model)
    return reportError(toString(model.takeError()));
  double backendSeconds = secondsSince(backendStart);

  std::string enginePath =
      outputPath.empty() ? defaultEnginePath() : outputPath.getValue();
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(enginePath, &error);
  if (!output)
    return reportError(error);
  engine::EngineWriteOptions writeOptions;
  writeOptions.compilerVersion = kWeftVersion;
  writeOptions.sourceModel = llvm::sys::path::filename(modelPath).str();
  if (llvm::Error err = engine::writeEngine(*model, writeOptions, output->os()))
    return reportError("cannot write the engine '" + enginePath +
                       "': " + toString(std::move(err)));
  uint64_t engineSize = output->os().tell();
  output->os().close();
  if (output->os().has_error()) {
    std::string message = output->os().error().message();
    output->os().clear_error();
    return reportError("cannot write the engine '" + enginePath +
                       "': " + message);
  }
  output->keep();
  printReport(*model, engineSize, enginePath, importSeconds, backendSeconds,
              secondsSince(start));
  return 0;
}

} // namespace weft::driver
