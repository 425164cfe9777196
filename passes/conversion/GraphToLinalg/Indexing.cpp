//===- Indexing.cpp - The indexing ops of the graph dialect to linalg -----===//
//
// Every op of GraphIndexingOps.td becomes one linalg.generic over its result
// that computes, from linalg.index, where each element comes from:
//
// - gathers, tile, depth_to_space, space_to_depth, reverse_sequence read
//   their source with tensor.extract at the computed position (indices wrap
//   once when negative, then are clamped into the dim, so the read is always
//   in bounds);
// - trilu, eye_like and one_hot select between values by comparing indices;
// - scatters have no scatter in linalg: each result element is a reduction
//   over the candidate updates (those of its row along `axis` for
//   scatter_elements, all of them for scatter_nd) that combines the ones
//   whose index points at it, in row-major order. That costs (elements of
//   data) x (updates per element's search space): fine for the small
//   scatters models use, quadratic for a scatter_nd into a large tensor;
// - einsum is a fill with zero plus a generic with one loop per label,
//   parallel for the result's labels and reduction for the summed ones.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/EinsumEquation.h"
#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
namespace graph = weft::graph;
using namespace weft::datamovement;
using weft::lowering::failToLower;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// An integer (or, for OneHot, floating-point) scalar as an `index`.
Value scalarToIndex(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<FloatType>(t))
    v = b.create<arith::FPToSIOp>(loc, b.getI64Type(), v);
  else if (t.isUnsignedInteger())
    return b.create<arith::IndexCastUIOp>(
        loc, b.getIndexType(), weft::lowering::castToSignless(b, loc, v));
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v);
}

/// ONNX index semantics: a negative `idx` counts from the end of `dim`.
Value wrapIndex(IndexMath &m, Value idx, Value dim) {
  return m.select(m.lt(idx, m.c(0)), m.add(idx, dim), idx);
}

/// `idx` wrapped, then clamped into [0, dim) so that reads stay in bounds.
Value wrapAndClamp(IndexMath &m, Value idx, Value dim) {
  return m.clamp(wrapIndex(m, idx, dim), m.c(0), m.sub(dim, m.c(1)));
}

/// The single element of a one-element tensor of any rank.
Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> zeros(type.getRank(), indexConst(b, loc, 0));
  return b.create<tensor::ExtractOp>(loc, tensor, zeros);
}

/// The sizes of every dim of `value`.
SmallVector<OpFoldResult> mixedSizes(OpBuilder &b, Location loc, Value value) {
  return tensor::getMixedSizes(b, loc, value);
}

SmallVector<Value> loopIndices(OpBuilder &b, Location loc, int64_t count) {
  SmallVector<Value> indices;
  for (int64_t i = 0; i < count; ++i)
    indices.push_back(b.create<linalg::IndexOp>(loc, i));
  return indices;
}

/// True for a static shape with no elements: there is nothing to compute (and
/// the CPU backend's tiling does not take zero-trip loops).
bool isStaticEmpty(RankedTensorType type) {
  return type.hasStaticShape() && type.getNumElements() == 0;
}

/// A linalg.generic over `init`'s shape with parallel loops whose body gets
/// the loop indices and the block arguments of `inputs` (read through
/// `inputMaps`) and returns the element.
Value buildIndexedGeneric(
    OpBuilder &b, Location loc, Value init, ValueRange inputs,
    ArrayRef<AffineMap> inputMaps,
    function_ref<Value(OpBuilder &, Location, ValueRange, ValueRange)> body) {
  auto type = cast<RankedTensorType>(init.getType());
  if (isStaticEmpty(type))
    return init;
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(rank));
  return b
      .create<linalg::GenericOp>(
          loc, type, inputs, ValueRange{init}, maps,
          weft::lowering::parallelIterators(rank),
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            SmallVector<Value> at = loopIndices(nb, nl, rank);
            Value v = body(nb, nl, at, args.drop_back());
            nb.create<linalg::YieldOp>(nl, v);
          })
      .getResult(0);
}

/// The result type of `op` when it and every operand are ranked, else null.
RankedTensorType lowerableResult(Operation *op) {
  RankedTensorType type = rankedResult(op);
  if (!type)
    return {};
  for (Value operand : op->getOperands())
    if (!rankedType(operand))
      return {};
  return type;
}

//===----------------------------------------------------------------------===//
// gather_elements, gather_nd
//===----------------------------------------------------------------------===//

struct GatherElementsLowering : OpRewritePattern<graph::GatherElementsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::GatherElementsOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked data, indices or result");
    int64_t rank = resultType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    Value data = op.getData(), indices = op.getIndices();
    IndexMath m{rewriter, loc};
    Value axisDim = m.dim(data, *axis);
    Value init = createEmpty(rewriter, loc, resultType,
                             mixedSizes(rewriter, loc, indices));
    Value result = buildIndexedGeneric(
        rewriter, loc, init, indices, {rewriter.getMultiDimIdentityMap(rank)},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange args) {
          IndexMath bm{b, l};
          SmallVector<Value> coords(at);
          coords[*axis] =
              wrapAndClamp(bm, scalarToIndex(b, l, args[0]), axisDim);
          return b.create<tensor::ExtractOp>(l, data, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct GatherNDLowering : OpRewritePattern<graph::GatherNDOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::GatherNDOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked data, indices or result");
    Value data = op.getData(), indices = op.getIndices();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t q = indicesType.getRank();
    int64_t r = cast<RankedTensorType>(data.getType()).getRank();
    int64_t k = indicesType.getDimSize(q - 1);
    int64_t batch = op.getBatchDims();
    if (ShapedType::isDynamic(k))
      return failToLower(rewriter, op, "the last dim of indices is dynamic");
    if (resultType.getRank() != q - 1 + r - batch - k)
      return failToLower(rewriter, op, "the result rank does not match");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < q - 1; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, indices, i));
    for (int64_t i = batch + k; i < r; ++i)
      dims.push_back(tensor::getMixedSize(rewriter, loc, data, i));
    SmallVector<Value> dataDims;
    for (int64_t i = 0; i < r; ++i)
      dataDims.push_back(m.dim(data, i));
    Value init = createEmpty(rewriter, loc, resultType, dims);
    Value result = buildIndexedGeneric(
        rewriter, loc, init, {}, {},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange) {
          IndexMath bm{b, l};
          SmallVector<Value> coords(at.take_front(batch));
          SmallVector<Value> tuple(at.take_front(q - 1));
          tuple.push_back(Value());
          for (int64_t j = 0; j < k; ++j) {
            tuple.back() = bm.c(j);
            Value idx = b.create<tensor::ExtractOp>(l, indices, tuple);
            coords.push_back(wrapAndClamp(bm, scalarToIndex(b, l, idx),
                                          dataDims[batch + j]));
          }
          llvm::append_range(coords, at.drop_front(q - 1));
          return b.create<tensor::ExtractOp>(l, data, coords);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// scatter_elements, scatter_nd
//===----------------------------------------------------------------------===//

/// `acc` combined with `update` by ONNX scatter `reduction` (signless
/// scalars; `isUnsigned` picks the integer max/min).
Value combine(OpBuilder &b, Location loc, StringRef reduction, Value acc,
              Value update, bool isUnsigned) {
  bool isFloat = isa<FloatType>(acc.getType());
  if (reduction == "add")
    return isFloat ? b.create<arith::AddFOp>(loc, acc, update).getResult()
                   : b.create<arith::AddIOp>(loc, acc, update).getResult();
  if (reduction == "mul")
    return isFloat ? b.create<arith::MulFOp>(loc, acc, update).getResult()
                   : b.create<arith::MulIOp>(loc, acc, update).getResult();
  if (reduction == "max") {
    if (isFloat)
      return b.create<arith::MaximumFOp>(loc, acc, update);
    return isUnsigned ? b.create<arith::MaxUIOp>(loc, acc, update).getResult()
                      : b.create<arith::MaxSIOp>(loc, acc, update).getResult();
  }
  if (reduction == "min") {
    if (isFloat)
      return b.create<arith::MinimumFOp>(loc, acc, update);
    return isUnsigned ? b.create<arith::MinUIOp>(loc, acc, update).getResult()
                      : b.create<arith::MinSIOp>(loc, acc, update).getResult();
  }
  return update; // none: the later update replaces the earlier one.
}

/// A linalg.generic that starts from `data` and, for each result element,
/// loops over a reduction space of `searchShape` (given by an empty tensor of
/// that shape) combining the updates that `match` returns for it:
/// `match(b, loc, resultIndices, searchIndices)` gives (hit, update).
Value buildScatter(OpBuilder &b, Location loc, Value data, Value searchSpace,
                   StringRef reduction,
                   function_ref<std::pair<Value, Value>(OpBuilder &, Location,
                                                        ValueRange, ValueRange)>
                       match) {
  auto dataType = cast<RankedTensorType>(data.getType());
  if (isStaticEmpty(dataType))
    return data;
  int64_t r = dataType.getRank();
  int64_t s = cast<RankedTensorType>(searchSpace.getType()).getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> searchExprs, dataExprs;
  for (int64_t i = 0; i < s; ++i)
    searchExprs.push_back(b.getAffineDimExpr(r + i));
  for (int64_t i = 0; i < r; ++i)
    dataExprs.push_back(b.getAffineDimExpr(i));
  SmallVector<AffineMap> maps{AffineMap::get(r + s, 0, searchExprs, ctx),
                              AffineMap::get(r + s, 0, dataExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(r, utils::IteratorType::parallel);
  iterators.append(s, utils::IteratorType::reduction);
  Type elementType = dataType.getElementType();
  bool isUnsigned = weft::lowering::isUnsignedInt(elementType);
  return b
      .create<linalg::GenericOp>(
          loc, dataType, ValueRange{searchSpace}, ValueRange{data}, maps,
          iterators,
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            SmallVector<Value> at = loopIndices(nb, nl, r + s);
            auto [hit, update] = match(nb, nl, ArrayRef(at).take_front(r),
                                       ArrayRef(at).drop_front(r));
            Value acc = weft::lowering::castToSignless(nb, nl, args[1]);
            update = weft::lowering::castToSignless(nb, nl, update);
            Value combined =
                combine(nb, nl, reduction, acc, update, isUnsigned);
            Value v = nb.create<arith::SelectOp>(nl, hit, combined, acc);
            nb.create<linalg::YieldOp>(
                nl, weft::lowering::castFromSignless(nb, nl, v, elementType));
          })
      .getResult(0);
}

struct ScatterElementsLowering : OpRewritePattern<graph::ScatterElementsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ScatterElementsOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked data, indices or updates");
    Value data = op.getData(), indices = op.getIndices(),
          updates = op.getUpdates();
    int64_t rank = resultType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    // The search runs over the updates' `axis` dim, or over nothing when
    // the updates are empty (their other dims could not be read).
    Value count = m.c(1);
    for (int64_t i = 0; i < rank; ++i)
      count = m.mul(count, m.dim(indices, i));
    Value searchLength =
        m.select(m.eq(count, m.c(0)), m.c(0), m.dim(indices, *axis));
    std::optional<int64_t> staticLength = getConstantIntValue(searchLength);
    Value searchSpace = createEmpty(
        rewriter, loc,
        RankedTensorType::get({staticLength.value_or(ShapedType::kDynamic)},
                              rewriter.getI8Type()),
        {m.fold(searchLength)});
    Value axisDim = m.dim(data, *axis);
    SmallVector<Value> updateDims;
    for (int64_t i = 0; i < rank; ++i)
      updateDims.push_back(m.dim(indices, i));
    Value source = castTo(rewriter, loc, data, resultType);
    Value result = buildScatter(
        rewriter, loc, source, searchSpace, op.getReduction(),
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange search) {
          IndexMath bm{b, l};
          // The candidate update shares every coordinate but `axis` with the
          // result element; it exists when those are inside the updates.
          Value inside = Value();
          SmallVector<Value> coords;
          for (int64_t i = 0; i < rank; ++i) {
            if (i == *axis) {
              coords.push_back(search[0]);
              continue;
            }
            Value ok = bm.lt(at[i], updateDims[i]);
            inside = inside ? b.create<arith::AndIOp>(l, inside, ok) : ok;
            coords.push_back(bm.min(at[i], bm.sub(updateDims[i], bm.c(1))));
          }
          Value idx = scalarToIndex(
              b, l, b.create<tensor::ExtractOp>(l, indices, coords));
          Value hit = bm.eq(wrapIndex(bm, idx, axisDim), at[*axis]);
          if (inside)
            hit = b.create<arith::AndIOp>(l, hit, inside);
          Value update = b.create<tensor::ExtractOp>(l, updates, coords);
          return std::make_pair(hit, update);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ScatterNDLowering : OpRewritePattern<graph::ScatterNDOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ScatterNDOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked data, indices or updates");
    Value data = op.getData(), indices = op.getIndices(),
          updates = op.getUpdates();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t q = indicesType.getRank();
    int64_t k = indicesType.getDimSize(q - 1);
    if (ShapedType::isDynamic(k))
      return failToLower(rewriter, op, "the last dim of indices is dynamic");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    SmallVector<OpFoldResult> searchDims;
    for (int64_t i = 0; i < q - 1; ++i)
      searchDims.push_back(tensor::getMixedSize(rewriter, loc, indices, i));
    SmallVector<int64_t> searchShape(indicesType.getShape().drop_back());
    Value searchSpace = createEmpty(
        rewriter, loc, RankedTensorType::get(searchShape, rewriter.getI8Type()),
        searchDims);
    SmallVector<Value> dataDims;
    for (int64_t i = 0; i < k; ++i)
      dataDims.push_back(m.dim(data, i));
    Value source = castTo(rewriter, loc, data, resultType);
    Value result = buildScatter(
        rewriter, loc, source, searchSpace, op.getReduction(),
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange search) {
          IndexMath bm{b, l};
          SmallVector<Value> tuple(search);
          tuple.push_back(Value());
          Value hit;
          for (int64_t j = 0; j < k; ++j) {
            tuple.back() = bm.c(j);
            Value idx = scalarToIndex(
                b, l, b.create<tensor::ExtractOp>(l, indices, tuple));
            Value eq = bm.eq(wrapIndex(bm, idx, dataDims[j]), at[j]);
            hit = hit ? b.create<arith::AndIOp>(l, hit, eq) : eq;
          }
          SmallVector<Value> coords(search);
          llvm::append_range(coords, at.drop_front(k));
          Value update = b.create<tensor::ExtractOp>(l, updates, coords);
          return std::make_pair(hit, update);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// trilu, eye_like, one_hot
//===----------------------------------------------------------------------===//

/// `cond ? x : y` for scalars of `type`, unsigned types included (arith
/// works on their signless twins).
Value selectElement(OpBuilder &b, Location loc, Type type, Value cond, Value x,
                    Value y) {
  x = weft::lowering::castToSignless(b, loc, x);
  y = weft::lowering::castToSignless(b, loc, y);
  Value v = b.create<arith::SelectOp>(loc, cond, x, y);
  return weft::lowering::castFromSignless(b, loc, v, type);
}

/// The constant `value` as the signless twin of `type`.
Value signlessConstant(OpBuilder &b, Location loc, Type type, double value) {
  return weft::lowering::createScalar(
      b, loc, weft::lowering::toSignlessType(type), value);
}

struct TriluLowering : OpRewritePattern<graph::TriluOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::TriluOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType || resultType.getRank() < 2)
      return failToLower(rewriter, op, "the input must be ranked, rank >= 2");
    Location loc = op.getLoc();
    Value kTensor = op.getK();
    Value input = op.getInput();
    int64_t rank = resultType.getRank();
    bool upper = op.getUpper() != 0;
    Value init = createEmpty(rewriter, loc, resultType,
                             mixedSizes(rewriter, loc, input));
    Value result = buildIndexedGeneric(
        rewriter, loc, init, input, {rewriter.getMultiDimIdentityMap(rank)},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange args) {
          IndexMath bm{b, l};
          // Scalars read from run-time tensors are read inside the kernel,
          // which is all the CPU backend passes to it.
          Value k = kTensor ? scalarToIndex(b, l, extractScalar(b, l, kTensor))
                            : bm.c(0);
          Value diagonal = bm.sub(at[rank - 1], at[rank - 2]);
          // upper: col - row >= k; lower: col - row <= k.
          Value keep = upper ? bm.lt(bm.sub(diagonal, k), bm.c(0))
                             : bm.lt(bm.sub(k, diagonal), bm.c(0));
          Type type = resultType.getElementType();
          Value zero = signlessConstant(b, l, type, 0);
          return selectElement(b, l, type, keep, zero, args[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct EyeLikeLowering : OpRewritePattern<graph::EyeLikeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::EyeLikeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType || resultType.getRank() != 2)
      return failToLower(rewriter, op, "the input must be ranked, rank 2");
    Location loc = op.getLoc();
    Value init = createEmpty(rewriter, loc, resultType,
                             mixedSizes(rewriter, loc, op.getInput()));
    int64_t k = op.getK();
    Type elementType = resultType.getElementType();
    Value result = buildIndexedGeneric(
        rewriter, loc, init, {}, {},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange) {
          IndexMath bm{b, l};
          Value onDiagonal = bm.eq(bm.sub(at[1], at[0]), bm.c(k));
          Value one = signlessConstant(b, l, elementType, 1);
          Value zero = signlessConstant(b, l, elementType, 0);
          return selectElement(b, l, elementType, onDiagonal, one, zero);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct OneHotLowering : OpRewritePattern<graph::OneHotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::OneHotOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked indices or result");
    int64_t rank = resultType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value indices = op.getIndices(), values = op.getValues();
    Value depthTensor = op.getDepth();
    SmallVector<OpFoldResult> dims = mixedSizes(rewriter, loc, indices);
    dims.insert(
        dims.begin() + *axis,
        resultType.isDynamicDim(*axis)
            ? m.fold(scalarToIndex(rewriter, loc,
                                   extractScalar(rewriter, loc, depthTensor)))
            : rewriter.getIndexAttr(resultType.getDimSize(*axis)));
    Value init = createEmpty(rewriter, loc, resultType, dims);
    SmallVector<AffineExpr> indexExprs;
    for (int64_t i = 0; i < rank; ++i)
      if (i != *axis)
        indexExprs.push_back(rewriter.getAffineDimExpr(i));
    AffineMap indicesMap =
        AffineMap::get(rank, 0, indexExprs, rewriter.getContext());
    Value result = buildIndexedGeneric(
        rewriter, loc, init, indices, {indicesMap},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange args) {
          IndexMath bm{b, l};
          Value depth = scalarToIndex(b, l, extractScalar(b, l, depthTensor));
          Value off = b.create<tensor::ExtractOp>(l, values, bm.c(0));
          Value on = b.create<tensor::ExtractOp>(l, values, bm.c(1));
          // An index outside [-depth, depth) matches no position.
          Value idx = wrapIndex(bm, scalarToIndex(b, l, args[0]), depth);
          return selectElement(b, l, resultType.getElementType(),
                               bm.eq(idx, at[*axis]), on, off);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tile, depth_to_space, space_to_depth, reverse_sequence
//===----------------------------------------------------------------------===//

struct TileLowering : OpRewritePattern<graph::TileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::TileOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked input or result");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value input = op.getInput();
    int64_t rank = resultType.getRank();
    SmallVector<Value> inDims;
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < rank; ++i) {
      inDims.push_back(m.dim(input, i));
      if (!resultType.isDynamicDim(i)) {
        dims.push_back(rewriter.getIndexAttr(resultType.getDimSize(i)));
        continue;
      }
      Value repeat = scalarToIndex(
          rewriter, loc,
          rewriter.create<tensor::ExtractOp>(loc, op.getRepeats(), m.c(i)));
      dims.push_back(m.fold(m.mul(inDims[i], repeat)));
    }
    Value init = createEmpty(rewriter, loc, resultType, dims);
    Value result = buildIndexedGeneric(
        rewriter, loc, init, {}, {},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange) {
          SmallVector<Value> coords;
          for (int64_t i = 0; i < rank; ++i)
            coords.push_back(b.create<arith::RemUIOp>(l, at[i], inDims[i]));
          return b.create<tensor::ExtractOp>(l, input, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The result of depth_to_space or space_to_depth: each result element is
/// read from `input` at `source(at)`.
template <typename OpTy>
LogicalResult lowerBlockRearrangement(
    OpTy op, PatternRewriter &rewriter,
    function_ref<SmallVector<Value>(IndexMath &, ValueRange, Value)> source) {
  RankedTensorType resultType = lowerableResult(op);
  if (!resultType || resultType.getRank() != 4)
    return failToLower(rewriter, op, "the input must be ranked, rank 4");
  Location loc = op.getLoc();
  Value input = op.getInput();
  SmallVector<OpFoldResult> dims;
  IndexMath m{rewriter, loc};
  Value inChannels = m.dim(input, 1);
  int64_t b = op.getBlocksize();
  bool toSpace = std::is_same_v<OpTy, graph::DepthToSpaceOp>;
  dims.push_back(tensor::getMixedSize(rewriter, loc, input, 0));
  dims.push_back(m.fold(toSpace ? m.divs(inChannels, m.c(b * b))
                                : m.mul(inChannels, m.c(b * b))));
  for (int64_t i : {2, 3})
    dims.push_back(m.fold(toSpace ? m.mul(m.dim(input, i), m.c(b))
                                  : m.divs(m.dim(input, i), m.c(b))));
  Value init = createEmpty(rewriter, loc, resultType, dims);
  Value outChannels = m.dim(init, 1);
  Value result = buildIndexedGeneric(
      rewriter, loc, init, {}, {},
      [&](OpBuilder &nb, Location l, ValueRange at, ValueRange) {
        IndexMath bm{nb, l};
        return nb.create<tensor::ExtractOp>(l, input,
                                            source(bm, at, outChannels));
      });
  rewriter.replaceOp(op, result);
  return success();
}

struct DepthToSpaceLowering : OpRewritePattern<graph::DepthToSpaceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::DepthToSpaceOp op,
                                PatternRewriter &rewriter) const override {
    int64_t bs = op.getBlocksize();
    bool dcr = op.getMode() == "DCR";
    return lowerBlockRearrangement(
        op, rewriter, [&](IndexMath &m, ValueRange at, Value outChannels) {
          // Result (n, c, h, w) reads block offset (h % b, w % b) of pixel
          // (h / b, w / b).
          Value b = m.c(bs);
          Value rowOffset = m.b.create<arith::RemUIOp>(m.loc, at[2], b);
          Value colOffset = m.b.create<arith::RemUIOp>(m.loc, at[3], b);
          Value offset = m.add(m.mul(rowOffset, b), colOffset);
          Value channel = dcr ? m.add(m.mul(offset, outChannels), at[1])
                              : m.add(m.mul(at[1], m.c(bs * bs)), offset);
          Value h = m.divs(at[2], b);
          Value w = m.divs(at[3], b);
          return SmallVector<Value>{at[0], channel, h, w};
        });
  }
};

struct SpaceToDepthLowering : OpRewritePattern<graph::SpaceToDepthOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::SpaceToDepthOp op,
                                PatternRewriter &rewriter) const override {
    int64_t bs = op.getBlocksize();
    return lowerBlockRearrangement(
        op, rewriter, [&](IndexMath &m, ValueRange at, Value outChannels) {
          // Result channel (bh * b + bw) * C + c holds input channel c at
          // block offset (bh, bw).
          Value b = m.c(bs);
          Value inChannels = m.divs(outChannels, m.c(bs * bs));
          Value offset = m.divs(at[1], inChannels);
          Value channel = m.b.create<arith::RemUIOp>(m.loc, at[1], inChannels);
          Value rowOffset = m.divs(offset, b);
          Value colOffset = m.b.create<arith::RemUIOp>(m.loc, offset, b);
          Value h = m.add(m.mul(at[2], b), rowOffset);
          Value w = m.add(m.mul(at[3], b), colOffset);
          return SmallVector<Value>{at[0], channel, h, w};
        });
  }
};

struct ReverseSequenceLowering : OpRewritePattern<graph::ReverseSequenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::ReverseSequenceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType || resultType.getRank() < 2)
      return failToLower(rewriter, op, "the input must be ranked, rank >= 2");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    Value input = op.getInput(), lens = op.getSequenceLens();
    int64_t batchAxis = op.getBatchAxis(), timeAxis = op.getTimeAxis();
    Value timeDim = m.dim(input, timeAxis);
    Value init = createEmpty(rewriter, loc, resultType,
                             mixedSizes(rewriter, loc, input));
    Value result = buildIndexedGeneric(
        rewriter, loc, init, {}, {},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange) {
          IndexMath bm{b, l};
          Value len = scalarToIndex(
              b, l, b.create<tensor::ExtractOp>(l, lens, at[batchAxis]));
          len = bm.clamp(len, bm.c(0), timeDim);
          Value t = at[timeAxis];
          Value reversed = bm.sub(bm.sub(len, bm.c(1)), t);
          SmallVector<Value> coords(at);
          coords[timeAxis] = bm.select(bm.lt(t, len), reversed, t);
          return b.create<tensor::ExtractOp>(l, input, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

struct EinsumLowering : OpRewritePattern<graph::EinsumOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::EinsumOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = lowerableResult(op);
    if (!resultType)
      return failToLower(rewriter, op, "unranked operands or result");
    SmallVector<int64_t> ranks;
    for (Value input : op.getInputs())
      ranks.push_back(cast<RankedTensorType>(input.getType()).getRank());
    std::string error;
    FailureOr<graph::EinsumEquation> eq =
        graph::EinsumEquation::parse(op.getEquation(), ranks, error);
    if (failed(eq))
      return failToLower(rewriter, op, error);
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t numLabels = eq->numLabels;

    // A label's loop runs over the first operand dim that is not a
    // broadcast 1; static 1 dims of `...` labels read index 0.
    SmallVector<int64_t> labelSize(numLabels, 1);
    for (auto [input, labels] : llvm::zip(op.getInputs(), eq->operandLabels))
      for (auto [i, label] : llvm::enumerate(labels)) {
        int64_t dim = cast<RankedTensorType>(input.getType()).getDimSize(i);
        if (dim != 1)
          labelSize[label] = dim;
      }
    SmallVector<AffineMap> maps;
    for (auto [input, labels] : llvm::zip(op.getInputs(), eq->operandLabels)) {
      SmallVector<AffineExpr> exprs;
      for (auto [i, label] : llvm::enumerate(labels)) {
        int64_t dim = cast<RankedTensorType>(input.getType()).getDimSize(i);
        bool broadcast =
            eq->isEllipsis[label] && dim == 1 && labelSize[label] != 1;
        exprs.push_back(broadcast ? rewriter.getAffineConstantExpr(0)
                                  : rewriter.getAffineDimExpr(label));
      }
      maps.push_back(AffineMap::get(numLabels, 0, exprs, ctx));
    }
    int64_t outRank = resultType.getRank();
    // The result's labels are the first loops, in order.
    SmallVector<AffineExpr> resultExprs;
    for (int64_t label : eq->resultLabels)
      resultExprs.push_back(rewriter.getAffineDimExpr(label));
    maps.push_back(AffineMap::get(numLabels, 0, resultExprs, ctx));
    SmallVector<utils::IteratorType> iterators(outRank,
                                               utils::IteratorType::parallel);
    iterators.append(numLabels - outRank, utils::IteratorType::reduction);

    // Dynamic result dims come from an operand dim with the same label.
    SmallVector<OpFoldResult> dims;
    for (int64_t label : eq->resultLabels) {
      OpFoldResult size;
      for (auto [input, labels] : llvm::zip(op.getInputs(), eq->operandLabels))
        for (auto [i, l] : llvm::enumerate(labels))
          if (l == label && !size &&
              cast<RankedTensorType>(input.getType()).getDimSize(i) != 1)
            size = tensor::getMixedSize(rewriter, loc, input, i);
      dims.push_back(size ? size : rewriter.getIndexAttr(1));
    }
    Type elementType = resultType.getElementType();
    Type signless = weft::lowering::toSignlessType(elementType);
    Value init = createEmpty(rewriter, loc, resultType, dims);
    if (isStaticEmpty(resultType)) {
      rewriter.replaceOp(op, init);
      return success();
    }
    Value zero = weft::lowering::castFromSignless(
        rewriter, loc, signlessConstant(rewriter, loc, elementType, 0),
        elementType);
    Value filled =
        rewriter.create<linalg::FillOp>(loc, zero, init).getResult(0);
    bool isFloat = isa<FloatType>(signless);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, op.getInputs(), ValueRange{filled}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value product;
          for (Value arg : args.drop_back()) {
            Value v = weft::lowering::castToSignless(b, l, arg);
            product = !product ? v
                      : isFloat
                          ? b.create<arith::MulFOp>(l, product, v).getResult()
                          : b.create<arith::MulIOp>(l, product, v).getResult();
          }
          Value acc = weft::lowering::castToSignless(b, l, args.back());
          Value sum =
              isFloat ? b.create<arith::AddFOp>(l, acc, product).getResult()
                      : b.create<arith::AddIOp>(l, acc, product).getResult();
          b.create<linalg::YieldOp>(
              l, weft::lowering::castFromSignless(b, l, sum, elementType));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void weft::populateGraphIndexingToLinalgPatterns(RewritePatternSet &patterns) {
  patterns
      .add<GatherElementsLowering, GatherNDLowering, ScatterElementsLowering,
           ScatterNDLowering, TriluLowering, EyeLikeLowering, OneHotLowering,
           TileLowering, DepthToSpaceLowering, SpaceToDepthLowering,
           ReverseSequenceLowering, EinsumLowering>(patterns.getContext());
}
