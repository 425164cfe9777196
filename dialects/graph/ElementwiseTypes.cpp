//===- ElementwiseTypes.cpp - Type inference of elementwise graph ops -----===//
//
// Result types of the constant, unary, binary, comparison, variadic and
// select ops: ONNX multidirectional broadcasting over the operand shapes.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

namespace {

/// The operand's own type (as a tensor type).
Type sameAs(Value value) {
  return tensorOf(getShape(value), getElementType(value.getType()));
}

/// Fails when `a` and `b` have different element types.
LogicalResult checkSameElementType(Value a, Value b, StringRef what,
                                   std::optional<Location> loc,
                                   StringRef opName) {
  Type ea = getElementType(a.getType());
  Type eb = getElementType(b.getType());
  if (ea != eb)
    return NodeError(loc, opName)
           << what << " element types differ: " << ea << " vs " << eb;
  return success();
}

/// Broadcast of `values` with `elementType`.
LogicalResult inferBroadcast(ValueRange values, Type elementType,
                             std::optional<Location> loc, StringRef opName,
                             SmallVectorImpl<Type> &types) {
  FailureOr<MaybeShape> shape = broadcastValues(values, loc, opName);
  if (failed(shape))
    return failure();
  types.push_back(tensorOf(*shape, elementType));
  return success();
}

} // namespace

#define GRAPH_SAME_TYPE_AS(OP, GETTER)                                         \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     OP::Adaptor adaptor,                      \
                                     SmallVectorImpl<Type> &types) {           \
    types.push_back(sameAs(adaptor.GETTER()));                                 \
    return success();                                                          \
  }

GRAPH_SAME_TYPE_AS(ReluOp, getX)
GRAPH_SAME_TYPE_AS(SigmoidOp, getX)
GRAPH_SAME_TYPE_AS(TanhOp, getX)
GRAPH_SAME_TYPE_AS(ExpOp, getX)
GRAPH_SAME_TYPE_AS(LogOp, getX)
GRAPH_SAME_TYPE_AS(SqrtOp, getX)
GRAPH_SAME_TYPE_AS(NegOp, getX)
GRAPH_SAME_TYPE_AS(AbsOp, getX)
GRAPH_SAME_TYPE_AS(ErfOp, getX)
GRAPH_SAME_TYPE_AS(HardSwishOp, getX)
GRAPH_SAME_TYPE_AS(NotOp, getX)
GRAPH_SAME_TYPE_AS(IdentityOp, getX)
GRAPH_SAME_TYPE_AS(LeakyReluOp, getX)
GRAPH_SAME_TYPE_AS(HardSigmoidOp, getX)
GRAPH_SAME_TYPE_AS(ClipOp, getInput)
GRAPH_SAME_TYPE_AS(DropoutOp, getData)
GRAPH_SAME_TYPE_AS(SoftmaxOp, getInput)
GRAPH_SAME_TYPE_AS(BatchNormalizationOp, getX)

#undef GRAPH_SAME_TYPE_AS

/// Arithmetic with both operands of one element type.
#define GRAPH_ARITH_BINARY(OP)                                                 \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *, std::optional<Location> loc, OP::Adaptor adaptor,         \
      SmallVectorImpl<Type> &types) {                                          \
    if (failed(checkSameElementType(adaptor.getLhs(), adaptor.getRhs(),        \
                                    "operand", loc, getOperationName())))      \
      return failure();                                                        \
    return inferBroadcast(adaptor.getOperands(),                               \
                          getElementType(adaptor.getLhs().getType()), loc,     \
                          getOperationName(), types);                          \
  }

GRAPH_ARITH_BINARY(AddOp)
GRAPH_ARITH_BINARY(SubOp)
GRAPH_ARITH_BINARY(MulOp)
GRAPH_ARITH_BINARY(DivOp)

#undef GRAPH_ARITH_BINARY

/// Comparisons: operands of one element type, an i1 result.
#define GRAPH_COMPARE(OP)                                                      \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, OP::Adaptor adaptor,      \
      SmallVectorImpl<Type> &types) {                                          \
    if (failed(checkSameElementType(adaptor.getLhs(), adaptor.getRhs(),        \
                                    "operand", loc, getOperationName())))      \
      return failure();                                                        \
    return inferBroadcast(adaptor.getOperands(), IntegerType::get(ctx, 1),     \
                          loc, getOperationName(), types);                     \
  }

GRAPH_COMPARE(EqualOp)
GRAPH_COMPARE(GreaterOp)
GRAPH_COMPARE(GreaterOrEqualOp)
GRAPH_COMPARE(LessOp)

#undef GRAPH_COMPARE

// ONNX Pow allows an exponent of another numeric type; the result has the
// base's type.
LogicalResult PowOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferBroadcast(adaptor.getOperands(),
                        getElementType(adaptor.getLhs().getType()), loc,
                        getOperationName(), types);
}

/// Max and Min: one or more operands of one element type.
static LogicalResult inferVariadic(ValueRange inputs,
                                   std::optional<Location> loc,
                                   StringRef opName,
                                   SmallVectorImpl<Type> &types) {
  if (inputs.empty())
    return NodeError(loc, opName) << "needs at least one input";
  for (Value input : inputs.drop_front())
    if (failed(
            checkSameElementType(inputs.front(), input, "input", loc, opName)))
      return failure();
  return inferBroadcast(inputs, getElementType(inputs.front().getType()), loc,
                        opName, types);
}

LogicalResult MaxOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferVariadic(adaptor.getInputs(), loc, getOperationName(), types);
}

LogicalResult MinOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferVariadic(adaptor.getInputs(), loc, getOperationName(), types);
}

LogicalResult WhereOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  if (failed(checkSameElementType(adaptor.getX(), adaptor.getY(), "x and y",
                                  loc, getOperationName())))
    return failure();
  return inferBroadcast(adaptor.getOperands(),
                        getElementType(adaptor.getX().getType()), loc,
                        getOperationName(), types);
}

LogicalResult CastOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  types.push_back(tensorOf(getShape(adaptor.getInput()), adaptor.getTo()));
  return success();
}

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  auto value = llvm::dyn_cast_if_present<TypedAttr>(adaptor.getValue());
  if (!value)
    return NodeError(loc, getOperationName()) << "has no value";
  types.push_back(value.getType());
  return success();
}

LogicalResult ConstantOfShapeOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = Float32Type::get(ctx);
  if (auto value = adaptor.getValueAttr())
    elementType = getElementType(llvm::cast<TypedAttr>(value).getType());
  if (std::optional<Shape> dims = getConstantInts(adaptor.getInput())) {
    for (int64_t d : *dims)
      if (d < 0)
        return NodeError(loc, opName) << "shape has a negative dim " << d
                                      << " in " << formatShape(*dims);
    types.push_back(RankedTensorType::get(*dims, elementType));
    return success();
  }
  FailureOr<std::optional<int64_t>> rank =
      get1DLength(adaptor.getInput(), "shape", loc, opName);
  if (failed(rank))
    return failure();
  if (!*rank) {
    types.push_back(UnrankedTensorType::get(elementType));
    return success();
  }
  types.push_back(RankedTensorType::get(Shape(**rank, kDyn), elementType));
  return success();
}
