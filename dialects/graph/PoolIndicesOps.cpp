//===- PoolIndicesOps.cpp - Verifier and types of graph.max_pool_indices --===//
//
// The result of graph.max_pool_indices has the shape of the pooled values
// `y` and element type i64; the verifier checks the window attributes
// against `x` and that `y` can be its pooling.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

static std::optional<ArrayRef<int64_t>> optionalArray(DenseI64ArrayAttr attr) {
  if (!attr)
    return std::nullopt;
  return attr.asArrayRef();
}

LogicalResult MaxPoolIndicesOp::inferReturnTypes(MLIRContext *context,
                                                 std::optional<Location> loc,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX()), y = getShape(adaptor.getY());
  MaybeShape result = y ? y : x;
  if (result && !y)
    for (size_t i = 2; i < result->size(); ++i)
      (*result)[i] = kDyn;
  types.push_back(tensorOf(result, IntegerType::get(context, 64)));
  return success();
}

LogicalResult MaxPoolIndicesOp::verify() {
  auto error = [&] { return NodeError(getLoc(), getOperationName()); };
  if (getStorageOrder() != 0 && getStorageOrder() != 1)
    return error() << "storage_order must be 0 or 1, got " << getStorageOrder();
  Type xElement = getElementType(getX().getType());
  if (xElement != getElementType(getY().getType()))
    return error() << "y has element type " << getElementType(getY().getType())
                   << " but x has " << xElement;
  ArrayRef<int64_t> kernel = getKernelShape();
  for (int64_t k : kernel)
    if (k <= 0)
      return error() << "kernel_shape must be positive, got " << k;
  if (failed(checkWindowAttrs(kernel.size(), optionalArray(getStridesAttr()),
                              optionalArray(getDilationsAttr()),
                              optionalArray(getPadsAttr()), getAutoPad(),
                              getLoc(), getOperationName())))
    return failure();
  MaybeShape x = getShape(getX()), y = getShape(getY());
  for (const MaybeShape &shape : {x, y})
    if (shape && shape->size() != kernel.size() + 2)
      return error() << "x and y must have rank " << kernel.size() + 2
                     << " (N x C and one dim per kernel dim), got shape "
                     << formatShape(*shape);
  if (x && y)
    for (size_t i = 0; i < 2; ++i)
      if (!isDyn((*x)[i]) && !isDyn((*y)[i]) && (*x)[i] != (*y)[i])
        return error() << "y has shape " << formatShape(*y)
                       << " but x has shape " << formatShape(*x)
                       << " (N and C must agree)";
  return success();
}
