//===- GraphUtils.h - Shape and constant helpers for graph ops --*- C++ -*-===//
//
// Small helpers shared by the graph ops' type inference, verifiers, folders
// and the graph passes.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHUTILS_H
#define WEFT_DIALECTS_GRAPH_GRAPHUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace weft::graph {

/// The dims of a ranked tensor type, or nullopt for an unranked one.
std::optional<llvm::SmallVector<int64_t>> getShape(mlir::Type type);

/// A tensor type with `shape` (or unranked when nullopt) and `elementType`.
mlir::TensorType makeTensorType(std::optional<llvm::ArrayRef<int64_t>> shape,
                                mlir::Type elementType);

/// The element type of a tensor type (the type itself for a scalar type).
mlir::Type getElementType(mlir::Type type);

/// Multidirectional (numpy) broadcast of two shapes. A dynamic dim broadcast
/// with 1 or a dynamic dim stays dynamic. Fails on a static mismatch.
mlir::FailureOr<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs);

/// Broadcast of the shapes of `types` into a result shape; nullopt when any is
/// unranked. Emits an error at `loc` (when given) on a static mismatch.
mlir::FailureOr<std::optional<llvm::SmallVector<int64_t>>>
broadcastTypes(mlir::TypeRange types, std::optional<mlir::Location> loc);

/// The more precise of two types that describe the same value (static dims
/// win over dynamic ones, ranked over unranked), or failure when they
/// contradict each other (element type, rank or a static dim).
mlir::FailureOr<mlir::Type> meetTypes(mlir::Type a, mlir::Type b);

/// The least precise type that both `a` and `b` refine (dims that differ
/// become `?`, ranks that differ give an unranked tensor): what two branches
/// of a graph.if agree on. Null when the element types differ.
mlir::Type joinTypes(mlir::Type a, mlir::Type b);

/// Normalizes an ONNX axis in [-rank, rank) to [0, rank); nullopt if outside.
std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);

/// The constant attribute behind `value` when it is produced by a ConstantLike
/// op, else null.
mlir::DenseElementsAttr getConstantElements(mlir::Value value);

/// The integer values of a constant integer tensor, or nullopt when `value`
/// is not a constant integer tensor.
std::optional<llvm::SmallVector<int64_t>> getConstantInts(mlir::Value value);

/// Emits `message` at `loc` if a location is given; always returns failure.
mlir::LogicalResult emitInferenceError(std::optional<mlir::Location> loc,
                                       const llvm::Twine &message);

/// The ONNX node name carried by `loc` (a NameLoc, possibly inside a fused or
/// call-site location), or "" when there is none.
std::string getNodeName(mlir::Location loc);

/// Formats dims as `1x3x?x224` (`*` for an unranked shape).
std::string formatShape(std::optional<llvm::ArrayRef<int64_t>> shape);

/// An error about one node, written as `node 'NAME' (graph.op): ...` (just
/// `graph.op: ...` when the location names no node). Without a location it
/// swallows the message; either way it converts to failure.
class NodeError {
public:
  NodeError(std::optional<mlir::Location> loc, llvm::StringRef opName);

  template <typename T> NodeError &operator<<(T &&value) {
    if (diag)
      *diag << std::forward<T>(value);
    return *this;
  }
  operator mlir::LogicalResult() const { return mlir::failure(); }
  template <typename T> operator mlir::FailureOr<T>() const {
    return mlir::failure();
  }

private:
  std::optional<mlir::InFlightDiagnostic> diag;
};

/// The dims of `value`'s type, nullopt when unranked or not a tensor.
inline std::optional<llvm::SmallVector<int64_t>> getShape(mlir::Value value) {
  return getShape(value.getType());
}

/// Number of elements of a static shape, nullopt if any dim is dynamic or the
/// product overflows.
std::optional<int64_t> getNumElements(llvm::ArrayRef<int64_t> shape);

/// True for the ops whose result shapes the input data decides
/// (graph.nonzero, graph.compress, graph.unique, graph.non_max_suppression):
/// backends run them as runtime library operations, not generated code.
bool hasDataDependentShape(mlir::Operation *op);

/// True for the ops backends run as runtime builtin steps: those with
/// data-dependent shapes, graph.tfidf_vectorizer, and casts to or from
/// strings (!graph.string).
bool isRuntimeBuiltin(mlir::Operation *op);

} // namespace weft::graph

#endif // WEFT_DIALECTS_GRAPH_GRAPHUTILS_H
