//===- Context.h - Per-thread execution state of an engine ------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_CONTEXT_H
#define WEFT_RUNTIME_LIB_CONTEXT_H

#include "runtime/lib/Engine.h"
#include "runtime/lib/ThreadPool.h"

#include <chrono>
#include <memory>
#include <vector>

namespace weft::rt {

/// A block of zeroed, 64-byte-aligned memory.
class AlignedBuffer {
public:
  AlignedBuffer() = default;
  ~AlignedBuffer();
  AlignedBuffer(const AlignedBuffer &) = delete;
  AlignedBuffer &operator=(const AlignedBuffer &) = delete;
  /// Allocates `size` bytes (at least one cache line, so never null).
  weft_status *allocate(uint64_t size, const std::string &what);
  uint8_t *data() const { return bytes; }

private:
  uint8_t *bytes = nullptr;
};

/// Inputs, outputs, the arena, a thread pool and the profile of one engine
/// for one thread at a time.
class ExecutionContext {
public:
  static weft_status *create(std::shared_ptr<LoadedEngine> engine,
                             const weft_context_options &options,
                             std::unique_ptr<ExecutionContext> &result);

  const EngineModel &getModel() const { return engine->getModel(); }
  int getThreads() const { return pool->size(); }

  weft_status *setInput(size_t index, weft_dtype dtype, const int64_t *dims,
                        int32_t rank, const void *data, size_t byteSize);
  weft_status *getInputBuffer(size_t index, void **data, size_t *byteSize);
  weft_status *run();
  weft_status *getOutput(size_t index, weft_tensor_desc *desc,
                         const void **data) const;

  bool isProfiling() const { return profiling; }
  weft_status *getStepProfile(size_t step, weft_step_profile *profile) const;
  weft_status *writeTrace(const char *path) const;
  void resetProfile();

private:
  ExecutionContext() = default;
  weft_status *allocateBuffers();
  void recordStep(size_t step, std::chrono::steady_clock::time_point begin,
                  std::chrono::steady_clock::time_point end);

  struct StepTimes {
    uint64_t lastNs = 0, totalNs = 0, runs = 0;
  };
  struct TraceEvent {
    uint32_t run, step;
    uint64_t startNs, durationNs;
  };

  std::shared_ptr<LoadedEngine> engine;
  std::unique_ptr<ThreadPool> pool;
  AlignedBuffer arena;
  std::vector<std::unique_ptr<AlignedBuffer>> ioBuffers;
  /// Address of every buffer id.
  std::vector<void *> addresses;
  /// Kernel arguments of every step.
  std::vector<std::vector<void *>> stepArguments;
  /// The shape of every buffer in the current run (data-dependent ones are
  /// set by their builtin step).
  std::vector<std::vector<int64_t>> shapes;
  /// The characters behind every string buffer's pointers (by buffer id).
  std::vector<std::vector<std::string>> strings;
  weft_status *runBuiltin(size_t step);
  bool hasRun = false;

  bool profiling = false;
  std::chrono::steady_clock::time_point created;
  std::vector<StepTimes> stepTimes;
  std::vector<TraceEvent> trace;
  uint32_t runCount = 0;
  bool traceTruncated = false;
};

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_CONTEXT_H
