//===- EngineRunner.h - Loading an engine and feeding it --------*- C++ -*-===//
//
// What `weft run`, `weft bench` and `weft verify` share: loading an engine
// through the runtime, making its inputs (from --input NAME=FILE.npy flags,
// or seeded random data for the inputs no flag names), running it and
// reading the outputs back as .npy arrays.
//
// Random inputs: one std::mt19937_64 seeded with --seed (default 0) draws
// the inputs in the engine's input order, element by element. Floating-point
// inputs are uniform in [-1, 1); integer inputs uniform in [0, 10); bool
// inputs are 0 or 1 with equal chance.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_ENGINERUNNER_H
#define WEFT_COMPILER_DRIVER_ENGINERUNNER_H

#include "compiler/driver/Npy.h"

#include "weft/runtime.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <random>
#include <string>
#include <vector>

namespace weft::driver {

/// An input of the engine with the data it gets.
struct BoundInput {
  std::string name;
  NpyArray array;
  /// The file it came from; empty for random data.
  std::string file;
};

/// Fills `array` (dtype and shape set) with random data, as the file
/// comment describes; `rng` advances.
void fillRandom(NpyArray &array, std::mt19937_64 &rng);

class EngineRunner {
public:
  /// Loads the engine at `path` and creates a context on `threads` threads
  /// (0 = all cores).
  llvm::Error load(llvm::StringRef path, int threads, bool profiling);

  /// Makes every input: from the `NAME=FILE.npy` specs (checked against
  /// the engine's names, dtypes and shapes), the rest seeded random.
  llvm::Error prepareInputs(llvm::ArrayRef<std::string> specs, uint64_t seed);
  /// Copies the prepared inputs into the context.
  llvm::Error bindInputs();
  /// Runs the engine once; returns the wall time in milliseconds.
  llvm::Expected<double> run();
  /// Output `index` of the last run.
  llvm::Expected<NpyArray> getOutput(size_t index) const;

  size_t getNumOutputs() const { return engine.numOutputs(); }
  std::string getOutputName(size_t index) const;
  const std::vector<BoundInput> &getInputs() const { return inputs; }
  runtime::Engine &getEngine() { return engine; }
  runtime::Context &getContext() { return context; }

private:
  runtime::Engine engine;
  runtime::Context context;
  std::vector<BoundInput> inputs;
};

/// A runtime error about the engine at `path`: the runtime's message when
/// it names the file, else `WHAT 'PATH': MESSAGE`.
std::string describeEngineError(llvm::StringRef what, llvm::StringRef path,
                                llvm::StringRef message);

/// Parses `NAME=FILE` (both non-empty) at the first '='.
llvm::Error parseInputSpec(llvm::StringRef spec, std::string &name,
                           std::string &file);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_ENGINERUNNER_H
