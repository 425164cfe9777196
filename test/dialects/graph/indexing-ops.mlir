// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s

// Round trip of the indexing ops (GraphIndexingOps.td), with optional
// operands present and absent and static, dynamic and unranked types.

// CHECK-LABEL: func @gathers
func.func @gathers(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>, %d: tensor<?x3xf32>,
                   %n: tensor<2x1xi32>, %u: tensor<*xf32>) {
  // CHECK: graph.gather_elements %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  // CHECK: graph.gather_elements %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  %1 = graph.gather_elements %d, %i : tensor<?x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  // CHECK: graph.gather_nd %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<2x1xi32> -> tensor<2x3xf32>
  %2 = graph.gather_nd %x, %n : tensor<2x3xf32>, tensor<2x1xi32> -> tensor<2x3xf32>
  // CHECK: graph.gather_nd %{{.*}}, %{{.*}} {batch_dims = 1 : i64} : tensor<*xf32>, tensor<2x1xi32> -> tensor<*xf32>
  %3 = graph.gather_nd %u, %n {batch_dims = 1 : i64} : tensor<*xf32>, tensor<2x1xi32> -> tensor<*xf32>
  return
}

// CHECK-LABEL: func @scatters
func.func @scatters(%x: tensor<4x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>,
                    %n: tensor<2x1xi64>) {
  // CHECK: graph.scatter_elements %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
  %0 = graph.scatter_elements %x, %i, %u : tensor<4x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
  // CHECK: graph.scatter_elements %{{.*}}, %{{.*}}, %{{.*}} {axis = -1 : i64, reduction = "max"}
  %1 = graph.scatter_elements %x, %i, %u {axis = -1 : i64, reduction = "max"} : tensor<4x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
  // CHECK: graph.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {reduction = "mul"} : tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
  %2 = graph.scatter_nd %x, %n, %u {reduction = "mul"} : tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
  return
}

// CHECK-LABEL: func @patterns
func.func @patterns(%x: tensor<4x5xf32>, %k: tensor<i64>, %r: tensor<2xi64>,
                    %i: tensor<3xi64>, %d: tensor<f32>, %v: tensor<2xf32>,
                    %img: tensor<1x8x3x3xf32>, %lens: tensor<5xi64>) {
  // CHECK: graph.trilu %{{.*}} k(%{{.*}} : tensor<i64>) {upper = 0 : i64} : tensor<4x5xf32> -> tensor<4x5xf32>
  %0 = graph.trilu %x k(%k : tensor<i64>) {upper = 0 : i64} : tensor<4x5xf32> -> tensor<4x5xf32>
  // CHECK: graph.trilu %{{.*}} : tensor<4x5xf32> -> tensor<4x5xf32>
  %1 = graph.trilu %x : tensor<4x5xf32> -> tensor<4x5xf32>
  // CHECK: graph.tile %{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %2 = graph.tile %x, %r : tensor<4x5xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // CHECK: graph.one_hot %{{.*}}, %{{.*}}, %{{.*}} {axis = 0 : i64} : tensor<3xi64>, tensor<f32>, tensor<2xf32> -> tensor<?x3xf32>
  %3 = graph.one_hot %i, %d, %v {axis = 0 : i64} : tensor<3xi64>, tensor<f32>, tensor<2xf32> -> tensor<?x3xf32>
  // CHECK: graph.depth_to_space %{{.*}} {blocksize = 2 : i64, mode = "CRD"} : tensor<1x8x3x3xf32> -> tensor<1x2x6x6xf32>
  %4 = graph.depth_to_space %img {blocksize = 2 : i64, mode = "CRD"} : tensor<1x8x3x3xf32> -> tensor<1x2x6x6xf32>
  // CHECK: graph.space_to_depth %{{.*}} {blocksize = 3 : i64} : tensor<1x8x3x3xf32> -> tensor<1x72x1x1xf32>
  %5 = graph.space_to_depth %img {blocksize = 3 : i64} : tensor<1x8x3x3xf32> -> tensor<1x72x1x1xf32>
  // CHECK: graph.eye_like %{{.*}} {dtype = i32, k = -1 : i64} : tensor<4x5xf32> -> tensor<4x5xi32>
  %6 = graph.eye_like %x {k = -1 : i64, dtype = i32} : tensor<4x5xf32> -> tensor<4x5xi32>
  // CHECK: graph.reverse_sequence %{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<5xi64> -> tensor<4x5xf32>
  %7 = graph.reverse_sequence %x, %lens : tensor<4x5xf32>, tensor<5xi64> -> tensor<4x5xf32>
  return
}

// CHECK-LABEL: func @einsum
func.func @einsum(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  // CHECK: graph.einsum %{{.*}}, %{{.*}} {equation = "bij,bjk->bik"} : tensor<5x2x3xf32>, tensor<5x3x4xf32> -> tensor<5x2x4xf32>
  %0 = graph.einsum %a, %b {equation = "bij,bjk->bik"} : tensor<5x2x3xf32>, tensor<5x3x4xf32> -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}
