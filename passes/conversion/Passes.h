//===- Passes.h - Conversion passes -----------------------------*- C++ -*-===//
//
// Declares the conversion passes (see Passes.td): convert-graph-to-linalg.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_PASSES_H
#define WEFT_PASSES_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace weft {

#define GEN_PASS_DECL
#include "passes/conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/conversion/Passes.h.inc"

} // namespace weft

#endif // WEFT_PASSES_CONVERSION_PASSES_H
