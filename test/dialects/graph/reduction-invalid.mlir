// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Every verifier and type-inference error of the ops in
// GraphReductionOps.td. An inference error is followed by the interface's
// summary "failed to infer returned types".

func.func @reduce_keepdims(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{keepdims must be 0 or 1, got 2}}
  %0 = graph.reduce_min %x {keepdims = 2 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @reduce_noop(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{noop_with_empty_axes must be 0 or 1, got 3}}
  %0 = graph.reduce_log_sum_exp %x {noop_with_empty_axes = 3 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @reduce_axes(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{axes value -3 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reduce_l2 %x {axes = array<i64: -3>} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @reduce_declared_type(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @arg_select_last_index(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{select_last_index must be 0 or 1, got 3}}
  %0 = graph.arg_max %x {select_last_index = 3 : i64} : tensor<2x3xf32> -> tensor<*xi64>
  return
}

// -----

func.func @arg_axis(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.arg_min %x {axis = 2 : i64} : tensor<2x3xf32> -> tensor<*xi64>
  return
}

// -----

func.func @arg_bool(%x: tensor<2x3xi1>) {
  // expected-error@+1 {{data must not be a bool tensor}}
  %0 = graph.arg_min %x : tensor<2x3xi1> -> tensor<*xi64>
  return
}

// -----

func.func @hardmax_int(%x: tensor<2x3xi32>) {
  // expected-error@+1 {{input must be a float tensor, got 'tensor<2x3xi32>'}}
  %0 = graph.hardmax %x : tensor<2x3xi32> -> tensor<*xi32>
  return
}

// -----

func.func @hardmax_axis(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{axis -3 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.hardmax %x {axis = -3 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @lp_normalization_p(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{p must be 1 or 2, got 3}}
  %0 = graph.lp_normalization %x {p = 3 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @instance_norm_scale(%x: tensor<1x8x4xf32>, %s: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error@+2 {{scale has 4 elements but the input has 8 channels}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.instance_normalization %x, %s, %b : tensor<1x8x4xf32>, tensor<4xf32>, tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @instance_norm_rank(%x: tensor<1x8xf32>, %s: tensor<8xf32>) {
  // expected-error@+2 {{input must have rank >= 3 (N x C x spatial...), got shape 1x8}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.instance_normalization %x, %s, %s : tensor<1x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @instance_norm_epsilon(%x: tensor<1x8x4xf32>, %s: tensor<8xf32>) {
  // expected-error@+1 {{epsilon must not be negative}}
  %0 = graph.instance_normalization %x, %s, %s {epsilon = -1.0 : f32} : tensor<1x8x4xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @instance_norm_types(%x: tensor<1x8x4xf32>, %s: tensor<8xf16>) {
  // expected-error@+1 {{scale has element type 'f16' but the input has 'f32'}}
  %0 = graph.instance_normalization %x, %s, %s : tensor<1x8x4xf32>, tensor<8xf16>, tensor<8xf16> -> tensor<*xf32>
  return
}

// -----

func.func @lrn_size(%x: tensor<1x8x4xf32>) {
  // expected-error@+1 {{size must be positive, got 0}}
  %0 = graph.lrn %x {size = 0 : i64} : tensor<1x8x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @lrn_rank(%x: tensor<8xf32>) {
  // expected-error@+2 {{input must have rank >= 2 (N x C x ...), got shape 8}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.lrn %x {size = 3 : i64} : tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @global_max_pool_rank(%x: tensor<1x8xf32>) {
  // expected-error@+2 {{input must have rank >= 3 (N x C x spatial...), got shape 1x8}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.global_max_pool %x : tensor<1x8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @global_lp_pool_p(%x: tensor<1x8x4xf32>) {
  // expected-error@+1 {{p must be positive, got 0}}
  %0 = graph.global_lp_pool %x {p = 0 : i64} : tensor<1x8x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @lp_pool_kernel(%x: tensor<1x2x4x4xf32>) {
  // expected-error@+2 {{kernel_shape has 1 dims but the input has shape 1x2x4x4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.lp_pool %x {kernel_shape = array<i64: 2>} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @lp_pool_int(%x: tensor<1x2x4x4xi32>) {
  // expected-error@+1 {{input must be a float tensor}}
  %0 = graph.lp_pool %x {kernel_shape = array<i64: 2, 2>} : tensor<1x2x4x4xi32> -> tensor<*xi32>
  return
}

// -----

func.func @cumsum_flag(%x: tensor<5xf32>) {
  // expected-error@+1 {{exclusive must be 0 or 1, got 2}}
  %0 = graph.cumsum %x {axis = 0 : i64, exclusive = 2 : i64} : tensor<5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @cumsum_axis(%x: tensor<5xf32>) {
  // expected-error@+2 {{axis 1 is out of range for rank 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.cumsum %x {axis = 1 : i64} : tensor<5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @top_k_negative(%x: tensor<3x4xf32>) {
  // expected-error@+1 {{k must not be negative, got -1}}
  %0:2 = graph.top_k %x {k = -1 : i64} : tensor<3x4xf32> -> tensor<*xf32>, tensor<*xi64>
  return
}

// -----

func.func @top_k_too_large(%x: tensor<3x4xf32>) {
  // expected-error@+2 {{k = 5 exceeds the size 4 of axis 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x {k = 5 : i64} : tensor<3x4xf32> -> tensor<*xf32>, tensor<*xi64>
  return
}
