//===- Folders.cpp - Folders of the graph ops -----------------------------===//
//
// Folds ops whose operands are constants (through ConstantEval) and ops that
// are no-ops given their types. A folder only produces a constant of the op's
// exact, static result type, so element types never change (i64 stays i64).
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/ConstantEval.h"
#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

namespace {

DenseElementsAttr asDense(Attribute attr) {
  return llvm::dyn_cast_if_present<DenseElementsAttr>(attr);
}

ShapedType staticResultType(Value result) {
  auto type = llvm::dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape())
    return {};
  return type;
}

/// Returns `input` when the op's result has exactly its type.
OpFoldResult foldToOperand(Value input, Value result) {
  if (input.getType() == result.getType())
    return input;
  return {};
}

/// A constant of the result type with the same elements as `attr`.
OpFoldResult reshapeConstant(Attribute attr, Value result) {
  DenseElementsAttr dense = asDense(attr);
  ShapedType type = staticResultType(result);
  if (!dense || !type || !isFoldableResultType(type) ||
      dense.getElementType() != type.getElementType() ||
      dense.getNumElements() != type.getNumElements())
    return {};
  return dense.reshape(type);
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants, no-ops
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult IdentityOp::fold(FoldAdaptor) {
  return foldToOperand(getX(), getY());
}

OpFoldResult DropoutOp::fold(FoldAdaptor) {
  return foldToOperand(getData(), getOutput());
}

OpFoldResult ConstantOfShapeOp::fold(FoldAdaptor) {
  ShapedType type = staticResultType(getOutput());
  if (!type || !isFoldableResultType(type))
    return {};
  if (auto value = asDense(getValueAttr())) {
    if (value.getElementType() != type.getElementType() ||
        value.getNumElements() != 1)
      return {};
    return DenseElementsAttr::get(type, *value.value_begin<Attribute>());
  }
  if (getValueAttr())
    return {};
  if (!llvm::isa<FloatType>(type.getElementType()))
    return {};
  return DenseElementsAttr::get(type, FloatAttr::get(type.getElementType(), 0));
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

#define GRAPH_FOLD_UNARY(OP, KIND)                                             \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    ShapedType type = staticResultType(getY());                                \
    if (!type)                                                                 \
      return {};                                                               \
    return evalUnary(UnaryKind::KIND, asDense(adaptor.getX()), type);          \
  }

GRAPH_FOLD_UNARY(ReluOp, Relu)
GRAPH_FOLD_UNARY(SigmoidOp, Sigmoid)
GRAPH_FOLD_UNARY(TanhOp, Tanh)
GRAPH_FOLD_UNARY(ExpOp, Exp)
GRAPH_FOLD_UNARY(LogOp, Log)
GRAPH_FOLD_UNARY(SqrtOp, Sqrt)
GRAPH_FOLD_UNARY(NegOp, Neg)
GRAPH_FOLD_UNARY(AbsOp, Abs)
GRAPH_FOLD_UNARY(ErfOp, Erf)
GRAPH_FOLD_UNARY(HardSwishOp, HardSwish)
GRAPH_FOLD_UNARY(NotOp, Not)

#undef GRAPH_FOLD_UNARY

#define GRAPH_FOLD_BINARY(OP, KIND)                                            \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    ShapedType type = staticResultType(getResult());                           \
    if (!type)                                                                 \
      return {};                                                               \
    return evalBinary(BinaryKind::KIND, asDense(adaptor.getLhs()),             \
                      asDense(adaptor.getRhs()), type);                        \
  }

GRAPH_FOLD_BINARY(AddOp, Add)
GRAPH_FOLD_BINARY(SubOp, Sub)
GRAPH_FOLD_BINARY(MulOp, Mul)
GRAPH_FOLD_BINARY(DivOp, Div)
GRAPH_FOLD_BINARY(PowOp, Pow)
GRAPH_FOLD_BINARY(EqualOp, Equal)
GRAPH_FOLD_BINARY(GreaterOp, Greater)
GRAPH_FOLD_BINARY(GreaterOrEqualOp, GreaterOrEqual)
GRAPH_FOLD_BINARY(LessOp, Less)

#undef GRAPH_FOLD_BINARY

/// Max or Min over constant operands, folded pairwise into the result shape.
static OpFoldResult foldVariadic(BinaryKind kind, ArrayRef<Attribute> operands,
                                 Value result) {
  ShapedType type = staticResultType(result);
  if (!type || operands.empty())
    return {};
  DenseElementsAttr acc = asDense(operands.front());
  if (!acc)
    return {};
  if (operands.size() == 1)
    return reshapeConstant(acc, result);
  for (Attribute operand : operands.drop_front()) {
    acc = evalBinary(kind, acc, asDense(operand), type);
    if (!acc)
      return {};
  }
  return acc;
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1)
    return foldToOperand(getInputs().front(), getResult());
  return foldVariadic(BinaryKind::Max, adaptor.getInputs(), getResult());
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1)
    return foldToOperand(getInputs().front(), getResult());
  return foldVariadic(BinaryKind::Min, adaptor.getInputs(), getResult());
}

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  ShapedType type = staticResultType(getOutput());
  if (!type)
    return {};
  return evalWhere(asDense(adaptor.getCondition()), asDense(adaptor.getX()),
                   asDense(adaptor.getY()), type);
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getOutput().getType())
    return getInput();
  ShapedType type = staticResultType(getOutput());
  if (!type)
    return {};
  return evalCast(asDense(adaptor.getInput()), type);
}

OpFoldResult ClipOp::fold(FoldAdaptor adaptor) {
  ShapedType type = staticResultType(getOutput());
  if (!type)
    return {};
  DenseElementsAttr min = asDense(adaptor.getMin());
  DenseElementsAttr max = asDense(adaptor.getMax());
  if ((getMin() && !min) || (getMax() && !max))
    return {};
  if (!getMin() && !getMax())
    return foldToOperand(getInput(), getOutput());
  return evalClip(asDense(adaptor.getInput()), min, max, type);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getData().getType() == getReshaped().getType() &&
      staticResultType(getReshaped()))
    return getData();
  return reshapeConstant(adaptor.getData(), getReshaped());
}

OpFoldResult FlattenOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getOutput().getType() &&
      staticResultType(getOutput()))
    return getInput();
  return reshapeConstant(adaptor.getInput(), getOutput());
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  if (getData().getType() == getSqueezed().getType() &&
      staticResultType(getSqueezed()))
    return getData();
  return reshapeConstant(adaptor.getData(), getSqueezed());
}

OpFoldResult UnsqueezeOp::fold(FoldAdaptor adaptor) {
  return reshapeConstant(adaptor.getData(), getExpanded());
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  auto inputType = llvm::dyn_cast<RankedTensorType>(getData().getType());
  if (!inputType)
    return {};
  FailureOr<SmallVector<int64_t>> perm = getTransposePerm(
      getPerm(), inputType.getRank(), std::nullopt, getOperationName());
  if (failed(perm))
    return {};
  bool identity = llvm::equal(*perm, llvm::seq<int64_t>(0, perm->size()));
  if (identity)
    return foldToOperand(getData(), getTransposed());
  ShapedType type = staticResultType(getTransposed());
  if (!type)
    return {};
  return evalTranspose(asDense(adaptor.getData()), *perm, type);
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1)
    return foldToOperand(getInputs().front(), getConcatResult());
  ShapedType type = staticResultType(getConcatResult());
  if (!type)
    return {};
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute attr : adaptor.getInputs()) {
    DenseElementsAttr dense = asDense(attr);
    if (!dense)
      return {};
    inputs.push_back(dense);
  }
  std::optional<int64_t> axis = normalizeAxis(getAxis(), type.getRank());
  if (!axis)
    return {};
  return evalConcat(inputs, *axis, type);
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  ShapedType type = staticResultType(getOutput());
  auto inputType = llvm::dyn_cast<RankedTensorType>(getData().getType());
  if (!type || !inputType || !inputType.hasStaticShape())
    return {};
  if (inputType == type) {
    // Every dim keeps its size: the slice is the identity when each step is
    // positive (a negative step of a full dim reverses it).
    std::optional<Shape> steps;
    if (getSteps())
      steps = getConstantInts(getSteps());
    if (!getSteps() ||
        (steps && llvm::all_of(*steps, [](int64_t s) { return s > 0; })))
      return getData();
  }
  DenseElementsAttr data = asDense(adaptor.getData());
  std::optional<Shape> starts = getConstantInts(getStarts());
  std::optional<Shape> ends = getConstantInts(getEnds());
  if (!data || !starts || !ends || starts->size() != ends->size())
    return {};
  int64_t rank = inputType.getRank();
  Shape axes;
  if (getAxes()) {
    std::optional<Shape> a = getConstantInts(getAxes());
    if (!a)
      return {};
    axes = *a;
  } else {
    for (int64_t i = 0; i < (int64_t)starts->size(); ++i)
      axes.push_back(i);
  }
  Shape steps(starts->size(), 1);
  if (getSteps()) {
    std::optional<Shape> s = getConstantInts(getSteps());
    if (!s)
      return {};
    steps = *s;
  }
  if (axes.size() != starts->size() || steps.size() != starts->size())
    return {};
  Shape fullStarts(rank, 0), fullSteps(rank, 1);
  for (size_t i = 0; i < axes.size(); ++i) {
    std::optional<int64_t> axis = normalizeAxis(axes[i], rank);
    if (!axis || steps[i] == 0)
      return {};
    auto [start, length] = computeSliceRange(
        inputType.getDimSize(*axis), (*starts)[i], (*ends)[i], steps[i]);
    if (length != type.getDimSize(*axis))
      return {};
    fullStarts[*axis] = start;
    fullSteps[*axis] = steps[i];
  }
  return evalSlice(data, fullStarts, fullSteps, type);
}

OpFoldResult GatherOp::fold(FoldAdaptor adaptor) {
  ShapedType type = staticResultType(getOutput());
  DenseElementsAttr data = asDense(adaptor.getData());
  std::optional<Shape> indices = getConstantInts(getIndices());
  if (!type || !data || !indices)
    return {};
  std::optional<int64_t> axis =
      normalizeAxis(getAxis(), data.getType().getRank());
  if (!axis)
    return {};
  return evalGather(data, *indices, *axis, type);
}

OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getOutput().getType() &&
      staticResultType(getOutput()))
    return getInput();
  ShapedType type = staticResultType(getOutput());
  if (!type)
    return {};
  return evalBroadcastTo(asDense(adaptor.getInput()), type);
}

OpFoldResult ShapeOp::fold(FoldAdaptor) {
  auto inputType = llvm::dyn_cast<RankedTensorType>(getData().getType());
  ShapedType type = staticResultType(getShape());
  if (!inputType || !type)
    return {};
  auto [begin, end] =
      computeShapeRange(inputType.getRank(), getStart(), getEnd());
  ArrayRef<int64_t> dims = inputType.getShape().slice(begin, end - begin);
  if (llvm::any_of(dims, isDyn) ||
      type.getNumElements() != (int64_t)dims.size() ||
      !type.getElementType().isInteger(64))
    return {};
  return DenseElementsAttr::get(type, dims);
}

OpFoldResult SizeOp::fold(FoldAdaptor) {
  auto inputType = llvm::dyn_cast<RankedTensorType>(getData().getType());
  ShapedType type = staticResultType(getSize());
  if (!inputType || !inputType.hasStaticShape() || !type ||
      type.getNumElements() != 1 || !type.getElementType().isInteger(64))
    return {};
  return DenseElementsAttr::get(type, {inputType.getNumElements()});
}
