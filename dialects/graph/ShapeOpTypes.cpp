//===- ShapeOpTypes.cpp - Type inference of shape-manipulating ops --------===//
//
// Result types of the ops that move, select or reinterpret elements:
// reshape, flatten, transpose, concat, split, slice, gather, squeeze,
// unsqueeze, shape, size, expand, pad and resize. Operands
// that ONNX passes as tensors (a reshape's shape, slice bounds, pads, resize
// scales) give exact dims when they are constants, otherwise the right rank.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

#include <cmath>

using namespace mlir;
using namespace weft::graph;

//===----------------------------------------------------------------------===//
// Reshape, flatten, transpose
//===----------------------------------------------------------------------===//

namespace weft::graph {
/// The result dims of ONNX Reshape of `input` (nullopt: unranked) to the
/// requested `target` dims (with 0 and -1). Shared with the folder.
FailureOr<Shape> computeReshapeDims(const MaybeShape &input,
                                    ArrayRef<int64_t> target, bool allowZero,
                                    std::optional<Location> loc,
                                    StringRef opName) {
  Shape dims;
  int64_t inferAt = -1;
  bool hasZero = false;
  for (auto [i, d] : llvm::enumerate(target)) {
    if (d == -1) {
      if (inferAt >= 0)
        return NodeError(loc, opName)
               << "shape " << formatShape(target) << " has more than one -1";
      inferAt = i;
      dims.push_back(kDyn);
    } else if (d < -1) {
      return NodeError(loc, opName)
             << "shape has an invalid dim " << d << " (dims must be >= -1)";
    } else if (d == 0 && !allowZero) {
      if (input && i >= input->size())
        return NodeError(loc, opName)
               << "shape dim " << i << " is 0 (copy the input dim) but the "
               << "input has rank " << input->size();
      dims.push_back(input ? (*input)[i] : kDyn);
    } else {
      hasZero |= d == 0;
      dims.push_back(d);
    }
  }
  if (allowZero && hasZero && inferAt >= 0)
    return NodeError(loc, opName)
           << "shape has both 0 and -1 while allowzero is set";
  std::optional<int64_t> inputCount =
      input ? getNumElements(*input) : std::nullopt;
  if (inferAt >= 0) {
    // Dims copied by 0 appear on both sides and cancel, so a dynamic batch
    // dim copied with 0 still lets -1 be inferred.
    Shape known, remaining;
    for (auto [i, d] : llvm::enumerate(target)) {
      bool copied = d == 0 && !allowZero;
      if (!copied && (int64_t)i != inferAt)
        known.push_back(dims[i]);
    }
    if (input)
      for (auto [i, d] : llvm::enumerate(*input))
        if (!(i < target.size() && target[i] == 0 && !allowZero))
          remaining.push_back(d);
    if (input)
      inputCount = getNumElements(remaining);
    std::optional<int64_t> knownCount = getNumElements(known);
    if (inputCount && knownCount) {
      if (*knownCount == 0 || *inputCount % *knownCount != 0)
        return NodeError(loc, opName)
               << "cannot reshape " << formatShape(*input) << " to "
               << formatShape(target);
      dims[inferAt] = *inputCount / *knownCount;
    }
  } else if (inputCount) {
    std::optional<int64_t> count = getNumElements(dims);
    if (count && *count != *inputCount)
      return NodeError(loc, opName)
             << "cannot reshape " << formatShape(*input) << " (" << *inputCount
             << " elements) to " << formatShape(dims) << " (" << *count
             << " elements)";
  }
  return dims;
}
} // namespace weft::graph

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape input = weft::graph::getShape(adaptor.getData());
  if (std::optional<Shape> target = getConstantInts(adaptor.getShape())) {
    FailureOr<Shape> dims = computeReshapeDims(
        input, *target, adaptor.getAllowzero() != 0, loc, opName);
    if (failed(dims))
      return failure();
    types.push_back(tensorOf(*dims, elementType));
    return success();
  }
  FailureOr<std::optional<int64_t>> rank =
      get1DLength(adaptor.getShape(), "shape", loc, opName);
  if (failed(rank))
    return failure();
  types.push_back(*rank ? tensorOf(Shape(**rank, kDyn), elementType)
                        : tensorOf(std::nullopt, elementType));
  return success();
}

static int64_t productOf(ArrayRef<int64_t> dims) {
  std::optional<int64_t> n = getNumElements(dims);
  return n ? *n : kDyn;
}

LogicalResult FlattenOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getInput().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getInput());
  if (!shape) {
    types.push_back(tensorOf(Shape{kDyn, kDyn}, elementType));
    return success();
  }
  int64_t rank = shape->size();
  int64_t axis = adaptor.getAxis();
  if (axis < -rank || axis > rank)
    return NodeError(loc, getOperationName())
           << "axis " << axis << " is out of range for rank " << rank
           << " (expected [" << -rank << ", " << rank << "])";
  if (axis < 0)
    axis += rank;
  ArrayRef<int64_t> dims(*shape);
  types.push_back(tensorOf(
      Shape{productOf(dims.take_front(axis)), productOf(dims.drop_front(axis))},
      elementType));
  return success();
}

namespace weft::graph {
/// The permutation of a transpose (the reverse when `perm` is absent), checked
/// against `rank`.
FailureOr<SmallVector<int64_t>>
getTransposePerm(std::optional<ArrayRef<int64_t>> perm, int64_t rank,
                 std::optional<Location> loc, StringRef opName) {
  SmallVector<int64_t> result;
  if (!perm) {
    for (int64_t i = rank - 1; i >= 0; --i)
      result.push_back(i);
    return result;
  }
  if ((int64_t)perm->size() != rank)
    return NodeError(loc, opName) << "perm has " << perm->size()
                                  << " entries but the input has rank " << rank;
  SmallVector<bool> seen(rank, false);
  for (int64_t p : *perm) {
    if (p < 0 || p >= rank || seen[p])
      return NodeError(loc, opName)
             << "perm " << formatShape(*perm) << " is not a permutation of 0.."
             << rank - 1;
    seen[p] = true;
    result.push_back(p);
  }
  return result;
}
} // namespace weft::graph

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getData().getType());
  std::optional<ArrayRef<int64_t>> perm;
  if (adaptor.getPermAttr())
    perm = adaptor.getPermAttr().asArrayRef();
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  if (!shape) {
    if (perm) {
      FailureOr<SmallVector<int64_t>> checked =
          getTransposePerm(perm, perm->size(), loc, getOperationName());
      if (failed(checked))
        return failure();
    }
    types.push_back(perm ? tensorOf(Shape(perm->size(), kDyn), elementType)
                         : tensorOf(std::nullopt, elementType));
    return success();
  }
  FailureOr<SmallVector<int64_t>> p =
      getTransposePerm(perm, shape->size(), loc, getOperationName());
  if (failed(p))
    return failure();
  Shape result;
  for (int64_t i : *p)
    result.push_back((*shape)[i]);
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Concat, split
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty())
    return NodeError(loc, opName) << "needs at least one input";
  Type elementType = getElementType(inputs.front().getType());
  MaybeShape result;
  std::optional<int64_t> axis;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    if (getElementType(input.getType()) != elementType)
      return NodeError(loc, opName) << "input " << index << " has element type "
                                    << getElementType(input.getType())
                                    << " but input 0 has " << elementType;
    MaybeShape shape = getShape(input);
    if (!shape)
      continue;
    int64_t rank = shape->size();
    if (!axis) {
      axis = normalizeAxis(adaptor.getAxis(), rank);
      if (!axis)
        return NodeError(loc, opName) << "axis " << (int64_t)adaptor.getAxis()
                                      << " is out of range for rank " << rank;
    }
    if (!result) {
      result = *shape;
      continue;
    }
    if ((int64_t)result->size() != rank)
      return NodeError(loc, opName)
             << "inputs have different ranks: " << formatShape(*result)
             << " and " << formatShape(*shape);
    for (int64_t i = 0; i < rank; ++i) {
      int64_t &r = (*result)[i];
      int64_t d = (*shape)[i];
      if (i == *axis) {
        r = (isDyn(r) || isDyn(d)) ? kDyn : r + d;
      } else if (isDyn(r)) {
        r = d;
      } else if (!isDyn(d) && d != r) {
        return NodeError(loc, opName)
               << "input " << index << " has shape " << formatShape(*shape)
               << ", which does not match the other inputs outside axis "
               << *axis;
      }
    }
  }
  // An unranked input leaves the size along the axis unknown.
  if (result && llvm::any_of(inputs, [](Value v) { return !getShape(v); }))
    (*result)[*axis] = kDyn;
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult SplitOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getInput().getType());
  DenseI64ArrayAttr split = adaptor.getSplitAttr();
  IntegerAttr numOutputs = adaptor.getNumOutputsAttr();
  int64_t n;
  if (split) {
    n = split.size();
    if (numOutputs && numOutputs.getInt() != n)
      return NodeError(loc, opName) << "num_outputs is " << numOutputs.getInt()
                                    << " but split has " << n << " sizes";
    for (int64_t s : split.asArrayRef())
      if (s < 0)
        return NodeError(loc, opName) << "split has a negative size " << s;
  } else if (numOutputs) {
    n = numOutputs.getInt();
  } else {
    return NodeError(loc, opName)
           << "needs either split sizes or num_outputs to know its results";
  }
  if (n < 1)
    return NodeError(loc, opName) << "must have at least one output, got " << n;
  if (n > (1 << 20))
    return NodeError(loc, opName) << "has too many outputs (" << n << ")";
  MaybeShape shape = weft::graph::getShape(adaptor.getInput());
  if (!shape) {
    types.append(n, tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  std::optional<int64_t> axis = normalizeAxis(adaptor.getAxis(), rank);
  if (!axis)
    return NodeError(loc, opName) << "axis " << (int64_t)adaptor.getAxis()
                                  << " is out of range for rank " << rank;
  int64_t dim = (*shape)[*axis];
  SmallVector<int64_t> sizes;
  if (split) {
    sizes.assign(split.asArrayRef().begin(), split.asArrayRef().end());
    int64_t sum = 0;
    for (int64_t s : sizes)
      sum += s;
    if (!isDyn(dim) && sum != dim)
      return NodeError(loc, opName)
             << "split sizes sum to " << sum << " but the dim along axis "
             << *axis << " is " << dim;
  } else if (isDyn(dim)) {
    sizes.assign(n, kDyn);
  } else {
    int64_t chunk = (dim + n - 1) / n;
    int64_t last = dim - chunk * (n - 1);
    if (last < 0)
      return NodeError(loc, opName)
             << "cannot split a dim of " << dim << " into " << n << " outputs";
    sizes.assign(n - 1, chunk);
    sizes.push_back(last);
  }
  for (int64_t s : sizes) {
    Shape out(*shape);
    out[*axis] = s;
    types.push_back(tensorOf(out, elementType));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Slice, gather
//===----------------------------------------------------------------------===//

namespace weft::graph {
/// Clamped start, and length, of one ONNX Slice axis of size `dim`.
std::pair<int64_t, int64_t> computeSliceRange(int64_t dim, int64_t start,
                                              int64_t end, int64_t step) {
  if (start < 0)
    start += dim;
  if (end < 0)
    end += dim;
  int64_t length;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    length = end > start ? (end - start + step - 1) / step : 0;
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    length = start > end ? (start - end - step - 1) / (-step) : 0;
  }
  return {start, length};
}
} // namespace weft::graph

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  std::optional<Shape> starts = getConstantInts(adaptor.getStarts());
  std::optional<Shape> ends = getConstantInts(adaptor.getEnds());
  std::optional<Shape> axes;
  if (adaptor.getAxes())
    axes = getConstantInts(adaptor.getAxes());
  std::optional<Shape> steps;
  if (adaptor.getSteps())
    steps = getConstantInts(adaptor.getSteps());
  if (starts && ends && starts->size() != ends->size())
    return NodeError(loc, opName) << "starts has " << starts->size()
                                  << " values but ends has " << ends->size();
  size_t count = starts ? starts->size() : ends ? ends->size() : 0;
  bool countKnown = starts || ends;
  if (axes && countKnown && axes->size() != count)
    return NodeError(loc, opName)
           << "axes has " << axes->size() << " values but starts has " << count;
  if (steps && countKnown && steps->size() != count)
    return NodeError(loc, opName) << "steps has " << steps->size()
                                  << " values but starts has " << count;
  if (steps)
    for (int64_t s : *steps)
      if (s == 0)
        return NodeError(loc, opName) << "steps must not be 0";
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  SmallVector<int64_t> axisList;
  if (axes) {
    FailureOr<SmallVector<int64_t>> norm =
        normalizeAxes(*axes, rank, "axes", loc, opName);
    if (failed(norm))
      return failure();
    axisList = *norm;
  } else if (!adaptor.getAxes() && countKnown) {
    if ((int64_t)count > rank)
      return NodeError(loc, opName) << "starts has " << count
                                    << " values but the data has rank " << rank;
    for (size_t i = 0; i < count; ++i)
      axisList.push_back(i);
  }
  Shape result(*shape);
  bool axesKnown = axes || (!adaptor.getAxes() && countKnown);
  if (!axesKnown) {
    // Any axis may be sliced.
    types.push_back(tensorOf(Shape(rank, kDyn), elementType));
    return success();
  }
  for (auto [i, axis] : llvm::enumerate(axisList)) {
    int64_t dim = (*shape)[axis];
    if (!starts || !ends || (adaptor.getSteps() && !steps) || isDyn(dim)) {
      result[axis] = kDyn;
      continue;
    }
    int64_t step = steps ? (*steps)[i] : 1;
    result[axis] =
        computeSliceRange(dim, (*starts)[i], (*ends)[i], step).second;
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape data = weft::graph::getShape(adaptor.getData());
  MaybeShape indices = weft::graph::getShape(adaptor.getIndices());
  if (data) {
    int64_t rank = data->size();
    if (rank == 0)
      return NodeError(loc, opName) << "data must have rank >= 1";
    if (!normalizeAxis(adaptor.getAxis(), rank))
      return NodeError(loc, opName) << "axis " << (int64_t)adaptor.getAxis()
                                    << " is out of range for rank " << rank;
  }
  if (!data || !indices) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t axis = *normalizeAxis(adaptor.getAxis(), data->size());
  Shape result(data->begin(), data->begin() + axis);
  result.append(indices->begin(), indices->end());
  result.append(data->begin() + axis + 1, data->end());
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Squeeze, unsqueeze
//===----------------------------------------------------------------------===//

LogicalResult SqueezeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  SmallVector<bool> removed(rank, false);
  if (DenseI64ArrayAttr axes = adaptor.getAxesAttr()) {
    FailureOr<SmallVector<int64_t>> norm =
        normalizeAxes(axes.asArrayRef(), rank, "axes", loc, opName);
    if (failed(norm))
      return failure();
    for (int64_t axis : *norm) {
      int64_t d = (*shape)[axis];
      if (!isDyn(d) && d != 1)
        return NodeError(loc, opName)
               << "cannot squeeze axis " << axis << " of size " << d << " in "
               << formatShape(*shape);
      removed[axis] = true;
    }
  } else {
    // Without axes every dim of size 1 goes; a dynamic dim might be one.
    if (llvm::any_of(*shape, isDyn)) {
      types.push_back(tensorOf(std::nullopt, elementType));
      return success();
    }
    for (int64_t i = 0; i < rank; ++i)
      removed[i] = (*shape)[i] == 1;
  }
  Shape result;
  for (int64_t i = 0; i < rank; ++i)
    if (!removed[i])
      result.push_back((*shape)[i]);
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult UnsqueezeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  ArrayRef<int64_t> axes = adaptor.getAxes();
  int64_t outRank = shape->size() + axes.size();
  FailureOr<SmallVector<int64_t>> norm =
      normalizeAxes(axes, outRank, "axes", loc, opName);
  if (failed(norm))
    return failure();
  SmallVector<bool> inserted(outRank, false);
  for (int64_t axis : *norm)
    inserted[axis] = true;
  Shape result;
  auto it = shape->begin();
  for (int64_t i = 0; i < outRank; ++i)
    result.push_back(inserted[i] ? 1 : *it++);
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Shape, size, expand
//===----------------------------------------------------------------------===//

namespace weft::graph {
/// The [start, end) range of ONNX Shape over a tensor of rank `rank`.
std::pair<int64_t, int64_t> computeShapeRange(int64_t rank, int64_t start,
                                              std::optional<int64_t> end) {
  int64_t e = end ? *end : rank;
  if (start < 0)
    start += rank;
  if (e < 0)
    e += rank;
  start = std::clamp<int64_t>(start, 0, rank);
  e = std::clamp<int64_t>(e, 0, rank);
  return {start, std::max(start, e)};
}
} // namespace weft::graph

LogicalResult ShapeOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  Type i64 = IntegerType::get(ctx, 64);
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  if (!shape) {
    types.push_back(tensorOf(Shape{kDyn}, i64));
    return success();
  }
  std::optional<int64_t> end;
  if (adaptor.getEndAttr())
    end = adaptor.getEndAttr().getInt();
  auto [begin, stop] =
      computeShapeRange(shape->size(), adaptor.getStart(), end);
  types.push_back(tensorOf(Shape{stop - begin}, i64));
  return success();
}

LogicalResult SizeOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location>, Adaptor,
                                       SmallVectorImpl<Type> &types) {
  types.push_back(tensorOf(Shape(), IntegerType::get(ctx, 64)));
  return success();
}

LogicalResult ExpandOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getInput().getType());
  MaybeShape input = weft::graph::getShape(adaptor.getInput());
  if (std::optional<Shape> target = getConstantInts(adaptor.getShape())) {
    for (int64_t d : *target)
      if (d < 0)
        return NodeError(loc, opName) << "shape has a negative dim " << d
                                      << " in " << formatShape(*target);
    if (!input) {
      types.push_back(tensorOf(std::nullopt, elementType));
      return success();
    }
    FailureOr<Shape> result = broadcastShapes(*input, *target);
    if (failed(result))
      return NodeError(loc, opName) << "cannot expand " << formatShape(*input)
                                    << " to " << formatShape(*target);
    types.push_back(tensorOf(*result, elementType));
    return success();
  }
  FailureOr<std::optional<int64_t>> length =
      get1DLength(adaptor.getShape(), "shape", loc, opName);
  if (failed(length))
    return failure();
  if (!input || !*length) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = std::max<int64_t>(input->size(), **length);
  Shape result(rank, kDyn);
  // A static input dim other than 1 must survive the broadcast.
  for (size_t i = 0; i < input->size(); ++i) {
    int64_t d = (*input)[i];
    if (!isDyn(d) && d != 1)
      result[rank - input->size() + i] = d;
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Pad, resize
//===----------------------------------------------------------------------===//

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getData().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getData());
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  SmallVector<int64_t> axisList;
  bool axesKnown = true;
  if (adaptor.getAxes()) {
    std::optional<Shape> axes = getConstantInts(adaptor.getAxes());
    if (axes) {
      FailureOr<SmallVector<int64_t>> norm =
          normalizeAxes(*axes, rank, "axes", loc, opName);
      if (failed(norm))
        return failure();
      axisList = *norm;
    } else {
      axesKnown = false;
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axisList.push_back(i);
  }
  std::optional<Shape> pads = getConstantInts(adaptor.getPads());
  if (pads && axesKnown && pads->size() != 2 * axisList.size())
    return NodeError(loc, opName)
           << "pads has " << pads->size() << " values but expected "
           << 2 * axisList.size() << " (begin and end for each padded axis)";
  if (!axesKnown) {
    types.push_back(tensorOf(Shape(rank, kDyn), elementType));
    return success();
  }
  Shape result(*shape);
  size_t n = axisList.size();
  for (auto [i, axis] : llvm::enumerate(axisList)) {
    int64_t d = (*shape)[axis];
    if (!pads || isDyn(d)) {
      result[axis] = kDyn;
      continue;
    }
    int64_t out = d + (*pads)[i] + (*pads)[i + n];
    if (out < 0)
      return NodeError(loc, opName) << "pads remove more than the " << d
                                    << " elements of axis " << axis;
    result[axis] = out;
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

/// True when `value` is absent or a tensor known to hold no elements (opsets
/// 11-12 pass an empty `scales` alongside `sizes`).
static bool isAbsentOrEmpty(Value value) {
  if (!value)
    return true;
  MaybeShape shape = getShape(value);
  return shape && shape->size() == 1 && (*shape)[0] == 0;
}

LogicalResult ResizeOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getX().getType());
  MaybeShape shape = weft::graph::getShape(adaptor.getX());
  bool hasScales = !isAbsentOrEmpty(adaptor.getScales());
  bool hasSizes = !isAbsentOrEmpty(adaptor.getSizes());
  if (hasScales == hasSizes)
    return NodeError(loc, opName)
           << "needs exactly one of scales and sizes, got "
           << (hasScales ? "both" : "neither");
  if (!shape) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t rank = shape->size();
  SmallVector<int64_t> axisList;
  if (DenseI64ArrayAttr axes = adaptor.getAxesAttr()) {
    FailureOr<SmallVector<int64_t>> norm =
        normalizeAxes(axes.asArrayRef(), rank, "axes", loc, opName);
    if (failed(norm))
      return failure();
    axisList = *norm;
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axisList.push_back(i);
  }
  size_t n = axisList.size();
  Shape result(*shape);
  for (int64_t axis : axisList)
    result[axis] = kDyn;
  if (hasScales) {
    DenseElementsAttr scales = getConstantElements(adaptor.getScales());
    if (scales && !llvm::isa<FloatType>(scales.getElementType()))
      return NodeError(loc, opName) << "scales must be a float tensor";
    if (scales && (size_t)scales.getNumElements() != n)
      return NodeError(loc, opName) << "scales has " << scales.getNumElements()
                                    << " values but expected " << n;
    if (scales) {
      SmallVector<double> values;
      for (const APFloat &v : scales.getValues<APFloat>())
        values.push_back(v.convertToDouble());
      for (auto [i, axis] : llvm::enumerate(axisList)) {
        if (!(values[i] > 0))
          return NodeError(loc, opName)
                 << "scales must be positive, got " << values[i];
        int64_t d = (*shape)[axis];
        if (!isDyn(d))
          result[axis] = (int64_t)std::floor((double)d * values[i]);
      }
    }
  } else {
    std::optional<Shape> sizes = getConstantInts(adaptor.getSizes());
    if (sizes && sizes->size() != n)
      return NodeError(loc, opName)
             << "sizes has " << sizes->size() << " values but expected " << n;
    if (sizes) {
      for (int64_t s : *sizes)
        if (s < 0)
          return NodeError(loc, opName)
                 << "sizes must not be negative, got " << s;
      StringRef policy = adaptor.getKeepAspectRatioPolicy();
      if (policy == "stretch") {
        for (auto [i, axis] : llvm::enumerate(axisList))
          result[axis] = (*sizes)[i];
      } else {
        // not_larger / not_smaller: one scale for every axis.
        bool allStatic = true;
        double scale = policy == "not_larger" ? INFINITY : 0.0;
        for (auto [i, axis] : llvm::enumerate(axisList)) {
          int64_t d = (*shape)[axis];
          if (isDyn(d) || d == 0) {
            allStatic = false;
            continue;
          }
          double s = (double)(*sizes)[i] / (double)d;
          scale =
              policy == "not_larger" ? std::min(scale, s) : std::max(scale, s);
        }
        if (allStatic)
          for (int64_t axis : axisList)
            result[axis] = (int64_t)std::round((double)(*shape)[axis] * scale);
      }
    }
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}
