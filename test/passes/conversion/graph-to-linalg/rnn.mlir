// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// RNN, forward: X [S=3, B=2, I=4] times W^T once for all steps (plus both
// biases), then a loop over time: h R^T and one generic applying the
// activation (Tanh by default) to the sum; the Y row is written per step.
// CHECK-LABEL: func.func @rnn
// CHECK: %[[XW:.*]] = linalg.matmul_transpose_b ins(%{{.*}}, %{{.*}} : tensor<6x4xf32>, tensor<5x4xf32>) outs(%{{.*}} : tensor<6x5xf32>)
// CHECK: %[[P:.*]] = tensor.expand_shape %[[XW]] {{\[\[}}0, 1], [2]] {{.*}} into tensor<3x2x5xf32>
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[H:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (tensor<2x5xf32>, tensor<3x1x2x5xf32>)
// CHECK:   %[[XT:.*]] = tensor.extract_slice %[[P]][%[[T]], 0, 0] [1, 2, 5] [1, 1, 1] : tensor<3x2x5xf32> to tensor<2x5xf32>
// CHECK:   %[[HR:.*]] = linalg.matmul_transpose_b ins(%[[H]], %{{.*}} : tensor<2x5xf32>, tensor<5x5xf32>)
// CHECK:   %[[CELL:.*]]:2 = linalg.generic {{.*}} ins(%[[XT]], %[[HR]] : tensor<2x5xf32>, tensor<2x5xf32>) outs(%[[H]], %{{.*}} : tensor<2x5xf32>, tensor<2x5xf32>)
// CHECK:     arith.addf
// CHECK:     math.tanh
// CHECK:   tensor.insert_slice %{{.*}} into %[[Y]][%[[T]], 0, 0, 0] [1, 1, 2, 5] [1, 1, 1, 1]
// CHECK:   linalg.copy ins(%[[CELL]]#0 : tensor<2x5xf32>) outs(%[[H]] : tensor<2x5xf32>)
func.func @rnn(%x: tensor<3x2x4xf32>, %w: tensor<1x5x4xf32>, %r: tensor<1x5x5xf32>, %b: tensor<1x10xf32>) -> (tensor<3x1x2x5xf32>, tensor<1x2x5xf32>) {
  %y, %h = graph.rnn %x, %w, %r bias(%b : tensor<1x10xf32>) {hidden_size = 5 : i64} : tensor<3x2x4xf32>, tensor<1x5x4xf32>, tensor<1x5x5xf32> -> tensor<3x1x2x5xf32>, tensor<1x2x5xf32>
  return %y, %h : tensor<3x1x2x5xf32>, tensor<1x2x5xf32>
}

// -----

// A Relu activation, reverse direction: step S-1-t.
// CHECK-LABEL: func.func @rnn_relu_reverse
// CHECK: scf.for %[[T:[^ ]*]] =
// CHECK:   %[[STEP:.*]] = arith.subi %c2{{.*}}, %[[T]]
// CHECK:   tensor.extract_slice %{{.*}}[%[[STEP]], 0, 0] [1, 2, 5]
// CHECK:   linalg.generic
// CHECK:     arith.maximumf
// CHECK-NOT: math.tanh
func.func @rnn_relu_reverse(%x: tensor<3x2x4xf32>, %w: tensor<1x5x4xf32>, %r: tensor<1x5x5xf32>) -> (tensor<3x1x2x5xf32>, tensor<1x2x5xf32>) {
  %y, %h = graph.rnn %x, %w, %r {activations = ["Relu"], direction = "reverse", hidden_size = 5 : i64} : tensor<3x2x4xf32>, tensor<1x5x4xf32>, tensor<1x5x5xf32> -> tensor<3x1x2x5xf32>, tensor<1x2x5xf32>
  return %y, %h : tensor<3x1x2x5xf32>, tensor<1x2x5xf32>
}
