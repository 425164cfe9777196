// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @transpose
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x1x8x40x15xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x40x3x8x15xf32>) outs(%[[E]] : tensor<3x1x8x40x15xf32>) permutation = [2, 0, 3, 1, 4]
func.func @transpose(%x: tensor<1x40x3x8x15xf32>) -> tensor<3x1x8x40x15xf32> {
  %y = graph.transpose %x {perm = array<i64: 2, 0, 3, 1, 4>} : tensor<1x40x3x8x15xf32> -> tensor<3x1x8x40x15xf32>
  return %y : tensor<3x1x8x40x15xf32>
}

// -----

// No perm: the dims are reversed; dynamic dims come from the input.
// CHECK-LABEL: func.func @transpose_default
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<4x?xf32>
// CHECK: linalg.transpose ins(%[[X]] : tensor<?x4xf32>) outs(%[[E]] : tensor<4x?xf32>) permutation = [1, 0]
func.func @transpose_default(%x: tensor<?x4xf32>) -> tensor<4x?xf32> {
  %y = graph.transpose %x : tensor<?x4xf32> -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: tensor<1x2x4xf32>, %[[B:.*]]: tensor<1x3x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x5x4xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0, 0] [1, 2, 4] [1, 1, 1] : tensor<1x2x4xf32> into tensor<1x5x4xf32>
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[B]] into %[[I0]][0, 2, 0] [1, 3, 4] [1, 1, 1] : tensor<1x3x4xf32> into tensor<1x5x4xf32>
// CHECK: return %[[I1]]
func.func @concat(%a: tensor<1x2x4xf32>, %b: tensor<1x3x4xf32>) -> tensor<1x5x4xf32> {
  %y = graph.concat %a, %b {axis = -2 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
  return %y : tensor<1x5x4xf32>
}

// -----

// CHECK-LABEL: func.func @concat_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]]
// CHECK: %[[N:.*]] = arith.addi %[[D]]
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0] [%{{.*}}] [1]
// CHECK: tensor.insert_slice %[[B]] into %[[I0]][%{{.*}}] [2] [1]
func.func @concat_dynamic(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<?xf32> {
  %y = graph.concat %a, %b {axis = 0 : i64} : tensor<?xf32>, tensor<2xf32> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @split
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 2] [1, 1] : tensor<1x8xf32> to tensor<1x2xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[0, 2] [1, 6] [1, 1] : tensor<1x8xf32> to tensor<1x6xf32>
// CHECK: return %[[A]], %[[B]]
func.func @split(%x: tensor<1x8xf32>) -> (tensor<1x2xf32>, tensor<1x6xf32>) {
  %a, %b = graph.split %x {axis = 1 : i64, split = array<i64: 2, 6>} : tensor<1x8xf32> -> tensor<1x2xf32>, tensor<1x6xf32>
  return %a, %b : tensor<1x2xf32>, tensor<1x6xf32>
}

// -----

// Opset 18 num_outputs: ceil(7 / 3) = 3 each, the last part smaller.
// CHECK-LABEL: func.func @split_num_outputs
// CHECK: tensor.extract_slice %{{.*}}[0] [3] [1] : tensor<7xf32> to tensor<3xf32>
// CHECK: tensor.extract_slice %{{.*}}[3] [3] [1] : tensor<7xf32> to tensor<3xf32>
// CHECK: tensor.extract_slice %{{.*}}[6] [1] [1] : tensor<7xf32> to tensor<1xf32>
func.func @split_num_outputs(%x: tensor<7xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>) {
  %a, %b, %c = graph.split %x {num_outputs = 3 : i64} : tensor<7xf32> -> tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
  return %a, %b, %c : tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
}
