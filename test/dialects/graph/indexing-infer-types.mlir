// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// Result-type inference of the indexing ops, observed through
// graph-infer-shapes, which refines every declared `tensor<*x...>` result.

// CHECK-LABEL: func @gathers
func.func @gathers(%x: tensor<2x3x4xf32>, %i: tensor<2x5x4xi64>, %n: tensor<2x7x2xi64>,
                   %b: tensor<?x7x1xi64>, %q: tensor<3x?xi64>) {
  // CHECK: graph.gather_elements {{.*}} -> tensor<2x5x4xf32>
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<2x3x4xf32>, tensor<2x5x4xi64> -> tensor<*xf32>
  // indices [2, 7] of the first two dims: [2, 7] ++ [4].
  // CHECK: graph.gather_nd {{.*}} -> tensor<2x7x4xf32>
  %1 = graph.gather_nd %x, %n : tensor<2x3x4xf32>, tensor<2x7x2xi64> -> tensor<*xf32>
  // One batch dim, the batch size taken from data: [2, 7] ++ [4].
  // CHECK: graph.gather_nd {{.*}} -> tensor<2x7x4xf32>
  %2 = graph.gather_nd %x, %b {batch_dims = 1 : i64} : tensor<2x3x4xf32>, tensor<?x7x1xi64> -> tensor<*xf32>
  // A dynamic tuple length leaves the rank unknown.
  // CHECK: graph.gather_nd {{.*}} -> tensor<*xf32>
  %3 = graph.gather_nd %x, %q : tensor<2x3x4xf32>, tensor<3x?xi64> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @scatters
func.func @scatters(%x: tensor<4x?xf32>, %i: tensor<2x1xi64>, %u: tensor<2x?xf32>) {
  // CHECK: graph.scatter_nd {{.*}} -> tensor<4x?xf32>
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x?xf32>, tensor<2x1xi64>, tensor<2x?xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @tile_one_hot
func.func @tile_one_hot(%x: tensor<2x?xf32>, %r: tensor<2xi64>, %i: tensor<3x4xi32>,
                        %v: tensor<2xi64>, %d: tensor<f32>) {
  %reps = graph.constant dense<[3, 2]> : tensor<2xi64>
  // CHECK: graph.tile {{.*}} -> tensor<6x?xf32>
  %0 = graph.tile %x, %reps : tensor<2x?xf32>, tensor<2xi64> -> tensor<*xf32>
  // Repeats known only at run time: the rank is known.
  // CHECK: graph.tile {{.*}} -> tensor<?x?xf32>
  %1 = graph.tile %x, %r : tensor<2x?xf32>, tensor<2xi64> -> tensor<*xf32>
  %depth = graph.constant dense<10.0> : tensor<f32>
  // CHECK: graph.one_hot {{.*}} -> tensor<3x10x4xi64>
  %2 = graph.one_hot %i, %depth, %v {axis = -2 : i64} : tensor<3x4xi32>, tensor<f32>, tensor<2xi64> -> tensor<*xi64>
  // CHECK: graph.one_hot {{.*}} -> tensor<3x4x?xi64>
  %3 = graph.one_hot %i, %d, %v : tensor<3x4xi32>, tensor<f32>, tensor<2xi64> -> tensor<*xi64>
  return
}

// -----

// CHECK-LABEL: func @rearrangements
func.func @rearrangements(%x: tensor<2x8x3x?xf32>, %e: tensor<3x4xi32>) {
  // CHECK: graph.depth_to_space {{.*}} -> tensor<2x2x6x?xf32>
  %0 = graph.depth_to_space %x {blocksize = 2 : i64} : tensor<2x8x3x?xf32> -> tensor<*xf32>
  // CHECK: graph.space_to_depth {{.*}} -> tensor<2x72x1x?xf32>
  %1 = graph.space_to_depth %x {blocksize = 3 : i64} : tensor<2x8x3x?xf32> -> tensor<*xf32>
  // CHECK: graph.eye_like {{.*}} -> tensor<3x4xf16>
  %2 = graph.eye_like %e {dtype = f16} : tensor<3x4xi32> -> tensor<*xf16>
  // CHECK: graph.eye_like {{.*}} -> tensor<3x4xi32>
  %3 = graph.eye_like %e : tensor<3x4xi32> -> tensor<*xi32>
  return
}

// -----

// CHECK-LABEL: func @einsum
func.func @einsum(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>, %d: tensor<3x5x5xf32>,
                  %v: tensor<?xf32>, %w: tensor<7xf32>, %e: tensor<1x3x4xf32>) {
  // CHECK: graph.einsum {{.*}} -> tensor<5x2x4xf32>
  %0 = graph.einsum %a, %b {equation = "bij, bjk -> bik"} : tensor<5x2x3xf32>, tensor<5x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.einsum {{.*}} -> tensor<3x5xf32>
  %1 = graph.einsum %d {equation = "...ii ->...i"} : tensor<3x5x5xf32> -> tensor<*xf32>
  // Implicit output: the letters used once, sorted (i is summed).
  // CHECK: graph.einsum {{.*}} -> tensor<f32>
  %2 = graph.einsum %v, %w {equation = "i,i"} : tensor<?xf32>, tensor<7xf32> -> tensor<*xf32>
  // CHECK: graph.einsum {{.*}} -> tensor<3x5xf32>
  %3 = graph.einsum %a {equation = "bij->jb"} : tensor<5x2x3xf32> -> tensor<*xf32>
  // CHECK: graph.einsum {{.*}} -> tensor<5x3x2xf32>
  %4 = graph.einsum %a {equation = "bji"} : tensor<5x2x3xf32> -> tensor<*xf32>
  // The size-1 `...` dim broadcasts against 5.
  // CHECK: graph.einsum {{.*}} -> tensor<5x2x4xf32>
  %5 = graph.einsum %a, %e {equation = "...ij,...jk->...ik"} : tensor<5x2x3xf32>, tensor<1x3x4xf32> -> tensor<*xf32>
  return
}
