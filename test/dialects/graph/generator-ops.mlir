// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s

// Round trip of the ops of GraphGeneratorOps.td.

// CHECK-LABEL: func @range
func.func @range(%s: tensor<f32>, %l: tensor<f32>, %d: tensor<f32>, %i: tensor<1xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  // CHECK: graph.range %{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<?xf32>
  %0 = graph.range %s, %l, %d : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<?xf32>
  // CHECK: graph.range %{{.*}}, %{{.*}}, %{{.*}} : tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi64>
  %1 = graph.range %i, %i, %i : tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi64>
  return %0, %1 : tensor<?xf32>, tensor<?xi64>
}
