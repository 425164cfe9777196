//===- GraphMathOps.td - Elementwise math, logic, bit ops ---*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
// Unary math functions, parameterized activations, logical and bitwise ops,
// Mod, PRelu, LessOrEqual and the variadic Sum and Mean.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHMATHOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHMATHOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Unary math on floating-point tensors
//===----------------------------------------------------------------------===//

/// y = f(x) for a floating-point x; `formula` states f.
class Graph_FloatMathOp<string mnemonic, string onnxName, string formula>
    : Graph_UnaryOp<mnemonic, onnxName> {
  let description = "Computes ONNX `" # onnxName # "` elementwise: " # formula
    # ". The operand is a floating-point tensor; the result has its type."
    # "\n\nExample:\n\n```mlir\n%y = graph." # mnemonic
    # " %x : tensor<1x8xf32> -> tensor<1x8xf32>\n```";
  let hasVerifier = 1;
}

def Graph_ReciprocalOp : Graph_FloatMathOp<"reciprocal", "Reciprocal", "`1 / x`">;
def Graph_CeilOp : Graph_FloatMathOp<"ceil", "Ceil", "the least integer `>= x`">;
def Graph_FloorOp : Graph_FloatMathOp<"floor", "Floor", "the greatest integer `<= x`">;
def Graph_RoundOp : Graph_FloatMathOp<"round", "Round",
    "the nearest integer, halves to even">;
def Graph_SinOp : Graph_FloatMathOp<"sin", "Sin", "`sin(x)`">;
def Graph_CosOp : Graph_FloatMathOp<"cos", "Cos", "`cos(x)`">;
def Graph_TanOp : Graph_FloatMathOp<"tan", "Tan", "`tan(x)`">;
def Graph_AsinOp : Graph_FloatMathOp<"asin", "Asin", "`asin(x)`">;
def Graph_AcosOp : Graph_FloatMathOp<"acos", "Acos", "`acos(x)`">;
def Graph_AtanOp : Graph_FloatMathOp<"atan", "Atan", "`atan(x)`">;
def Graph_SinhOp : Graph_FloatMathOp<"sinh", "Sinh", "`sinh(x)`">;
def Graph_CoshOp : Graph_FloatMathOp<"cosh", "Cosh", "`cosh(x)`">;
def Graph_AsinhOp : Graph_FloatMathOp<"asinh", "Asinh", "`asinh(x)`">;
def Graph_AcoshOp : Graph_FloatMathOp<"acosh", "Acosh", "`acosh(x)`">;
def Graph_AtanhOp : Graph_FloatMathOp<"atanh", "Atanh", "`atanh(x)`">;
def Graph_SoftplusOp : Graph_FloatMathOp<"softplus", "Softplus",
    "`log(1 + exp(x))`">;
def Graph_SoftsignOp : Graph_FloatMathOp<"softsign", "Softsign",
    "`x / (1 + |x|)`">;

def Graph_SignOp : Graph_UnaryOp<"sign", "Sign"> {
  let description = [{
    ONNX `Sign`: -1, 0 or 1 by the sign of `x` (NaN stays NaN), for any
    numeric tensor; the result has the operand's type.

    Example:

    ```mlir
    %y = graph.sign %x : tensor<4xi32> -> tensor<4xi32>
    ```
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Floating-point classification
//===----------------------------------------------------------------------===//

def Graph_IsNaNOp : Graph_InferOp<"is_nan"> {
  let summary = "elementwise NaN test";
  let description = [{
    ONNX `IsNaN`: true where the floating-point `x` is NaN.

    Example:

    ```mlir
    %m = graph.is_nan %x : tensor<4xf32> -> tensor<4xi1>
    ```
  }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_IsInfOp : Graph_InferOp<"is_inf"> {
  let summary = "elementwise infinity test";
  let description = [{
    ONNX `IsInf`: true where the floating-point `x` is +inf (when
    `detect_positive` is 1) or -inf (when `detect_negative` is 1). Both
    attributes are 0 or 1.

    Example:

    ```mlir
    %m = graph.is_inf %x {detect_negative = 0 : i64} : tensor<4xf32> -> tensor<4xi1>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<I64Attr, "1">:$detect_negative,
                       DefaultValuedAttr<I64Attr, "1">:$detect_positive);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Activations with parameters
//===----------------------------------------------------------------------===//

/// y = f(x) on a floating-point x, with float attributes `arguments` holds.
class Graph_ActivationOp<string mnemonic, string onnxName>
    : Graph_InferOp<mnemonic> {
  let summary = "elementwise " # onnxName;
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_EluOp : Graph_ActivationOp<"elu", "Elu"> {
  let description = [{
    ONNX `Elu`: `x < 0 ? alpha * (exp(x) - 1) : x`.

    Example:

    ```mlir
    %y = graph.elu %x {alpha = 2.0 : f32} : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, DefaultValuedAttr<F32Attr, "1.0">:$alpha);
}

def Graph_SeluOp : Graph_ActivationOp<"selu", "Selu"> {
  let description = [{
    ONNX `Selu`: `gamma * (x <= 0 ? alpha * (exp(x) - 1) : x)`.

    Example:

    ```mlir
    %y = graph.selu %x {alpha = 2.0 : f32, gamma = 3.0 : f32}
           : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<F32Attr, "1.67326319217681884765625">:$alpha,
                       DefaultValuedAttr<F32Attr, "1.05070102214813232421875">:$gamma);
}

def Graph_ThresholdedReluOp : Graph_ActivationOp<"thresholded_relu",
                                                 "ThresholdedRelu"> {
  let description = [{
    ONNX `ThresholdedRelu`: `x > alpha ? x : 0`.

    Example:

    ```mlir
    %y = graph.thresholded_relu %x {alpha = 2.0 : f32} : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, DefaultValuedAttr<F32Attr, "1.0">:$alpha);
}

def Graph_ShrinkOp : Graph_ActivationOp<"shrink", "Shrink"> {
  let description = [{
    ONNX `Shrink`: `x < -lambd ? x + bias : (x > lambd ? x - bias : 0)`.
    `lambd` must not be negative.

    Example:

    ```mlir
    %y = graph.shrink %x {bias = 1.5 : f32, lambd = 1.5 : f32}
           : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<F32Attr, "0.0">:$bias,
                       DefaultValuedAttr<F32Attr, "0.5">:$lambd);
}

def Graph_PReluOp : Graph_InferOp<"prelu"> {
  let summary = "elementwise PRelu with a broadcast slope";
  let description = [{
    ONNX `PRelu`: `x < 0 ? slope * x : x`. `slope` broadcasts to the shape
    of `x` (unidirectional broadcasting); the result has the type of `x`.

    Example:

    ```mlir
    %y = graph.prelu %x, %slope : tensor<1x3x4xf32>, tensor<3x1xf32>
           -> tensor<1x3x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$slope);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $slope attr-dict `:` type($x) `,` type($slope) `->` type($y)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Binary arithmetic, logic and bit ops
//===----------------------------------------------------------------------===//

def Graph_ModOp : Graph_BinaryOp<"mod", "Mod"> {
  let description = [{
    ONNX `Mod` with numpy broadcasting. With `fmod = 0` (integers only) the
    result takes the sign of the divisor, as Python's `%`; with `fmod = 1` it
    takes the sign of the dividend, as C's `fmod`. Both operands have one
    element type; an integer remainder by zero is 0.

    Example:

    ```mlir
    %r = graph.mod %a, %b {fmod = 1 : i64} : tensor<4xf32>, tensor<f32>
           -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs,
                       DefaultValuedAttr<I64Attr, "0">:$fmod);
  let hasVerifier = 1;
  let hasFolder = 0;
}

/// A binary op on two bool (i1) tensors with broadcasting.
class Graph_LogicalOp<string mnemonic, string onnxName>
    : Graph_BinaryOp<mnemonic, onnxName, [Commutative]> {
  let description = "Computes ONNX `" # onnxName # "` of two bool (`i1`) "
    # "tensors with numpy broadcasting.\n\nExample:\n\n```mlir\n%c = graph."
    # mnemonic # " %a, %b : tensor<3x4xi1>, tensor<4xi1> -> tensor<3x4xi1>\n```";
  let hasVerifier = 1;
  let hasFolder = 0;
}

def Graph_AndOp : Graph_LogicalOp<"and", "And">;
def Graph_OrOp : Graph_LogicalOp<"or", "Or">;
def Graph_XorOp : Graph_LogicalOp<"xor", "Xor">;

def Graph_BitShiftOp : Graph_BinaryOp<"bit_shift", "BitShift"> {
  let description = [{
    ONNX `BitShift` of unsigned integers with numpy broadcasting: `lhs`
    shifted by `rhs` bits towards the most (`direction = "LEFT"`) or least
    (`"RIGHT"`) significant bit. A shift by the bit width or more gives 0.

    Example:

    ```mlir
    %r = graph.bit_shift %a, %b {direction = "LEFT"} : tensor<3xui8>,
           tensor<3xui8> -> tensor<3xui8>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs, StrAttr:$direction);
  let hasVerifier = 1;
  let hasFolder = 0;
}

def Graph_LessOrEqualOp : Graph_CompareOp<"less_or_equal", "LessOrEqual">;

//===----------------------------------------------------------------------===//
// Variadic
//===----------------------------------------------------------------------===//

def Graph_SumOp : Graph_VariadicOp<"sum", "Sum">;
def Graph_MeanOp : Graph_VariadicOp<"mean", "Mean">;

#endif // WEFT_DIALECTS_GRAPH_GRAPHMATHOPS_TD
