// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// max_pool_indices: one generic over (n, c, oh, ow, kh, kw) that keeps the
// smallest row-major flat index of an in-bounds tap equal to the maximum.
// Padding is a bounds check on the tap position, not a padded copy.
// CHECK-LABEL: func.func @indices
// CHECK-DAG: %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NONE]] : i64) outs(%{{.*}} : tensor<1x2x3x3xi64>)
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<2x2xi8>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME: ins(%{{.*}}, %[[WIN]] : tensor<1x2x3x3xf32>, tensor<2x2xi8>) outs(%[[INIT]] : tensor<1x2x3x3xi64>)
// CHECK: linalg.index 4
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x2x5x5xf32>
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[V]]
// CHECK: %[[MIN:.*]] = arith.minsi
// CHECK: linalg.yield %[[MIN]] : i64
// CHECK-NOT: arith.divsi
func.func @indices(%x: tensor<1x2x5x5xf32>, %y: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xi64> {
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x5x5xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xi64>
  return %i : tensor<1x2x3x3xi64>
}

// -----

// storage_order = 1: an elementwise generic re-orders the spatial dims of
// each index column-major (the marker of no match stays).
// CHECK-LABEL: func.func @column_major
// CHECK: %[[ROW:.*]] = linalg.generic
// CHECK: arith.cmpi eq
// CHECK: linalg.generic {{.*}} ins(%[[ROW]] : tensor<?x3x2xi64>)
// CHECK: arith.remsi
// CHECK: arith.divsi
// CHECK: arith.select
func.func @column_major(%x: tensor<?x3x4xi8>, %y: tensor<?x3x2xi8>) -> tensor<?x3x2xi64> {
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2>, strides = array<i64: 2>, storage_order = 1 : i64} : tensor<?x3x4xi8>, tensor<?x3x2xi8> -> tensor<?x3x2xi64>
  return %i : tensor<?x3x2xi64>
}
