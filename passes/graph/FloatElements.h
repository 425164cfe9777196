//===- FloatElements.h - Floating-point constants as doubles ----*- C++ -*-===//
//
// The BatchNormalization and constant folds compute in double precision and
// round once to the element type (f16, bf16, f32 or f64).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_GRAPH_FLOATELEMENTS_H
#define WEFT_PASSES_GRAPH_FLOATELEMENTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace weft::graph {

/// The elements of a constant floating-point tensor, in row-major order, or
/// nullopt when `value` is not one.
std::optional<llvm::SmallVector<double>> getConstantFloats(mlir::Value value);

/// `values` rounded to the element type of `type` (a float tensor type).
mlir::DenseElementsAttr makeFloatElements(mlir::RankedTensorType type,
                                          llvm::ArrayRef<double> values);

} // namespace weft::graph

#endif // WEFT_PASSES_GRAPH_FLOATELEMENTS_H
