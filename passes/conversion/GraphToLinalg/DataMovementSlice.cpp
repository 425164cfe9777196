//===- DataMovementSlice.cpp - graph.slice and graph.gather to linalg -----===//
//
// Slice: the ONNX clamping is index arithmetic (folded for static dims and
// constant bounds; bounds known only at run time, such as a loop's iteration
// number, are read from their tensors and give dynamic offsets, with the
// static sizes of the result type where it has them), positive steps are a
// strided tensor.extract_slice, and
// negative steps take the same elements in increasing order and reverse them
// with a linalg.generic that reads them with tensor.extract. Gather: one
// constant index is a rank-reducing
// extract_slice, anything else a linalg.generic over the output that reads
// the data with tensor.extract (negative indices wrap, out-of-range ones
// are clamped).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
namespace graph = weft::graph;
using namespace weft::datamovement;

namespace {

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

/// One sliced axis: the first element, the count, and the step (ONNX Slice
/// clamping, computed with index arithmetic so dynamic dims work too).
struct AxisSlice {
  Value start;
  Value length;
  int64_t step;
};

AxisSlice computeAxisSlice(IndexMath &m, Value dim, int64_t start, int64_t end,
                           int64_t step) {
  // A negative bound counts from the end; INT64 extremes mean "to the edge".
  auto bound = [&](int64_t v, Value lo, Value hi) {
    Value x = v < 0 ? m.add(dim, m.c(std::max<int64_t>(v, INT64_MIN / 2)))
                    : m.c(std::min<int64_t>(v, INT64_MAX / 2));
    return m.clamp(x, lo, hi);
  };
  if (step > 0) {
    Value s = bound(start, m.c(0), dim);
    Value e = bound(end, m.c(0), dim);
    Value length = m.ceilDiv(m.max(m.sub(e, s), m.c(0)), m.c(step));
    return {s, length, step};
  }
  Value last = m.sub(dim, m.c(1));
  Value s = bound(start, m.c(0), last);
  Value e = bound(end, m.c(-1), last);
  Value length = m.ceilDiv(m.max(m.sub(s, e), m.c(0)), m.c(-step));
  return {s, length, step};
}

/// The same for bounds known only at run time (index values): a negative
/// bound counts from the end, and out-of-range ones are clamped.
AxisSlice computeDynamicAxisSlice(IndexMath &m, Value dim, Value start,
                                  Value end, int64_t step) {
  // Huge bounds (INT64_MIN/MAX mean "to the edge") first become ones that
  // cannot overflow when the dim is added.
  auto bound = [&](Value v, Value lo, Value hi) {
    v = m.clamp(v, m.c(INT64_MIN / 2), m.c(INT64_MAX / 2));
    Value x = m.select(m.lt(v, m.c(0)), m.add(dim, v), v);
    return m.clamp(x, lo, hi);
  };
  if (step > 0) {
    Value s = bound(start, m.c(0), dim);
    Value e = bound(end, m.c(0), dim);
    Value length = m.ceilDiv(m.max(m.sub(e, s), m.c(0)), m.c(step));
    return {s, length, step};
  }
  Value last = m.sub(dim, m.c(1));
  Value s = bound(start, m.c(0), last);
  Value e = bound(end, m.c(-1), last);
  Value length = m.ceilDiv(m.max(m.sub(s, e), m.c(0)), m.c(-step));
  return {s, length, step};
}

/// Element `i` of the 1-D integer tensor `values` as an index.
Value extractIndex(OpBuilder &b, Location loc, Value values, int64_t i) {
  Value at = b.create<arith::ConstantIndexOp>(loc, i);
  Value v = b.create<tensor::ExtractOp>(loc, values, ValueRange{at});
  if (v.getType().isUnsignedInteger())
    return b.create<arith::IndexCastUIOp>(
        loc, b.getIndexType(),
        b.create<UnrealizedConversionCastOp>(
             loc, b.getIntegerType(v.getType().getIntOrFloatBitWidth()), v)
            .getResult(0));
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v);
}

struct SliceLowering : OpRewritePattern<graph::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::SliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    int64_t rank = inType.getRank();
    std::optional<SmallVector<int64_t>> starts =
        graph::getConstantInts(op.getStarts());
    std::optional<SmallVector<int64_t>> ends =
        graph::getConstantInts(op.getEnds());
    std::optional<SmallVector<int64_t>> axes, steps;
    if (op.getAxes())
      axes = graph::getConstantInts(op.getAxes());
    if (op.getSteps())
      steps = graph::getConstantInts(op.getSteps());
    if ((op.getAxes() && !axes) || (op.getSteps() && !steps))
      return weft::lowering::failToLower(
          rewriter, op, "axes and steps must be constants");
    // Bounds computed at run time (a loop's iteration number) are read from
    // their 1-D tensors; their count must be static.
    RankedTensorType startsType = rankedType(op.getStarts());
    RankedTensorType endsType = rankedType(op.getEnds());
    if ((!starts || !ends) &&
        (!startsType || !endsType || startsType.getRank() != 1 ||
         endsType.getRank() != 1 || startsType.isDynamicDim(0) ||
         !llvm::isa<IntegerType>(startsType.getElementType()) ||
         !llvm::isa<IntegerType>(endsType.getElementType())))
      return weft::lowering::failToLower(
          rewriter, op,
          "starts and ends must be constants or 1-D integer tensors of "
          "static length");
    size_t count = starts ? starts->size() : startsType.getDimSize(0);
    bool dynamicBounds = !starts || !ends;
    if (!axes) {
      axes.emplace();
      for (size_t i = 0; i < count; ++i)
        axes->push_back(i);
    }
    if (!steps)
      steps = SmallVector<int64_t>(count, 1);
    std::optional<SmallVector<int64_t>> normAxes = normalizeAxes(*axes, rank);
    if ((ends ? ends->size() : (size_t)endsType.getDimSize(0)) != count ||
        axes->size() != count ||
        steps->size() != count || !normAxes)
      return weft::lowering::failToLower(
          rewriter, op, "starts, ends, axes and steps do not fit the data");
    Location loc = op.getLoc();
    if (resultType.hasStaticShape() && resultType.getNumElements() == 0) {
      rewriter.replaceOp(op, createEmpty(rewriter, loc, resultType, {}));
      return success();
    }
    IndexMath m{rewriter, loc};
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, op.getData());
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<int64_t> reversed;
    for (size_t i = 0; i < count; ++i) {
      int64_t axis = (*normAxes)[i], step = (*steps)[i];
      if (step == 0)
        return weft::lowering::failToLower(rewriter, op, "steps must not be 0");
      Value dim = m.dim(op.getData(), axis);
      AxisSlice s =
          dynamicBounds
              ? computeDynamicAxisSlice(
                    m, dim,
                    starts ? m.c((*starts)[i])
                           : extractIndex(rewriter, loc, op.getStarts(), i),
                    ends ? m.c((*ends)[i])
                         : extractIndex(rewriter, loc, op.getEnds(), i),
                    step)
              : computeAxisSlice(m, dim, (*starts)[i], (*ends)[i], step);
      // A static result dim (the slice's type may know it) is the count;
      // the start then keeps the slice inside the data.
      if (dynamicBounds && step > 0 && !resultType.isDynamicDim(axis)) {
        s.length = m.c(resultType.getDimSize(axis));
        s.start = m.clamp(s.start, m.c(0),
                          m.max(m.sub(dim, s.length), m.c(0)));
      }
      Value first = s.start;
      if (step < 0) {
        // Take the same elements in increasing order, then reverse them.
        first = m.sub(
            s.start, m.mul(m.max(m.sub(s.length, m.c(1)), m.c(0)), m.c(-step)));
        reversed.push_back(axis);
      }
      offsets[axis] = m.fold(first);
      sizes[axis] = m.fold(s.length);
      strides[axis] = rewriter.getIndexAttr(std::abs(step));
    }
    Value slice = rewriter.create<tensor::ExtractSliceOp>(
        loc, op.getData(), offsets, sizes, strides);
    // The declared result type may know dims the slice arithmetic did not.
    slice = castTo(rewriter, loc, slice,
                   refineType(rankedType(slice), resultType.getShape()));
    if (!reversed.empty())
      slice = reverse(rewriter, loc, slice, reversed);
    rewriter.replaceOp(op, castTo(rewriter, loc, slice, resultType));
    return success();
  }

  /// Reverses `axes` of `value`: a generic over the result that reads
  /// element `size - 1 - d` with tensor.extract. (An input map `size - 1 - d`
  /// would be shorter, but MLIR's tiling computes wrong operand slices for
  /// maps with negative coefficients, which the CPU backend tiles.)
  static Value reverse(OpBuilder &b, Location loc, Value value,
                       ArrayRef<int64_t> axes) {
    auto type = llvm::cast<RankedTensorType>(value.getType());
    int64_t rank = type.getRank();
    SmallVector<OpFoldResult> dims = tensor::getMixedSizes(b, loc, value);
    Value init = createEmpty(b, loc, type, dims);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    AffineMap identity = b.getMultiDimIdentityMap(rank);
    SmallVector<Value> dimValues;
    for (OpFoldResult d : dims)
      dimValues.push_back(toIndex(b, loc, d));
    return b
        .create<linalg::GenericOp>(
            loc, type, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{identity}, iterators,
            [&](OpBuilder &nb, Location nl, ValueRange) {
              IndexMath m{nb, nl};
              SmallVector<Value> indices;
              for (int64_t i = 0; i < rank; ++i) {
                Value idx = nb.create<linalg::IndexOp>(nl, i);
                if (llvm::is_contained(axes, i))
                  idx = m.sub(m.sub(dimValues[i], m.c(1)), idx);
                indices.push_back(idx);
              }
              Value v = nb.create<tensor::ExtractOp>(nl, value, indices);
              nb.create<linalg::YieldOp>(nl, v);
            })
        .getResult(0);
  }
};

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

struct GatherLowering : OpRewritePattern<graph::GatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::GatherOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType dataType = rankedType(op.getData());
    RankedTensorType indicesType = rankedType(op.getIndices());
    if (!resultType || !dataType || !indicesType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data, indices or result");
    if (!llvm::isa<IntegerType>(indicesType.getElementType()))
      return weft::lowering::failToLower(rewriter, op,
                                         "indices must be integers");
    int64_t rank = dataType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return weft::lowering::failToLower(rewriter, op, "axis is out of range");
    int64_t q = indicesType.getRank();
    int64_t outRank = rank - 1 + q;
    if (resultType.getRank() != outRank)
      return weft::lowering::failToLower(rewriter, op,
                                         "the result rank is not rank(data) + "
                                         "rank(indices) - 1");
    Location loc = op.getLoc();
    Value data = op.getData();
    bool isUnsigned = indicesType.getElementType().isUnsignedInteger();

    // One constant index: a rank-reducing extract_slice.
    std::optional<SmallVector<int64_t>> constIndices =
        graph::getConstantInts(op.getIndices());
    if (constIndices && q == 0 && !dataType.isDynamicDim(*axis)) {
      int64_t dim = dataType.getDimSize(*axis);
      int64_t index = (*constIndices)[0];
      if (index < 0)
        index += dim;
      if (index < 0 || index >= dim)
        return weft::lowering::failToLower(rewriter, op,
                                           "the index is out of range");
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[*axis] = rewriter.getIndexAttr(index);
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, data);
      sizes[*axis] = rewriter.getIndexAttr(1);
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      SmallVector<int64_t> shape(dataType.getShape());
      shape.erase(shape.begin() + *axis);
      auto sliceType = RankedTensorType::get(shape, dataType.getElementType());
      Value slice = rewriter.create<tensor::ExtractSliceOp>(
          loc, sliceType, data, offsets, sizes, strides);
      rewriter.replaceOp(op, castTo(rewriter, loc, slice, resultType));
      return success();
    }

    IndexMath m{rewriter, loc};
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < *axis; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, data, i));
    for (int64_t i = 0; i < q; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, op.getIndices(), i));
    for (int64_t i = *axis + 1; i < rank; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, data, i));
    Value init = createEmpty(rewriter, loc, resultType, dims);
    Value axisDim = m.dim(data, *axis);
    SmallVector<AffineExpr> indexExprs;
    for (int64_t i = 0; i < q; ++i)
      indexExprs.push_back(rewriter.getAffineDimExpr(*axis + i));
    AffineMap indicesMap =
        AffineMap::get(outRank, 0, indexExprs, rewriter.getContext());
    SmallVector<AffineMap> maps{indicesMap,
                                rewriter.getMultiDimIdentityMap(outRank)};
    SmallVector<utils::IteratorType> iterators(outRank,
                                               utils::IteratorType::parallel);
    int64_t axisValue = *axis;
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{op.getIndices()}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          IndexMath bm{b, l};
          Value idx = args[0];
          if (isUnsigned)
            idx = b.create<arith::IndexCastUIOp>(l, b.getIndexType(), idx);
          else
            idx = b.create<arith::IndexCastOp>(l, b.getIndexType(), idx);
          // Negative indices count from the end; out-of-range ones are
          // clamped rather than read outside the tensor.
          idx = bm.select(bm.lt(idx, bm.c(0)), bm.add(idx, axisDim), idx);
          idx = bm.clamp(idx, bm.c(0), bm.sub(axisDim, bm.c(1)));
          SmallVector<Value> at;
          for (int64_t i = 0; i < axisValue; ++i)
            at.push_back(b.create<linalg::IndexOp>(l, i));
          at.push_back(idx);
          for (int64_t i = axisValue + q; i < outRank; ++i)
            at.push_back(b.create<linalg::IndexOp>(l, i));
          Value v = b.create<tensor::ExtractOp>(l, data, at);
          b.create<linalg::YieldOp>(l, v);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void weft::datamovement::populateSliceGatherPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SliceLowering, GatherLowering>(patterns.getContext());
}
