// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// Each indexing lowering that gives up names the node and says why.

// The length of the index tuples decides which dims are indexed: it must be
// known when compiling.
// CHECK: error: node 'gnd_0' (graph.gather_nd): cannot be lowered to linalg: the last dim of indices is dynamic
func.func @negative_gather_nd_dynamic_tuple(%x: tensor<4x4xf32>, %i: tensor<2x?xi64>) -> tensor<2x?xf32> {
  %y = graph.gather_nd %x, %i : tensor<4x4xf32>, tensor<2x?xi64> -> tensor<2x?xf32> loc(#gnd_0)
  return %y : tensor<2x?xf32>
}
#gnd_0 = loc("gnd_0"("model.onnx":0:0))

// -----

// CHECK: error: node 'snd_0' (graph.scatter_nd): cannot be lowered to linalg: the last dim of indices is dynamic
func.func @negative_scatter_nd_dynamic_tuple(%x: tensor<4x4xf32>, %i: tensor<2x?xi64>, %u: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %y = graph.scatter_nd %x, %i, %u : tensor<4x4xf32>, tensor<2x?xi64>, tensor<2x4xf32> -> tensor<4x4xf32> loc(#snd_0)
  return %y : tensor<4x4xf32>
}
#snd_0 = loc("snd_0"("model.onnx":0:0))

// -----

// CHECK: error: node 'ge_0' (graph.gather_elements): cannot be lowered to linalg: unranked data, indices or result
func.func @negative_gather_elements_unranked(%x: tensor<*xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %y = graph.gather_elements %x, %i : tensor<*xf32>, tensor<2x2xi64> -> tensor<2x2xf32> loc(#ge_0)
  return %y : tensor<2x2xf32>
}
#ge_0 = loc("ge_0"("model.onnx":0:0))
