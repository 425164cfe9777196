//===- BuiltinSteps.h - Graph ops the runtime runs itself -------*- C++ -*-===//
//
// Ops whose result shapes depend on the data (graph::hasDataDependentShape)
// stay in @main through kernel formation and become builtin steps: the
// runtime implements them (runtime/lib/builtins/) and writes each result's
// actual shape at run time into a buffer sized for its largest value.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_BACKENDS_CPU_BUILTINSTEPS_H
#define WEFT_BACKENDS_CPU_BUILTINSTEPS_H

#include "compiler/engine/CompiledModel.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace weft::cpu {

/// What a builtin step needs besides its buffers.
struct BuiltinDescription {
  /// The runtime operation ("NonZero", "Compress", "Unique",
  /// "NonMaxSuppression").
  std::string name;
  std::vector<engine::StepAttribute> attributes;
  /// The largest shape of every result (static dims are kept).
  std::vector<std::vector<int64_t>> resultBounds;
};

/// Describes `op` (a data-dependent graph op whose operands have static
/// shapes, or bounded ones given in `operandBounds`) as a builtin step.
llvm::Expected<BuiltinDescription>
describeBuiltin(mlir::Operation *op,
                const std::vector<std::vector<int64_t>> &operandBounds);

} // namespace weft::cpu

#endif // WEFT_BACKENDS_CPU_BUILTINSTEPS_H
