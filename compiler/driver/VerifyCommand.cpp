//===- VerifyCommand.cpp - weft verify ------------------------------------===//
//
// `weft verify MODEL.onnx ENGINE`: runs the engine and a reference on the
// same inputs (given, or seeded random) and prints, per output, the max abs
// error, the max relative error and the cosine similarity (see
// Comparison.h). The reference is ONNX Runtime on MODEL.onnx (see
// Reference.h), or, with --reference=DIR, the .npy files in DIR. Exits 1
// when an output is past --atol or below --min-cosine.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Comparison.h"
#include "compiler/driver/EngineRunner.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Reference.h"
#include "compiler/driver/Subcommands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace weft::driver {

cl::SubCommand verifyCommand("verify",
                             "compare an engine's outputs with ONNX Runtime's");
cl::OptionCategory verifyCategory("weft verify options");

namespace {

cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                               cl::desc("<model.onnx>"), cl::sub(verifyCommand),
                               cl::cat(verifyCategory));
cl::opt<std::string> enginePath(cl::Positional, cl::Required,
                                cl::desc("<engine>"), cl::sub(verifyCommand),
                                cl::cat(verifyCategory));

cl::list<std::string>
    inputFlags("input",
               cl::desc("bind input NAME to a .npy file (repeatable); inputs "
                        "not given get seeded random data"),
               cl::value_desc("NAME=FILE.npy"), cl::sub(verifyCommand),
               cl::cat(verifyCategory));

cl::opt<uint64_t> seed("seed",
                       cl::desc("seed of the random inputs (default 0)"),
                       cl::value_desc("N"), cl::init(0), cl::sub(verifyCommand),
                       cl::cat(verifyCategory));

cl::opt<double> atol("atol",
                     cl::desc("largest absolute error allowed (default 1e-3)"),
                     cl::value_desc("X"), cl::init(1e-3),
                     cl::sub(verifyCommand), cl::cat(verifyCategory));

cl::opt<double>
    minCosine("min-cosine",
              cl::desc("smallest cosine similarity allowed (default 0.99999)"),
              cl::value_desc("X"), cl::init(0.99999), cl::sub(verifyCommand),
              cl::cat(verifyCategory));

cl::opt<std::string>
    reference("reference",
              cl::desc("ort (default: run ONNX Runtime on the model) or a "
                       "directory holding the expected outputs as NAME.npy"),
              cl::value_desc("ort|DIR"), cl::init("ort"),
              cl::sub(verifyCommand), cl::cat(verifyCategory));

cl::opt<int> threads("threads",
                     cl::desc("threads for the engine and ONNX Runtime "
                              "(default 0: all cores)"),
                     cl::value_desc("N"), cl::init(0), cl::sub(verifyCommand),
                     cl::cat(verifyCategory));

cl::opt<std::string>
    workDir("work-dir",
            cl::desc("keep the inputs and both sides' outputs as .npy in DIR "
                     "(default: a temporary directory, removed)"),
            cl::value_desc("DIR"), cl::sub(verifyCommand),
            cl::cat(verifyCategory));

std::string joinPath(llvm::StringRef dir, llvm::StringRef file) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, file);
  return path.str().str();
}

/// Writes the engine's inputs to `dir/inputs/` for ONNX Runtime.
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
writeInputs(const EngineRunner &runner, llvm::StringRef dir) {
  std::vector<std::pair<std::string, std::string>> files;
  std::string inputDir = joinPath(dir, "inputs");
  if (std::error_code ec = llvm::sys::fs::create_directories(inputDir))
    return llvm::createStringError(ec, "cannot create '" + inputDir +
                                           "': " + ec.message());
  for (const BoundInput &input : runner.getInputs()) {
    std::string file =
        joinPath(inputDir, sanitizeTensorName(input.name) + ".npy");
    if (llvm::Error err = writeNpyFile(file, input.array))
      return std::move(err);
    files.emplace_back(input.name, file);
  }
  return files;
}

/// Removes the temporary directory when verify made one.
struct WorkDir {
  std::string path;
  bool temporary = false;
  ~WorkDir() {
    if (temporary)
      llvm::sys::fs::remove_directories(path);
  }
};

std::string formatError(double value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.3g", value);
  return text;
}

} // namespace

int runVerifyCommand() {
  bool useOrt = reference == "ort";
  if (useOrt && !llvm::sys::fs::exists(modelPath))
    return reportError("cannot read model '" + modelPath + "'");
  if (!useOrt && !llvm::sys::fs::is_directory(reference))
    return reportError("--reference '" + reference +
                       "' is neither 'ort' nor a directory");
  if (!(atol >= 0) || !(minCosine <= 1))
    return reportError("--atol must be >= 0 and --min-cosine <= 1");

  EngineRunner runner;
  if (llvm::Error err = runner.load(enginePath, threads, false))
    return reportError(toString(std::move(err)));
  if (llvm::Error err = runner.prepareInputs(inputFlags, seed))
    return reportError(toString(std::move(err)));
  if (llvm::Error err = runner.bindInputs())
    return reportError(toString(std::move(err)));
  if (llvm::Expected<double> latency = runner.run(); !latency)
    return reportError(toString(latency.takeError()));

  WorkDir work;
  if (!workDir.empty()) {
    work.path = workDir;
    if (std::error_code ec = llvm::sys::fs::create_directories(work.path))
      return reportError("cannot create '" + work.path + "': " + ec.message());
  } else {
    llvm::SmallString<128> dir;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("weft-verify", dir))
      return reportError("cannot create a temporary directory: " +
                         ec.message());
    work.path = dir.str().str();
    work.temporary = true;
  }

  std::string referenceDir = reference;
  if (useOrt) {
    auto files = writeInputs(runner, work.path);
    if (!files)
      return reportError(toString(files.takeError()));
    referenceDir = joinPath(work.path, "ort");
    if (llvm::Error err =
            runOrtReference(modelPath, *files, referenceDir, threads))
      return reportError(toString(std::move(err)));
  }

  llvm::outs() << "weft verify: " << enginePath << " against "
               << (useOrt ? "onnxruntime on " + modelPath
                          : "the outputs in " + reference)
               << " (seed " << seed << ")\n";
  llvm::outs() << llvm::format("  %-32s %12s %12s %12s\n",
                               static_cast<const char *>("output"),
                               static_cast<const char *>("max abs err"),
                               static_cast<const char *>("max rel err"),
                               static_cast<const char *>("cosine"));
  int failures = 0;
  for (size_t i = 0; i < runner.getNumOutputs(); ++i) {
    std::string name = runner.getOutputName(i);
    llvm::Expected<NpyArray> actual = runner.getOutput(i);
    if (!actual)
      return reportError(toString(actual.takeError()));
    std::string stem = sanitizeTensorName(name);
    if (!workDir.empty())
      if (llvm::Error err = writeNpyFile(
              joinPath(work.path, "weft-" + stem + ".npy"), *actual))
        return reportError(toString(std::move(err)));
    llvm::Expected<NpyArray> expected =
        readNpyFile(joinPath(referenceDir, stem + ".npy"));
    if (!expected)
      return reportError("output '" + name +
                         "': the reference has no usable "
                         "value: " +
                         toString(expected.takeError()));
    adoptRawBFloat16(*expected, actual->dtype);
    OutputComparison c = compareOutputs(*actual, *expected, atol);
    bool ok = isWithinTolerance(c, atol, minCosine);
    failures += !ok;
    if (!c.mismatch.empty()) {
      llvm::outs() << llvm::format("  %-32s ", name.c_str()) << c.mismatch
                   << "  FAIL\n";
      continue;
    }
    llvm::outs() << llvm::format("  %-32s %12s %12s %12.7f  %s\n", name.c_str(),
                                 formatError(c.maxAbsError).c_str(),
                                 formatError(c.maxRelError).c_str(), c.cosine,
                                 ok ? "ok" : "FAIL");
  }
  std::string tolerance;
  llvm::raw_string_ostream(tolerance) << llvm::format(
      "atol %g, min cosine %.10g", atol.getValue(), minCosine.getValue());
  if (failures)
    return reportError(llvm::Twine(failures) + " of " +
                       llvm::Twine(runner.getNumOutputs()) +
                       " outputs past the tolerance (" + tolerance + ")");
  llvm::outs() << "verify: all " << runner.getNumOutputs()
               << " outputs within the tolerance (" << tolerance << ")\n";
  return 0;
}

} // namespace weft::driver
