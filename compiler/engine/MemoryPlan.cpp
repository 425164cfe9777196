//===- MemoryPlan.cpp - Lifetime-based placement of intermediates ---------===//
//
// Every intermediate lives from the first step that uses it to the last one
// (inclusive: a kernel reads its inputs while it writes its outputs, so a
// buffer that dies at step i and one born at step i must not share bytes).
// Buffers are placed largest first, each at the lowest 64-byte-aligned offset
// that does not overlap a placed buffer with an overlapping lifetime (the
// "greedy by size" strategy of TFLite's arena planner).
//
//===----------------------------------------------------------------------===//

#include "compiler/engine/EngineWriter.h"

#include <algorithm>
#include <limits>

namespace weft::engine {
namespace {

constexpr int64_t kAlignment = 64;

int64_t alignUp(int64_t value) {
  return (value + kAlignment - 1) / kAlignment * kAlignment;
}

struct Lifetime {
  int64_t first = std::numeric_limits<int64_t>::max();
  int64_t last = -1;
  bool overlaps(const Lifetime &other) const {
    return first <= other.last && other.first <= last;
  }
};

/// First and last step using each buffer. An intermediate no step uses gets
/// a lifetime after the last step, so it only shares space with its kind.
std::vector<Lifetime> computeLifetimes(const CompiledModel &model) {
  std::vector<Lifetime> lifetimes(model.buffers.size());
  for (int64_t step = 0, e = model.steps.size(); step < e; ++step) {
    for (int32_t id : model.steps[step].buffers) {
      if (id < 0 || size_t(id) >= lifetimes.size())
        continue;
      lifetimes[id].first = std::min(lifetimes[id].first, step);
      lifetimes[id].last = std::max(lifetimes[id].last, step);
    }
  }
  int64_t afterLast = model.steps.size();
  for (Lifetime &lifetime : lifetimes)
    if (lifetime.last < 0)
      lifetime = {afterLast, afterLast};
  return lifetimes;
}

} // namespace

MemoryPlan planMemory(const CompiledModel &model) {
  MemoryPlan plan;
  plan.offsets.assign(model.buffers.size(), -1);
  std::vector<Lifetime> lifetimes = computeLifetimes(model);

  std::vector<int32_t> order;
  for (int32_t id = 0, e = model.buffers.size(); id < e; ++id) {
    if (model.buffers[id].kind != BufferInfo::Kind::Intermediate)
      continue;
    order.push_back(id);
    plan.unplannedSize += model.buffers[id].byteSize;
  }
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return model.buffers[a].byteSize > model.buffers[b].byteSize;
  });

  // Placed buffers, kept sorted by offset.
  struct Placed {
    int64_t offset, end;
    int32_t id;
  };
  std::vector<Placed> placed;
  for (int32_t id : order) {
    int64_t size = alignUp(std::max<int64_t>(model.buffers[id].byteSize, 0));
    int64_t offset = 0;
    for (const Placed &other : placed) {
      if (!lifetimes[id].overlaps(lifetimes[other.id]))
        continue;
      if (offset + size <= other.offset)
        break;
      offset = std::max(offset, other.end);
    }
    plan.offsets[id] = offset;
    auto at = std::upper_bound(
        placed.begin(), placed.end(), offset,
        [](int64_t value, const Placed &p) { return value < p.offset; });
    placed.insert(at, {offset, offset + size, id});
    plan.arenaSize = std::max(plan.arenaSize, offset + size);
  }
  return plan;
}

} // namespace weft::engine
