//===- MathTypes.cpp - Type inference of the graph math ops ---------------===//
//
// Result types of the ops in GraphMathOps.td: unary math and activations
// keep the operand's type, classification gives i1, binary and variadic ops
// broadcast (numpy rules), and PRelu keeps the type of `x`.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

namespace {

Type sameAs(Value value) {
  return tensorOf(getShape(value), getElementType(value.getType()));
}

LogicalResult checkSameElementTypes(ValueRange values, StringRef what,
                                    std::optional<Location> loc,
                                    StringRef opName) {
  if (values.empty())
    return NodeError(loc, opName) << "needs at least one input";
  Type first = getElementType(values.front().getType());
  for (Value value : values.drop_front()) {
    Type other = getElementType(value.getType());
    if (other != first)
      return NodeError(loc, opName)
             << what << " element types differ: " << first << " vs " << other;
  }
  return success();
}

/// The broadcast of `values`, all of one element type, with `elementType`
/// (null: the operands' element type).
LogicalResult inferBroadcast(ValueRange values, Type elementType,
                             std::optional<Location> loc, StringRef opName,
                             SmallVectorImpl<Type> &types) {
  if (failed(checkSameElementTypes(values, "operand", loc, opName)))
    return failure();
  FailureOr<MaybeShape> shape = broadcastValues(values, loc, opName);
  if (failed(shape))
    return failure();
  if (!elementType)
    elementType = getElementType(values.front().getType());
  types.push_back(tensorOf(*shape, elementType));
  return success();
}

} // namespace

#define GRAPH_SAME_TYPE_AS_X(OP)                                               \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     OP::Adaptor adaptor,                      \
                                     SmallVectorImpl<Type> &types) {           \
    types.push_back(sameAs(adaptor.getX()));                                   \
    return success();                                                          \
  }

GRAPH_SAME_TYPE_AS_X(ReciprocalOp)
GRAPH_SAME_TYPE_AS_X(CeilOp)
GRAPH_SAME_TYPE_AS_X(FloorOp)
GRAPH_SAME_TYPE_AS_X(RoundOp)
GRAPH_SAME_TYPE_AS_X(SinOp)
GRAPH_SAME_TYPE_AS_X(CosOp)
GRAPH_SAME_TYPE_AS_X(TanOp)
GRAPH_SAME_TYPE_AS_X(AsinOp)
GRAPH_SAME_TYPE_AS_X(AcosOp)
GRAPH_SAME_TYPE_AS_X(AtanOp)
GRAPH_SAME_TYPE_AS_X(SinhOp)
GRAPH_SAME_TYPE_AS_X(CoshOp)
GRAPH_SAME_TYPE_AS_X(AsinhOp)
GRAPH_SAME_TYPE_AS_X(AcoshOp)
GRAPH_SAME_TYPE_AS_X(AtanhOp)
GRAPH_SAME_TYPE_AS_X(SoftplusOp)
GRAPH_SAME_TYPE_AS_X(SoftsignOp)
GRAPH_SAME_TYPE_AS_X(SignOp)
GRAPH_SAME_TYPE_AS_X(EluOp)
GRAPH_SAME_TYPE_AS_X(SeluOp)
GRAPH_SAME_TYPE_AS_X(ThresholdedReluOp)
GRAPH_SAME_TYPE_AS_X(ShrinkOp)

#undef GRAPH_SAME_TYPE_AS_X

#define GRAPH_CLASSIFY(OP)                                                     \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location>, OP::Adaptor adaptor,          \
      SmallVectorImpl<Type> &types) {                                          \
    types.push_back(                                                           \
        tensorOf(getShape(adaptor.getX()), IntegerType::get(ctx, 1)));         \
    return success();                                                          \
  }

GRAPH_CLASSIFY(IsNaNOp)
GRAPH_CLASSIFY(IsInfOp)

#undef GRAPH_CLASSIFY

/// Binary ops whose result has the operands' element type (or i1).
#define GRAPH_BROADCAST(OP, RESULT_TYPE)                                       \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, OP::Adaptor adaptor,      \
      SmallVectorImpl<Type> &types) {                                          \
    (void)ctx;                                                                 \
    return inferBroadcast(adaptor.getOperands(), RESULT_TYPE, loc,             \
                          getOperationName(), types);                          \
  }

GRAPH_BROADCAST(ModOp, Type())
GRAPH_BROADCAST(BitShiftOp, Type())
GRAPH_BROADCAST(AndOp, IntegerType::get(ctx, 1))
GRAPH_BROADCAST(OrOp, IntegerType::get(ctx, 1))
GRAPH_BROADCAST(XorOp, IntegerType::get(ctx, 1))
GRAPH_BROADCAST(LessOrEqualOp, IntegerType::get(ctx, 1))
GRAPH_BROADCAST(SumOp, Type())
GRAPH_BROADCAST(MeanOp, Type())

#undef GRAPH_BROADCAST

// The slope broadcasts to x (unidirectionally): the result is x's type.
LogicalResult PReluOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Value x = adaptor.getX(), slope = adaptor.getSlope();
  SmallVector<Value, 2> operands{x, slope};
  if (failed(checkSameElementTypes(operands, "x and slope", loc, opName)))
    return failure();
  MaybeShape xShape = getShape(x), slopeShape = getShape(slope);
  if (xShape && slopeShape) {
    FailureOr<MaybeShape> merged = broadcastValues(operands, loc, opName);
    if (failed(merged))
      return failure();
    bool widens = (*merged)->size() > xShape->size();
    for (size_t i = 0; !widens && i < xShape->size(); ++i) {
      int64_t d = (*xShape)[i], m = (**merged)[i];
      widens = !isDyn(d) && !isDyn(m) && d != m;
    }
    if (widens)
      return NodeError(loc, opName)
             << "slope of shape " << formatShape(slopeShape)
             << " does not broadcast to x of shape " << formatShape(xShape);
  }
  types.push_back(sameAs(x));
  return success();
}
