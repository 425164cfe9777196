//===- SequenceConverters.cpp - ONNX sequences resolved at import ---------===//
//
// Weft has no sequence type: a sequence whose structure is known while
// importing (its elements come from constructs, inserts and splits at
// constant positions) is kept by the importer as the list of tensor values
// it holds, and the sequence operators become list operations; only the
// tensors taken out of it (SequenceAt, ConcatFromSequence, SequenceLength)
// reach the graph. A position that is not a constant is an error that says
// so (`weft compile --bind` can fix a position input). Sequence graph inputs
// and outputs are lists of @main arguments and results
// (SequenceInterface.cpp); SequenceMap imports its body once per element.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/SequenceInterface.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// The sequence input `i` of the node; an error (null) when it is none.
const llvm::SmallVector<Value> *sequenceInput(NodeImporter &n, unsigned i) {
  if (i >= n.numInputs() || n.node.input(i).empty()) {
    n.fail("input " + llvm::Twine(i) + " (a sequence) is required");
    return nullptr;
  }
  const llvm::SmallVector<Value> *sequence =
      n.graph.scope.lookupSequence(n.node.input(i));
  if (!sequence)
    n.fail("input '" + n.node.input(i) + "' is not a sequence");
  return sequence;
}

/// The constant scalar position input `i` normalized into [0, limit]
/// (negative counts from `count`); `fallback` when absent.
std::optional<int64_t> positionInput(NodeImporter &n, unsigned i,
                                     int64_t count, int64_t limit,
                                     int64_t fallback) {
  if (!n.hasInput(i))
    return fallback;
  std::optional<llvm::SmallVector<int64_t>> values =
      n.constantIntsInput(i, "position");
  if (!values)
    return std::nullopt;
  if (values->size() != 1) {
    n.fail("position must hold one value");
    return std::nullopt;
  }
  int64_t p = (*values)[0] < 0 ? (*values)[0] + count : (*values)[0];
  if (p < 0 || p > limit) {
    n.fail("position " + llvm::Twine((*values)[0]) +
           " is out of range for a sequence of " + llvm::Twine(count));
    return std::nullopt;
  }
  return p;
}

void defineOutput(NodeImporter &n, llvm::SmallVector<Value> elements) {
  if (n.numOutputs() >= 1 && !n.node.output(0).empty())
    n.graph.scope.defineSequence(n.node.output(0), std::move(elements));
}

} // namespace

LogicalResult convertSequenceEmpty(NodeImporter &n) {
  if (!n.checkArity(0, 0, 1, 1))
    return failure();
  defineOutput(n, {});
  return success();
}

LogicalResult convertSequenceConstruct(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, 1))
    return failure();
  llvm::SmallVector<Value> elements;
  for (unsigned i = 0; i < n.numInputs(); ++i)
    elements.push_back(n.requiredInput(i));
  if (n.failed())
    return failure();
  defineOutput(n, std::move(elements));
  return success();
}

LogicalResult convertSequenceInsert(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  const llvm::SmallVector<Value> *sequence = sequenceInput(n, 0);
  Value tensor = n.requiredInput(1);
  if (!sequence || n.failed())
    return failure();
  int64_t count = sequence->size();
  std::optional<int64_t> p = positionInput(n, 2, count, count, count);
  if (!p)
    return failure();
  llvm::SmallVector<Value> elements(*sequence);
  elements.insert(elements.begin() + *p, tensor);
  defineOutput(n, std::move(elements));
  return success();
}

LogicalResult convertSequenceErase(NodeImporter &n) {
  if (!n.checkArity(1, 2, 1, 1))
    return failure();
  const llvm::SmallVector<Value> *sequence = sequenceInput(n, 0);
  if (!sequence)
    return failure();
  int64_t count = sequence->size();
  if (count == 0)
    return n.fail("cannot erase from an empty sequence");
  std::optional<int64_t> p = positionInput(n, 1, count, count - 1, count - 1);
  if (!p)
    return failure();
  llvm::SmallVector<Value> elements(*sequence);
  elements.erase(elements.begin() + *p);
  defineOutput(n, std::move(elements));
  return success();
}

LogicalResult convertSequenceAt(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  const llvm::SmallVector<Value> *sequence = sequenceInput(n, 0);
  if (!sequence)
    return failure();
  int64_t count = sequence->size();
  if (count == 0)
    return n.fail("the sequence is empty");
  std::optional<int64_t> p = positionInput(n, 1, count, count - 1, 0);
  if (!p)
    return failure();
  n.setOutput(0, (*sequence)[*p]);
  return success();
}

LogicalResult convertSequenceLength(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  const llvm::SmallVector<Value> *sequence = sequenceInput(n, 0);
  if (!sequence)
    return failure();
  n.setOutput(0, n.constantI64({(int64_t)sequence->size()}, /*scalar=*/true));
  return success();
}

LogicalResult convertConcatFromSequence(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  const llvm::SmallVector<Value> *sequence = sequenceInput(n, 0);
  if (!sequence)
    return failure();
  std::optional<int64_t> axis = n.intAttr("axis");
  int64_t newAxis = n.intAttr("new_axis", 0);
  if (n.failed())
    return failure();
  if (!axis)
    return n.fail("attribute 'axis' is required");
  if (newAxis != 0 && newAxis != 1)
    return n.fail("new_axis must be 0 or 1");
  if (sequence->empty())
    return n.fail("cannot concatenate an empty sequence");
  llvm::SmallVector<Value> elements(*sequence);
  if (newAxis) {
    for (Value &element : elements) {
      Operation *op = n.create<UnsqueezeOp>(
          element, {n.builder.getNamedAttr(
                       "axes", n.builder.getDenseI64ArrayAttr({*axis}))});
      if (!op)
        return failure();
      element = op->getResult(0);
    }
  }
  Operation *concat = n.create<ConcatOp>(
      elements,
      {n.builder.getNamedAttr("axis", n.builder.getI64IntegerAttr(*axis))});
  if (!concat)
    return failure();
  n.setOutput(0, concat->getResult(0));
  return success();
}

LogicalResult convertSplitToSequence(NodeImporter &n) {
  if (!n.checkArity(1, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  int64_t axis = n.intAttr("axis", 0);
  int64_t keepdims = n.intAttr("keepdims", 1);
  if (n.failed())
    return failure();
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type)
    return n.fail("the input must be ranked");
  int64_t rank = type.getRank();
  if (axis < -rank || axis >= rank)
    return n.fail("axis " + llvm::Twine(axis) + " is out of range for rank " +
                  llvm::Twine(rank));
  if (axis < 0)
    axis += rank;
  int64_t dim = type.getDimSize(axis);
  bool splitGiven = n.hasInput(1);
  llvm::SmallVector<int64_t> sizes;
  if (splitGiven) {
    std::optional<llvm::SmallVector<int64_t>> split =
        n.constantIntsInput(1, "split");
    if (!split)
      return failure();
    auto splitType = cast<ShapedType>(n.input(1).getType());
    if (splitType.getRank() == 0) {
      int64_t chunk = (*split)[0];
      if (chunk <= 0)
        return n.fail("split must be positive");
      if (ShapedType::isDynamic(dim))
        return n.fail("the split dim must be static when split is one chunk "
                      "size");
      for (int64_t offset = 0; offset < dim; offset += chunk)
        sizes.push_back(std::min(chunk, dim - offset));
    } else {
      // A list of sizes gives the length even when the dim is not known.
      sizes.assign(split->begin(), split->end());
      int64_t total = 0;
      for (int64_t s : sizes) {
        if (s < 0)
          return n.fail("split sizes must not be negative");
        total += s;
      }
      if (!ShapedType::isDynamic(dim) && total != dim)
        return n.fail("split sizes add up to " + llvm::Twine(total) +
                      ", the dim is " + llvm::Twine(dim));
    }
  } else if (ShapedType::isDynamic(dim)) {
    return n.fail("the split dim must be static when split is not given");
  } else {
    sizes.assign(dim, 1);
  }
  llvm::SmallVector<Value> elements;
  if (!sizes.empty()) {
    Operation *split = n.create<SplitOp>(
        x,
        {n.builder.getNamedAttr("axis", n.builder.getI64IntegerAttr(axis)),
         n.builder.getNamedAttr("split", n.builder.getDenseI64ArrayAttr(sizes))},
        sizes.size());
    if (!split)
      return failure();
    for (Value part : split->getResults()) {
      if (!splitGiven && keepdims == 0) {
        Operation *squeeze = n.create<SqueezeOp>(
            part, {n.builder.getNamedAttr(
                      "axes", n.builder.getDenseI64ArrayAttr({axis}))});
        if (!squeeze)
          return failure();
        part = squeeze->getResult(0);
      }
      elements.push_back(part);
    }
  }
  defineOutput(n, std::move(elements));
  return success();
}

// SequenceMap (opset 17): the body runs once per element of the first input;
// the other inputs are sequences of the same length (element i goes to
// iteration i) or tensors (the same in every iteration). Each body output
// is collected into one output sequence.
LogicalResult convertSequenceMap(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, INT32_MAX))
    return failure();
  const onnx::GraphProto *body = n.requiredGraphAttr("body");
  if (n.failed())
    return failure();
  if ((unsigned)body->output_size() != n.numOutputs())
    return n.fail("the body has " + llvm::Twine(body->output_size()) +
                  " outputs but the node has " + llvm::Twine(n.numOutputs()));
  llvm::SmallVector<ImportedValue> inputs;
  for (unsigned i = 0; i < n.numInputs(); ++i) {
    std::optional<ImportedValue> input = importedInput(n, i);
    if (!input)
      return failure();
    inputs.push_back(std::move(*input));
  }
  if (!inputs[0].isSequence)
    return n.fail("input 0 ('" + n.node.input(0) + "') must be a sequence");
  size_t length = inputs[0].elements.size();
  for (auto [i, input] : llvm::enumerate(inputs))
    if (input.isSequence && input.elements.size() != length)
      return n.fail("input " + llvm::Twine(i) + " is a sequence of " +
                    llvm::Twine(input.elements.size()) +
                    " but input 0 has " + llvm::Twine(length));

  llvm::SmallVector<llvm::SmallVector<Value>> outputs(n.numOutputs());
  for (size_t k = 0; k < length; ++k) {
    llvm::SmallVector<ImportedValue> bound;
    for (const ImportedValue &input : inputs)
      bound.push_back(input.isSequence
                          ? ImportedValue::ofTensor(input.elements[k])
                          : input);
    FailureOr<llvm::SmallVector<ImportedValue>> results =
        inlineSubgraph(n, *body, bound);
    if (failed(results))
      return failure();
    for (auto [j, result] : llvm::enumerate(*results)) {
      if (result.isSequence)
        return n.fail("body output " + llvm::Twine(j) +
                      " is a sequence (sequences of sequences are not "
                      "supported)");
      outputs[j].push_back(result.tensor);
    }
  }
  for (auto [j, elements] : llvm::enumerate(outputs))
    setImportedOutput(n, j, ImportedValue::ofSequence(std::move(elements)));
  return success();
}

// Identity passes a sequence (opset 14 and later) through; a tensor becomes
// graph.identity.
LogicalResult convertIdentity(NodeImporter &n) {
  if (n.numInputs() == 1 && n.hasInput(0) &&
      n.graph.scope.lookupSequence(n.node.input(0))) {
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    std::optional<ImportedValue> input = importedInput(n, 0);
    if (!input)
      return failure();
    setImportedOutput(n, 0, *input);
    return success();
  }
  return convertUnary(n);
}

} // namespace weft::importer
