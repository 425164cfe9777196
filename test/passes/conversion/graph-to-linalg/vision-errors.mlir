// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// Each image-geometry lowering that gives up names the node and says why.

// The result shape of max_unpool must be known when compiling.
// CHECK: error: node 'unpool_0' (graph.max_unpool): cannot be lowered to linalg: output_shape must be a constant (the result shape must be static)
func.func @negative_max_unpool_runtime_shape(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>, %s: tensor<4xi64>) -> tensor<?x?x?x?xf32> {
  %y = graph.max_unpool %x, %i output_shape(%s : tensor<4xi64>) {kernel_shape = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<?x?x?x?xf32> loc(#unpool_0)
  return %y : tensor<?x?x?x?xf32>
}
#unpool_0 = loc("unpool_0"("model.onnx":0:0))

// -----

// det loops over a static number of static matrices.
// CHECK: error: node 'det_0' (graph.det): cannot be lowered to linalg: x must have a static shape
func.func @negative_det_dynamic(%x: tensor<?x3x3xf32>) -> tensor<?xf32> {
  %y = graph.det %x : tensor<?x3x3xf32> -> tensor<?xf32> loc(#det_0)
  return %y : tensor<?xf32>
}
#det_0 = loc("det_0"("model.onnx":0:0))

// -----

// ONNX allows integer images in GridSample; the interpolation here is
// floating-point only.
// CHECK: error: node 'grid_0' (graph.grid_sample): cannot be lowered to linalg: x must be a floating-point tensor
func.func @negative_grid_sample_int(%x: tensor<1x1x4x4xi32>, %g: tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xi32> {
  %y = graph.grid_sample %x, %g : tensor<1x1x4x4xi32>, tensor<1x2x2x2xf32> -> tensor<1x1x2x2xi32> loc(#grid_0)
  return %y : tensor<1x1x2x2xi32>
}
#grid_0 = loc("grid_0"("model.onnx":0:0))

// -----

// tf_crop_and_resize needs a start and an end per resized axis.
// CHECK: error: node 'resize_0' (graph.resize): cannot be lowered to linalg: roi must hold a start and an end per resized axis (8 values)
func.func @negative_resize_crop_short_roi(%x: tensor<1x1x4x4xf32>, %roi: tensor<4xf32>) -> tensor<1x1x3x3xf32> {
  %s = graph.constant dense<[1, 1, 3, 3]> : tensor<4xi64>
  %y = graph.resize %x roi(%roi : tensor<4xf32>) sizes(%s : tensor<4xi64>) {mode = "linear", coordinate_transformation_mode = "tf_crop_and_resize"} : tensor<1x1x4x4xf32> -> tensor<1x1x3x3xf32> loc(#resize_0)
  return %y : tensor<1x1x3x3xf32>
}
#resize_0 = loc("resize_0"("model.onnx":0:0))
