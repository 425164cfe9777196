//===- QuantOps.cpp - Verifiers and inference of the quantization ops -----===//
//
// The ops of GraphQuantOps.td. Both share one scale/zero-point check: the
// scale is a float scalar (per-tensor) or a 1-D tensor with one value per
// slice of `x` along `axis` (per-axis; a single value also means
// per-tensor), and the zero point has the shape of the scale.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace weft::graph;

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

bool isQuantizedType(Type type) {
  auto intType = llvm::dyn_cast<IntegerType>(type);
  return intType && intType.getWidth() == 8 && !intType.isSigned();
}

/// Checks the scale, the zero point's shape and `axis` against `x`.
LogicalResult verifyScaleAndZeroPoint(Operation *op, Value x, Value scale,
                                      Value zeroPoint, int64_t axis) {
  if (!llvm::isa<FloatType>(getElementType(scale.getType())))
    return nodeError(op) << "scale must be a floating-point tensor, got "
                         << scale.getType();
  std::optional<Shape> scaleShape = getShape(scale);
  if (scaleShape && scaleShape->size() > 1)
    return nodeError(op) << "scale must be a scalar or 1-D, got "
                         << scale.getType();
  if (zeroPoint) {
    std::optional<Shape> zeroShape = getShape(zeroPoint);
    if (scaleShape && zeroShape &&
        failed(verifyCompatibleShape(*scaleShape, *zeroShape)))
      return nodeError(op) << "zero_point " << zeroPoint.getType()
                           << " must have the shape of scale "
                           << scale.getType();
  }
  std::optional<Shape> xShape = getShape(x);
  if (!scaleShape || scaleShape->empty() || !xShape)
    return success();
  int64_t rank = xShape->size();
  if (axis < -rank || axis >= rank)
    return nodeError(op) << "axis " << axis << " is out of range for rank "
                         << rank;
  int64_t length = scaleShape->front();
  int64_t dim = (*xShape)[axis < 0 ? axis + rank : axis];
  if (!isDyn(length) && !isDyn(dim) && length != dim && length != 1)
    return nodeError(op) << "scale has " << length << " values but x has size "
                         << dim << " along axis " << axis;
  return success();
}

} // namespace

LogicalResult QuantizeLinearOp::verify() {
  Type xType = getElementType(getX().getType());
  if (!llvm::isa<FloatType>(xType) && !xType.isSignlessInteger(32))
    return nodeError(*this) << "x must be a floating-point or i32 tensor, got "
                            << getX().getType();
  if (Value zeroPoint = getZeroPoint()) {
    if (!isQuantizedType(getElementType(zeroPoint.getType())))
      return nodeError(*this) << "zero_point must be an i8 or ui8 tensor, got "
                              << zeroPoint.getType();
  }
  return verifyScaleAndZeroPoint(*this, getX(), getScale(), getZeroPoint(),
                                 getAxis());
}

LogicalResult QuantizeLinearOp::inferReturnTypes(MLIRContext *ctx,
                                                 std::optional<Location>,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  Type elementType = adaptor.getZeroPoint()
                         ? getElementType(adaptor.getZeroPoint().getType())
                         : IntegerType::get(ctx, 8, IntegerType::Unsigned);
  types.push_back(tensorOf(getShape(adaptor.getX()), elementType));
  return success();
}

LogicalResult DequantizeLinearOp::verify() {
  Type xType = getElementType(getX().getType());
  if (!isQuantizedType(xType) && !xType.isSignlessInteger(32))
    return nodeError(*this)
           << "x must be an i8, ui8 or i32 tensor, got " << getX().getType();
  if (Value zeroPoint = getZeroPoint()) {
    if (xType.isSignlessInteger(32))
      return nodeError(*this) << "zero_point is not allowed with an i32 x";
    if (getElementType(zeroPoint.getType()) != xType)
      return nodeError(*this)
             << "zero_point " << zeroPoint.getType()
             << " must have the element type of x " << getX().getType();
  }
  return verifyScaleAndZeroPoint(*this, getX(), getScale(), getZeroPoint(),
                                 getAxis());
}

LogicalResult
DequantizeLinearOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &types) {
  types.push_back(tensorOf(getShape(adaptor.getX()),
                           getElementType(adaptor.getScale().getType())));
  return success();
}
