//===- DataDependent.cpp - NonZero, Compress and Unique -------------------===//
//
// ONNX semantics (operators NonZero-13, Compress-11, Unique-11). Element
// types are handled by byte size where only copying is needed, and through
// a per-dtype comparison where values matter.
//
//===----------------------------------------------------------------------===//

#include "runtime/lib/builtins/Builtins.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <numeric>

namespace weft::rt {
namespace {

constexpr int64_t kNoAxis = INT64_MIN;

int64_t product(const std::vector<int64_t> &dims, size_t begin, size_t end) {
  int64_t n = 1;
  for (size_t i = begin; i < end; ++i)
    n *= dims[i];
  return n;
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff, bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while (!(mantissa & 0x400));
      bits = sign | uint32_t(127 - 15 - e) << 23 | (mantissa & 0x3ff) << 13;
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000 | mantissa << 13;
  } else {
    bits = sign | (exponent + 127 - 15) << 23 | mantissa << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Element `i` of a tensor as a double (exact for every dtype but 64-bit
/// integers beyond 2^53, which compare through `asInt` instead).
double asDouble(const TensorView &t, int64_t i) {
  const uint8_t *p = static_cast<const uint8_t *>(t.data);
  switch (t.dtype) {
  case WEFT_DTYPE_F32: {
    float v;
    std::memcpy(&v, p + 4 * i, 4);
    return v;
  }
  case WEFT_DTYPE_F64: {
    double v;
    std::memcpy(&v, p + 8 * i, 8);
    return v;
  }
  case WEFT_DTYPE_F16: {
    uint16_t v;
    std::memcpy(&v, p + 2 * i, 2);
    return halfToFloat(v);
  }
  case WEFT_DTYPE_BF16: {
    uint16_t v;
    std::memcpy(&v, p + 2 * i, 2);
    uint32_t bits = uint32_t(v) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  default:
    return 0;
  }
}

bool isFloat(weft_dtype dtype) {
  return dtype == WEFT_DTYPE_F32 || dtype == WEFT_DTYPE_F64 ||
         dtype == WEFT_DTYPE_F16 || dtype == WEFT_DTYPE_BF16;
}

bool isSigned(weft_dtype dtype) {
  return dtype == WEFT_DTYPE_I8 || dtype == WEFT_DTYPE_I16 ||
         dtype == WEFT_DTYPE_I32 || dtype == WEFT_DTYPE_I64;
}

/// Three-way comparison of elements `i` of `a` and `j` of `b` (same dtype).
/// Floats: NaNs equal each other and sort after every number; -0 == +0.
int compareElements(const TensorView &t, int64_t i, int64_t j) {
  if (isFloat(t.dtype)) {
    double x = asDouble(t, i), y = asDouble(t, j);
    bool xn = std::isnan(x), yn = std::isnan(y);
    if (xn || yn)
      return xn == yn ? 0 : (xn ? 1 : -1);
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  size_t size = weft_dtype_size(t.dtype);
  const uint8_t *p = static_cast<const uint8_t *>(t.data);
  uint64_t ux = 0, uy = 0;
  std::memcpy(&ux, p + size * i, size);
  std::memcpy(&uy, p + size * j, size);
  if (isSigned(t.dtype)) {
    int shift = 64 - 8 * int(size);
    int64_t x = int64_t(ux << shift) >> shift, y = int64_t(uy << shift) >> shift;
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  return ux < uy ? -1 : (ux > uy ? 1 : 0);
}

bool isZero(const TensorView &t, int64_t i) {
  if (isFloat(t.dtype))
    return asDouble(t, i) == 0.0; // NaN is not zero; -0 is.
  size_t size = weft_dtype_size(t.dtype);
  const uint8_t *p = static_cast<const uint8_t *>(t.data) + size * i;
  for (size_t b = 0; b < size; ++b)
    if (p[b])
      return false;
  return true;
}

//===--- NonZero ----------------------------------------------------------===//

weft_status *validateNonZero(const StepRecord &step, const EngineModel &model,
                             const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 2, what));
  WEFT_RETURN_IF_ERROR(
      expectBuffer(step, model, 1, WEFT_DTYPE_I64, 2, what, "the result"));
  const auto &xBound = getBound(model, step.buffers[0]);
  const auto &yBound = getBound(model, step.buffers[1]);
  if (yBound[0] != std::max<int64_t>(1, xBound.size()) ||
      yBound[1] < product(xBound, 0, xBound.size()))
    return invalidEngine(what + ": the result cannot hold every index");
  return nullptr;
}

weft_status *runNonZero(const StepRecord &, std::vector<TensorView> &operands,
                        std::vector<TensorView> &results,
                        const std::string &) {
  const TensorView &x = operands[0];
  TensorView &y = results[0];
  int64_t n = x.numElements(), rank = x.shape.size();
  std::vector<int64_t> hits;
  for (int64_t i = 0; i < n; ++i)
    if (!isZero(x, i))
      hits.push_back(i);
  int64_t count = hits.size();
  int64_t rows = std::max<int64_t>(1, rank);
  int64_t *out = static_cast<int64_t *>(y.data);
  for (int64_t k = 0; k < count; ++k) {
    int64_t flat = hits[k];
    if (rank == 0)
      out[k] = 0;
    for (int64_t d = rank - 1; d >= 0; --d) {
      out[d * count + k] = flat % x.shape[d];
      flat /= x.shape[d];
    }
  }
  y.shape = {rows, count};
  return nullptr;
}

//===--- Compress ---------------------------------------------------------===//

weft_status *validateCompress(const StepRecord &step, const EngineModel &model,
                              const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 3, what));
  WEFT_RETURN_IF_ERROR(
      expectBuffer(step, model, 1, WEFT_DTYPE_BOOL, 1, what, "the condition"));
  const BufferRecord &x = model.buffers[step.buffers[0]];
  const BufferRecord &y = model.buffers[step.buffers[2]];
  if (x.dtype != y.dtype)
    return invalidEngine(what + ": the result's dtype differs from the input's");
  const auto &xBound = getBound(model, step.buffers[0]);
  const auto &yBound = getBound(model, step.buffers[2]);
  int64_t axis = getIntAttribute(step, "axis", kNoAxis);
  if (axis == kNoAxis)
    return expectBuffer(step, model, 2, y.dtype, 1, what, "the result");
  if (axis < 0 || axis >= int64_t(xBound.size()) ||
      yBound.size() != xBound.size())
    return invalidEngine(what + strCat(": axis ", axis, " does not fit"));
  for (size_t d = 0; d < xBound.size(); ++d)
    if (int64_t(d) != axis && yBound[d] != xBound[d])
      return invalidEngine(what + ": the result's shape does not match");
  return nullptr;
}

weft_status *runCompress(const StepRecord &step,
                         std::vector<TensorView> &operands,
                         std::vector<TensorView> &results,
                         const std::string &what) {
  const TensorView &x = operands[0], &condition = operands[1];
  TensorView &y = results[0];
  int64_t axis = getIntAttribute(step, "axis", kNoAxis);
  std::vector<int64_t> shape = axis == kNoAxis
                                   ? std::vector<int64_t>{x.numElements()}
                                   : x.shape;
  int64_t a = axis == kNoAxis ? 0 : axis;
  int64_t outer = product(shape, 0, a), dim = shape[a],
          inner = product(shape, a + 1, shape.size());
  const uint8_t *keep = static_cast<const uint8_t *>(condition.data);
  int64_t length = condition.shape[0];
  std::vector<int64_t> selected;
  for (int64_t i = 0; i < length; ++i) {
    if (!keep[i])
      continue;
    if (i >= dim)
      return invalidArgument(
          what + strCat(": condition entry ", i, " is true but the ",
                        axis == kNoAxis ? "flattened input has "
                                        : "input's axis has ",
                        dim, " entries"));
    selected.push_back(i);
  }
  std::vector<int64_t> outShape = shape;
  outShape[a] = selected.size();
  if (product(outShape, 0, outShape.size()) >
      product(y.maxShape, 0, y.maxShape.size()))
    return makeStatus(WEFT_INTERNAL, what + ": result beyond its bound");
  size_t element = weft_dtype_size(x.dtype);
  const uint8_t *in = static_cast<const uint8_t *>(x.data);
  uint8_t *out = static_cast<uint8_t *>(y.data);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t s : selected) {
      std::memcpy(out, in + ((o * dim + s) * inner) * element, inner * element);
      out += inner * element;
    }
  y.shape = outShape;
  return nullptr;
}

//===--- Unique -----------------------------------------------------------===//

weft_status *validateUnique(const StepRecord &step, const EngineModel &model,
                            const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 5, what));
  for (size_t i = 2; i < 5; ++i)
    WEFT_RETURN_IF_ERROR(
        expectBuffer(step, model, i, WEFT_DTYPE_I64, 1, what, "an index result"));
  const BufferRecord &x = model.buffers[step.buffers[0]];
  const BufferRecord &y = model.buffers[step.buffers[1]];
  if (x.dtype != y.dtype)
    return invalidEngine(what + ": the result's dtype differs from the input's");
  const auto &xBound = getBound(model, step.buffers[0]);
  const auto &yBound = getBound(model, step.buffers[1]);
  int64_t axis = getIntAttribute(step, "axis", kNoAxis);
  int64_t count;
  if (axis == kNoAxis) {
    count = product(xBound, 0, xBound.size());
    if (yBound.size() != 1 || yBound[0] < count)
      return invalidEngine(what + ": the result cannot hold the values");
  } else {
    if (axis < 0 || axis >= int64_t(xBound.size()) || yBound != xBound)
      return invalidEngine(what + strCat(": axis ", axis, " does not fit"));
    count = xBound[axis];
  }
  for (size_t i = 2; i < 5; ++i) {
    if (getBound(model, step.buffers[i])[0] < count)
      return invalidEngine(what + ": an index result is too small");
  }
  int64_t sorted = getIntAttribute(step, "sorted", 1);
  if (sorted != 0 && sorted != 1)
    return invalidEngine(what + strCat(": sorted is ", sorted));
  return nullptr;
}

weft_status *runUnique(const StepRecord &step,
                       std::vector<TensorView> &operands,
                       std::vector<TensorView> &results,
                       const std::string &) {
  const TensorView &x = operands[0];
  int64_t axis = getIntAttribute(step, "axis", kNoAxis);
  bool sorted = getIntAttribute(step, "sorted", 1) != 0;
  std::vector<int64_t> shape =
      axis == kNoAxis ? std::vector<int64_t>{x.numElements()} : x.shape;
  int64_t a = axis == kNoAxis ? 0 : axis;
  int64_t outer = product(shape, 0, a), dim = shape[a],
          inner = product(shape, a + 1, shape.size());
  // Slices compare lexicographically over their elements in row-major order.
  auto compare = [&](int64_t s, int64_t t) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        int c = compareElements(x, (o * dim + s) * inner + i,
                                (o * dim + t) * inner + i);
        if (c)
          return c;
      }
    return 0;
  };
  std::vector<int64_t> order(dim);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t s, int64_t t) { return compare(s, t) < 0; });
  // Groups of equal slices: their first occurrence (the stable sort keeps
  // it first) and their size.
  std::vector<int64_t> first, counts, groupOf(dim);
  for (size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || compare(order[k - 1], order[k]) != 0) {
      first.push_back(order[k]);
      counts.push_back(0);
    }
    groupOf[order[k]] = first.size() - 1;
    ++counts.back();
  }
  int64_t unique = first.size();
  std::vector<int64_t> position(unique);
  std::iota(position.begin(), position.end(), 0);
  std::vector<int64_t> groupAt(position); // output position -> group
  if (!sorted) {
    std::sort(groupAt.begin(), groupAt.end(),
              [&](int64_t g, int64_t h) { return first[g] < first[h]; });
    for (int64_t p = 0; p < unique; ++p)
      position[groupAt[p]] = p;
  }
  size_t element = weft_dtype_size(x.dtype);
  const uint8_t *in = static_cast<const uint8_t *>(x.data);
  uint8_t *out = static_cast<uint8_t *>(results[0].data);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t p = 0; p < unique; ++p) {
      std::memcpy(out, in + ((o * dim + first[groupAt[p]]) * inner) * element,
                  inner * element);
      out += inner * element;
    }
  int64_t *indices = static_cast<int64_t *>(results[1].data);
  int64_t *inverse = static_cast<int64_t *>(results[2].data);
  int64_t *countOut = static_cast<int64_t *>(results[3].data);
  for (int64_t p = 0; p < unique; ++p) {
    indices[p] = first[groupAt[p]];
    countOut[p] = counts[groupAt[p]];
  }
  for (int64_t s = 0; s < dim; ++s)
    inverse[s] = position[groupOf[s]];
  results[0].shape = shape;
  results[0].shape[a] = unique;
  results[1].shape = {unique};
  results[2].shape = {dim};
  results[3].shape = {unique};
  return nullptr;
}

} // namespace

const BuiltinInfo kNonZeroBuiltin = {"NonZero", 1, validateNonZero,
                                     runNonZero};
const BuiltinInfo kCompressBuiltin = {"Compress", 1, validateCompress,
                                      runCompress};
const BuiltinInfo kUniqueBuiltin = {"Unique", 4, validateUnique, runUnique};

} // namespace weft::rt
