//===- GraphSummary.h - Op counts, parameters and MACs of a graph -*- C++
//-*-===//

#ifndef WEFT_COMPILER_DRIVER_GRAPHSUMMARY_H
#define WEFT_COMPILER_DRIVER_GRAPHSUMMARY_H

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <utility>
#include <vector>

namespace weft::driver {

struct GraphSummary {
  /// Graph ops by mnemonic ("conv"), most frequent first.
  std::vector<std::pair<std::string, int64_t>> opCounts;
  int64_t numOps = 0;
  /// Elements of the constant weights that feed conv, conv_transpose, gemm,
  /// matmul, batch_normalization, lstm and gru.
  int64_t parameters = 0;
  /// Multiply-accumulates of conv, conv_transpose, gemm, matmul, lstm, gru.
  int64_t macs = 0;
  /// True when some dim was dynamic (counted as 1): `macs` is a lower bound.
  bool macsLowerBound = false;
};

GraphSummary summarizeGraph(mlir::ModuleOp module);

/// One line: "12 ops (conv 5, relu 4, ...), 1234 parameters (1.23K), ...".
std::string formatSummary(const GraphSummary &summary);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_GRAPHSUMMARY_H
