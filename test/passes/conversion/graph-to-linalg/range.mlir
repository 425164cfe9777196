// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// A range of static length is one generic writing start + i * delta; start
// and delta are read from their (rank-0 or one-element) tensors.
// CHECK-LABEL: func.func @range_f32
// CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[L:.*]]: tensor<f32>, %[[D:.*]]: tensor<1xf32>)
// CHECK-DAG: %[[START:.*]] = tensor.extract %[[S]][]
// CHECK-DAG: %[[DELTA:.*]] = tensor.extract %[[D]][%{{.*}}]
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel"]
// CHECK-SAME: outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[IF:.*]] = arith.sitofp %[[I64]] : i64 to f32
// CHECK: %[[M:.*]] = arith.mulf %[[IF]], %[[DELTA]]
// CHECK: %[[A:.*]] = arith.addf %[[START]], %[[M]]
// CHECK: linalg.yield %[[A]]
func.func @range_f32(%s: tensor<f32>, %l: tensor<f32>, %d: tensor<1xf32>) -> tensor<4xf32> {
  %0 = graph.range %s, %l, %d : tensor<f32>, tensor<f32>, tensor<1xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer ranges narrow the index to the element type.
// CHECK-LABEL: func.func @range_i32
// CHECK: linalg.generic
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.muli
// CHECK: arith.addi
func.func @range_i32(%s: tensor<i32>, %l: tensor<i32>, %d: tensor<i32>) -> tensor<3xi32> {
  %0 = graph.range %s, %l, %d : tensor<i32>, tensor<i32>, tensor<i32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
