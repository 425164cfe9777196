//===- LegacyOpsets.cpp - Forms of operators before opset 7 ---------------===//

#include "compiler/importer/LegacyOpsets.h"
#include "compiler/importer/GraphImporter.h"

#include "dialects/graph/GraphOps.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// Creates a one-result graph op; null after an error naming the node.
template <typename OpTy>
Value createValue(NodeImporter &n, ValueRange operands,
                  llvm::ArrayRef<NamedAttribute> attrs = {}) {
  Operation *op = n.create<OpTy>(operands, attrs);
  return op ? op->getResult(0) : Value();
}

Type elementTypeOf(Value v) {
  return llvm::cast<TensorType>(v.getType()).getElementType();
}

} // namespace

Value legacyBroadcastOperand(NodeImporter &n, Value a, Value b) {
  if (n.opset >= 7)
    return b;
  int64_t broadcast = n.intAttr("broadcast", 0);
  std::optional<int64_t> axis = n.intAttr("axis");
  if (n.failed())
    return {};
  // Without `broadcast` the shapes are equal (numpy broadcasting leaves equal
  // shapes alone) and `axis` means nothing.
  if (broadcast == 0)
    return b;
  if (broadcast != 1) {
    (void)n.fail("broadcast must be 0 or 1, got " + llvm::Twine(broadcast));
    return {};
  }
  auto aType = llvm::dyn_cast<RankedTensorType>(a.getType());
  auto bType = llvm::dyn_cast<RankedTensorType>(b.getType());
  if (!aType || !bType) {
    (void)n.fail("broadcast = 1 (opset < 7) needs the ranks of both inputs");
    return {};
  }
  int64_t rankA = aType.getRank(), rankB = bType.getRank();
  if (rankB > rankA) {
    (void)n.fail("broadcast = 1 needs B's rank (" + llvm::Twine(rankB) +
                 ") to be at most A's (" + llvm::Twine(rankA) + ")");
    return {};
  }
  int64_t start = axis.value_or(rankA - rankB);
  if (start < 0)
    start += rankA;
  if (start < 0 || start + rankB > rankA) {
    (void)n.fail("axis " + llvm::Twine(*axis) + " does not fit B's " +
                 llvm::Twine(rankB) + " dims into A's " + llvm::Twine(rankA));
    return {};
  }
  for (int64_t i = 0; i < rankB; ++i) {
    int64_t dimB = bType.getDimSize(i), dimA = aType.getDimSize(start + i);
    if (!ShapedType::isDynamic(dimB) && !ShapedType::isDynamic(dimA) &&
        dimB != dimA && dimB != 1) {
      (void)n.fail("dim " + llvm::Twine(i) + " of B (" + llvm::Twine(dimB) +
                   ") does not match dim " + llvm::Twine(start + i) +
                   " of A (" + llvm::Twine(dimA) + ")");
      return {};
    }
  }
  if (rankB == 0 || rankB == rankA)
    return b;
  llvm::SmallVector<int64_t> unitDims;
  for (int64_t i = 0; i < rankA; ++i)
    if (i < start || i >= start + rankB)
      unitDims.push_back(i);
  return createValue<UnsqueezeOp>(
      n, b,
      {n.builder.getNamedAttr("axes",
                              n.builder.getDenseI64ArrayAttr(unitDims))});
}

LogicalResult convertPerActivationBatchNorm(NodeImporter &n) {
  Value x = n.requiredInput(0), scale = n.requiredInput(1),
        bias = n.requiredInput(2), mean = n.requiredInput(3),
        var = n.requiredInput(4);
  float epsilon = n.floatAttr("epsilon").value_or(1e-5f);
  if (n.failed())
    return failure();
  // The statistics are C x D1 x ... x Dn; X is N x C x D1 x ... x Dn.
  auto unsqueezeBatch = [&](Value v) {
    return createValue<UnsqueezeOp>(
        n, v,
        {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr({0}))});
  };
  Value eps = n.constantScalar(elementTypeOf(var), epsilon);
  if (!eps)
    return failure();
  Value stddev = createValue<SqrtOp>(n, createValue<AddOp>(n, {var, eps}));
  Value factor = createValue<DivOp>(n, {scale, stddev});
  Value shift =
      createValue<SubOp>(n, {bias, createValue<MulOp>(n, {mean, factor})});
  Value factorB = unsqueezeBatch(factor), shiftB = unsqueezeBatch(shift);
  Value y =
      createValue<AddOp>(n, {createValue<MulOp>(n, {x, factorB}), shiftB});
  if (!y)
    return failure();
  n.setOutput(0, y);
  return success();
}

std::optional<int64_t> castTargetType(NodeImporter &n) {
  if (n.opset >= 6)
    return n.intAttr("to");
  std::optional<std::string> name = n.stringAttr("to");
  if (!name)
    return std::nullopt;
  onnx::TensorProto::DataType type;
  if (!onnx::TensorProto::DataType_Parse(llvm::StringRef(*name).upper(),
                                         &type) ||
      type == onnx::TensorProto::UNDEFINED) {
    (void)n.fail("'to' names no ONNX element type: '" + *name + "'");
    return std::nullopt;
  }
  return type;
}

Value inferenceDropoutMask(NodeImporter &n, Value x) {
  Builder &b = n.builder;
  Type type = n.opset >= 10 ? b.getI1Type() : elementTypeOf(x);
  Attribute one;
  if (llvm::isa<FloatType>(type))
    one = b.getFloatAttr(type, 1.0);
  else if (llvm::isa<IntegerType>(type))
    one = b.getIntegerAttr(type, 1);
  else {
    n.emitError() << "the mask output cannot have element type " << type;
    return {};
  }
  Value shape = createValue<ShapeOp>(n, x);
  if (!shape)
    return {};
  auto value = DenseElementsAttr::get(RankedTensorType::get({1}, type), one);
  return createValue<ConstantOfShapeOp>(n, shape,
                                        {b.getNamedAttr("value", value)});
}

Value emitLogSoftmax(NodeImporter &n, Value x, int64_t axis) {
  NamedAttribute axes =
      n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr({axis}));
  Value max = createValue<ReduceMaxOp>(n, x, {axes});
  if (!max)
    return {};
  Value shifted = createValue<SubOp>(n, {x, max});
  if (!shifted)
    return {};
  Value sum =
      createValue<ReduceSumOp>(n, createValue<ExpOp>(n, shifted), {axes});
  if (!sum)
    return {};
  return createValue<SubOp>(n, {shifted, createValue<LogOp>(n, sum)});
}

} // namespace weft::importer
