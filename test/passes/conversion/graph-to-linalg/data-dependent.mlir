// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Ops with data-dependent result shapes are not lowered: the backend runs
// them as builtin steps. Everything around them is lowered as usual.
// CHECK-LABEL: func.func @nonzero_output
// CHECK: linalg.generic
// CHECK: graph.nonzero %{{.*}} : tensor<2x3xf32> -> tensor<2x?xi64>
// CHECK: return
func.func @nonzero_output(%x: tensor<2x3xf32>) -> tensor<2x?xi64> {
  %r = graph.relu %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %0 = graph.nonzero %r : tensor<2x3xf32> -> tensor<2x?xi64>
  return %0 : tensor<2x?xi64>
}

// -----

// One such op may feed another.
// CHECK-LABEL: func.func @chain
// CHECK: graph.compress
// CHECK: graph.nonzero
func.func @chain(%x: tensor<6xf32>, %c: tensor<6xi1>) -> tensor<1x?xi64> {
  %0 = graph.compress %x, %c {axis = 0 : i64} : tensor<6xf32>, tensor<6xi1> -> tensor<?xf32>
  %1 = graph.nonzero %0 : tensor<?xf32> -> tensor<1x?xi64>
  return %1 : tensor<1x?xi64>
}
