// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// Result types of graph.rnn: Y [S, D, B, H] and Y_h [D, B, H] (layout 0), or
// Y [B, S, D, H] and Y_h [B, D, H] (layout 1).

// CHECK-LABEL: func @rnn_layouts
// CHECK: graph.rnn {{.*}} -> tensor<5x2x3x8xf32>, tensor<2x3x8xf32>
// CHECK: graph.rnn {{.*}} -> tensor<3x5x1x8xf32>, tensor<3x1x8xf32>
func.func @rnn_layouts(%x: tensor<5x3x16xf32>, %w2: tensor<2x8x16xf32>, %r2: tensor<2x8x8xf32>, %xb: tensor<3x5x16xf32>, %w: tensor<1x8x16xf32>, %r: tensor<1x8x8xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %y0, %h0 = graph.rnn %x, %w2, %r2 {direction = "bidirectional", hidden_size = 8 : i64} : tensor<5x3x16xf32>, tensor<2x8x16xf32>, tensor<2x8x8xf32> -> tensor<*xf32>, tensor<*xf32>
  %y1, %h1 = graph.rnn %xb, %w, %r {hidden_size = 8 : i64, layout = 1 : i64} : tensor<3x5x16xf32>, tensor<1x8x16xf32>, tensor<1x8x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return %y0, %y1 : tensor<*xf32>, tensor<*xf32>
}
