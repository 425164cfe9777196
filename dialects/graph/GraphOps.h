//===- GraphOps.h - Operations of the graph dialect -------------*- C++ -*-===//
//
// Declares the ops of the graph dialect and the shape helpers they share.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHOPS_H
#define WEFT_DIALECTS_GRAPH_GRAPHOPS_H

#include "dialects/graph/GraphDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace weft::graph {

/// True when each declared type in `declared` may stand for the inferred type
/// in `inferred`: same element type, and shapes that do not contradict each
/// other (a dynamic or unranked side is compatible with anything).
bool areRefinableTypes(mlir::TypeRange declared, mlir::TypeRange inferred);

} // namespace weft::graph

#define GET_OP_CLASSES
#include "dialects/graph/GraphOps.h.inc"

#endif // WEFT_DIALECTS_GRAPH_GRAPHOPS_H
