//===- ReductionConverters.cpp - Reductions, normalizations, top-k --------===//
//
// Converters of the ops in dialects/graph/GraphReductionOps.td. Inputs that
// later opsets turned from attributes (Reduce* axes, TopK k, CumSum axis)
// must be constants and become the same attributes whatever the version;
// a CumSum over a 1-D input needs no constant axis (0 is the only one).
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

using Attrs = llvm::SmallVector<NamedAttribute>;

NamedAttribute i64Attr(NodeImporter &n, StringRef name, int64_t value) {
  return n.builder.getNamedAttr(name, n.builder.getI64IntegerAttr(value));
}

/// True when input `i` is a 1-D tensor known to be empty: its values do not
/// matter, even when they are only known at run time.
bool isStaticallyEmpty(NodeImporter &n, unsigned i) {
  Value v = n.input(i);
  if (!v)
    return false;
  auto type = llvm::dyn_cast<RankedTensorType>(v.getType());
  return type && type.getRank() == 1 && type.getDimSize(0) == 0;
}

/// The creator of each Reduce* op, by ONNX name.
using ReduceEmitter = LogicalResult (*)(NodeImporter &, ValueRange,
                                        llvm::ArrayRef<NamedAttribute>,
                                        unsigned, llvm::ArrayRef<int32_t>);

ReduceEmitter lookupReduce(StringRef opType) {
  return llvm::StringSwitch<ReduceEmitter>(opType)
      .Case("ReduceMean", emit<ReduceMeanOp>)
      .Case("ReduceMax", emit<ReduceMaxOp>)
      .Case("ReduceSum", emit<ReduceSumOp>)
      .Case("ReduceMin", emit<ReduceMinOp>)
      .Case("ReduceProd", emit<ReduceProdOp>)
      .Case("ReduceL1", emit<ReduceL1Op>)
      .Case("ReduceL2", emit<ReduceL2Op>)
      .Case("ReduceLogSum", emit<ReduceLogSumOp>)
      .Case("ReduceLogSumExp", emit<ReduceLogSumExpOp>)
      .Case("ReduceSumSquare", emit<ReduceSumSquareOp>)
      .Default(nullptr);
}

/// `p` of Lp pooling: an int from opset 2, a float (that must be whole)
/// before.
std::optional<int64_t> lpPoolP(NodeImporter &n) {
  if (n.opset >= 2)
    return n.intAttr("p", 2);
  float p = n.floatAttr("p").value_or(2.0f);
  if (p < 1 || std::floor(p) != p) {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", p);
    (void)n.fail("p = " + llvm::Twine(text) +
                 " is not supported (only whole p >= 1)");
    return std::nullopt;
  }
  return static_cast<int64_t>(p);
}

} // namespace

//===----------------------------------------------------------------------===//
// Reduce*, ArgMax, ArgMin, Hardmax
//===----------------------------------------------------------------------===//

LogicalResult convertReduce(NodeImporter &n) {
  ReduceEmitter emitReduce = lookupReduce(n.opType);
  if (!emitReduce)
    return n.fail("operator is not supported");
  // ReduceSum took axes as an input from opset 13, the others from 18.
  bool axesAsInput = n.opType == "ReduceSum" ? n.opset >= 13 : n.opset >= 18;
  if (!n.checkArity(1, axesAsInput ? 2 : 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  std::optional<llvm::SmallVector<int64_t>> axes;
  if (!axesAsInput)
    axes = n.intsAttr("axes");
  else if (isStaticallyEmpty(n, 1))
    axes = llvm::SmallVector<int64_t>();
  else
    axes = n.constantIntsInput(1, "axes");
  Attrs attrs;
  if (axes)
    attrs.push_back(
        n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(*axes)));
  n.copyIntAttr(attrs, "keepdims");
  if (axesAsInput)
    n.copyIntAttr(attrs, "noop_with_empty_axes");
  if (n.failed())
    return failure();
  return emitReduce(n, data, attrs, 1, {});
}

LogicalResult convertArgReduce(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  n.copyIntAttr(attrs, "keepdims");
  if (n.opset >= 12)
    n.copyIntAttr(attrs, "select_last_index");
  if (n.failed())
    return failure();
  if (n.opType == "ArgMax")
    return emit<ArgMaxOp>(n, data, attrs);
  return emit<ArgMinOp>(n, data, attrs);
}

LogicalResult convertHardmax(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  int64_t axis = n.intAttr("axis", n.opset >= 13 ? -1 : 1);
  if (n.failed())
    return failure();
  if (n.opset >= 13)
    return emit<HardmaxOp>(n, x, {i64Attr(n, "axis", axis)});
  // Before opset 13 Hardmax coerces the input to 2-D at `axis` and takes
  // the maximum over everything from `axis` on: the one-axis form when
  // `axis` is the last dim, else flatten, hardmax, reshape back.
  auto type = llvm::cast<TensorType>(x.getType());
  if (type.hasRank()) {
    std::optional<int64_t> normalized = normalizeAxis(axis, type.getRank());
    if (!normalized)
      return n.fail("axis " + llvm::Twine(axis) + " is out of range for rank " +
                    llvm::Twine(type.getRank()));
    if (*normalized == type.getRank() - 1)
      return emit<HardmaxOp>(n, x, {i64Attr(n, "axis", *normalized)});
  }
  Operation *flat = n.create<FlattenOp>(x, {i64Attr(n, "axis", axis)});
  if (!flat)
    return failure();
  Operation *hardmax =
      n.create<HardmaxOp>(flat->getResult(0), {i64Attr(n, "axis", 1)});
  if (!hardmax)
    return failure();
  Operation *shape = n.create<ShapeOp>(x);
  if (!shape)
    return failure();
  return emit<ReshapeOp>(n, {hardmax->getResult(0), shape->getResult(0)});
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

LogicalResult convertLpNormalization(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  n.copyIntAttr(attrs, "p");
  return emit<LpNormalizationOp>(n, x, attrs);
}

LogicalResult convertInstanceNormalization(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value x = n.requiredInput(0), scale = n.requiredInput(1),
        bias = n.requiredInput(2);
  Attrs attrs;
  n.copyFloatAttr(attrs, "epsilon");
  return emit<InstanceNormalizationOp>(n, {x, scale, bias}, attrs);
}

LogicalResult convertLRN(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("size"))
    return n.fail("attribute 'size' is required");
  Attrs attrs;
  n.copyFloatAttr(attrs, "alpha");
  n.copyFloatAttr(attrs, "beta");
  n.copyFloatAttr(attrs, "bias");
  n.copyIntAttr(attrs, "size");
  return emit<LRNOp>(n, x, attrs);
}

//===----------------------------------------------------------------------===//
// Global and Lp pooling
//===----------------------------------------------------------------------===//

LogicalResult convertGlobalMaxPool(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  return emit<GlobalMaxPoolOp>(n, x);
}

LogicalResult convertGlobalLpPool(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  std::optional<int64_t> p = lpPoolP(n);
  if (!p || n.failed())
    return failure();
  return emit<GlobalLpPoolOp>(n, x, {i64Attr(n, "p", *p)});
}

LogicalResult convertLpPool(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("kernel_shape"))
    return n.fail("attribute 'kernel_shape' is required");
  std::optional<int64_t> p = lpPoolP(n);
  if (!p)
    return failure();
  Attrs attrs{i64Attr(n, "p", *p)};
  n.copyStringAttr(attrs, "auto_pad");
  n.copyIntsAttr(attrs, "kernel_shape");
  n.copyIntsAttr(attrs, "pads");
  n.copyIntsAttr(attrs, "strides");
  if (n.opset >= 18) {
    n.copyIntAttr(attrs, "ceil_mode");
    n.copyIntsAttr(attrs, "dilations");
  }
  return emit<LpPoolOp>(n, x, attrs);
}

//===----------------------------------------------------------------------===//
// CumSum, TopK
//===----------------------------------------------------------------------===//

LogicalResult convertCumSum(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Value axisValue = n.requiredInput(1);
  if (n.failed())
    return failure();
  std::optional<int64_t> axis;
  auto xType = llvm::dyn_cast<RankedTensorType>(x.getType());
  if (getConstantInts(axisValue) || !xType || xType.getRank() != 1) {
    std::optional<llvm::SmallVector<int64_t>> values =
        n.constantIntsInput(1, "axis");
    if (n.failed())
      return failure();
    if (!values || values->size() != 1)
      return n.fail("axis must hold exactly one value");
    axis = values->front();
  } else {
    // A 1-D input has one axis: whatever the run-time value, it names 0.
    axis = 0;
  }
  Attrs attrs{i64Attr(n, "axis", *axis)};
  n.copyIntAttr(attrs, "exclusive");
  n.copyIntAttr(attrs, "reverse");
  return emit<CumSumOp>(n, x, attrs);
}

LogicalResult convertTopK(NodeImporter &n) {
  bool kAsInput = n.opset >= 10;
  if (!n.checkArity(kAsInput ? 2 : 1, kAsInput ? 2 : 1, 1, 2))
    return failure();
  Value x = n.requiredInput(0);
  std::optional<int64_t> k;
  if (kAsInput) {
    std::optional<llvm::SmallVector<int64_t>> values =
        n.constantIntsInput(1, "k");
    if (n.failed())
      return failure();
    if (!values || values->size() != 1)
      return n.fail("k must hold exactly one value");
    k = values->front();
  } else {
    k = n.intAttr("k");
    if (!k)
      return n.fail("attribute 'k' is required");
  }
  Attrs attrs{i64Attr(n, "k", *k)};
  n.copyIntAttr(attrs, "axis");
  if (n.opset >= 11) {
    n.copyIntAttr(attrs, "largest");
    n.copyIntAttr(attrs, "sorted");
  }
  return emit<TopKOp>(n, x, attrs, 2);
}

} // namespace weft::importer
