//===- GraphImporter.cpp - Importing ONNX graphs and nodes ----------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/FunctionExpansion.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace mlir;

namespace weft::importer {

//===----------------------------------------------------------------------===//
// ModelContext and Scope
//===----------------------------------------------------------------------===//

Location ModelContext::fileLoc() const {
  return FileLineColLoc::get(context, modelPath, 0, 0);
}

Location ModelContext::nodeLoc(llvm::StringRef nodeName) const {
  return NameLoc::get(StringAttr::get(context, nodeName), fileLoc());
}

Value Scope::lookup(llvm::StringRef name) const {
  for (const Scope *s = this; s; s = s->parent) {
    auto it = s->values.find(name);
    if (it != s->values.end())
      return it->second;
  }
  return {};
}

const llvm::SmallVector<Value> *
Scope::lookupSequence(llvm::StringRef name) const {
  for (const Scope *s = this; s; s = s->parent) {
    auto it = s->sequences.find(name);
    if (it != s->sequences.end())
      return &it->second;
  }
  return nullptr;
}

const onnx::TypeProto *Scope::declaredType(llvm::StringRef name) const {
  auto it = declaredTypes.find(name);
  return it == declaredTypes.end() ? nullptr : it->second;
}

void Scope::declareTypes(const onnx::GraphProto &graph) {
  for (const onnx::ValueInfoProto &info : graph.value_info())
    if (info.has_type())
      declaredTypes[info.name()] = &info.type();
  for (const onnx::ValueInfoProto &info : graph.output())
    if (info.has_type())
      declaredTypes[info.name()] = &info.type();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type refineType(Type current, Type declared) {
  FailureOr<Type> merged = graph::meetTypes(current, declared);
  // A declared type that contradicts what inference knows is ignored.
  return succeeded(merged) ? *merged : current;
}

//===----------------------------------------------------------------------===//
// GraphImporter
//===----------------------------------------------------------------------===//

LogicalResult GraphImporter::importInitializers(const onnx::GraphProto &graph) {
  for (const onnx::TensorProto &init : graph.initializer()) {
    Location loc = model.nodeLoc(init.name());
    if (init.name().empty())
      return emitError(loc) << "an initializer has no name";
    if (scope.definesLocally(init.name()))
      return emitError(loc)
             << "initializer '" << init.name() << "' is defined twice";
    FailureOr<DenseElementsAttr> value = convertTensor(
        init, model.modelDir, loc, "initializer '" + init.name() + "'");
    if (failed(value))
      return failure();
    auto op = builder.create<graph::ConstantOp>(loc, value->getType(), *value);
    scope.define(init.name(), op.getResult());
  }
  for (const onnx::SparseTensorProto &sparse : graph.sparse_initializer())
    return emitError(model.nodeLoc(sparse.values().name()))
           << "sparse initializer '" << sparse.values().name()
           << "' is not supported";
  return success();
}

LogicalResult GraphImporter::importNodes(const onnx::GraphProto &graph) {
  for (auto [index, node] : llvm::enumerate(graph.node())) {
    // Unnamed nodes are named after their first output, as most tools do.
    std::string name = node.name();
    if (name.empty())
      name = node.output_size() && !node.output(0).empty()
                 ? node.output(0)
                 : node.op_type() + "_" + std::to_string(index);
    if (failed(importNode(node, name, model.opset)))
      return failure();
  }
  return success();
}

LogicalResult GraphImporter::importNode(const onnx::NodeProto &node,
                                        llvm::StringRef name, int64_t opset,
                                        int expansionDepth) {
  const OperatorInfo *info = lookupOperator(node.op_type());
  NodeImporter importer(*this, node, name, opset);
  if (!isDefaultDomain(node.domain()))
    return importer.fail("operator is not supported");
  if (info)
    return failure(failed(info->convert(importer)) || importer.failed());
  if (!hasOnnxFunction(node.op_type(), opset))
    return importer.fail("operator is not supported");
  if (expansionDepth >= kMaxFunctionDepth)
    return importer.fail("function bodies nest more than " +
                         std::to_string(kMaxFunctionDepth) + " deep");

  // Build the body with the node's input types.
  std::vector<onnx::TypeProto> inputTypes;
  for (const std::string &input : node.input()) {
    if (input.empty()) {
      inputTypes.emplace_back();
      continue;
    }
    Value value = scope.lookup(input);
    if (!value)
      return importer.fail("input '" + input + "' is not defined");
    inputTypes.push_back(toOnnxType(value.getType()));
  }
  std::string error;
  std::optional<onnx::FunctionProto> body =
      buildFunctionBody(node, opset, inputTypes, error);
  if (!body)
    return importer.fail(error);
  int64_t bodyOpset = opset;
  for (const onnx::OperatorSetIdProto &set : body->opset_import())
    if (isDefaultDomain(set.domain()))
      bodyOpset = set.version();

  // Formal inputs and outputs are the node's; every other name in the body
  // is private to this node: "<node>/<name>". A formal output the node does
  // not produce stays private too (other body nodes may read it).
  std::string prefix = name.str() + "/";
  std::map<std::string, std::string> rename;
  for (auto [i, formal] : llvm::enumerate(body->input()))
    rename[formal] = (int)i < node.input_size() ? node.input(i) : "";
  for (auto [i, formal] : llvm::enumerate(body->output()))
    rename[formal] = (int)i < node.output_size() && !node.output(i).empty()
                         ? node.output(i)
                         : prefix + formal;
  auto renamed = [&](const std::string &local) -> std::string {
    if (local.empty())
      return local;
    auto it = rename.find(local);
    return it != rename.end() ? it->second : prefix + local;
  };
  std::map<std::string, const onnx::AttributeProto *> callerAttrs;
  for (const onnx::AttributeProto &attr : node.attribute())
    callerAttrs[attr.name()] = &attr;

  // Values the body consumes are used (converters skip unused outputs).
  for (const onnx::NodeProto &bodyNode : body->node())
    for (const std::string &input : bodyNode.input())
      if (!input.empty())
        model.usedNames.insert(renamed(input));
  for (auto [k, bodyNode] : llvm::enumerate(body->node())) {
    onnx::NodeProto inlined = bodyNode;
    for (int i = 0; i < inlined.input_size(); ++i)
      inlined.set_input(i, renamed(bodyNode.input(i)));
    for (int i = 0; i < inlined.output_size(); ++i)
      inlined.set_output(i, renamed(bodyNode.output(i)));
    inlined.clear_attribute();
    for (const onnx::AttributeProto &attr : bodyNode.attribute()) {
      if (attr.ref_attr_name().empty()) {
        *inlined.add_attribute() = attr;
        continue;
      }
      const onnx::AttributeProto *value = nullptr;
      if (auto it = callerAttrs.find(attr.ref_attr_name());
          it != callerAttrs.end())
        value = it->second;
      else
        value = schemaDefault(node.op_type(), opset, attr.ref_attr_name());
      if (!value)
        continue;
      onnx::AttributeProto *copy = inlined.add_attribute();
      *copy = *value;
      copy->set_name(attr.name());
    }
    std::string bodyName =
        prefix + (bodyNode.name().empty()
                      ? bodyNode.op_type() + "_" + std::to_string(k)
                      : bodyNode.name());
    inlined.set_name(bodyName);
    if (failed(importNode(inlined, bodyName, bodyOpset, expansionDepth + 1)))
      return failure();
  }
  for (const std::string &output : node.output())
    if (!output.empty() && !scope.lookup(output))
      return importer.fail("its function body does not define output '" +
                           output + "'");
  return success();
}

FailureOr<llvm::SmallVector<Type>>
GraphImporter::importSubgraph(const onnx::GraphProto &graph, Region &region,
                              TypeRange argTypes, Location loc) {
  if (depth + 1 > kMaxSubgraphDepth) {
    emitError(loc) << "subgraphs are nested more than " << kMaxSubgraphDepth
                   << " deep";
    return failure();
  }
  if ((size_t)graph.input_size() != argTypes.size()) {
    emitError(loc) << "subgraph '" << graph.name() << "' has "
                   << graph.input_size() << " inputs but " << argTypes.size()
                   << " are expected";
    return failure();
  }
  Block *block = new Block();
  region.push_back(block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(block);

  Scope inner(&scope);
  inner.declareTypes(graph);
  for (auto [input, type] : llvm::zip(graph.input(), argTypes))
    inner.define(input.name(), block->addArgument(type, loc));
  GraphImporter sub(model, builder, inner, depth + 1);
  if (failed(sub.importInitializers(graph)) || failed(sub.importNodes(graph)))
    return failure();

  llvm::SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Value v = inner.lookup(output.name());
    if (!v) {
      emitError(loc) << "subgraph output '" << output.name()
                     << "' is not defined";
      return failure();
    }
    results.push_back(v);
  }
  builder.create<graph::YieldOp>(loc, results);
  return llvm::SmallVector<Type>(ValueRange(results).getTypes());
}

//===----------------------------------------------------------------------===//
// NodeImporter
//===----------------------------------------------------------------------===//

NodeImporter::NodeImporter(GraphImporter &graph, const onnx::NodeProto &node,
                           llvm::StringRef name, int64_t opset)
    : graph(graph), node(node), name(name.str()), opType(node.op_type()),
      opset(opset), loc(graph.model.nodeLoc(name)),
      builder(graph.builder) {
  for (const onnx::AttributeProto &attr : node.attribute())
    attrs[attr.name()] = &attr;
}

InFlightDiagnostic NodeImporter::emitError() {
  hadError = true;
  return mlir::emitError(loc) << "node '" << name << "' (" << opType << "): ";
}

LogicalResult NodeImporter::fail(const llvm::Twine &message) {
  emitError() << message;
  return failure();
}

bool NodeImporter::hasInput(unsigned i) const {
  return i < (unsigned)node.input_size() && !node.input(i).empty();
}

Value NodeImporter::input(unsigned i) {
  if (!hasInput(i))
    return {};
  Value v = graph.scope.lookup(node.input(i));
  if (!v)
    emitError() << "input '" << node.input(i) << "' is not defined before it";
  return v;
}

Value NodeImporter::requiredInput(unsigned i) {
  if (!hasInput(i)) {
    if (!hadError)
      emitError() << "input " << i << " is required";
    return {};
  }
  return input(i);
}

bool NodeImporter::checkArity(unsigned minInputs, unsigned maxInputs,
                              unsigned minOutputs, unsigned maxOutputs) {
  if (numInputs() < minInputs || numInputs() > maxInputs) {
    emitError() << "has " << numInputs() << " inputs, expected "
                << (minInputs == maxInputs
                        ? std::to_string(minInputs)
                        : std::to_string(minInputs) + " to " +
                              std::to_string(maxInputs));
    return false;
  }
  if (numOutputs() < minOutputs || numOutputs() > maxOutputs) {
    emitError() << "has " << numOutputs() << " outputs, expected "
                << (minOutputs == maxOutputs
                        ? std::to_string(minOutputs)
                        : std::to_string(minOutputs) + " to " +
                              std::to_string(maxOutputs));
    return false;
  }
  return true;
}

bool NodeImporter::isOutputUsed(unsigned i) const {
  return i < numOutputs() && !node.output(i).empty() &&
         graph.model.usedNames.contains(node.output(i));
}

void NodeImporter::setOutput(unsigned i, Value value) {
  if (i >= numOutputs() || node.output(i).empty() || !value)
    return;
  const std::string &outName = node.output(i);
  if (graph.scope.definesLocally(outName)) {
    emitError() << "output '" << outName << "' is already defined";
    return;
  }
  if (const onnx::TypeProto *declared = graph.scope.declaredType(outName)) {
    // Declared types only refine; a declared type we cannot represent or
    // that contradicts inference is ignored (value_info is advisory).
    ScopedDiagnosticHandler silence(getContext(),
                                    [](Diagnostic &) { return success(); });
    FailureOr<TensorType> type =
        convertValueType(*declared, loc, "output '" + outName + "'");
    // A shape declared for a data-dependent result describes one run's data
    // (ONNX's test generator declares the shapes it saw), so it stays open.
    if (succeeded(type) && llvm::isa<OpResult>(value) &&
        !llvm::isa<graph::ConstantOp>(value.getDefiningOp()) &&
        !graph::hasDataDependentShape(value.getDefiningOp()))
      value.setType(refineType(value.getType(), *type));
  }
  graph.scope.define(outName, value);
}

void NodeImporter::setOutputs(ValueRange values) {
  for (auto [i, v] : llvm::enumerate(values))
    setOutput(i, v);
}

std::optional<llvm::SmallVector<int64_t>>
NodeImporter::constantIntsInput(unsigned i, llvm::StringRef what) {
  Value v = input(i);
  if (!v)
    return std::nullopt;
  auto constOp = v.getDefiningOp<graph::ConstantOp>();
  auto elements =
      constOp ? llvm::dyn_cast<DenseElementsAttr>(constOp.getValue()) : nullptr;
  if (!elements || !llvm::isa<IntegerType>(elements.getElementType())) {
    emitError() << what << " (input '" << node.input(i)
                << "') must be a constant integer tensor (an initializer or "
                   "Constant node)";
    return std::nullopt;
  }
  llvm::SmallVector<int64_t> result;
  for (const llvm::APInt &value : elements.getValues<llvm::APInt>())
    result.push_back(elements.getElementType().isUnsignedInteger()
                         ? (int64_t)value.getZExtValue()
                         : value.getSExtValue());
  return result;
}

//===--- Attributes
//--------------------------------------------------------===//

namespace {

using AttrKind = onnx::AttributeProto::AttributeType;

/// The attribute's kind; old models leave `type` unset and only fill a field.
int attributeKind(const onnx::AttributeProto &attr) {
  if (attr.type() != onnx::AttributeProto::UNDEFINED)
    return attr.type();
  if (attr.has_f())
    return onnx::AttributeProto::FLOAT;
  if (attr.has_i())
    return onnx::AttributeProto::INT;
  if (attr.has_s())
    return onnx::AttributeProto::STRING;
  if (attr.has_t())
    return onnx::AttributeProto::TENSOR;
  if (attr.has_g())
    return onnx::AttributeProto::GRAPH;
  if (attr.floats_size())
    return onnx::AttributeProto::FLOATS;
  if (attr.ints_size())
    return onnx::AttributeProto::INTS;
  if (attr.strings_size())
    return onnx::AttributeProto::STRINGS;
  return onnx::AttributeProto::UNDEFINED;
}

std::string kindName(int kind) {
  if (onnx::AttributeProto::AttributeType_IsValid(kind))
    return llvm::StringRef(onnx::AttributeProto::AttributeType_Name(
                               static_cast<AttrKind>(kind)))
        .lower();
  return "kind " + std::to_string(kind);
}

} // namespace

const onnx::AttributeProto *NodeImporter::getAttr(llvm::StringRef attrName,
                                                  int kind) {
  auto it = attrs.find(attrName);
  if (it == attrs.end())
    return nullptr;
  int actual = attributeKind(*it->second);
  if (actual != kind) {
    emitError() << "attribute '" << attrName << "' must be of type "
                << kindName(kind) << ", not " << kindName(actual);
    return nullptr;
  }
  return it->second;
}

std::optional<int64_t> NodeImporter::intAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::INT))
    return a->i();
  return std::nullopt;
}

std::optional<float> NodeImporter::floatAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::FLOAT))
    return a->f();
  return std::nullopt;
}

std::optional<std::string> NodeImporter::stringAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::STRING))
    return a->s();
  return std::nullopt;
}

std::optional<llvm::SmallVector<int64_t>>
NodeImporter::intsAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::INTS))
    return llvm::SmallVector<int64_t>(a->ints().begin(), a->ints().end());
  return std::nullopt;
}

std::optional<llvm::SmallVector<float>>
NodeImporter::floatsAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::FLOATS))
    return llvm::SmallVector<float>(a->floats().begin(), a->floats().end());
  return std::nullopt;
}

std::optional<llvm::SmallVector<std::string>>
NodeImporter::stringsAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::STRINGS))
    return llvm::SmallVector<std::string>(a->strings().begin(),
                                          a->strings().end());
  return std::nullopt;
}

const onnx::TensorProto *NodeImporter::tensorAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::TENSOR))
    return &a->t();
  return nullptr;
}

const onnx::GraphProto *NodeImporter::graphAttr(llvm::StringRef attrName) {
  if (auto *a = getAttr(attrName, onnx::AttributeProto::GRAPH))
    return &a->g();
  return nullptr;
}

const onnx::GraphProto *
NodeImporter::requiredGraphAttr(llvm::StringRef attrName) {
  const onnx::GraphProto *graph = graphAttr(attrName);
  if (!graph && !failed())
    fail("attribute '" + attrName + "' is required");
  return graph;
}

std::optional<unsigned>
NodeImporter::checkLoopBody(const onnx::GraphProto &body) {
  unsigned numCarried = numInputs() - 2;
  if (numOutputs() < numCarried) {
    fail("has " + llvm::Twine(numCarried) + " loop-carried inputs but only " +
         llvm::Twine(numOutputs()) + " outputs");
    return std::nullopt;
  }
  unsigned numScans = numOutputs() - numCarried;
  if ((unsigned)body.output_size() != 1 + numCarried + numScans) {
    fail("the body has " + llvm::Twine(body.output_size()) +
         " outputs, expected " + llvm::Twine(1 + numCarried + numScans));
    return std::nullopt;
  }
  return numScans;
}

void NodeImporter::copyConvAttrs(llvm::SmallVectorImpl<NamedAttribute> &out) {
  copyStringAttr(out, "auto_pad");
  copyIntsAttr(out, "dilations");
  copyIntAttr(out, "group");
  copyIntsAttr(out, "kernel_shape");
  copyIntsAttr(out, "pads");
  copyIntsAttr(out, "strides");
}

void NodeImporter::copyIntAttr(llvm::SmallVectorImpl<NamedAttribute> &out,
                               llvm::StringRef attrName, llvm::StringRef as) {
  if (std::optional<int64_t> v = intAttr(attrName))
    out.push_back(builder.getNamedAttr(as.empty() ? attrName : as,
                                       builder.getI64IntegerAttr(*v)));
}

void NodeImporter::copyFloatAttr(llvm::SmallVectorImpl<NamedAttribute> &out,
                                 llvm::StringRef attrName, llvm::StringRef as) {
  if (std::optional<float> v = floatAttr(attrName))
    out.push_back(builder.getNamedAttr(as.empty() ? attrName : as,
                                       builder.getF32FloatAttr(*v)));
}

void NodeImporter::copyStringAttr(llvm::SmallVectorImpl<NamedAttribute> &out,
                                  llvm::StringRef attrName,
                                  llvm::StringRef as) {
  if (std::optional<std::string> v = stringAttr(attrName))
    out.push_back(builder.getNamedAttr(as.empty() ? attrName : as,
                                       builder.getStringAttr(*v)));
}

void NodeImporter::copyIntsAttr(llvm::SmallVectorImpl<NamedAttribute> &out,
                                llvm::StringRef attrName, llvm::StringRef as) {
  if (std::optional<llvm::SmallVector<int64_t>> v = intsAttr(attrName))
    out.push_back(builder.getNamedAttr(as.empty() ? attrName : as,
                                       builder.getDenseI64ArrayAttr(*v)));
}

//===--- Creating ops
//------------------------------------------------------===//

Type NodeImporter::placeholderType() {
  return UnrankedTensorType::get(builder.getF32Type());
}

Value NodeImporter::constant(DenseElementsAttr value) {
  return builder.create<graph::ConstantOp>(loc, value.getType(), value);
}

Value NodeImporter::constantI64(llvm::ArrayRef<int64_t> values, bool scalar) {
  auto type = RankedTensorType::get(
      scalar ? llvm::ArrayRef<int64_t>{}
             : llvm::ArrayRef<int64_t>{(int64_t)values.size()},
      builder.getI64Type());
  return constant(DenseElementsAttr::get(type, values));
}

Value NodeImporter::constantScalar(Type elementType, double value) {
  auto type = RankedTensorType::get({}, elementType);
  if (auto floatType = llvm::dyn_cast<FloatType>(elementType)) {
    llvm::APFloat v(value);
    bool losesInfo;
    v.convert(floatType.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
              &losesInfo);
    return constant(DenseElementsAttr::get(type, v));
  }
  if (auto intType = llvm::dyn_cast<IntegerType>(elementType)) {
    llvm::APInt v = llvm::APInt(64, (uint64_t)(int64_t)value, /*isSigned=*/true)
                        .sextOrTrunc(intType.getWidth());
    return constant(DenseElementsAttr::get(type, v));
  }
  emitError() << "cannot make a constant of element type " << elementType;
  return {};
}

void NodeImporter::reportNested(const std::string &context,
                                const std::string &message) {
  // The dialect's own diagnostics usually name the node already.
  if (llvm::StringRef(message).contains("'" + name + "'")) {
    hadError = true;
    mlir::emitError(loc) << message;
    return;
  }
  emitError() << context << message;
}

LogicalResult NodeImporter::verifyOp(Operation *op) {
  std::string messages;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler capture(getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error) {
        if (!messages.empty())
          messages += "; ";
        messages += diag.str();
      }
      return success();
    });
    result = mlir::verify(op);
  }
  if (mlir::failed(result))
    reportNested("invalid " + op->getName().getStringRef().str() + ": ",
                 messages);
  return result;
}

Operation *NodeImporter::finishOp(Operation *op) {
  llvm::SmallVector<Type> types;
  std::string messages;
  LogicalResult inferred = success();
  if (auto iface = llvm::dyn_cast<InferTypeOpInterface>(op)) {
    ScopedDiagnosticHandler capture(getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error) {
        if (!messages.empty())
          messages += "; ";
        messages += diag.str();
      }
      return success();
    });
    inferred = iface.inferReturnTypes(
        getContext(), op->getLoc(), op->getOperands(),
        op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
        op->getRegions(), types);
  }
  if (mlir::failed(inferred) || types.size() != op->getNumResults()) {
    reportNested("", messages.empty() ? "cannot infer result types" : messages);
    op->erase();
    return nullptr;
  }
  for (auto [result, type] : llvm::zip(op->getResults(), types))
    result.setType(type);
  if (mlir::failed(verifyOp(op))) {
    op->erase();
    return nullptr;
  }
  return op;
}

} // namespace weft::importer
