// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// A range whose length is only known at run time is not lowered; the message
// says which inputs must be constants (the conformance runner then binds
// them at compile time).
// CHECK: error: node 'range_0' (graph.range): cannot be lowered to linalg: start, limit and delta must be constants
func.func @negative_range_dynamic_length(%s: tensor<f32>, %l: tensor<f32>, %d: tensor<f32>) -> tensor<?xf32> {
  %0 = graph.range %s, %l, %d : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<?xf32> loc(#range_0)
  return %0 : tensor<?xf32>
}
#range_0 = loc("range_0"("model.onnx":0:0))
