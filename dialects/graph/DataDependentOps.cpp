//===- DataDependentOps.cpp - Types and verifiers of data-dependent ops ---===//
//
// graph.nonzero, graph.compress, graph.unique and graph.non_max_suppression:
// the dims their data decides are dynamic in the inferred types; every other
// dim follows the operands.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace weft::graph;

/// `axis` normalized against `rank`, or a node error.
static FailureOr<int64_t> checkedAxis(int64_t axis, int64_t rank,
                                        std::optional<Location> loc,
                                        StringRef opName) {
  if (axis < -rank || axis >= rank)
    return NodeError(loc, opName) << "axis " << axis << " is out of range for "
                                  << "rank " << rank;
  return axis < 0 ? axis + rank : axis;
}

bool weft::graph::hasDataDependentShape(Operation *op) {
  return isa<NonZeroOp, CompressOp, UniqueOp, NonMaxSuppressionOp,
             StringNormalizerOp>(op);
}

bool weft::graph::isRuntimeBuiltin(Operation *op) {
  if (hasDataDependentShape(op) || isa<TfIdfVectorizerOp>(op))
    return true;
  // Casts to or from strings.
  auto isString = [](Type type) {
    return isa<StringType>(getElementTypeOrSelf(type));
  };
  return isa<CastOp>(op) && (isString(op->getOperand(0).getType()) ||
                             isString(op->getResult(0).getType()));
}

//===--- nonzero ----------------------------------------------------------===//

LogicalResult NonZeroOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX());
  MaybeShape result;
  if (x)
    result = Shape{std::max<int64_t>(1, x->size()), kDyn};
  else
    result = Shape{kDyn, kDyn};
  types.push_back(tensorOf(result, IntegerType::get(context, 64)));
  return success();
}

//===--- compress ---------------------------------------------------------===//

LogicalResult CompressOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  MaybeShape input = getShape(adaptor.getInput());
  Type element = getElementType(adaptor.getInput().getType());
  MaybeShape result;
  if (!adaptor.getAxis()) {
    result = Shape{kDyn};
  } else if (input) {
    auto axis = checkedAxis(int64_t(*adaptor.getAxis()), input->size(), loc,
                              getOperationName());
    if (failed(axis))
      return failure();
    result = input;
    (*result)[*axis] = kDyn;
  }
  types.push_back(tensorOf(result, element));
  return success();
}

LogicalResult CompressOp::verify() {
  MaybeShape condition = getShape(getCondition());
  if (condition && condition->size() != 1)
    return NodeError(getLoc(), getOperationName())
           << "condition must be 1-D, got shape " << formatShape(*condition);
  MaybeShape input = getShape(getInput());
  if (input && getAxis() && failed(checkedAxis(int64_t(*getAxis()), input->size(),
                                                 getLoc(), getOperationName())))
    return failure();
  return success();
}

//===--- unique -----------------------------------------------------------===//

LogicalResult UniqueOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX());
  Type element = getElementType(adaptor.getX().getType());
  Type i64 = IntegerType::get(context, 64);
  MaybeShape y, inverse;
  if (!adaptor.getAxis()) {
    y = Shape{kDyn};
    inverse = Shape{kDyn};
    if (x)
      if (std::optional<int64_t> n = getNumElements(*x))
        inverse = Shape{*n};
  } else if (x) {
    auto axis =
        checkedAxis(int64_t(*adaptor.getAxis()), x->size(), loc, getOperationName());
    if (failed(axis))
      return failure();
    y = x;
    (*y)[*axis] = kDyn;
    inverse = Shape{(*x)[*axis]};
  } else {
    inverse = Shape{kDyn};
  }
  types.push_back(tensorOf(y, element));
  types.push_back(RankedTensorType::get({kDyn}, i64));
  types.push_back(tensorOf(inverse, i64));
  types.push_back(RankedTensorType::get({kDyn}, i64));
  return success();
}

LogicalResult UniqueOp::verify() {
  if (getSorted() != 0 && getSorted() != 1)
    return NodeError(getLoc(), getOperationName())
           << "sorted must be 0 or 1, got " << getSorted();
  MaybeShape x = getShape(getX());
  if (x && getAxis() &&
      failed(checkedAxis(int64_t(*getAxis()), x->size(), getLoc(),
                           getOperationName())))
    return failure();
  return success();
}

//===--- non_max_suppression ----------------------------------------------===//

LogicalResult NonMaxSuppressionOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  types.push_back(
      RankedTensorType::get({kDyn, 3}, IntegerType::get(context, 64)));
  return success();
}

LogicalResult NonMaxSuppressionOp::verify() {
  auto error = [&] { return NodeError(getLoc(), getOperationName()); };
  if (getCenterPointBox() != 0 && getCenterPointBox() != 1)
    return error() << "center_point_box must be 0 or 1, got "
                   << getCenterPointBox();
  MaybeShape boxes = getShape(getBoxes()), scores = getShape(getScores());
  if (boxes && (boxes->size() != 3 || (!isDyn((*boxes)[2]) && (*boxes)[2] != 4)))
    return error() << "boxes must be batch x spatial x 4, got shape "
                   << formatShape(*boxes);
  if (scores && scores->size() != 3)
    return error() << "scores must be batch x classes x spatial, got shape "
                   << formatShape(*scores);
  if (boxes && scores)
    for (auto [b, s] : {std::pair<size_t, size_t>{0, 0}, {1, 2}}) {
      int64_t bd = (*boxes)[b], sd = (*scores)[s];
      if (!isDyn(bd) && !isDyn(sd) && bd != sd)
        return error() << "boxes (shape " << formatShape(*boxes)
                       << ") and scores (shape " << formatShape(*scores)
                       << ") disagree on the "
                       << (b == 0 ? "batch" : "number of boxes");
    }
  for (Value scalar : {getMaxOutputBoxesPerClass(), getIouThreshold(),
                       getScoreThreshold()}) {
    if (!scalar)
      continue;
    MaybeShape shape = getShape(scalar);
    if (shape && getNumElements(*shape) && *getNumElements(*shape) != 1)
      return error() << "max_output_boxes_per_class, iou_threshold and "
                        "score_threshold must hold one value, got shape "
                     << formatShape(*shape);
  }
  return success();
}
