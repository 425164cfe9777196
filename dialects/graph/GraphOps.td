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

include "dialects/graph/GraphDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// An op whose result types are inferred from its operands and attributes.
/// Declared types may refine the inferred ones (see areRefinableTypes).
class Graph_InferOp<string mnemonic, list<Trait> traits = []>
    : Graph_Op<mnemonic, !listconcat([Pure, InferTypeOpAdaptorWithIsCompatible], traits)> {
  let extraClassDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange l,
                                            ::mlir::TypeRange r) {
      return ::weft::graph::areRefinableTypes(l, r);
    }
  }];
}

/// y = f(x), elementwise, same type in and out.
class Graph_UnaryOp<string mnemonic, string onnxName, list<Trait> traits = []>
    : Graph_InferOp<mnemonic, traits> {
  let summary = "elementwise " # onnxName;
  let description = "Computes ONNX `" # onnxName # "` elementwise; the result has "
    # "the type of the operand.\n\nExample:\n\n```mlir\n%y = graph." # mnemonic
    # " %x : tensor<1x8xf32> -> tensor<1x8xf32>\n```";
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasFolder = 1;
}

/// c = a op b with multidirectional (numpy) broadcasting.
class Graph_BinaryOp<string mnemonic, string onnxName, list<Trait> traits = []>
    : Graph_InferOp<mnemonic, traits> {
  let summary = "elementwise " # onnxName # " with broadcasting";
  let description = "Computes ONNX `" # onnxName # "` with numpy broadcasting."
    # "\n\nExample:\n\n```mlir\n%c = graph." # mnemonic
    # " %a, %b : tensor<1x8xf32>, tensor<8xf32> -> tensor<1x8xf32>\n```";
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasFolder = 1;
}

/// Comparison with broadcasting; the result is i1.
class Graph_CompareOp<string mnemonic, string onnxName>
    : Graph_BinaryOp<mnemonic, onnxName> {
  let description = "Computes ONNX `" # onnxName # "` with numpy broadcasting; "
    # "the result element type is `i1`.\n\nExample:\n\n```mlir\n%c = graph."
    # mnemonic # " %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>\n```";
}

/// Variadic elementwise op with broadcasting (ONNX Max, Min).
class Graph_VariadicOp<string mnemonic, string onnxName>
    : Graph_InferOp<mnemonic> {
  let summary = "elementwise " # onnxName # " of one or more tensors";
  let description = "Computes ONNX `" # onnxName # "` over all operands with "
    # "numpy broadcasting.\n\nExample:\n\n```mlir\n%m = graph." # mnemonic
    # " %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>\n```";
  let arguments = (ins Variadic<AnyTensor>:$inputs);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

/// Reductions over `axes` (empty: all axes unless noop_with_empty_axes).
class Graph_ReduceOp<string mnemonic, string onnxName>
    : Graph_InferOp<mnemonic> {
  let summary = "ONNX " # onnxName;
  let description = "Computes ONNX `" # onnxName # "` over `axes`. Every opset's "
    # "form (axes as attribute or as constant input) is normalized to the "
    # "`axes` attribute; an absent or empty `axes` reduces all axes unless "
    # "`noop_with_empty_axes` is set.\n\nExample:\n\n```mlir\n%r = graph."
    # mnemonic # " %x {axes = array<i64: -1>, keepdims = 1 : i64} : "
    # "tensor<1x8x16xf32> -> tensor<1x8x1xf32>\n```";
  let arguments = (ins AnyTensor:$data,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       DefaultValuedAttr<I64Attr, "1">:$keepdims,
                       DefaultValuedAttr<I64Attr, "0">:$noop_with_empty_axes);
  let results = (outs AnyTensor:$reduced);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($reduced)";
  let hasVerifier = 1;
}

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

def Graph_ReduceMeanOp : Graph_ReduceOp<"reduce_mean", "ReduceMean">;
def Graph_ReduceMaxOp : Graph_ReduceOp<"reduce_max", "ReduceMax">;
def Graph_ReduceSumOp : Graph_ReduceOp<"reduce_sum", "ReduceSum">;

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

//===----------------------------------------------------------------------===//
// Control flow and recurrent ops
//===----------------------------------------------------------------------===//

def Graph_YieldOp : Graph_Op<"yield", [Pure, Terminator,
    ParentOneOf<["IfOp", "LoopOp"]>, ReturnLike]> {
  let summary = "terminates a region of graph.if or graph.loop";
  let description = [{
    Returns the region's outputs (an ONNX subgraph's outputs).

    Example:

    ```mlir
    graph.yield %a, %b : tensor<f32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def Graph_IfOp : Graph_Op<"if", [RecursiveMemoryEffects, NoRegionArguments,
    SingleBlock]> {
  let summary = "ONNX If: run one of two regions";
  let description = [{
    Runs `then_branch` when the one-element `cond` is true, else `else_branch`.
    Both regions end in `graph.yield` with one value per result. Regions may
    use values defined above (ONNX outer-scope names).

    Example:

    ```mlir
    %r = graph.if %c : tensor<i1> -> tensor<f32> {
      graph.yield %a : tensor<f32>
    } else {
      graph.yield %b : tensor<f32>
    }
    ```
  }];
  let arguments = (ins AnyTensor:$cond);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$then_branch, SizedRegion<1>:$else_branch);
  let assemblyFormat = [{
    $cond attr-dict `:` type($cond) (`->` type($results)^)? $then_branch `else` $else_branch
  }];
  let hasVerifier = 1;
}

def Graph_LoopOp : Graph_Op<"loop", [RecursiveMemoryEffects, SingleBlock,
    AttrSizedOperandSegments]> {
  let summary = "ONNX Loop: a counted and/or conditional loop";
  let description = [{
    ONNX `Loop`. The body's block arguments are the iteration number (`i64`
    scalar), the condition (`i1` scalar) and the loop-carried values; it yields
    the next condition, the next loop-carried values and then the scan outputs.
    The results are the final loop-carried values followed by the scan outputs
    stacked along a new leading dim.

    Example:

    ```mlir
    %r = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>)
           carried(%x0 : tensor<f32>) -> tensor<f32> {
    ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>):
      graph.yield %ci, %x : tensor<i1>, tensor<f32>
    }
    ```
  }];
  let arguments = (ins Optional<AnyTensor>:$max_trip_count,
                       Optional<AnyTensor>:$cond,
                       Variadic<AnyType>:$v_initial);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`max` `(` $max_trip_count^ `:` type($max_trip_count) `)`)?
    (`cond` `(` $cond^ `:` type($cond) `)`)?
    `carried` `(` ($v_initial^ `:` type($v_initial))? `)`
    (`->` type($results)^)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def Graph_LSTMOp : Graph_InferOp<"lstm", [AttrSizedOperandSegments]> {
  let summary = "ONNX LSTM";
  let description = [{
    A one-layer LSTM over `X` (`seq x batch x input`, or batch-first with
    `layout = 1`). Gates in ONNX order `i o f c`; `direction` is `forward`,
    `reverse` or `bidirectional`. The three results `Y`, `Y_h`, `Y_c` always
    exist; unused ones are simply dead.

    Example:

    ```mlir
    %y, %h, %c = graph.lstm %x, %w, %r {hidden_size = 64 : i64}
      : tensor<4x1x16xf32>, tensor<1x256x16xf32>, tensor<1x256x64xf32>
      -> tensor<4x1x1x64xf32>, tensor<1x1x64xf32>, tensor<1x1x64xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, AnyTensor:$r,
                       Optional<AnyTensor>:$b, Optional<AnyTensor>:$sequence_lens,
                       Optional<AnyTensor>:$initial_h, Optional<AnyTensor>:$initial_c,
                       Optional<AnyTensor>:$p,
                       OptionalAttr<F32ArrayAttr>:$activation_alpha,
                       OptionalAttr<F32ArrayAttr>:$activation_beta,
                       OptionalAttr<StrArrayAttr>:$activations,
                       OptionalAttr<F32Attr>:$clip,
                       DefaultValuedStrAttr<StrAttr, "forward">:$direction,
                       I64Attr:$hidden_size,
                       DefaultValuedAttr<I64Attr, "0">:$input_forget,
                       DefaultValuedAttr<I64Attr, "0">:$layout);
  let results = (outs AnyTensor:$y, AnyTensor:$y_h, AnyTensor:$y_c);
  let assemblyFormat = [{
    $x `,` $w `,` $r (`bias` `(` $b^ `:` type($b) `)`)?
    (`seq_lens` `(` $sequence_lens^ `:` type($sequence_lens) `)`)?
    (`initial_h` `(` $initial_h^ `:` type($initial_h) `)`)?
    (`initial_c` `(` $initial_c^ `:` type($initial_c) `)`)?
    (`peepholes` `(` $p^ `:` type($p) `)`)?
    attr-dict `:` type($x) `,` type($w) `,` type($r) `->` type($y) `,` type($y_h) `,` type($y_c)
  }];
  let hasVerifier = 1;
}

def Graph_GRUOp : Graph_InferOp<"gru", [AttrSizedOperandSegments]> {
  let summary = "ONNX GRU";
  let description = [{
    A one-layer GRU, gates in ONNX order `z r h`, with `linear_before_reset`.
    The results `Y` and `Y_h` always exist.

    Example:

    ```mlir
    %y, %h = graph.gru %x, %w, %r {hidden_size = 8 : i64}
      : tensor<4x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32>
      -> tensor<4x1x1x8xf32>, tensor<1x1x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, AnyTensor:$r,
                       Optional<AnyTensor>:$b, Optional<AnyTensor>:$sequence_lens,
                       Optional<AnyTensor>:$initial_h,
                       OptionalAttr<F32ArrayAttr>:$activation_alpha,
                       OptionalAttr<F32ArrayAttr>:$activation_beta,
                       OptionalAttr<StrArrayAttr>:$activations,
                       OptionalAttr<F32Attr>:$clip,
                       DefaultValuedStrAttr<StrAttr, "forward">:$direction,
                       I64Attr:$hidden_size,
                       DefaultValuedAttr<I64Attr, "0">:$layout,
                       DefaultValuedAttr<I64Attr, "0">:$linear_before_reset);
  let results = (outs AnyTensor:$y, AnyTensor:$y_h);
  let assemblyFormat = [{
    $x `,` $w `,` $r (`bias` `(` $b^ `:` type($b) `)`)?
    (`seq_lens` `(` $sequence_lens^ `:` type($sequence_lens) `)`)?
    (`initial_h` `(` $initial_h^ `:` type($initial_h) `)`)?
    attr-dict `:` type($x) `,` type($w) `,` type($r) `->` type($y) `,` type($y_h)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHOPS_TD
