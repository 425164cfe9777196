//===- MathOps.cpp - Verifiers and folders of the graph math ops ----------===//
//
// The ops of GraphMathOps.td: element-type and attribute checks, and the
// folders (unary float math on constants, Sum, LessOrEqual, one-input
// Mean). Like the other verifiers (see GraphOps.cpp) these leave shape
// errors to type inference.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/ConstantEval.h"
#include "dialects/graph/InferenceCommon.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>

using namespace mlir;
using namespace weft::graph;

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

Type elementTypeOf(Value value) { return getElementType(value.getType()); }

LogicalResult checkFloat(Operation *op, Value value, StringRef what) {
  if (!llvm::isa<FloatType>(elementTypeOf(value)))
    return nodeError(op) << what << " must be a floating-point tensor, got "
                         << value.getType();
  return success();
}

/// Integers other than bool, or floats.
LogicalResult checkNumeric(Operation *op, Value value, StringRef what) {
  Type type = elementTypeOf(value);
  if (!llvm::isa<FloatType, IntegerType>(type) || type.isInteger(1))
    return nodeError(op) << what << " must be a numeric tensor, got "
                         << value.getType();
  return success();
}

LogicalResult checkBool(Operation *op, Value value, StringRef what) {
  if (!elementTypeOf(value).isInteger(1))
    return nodeError(op) << what << " must be a bool (i1) tensor, got "
                         << value.getType();
  return success();
}

LogicalResult checkZeroOrOne(Operation *op, int64_t value, StringRef name) {
  if (value != 0 && value != 1)
    return nodeError(op) << name << " must be 0 or 1, got " << value;
  return success();
}

DenseElementsAttr asDense(Attribute attr) {
  return llvm::dyn_cast_if_present<DenseElementsAttr>(attr);
}

ShapedType staticResultType(Value result) {
  auto type = llvm::dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape() || !isFoldableResultType(type))
    return {};
  return type;
}

/// `fn` over each element of a float constant `input` of the result's shape,
/// computed in double and rounded to the element type.
OpFoldResult foldFloatUnary(Attribute input, Value result,
                            double (*fn)(double)) {
  DenseElementsAttr dense = asDense(input);
  ShapedType type = staticResultType(result);
  if (!dense || !type || dense.getType() != type)
    return {};
  auto floatType = llvm::dyn_cast<FloatType>(type.getElementType());
  if (!floatType)
    return {};
  SmallVector<APFloat> values;
  values.reserve(type.getNumElements());
  for (APFloat x : dense.getValues<APFloat>()) {
    APFloat y(fn(x.convertToDouble()));
    bool lost;
    y.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &lost);
    values.push_back(y);
  }
  return DenseElementsAttr::get(type, values);
}

double reciprocal(double x) { return 1.0 / x; }
double roundHalfToEven(double x) { return std::nearbyint(x); }
double softplus(double x) { return std::log1p(std::exp(x)); }
double softsign(double x) { return x / (1.0 + std::fabs(x)); }

} // namespace

//===----------------------------------------------------------------------===//
// Unary math
//===----------------------------------------------------------------------===//

#define GRAPH_FLOAT_MATH(OP, FN)                                               \
  LogicalResult OP::verify() { return checkFloat(*this, getX(), "operand"); }  \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldFloatUnary(adaptor.getX(), getY(),                              \
                          [](double x) -> double { return FN(x); });           \
  }

GRAPH_FLOAT_MATH(ReciprocalOp, reciprocal)
GRAPH_FLOAT_MATH(CeilOp, std::ceil)
GRAPH_FLOAT_MATH(FloorOp, std::floor)
GRAPH_FLOAT_MATH(RoundOp, roundHalfToEven)
GRAPH_FLOAT_MATH(SinOp, std::sin)
GRAPH_FLOAT_MATH(CosOp, std::cos)
GRAPH_FLOAT_MATH(TanOp, std::tan)
GRAPH_FLOAT_MATH(AsinOp, std::asin)
GRAPH_FLOAT_MATH(AcosOp, std::acos)
GRAPH_FLOAT_MATH(AtanOp, std::atan)
GRAPH_FLOAT_MATH(SinhOp, std::sinh)
GRAPH_FLOAT_MATH(CoshOp, std::cosh)
GRAPH_FLOAT_MATH(AsinhOp, std::asinh)
GRAPH_FLOAT_MATH(AcoshOp, std::acosh)
GRAPH_FLOAT_MATH(AtanhOp, std::atanh)
GRAPH_FLOAT_MATH(SoftplusOp, softplus)
GRAPH_FLOAT_MATH(SoftsignOp, softsign)

#undef GRAPH_FLOAT_MATH

LogicalResult SignOp::verify() {
  return checkNumeric(*this, getX(), "operand");
}

// Folded for floats only (integers are rare as constants here).
OpFoldResult SignOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getX(), getY(), [](double x) -> double {
    return x > 0 ? 1.0 : (x < 0 ? -1.0 : x);
  });
}

LogicalResult IsNaNOp::verify() { return checkFloat(*this, getX(), "operand"); }

LogicalResult IsInfOp::verify() {
  if (failed(checkZeroOrOne(*this, getDetectNegative(), "detect_negative")) ||
      failed(checkZeroOrOne(*this, getDetectPositive(), "detect_positive")))
    return failure();
  return checkFloat(*this, getX(), "operand");
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

LogicalResult EluOp::verify() { return checkFloat(*this, getX(), "operand"); }
LogicalResult SeluOp::verify() { return checkFloat(*this, getX(), "operand"); }
LogicalResult ThresholdedReluOp::verify() {
  return checkFloat(*this, getX(), "operand");
}

LogicalResult ShrinkOp::verify() {
  if (getLambd().isNegative())
    return nodeError(*this) << "lambd must not be negative, got "
                            << getLambd().convertToDouble();
  return checkNumeric(*this, getX(), "operand");
}

LogicalResult PReluOp::verify() { return checkNumeric(*this, getX(), "x"); }

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

LogicalResult ModOp::verify() {
  if (failed(checkZeroOrOne(*this, getFmod(), "fmod")) ||
      failed(checkNumeric(*this, getLhs(), "operand")))
    return failure();
  if (getFmod() == 0 && llvm::isa<FloatType>(elementTypeOf(getLhs())))
    return nodeError(*this) << "fmod must be 1 for floating-point operands";
  return success();
}

#define GRAPH_LOGICAL(OP)                                                      \
  LogicalResult OP::verify() {                                                 \
    if (failed(checkBool(*this, getLhs(), "lhs")))                             \
      return failure();                                                        \
    return checkBool(*this, getRhs(), "rhs");                                  \
  }

GRAPH_LOGICAL(AndOp)
GRAPH_LOGICAL(OrOp)
GRAPH_LOGICAL(XorOp)

#undef GRAPH_LOGICAL

LogicalResult BitShiftOp::verify() {
  if (getDirection() != "LEFT" && getDirection() != "RIGHT")
    return nodeError(*this) << "direction must be \"LEFT\" or \"RIGHT\", got \""
                            << getDirection() << "\"";
  Type type = elementTypeOf(getLhs());
  if (!type.isUnsignedInteger())
    return nodeError(*this) << "operands must be unsigned integer tensors, got "
                            << getLhs().getType();
  return success();
}

// a <= b is b >= a; broadcasting is symmetric.
OpFoldResult LessOrEqualOp::fold(FoldAdaptor adaptor) {
  ShapedType type = staticResultType(getResult());
  if (!type)
    return {};
  return evalBinary(BinaryKind::GreaterOrEqual, asDense(adaptor.getRhs()),
                    asDense(adaptor.getLhs()), type);
}

//===----------------------------------------------------------------------===//
// Variadic
//===----------------------------------------------------------------------===//

LogicalResult SumOp::verify() {
  if (getInputs().empty())
    return nodeError(*this) << "needs at least one input";
  return checkNumeric(*this, getInputs().front(), "input");
}

LogicalResult MeanOp::verify() {
  if (getInputs().empty())
    return nodeError(*this) << "needs at least one input";
  return checkFloat(*this, getInputs().front(), "input");
}

OpFoldResult SumOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 &&
      getInputs().front().getType() == getResult().getType())
    return getInputs().front();
  ShapedType type = staticResultType(getResult());
  if (!type)
    return {};
  DenseElementsAttr acc = asDense(adaptor.getInputs().front());
  for (Attribute operand : adaptor.getInputs().drop_front()) {
    if (!acc)
      return {};
    acc = evalBinary(BinaryKind::Add, acc, asDense(operand), type);
  }
  if (!acc || acc.getType() != type)
    return {};
  return acc;
}

OpFoldResult MeanOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 &&
      getInputs().front().getType() == getResult().getType())
    return getInputs().front();
  return {};
}
