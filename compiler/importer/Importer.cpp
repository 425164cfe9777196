//===- Importer.cpp - ONNX model -> graph dialect -------------------------===//
//
// Reads the model with a bounded protobuf parse, checks that every operator
// in it (subgraphs included) can be imported, reporting all that cannot at
// once, and then imports the main graph as func.func @main.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/Importer.h"
#include "compiler/importer/FunctionExpansion.h"
#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/SequenceInterface.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphDialect.h"
#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/logging.h>

#include <climits>
#include <map>
#include <tuple>
#include <vector>

using namespace mlir;

namespace weft::importer {

namespace {

/// Protobuf message nesting allowed while parsing; every subgraph level
/// costs three (graph, node, attribute), so this admits kMaxSubgraphDepth.
constexpr int kProtobufRecursionLimit = 3 * kMaxSubgraphDepth + 16;

/// How many node names an unsupported-operator line lists.
constexpr size_t kNamesPerUnsupportedKind = 3;

FailureOr<onnx::ModelProto> readModel(llvm::StringRef path, Location loc) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    emitError(loc) << "cannot read model file '" << path
                   << "': " << buffer.getError().message();
    return failure();
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (bytes.empty()) {
    emitError(loc) << "model file '" << path << "' is empty";
    return failure();
  }
  if (bytes.size() >= (size_t)INT_MAX) {
    emitError(loc) << "model file '" << path
                   << "' is 2 GiB or larger; keep the weights in external "
                      "data files";
    return failure();
  }
  // Parse failures are reported below; keep protobuf's own logging quiet.
  google::protobuf::SetLogHandler(nullptr);
  google::protobuf::io::CodedInputStream stream(
      reinterpret_cast<const uint8_t *>(bytes.data()), (int)bytes.size());
  stream.SetTotalBytesLimit(INT_MAX);
  stream.SetRecursionLimit(kProtobufRecursionLimit);
  onnx::ModelProto model;
  if (!model.ParseFromCodedStream(&stream) || !stream.ConsumedEntireMessage()) {
    emitError(loc) << "model file '" << path
                   << "' is not a valid ONNX model (malformed or truncated "
                      "protobuf)";
    return failure();
  }
  if (!model.has_graph()) {
    emitError(loc) << "model file '" << path
                   << "' has no graph (truncated, or not an ONNX model)";
    return failure();
  }
  return model;
}

/// One kind of operator the importer cannot handle, and where it occurs.
struct UnsupportedKind {
  int count = 0;
  llvm::SmallVector<std::string> nodeNames;
};

/// Walks the whole model once before importing: records every used name
/// and every unsupported (domain, operator, opset).
class ModelScanner {
public:
  ModelScanner(const onnx::ModelProto &model, ModelContext &context)
      : model(model), context(context) {}

  LogicalResult scan(const onnx::GraphProto &graph, int depth) {
    if (depth > kMaxSubgraphDepth)
      return emitError(context.fileLoc()) << "subgraphs are nested more than "
                                          << kMaxSubgraphDepth << " deep";
    for (const onnx::ValueInfoProto &output : graph.output())
      context.usedNames.insert(output.name());
    for (const onnx::NodeProto &node : graph.node()) {
      for (const std::string &input : node.input())
        if (!input.empty())
          context.usedNames.insert(input);
      int64_t opset = opsetOf(node.domain());
      if (!isSupportedOperator(node.domain(), node.op_type(), opset) &&
          !(isDefaultDomain(node.domain()) && opset >= kMinSupportedOpset &&
            opset <= kMaxSupportedOpset &&
            hasOnnxFunction(node.op_type(), opset))) {
        std::string domain =
            isDefaultDomain(node.domain()) ? "ai.onnx" : node.domain();
        auto key = std::make_tuple(domain, node.op_type(), opset);
        auto [it, inserted] =
            unsupportedIndex.try_emplace(key, unsupported.size());
        if (inserted)
          unsupported.emplace_back(key, UnsupportedKind());
        UnsupportedKind &kind = unsupported[it->second].second;
        ++kind.count;
        if (kind.nodeNames.size() < kNamesPerUnsupportedKind)
          kind.nodeNames.push_back(node.name().empty() ? "<unnamed>"
                                                       : node.name());
      }
      for (const onnx::AttributeProto &attr : node.attribute()) {
        if (attr.has_g() && failed(scan(attr.g(), depth + 1)))
          return failure();
        for (const onnx::GraphProto &g : attr.graphs())
          if (failed(scan(g, depth + 1)))
            return failure();
      }
    }
    return success();
  }

  /// Reports every unsupported operator kind; fails if there is any.
  LogicalResult report() {
    if (unsupported.empty())
      return success();
    InFlightDiagnostic diag = emitError(context.fileLoc());
    diag << "the model uses " << unsupported.size()
         << " unsupported operator kind" << (unsupported.size() == 1 ? "" : "s")
         << " (supported: the default domain at opsets " << kMinSupportedOpset
         << " to " << kMaxSupportedOpset << ")";
    for (auto &[key, kind] : unsupported) {
      auto &[domain, opType, opset] = key;
      Diagnostic &note = diag.attachNote();
      note << domain << " " << opType << " (opset "
           << (opset ? std::to_string(opset) : std::string("not imported"))
           << "): " << kind.count << " node" << (kind.count == 1 ? "" : "s")
           << ": ";
      for (auto [i, name] : llvm::enumerate(kind.nodeNames))
        note << (i ? ", " : "") << "'" << name << "'";
      if ((size_t)kind.count > kind.nodeNames.size())
        note << ", ...";
    }
    return failure();
  }

private:
  int64_t opsetOf(llvm::StringRef domain) const {
    for (const onnx::OperatorSetIdProto &set : model.opset_import())
      if (isDefaultDomain(set.domain()) == isDefaultDomain(domain) &&
          (isDefaultDomain(domain) || set.domain() == domain))
        return set.version();
    return 0;
  }

  const onnx::ModelProto &model;
  ModelContext &context;
  using Key = std::tuple<std::string, std::string, int64_t>;
  /// In order of first appearance.
  std::vector<std::pair<Key, UnsupportedKind>> unsupported;
  std::map<Key, size_t> unsupportedIndex;
};

/// Imports the main graph into `module` as func.func @main.
LogicalResult importMainGraph(const onnx::GraphProto &graph,
                              ModelContext &context, ModuleOp module,
                              const InputBindings *bindings,
                              const SequenceInputShapes *sequences) {
  MLIRContext *ctx = context.context;
  OpBuilder builder(ctx);
  Location fileLoc = context.fileLoc();

  llvm::StringSet<> initializerNames;
  for (const onnx::TensorProto &init : graph.initializer())
    initializerNames.insert(init.name());

  // Graph inputs that are not initializers become the function's arguments;
  // a sequence input becomes one argument per element (argNames holds ""
  // for those, the sequence is defined from `sequenceArgs`).
  llvm::SmallVector<Type> argTypes;
  llvm::SmallVector<DictionaryAttr> argAttrs;
  llvm::SmallVector<std::string> argNames;
  llvm::SmallVector<SequenceArguments> sequenceArgs;
  if (failed(checkSequenceShapeNames(graph, sequences, fileLoc)))
    return failure();
  llvm::SmallVector<std::pair<std::string, DenseElementsAttr>> boundInputs;
  llvm::StringSet<> seen;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (initializerNames.contains(input.name()))
      continue;
    Location loc = context.nodeLoc(input.name());
    if (input.name().empty())
      return emitError(loc) << "a graph input has no name";
    if (!seen.insert(input.name()).second)
      return emitError(loc)
             << "graph input '" << input.name() << "' is listed twice";
    if (!input.has_type())
      return emitError(loc) << "input '" << input.name() << "' has no type";
    if (input.type().has_sequence_type()) {
      if (bindings && bindings->count(input.name()))
        return emitError(loc) << "input '" << input.name()
                              << "' is a sequence and cannot be bound";
      unsigned begin = argTypes.size();
      if (failed(appendSequenceArguments(input, sequences, loc, builder,
                                         argTypes, argAttrs)))
        return failure();
      sequenceArgs.push_back({input.name(), begin, (unsigned)argTypes.size()});
      argNames.resize(argTypes.size());
      continue;
    }
    llvm::SmallVector<std::string> dimNames;
    FailureOr<TensorType> type = convertValueType(
        input.type(), loc, "input '" + input.name() + "'", &dimNames);
    if (failed(type))
      return failure();
    if (bindings && bindings->count(input.name())) {
      DenseElementsAttr value = bindings->lookup(input.name());
      auto bound = cast<RankedTensorType>(value.getType());
      bool fits = type->getElementType() == bound.getElementType() &&
                  (!type->hasRank() || type->getRank() == bound.getRank());
      for (int64_t i = 0; fits && type->hasRank() && i < type->getRank(); ++i)
        fits = type->isDynamicDim(i) ||
               type->getDimSize(i) == bound.getDimSize(i);
      if (!fits)
        return emitError(loc) << "the value bound to input '" << input.name()
                              << "' (" << bound << ") does not fit its type "
                              << *type;
      boundInputs.emplace_back(input.name(), value);
      continue;
    }
    llvm::SmallVector<NamedAttribute> attrs{builder.getNamedAttr(
        "graph.name", builder.getStringAttr(input.name()))};
    if (type->hasRank() && !type->hasStaticShape()) {
      llvm::SmallVector<Attribute> names;
      for (const std::string &dimName : dimNames)
        names.push_back(builder.getStringAttr(dimName));
      attrs.push_back(
          builder.getNamedAttr(graph::GraphDialect::getDimNamesAttrName(),
                               builder.getArrayAttr(names)));
    }
    argTypes.push_back(*type);
    argAttrs.push_back(builder.getDictionaryAttr(attrs));
    argNames.push_back(input.name());
  }

  auto func = func::FuncOp::create(fileLoc, "main",
                                   builder.getFunctionType(argTypes, {}));
  module.push_back(func);
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  if (bindings)
    for (const auto &binding : *bindings)
      if (!llvm::any_of(boundInputs, [&](const auto &b) {
            return b.first == binding.getKey();
          }))
        return emitError(fileLoc) << "a value is bound to '"
                                  << binding.getKey()
                                  << "', which is not an input of the model";
  Scope scope;
  scope.declareTypes(graph);
  for (auto &[name, value] : boundInputs)
    scope.define(name, builder.create<graph::ConstantOp>(
                           context.nodeLoc(name), value.getType(), value));
  for (auto [i, name] : llvm::enumerate(argNames)) {
    if (!name.empty())
      scope.define(name, entry->getArgument(i));
    func.setArgAttrs(i, argAttrs[i]);
  }
  defineSequenceArguments(scope, sequenceArgs, entry->getArguments());
  GraphImporter importer(context, builder, scope, /*depth=*/0);
  if (failed(importer.importInitializers(graph)) ||
      failed(importer.importNodes(graph)))
    return failure();

  // A sequence output returns its elements, `y[0]`, `y[1]`, ...
  llvm::SmallVector<Value> results;
  llvm::SmallVector<std::string> resultNames;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    if (Value v = scope.lookup(output.name())) {
      results.push_back(v);
      resultNames.push_back(output.name());
      continue;
    }
    const llvm::SmallVector<Value> *sequence =
        scope.lookupSequence(output.name());
    if (!sequence)
      return emitError(context.nodeLoc(output.name()))
             << "graph output '" << output.name() << "' is not defined";
    for (auto [i, element] : llvm::enumerate(*sequence)) {
      results.push_back(element);
      resultNames.push_back(sequenceElementName(output.name(), i));
    }
  }
  builder.create<func::ReturnOp>(fileLoc, results);
  func.setFunctionType(builder.getFunctionType(
      argTypes, llvm::SmallVector<Type>(ValueRange(results).getTypes())));
  for (auto [i, name] : llvm::enumerate(resultNames))
    func.setResultAttr(i, "graph.name", builder.getStringAttr(name));
  return success();
}

} // namespace

OwningOpRef<ModuleOp> importOnnxFile(llvm::StringRef path,
                                     MLIRContext &context,
                                     const InputBindings *bindings,
                                     const SequenceInputShapes *sequences) {
  context.loadDialect<graph::GraphDialect, func::FuncDialect>();
  ModelContext model;
  model.context = &context;
  model.modelPath = path.str();
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  model.modelDir = dir.empty() ? "." : dir.str();
  Location fileLoc = model.fileLoc();

  FailureOr<onnx::ModelProto> proto = readModel(path, fileLoc);
  if (failed(proto))
    return nullptr;

  bool hasDefaultOpset = false;
  for (const onnx::OperatorSetIdProto &set : proto->opset_import())
    if (isDefaultDomain(set.domain()) && !hasDefaultOpset) {
      model.opset = set.version();
      hasDefaultOpset = true;
    }
  if (!hasDefaultOpset) {
    emitError(fileLoc) << "model declares no opset for the default ONNX "
                          "domain";
    return nullptr;
  }

  ModelScanner scanner(*proto, model);
  if (failed(scanner.scan(proto->graph(), /*depth=*/0)) ||
      failed(scanner.report()))
    return nullptr;

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  if (failed(importMainGraph(proto->graph(), model, *module, bindings,
                             sequences)))
    return nullptr;
  if (failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

} // namespace weft::importer
