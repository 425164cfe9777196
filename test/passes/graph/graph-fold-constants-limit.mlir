// The size limit on materialized floating-point results.
// RUN: weft-opt %s -graph-fold-constants="max-float-elements=4" | FileCheck %s --check-prefix=SMALL
// RUN: weft-opt %s -graph-fold-constants="max-float-elements=6" | FileCheck %s --check-prefix=LARGE
// RUN: not weft-opt %s -graph-fold-constants="max-float-elements=-1" 2>&1 | FileCheck %s --check-prefix=BAD

// SMALL-LABEL: func.func @expand_float
// SMALL-DAG: graph.expand
// SMALL-DAG: graph.constant dense<1.000000e+00> : tensor<4x8xf32>
// LARGE-LABEL: func.func @expand_float
// LARGE: graph.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x3xf32>
// LARGE-NOT: graph.expand
// BAD: error: max-float-elements must not be negative, got -1
// The declared result types are dynamic, so Expand's own folder (which needs a
// static result type) leaves them to graph-fold-constants.
func.func @expand_float() -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %v = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %t = graph.constant dense<[2, 3]> : tensor<2xi64>
  %e = graph.expand %v, %t : tensor<3xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // A splat is one value, materialized whatever its size.
  %one = graph.constant dense<1.0> : tensor<1xf32>
  %t2 = graph.constant dense<[4, 8]> : tensor<2xi64>
  %e2 = graph.expand %one, %t2 : tensor<1xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %e, %e2 : tensor<?x?xf32>, tensor<?x?xf32>
}
