//===- QuantConverters.cpp - ONNX linear quantization onto graph ops ------===//
//
// Converters for the ops of GraphQuantOps.td. QuantizeLinear and
// DequantizeLinear exist from opset 10, where the scale is per-tensor and
// there is no `axis`; opset 13 adds `axis` for a per-axis (1-D) scale. Both
// forms map onto one graph op whose `axis` defaults to 1, as in opset 13.
//
// MatMulInteger and ConvInteger (opset 10, their only version) need no ops
// of their own: both operands are cast to i32, their zero points (when
// given) subtracted, and an i32 matmul or conv accumulates the products.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

template <typename OpTy> LogicalResult convertLinearQuant(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  Value x = n.requiredInput(0), scale = n.requiredInput(1);
  Value zeroPoint = n.input(2);
  llvm::SmallVector<NamedAttribute> attrs;
  if (n.opset >= 13)
    n.copyIntAttr(attrs, "axis");
  else if (n.hasAttr("axis"))
    return n.fail("axis needs opset 13 or later");
  if (n.failed())
    return failure();
  llvm::SmallVector<Value> operands = {x, scale};
  if (zeroPoint)
    operands.push_back(zeroPoint);
  Operation *op = n.create<OpTy>(operands, attrs);
  if (!op)
    return failure();
  n.setOutputs(op->getResults());
  return success();
}

/// True for i8 and ui8 tensors.
bool isEightBit(Value value) {
  auto type = llvm::dyn_cast<IntegerType>(
      llvm::cast<TensorType>(value.getType()).getElementType());
  return type && type.getWidth() == 8 && !type.isSigned();
}

Value castToI32(NodeImporter &n, Value value) {
  Operation *op = n.create<CastOp>(
      value, {n.builder.getNamedAttr(
                 "to", TypeAttr::get(n.builder.getIntegerType(32)))});
  return op ? op->getResult(0) : Value();
}

/// `value` (i8 or ui8) as i32, minus `zeroPoint` (absent: 0) of the same
/// element type. A 1-D zero point gets `trailingDims` unit dims so that
/// broadcasting lines it up with the dim it indexes (the rows of a matmul's
/// A, the output channels of a conv weight). Null after an error.
Value subtractZeroPoint(NodeImporter &n, Value value, Value zeroPoint,
                        llvm::StringRef what, int64_t trailingDims) {
  if (!isEightBit(value)) {
    n.fail(what + " must be an int8 or uint8 tensor");
    return Value();
  }
  Value wide = castToI32(n, value);
  if (!wide || !zeroPoint)
    return wide;
  if (getElementTypeOrSelf(zeroPoint.getType()) !=
      getElementTypeOrSelf(value.getType())) {
    n.fail(what + " and its zero point have different element types");
    return Value();
  }
  auto zeroType = llvm::dyn_cast<RankedTensorType>(zeroPoint.getType());
  if (zeroType && zeroType.getRank() > 1) {
    n.fail(what + "'s zero point must be a scalar or 1-D");
    return Value();
  }
  Value zero = castToI32(n, zeroPoint);
  if (!zero)
    return Value();
  if (zeroType && zeroType.getRank() == 1 && trailingDims > 0) {
    llvm::SmallVector<int64_t> axes;
    for (int64_t i = 1; i <= trailingDims; ++i)
      axes.push_back(i);
    Operation *unsqueeze = n.create<UnsqueezeOp>(
        zero,
        {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(axes))});
    if (!unsqueeze)
      return Value();
    zero = unsqueeze->getResult(0);
  }
  Operation *sub = n.create<SubOp>({wide, zero});
  return sub ? sub->getResult(0) : Value();
}

} // namespace

LogicalResult convertMatMulInteger(NodeImporter &n) {
  if (!n.checkArity(2, 4, 1, 1))
    return failure();
  Value a = n.requiredInput(0), b = n.requiredInput(1);
  Value aZero = n.input(2), bZero = n.input(3);
  if (n.failed())
    return failure();
  // A's 1-D zero point holds one value per row: [M] -> [M, 1].
  Value lhs = subtractZeroPoint(n, a, aZero, "A", 1);
  if (!lhs)
    return failure();
  Value rhs = subtractZeroPoint(n, b, bZero, "B", 0);
  if (!rhs)
    return failure();
  Operation *op = n.create<MatMulOp>({lhs, rhs});
  if (!op)
    return failure();
  n.setOutputs(op->getResults());
  return success();
}

LogicalResult convertConvInteger(NodeImporter &n) {
  if (!n.checkArity(2, 4, 1, 1))
    return failure();
  Value x = n.requiredInput(0), w = n.requiredInput(1);
  Value xZero = n.input(2), wZero = n.input(3);
  llvm::SmallVector<NamedAttribute> attrs;
  n.copyStringAttr(attrs, "auto_pad");
  n.copyIntsAttr(attrs, "dilations");
  n.copyIntAttr(attrs, "group");
  n.copyIntsAttr(attrs, "kernel_shape");
  n.copyIntsAttr(attrs, "pads");
  n.copyIntsAttr(attrs, "strides");
  if (n.failed())
    return failure();
  if (xZero) {
    auto type = llvm::dyn_cast<RankedTensorType>(xZero.getType());
    if (type && type.getNumElements() != 1)
      return n.fail("x_zero_point must be a scalar");
  }
  Value input = subtractZeroPoint(n, x, xZero, "x", 0);
  if (!input)
    return failure();
  // w's 1-D zero point holds one value per output channel: [M] -> [M, 1...].
  auto wType = llvm::dyn_cast<RankedTensorType>(w.getType());
  int64_t wRank = wType ? wType.getRank() : 0;
  Value weight = subtractZeroPoint(n, w, wZero, "w", wRank > 1 ? wRank - 1 : 0);
  if (!weight)
    return failure();
  Operation *op = n.create<ConvOp>({input, weight}, attrs);
  if (!op)
    return failure();
  n.setOutputs(op->getResults());
  return success();
}

LogicalResult convertQuantizeLinear(NodeImporter &n) {
  return convertLinearQuant<QuantizeLinearOp>(n);
}

LogicalResult convertDequantizeLinear(NodeImporter &n) {
  return convertLinearQuant<DequantizeLinearOp>(n);
}

} // namespace weft::importer
