// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// The quantization lowerings (and the i32 conv of ConvInteger) that give up
// name the node and say why.

// The loop nest needs the rank of x.
// CHECK: error: node 'q_0' (graph.quantize_linear): cannot be lowered to linalg: unranked operand or result
func.func @negative_quantize_unranked(%x: tensor<*xf32>, %s: tensor<f32>) -> tensor<*xui8> {
  %y = graph.quantize_linear %x, %s : tensor<*xf32>, tensor<f32> -> tensor<*xui8> loc(#q_0)
  return %y : tensor<*xui8>
}
#q_0 = loc("q_0"("model.onnx":0:0))

// -----

// The bias addition of a conv is float only; ConvInteger never has a bias.
// CHECK: error: node 'c_0' (graph.conv): cannot be lowered to linalg: element type must be float
func.func @negative_integer_conv_with_bias(%x: tensor<1x1x3x3xi32>, %w: tensor<2x1x2x2xi32>, %b: tensor<2xi32>) -> tensor<1x2x2x2xi32> {
  %y = graph.conv %x, %w, %b : tensor<1x1x3x3xi32>, tensor<2x1x2x2xi32>, tensor<2xi32> -> tensor<1x2x2x2xi32> loc(#c_0)
  return %y : tensor<1x2x2x2xi32>
}
#c_0 = loc("c_0"("model.onnx":0:0))
