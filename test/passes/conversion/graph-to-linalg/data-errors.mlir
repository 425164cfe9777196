// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// Each data-movement lowering that gives up names the node and says why.

// Slice bounds may be computed at run time (data-slice-dynamic.mlir), but
// axes and steps must be constants.
// CHECK: error: node 'slice_0' (graph.slice): cannot be lowered to linalg: axes and steps must be constants
func.func @negative_slice_runtime_steps(%x: tensor<8xf32>, %t: tensor<1xi64>) -> tensor<?xf32> {
  %s = graph.constant dense<0> : tensor<1xi64>
  %e = graph.constant dense<4> : tensor<1xi64>
  %a = graph.constant dense<0> : tensor<1xi64>
  %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) axes(%a : tensor<1xi64>) steps(%t : tensor<1xi64>) : tensor<8xf32> -> tensor<?xf32> loc(#slice_0)
  return %y : tensor<?xf32>
}
#slice_0 = loc("slice_0"("model.onnx":0:0))

// -----

// CHECK: error: node 'pad_0' (graph.pad): cannot be lowered to linalg: pads must be a constant
func.func @negative_pad_runtime_pads(%x: tensor<8xf32>, %p: tensor<2xi64>) -> tensor<?xf32> {
  %y = graph.pad %x pads(%p : tensor<2xi64>) {mode = "reflect"} : tensor<8xf32> -> tensor<?xf32> loc(#pad_0)
  return %y : tensor<?xf32>
}
#pad_0 = loc("pad_0"("model.onnx":0:0))

// -----

// CHECK: error: node 'pad_1' (graph.pad): cannot be lowered to linalg: cannot pad an empty axis in edge mode
func.func @negative_pad_empty_axis(%x: tensor<0x2xf32>) -> tensor<2x2xf32> {
  %p = graph.constant dense<[1, 0, 1, 0]> : tensor<4xi64>
  %y = graph.pad %x pads(%p : tensor<4xi64>) {mode = "edge"} : tensor<0x2xf32> -> tensor<2x2xf32> loc(#pad_1)
  return %y : tensor<2x2xf32>
}
#pad_1 = loc("pad_1"("model.onnx":0:0))

// -----

// CHECK: error: node 'resize_0' (graph.resize): cannot be lowered to linalg: scales must be a constant
func.func @negative_resize_runtime_scales(%x: tensor<1x1x4x4xf32>, %s: tensor<4xf32>) -> tensor<?x?x?x?xf32> {
  %y = graph.resize %x scales(%s : tensor<4xf32>) : tensor<1x1x4x4xf32> -> tensor<?x?x?x?xf32> loc(#resize_0)
  return %y : tensor<?x?x?x?xf32>
}
#resize_0 = loc("resize_0"("model.onnx":0:0))

// -----

// tf_crop_and_resize reads its box from roi, which the model must give.
// CHECK: error: node 'resize_1' (graph.resize): cannot be lowered to linalg: tf_crop_and_resize needs roi as a 1-D floating-point tensor
func.func @negative_resize_crop(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x8x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %y = graph.resize %x scales(%s : tensor<4xf32>) {coordinate_transformation_mode = "tf_crop_and_resize"} : tensor<1x1x4x4xf32> -> tensor<1x1x8x8xf32> loc(#resize_1)
  return %y : tensor<1x1x8x8xf32>
}
#resize_1 = loc("resize_1"("model.onnx":0:0))

// -----

// CHECK: error: node 'resize_2' (graph.resize): cannot be lowered to linalg: linear mode needs a floating-point input
func.func @negative_resize_linear_int(%x: tensor<4xi32>) -> tensor<8xi32> {
  %s = graph.constant dense<[2.0]> : tensor<1xf32>
  %y = graph.resize %x scales(%s : tensor<1xf32>) {mode = "linear"} : tensor<4xi32> -> tensor<8xi32> loc(#resize_2)
  return %y : tensor<8xi32>
}
#resize_2 = loc("resize_2"("model.onnx":0:0))

// -----

// CHECK: error: node 'cos_0' (graph.constant_of_shape): cannot be lowered to linalg: a dynamic shape with an unsigned element type is not supported
func.func @negative_constant_of_shape_unsigned(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xui8> {
  %v = graph.constant dense<1> : tensor<1xui8>
  %y = graph.constant_of_shape %s {value = dense<1> : tensor<1xui8>} : tensor<1xi64> -> tensor<?xui8> loc(#cos_0)
  return %y : tensor<?xui8>
}
#cos_0 = loc("cos_0"("model.onnx":0:0))
