// RUN: weft-opt -canonicalize -split-input-file %s | FileCheck %s

// Folders of the ops of GraphGeneratorOps.td.

// CHECK-LABEL: func @fold_range
func.func @fold_range() -> (tensor<3xf32>, tensor<2xi32>, tensor<0xi64>) {
  %fs = graph.constant dense<1.0> : tensor<f32>
  %fl = graph.constant dense<2.0> : tensor<f32>
  %fd = graph.constant dense<0.5> : tensor<f32>
  // CHECK-DAG: graph.constant dense<[1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<3xf32>
  %l = graph.constant dense<2.25> : tensor<f32>
  %0 = graph.range %fs, %l, %fd : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<3xf32>
  %is = graph.constant dense<10> : tensor<i32>
  %il = graph.constant dense<4> : tensor<i32>
  %id = graph.constant dense<-3> : tensor<i32>
  // CHECK-DAG: graph.constant dense<[10, 7]> : tensor<2xi32>
  %1 = graph.range %is, %il, %id : tensor<i32>, tensor<i32>, tensor<i32> -> tensor<2xi32>
  %e = graph.constant dense<1> : tensor<i64>
  // CHECK-DAG: graph.constant dense<> : tensor<0xi64>
  %2 = graph.range %e, %e, %e : tensor<i64>, tensor<i64>, tensor<i64> -> tensor<0xi64>
  // CHECK-NOT: graph.range
  return %0, %1, %2 : tensor<3xf32>, tensor<2xi32>, tensor<0xi64>
}

// -----

// A range whose start is only known at run time stays.
// CHECK-LABEL: func @negative_fold_range_runtime_start
// CHECK: graph.range
func.func @negative_fold_range_runtime_start(%s: tensor<i64>) -> tensor<?xi64> {
  %l = graph.constant dense<5> : tensor<i64>
  %0 = graph.range %s, %l, %l : tensor<i64>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
