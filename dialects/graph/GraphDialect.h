//===- GraphDialect.h - The graph dialect -----------------------*- C++ -*-===//
//
// Declares the graph dialect: ONNX-level tensor ops with normalized semantics.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHDIALECT_H
#define WEFT_DIALECTS_GRAPH_GRAPHDIALECT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "dialects/graph/GraphDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/graph/GraphTypes.h.inc"

#endif // WEFT_DIALECTS_GRAPH_GRAPHDIALECT_H
