//===- EngineMemoryPlanTest.cpp - Lifetime-based arena planning -----------===//

#include "test/unit/RuntimeTestModel.h"

#include <gtest/gtest.h>

#include <random>

namespace weft::test {
namespace {

using engine::BufferInfo;
using engine::CompiledModel;
using engine::DType;
using engine::MemoryPlan;

/// A model of `count` f32 intermediates of `sizes[i]` elements and steps
/// given as lists of buffer ids.
CompiledModel makePlanModel(const std::vector<int64_t> &sizes,
                            const std::vector<std::vector<int32_t>> &steps) {
  CompiledModel model;
  for (size_t i = 0; i < sizes.size(); ++i)
    model.buffers.push_back(makeBuffer(BufferInfo::Kind::Intermediate,
                                       "t" + std::to_string(i), DType::F32,
                                       {sizes[i]}));
  for (const std::vector<int32_t> &ids : steps) {
    engine::KernelStep step;
    step.symbol = "k";
    step.buffers = ids;
    model.steps.push_back(step);
  }
  return model;
}

/// Live ranges per buffer: first and last step using it.
std::vector<std::pair<int, int>> getLifetimes(const CompiledModel &model) {
  std::vector<std::pair<int, int>> lifetimes(model.buffers.size(), {-1, -1});
  for (int s = 0, e = model.steps.size(); s < e; ++s)
    for (int32_t id : model.steps[s].buffers) {
      if (lifetimes[id].first < 0)
        lifetimes[id].first = s;
      lifetimes[id].second = s;
    }
  return lifetimes;
}

/// Fails when two buffers alive at the same step share a byte, or a buffer
/// is misaligned or outside the arena.
void expectNoOverlap(const CompiledModel &model, const MemoryPlan &plan) {
  auto lifetimes = getLifetimes(model);
  for (size_t a = 0; a < model.buffers.size(); ++a) {
    if (model.buffers[a].kind != BufferInfo::Kind::Intermediate)
      continue;
    EXPECT_EQ(plan.offsets[a] % 64, 0) << "buffer " << a;
    EXPECT_LE(plan.offsets[a] + model.buffers[a].byteSize, plan.arenaSize);
    for (size_t b = a + 1; b < model.buffers.size(); ++b) {
      if (model.buffers[b].kind != BufferInfo::Kind::Intermediate)
        continue;
      bool live = lifetimes[a].first <= lifetimes[b].second &&
                  lifetimes[b].first <= lifetimes[a].second;
      bool disjoint =
          plan.offsets[a] + model.buffers[a].byteSize <= plan.offsets[b] ||
          plan.offsets[b] + model.buffers[b].byteSize <= plan.offsets[a];
      EXPECT_TRUE(!live || disjoint)
          << "buffers " << a << " and " << b << " are live together at "
          << plan.offsets[a] << " and " << plan.offsets[b];
    }
  }
}

TEST(EngineMemoryPlanTest, ChainReusesSpace) {
  // t0 -> t1 -> t2 -> t3: only neighbours are live together.
  CompiledModel model =
      makePlanModel({256, 256, 256, 256}, {{0}, {0, 1}, {1, 2}, {2, 3}});
  MemoryPlan plan = engine::planMemory(model);
  EXPECT_EQ(plan.unplannedSize, 4 * 1024);
  EXPECT_EQ(plan.arenaSize, 2 * 1024);
  EXPECT_EQ(plan.offsets[0], plan.offsets[2]);
  EXPECT_EQ(plan.offsets[1], plan.offsets[3]);
  expectNoOverlap(model, plan);
}

TEST(EngineMemoryPlanTest, BuffersDyingAndBornInOneStepDoNotShare) {
  // Step 1 reads t0 and writes t1: they must not overlap.
  CompiledModel model = makePlanModel({16, 16}, {{0}, {0, 1}});
  MemoryPlan plan = engine::planMemory(model);
  EXPECT_NE(plan.offsets[0], plan.offsets[1]);
  EXPECT_EQ(plan.arenaSize, 128); // two 64-byte-aligned slots
  expectNoOverlap(model, plan);
}

TEST(EngineMemoryPlanTest, OnlyIntermediatesLiveInTheArena) {
  CompiledModel model = makeTestModel();
  MemoryPlan plan = engine::planMemory(model);
  EXPECT_EQ(plan.offsets[X], -1);
  EXPECT_EQ(plan.offsets[W], -1);
  EXPECT_EQ(plan.offsets[Y], -1);
  EXPECT_EQ(plan.offsets[Marks], -1);
  EXPECT_EQ(plan.unplannedSize, 3 * 128);
  EXPECT_EQ(plan.arenaSize, 2 * 128);
  EXPECT_EQ(plan.offsets[T1], plan.offsets[T3]);
  expectNoOverlap(model, plan);
}

TEST(EngineMemoryPlanTest, RandomGraphsNeverOverlapLiveBuffers) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    int buffers = 2 + random() % 30, steps = 1 + random() % 40;
    std::vector<int64_t> sizes;
    for (int i = 0; i < buffers; ++i)
      sizes.push_back(1 + random() % 5000);
    std::vector<std::vector<int32_t>> stepBuffers(steps);
    for (auto &ids : stepBuffers)
      for (int n = 1 + random() % 4; n > 0; --n)
        ids.push_back(random() % buffers);
    CompiledModel model = makePlanModel(sizes, stepBuffers);
    MemoryPlan plan = engine::planMemory(model);
    EXPECT_LE(plan.arenaSize, plan.unplannedSize + 64 * buffers);
    expectNoOverlap(model, plan);
    if (HasFailure())
      FAIL() << "trial " << trial;
  }
}

} // namespace
} // namespace weft::test
