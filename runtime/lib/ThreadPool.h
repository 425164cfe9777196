//===- ThreadPool.h - Splitting a step's parallel range ---------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_THREADPOOL_H
#define WEFT_RUNTIME_LIB_THREADPOOL_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace weft::rt {

/// A fixed set of threads that run one range job at a time. The calling
/// thread takes part, so a pool of N threads starts N - 1 workers and a pool
/// of 1 runs everything inline. Workers spin briefly between jobs (steps
/// follow each other closely) and then sleep.
class ThreadPool {
public:
  using RangeFunction = void (*)(void *state, int64_t begin, int64_t end);

  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  int size() const { return int(workers.size()) + 1; }

  /// Calls `function(state, begin, end)` on disjoint ranges covering
  /// [0, extent), on every thread of the pool, and returns when all are done.
  void parallelFor(int64_t extent, RangeFunction function, void *state);

private:
  void workerLoop();
  void runChunks();

  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable wake, done;
  bool stopping = false;
  std::atomic<uint64_t> generation{0};
  std::atomic<int> pendingWorkers{0};

  // The current job; written before `generation` is bumped.
  RangeFunction function = nullptr;
  void *state = nullptr;
  int64_t extent = 0, chunkSize = 1, numChunks = 0;
  std::atomic<int64_t> nextChunk{0};
};

/// The number of hardware threads (at least 1).
int getHardwareThreads();

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_THREADPOOL_H
