//===- FunctionSignature.h - Keeping func types in step ---------*- C++ -*-===//
//
// Graph passes refine types in place and replace values by more precise
// ones (constants, inlined branches); the function's type then follows its
// arguments and returned values.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_GRAPH_FUNCTIONSIGNATURE_H
#define WEFT_PASSES_GRAPH_FUNCTIONSIGNATURE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace weft::graph {

/// Sets `func`'s type to its entry block's argument types and the operand
/// types of its `func.return`.
void updateFunctionSignature(mlir::func::FuncOp func);

} // namespace weft::graph

#endif // WEFT_PASSES_GRAPH_FUNCTIONSIGNATURE_H
