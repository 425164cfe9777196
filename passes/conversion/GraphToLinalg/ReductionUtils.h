//===- ReductionUtils.h - Reductions as linalg.generic ----------*- C++ -*-===//
//
// The building blocks the reduction, normalization and pooling patterns
// share: a reduction over a set of dims with a scalar combiner, the count of
// the reduced elements, and elementwise maps of a tensor with its reduction
// read broadcast along the reduced dims.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_GRAPHTOLINALG_REDUCTIONUTILS_H
#define WEFT_PASSES_CONVERSION_GRAPHTOLINALG_REDUCTIONUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace weft::lowering {

/// Folds one element `x` into the accumulator `acc`.
using Combiner = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::Value acc, mlir::Value x)>;

/// acc + x, acc * x, max(acc, x), min(acc, x) for floats and signless
/// integers (max/min of floats propagate NaN).
mlir::Value addCombiner(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                        mlir::Value x);
mlir::Value mulCombiner(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                        mlir::Value x);
mlir::Value maxCombiner(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                        mlir::Value x);
mlir::Value minCombiner(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                        mlir::Value x);

/// The largest value of `type`: +inf for floats, the signed maximum for
/// integers.
mlir::Value createHighest(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Type type);

/// Marks the dims that ONNX `axes` name in a rank-`rank` tensor; nullopt
/// when an axis is out of range.
std::optional<llvm::SmallVector<bool>> markAxes(llvm::ArrayRef<int64_t> axes,
                                                int64_t rank);

/// Reduces `input` over the dims marked in `reduced` (they are dropped from
/// the result), starting from `initValue`.
mlir::Value reduceDims(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value input, llvm::ArrayRef<bool> reduced,
                       mlir::Value initValue, Combiner combine);

/// The number of elements in the dims of `input` marked in `dims`, as a
/// scalar of `type` (computed at run time for dynamic dims).
mlir::Value countElements(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value input, llvm::ArrayRef<bool> dims,
                          mlir::Type type);

/// `reduced` divided elementwise by the scalar `divisor`.
mlir::Value divideBy(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value reduced, mlir::Value divisor);

/// Applies `body(x, r)` to `x` and `reduced`, which is `x` reduced over the
/// dims marked in `dims` (and read broadcast along them); the result has the
/// shape of `x` and the element type of `body`'s result (`resultElement`,
/// default: `x`'s).
mlir::Value combineWithReduced(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, mlir::Value reduced,
    llvm::ArrayRef<bool> dims,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::Value, mlir::Value)>
        body,
    mlir::Type resultElement = {});

} // namespace weft::lowering

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_REDUCTIONUTILS_H
