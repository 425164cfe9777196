//===- SequenceInterface.h - Sequences at graph boundaries ------*- C++ -*-===//
//
// Sequences are resolved while importing (SequenceConverters.cpp): a
// sequence is the list of tensor values it holds. This header is what the
// rest of the importer needs to carry such lists across boundaries: the
// graph's own inputs and outputs (one @main argument or result per element,
// `x[0]`, `x[1]`, ...), subgraphs imported inline (SequenceMap bodies, the
// iterations of an unrolled Loop), Loop unrolling and If branch selection.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_SEQUENCEINTERFACE_H
#define WEFT_COMPILER_IMPORTER_SEQUENCEINTERFACE_H

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/Importer.h"

#include "onnx/onnx_pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <utility>

namespace weft::importer {

//===--- Graph inputs and outputs -----------------------------------------===//

/// The name of element `index` of sequence `name` as an engine input or
/// output: `name[index]`.
std::string sequenceElementName(llvm::StringRef name, size_t index);

/// Checks that every entry of `sequences` (may be null) names a
/// sequence-typed input of `graph`.
mlir::LogicalResult
checkSequenceShapeNames(const onnx::GraphProto &graph,
                        const SequenceInputShapes *sequences,
                        mlir::Location loc);

/// Appends one @main argument type (and its attributes: graph.name
/// `x[i]`) per element of sequence input `input`, with the element shapes
/// given in `sequences` and the element type the model declares. Fails with
/// an error saying which --shape to give when `sequences` has no entry for
/// it, or when a shape contradicts the declared element type.
mlir::LogicalResult
appendSequenceArguments(const onnx::ValueInfoProto &input,
                        const SequenceInputShapes *sequences,
                        mlir::Location loc, mlir::OpBuilder &builder,
                        llvm::SmallVectorImpl<mlir::Type> &argTypes,
                        llvm::SmallVectorImpl<mlir::DictionaryAttr> &argAttrs);

/// The @main arguments [begin, end) that hold the elements of sequence
/// input `name`.
struct SequenceArguments {
  std::string name;
  unsigned begin = 0, end = 0;
};

/// Defines each sequence input in `scope` as the list of its arguments.
void defineSequenceArguments(Scope &scope,
                             llvm::ArrayRef<SequenceArguments> sequenceArgs,
                             mlir::Block::BlockArgListType args);

//===--- Subgraphs imported inline ----------------------------------------===//

/// What an ONNX name stands for while importing: a tensor, or a sequence
/// resolved at import (the tensors it holds).
struct ImportedValue {
  mlir::Value tensor;
  bool isSequence = false;
  llvm::SmallVector<mlir::Value> elements;

  static ImportedValue ofTensor(mlir::Value value) {
    return {value, false, {}};
  }
  static ImportedValue ofSequence(llvm::SmallVector<mlir::Value> elements) {
    return {mlir::Value(), true, std::move(elements)};
  }
};

/// The tensor or sequence named by input `i` of the node; nullopt after an
/// error (absent or undefined).
std::optional<ImportedValue> importedInput(NodeImporter &n, unsigned i);

/// Binds output `i` of the node to `value` (a tensor or a sequence).
void setImportedOutput(NodeImporter &n, unsigned i, const ImportedValue &value);

/// Imports the initializers and nodes of `body` (a subgraph of node `n`) at
/// the current insertion point, not as a region: its inputs are bound to
/// `inputs` and names of the graphs around it stay visible. Returns its
/// outputs in order; failure after an error naming the node.
mlir::FailureOr<llvm::SmallVector<ImportedValue>>
inlineSubgraph(NodeImporter &n, const onnx::GraphProto &body,
               llvm::ArrayRef<ImportedValue> inputs);

//===--- Loop unrolling (SequenceControlFlow.cpp) -------------------------===//

/// True when Loop node `n` carries a sequence (an initial value that is a
/// sequence, or a body input or output declared as one): such a loop is
/// unrolled at import by unrollLoop, since a sequence exists only while
/// importing.
bool loopCarriesSequences(NodeImporter &n);

/// Imports Loop node `n` by importing its body once per iteration. The trip
/// count and the condition (initially and after each iteration) must be
/// constants at import; the loop may run at most kMaxUnrolledIterations
/// times.
mlir::LogicalResult unrollLoop(NodeImporter &n);

/// Loops unrolled at import run at most this many iterations.
constexpr int64_t kMaxUnrolledIterations = 4096;

//===--- If over sequences (SequenceControlFlow.cpp) ---------------------===//

/// True when a branch of If node `n` yields a sequence (a branch output or
/// a node output declared as one).
bool ifYieldsSequences(NodeImporter &n);

/// Imports If node `n` as the branch its condition picks, imported inline;
/// the condition must be a constant at import.
mlir::LogicalResult selectIfBranch(NodeImporter &n);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_SEQUENCEINTERFACE_H
