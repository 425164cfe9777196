// RUN: weft-opt -split-input-file -verify-diagnostics %s

// Verifier and type-inference errors of graph.rnn.

func.func @rnn_wrong_w(%x: tensor<5x1x16xf32>, %w: tensor<1x24x16xf32>, %r: tensor<1x8x8xf32>) {
  // expected-error@+1 {{W has shape 1x24x16 but expected 1x8x16}}
  %0:2 = graph.rnn %x, %w, %r {hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x24x16xf32>, tensor<1x8x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @rnn_activation_count(%x: tensor<5x1x16xf32>, %w: tensor<1x8x16xf32>, %r: tensor<1x8x8xf32>) {
  // expected-error@+1 {{activations has 2 entries but expected 1 (1 per direction)}}
  %0:2 = graph.rnn %x, %w, %r {activations = ["Tanh", "Tanh"], hidden_size = 8 : i64} : tensor<5x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

func.func @rnn_hidden_size(%x: tensor<5x1x16xf32>, %w: tensor<1x8x16xf32>, %r: tensor<1x8x8xf32>) {
  // expected-error@+2 {{hidden_size must be positive, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = graph.rnn %x, %w, %r {hidden_size = 0 : i64} : tensor<5x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}
