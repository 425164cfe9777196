// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Verifier and type-inference errors of the ops of GraphGeneratorOps.td.

func.func @range_bool(%b: tensor<i1>) {
  // expected-error@+1 {{graph.range: start must be a tensor of f32, f64, i16, i32 or i64, got 'tensor<i1>'}}
  %0 = graph.range %b, %b, %b : tensor<i1>, tensor<i1>, tensor<i1> -> tensor<?xi1>
  return
}

// -----

func.func @range_mixed_types(%s: tensor<f32>, %l: tensor<f64>) {
  // expected-error@+1 {{graph.range: limit has element type 'f64' but start has 'f32'}}
  %0 = graph.range %s, %l, %s : tensor<f32>, tensor<f64>, tensor<f32> -> tensor<?xf32>
  return
}

// -----

func.func @range_not_scalar(%s: tensor<i32>, %d: tensor<2xi32>) {
  // expected-error@+1 {{graph.range: delta must be a scalar, got shape 2}}
  %0 = graph.range %s, %s, %d : tensor<i32>, tensor<i32>, tensor<2xi32> -> tensor<?xi32>
  return
}

// -----

func.func @range_zero_delta() {
  %s = graph.constant dense<0> : tensor<i64>
  %l = graph.constant dense<5> : tensor<i64>
  %d = graph.constant dense<0> : tensor<i64>
  // expected-error@+1 {{graph.range: delta must not be 0}}
  %0 = graph.range %s, %l, %d : tensor<i64>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return
}

// -----

func.func @range_wrong_length() {
  %s = graph.constant dense<0> : tensor<i64>
  %l = graph.constant dense<5> : tensor<i64>
  %d = graph.constant dense<2> : tensor<i64>
  // expected-error@+2 {{are incompatible with return type(s)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.range %s, %l, %d : tensor<i64>, tensor<i64>, tensor<i64> -> tensor<2xi64>
  return
}
