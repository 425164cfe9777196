//===- ShapeSpecTest.cpp - Parsing NAME=D0xD1x... input shapes ------------===//

#include "passes/graph/ShapeSpec.h"

#include "mlir/IR/BuiltinTypes.h"

#include <gtest/gtest.h>

using weft::graph::formatDims;
using weft::graph::parseShapeSpec;
using weft::graph::ShapeSpec;

namespace {

constexpr int64_t kDynamic = mlir::ShapedType::kDynamic;

/// The error message of a failed parse ("" when it succeeded).
std::string errorOf(llvm::StringRef text) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec(text);
  if (spec)
    return "";
  return llvm::toString(spec.takeError());
}

TEST(ShapeSpecTest, ParsesStaticDims) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec("x=1x3x48x320");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "x");
  EXPECT_EQ(spec->dims, (llvm::SmallVector<int64_t>{1, 3, 48, 320}));
}

TEST(ShapeSpecTest, QuestionMarkKeepsDimDynamic) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec("input=?x512");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->dims, (llvm::SmallVector<int64_t>{kDynamic, 512}));
}

TEST(ShapeSpecTest, EmptyDimsMeanScalar) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec("sr=");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "sr");
  EXPECT_TRUE(spec->dims.empty());
}

TEST(ShapeSpecTest, NameMayContainEquals) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec("a=b=2x2");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "a=b");
  EXPECT_EQ(spec->dims, (llvm::SmallVector<int64_t>{2, 2}));
}

TEST(ShapeSpecTest, ZeroIsAValidDim) {
  llvm::Expected<ShapeSpec> spec = parseShapeSpec("x=0x4");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->dims, (llvm::SmallVector<int64_t>{0, 4}));
}

TEST(ShapeSpecTest, RejectsMissingName) {
  EXPECT_NE(errorOf("=1x3").find("is not NAME=D0xD1x..."), std::string::npos);
  EXPECT_NE(errorOf("1x3").find("is not NAME=D0xD1x..."), std::string::npos);
}

TEST(ShapeSpecTest, RejectsBadDims) {
  EXPECT_NE(errorOf("x=1x-3").find("dim '-3' is not a non-negative integer"),
            std::string::npos);
  EXPECT_NE(errorOf("x=1xax3").find("dim 'a'"), std::string::npos);
  EXPECT_NE(errorOf("x=1x3x").find("dim ''"), std::string::npos);
  EXPECT_NE(errorOf("x=1,3").find("dim '1,3'"), std::string::npos);
}

TEST(ShapeSpecTest, FormatsDims) {
  EXPECT_EQ(formatDims({1, kDynamic, 320}), "1x?x320");
  EXPECT_EQ(formatDims({}), "scalar");
}

} // namespace
