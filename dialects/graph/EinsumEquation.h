//===- EinsumEquation.h - Parsed ONNX Einsum equations ----------*- C++ -*-===//
//
// The equation of graph.einsum, resolved against the ranks of its operands:
// every dim of every operand and of the result gets a label, the loop it runs
// on. Type inference and the linalg lowering share it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_EINSUMEQUATION_H
#define WEFT_DIALECTS_GRAPH_EINSUMEQUATION_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace weft::graph {

/// An einsum equation with its labels numbered as loops: the result's labels
/// are 0 .. resultRank-1 in order, the summed labels follow.
struct EinsumEquation {
  /// For each operand, the label of each of its dims.
  llvm::SmallVector<llvm::SmallVector<int64_t>> operandLabels;
  /// The label of each result dim (always 0, 1, ...).
  llvm::SmallVector<int64_t> resultLabels;
  /// The number of labels (loops).
  int64_t numLabels = 0;
  /// Labels that stand for `...` dims (they broadcast a size-1 dim).
  llvm::SmallVector<bool> isEllipsis;

  /// Parses `equation` for operands of `ranks`; on failure `error` says why.
  static mlir::FailureOr<EinsumEquation> parse(llvm::StringRef equation,
                                               llvm::ArrayRef<int64_t> ranks,
                                               std::string &error);
};

} // namespace weft::graph

#endif // WEFT_DIALECTS_GRAPH_EINSUMEQUATION_H
