// RUN: weft-opt --pass-pipeline="builtin.module(func.func(cpu-conv-to-nhwc))" --split-input-file %s | FileCheck %s

// A 3x3 NCHW convolution runs in NHWC between transposes; its zero fill is
// re-created in NHWC rather than transposed.
// The transposes are generics (so the one after the conv fuses with its
// elementwise consumers): NCHW -> NHWC reads (n, c, h, w) at (d0, d3, d1, d2).
// CHECK-DAG: #[[TO_NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[TO_HWCF:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2, d0, d1)>
// CHECK-DAG: #[[TO_NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x10x10xf32>, %[[W:.*]]: tensor<16x8x3x3xf32>)
// CHECK: %[[XT:.*]] = linalg.generic {indexing_maps = [#[[TO_NHWC]], #{{.*}}]{{.*}} ins(%[[X]] : tensor<1x8x10x10xf32>) outs(%{{.*}} : tensor<1x10x10x8xf32>)
// CHECK: %[[WT:.*]] = linalg.generic {indexing_maps = [#[[TO_HWCF]], #{{.*}}]{{.*}} ins(%[[W]] : tensor<16x8x3x3xf32>) outs(%{{.*}} : tensor<3x3x8x16xf32>)
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x8x8x16xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[XT]], %[[WT]] : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%[[F]] : tensor<1x8x8x16xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[TO_NCHW]], #{{.*}}]{{.*}} ins(%[[C]] : tensor<1x8x8x16xf32>) outs(%{{.*}} : tensor<1x16x8x8xf32>)
// CHECK: return %[[Y]]
func.func @conv3x3(%x: tensor<1x8x10x10xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x10x10xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}

// -----

// Strides and dilations carry over; an init that is not a fill is transposed.
// CHECK-LABEL: func.func @strided_with_init
// CHECK: %[[IT:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x4x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x12x12x2xf32>, tensor<3x3x2x4xf32>) outs(%[[IT]] : tensor<1x4x4x4xf32>)
func.func @strided_with_init(%x: tensor<1x2x12x12xf32>, %w: tensor<4x2x3x3xf32>, %init: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x12x12xf32>, tensor<4x2x3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// negative_pointwise: a 1x1 convolution is already a matmul over channels
// and stays in NCHW.
// CHECK-LABEL: func.func @negative_pointwise
// CHECK-NOT: linalg.generic
// CHECK: linalg.conv_2d_nchw_fchw
func.func @negative_pointwise(%x: tensor<1x8x10x10xf32>, %w: tensor<16x8x1x1xf32>, %init: tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32> {
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x10x10xf32>, tensor<16x8x1x1xf32>) outs(%init : tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32>
  return %y : tensor<1x16x10x10xf32>
}

// -----

// A constant filter is transposed at compile time: element (f, c, h, w) of
// the FCHW constant lands at (h, w, c, f).
// CHECK-LABEL: func.func @constant_filter
// CHECK: %[[WT:.*]] = arith.constant dense<{{\[\[\[\[}}0.000000e+00, 4.000000e+00], [2.000000e+00, 6.000000e+00]], {{\[\[}}1.000000e+00, 5.000000e+00], [3.000000e+00, 7.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[WT]] : tensor<1x3x4x2xf32>, tensor<1x2x2x2xf32>)
func.func @constant_filter(%x: tensor<1x2x3x4xf32>, %init: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<[[[[0.0, 1.0]], [[2.0, 3.0]]], [[[4.0, 5.0]], [[6.0, 7.0]]]]> : tensor<2x2x1x2xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x3x4xf32>, tensor<2x2x1x2xf32>) outs(%init : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}
