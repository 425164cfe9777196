//===- IndexingTypes.cpp - Verifiers and types of the indexing ops --------===//
//
// The ops of GraphIndexingOps.td: gather_elements, gather_nd,
// scatter_elements, scatter_nd, trilu, tile, one_hot, depth_to_space,
// space_to_depth, eye_like, reverse_sequence and einsum. Verifiers check what
// needs no shapes (element types, attribute values); type inference checks
// the shapes, as everywhere in the dialect (see GraphOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/EinsumEquation.h"
#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

bool isIndexTensor(Value value) {
  Type t = getElementType(value.getType());
  return llvm::isa<IntegerType>(t) && !t.isInteger(1);
}

LogicalResult checkIndices(Operation *op, Value value, StringRef what) {
  if (!isIndexTensor(value))
    return nodeError(op) << what << " must be an integer tensor, got "
                         << value.getType();
  return success();
}

/// True unless `value` is known to hold more than one element.
bool mayBeScalar(Value value) {
  MaybeShape shape = getShape(value);
  return !shape ||
         llvm::all_of(*shape, [](int64_t d) { return isDyn(d) || d == 1; });
}

LogicalResult checkReduction(Operation *op, StringRef reduction) {
  if (!llvm::is_contained({"none", "add", "mul", "max", "min"}, reduction))
    return nodeError(op) << "unknown reduction '" << reduction
                         << "' (expected none, add, mul, max or min)";
  return success();
}

/// The meet of two dims that must agree: the static one wins; nullopt when
/// both are static and differ.
std::optional<int64_t> meetDims(int64_t a, int64_t b) {
  if (isDyn(a))
    return b;
  if (isDyn(b) || a == b)
    return a;
  return std::nullopt;
}

/// Checks that `shape` has the dims `expected` (kDyn matches anything).
LogicalResult checkDims(ArrayRef<int64_t> shape, ArrayRef<int64_t> expected,
                        StringRef what, std::optional<Location> loc,
                        StringRef opName) {
  bool ok = shape.size() == expected.size();
  for (size_t i = 0; ok && i < shape.size(); ++i)
    ok = meetDims(shape[i], expected[i]).has_value();
  if (!ok)
    return NodeError(loc, opName) << what << " has shape " << formatShape(shape)
                                  << " but expected " << formatShape(expected);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// gather_elements, gather_nd
//===----------------------------------------------------------------------===//

LogicalResult GatherElementsOp::verify() {
  return checkIndices(*this, getIndices(), "indices");
}

LogicalResult GatherElementsOp::inferReturnTypes(MLIRContext *,
                                                 std::optional<Location> loc,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape data = getShape(adaptor.getData());
  MaybeShape indices = getShape(adaptor.getIndices());
  if (data) {
    int64_t rank = data->size();
    if (rank == 0)
      return NodeError(loc, opName) << "data must have rank >= 1";
    if (!normalizeAxis(adaptor.getAxis(), rank))
      return NodeError(loc, opName) << "axis " << (int64_t)adaptor.getAxis()
                                    << " is out of range for rank " << rank;
    if (indices && indices->size() != data->size())
      return NodeError(loc, opName)
             << "indices has rank " << indices->size() << " but data has rank "
             << rank << " (they must be equal)";
  }
  types.push_back(tensorOf(indices, elementType));
  return success();
}

LogicalResult GatherNDOp::verify() {
  int64_t batchDims = getBatchDims();
  if (batchDims < 0)
    return nodeError(*this) << "batch_dims must be >= 0, got " << batchDims;
  return checkIndices(*this, getIndices(), "indices");
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape data = getShape(adaptor.getData());
  MaybeShape indices = getShape(adaptor.getIndices());
  int64_t b = adaptor.getBatchDims();
  if (b < 0)
    return NodeError(loc, opName) << "batch_dims must be >= 0, got " << b;
  if (!data || !indices || isDyn(indices->back())) {
    if (indices && indices->empty())
      return NodeError(loc, opName) << "indices must have rank >= 1";
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t r = data->size(), q = indices->size();
  if (q < 1 || r < 1)
    return NodeError(loc, opName) << "data and indices must have rank >= 1";
  if (b >= std::min(q, r))
    return NodeError(loc, opName)
           << "batch_dims " << b << " must be less than the ranks of data ("
           << r << ") and indices (" << q << ")";
  int64_t k = indices->back();
  if (k < 1 || k > r - b)
    return NodeError(loc, opName)
           << "the last dim of indices is " << k << " but must be in [1, "
           << r - b << "] (the rank of data after batch_dims)";
  Shape result;
  for (int64_t i = 0; i < q - 1; ++i) {
    int64_t dim = (*indices)[i];
    if (i < b) {
      std::optional<int64_t> met = meetDims(dim, (*data)[i]);
      if (!met)
        return NodeError(loc, opName)
               << "batch dim " << i << " is " << (*data)[i] << " in data but "
               << dim << " in indices";
      dim = *met;
    }
    result.push_back(dim);
  }
  result.append(data->begin() + b + k, data->end());
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// scatter_elements, scatter_nd
//===----------------------------------------------------------------------===//

static LogicalResult verifyScatter(Operation *op, Value data, Value indices,
                                   Value updates, StringRef reduction) {
  if (failed(checkIndices(op, indices, "indices")) ||
      failed(checkReduction(op, reduction)))
    return failure();
  if (getElementType(updates.getType()) != getElementType(data.getType()))
    return nodeError(op) << "updates has element type "
                         << getElementType(updates.getType())
                         << " but data has " << getElementType(data.getType());
  return success();
}

LogicalResult ScatterElementsOp::verify() {
  return verifyScatter(*this, getData(), getIndices(), getUpdates(),
                       getReduction());
}

LogicalResult
ScatterElementsOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  MaybeShape data = getShape(adaptor.getData());
  MaybeShape indices = getShape(adaptor.getIndices());
  MaybeShape updates = getShape(adaptor.getUpdates());
  if (data) {
    int64_t rank = data->size();
    if (rank == 0)
      return NodeError(loc, opName) << "data must have rank >= 1";
    if (!normalizeAxis(adaptor.getAxis(), rank))
      return NodeError(loc, opName) << "axis " << (int64_t)adaptor.getAxis()
                                    << " is out of range for rank " << rank;
    for (auto [shape, what] :
         {std::pair(&indices, "indices"), std::pair(&updates, "updates")})
      if (*shape && (*shape)->size() != (size_t)rank)
        return NodeError(loc, opName)
               << what << " has rank " << (*shape)->size()
               << " but data has rank " << rank << " (they must be equal)";
  }
  if (indices && updates &&
      failed(checkDims(*updates, *indices, "updates", loc, opName)))
    return failure();
  types.push_back(adaptor.getData().getType());
  return success();
}

LogicalResult ScatterNDOp::verify() {
  return verifyScatter(*this, getData(), getIndices(), getUpdates(),
                       getReduction());
}

LogicalResult ScatterNDOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  MaybeShape data = getShape(adaptor.getData());
  MaybeShape indices = getShape(adaptor.getIndices());
  MaybeShape updates = getShape(adaptor.getUpdates());
  if (indices && indices->empty())
    return NodeError(loc, opName) << "indices must have rank >= 1";
  if (data && data->empty())
    return NodeError(loc, opName) << "data must have rank >= 1";
  if (data && indices && !isDyn(indices->back())) {
    int64_t r = data->size(), k = indices->back();
    if (k < 1 || k > r)
      return NodeError(loc, opName)
             << "the last dim of indices is " << k << " but must be in [1, "
             << r << "] (the rank of data)";
    Shape expected(indices->begin(), indices->end() - 1);
    expected.append(data->begin() + k, data->end());
    if (updates &&
        failed(checkDims(*updates, expected, "updates", loc, opName)))
      return failure();
  }
  types.push_back(adaptor.getData().getType());
  return success();
}

//===----------------------------------------------------------------------===//
// trilu, tile, one_hot
//===----------------------------------------------------------------------===//

LogicalResult TriluOp::verify() {
  int64_t upper = getUpper();
  if (upper != 0 && upper != 1)
    return nodeError(*this) << "upper must be 0 or 1, got " << upper;
  if (Value k = getK()) {
    if (failed(checkIndices(*this, k, "k")))
      return failure();
    if (!mayBeScalar(k))
      return nodeError(*this)
             << "k must be a scalar, got shape " << formatShape(getShape(k));
  }
  return success();
}

LogicalResult TriluOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  MaybeShape shape = getShape(adaptor.getInput());
  if (shape && shape->size() < 2)
    return NodeError(loc, getOperationName())
           << "input must have rank >= 2, got " << formatShape(*shape);
  types.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult TileOp::verify() {
  if (failed(checkIndices(*this, getRepeats(), "repeats")))
    return failure();
  if (std::optional<Shape> repeats = getConstantInts(getRepeats()))
    for (int64_t r : *repeats)
      if (r < 0)
        return nodeError(*this) << "repeats must be >= 0, got " << r;
  return success();
}

LogicalResult TileOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getInput().getType());
  MaybeShape input = getShape(adaptor.getInput());
  FailureOr<std::optional<int64_t>> length =
      get1DLength(adaptor.getRepeats(), "repeats", loc, opName);
  if (failed(length))
    return failure();
  if (input && *length && **length != (int64_t)input->size())
    return NodeError(loc, opName)
           << "repeats has " << **length << " values but the input has rank "
           << input->size();
  std::optional<int64_t> rank =
      input ? std::optional<int64_t>(input->size()) : *length;
  if (!rank) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  Shape result(*rank, kDyn);
  std::optional<Shape> repeats = getConstantInts(adaptor.getRepeats());
  for (int64_t i = 0; i < *rank; ++i) {
    int64_t dim = input ? (*input)[i] : kDyn;
    if (repeats && (*repeats)[i] >= 0 && !isDyn(dim))
      result[i] = dim * (*repeats)[i];
    else if (repeats && (*repeats)[i] == 0)
      result[i] = 0;
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult OneHotOp::verify() {
  Type indexType = getElementType(getIndices().getType());
  if (!llvm::isa<IntegerType, FloatType>(indexType) || indexType.isInteger(1))
    return nodeError(*this) << "indices must be a numeric tensor, got "
                            << getIndices().getType();
  Type depthType = getElementType(getDepth().getType());
  if (!llvm::isa<IntegerType, FloatType>(depthType) || depthType.isInteger(1))
    return nodeError(*this)
           << "depth must be a numeric scalar, got " << getDepth().getType();
  if (!mayBeScalar(getDepth()))
    return nodeError(*this) << "depth must be a scalar, got shape "
                            << formatShape(getShape(getDepth()));
  MaybeShape values = getShape(getValues());
  if (values &&
      (values->size() != 1 || (!isDyn((*values)[0]) && (*values)[0] != 2)))
    return nodeError(*this) << "values must be 1-D with 2 elements (off, on), "
                            << "got shape " << formatShape(*values);
  return success();
}

/// The value of a constant scalar of any numeric type, as an integer
/// (truncated toward zero, as ONNX converts OneHot's depth).
static std::optional<int64_t> getConstantScalarInt(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || attr.getNumElements() != 1)
    return std::nullopt;
  if (llvm::isa<FloatType>(attr.getElementType()))
    return (int64_t)(*attr.getValues<APFloat>().begin()).convertToDouble();
  if (std::optional<Shape> ints = getConstantInts(value))
    return (*ints)[0];
  return std::nullopt;
}

LogicalResult OneHotOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getValues().getType());
  MaybeShape indices = getShape(adaptor.getIndices());
  int64_t depth = kDyn;
  if (std::optional<int64_t> d = getConstantScalarInt(adaptor.getDepth())) {
    if (*d < 1)
      return NodeError(loc, opName) << "depth must be >= 1, got " << *d;
    depth = *d;
  }
  if (!indices) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = indices->size() + 1;
  std::optional<int64_t> axis = normalizeAxis(adaptor.getAxis(), rank);
  if (!axis)
    return NodeError(loc, opName)
           << "axis " << (int64_t)adaptor.getAxis()
           << " is out of range for rank " << rank << " (expected [" << -rank
           << ", " << rank - 1 << "])";
  Shape result(*indices);
  result.insert(result.begin() + *axis, depth);
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// depth_to_space, space_to_depth, eye_like, reverse_sequence
//===----------------------------------------------------------------------===//

LogicalResult DepthToSpaceOp::verify() {
  int64_t blocksize = getBlocksize();
  if (blocksize < 1)
    return nodeError(*this) << "blocksize must be >= 1, got " << blocksize;
  if (getMode() != "DCR" && getMode() != "CRD")
    return nodeError(*this)
           << "unknown mode '" << getMode() << "' (expected DCR or CRD)";
  return success();
}

LogicalResult DepthToSpaceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getInput().getType());
  MaybeShape in = getShape(adaptor.getInput());
  int64_t b = adaptor.getBlocksize();
  if (!in) {
    types.push_back(tensorOf(Shape(4, kDyn), elementType));
    return success();
  }
  if (in->size() != 4)
    return NodeError(loc, opName)
           << "input must have rank 4 (NCHW), got " << formatShape(*in);
  if (b < 1)
    return NodeError(loc, opName) << "blocksize must be >= 1, got " << b;
  int64_t c = (*in)[1];
  if (!isDyn(c) && c % (b * b) != 0)
    return NodeError(loc, opName)
           << "channels (" << c << ") must be a multiple of blocksize^2 ("
           << b * b << ")";
  auto scale = [&](int64_t d) { return isDyn(d) ? kDyn : d * b; };
  Shape result{(*in)[0], isDyn(c) ? kDyn : c / (b * b), scale((*in)[2]),
               scale((*in)[3])};
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult SpaceToDepthOp::verify() {
  int64_t blocksize = getBlocksize();
  if (blocksize < 1)
    return nodeError(*this) << "blocksize must be >= 1, got " << blocksize;
  return success();
}

LogicalResult SpaceToDepthOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getInput().getType());
  MaybeShape in = getShape(adaptor.getInput());
  int64_t b = adaptor.getBlocksize();
  if (!in) {
    types.push_back(tensorOf(Shape(4, kDyn), elementType));
    return success();
  }
  if (in->size() != 4)
    return NodeError(loc, opName)
           << "input must have rank 4 (NCHW), got " << formatShape(*in);
  if (b < 1)
    return NodeError(loc, opName) << "blocksize must be >= 1, got " << b;
  Shape result{(*in)[0], isDyn((*in)[1]) ? kDyn : (*in)[1] * b * b};
  for (int64_t i : {2, 3}) {
    int64_t d = (*in)[i];
    if (!isDyn(d) && d % b != 0)
      return NodeError(loc, opName)
             << "spatial dim " << i << " (" << d
             << ") must be a multiple of blocksize (" << b << ")";
    result.push_back(isDyn(d) ? kDyn : d / b);
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult EyeLikeOp::verify() {
  Type elementType = getDtype() ? *getDtype() : Type();
  if (elementType && !llvm::isa<IntegerType, FloatType>(elementType))
    return nodeError(*this)
           << "dtype must be a numeric or bool type, got " << elementType;
  return success();
}

LogicalResult EyeLikeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  MaybeShape shape = getShape(adaptor.getInput());
  if (shape && shape->size() != 2)
    return NodeError(loc, getOperationName())
           << "input must have rank 2, got " << formatShape(*shape);
  Type elementType = adaptor.getDtype()
                         ? *adaptor.getDtype()
                         : getElementType(adaptor.getInput().getType());
  types.push_back(tensorOf(shape ? shape : Shape(2, kDyn), elementType));
  return success();
}

LogicalResult ReverseSequenceOp::verify() {
  int64_t batch = getBatchAxis(), time = getTimeAxis();
  if ((batch != 0 && batch != 1) || (time != 0 && time != 1) || batch == time)
    return nodeError(*this) << "batch_axis (" << batch << ") and time_axis ("
                            << time << ") must be 0 and 1 in some order";
  return checkIndices(*this, getSequenceLens(), "sequence_lens");
}

LogicalResult
ReverseSequenceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  MaybeShape shape = getShape(adaptor.getInput());
  if (shape && shape->size() < 2)
    return NodeError(loc, opName)
           << "input must have rank >= 2, got " << formatShape(*shape);
  MaybeShape lens = getShape(adaptor.getSequenceLens());
  if (lens && lens->size() != 1)
    return NodeError(loc, opName)
           << "sequence_lens must be 1-D, got shape " << formatShape(*lens);
  int64_t batchAxis = adaptor.getBatchAxis();
  if (shape && lens && (batchAxis == 0 || batchAxis == 1) &&
      !meetDims((*shape)[batchAxis], (*lens)[0]))
    return NodeError(loc, opName)
           << "sequence_lens has " << (*lens)[0]
           << " values but the batch dim is " << (*shape)[batchAxis];
  types.push_back(adaptor.getInput().getType());
  return success();
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

LogicalResult EinsumOp::verify() {
  if (getInputs().empty())
    return nodeError(*this) << "needs at least one operand";
  Type elementType = getElementType(getInputs()[0].getType());
  if (!llvm::isa<IntegerType, FloatType>(elementType) ||
      elementType.isInteger(1))
    return nodeError(*this) << "operands must be numeric, got " << elementType;
  for (Value input : getInputs())
    if (getElementType(input.getType()) != elementType)
      return nodeError(*this)
             << "operands must have one element type, got " << elementType
             << " and " << getElementType(input.getType());
  return success();
}

LogicalResult EinsumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  if (adaptor.getInputs().empty())
    return NodeError(loc, opName) << "needs at least one operand";
  Type elementType = getElementType(adaptor.getInputs()[0].getType());
  SmallVector<Shape> shapes;
  for (Value input : adaptor.getInputs()) {
    MaybeShape shape = getShape(input);
    if (!shape) {
      types.push_back(tensorOf(std::nullopt, elementType));
      return success();
    }
    shapes.push_back(*shape);
  }
  SmallVector<int64_t> ranks;
  for (const Shape &shape : shapes)
    ranks.push_back(shape.size());
  std::string error;
  FailureOr<EinsumEquation> eq =
      EinsumEquation::parse(adaptor.getEquation(), ranks, error);
  if (failed(eq))
    return NodeError(loc, opName)
           << "bad equation '" << adaptor.getEquation() << "': " << error;
  // The size of each label: static sizes must agree, but a `...` dim of 1
  // broadcasts.
  Shape sizes(eq->numLabels, kDyn);
  SmallVector<bool> seen(eq->numLabels, false);
  for (auto [shape, labels] : llvm::zip(shapes, eq->operandLabels)) {
    for (auto [dim, label] : llvm::zip(shape, labels)) {
      if (eq->isEllipsis[label] && dim == 1) {
        if (!seen[label])
          sizes[label] = 1;
        seen[label] = true;
        continue;
      }
      if (eq->isEllipsis[label] && sizes[label] == 1)
        sizes[label] = kDyn;
      seen[label] = true;
      std::optional<int64_t> met = meetDims(sizes[label], dim);
      if (!met)
        return NodeError(loc, opName)
               << "a dim of the equation '" << adaptor.getEquation()
               << "' has sizes " << sizes[label] << " and " << dim;
      sizes[label] = *met;
    }
  }
  Shape result;
  for (int64_t label : eq->resultLabels)
    result.push_back(sizes[label]);
  types.push_back(tensorOf(result, elementType));
  return success();
}
