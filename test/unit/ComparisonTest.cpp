//===- ComparisonTest.cpp - weft verify's numbers and bench statistics ----===//

#include "compiler/driver/Comparison.h"
#include "compiler/driver/Units.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace weft::driver;
using weft::engine::DType;

namespace {

NpyArray floats(std::vector<int64_t> shape, std::vector<float> values) {
  NpyArray array;
  array.shape = std::move(shape);
  array.data.resize(values.size() * 4);
  std::memcpy(array.data.data(), values.data(), array.data.size());
  return array;
}

TEST(ComparisonTest, IdenticalOutputs) {
  NpyArray a = floats({3}, {1, -2, 3});
  OutputComparison c = compareOutputs(a, a, 1e-3);
  EXPECT_TRUE(c.mismatch.empty());
  EXPECT_EQ(c.maxAbsError, 0);
  EXPECT_EQ(c.maxRelError, 0);
  EXPECT_NEAR(c.cosine, 1, 1e-12);
  EXPECT_TRUE(isWithinTolerance(c, 1e-3, 0.99999));
}

TEST(ComparisonTest, ErrorsAndTolerance) {
  NpyArray actual = floats({2, 2}, {1.0f, 2.0f, 0.0005f, 4.5f});
  NpyArray reference = floats({2, 2}, {1.0f, 2.0f, 0.0f, 4.0f});
  OutputComparison c = compareOutputs(actual, reference, 1e-3);
  EXPECT_NEAR(c.maxAbsError, 0.5, 1e-6);
  EXPECT_EQ(c.worstIndex, 3);
  // 0.5 / 4; the element with reference 0 is below atol and not counted.
  EXPECT_NEAR(c.maxRelError, 0.125, 1e-6);
  EXPECT_LT(c.cosine, 0.999);
  EXPECT_FALSE(isWithinTolerance(c, 1e-3, 0.99999));
  EXPECT_TRUE(isWithinTolerance(c, 0.6, 0.99));
}

TEST(ComparisonTest, CosineOfZeroVectors) {
  NpyArray zeros = floats({2}, {0, 0});
  EXPECT_EQ(compareOutputs(zeros, zeros, 1e-3).cosine, 1);
  EXPECT_EQ(compareOutputs(zeros, floats({2}, {1, 0}), 1e-3).cosine, 0);
}

TEST(ComparisonTest, NaNOnOneSideFails) {
  NpyArray actual = floats({2}, {NAN, 1});
  NpyArray reference = floats({2}, {0, 1});
  OutputComparison c = compareOutputs(actual, reference, 1e-3);
  EXPECT_TRUE(std::isinf(c.maxAbsError));
  EXPECT_FALSE(isWithinTolerance(c, 1e-3, 0.99));
  // NaN in the same place on both sides is agreement.
  EXPECT_TRUE(
      isWithinTolerance(compareOutputs(actual, actual, 1e-3), 1e-3, 0.99999));
}

TEST(ComparisonTest, ShapeAndDTypeMismatch) {
  NpyArray a = floats({2}, {1, 2});
  OutputComparison c = compareOutputs(a, floats({1, 2}, {1, 2}), 1e-3);
  EXPECT_EQ(c.mismatch, "shape 2 but the reference has 1x2");
  EXPECT_FALSE(isWithinTolerance(c, 1, 0));
  NpyArray ints;
  ints.dtype = DType::I64;
  ints.shape = {2};
  ints.data.resize(16);
  EXPECT_EQ(compareOutputs(a, ints, 1e-3).mismatch,
            "dtype float32 but the reference has int64");
}

TEST(UnitsTest, Percentiles) {
  LatencyStats stats = computeLatencyStats({5, 1, 4, 2, 3});
  EXPECT_EQ(stats.count, 5);
  EXPECT_EQ(stats.min, 1);
  EXPECT_EQ(stats.max, 5);
  EXPECT_EQ(stats.median, 3);
  EXPECT_EQ(stats.mean, 3);
  EXPECT_NEAR(stats.p90, 4.6, 1e-12);
  EXPECT_NEAR(stats.p99, 4.96, 1e-12);
  EXPECT_EQ(computeLatencyStats({}).count, 0);
  EXPECT_EQ(computeLatencyStats({2, 4}).median, 3);
}

TEST(UnitsTest, Formatting) {
  EXPECT_EQ(formatBytes(512), "512 B");
  EXPECT_EQ(formatBytes(1536), "1.50 KiB");
  EXPECT_EQ(formatBytes(50u << 20), "50.0 MiB");
  EXPECT_EQ(formatSeconds(0.25), "250 ms");
  EXPECT_EQ(formatSeconds(12.34), "12.3 s");
  EXPECT_EQ(formatMilliseconds(0.1234), "0.123 ms");
  EXPECT_EQ(formatMilliseconds(12.345), "12.35 ms");
  EXPECT_EQ(formatMilliseconds(0.00052), "0.52 us");
  EXPECT_EQ(formatMilliseconds(1234.56), "1234.6 ms");
}

} // namespace
