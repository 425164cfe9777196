//===- IndexingConverters.cpp - Indexing ONNX operators onto graph ops ----===//
//
// GatherElements, GatherND, Scatter, ScatterElements, ScatterND, Trilu,
// Tile, OneHot, DepthToSpace, SpaceToDepth, EyeLike, ReverseSequence and
// Einsum onto the ops of GraphIndexingOps.td. Their opset versions differ in
// attributes only (new attributes default to the older behaviour), except
// for Scatter, which opset 11 renamed to ScatterElements.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

using Attrs = llvm::SmallVector<NamedAttribute>;

/// Copies attribute `name`, which the operator has from opset `since` on
/// (an error before).
void copyAttrSince(NodeImporter &n, Attrs &attrs, llvm::StringRef name,
                   int64_t since, bool isString) {
  if (n.opset < since) {
    if (n.hasAttr(name))
      (void)n.fail("attribute '" + name + "' needs opset " +
                   llvm::Twine(since) + " or later");
    return;
  }
  if (isString)
    n.copyStringAttr(attrs, name);
  else
    n.copyIntAttr(attrs, name);
}

/// Copies the string attribute `reduction` (opset 16+ of the scatters).
void copyReduction(NodeImporter &n, Attrs &attrs) {
  copyAttrSince(n, attrs, "reduction", 16, /*isString=*/true);
}

/// The value of constant scalar input `i` (integer or floating point, as
/// Tile-1 passes its counts), truncated to an integer; nullopt after an
/// error naming the input.
std::optional<int64_t> constantScalarInput(NodeImporter &n, unsigned i,
                                           llvm::StringRef what) {
  Value value = n.requiredInput(i);
  if (n.failed())
    return std::nullopt;
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || attr.getNumElements() != 1 ||
      !llvm::isa<IntegerType, FloatType>(attr.getElementType())) {
    (void)n.fail(what +
                 " must be a constant scalar (an initializer or Constant "
                 "node)");
    return std::nullopt;
  }
  if (llvm::isa<FloatType>(attr.getElementType()))
    return (int64_t)(*attr.getValues<APFloat>().begin()).convertToDouble();
  return (*attr.getValues<APInt>().begin()).getSExtValue();
}

} // namespace

LogicalResult convertGatherElements(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value data = n.requiredInput(0), indices = n.requiredInput(1);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  return emit<GatherElementsOp>(n, {data, indices}, attrs);
}

LogicalResult convertGatherND(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value data = n.requiredInput(0), indices = n.requiredInput(1);
  Attrs attrs;
  copyAttrSince(n, attrs, "batch_dims", 12, /*isString=*/false);
  return emit<GatherNDOp>(n, {data, indices}, attrs);
}

LogicalResult convertScatterElements(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value data = n.requiredInput(0), indices = n.requiredInput(1),
        updates = n.requiredInput(2);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  copyReduction(n, attrs);
  return emit<ScatterElementsOp>(n, {data, indices, updates}, attrs);
}

LogicalResult convertScatterND(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value data = n.requiredInput(0), indices = n.requiredInput(1),
        updates = n.requiredInput(2);
  Attrs attrs;
  copyReduction(n, attrs);
  return emit<ScatterNDOp>(n, {data, indices, updates}, attrs);
}

LogicalResult convertTrilu(NodeImporter &n) {
  if (!n.checkArity(1, 2, 1, 1))
    return failure();
  llvm::SmallVector<Value> operands{n.requiredInput(0)};
  if (Value k = n.input(1))
    operands.push_back(k);
  Attrs attrs;
  n.copyIntAttr(attrs, "upper");
  return emit<TriluOp>(n, operands, attrs);
}

LogicalResult convertTile(NodeImporter &n) {
  if (n.opset >= 6) {
    if (!n.checkArity(2, 2, 1, 1))
      return failure();
    Value x = n.requiredInput(0), repeats = n.requiredInput(1);
    return emit<TileOp>(n, {x, repeats});
  }
  // Tile-1: `tiles` copies along `axis`, both constant scalars.
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  std::optional<int64_t> tiles = constantScalarInput(n, 1, "tiles");
  std::optional<int64_t> axis = constantScalarInput(n, 2, "axis");
  if (n.failed())
    return failure();
  auto type = llvm::dyn_cast<RankedTensorType>(x.getType());
  if (!type)
    return n.fail("the input must have a known rank");
  std::optional<int64_t> dim = normalizeAxis(*axis, type.getRank());
  if (!dim)
    return n.fail("axis " + llvm::Twine(*axis) + " is out of range for rank " +
                  llvm::Twine(type.getRank()));
  llvm::SmallVector<int64_t> repeats(type.getRank(), 1);
  repeats[*dim] = *tiles;
  return emit<TileOp>(n, {x, n.constantI64(repeats)});
}

LogicalResult convertOneHot(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value indices = n.requiredInput(0), depth = n.requiredInput(1),
        values = n.requiredInput(2);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  return emit<OneHotOp>(n, {indices, depth, values}, attrs);
}

LogicalResult convertDepthToSpace(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("blocksize"))
    return n.fail("attribute 'blocksize' is required");
  Attrs attrs;
  n.copyIntAttr(attrs, "blocksize");
  if (n.opset >= 11)
    n.copyStringAttr(attrs, "mode");
  return emit<DepthToSpaceOp>(n, x, attrs);
}

LogicalResult convertSpaceToDepth(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("blocksize"))
    return n.fail("attribute 'blocksize' is required");
  Attrs attrs;
  n.copyIntAttr(attrs, "blocksize");
  return emit<SpaceToDepthOp>(n, x, attrs);
}

LogicalResult convertEyeLike(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyIntAttr(attrs, "k");
  if (std::optional<int64_t> dtype = n.intAttr("dtype")) {
    Type type = convertElementType(*dtype, n.getContext());
    if (!type)
      return n.fail("dtype " + onnxTypeName(*dtype) + " is not supported");
    attrs.push_back(n.builder.getNamedAttr("dtype", TypeAttr::get(type)));
  }
  return emit<EyeLikeOp>(n, x, attrs);
}

LogicalResult convertReverseSequence(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0), lens = n.requiredInput(1);
  Attrs attrs;
  n.copyIntAttr(attrs, "batch_axis");
  n.copyIntAttr(attrs, "time_axis");
  return emit<ReverseSequenceOp>(n, {x, lens}, attrs);
}

LogicalResult convertEinsum(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, 1))
    return failure();
  llvm::SmallVector<Value> inputs;
  for (unsigned i = 0; i < n.numInputs(); ++i)
    inputs.push_back(n.requiredInput(i));
  std::optional<std::string> equation = n.stringAttr("equation");
  if (n.failed())
    return failure();
  if (!equation)
    return n.fail("attribute 'equation' is required");
  return emit<EinsumOp>(
      n, inputs,
      {n.builder.getNamedAttr("equation", n.builder.getStringAttr(*equation))});
}

} // namespace weft::importer
