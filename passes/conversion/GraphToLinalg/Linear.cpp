//===- Linear.cpp - Matrix products and batch norm ------------------------===//
//
// gemm and matmul become linalg.matmul (and its transposed variants) or
// linalg.batch_matmul, batch_normalization one generic. (Convolutions are in
// Convolution.cpp.)
//
//===----------------------------------------------------------------------===//


#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

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
//===----------------------------------------------------------------------===//
// gemm and matmul
//===----------------------------------------------------------------------===//

/// A zero-filled accumulator of `type`; `dimSources[i]` gives (value, dim) to
/// read dynamic dim i from.
Value createAccumulator(OpBuilder &b, Location loc, RankedTensorType type,
                        ArrayRef<std::pair<Value, int64_t>> dimSources) {
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(b.create<tensor::DimOp>(loc, dimSources[i].first,
                                              dimSources[i].second));
  Value zero = createScalar(b, loc, type.getElementType(), 0);
  return createFilledTensor(b, loc, type, zero, sizes);
}

struct GemmPattern : OpConversionPattern<graph::GemmOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::GemmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value a = adaptor.getA(), bMat = adaptor.getB(), c = adaptor.getC();
    auto aType = dyn_cast<RankedTensorType>(a.getType());
    auto bType = dyn_cast<RankedTensorType>(bMat.getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!aType || !bType || !yType || aType.getRank() != 2 ||
        bType.getRank() != 2 || (c && !isa<RankedTensorType>(c.getType())))
      return failToLower(rewriter, op, "operands must be ranked 2-d");
    Type elementType = yType.getElementType();
    double alpha = op.getAlpha().convertToDouble();
    double beta = op.getBeta().convertToDouble();
    bool isFloat = isa<FloatType>(elementType);
    if (!isFloat && (!isa<IntegerType>(elementType) ||
                     isUnsignedInt(elementType) || alpha != 1 || beta != 1))
      return failToLower(
          rewriter, op,
          "integer gemm needs signless types and alpha = beta = 1");
    bool transA = op.getTransA() != 0, transB = op.getTransB() != 0;
    Location loc = op.getLoc();
    Value acc = createAccumulator(
        rewriter, loc, yType, {{a, transA ? 1 : 0}, {bMat, transB ? 0 : 1}});
    if (transA && transB) {
      // Neither transposed variant covers both: transpose A explicitly.
      SmallVector<int64_t> shape{aType.getDimSize(1), aType.getDimSize(0)};
      SmallVector<Value> sizes;
      for (int64_t i : {1, 0})
        if (aType.isDynamicDim(i))
          sizes.push_back(rewriter.create<tensor::DimOp>(loc, a, i));
      Value init = createEmptyTensor(rewriter, loc, shape,
                                     aType.getElementType(), sizes);
      a = rewriter
              .create<linalg::TransposeOp>(loc, a, init,
                                           ArrayRef<int64_t>{1, 0})
              ->getResult(0);
      transA = false;
    }
    SmallVector<Value> ins{a, bMat};
    Value product;
    if (transA)
      product = rewriter
                    .create<linalg::MatmulTransposeAOp>(loc, TypeRange{yType},
                                                        ins, acc)
                    ->getResult(0);
    else if (transB)
      product = rewriter
                    .create<linalg::MatmulTransposeBOp>(loc, TypeRange{yType},
                                                        ins, acc)
                    ->getResult(0);
    else
      product =
          rewriter.create<linalg::MatmulOp>(loc, TypeRange{yType}, ins, acc)
              ->getResult(0);

    bool addC = c && beta != 0;
    if (alpha != 1 || addC) {
      SmallVector<Value> inputs{product};
      if (addC)
        inputs.push_back(c);
      product = buildElementwise(
          rewriter, loc, yType, inputs,
          [&](OpBuilder &b, Location nloc, ValueRange args) -> Value {
            Value y = args[0];
            if (alpha != 1)
              y = b.create<arith::MulFOp>(
                  nloc, y, createScalar(b, nloc, elementType, alpha));
            if (!addC)
              return y;
            Value term = args[1];
            if (beta != 1)
              term = b.create<arith::MulFOp>(
                  nloc, term, createScalar(b, nloc, elementType, beta));
            if (isFloat)
              return b.create<arith::AddFOp>(nloc, y, term);
            return b.create<arith::AddIOp>(nloc, y, term);
          });
      if (!product)
        return failToLower(rewriter, op, "dynamic result dims unknown");
    }
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// `value` broadcast to `shape` (dynamic dims must be dynamic in `value` at
/// the same right-aligned position); `value` itself when nothing changes.
FailureOr<Value> broadcastTo(OpBuilder &b, Location loc, Value value,
                             ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  auto resultType = type.clone(shape);
  Value result = buildElementwise(
      b, loc, resultType, value,
      [](OpBuilder &, Location, ValueRange args) { return args[0]; });
  if (!result)
    return failure();
  return result;
}

struct MatMulPattern : OpConversionPattern<graph::MatMulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value a = adaptor.getA(), b = adaptor.getB();
    auto aType = dyn_cast<RankedTensorType>(a.getType());
    auto bType = dyn_cast<RankedTensorType>(b.getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!aType || !bType || !yType || aType.getRank() == 0 ||
        bType.getRank() == 0)
      return failToLower(rewriter, op, "operands must be ranked");
    Type elementType = yType.getElementType();
    if (!isa<FloatType>(elementType) &&
        (!isa<IntegerType>(elementType) || isUnsignedInt(elementType)))
      return failToLower(rewriter, op, "element type is not supported");
    Location loc = op.getLoc();

    // numpy promotion of 1-D operands: [K] @ ... is [1, K], ... @ [K] is
    // [K, 1]; the unit dims are dropped from the result at the end.
    if (aType.getRank() == 1) {
      aType = RankedTensorType::get({1, aType.getDimSize(0)}, elementType);
      a = rewriter.create<tensor::ExpandShapeOp>(
          loc, aType, a, ArrayRef<ReassociationIndices>{{0, 1}});
    }
    if (bType.getRank() == 1) {
      bType = RankedTensorType::get({bType.getDimSize(0), 1}, elementType);
      b = rewriter.create<tensor::ExpandShapeOp>(
          loc, bType, b, ArrayRef<ReassociationIndices>{{0, 1}});
    }
    int64_t aRank = aType.getRank(), bRank = bType.getRank();
    int64_t m = aType.getDimSize(aRank - 2), n = bType.getDimSize(bRank - 1);
    FailureOr<Value> product = bRank == 2
                                   ? matmulFlattened(rewriter, loc, a, b, m, n)
                                   : batchMatmul(rewriter, loc, a, b, m, n);
    if (failed(product))
      return failToLower(
          rewriter, op, "a dynamic batch dim must be dynamic in both operands");
    FailureOr<Value> result = reshapeUnitDims(rewriter, loc, *product, yType);
    if (failed(result))
      return failToLower(rewriter, op, "unexpected result shape");
    rewriter.replaceOp(op, *result);
    return success();
  }

  /// [batch..., M, K] @ [K, N]: the batch dims fold into M for one matmul.
  static FailureOr<Value> matmulFlattened(OpBuilder &rewriter, Location loc,
                                          Value a, Value b, int64_t m,
                                          int64_t n) {
    auto aType = cast<RankedTensorType>(a.getType());
    int64_t rank = aType.getRank();
    Type elementType = aType.getElementType();
    Value flatA = a;
    if (rank > 2) {
      ReassociationIndices rows;
      for (int64_t i = 0; i < rank - 1; ++i)
        rows.push_back(i);
      flatA = rewriter.create<tensor::CollapseShapeOp>(
          loc, a, ArrayRef<ReassociationIndices>{rows, {rank - 1}});
    }
    auto flatAType = cast<RankedTensorType>(flatA.getType());
    auto flatType =
        RankedTensorType::get({flatAType.getDimSize(0), n}, elementType);
    Value acc =
        createAccumulator(rewriter, loc, flatType, {{flatA, 0}, {b, 1}});
    Value product = rewriter
                        .create<linalg::MatmulOp>(loc, TypeRange{flatType},
                                                  ValueRange{flatA, b}, acc)
                        ->getResult(0);
    if (rank == 2)
      return product;
    SmallVector<int64_t> shape(aType.getShape().drop_back());
    shape.push_back(n);
    ReassociationIndices rows;
    for (int64_t i = 0; i < rank - 1; ++i)
      rows.push_back(i);
    return expandTo(rewriter, loc, product,
                    RankedTensorType::get(shape, elementType),
                    {rows, {rank - 1}});
  }

  /// [batchA..., M, K] @ [batchB..., K, N]: both broadcast to the common batch
  /// shape, which folds into one dim of a linalg.batch_matmul.
  static FailureOr<Value> batchMatmul(OpBuilder &rewriter, Location loc,
                                      Value a, Value b, int64_t m, int64_t n) {
    auto aType = cast<RankedTensorType>(a.getType());
    auto bType = cast<RankedTensorType>(b.getType());
    Type elementType = aType.getElementType();
    FailureOr<SmallVector<int64_t>> batch = graph::broadcastShapes(
        aType.getShape().drop_back(2), bType.getShape().drop_back(2));
    if (failed(batch))
      return failure();
    int64_t batchRank = batch->size();
    SmallVector<int64_t> aShape(*batch), bShape(*batch);
    aShape.append(aType.getShape().take_back(2).begin(),
                  aType.getShape().take_back(2).end());
    bShape.append(bType.getShape().take_back(2).begin(),
                  bType.getShape().take_back(2).end());
    FailureOr<Value> fullA = broadcastTo(rewriter, loc, a, aShape);
    FailureOr<Value> fullB = broadcastTo(rewriter, loc, b, bShape);
    if (failed(fullA) || failed(fullB))
      return failure();
    ReassociationIndices batchDims;
    for (int64_t i = 0; i < batchRank; ++i)
      batchDims.push_back(i);
    SmallVector<ReassociationIndices> collapse{
        batchDims, {batchRank}, {batchRank + 1}};
    Value flatA = *fullA, flatB = *fullB;
    if (batchRank != 1) {
      flatA = rewriter.create<tensor::CollapseShapeOp>(loc, flatA, collapse);
      flatB = rewriter.create<tensor::CollapseShapeOp>(loc, flatB, collapse);
    }
    int64_t flatBatch = cast<RankedTensorType>(flatA.getType()).getDimSize(0);
    auto flatType = RankedTensorType::get({flatBatch, m, n}, elementType);
    Value acc = createAccumulator(rewriter, loc, flatType,
                                  {{flatA, 0}, {flatA, 1}, {flatB, 2}});
    Value product =
        rewriter
            .create<linalg::BatchMatmulOp>(loc, TypeRange{flatType},
                                           ValueRange{flatA, flatB}, acc)
            ->getResult(0);
    if (batchRank == 1)
      return product;
    SmallVector<int64_t> shape(*batch);
    shape.append({m, n});
    return expandTo(rewriter, loc, product,
                    RankedTensorType::get(shape, elementType), collapse);
  }
};

//===----------------------------------------------------------------------===//
// batch_normalization
//===----------------------------------------------------------------------===//

struct BatchNormalizationPattern
    : OpConversionPattern<graph::BatchNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::BatchNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto xType = dyn_cast<RankedTensorType>(adaptor.getX().getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!xType || !yType || xType.getRank() < 2)
      return failToLower(rewriter, op, "input must be ranked, rank >= 2");
    if (!isa<FloatType>(xType.getElementType()))
      return failToLower(rewriter, op, "element type must be float");
    SmallVector<Value> params{adaptor.getScale(), adaptor.getBias(),
                              adaptor.getMean(), adaptor.getVar()};
    for (Value p : params) {
      auto type = dyn_cast<RankedTensorType>(p.getType());
      if (!type || type.getRank() != 1 ||
          type.getElementType() != xType.getElementType())
        return failToLower(
            rewriter, op,
            "scale, bias, mean and var must be 1-d of the input's type");
    }
    Location loc = op.getLoc();
    unsigned rank = yType.getRank();
    Value init = createEmptyTensor(rewriter, loc, yType, adaptor.getX());
    if (!init)
      return failToLower(rewriter, op, "dynamic result dims unknown");
    MLIRContext *ctx = rewriter.getContext();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    AffineMap channel = AffineMap::get(rank, 0, getAffineDimExpr(1, ctx));
    SmallVector<Value> inputs{adaptor.getX()};
    inputs.append(params);
    double epsilon = op.getEpsilon().convertToDouble();
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{yType}, inputs, ValueRange{init},
        ArrayRef<AffineMap>{identity, channel, channel, channel, channel,
                            identity},
        parallelIterators(rank),
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value x = args[0], scale = args[1], bias = args[2], mean = args[3],
                var = args[4];
          Value eps = createScalar(b, nloc, x.getType(), epsilon);
          Value stddev = b.create<math::SqrtOp>(
              nloc, b.create<arith::AddFOp>(nloc, var, eps));
          Value centered = b.create<arith::SubFOp>(nloc, x, mean);
          Value normalized = b.create<arith::DivFOp>(
              nloc, b.create<arith::MulFOp>(nloc, centered, scale), stddev);
          b.create<linalg::YieldOp>(
              nloc,
              b.create<arith::AddFOp>(nloc, normalized, bias).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void weft::populateGraphLinearToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GemmPattern, MatMulPattern, BatchNormalizationPattern>(
      patterns.getContext());
}
