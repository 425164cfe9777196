// RUN: weft-opt -split-input-file -graph-infer-shapes %s | FileCheck %s
// RUN: weft-opt -split-input-file -mlir-print-op-generic %s | weft-opt -split-input-file | FileCheck %s --check-prefix=ROUND

// The image-geometry ops (GraphVisionOps.td): round trip through the generic
// form, and result-type inference observed through graph-infer-shapes, which
// refines each declared `tensor<*x...>` result.

// CHECK-LABEL: func.func @grid_sample
// CHECK: graph.grid_sample %{{.*}}, %{{.*}} {align_corners = 1 : i64, mode = "bicubic", padding_mode = "reflection"} : tensor<2x3x8x8xf32>, tensor<2x4x5x2xf32> -> tensor<2x3x4x5xf32>
// ROUND-LABEL: func.func @grid_sample
// ROUND: graph.grid_sample %{{.*}}, %{{.*}} {align_corners = 1 : i64, mode = "bicubic", padding_mode = "reflection"} : tensor<2x3x8x8xf32>, tensor<2x4x5x2xf32> -> tensor<*xf32>
func.func @grid_sample(%x: tensor<2x3x8x8xf32>, %g: tensor<2x4x5x2xf32>) -> tensor<*xf32> {
  %y = graph.grid_sample %x, %g {mode = "bicubic", padding_mode = "reflection", align_corners = 1 : i64} : tensor<2x3x8x8xf32>, tensor<2x4x5x2xf32> -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// The batch comes from the grid when x does not know it; unknown grid dims
// stay dynamic.
// CHECK-LABEL: func.func @grid_sample_dynamic
// CHECK: -> tensor<2x3x?x5xf16>
func.func @grid_sample_dynamic(%x: tensor<?x3x8x8xf16>, %g: tensor<2x?x5x2xf32>) -> tensor<*xf16> {
  %y = graph.grid_sample %x, %g : tensor<?x3x8x8xf16>, tensor<2x?x5x2xf32> -> tensor<*xf16>
  return %y : tensor<*xf16>
}

// -----

// CHECK-LABEL: func.func @roi_align
// CHECK: graph.roi_align %{{.*}}, %{{.*}}, %{{.*}} {coordinate_transformation_mode = "output_half_pixel", mode = "max", output_height = 5 : i64, output_width = 7 : i64, sampling_ratio = 2 : i64, spatial_scale = 5.000000e-01 : f32} : tensor<1x4x10x10xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4x5x7xf32>
// ROUND-LABEL: func.func @roi_align
// ROUND: graph.roi_align {{.*}} -> tensor<*xf32>
func.func @roi_align(%x: tensor<1x4x10x10xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<*xf32> {
  %y = graph.roi_align %x, %r, %b {mode = "max", output_height = 5 : i64, output_width = 7 : i64, sampling_ratio = 2 : i64, spatial_scale = 0.5 : f32, coordinate_transformation_mode = "output_half_pixel"} : tensor<1x4x10x10xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// The box count comes from batch_indices when rois does not know it; the
// defaults give 1 x 1 bins.
// CHECK-LABEL: func.func @roi_align_defaults
// CHECK: -> tensor<6x?x1x1xf32>
func.func @roi_align_defaults(%x: tensor<1x?x10x10xf32>, %r: tensor<?x4xf32>, %b: tensor<6xi32>) -> tensor<*xf32> {
  %y = graph.roi_align %x, %r, %b : tensor<1x?x10x10xf32>, tensor<?x4xf32>, tensor<6xi32> -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// Without output_shape: (in - 1) * stride + kernel - pads per spatial dim.
// CHECK-LABEL: func.func @max_unpool_default
// CHECK: graph.max_unpool %{{.*}}, %{{.*}} {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x3x4xf32>, tensor<1x2x3x4xi64> -> tensor<1x2x6x8xf32>
// ROUND-LABEL: func.func @max_unpool_default
// ROUND: graph.max_unpool {{.*}} -> tensor<*xf32>
func.func @max_unpool_default(%x: tensor<1x2x3x4xf32>, %i: tensor<1x2x3x4xi64>) -> tensor<*xf32> {
  %y = graph.max_unpool %x, %i {kernel_shape = array<i64: 3, 2>, pads = array<i64: 1, 0, 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x3x4xf32>, tensor<1x2x3x4xi64> -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

// A constant output_shape is the result shape; a run-time one leaves every
// dim dynamic.
// CHECK-LABEL: func.func @max_unpool_output_shape
// CHECK: output_shape(%{{.*}} : tensor<4xi64>) {{.*}} -> tensor<1x1x5x5xf32>
// CHECK: output_shape(%{{.*}} : tensor<4xi64>) {{.*}} -> tensor<?x?x?x?xf32>
// ROUND-LABEL: func.func @max_unpool_output_shape
// ROUND-COUNT-2: graph.max_unpool {{.*}} output_shape
func.func @max_unpool_output_shape(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>, %s: tensor<4xi64>) -> (tensor<*xf32>, tensor<*xf32>) {
  %c = graph.constant dense<[1, 1, 5, 5]> : tensor<4xi64>
  %y = graph.max_unpool %x, %i output_shape(%c : tensor<4xi64>) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<*xf32>
  %z = graph.max_unpool %x, %i output_shape(%s : tensor<4xi64>) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<*xf32>
  return %y, %z : tensor<*xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @det
// CHECK: graph.det %{{.*}} : tensor<2x5x3x3xf64> -> tensor<2x5xf64>
// CHECK: graph.det %{{.*}} : tensor<4x4xf32> -> tensor<f32>
// CHECK: graph.det %{{.*}} : tensor<?x?x?xf32> -> tensor<?xf32>
// ROUND-LABEL: func.func @det
// ROUND-COUNT-3: graph.det
func.func @det(%a: tensor<2x5x3x3xf64>, %b: tensor<4x4xf32>, %c: tensor<?x?x?xf32>) -> (tensor<*xf64>, tensor<*xf32>, tensor<*xf32>) {
  %0 = graph.det %a : tensor<2x5x3x3xf64> -> tensor<*xf64>
  %1 = graph.det %b : tensor<4x4xf32> -> tensor<*xf32>
  %2 = graph.det %c : tensor<?x?x?xf32> -> tensor<*xf32>
  return %0, %1, %2 : tensor<*xf64>, tensor<*xf32>, tensor<*xf32>
}
