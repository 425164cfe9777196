//===- GraphElementwiseOps.td - Elementwise ops ---------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHELEMENTWISEOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHELEMENTWISEOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Graph_ConstantOp : Graph_InferOp<"constant", [ConstantLike]> {
  let summary = "a constant tensor (ONNX Constant and initializers)";
  let description = [{
    Holds a tensor value. Initializers, `Constant` nodes (every value_* form)
    and external-data weights all become this op.

    Example:

    ```mlir
    %w = graph.constant dense<1.0> : tensor<8x3x3x3xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyStaticShapeTensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Graph_ConstantOfShapeOp : Graph_InferOp<"constant_of_shape"> {
  let summary = "a tensor of the given shape filled with one value";
  let description = [{
    ONNX `ConstantOfShape`. `value` is a one-element tensor (default: f32 zero);
    the result has its element type.

    Example:

    ```mlir
    %z = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>}
           : tensor<2xi64> -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, OptionalAttr<ElementsAttr>:$value);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

def Graph_ReluOp : Graph_UnaryOp<"relu", "Relu">;
def Graph_SigmoidOp : Graph_UnaryOp<"sigmoid", "Sigmoid">;
def Graph_TanhOp : Graph_UnaryOp<"tanh", "Tanh">;
def Graph_ExpOp : Graph_UnaryOp<"exp", "Exp">;
def Graph_LogOp : Graph_UnaryOp<"log", "Log">;
def Graph_SqrtOp : Graph_UnaryOp<"sqrt", "Sqrt">;
def Graph_NegOp : Graph_UnaryOp<"neg", "Neg">;
def Graph_AbsOp : Graph_UnaryOp<"abs", "Abs">;
def Graph_ErfOp : Graph_UnaryOp<"erf", "Erf">;
def Graph_HardSwishOp : Graph_UnaryOp<"hard_swish", "HardSwish">;
def Graph_NotOp : Graph_UnaryOp<"not", "Not"> {
  let hasVerifier = 1;
}
def Graph_IdentityOp : Graph_UnaryOp<"identity", "Identity">;

def Graph_LeakyReluOp : Graph_InferOp<"leaky_relu"> {
  let summary = "elementwise LeakyRelu";
  let description = [{
    `y = x < 0 ? alpha * x : x`.

    Example:

    ```mlir
    %y = graph.leaky_relu %x {alpha = 0.1 : f32} : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, DefaultValuedAttr<F32Attr, "0.01">:$alpha);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
}

def Graph_HardSigmoidOp : Graph_InferOp<"hard_sigmoid"> {
  let summary = "elementwise HardSigmoid";
  let description = [{
    `y = max(0, min(1, alpha * x + beta))`.

    Example:

    ```mlir
    %y = graph.hard_sigmoid %x {alpha = 0.2 : f32, beta = 0.5 : f32}
           : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<F32Attr, "0.2">:$alpha,
                       DefaultValuedAttr<F32Attr, "0.5">:$beta);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
}

def Graph_ClipOp : Graph_InferOp<"clip", [AttrSizedOperandSegments]> {
  let summary = "elementwise Clip";
  let description = [{
    ONNX `Clip`. The opset < 11 attribute form (`min`/`max` attributes) is
    normalized to the operand form: `min` and `max` are optional scalar tensors.

    Example:

    ```mlir
    %y = graph.clip %x min(%lo : tensor<f32>) max(%hi : tensor<f32>)
           : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, Optional<AnyTensor>:$min,
                       Optional<AnyTensor>:$max);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input (`min` `(` $min^ `:` type($min) `)`)? (`max` `(` $max^ `:` type($max) `)`)?
    attr-dict `:` type($input) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Graph_CastOp : Graph_InferOp<"cast"> {
  let summary = "elementwise type conversion";
  let description = [{
    ONNX `Cast`; `to` is the result element type.

    Example:

    ```mlir
    %y = graph.cast %x {to = i64} : tensor<4xf32> -> tensor<4xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$input, TypeAttr:$to);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasFolder = 1;
}

def Graph_AddOp : Graph_BinaryOp<"add", "Add", [Commutative]>;
def Graph_SubOp : Graph_BinaryOp<"sub", "Sub">;
def Graph_MulOp : Graph_BinaryOp<"mul", "Mul", [Commutative]>;
def Graph_DivOp : Graph_BinaryOp<"div", "Div">;
def Graph_PowOp : Graph_BinaryOp<"pow", "Pow">;
def Graph_EqualOp : Graph_CompareOp<"equal", "Equal">;
def Graph_GreaterOp : Graph_CompareOp<"greater", "Greater">;
def Graph_GreaterOrEqualOp : Graph_CompareOp<"greater_or_equal", "GreaterOrEqual">;
def Graph_LessOp : Graph_CompareOp<"less", "Less">;
def Graph_MaxOp : Graph_VariadicOp<"max", "Max">;
def Graph_MinOp : Graph_VariadicOp<"min", "Min">;

def Graph_WhereOp : Graph_InferOp<"where"> {
  let summary = "elementwise select with broadcasting";
  let description = [{
    ONNX `Where`: `condition ? x : y`, all three broadcast together.

    Example:

    ```mlir
    %r = graph.where %c, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<f32>
           -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$condition, AnyTensor:$x, AnyTensor:$y);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $condition `,` $x `,` $y attr-dict `:` type($condition) `,` type($x) `,`
    type($y) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHELEMENTWISEOPS_TD
