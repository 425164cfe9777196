// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// The reasons the reduction patterns give for what they cannot lower.

// CHECK: error: node 'l2' (graph.reduce_l2): cannot be lowered to linalg: element type i32 is not supported
// CHECK-NEXT: error: node 'max' (graph.reduce_max): cannot be lowered to linalg: element type ui8 is not supported
func.func @types(%x: tensor<4xi32>, %u: tensor<4xui8>) -> (tensor<1xi32>, tensor<1xui8>) {
  %0 = graph.reduce_l2 %x : tensor<4xi32> -> tensor<1xi32> loc(#l2)
  %1 = graph.reduce_max %u : tensor<4xui8> -> tensor<1xui8> loc(#max)
  return %0, %1 : tensor<1xi32>, tensor<1xui8>
}
#l2 = loc("l2"("model.onnx":0:0))
#max = loc("max"("model.onnx":0:0))

// -----

// CHECK: error: node 'topk' (graph.top_k): cannot be lowered to linalg: the axis dim must be static
func.func @top_k_dynamic(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xi64>) {
  %v, %i = graph.top_k %x {k = 2 : i64} : tensor<?xf32> -> tensor<2xf32>, tensor<2xi64> loc(#topk)
  return %v, %i : tensor<2xf32>, tensor<2xi64>
}
#topk = loc("topk"("model.onnx":0:0))

// -----

// CHECK: error: node 'argmax' (graph.arg_max): cannot be lowered to linalg: element type is not supported
func.func @arg_unsigned(%x: tensor<4xui16>) -> tensor<1xi64> {
  %0 = graph.arg_max %x : tensor<4xui16> -> tensor<1xi64> loc(#argmax)
  return %0 : tensor<1xi64>
}
#argmax = loc("argmax"("model.onnx":0:0))
