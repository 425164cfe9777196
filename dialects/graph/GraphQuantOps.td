//===- GraphQuantOps.td - Linear quantization ops ------------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
// ONNX QuantizeLinear and DequantizeLinear as plain graph ops: quantized
// values are ordinary `i8`/`ui8`/`i32` tensors and the scales float tensors.
// Verifiers and type inference are in QuantOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHQUANTOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHQUANTOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_QuantizeLinearOp : Graph_InferOp<"quantize_linear"> {
  let summary = "ONNX QuantizeLinear";
  let description = [{
    Computes ONNX `QuantizeLinear` (opsets 10 and 13):
    `y = saturate(round_half_to_even(x / scale) + zero_point)`, saturating
    to the range of the result's element type.

    `scale` is a scalar (per-tensor) or a 1-D tensor with one value per
    slice of `x` along `axis` (per-axis). `zero_point`, when given, has the
    shape of `scale` and gives the result's element type (`i8` or `ui8`);
    without it the zero point is 0 and the result is `ui8`. `x` is a
    floating-point or `i32` tensor and `scale` a floating-point tensor.

    Example:

    ```mlir
    %y = graph.quantize_linear %x, %scale, %zp {axis = 1 : i64}
           : tensor<1x3x8xf32>, tensor<3xf32>, tensor<3xi8> -> tensor<1x3x8xi8>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$scale,
                       Optional<AnyTensor>:$zero_point,
                       DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $scale (`,` $zero_point^)? attr-dict `:` type($x) `,` type($scale)
    (`,` type($zero_point)^)? `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_DequantizeLinearOp : Graph_InferOp<"dequantize_linear"> {
  let summary = "ONNX DequantizeLinear";
  let description = [{
    Computes ONNX `DequantizeLinear` (opsets 10 and 13):
    `y = (x - zero_point) * scale`, in the floating-point type of `scale`.

    `x` is an `i8`, `ui8` or `i32` tensor. `scale` is a scalar (per-tensor)
    or a 1-D tensor with one value per slice of `x` along `axis`
    (per-axis). `zero_point`, when given, has the type of `x` and the shape
    of `scale`; it is not allowed with an `i32` `x`. The result has the
    shape of `x`.

    Example:

    ```mlir
    %y = graph.dequantize_linear %x, %scale, %zp
           : tensor<4xui8>, tensor<f32>, tensor<ui8> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$scale,
                       Optional<AnyTensor>:$zero_point,
                       DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $scale (`,` $zero_point^)? attr-dict `:` type($x) `,` type($scale)
    (`,` type($zero_point)^)? `->` type($y)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHQUANTOPS_TD
