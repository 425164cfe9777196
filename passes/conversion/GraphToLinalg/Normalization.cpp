//===- Normalization.cpp - lp_normalization, instance_normalization, lrn --===//
//
// lp_normalization divides by the norm along its axis, read broadcast.
// instance_normalization reduces the spatial dims twice (mean, then the
// biased variance of the centered input) and applies scale and bias per
// channel in one generic. lrn squares the input, pads the channel dim with
// zeros and sums a window of `size` channels with a generic over
// (n, c, spatial..., k).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"
#include "passes/conversion/GraphToLinalg/ReductionUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

/// The dynamic dims of `x`, in order.
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(b.create<tensor::DimOp>(loc, x, i));
  return sizes;
}

struct LpNormalizationPattern : OpConversionPattern<graph::LpNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LpNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    FailureOr<int64_t> axis = floatInputAxis(rewriter, op, x, op.getAxis());
    if (failed(axis))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    Location loc = op.getLoc();
    SmallVector<bool> dims(xType.getRank(), false);
    dims[*axis] = true;
    bool l2 = op.getP() == 2;
    Value zero = createScalar(rewriter, loc, xType.getElementType(), 0);
    Value norm =
        reduceDims(rewriter, loc, x, dims, zero,
                   [&](OpBuilder &b, Location l, Value acc, Value v) -> Value {
                     Value term =
                         l2 ? b.create<arith::MulFOp>(l, v, v).getResult()
                            : b.create<math::AbsFOp>(l, v).getResult();
                     return b.create<arith::AddFOp>(l, acc, term);
                   });
    Value result = combineWithReduced(
        rewriter, loc, x, norm, dims,
        [&](OpBuilder &b, Location l, Value v, Value n) -> Value {
          if (l2)
            n = b.create<math::SqrtOp>(l, n);
          return b.create<arith::DivFOp>(l, v, n);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct InstanceNormalizationPattern
    : OpConversionPattern<graph::InstanceNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::InstanceNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto scaleType = dyn_cast<RankedTensorType>(adaptor.getScale().getType());
    auto biasType = dyn_cast<RankedTensorType>(adaptor.getBias().getType());
    if (!xType || !scaleType || !biasType || xType.getRank() < 3 ||
        scaleType.getRank() != 1 || biasType.getRank() != 1)
      return failToLower(rewriter, op,
                         "operands must be ranked N x C x ..., C, C");
    Type elementType = xType.getElementType();
    if (!isa<FloatType>(elementType))
      return failToLower(rewriter, op, "element type must be float");
    Location loc = op.getLoc();
    int64_t rank = xType.getRank();
    SmallVector<bool> spatial(rank, true);
    spatial[0] = spatial[1] = false;
    Value zero = createScalar(rewriter, loc, elementType, 0);
    Value count = countElements(rewriter, loc, x, spatial, elementType);
    Value mean = divideBy(
        rewriter, loc, reduceDims(rewriter, loc, x, spatial, zero, addCombiner),
        count);
    Value squares = combineWithReduced(
        rewriter, loc, x, mean, spatial,
        [](OpBuilder &b, Location l, Value v, Value m) -> Value {
          Value d = b.create<arith::SubFOp>(l, v, m);
          return b.create<arith::MulFOp>(l, d, d);
        });
    Value var = divideBy(
        rewriter, loc,
        reduceDims(rewriter, loc, squares, spatial, zero, addCombiner), count);

    // y = scale[c] * (x - mean[n, c]) / sqrt(var[n, c] + eps) + bias[c].
    MLIRContext *ctx = rewriter.getContext();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    AffineMap perInstance = AffineMap::get(
        rank, 0, {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx)}, ctx);
    AffineMap perChannel = AffineMap::get(rank, 0, getAffineDimExpr(1, ctx));
    Value epsilon = createScalar(rewriter, loc, elementType,
                                 op.getEpsilon().convertToDouble());
    Value init = createEmptyTensor(rewriter, loc, xType.getShape(), elementType,
                                   dynamicSizes(rewriter, loc, x));
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{xType},
        ValueRange{x, mean, var, adaptor.getScale(), adaptor.getBias()},
        ValueRange{init},
        ArrayRef<AffineMap>{identity, perInstance, perInstance, perChannel,
                            perChannel, identity},
        parallelIterators(rank),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value centered = b.create<arith::SubFOp>(l, args[0], args[1]);
          Value stddev = b.create<math::SqrtOp>(
              l, b.create<arith::AddFOp>(l, args[2], epsilon));
          Value normalized = b.create<arith::DivFOp>(l, centered, stddev);
          Value scaled = b.create<arith::MulFOp>(l, normalized, args[3]);
          b.create<linalg::YieldOp>(
              l, b.create<arith::AddFOp>(l, scaled, args[4]).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct LRNPattern : OpConversionPattern<graph::LRNOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LRNOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 2)
      return failToLower(rewriter, op, "input must be ranked N x C x ...");
    Type elementType = xType.getElementType();
    if (!isa<FloatType>(elementType))
      return failToLower(rewriter, op, "element type must be float");
    int64_t size = op.getSize();
    if (size < 1)
      return failToLower(rewriter, op, "size must be positive");
    Location loc = op.getLoc();
    int64_t rank = xType.getRank();
    Value squares = buildElementwise(
        rewriter, loc, xType, x,
        [](OpBuilder &b, Location l, ValueRange args) -> Value {
          return b.create<arith::MulFOp>(l, args[0], args[0]);
        });
    Value zero = createScalar(rewriter, loc, elementType, 0);
    SmallVector<int64_t> low(rank, 0), high(rank, 0);
    low[1] = (size - 1) / 2;
    high[1] = size - 1 - low[1];
    Value padded = padTensor(rewriter, loc, squares, low, high, zero);

    // Iterating (n, c, spatial..., k): sum[n, c, ...] += padded[n, c + k, ...].
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> inputExprs, outputExprs;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr d = getAffineDimExpr(i, ctx);
      outputExprs.push_back(d);
      inputExprs.push_back(i == 1 ? d + getAffineDimExpr(rank, ctx) : d);
    }
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);
    Value window = rewriter.create<tensor::EmptyOp>(
        loc, ArrayRef<int64_t>{size}, elementType);
    Value init = createFilledTensor(rewriter, loc, xType, zero,
                                    dynamicSizes(rewriter, loc, x));
    auto sum = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{xType}, ValueRange{padded, window}, ValueRange{init},
        ArrayRef<AffineMap>{
            AffineMap::get(rank + 1, 0, inputExprs, ctx),
            AffineMap::get(rank + 1, 0, getAffineDimExpr(rank, ctx)),
            AffineMap::get(rank + 1, 0, outputExprs, ctx)},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          b.create<linalg::YieldOp>(
              l, b.create<arith::AddFOp>(l, args[2], args[0]).getResult());
        });

    double alphaOverSize = op.getAlpha().convertToDouble() / size;
    Value bias = createScalar(rewriter, loc, elementType,
                              op.getBias().convertToDouble());
    Value scale = createScalar(rewriter, loc, elementType, alphaOverSize);
    Value beta = createScalar(rewriter, loc, elementType,
                              op.getBeta().convertToDouble());
    Value result = buildElementwise(
        rewriter, loc, xType, ValueRange{x, sum.getResult(0)},
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          Value base = b.create<arith::AddFOp>(
              l, bias, b.create<arith::MulFOp>(l, scale, args[1]));
          return b.create<arith::DivFOp>(l, args[0],
                                         b.create<math::PowFOp>(l, base, beta));
        });
    if (!result)
      return failToLower(rewriter, op, "dynamic result dims unknown");
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void weft::populateGraphNormalizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<LpNormalizationPattern, InstanceNormalizationPattern, LRNPattern>(
          patterns.getContext());
}
