// RUN: weft-opt -canonicalize -split-input-file %s | FileCheck %s

// graph.mel_weight_matrix folds to a constant when its operands are
// constants; the values follow the ONNX reference (filter edges floored to
// DFT bins: here 0, 1, 4 and 9).

// CHECK-LABEL: func @fold_mel
// CHECK-NOT: graph.mel_weight_matrix
// CHECK: graph.constant dense<{{\[\[}}0.000000e+00, 0.000000e+00], [1.000000e+00, 0.000000e+00], [0.666666686, 0.333333343], [0.333333343, 0.666666686], [0.000000e+00, 1.000000e+00], [0.000000e+00, 8.000000e-01], [0.000000e+00, 6.000000e-01], [0.000000e+00, 4.000000e-01], [0.000000e+00, 2.000000e-01], [0.000000e+00, 0.000000e+00]
// CHECK-SAME: : tensor<17x2xf32>
func.func @fold_mel() -> tensor<17x2xf32> {
  %bins = graph.constant dense<2> : tensor<i32>
  %len = graph.constant dense<32> : tensor<i32>
  %rate = graph.constant dense<8000> : tensor<i32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %hi = graph.constant dense<4000.0> : tensor<f32>
  %0 = graph.mel_weight_matrix %bins, %len, %rate, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<17x2xf32>
  return %0 : tensor<17x2xf32>
}

// -----

// A run-time edge keeps the op.
// CHECK-LABEL: func @negative_fold_mel_runtime_edge
// CHECK: graph.mel_weight_matrix
func.func @negative_fold_mel_runtime_edge(%hi: tensor<f32>) -> tensor<17x2xf32> {
  %bins = graph.constant dense<2> : tensor<i32>
  %len = graph.constant dense<32> : tensor<i32>
  %rate = graph.constant dense<8000> : tensor<i32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %0 = graph.mel_weight_matrix %bins, %len, %rate, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<17x2xf32>
  return %0 : tensor<17x2xf32>
}

// -----

// An infinite edge gives no finite filter bins: nothing to fold.
// CHECK-LABEL: func @negative_fold_mel_infinite_edge
// CHECK: graph.mel_weight_matrix
func.func @negative_fold_mel_infinite_edge() -> tensor<17x2xf32> {
  %bins = graph.constant dense<2> : tensor<i32>
  %len = graph.constant dense<32> : tensor<i32>
  %rate = graph.constant dense<8000> : tensor<i32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %hi = graph.constant dense<0x7F800000> : tensor<f32>
  %0 = graph.mel_weight_matrix %bins, %len, %rate, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<17x2xf32>
  return %0 : tensor<17x2xf32>
}

// -----

// Edges far past the matrix (a huge upper edge) only clip the filters.
// CHECK-LABEL: func @fold_mel_huge_edge
// CHECK-NOT: graph.mel_weight_matrix
// CHECK: graph.constant {{.*}} : tensor<3x1xf32>
func.func @fold_mel_huge_edge() -> tensor<3x1xf32> {
  %bins = graph.constant dense<1> : tensor<i32>
  %len = graph.constant dense<4> : tensor<i32>
  %rate = graph.constant dense<8000> : tensor<i32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %hi = graph.constant dense<1.0e30> : tensor<f32>
  %0 = graph.mel_weight_matrix %bins, %len, %rate, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
