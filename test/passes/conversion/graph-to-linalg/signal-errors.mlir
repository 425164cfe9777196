// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// The signal lowerings that give up name the node and say why.

// The loop nest of a DFT needs static shapes.
// CHECK: error: node 'd_0' (graph.dft): cannot be lowered to linalg: dynamic shapes are not supported
func.func @negative_dft_dynamic(%x: tensor<1x?x1xf32>) -> tensor<1x?x2xf32> {
  %y = graph.dft %x : tensor<1x?x1xf32> -> tensor<1x?x2xf32> loc(#d_0)
  return %y : tensor<1x?x2xf32>
}
#d_0 = loc("d_0"("model.onnx":0:0))

// -----

// Twiddle factors are computed in f32 or f64 only.
// CHECK: error: node 'd_1' (graph.dft): cannot be lowered to linalg: only f32 and f64 signals are supported
func.func @negative_dft_f16(%x: tensor<1x8x1xf16>) -> tensor<1x8x2xf16> {
  %y = graph.dft %x : tensor<1x8x1xf16> -> tensor<1x8x2xf16> loc(#d_1)
  return %y : tensor<1x8x2xf16>
}
#d_1 = loc("d_1"("model.onnx":0:0))

// -----

// A mel weight matrix is only folded, from constant operands.
// CHECK: error: node 'm_0' (graph.mel_weight_matrix): cannot be lowered to linalg: num_mel_bins, dft_length, sample_rate, lower_edge_hertz and upper_edge_hertz must be constants
func.func @negative_mel_runtime(%n: tensor<i32>, %hi: tensor<f32>) -> tensor<9x8xf32> {
  %len = graph.constant dense<16> : tensor<i32>
  %rate = graph.constant dense<8000> : tensor<i32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %bins = graph.constant dense<8> : tensor<i32>
  %y = graph.mel_weight_matrix %bins, %len, %rate, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<9x8xf32> loc(#m_0)
  return %y : tensor<9x8xf32>
}
#m_0 = loc("m_0"("model.onnx":0:0))
