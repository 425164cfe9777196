//===- GraphGeneratorOps.td - Ops that generate sequences --*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHGENERATOROPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHGENERATOROPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_RangeOp : Graph_InferOp<"range"> {
  let summary = "evenly spaced values in [start, limit)";
  let description = [{
    ONNX `Range` (opset 11): a 1-D tensor whose element `i` is
    `start + i * delta`, with `max(ceil((limit - start) / delta), 0)`
    elements. `start`, `limit` and `delta` are scalars (rank 0, or one
    element) of one integer or floating-point type, which is also the
    result's element type. The length is static when all three are constants;
    otherwise it is dynamic, and the CPU lowering rejects the op (engines have
    static shapes).

    Example:

    ```mlir
    %r = graph.range %start, %limit, %delta
        : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$start, AnyTensor:$limit, AnyTensor:$delta);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $start `,` $limit `,` $delta attr-dict `:` type($start) `,` type($limit)
    `,` type($delta) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHGENERATOROPS_TD
