// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// Result types of the ops in GraphReductionOps.td, observed through
// graph-infer-shapes, which refines every declared `tensor<*x...>` result.

// CHECK-LABEL: func @reduce_family
func.func @reduce_family(%x: tensor<2x?x4xf32>, %u: tensor<*xf32>) {
  // CHECK: graph.reduce_min {{.*}} -> tensor<2x?xf32>
  %0 = graph.reduce_min %x {axes = array<i64: 2>, keepdims = 0 : i64} : tensor<2x?x4xf32> -> tensor<*xf32>
  // An empty axes list reduces everything.
  // CHECK: graph.reduce_prod {{.*}} -> tensor<1x1x1xf32>
  %1 = graph.reduce_prod %x {axes = array<i64>} : tensor<2x?x4xf32> -> tensor<*xf32>
  // ... unless noop_with_empty_axes is set.
  // CHECK: graph.reduce_l1 {{.*}} -> tensor<2x?x4xf32>
  %2 = graph.reduce_l1 %x {noop_with_empty_axes = 1 : i64} : tensor<2x?x4xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_l2 {{.*}} -> tensor<1x?x1xf32>
  %3 = graph.reduce_l2 %x {axes = array<i64: 0, -1>} : tensor<2x?x4xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_log_sum {{.*}} -> tensor<f32>
  %4 = graph.reduce_log_sum %x {keepdims = 0 : i64} : tensor<2x?x4xf32> -> tensor<*xf32>
  // Unranked: a full reduction without keepdims is a scalar, else unranked.
  // CHECK: graph.reduce_log_sum_exp {{.*}} -> tensor<f32>
  %5 = graph.reduce_log_sum_exp %u {keepdims = 0 : i64} : tensor<*xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_sum_square {{.*}} -> tensor<*xf32>
  %6 = graph.reduce_sum_square %u {axes = array<i64: 1>} : tensor<*xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @arg_reduce
func.func @arg_reduce(%x: tensor<2x?x4xf32>, %u: tensor<*xi32>) {
  // CHECK: graph.arg_max {{.*}} -> tensor<1x?x4xi64>
  %0 = graph.arg_max %x : tensor<2x?x4xf32> -> tensor<*xi64>
  // CHECK: graph.arg_min {{.*}} -> tensor<2x?xi64>
  %1 = graph.arg_min %x {axis = -1 : i64, keepdims = 0 : i64} : tensor<2x?x4xf32> -> tensor<*xi64>
  // CHECK: graph.arg_max {{.*}} -> tensor<*xi64>
  %2 = graph.arg_max %u : tensor<*xi32> -> tensor<*xi64>
  // CHECK: graph.hardmax {{.*}} -> tensor<2x?x4xf32>
  %3 = graph.hardmax %x : tensor<2x?x4xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @normalizations
func.func @normalizations(%x: tensor<?x3x5xf32>, %s: tensor<3xf32>) {
  // CHECK: graph.lp_normalization {{.*}} -> tensor<?x3x5xf32>
  %0 = graph.lp_normalization %x : tensor<?x3x5xf32> -> tensor<*xf32>
  // CHECK: graph.instance_normalization {{.*}} -> tensor<?x3x5xf32>
  %1 = graph.instance_normalization %x, %s, %s : tensor<?x3x5xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<*xf32>
  // CHECK: graph.lrn {{.*}} -> tensor<?x3x5xf32>
  %2 = graph.lrn %x {size = 2 : i64} : tensor<?x3x5xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<?x8x7x?xf32>) {
  // CHECK: graph.global_max_pool {{.*}} -> tensor<?x8x1x1xf32>
  %0 = graph.global_max_pool %x : tensor<?x8x7x?xf32> -> tensor<*xf32>
  // CHECK: graph.global_lp_pool {{.*}} -> tensor<?x8x1x1xf32>
  %1 = graph.global_lp_pool %x : tensor<?x8x7x?xf32> -> tensor<*xf32>
  // Window arithmetic as for the other pools; a dynamic spatial dim stays so.
  // CHECK: graph.lp_pool {{.*}} -> tensor<?x8x4x?xf32>
  %2 = graph.lp_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = 1 : i64} : tensor<?x8x7x?xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @cumsum_top_k
func.func @cumsum_top_k(%x: tensor<?x6xf32>) {
  // CHECK: graph.cumsum {{.*}} -> tensor<?x6xf32>
  %0 = graph.cumsum %x {axis = -1 : i64} : tensor<?x6xf32> -> tensor<*xf32>
  // CHECK: graph.top_k {{.*}} -> tensor<?x3xf32>, tensor<?x3xi64>
  %1:2 = graph.top_k %x {k = 3 : i64} : tensor<?x6xf32> -> tensor<*xf32>, tensor<*xi64>
  // CHECK: graph.top_k {{.*}} -> tensor<2x6xf32>, tensor<2x6xi64>
  %2:2 = graph.top_k %x {k = 2 : i64, axis = 0 : i64} : tensor<?x6xf32> -> tensor<*xf32>, tensor<*xi64>
  return
}
