//===- ShapeValue.cpp - What is known about small integer tensors ---------===//

#include "passes/graph/ShapeValue.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace weft::graph {

std::optional<SmallVector<int64_t>> ShapeValue::getConstants() const {
  SmallVector<int64_t> values;
  for (const ShapeElement &e : elements) {
    if (!e.isConstant())
      return std::nullopt;
    values.push_back(e.value);
  }
  return values;
}

namespace {

/// Deeper chains than this are left to later iterations of the greedy
/// driver, which materializes the inner links first.
constexpr unsigned kMaxDepth = 32;

/// `v` as an integer of `type`'s width and signedness, back in an int64.
int64_t truncateTo(IntegerType type, int64_t v) {
  unsigned width = type.getWidth();
  if (width == 1)
    return v != 0;
  if (width >= 64)
    return v;
  APInt bits(64, static_cast<uint64_t>(v), /*isSigned=*/true);
  bits = bits.trunc(width);
  return type.isUnsigned() ? static_cast<int64_t>(bits.getZExtValue())
                           : bits.getSExtValue();
}

/// The static type of `value`: its declared type, or when that is not
/// static, what its op infers now (types in a half-folded graph lag behind
/// until graph-infer-shapes runs again).
RankedTensorType getStaticType(Value value) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (type && type.hasStaticShape())
    return type;
  auto result = llvm::dyn_cast<OpResult>(value);
  if (!result)
    return {};
  Operation *op = result.getOwner();
  auto iface = llvm::dyn_cast<InferTypeOpInterface>(op);
  if (!iface)
    return {};
  SmallVector<Type> inferred;
  if (failed(iface.inferReturnTypes(
          op->getContext(), /*location=*/std::nullopt, op->getOperands(),
          op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
          op->getRegions(), inferred)) ||
      inferred.size() != op->getNumResults())
    return {};
  auto refined =
      llvm::dyn_cast<RankedTensorType>(inferred[result.getResultNumber()]);
  if (!refined || !refined.hasStaticShape() ||
      !areRefinableTypes(value.getType(), refined))
    return {};
  return refined;
}

/// The integer (or i1) element type of a rank-0/1 tensor with a static size
/// of at most kMaxShapeValueElements, and that size; nullopt otherwise.
std::optional<std::pair<IntegerType, ShapeValue>> describe(Value value) {
  RankedTensorType type = getStaticType(value);
  if (!type || type.getRank() > 1)
    return std::nullopt;
  auto elementType = llvm::dyn_cast<IntegerType>(type.getElementType());
  if (!elementType || type.getNumElements() > kMaxShapeValueElements)
    return std::nullopt;
  ShapeValue unknown;
  unknown.isScalar = type.getRank() == 0;
  unknown.elements.assign(type.getNumElements(), ShapeElement::unknown());
  return std::make_pair(elementType, std::move(unknown));
}

std::optional<ShapeValue> analyze(Value value, unsigned depth);

/// The constant values of `value` (all elements known), or nullopt.
std::optional<SmallVector<int64_t>> constantsOf(Value value, unsigned depth) {
  std::optional<ShapeValue> sv = analyze(value, depth);
  if (!sv)
    return std::nullopt;
  return sv->getConstants();
}

/// A single constant (scalar or one-element) value, or nullopt.
std::optional<int64_t> scalarConstantOf(Value value, unsigned depth) {
  std::optional<SmallVector<int64_t>> values = constantsOf(value, depth);
  if (!values || values->size() != 1)
    return std::nullopt;
  return (*values)[0];
}

/// True when the optional 1-D `axes` operand/attribute selects axis 0 of a
/// rank-1 tensor.
bool isAxisZero(int64_t axis) { return axis == 0 || axis == -1; }

std::optional<ShapeValue> fromConstant(Value value, IntegerType elementType,
                                       ShapeValue result) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr)
    return result;
  bool zext = elementType.isUnsigned() || elementType.getWidth() == 1;
  size_t i = 0;
  for (const APInt &v : attr.getValues<APInt>())
    result.elements[i++] = ShapeElement::constant(
        zext ? static_cast<int64_t>(v.getZExtValue()) : v.getSExtValue());
  return result;
}

std::optional<ShapeValue> fromShape(ShapeOp op, ShapeValue result) {
  std::optional<SmallVector<int64_t>> dims = getShape(op.getData().getType());
  if (!dims)
    return result;
  int64_t rank = dims->size();
  auto clamp = [&](int64_t v) {
    if (v < 0)
      v += rank;
    return std::min(std::max<int64_t>(v, 0), rank);
  };
  int64_t start = clamp(static_cast<int64_t>(op.getStart()));
  int64_t end = op.getEnd() ? clamp(static_cast<int64_t>(*op.getEnd())) : rank;
  if (end - start != static_cast<int64_t>(result.elements.size()))
    return result;
  for (int64_t d = start; d < end; ++d)
    result.elements[d - start] = ShapedType::isDynamic((*dims)[d])
                                     ? ShapeElement::dimOf(op.getData(), d)
                                     : ShapeElement::constant((*dims)[d]);
  return result;
}

std::optional<ShapeValue> fromSize(SizeOp op, ShapeValue result) {
  auto type = llvm::dyn_cast<RankedTensorType>(op.getData().getType());
  if (type && type.hasStaticShape() && result.elements.size() == 1)
    result.elements[0] = ShapeElement::constant(type.getNumElements());
  return result;
}

std::optional<ShapeValue> fromCast(CastOp op, IntegerType elementType,
                                   ShapeValue result, unsigned depth) {
  std::optional<ShapeValue> input = analyze(op.getInput(), depth);
  if (!input || input->elements.size() != result.elements.size())
    return result;
  for (auto [out, in] : llvm::zip(result.elements, input->elements)) {
    if (in.isConstant())
      out = ShapeElement::constant(truncateTo(elementType, in.value));
    else if (elementType.getWidth() >= 32)
      out = in; // Dims fit in 32 bits; a narrower cast may not keep them.
  }
  return result;
}

std::optional<ShapeValue> fromGather(GatherOp op, ShapeValue result,
                                     unsigned depth) {
  std::optional<ShapeValue> data = analyze(op.getData(), depth);
  if (!data || data->isScalar ||
      !isAxisZero(static_cast<int64_t>(op.getAxis())))
    return result;
  std::optional<SmallVector<int64_t>> indices =
      constantsOf(op.getIndices(), depth);
  if (!indices || indices->size() != result.elements.size())
    return result;
  int64_t n = data->elements.size();
  for (auto [out, index] : llvm::zip(result.elements, *indices)) {
    if (index < -n || index >= n)
      return result; // The op's verifier reports this.
    out = data->elements[index < 0 ? index + n : index];
  }
  return result;
}

std::optional<ShapeValue> fromSlice(SliceOp op, ShapeValue result,
                                    unsigned depth) {
  std::optional<ShapeValue> data = analyze(op.getData(), depth);
  if (!data || data->isScalar)
    return result;
  std::optional<int64_t> start = scalarConstantOf(op.getStarts(), depth);
  std::optional<int64_t> end = scalarConstantOf(op.getEnds(), depth);
  std::optional<int64_t> axis =
      op.getAxes() ? scalarConstantOf(op.getAxes(), depth) : 0;
  std::optional<int64_t> step =
      op.getSteps() ? scalarConstantOf(op.getSteps(), depth) : 1;
  if (!start || !end || !axis || !step || !isAxisZero(*axis) || *step == 0)
    return result;
  int64_t n = data->elements.size();
  int64_t s = *start < 0 ? *start + n : *start;
  int64_t e = *end < 0 ? *end + n : *end;
  SmallVector<ShapeElement> picked;
  if (*step > 0) {
    s = std::clamp<int64_t>(s, 0, n);
    e = std::clamp<int64_t>(e, 0, n);
    for (int64_t i = s; i < e; i += *step)
      picked.push_back(data->elements[i]);
  } else {
    s = std::clamp<int64_t>(s, 0, n - 1);
    e = std::clamp<int64_t>(e, -1, n - 1);
    for (int64_t i = s; i > e; i += *step)
      picked.push_back(data->elements[i]);
  }
  if (picked.size() != result.elements.size())
    return result;
  result.elements = std::move(picked);
  return result;
}

std::optional<ShapeValue> fromConcat(ConcatOp op, ShapeValue result,
                                     unsigned depth) {
  if (!isAxisZero(static_cast<int64_t>(op.getAxis())))
    return result;
  SmallVector<ShapeElement> joined;
  for (Value input : op.getInputs()) {
    std::optional<ShapeValue> part = analyze(input, depth);
    if (!part || part->isScalar)
      return result;
    llvm::append_range(joined, part->elements);
  }
  if (joined.size() != result.elements.size())
    return result;
  result.elements = std::move(joined);
  return result;
}

/// Unsqueeze, Squeeze, Reshape and Identity keep the elements in order.
std::optional<ShapeValue> fromSameElements(Value input, ShapeValue result,
                                           unsigned depth) {
  std::optional<ShapeValue> data = analyze(input, depth);
  if (data && data->elements.size() == result.elements.size())
    result.elements = data->elements;
  return result;
}

/// Integer Add/Sub/Mul/Div and Equal, elementwise with broadcasting of a
/// one-element side.
template <typename Combine>
std::optional<ShapeValue> fromBinary(Value lhs, Value rhs, ShapeValue result,
                                     unsigned depth, Combine combine) {
  std::optional<ShapeValue> a = analyze(lhs, depth);
  std::optional<ShapeValue> b = analyze(rhs, depth);
  if (!a || !b)
    return result;
  size_t n = result.elements.size();
  auto at = [&](const ShapeValue &v, size_t i) -> const ShapeElement * {
    if (v.elements.size() == 1)
      return &v.elements[0];
    return v.elements.size() == n ? &v.elements[i] : nullptr;
  };
  for (size_t i = 0; i < n; ++i) {
    const ShapeElement *x = at(*a, i), *y = at(*b, i);
    if (!x || !y)
      return result;
    result.elements[i] = combine(*x, *y);
  }
  return result;
}

ShapeElement addElements(const ShapeElement &x, const ShapeElement &y) {
  if (x.isConstant() && y.isConstant())
    return ShapeElement::constant(x.value + y.value);
  if (y.isConstant() && y.value == 0)
    return x;
  if (x.isConstant() && x.value == 0)
    return y;
  return ShapeElement::unknown();
}

ShapeElement subElements(const ShapeElement &x, const ShapeElement &y) {
  if (x.isConstant() && y.isConstant())
    return ShapeElement::constant(x.value - y.value);
  if (y.isConstant() && y.value == 0)
    return x;
  if (!x.isUnknown() && x == y)
    return ShapeElement::constant(0);
  return ShapeElement::unknown();
}

ShapeElement mulElements(const ShapeElement &x, const ShapeElement &y) {
  if (x.isConstant() && y.isConstant())
    return ShapeElement::constant(x.value * y.value);
  if ((x.isConstant() && x.value == 0) || (y.isConstant() && y.value == 0))
    return ShapeElement::constant(0);
  if (y.isConstant() && y.value == 1)
    return x;
  if (x.isConstant() && x.value == 1)
    return y;
  return ShapeElement::unknown();
}

ShapeElement divElements(const ShapeElement &x, const ShapeElement &y) {
  if (x.isConstant() && y.isConstant() && y.value != 0)
    return ShapeElement::constant(x.value / y.value); // C++ truncates, as ORT.
  if (y.isConstant() && y.value == 1)
    return x;
  return ShapeElement::unknown();
}

ShapeElement equalElements(const ShapeElement &x, const ShapeElement &y) {
  if (x.isConstant() && y.isConstant())
    return ShapeElement::constant(x.value == y.value);
  if (!x.isUnknown() && x == y)
    return ShapeElement::constant(1);
  return ShapeElement::unknown();
}

std::optional<ShapeValue> fromNot(NotOp op, ShapeValue result, unsigned depth) {
  std::optional<ShapeValue> input = analyze(op.getX(), depth);
  if (!input || input->elements.size() != result.elements.size())
    return result;
  for (auto [out, in] : llvm::zip(result.elements, input->elements))
    if (in.isConstant())
      out = ShapeElement::constant(in.value == 0);
  return result;
}

std::optional<ShapeValue> analyze(Value value, unsigned depth) {
  std::optional<std::pair<IntegerType, ShapeValue>> described = describe(value);
  if (!described)
    return std::nullopt;
  IntegerType elementType = described->first;
  ShapeValue result = std::move(described->second);
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return result;
  if (matchPattern(value, m_Constant()))
    return fromConstant(value, elementType, std::move(result));
  ++depth;
  bool isI1 = elementType.getWidth() == 1;
  return llvm::TypeSwitch<Operation *, std::optional<ShapeValue>>(def)
      .Case([&](ShapeOp op) { return fromShape(op, std::move(result)); })
      .Case([&](SizeOp op) { return fromSize(op, std::move(result)); })
      .Case([&](CastOp op) {
        return fromCast(op, elementType, std::move(result), depth);
      })
      .Case(
          [&](GatherOp op) { return fromGather(op, std::move(result), depth); })
      .Case([&](SliceOp op) { return fromSlice(op, std::move(result), depth); })
      .Case(
          [&](ConcatOp op) { return fromConcat(op, std::move(result), depth); })
      .Case([&](UnsqueezeOp op) {
        return fromSameElements(op.getData(), std::move(result), depth);
      })
      .Case([&](SqueezeOp op) {
        return fromSameElements(op.getData(), std::move(result), depth);
      })
      .Case([&](ReshapeOp op) {
        return fromSameElements(op.getData(), std::move(result), depth);
      })
      .Case([&](IdentityOp op) {
        return fromSameElements(op.getX(), std::move(result), depth);
      })
      .Case([&](AddOp op) {
        if (isI1)
          return std::optional<ShapeValue>(result);
        return fromBinary(op.getLhs(), op.getRhs(), std::move(result), depth,
                          addElements);
      })
      .Case([&](SubOp op) {
        if (isI1)
          return std::optional<ShapeValue>(result);
        return fromBinary(op.getLhs(), op.getRhs(), std::move(result), depth,
                          subElements);
      })
      .Case([&](MulOp op) {
        if (isI1)
          return std::optional<ShapeValue>(result);
        return fromBinary(op.getLhs(), op.getRhs(), std::move(result), depth,
                          mulElements);
      })
      .Case([&](DivOp op) {
        if (isI1)
          return std::optional<ShapeValue>(result);
        return fromBinary(op.getLhs(), op.getRhs(), std::move(result), depth,
                          divElements);
      })
      .Case([&](EqualOp op) {
        return fromBinary(op.getLhs(), op.getRhs(), std::move(result), depth,
                          equalElements);
      })
      .Case([&](NotOp op) { return fromNot(op, std::move(result), depth); })
      .Default([&](Operation *) { return std::optional<ShapeValue>(result); });
}

} // namespace

std::optional<ShapeValue> analyzeShapeValue(Value value) {
  return analyze(value, 0);
}

DenseElementsAttr makeIntElements(RankedTensorType type,
                                  ArrayRef<int64_t> values) {
  auto elementType = llvm::cast<IntegerType>(type.getElementType());
  unsigned width = elementType.getWidth();
  SmallVector<APInt> bits;
  bits.reserve(values.size());
  for (int64_t v : values)
    bits.push_back(width == 1 ? APInt(1, v != 0)
                              : APInt(64, static_cast<uint64_t>(v),
                                      /*isSigned=*/true)
                                    .trunc(width));
  return DenseElementsAttr::get(type, bits);
}

} // namespace weft::graph
