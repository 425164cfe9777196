//===- Range.cpp - graph.range to linalg ----------------------------------===//
//
// ONNX Range with a static length (known when start, limit and delta are
// constants): one linalg.generic over the output writing
// `start + i * delta`. Start and delta may still be run-time scalars. A
// dynamic length is rejected, since engines have static shapes.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
namespace graph = weft::graph;

namespace {

/// The single element of a rank-0 or one-element tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  auto type = llvm::cast<RankedTensorType>(tensor.getType());
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  SmallVector<Value> indices(type.getRank(), zero);
  return b.create<tensor::ExtractOp>(loc, tensor, indices);
}

struct RangeLowering : OpRewritePattern<graph::RangeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(graph::RangeOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = llvm::dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || resultType.getRank() != 1 ||
        !resultType.hasStaticShape())
      return weft::lowering::failToLower(
          rewriter, op,
          "start, limit and delta must be constants (the output length "
          "depends on them and engines have static shapes)");
    for (Value operand : op->getOperands()) {
      auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
      if (!type || !type.hasStaticShape() || type.getNumElements() != 1)
        return weft::lowering::failToLower(rewriter, op,
                                           "operands must be scalars");
    }
    Type elementType = resultType.getElementType();
    if (!llvm::isa<FloatType, IntegerType>(elementType))
      return weft::lowering::failToLower(rewriter, op,
                                         "unsupported element type");
    Location loc = op.getLoc();
    Value start = extractScalar(rewriter, loc, op.getStart());
    Value delta = extractScalar(rewriter, loc, op.getDelta());
    Value empty = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                   elementType);
    AffineMap map = rewriter.getMultiDimIdentityMap(1);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{resultType}, ValueRange{}, ValueRange{empty},
        ArrayRef<AffineMap>{map}, weft::lowering::parallelIterators(1),
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = b.create<linalg::IndexOp>(l, 0);
          Value i64 = b.create<arith::IndexCastOp>(l, b.getI64Type(), index);
          Value value;
          if (llvm::isa<FloatType>(elementType)) {
            Value i = b.create<arith::SIToFPOp>(l, elementType, i64);
            value = b.create<arith::AddFOp>(
                l, start, b.create<arith::MulFOp>(l, i, delta));
          } else {
            Value i = i64;
            if (elementType != i64.getType())
              i = b.create<arith::TruncIOp>(l, elementType, i64);
            value = b.create<arith::AddIOp>(
                l, start, b.create<arith::MulIOp>(l, i, delta));
          }
          b.create<linalg::YieldOp>(l, value);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void weft::populateGraphRangeToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<RangeLowering>(patterns.getContext());
}
