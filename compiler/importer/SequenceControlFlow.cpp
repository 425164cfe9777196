//===- SequenceControlFlow.cpp - Loop and If over sequences ---------------===//
//
// A sequence exists only while importing (a list of tensor values), so a
// Loop that carries one cannot become a graph.loop: it is unrolled, its body
// imported once per iteration with the iteration number and the condition
// as constants. That needs a trip count and a condition known at import;
// ONNX's SequenceMap function body is such a loop (trip count =
// SequenceLength, a constant here). Likewise an If that yields a sequence
// is imported as the branch its constant condition picks. Loops and Ifs over
// tensors only stay graph.loop and graph.if (ControlFlowConverters.cpp).
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/SequenceInterface.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// How deep constantValue follows folds through chains of ops.
constexpr int kMaxFoldDepth = 16;

/// The constant `value` folds to: a graph.constant, or an op whose operands
/// all fold to constants and which folds itself (graph.identity, graph.not,
/// comparisons, ...). Null when it does not fold.
DenseElementsAttr constantValue(Value value, int depth = 0) {
  if (DenseElementsAttr elements = getConstantElements(value))
    return elements;
  Operation *op = value.getDefiningOp();
  if (!op || depth >= kMaxFoldDepth || op->getNumRegions() != 0)
    return {};
  llvm::SmallVector<Attribute> operands;
  for (Value operand : op->getOperands()) {
    DenseElementsAttr folded = constantValue(operand, depth + 1);
    if (!folded)
      return {};
    operands.push_back(folded);
  }
  llvm::SmallVector<OpFoldResult> results;
  if (failed(op->fold(operands, results)) ||
      results.size() != op->getNumResults())
    return {};
  OpFoldResult result = results[cast<OpResult>(value).getResultNumber()];
  if (auto attr = llvm::dyn_cast_if_present<Attribute>(result))
    return llvm::dyn_cast<DenseElementsAttr>(attr);
  if (auto folded = llvm::dyn_cast_if_present<Value>(result))
    return folded == value ? DenseElementsAttr()
                           : constantValue(folded, depth + 1);
  return {};
}

/// The boolean a one-element constant condition holds; nullopt when `value`
/// is no such constant.
std::optional<bool> constantCondition(Value value) {
  DenseElementsAttr elements = constantValue(value);
  if (!elements || elements.getNumElements() != 1)
    return std::nullopt;
  if (elements.getElementType().isInteger(1))
    return *elements.getValues<bool>().begin();
  if (isa<IntegerType>(elements.getElementType()))
    return !(*elements.getValues<llvm::APInt>().begin()).isZero();
  return std::nullopt;
}

/// A scalar constant of `elementType` holding `value`.
Value scalarConstant(NodeImporter &n, Type elementType, int64_t value) {
  auto type = RankedTensorType::get({}, elementType);
  if (elementType.isInteger(1))
    return n.constant(DenseElementsAttr::get(type, value != 0));
  return n.constant(DenseElementsAttr::get(
      type, llvm::APInt(elementType.getIntOrFloatBitWidth(), value,
                        /*isSigned=*/true)));
}

/// The per-iteration values of one scan output stacked along a new axis 0.
Value stackScanOutput(NodeImporter &n, llvm::ArrayRef<Value> values) {
  llvm::SmallVector<Value> slices;
  for (Value v : values) {
    Operation *unsqueeze = n.create<UnsqueezeOp>(
        v,
        {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr({0}))});
    if (!unsqueeze)
      return {};
    slices.push_back(unsqueeze->getResult(0));
  }
  if (slices.size() == 1)
    return slices.front();
  Operation *concat = n.create<ConcatOp>(
      slices, {n.builder.getNamedAttr("axis", n.builder.getI64IntegerAttr(0))});
  return concat ? concat->getResult(0) : Value();
}

/// The trip count input, or nullopt when absent (-1 after an error).
std::optional<int64_t> tripCount(NodeImporter &n) {
  if (!n.hasInput(0))
    return std::nullopt;
  std::optional<llvm::SmallVector<int64_t>> values =
      n.constantIntsInput(0, "the trip count of a loop that carries sequences");
  if (!values)
    return -1;
  if (values->size() != 1) {
    (void)n.fail("the trip count must hold one value");
    return -1;
  }
  return std::max<int64_t>((*values)[0], 0);
}

LogicalResult tooManyIterations(NodeImporter &n) {
  return n.fail("a loop that carries sequences is unrolled at import, and "
                "this one runs more than " +
                llvm::Twine(kMaxUnrolledIterations) + " iterations");
}

} // namespace

bool loopCarriesSequences(NodeImporter &n) {
  for (unsigned i = 2; i < n.numInputs(); ++i)
    if (n.hasInput(i) && n.graph.scope.lookupSequence(n.node.input(i)))
      return true;
  auto it =
      llvm::find_if(n.node.attribute(), [](const onnx::AttributeProto &a) {
        return a.name() == "body" && a.has_g();
      });
  if (it == n.node.attribute().end())
    return false;
  auto isSequence = [](const onnx::ValueInfoProto &info) {
    return info.type().has_sequence_type();
  };
  return llvm::any_of(it->g().input(), isSequence) ||
         llvm::any_of(it->g().output(), isSequence);
}

LogicalResult unrollLoop(NodeImporter &n) {
  if (!n.checkArity(2, INT32_MAX, 0, INT32_MAX))
    return failure();
  const onnx::GraphProto *body = n.requiredGraphAttr("body");
  if (n.failed())
    return failure();
  unsigned numCarried = n.numInputs() - 2;
  std::optional<unsigned> checkedScans = n.checkLoopBody(*body);
  if (!checkedScans)
    return failure();
  unsigned numScans = *checkedScans;

  std::optional<int64_t> maxTrip = tripCount(n);
  if (maxTrip && *maxTrip < 0)
    return failure();
  if (maxTrip && *maxTrip > kMaxUnrolledIterations)
    return tooManyIterations(n);
  bool cond = true;
  if (n.hasInput(1)) {
    Value condValue = n.input(1);
    if (!condValue)
      return failure();
    std::optional<bool> known = constantCondition(condValue);
    if (!known)
      return n.fail("the condition of a loop that carries sequences must be "
                    "a constant (the loop is unrolled at import)");
    cond = *known;
  }
  llvm::SmallVector<ImportedValue> carried;
  for (unsigned i = 2; i < n.numInputs(); ++i) {
    std::optional<ImportedValue> value = importedInput(n, i);
    if (!value)
      return failure();
    carried.push_back(std::move(*value));
  }

  llvm::SmallVector<llvm::SmallVector<Value>> scans(numScans);
  int64_t iteration = 0;
  for (; cond && (!maxTrip || iteration < *maxTrip); ++iteration) {
    if (iteration >= kMaxUnrolledIterations)
      return tooManyIterations(n);
    llvm::SmallVector<ImportedValue> inputs{
        ImportedValue::ofTensor(
            scalarConstant(n, n.builder.getI64Type(), iteration)),
        ImportedValue::ofTensor(scalarConstant(n, n.builder.getI1Type(), 1))};
    llvm::append_range(inputs, carried);
    FailureOr<llvm::SmallVector<ImportedValue>> outputs =
        inlineSubgraph(n, *body, inputs);
    if (failed(outputs))
      return failure();
    const ImportedValue &condOut = (*outputs)[0];
    std::optional<bool> next =
        condOut.isSequence ? std::nullopt : constantCondition(condOut.tensor);
    if (!next)
      return n.fail("the body's condition output must be a constant at "
                    "import in a loop that carries sequences (iteration " +
                    llvm::Twine(iteration) + ")");
    cond = *next;
    for (unsigned i = 0; i < numCarried; ++i)
      carried[i] = (*outputs)[1 + i];
    for (unsigned i = 0; i < numScans; ++i) {
      const ImportedValue &scan = (*outputs)[1 + numCarried + i];
      if (scan.isSequence)
        return n.fail("scan output " + llvm::Twine(i) + " is a sequence");
      scans[i].push_back(scan.tensor);
    }
  }

  for (unsigned i = 0; i < numCarried; ++i)
    setImportedOutput(n, i, carried[i]);
  for (unsigned i = 0; i < numScans; ++i) {
    if (!n.isOutputUsed(numCarried + i))
      continue;
    if (scans[i].empty())
      return n.fail("the loop runs no iteration, so scan output " +
                    llvm::Twine(i) + " has no known shape");
    Value stacked = stackScanOutput(n, scans[i]);
    if (!stacked)
      return failure();
    n.setOutput(numCarried + i, stacked);
  }
  return success();
}

bool ifYieldsSequences(NodeImporter &n) {
  auto isSequence = [](const onnx::ValueInfoProto &info) {
    return info.type().has_sequence_type();
  };
  for (const onnx::AttributeProto &attr : n.node.attribute())
    if ((attr.name() == "then_branch" || attr.name() == "else_branch") &&
        attr.has_g() && llvm::any_of(attr.g().output(), isSequence))
      return true;
  for (const std::string &output : n.node.output())
    if (const onnx::TypeProto *declared = n.graph.scope.declaredType(output))
      if (declared->has_sequence_type())
        return true;
  return false;
}

LogicalResult selectIfBranch(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, INT32_MAX))
    return failure();
  Value condValue = n.requiredInput(0);
  const onnx::GraphProto *thenGraph = n.requiredGraphAttr("then_branch");
  const onnx::GraphProto *elseGraph = n.requiredGraphAttr("else_branch");
  if (n.failed())
    return failure();
  std::optional<bool> cond = constantCondition(condValue);
  if (!cond)
    return n.fail("the condition of an If that yields sequences must be a "
                  "constant (the branch is chosen at import)");
  const onnx::GraphProto &branch = *cond ? *thenGraph : *elseGraph;
  if ((unsigned)branch.output_size() != n.numOutputs())
    return n.fail("a branch has " + llvm::Twine(branch.output_size()) +
                  " outputs but the node has " + llvm::Twine(n.numOutputs()));
  FailureOr<llvm::SmallVector<ImportedValue>> outputs =
      inlineSubgraph(n, branch, {});
  if (failed(outputs))
    return failure();
  for (auto [i, output] : llvm::enumerate(*outputs))
    setImportedOutput(n, i, output);
  return success();
}

} // namespace weft::importer
