//===- Passes.h - Graph-level passes ----------------------------*- C++ -*-===//
//
// Declares the graph passes (see Passes.td) and the graph optimization
// pipeline that `weft import` runs.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_GRAPH_PASSES_H
#define WEFT_PASSES_GRAPH_PASSES_H

#include "dialects/graph/GraphDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace weft::graph {

#define GEN_PASS_DECL
#include "passes/graph/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/graph/Passes.h.inc"

} // namespace weft::graph

#endif // WEFT_PASSES_GRAPH_PASSES_H
