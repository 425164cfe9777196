// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Verifier errors of the ops of GraphSignalOps.td.

func.func @dft_integer(%x: tensor<1x8x1xi32>) {
  // expected-error@+1 {{graph.dft: x must be a floating-point tensor, got 'tensor<1x8x1xi32>'}}
  %0 = graph.dft %x : tensor<1x8x1xi32> -> tensor<1x8x2xi32>
  return
}

// -----

func.func @dft_rank_2(%x: tensor<8x1xf32>) {
  // expected-error@+1 {{graph.dft: x must be [batch, signal dims..., 1 or 2] (rank >= 3), got rank 2}}
  %0 = graph.dft %x : tensor<8x1xf32> -> tensor<8x2xf32>
  return
}

// -----

func.func @dft_last_axis(%x: tensor<1x8x1xf32>) {
  // expected-error@+1 {{graph.dft: axis 2 is not a signal dim of a rank-3 input}}
  %0 = graph.dft %x {axis = 2 : i64} : tensor<1x8x1xf32> -> tensor<1x8x2xf32>
  return
}

// -----

func.func @dft_complex_dim(%x: tensor<1x8x3xf32>) {
  // expected-error@+1 {{graph.dft: the last dim must be 1 (real) or 2 (complex), got 3}}
  %0 = graph.dft %x : tensor<1x8x3xf32> -> tensor<1x8x2xf32>
  return
}

// -----

func.func @dft_onesided_complex(%x: tensor<1x8x2xf32>) {
  // expected-error@+1 {{graph.dft: onesided needs a real input (last dim 1), got a complex one}}
  %0 = graph.dft %x {onesided = true} : tensor<1x8x2xf32> -> tensor<1x5x2xf32>
  return
}

// -----

func.func @dft_zero_length(%x: tensor<1x8x1xf32>) {
  // expected-error@+1 {{graph.dft: dft_length must be positive, got 0}}
  %0 = graph.dft %x {dft_length = 0 : i64} : tensor<1x8x1xf32> -> tensor<1x8x2xf32>
  return
}

// -----

func.func @stft_step(%s: tensor<1x64x1xf32>, %w: tensor<16xf32>) {
  // expected-error@+1 {{graph.stft: frame_step must be positive, got 0}}
  %0 = graph.stft %s, %w {frame_step = 0 : i64} : tensor<1x64x1xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @stft_no_length(%s: tensor<1x64x1xf32>) {
  // expected-error@+1 {{graph.stft: needs a window or a frame_length}}
  %0 = graph.stft %s {frame_step = 4 : i64} : tensor<1x64x1xf32> -> tensor<*xf32>
  return
}

// -----

func.func @stft_window_length(%s: tensor<1x64x1xf32>, %w: tensor<16xf32>) {
  // expected-error@+1 {{graph.stft: the window has 16 values but frame_length is 8}}
  %0 = graph.stft %s, %w {frame_step = 4 : i64, frame_length = 8 : i64} : tensor<1x64x1xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @stft_window_type(%s: tensor<1x64x1xf32>, %w: tensor<16xf64>) {
  // expected-error@+1 {{graph.stft: window 'tensor<16xf64>' must have the element type of the signal 'tensor<1x64x1xf32>'}}
  %0 = graph.stft %s, %w {frame_step = 4 : i64} : tensor<1x64x1xf32>, tensor<16xf64> -> tensor<*xf32>
  return
}

// -----

func.func @stft_long_frame(%s: tensor<1x8x1xf32>, %w: tensor<16xf32>) {
  // expected-error@+1 {{graph.stft: frames of 16 samples do not fit a signal of 8}}
  %0 = graph.stft %s, %w {frame_step = 4 : i64} : tensor<1x8x1xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @stft_rank(%s: tensor<64x1xf32>, %w: tensor<16xf32>) {
  // expected-error@+1 {{graph.stft: signal must be [batch, length, 1 or 2], got rank 2}}
  %0 = graph.stft %s, %w {frame_step = 4 : i64} : tensor<64x1xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @stft_onesided_complex(%s: tensor<1x64x2xf32>, %w: tensor<16xf32>) {
  // expected-error@+1 {{graph.stft: onesided needs a real input (last dim 1), got a complex one}}
  %0 = graph.stft %s, %w {frame_step = 4 : i64} : tensor<1x64x2xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @mel_float_bins(%n: tensor<f32>, %l: tensor<i32>, %r: tensor<i32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  // expected-error@+1 {{graph.mel_weight_matrix: num_mel_bins must be an i32 or i64, got 'tensor<f32>'}}
  %0 = graph.mel_weight_matrix %n, %l, %r, %lo, %hi {output_type = f32} : tensor<f32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<?x?xf32>
  return
}

// -----

func.func @mel_edge_shape(%n: tensor<i32>, %l: tensor<i32>, %r: tensor<i32>, %lo: tensor<2xf32>, %hi: tensor<f32>) {
  // expected-error@+1 {{graph.mel_weight_matrix: lower_edge_hertz must be a scalar, got shape 2}}
  %0 = graph.mel_weight_matrix %n, %l, %r, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>, tensor<f32> -> tensor<?x?xf32>
  return
}

// -----

func.func @mel_integer_output(%n: tensor<i32>, %l: tensor<i32>, %r: tensor<i32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  // expected-error@+1 {{graph.mel_weight_matrix: output_type must be a floating-point type, got 'i32'}}
  %0 = graph.mel_weight_matrix %n, %l, %r, %lo, %hi {output_type = i32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<?x?xi32>
  return
}

// -----

func.func @mel_zero_bins(%l: tensor<i32>, %r: tensor<i32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  %n = graph.constant dense<0> : tensor<i32>
  // An inference error: the parser adds the interface's summary.
  // expected-error@+2 {{graph.mel_weight_matrix: num_mel_bins must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.mel_weight_matrix %n, %l, %r, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<?x?xf32>
  return
}
