// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// dft and stft: one linalg.generic each, the result's dims plus a reduction
// over the samples. The twiddle index k * n is reduced modulo N and split
// into a quadrant (4m / N) and an angle in [0, pi/2) before cos and sin.

// CHECK-DAG: #[[REAL:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, 0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dft_real
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x1xf32>)
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x8x2xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[REAL]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]] : tensor<1x8x1xf32>) outs(%[[FILL]] : tensor<1x8x2xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-DAG: %[[K:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[N:.*]] = linalg.index 3 : index
// CHECK-DAG: %[[PART:.*]] = linalg.index 2 : index
// CHECK: %[[KN:.*]] = arith.muli
// CHECK: %[[M:.*]] = arith.remui %[[KN]], %c8_i64
// CHECK: %[[M4:.*]] = arith.muli %[[M]], %c4_i64
// CHECK: %[[QUAD:.*]] = arith.divui %[[M4]], %c8_i64
// CHECK: %[[R:.*]] = arith.remui %[[M4]], %c8_i64
// CHECK: %[[RF:.*]] = arith.uitofp %[[R]] : i64 to f32
// CHECK: %[[PHI:.*]] = arith.mulf %[[RF]], %cst{{.*}} : f32
// CHECK: math.cos %[[PHI]] : f32
// CHECK: math.sin %[[PHI]] : f32
// CHECK: %[[ISREAL:.*]] = arith.cmpi eq, %[[PART]], %c0 : index
// CHECK: %[[TERM:.*]] = arith.select %[[ISREAL]]
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[TERM]] : f32
// CHECK: linalg.yield %[[SUM]] : f32
func.func @dft_real(%x: tensor<1x8x1xf32>) -> tensor<1x8x2xf32> {
  %y = graph.dft %x : tensor<1x8x1xf32> -> tensor<1x8x2xf32>
  return %y : tensor<1x8x2xf32>
}

// -----

// A shorter dft_length truncates the signal; a complex input is read twice
// (real and imaginary parts); inverse scales each term by 1/N; f64 signals
// take cos and sin in f32.
// CHECK-DAG: #[[RE:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, 0)>
// CHECK-DAG: #[[IM:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, 1)>
// CHECK-LABEL: func.func @dft_truncated_inverse
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [2, 8, 2, 2] [1, 1, 1, 1] : tensor<2x8x3x2xf64> to tensor<2x8x2x2xf64>
// CHECK: linalg.generic {indexing_maps = [#[[RE]], #[[IM]], #{{.*}}]
// CHECK-SAME: ins(%[[SLICE]], %[[SLICE]] : tensor<2x8x2x2xf64>, tensor<2x8x2x2xf64>)
// CHECK: %[[PHI:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: %[[C:.*]] = math.cos %[[PHI]] : f32
// CHECK: arith.extf %[[C]] : f32 to f64
// CHECK: %[[SCALED:.*]] = arith.mulf %{{.*}}, %cst{{.*}} : f64
// CHECK: arith.addf %{{.*}}, %[[SCALED]] : f64
func.func @dft_truncated_inverse(%x: tensor<2x8x3x2xf64>) -> tensor<2x8x2x2xf64> {
  %y = graph.dft %x {axis = 2 : i64, dft_length = 2 : i64, inverse = true} : tensor<2x8x3x2xf64> -> tensor<2x8x2x2xf64>
  return %y : tensor<2x8x2x2xf64>
}

// -----

// Frame f of STFT reads samples f * frame_step + n, weighted by window[n].
// CHECK-DAG: #[[FRAME:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 8 + d4, 0)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @stft_window
// CHECK-SAME: (%[[S:.*]]: tensor<1x64x1xf32>, %[[W:.*]]: tensor<16xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[FRAME]], #[[WIN]], #[[Y]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[S]], %[[W]] : tensor<1x64x1xf32>, tensor<16xf32>) outs(%{{.*}} : tensor<1x7x9x2xf32>)
// CHECK: ^bb0(%[[SV:.*]]: f32, %[[WV:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.mulf %[[SV]], %[[WV]] : f32
// CHECK: arith.remui %{{.*}}, %c16_i64
func.func @stft_window(%s: tensor<1x64x1xf32>, %w: tensor<16xf32>) -> tensor<1x7x9x2xf32> {
  %y = graph.stft %s, %w {frame_step = 8 : i64} : tensor<1x64x1xf32>, tensor<16xf32> -> tensor<1x7x9x2xf32>
  return %y : tensor<1x7x9x2xf32>
}

// -----

// Without a window, an empty tensor of frame_length gives n its size and the
// samples are not weighted.
// CHECK-LABEL: func.func @stft_no_window
// CHECK: %[[SIZE:.*]] = tensor.empty() : tensor<16xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %[[SIZE]] : tensor<1x64x2xf32>, tensor<1x64x2xf32>, tensor<16xf32>)
// CHECK: ^bb0(%[[RE:.*]]: f32, %[[IM:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NOT: arith.mulf %[[RE]], %{{.*}} : f32
// CHECK: linalg.index 2
func.func @stft_no_window(%s: tensor<1x64x2xf32>) -> tensor<1x7x16x2xf32> {
  %y = graph.stft %s {frame_step = 8 : i64, frame_length = 16 : i64, onesided = false} : tensor<1x64x2xf32> -> tensor<1x7x16x2xf32>
  return %y : tensor<1x7x16x2xf32>
}
