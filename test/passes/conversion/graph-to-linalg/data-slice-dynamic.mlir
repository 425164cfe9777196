// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Slice bounds known only at run time are read from their tensors and
// clamped with index arithmetic (a negative bound counts from the end);
// the count is dynamic when the result type does not know it.
// CHECK-LABEL: func.func @runtime_bounds
// CHECK-SAME: %[[X:[^:]*]]: tensor<8x4xf32>, %[[S:[^:]*]]: tensor<1xi64>, %[[E:[^:]*]]: tensor<1xi64>
// CHECK-DAG: %[[SV:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<1xi64>
// CHECK-DAG: %[[EV:.*]] = tensor.extract %[[E]][%{{.*}}] : tensor<1xi64>
// CHECK-DAG: arith.index_cast %[[SV]] : i64 to index
// CHECK-DAG: arith.index_cast %[[EV]] : i64 to index
// CHECK: arith.select
// CHECK: %[[R:.*]] = tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 4] [1, 1] : tensor<8x4xf32> to tensor<?x4xf32>
// CHECK: return %[[R]]
func.func @runtime_bounds(%x: tensor<8x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x4xf32> {
  %r = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<8x4xf32> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A static result dim is the count; the start is kept inside the data.
// CHECK-LABEL: func.func @runtime_start_static_size
// CHECK: %[[R:.*]] = tensor.extract_slice %{{.*}}[0, %{{.*}}] [8, 2] [1, 1] : tensor<8x4xf32> to tensor<8x2xf32>
// CHECK: return %[[R]]
func.func @runtime_start_static_size(%x: tensor<8x4xf32>, %s: tensor<1xi32>) -> tensor<8x2xf32> {
  %e = graph.constant dense<[100]> : tensor<1xi32>
  %a = graph.constant dense<[1]> : tensor<1xi32>
  %r = graph.slice %x starts(%s : tensor<1xi32>) ends(%e : tensor<1xi32>) axes(%a : tensor<1xi32>) : tensor<8x4xf32> -> tensor<8x2xf32>
  return %r : tensor<8x2xf32>
}
