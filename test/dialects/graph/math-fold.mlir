// RUN: weft-opt -canonicalize -split-input-file %s | FileCheck %s

// Folders of the ops of GraphMathOps.td.

// CHECK-LABEL: func @fold_unary_math
func.func @fold_unary_math() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xf32>) {
  %x = graph.constant dense<[-2.5, -0.5, 0.5, 2.5]> : tensor<4xf32>
  // Round halves to even.
  // CHECK-DAG: graph.constant dense<[-2.000000e+00, -0.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<4xf32>
  %0 = graph.round %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK-DAG: graph.constant dense<[-4.000000e-01, -2.000000e+00, 2.000000e+00, 4.000000e-01]> : tensor<4xf32>
  %1 = graph.reciprocal %x : tensor<4xf32> -> tensor<4xf32>
  %h = graph.constant dense<[-2.5, -0.5, 0.5, 2.5]> : tensor<4xf16>
  // CHECK-DAG: graph.constant dense<[-3.000000e+00, -1.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<4xf16>
  %2 = graph.floor %h : tensor<4xf16> -> tensor<4xf16>
  // CHECK-DAG: graph.constant dense<[-1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<4xf32>
  %3 = graph.sign %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NOT: graph.round
  // CHECK-NOT: graph.reciprocal
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func @fold_sum_and_less_or_equal
func.func @fold_sum_and_less_or_equal() -> (tensor<2x2xi64>, tensor<2xi1>) {
  %a = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = graph.constant dense<[10, 20]> : tensor<2xi64>
  %c = graph.constant dense<100> : tensor<i64>
  // CHECK-DAG: graph.constant dense<{{\[}}[111, 122], [113, 124]]> : tensor<2x2xi64>
  %0 = graph.sum %a, %b, %c : tensor<2x2xi64>, tensor<2xi64>, tensor<i64> -> tensor<2x2xi64>
  %d = graph.constant dense<[10, 21]> : tensor<2xi64>
  %e = graph.constant dense<20> : tensor<i64>
  // CHECK-DAG: graph.constant dense<[true, false]> : tensor<2xi1>
  %1 = graph.less_or_equal %d, %e : tensor<2xi64>, tensor<i64> -> tensor<2xi1>
  return %0, %1 : tensor<2x2xi64>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func @fold_single_input
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: return %[[X]], %[[X]]
func.func @fold_single_input(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.sum %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.mean %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
