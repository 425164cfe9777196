//===- GraphIndexingOps.td - Indexing and data-movement ops -*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. Ops
// that select, scatter or rearrange elements by computed indices: the
// gather/scatter families, Trilu, Tile, OneHot, DepthToSpace, SpaceToDepth,
// EyeLike, ReverseSequence and Einsum.
//
// Index convention shared by every op here: a negative index counts from the
// end of its dim (ONNX). An index still outside the dim after that is not an
// error at run time (the engine has no way to report one): gathers clamp it
// into the dim, scatters drop the update, OneHot writes `off` everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHINDEXINGOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHINDEXINGOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_GatherElementsOp : Graph_InferOp<"gather_elements"> {
  let summary = "gather single elements along an axis";
  let description = [{
    ONNX `GatherElements`: `output[i][j][k] = data[index][j][k]` (for
    `axis = 0`) where `index = indices[i][j][k]`. `data` and `indices` have
    the same rank; the result has the shape of `indices`. A negative index
    counts from the end; one still out of range is clamped into the dim.

    Example:

    ```mlir
    %y = graph.gather_elements %x, %i {axis = 1 : i64}
           : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_GatherNDOp : Graph_InferOp<"gather_nd"> {
  let summary = "gather slices by index tuples";
  let description = [{
    ONNX `GatherND`: the last dim of `indices` (size `k`) holds a tuple that
    indexes dims `batch_dims .. batch_dims + k` of `data`; the first
    `batch_dims` dims of both are matched. The result shape is
    `indices.shape[:-1] ++ data.shape[batch_dims + k:]`. A negative index
    counts from the end; one still out of range is clamped into the dim.

    Example:

    ```mlir
    %y = graph.gather_nd %x, %i {batch_dims = 0 : i64}
           : tensor<2x2xf32>, tensor<2x1xi64> -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_ScatterElementsOp : Graph_InferOp<"scatter_elements"> {
  let summary = "scatter single elements along an axis";
  let description = [{
    ONNX `ScatterElements` (and opset 9-10 `Scatter`): a copy of `data` where
    `output[indices[i][j]][j] = updates[i][j]` (for `axis = 0`), combined by
    `reduction` (`none`, `add`, `mul`, `max`, `min`). `indices` and
    `updates` have the same shape and the rank of `data`. With `none`,
    duplicate indices keep the last update in row-major order. A negative
    index counts from the end; an update whose index is still out of range
    is dropped.

    Example:

    ```mlir
    %y = graph.scatter_elements %x, %i, %u {axis = 1 : i64, reduction = "add"}
           : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$indices, AnyTensor:$updates,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedStrAttr<StrAttr, "none">:$reduction);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` type($data) `,` type($indices)
    `,` type($updates) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_ScatterNDOp : Graph_InferOp<"scatter_nd"> {
  let summary = "scatter slices by index tuples";
  let description = [{
    ONNX `ScatterND`: a copy of `data` where the slice at each index tuple
    (the last dim of `indices`, size `k`) is combined with the matching slice
    of `updates` by `reduction` (`none`, `add`, `mul`, `max`, `min`).
    `updates` has the shape `indices.shape[:-1] ++ data.shape[k:]`. With
    `none`, duplicate tuples keep the last update in row-major order. A
    negative index counts from the end; an update whose tuple is still out of
    range is dropped.

    Example:

    ```mlir
    %y = graph.scatter_nd %x, %i, %u {reduction = "none"}
           : tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$indices, AnyTensor:$updates,
                       DefaultValuedStrAttr<StrAttr, "none">:$reduction);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` type($data) `,` type($indices)
    `,` type($updates) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_TriluOp : Graph_InferOp<"trilu"> {
  let summary = "upper or lower triangle of the last two dims";
  let description = [{
    ONNX `Trilu`: keeps the elements with `col - row >= k` (`upper = 1`) or
    `col - row <= k` (`upper = 0`) of each matrix in the last two dims and
    zeroes the others. `k` is an optional scalar i64 operand (absent: 0).

    Example:

    ```mlir
    %y = graph.trilu %x k(%k : tensor<i64>) {upper = 0 : i64}
           : tensor<4x5xf32> -> tensor<4x5xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, Optional<AnyTensor>:$k,
                       DefaultValuedAttr<I64Attr, "1">:$upper);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input (`k` `(` $k^ `:` type($k) `)`)? attr-dict `:` type($input) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_TileOp : Graph_InferOp<"tile"> {
  let summary = "repeat a tensor along each dim";
  let description = [{
    ONNX `Tile`: `repeats` is a 1-D integer tensor with one count per dim;
    dim `i` of the result is `input.dim(i) * repeats[i]`. Constant repeats
    give static dims.

    Example:

    ```mlir
    %y = graph.tile %x, %r : tensor<2x3xf32>, tensor<2xi64> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, AnyTensor:$repeats);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input `,` $repeats attr-dict `:` type($input) `,` type($repeats) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_OneHotOp : Graph_InferOp<"one_hot"> {
  let summary = "one-hot encoding of indices";
  let description = [{
    ONNX `OneHot`: a new dim of size `depth` is inserted at `axis` (counted
    in the result's rank); the result holds `values[1]` where the position
    along it equals the index and `values[0]` elsewhere. `depth` is a scalar
    (any numeric type, converted to an integer); constant, it gives a static
    dim. An index in `[-depth, 0)` counts from the end; one outside
    `[-depth, depth)` gives a row of `values[0]`. The result element type is
    that of `values`.

    Example:

    ```mlir
    %y = graph.one_hot %i, %d, %v {axis = -1 : i64}
           : tensor<3xi64>, tensor<f32>, tensor<2xf32> -> tensor<3x10xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$indices, AnyTensor:$depth, AnyTensor:$values,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $indices `,` $depth `,` $values attr-dict `:` type($indices) `,` type($depth)
    `,` type($values) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_DepthToSpaceOp : Graph_InferOp<"depth_to_space"> {
  let summary = "move channel blocks into spatial blocks";
  let description = [{
    ONNX `DepthToSpace` on NCHW input: `[N, C, H, W]` becomes
    `[N, C / b^2, H * b, W * b]` for `blocksize = b`. `mode` is `DCR`
    (depth-column-row: the block offset is the outer part of the channel)
    or `CRD` (column-row-depth: the inner part).

    Example:

    ```mlir
    %y = graph.depth_to_space %x {blocksize = 2 : i64, mode = "CRD"}
           : tensor<1x8x3x3xf32> -> tensor<1x2x6x6xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, I64Attr:$blocksize,
                       DefaultValuedStrAttr<StrAttr, "DCR">:$mode);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

def Graph_SpaceToDepthOp : Graph_InferOp<"space_to_depth"> {
  let summary = "move spatial blocks into channels";
  let description = [{
    ONNX `SpaceToDepth` on NCHW input: `[N, C, H, W]` becomes
    `[N, C * b^2, H / b, W / b]` for `blocksize = b`; output channel
    `(bh * b + bw) * C + c` holds input channel `c` at block offset
    `(bh, bw)`. `H` and `W` must be multiples of `b`.

    Example:

    ```mlir
    %y = graph.space_to_depth %x {blocksize = 2 : i64}
           : tensor<1x2x4x6xf32> -> tensor<1x8x2x3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, I64Attr:$blocksize);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

def Graph_EyeLikeOp : Graph_InferOp<"eye_like"> {
  let summary = "an identity-like matrix of the shape of the input";
  let description = [{
    ONNX `EyeLike`: a 2-D tensor of the input's shape with ones on the
    diagonal `col - row = k` and zeros elsewhere. Its element type is
    `dtype` when given, else the input's.

    Example:

    ```mlir
    %y = graph.eye_like %x {k = 1 : i64, dtype = f32}
           : tensor<4x5xi32> -> tensor<4x5xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DefaultValuedAttr<I64Attr, "0">:$k,
                       OptionalAttr<TypeAttr>:$dtype);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

def Graph_ReverseSequenceOp : Graph_InferOp<"reverse_sequence"> {
  let summary = "reverse the first sequence_lens[b] steps of each batch";
  let description = [{
    ONNX `ReverseSequence`: for each batch `b` (along `batch_axis`), the
    first `sequence_lens[b]` elements along `time_axis` are reversed and the
    rest copied. The two axes are 0 and 1 in either order. A length outside
    `[0, time]` is clamped into it.

    Example:

    ```mlir
    %y = graph.reverse_sequence %x, %l {batch_axis = 1 : i64, time_axis = 0 : i64}
           : tensor<4x3xf32>, tensor<3xi64> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, AnyTensor:$sequence_lens,
                       DefaultValuedAttr<I64Attr, "1">:$batch_axis,
                       DefaultValuedAttr<I64Attr, "0">:$time_axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input `,` $sequence_lens attr-dict `:` type($input) `,` type($sequence_lens)
    `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_EinsumOp : Graph_InferOp<"einsum"> {
  let summary = "Einstein summation";
  let description = [{
    ONNX `Einsum`: `equation` names each dim of each input with a letter
    (`...` stands for broadcast dims); letters missing from the output
    (explicit after `->`, or implicitly the letters used once, sorted, after
    the `...` dims) are summed over. A letter repeated in one input takes a
    diagonal. All operands have the same numeric element type.

    Example:

    ```mlir
    %c = graph.einsum %a, %b {equation = "bij,bjk->bik"}
           : tensor<5x2x3xf32>, tensor<5x3x4xf32> -> tensor<5x2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyTensor>:$inputs, StrAttr:$equation);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($output)";
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHINDEXINGOPS_TD
