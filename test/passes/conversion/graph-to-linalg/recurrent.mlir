// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// LSTM, forward: X [S=3, B=2, I=4] times W^T once for all steps (plus both
// biases), then a loop over time: h R^T accumulated into the step's gates and
// one generic for the cell update (h, c and the Y row), Y filled row by row;
// the new h and c are copied into the carried tensors (so bufferization sees
// the loop reuse their buffers).
// CHECK-LABEL: func.func @lstm
// CHECK: %[[XW:.*]] = linalg.matmul_transpose_b ins(%{{.*}}, %{{.*}} : tensor<6x4xf32>, tensor<20x4xf32>) outs(%{{.*}} : tensor<6x20xf32>)
// CHECK: %[[P:.*]] = tensor.expand_shape %[[XW]] {{\[\[}}0, 1], [2]] {{.*}} into tensor<3x2x20xf32>
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[H:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<3x1x2x5xf32>)
// CHECK:   %[[G:.*]] = tensor.extract_slice %[[P]][%[[T]], 0, 0] [1, 2, 20] [1, 1, 1] : tensor<3x2x20xf32> to tensor<2x20xf32>
// CHECK:   linalg.matmul_transpose_b ins(%[[H]], %{{.*}} : tensor<2x5xf32>, tensor<20x5xf32>) outs(%[[G]] : tensor<2x20xf32>)
// CHECK:   %[[CELL:.*]]:3 = linalg.generic
// CHECK:     math.exp
// CHECK:     math.tanh
// CHECK:   tensor.insert_slice %{{.*}} into %[[Y]][%[[T]], 0, 0, 0] [1, 1, 2, 5] [1, 1, 1, 1]
// CHECK:   %[[HN:.*]] = linalg.copy ins(%[[CELL]]#0 : tensor<2x5xf32>) outs(%[[H]] : tensor<2x5xf32>)
// CHECK:   %[[CN:.*]] = linalg.copy ins(%[[CELL]]#1 : tensor<2x5xf32>) outs(%[[C]] : tensor<2x5xf32>)
// CHECK:   scf.yield %[[HN]], %[[CN]], %{{.*}}
func.func @lstm(%x: tensor<3x2x4xf32>, %w: tensor<1x20x4xf32>, %r: tensor<1x20x5xf32>, %b: tensor<1x40xf32>) -> (tensor<3x1x2x5xf32>, tensor<1x2x5xf32>, tensor<1x2x5xf32>) {
  %y, %h, %c = graph.lstm %x, %w, %r bias(%b : tensor<1x40xf32>) {hidden_size = 5 : i64} : tensor<3x2x4xf32>, tensor<1x20x4xf32>, tensor<1x20x5xf32> -> tensor<3x1x2x5xf32>, tensor<1x2x5xf32>, tensor<1x2x5xf32>
  return %y, %h, %c : tensor<3x1x2x5xf32>, tensor<1x2x5xf32>, tensor<1x2x5xf32>
}

// -----

// GRU, reverse: step S-1-t; without linear_before_reset the reset gate
// scales h before its product with Rh.
// CHECK-LABEL: func.func @gru_reverse
// CHECK: scf.for %[[T:[^ ]*]] =
// CHECK:   %[[STEP:.*]] = arith.subi %c2{{.*}}, %[[T]]
// CHECK:   tensor.extract_slice %{{.*}}[%[[STEP]], 0, 0] [1, 2, 12]
// CHECK:   linalg.matmul_transpose_b ins(%{{.*}}, %{{.*}} : tensor<2x4xf32>, tensor<8x4xf32>)
// CHECK:   %[[ZR:.*]]:2 = linalg.generic
// CHECK:   %[[RH:.*]] = linalg.generic {{.*}} ins(%[[ZR]]#1, %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK:     arith.mulf
// CHECK:   linalg.matmul_transpose_b ins(%[[RH]], %{{.*}} : tensor<2x4xf32>, tensor<4x4xf32>)
func.func @gru_reverse(%x: tensor<3x2x6xf32>, %w: tensor<1x12x6xf32>, %r: tensor<1x12x4xf32>) -> (tensor<3x1x2x4xf32>, tensor<1x2x4xf32>) {
  %y, %h = graph.gru %x, %w, %r {direction = "reverse", hidden_size = 4 : i64} : tensor<3x2x6xf32>, tensor<1x12x6xf32>, tensor<1x12x4xf32> -> tensor<3x1x2x4xf32>, tensor<1x2x4xf32>
  return %y, %h : tensor<3x1x2x4xf32>, tensor<1x2x4xf32>
}

