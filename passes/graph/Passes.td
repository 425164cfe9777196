//===- Passes.td - Graph-level passes -----------------------*- tablegen -*-===//

#ifndef WEFT_PASSES_GRAPH_PASSES_TD
#define WEFT_PASSES_GRAPH_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphInferShapes : Pass<"graph-infer-shapes", "mlir::func::FuncOp"> {
  let summary = "propagate shapes through the graph, optionally fixing input dims";
  let description = [{
    Refines every result type from its operands (each graph op's type
    inference) in program order, including the ops inside `graph.if` and
    `graph.loop` regions, then updates the function's result types. A
    `graph.if` result takes what both branches agree on. A `graph.if` whose
    condition the refined shapes decide (exporters emit `if dim == 1 then
    squeeze`) is replaced by its taken branch, since the other one may not
    fit the shapes. A branch whose ops do not infer is left as it was, with
    a warning (when `report-branches` is set): it may be valid only for the
    inputs that select it.

    `shapes` fixes the dims of named inputs, like `weft import --shape`. A
    dim fixed this way also fixes every other input dim with the same
    symbolic name (`graph.dim_names`), and its name is cleared. Naming an
    unknown input, giving the wrong rank or contradicting a static dim is an
    error.

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
               "input shapes as NAME=D0xD1x... (a ? keeps a dim dynamic)">,
    Option<"reportBranches", "report-branches", "bool", /*default=*/"true",
           "warn about graph.if branches that do not infer">
  ];
  let dependentDialects = ["weft::graph::GraphDialect"];
}

def GraphFoldConstants : Pass<"graph-fold-constants", "mlir::func::FuncOp"> {
  let summary = "fold the shape arithmetic and constant control flow exporters emit";
  let description = [{
    Goes beyond single-op folding: it tracks the elements of small integer
    tensors built from `graph.shape` (each element is a constant, a dim of
    some tensor, or unknown) through `gather`, `slice`, `concat`, `cast`,
    `unsqueeze`, `squeeze`, `reshape`, `identity`, `size`, integer
    `add`/`sub`/`mul`/`div`, `equal` and `not`, and replaces every such
    value whose elements are all known by a `graph.constant`, even when
    other dims of the tensors involved stay dynamic. A `graph.reshape` whose
    shape is only partly known gets a constant shape when each unknown
    element either copies the data's dim at the same position (becoming
    `0`) or is the only unknown one (becoming `-1`). A `graph.if` with a
    constant condition is replaced by its taken branch;
    `graph.constant_of_shape` and `graph.expand` with constant shapes become
    constants. The op folders run with these patterns to a fixpoint.

    Floating-point results that are not splats are materialized only up to
    `max-float-elements` elements.

    Before:

    ```mlir
    func.func @main(%x: tensor<?x8x4xf32>) -> tensor<?x32xf32> {
      %s = graph.shape %x : tensor<?x8x4xf32> -> tensor<3xi64>
      %i = graph.constant dense<0> : tensor<1xi64>
      %n = graph.gather %s, %i {axis = 0 : i64}
             : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
      %c = graph.constant dense<32> : tensor<1xi64>
      %shape = graph.concat %n, %c {axis = 0 : i64}
                 : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
      %y = graph.reshape %x, %shape
             : tensor<?x8x4xf32>, tensor<2xi64> -> tensor<?x32xf32>
      return %y : tensor<?x32xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<?x8x4xf32>) -> tensor<?x32xf32> {
      %shape = graph.constant dense<[0, 32]> : tensor<2xi64>
      %y = graph.reshape %x, %shape
             : tensor<?x8x4xf32>, tensor<2xi64> -> tensor<?x32xf32>
      return %y : tensor<?x32xf32>
    }
    ```
  }];
  let options = [
    Option<"maxFloatElements", "max-float-elements", "int64_t",
           /*default=*/"1 << 20",
           "largest floating-point constant (in elements) the pass may "
           "materialize, splats excepted">
  ];
  let dependentDialects = ["weft::graph::GraphDialect"];
}

def GraphFoldBatchNorm : Pass<"graph-fold-batchnorm", "mlir::func::FuncOp"> {
  let summary = "fold inference BatchNormalization into the preceding conv or a mul+add";
  let description = [{
    A `graph.batch_normalization` with constant scale, bias, mean and var
    computes `x * f + (bias - mean * f)` per channel, `f = scale /
    sqrt(var + epsilon)`. When `x` is a `graph.conv` or `graph.conv_transpose`
    with constant weights (and constant bias, if any) that has no other use,
    the factors are folded into the weights and bias of a new conv. Any other
    such BatchNormalization of a ranked input becomes a `graph.mul` and a
    `graph.add` by constants of shape `C x 1 x ...`, which broadcast on dim 1.
    Folding is computed in double precision and rounded to the element type.

    Before:

    ```mlir
    %y = graph.conv %x, %w : tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>
           -> tensor<1x4x8x8xf32>
    %z = graph.batch_normalization %y, %s, %b, %m, %v
           : tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
             tensor<4xf32> -> tensor<1x4x8x8xf32>
    ```

    After (`%w2 = %w * f` per output channel, `%b2 = %b - %m * f`):

    ```mlir
    %z = graph.conv %x, %w2, %b2 : tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>,
           tensor<4xf32> -> tensor<1x4x8x8xf32>
    ```
  }];
  let dependentDialects = ["weft::graph::GraphDialect"];
}

def GraphDCE : Pass<"graph-dce", "mlir::func::FuncOp"> {
  let summary = "remove unused ops and unused graph.if results";
  let description = [{
    Erases every op whose results are unused and that has no side effects
    (graph ops are pure; `graph.if` and `graph.loop` are as pure as the ops
    in their regions). A `graph.if` result that is unused is removed from the
    op and from both `graph.yield`s, so the computations that produced it in
    the branches become dead too. Repeats until nothing changes. Function
    arguments are kept: they are the model's inputs.

    Before:

    ```mlir
    %r:2 = graph.if %c : tensor<i1> -> tensor<f32>, tensor<f32> {
      %e = graph.exp %a : tensor<f32> -> tensor<f32>
      graph.yield %a, %e : tensor<f32>, tensor<f32>
    } else {
      graph.yield %b, %b : tensor<f32>, tensor<f32>
    }
    return %r#0 : tensor<f32>
    ```

    After:

    ```mlir
    %r = graph.if %c : tensor<i1> -> tensor<f32> {
      graph.yield %a : tensor<f32>
    } else {
      graph.yield %b : tensor<f32>
    }
    return %r : tensor<f32>
    ```
  }];
  let dependentDialects = ["weft::graph::GraphDialect"];
}

#endif // WEFT_PASSES_GRAPH_PASSES_TD
