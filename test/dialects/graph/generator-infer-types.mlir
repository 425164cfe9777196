// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// Result types of graph.range: a static length when start, limit and delta
// are constants, max(ceil((limit - start) / delta), 0); dynamic otherwise.

// CHECK-LABEL: func @range_constant
func.func @range_constant() -> (tensor<*xf32>, tensor<*xi32>, tensor<*xi64>, tensor<*xf64>) {
  %fs = graph.constant dense<1.0> : tensor<f32>
  %fl = graph.constant dense<5.0> : tensor<f32>
  %fd = graph.constant dense<2.0> : tensor<f32>
  // CHECK: graph.range {{.*}} -> tensor<2xf32>
  %0 = graph.range %fs, %fl, %fd : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<*xf32>
  %is = graph.constant dense<10> : tensor<i32>
  %il = graph.constant dense<4> : tensor<i32>
  %id = graph.constant dense<-3> : tensor<i32>
  // CHECK: graph.range {{.*}} -> tensor<2xi32>
  %1 = graph.range %is, %il, %id : tensor<i32>, tensor<i32>, tensor<i32> -> tensor<*xi32>
  // An empty range: limit is behind start in the direction of delta.
  %ls = graph.constant dense<[3]> : tensor<1xi64>
  %ll = graph.constant dense<[7]> : tensor<1xi64>
  %ld = graph.constant dense<[-1]> : tensor<1xi64>
  // CHECK: graph.range {{.*}} -> tensor<0xi64>
  %2 = graph.range %ls, %ll, %ld : tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<*xi64>
  %ds = graph.constant dense<0.0> : tensor<f64>
  %dl = graph.constant dense<1.0> : tensor<f64>
  %dd = graph.constant dense<0.3> : tensor<f64>
  // CHECK: graph.range {{.*}} -> tensor<4xf64>
  %3 = graph.range %ds, %dl, %dd : tensor<f64>, tensor<f64>, tensor<f64> -> tensor<*xf64>
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xi32>, tensor<*xi64>, tensor<*xf64>
}

// -----

// CHECK-LABEL: func @range_runtime
func.func @range_runtime(%s: tensor<f32>) -> tensor<*xf32> {
  %l = graph.constant dense<5.0> : tensor<f32>
  // CHECK: graph.range {{.*}} -> tensor<?xf32>
  %0 = graph.range %s, %l, %l : tensor<f32>, tensor<f32>, tensor<f32> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
