//===- DataMovementPad.cpp - graph.pad to tensor.pad / linalg -------------===//
//
// ONNX Pad, every mode. Negative pads crop first (tensor.extract_slice), as
// ONNX Runtime does; the remaining padding is a tensor.pad for `constant` and
// a linalg.generic that reads the cropped input with tensor.extract at a
// mirrored (`reflect`), clamped (`edge`) or wrapped (`wrap`) index.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
namespace graph = weft::graph;
using namespace weft::datamovement;

namespace {

/// The pad value: the constant or run-time `constant_value`, or zero.
FailureOr<Value> getPadValue(OpBuilder &b, Location loc, graph::PadOp op,
                             Type elementType) {
  Value operand = op.getConstantValue();
  if (operand) {
    if (DenseElementsAttr attr = graph::getConstantElements(operand)) {
      if (attr.getNumElements() == 0)
        operand = {};
      else if (attr.getElementType() != elementType)
        return failure();
      else
        return Value(b.create<arith::ConstantOp>(
            loc, elementType,
            llvm::cast<TypedAttr>(*attr.getValues<Attribute>().begin())));
    }
  }
  if (!operand)
    return Value(b.create<arith::ConstantOp>(
        loc, elementType, llvm::cast<TypedAttr>(b.getZeroAttr(elementType))));
  auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
  if (!type || type.getElementType() != elementType || type.getRank() > 1)
    return failure();
  SmallVector<Value> at(type.getRank(), indexConst(b, loc, 0));
  return Value(b.create<tensor::ExtractOp>(loc, operand, at));
}

/// Maps `j` (an index into the padded axis, relative to the first input
/// element) into [0, n) for `mode`.
Value sourceIndex(OpBuilder &b, Location loc, StringRef mode, Value j,
                  Value n) {
  auto c = [&](int64_t v) { return indexConst(b, loc, v); };
  auto rem = [&](Value x, Value m) {
    // A non-negative remainder.
    Value r = b.createOrFold<arith::RemSIOp>(loc, x, m);
    return b.createOrFold<arith::RemSIOp>(
        loc, b.createOrFold<arith::AddIOp>(loc, r, m), m);
  };
  Value one = c(1);
  Value safeN = b.createOrFold<arith::MaxSIOp>(loc, n, one);
  if (mode == "edge") {
    Value last = b.createOrFold<arith::SubIOp>(loc, safeN, one);
    return b.createOrFold<arith::MinSIOp>(
        loc, b.createOrFold<arith::MaxSIOp>(loc, j, c(0)), last);
  }
  if (mode == "wrap")
    return rem(j, safeN);
  // reflect: period 2(n-1), mirrored in its second half; n == 1 gives 0.
  Value period = b.createOrFold<arith::MaxSIOp>(
      loc,
      b.createOrFold<arith::MulIOp>(
          loc, c(2), b.createOrFold<arith::SubIOp>(loc, safeN, one)),
      one);
  Value k = rem(j, period);
  Value mirrored = b.createOrFold<arith::SubIOp>(loc, period, k);
  Value inSecondHalf =
      b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, k, safeN);
  return b.createOrFold<arith::SelectOp>(loc, inSecondHalf, mirrored, k);
}

struct PadLowering : OpRewritePattern<graph::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::PadOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = llvm::dyn_cast<RankedTensorType>(op.getType());
    auto inType = llvm::dyn_cast<RankedTensorType>(op.getData().getType());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    StringRef mode = op.getMode();
    if (mode != "constant" && mode != "reflect" && mode != "edge" &&
        mode != "wrap")
      return weft::lowering::failToLower(rewriter, op,
                                         "unknown mode '" + mode + "'");
    int64_t rank = inType.getRank();
    std::optional<SmallVector<int64_t>> pads =
        graph::getConstantInts(op.getPads());
    if (!pads)
      return weft::lowering::failToLower(rewriter, op,
                                         "pads must be a constant");
    SmallVector<int64_t> axes;
    if (op.getAxes()) {
      std::optional<SmallVector<int64_t>> values =
          graph::getConstantInts(op.getAxes());
      if (!values)
        return weft::lowering::failToLower(rewriter, op,
                                           "axes must be a constant");
      for (int64_t a : *values) {
        std::optional<int64_t> axis = graph::normalizeAxis(a, rank);
        if (!axis)
          return weft::lowering::failToLower(rewriter, op,
                                             "axes are out of range");
        axes.push_back(*axis);
      }
    } else {
      for (int64_t i = 0; i < rank; ++i)
        axes.push_back(i);
    }
    size_t n = axes.size();
    if (pads->size() != 2 * n)
      return weft::lowering::failToLower(rewriter, op,
                                         "pads has the wrong length");
    SmallVector<int64_t> begin(rank, 0), end(rank, 0);
    for (size_t i = 0; i < n; ++i) {
      begin[axes[i]] += (*pads)[i];
      end[axes[i]] += (*pads)[i + n];
    }
    Location loc = op.getLoc();
    Value source = cropNegative(rewriter, loc, op.getData(), begin, end);
    SmallVector<int64_t> low, high;
    for (int64_t i = 0; i < rank; ++i) {
      low.push_back(std::max<int64_t>(begin[i], 0));
      high.push_back(std::max<int64_t>(end[i], 0));
    }
    if (llvm::all_of(low, [](int64_t v) { return v == 0; }) &&
        llvm::all_of(high, [](int64_t v) { return v == 0; })) {
      rewriter.replaceOp(op, castTo(rewriter, loc, source, resultType));
      return success();
    }
    Value result;
    if (mode == "constant") {
      Type elementType = inType.getElementType();
      if (elementType.isUnsignedInteger() || elementType.isSignedInteger())
        return weft::lowering::failToLower(
            rewriter, op,
            "constant padding of unsigned integers is not supported");
      FailureOr<Value> value = getPadValue(rewriter, loc, op, elementType);
      if (failed(value))
        return weft::lowering::failToLower(
            rewriter, op, "value must be a scalar of the data's element type");
      auto asFold = [&](ArrayRef<int64_t> v) {
        return llvm::map_to_vector(v, [&](int64_t x) -> OpFoldResult {
          return rewriter.getIndexAttr(x);
        });
      };
      result = rewriter.create<tensor::PadOp>(loc, Type(), source, asFold(low),
                                              asFold(high), *value);
    } else {
      auto srcType = llvm::cast<RankedTensorType>(source.getType());
      for (int64_t i = 0; i < rank; ++i)
        if (srcType.getDimSize(i) == 0 && (low[i] || high[i]))
          return weft::lowering::failToLower(
              rewriter, op, "cannot pad an empty axis in " + mode + " mode");
      result = padByIndex(rewriter, loc, source, mode, low, high);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }

  /// Removes what negative pads take off the ends.
  static Value cropNegative(OpBuilder &b, Location loc, Value data,
                            ArrayRef<int64_t> begin, ArrayRef<int64_t> end) {
    int64_t rank = begin.size();
    if (llvm::all_of(begin, [](int64_t v) { return v >= 0; }) &&
        llvm::all_of(end, [](int64_t v) { return v >= 0; }))
      return data;
    SmallVector<OpFoldResult> offsets, sizes;
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    for (int64_t i = 0; i < rank; ++i) {
      int64_t cropBegin = std::max<int64_t>(-begin[i], 0);
      int64_t cropEnd = std::max<int64_t>(-end[i], 0);
      offsets.push_back(b.getIndexAttr(cropBegin));
      Value dim = toIndex(b, loc, tensor::getMixedSize(b, loc, data, i));
      Value size = b.createOrFold<arith::SubIOp>(
          loc, dim, indexConst(b, loc, cropBegin + cropEnd));
      size = b.createOrFold<arith::MaxSIOp>(loc, size, indexConst(b, loc, 0));
      sizes.push_back(getAsOpFoldResult(size));
    }
    return b.create<tensor::ExtractSliceOp>(loc, data, offsets, sizes, strides);
  }

  /// reflect/edge/wrap: every output element reads the input at a mapped
  /// index.
  static Value padByIndex(OpBuilder &b, Location loc, Value source,
                          StringRef mode, ArrayRef<int64_t> low,
                          ArrayRef<int64_t> high) {
    auto srcType = llvm::cast<RankedTensorType>(source.getType());
    int64_t rank = srcType.getRank();
    SmallVector<int64_t> shape;
    SmallVector<OpFoldResult> dims;
    SmallVector<Value> srcDims;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t d = srcType.getDimSize(i);
      shape.push_back(ShapedType::isDynamic(d) ? d : d + low[i] + high[i]);
      Value dim = toIndex(b, loc, tensor::getMixedSize(b, loc, source, i));
      srcDims.push_back(dim);
      dims.push_back(getAsOpFoldResult(b.createOrFold<arith::AddIOp>(
          loc, dim, indexConst(b, loc, low[i] + high[i]))));
    }
    auto type = RankedTensorType::get(shape, srcType.getElementType());
    Value init = createEmpty(b, loc, type, dims);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    std::string modeName = mode.str();
    auto generic = b.create<linalg::GenericOp>(
        loc, type, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)}, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange) {
          SmallVector<Value> at;
          for (int64_t i = 0; i < rank; ++i) {
            Value idx = nb.create<linalg::IndexOp>(nl, i);
            if (low[i] || high[i]) {
              Value j = nb.createOrFold<arith::SubIOp>(
                  nl, idx, indexConst(nb, nl, low[i]));
              idx = sourceIndex(nb, nl, modeName, j, srcDims[i]);
            }
            at.push_back(idx);
          }
          Value v = nb.create<tensor::ExtractOp>(nl, source, at);
          nb.create<linalg::YieldOp>(nl, v);
        });
    return generic.getResult(0);
  }
};

} // namespace

void weft::datamovement::populatePadPatterns(RewritePatternSet &patterns) {
  patterns.add<PadLowering>(patterns.getContext());
}
