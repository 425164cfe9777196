//===- EngineWriter.h - Serializing a compiled model ------------*- C++ -*-===//
//
// Plans the memory of a CompiledModel (one arena, intermediates reuse space
// by lifetime) and writes the engine file: a FlatBuffers header followed by
// 64-byte-aligned blobs (constants, code objects), as runtime/schema/ says.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_ENGINE_ENGINEWRITER_H
#define WEFT_COMPILER_ENGINE_ENGINEWRITER_H

#include "compiler/engine/CompiledModel.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::engine {

/// Where each intermediate buffer lives in the arena.
struct MemoryPlan {
  int64_t arenaSize = 0;
  /// Sum of the byte sizes of all intermediates (what no reuse would need).
  int64_t unplannedSize = 0;
  /// Arena offset per buffer id; -1 for buffers outside the arena.
  std::vector<int64_t> offsets;
};

/// Lifetime-based placement of the intermediates of `model` (64-byte aligned).
MemoryPlan planMemory(const CompiledModel &model);

struct EngineWriteOptions {
  /// Recorded in the header: which compiler built the engine, from what.
  std::string compilerVersion;
  std::string sourceModel;
};

/// Serializes `model` as an engine to `os`.
llvm::Error writeEngine(const CompiledModel &model,
                        const EngineWriteOptions &options, llvm::raw_ostream &os);

} // namespace weft::engine

#endif // WEFT_COMPILER_ENGINE_ENGINEWRITER_H
