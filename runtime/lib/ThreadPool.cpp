//===- ThreadPool.cpp - Splitting a step's parallel range -----------------===//

#include "runtime/lib/ThreadPool.h"

#include <algorithm>
#include <chrono>

#if defined(__linux__)
#include <sched.h>
#endif

namespace weft::rt {
namespace {

/// How long a thread polls before it sleeps: longer than the gap between
/// two steps, short enough not to burn a shared machine between runs.
constexpr std::chrono::microseconds kSpinTime(50);

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

/// Polls `ready` for up to kSpinTime; true when it became true.
template <typename Predicate> bool spinUntil(Predicate ready) {
  auto deadline = std::chrono::steady_clock::now() + kSpinTime;
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (ready())
        return true;
      cpuRelax();
    }
    if (std::chrono::steady_clock::now() >= deadline)
      return ready();
  }
}

} // namespace

int getHardwareThreads() {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0)
      return count;
  }
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < threads; ++i)
    workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

void ThreadPool::runChunks() {
  for (int64_t chunk = nextChunk.fetch_add(1); chunk < numChunks;
       chunk = nextChunk.fetch_add(1)) {
    int64_t begin = chunk * chunkSize;
    function(state, begin, std::min(extent, begin + chunkSize));
  }
}

void ThreadPool::parallelFor(int64_t extent, RangeFunction function,
                             void *state) {
  if (extent <= 0)
    return;
  if (workers.empty() || extent == 1) {
    function(state, 0, extent);
    return;
  }
  // A few chunks per thread balance uneven progress without making the
  // kernel calls too small.
  int64_t wanted = std::min<int64_t>(extent, int64_t(size()) * 4);
  this->chunkSize = (extent + wanted - 1) / wanted;
  this->numChunks = (extent + chunkSize - 1) / chunkSize;
  this->function = function;
  this->state = state;
  this->extent = extent;
  nextChunk.store(0, std::memory_order_relaxed);
  pendingWorkers.store(int(workers.size()), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mutex);
    generation.fetch_add(1, std::memory_order_release);
  }
  wake.notify_all();

  runChunks();

  if (spinUntil([this] {
        return pendingWorkers.load(std::memory_order_acquire) == 0;
      }))
    return;
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [this] {
    return pendingWorkers.load(std::memory_order_acquire) == 0;
  });
}

void ThreadPool::workerLoop() {
  uint64_t seen = 0;
  while (true) {
    bool ready = spinUntil(
        [&] { return generation.load(std::memory_order_acquire) != seen; });
    if (!ready) {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] {
        return stopping || generation.load(std::memory_order_acquire) != seen;
      });
      if (stopping)
        return;
    }
    seen = generation.load(std::memory_order_acquire);
    runChunks();
    if (pendingWorkers.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mutex);
      done.notify_one();
    }
  }
}

} // namespace weft::rt
