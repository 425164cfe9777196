//===- ConstantEval.cpp - Evaluating graph ops on constants ---------------===//

#include "dialects/graph/ConstantEval.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallVector.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace weft::graph {

bool isFoldableResultType(Type type) {
  auto shaped = llvm::dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return false;
  Type et = shaped.getElementType();
  if (!et.isIntOrFloat())
    return false;
  int64_t limit = llvm::isa<FloatType>(et) ? kMaxFoldedFloatElements
                                           : kMaxFoldedIntElements;
  return shaped.getNumElements() <= limit;
}

SmallVector<int64_t> computeStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

namespace {

/// Calls `fn(i, offsets)` for every element i of `resultShape`, with the
/// linear index into each operand under numpy broadcasting.
void forEachBroadcast(ArrayRef<int64_t> resultShape,
                      ArrayRef<ArrayRef<int64_t>> shapes,
                      llvm::function_ref<void(int64_t, ArrayRef<int64_t>)> fn) {
  size_t rank = resultShape.size();
  size_t numOperands = shapes.size();
  // stride[k][d]: how far operand k moves when result dim d moves by one.
  SmallVector<SmallVector<int64_t>> strides;
  for (ArrayRef<int64_t> shape : shapes) {
    SmallVector<int64_t> own = computeStrides(shape);
    SmallVector<int64_t> s(rank, 0);
    size_t lead = rank - shape.size();
    for (size_t d = 0; d < shape.size(); ++d)
      s[lead + d] = shape[d] == 1 ? 0 : own[d];
    strides.push_back(std::move(s));
  }
  int64_t total = 1;
  for (int64_t d : resultShape)
    total *= d;
  SmallVector<int64_t> counter(rank, 0);
  SmallVector<int64_t> offsets(numOperands, 0);
  for (int64_t i = 0; i < total; ++i) {
    fn(i, offsets);
    for (int64_t d = (int64_t)rank - 1; d >= 0; --d) {
      ++counter[d];
      for (size_t k = 0; k < numOperands; ++k)
        offsets[k] += strides[k][d];
      if (counter[d] < resultShape[d])
        break;
      for (size_t k = 0; k < numOperands; ++k)
        offsets[k] -= strides[k][d] * counter[d];
      counter[d] = 0;
    }
  }
}

bool isUnsignedLike(Type type) {
  return type.isUnsignedInteger() || type.isInteger(1);
}

double toDouble(APFloat v) {
  bool loses;
  v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &loses);
  return v.convertToDouble();
}

APFloat fromDouble(double d, const llvm::fltSemantics &sem) {
  APFloat v(d);
  bool loses;
  v.convert(sem, APFloat::rmNearestTiesToEven, &loses);
  return v;
}

/// Collects result elements of one kind and builds the attribute.
struct Results {
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  bool failed = false;
  DenseElementsAttr build(ShapedType type) {
    if (failed)
      return {};
    if (llvm::isa<FloatType>(type.getElementType()))
      return DenseElementsAttr::get(type, floats);
    return DenseElementsAttr::get(type, ints);
  }
};

bool supportedElementType(Type type) {
  return llvm::isa<IntegerType, FloatType>(type);
}

std::optional<APInt> evalIntBinary(BinaryKind kind, const APInt &a,
                                   const APInt &b, bool isUnsigned) {
  switch (kind) {
  case BinaryKind::Add:
    return a + b;
  case BinaryKind::Sub:
    return a - b;
  case BinaryKind::Mul:
    return a * b;
  case BinaryKind::Div:
    if (b.isZero())
      return std::nullopt;
    if (isUnsigned)
      return a.udiv(b);
    if (a.isMinSignedValue() && b.isAllOnes())
      return std::nullopt;
    return a.sdiv(b);
  case BinaryKind::Max:
    return isUnsigned ? llvm::APIntOps::umax(a, b) : llvm::APIntOps::smax(a, b);
  case BinaryKind::Min:
    return isUnsigned ? llvm::APIntOps::umin(a, b) : llvm::APIntOps::smin(a, b);
  case BinaryKind::Equal:
    return APInt(1, a == b);
  case BinaryKind::Greater:
    return APInt(1, isUnsigned ? a.ugt(b) : a.sgt(b));
  case BinaryKind::GreaterOrEqual:
    return APInt(1, isUnsigned ? a.uge(b) : a.sge(b));
  case BinaryKind::Less:
    return APInt(1, isUnsigned ? a.ult(b) : a.slt(b));
  case BinaryKind::Pow:
    break;
  }
  return std::nullopt;
}

std::optional<APInt> evalIntPow(const APInt &base, int64_t exponent) {
  if (exponent < 0 || exponent > 4096)
    return std::nullopt;
  APInt result(base.getBitWidth(), 1);
  for (int64_t i = 0; i < exponent; ++i)
    result *= base;
  return result;
}

std::optional<APInt> evalFloatCompare(BinaryKind kind, const APFloat &a,
                                      const APFloat &b) {
  APFloat::cmpResult c = a.compare(b);
  switch (kind) {
  case BinaryKind::Equal:
    return APInt(1, c == APFloat::cmpEqual);
  case BinaryKind::Greater:
    return APInt(1, c == APFloat::cmpGreaterThan);
  case BinaryKind::GreaterOrEqual:
    return APInt(1, c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual);
  case BinaryKind::Less:
    return APInt(1, c == APFloat::cmpLessThan);
  default:
    return std::nullopt;
  }
}

APFloat evalFloatBinary(BinaryKind kind, const APFloat &a, const APFloat &b) {
  switch (kind) {
  case BinaryKind::Add:
    return a + b;
  case BinaryKind::Sub:
    return a - b;
  case BinaryKind::Mul:
    return a * b;
  case BinaryKind::Div:
    return a / b;
  case BinaryKind::Max:
    return llvm::maximum(a, b);
  case BinaryKind::Min:
    return llvm::minimum(a, b);
  default:
    return fromDouble(std::pow(toDouble(a), toDouble(b)), a.getSemantics());
  }
}

bool isCompare(BinaryKind kind) {
  return kind == BinaryKind::Equal || kind == BinaryKind::Greater ||
         kind == BinaryKind::GreaterOrEqual || kind == BinaryKind::Less;
}

} // namespace

DenseElementsAttr evalBinary(BinaryKind kind, DenseElementsAttr lhs,
                             DenseElementsAttr rhs, ShapedType resultType) {
  if (!lhs || !rhs || !isFoldableResultType(resultType))
    return {};
  Type lt = lhs.getElementType(), rt = rhs.getElementType();
  if (!supportedElementType(lt) || !supportedElementType(rt))
    return {};
  if (kind != BinaryKind::Pow && lt != rt)
    return {};
  bool isFloat = llvm::isa<FloatType>(lt);
  bool isUnsigned = isUnsignedLike(lt);
  Results out;
  auto la = lhs.value_begin<APInt>();
  auto ra = rhs.value_begin<APInt>();
  SmallVector<ArrayRef<int64_t>> shapes{lhs.getType().getShape(),
                                        rhs.getType().getShape()};
  forEachBroadcast(
      resultType.getShape(), shapes, [&](int64_t, ArrayRef<int64_t> off) {
        if (out.failed)
          return;
        if (isFloat) {
          APFloat a = lhs.value_begin<APFloat>()[off[0]];
          if (kind == BinaryKind::Pow && !llvm::isa<FloatType>(rt)) {
            APInt b = ra[off[1]];
            double e = isUnsignedLike(rt) ? (double)b.getZExtValue()
                                          : (double)b.getSExtValue();
            out.floats.push_back(
                fromDouble(std::pow(toDouble(a), e), a.getSemantics()));
            return;
          }
          APFloat b = rhs.value_begin<APFloat>()[off[1]];
          if (isCompare(kind))
            out.ints.push_back(*evalFloatCompare(kind, a, b));
          else
            out.floats.push_back(evalFloatBinary(kind, a, b));
          return;
        }
        APInt a = la[off[0]];
        std::optional<APInt> r;
        if (kind == BinaryKind::Pow) {
          if (llvm::isa<FloatType>(rt)) {
            out.failed = true;
            return;
          }
          APInt b = ra[off[1]];
          int64_t e = isUnsignedLike(rt) ? (int64_t)b.getLimitedValue(INT64_MAX)
                                         : b.getSExtValue();
          r = evalIntPow(a, e);
        } else {
          r = evalIntBinary(kind, a, ra[off[1]], isUnsigned);
        }
        if (!r)
          out.failed = true;
        else
          out.ints.push_back(*r);
      });
  return out.build(resultType);
}

DenseElementsAttr evalUnary(UnaryKind kind, DenseElementsAttr input,
                            ShapedType resultType) {
  if (!input || !isFoldableResultType(resultType) ||
      input.getElementType() != resultType.getElementType())
    return {};
  Type et = input.getElementType();
  if (!supportedElementType(et))
    return {};
  int64_t n = resultType.getNumElements();
  if (input.getNumElements() != n)
    return {};
  Results out;
  if (auto ft = llvm::dyn_cast<FloatType>(et)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    auto it = input.value_begin<APFloat>();
    for (int64_t i = 0; i < n; ++i) {
      APFloat v = it[i];
      double x = toDouble(v), y;
      switch (kind) {
      case UnaryKind::Neg:
        v.changeSign();
        out.floats.push_back(v);
        continue;
      case UnaryKind::Abs:
        out.floats.push_back(llvm::abs(v));
        continue;
      case UnaryKind::Sqrt:
        y = std::sqrt(x);
        break;
      case UnaryKind::Exp:
        y = std::exp(x);
        break;
      case UnaryKind::Log:
        y = std::log(x);
        break;
      case UnaryKind::Relu:
        y = x > 0 ? x : 0.0;
        break;
      case UnaryKind::Sigmoid:
        y = 1.0 / (1.0 + std::exp(-x));
        break;
      case UnaryKind::Tanh:
        y = std::tanh(x);
        break;
      case UnaryKind::Erf:
        y = std::erf(x);
        break;
      case UnaryKind::HardSwish:
        y = x * std::max(0.0, std::min(1.0, x / 6.0 + 0.5));
        break;
      case UnaryKind::Not:
        return {};
      }
      out.floats.push_back(fromDouble(y, sem));
    }
    return out.build(resultType);
  }
  bool isUnsigned = isUnsignedLike(et);
  auto it = input.value_begin<APInt>();
  for (int64_t i = 0; i < n; ++i) {
    APInt v = it[i];
    switch (kind) {
    case UnaryKind::Neg:
      if (et.isInteger(1))
        return {};
      out.ints.push_back(-v);
      break;
    case UnaryKind::Abs:
      out.ints.push_back(isUnsigned ? v : v.abs());
      break;
    case UnaryKind::Relu:
      out.ints.push_back(
          !isUnsigned && v.isNegative() ? APInt::getZero(v.getBitWidth()) : v);
      break;
    case UnaryKind::Not:
      if (!et.isInteger(1))
        return {};
      out.ints.push_back(~v);
      break;
    default:
      return {};
    }
  }
  return out.build(resultType);
}

DenseElementsAttr evalCast(DenseElementsAttr input, ShapedType resultType) {
  if (!input || !isFoldableResultType(resultType))
    return {};
  Type from = input.getElementType();
  Type to = resultType.getElementType();
  if (!supportedElementType(from) || !supportedElementType(to))
    return {};
  int64_t n = resultType.getNumElements();
  if (input.getNumElements() != n)
    return {};
  Results out;
  bool fromFloat = llvm::isa<FloatType>(from);
  bool toFloat = llvm::isa<FloatType>(to);
  for (int64_t i = 0; i < n; ++i) {
    if (fromFloat) {
      APFloat v = input.value_begin<APFloat>()[i];
      if (toFloat) {
        bool loses;
        v.convert(llvm::cast<FloatType>(to).getFloatSemantics(),
                  APFloat::rmNearestTiesToEven, &loses);
        out.floats.push_back(v);
      } else if (to.isInteger(1)) {
        out.ints.push_back(APInt(1, !v.isZero()));
      } else {
        llvm::APSInt result(to.getIntOrFloatBitWidth(), to.isUnsignedInteger());
        bool exact;
        if (v.convertToInteger(result, APFloat::rmTowardZero, &exact) &
            APFloat::opInvalidOp)
          return {};
        out.ints.push_back(result);
      }
      continue;
    }
    APInt v = input.value_begin<APInt>()[i];
    bool isUnsigned = isUnsignedLike(from);
    if (toFloat) {
      APFloat f(llvm::cast<FloatType>(to).getFloatSemantics());
      f.convertFromAPInt(v, !isUnsigned, APFloat::rmNearestTiesToEven);
      out.floats.push_back(f);
    } else if (to.isInteger(1)) {
      out.ints.push_back(APInt(1, !v.isZero()));
    } else {
      unsigned width = to.getIntOrFloatBitWidth();
      out.ints.push_back(isUnsigned ? v.zextOrTrunc(width)
                                    : v.sextOrTrunc(width));
    }
  }
  return out.build(resultType);
}

DenseElementsAttr evalWhere(DenseElementsAttr cond, DenseElementsAttr x,
                            DenseElementsAttr y, ShapedType resultType) {
  if (!cond || !x || !y || !isFoldableResultType(resultType) ||
      !cond.getElementType().isInteger(1) ||
      x.getElementType() != resultType.getElementType() ||
      y.getElementType() != resultType.getElementType())
    return {};
  SmallVector<int64_t> sources;
  SmallVector<ArrayRef<int64_t>> shapes{cond.getType().getShape(),
                                        x.getType().getShape(),
                                        y.getType().getShape()};
  auto c = cond.value_begin<bool>();
  // Element i takes x[offset] (encoded >= 0) or y[offset] (encoded < 0).
  forEachBroadcast(resultType.getShape(), shapes,
                   [&](int64_t, ArrayRef<int64_t> off) {
                     sources.push_back(c[off[0]] ? off[1] : -1 - off[2]);
                   });
  DenseElementsAttr fromX = selectElements(x, resultType, [&](int64_t i) {
    return std::max<int64_t>(sources[i], 0);
  });
  DenseElementsAttr fromY = selectElements(y, resultType, [&](int64_t i) {
    return sources[i] < 0 ? -1 - sources[i] : 0;
  });
  if (!fromX || !fromY)
    return {};
  SmallVector<Attribute> merged;
  auto xs = fromX.value_begin<Attribute>();
  auto ys = fromY.value_begin<Attribute>();
  for (size_t i = 0; i < sources.size(); ++i)
    merged.push_back(sources[i] >= 0 ? xs[i] : ys[i]);
  return DenseElementsAttr::get(resultType, merged);
}

DenseElementsAttr evalClip(DenseElementsAttr input, DenseElementsAttr min,
                           DenseElementsAttr max, ShapedType resultType) {
  if (!input || !isFoldableResultType(resultType) ||
      input.getType() != resultType)
    return {};
  Type et = input.getElementType();
  if ((min && (min.getElementType() != et || min.getNumElements() != 1)) ||
      (max && (max.getElementType() != et || max.getNumElements() != 1)))
    return {};
  DenseElementsAttr result = input;
  if (min)
    result = evalBinary(BinaryKind::Max, result,
                        min.reshape(RankedTensorType::get({}, et)), resultType);
  if (result && max)
    result = evalBinary(BinaryKind::Min, result,
                        max.reshape(RankedTensorType::get({}, et)), resultType);
  return result;
}

namespace {

/// Appends elements taken from source attributes, byte-wise for ints and
/// floats, as bools for i1.
class ElementSink {
public:
  ElementSink(Type elementType, int64_t count) : elementType(elementType) {
    if (elementType.isInteger(1)) {
      bools.reserve(count);
    } else {
      bytes = llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
      raw.reserve(count * bytes);
    }
  }

  void append(DenseElementsAttr source, int64_t index) {
    if (elementType.isInteger(1)) {
      bools.push_back(source.value_begin<bool>()[index]);
      return;
    }
    ArrayRef<char> data = source.getRawData();
    const char *at = data.data() + (source.isSplat() ? 0 : index * bytes);
    raw.insert(raw.end(), at, at + bytes);
  }

  DenseElementsAttr finish(ShapedType type) {
    if (elementType.isInteger(1))
      return DenseElementsAttr::get(type, bools);
    return DenseElementsAttr::getFromRawBuffer(type, raw);
  }

private:
  Type elementType;
  size_t bytes = 0;
  std::vector<char> raw;
  SmallVector<bool> bools;
};

bool canSelect(DenseElementsAttr source, ShapedType resultType) {
  return source && isFoldableResultType(resultType) &&
         source.getElementType() == resultType.getElementType() &&
         llvm::isa<DenseIntOrFPElementsAttr>(source);
}

} // namespace

DenseElementsAttr selectElements(DenseElementsAttr source,
                                 ShapedType resultType,
                                 llvm::function_ref<int64_t(int64_t)> index) {
  if (!canSelect(source, resultType))
    return {};
  if (source.isSplat())
    return DenseElementsAttr::get(resultType,
                                  source.getSplatValue<Attribute>());
  int64_t n = resultType.getNumElements();
  int64_t limit = source.getNumElements();
  ElementSink sink(source.getElementType(), n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = index(i);
    if (j < 0 || j >= limit)
      return {};
    sink.append(source, j);
  }
  return sink.finish(resultType);
}

DenseElementsAttr evalTranspose(DenseElementsAttr input, ArrayRef<int64_t> perm,
                                ShapedType resultType) {
  if (!input)
    return {};
  ArrayRef<int64_t> resultShape = resultType.getShape();
  SmallVector<int64_t> srcStrides = computeStrides(input.getType().getShape());
  SmallVector<int64_t> resStrides = computeStrides(resultShape);
  if (perm.size() != resultShape.size())
    return {};
  return selectElements(input, resultType, [&](int64_t i) {
    int64_t src = 0;
    for (size_t d = 0; d < resultShape.size(); ++d) {
      int64_t coord = (i / resStrides[d]) % resultShape[d];
      src += coord * srcStrides[perm[d]];
    }
    return src;
  });
}

DenseElementsAttr evalBroadcastTo(DenseElementsAttr input,
                                  ShapedType resultType) {
  if (!canSelect(input, resultType))
    return {};
  SmallVector<int64_t> sources;
  SmallVector<ArrayRef<int64_t>> shapes{input.getType().getShape()};
  forEachBroadcast(
      resultType.getShape(), shapes,
      [&](int64_t, ArrayRef<int64_t> off) { sources.push_back(off[0]); });
  return selectElements(input, resultType,
                        [&](int64_t i) { return sources[i]; });
}

DenseElementsAttr evalConcat(ArrayRef<DenseElementsAttr> inputs, int64_t axis,
                             ShapedType resultType) {
  if (inputs.empty() || !isFoldableResultType(resultType))
    return {};
  for (DenseElementsAttr input : inputs)
    if (!canSelect(input, resultType))
      return {};
  ArrayRef<int64_t> shape = resultType.getShape();
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  ElementSink sink(resultType.getElementType(), resultType.getNumElements());
  for (int64_t o = 0; o < outer; ++o) {
    for (DenseElementsAttr input : inputs) {
      int64_t block = input.getNumElements() / std::max<int64_t>(outer, 1);
      for (int64_t k = 0; k < block; ++k)
        sink.append(input, o * block + k);
    }
  }
  return sink.finish(resultType);
}

DenseElementsAttr evalSlice(DenseElementsAttr input, ArrayRef<int64_t> starts,
                            ArrayRef<int64_t> steps, ShapedType resultType) {
  if (!input)
    return {};
  ArrayRef<int64_t> resultShape = resultType.getShape();
  if (starts.size() != resultShape.size() || steps.size() != resultShape.size())
    return {};
  SmallVector<int64_t> srcStrides = computeStrides(input.getType().getShape());
  SmallVector<int64_t> resStrides = computeStrides(resultShape);
  return selectElements(input, resultType, [&](int64_t i) {
    int64_t src = 0;
    for (size_t d = 0; d < resultShape.size(); ++d) {
      int64_t coord = (i / resStrides[d]) % resultShape[d];
      src += (starts[d] + coord * steps[d]) * srcStrides[d];
    }
    return src;
  });
}

DenseElementsAttr evalGather(DenseElementsAttr data, ArrayRef<int64_t> indices,
                             int64_t axis, ShapedType resultType) {
  if (!data)
    return {};
  ArrayRef<int64_t> shape = data.getType().getShape();
  if (axis < 0 || axis >= (int64_t)shape.size())
    return {};
  int64_t dim = shape[axis];
  int64_t inner = 1;
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  int64_t count = indices.size();
  SmallVector<int64_t> norm;
  for (int64_t index : indices) {
    if (index < -dim || index >= dim)
      return {};
    norm.push_back(index < 0 ? index + dim : index);
  }
  if (count == 0 || inner == 0)
    return selectElements(data, resultType, [](int64_t) { return 0; });
  return selectElements(data, resultType, [&](int64_t i) {
    int64_t k = i % inner;
    int64_t j = (i / inner) % count;
    int64_t o = i / (inner * count);
    return (o * dim + norm[j]) * inner + k;
  });
}

} // namespace weft::graph
