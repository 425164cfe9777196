// RUN: weft-opt %s -split-input-file -graph-fold-batchnorm | FileCheck %s

// f = scale / sqrt(var + eps) = [1, 2]; w' = w * f per output channel;
// b' = (b - mean) * f + bias = [(0.5 - 0.5) * 1 + 1, (-1 - 1) * 2 + 1].
// CHECK-LABEL: func.func @into_conv
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}4.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[1.000000e+00, -3.000000e+00]> : tensor<2xf32>
// CHECK: %[[Y:.*]] = graph.conv %{{.*}}, %[[W]], %[[B]] {strides = array<i64: 1, 1>} : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
// CHECK-NOT: graph.batch_normalization
// CHECK: return %[[Y]]
func.func @into_conv(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = graph.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %b = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %y = graph.conv %x, %w, %b {strides = array<i64: 1, 1>} : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  %s = graph.constant dense<[2.0, 6.0]> : tensor<2xf32>
  %bb = graph.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %m = graph.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %v = graph.constant dense<[4.0, 9.0]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %s, %bb, %m, %v {epsilon = 0.0 : f32} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// A conv without bias gets one: b' = -mean * f + bias. epsilon counts:
// sqrt(0.75 + 0.25) = 1, sqrt(3.75 + 0.25) = 2.
// CHECK-LABEL: func.func @into_conv_without_bias
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00]]], {{\[\[\[}}1.000000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK: graph.conv %{{.*}}, %[[W]], %[[B]] :
// CHECK-NOT: graph.batch_normalization
func.func @into_conv_without_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = graph.constant dense<[[[[3.0]]], [[[5.0]]]]> : tensor<2x1x1x1xf32>
  %y = graph.conv %x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x4x4xf32>
  %s = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %bb = graph.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %m = graph.constant dense<[1.0, 0.5]> : tensor<2xf32>
  %v = graph.constant dense<[0.75, 3.75]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %s, %bb, %m, %v {epsilon = 0.25 : f32} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// ConvTranspose weights are C x M/group x k: with one group the output
// channel is the weight's second dim.
// CHECK-LABEL: func.func @into_conv_transpose
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}7.000000e+00]], {{\[\[}}1.800000e+01]]]]> : tensor<1x2x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<-1.000000e+00> : tensor<2xf32>
// CHECK: graph.conv_transpose %{{.*}}, %[[W]], %[[B]]
// CHECK-NOT: graph.batch_normalization
func.func @into_conv_transpose(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = graph.constant dense<[[[[7.0]], [[9.0]]]]> : tensor<1x2x1x1xf32>
  %y = graph.conv_transpose %x, %w : tensor<1x1x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %s = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %bb = graph.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %m = graph.constant dense<[1.0, 0.5]> : tensor<2xf32>
  %v = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %s, %bb, %m, %v {epsilon = 0.0 : f32} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// Grouped ConvTranspose: input channel c of group g feeds output channel
// g * (M/group) + j; here rows 0 and 1 feed channels 0 and 1.
// CHECK-LABEL: func.func @into_grouped_conv_transpose
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00]]], {{\[\[\[}}1.000000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK: graph.conv_transpose %{{.*}}, %[[W]], %{{.*}} {group = 2 : i64}
func.func @into_grouped_conv_transpose(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = graph.constant dense<[[[[3.0]]], [[[5.0]]]]> : tensor<2x1x1x1xf32>
  %y = graph.conv_transpose %x, %w {group = 2 : i64} : tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x4x4xf32>
  %s = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %bb = graph.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %m = graph.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %v = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %s, %bb, %m, %v {epsilon = 0.0 : f32} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// Not after a conv: x * f + (bias - mean * f) with constants of shape C x 1
// that broadcast on dim 1 of the rank-3 input.
// CHECK-LABEL: func.func @to_mul_add
// CHECK-DAG: %[[F:.*]] = graph.constant dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>
// CHECK-DAG: %[[O:.*]] = graph.constant dense<{{\[\[}}-1.000000e+00], [-3.000000e+00]]> : tensor<2x1xf32>
// CHECK: %[[M:.*]] = graph.mul %[[X:.*]], %[[F]] : tensor<?x2x3xf32>, tensor<2x1xf32> -> tensor<?x2x3xf32>
// CHECK: %[[A:.*]] = graph.add %[[M]], %[[O]] : tensor<?x2x3xf32>, tensor<2x1xf32> -> tensor<?x2x3xf32>
// CHECK-NOT: graph.batch_normalization
// CHECK: return %[[A]]
func.func @to_mul_add(%x: tensor<?x2x3xf32>) -> tensor<?x2x3xf32> {
  %s = graph.constant dense<[2.0, 6.0]> : tensor<2xf32>
  %bb = graph.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %m = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = graph.constant dense<[4.0, 9.0]> : tensor<2xf32>
  %z = graph.batch_normalization %x, %s, %bb, %m, %v {epsilon = 0.0 : f32} : tensor<?x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<?x2x3xf32>
  return %z : tensor<?x2x3xf32>
}

// -----

// The conv has a second use, so its weights must stay; the BN becomes a
// mul + add instead.
// CHECK-LABEL: func.func @negative_multi_use_conv
// CHECK: %[[Y:.*]] = graph.conv %{{.*}}, %{{.*}} :
// CHECK: graph.mul %[[Y]]
// CHECK: graph.add
// CHECK-NOT: graph.batch_normalization
// CHECK: return %{{.*}}, %[[Y]]
func.func @negative_multi_use_conv(%x: tensor<1x1x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = graph.constant dense<[[[[3.0]]], [[[5.0]]]]> : tensor<2x1x1x1xf32>
  %y = graph.conv %x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x4x4xf32>
  %p = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %p, %p, %p, %p : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z, %y : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}

// -----

// Weights that are an input cannot be rescaled: mul + add.
// CHECK-LABEL: func.func @negative_conv_weights_not_constant
// CHECK: %[[Y:.*]] = graph.conv %{{.*}}, %{{.*}} :
// CHECK: graph.mul %[[Y]]
func.func @negative_conv_weights_not_constant(%x: tensor<1x1x4x4xf32>, %w: tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %y = graph.conv %x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x4x4xf32>
  %p = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %z = graph.batch_normalization %y, %p, %p, %p, %p : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// Parameters that are inputs leave the BatchNormalization alone.
// CHECK-LABEL: func.func @negative_params_not_constant
// CHECK: graph.batch_normalization
// CHECK-NOT: graph.mul
func.func @negative_params_not_constant(%x: tensor<1x2x4x4xf32>, %s: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %p = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %z = graph.batch_normalization %x, %s, %p, %p, %p : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %z : tensor<1x2x4x4xf32>
}

// -----

// Folding rounds once to the element type: f16 weights stay f16.
// CHECK-LABEL: func.func @into_conv_f16
// CHECK-DAG: graph.constant dense<{{\[\[\[\[}}1.500000e+00]]], {{\[\[\[}}5.000000e+00]]]]> : tensor<2x1x1x1xf16>
// CHECK-DAG: graph.constant dense<[0.000000e+00, -5.000000e-01]> : tensor<2xf16>
func.func @into_conv_f16(%x: tensor<1x1x4x4xf16>) -> tensor<1x2x4x4xf16> {
  %w = graph.constant dense<[[[[3.0]]], [[[5.0]]]]> : tensor<2x1x1x1xf16>
  %y = graph.conv %x, %w : tensor<1x1x4x4xf16>, tensor<2x1x1x1xf16> -> tensor<1x2x4x4xf16>
  %s = graph.constant dense<[1.0, 2.0]> : tensor<2xf16>
  %bb = graph.constant dense<[0.0, 0.0]> : tensor<2xf16>
  %m = graph.constant dense<[0.0, 0.5]> : tensor<2xf16>
  %v = graph.constant dense<[4.0, 4.0]> : tensor<2xf16>
  %z = graph.batch_normalization %y, %s, %bb, %m, %v {epsilon = 0.0 : f32} : tensor<1x2x4x4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16> -> tensor<1x2x4x4xf16>
  return %z : tensor<1x2x4x4xf16>
}
