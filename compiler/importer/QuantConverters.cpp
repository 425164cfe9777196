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
// QLinearMatMul and QLinearConv (opset 10, their only version) build on
// that i32 accumulation and requantize it: the accumulator, as a float,
// times the multiplier `x_scale * w_scale / y_scale` (computed in the
// scales' type, per output channel or column when w's scale is), goes
// through quantize_linear with a scale of 1 and y's zero point, which
// rounds half to even, adds the zero point and saturates.
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

/// `value` with `count` unit dims appended when it is 1-D (a per-row or
/// per-channel parameter lined up with dim 0 of what it broadcasts against);
/// unchanged otherwise. Null after an error.
Value appendUnitDimsTo1D(NodeImporter &n, Value value, int64_t count) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 1 || count <= 0)
    return value;
  llvm::SmallVector<int64_t> axes;
  for (int64_t i = 1; i <= count; ++i)
    axes.push_back(i);
  Operation *op = n.create<UnsqueezeOp>(
      value,
      {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(axes))});
  return op ? op->getResult(0) : Value();
}

/// Checks that a scale is a float tensor of at most one dim, and that a
/// per-tensor one (`perTensor`) has one element.
LogicalResult checkScale(NodeImporter &n, Value scale, llvm::StringRef what,
                         bool perTensor) {
  auto type = llvm::dyn_cast<RankedTensorType>(scale.getType());
  if (!type || !llvm::isa<FloatType>(type.getElementType()))
    return n.fail(what + " must be a ranked floating-point tensor");
  if (type.getRank() > 1)
    return n.fail(what + " must be a scalar or 1-D");
  if (perTensor && type.hasStaticShape() && type.getNumElements() != 1)
    return n.fail(what + " must be a scalar (per-tensor)");
  return success();
}

/// Requantizes the i32 accumulator `acc`: `acc * multiplier` rounded half
/// to even, plus `yZero`, saturated to yZero's type. `yAxis` is the axis of
/// a per-axis `yZero`. Null after an error.
Value requantize(NodeImporter &n, Value acc, Value multiplier, Value yZero,
                 int64_t yAxis) {
  auto zeroType = llvm::dyn_cast<RankedTensorType>(yZero.getType());
  if (!zeroType || !zeroType.hasStaticShape() || zeroType.getRank() > 1) {
    n.fail("y_zero_point must be a scalar or a static 1-D tensor");
    return Value();
  }
  if (!isEightBit(yZero)) {
    n.fail("y_zero_point must be an int8 or uint8 tensor");
    return Value();
  }
  Type floatType = getElementTypeOrSelf(multiplier.getType());
  Operation *cast = n.create<CastOp>(
      acc, {n.builder.getNamedAttr("to", TypeAttr::get(floatType))});
  if (!cast)
    return Value();
  Operation *scaled = n.create<MulOp>({cast->getResult(0), multiplier});
  if (!scaled)
    return Value();
  // A scale of ones shaped like the zero point: the multiplier already
  // holds the whole scale, and dividing by 1 is exact.
  auto onesType = RankedTensorType::get(zeroType.getShape(), floatType);
  Value ones = n.constant(
      DenseElementsAttr::get(onesType, n.builder.getFloatAttr(floatType, 1.0)));
  llvm::SmallVector<NamedAttribute> attrs;
  if (zeroType.getRank() == 1 && zeroType.getDimSize(0) != 1)
    attrs.push_back(
        n.builder.getNamedAttr("axis", n.builder.getI64IntegerAttr(yAxis)));
  Operation *q =
      n.create<QuantizeLinearOp>({scaled->getResult(0), ones, yZero}, attrs);
  return q ? q->getResult(0) : Value();
}

/// `lhsScale * rhsScale / yScale`, each already shaped to broadcast against
/// the accumulator. Null after an error.
Value computeMultiplier(NodeImporter &n, Value lhsScale, Value rhsScale,
                        Value yScale) {
  if (getElementTypeOrSelf(lhsScale.getType()) !=
          getElementTypeOrSelf(rhsScale.getType()) ||
      getElementTypeOrSelf(lhsScale.getType()) !=
          getElementTypeOrSelf(yScale.getType())) {
    n.fail("the scales must have one element type");
    return Value();
  }
  Operation *product = n.create<MulOp>({lhsScale, rhsScale});
  if (!product)
    return Value();
  Operation *ratio = n.create<DivOp>({product->getResult(0), yScale});
  return ratio ? ratio->getResult(0) : Value();
}

/// The int32 product (a - a_zero) x (b - b_zero) of MatMulInteger and
/// QLinearMatMul: a's 1-D zero point holds one value per row ([M] ->
/// [M, 1]), b's one per column.
Value integerMatMul(NodeImporter &n, Value a, Value aZero, StringRef aName,
                    Value b, Value bZero, StringRef bName) {
  Value lhs = subtractZeroPoint(n, a, aZero, aName, 1);
  Value rhs = lhs ? subtractZeroPoint(n, b, bZero, bName, 0) : Value();
  Operation *op = rhs ? n.create<MatMulOp>({lhs, rhs}) : nullptr;
  return op ? op->getResult(0) : Value();
}

/// The int32 convolution (x - x_zero) * (w - w_zero) of ConvInteger and
/// QLinearConv: x's zero point is a scalar, w's 1-D one holds one value per
/// output channel ([M] -> [M, 1...]).
Value integerConv(NodeImporter &n, Value x, Value xZero, Value w, Value wZero,
                  llvm::ArrayRef<NamedAttribute> attrs) {
  if (xZero) {
    auto type = llvm::dyn_cast<RankedTensorType>(xZero.getType());
    if (type && type.hasStaticShape() && type.getNumElements() != 1) {
      n.fail("x_zero_point must be a scalar");
      return Value();
    }
  }
  Value input = subtractZeroPoint(n, x, xZero, "x", 0);
  if (!input)
    return Value();
  auto wType = llvm::dyn_cast<RankedTensorType>(w.getType());
  int64_t wRank = wType ? wType.getRank() : 0;
  Value weight = subtractZeroPoint(n, w, wZero, "w", wRank > 1 ? wRank - 1 : 0);
  Operation *op = weight ? n.create<ConvOp>({input, weight}, attrs) : nullptr;
  return op ? op->getResult(0) : Value();
}

} // namespace

LogicalResult convertMatMulInteger(NodeImporter &n) {
  if (!n.checkArity(2, 4, 1, 1))
    return failure();
  Value a = n.requiredInput(0), b = n.requiredInput(1);
  Value aZero = n.input(2), bZero = n.input(3);
  if (n.failed())
    return failure();
  Value y = integerMatMul(n, a, aZero, "A", b, bZero, "B");
  if (!y)
    return failure();
  n.setOutputs(y);
  return success();
}

LogicalResult convertConvInteger(NodeImporter &n) {
  if (!n.checkArity(2, 4, 1, 1))
    return failure();
  Value x = n.requiredInput(0), w = n.requiredInput(1);
  Value xZero = n.input(2), wZero = n.input(3);
  llvm::SmallVector<NamedAttribute> attrs;
  n.copyConvAttrs(attrs);
  if (n.failed())
    return failure();
  Value y = integerConv(n, x, xZero, w, wZero, attrs);
  if (!y)
    return failure();
  n.setOutputs(y);
  return success();
}

LogicalResult convertQLinearMatMul(NodeImporter &n) {
  if (!n.checkArity(8, 8, 1, 1))
    return failure();
  Value a = n.requiredInput(0), aScale = n.requiredInput(1),
        aZero = n.requiredInput(2), b = n.requiredInput(3),
        bScale = n.requiredInput(4), bZero = n.requiredInput(5),
        yScale = n.requiredInput(6), yZero = n.requiredInput(7);
  if (n.failed() || failed(checkScale(n, aScale, "a_scale", false)) ||
      failed(checkScale(n, bScale, "b_scale", false)) ||
      failed(checkScale(n, yScale, "y_scale", false)))
    return failure();
  // a's and y's 1-D parameters hold one value per row ([M] -> [M, 1]), b's
  // one per column (they broadcast against the last dim as they are).
  Value acc = integerMatMul(n, a, aZero, "a", b, bZero, "b");
  if (!acc)
    return failure();
  Value rowScale = appendUnitDimsTo1D(n, aScale, 1);
  Value outScale = rowScale ? appendUnitDimsTo1D(n, yScale, 1) : Value();
  Value multiplier =
      outScale ? computeMultiplier(n, rowScale, bScale, outScale) : Value();
  if (!multiplier)
    return failure();
  auto accType = llvm::dyn_cast<RankedTensorType>(acc.getType());
  int64_t rowAxis = accType ? std::max<int64_t>(accType.getRank() - 2, 0) : 0;
  Value y = requantize(n, acc, multiplier, yZero, rowAxis);
  if (!y)
    return failure();
  n.setOutputs(y);
  return success();
}

LogicalResult convertQLinearConv(NodeImporter &n) {
  if (!n.checkArity(8, 9, 1, 1))
    return failure();
  Value x = n.requiredInput(0), xScale = n.requiredInput(1),
        xZero = n.requiredInput(2), w = n.requiredInput(3),
        wScale = n.requiredInput(4), wZero = n.requiredInput(5),
        yScale = n.requiredInput(6), yZero = n.requiredInput(7);
  Value bias = n.input(8);
  llvm::SmallVector<NamedAttribute> attrs;
  n.copyConvAttrs(attrs);
  if (n.failed() || failed(checkScale(n, xScale, "x_scale", true)) ||
      failed(checkScale(n, wScale, "w_scale", false)) ||
      failed(checkScale(n, yScale, "y_scale", true)))
    return failure();
  auto yZeroType = llvm::dyn_cast<RankedTensorType>(yZero.getType());
  if (yZeroType && yZeroType.hasStaticShape() &&
      yZeroType.getNumElements() != 1)
    return n.fail("y_zero_point must be a scalar");
  // w's (and the bias's) 1-D parameters hold one value per output channel.
  auto wType = llvm::dyn_cast<RankedTensorType>(w.getType());
  if (!wType || wType.getRank() < 3)
    return n.fail("w must be a ranked tensor of rank >= 3");
  int64_t spatial = wType.getRank() - 2;
  Value acc = integerConv(n, x, xZero, w, wZero, attrs);
  if (!acc)
    return failure();
  if (bias) {
    auto biasType = llvm::dyn_cast<RankedTensorType>(bias.getType());
    if (!biasType || biasType.getRank() != 1 ||
        !biasType.getElementType().isSignlessInteger(32))
      return n.fail("B must be a 1-D int32 tensor");
    Value channelBias = appendUnitDimsTo1D(n, bias, spatial);
    Operation *sum =
        channelBias ? n.create<AddOp>({acc, channelBias}) : nullptr;
    if (!sum)
      return failure();
    acc = sum->getResult(0);
  }
  Value channelScale = appendUnitDimsTo1D(n, wScale, spatial);
  Value multiplier = channelScale
                         ? computeMultiplier(n, xScale, channelScale, yScale)
                         : Value();
  if (!multiplier)
    return failure();
  Value y = requantize(n, acc, multiplier, yZero, /*yAxis=*/1);
  if (!y)
    return failure();
  n.setOutputs(y);
  return success();
}

LogicalResult convertQuantizeLinear(NodeImporter &n) {
  return convertLinearQuant<QuantizeLinearOp>(n);
}

LogicalResult convertDequantizeLinear(NodeImporter &n) {
  return convertLinearQuant<DequantizeLinearOp>(n);
}

} // namespace weft::importer
