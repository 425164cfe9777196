//===- GraphOpBase.td - Base classes of graph ops ----------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHOPBASE_TD
#define WEFT_DIALECTS_GRAPH_GRAPHOPBASE_TD

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
  // One verifier and one inference for the whole family (ReductionOps.cpp).
  let extraClassDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange l,
                                            ::mlir::TypeRange r) {
      return ::weft::graph::areRefinableTypes(l, r);
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::weft::graph::verifyReduction(*this, getKeepdims(),
                                            getNoopWithEmptyAxes());
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> loc,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::weft::graph::inferReduction(
          adaptor.getData(), adaptor.getAxesAttr(), adaptor.getKeepdims(),
          adaptor.getNoopWithEmptyAxes(), loc, getOperationName(), types);
    }
  }];
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHOPBASE_TD
