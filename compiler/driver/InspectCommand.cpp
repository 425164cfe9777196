//===- InspectCommand.cpp - weft inspect ----------------------------------===//
//
// `weft inspect ENGINE [--json]`: reads and verifies the engine's header
// (without loading its code) and prints the target, the versions, the inputs
// and outputs, the memory plan (the arena next to the sum of all
// intermediates), the constant and code sizes, and the step schedule.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/EngineRunner.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Npy.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/driver/Units.h"

#include "weft/runtime.hpp"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace weft::driver {

cl::SubCommand inspectCommand("inspect",
                              "print what an engine holds (without loading "
                              "its code)");
cl::OptionCategory inspectCategory("weft inspect options");

namespace {

cl::opt<std::string> enginePath(cl::Positional, cl::Required,
                                cl::desc("<engine>"), cl::sub(inspectCommand),
                                cl::cat(inspectCategory));

cl::opt<bool> json("json", cl::desc("print the header as one JSON object"),
                   cl::sub(inspectCommand), cl::cat(inspectCategory));

cl::opt<bool> allSteps("all-steps",
                       cl::desc("list every step (default: the first 50)"),
                       cl::sub(inspectCommand), cl::cat(inspectCategory));

constexpr size_t kStepsShown = 50;

std::string describeTensor(const weft_tensor_desc &desc) {
  return std::string(desc.name) + ": " +
         getNpyTypeName(static_cast<engine::DType>(desc.dtype)).str() + " [" +
         formatShape(llvm::ArrayRef<int64_t>(desc.dims, desc.rank)) + "] (" +
         (llvm::is_contained(llvm::ArrayRef<int64_t>(desc.dims, desc.rank), -1)
              ? "data-dependent, at most "
              : "") +
         formatBytes(desc.byte_size) + ")";
}

/// `1.23G` style counts for workloads.
std::string formatCount(int64_t count) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (count < 1000)
    os << count;
  else if (count < 1000000)
    os << llvm::format("%.1fK", count / 1e3);
  else if (count < 1000000000)
    os << llvm::format("%.1fM", count / 1e6);
  else
    os << llvm::format("%.2fG", count / 1e9);
  return text;
}

void printSteps(const weft_engine_info &info) {
  llvm::outs() << "steps: " << info.num_steps << "\n";
  size_t shown =
      allSteps ? info.num_steps : std::min(info.num_steps, kStepsShown);
  if (shown)
    llvm::outs() << llvm::format("  %4s  %-32s %8s %9s  %s\n",
                                 static_cast<const char *>("#"),
                                 static_cast<const char *>("kernel"),
                                 static_cast<const char *>("parallel"),
                                 static_cast<const char *>("workload"),
                                 static_cast<const char *>("nodes"));
  for (size_t i = 0; i < shown; ++i) {
    const weft_step_desc &step = info.steps[i];
    std::string nodes;
    for (int32_t n = 0; n < step.num_nodes; ++n)
      nodes += (n ? ", " : "") + std::string(step.node_names[n]);
    llvm::outs() << llvm::format("  %4zu  %-32s %8lld %9s  ", i, step.kernel,
                                 static_cast<long long>(step.parallel_extent),
                                 formatCount(step.workload).c_str())
                 << nodes << "\n";
  }
  if (shown < info.num_steps)
    llvm::outs() << "  ... " << info.num_steps - shown
                 << " more (--all-steps lists them)\n";
}

void printInfo(const runtime::EngineInfo &engineInfo) {
  const weft_engine_info &info = *engineInfo.get();
  llvm::outs() << "engine: " << enginePath << " ("
               << formatBytes(info.file_size) << ")\n";
  llvm::outs() << "  format " << info.format_version_major << "."
               << info.format_version_minor << ", built by "
               << info.compiler_version << " from " << info.source_model
               << "\n";
  llvm::outs() << "target: " << info.target_kind << ", " << info.target_triple
               << ", cpu " << info.target_cpu << "\n";
  if (*info.target_features)
    llvm::outs() << "  features " << info.target_features << "\n";
  runtime::Status runsHere = engineInfo.checkTarget();
  llvm::outs() << "  runs on this machine: "
               << (runsHere.ok() ? std::string("yes")
                                 : "no (" + runsHere.message() + ")")
               << "\n";
  llvm::outs() << "inputs:\n";
  for (size_t i = 0; i < info.num_inputs; ++i)
    llvm::outs() << "  " << describeTensor(info.inputs[i]) << "\n";
  llvm::outs() << "outputs:\n";
  for (size_t i = 0; i < info.num_outputs; ++i)
    llvm::outs() << "  " << describeTensor(info.outputs[i]) << "\n";

  size_t intermediates = 0, constants = 0;
  for (size_t i = 0; i < info.num_buffers; ++i) {
    intermediates += info.buffers[i].kind == WEFT_BUFFER_INTERMEDIATE;
    constants += info.buffers[i].kind == WEFT_BUFFER_CONSTANT;
  }
  llvm::outs() << "memory: arena " << formatBytes(info.arena_size) << " for "
               << intermediates << " intermediates of "
               << formatBytes(info.intermediates_size) << " in all";
  if (info.arena_size)
    llvm::outs() << llvm::format(
        " (%.1fx reuse)", double(info.intermediates_size) / info.arena_size);
  llvm::outs() << "\n";
  llvm::outs() << "sizes: constants " << formatBytes(info.constants_size)
               << " (" << constants << " tensors), code "
               << formatBytes(info.code_size) << ", header "
               << formatBytes(info.header_size) << "\n";
  printSteps(info);
}

} // namespace

int runInspectCommand() {
  runtime::EngineInfo info;
  if (runtime::Status status = runtime::EngineInfo::readFile(enginePath, info);
      !status.ok())
    return reportError(describeEngineError("cannot read engine", enginePath,
                                           status.message()));
  if (json) {
    std::string text = info.toJson();
    if (text.empty())
      return reportError("cannot describe engine '" + enginePath + "' as JSON");
    llvm::outs() << text << "\n";
    return 0;
  }
  printInfo(info);
  return 0;
}

} // namespace weft::driver
