// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s
// RUN: weft-opt -graph-infer-shapes %s | FileCheck %s --check-prefix=INFER

// Round trip of the ops of GraphSignalOps.td, and their result types through
// graph-infer-shapes (which refines every declared `tensor<*x...>` result).

// CHECK-LABEL: func @dft
// INFER-LABEL: func @dft
func.func @dft(%x: tensor<2x10x1xf32>, %c: tensor<1x4x?x2xf64>) {
  // CHECK: graph.dft %{{.*}} : tensor<2x10x1xf32> -> tensor<*xf32>
  // INFER: graph.dft %{{.*}} : tensor<2x10x1xf32> -> tensor<2x10x2xf32>
  %0 = graph.dft %x : tensor<2x10x1xf32> -> tensor<*xf32>
  // A dft_length pads the signal; onesided keeps N / 2 + 1 frequencies.
  // CHECK: graph.dft %{{.*}} {axis = -2 : i64, dft_length = 16 : i64, onesided = true}
  // INFER: graph.dft {{.*}} -> tensor<2x9x2xf32>
  %1 = graph.dft %x {axis = -2 : i64, dft_length = 16 : i64, onesided = true} : tensor<2x10x1xf32> -> tensor<*xf32>
  // INFER: graph.dft {{.*}} -> tensor<2x5x2xf32>
  %2 = graph.dft %x {dft_length = 9 : i64, onesided = true} : tensor<2x10x1xf32> -> tensor<*xf32>
  // A dynamic signal dim stays dynamic.
  // CHECK: graph.dft %{{.*}} {axis = 2 : i64, inverse = true}
  // INFER: graph.dft {{.*}} -> tensor<1x4x?x2xf64>
  %3 = graph.dft %c {axis = 2 : i64, inverse = true} : tensor<1x4x?x2xf64> -> tensor<*xf64>
  // INFER: graph.dft {{.*}} -> tensor<1x4x?x2xf64>
  %4 = graph.dft %c : tensor<1x4x?x2xf64> -> tensor<*xf64>
  return
}

// CHECK-LABEL: func @stft
// INFER-LABEL: func @stft
func.func @stft(%s: tensor<1x128x1xf32>, %w: tensor<16xf32>, %c: tensor<2x?x2xf32>) {
  // CHECK: graph.stft %{{.*}}, %{{.*}} {frame_step = 8 : i64} : tensor<1x128x1xf32>, tensor<16xf32> -> tensor<*xf32>
  // INFER: graph.stft {{.*}} -> tensor<1x15x9x2xf32>
  %0 = graph.stft %s, %w {frame_step = 8 : i64} : tensor<1x128x1xf32>, tensor<16xf32> -> tensor<*xf32>
  // CHECK: graph.stft %{{.*}} {frame_length = 16 : i64, frame_step = 4 : i64, onesided = false} : tensor<1x128x1xf32> -> tensor<*xf32>
  // INFER: graph.stft {{.*}} -> tensor<1x29x16x2xf32>
  %1 = graph.stft %s {frame_length = 16 : i64, frame_step = 4 : i64, onesided = false} : tensor<1x128x1xf32> -> tensor<*xf32>
  // A complex signal of unknown length: the frame count stays dynamic.
  // INFER: graph.stft {{.*}} -> tensor<2x?x16x2xf32>
  %2 = graph.stft %c, %w {frame_step = 8 : i64, onesided = false} : tensor<2x?x2xf32>, tensor<16xf32> -> tensor<*xf32>
  return
}

// CHECK-LABEL: func @mel
// INFER-LABEL: func @mel
func.func @mel(%n: tensor<i32>, %l: tensor<i64>, %r: tensor<i32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  // CHECK: graph.mel_weight_matrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {output_type = f32} : tensor<i32>, tensor<i64>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<*xf32>
  // INFER: graph.mel_weight_matrix {{.*}} -> tensor<?x?xf32>
  %0 = graph.mel_weight_matrix %n, %l, %r, %lo, %hi {output_type = f32} : tensor<i32>, tensor<i64>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<*xf32>
  // Constant sizes give a static shape.
  %bins = graph.constant dense<8> : tensor<i32>
  %len = graph.constant dense<16> : tensor<i64>
  // INFER: graph.mel_weight_matrix {{.*}} -> tensor<9x8xf64>
  %1 = graph.mel_weight_matrix %bins, %len, %r, %lo, %hi {output_type = f64} : tensor<i32>, tensor<i64>, tensor<i32>, tensor<f32>, tensor<f32> -> tensor<*xf64>
  return
}
