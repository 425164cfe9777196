// RUN: weft-opt -canonicalize -split-input-file %s | FileCheck %s

// CHECK-LABEL: func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @reshape_of_reshape(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %s1 = graph.constant dense<[6, 4]> : tensor<2xi64>
  %s2 = graph.constant dense<[4, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %s1 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<6x4xf32>
  // CHECK: %[[R:.*]] = graph.reshape %[[X]], %{{.*}} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<4x6xf32>
  // CHECK-NEXT: return %[[R]]
  %1 = graph.reshape %0, %s2 : tensor<6x4xf32>, tensor<2xi64> -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func @negative_reshape_of_reshape_copies_dim
func.func @negative_reshape_of_reshape_copies_dim(%x: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %s1 = graph.constant dense<[6, 4]> : tensor<2xi64>
  %s2 = graph.constant dense<[0, 2, 2]> : tensor<3xi64>
  // The outer 0 copies a dim of the intermediate tensor (6), which the
  // original input does not have in that place: no rewrite.
  // CHECK: %[[A:.*]] = graph.reshape %{{.*}} -> tensor<6x4xf32>
  // CHECK: graph.reshape %[[A]]
  %0 = graph.reshape %x, %s1 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<6x4xf32>
  %1 = graph.reshape %0, %s2 : tensor<6x4xf32>, tensor<3xi64> -> tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

// -----

// CHECK-LABEL: func @unsqueeze_squeeze_cancel
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
func.func @unsqueeze_squeeze_cancel(%x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = graph.unsqueeze %x {axes = array<i64: 1>} : tensor<3x4xf32> -> tensor<3x1x4xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 1>} : tensor<3x1x4xf32> -> tensor<3x4xf32>
  %2 = graph.flatten %0 {axis = 1 : i64} : tensor<3x1x4xf32> -> tensor<3x4xf32>
  // CHECK: return %[[X]], %[[X]]
  return %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @negative_squeeze_unsqueeze_other_shape
func.func @negative_squeeze_unsqueeze_other_shape(%x: tensor<3x4xf32>) -> tensor<1x3x4xf32> {
  // The chain ends in another shape than it started with.
  // CHECK: graph.unsqueeze
  // CHECK: graph.squeeze
  %0 = graph.unsqueeze %x {axes = array<i64: 0, 1>} : tensor<3x4xf32> -> tensor<1x1x3x4xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 1>} : tensor<1x1x3x4xf32> -> tensor<1x3x4xf32>
  return %1 : tensor<1x3x4xf32>
}

// -----

// CHECK-LABEL: func @transpose_of_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %0 = graph.transpose %x {perm = array<i64: 0, 2, 1>} : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %1 = graph.transpose %0 {perm = array<i64: 0, 2, 1>} : tensor<2x4x3xf32> -> tensor<2x3x4xf32>
  // CHECK: %[[T:.*]] = graph.transpose %[[X]] {perm = array<i64: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %2 = graph.transpose %0 {perm = array<i64: 1, 0, 2>} : tensor<2x4x3xf32> -> tensor<4x2x3xf32>
  // CHECK: return %[[X]], %[[T]]
  return %1, %2 : tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func @identity_like
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi64>
func.func @identity_like(%x: tensor<2x3xf32>, %s: tensor<2xi64>, %b: tensor<1xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = graph.reshape %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  %1 = graph.expand %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  %2 = graph.slice %x starts(%b : tensor<1xi64>) ends(%b : tensor<1xi64>) : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[X]], %[[X]]
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @negative_slice_reverses
func.func @negative_slice_reverses(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = graph.constant dense<[-1]> : tensor<1xi64>
  %e = graph.constant dense<[-5]> : tensor<1xi64>
  // A full-size slice with a negative step reverses the tensor.
  // CHECK: graph.slice
  %0 = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) steps(%s : tensor<1xi64>) : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @conv_auto_pad
func.func @conv_auto_pad(%x: tensor<1x3x15x15xf32>, %w: tensor<8x3x4x4xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x6x6xf32>) {
  // Total padding (8 - 1) * 2 + 4 - 15 = 3: SAME_UPPER puts the odd one at
  // the end, SAME_LOWER at the beginning.
  // CHECK: graph.conv {{.*}} {pads = array<i64: 1, 1, 2, 2>, strides = array<i64: 2, 2>}
  %0 = graph.conv %x, %w {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x4x4xf32> -> tensor<1x8x8x8xf32>
  // CHECK: graph.conv {{.*}} {pads = array<i64: 2, 2, 1, 1>, strides = array<i64: 2, 2>}
  %1 = graph.conv %x, %w {auto_pad = "SAME_LOWER", strides = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x4x4xf32> -> tensor<1x8x8x8xf32>
  // CHECK: graph.conv {{.*}} {pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  %2 = graph.conv %x, %w {auto_pad = "VALID", strides = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x4x4xf32> -> tensor<1x8x6x6xf32>
  return %0, %1, %2 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x6x6xf32>
}

// -----

// CHECK-LABEL: func @negative_conv_auto_pad_dynamic
func.func @negative_conv_auto_pad_dynamic(%x: tensor<1x3x?x15xf32>, %w: tensor<8x3x4x4xf32>) -> tensor<1x8x?x8xf32> {
  // The padding of a dynamic spatial dim depends on its size.
  // CHECK: graph.conv {{.*}} {auto_pad = "SAME_UPPER"
  %0 = graph.conv %x, %w {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : tensor<1x3x?x15xf32>, tensor<8x3x4x4xf32> -> tensor<1x8x?x8xf32>
  return %0 : tensor<1x8x?x8xf32>
}
