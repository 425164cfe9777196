//===- Engine.h - A loaded, verified, immutable engine ----------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_ENGINE_H
#define WEFT_RUNTIME_LIB_ENGINE_H

#include "runtime/lib/CodeLoader.h"
#include "runtime/lib/EngineModel.h"

#include <memory>
#include <string>
#include <vector>

namespace weft::rt {

/// The CPU kernel ABI (compiler/engine/CompiledModel.h).
using KernelFunction = void (*)(void **buffers, int64_t begin, int64_t end);

/// The bytes of an engine file: memory-mapped, or a 64-byte-aligned copy.
class EngineBytes {
public:
  static weft_status *mapFile(const char *path,
                              std::unique_ptr<EngineBytes> &result);
  static weft_status *copy(const void *data, size_t size,
                           std::unique_ptr<EngineBytes> &result);
  ~EngineBytes();
  EngineBytes(const EngineBytes &) = delete;
  EngineBytes &operator=(const EngineBytes &) = delete;

  const uint8_t *data() const { return bytes; }
  uint64_t size() const { return length; }

private:
  EngineBytes() = default;
  uint8_t *bytes = nullptr;
  uint64_t length = 0;
  bool mapped = false;
};

/// Reads only the preamble and header of the file at `path`.
weft_status *readEngineHeader(const char *path,
                              std::shared_ptr<EngineModel> &model);

/// An engine ready to run: verified header and blobs, target checked, code
/// loaded, every kernel resolved. Immutable; shared by contexts.
class LoadedEngine {
public:
  static weft_status *load(std::unique_ptr<EngineBytes> bytes,
                           std::shared_ptr<LoadedEngine> &result);

  const EngineModel &getModel() const { return *model; }
  std::shared_ptr<const EngineModel> getSharedModel() const { return model; }
  /// The bytes of constant buffer `id` (64-byte aligned).
  const uint8_t *getConstant(int32_t id) const;
  KernelFunction getKernel(size_t step) const { return kernels[step]; }

private:
  LoadedEngine() = default;
  weft_status *loadCode();

  std::unique_ptr<EngineBytes> bytes;
  std::shared_ptr<EngineModel> model;
  std::vector<std::unique_ptr<SharedObject>> codeObjects;
  std::vector<KernelFunction> kernels;
};

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_ENGINE_H
