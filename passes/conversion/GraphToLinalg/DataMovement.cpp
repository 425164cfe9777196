//===- DataMovement.cpp - Data-movement graph ops to linalg/tensor --------===//
//
// Lowers the graph ops that move data without computing on it: constant,
// reshape, flatten, squeeze, unsqueeze, transpose, concat, split, shape,
// size, constant_of_shape, expand, identity and dropout. Slice and gather
// live in DataMovementSlice.cpp, pad in DataMovementPad.cpp and resize in
// Resize.cpp.
//
// Shapes: the result types of the graph ops are the truth for static dims;
// dynamic dims are computed with tensor.dim and index arithmetic, which folds
// away when the dims are static.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"

#include <numeric>

using namespace mlir;
namespace graph = weft::graph;

namespace weft::datamovement {

Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return b.create<tensor::CastOp>(loc, type, value);
}

Value createEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> dims) {
  SmallVector<OpFoldResult> sizes;
  for (auto [i, d] : llvm::enumerate(type.getShape()))
    sizes.push_back(ShapedType::isDynamic(d) ? dims[i] : b.getIndexAttr(d));
  Value empty = b.create<tensor::EmptyOp>(loc, sizes, type.getElementType());
  // A dim that folded to a constant makes the empty more static than `type`.
  return castTo(b, loc, empty, type);
}

Value indexConst(OpBuilder &b, Location loc, int64_t value) {
  return b.create<arith::ConstantIndexOp>(loc, value);
}

Value toIndex(OpBuilder &b, Location loc, OpFoldResult value) {
  return getValueOrCreateConstantIndexOp(b, loc, value);
}

Value extractIndex(OpBuilder &b, Location loc, Value tensor, int64_t i) {
  Value element = b.create<tensor::ExtractOp>(
      loc, tensor, ValueRange{indexConst(b, loc, i)});
  return b.createOrFold<arith::IndexCastOp>(loc, b.getIndexType(), element);
}

/// The ranked result type of a single-result op, or null.
RankedTensorType rankedResult(Operation *op, unsigned i) {
  return llvm::dyn_cast<RankedTensorType>(op->getResult(i).getType());
}

RankedTensorType rankedType(Value value) {
  return llvm::dyn_cast<RankedTensorType>(value.getType());
}

/// `type` with the static dims of `refined` filled in where `type` has `?`.
RankedTensorType refineType(RankedTensorType type, ArrayRef<int64_t> refined) {
  SmallVector<int64_t> shape(type.getShape());
  for (auto [i, d] : llvm::enumerate(refined))
    if (ShapedType::isDynamic(shape[i]))
      shape[i] = d;
  return RankedTensorType::get(shape, type.getElementType());
}

/// Normalized, in-range axes; nullopt when one is out of range.
std::optional<SmallVector<int64_t>> normalizeAxes(ArrayRef<int64_t> axes,
                                                  int64_t rank) {
  SmallVector<int64_t> result;
  for (int64_t a : axes) {
    std::optional<int64_t> n = weft::graph::normalizeAxis(a, rank);
    if (!n)
      return std::nullopt;
    result.push_back(*n);
  }
  return result;
}

} // namespace weft::datamovement

using namespace weft::datamovement;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The i-th dims of `type`, static from the type and dynamic from `dims`.
SmallVector<OpFoldResult> mergeDims(OpBuilder &b, RankedTensorType type,
                                    ArrayRef<OpFoldResult> dims) {
  SmallVector<OpFoldResult> merged;
  for (auto [i, d] : llvm::enumerate(type.getShape()))
    merged.push_back(ShapedType::isDynamic(d) ? dims[i] : b.getIndexAttr(d));
  return merged;
}

/// Reshapes `source` to `type` (same element count). Static shapes use
/// collapse_shape/expand_shape (through 1-D when no direct reassociation
/// exists); dynamic ones use tensor.reshape with the shape `dims`.
Value reshapeTo(OpBuilder &b, Location loc, Value source, RankedTensorType type,
                ArrayRef<OpFoldResult> dims) {
  auto srcType = llvm::cast<RankedTensorType>(source.getType());
  if (srcType == type)
    return source;
  ArrayRef<int64_t> src = srcType.getShape(), dst = type.getShape();
  if (srcType.hasStaticShape() && type.hasStaticShape()) {
    if (src.size() > dst.size())
      if (auto re = getReassociationIndicesForCollapse(src, dst))
        return b.create<tensor::CollapseShapeOp>(loc, type, source, *re);
    if (src.size() < dst.size())
      if (auto re = getReassociationIndicesForCollapse(dst, src))
        return b.create<tensor::ExpandShapeOp>(loc, type, source, *re);
    Value flat = source;
    int64_t count = srcType.getNumElements();
    if (src.size() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (int64_t i = 0; i < srcType.getRank(); ++i)
        all[0].push_back(i);
      auto flatType = RankedTensorType::get({count}, type.getElementType());
      flat = b.create<tensor::CollapseShapeOp>(loc, flatType, source, all);
    }
    if (dst.size() == 1)
      return flat;
    SmallVector<ReassociationIndices> all(1);
    for (int64_t i = 0; i < type.getRank(); ++i)
      all[0].push_back(i);
    if (dst.empty())
      all.clear();
    return b.create<tensor::ExpandShapeOp>(loc, type, flat, all);
  }
  SmallVector<Value> dimValues;
  for (OpFoldResult d : mergeDims(b, type, dims))
    dimValues.push_back(toIndex(b, loc, d));
  Value shape = b.create<tensor::FromElementsOp>(
      loc, RankedTensorType::get({(int64_t)dimValues.size()}, b.getIndexType()),
      dimValues);
  return b.create<tensor::ReshapeOp>(loc, type, source, shape);
}

/// Reassociation that groups each kept dim of `dropped.size()` dims with the
/// dropped (unit) dims before it; trailing dropped dims join the last group.
SmallVector<ReassociationIndices> groupUnitDims(ArrayRef<bool> dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (auto [i, drop] : llvm::enumerate(dropped)) {
    pending.push_back(i);
    if (!drop) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!pending.empty() && !groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return groups;
}

//===----------------------------------------------------------------------===//
// constant, identity, dropout
//===----------------------------------------------------------------------===//

struct ConstantLowering : OpRewritePattern<graph::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto value = llvm::dyn_cast<TypedAttr>(op.getValue());
    if (!value || value.getType() != op.getType())
      return weft::lowering::failToLower(
          rewriter, op, "the constant's value does not have the result type");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, op.getType(), value);
    return success();
  }
};

/// Ops whose result is their operand (identity; dropout in inference).
template <typename OpTy> struct ForwardLowering : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), op->getOperand(0),
                                  op->getResult(0).getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape, flatten, squeeze, unsqueeze
//===----------------------------------------------------------------------===//

struct ReshapeLowering : OpRewritePattern<graph::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> dims;
    if (!resultType.hasStaticShape()) {
      auto shapeType = rankedType(op.getShape());
      if (!shapeType || shapeType.getRank() != 1 ||
          shapeType.getDimSize(0) != resultType.getRank())
        return weft::lowering::failToLower(
            rewriter, op,
            "shape must be a 1-D tensor with one value per result dim");
      dims = computeDims(rewriter, loc, op, resultType.getRank());
    }
    rewriter.replaceOp(
        op, reshapeTo(rewriter, loc, op.getData(), resultType, dims));
    return success();
  }

  /// The ONNX result dims at run time: `0` copies the input dim (unless
  /// allowzero) and `-1` takes the remaining elements.
  static SmallVector<OpFoldResult>
  computeDims(OpBuilder &b, Location loc, graph::ReshapeOp op, int64_t rank) {
    IndexMath m{b, loc};
    Value data = op.getData();
    int64_t inRank = rankedType(data).getRank();
    Value total = m.c(1);
    for (int64_t i = 0; i < inRank; ++i)
      total = m.mul(total, m.dim(data, i));
    SmallVector<Value> dims;
    Value known = m.c(1);
    for (int64_t i = 0; i < rank; ++i) {
      Value d = extractIndex(b, loc, op.getShape(), i);
      if (!op.getAllowzero() && i < inRank)
        d = m.select(m.eq(d, m.c(0)), m.dim(data, i), d);
      dims.push_back(d);
      known = m.mul(known, m.select(m.eq(d, m.c(-1)), m.c(1), d));
    }
    Value inferred = m.divs(total, m.max(known, m.c(1)));
    SmallVector<OpFoldResult> result;
    for (Value d : dims)
      result.push_back(m.fold(m.select(m.eq(d, m.c(-1)), inferred, d)));
    return result;
  }
};

struct FlattenLowering : OpRewritePattern<graph::FlattenOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::FlattenOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getInput());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked input or result");
    int64_t rank = inType.getRank();
    std::optional<int64_t> axis =
        (int64_t)op.getAxis() == rank
            ? std::optional<int64_t>(rank)
            : graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return weft::lowering::failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    Value input = op.getInput();
    Value result;
    if (*axis > 0 && *axis < rank) {
      SmallVector<ReassociationIndices> groups(2);
      for (int64_t i = 0; i < rank; ++i)
        groups[i < *axis ? 0 : 1].push_back(i);
      result = rewriter.create<tensor::CollapseShapeOp>(loc, input, groups);
    } else {
      // One side is empty: flatten everything, then add the unit dim.
      Value flat = input;
      if (rank != 1) {
        SmallVector<ReassociationIndices> all(rank == 0 ? 0 : 1);
        for (int64_t i = 0; i < rank; ++i)
          all[0].push_back(i);
        flat = rewriter.create<tensor::CollapseShapeOp>(loc, input, all);
      }
      int64_t n =
          llvm::cast<RankedTensorType>(flat.getType()).getRank() == 0
              ? 1
              : llvm::cast<RankedTensorType>(flat.getType()).getDimSize(0);
      OpFoldResult nSize = rank == 0
                               ? OpFoldResult(rewriter.getIndexAttr(1))
                               : tensor::getMixedSize(rewriter, loc, flat, 0);
      SmallVector<int64_t> shape =
          *axis == 0 ? SmallVector<int64_t>{1, n} : SmallVector<int64_t>{n, 1};
      SmallVector<OpFoldResult> sizes =
          *axis == 0
              ? SmallVector<OpFoldResult>{rewriter.getIndexAttr(1), nSize}
              : SmallVector<OpFoldResult>{nSize, rewriter.getIndexAttr(1)};
      SmallVector<ReassociationIndices> groups;
      if (rank != 0)
        groups.push_back({0, 1});
      result = rewriter.create<tensor::ExpandShapeOp>(
          loc, RankedTensorType::get(shape, resultType.getElementType()), flat,
          groups, sizes);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

struct SqueezeLowering : OpRewritePattern<graph::SqueezeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::SqueezeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    int64_t rank = inType.getRank();
    SmallVector<bool> dropped(rank, false);
    if (std::optional<ArrayRef<int64_t>> axes = op.getAxes()) {
      std::optional<SmallVector<int64_t>> norm = normalizeAxes(*axes, rank);
      if (!norm)
        return weft::lowering::failToLower(rewriter, op,
                                           "axes are out of range");
      for (int64_t a : *norm)
        dropped[a] = true;
    } else {
      for (int64_t i = 0; i < rank; ++i)
        dropped[i] = inType.getDimSize(i) == 1;
    }
    if (rank - llvm::count(dropped, true) != resultType.getRank())
      return weft::lowering::failToLower(
          rewriter, op, "the result rank does not match the squeezed axes");
    // The squeezed dims are 1 even where the input type says `?`.
    SmallVector<int64_t> refined(inType.getShape());
    for (int64_t i = 0; i < rank; ++i)
      if (dropped[i])
        refined[i] = 1;
    Location loc = op.getLoc();
    Value input =
        castTo(rewriter, loc, op.getData(),
               RankedTensorType::get(refined, inType.getElementType()));
    Value result = rewriter.create<tensor::CollapseShapeOp>(
        loc, input, groupUnitDims(dropped));
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

struct UnsqueezeLowering : OpRewritePattern<graph::UnsqueezeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::UnsqueezeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    int64_t rank = resultType.getRank();
    std::optional<SmallVector<int64_t>> axes =
        normalizeAxes(op.getAxes(), rank);
    if (!axes || rank != inType.getRank() + (int64_t)op.getAxes().size())
      return weft::lowering::failToLower(rewriter, op,
                                         "axes do not fit the result rank");
    SmallVector<bool> inserted(rank, false);
    for (int64_t a : *axes)
      inserted[a] = true;
    Location loc = op.getLoc();
    SmallVector<int64_t> shape;
    SmallVector<OpFoldResult> sizes;
    int64_t next = 0;
    for (int64_t i = 0; i < rank; ++i) {
      if (inserted[i]) {
        shape.push_back(1);
        sizes.push_back(rewriter.getIndexAttr(1));
        continue;
      }
      shape.push_back(inType.getDimSize(next));
      sizes.push_back(tensor::getMixedSize(rewriter, loc, op.getData(), next));
      ++next;
    }
    Value result = rewriter.create<tensor::ExpandShapeOp>(
        loc, RankedTensorType::get(shape, inType.getElementType()),
        op.getData(), groupUnitDims(inserted), sizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// transpose, concat, split
//===----------------------------------------------------------------------===//

struct TransposeLowering : OpRewritePattern<graph::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    int64_t rank = inType.getRank();
    SmallVector<int64_t> perm;
    if (std::optional<ArrayRef<int64_t>> p = op.getPerm())
      perm.assign(p->begin(), p->end());
    else
      for (int64_t i = rank - 1; i >= 0; --i)
        perm.push_back(i);
    SmallVector<int64_t> sorted(perm);
    llvm::sort(sorted);
    for (int64_t i = 0; i < (int64_t)sorted.size(); ++i)
      if (sorted[i] != i || (int64_t)perm.size() != rank)
        return weft::lowering::failToLower(rewriter, op,
                                           "perm is not a permutation");
    Location loc = op.getLoc();
    // Refine the input with the result's static dims so both sides agree.
    SmallVector<int64_t> refined(rank);
    for (int64_t i = 0; i < rank; ++i)
      refined[perm[i]] = resultType.getDimSize(i);
    Value input =
        castTo(rewriter, loc, op.getData(), refineType(inType, refined));
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, input, perm[i]));
    Value init = createEmpty(rewriter, loc, resultType, dims);
    auto transpose =
        rewriter.create<linalg::TransposeOp>(loc, input, init, perm);
    rewriter.replaceOp(op, transpose->getResult(0));
    return success();
  }
};

struct ConcatLowering : OpRewritePattern<graph::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ConcatOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    if (!resultType ||
        llvm::any_of(op.getInputs(), [](Value v) { return !rankedType(v); }))
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked input or result");
    int64_t rank = resultType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return weft::lowering::failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value first = op.getInputs().front();
    SmallVector<OpFoldResult> dims =
        tensor::getMixedSizes(rewriter, loc, first);
    Value total = m.c(0);
    for (Value input : op.getInputs())
      total = m.add(total, m.dim(input, *axis));
    dims[*axis] = m.fold(total);
    Value result = createEmpty(rewriter, loc, resultType, dims);
    Value offset = m.c(0);
    for (Value input : op.getInputs()) {
      RankedTensorType type = rankedType(input);
      if (type.hasStaticShape() && type.getNumElements() == 0)
        continue;
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[*axis] = m.fold(offset);
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, input);
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      result = rewriter.create<tensor::InsertSliceOp>(loc, input, result,
                                                      offsets, sizes, strides);
      offset = m.add(offset, m.dim(input, *axis));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplitLowering : OpRewritePattern<graph::SplitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::SplitOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inType = rankedType(op.getInput());
    if (!inType)
      return weft::lowering::failToLower(rewriter, op, "unranked input");
    for (Value r : op.getOutputs())
      if (!rankedType(r))
        return weft::lowering::failToLower(rewriter, op, "unranked result");
    int64_t rank = inType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return weft::lowering::failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    int64_t n = op.getNumResults();
    Value dim = m.dim(op.getInput(), *axis);
    SmallVector<Value> sizes;
    if (std::optional<ArrayRef<int64_t>> split = op.getSplit()) {
      if ((int64_t)split->size() != n)
        return weft::lowering::failToLower(
            rewriter, op, "split has a different count than the results");
      for (int64_t s : *split)
        sizes.push_back(m.c(s));
    } else {
      // Opset 18: ceil(dim / n) each, the last ones smaller.
      Value chunk = m.ceilDiv(dim, m.c(n));
      for (int64_t k = 0; k < n; ++k)
        sizes.push_back(
            m.clamp(m.sub(dim, m.mul(chunk, m.c(k))), m.c(0), chunk));
    }
    SmallVector<Value> results;
    Value offset = m.c(0);
    for (int64_t k = 0; k < n; ++k) {
      RankedTensorType resultType = rankedResult(op, k);
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[*axis] = m.fold(offset);
      SmallVector<OpFoldResult> extent =
          tensor::getMixedSizes(rewriter, loc, op.getInput());
      extent[*axis] = m.fold(sizes[k]);
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      Value slice = rewriter.create<tensor::ExtractSliceOp>(
          loc, op.getInput(), offsets, extent, strides);
      results.push_back(castTo(rewriter, loc, slice, resultType));
      offset = m.add(offset, sizes[k]);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// shape, size, constant_of_shape, expand
//===----------------------------------------------------------------------===//

struct ShapeLowering : OpRewritePattern<graph::ShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ShapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    int64_t rank = inType.getRank();
    auto clampBound = [&](int64_t v) {
      if (v < 0)
        v += rank;
      return std::clamp<int64_t>(v, 0, rank);
    };
    int64_t start = clampBound(op.getStart());
    int64_t end = op.getEnd() ? clampBound(*op.getEnd()) : rank;
    int64_t count = std::max<int64_t>(end - start, 0);
    if (resultType.getRank() != 1 || resultType.getDimSize(0) != count)
      return weft::lowering::failToLower(rewriter, op,
                                         "the result is not a 1-D tensor of "
                                         "the sliced rank");
    Location loc = op.getLoc();
    ArrayRef<int64_t> shape = inType.getShape().slice(start, count);
    if (!llvm::any_of(shape, ShapedType::isDynamic)) {
      auto attr = DenseElementsAttr::get(
          resultType, llvm::map_to_vector(shape, [](int64_t d) {
            return APInt(64, d, /*isSigned=*/true);
          }));
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, resultType, attr);
      return success();
    }
    IndexMath m{rewriter, loc};
    SmallVector<Value> elements;
    for (int64_t i = start; i < end; ++i)
      elements.push_back(rewriter.create<arith::IndexCastOp>(
          loc, resultType.getElementType(), m.dim(op.getData(), i)));
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType,
                                                        elements);
    return success();
  }
};

struct SizeLowering : OpRewritePattern<graph::SizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::SizeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getData());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked data or result");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value count = m.c(1);
    for (int64_t i = 0; i < inType.getRank(); ++i)
      count = m.mul(count, m.dim(op.getData(), i));
    if (std::optional<int64_t> n = getConstantIntValue(count)) {
      auto attr = DenseElementsAttr::get(
          resultType, APInt(resultType.getElementTypeBitWidth(), *n, true));
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, resultType, attr);
      return success();
    }
    Value element = rewriter.create<arith::IndexCastOp>(
        loc, resultType.getElementType(), count);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType,
                                                        ValueRange{element});
    return success();
  }
};

/// The scalar behind a one-element constant attribute as a Value, or null
/// when its element type cannot be a scalar arith.constant (unsigned ints).
Value scalarConstant(OpBuilder &b, Location loc, ElementsAttr attr) {
  Type type = attr.getElementType();
  if (type.isUnsignedInteger() || type.isSignedInteger())
    return {};
  auto value = llvm::dyn_cast<TypedAttr>(*attr.getValues<Attribute>().begin());
  if (!value)
    return {};
  return b.create<arith::ConstantOp>(loc, type, value);
}

struct ConstantOfShapeLowering : OpRewritePattern<graph::ConstantOfShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ConstantOfShapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    if (!resultType)
      return weft::lowering::failToLower(rewriter, op, "unranked result");
    Location loc = op.getLoc();
    ElementsAttr valueAttr = op.getValueAttr();
    if (!valueAttr)
      valueAttr = DenseElementsAttr::get(
          RankedTensorType::get({1}, rewriter.getF32Type()),
          rewriter.getF32FloatAttr(0.0f));
    if (valueAttr.getNumElements() != 1 ||
        valueAttr.getElementType() != resultType.getElementType())
      return weft::lowering::failToLower(
          rewriter, op,
          "value must be one element of the result's element type");
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < resultType.getRank(); ++i)
      dims.push_back(
          resultType.isDynamicDim(i)
              ? OpFoldResult(extractIndex(rewriter, loc, op.getInput(), i))
              : rewriter.getIndexAttr(resultType.getDimSize(i)));
    Value scalar = scalarConstant(rewriter, loc, valueAttr);
    if (!scalar) {
      // Unsigned element types have no scalar arith.constant: a splat.
      if (!resultType.hasStaticShape())
        return weft::lowering::failToLower(
            rewriter, op,
            "a dynamic shape with an unsigned element type is not supported");
      auto splat = DenseElementsAttr::get(
          resultType, *valueAttr.getValues<Attribute>().begin());
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, resultType, splat);
      return success();
    }
    Value init = createEmpty(rewriter, loc, resultType, dims);
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, ValueRange{scalar},
                                                ValueRange{init});
    return success();
  }
};

struct ExpandLowering : OpRewritePattern<graph::ExpandOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ExpandOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = rankedResult(op);
    RankedTensorType inType = rankedType(op.getInput());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked input or result");
    int64_t rank = resultType.getRank(), inRank = inType.getRank();
    if (inRank > rank)
      return weft::lowering::failToLower(
          rewriter, op, "the result rank is below the input's");
    int64_t lead = rank - inRank;
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value input = op.getInput();
    // Output dims: the shape operand broadcast with the input dims.
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < rank; ++i) {
      if (!resultType.isDynamicDim(i)) {
        dims.push_back(rewriter.getIndexAttr(resultType.getDimSize(i)));
        continue;
      }
      Value s = extractIndex(rewriter, loc, op.getShape(), i);
      if (i >= lead)
        s = m.select(m.eq(s, m.c(1)), m.dim(input, i - lead), s);
      dims.push_back(m.fold(s));
    }
    Value init = createEmpty(rewriter, loc, resultType, dims);
    // A static input 1 broadcasts; any other static dim maps through. A
    // dynamic input dim is only known at run time: read it with an index
    // that is 0 where that dim is 1.
    bool runtimeBroadcast = false;
    SmallVector<AffineExpr> exprs;
    for (int64_t j = 0; j < inRank; ++j) {
      int64_t d = inType.getDimSize(j), out = resultType.getDimSize(j + lead);
      if (ShapedType::isDynamic(d) && out != 1)
        runtimeBroadcast = true;
      exprs.push_back(d == 1 && out != 1 ? rewriter.getAffineConstantExpr(0)
                                         : rewriter.getAffineDimExpr(j + lead));
    }
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    linalg::GenericOp generic;
    if (!runtimeBroadcast) {
      AffineMap inMap = AffineMap::get(rank, 0, exprs, rewriter.getContext());
      generic = rewriter.create<linalg::GenericOp>(
          loc, resultType, ValueRange{input}, ValueRange{init},
          ArrayRef<AffineMap>{inMap, identity}, iterators,
          [](OpBuilder &b, Location l, ValueRange args) {
            b.create<linalg::YieldOp>(l, args[0]);
          });
    } else {
      SmallVector<Value> inDims;
      for (int64_t j = 0; j < inRank; ++j)
        inDims.push_back(m.dim(input, j));
      generic = rewriter.create<linalg::GenericOp>(
          loc, resultType, ValueRange{}, ValueRange{init},
          ArrayRef<AffineMap>{identity}, iterators,
          [&](OpBuilder &b, Location l, ValueRange) {
            IndexMath bm{b, l};
            SmallVector<Value> at;
            for (int64_t j = 0; j < inRank; ++j) {
              Value idx = b.create<linalg::IndexOp>(l, j + lead);
              at.push_back(bm.select(bm.eq(inDims[j], bm.c(1)), bm.c(0), idx));
            }
            Value v = b.create<tensor::ExtractOp>(l, input, at);
            b.create<linalg::YieldOp>(l, v);
          });
    }
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void weft::populateGraphDataMovementToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConstantLowering, ForwardLowering<graph::IdentityOp>,
               ForwardLowering<graph::DropoutOp>, ReshapeLowering,
               FlattenLowering, SqueezeLowering, UnsqueezeLowering,
               TransposeLowering, ConcatLowering, SplitLowering, ShapeLowering,
               SizeLowering, ConstantOfShapeLowering, ExpandLowering>(
      patterns.getContext());
  populateSliceGatherPatterns(patterns);
  populatePadPatterns(patterns);
  populateResizePatterns(patterns);
}
