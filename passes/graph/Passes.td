//===- Passes.td - Graph-level passes -----------------------*- tablegen -*-===//

#ifndef WEFT_PASSES_GRAPH_PASSES_TD
#define WEFT_PASSES_GRAPH_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphInferShapes : Pass<"graph-infer-shapes", "mlir::func::FuncOp"> {
  let summary = "propagate shapes through the graph, optionally fixing input dims";
  let description = [{
    Refines every result type from its operands (each graph op's type
    inference) in program order, then updates the function's result types.
    `shapes` fixes the dims of named inputs, like `weft import --shape`.

    Before (with `shapes=x=1x4`):

    ```mlir
    func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
      %y = graph.relu %x : tensor<?x4xf32> -> tensor<?x4xf32>
      return %y : tensor<?x4xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
      %y = graph.relu %x : tensor<1x4xf32> -> tensor<1x4xf32>
      return %y : tensor<1x4xf32>
    }
    ```
  }];
  let options = [
    ListOption<"shapes", "shapes", "std::string",
               "input shapes as NAME=D0xD1x... (a ? keeps a dim dynamic)">
  ];
  let dependentDialects = ["weft::graph::GraphDialect"];
}

#endif // WEFT_PASSES_GRAPH_PASSES_TD
