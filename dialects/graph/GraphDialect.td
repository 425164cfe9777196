//===- GraphDialect.td - The graph dialect ------------------*- tablegen -*-===//
//
// The ONNX-level tensor dialect of Weft.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHDIALECT_TD
#define WEFT_DIALECTS_GRAPH_GRAPHDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Graph_Dialect : Dialect {
  let name = "graph";
  let cppNamespace = "::weft::graph";
  let summary = "ONNX-level tensor operations with normalized semantics";
  let description = [{
    One op per ONNX operator family. The importer maps every supported opset
    version onto one form: attributes that later opsets turned into inputs
    (Squeeze axes, Reduce* axes, Split sizes) are attributes here when they are
    constant; data-dependent inputs (Slice starts/ends, Pad pads, Resize
    scales/sizes, Clip bounds) are always operands. Shapes may be static or
    dynamic (`?`); the symbolic names of dynamic dims are kept on the function
    arguments as `graph.dim_names`. An op's location is a `NameLoc` holding the
    ONNX node name, so every diagnostic can name the node it came from.

    Element types follow ONNX: signed integers are signless (`i8` ... `i64`),
    unsigned integers are `ui8` ... `ui64`, bool is `i1`.
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Name of the function-argument attribute that keeps ONNX dim_param names.
    static constexpr ::llvm::StringLiteral getDimNamesAttrName() {
      return ::llvm::StringLiteral("graph.dim_names");
    }
  }];
}

class Graph_Op<string mnemonic, list<Trait> traits = []>
    : Op<Graph_Dialect, mnemonic, traits>;

def Graph_StringType : TypeDef<Graph_Dialect, "String"> {
  let mnemonic = "string";
  let summary = "a UTF-8 string, the element type of ONNX tensor(string)";
  let description = [{
    The element type of ONNX string tensors: `tensor<4x!graph.string>`. Only
    the ops that the backends run as runtime builtins take or produce it
    (graph.string_normalizer, graph.cast to or from strings); generated code
    never sees a string.
  }];
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHDIALECT_TD
