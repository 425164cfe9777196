// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Verifier errors of the ops of GraphQuantOps.td.

func.func @quantize_bool(%x: tensor<4xi1>, %s: tensor<f32>) {
  // expected-error@+1 {{graph.quantize_linear: x must be a floating-point or i32 tensor, got 'tensor<4xi1>'}}
  %0 = graph.quantize_linear %x, %s : tensor<4xi1>, tensor<f32> -> tensor<4xui8>
  return
}

// -----

func.func @quantize_wide_zero_point(%x: tensor<4xf32>, %s: tensor<f32>, %z: tensor<i16>) {
  // expected-error@+1 {{graph.quantize_linear: zero_point must be an i8 or ui8 tensor, got 'tensor<i16>'}}
  %0 = graph.quantize_linear %x, %s, %z : tensor<4xf32>, tensor<f32>, tensor<i16> -> tensor<4xi16>
  return
}

// -----

func.func @integer_scale(%x: tensor<4xf32>, %s: tensor<i32>) {
  // expected-error@+1 {{graph.quantize_linear: scale must be a floating-point tensor, got 'tensor<i32>'}}
  %0 = graph.quantize_linear %x, %s : tensor<4xf32>, tensor<i32> -> tensor<4xui8>
  return
}

// -----

func.func @scale_rank_2(%x: tensor<4x4xf32>, %s: tensor<4x4xf32>) {
  // expected-error@+1 {{graph.quantize_linear: scale must be a scalar or 1-D, got 'tensor<4x4xf32>'}}
  %0 = graph.quantize_linear %x, %s : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xui8>
  return
}

// -----

func.func @axis_out_of_range(%x: tensor<4x3xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{graph.quantize_linear: axis 2 is out of range for rank 2}}
  %0 = graph.quantize_linear %x, %s {axis = 2 : i64} : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xui8>
  return
}

// -----

func.func @scale_length(%x: tensor<4x3xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{graph.quantize_linear: scale has 4 values but x has size 3 along axis 1}}
  %0 = graph.quantize_linear %x, %s : tensor<4x3xf32>, tensor<4xf32> -> tensor<4x3xui8>
  return
}

// -----

func.func @zero_point_shape(%x: tensor<4x3xf32>, %s: tensor<3xf32>, %z: tensor<ui8>) {
  // expected-error@+1 {{graph.quantize_linear: zero_point 'tensor<ui8>' must have the shape of scale 'tensor<3xf32>'}}
  %0 = graph.quantize_linear %x, %s, %z : tensor<4x3xf32>, tensor<3xf32>, tensor<ui8> -> tensor<4x3xui8>
  return
}

// -----

func.func @dequantize_float(%x: tensor<4xf32>, %s: tensor<f32>) {
  // expected-error@+1 {{graph.dequantize_linear: x must be an i8, ui8 or i32 tensor, got 'tensor<4xf32>'}}
  %0 = graph.dequantize_linear %x, %s : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return
}

// -----

func.func @dequantize_i32_zero_point(%x: tensor<4xi32>, %s: tensor<f32>, %z: tensor<i32>) {
  // expected-error@+1 {{graph.dequantize_linear: zero_point is not allowed with an i32 x}}
  %0 = graph.dequantize_linear %x, %s, %z : tensor<4xi32>, tensor<f32>, tensor<i32> -> tensor<4xf32>
  return
}

// -----

func.func @dequantize_zero_point_type(%x: tensor<4xui8>, %s: tensor<f32>, %z: tensor<i8>) {
  // expected-error@+1 {{graph.dequantize_linear: zero_point 'tensor<i8>' must have the element type of x 'tensor<4xui8>'}}
  %0 = graph.dequantize_linear %x, %s, %z : tensor<4xui8>, tensor<f32>, tensor<i8> -> tensor<4xf32>
  return
}

// -----

func.func @dequantize_wrong_result(%x: tensor<4xui8>, %s: tensor<f32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.dequantize_linear %x, %s : tensor<4xui8>, tensor<f32> -> tensor<4xf16>
  return
}
