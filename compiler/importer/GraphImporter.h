//===- GraphImporter.h - Importing ONNX graphs and nodes --------*- C++ -*-===//
//
// The importer's internals: the scope of ONNX names, the graph importer that
// walks a GraphProto (the main graph or an If/Loop subgraph) and the node view
// each operator converter works with.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_GRAPHIMPORTER_H
#define WEFT_COMPILER_IMPORTER_GRAPHIMPORTER_H

#include "onnx/onnx_pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace weft::importer {

/// Subgraphs (If/Loop bodies) nest at most this deep.
constexpr int kMaxSubgraphDepth = 32;
/// ONNX function bodies (inlined for operators without a converter) nest at
/// most this deep.
constexpr int kMaxFunctionDepth = 8;

/// What the import of one model shares.
struct ModelContext {
  mlir::MLIRContext *context = nullptr;
  /// The model file, as given (for locations and messages).
  std::string modelPath;
  /// The folder external-data locations are relative to.
  std::string modelDir;
  /// The opset version of the default (ai.onnx) domain.
  int64_t opset = 0;
  /// Every name some node consumes or some graph returns, in any graph.
  llvm::StringSet<> usedNames;
  /// Loop bodies may be imported twice (to widen carried types); nested
  /// loops would make that exponential, so the second imports are rationed.
  int loopReimportBudget = 256;

  /// The location of a node: NameLoc(node name, model file).
  mlir::Location nodeLoc(llvm::StringRef nodeName) const;
  /// The location of the model file itself.
  mlir::Location fileLoc() const;
};

/// The ONNX names visible in one graph: its own values, then those of the
/// graphs around it (subgraphs may use outer-scope names).
class Scope {
public:
  explicit Scope(const Scope *parent = nullptr) : parent(parent) {}

  /// The value of `name` here or in an enclosing scope; null if undefined.
  mlir::Value lookup(llvm::StringRef name) const;
  bool definesLocally(llvm::StringRef name) const { return values.count(name); }
  void define(llvm::StringRef name, mlir::Value value) { values[name] = value; }

  /// An ONNX sequence whose structure is known while importing (the
  /// sequence operators with constant positions build it): the tensor values
  /// it holds, in order; null if `name` is no such sequence.
  const llvm::SmallVector<mlir::Value> *
  lookupSequence(llvm::StringRef name) const;
  void defineSequence(llvm::StringRef name,
                      llvm::SmallVector<mlir::Value> elements) {
    sequences[name] = std::move(elements);
  }

  /// The type the graph declares for `name` (value_info, outputs), if any.
  const onnx::TypeProto *declaredType(llvm::StringRef name) const;
  void declareTypes(const onnx::GraphProto &graph);

private:
  const Scope *parent;
  llvm::StringMap<mlir::Value> values;
  llvm::StringMap<llvm::SmallVector<mlir::Value>> sequences;
  llvm::StringMap<const onnx::TypeProto *> declaredTypes;
};

/// Imports the initializers and nodes of one graph at the builder's
/// insertion point.
class GraphImporter {
public:
  GraphImporter(ModelContext &model, mlir::OpBuilder &builder, Scope &scope,
                int depth)
      : model(model), builder(builder), scope(scope), depth(depth) {}

  /// Turns every initializer into a graph.constant defined in the scope.
  mlir::LogicalResult importInitializers(const onnx::GraphProto &graph);
  /// Converts every node in order.
  mlir::LogicalResult importNodes(const onnx::GraphProto &graph);
  /// Converts one node named `name` with the semantics of `opset`; an
  /// operator without a converter is expanded into its ONNX function body
  /// (`expansionDepth` counts the function bodies around it).
  mlir::LogicalResult importNode(const onnx::NodeProto &node,
                                 llvm::StringRef name, int64_t opset,
                                 int expansionDepth = 0);

  /// Imports `graph` as the single block of `region`, whose arguments are
  /// `argTypes` bound to the graph's inputs, ending in graph.yield of the
  /// graph's outputs. Returns the yielded types.
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  importSubgraph(const onnx::GraphProto &graph, mlir::Region &region,
                 mlir::TypeRange argTypes, mlir::Location loc);

  ModelContext &model;
  mlir::OpBuilder &builder;
  Scope &scope;
  int depth;
};

/// One ONNX node as the operator converters see it. Accessors never fail
/// hard: on a bad or missing input or attribute they emit an error naming
/// the node and remember it; a converter checks `failed()` before it
/// creates ops.
class NodeImporter {
public:
  NodeImporter(GraphImporter &graph, const onnx::NodeProto &node,
               llvm::StringRef name, int64_t opset);

  GraphImporter &graph;
  const onnx::NodeProto &node;
  std::string name;
  llvm::StringRef opType;
  int64_t opset;
  mlir::Location loc;
  mlir::OpBuilder &builder;

  mlir::MLIRContext *getContext() { return builder.getContext(); }

  //===--- Errors ---------------------------------------------------------===//

  /// Emits an error starting "node 'NAME' (OP): ".
  mlir::InFlightDiagnostic emitError();
  mlir::LogicalResult fail(const llvm::Twine &message);
  bool failed() const { return hadError; }

  //===--- Inputs and outputs --------------------------------------------===//

  unsigned numInputs() const { return node.input_size(); }
  unsigned numOutputs() const { return node.output_size(); }
  /// True when input `i` is given (present with a non-empty name).
  bool hasInput(unsigned i) const;
  /// Input `i`, or null when absent (an undefined name is an error).
  mlir::Value input(unsigned i);
  /// Input `i`; absent is an error.
  mlir::Value requiredInput(unsigned i);
  /// Checks min <= #inputs <= max and min <= #outputs <= max.
  bool checkArity(unsigned minInputs, unsigned maxInputs, unsigned minOutputs,
                  unsigned maxOutputs);
  /// True when output `i` is given and something uses it.
  bool isOutputUsed(unsigned i) const;
  /// Binds output `i` (if given) to `value`, refining the value's type by
  /// the model's declared type when that is more precise.
  void setOutput(unsigned i, mlir::Value value);
  void setOutputs(mlir::ValueRange values);

  /// The integers of constant input `i` (an initializer or Constant node);
  /// nullopt when absent; an error when not constant or not integer.
  std::optional<llvm::SmallVector<int64_t>>
  constantIntsInput(unsigned i, llvm::StringRef what);

  //===--- Attributes ----------------------------------------------------===//

  bool hasAttr(llvm::StringRef attrName) const { return attrs.count(attrName); }
  std::optional<int64_t> intAttr(llvm::StringRef attrName);
  int64_t intAttr(llvm::StringRef attrName, int64_t defaultValue) {
    return intAttr(attrName).value_or(defaultValue);
  }
  std::optional<float> floatAttr(llvm::StringRef attrName);
  std::optional<std::string> stringAttr(llvm::StringRef attrName);
  std::optional<llvm::SmallVector<int64_t>> intsAttr(llvm::StringRef attrName);
  std::optional<llvm::SmallVector<float>> floatsAttr(llvm::StringRef attrName);
  std::optional<llvm::SmallVector<std::string>>
  stringsAttr(llvm::StringRef attrName);
  const onnx::TensorProto *tensorAttr(llvm::StringRef attrName);
  const onnx::GraphProto *graphAttr(llvm::StringRef attrName);
  /// graphAttr, with an error ("attribute 'body' is required") when absent.
  const onnx::GraphProto *requiredGraphAttr(llvm::StringRef attrName);
  /// Checks a Loop node against its `body`: N loop-carried inputs (after M
  /// and cond) need at least N outputs, and the body yields the condition,
  /// N carried values and one value per remaining (scan) output. Returns the
  /// number of scan outputs, or nullopt after an error.
  std::optional<unsigned> checkLoopBody(const onnx::GraphProto &body);

  /// Copies ONNX attribute `attrName` (of the kind the accessor expects)
  /// into `out` under `as` (default: the same name).
  void copyIntAttr(llvm::SmallVectorImpl<mlir::NamedAttribute> &out,
                   llvm::StringRef attrName, llvm::StringRef as = {});
  void copyFloatAttr(llvm::SmallVectorImpl<mlir::NamedAttribute> &out,
                     llvm::StringRef attrName, llvm::StringRef as = {});
  void copyStringAttr(llvm::SmallVectorImpl<mlir::NamedAttribute> &out,
                      llvm::StringRef attrName, llvm::StringRef as = {});
  void copyIntsAttr(llvm::SmallVectorImpl<mlir::NamedAttribute> &out,
                    llvm::StringRef attrName, llvm::StringRef as = {});
  /// Copies Conv's window attributes (auto_pad, dilations, group,
  /// kernel_shape, pads, strides), which ConvInteger and QLinearConv share.
  void copyConvAttrs(llvm::SmallVectorImpl<mlir::NamedAttribute> &out);

  //===--- Creating ops --------------------------------------------------===//

  /// A graph.constant holding `value`.
  mlir::Value constant(mlir::DenseElementsAttr value);
  /// A 1-D i64 constant (or a scalar when `scalar`).
  mlir::Value constantI64(llvm::ArrayRef<int64_t> values, bool scalar = false);
  /// A scalar constant of `elementType` holding `value`; an error for
  /// element types that cannot hold it.
  mlir::Value constantScalar(mlir::Type elementType, double value);

  /// Creates op `OpTy` with placeholder result types, infers its result
  /// types through InferTypeOpInterface and verifies it. Null on failure
  /// (an error naming the node has been emitted).
  template <typename OpTy>
  mlir::Operation *create(mlir::ValueRange operands,
                          llvm::ArrayRef<mlir::NamedAttribute> attributes = {},
                          unsigned numResults = 1,
                          llvm::ArrayRef<int32_t> operandSegments = {}) {
    if (hadError)
      return nullptr;
    mlir::OperationState state(loc, OpTy::getOperationName());
    llvm::SmallVector<mlir::Type> placeholders(numResults, placeholderType());
    llvm::SmallVector<mlir::NamedAttribute> attrList(attributes);
    if (!operandSegments.empty())
      attrList.push_back(
          builder.getNamedAttr("operandSegmentSizes",
                               builder.getDenseI32ArrayAttr(operandSegments)));
    OpTy::build(builder, state, placeholders, operands, attrList);
    return finishOp(builder.create(state));
  }

  /// Infers, sets and verifies the result types of a freshly built `op`;
  /// erases it and returns null on failure.
  mlir::Operation *finishOp(mlir::Operation *op);
  /// Verifies `op` (with its regions), reporting failures for this node.
  mlir::LogicalResult verifyOp(mlir::Operation *op);

  mlir::Type placeholderType();

private:
  /// Reports `message` from the dialect (inference, verifier) for this node,
  /// prefixed with the node and `context` unless it names the node itself.
  void reportNested(const std::string &context, const std::string &message);
  const onnx::AttributeProto *getAttr(llvm::StringRef attrName, int kind);

  llvm::StringMap<const onnx::AttributeProto *> attrs;
  bool hadError = false;
};

/// `current` refined by `declared` where the declared type is more precise
/// and compatible; `current` otherwise.
mlir::Type refineType(mlir::Type current, mlir::Type declared);

/// Creates graph op `OpTy` for node `n` (result types inferred) and binds
/// its results to the node's outputs in order; failure after an error.
template <typename OpTy>
mlir::LogicalResult emit(NodeImporter &n, mlir::ValueRange operands,
                         llvm::ArrayRef<mlir::NamedAttribute> attrs = {},
                         unsigned numResults = 1,
                         llvm::ArrayRef<int32_t> segments = {}) {
  mlir::Operation *op = n.create<OpTy>(operands, attrs, numResults, segments);
  if (!op)
    return mlir::failure();
  n.setOutputs(op->getResults());
  return mlir::success();
}

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_GRAPHIMPORTER_H
