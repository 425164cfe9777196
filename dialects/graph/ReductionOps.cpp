//===- ReductionOps.cpp - Verifiers and types of the reduction ops --------===//
//
// Verifiers and result-type inference of the ops in GraphReductionOps.td:
// the Reduce* and Arg* families (shared through their ODS classes), hardmax,
// the normalizations, global and Lp pooling, cumsum and top_k.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

LogicalResult checkFlag(Operation *op, int64_t value, StringRef what) {
  if (value != 0 && value != 1)
    return nodeError(op) << what << " must be 0 or 1, got " << value;
  return success();
}

/// Checks that `value` has a floating-point element type.
LogicalResult checkFloat(Operation *op, Value value, StringRef what) {
  if (!isa<FloatType>(getElementType(value.getType())))
    return nodeError(op) << what << " must be a float tensor, got "
                         << value.getType();
  return success();
}

/// The normalized `axis` of a ranked shape, or a node error.
FailureOr<int64_t> checkAxis(int64_t axis, const Shape &shape,
                             std::optional<Location> loc, StringRef opName) {
  std::optional<int64_t> norm = normalizeAxis(axis, shape.size());
  if (!norm)
    return NodeError(loc, opName)
           << "axis " << axis << " is out of range for rank " << shape.size();
  return *norm;
}

/// Ops whose result has the type of the operand, with `axis` in range.
LogicalResult inferSameWithAxis(Value input, std::optional<int64_t> axis,
                                std::optional<Location> loc, StringRef opName,
                                SmallVectorImpl<Type> &types) {
  MaybeShape shape = getShape(input);
  if (shape && axis && failed(checkAxis(*axis, *shape, loc, opName)))
    return failure();
  types.push_back(input.getType());
  return success();
}

/// `N x C x d...` to `N x C x 1...` for the global pools.
LogicalResult inferGlobalPool(Value x, std::optional<Location> loc,
                              StringRef opName, SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(x.getType());
  MaybeShape shape = getShape(x);
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  if (shape->size() < 3)
    return NodeError(loc, opName)
           << "input must have rank >= 3 (N x C x spatial...), got shape "
           << formatShape(*shape);
  Shape result(shape->size(), 1);
  result[0] = (*shape)[0];
  result[1] = (*shape)[1];
  types.push_back(tensorOf(result, elementType));
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Reduce* and Arg* (called from the ODS classes' definitions)
//===----------------------------------------------------------------------===//

LogicalResult weft::graph::verifyReduction(Operation *op, int64_t keepdims,
                                           int64_t noopWithEmptyAxes) {
  if (failed(checkFlag(op, keepdims, "keepdims")))
    return failure();
  return checkFlag(op, noopWithEmptyAxes, "noop_with_empty_axes");
}

LogicalResult
weft::graph::inferReduction(Value data, DenseI64ArrayAttr axesAttr,
                            int64_t keepdims, int64_t noopWithEmptyAxes,
                            std::optional<Location> loc, StringRef opName,
                            SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(data.getType());
  MaybeShape shape = getShape(data);
  bool reduceAll = !axesAttr || axesAttr.empty();
  if (reduceAll && noopWithEmptyAxes) {
    types.push_back(tensorOf(shape, elementType));
    return success();
  }
  if (!shape) {
    // Reducing everything without keepdims gives a scalar whatever the rank.
    types.push_back(reduceAll && !keepdims
                        ? tensorOf(Shape(), elementType)
                        : tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  SmallVector<bool> reduced(rank, reduceAll);
  if (!reduceAll) {
    FailureOr<SmallVector<int64_t>> norm =
        normalizeAxes(axesAttr.asArrayRef(), rank, "axes", loc, opName);
    if (failed(norm))
      return failure();
    for (int64_t axis : *norm)
      reduced[axis] = true;
  }
  Shape result;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced[i])
      result.push_back((*shape)[i]);
    else if (keepdims)
      result.push_back(1);
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult weft::graph::verifyArgReduction(Operation *op, Value data,
                                              int64_t keepdims,
                                              int64_t selectLastIndex) {
  if (failed(checkFlag(op, keepdims, "keepdims")) ||
      failed(checkFlag(op, selectLastIndex, "select_last_index")))
    return failure();
  Type elementType = getElementType(data.getType());
  if (elementType.isInteger(1))
    return nodeError(op) << "data must not be a bool tensor";
  return success();
}

LogicalResult weft::graph::inferArgReduction(Value data, int64_t axis,
                                             int64_t keepdims,
                                             std::optional<Location> loc,
                                             StringRef opName,
                                             SmallVectorImpl<Type> &types) {
  Type i64 = IntegerType::get(data.getContext(), 64);
  MaybeShape shape = getShape(data);
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, i64));
    return success();
  }
  FailureOr<int64_t> norm = checkAxis(axis, *shape, loc, opName);
  if (failed(norm))
    return failure();
  Shape result(*shape);
  if (keepdims)
    result[*norm] = 1;
  else
    result.erase(result.begin() + *norm);
  types.push_back(tensorOf(result, i64));
  return success();
}

//===----------------------------------------------------------------------===//
// Hardmax and the normalizations
//===----------------------------------------------------------------------===//

LogicalResult HardmaxOp::verify() {
  return checkFloat(*this, getInput(), "input");
}

LogicalResult HardmaxOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  return inferSameWithAxis(adaptor.getInput(), adaptor.getAxis(), loc,
                           getOperationName(), types);
}

LogicalResult LpNormalizationOp::verify() {
  // I64Attr getters return uint64_t: compare and print as signed.
  int64_t p = getP();
  if (p != 1 && p != 2)
    return nodeError(*this) << "p must be 1 or 2, got " << p;
  return checkFloat(*this, getInput(), "input");
}

LogicalResult
LpNormalizationOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  return inferSameWithAxis(adaptor.getInput(), adaptor.getAxis(), loc,
                           getOperationName(), types);
}

LogicalResult InstanceNormalizationOp::verify() {
  if (failed(checkFloat(*this, getInput(), "input")))
    return failure();
  if (getEpsilon().isNegative())
    return nodeError(*this) << "epsilon must not be negative";
  Type elementType = getElementType(getInput().getType());
  for (auto [value, what] :
       {std::pair<Value, StringRef>{getScale(), "scale"}, {getBias(), "bias"}})
    if (getElementType(value.getType()) != elementType)
      return nodeError(*this)
             << what << " has element type " << getElementType(value.getType())
             << " but the input has " << elementType;
  return success();
}

LogicalResult InstanceNormalizationOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getInput());
  if (x && x->size() < 3)
    return NodeError(loc, getOperationName())
           << "input must have rank >= 3 (N x C x spatial...), got shape "
           << formatShape(*x);
  int64_t channels = x ? (*x)[1] : kDyn;
  for (auto [value, what] :
       {std::pair<Value, StringRef>{adaptor.getScale(), "scale"},
        {adaptor.getBias(), "bias"}}) {
    MaybeShape shape = getShape(value);
    if (!shape)
      continue;
    if (shape->size() != 1)
      return NodeError(loc, getOperationName())
             << what << " must be 1-D, got shape " << formatShape(*shape);
    if (!isDyn(channels) && !isDyn((*shape)[0]) && (*shape)[0] != channels)
      return NodeError(loc, getOperationName())
             << what << " has " << (*shape)[0] << " elements but the input has "
             << channels << " channels";
  }
  types.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult LRNOp::verify() {
  int64_t size = getSize();
  if (size < 1)
    return nodeError(*this) << "size must be positive, got " << size;
  return checkFloat(*this, getX(), "input");
}

LogicalResult LRNOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX());
  if (x && x->size() < 2)
    return NodeError(loc, getOperationName())
           << "input must have rank >= 2 (N x C x ...), got shape "
           << formatShape(*x);
  types.push_back(adaptor.getX().getType());
  return success();
}

//===----------------------------------------------------------------------===//
// Global and Lp pooling
//===----------------------------------------------------------------------===//

LogicalResult GlobalMaxPoolOp::verify() {
  if (getElementType(getX().getType()).isInteger(1))
    return nodeError(*this) << "input must not be a bool tensor";
  return success();
}

LogicalResult GlobalMaxPoolOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                SmallVectorImpl<Type> &types) {
  return inferGlobalPool(adaptor.getX(), loc, getOperationName(), types);
}

LogicalResult GlobalLpPoolOp::verify() {
  int64_t p = getP();
  if (p < 1)
    return nodeError(*this) << "p must be positive, got " << p;
  return checkFloat(*this, getX(), "input");
}

LogicalResult GlobalLpPoolOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  return inferGlobalPool(adaptor.getX(), loc, getOperationName(), types);
}

LogicalResult LpPoolOp::verify() {
  int64_t p = getP();
  if (p < 1)
    return nodeError(*this) << "p must be positive, got " << p;
  if (failed(checkFlag(*this, getCeilMode(), "ceil_mode")))
    return failure();
  return checkFloat(*this, getX(), "input");
}

LogicalResult LpPoolOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getX().getType());
  ArrayRef<int64_t> kernel = adaptor.getKernelShape();
  MaybeShape x = getShape(adaptor.getX());
  if (x && x->size() != kernel.size() + 2)
    return NodeError(loc, getOperationName())
           << "kernel_shape has " << kernel.size() << " dims but the input "
           << "has shape " << formatShape(*x);
  auto optArray = [](DenseI64ArrayAttr attr) {
    return attr ? std::optional<ArrayRef<int64_t>>(attr.asArrayRef())
                : std::nullopt;
  };
  Shape spatialIn(kernel.size(), kDyn);
  if (x)
    spatialIn.assign(x->begin() + 2, x->end());
  FailureOr<Shape> spatial =
      inferWindowDims(spatialIn, kernel, optArray(adaptor.getStridesAttr()),
                      optArray(adaptor.getDilationsAttr()),
                      optArray(adaptor.getPadsAttr()), adaptor.getAutoPad(),
                      adaptor.getCeilMode() != 0, loc, getOperationName());
  if (failed(spatial))
    return failure();
  Shape result{x ? (*x)[0] : kDyn, x ? (*x)[1] : kDyn};
  result.append(spatial->begin(), spatial->end());
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// CumSum, TopK
//===----------------------------------------------------------------------===//

LogicalResult CumSumOp::verify() {
  if (failed(checkFlag(*this, getExclusive(), "exclusive")) ||
      failed(checkFlag(*this, getReverse(), "reverse")))
    return failure();
  if (getElementType(getX().getType()).isInteger(1))
    return nodeError(*this) << "input must not be a bool tensor";
  return success();
}

LogicalResult CumSumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  return inferSameWithAxis(adaptor.getX(), adaptor.getAxis(), loc,
                           getOperationName(), types);
}

LogicalResult TopKOp::verify() {
  int64_t k = getK();
  if (k < 0)
    return nodeError(*this) << "k must not be negative, got " << k;
  if (failed(checkFlag(*this, getLargest(), "largest")) ||
      failed(checkFlag(*this, getSorted(), "sorted")))
    return failure();
  if (getElementType(getX().getType()).isInteger(1))
    return nodeError(*this) << "input must not be a bool tensor";
  return success();
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getX().getType());
  Type i64 = IntegerType::get(ctx, 64);
  MaybeShape x = getShape(adaptor.getX());
  if (!x) {
    types.push_back(tensorOf(std::nullopt, elementType));
    types.push_back(tensorOf(std::nullopt, i64));
    return success();
  }
  FailureOr<int64_t> axis =
      checkAxis(adaptor.getAxis(), *x, loc, getOperationName());
  if (failed(axis))
    return failure();
  int64_t k = adaptor.getK();
  if (!isDyn((*x)[*axis]) && k > (*x)[*axis])
    return NodeError(loc, getOperationName())
           << "k = " << k << " exceeds the size " << (*x)[*axis] << " of axis "
           << *axis;
  Shape result(*x);
  result[*axis] = k;
  types.push_back(tensorOf(result, elementType));
  types.push_back(tensorOf(result, i64));
  return success();
}
