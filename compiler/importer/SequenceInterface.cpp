//===- SequenceInterface.cpp - Sequences at graph boundaries --------------===//
//
// Sequence-typed graph inputs become one @main argument per element, with
// the length and element shapes given at compile time; sequence outputs
// become one result per element (Importer.cpp). Subgraphs whose inputs or
// outputs may be sequences (SequenceMap bodies, unrolled Loop iterations) are
// imported inline, into the block of the node, so that their sequences stay
// lists of values.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/SequenceInterface.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace weft::importer {

//===----------------------------------------------------------------------===//
// Graph inputs and outputs
//===----------------------------------------------------------------------===//

std::string sequenceElementName(llvm::StringRef name, size_t index) {
  return (name + "[" + llvm::Twine(index) + "]").str();
}

LogicalResult checkSequenceShapeNames(const onnx::GraphProto &graph,
                                      const SequenceInputShapes *sequences,
                                      Location loc) {
  if (!sequences)
    return success();
  for (const auto &entry : *sequences) {
    const onnx::ValueInfoProto *input = nullptr;
    for (const onnx::ValueInfoProto &candidate : graph.input())
      if (candidate.name() == entry.getKey())
        input = &candidate;
    if (!input)
      return emitError(loc) << "--shape " << entry.getKey()
                            << "=seq(...) names no input of the model";
    if (!input->type().has_sequence_type())
      return emitError(loc) << "--shape " << entry.getKey()
                            << "=seq(...) gives a sequence, but input '"
                            << entry.getKey() << "' is not a sequence";
  }
  return success();
}

namespace {

/// The --shape flag to suggest for sequence input `name` whose elements
/// have type `element` (`--shape x=seq(Nx4,Nx4,...)`).
std::string suggestedSequenceShape(llvm::StringRef name, TensorType element) {
  std::string dims = "D0xD1";
  if (element.hasRank()) {
    llvm::SmallVector<std::string> parts;
    for (int64_t d : element.getShape())
      parts.push_back(ShapedType::isDynamic(d) ? "N" : std::to_string(d));
    dims = parts.empty() ? "scalar" : llvm::join(parts, "x");
  }
  return "--shape " + name.str() + "=seq(" + dims + "," + dims + ",...)";
}

} // namespace

LogicalResult appendSequenceArguments(
    const onnx::ValueInfoProto &input, const SequenceInputShapes *sequences,
    Location loc, OpBuilder &builder, llvm::SmallVectorImpl<Type> &argTypes,
    llvm::SmallVectorImpl<DictionaryAttr> &argAttrs) {
  const std::string &name = input.name();
  const onnx::TypeProto::Sequence &sequence = input.type().sequence_type();
  if (!sequence.has_elem_type() || !sequence.elem_type().has_tensor_type())
    return emitError(loc) << "input '" << name
                          << "' is a sequence of non-tensor values, which "
                             "is not supported";
  FailureOr<TensorType> element = convertValueType(
      sequence.elem_type(), loc, "input '" + name + "' (a sequence)");
  if (failed(element))
    return failure();
  const llvm::SmallVector<llvm::SmallVector<int64_t>> *shapes = nullptr;
  if (sequences) {
    auto it = sequences->find(name);
    if (it != sequences->end())
      shapes = &it->second;
  }
  if (!shapes)
    return emitError(loc) << "input '" << name
                          << "' is a sequence: give its length and element "
                             "shapes with "
                          << suggestedSequenceShape(name, *element)
                          << " (one shape per element; seq() is empty)";
  for (auto [i, dims] : llvm::enumerate(*shapes)) {
    auto type = RankedTensorType::get(dims, element->getElementType());
    FailureOr<Type> merged = graph::meetTypes(type, *element);
    if (failed(merged))
      return emitError(loc)
             << "input '" << name << "': element " << i << " of --shape "
             << name << "=seq(...) is " << graph::formatShape(dims)
             << ", which does not fit the element type " << *element
             << " the model declares";
    argTypes.push_back(*merged);
    argAttrs.push_back(builder.getDictionaryAttr(builder.getNamedAttr(
        "graph.name", builder.getStringAttr(sequenceElementName(name, i)))));
  }
  return success();
}

void defineSequenceArguments(Scope &scope,
                             llvm::ArrayRef<SequenceArguments> sequenceArgs,
                             Block::BlockArgListType args) {
  for (const SequenceArguments &sequence : sequenceArgs) {
    llvm::SmallVector<Value> elements;
    for (unsigned i = sequence.begin; i < sequence.end; ++i)
      elements.push_back(args[i]);
    scope.defineSequence(sequence.name, std::move(elements));
  }
}

//===----------------------------------------------------------------------===//
// Subgraphs imported inline
//===----------------------------------------------------------------------===//

std::optional<ImportedValue> importedInput(NodeImporter &n, unsigned i) {
  if (!n.hasInput(i)) {
    n.fail("input " + llvm::Twine(i) + " is required");
    return std::nullopt;
  }
  if (const llvm::SmallVector<Value> *sequence =
          n.graph.scope.lookupSequence(n.node.input(i)))
    return ImportedValue::ofSequence(*sequence);
  Value value = n.input(i);
  if (!value)
    return std::nullopt;
  return ImportedValue::ofTensor(value);
}

void setImportedOutput(NodeImporter &n, unsigned i,
                       const ImportedValue &value) {
  if (!value.isSequence) {
    n.setOutput(i, value.tensor);
    return;
  }
  if (i < n.numOutputs() && !n.node.output(i).empty())
    n.graph.scope.defineSequence(n.node.output(i), value.elements);
}

FailureOr<llvm::SmallVector<ImportedValue>>
inlineSubgraph(NodeImporter &n, const onnx::GraphProto &body,
               llvm::ArrayRef<ImportedValue> inputs) {
  GraphImporter &outer = n.graph;
  if (outer.depth + 1 > kMaxSubgraphDepth) {
    (void)n.fail("subgraphs are nested more than " +
                 llvm::Twine(kMaxSubgraphDepth) + " deep");
    return failure();
  }
  if ((size_t)body.input_size() != inputs.size()) {
    (void)n.fail("its subgraph '" + body.name() + "' has " +
                 llvm::Twine(body.input_size()) + " inputs but " +
                 llvm::Twine(inputs.size()) + " are expected");
    return failure();
  }
  Scope inner(&outer.scope);
  inner.declareTypes(body);
  for (auto [input, value] : llvm::zip(body.input(), inputs)) {
    if (value.isSequence)
      inner.defineSequence(input.name(), value.elements);
    else
      inner.define(input.name(), value.tensor);
  }
  GraphImporter sub(outer.model, outer.builder, inner, outer.depth + 1);
  if (failed(sub.importInitializers(body)) || failed(sub.importNodes(body)))
    return failure();

  llvm::SmallVector<ImportedValue> outputs;
  for (const onnx::ValueInfoProto &output : body.output()) {
    if (Value v = inner.lookup(output.name()))
      outputs.push_back(ImportedValue::ofTensor(v));
    else if (const llvm::SmallVector<Value> *sequence =
                 inner.lookupSequence(output.name()))
      outputs.push_back(ImportedValue::ofSequence(*sequence));
    else {
      (void)n.fail("its subgraph output '" + output.name() +
                   "' is not defined");
      return failure();
    }
  }
  return outputs;
}

} // namespace weft::importer
