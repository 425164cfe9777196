//===- RangeOp.cpp - Verifier, type inference and folder of graph.range ---===//
//
// ONNX Range: `max(ceil((limit - start) / delta), 0)` elements
// `start + i * delta`. Integer operands are evaluated exactly in 64 bits;
// floating-point ones in their own precision (f32 in float, as ONNX's
// reference computes the length in the input type).
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/ConstantEval.h"
#include "dialects/graph/InferenceCommon.h"

#include <cmath>

using namespace mlir;
using namespace weft::graph;

namespace {

/// A constant Range operand, as an integer or a float.
struct RangeScalar {
  int64_t i = 0;
  double f = 0.0;
};

bool isRangeElementType(Type type) {
  return type.isF32() || type.isF64() || type.isSignlessInteger(16) ||
         type.isSignlessInteger(32) || type.isSignlessInteger(64);
}

/// The value of a one-element constant operand, nullopt when it is not one.
std::optional<RangeScalar> getRangeScalar(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || attr.getNumElements() != 1)
    return std::nullopt;
  RangeScalar scalar;
  if (llvm::isa<FloatType>(attr.getElementType()))
    scalar.f = (*attr.getValues<APFloat>().begin()).convertToDouble();
  else if (llvm::isa<IntegerType>(attr.getElementType()))
    scalar.i = (*attr.getValues<APInt>().begin()).getSExtValue();
  else
    return std::nullopt;
  return scalar;
}

struct RangeConstants {
  RangeScalar start, limit, delta;
};

std::optional<RangeConstants> getRangeConstants(Value start, Value limit,
                                                Value delta) {
  std::optional<RangeScalar> s = getRangeScalar(start);
  std::optional<RangeScalar> l = getRangeScalar(limit);
  std::optional<RangeScalar> d = getRangeScalar(delta);
  if (!s || !l || !d)
    return std::nullopt;
  return RangeConstants{*s, *l, *d};
}

bool isZeroDelta(const RangeConstants &c, Type elementType) {
  return llvm::isa<FloatType>(elementType) ? c.delta.f == 0.0 : c.delta.i == 0;
}

/// A float element count as an int64: 0 for NaN or negatives, saturated
/// for values past int64 (infinities included).
int64_t clampLength(double n) {
  if (!(n > 0))
    return 0;
  return n >= 9.2e18 ? INT64_MAX : int64_t(n);
}

/// max(ceil((limit - start) / delta), 0); delta must not be zero.
int64_t computeRangeLength(const RangeConstants &c, Type elementType) {
  if (elementType.isF32()) {
    float n =
        std::ceil((float(c.limit.f) - float(c.start.f)) / float(c.delta.f));
    return clampLength(n);
  }
  if (llvm::isa<FloatType>(elementType))
    return clampLength(std::ceil((c.limit.f - c.start.f) / c.delta.f));
  // Operands are at most 64-bit, so the difference fits in 128 bits.
  __int128 span = (__int128)c.limit.i - c.start.i;
  __int128 d = c.delta.i;
  __int128 q = span / d;
  if ((span % d != 0) && ((span < 0) == (d < 0)))
    ++q;
  return q > 0 ? (int64_t)std::min<__int128>(q, INT64_MAX) : 0;
}

} // namespace

LogicalResult RangeOp::verify() {
  auto error = [&] { return NodeError(getLoc(), getOperationName()); };
  Type elementType = getElementType(getStart().getType());
  if (!isRangeElementType(elementType))
    return error() << "start must be a tensor of f32, f64, i16, i32 or i64, "
                   << "got " << getStart().getType();
  for (auto [name, value] : {std::pair<StringRef, Value>{"start", getStart()},
                             {"limit", getLimit()},
                             {"delta", getDelta()}}) {
    if (getElementType(value.getType()) != elementType)
      return error() << name << " has element type "
                     << getElementType(value.getType()) << " but start has "
                     << elementType;
    std::optional<Shape> shape = weft::graph::getShape(value);
    std::optional<int64_t> count =
        shape ? getNumElements(*shape) : std::nullopt;
    if (count && *count != 1)
      return error() << name << " must be a scalar, got shape "
                     << formatShape(*shape);
  }
  if (std::optional<RangeConstants> c =
          getRangeConstants(getStart(), getLimit(), getDelta()))
    if (isZeroDelta(*c, elementType))
      return error() << "delta must not be 0";
  return success();
}

LogicalResult RangeOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  Type elementType = getElementType(adaptor.getStart().getType());
  std::optional<RangeConstants> c = getRangeConstants(
      adaptor.getStart(), adaptor.getLimit(), adaptor.getDelta());
  if (!c || !isRangeElementType(elementType)) {
    types.push_back(tensorOf(Shape{kDyn}, elementType));
    return success();
  }
  if (isZeroDelta(*c, elementType))
    return NodeError(loc, getOperationName()) << "delta must not be 0";
  types.push_back(
      tensorOf(Shape{computeRangeLength(*c, elementType)}, elementType));
  return success();
}

OpFoldResult RangeOp::fold(FoldAdaptor) {
  auto type = llvm::dyn_cast<RankedTensorType>(getOutput().getType());
  if (!type || !type.hasStaticShape() || type.getRank() != 1 ||
      !isFoldableResultType(type))
    return {};
  Type elementType = type.getElementType();
  std::optional<RangeConstants> c =
      getRangeConstants(getStart(), getLimit(), getDelta());
  if (!c || isZeroDelta(*c, elementType) ||
      computeRangeLength(*c, elementType) != type.getDimSize(0))
    return {};
  int64_t n = type.getDimSize(0);
  if (elementType.isF32()) {
    SmallVector<float> values;
    for (int64_t i = 0; i < n; ++i)
      values.push_back(float(c->start.f) + float(i) * float(c->delta.f));
    return DenseElementsAttr::get(type, llvm::ArrayRef(values));
  }
  if (elementType.isF64()) {
    SmallVector<double> values;
    for (int64_t i = 0; i < n; ++i)
      values.push_back(c->start.f + double(i) * c->delta.f);
    return DenseElementsAttr::get(type, llvm::ArrayRef(values));
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  SmallVector<APInt> values;
  for (int64_t i = 0; i < n; ++i)
    values.push_back(
        APInt(64, uint64_t(c->start.i + i * c->delta.i), /*isSigned=*/true)
            .trunc(width));
  return DenseElementsAttr::get(type, values);
}
