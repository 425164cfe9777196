//===- GraphNNOps.td - Conv, matmul, pooling, reductions ---*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHNNOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHNNOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Linear algebra and convolution
//===----------------------------------------------------------------------===//

def Graph_ConvOp : Graph_InferOp<"conv"> {
  let summary = "N-d convolution";
  let description = [{
    ONNX `Conv` in NC(D)HW layout, weight `M x C/group x k...`, optional bias of
    `M`. Absent `kernel_shape` is taken from the weight; absent `strides`,
    `dilations` are ones; absent `pads` are zeros; `auto_pad` is one of
    `NOTSET`, `SAME_UPPER`, `SAME_LOWER`, `VALID`.

    Example:

    ```mlir
    %y = graph.conv %x, %w, %b {strides = array<i64: 2, 2>,
                                pads = array<i64: 1, 1, 1, 1>}
           : tensor<1x3x224x224xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>
           -> tensor<1x16x112x112xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, Optional<AnyTensor>:$b,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DefaultValuedAttr<I64Attr, "1">:$group,
                       OptionalAttr<DenseI64ArrayAttr>:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $w (`,` $b^)? attr-dict `:` type($x) `,` type($w) (`,` type($b)^)?
    `->` type($y)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Graph_ConvTransposeOp : Graph_InferOp<"conv_transpose"> {
  let summary = "N-d transposed convolution";
  let description = [{
    ONNX `ConvTranspose`, weight `C x M/group x k...`. `output_shape`, when
    given, determines the padding as ONNX specifies.

    Example:

    ```mlir
    %y = graph.conv_transpose %x, %w {strides = array<i64: 2, 2>}
           : tensor<1x8x16x16xf32>, tensor<8x4x2x2xf32> -> tensor<1x4x32x32xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, Optional<AnyTensor>:$b,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DefaultValuedAttr<I64Attr, "1">:$group,
                       OptionalAttr<DenseI64ArrayAttr>:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$output_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$output_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $w (`,` $b^)? attr-dict `:` type($x) `,` type($w) (`,` type($b)^)?
    `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_GemmOp : Graph_InferOp<"gemm"> {
  let summary = "general matrix multiply";
  let description = [{
    ONNX `Gemm`: `alpha * op(A) * op(B) + beta * C`, with `C` broadcast to the
    `M x N` result.

    Example:

    ```mlir
    %y = graph.gemm %a, %b, %c {transB = 1 : i64}
           : tensor<1x96xf32>, tensor<64x96xf32>, tensor<64xf32> -> tensor<1x64xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$a, AnyTensor:$b, Optional<AnyTensor>:$c,
                       DefaultValuedAttr<F32Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F32Attr, "1.0">:$beta,
                       DefaultValuedAttr<I64Attr, "0">:$transA,
                       DefaultValuedAttr<I64Attr, "0">:$transB);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $a `,` $b (`,` $c^)? attr-dict `:` type($a) `,` type($b) (`,` type($c)^)?
    `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_MatMulOp : Graph_InferOp<"matmul"> {
  let summary = "numpy-style matrix product";
  let description = [{
    ONNX `MatMul` with numpy semantics: 1-D operands are promoted and the
    promoted dim removed; batch dims broadcast.

    Example:

    ```mlir
    %y = graph.matmul %a, %b : tensor<2x8x16xf32>, tensor<16x4xf32> -> tensor<2x8x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$a, AnyTensor:$b);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($y)";
}

def Graph_BatchNormalizationOp : Graph_InferOp<"batch_normalization"> {
  let summary = "inference-mode batch normalization";
  let description = [{
    ONNX `BatchNormalization` in inference mode:
    `y = scale * (x - mean) / sqrt(var + epsilon) + bias` per channel (dim 1).
    Training-mode outputs are rejected by the importer.

    Example:

    ```mlir
    %y = graph.batch_normalization %x, %s, %b, %m, %v {epsilon = 1.0e-05 : f32}
           : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
             tensor<8xf32> -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$scale, AnyTensor:$bias,
                       AnyTensor:$mean, AnyTensor:$var,
                       DefaultValuedAttr<F32Attr, "1.0e-05">:$epsilon,
                       DefaultValuedAttr<F32Attr, "0.9">:$momentum);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $scale `,` $bias `,` $mean `,` $var attr-dict `:` type($x) `,`
    type($scale) `,` type($bias) `,` type($mean) `,` type($var) `->` type($y)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pooling and normalization
//===----------------------------------------------------------------------===//

def Graph_MaxPoolOp : Graph_InferOp<"max_pool"> {
  let summary = "N-d max pooling";
  let description = [{
    ONNX `MaxPool` (values output only), with `ceil_mode` and `dilations`.

    Example:

    ```mlir
    %y = graph.max_pool %x {kernel_shape = array<i64: 3, 3>,
                            strides = array<i64: 2, 2>, ceil_mode = 1 : i64}
           : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       DefaultValuedAttr<I64Attr, "0">:$ceil_mode,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DenseI64ArrayAttr:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       DefaultValuedAttr<I64Attr, "0">:$storage_order,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_AveragePoolOp : Graph_InferOp<"average_pool"> {
  let summary = "N-d average pooling";
  let description = [{
    ONNX `AveragePool`, with `ceil_mode` and `count_include_pad`.

    Example:

    ```mlir
    %y = graph.average_pool %x {kernel_shape = array<i64: 2, 2>,
                                strides = array<i64: 2, 2>}
           : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       DefaultValuedAttr<I64Attr, "0">:$ceil_mode,
                       DefaultValuedAttr<I64Attr, "0">:$count_include_pad,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DenseI64ArrayAttr:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_GlobalAveragePoolOp : Graph_InferOp<"global_average_pool"> {
  let summary = "average over all spatial dims";
  let description = [{
    ONNX `GlobalAveragePool`: `N x C x d...` to `N x C x 1...`.

    Example:

    ```mlir
    %y = graph.global_average_pool %x : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_SoftmaxOp : Graph_InferOp<"softmax"> {
  let summary = "softmax along one axis";
  let description = [{
    ONNX `Softmax` with opset-13 semantics (one axis). The importer rewrites
    the older "coerce to 2-D" semantics into this form.

    Example:

    ```mlir
    %y = graph.softmax %x {axis = -1 : i64} : tensor<1x10xf32> -> tensor<1x10xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

def Graph_DropoutOp : Graph_InferOp<"dropout"> {
  let summary = "dropout (inference: identity)";
  let description = [{
    ONNX `Dropout` in inference mode: the output is the input. Canonicalizes
    away. The importer rejects a used `mask` output or `training_mode`.

    Example:

    ```mlir
    %y = graph.dropout %x : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($output)";
  let hasFolder = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHNNOPS_TD
