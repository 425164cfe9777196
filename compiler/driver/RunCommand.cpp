//===- RunCommand.cpp - weft run ------------------------------------------===//
//
// `weft run ENGINE`: loads the engine, binds the inputs (--input NAME=FILE.npy
// or seeded random data), runs it once, prints each output's dtype, shape and
// first values and the latency, and writes the outputs as .npy files into
// --output-dir. --profile writes a Chrome trace of the steps.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/EngineRunner.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/driver/Units.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace cl = llvm::cl;

namespace weft::driver {

cl::SubCommand runCommand("run", "run an engine once and print its outputs");
cl::OptionCategory runCategory("weft run options");

namespace {

cl::opt<std::string> enginePath(cl::Positional, cl::Required,
                                cl::desc("<engine>"), cl::sub(runCommand),
                                cl::cat(runCategory));

cl::list<std::string>
    inputFlags("input",
               cl::desc("bind input NAME to a .npy file (repeatable); inputs "
                        "not given get seeded random data"),
               cl::value_desc("NAME=FILE.npy"), cl::sub(runCommand),
               cl::cat(runCategory));

cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("write every output to DIR/NAME.npy (characters "
                       "outside [A-Za-z0-9._-] in NAME become _)"),
              cl::value_desc("DIR"), cl::sub(runCommand), cl::cat(runCategory));

cl::opt<int> threads("threads",
                     cl::desc("threads to run on (default 0: all cores)"),
                     cl::value_desc("N"), cl::init(0), cl::sub(runCommand),
                     cl::cat(runCategory));

cl::opt<uint64_t>
    seed("seed",
         cl::desc("seed of the random inputs (default 0): floats uniform in "
                  "[-1, 1), integers in [0, 10), bools 0/1"),
         cl::value_desc("N"), cl::init(0), cl::sub(runCommand),
         cl::cat(runCategory));

cl::opt<std::string>
    profilePath("profile",
                cl::desc("write a Chrome trace of the run's steps to FILE and "
                         "print the slowest steps"),
                cl::value_desc("FILE"), cl::sub(runCommand),
                cl::cat(runCategory));

constexpr int64_t kValuesShown = 6;
constexpr size_t kSlowestStepsShown = 8;

void printOutput(llvm::StringRef name, const NpyArray &array) {
  llvm::outs() << name << ": " << getNpyTypeName(array.dtype) << " ["
               << formatShape(array.shape) << "]";
  int64_t count = array.getNumElements();
  if (count == 0) {
    llvm::outs() << " (empty)\n";
    return;
  }
  if (array.dtype == engine::DType::String) {
    llvm::outs() << "\n  [";
    for (int64_t i = 0; i < std::min(count, kValuesShown); ++i)
      llvm::outs() << (i ? ", " : "") << "'" << array.strings[i] << "'";
    llvm::outs() << (count > kValuesShown ? ", ...]\n" : "]\n");
    return;
  }
  double min = getElementAsDouble(array, 0), max = min, sum = 0;
  for (int64_t i = 0; i < count; ++i) {
    double value = getElementAsDouble(array, i);
    min = std::min(min, value);
    max = std::max(max, value);
    sum += value;
  }
  llvm::outs() << " min " << llvm::format("%g", min) << " max "
               << llvm::format("%g", max) << " mean "
               << llvm::format("%g", sum / count) << "\n  [";
  for (int64_t i = 0; i < std::min(count, kValuesShown); ++i)
    llvm::outs() << (i ? ", " : "")
                 << llvm::format("%g", getElementAsDouble(array, i));
  llvm::outs() << (count > kValuesShown ? ", ...]\n" : "]\n");
}

int printProfile(runtime::Context &context) {
  if (runtime::Status status = context.writeTrace(profilePath); !status.ok())
    return reportError("cannot write the profile '" + profilePath +
                       "': " + status.message());
  struct Row {
    std::string kernel, nodes;
    uint64_t ns;
  };
  std::vector<Row> rows;
  uint64_t total = 0;
  for (size_t i = 0; i < context.profileSize(); ++i) {
    weft_step_profile profile;
    if (!context.profileStep(i, profile).ok())
      continue;
    Row row{profile.kernel, "", profile.last_ns};
    for (int32_t n = 0; n < profile.num_nodes; ++n)
      row.nodes += (n ? ", " : "") + std::string(profile.node_names[n]);
    total += row.ns;
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row &a, const Row &b) { return a.ns > b.ns; });
  llvm::outs() << "profile: " << profilePath << " (" << rows.size()
               << " steps, " << formatMilliseconds(total / 1e6)
               << " in steps); slowest:\n";
  for (size_t i = 0; i < std::min(rows.size(), kSlowestStepsShown); ++i)
    llvm::outs() << llvm::format("  %10s %5.1f%%  ",
                                 formatMilliseconds(rows[i].ns / 1e6).c_str(),
                                 total ? 100.0 * rows[i].ns / total : 0.0)
                 << rows[i].kernel << " (" << rows[i].nodes << ")\n";
  return 0;
}

} // namespace

int runRunCommand() {
  EngineRunner runner;
  if (llvm::Error err = runner.load(enginePath, threads, !profilePath.empty()))
    return reportError(toString(std::move(err)));
  if (llvm::Error err = runner.prepareInputs(inputFlags, seed))
    return reportError(toString(std::move(err)));
  for (const BoundInput &input : runner.getInputs())
    if (input.file.empty())
      llvm::errs() << "weft: input '" << input.name << "': random "
                   << getNpyTypeName(input.array.dtype) << " ["
                   << formatShape(input.array.shape) << "] (seed " << seed
                   << ")\n";
  if (llvm::Error err = runner.bindInputs())
    return reportError(toString(std::move(err)));
  llvm::Expected<double> latency = runner.run();
  if (!latency)
    return reportError(toString(latency.takeError()));

  if (!outputDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
      return reportError("cannot create '" + outputDir + "': " + ec.message());
  for (size_t i = 0; i < runner.getNumOutputs(); ++i) {
    llvm::Expected<NpyArray> output = runner.getOutput(i);
    if (!output)
      return reportError(toString(output.takeError()));
    std::string name = runner.getOutputName(i);
    printOutput(name, *output);
    if (outputDir.empty())
      continue;
    llvm::SmallString<256> path(outputDir.getValue());
    llvm::sys::path::append(path, sanitizeTensorName(name) + ".npy");
    if (llvm::Error err = writeNpyFile(path, *output))
      return reportError(toString(std::move(err)));
    llvm::outs() << "  -> " << path << "\n";
  }
  int actualThreads = runner.getContext().threads();
  llvm::outs() << "latency: " << formatMilliseconds(*latency) << " (1 run, "
               << actualThreads
               << (actualThreads == 1 ? " thread)\n" : " threads)\n");
  if (!profilePath.empty())
    return printProfile(runner.getContext());
  return 0;
}

} // namespace weft::driver
