//===- ConvPoolTypes.cpp - Type inference of conv, pool, matmul, RNN ops --===//
//
// Result types of the sliding-window ops (conv, conv_transpose, max_pool,
// average_pool, global_average_pool), the matrix products (gemm, matmul) and
// the recurrent ops (lstm, gru), following the ONNX shape formulas.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

static std::optional<ArrayRef<int64_t>> optArray(DenseI64ArrayAttr attr) {
  if (!attr)
    return std::nullopt;
  return attr.asArrayRef();
}

/// The spatial rank of a window op from whatever is known: the input's rank,
/// the weight's rank, or the kernel_shape attribute. Fails on disagreement.
static FailureOr<std::optional<int64_t>>
getSpatialRank(const MaybeShape &x, const MaybeShape &w,
               std::optional<ArrayRef<int64_t>> kernelShape,
               std::optional<Location> loc, StringRef opName) {
  std::optional<int64_t> n;
  if (x) {
    if (x->size() < 3)
      return NodeError(loc, opName)
             << "input must have rank >= 3 (N x C x spatial...), got shape "
             << formatShape(*x);
    n = x->size() - 2;
  }
  if (w) {
    if (w->size() < 3)
      return NodeError(loc, opName)
             << "weight must have rank >= 3, got shape " << formatShape(*w);
    if (n && *n + 2 != (int64_t)w->size())
      return NodeError(loc, opName) << "input has rank " << *n + 2
                                    << " but weight has rank " << w->size();
    n = w->size() - 2;
  }
  if (kernelShape) {
    if (n && (int64_t)kernelShape->size() != *n)
      return NodeError(loc, opName)
             << "kernel_shape has " << kernelShape->size()
             << " dims but the op has " << *n << " spatial dims";
    for (int64_t k : *kernelShape)
      if (k <= 0)
        return NodeError(loc, opName)
               << "kernel_shape must be positive, got " << k;
    n = kernelShape->size();
  }
  return n;
}

/// The kernel dims: kernel_shape when given (checked against the weight),
/// else the weight's spatial dims.
static FailureOr<Shape> getKernel(int64_t n, const MaybeShape &w,
                                  std::optional<ArrayRef<int64_t>> kernelShape,
                                  std::optional<Location> loc,
                                  StringRef opName) {
  Shape kernel(n, kDyn);
  if (w)
    for (int64_t i = 0; i < n; ++i)
      kernel[i] = (*w)[i + 2];
  if (kernelShape) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t k = (*kernelShape)[i];
      if (!isDyn(kernel[i]) && kernel[i] != k)
        return NodeError(loc, opName)
               << "kernel_shape " << formatShape(*kernelShape)
               << " does not match the weight's spatial dims "
               << formatShape(ArrayRef<int64_t>(*w).drop_front(2));
      kernel[i] = k;
    }
  }
  return kernel;
}

LogicalResult ConvOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getX().getType());
  MaybeShape x = getShape(adaptor.getX());
  MaybeShape w = getShape(adaptor.getW());
  std::optional<ArrayRef<int64_t>> kernelShape =
      optArray(adaptor.getKernelShapeAttr());
  FailureOr<std::optional<int64_t>> n =
      getSpatialRank(x, w, kernelShape, loc, opName);
  if (failed(n))
    return failure();
  if (!*n) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  FailureOr<Shape> kernel = getKernel(**n, w, kernelShape, loc, opName);
  if (failed(kernel))
    return failure();
  Shape spatialIn(**n, kDyn);
  if (x)
    spatialIn.assign(x->begin() + 2, x->end());
  FailureOr<Shape> spatial = inferWindowDims(
      spatialIn, *kernel, optArray(adaptor.getStridesAttr()),
      optArray(adaptor.getDilationsAttr()), optArray(adaptor.getPadsAttr()),
      adaptor.getAutoPad(), /*ceilMode=*/false, loc, opName);
  if (failed(spatial))
    return failure();
  Shape result{x ? (*x)[0] : kDyn, w ? (*w)[0] : kDyn};
  result.append(spatial->begin(), spatial->end());
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult ConvTransposeOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getX().getType());
  MaybeShape x = getShape(adaptor.getX());
  MaybeShape w = getShape(adaptor.getW());
  std::optional<ArrayRef<int64_t>> kernelShape =
      optArray(adaptor.getKernelShapeAttr());
  FailureOr<std::optional<int64_t>> nOr =
      getSpatialRank(x, w, kernelShape, loc, opName);
  if (failed(nOr))
    return failure();
  if (!*nOr) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  int64_t n = **nOr;
  FailureOr<Shape> kernel = getKernel(n, w, kernelShape, loc, opName);
  if (failed(kernel))
    return failure();
  std::optional<ArrayRef<int64_t>> strides = optArray(adaptor.getStridesAttr());
  std::optional<ArrayRef<int64_t>> dilations =
      optArray(adaptor.getDilationsAttr());
  std::optional<ArrayRef<int64_t>> pads = optArray(adaptor.getPadsAttr());
  StringRef autoPad = adaptor.getAutoPad();
  if (failed(
          checkWindowAttrs(n, strides, dilations, pads, autoPad, loc, opName)))
    return failure();
  std::optional<ArrayRef<int64_t>> outputPadding =
      optArray(adaptor.getOutputPaddingAttr());
  if (outputPadding && (int64_t)outputPadding->size() != n)
    return NodeError(loc, opName)
           << "output_padding has " << outputPadding->size()
           << " values but there are " << n << " spatial dims";
  std::optional<ArrayRef<int64_t>> outputShape =
      optArray(adaptor.getOutputShapeAttr());
  if (outputShape) {
    // Exporters give either the spatial dims or the full shape.
    if ((int64_t)outputShape->size() == n + 2)
      outputShape = outputShape->drop_front(2);
    if ((int64_t)outputShape->size() != n)
      return NodeError(loc, opName)
             << "output_shape has " << outputShape->size()
             << " values but there are " << n << " spatial dims";
  }
  int64_t group = adaptor.getGroup();
  if (group <= 0)
    return NodeError(loc, opName) << "group must be positive, got " << group;
  Shape result{x ? (*x)[0] : kDyn,
               (w && !isDyn((*w)[1])) ? (*w)[1] * group : kDyn};
  for (int64_t i = 0; i < n; ++i) {
    if (outputShape) {
      result.push_back((*outputShape)[i]);
      continue;
    }
    int64_t in = x ? (*x)[i + 2] : kDyn;
    int64_t k = (*kernel)[i];
    int64_t s = strides ? (*strides)[i] : 1;
    int64_t d = dilations ? (*dilations)[i] : 1;
    if (isDyn(in)) {
      result.push_back(kDyn);
      continue;
    }
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      result.push_back(in * s);
      continue;
    }
    if (isDyn(k)) {
      result.push_back(kDyn);
      continue;
    }
    bool explicitPads = autoPad == "NOTSET" && pads;
    int64_t pb = explicitPads ? (*pads)[i] : 0;
    int64_t pe = explicitPads ? (*pads)[i + n] : 0;
    int64_t op = outputPadding ? (*outputPadding)[i] : 0;
    int64_t out = s * (in - 1) + op + (k - 1) * d + 1 - pb - pe;
    if (out <= 0)
      return NodeError(loc, opName)
             << "spatial dim " << i << " of the output would have size " << out;
    result.push_back(out);
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

/// Max and average pooling share everything but their extra attributes.
static LogicalResult inferPool(Value xValue, ArrayRef<int64_t> kernelShape,
                               std::optional<ArrayRef<int64_t>> strides,
                               std::optional<ArrayRef<int64_t>> dilations,
                               std::optional<ArrayRef<int64_t>> pads,
                               StringRef autoPad, int64_t ceilMode,
                               std::optional<Location> loc, StringRef opName,
                               SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(xValue.getType());
  MaybeShape x = getShape(xValue);
  if (ceilMode != 0 && ceilMode != 1)
    return NodeError(loc, opName)
           << "ceil_mode must be 0 or 1, got " << ceilMode;
  FailureOr<std::optional<int64_t>> n =
      getSpatialRank(x, std::nullopt, kernelShape, loc, opName);
  if (failed(n))
    return failure();
  Shape spatialIn(**n, kDyn);
  if (x)
    spatialIn.assign(x->begin() + 2, x->end());
  FailureOr<Shape> spatial =
      inferWindowDims(spatialIn, kernelShape, strides, dilations, pads, autoPad,
                      ceilMode != 0, loc, opName);
  if (failed(spatial))
    return failure();
  Shape result{x ? (*x)[0] : kDyn, x ? (*x)[1] : kDyn};
  result.append(spatial->begin(), spatial->end());
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult MaxPoolOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  return inferPool(adaptor.getX(), adaptor.getKernelShape(),
                   optArray(adaptor.getStridesAttr()),
                   optArray(adaptor.getDilationsAttr()),
                   optArray(adaptor.getPadsAttr()), adaptor.getAutoPad(),
                   adaptor.getCeilMode(), loc, getOperationName(), types);
}

LogicalResult AveragePoolOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  return inferPool(adaptor.getX(), adaptor.getKernelShape(),
                   optArray(adaptor.getStridesAttr()),
                   optArray(adaptor.getDilationsAttr()),
                   optArray(adaptor.getPadsAttr()), adaptor.getAutoPad(),
                   adaptor.getCeilMode(), loc, getOperationName(), types);
}

LogicalResult GlobalAveragePoolOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getX().getType());
  MaybeShape x = getShape(adaptor.getX());
  if (!x) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  if (x->size() < 3)
    return NodeError(loc, getOperationName())
           << "input must have rank >= 3 (N x C x spatial...), got shape "
           << formatShape(*x);
  Shape result(x->size(), 1);
  result[0] = (*x)[0];
  result[1] = (*x)[1];
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getA().getType());
  if (getElementType(adaptor.getB().getType()) != elementType)
    return NodeError(loc, opName)
           << "A and B element types differ: " << elementType << " vs "
           << getElementType(adaptor.getB().getType());
  MaybeShape a = getShape(adaptor.getA());
  MaybeShape b = getShape(adaptor.getB());
  if (a && a->size() != 2)
    return NodeError(loc, opName)
           << "A must be 2-D, got shape " << formatShape(*a);
  if (b && b->size() != 2)
    return NodeError(loc, opName)
           << "B must be 2-D, got shape " << formatShape(*b);
  bool transA = adaptor.getTransA() != 0;
  bool transB = adaptor.getTransB() != 0;
  int64_t m = a ? (*a)[transA ? 1 : 0] : kDyn;
  int64_t ka = a ? (*a)[transA ? 0 : 1] : kDyn;
  int64_t kb = b ? (*b)[transB ? 1 : 0] : kDyn;
  int64_t nDim = b ? (*b)[transB ? 0 : 1] : kDyn;
  if (!isDyn(ka) && !isDyn(kb) && ka != kb)
    return NodeError(loc, opName)
           << "inner dims differ: A " << formatShape(*a)
           << (transA ? " (transposed)" : "") << " and B " << formatShape(*b)
           << (transB ? " (transposed)" : "");
  Shape result{m, nDim};
  if (Value c = adaptor.getC()) {
    MaybeShape cs = getShape(c);
    if (cs) {
      if (cs->size() > 2)
        return NodeError(loc, opName)
               << "C must have rank <= 2, got shape " << formatShape(*cs);
      FailureOr<Shape> merged = broadcastShapes(result, *cs);
      if (failed(merged) || merged->size() != 2 ||
          (!isDyn(m) && !isDyn((*merged)[0]) && (*merged)[0] != m) ||
          (!isDyn(nDim) && !isDyn((*merged)[1]) && (*merged)[1] != nDim))
        return NodeError(loc, opName)
               << "C of shape " << formatShape(*cs)
               << " cannot be broadcast to the result " << formatShape(result);
    }
  }
  types.push_back(tensorOf(result, elementType));
  return success();
}

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  Type elementType = getElementType(adaptor.getA().getType());
  if (getElementType(adaptor.getB().getType()) != elementType)
    return NodeError(loc, opName)
           << "operand element types differ: " << elementType << " vs "
           << getElementType(adaptor.getB().getType());
  MaybeShape a = getShape(adaptor.getA());
  MaybeShape b = getShape(adaptor.getB());
  if ((a && a->empty()) || (b && b->empty()))
    return NodeError(loc, opName) << "operands must have rank >= 1";
  if (!a || !b) {
    types.push_back(tensorOf(std::nullopt, elementType));
    return success();
  }
  bool aVector = a->size() == 1;
  bool bVector = b->size() == 1;
  Shape pa = aVector ? Shape{1, (*a)[0]} : *a;
  Shape pb = bVector ? Shape{(*b)[0], 1} : *b;
  int64_t ka = pa.back();
  int64_t kb = pb[pb.size() - 2];
  if (!isDyn(ka) && !isDyn(kb) && ka != kb)
    return NodeError(loc, opName) << "inner dims differ: " << formatShape(*a)
                                  << " times " << formatShape(*b);
  FailureOr<Shape> batch = broadcastShapes(ArrayRef<int64_t>(pa).drop_back(2),
                                           ArrayRef<int64_t>(pb).drop_back(2));
  if (failed(batch))
    return NodeError(loc, opName)
           << "batch dims cannot be broadcast: " << formatShape(*a) << " and "
           << formatShape(*b);
  Shape result = *batch;
  if (!aVector)
    result.push_back(pa[pa.size() - 2]);
  if (!bVector)
    result.push_back(pb.back());
  types.push_back(tensorOf(result, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// Recurrent ops
//===----------------------------------------------------------------------===//

std::optional<int64_t> weft::graph::getNumDirections(StringRef direction) {
  if (direction == "forward" || direction == "reverse")
    return 1;
  if (direction == "bidirectional")
    return 2;
  return std::nullopt;
}

/// Y, then one `state` result per state output (Y_h, and Y_c for LSTM).
static LogicalResult
inferRecurrent(Value xValue, StringRef direction, int64_t hiddenSize,
               int64_t layout, unsigned numStates, std::optional<Location> loc,
               StringRef opName, SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(xValue.getType());
  std::optional<int64_t> dirs = getNumDirections(direction);
  if (!dirs)
    return NodeError(loc, opName)
           << "unknown direction '" << direction
           << "' (expected forward, reverse or bidirectional)";
  if (hiddenSize <= 0)
    return NodeError(loc, opName)
           << "hidden_size must be positive, got " << hiddenSize;
  if (layout != 0 && layout != 1)
    return NodeError(loc, opName) << "layout must be 0 or 1, got " << layout;
  MaybeShape x = getShape(xValue);
  if (x && x->size() != 3)
    return NodeError(loc, opName)
           << "X must be 3-D, got shape " << formatShape(*x);
  int64_t seq = x ? (*x)[layout ? 1 : 0] : kDyn;
  int64_t batch = x ? (*x)[layout ? 0 : 1] : kDyn;
  if (layout == 0) {
    types.push_back(
        tensorOf(Shape{seq, *dirs, batch, hiddenSize}, elementType));
    types.append(numStates,
                 tensorOf(Shape{*dirs, batch, hiddenSize}, elementType));
  } else {
    types.push_back(
        tensorOf(Shape{batch, seq, *dirs, hiddenSize}, elementType));
    types.append(numStates,
                 tensorOf(Shape{batch, *dirs, hiddenSize}, elementType));
  }
  return success();
}

LogicalResult LSTMOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  return inferRecurrent(adaptor.getX(), adaptor.getDirection(),
                        adaptor.getHiddenSize(), adaptor.getLayout(), 2, loc,
                        getOperationName(), types);
}

LogicalResult GRUOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferRecurrent(adaptor.getX(), adaptor.getDirection(),
                        adaptor.getHiddenSize(), adaptor.getLayout(), 1, loc,
                        getOperationName(), types);
}

LogicalResult RNNOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferRecurrent(adaptor.getX(), adaptor.getDirection(),
                        adaptor.getHiddenSize(), adaptor.getLayout(), 1, loc,
                        getOperationName(), types);
}
