//===- GraphOps.td - Operations of the graph dialect --------*- tablegen -*-===//
//
// One op per ONNX operator family, with normalized semantics. Every op infers
// its result types from its operands (ONNX broadcasting and shape rules), and
// the declared result types may be more precise than the inferred ones (a
// dynamic dim refined to a static one) but never contradict them.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHOPS_TD

include "dialects/graph/GraphOpBase.td"
include "dialects/graph/GraphElementwiseOps.td"
include "dialects/graph/GraphNNOps.td"
include "dialects/graph/GraphReductionOps.td"
include "dialects/graph/GraphPoolIndicesOps.td"
include "dialects/graph/GraphShapeOps.td"
include "dialects/graph/GraphIndexingOps.td"
include "dialects/graph/GraphControlFlowOps.td"
include "dialects/graph/GraphMathOps.td"
include "dialects/graph/GraphGeneratorOps.td"
include "dialects/graph/GraphQuantOps.td"
include "dialects/graph/GraphVisionOps.td"
include "dialects/graph/GraphDataDependentOps.td"
include "dialects/graph/GraphTextOps.td"
include "dialects/graph/GraphSignalOps.td"

#endif // WEFT_DIALECTS_GRAPH_GRAPHOPS_TD
