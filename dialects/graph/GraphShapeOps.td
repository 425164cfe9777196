//===- GraphShapeOps.td - Shape manipulation ops -----------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHSHAPEOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHSHAPEOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def Graph_ReshapeOp : Graph_InferOp<"reshape"> {
  let summary = "reshape to a shape given by a 1-D i64 tensor";
  let description = [{
    ONNX `Reshape`: `0` copies the input dim (unless `allowzero`), `-1` is
    inferred.

    Example:

    ```mlir
    %y = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<6x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$shape,
                       DefaultValuedAttr<I64Attr, "0">:$allowzero);
  let results = (outs AnyTensor:$reshaped);
  let assemblyFormat = [{
    $data `,` $shape attr-dict `:` type($data) `,` type($shape) `->` type($reshaped)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_FlattenOp : Graph_InferOp<"flatten"> {
  let summary = "flatten to 2-D at an axis";
  let description = [{
    ONNX `Flatten`: dims before `axis` become the first dim, the rest the second.

    Example:

    ```mlir
    %y = graph.flatten %x {axis = 1 : i64} : tensor<1x16x96xf32> -> tensor<1x1536xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_TransposeOp : Graph_InferOp<"transpose"> {
  let summary = "permute dims";
  let description = [{
    ONNX `Transpose`; an absent `perm` reverses the dims.

    Example:

    ```mlir
    %y = graph.transpose %x {perm = array<i64: 0, 2, 1>}
           : tensor<1x8x16xf32> -> tensor<1x16x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, OptionalAttr<DenseI64ArrayAttr>:$perm);
  let results = (outs AnyTensor:$transposed);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($transposed)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_ConcatOp : Graph_InferOp<"concat"> {
  let summary = "concatenate along an axis";
  let description = [{
    ONNX `Concat`.

    Example:

    ```mlir
    %y = graph.concat %a, %b {axis = 1 : i64}
           : tensor<1x2xf32>, tensor<1x3xf32> -> tensor<1x5xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyTensor>:$inputs, I64Attr:$axis);
  let results = (outs AnyTensor:$concat_result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($concat_result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Graph_SplitOp : Graph_InferOp<"split"> {
  let summary = "split along an axis";
  let description = [{
    ONNX `Split`. The sizes (attribute before opset 13, input after) are
    normalized to the `split` attribute; absent, the dim is split evenly into
    `num_outputs` parts (the last part smaller when it does not divide, as in
    opset 18). One of `split` and `num_outputs` is required: result-type
    inference cannot see how many results the op has.

    Example:

    ```mlir
    %a, %b = graph.split %x {axis = 1 : i64, split = array<i64: 2, 6>}
               : tensor<1x8xf32> -> tensor<1x2xf32>, tensor<1x6xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, DefaultValuedAttr<I64Attr, "0">:$axis,
                       OptionalAttr<DenseI64ArrayAttr>:$split,
                       OptionalAttr<I64Attr>:$num_outputs);
  let results = (outs Variadic<AnyTensor>:$outputs);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($outputs)";
  let hasVerifier = 1;
}

def Graph_SliceOp : Graph_InferOp<"slice", [AttrSizedOperandSegments]> {
  let summary = "strided slice";
  let description = [{
    ONNX `Slice`. The opset < 10 attribute form is normalized to operands:
    `starts`, `ends`, and optional `axes` and `steps` are 1-D integer tensors.

    Example:

    ```mlir
    %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>)
           axes(%a : tensor<1xi64>) : tensor<1x8xf32> -> tensor<1x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$starts, AnyTensor:$ends,
                       Optional<AnyTensor>:$axes, Optional<AnyTensor>:$steps);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `starts` `(` $starts `:` type($starts) `)` `ends` `(` $ends `:` type($ends) `)`
    (`axes` `(` $axes^ `:` type($axes) `)`)? (`steps` `(` $steps^ `:` type($steps) `)`)?
    attr-dict `:` type($data) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Graph_GatherOp : Graph_InferOp<"gather"> {
  let summary = "gather slices along an axis";
  let description = [{
    ONNX `Gather`; negative indices count from the end.

    Example:

    ```mlir
    %y = graph.gather %x, %i {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Graph_SqueezeOp : Graph_InferOp<"squeeze"> {
  let summary = "remove size-1 dims";
  let description = [{
    ONNX `Squeeze`; the axes (attribute before opset 13, input after) are
    normalized to the `axes` attribute. Absent, every static 1 is removed.

    Example:

    ```mlir
    %y = graph.squeeze %x {axes = array<i64: 0>} : tensor<1x8xf32> -> tensor<8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs AnyTensor:$squeezed);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($squeezed)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_UnsqueezeOp : Graph_InferOp<"unsqueeze"> {
  let summary = "insert size-1 dims";
  let description = [{
    ONNX `Unsqueeze`; the axes (attribute before opset 13, input after) are
    normalized to the `axes` attribute, counted in the output's rank.

    Example:

    ```mlir
    %y = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<8xf32> -> tensor<1x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, DenseI64ArrayAttr:$axes);
  let results = (outs AnyTensor:$expanded);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($expanded)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_ShapeOp : Graph_InferOp<"shape"> {
  let summary = "the shape of a tensor as 1-D i64";
  let description = [{
    ONNX `Shape` with the opset-15 `start`/`end` slice. Folds to a constant
    when the operand's dims in the slice are static.

    Example:

    ```mlir
    %s = graph.shape %x : tensor<?x3xf32> -> tensor<2xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$data,
                       DefaultValuedAttr<I64Attr, "0">:$start,
                       OptionalAttr<I64Attr>:$end);
  let results = (outs AnyTensor:$shape);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($shape)";
  let hasFolder = 1;
}

def Graph_SizeOp : Graph_InferOp<"size"> {
  let summary = "the element count of a tensor as an i64 scalar";
  let description = [{
    ONNX `Size`.

    Example:

    ```mlir
    %n = graph.size %x : tensor<2x3xf32> -> tensor<i64>
    ```
  }];
  let arguments = (ins AnyTensor:$data);
  let results = (outs AnyTensor:$size);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($size)";
  let hasFolder = 1;
}

def Graph_ExpandOp : Graph_InferOp<"expand"> {
  let summary = "broadcast to a shape";
  let description = [{
    ONNX `Expand`: the result shape is the broadcast of the input's shape and
    `shape`.

    Example:

    ```mlir
    %y = graph.expand %x, %s : tensor<1x4xf32>, tensor<2xi64> -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, AnyTensor:$shape);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` type($input) `,` type($shape) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Graph_PadOp : Graph_InferOp<"pad", [AttrSizedOperandSegments]> {
  let summary = "pad a tensor";
  let description = [{
    ONNX `Pad`, every mode (`constant`, `reflect`, `edge`, `wrap`). The
    opset < 11 attribute form is normalized to operands: `pads` is a 1-D i64
    tensor `[begin..., end...]`, `constant_value` an optional scalar, `axes`
    (opset 18) optional.

    Example:

    ```mlir
    %y = graph.pad %x pads(%p : tensor<4xi64>) {mode = "reflect"}
           : tensor<1x4xf32> -> tensor<1x6xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, AnyTensor:$pads,
                       Optional<AnyTensor>:$constant_value,
                       Optional<AnyTensor>:$axes,
                       DefaultValuedStrAttr<StrAttr, "constant">:$mode);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $data `pads` `(` $pads `:` type($pads) `)`
    (`value` `(` $constant_value^ `:` type($constant_value) `)`)?
    (`axes` `(` $axes^ `:` type($axes) `)`)?
    attr-dict `:` type($data) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_ResizeOp : Graph_InferOp<"resize", [AttrSizedOperandSegments]> {
  let summary = "resize by scales or to sizes";
  let description = [{
    ONNX `Resize` (and `Upsample`, which the importer maps here). Exactly one
    of `scales` and `sizes` is given. `mode` is `nearest`, `linear` or `cubic`.

    Example:

    ```mlir
    %y = graph.resize %x scales(%s : tensor<4xf32>) {mode = "nearest"}
           : tensor<1x8x16x16xf32> -> tensor<1x8x32x32xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, Optional<AnyTensor>:$roi,
                       Optional<AnyTensor>:$scales, Optional<AnyTensor>:$sizes,
                       DefaultValuedStrAttr<StrAttr, "nearest">:$mode,
                       DefaultValuedStrAttr<StrAttr, "half_pixel">:$coordinate_transformation_mode,
                       DefaultValuedStrAttr<StrAttr, "round_prefer_floor">:$nearest_mode,
                       DefaultValuedAttr<F32Attr, "-0.75">:$cubic_coeff_a,
                       DefaultValuedAttr<I64Attr, "0">:$exclude_outside,
                       DefaultValuedAttr<F32Attr, "0.0">:$extrapolation_value,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       DefaultValuedStrAttr<StrAttr, "stretch">:$keep_aspect_ratio_policy);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x (`roi` `(` $roi^ `:` type($roi) `)`)?
    (`scales` `(` $scales^ `:` type($scales) `)`)?
    (`sizes` `(` $sizes^ `:` type($sizes) `)`)?
    attr-dict `:` type($x) `->` type($y)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHSHAPEOPS_TD
