// RUN: not weft-opt %s -convert-graph-to-linalg 2>&1 | FileCheck %s

// Generated code cannot take a data-dependent shape.
// CHECK: error: node 'add_1' (graph.add): uses result 0 of node 'nz_0' (graph.nonzero), whose shape depends on the data; such results can only be graph outputs
func.func @consumed(%x: tensor<2x3xf32>, %y: tensor<2x?xi64>) -> tensor<2x?xi64> {
  %0 = graph.nonzero %x : tensor<2x3xf32> -> tensor<2x?xi64> loc(#nz_0)
  %1 = graph.add %0, %y : tensor<2x?xi64>, tensor<2x?xi64> -> tensor<2x?xi64> loc(#add_1)
  return %1 : tensor<2x?xi64>
}
#nz_0 = loc("nz_0"("model.onnx":0:0))
#add_1 = loc("add_1"("model.onnx":0:0))
