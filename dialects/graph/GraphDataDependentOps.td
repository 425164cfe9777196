//===- GraphDataDependentOps.td - Ops whose shapes depend on data -*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. The
// result of each op here has at least one dim that only the input data
// decides (it is dynamic, `?`, in the result type). The CPU backend runs
// them as runtime library steps (docs/engine-format.md, "Builtin steps"),
// which write the actual shape at run time into a buffer sized for the
// largest possible result.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHDATADEPENDENTOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHDATADEPENDENTOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_NonZeroOp : Graph_InferOp<"nonzero"> {
  let summary = "indices of the non-zero elements";
  let description = [{
    ONNX `NonZero`: the indices of the elements of `x` that are not zero
    (false for bool), one column per element in row-major order, one row per
    dim of `x`. The result is `rank(x) x ?` (a scalar `x` gives `1 x ?`); the
    number of columns is at most the number of elements of `x`.

    Example:

    ```mlir
    %i = graph.nonzero %x : tensor<2x2xf32> -> tensor<2x?xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs TensorOf<[I64]>:$indices);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($indices)";
}

def Graph_CompressOp : Graph_InferOp<"compress"> {
  let summary = "the slices of a tensor selected by a condition";
  let description = [{
    ONNX `Compress`: keeps the slices of `input` along `axis` whose entry in
    the 1-D bool `condition` is true; without `axis`, `input` is flattened
    first and the result is 1-D. A `condition` shorter than the dim counts
    its missing entries as false; a longer one is an error at run time only
    when one of the extra entries is true. The selected dim is `?`.

    Example:

    ```mlir
    %y = graph.compress %x, %c {axis = 1 : i64}
           : tensor<3x2xf32>, tensor<2xi1> -> tensor<3x?xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, TensorOf<[I1]>:$condition,
                       OptionalAttr<I64Attr>:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input `,` $condition attr-dict `:` type($input) `,` type($condition)
    `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_UniqueOp : Graph_InferOp<"unique"> {
  let summary = "the unique elements or slices of a tensor";
  let description = [{
    ONNX `Unique`: the unique elements of `x` (flattened, without `axis`) or
    its unique slices along `axis`, sorted ascending when `sorted` is 1 (the
    default) and in order of first occurrence otherwise. Results: `y` (the
    unique values; its selected dim is `?`), `indices` (the first occurrence
    of each, `?`), `inverse_indices` (for every element or slice of `x`, its
    position in `y`; static), `counts` (`?`). Floats compare by value; NaNs
    are equal to each other.

    Example:

    ```mlir
    %y, %i, %inv, %n = graph.unique %x {sorted = 1 : i64}
           : tensor<6xf32> -> tensor<?xf32>, tensor<?xi64>, tensor<6xi64>,
             tensor<?xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$x, OptionalAttr<I64Attr>:$axis,
                       DefaultValuedAttr<I64Attr, "1">:$sorted);
  let results = (outs AnyTensor:$y, TensorOf<[I64]>:$indices,
                      TensorOf<[I64]>:$inverse_indices,
                      TensorOf<[I64]>:$counts);
  let assemblyFormat = [{
    $x attr-dict `:` type($x) `->` type($y) `,` type($indices) `,`
    type($inverse_indices) `,` type($counts)
  }];
  let hasVerifier = 1;
}

def Graph_NonMaxSuppressionOp : Graph_InferOp<"non_max_suppression",
                                              [AttrSizedOperandSegments]> {
  let summary = "greedy non-maximum suppression of boxes per batch and class";
  let description = [{
    ONNX `NonMaxSuppression`: for every batch and class, visits the boxes in
    descending score order (ties: lower index first), skips those with a
    score not above `score_threshold` and those whose IoU with an already
    selected box is above `iou_threshold`, and keeps at most
    `max_output_boxes_per_class` (absent or 0: none). `boxes` is
    `batch x spatial x 4` (`[y1, x1, y2, x2]` with corners in either order when
    `center_point_box` is 0, `[x_center, y_center, width, height]` when 1);
    `scores` is `batch x classes x spatial`. The result is `? x 3`: rows of
    `[batch, class, box]`, batch-major, then class, then selection order.

    Example:

    ```mlir
    %s = graph.non_max_suppression %boxes, %scores max %max iou %iou score %score
           : (tensor<1x6x4xf32>, tensor<1x1x6xf32>, tensor<1xi64>,
              tensor<1xf32>, tensor<1xf32>) -> tensor<?x3xi64>
    ```
  }];
  let arguments = (ins TensorOf<[F32]>:$boxes, TensorOf<[F32]>:$scores,
                       Optional<TensorOf<[I64]>>:$max_output_boxes_per_class,
                       Optional<TensorOf<[F32]>>:$iou_threshold,
                       Optional<TensorOf<[F32]>>:$score_threshold,
                       DefaultValuedAttr<I64Attr, "0">:$center_point_box);
  let results = (outs TensorOf<[I64]>:$selected_indices);
  let assemblyFormat = [{
    $boxes `,` $scores (`max` $max_output_boxes_per_class^)?
    (`iou` $iou_threshold^)? (`score` $score_threshold^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHDATADEPENDENTOPS_TD
