//===- MathConverters.cpp - ONNX math, logic and bit ops onto graph ops ---===//
//
// Converters for the ops of GraphMathOps.td. These operators kept their
// attributes and inputs across opsets 1 to 18, except for the legacy
// `broadcast`/`axis` of And, Or and Xor before opset 7 (LegacyOpsets.h) and
// `consumed_inputs` before opset 6, which only told old runtimes which
// buffers they could reuse and is ignored.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/LegacyOpsets.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

using Attrs = llvm::SmallVector<NamedAttribute>;

/// Builds the graph op of a one-input operator without attributes.
using UnaryEmitter = LogicalResult (*)(NodeImporter &, Value);

template <typename OpTy> LogicalResult emitUnary(NodeImporter &n, Value x) {
  return emit<OpTy>(n, x);
}

const llvm::StringMap<UnaryEmitter> &unaryEmitters() {
  static const llvm::StringMap<UnaryEmitter> table = {
      {"Reciprocal", emitUnary<ReciprocalOp>},
      {"Ceil", emitUnary<CeilOp>},
      {"Floor", emitUnary<FloorOp>},
      {"Round", emitUnary<RoundOp>},
      {"Sign", emitUnary<SignOp>},
      {"Sin", emitUnary<SinOp>},
      {"Cos", emitUnary<CosOp>},
      {"Tan", emitUnary<TanOp>},
      {"Asin", emitUnary<AsinOp>},
      {"Acos", emitUnary<AcosOp>},
      {"Atan", emitUnary<AtanOp>},
      {"Sinh", emitUnary<SinhOp>},
      {"Cosh", emitUnary<CoshOp>},
      {"Asinh", emitUnary<AsinhOp>},
      {"Acosh", emitUnary<AcoshOp>},
      {"Atanh", emitUnary<AtanhOp>},
      {"Softplus", emitUnary<SoftplusOp>},
      {"Softsign", emitUnary<SoftsignOp>},
      {"IsNaN", emitUnary<IsNaNOp>},
  };
  return table;
}

/// Before opset 7 a PRelu slope of more than one element holds one value per
/// channel (dim 1 of x), as in Caffe; it gets trailing unit dims so that
/// numpy broadcasting lines it up with dim 1. Null after an error.
Value legacyPReluSlope(NodeImporter &n, Value x, Value slope) {
  auto xType = llvm::dyn_cast<RankedTensorType>(x.getType());
  auto slopeType = llvm::dyn_cast<RankedTensorType>(slope.getType());
  if (n.opset >= 7 || !xType || !slopeType || slopeType.getRank() != 1 ||
      slopeType.getDimSize(0) == 1 || xType.getRank() < 3)
    return slope;
  llvm::SmallVector<int64_t> axes;
  for (int64_t i = 1; i + 1 < xType.getRank(); ++i)
    axes.push_back(i);
  Operation *op = n.create<UnsqueezeOp>(
      slope,
      {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(axes))});
  return op ? op->getResult(0) : Value();
}

} // namespace

LogicalResult convertMathUnary(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (n.failed())
    return failure();
  auto it = unaryEmitters().find(n.opType);
  if (it == unaryEmitters().end())
    return n.fail("operator is not supported");
  return it->second(n, x);
}

LogicalResult convertActivation(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  llvm::StringRef t = n.opType;
  if (t == "Elu" || t == "ThresholdedRelu") {
    n.copyFloatAttr(attrs, "alpha");
  } else if (t == "Selu") {
    n.copyFloatAttr(attrs, "alpha");
    n.copyFloatAttr(attrs, "gamma");
  } else if (t == "Shrink") {
    n.copyFloatAttr(attrs, "bias");
    n.copyFloatAttr(attrs, "lambd");
  } else if (t == "IsInf") {
    n.copyIntAttr(attrs, "detect_negative");
    n.copyIntAttr(attrs, "detect_positive");
  } else {
    return n.fail("operator is not supported");
  }
  if (n.failed())
    return failure();
  if (t == "Elu")
    return emit<EluOp>(n, x, attrs);
  if (t == "ThresholdedRelu")
    return emit<ThresholdedReluOp>(n, x, attrs);
  if (t == "Selu")
    return emit<SeluOp>(n, x, attrs);
  if (t == "Shrink")
    return emit<ShrinkOp>(n, x, attrs);
  return emit<IsInfOp>(n, x, attrs);
}

// Celu(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1)), which is
// alpha * Elu(x / alpha) with Elu's alpha 1 (ONNX's own function body).
LogicalResult convertCelu(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  float alpha = n.floatAttr("alpha").value_or(1.0f);
  if (n.failed())
    return failure();
  auto type = llvm::cast<TensorType>(x.getType());
  if (!llvm::isa<FloatType>(type.getElementType()))
    return n.fail("input must be a floating-point tensor");
  if (alpha == 0.0f)
    return n.fail("alpha must not be 0");
  Value alphaValue = n.constantScalar(type.getElementType(), alpha);
  Operation *scaled = n.create<DivOp>({x, alphaValue});
  if (!scaled)
    return failure();
  Operation *elu = n.create<EluOp>(scaled->getResult(0));
  if (!elu)
    return failure();
  return emit<MulOp>(n, {elu->getResult(0), alphaValue});
}

LogicalResult convertMathBinary(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value a = n.requiredInput(0), b = n.requiredInput(1);
  Attrs attrs;
  llvm::StringRef t = n.opType;
  if (t == "Mod") {
    n.copyIntAttr(attrs, "fmod");
  } else if (t == "BitShift") {
    if (!n.hasAttr("direction"))
      return n.fail("attribute 'direction' is required");
    n.copyStringAttr(attrs, "direction");
  }
  if (n.failed())
    return failure();
  if (t == "And" || t == "Or" || t == "Xor") {
    b = legacyBroadcastOperand(n, a, b);
    if (!b)
      return failure();
  }
  if (t == "PRelu") {
    b = legacyPReluSlope(n, a, b);
    if (!b)
      return failure();
    return emit<PReluOp>(n, {a, b});
  }
  if (t == "Mod")
    return emit<ModOp>(n, {a, b}, attrs);
  if (t == "BitShift")
    return emit<BitShiftOp>(n, {a, b}, attrs);
  if (t == "LessOrEqual")
    return emit<LessOrEqualOp>(n, {a, b});
  if (t == "And")
    return emit<AndOp>(n, {a, b});
  if (t == "Or")
    return emit<OrOp>(n, {a, b});
  if (t == "Xor")
    return emit<XorOp>(n, {a, b});
  return n.fail("operator is not supported");
}

// Before opset 8 Sum and Mean did not broadcast; their inputs then have one
// shape, which numpy broadcasting leaves alone.
LogicalResult convertSumMean(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, 1))
    return failure();
  llvm::SmallVector<Value> inputs;
  for (unsigned i = 0; i < n.numInputs(); ++i)
    inputs.push_back(n.requiredInput(i));
  if (n.failed())
    return failure();
  if (n.opType == "Sum")
    return emit<SumOp>(n, inputs);
  return emit<MeanOp>(n, inputs);
}

} // namespace weft::importer
