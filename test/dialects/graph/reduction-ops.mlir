// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s

// Round trip of the ops in GraphReductionOps.td, with default and explicit
// attributes and static, dynamic and unranked types.

// CHECK-LABEL: func @reduce_family
func.func @reduce_family(%x: tensor<2x3x4xf32>, %d: tensor<?x3xi32>) {
  // CHECK: graph.reduce_min %{{.*}} {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  %0 = graph.reduce_min %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  // CHECK: graph.reduce_prod %{{.*}} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
  %1 = graph.reduce_prod %x : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
  // CHECK: graph.reduce_l1 %{{.*}} {axes = array<i64: -1>} : tensor<?x3xi32> -> tensor<?x1xi32>
  %2 = graph.reduce_l1 %d {axes = array<i64: -1>} : tensor<?x3xi32> -> tensor<?x1xi32>
  // CHECK: graph.reduce_l2
  %3 = graph.reduce_l2 %x {axes = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  // CHECK: graph.reduce_log_sum
  %4 = graph.reduce_log_sum %x : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_log_sum_exp {{.*}} {noop_with_empty_axes = 1 : i64}
  %5 = graph.reduce_log_sum_exp %x {noop_with_empty_axes = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  // CHECK: graph.reduce_sum_square
  %6 = graph.reduce_sum_square %d {keepdims = 0 : i64} : tensor<?x3xi32> -> tensor<i32>
  return
}

// CHECK-LABEL: func @arg_and_hardmax
func.func @arg_and_hardmax(%x: tensor<2x5xf32>, %u: tensor<*xf32>) {
  // CHECK: graph.arg_max %{{.*}} {axis = 1 : i64, keepdims = 0 : i64} : tensor<2x5xf32> -> tensor<2xi64>
  %0 = graph.arg_max %x {axis = 1 : i64, keepdims = 0 : i64} : tensor<2x5xf32> -> tensor<2xi64>
  // CHECK: graph.arg_min %{{.*}} {select_last_index = 1 : i64} : tensor<*xf32> -> tensor<*xi64>
  %1 = graph.arg_min %u {select_last_index = 1 : i64} : tensor<*xf32> -> tensor<*xi64>
  // CHECK: graph.hardmax %{{.*}} {axis = 0 : i64} : tensor<2x5xf32> -> tensor<2x5xf32>
  %2 = graph.hardmax %x {axis = 0 : i64} : tensor<2x5xf32> -> tensor<2x5xf32>
  return
}

// CHECK-LABEL: func @normalizations
func.func @normalizations(%x: tensor<1x8x4x4xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) {
  // CHECK: graph.lp_normalization %{{.*}} {axis = 1 : i64, p = 1 : i64}
  %0 = graph.lp_normalization %x {axis = 1 : i64, p = 1 : i64} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  // CHECK: graph.instance_normalization %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 1.000000e-03 : f32} : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x8x4x4xf32>
  %1 = graph.instance_normalization %x, %s, %b {epsilon = 1.0e-03 : f32} : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x8x4x4xf32>
  // CHECK: graph.lrn %{{.*}} {size = 3 : i64} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  %2 = graph.lrn %x {size = 3 : i64} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  return
}

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<?x8x6x6xf32>) {
  // CHECK: graph.global_max_pool %{{.*}} : tensor<?x8x6x6xf32> -> tensor<?x8x1x1xf32>
  %0 = graph.global_max_pool %x : tensor<?x8x6x6xf32> -> tensor<?x8x1x1xf32>
  // CHECK: graph.global_lp_pool %{{.*}} {p = 3 : i64}
  %1 = graph.global_lp_pool %x {p = 3 : i64} : tensor<?x8x6x6xf32> -> tensor<?x8x1x1xf32>
  // CHECK: graph.lp_pool %{{.*}} {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<?x8x6x6xf32> -> tensor<?x8x3x3xf32>
  %2 = graph.lp_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<?x8x6x6xf32> -> tensor<?x8x3x3xf32>
  return
}

// CHECK-LABEL: func @cumsum_top_k
func.func @cumsum_top_k(%x: tensor<3x4xf32>, %i: tensor<5xi64>) {
  // CHECK: graph.cumsum %{{.*}} {axis = 0 : i64, exclusive = 1 : i64, reverse = 1 : i64} : tensor<5xi64> -> tensor<5xi64>
  %0 = graph.cumsum %i {axis = 0 : i64, exclusive = 1 : i64, reverse = 1 : i64} : tensor<5xi64> -> tensor<5xi64>
  // CHECK: graph.top_k %{{.*}} {k = 2 : i64, largest = 0 : i64} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xi64>
  %1:2 = graph.top_k %x {k = 2 : i64, largest = 0 : i64} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xi64>
  return
}
