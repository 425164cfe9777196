//===- InferenceCommon.cpp - Shared pieces of graph type inference --------===//

#include "dialects/graph/InferenceCommon.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;

namespace weft::graph {

FailureOr<MaybeShape> broadcastValues(ValueRange values,
                                      std::optional<Location> loc,
                                      StringRef opName) {
  Shape result;
  for (Value value : values) {
    MaybeShape shape = getShape(value);
    if (!shape)
      return MaybeShape();
    FailureOr<Shape> merged = broadcastShapes(result, *shape);
    if (failed(merged)) {
      NodeError err(loc, opName);
      err << "operand shapes cannot be broadcast together:";
      for (Value v : values)
        err << " " << formatShape(getShape(v));
      return failure();
    }
    result = std::move(*merged);
  }
  return MaybeShape(std::move(result));
}

static int64_t ceilDiv(int64_t a, int64_t b) {
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}
static int64_t floorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

int64_t windowOutputSize(int64_t in, int64_t kernel, int64_t stride,
                         int64_t dilation, int64_t padBegin, int64_t padEnd,
                         bool ceilMode) {
  if (isDyn(in) || isDyn(kernel))
    return kDyn;
  int64_t span = dilation * (kernel - 1) + 1;
  int64_t numer = in + padBegin + padEnd - span;
  if (!ceilMode)
    return floorDiv(numer, stride) + 1;
  int64_t out = ceilDiv(numer, stride) + 1;
  // As ONNX Runtime and PyTorch: the last window must start inside the input
  // or the begin padding.
  if ((out - 1) * stride >= in + padBegin)
    --out;
  return out;
}

bool isValidAutoPad(StringRef autoPad) {
  return autoPad == "NOTSET" || autoPad == "SAME_UPPER" ||
         autoPad == "SAME_LOWER" || autoPad == "VALID";
}

LogicalResult checkWindowAttrs(size_t n,
                               std::optional<ArrayRef<int64_t>> strides,
                               std::optional<ArrayRef<int64_t>> dilations,
                               std::optional<ArrayRef<int64_t>> pads,
                               StringRef autoPad, std::optional<Location> loc,
                               StringRef opName) {
  if (!isValidAutoPad(autoPad))
    return NodeError(loc, opName)
           << "unknown auto_pad '" << autoPad
           << "' (expected NOTSET, SAME_UPPER, SAME_LOWER or VALID)";
  if (strides) {
    if (strides->size() != n)
      return NodeError(loc, opName)
             << "strides has " << strides->size() << " values but there are "
             << n << " spatial dims";
    for (int64_t s : *strides)
      if (s <= 0)
        return NodeError(loc, opName) << "strides must be positive, got " << s;
  }
  if (dilations) {
    if (dilations->size() != n)
      return NodeError(loc, opName)
             << "dilations has " << dilations->size()
             << " values but there are " << n << " spatial dims";
    for (int64_t d : *dilations)
      if (d <= 0)
        return NodeError(loc, opName)
               << "dilations must be positive, got " << d;
  }
  if (pads) {
    if (pads->size() != 2 * n)
      return NodeError(loc, opName)
             << "pads has " << pads->size() << " values but expected " << 2 * n
             << " (begin and end for " << n << " spatial dims)";
    for (int64_t p : *pads)
      if (p < 0)
        return NodeError(loc, opName) << "pads must not be negative, got " << p;
  }
  return success();
}

FailureOr<Shape>
inferWindowDims(ArrayRef<int64_t> spatialIn, ArrayRef<int64_t> kernel,
                std::optional<ArrayRef<int64_t>> strides,
                std::optional<ArrayRef<int64_t>> dilations,
                std::optional<ArrayRef<int64_t>> pads, StringRef autoPad,
                bool ceilMode, std::optional<Location> loc, StringRef opName) {
  size_t n = spatialIn.size();
  if (failed(
          checkWindowAttrs(n, strides, dilations, pads, autoPad, loc, opName)))
    return failure();
  Shape out;
  for (size_t i = 0; i < n; ++i) {
    int64_t in = spatialIn[i];
    int64_t k = kernel[i];
    int64_t s = strides ? (*strides)[i] : 1;
    int64_t d = dilations ? (*dilations)[i] : 1;
    if (isDyn(in)) {
      out.push_back(kDyn);
      continue;
    }
    int64_t o;
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      o = ceilDiv(in, s);
    } else {
      if (isDyn(k)) {
        out.push_back(kDyn);
        continue;
      }
      bool explicitPads = autoPad == "NOTSET" && pads;
      int64_t pb = explicitPads ? (*pads)[i] : 0;
      int64_t pe = explicitPads ? (*pads)[i + n] : 0;
      o = windowOutputSize(in, k, s, d, pb, pe, ceilMode);
    }
    if (o <= 0)
      return NodeError(loc, opName)
             << "spatial dim " << i << " of size " << in
             << " is too small for the window (kernel " << k << ", dilation "
             << d << "): the output would have size " << o;
    out.push_back(o);
  }
  return out;
}

FailureOr<SmallVector<int64_t>> normalizeAxes(ArrayRef<int64_t> axes,
                                              int64_t rank, StringRef what,
                                              std::optional<Location> loc,
                                              StringRef opName) {
  SmallVector<int64_t> result;
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t axis : axes) {
    std::optional<int64_t> norm = normalizeAxis(axis, rank);
    if (!norm)
      return NodeError(loc, opName) << what << " value " << axis
                                    << " is out of range for rank " << rank;
    if (!seen.insert(*norm).second)
      return NodeError(loc, opName)
             << what << " names axis " << *norm << " more than once";
    result.push_back(*norm);
  }
  return result;
}

FailureOr<std::optional<int64_t>> get1DLength(Value value, StringRef what,
                                              std::optional<Location> loc,
                                              StringRef opName) {
  MaybeShape shape = getShape(value);
  if (!shape)
    return std::optional<int64_t>();
  if (shape->size() != 1)
    return NodeError(loc, opName) << what << " must be a 1-D tensor, got shape "
                                  << formatShape(*shape);
  if (isDyn((*shape)[0]))
    return std::optional<int64_t>();
  return std::optional<int64_t>((*shape)[0]);
}

} // namespace weft::graph
