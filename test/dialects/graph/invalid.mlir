// RUN: weft-opt -split-input-file -verify-diagnostics %s

// One case for every verifier error and every type-inference error of the
// graph ops. An inference error is followed by the interface's summary
// "failed to infer returned types".

func.func @case0(%x: tensor<4xf32>) {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.relu %x : tensor<4xf32> -> tensor<5xf32>
  return
}

// -----

func.func @case1(%x: tensor<4xf32>) {
  // expected-error@+2 {{are incompatible with return type(s)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.cast %x {to = i32} : tensor<4xf32> -> tensor<4xi64>
  return
}

// -----

func.func @case2(%a: tensor<4xf32>, %b: tensor<4xi64>) {
  // expected-error@+2 {{graph.add: operand element types differ: 'f32' vs 'i64'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.add %a, %b : tensor<4xf32>, tensor<4xi64> -> tensor<4xf32>
  return
}

// -----

func.func @case3(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error@+2 {{operand shapes cannot be broadcast together: 4 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.mul %a, %b : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case4(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+2 {{graph.equal: operand element types differ}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.equal %a, %b : tensor<4xf32>, tensor<4xf16> -> tensor<4xi1>
  return
}

// -----

func.func @case5(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+2 {{graph.min: input element types differ}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.min %a, %b : tensor<4xf32>, tensor<4xf16> -> tensor<4xf32>
  return
}

// -----

func.func @case6(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error@+2 {{x and y element types differ}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.where %c, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<4xi32> -> tensor<4xf32>
  return
}

// -----

func.func @case7(%c: tensor<4xf32>, %a: tensor<4xf32>) {
  // expected-error@+1 {{condition must be a bool (i1) tensor}}
  %0 = graph.where %c, %a, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case8(%a: tensor<4xf32>) {
  // expected-error@+1 {{graph.not: operand must be a bool (i1) tensor}}
  %0 = graph.not %a : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case9(%a: tensor<4xi1>) {
  // expected-error@+1 {{cannot clip a bool tensor}}
  %0 = graph.clip %a : tensor<4xi1> -> tensor<4xi1>
  return
}

// -----

func.func @case10(%a: tensor<4xf32>, %m: tensor<2xf32>) {
  // expected-error@+1 {{min must be a scalar, got shape 2}}
  %0 = graph.clip %a min(%m : tensor<2xf32>) : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case11(%a: tensor<4xf32>, %m: tensor<f16>) {
  // expected-error@+1 {{max has element type 'f16' but the input has 'f32'}}
  %0 = graph.clip %a max(%m : tensor<f16>) : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case12(%s: tensor<2xf32>) {
  // expected-error@+1 {{shape must be an integer tensor}}
  %0 = graph.constant_of_shape %s : tensor<2xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @case13(%s: tensor<2xi64>) {
  // expected-error@+1 {{value must hold exactly one element, got 2}}
  %0 = graph.constant_of_shape %s {value = dense<[1.0, 2.0]> : tensor<2xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @case14() {
  %s = graph.constant dense<[3, -2]> : tensor<2xi64>
  // expected-error@+2 {{shape has a negative dim -2 in 3x-2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @case15(%s: tensor<2x2xi64>) {
  // expected-error@+1 {{graph.constant_of_shape: shape must be 1-D, got shape 2x2}}
  %0 = graph.constant_of_shape %s : tensor<2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case16(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = graph.softmax %a {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @case17(%x: tensor<3x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{input must have rank >= 3 (N x C x spatial...), got shape 3x8}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w : tensor<3x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case18(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error@+2 {{input has rank 4 but weight has rank 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case19(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3xf32>) {
  // expected-error@+2 {{weight must have rank >= 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w : tensor<1x3x8x8xf32>, tensor<4x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case20(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{kernel_shape has 1 dims but the op has 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {kernel_shape = array<i64: 3>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case21(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{kernel_shape 3x5 does not match the weight's spatial dims 3x3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {kernel_shape = array<i64: 3, 5>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case22(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x?x?xf32>) {
  // expected-error@+2 {{kernel_shape must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {kernel_shape = array<i64: 3, 0>} : tensor<1x3x8x8xf32>, tensor<4x3x?x?xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case23(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{unknown auto_pad 'SAME' (expected NOTSET, SAME_UPPER, SAME_LOWER or VALID)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {auto_pad = "SAME"} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case24(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{strides has 1 values but there are 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {strides = array<i64: 2>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case25(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{strides must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {strides = array<i64: 1, 0>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case26(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{dilations has 3 values but there are 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {dilations = array<i64: 1, 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case27(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{dilations must be positive, got -1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {dilations = array<i64: -1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case28(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{pads has 2 values but expected 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {pads = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case29(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{pads must not be negative, got -1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {pads = array<i64: 1, -1, 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case30(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+2 {{spatial dim 0 of size 8 is too small for the window (kernel 3, dilation 5): the output would have size -2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv %x, %w {dilations = array<i64: 5, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case31(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{group must be positive, got 0}}
  %0 = graph.conv %x, %w {group = 0 : i64} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case32(%x: tensor<1x3x8x8xf16>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{input and weight element types differ}}
  %0 = graph.conv %x, %w : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf32> -> tensor<*xf16>
  return
}

// -----

func.func @case33(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error@+1 {{group 2 does not divide the input's 3 channels}}
  %0 = graph.conv %x, %w {group = 2 : i64} : tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case34(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error@+1 {{input has 3 channels but the weight expects 2 (2 per group, group 1)}}
  %0 = graph.conv %x, %w : tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case35(%x: tensor<1x4x8x8xf32>, %w: tensor<5x2x3x3xf32>) {
  // expected-error@+1 {{group 2 does not divide the weight's 5 output channels}}
  %0 = graph.conv %x, %w {group = 2 : i64} : tensor<1x4x8x8xf32>, tensor<5x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case36(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{bias has 3 elements but expected 4}}
  %0 = graph.conv %x, %w, %b : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case37(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<1x4xf32>) {
  // expected-error@+1 {{bias must be 1-D, got shape 1x4}}
  %0 = graph.conv %x, %w, %b : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case38(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+2 {{output_padding has 1 values but there are 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose %x, %w {output_padding = array<i64: 1>} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case39(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+2 {{output_shape has 3 values but there are 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose %x, %w {output_shape = array<i64: 8, 8, 8>} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case40(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+2 {{graph.conv_transpose: group must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose %x, %w {group = 0 : i64} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case41(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+2 {{spatial dim 0 of the output would have size 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose %x, %w {pads = array<i64: 3, 3, 3, 3>} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case42(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+2 {{unknown auto_pad 'same'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose %x, %w {auto_pad = "same"} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case43(%x: tensor<1x4x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+1 {{input has 4 channels but the weight expects 8}}
  %0 = graph.conv_transpose %x, %w : tensor<1x4x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case44(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+1 {{group 3 does not divide the input's 8 channels}}
  %0 = graph.conv_transpose %x, %w {group = 3 : i64} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case45(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error@+1 {{output_padding 2 must be in [0, 2)}}
  %0 = graph.conv_transpose %x, %w {strides = array<i64: 2, 2>, output_padding = array<i64: 2, 0>} : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case46(%x: tensor<1x8x4x4xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{bias has 4 elements but expected 2}}
  %0 = graph.conv_transpose %x, %w, %b : tensor<1x8x4x4xf32>, tensor<8x2x3x3xf32>, tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case47(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+2 {{A must be 2-D, got shape 2x3x4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b : tensor<2x3x4xf32>, tensor<4x5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case48(%a: tensor<3x4xf32>, %b: tensor<4xf32>) {
  // expected-error@+2 {{B must be 2-D, got shape 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b : tensor<3x4xf32>, tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case49(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>) {
  // expected-error@+2 {{inner dims differ: A 3x4 and B 5x4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b : tensor<3x4xf32>, tensor<5x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case50(%a: tensor<3x4xf32>, %b: tensor<4x5xi32>) {
  // expected-error@+2 {{A and B element types differ}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b : tensor<3x4xf32>, tensor<4x5xi32> -> tensor<*xf32>
  return
}

// -----

func.func @case51(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<3xf32>) {
  // expected-error@+2 {{C of shape 3 cannot be broadcast to the result 3x5}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b, %c : tensor<3x4xf32>, tensor<4x5xf32>, tensor<3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case52(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<1x3x5xf32>) {
  // expected-error@+2 {{C must have rank <= 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gemm %a, %b, %c : tensor<3x4xf32>, tensor<4x5xf32>, tensor<1x3x5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case53(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{transA must be 0 or 1, got 2}}
  %0 = graph.gemm %a, %b {transA = 2 : i64} : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case54(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf16>) {
  // expected-error@+1 {{C has element type 'f16' but A has 'f32'}}
  %0 = graph.gemm %a, %b, %c : tensor<3x4xf32>, tensor<4x5xf32>, tensor<5xf16> -> tensor<*xf32>
  return
}

// -----

func.func @case55(%a: tensor<f32>, %b: tensor<4xf32>) {
  // expected-error@+2 {{operands must have rank >= 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<f32>, tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case56(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) {
  // expected-error@+2 {{inner dims differ: 3x4 times 5x6}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<3x4xf32>, tensor<5x6xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case57(%a: tensor<2x3x4xf32>, %b: tensor<3x4x6xf32>) {
  // expected-error@+2 {{batch dims cannot be broadcast: 2x3x4 and 3x4x6}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<2x3x4xf32>, tensor<3x4x6xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case58(%a: tensor<3x4xf32>, %b: tensor<4x6xf16>) {
  // expected-error@+2 {{graph.matmul: operand element types differ}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<3x4xf32>, tensor<4x6xf16> -> tensor<*xf32>
  return
}

// -----

func.func @case59(%x: tensor<4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{input must have rank >= 2 (N x C x ...), got shape 4}}
  %0 = graph.batch_normalization %x, %s, %s, %s, %s : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case60(%x: tensor<1x8x4x4xf32>, %s: tensor<8xf32>, %m: tensor<4xf32>) {
  // expected-error@+1 {{mean has 4 elements but expected 8}}
  %0 = graph.batch_normalization %x, %s, %s, %m, %s : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case61(%x: tensor<1x8x4x4xf32>, %s: tensor<8xf32>) {
  // expected-error@+1 {{epsilon must not be negative}}
  %0 = graph.batch_normalization %x, %s, %s, %s, %s {epsilon = -1.0 : f32} : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case62(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+2 {{ceil_mode must be 0 or 1, got 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.max_pool %x {kernel_shape = array<i64: 2, 2>, ceil_mode = 2 : i64} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case63(%x: tensor<8x16xf32>) {
  // expected-error@+2 {{input must have rank >= 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.max_pool %x {kernel_shape = array<i64: 2>} : tensor<8x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case64(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+2 {{kernel_shape has 1 dims but the op has 2 spatial dims}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.average_pool %x {kernel_shape = array<i64: 2>} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case65(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+2 {{spatial dim 0 of size 16 is too small for the window}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.average_pool %x {kernel_shape = array<i64: 20, 2>} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case66(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+2 {{unknown auto_pad 'FULL'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.max_pool %x {kernel_shape = array<i64: 2, 2>, auto_pad = "FULL"} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case67(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+1 {{storage_order must be 0 or 1, got 3}}
  %0 = graph.max_pool %x {kernel_shape = array<i64: 2, 2>, storage_order = 3 : i64} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case68(%x: tensor<1x8x16x16xf32>) {
  // expected-error@+1 {{count_include_pad must be 0 or 1, got 5}}
  %0 = graph.average_pool %x {kernel_shape = array<i64: 2, 2>, count_include_pad = 5 : i64} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case69(%x: tensor<8x16xf32>) {
  // expected-error@+2 {{graph.global_average_pool: input must have rank >= 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.global_average_pool %x : tensor<8x16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case70(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{axes value 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 2>} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case71(%x: tensor<2x3xf32>) {
  // expected-error@+2 {{axes names axis 1 more than once}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: 1, -1>} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case72(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{keepdims must be 0 or 1, got 2}}
  %0 = graph.reduce_mean %x {keepdims = 2 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case73(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{noop_with_empty_axes must be 0 or 1, got -1}}
  %0 = graph.reduce_mean %x {noop_with_empty_axes = -1 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case74(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[-1, -1]> : tensor<2xi64>
  // expected-error@+2 {{shape -1x-1 has more than one -1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case75(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[-2, 12]> : tensor<2xi64>
  // expected-error@+2 {{shape has an invalid dim -2 (dims must be >= -1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case76(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[0, 0, 0, 0]> : tensor<4xi64>
  // expected-error@+2 {{shape dim 3 is 0 (copy the input dim) but the input has rank 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<4xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case77(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error@+2 {{shape has both 0 and -1 while allowzero is set}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s {allowzero = 1 : i64} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case78(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[5, 5]> : tensor<2xi64>
  // expected-error@+2 {{cannot reshape 2x3x4 (24 elements) to 5x5 (25 elements)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case79(%x: tensor<2x3x4xf32>) {
  %s = graph.constant dense<[5, -1]> : tensor<2xi64>
  // expected-error@+2 {{cannot reshape 2x3x4 to 5x-1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case80(%x: tensor<2x3x4xf32>, %s: tensor<2x2xi64>) {
  // expected-error@+1 {{graph.reshape: shape must be 1-D, got shape 2x2}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case81(%x: tensor<2x3x4xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{graph.reshape: shape must be an integer tensor}}
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case82(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{allowzero must be 0 or 1, got 3}}
  %0 = graph.reshape %x, %s {allowzero = 3 : i64} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case83(%x: tensor<2x3x4xf32>) {
  // expected-error@+2 {{axis 4 is out of range for rank 3 (expected [-3, 3])}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.flatten %x {axis = 4 : i64} : tensor<2x3x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case84(%x: tensor<2x3x4xf32>) {
  // expected-error@+2 {{perm has 2 entries but the input has rank 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x3x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case85(%x: tensor<2x3x4xf32>) {
  // expected-error@+2 {{perm 0x1x1 is not a permutation of 0..2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 0, 1, 1>} : tensor<2x3x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case86(%a: tensor<2xf32>, %b: tensor<2xi64>) {
  // expected-error@+2 {{input 1 has element type 'i64' but input 0 has 'f32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case87(%a: tensor<2xf32>, %b: tensor<2x2xf32>) {
  // expected-error@+2 {{inputs have different ranks: 2 and 2x2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case88(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+2 {{input 1 has shape 2x4, which does not match the other inputs outside axis 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case89(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.concat %a {axis = 2 : i64} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case90(%x: tensor<6x2xf32>) {
  // expected-error@+2 {{needs either split sizes or num_outputs to know its results}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.split %x : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case91(%x: tensor<6x2xf32>) {
  // expected-error@+2 {{num_outputs is 3 but split has 2 sizes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 3, 3>, num_outputs = 3 : i64} : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case92(%x: tensor<6x2xf32>) {
  // expected-error@+2 {{split has a negative size -1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 7, -1>} : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case93(%x: tensor<6x2xf32>) {
  // expected-error@+2 {{split sizes sum to 7 but the dim along axis 0 is 6}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 3, 4>} : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case94(%x: tensor<6x2xf32>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {axis = 2 : i64, num_outputs = 2 : i64} : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case95(%x: tensor<3x2xf32>) {
  // expected-error@+2 {{cannot split a dim of 3 into 5 outputs}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:5 = graph.split %x {num_outputs = 5 : i64} : tensor<3x2xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case96(%x: tensor<6x2xf32>) {
  // expected-error@+1 {{graph.split: has 3 results but its split attributes describe 2}}
  %0:3 = graph.split %x {num_outputs = 2 : i64} : tensor<6x2xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case97(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0, 0]> : tensor<2xi64>
  %e = graph.constant dense<[1]> : tensor<1xi64>
  // expected-error@+2 {{starts has 2 values but ends has 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<2xi64>) ends(%e : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case98(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0]> : tensor<1xi64>
  %a = graph.constant dense<[0, 1]> : tensor<2xi64>
  // expected-error@+2 {{axes has 2 values but starts has 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) axes(%a : tensor<2xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case99(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0]> : tensor<1xi64>
  %a = graph.constant dense<[1, 1]> : tensor<2xi64>
  // expected-error@+2 {{steps has 2 values but starts has 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) steps(%a : tensor<2xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case100(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0]> : tensor<1xi64>
  %z = graph.constant dense<[0]> : tensor<1xi64>
  // expected-error@+2 {{steps must not be 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) steps(%z : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case101(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0]> : tensor<1xi64>
  %a = graph.constant dense<[2]> : tensor<1xi64>
  // expected-error@+2 {{axes value 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) axes(%a : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case102(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0, 0]> : tensor<2xi64>
  %a = graph.constant dense<[1, -1]> : tensor<2xi64>
  // expected-error@+2 {{axes names axis 1 more than once}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<2xi64>) ends(%s : tensor<2xi64>) axes(%a : tensor<2xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case103(%x: tensor<10x20xf32>) {
  %s = graph.constant dense<[0, 0, 0]> : tensor<3xi64>
  // expected-error@+2 {{starts has 3 values but the data has rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.slice %x starts(%s : tensor<3xi64>) ends(%s : tensor<3xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case104(%x: tensor<10x20xf32>, %s: tensor<1xf32>, %e: tensor<1xi64>) {
  // expected-error@+1 {{starts must be an integer tensor}}
  %0 = graph.slice %x starts(%s : tensor<1xf32>) ends(%e : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case105(%x: tensor<10x20xf32>, %s: tensor<1x1xi64>, %e: tensor<1xi64>) {
  // expected-error@+1 {{ends must be 1-D, got shape 1x1}}
  %0 = graph.slice %x starts(%e : tensor<1xi64>) ends(%s : tensor<1x1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case106(%x: tensor<f32>, %i: tensor<i64>) {
  // expected-error@+2 {{data must have rank >= 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather %x, %i : tensor<f32>, tensor<i64> -> tensor<*xf32>
  return
}

// -----

func.func @case107(%x: tensor<4x5xf32>, %i: tensor<i64>) {
  // expected-error@+2 {{axis -3 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather %x, %i {axis = -3 : i64} : tensor<4x5xf32>, tensor<i64> -> tensor<*xf32>
  return
}

// -----

func.func @case108(%x: tensor<4x5xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{indices must be an integer tensor}}
  %0 = graph.gather %x, %i : tensor<4x5xf32>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case109(%x: tensor<4x5xf32>) {
  %i = graph.constant dense<[1, 4]> : tensor<2xi64>
  // expected-error@+1 {{index 4 is out of range for a dim of size 4}}
  %0 = graph.gather %x, %i : tensor<4x5xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case110(%x: tensor<1x3xf32>) {
  // expected-error@+2 {{axes value 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x {axes = array<i64: 2>} : tensor<1x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case111(%x: tensor<1x3xf32>) {
  // expected-error@+2 {{cannot squeeze axis 1 of size 3 in 1x3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x {axes = array<i64: 1>} : tensor<1x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case112(%x: tensor<3xf32>) {
  // expected-error@+2 {{axes value 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case113(%x: tensor<3xf32>) {
  // expected-error@+2 {{axes names axis 0 more than once}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64: 0, -3>} : tensor<3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case114(%x: tensor<2x3xf32>) {
  %s = graph.constant dense<[2, -1]> : tensor<2xi64>
  // expected-error@+2 {{shape has a negative dim -1 in 2x-1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case115(%x: tensor<2x3xf32>) {
  %s = graph.constant dense<[4, 3]> : tensor<2xi64>
  // expected-error@+2 {{cannot expand 2x3 to 4x3}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case116(%x: tensor<2x3xf32>, %s: tensor<1x2xi64>) {
  // expected-error@+1 {{graph.expand: shape must be 1-D, got shape 1x2}}
  %0 = graph.expand %x, %s : tensor<2x3xf32>, tensor<1x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case117(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{graph.expand: shape must be an integer tensor}}
  %0 = graph.expand %x, %s : tensor<2x3xf32>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case118(%x: tensor<2x3xf32>) {
  %p = graph.constant dense<[1, 1]> : tensor<2xi64>
  // expected-error@+2 {{pads has 2 values but expected 4 (begin and end for each padded axis)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.pad %x pads(%p : tensor<2xi64>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case119(%x: tensor<2x3xf32>) {
  %p = graph.constant dense<[0, -2, 0, -2]> : tensor<4xi64>
  // expected-error@+2 {{pads remove more than the 3 elements of axis 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.pad %x pads(%p : tensor<4xi64>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case120(%x: tensor<2x3xf32>) {
  %p = graph.constant dense<[1, 1]> : tensor<2xi64>
  %a = graph.constant dense<[5]> : tensor<1xi64>
  // expected-error@+2 {{axes value 5 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.pad %x pads(%p : tensor<2xi64>) axes(%a : tensor<1xi64>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case121(%x: tensor<2x3xf32>, %p: tensor<4xi64>) {
  // expected-error@+1 {{unknown mode 'symmetric' (expected constant, reflect, edge or wrap)}}
  %0 = graph.pad %x pads(%p : tensor<4xi64>) {mode = "symmetric"} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case122(%x: tensor<2x3xf32>, %p: tensor<4xf32>) {
  // expected-error@+1 {{pads must be an integer tensor}}
  %0 = graph.pad %x pads(%p : tensor<4xf32>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case123(%x: tensor<2x3xf32>, %p: tensor<4xi64>, %v: tensor<2xf32>) {
  // expected-error@+1 {{constant_value must be a scalar, got shape 2}}
  %0 = graph.pad %x pads(%p : tensor<4xi64>) value(%v : tensor<2xf32>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case124(%x: tensor<2x3xf32>, %p: tensor<4xi64>, %v: tensor<i32>) {
  // expected-error@+1 {{constant_value has element type 'i32' but the data has 'f32'}}
  %0 = graph.pad %x pads(%p : tensor<4xi64>) value(%v : tensor<i32>) : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case125(%x: tensor<1x2x4x4xf32>, %s: tensor<4xf32>, %z: tensor<4xi64>) {
  // expected-error@+2 {{needs exactly one of scales and sizes, got both}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) sizes(%z : tensor<4xi64>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case126(%x: tensor<1x2x4x4xf32>) {
  // expected-error@+2 {{needs exactly one of scales and sizes, got neither}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case127(%x: tensor<1x2x4x4xf32>) {
  %s = graph.constant dense<[2.0, 2.0]> : tensor<2xf32>
  // expected-error@+2 {{scales has 2 values but expected 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales(%s : tensor<2xf32>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case128(%x: tensor<1x2x4x4xf32>) {
  %s = graph.constant dense<[1.0, 1.0, 0.0, 2.0]> : tensor<4xf32>
  // expected-error@+2 {{scales must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case129(%x: tensor<1x2x4x4xf32>) {
  %s = graph.constant dense<[1, 2, 8]> : tensor<3xi64>
  // expected-error@+2 {{sizes has 3 values but expected 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x sizes(%s : tensor<3xi64>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case130(%x: tensor<1x2x4x4xf32>) {
  %s = graph.constant dense<[1, 2, 8, -8]> : tensor<4xi64>
  // expected-error@+2 {{sizes must not be negative, got -8}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x sizes(%s : tensor<4xi64>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case131(%x: tensor<1x2x4x4xf32>, %s: tensor<2xf32>) {
  // expected-error@+2 {{axes names axis 3 more than once}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales(%s : tensor<2xf32>) {axes = array<i64: 3, 3>} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case132(%x: tensor<1x2x4x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{unknown mode 'bilinear' (expected nearest, linear or cubic)}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) {mode = "bilinear"} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case133(%x: tensor<1x2x4x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{unknown coordinate_transformation_mode 'centered'}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) {coordinate_transformation_mode = "centered"} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case134(%x: tensor<1x2x4x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{unknown nearest_mode 'round'}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) {nearest_mode = "round"} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case135(%x: tensor<1x2x4x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{unknown keep_aspect_ratio_policy 'fit'}}
  %0 = graph.resize %x scales(%s : tensor<4xf32>) {keep_aspect_ratio_policy = "fit"} : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case136(%x: tensor<1x2x4x4xf32>, %z: tensor<4xf32>) {
  // expected-error@+1 {{sizes must be an integer tensor}}
  %0 = graph.resize %x sizes(%z : tensor<4xf32>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case137(%x: tensor<1x2x4x4xf32>, %s: tensor<4xi64>) {
  // expected-error@+1 {{scales must be a float tensor, got 'tensor<4xi64>'}}
  %0 = graph.resize %x scales(%s : tensor<4xi64>) : tensor<1x2x4x4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case138(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+2 {{unknown direction 'both' (expected forward, reverse or bidirectional)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64, direction = "both"} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case139(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+2 {{hidden_size must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 0 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case140(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+2 {{layout must be 0 or 1, got 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64, layout = 2 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case141(%x: tensor<5x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+2 {{X must be 3-D, got shape 5x16}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64} : tensor<5x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case142(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+1 {{W has shape 1x32x16 but expected 1x16x16}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 4 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case143(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x4xf32>) {
  // expected-error@+1 {{R has shape 1x32x4 but expected 1x32x8}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x4xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case144(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %b: tensor<1x32xf32>) {
  // expected-error@+1 {{B has shape 1x32 but expected 1x64}}
  %0:3 = graph.lstm %x, %w, %r bias(%b : tensor<1x32xf32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case145(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %s: tensor<1xf32>) {
  // expected-error@+1 {{sequence_lens must be an integer tensor}}
  %0:3 = graph.lstm %x, %w, %r seq_lens(%s : tensor<1xf32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case146(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %s: tensor<2xi32>) {
  // expected-error@+1 {{sequence_lens has shape 2 but expected 1}}
  %0:3 = graph.lstm %x, %w, %r seq_lens(%s : tensor<2xi32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case147(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %h: tensor<1x2x8xf32>) {
  // expected-error@+1 {{initial_h has shape 1x2x8 but expected 1x1x8}}
  %0:3 = graph.lstm %x, %w, %r initial_h(%h : tensor<1x2x8xf32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case148(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %h: tensor<1x1x4xf32>) {
  // expected-error@+1 {{initial_c has shape 1x1x4 but expected 1x1x8}}
  %0:3 = graph.lstm %x, %w, %r initial_c(%h : tensor<1x1x4xf32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case149(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %p: tensor<1x8xf32>) {
  // expected-error@+1 {{P has shape 1x8 but expected 1x24}}
  %0:3 = graph.lstm %x, %w, %r peepholes(%p : tensor<1x8xf32>) {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case150(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+1 {{activations has 2 entries but expected 3 (3 per direction)}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64, activations = ["Sigmoid", "Tanh"]} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case151(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+1 {{unknown activation 'Swish'}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64, activations = ["Sigmoid", "Tanh", "Swish"]} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case152(%x: tensor<5x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>) {
  // expected-error@+1 {{input_forget must be 0 or 1, got 2}}
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 8 : i64, input_forget = 2 : i64} : tensor<5x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case153(%x: tensor<5x1x16xf32>, %w: tensor<1x24x16xf32>, %r: tensor<1x24x8xf32>) {
  // expected-error@+1 {{linear_before_reset must be 0 or 1, got 3}}
  %0:2 = graph.gru %x, %w, %r {hidden_size = 8 : i64, linear_before_reset = 3 : i64} : tensor<5x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case154(%x: tensor<5x1x16xf32>, %w: tensor<1x24x16xf32>, %r: tensor<1x24x8xf32>) {
  // expected-error@+1 {{W has shape 1x24x16 but expected 1x18x16}}
  %0:2 = graph.gru %x, %w, %r {hidden_size = 6 : i64} : tensor<5x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case155(%x: tensor<5x1x16xf32>, %w: tensor<1x24x16xf32>, %r: tensor<1x24x8xf32>) {
  // expected-error@+2 {{unknown direction 'Forward'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.gru %x, %w, %r {hidden_size = 8 : i64, direction = "Forward"} : tensor<5x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @case156(%c: tensor<f32>, %a: tensor<f32>) {
  // expected-error@+1 {{cond must be a bool (i1) tensor, got 'tensor<f32>'}}
  %0 = graph.if %c : tensor<f32> -> tensor<f32> { graph.yield %a : tensor<f32> } else { graph.yield %a : tensor<f32> }
  return
}

// -----

func.func @case157(%c: tensor<2xi1>, %a: tensor<f32>) {
  // expected-error@+1 {{cond must hold one element, got shape 2}}
  %0 = graph.if %c : tensor<2xi1> -> tensor<f32> { graph.yield %a : tensor<f32> } else { graph.yield %a : tensor<f32> }
  return
}

// -----

func.func @case158(%c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{else_branch yields 2 values but the op has 1 results}}
  %0 = graph.if %c : tensor<i1> -> tensor<f32> { graph.yield %a : tensor<f32> } else { graph.yield %a, %a : tensor<f32>, tensor<f32> }
  return
}

// -----

func.func @case159(%c: tensor<i1>, %a: tensor<f32>, %i: tensor<i64>) {
  // expected-error@+1 {{then_branch yields 'tensor<i64>' for result 0 of type 'tensor<f32>' (element types differ)}}
  %0 = graph.if %c : tensor<i1> -> tensor<f32> { graph.yield %i : tensor<i64> } else { graph.yield %a : tensor<f32> }
  return
}

// -----

func.func @case160(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>, %m: tensor<i32>) {
  // expected-error@+1 {{max_trip_count must be an i64 scalar, got 'tensor<i32>'}}
  %0 = graph.loop max(%m : tensor<i32>) carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %x : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case161(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{cond must be a bool (i1) tensor}}
  %0 = graph.loop cond(%a : tensor<f32>) carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %x : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case162(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{body has 2 arguments but expected 3 (iteration number, condition, and 1 loop-carried values)}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>): graph.yield %ci, %a : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case163(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{body argument 0 (the iteration number) must be an i64 tensor}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i32>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %x : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case164(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{body argument 1 (the condition) must be an i1 tensor}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<f32>, %x: tensor<f32>): graph.yield %c, %x : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case165(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{body yields 1 values but needs at least 2 (the condition and 1 loop-carried values)}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci : tensor<i1> }
  return
}

// -----

func.func @case166(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{body must yield the next condition (i1) first}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %x, %x : tensor<f32>, tensor<f32> }
  return
}

// -----

func.func @case167(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{has 2 results but the body yields 1 loop-carried values and 0 scan outputs}}
  %0:2 = graph.loop carried(%a : tensor<f32>) -> tensor<f32>, tensor<?xf32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %x : tensor<i1>, tensor<f32> }
  return
}

// -----

func.func @case168(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{loop-carried value 0 has inconsistent types}}
  %0 = graph.loop carried(%a : tensor<f32>) -> tensor<f32> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %i : tensor<i1>, tensor<i64> }
  return
}

// -----

func.func @case169(%n: tensor<i64>, %c: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{scan output 0 yields 'tensor<f32>' but the result is 'tensor<?xi64>'}}
  %0:2 = graph.loop carried(%a : tensor<f32>) -> tensor<f32>, tensor<?xi64> { ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>): graph.yield %ci, %x, %x : tensor<i1>, tensor<f32>, tensor<f32> }
  return
}
