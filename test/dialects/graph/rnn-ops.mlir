// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s

// Round trip of graph.rnn with its optional operands absent and present.

// CHECK-LABEL: func @rnn
func.func @rnn(%x: tensor<4x2x16xf32>, %w: tensor<2x8x16xf32>, %r: tensor<2x8x8xf32>, %b: tensor<2x16xf32>, %l: tensor<2xi32>, %h0: tensor<2x2x8xf32>, %w1: tensor<1x8x16xf32>, %r1: tensor<1x8x8xf32>) -> (tensor<4x1x2x8xf32>, tensor<4x2x2x8xf32>) {
  // CHECK: graph.rnn %{{.*}}, %{{.*}}, %{{.*}} {hidden_size = 8 : i64} :
  %y0, %h = graph.rnn %x, %w1, %r1 {hidden_size = 8 : i64} : tensor<4x2x16xf32>, tensor<1x8x16xf32>, tensor<1x8x8xf32> -> tensor<4x1x2x8xf32>, tensor<1x2x8xf32>
  // CHECK: graph.rnn %{{.*}}, %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<2x16xf32>) seq_lens(%{{.*}} : tensor<2xi32>) initial_h(%{{.*}} : tensor<2x2x8xf32>) {activations = ["Relu", "Tanh"], direction = "bidirectional", hidden_size = 8 : i64}
  %y1, %h1 = graph.rnn %x, %w, %r bias(%b : tensor<2x16xf32>) seq_lens(%l : tensor<2xi32>) initial_h(%h0 : tensor<2x2x8xf32>) {activations = ["Relu", "Tanh"], direction = "bidirectional", hidden_size = 8 : i64} : tensor<4x2x16xf32>, tensor<2x8x16xf32>, tensor<2x8x8xf32> -> tensor<4x2x2x8xf32>, tensor<2x2x8xf32>
  return %y0, %y1 : tensor<4x1x2x8xf32>, tensor<4x2x2x8xf32>
}
