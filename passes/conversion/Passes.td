//===- Passes.td - Conversion passes -------------------------*- tablegen -*-===//

#ifndef WEFT_PASSES_CONVERSION_PASSES_TD
#define WEFT_PASSES_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGraphToLinalg : Pass<"convert-graph-to-linalg", "mlir::func::FuncOp"> {
  let summary = "lower graph ops to linalg on tensors plus tensor, arith and math";
  let description = [{
    Rewrites every graph op of a function into linalg on tensors (named ops
    such as `linalg.matmul` and `linalg.conv_2d_nchw_fchw` where one fits, a
    `linalg.generic` otherwise) plus `tensor`, `arith` and `math` ops, with
    the patterns of `populateGraphToLinalgPatterns`
    (`passes/conversion/GraphToLinalg/GraphToLinalg.h`). Elementwise ops
    become one `linalg.generic` each, with numpy broadcasting expressed in
    the indexing maps; fusing them is left to the CPU pipeline.

    Graph ops are illegal after the pass: when any op cannot be lowered (an
    op without a lowering, unranked operands, a dynamic dim the lowering
    cannot compute), the pass changes nothing and reports one error per such
    node, naming it and, where the lowering gave one, the reason.

    Before:

    ```mlir
    func.func @main(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
      %y = graph.relu %x : tensor<1x4xf32> -> tensor<1x4xf32>
      return %y : tensor<1x4xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
      %cst = arith.constant 0.000000e+00 : f32
      %e = tensor.empty() : tensor<1x4xf32>
      %y = linalg.generic {indexing_maps = [#id, #id],
                           iterator_types = ["parallel", "parallel"]}
             ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %m = arith.maximumf %in, %cst : f32
        linalg.yield %m : f32
      } -> tensor<1x4xf32>
      return %y : tensor<1x4xf32>
    }
    ```
  }];
  let dependentDialects = [
    "mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::scf::SCFDialect", "mlir::bufferization::BufferizationDialect"
  ];
}

#endif // WEFT_PASSES_CONVERSION_PASSES_TD
