// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Verifier and type-inference errors of the ops of GraphMathOps.td.

func.func @float_math_on_int(%x: tensor<4xi32>) {
  // expected-error@+1 {{graph.sin: operand must be a floating-point tensor, got 'tensor<4xi32>'}}
  %0 = graph.sin %x : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @sign_of_bool(%x: tensor<4xi1>) {
  // expected-error@+1 {{graph.sign: operand must be a numeric tensor}}
  %0 = graph.sign %x : tensor<4xi1> -> tensor<4xi1>
  return
}

// -----

func.func @is_nan_of_int(%x: tensor<4xi64>) {
  // expected-error@+1 {{graph.is_nan: operand must be a floating-point tensor}}
  %0 = graph.is_nan %x : tensor<4xi64> -> tensor<4xi1>
  return
}

// -----

func.func @is_inf_bad_flag(%x: tensor<4xf32>) {
  // expected-error@+1 {{graph.is_inf: detect_negative must be 0 or 1, got 2}}
  %0 = graph.is_inf %x {detect_negative = 2 : i64} : tensor<4xf32> -> tensor<4xi1>
  return
}

// -----

func.func @is_inf_result_type(%x: tensor<4xf32>) {
  // expected-error@+2 {{are incompatible with return type(s)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.is_inf %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @elu_of_int(%x: tensor<4xi32>) {
  // expected-error@+1 {{graph.elu: operand must be a floating-point tensor}}
  %0 = graph.elu %x : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @shrink_negative_lambd(%x: tensor<4xf32>) {
  // expected-error@+1 {{graph.shrink: lambd must not be negative, got -1}}
  %0 = graph.shrink %x {lambd = -1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @prelu_slope_widens(%x: tensor<3x4xf32>, %s: tensor<2x3x4xf32>) {
  // expected-error@+2 {{graph.prelu: slope of shape 2x3x4 does not broadcast to x of shape 3x4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.prelu %x, %s : tensor<3x4xf32>, tensor<2x3x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @prelu_slope_type(%x: tensor<3x4xf32>, %s: tensor<4xf16>) {
  // expected-error@+2 {{graph.prelu: x and slope element types differ: 'f32' vs 'f16'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.prelu %x, %s : tensor<3x4xf32>, tensor<4xf16> -> tensor<3x4xf32>
  return
}

// -----

func.func @mod_float_without_fmod(%a: tensor<4xf32>) {
  // expected-error@+1 {{graph.mod: fmod must be 1 for floating-point operands}}
  %0 = graph.mod %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @mod_bad_fmod(%a: tensor<4xi32>) {
  // expected-error@+1 {{graph.mod: fmod must be 0 or 1, got 3}}
  %0 = graph.mod %a, %a {fmod = 3 : i64} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @mod_mixed_types(%a: tensor<4xi32>, %b: tensor<4xi64>) {
  // expected-error@+2 {{graph.mod: operand element types differ: 'i32' vs 'i64'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.mod %a, %b : tensor<4xi32>, tensor<4xi64> -> tensor<4xi32>
  return
}

// -----

func.func @and_of_int(%a: tensor<4xi32>, %b: tensor<4xi1>) {
  // expected-error@+1 {{graph.and: lhs must be a bool (i1) tensor}}
  %0 = graph.and %a, %b : tensor<4xi32>, tensor<4xi1> -> tensor<4xi1>
  return
}

// -----

func.func @xor_shapes(%a: tensor<4xi1>, %b: tensor<3xi1>) {
  // expected-error@+2 {{graph.xor: operand shapes cannot be broadcast together: 4 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.xor %a, %b : tensor<4xi1>, tensor<3xi1> -> tensor<4xi1>
  return
}

// -----

func.func @bit_shift_direction(%a: tensor<4xui8>) {
  // expected-error@+1 {{graph.bit_shift: direction must be "LEFT" or "RIGHT", got "UP"}}
  %0 = graph.bit_shift %a, %a {direction = "UP"} : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return
}

// -----

func.func @bit_shift_signed(%a: tensor<4xi8>) {
  // expected-error@+1 {{graph.bit_shift: operands must be unsigned integer tensors, got 'tensor<4xi8>'}}
  %0 = graph.bit_shift %a, %a {direction = "LEFT"} : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  return
}

// -----

func.func @sum_empty() {
  // expected-error@+1 {{graph.sum: needs at least one input}}
  %0 = "graph.sum"() : () -> tensor<4xf32>
  return
}

// -----

func.func @sum_mixed_types(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error@+2 {{graph.sum: operand element types differ: 'f32' vs 'f64'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.sum %a, %b : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return
}

// -----

func.func @mean_of_int(%a: tensor<4xi32>) {
  // expected-error@+1 {{graph.mean: input must be a floating-point tensor}}
  %0 = graph.mean %a, %a : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return
}
