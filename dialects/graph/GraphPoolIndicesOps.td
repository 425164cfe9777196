//===- GraphPoolIndicesOps.td - The Indices output of MaxPool -*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. ONNX
// MaxPool (opset 8 on) may also return where each maximum came from; the
// importer emits this op for that output next to graph.max_pool.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHPOOLINDICESOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHPOOLINDICESOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_MaxPoolIndicesOp : Graph_InferOp<"max_pool_indices"> {
  let summary = "flat indices of the maxima of a max pooling";
  let description = [{
    The `Indices` output of ONNX `MaxPool`. `y` is the `graph.max_pool` of `x`
    with the same window attributes (`kernel_shape`, `strides`, `dilations`,
    `pads`, `auto_pad`; `ceil_mode` shows in `y`'s shape). Each result element
    is the flat index into `x` (N x C x D1 x ... x Dn, padding not counted) of
    the first element of its window, in row-major window order, that equals
    the pooled maximum. With `storage_order = 0` the flat index is row-major;
    with `storage_order = 1` the spatial dims are column-major (D1 fastest)
    under the row-major N and C.

    Example:

    ```mlir
    %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>,
                                        strides = array<i64: 2, 2>}
           : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$y,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DenseI64ArrayAttr:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       DefaultValuedAttr<I64Attr, "0">:$storage_order,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs TensorOf<[I64]>:$indices);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($indices)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHPOOLINDICESOPS_TD
