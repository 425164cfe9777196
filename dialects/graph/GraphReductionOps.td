//===- GraphReductionOps.td - Reductions and norms ---------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. The
// reductions, the arg-reductions and the ops built from them: hardmax,
// normalizations, global and Lp pooling, cumulative sums and top-k.
//
// The Reduce* operators are one family: each is a `Graph_ReduceOp`, which
// shares its verifier and type inference (ReductionOps.cpp); their lowering
// is one pattern driven by a table of how each kind maps, combines and
// finishes its elements (passes/conversion/GraphToLinalg/Reduction.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHREDUCTIONOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHREDUCTIONOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Reduce*
//===----------------------------------------------------------------------===//

def Graph_ReduceMeanOp : Graph_ReduceOp<"reduce_mean", "ReduceMean">;
def Graph_ReduceMaxOp : Graph_ReduceOp<"reduce_max", "ReduceMax">;
def Graph_ReduceSumOp : Graph_ReduceOp<"reduce_sum", "ReduceSum">;
def Graph_ReduceMinOp : Graph_ReduceOp<"reduce_min", "ReduceMin">;
def Graph_ReduceProdOp : Graph_ReduceOp<"reduce_prod", "ReduceProd">;
def Graph_ReduceL1Op : Graph_ReduceOp<"reduce_l1", "ReduceL1">;
def Graph_ReduceL2Op : Graph_ReduceOp<"reduce_l2", "ReduceL2">;
def Graph_ReduceLogSumOp : Graph_ReduceOp<"reduce_log_sum", "ReduceLogSum">;
def Graph_ReduceLogSumExpOp
    : Graph_ReduceOp<"reduce_log_sum_exp", "ReduceLogSumExp">;
def Graph_ReduceSumSquareOp
    : Graph_ReduceOp<"reduce_sum_square", "ReduceSumSquare">;

//===----------------------------------------------------------------------===//
// ArgMax, ArgMin
//===----------------------------------------------------------------------===//

/// The index of the largest or smallest element along one axis.
class Graph_ArgReduceOp<string mnemonic, string onnxName>
    : Graph_InferOp<mnemonic> {
  let summary = "ONNX " # onnxName # ": int64 indices along one axis";
  let description = "Computes ONNX `" # onnxName # "` (opset 13 semantics; "
    # "earlier opsets are the same without `select_last_index`): the index "
    # "along `axis` of the extreme element, the first one on ties unless "
    # "`select_last_index` is 1. The axis is kept as a unit dim when "
    # "`keepdims` is 1.\n\nExample:\n\n```mlir\n%i = graph." # mnemonic
    # " %x {axis = 1 : i64, keepdims = 0 : i64} : tensor<2x5xf32> -> "
    # "tensor<2xi64>\n```";
  let arguments = (ins AnyTensor:$data,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<I64Attr, "1">:$keepdims,
                       DefaultValuedAttr<I64Attr, "0">:$select_last_index);
  let results = (outs TensorOf<[I64]>:$reduced);
  let assemblyFormat = "$data attr-dict `:` type($data) `->` type($reduced)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange l,
                                            ::mlir::TypeRange r) {
      return ::weft::graph::areRefinableTypes(l, r);
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::weft::graph::verifyArgReduction(*this, getData(), getKeepdims(),
                                               getSelectLastIndex());
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> loc,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::weft::graph::inferArgReduction(
          adaptor.getData(), adaptor.getAxis(), adaptor.getKeepdims(), loc,
          getOperationName(), types);
    }
  }];
}

def Graph_ArgMaxOp : Graph_ArgReduceOp<"arg_max", "ArgMax">;
def Graph_ArgMinOp : Graph_ArgReduceOp<"arg_min", "ArgMin">;

def Graph_HardmaxOp : Graph_InferOp<"hardmax"> {
  let summary = "one-hot of the first maximum along one axis";
  let description = [{
    ONNX `Hardmax` with opset-13 semantics: 1 where an element is the first
    largest along `axis`, 0 elsewhere. The importer rewrites the older
    "coerce to 2-D" semantics into this form (flatten, hardmax, reshape).

    Example:

    ```mlir
    %y = graph.hardmax %x {axis = -1 : i64} : tensor<3x4xf32> -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

def Graph_LpNormalizationOp : Graph_InferOp<"lp_normalization"> {
  let summary = "divide by the L1 or L2 norm along one axis";
  let description = [{
    ONNX `LpNormalization`: `x / norm_p(x)` along `axis`, `p` 1 or 2.

    Example:

    ```mlir
    %y = graph.lp_normalization %x {axis = -1 : i64, p = 2 : i64}
           : tensor<2x8xf32> -> tensor<2x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<I64Attr, "2">:$p);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
}

def Graph_InstanceNormalizationOp : Graph_InferOp<"instance_normalization"> {
  let summary = "normalize each (batch, channel) over the spatial dims";
  let description = [{
    ONNX `InstanceNormalization`: for each `n`, `c` of an `N x C x D...` input,
    `y = scale[c] * (x - mean) / sqrt(var + epsilon) + B[c]` with the mean and
    (biased) variance over the spatial dims.

    Example:

    ```mlir
    %y = graph.instance_normalization %x, %s, %b {epsilon = 1.0e-05 : f32}
           : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>
           -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, AnyTensor:$scale, AnyTensor:$bias,
                       DefaultValuedAttr<F32Attr, "1.0e-05">:$epsilon);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $input `,` $scale `,` $bias attr-dict `:` type($input) `,` type($scale)
    `,` type($bias) `->` type($output)
  }];
  let hasVerifier = 1;
}

def Graph_LRNOp : Graph_InferOp<"lrn"> {
  let summary = "local response normalization across channels";
  let description = [{
    ONNX `LRN` over an `N x C x D...` input: with `square_sum` the sum of
    `x^2` over the `size` channels around `c` (from
    `c - floor((size - 1) / 2)` to `c + ceil((size - 1) / 2)`, clipped),
    `y = x / (bias + alpha / size * square_sum) ^ beta`.

    Example:

    ```mlir
    %y = graph.lrn %x {size = 3 : i64, alpha = 2.0e-04 : f32, beta = 0.5 : f32,
                       bias = 2.0 : f32}
           : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<F32Attr, "1.0e-04">:$alpha,
                       DefaultValuedAttr<F32Attr, "0.75">:$beta,
                       DefaultValuedAttr<F32Attr, "1.0">:$bias,
                       I64Attr:$size);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Global and Lp pooling
//===----------------------------------------------------------------------===//

def Graph_GlobalMaxPoolOp : Graph_InferOp<"global_max_pool"> {
  let summary = "maximum over all spatial dims";
  let description = [{
    ONNX `GlobalMaxPool`: `N x C x d...` to `N x C x 1...`.

    Example:

    ```mlir
    %y = graph.global_max_pool %x : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_GlobalLpPoolOp : Graph_InferOp<"global_lp_pool"> {
  let summary = "Lp norm over all spatial dims";
  let description = [{
    ONNX `GlobalLpPool`: `(sum |x|^p)^(1/p)` over the spatial dims, `N x C x
    d...` to `N x C x 1...`. Opset 1's float `p` is imported when it is a
    whole number.

    Example:

    ```mlir
    %y = graph.global_lp_pool %x {p = 2 : i64}
           : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, DefaultValuedAttr<I64Attr, "2">:$p);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_LpPoolOp : Graph_InferOp<"lp_pool"> {
  let summary = "N-d Lp pooling";
  let description = [{
    ONNX `LpPool`: `(sum |x|^p)^(1/p)` over each window, pads counting as
    zeros, with the window attributes of `AveragePool` (`ceil_mode` and
    `dilations` from opset 18).

    Example:

    ```mlir
    %y = graph.lp_pool %x {kernel_shape = array<i64: 2, 2>, p = 2 : i64,
                           strides = array<i64: 2, 2>}
           : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedStrAttr<StrAttr, "NOTSET">:$auto_pad,
                       DefaultValuedAttr<I64Attr, "0">:$ceil_mode,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       DenseI64ArrayAttr:$kernel_shape,
                       DefaultValuedAttr<I64Attr, "2">:$p,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// CumSum, TopK
//===----------------------------------------------------------------------===//

def Graph_CumSumOp : Graph_InferOp<"cumsum"> {
  let summary = "cumulative sum along one axis";
  let description = [{
    ONNX `CumSum` with the axis (a constant input in ONNX) as an attribute.
    `exclusive` leaves out the element itself; `reverse` sums from the end.

    Example:

    ```mlir
    %y = graph.cumsum %x {axis = 1 : i64, exclusive = 1 : i64}
           : tensor<2x5xf32> -> tensor<2x5xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, I64Attr:$axis,
                       DefaultValuedAttr<I64Attr, "0">:$exclusive,
                       DefaultValuedAttr<I64Attr, "0">:$reverse);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_TopKOp : Graph_InferOp<"top_k"> {
  let summary = "the k largest (or smallest) elements along one axis";
  let description = [{
    ONNX `TopK` with `k` (an attribute before opset 10, a constant input
    since) as an attribute. Returns the values and their int64 indices along
    `axis`, sorted from the most extreme; among equal values the lower index
    comes first. The result is sorted whatever `sorted` says (ONNX leaves the
    order unspecified then).

    Example:

    ```mlir
    %v, %i = graph.top_k %x {k = 2 : i64, axis = -1 : i64}
               : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xi64>
    ```
  }];
  let arguments = (ins AnyTensor:$x, I64Attr:$k,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<I64Attr, "1">:$largest,
                       DefaultValuedAttr<I64Attr, "1">:$sorted);
  let results = (outs AnyTensor:$values, TensorOf<[I64]>:$indices);
  let assemblyFormat = [{
    $x attr-dict `:` type($x) `->` type($values) `,` type($indices)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHREDUCTIONOPS_TD
