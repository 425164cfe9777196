//===- GraphUtils.cpp - Shape and constant helpers for graph ops ----------===//

#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"

#include <limits>

using namespace mlir;

namespace weft::graph {

std::optional<SmallVector<int64_t>> getShape(Type type) {
  auto ranked = llvm::dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return std::nullopt;
  return SmallVector<int64_t>(ranked.getShape());
}

TensorType makeTensorType(std::optional<ArrayRef<int64_t>> shape,
                          Type elementType) {
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

Type getElementType(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

FailureOr<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs,
                                                ArrayRef<int64_t> rhs) {
  size_t rank = std::max(lhs.size(), rhs.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t a = i < rank - lhs.size() ? 1 : lhs[i - (rank - lhs.size())];
    int64_t b = i < rank - rhs.size() ? 1 : rhs[i - (rank - rhs.size())];
    if (a == 1) {
      result[i] = b;
    } else if (b == 1) {
      result[i] = a;
    } else if (ShapedType::isDynamic(a)) {
      result[i] = b; // A dynamic dim must equal b (or be 1, giving b).
      if (ShapedType::isDynamic(b))
        result[i] = ShapedType::kDynamic;
    } else if (ShapedType::isDynamic(b) || a == b) {
      result[i] = a;
    } else {
      return failure();
    }
  }
  return result;
}

FailureOr<std::optional<SmallVector<int64_t>>>
broadcastTypes(TypeRange types, std::optional<Location> loc) {
  SmallVector<int64_t> result;
  for (Type type : types) {
    std::optional<SmallVector<int64_t>> shape = getShape(type);
    if (!shape)
      return std::optional<SmallVector<int64_t>>();
    FailureOr<SmallVector<int64_t>> merged = broadcastShapes(result, *shape);
    if (failed(merged)) {
      (void)emitInferenceError(loc,
                               "operand shapes cannot be broadcast together");
      return failure();
    }
    result = std::move(*merged);
  }
  return std::optional<SmallVector<int64_t>>(std::move(result));
}

FailureOr<Type> meetTypes(Type current, Type inferred) {
  auto cur = llvm::dyn_cast<TensorType>(current);
  auto inf = llvm::dyn_cast<TensorType>(inferred);
  if (!cur || !inf) {
    if (current != inferred)
      return failure();
    return current;
  }
  if (cur.getElementType() != inf.getElementType())
    return failure();
  if (!inf.hasRank())
    return current;
  if (!cur.hasRank())
    return inferred;
  if (cur.getRank() != inf.getRank())
    return failure();
  SmallVector<int64_t> dims(cur.getShape());
  for (auto [i, d] : llvm::enumerate(inf.getShape())) {
    if (ShapedType::isDynamic(d))
      continue;
    if (!ShapedType::isDynamic(dims[i]) && dims[i] != d)
      return failure();
    dims[i] = d;
  }
  return Type(RankedTensorType::get(dims, cur.getElementType()));
}

Type joinTypes(Type a, Type b) {
  if (a == b)
    return a;
  auto ta = llvm::dyn_cast<TensorType>(a);
  auto tb = llvm::dyn_cast<TensorType>(b);
  if (!ta || !tb || ta.getElementType() != tb.getElementType())
    return {};
  if (!ta.hasRank() || !tb.hasRank() || ta.getRank() != tb.getRank())
    return UnrankedTensorType::get(ta.getElementType());
  SmallVector<int64_t> dims;
  for (auto [x, y] : llvm::zip(ta.getShape(), tb.getShape()))
    dims.push_back(x == y ? x : ShapedType::kDynamic);
  return RankedTensorType::get(dims, ta.getElementType());
}

std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

DenseElementsAttr getConstantElements(Value value) {
  if (!value)
    return {};
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return {};
  return llvm::dyn_cast<DenseElementsAttr>(attr);
}

std::optional<SmallVector<int64_t>> getConstantInts(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || !llvm::isa<IntegerType>(attr.getElementType()))
    return std::nullopt;
  SmallVector<int64_t> result;
  result.reserve(attr.getNumElements());
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  for (const APInt &v : attr.getValues<APInt>())
    result.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                                : v.getSExtValue());
  return result;
}

LogicalResult emitInferenceError(std::optional<Location> loc,
                                 const llvm::Twine &message) {
  if (loc)
    mlir::emitError(*loc) << message;
  return failure();
}

std::string getNodeName(Location loc) {
  if (auto name = llvm::dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto fused = llvm::dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations()) {
      std::string name = getNodeName(inner);
      if (!name.empty())
        return name;
    }
  }
  if (auto call = llvm::dyn_cast<CallSiteLoc>(loc))
    return getNodeName(call.getCallee());
  return "";
}

std::string formatShape(std::optional<ArrayRef<int64_t>> shape) {
  if (!shape)
    return "*";
  std::string text;
  for (auto [i, d] : llvm::enumerate(*shape)) {
    if (i)
      text += "x";
    text += ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
  }
  return text;
}

NodeError::NodeError(std::optional<Location> loc, StringRef opName) {
  if (!loc)
    return;
  diag.emplace(mlir::emitError(*loc));
  std::string node = getNodeName(*loc);
  if (!node.empty())
    *diag << "node '" << node << "' (" << opName << "): ";
  else
    *diag << opName << ": ";
}

std::optional<int64_t> getNumElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d) || d < 0)
      return std::nullopt;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
      return std::nullopt;
    n *= d;
  }
  return n;
}

} // namespace weft::graph
