// RUN: weft-opt %s | weft-opt | FileCheck %s

// CHECK-LABEL: func @relu
func.func @relu(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // CHECK: graph.relu %{{.*}} : tensor<1x8xf32> -> tensor<1x8xf32>
  %y = graph.relu %x : tensor<1x8xf32> -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}
