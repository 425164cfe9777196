// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Padded, strided 2-D conv with bias: tensor.pad, a zero-filled accumulator,
// linalg.conv_2d_nchw_fchw, then the bias added per channel by a generic.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x8x8xf32>, %[[W:[^:]*]]: tensor<4x3x3x3xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[ACC:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x4xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%[[ACC]] : tensor<1x4x4x4xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[ID]]], {{.*}}} ins(%[[C]], %[[B]] : tensor<1x4x4x4xf32>, tensor<4xf32>)
// CHECK: arith.addf
// CHECK: return %[[Y]]
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %y = graph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// Asymmetric pads [begin..., end...] and dilation; no bias, no generic.
// CHECK-LABEL: func.func @conv_dilated_asymmetric
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 2] high[0, 0, 1, 0]
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
// CHECK-NOT: linalg.generic
func.func @conv_dilated_asymmetric(%x: tensor<1x2x8x8xf32>, %w: tensor<2x2x3x3xf32>) -> tensor<1x2x5x6xf32> {
  %y = graph.conv %x, %w {dilations = array<i64: 2, 2>, pads = array<i64: 0, 2, 1, 0>} : tensor<1x2x8x8xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x5x6xf32>
  return %y : tensor<1x2x5x6xf32>
}

// -----

// SAME_UPPER puts the odd padding at the end.
// CHECK-LABEL: func.func @conv_same_upper
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} outs(%{{.*}} : tensor<1x1x4x4xf32>)
func.func @conv_same_upper(%x: tensor<1x1x8x8xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32> {
  %y = graph.conv %x, %w {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : tensor<1x1x8x8xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x4x4xf32>
  return %y : tensor<1x1x4x4xf32>
}

// -----

// Depthwise (group = C = M): the M x 1 x kH x kW weight collapses to C x kH x kW.
// CHECK-LABEL: func.func @conv_depthwise
// CHECK: %[[W:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<8x1x3x3xf32> into tensor<8x3x3xf32>
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>)
func.func @conv_depthwise(%x: tensor<1x8x8x8xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x8x8xf32> {
  %y = graph.conv %x, %w {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x8x8xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}

// -----

// Grouped conv with few groups: one dense conv per group on its channel
// slices, inserted into the result.
// CHECK-LABEL: func.func @conv_grouped
// CHECK: %[[X0:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<1x8x6x6xf32> to tensor<1x4x6x6xf32>
// CHECK: %[[W0:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [3, 4, 3, 3] [1, 1, 1, 1] : tensor<6x4x3x3xf32> to tensor<3x4x3x3xf32>
// CHECK: %[[C0:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X0]], %[[W0]] : {{.*}}) outs(%{{.*}} : tensor<1x3x4x4xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[C0]] into %{{.*}}[0, 0, 0, 0] [1, 3, 4, 4] [1, 1, 1, 1]
// CHECK: %[[X1:.*]] = tensor.extract_slice %{{.*}}[0, 4, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1]
// CHECK: %[[W1:.*]] = tensor.extract_slice %{{.*}}[3, 0, 0, 0] [3, 4, 3, 3] [1, 1, 1, 1]
// CHECK: %[[C1:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X1]], %[[W1]] : {{.*}})
// CHECK: tensor.insert_slice %[[C1]] into %[[R0]][0, 3, 0, 0] [1, 3, 4, 4] [1, 1, 1, 1]
func.func @conv_grouped(%x: tensor<1x8x6x6xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x4x4xf32> {
  %y = graph.conv %x, %w {group = 2 : i64} : tensor<1x8x6x6xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x4x4xf32>
  return %y : tensor<1x6x4x4xf32>
}

// -----

// Many groups of several channels: channels split into group x per-group
// for conv_2d_ngchw_gfchw (weight M x C/g x k becomes g x M/g x C/g x k).
// CHECK-LABEL: func.func @conv_many_groups
// CHECK: %[[X:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] {{.*}} : tensor<1x34x6x6xf32> into tensor<1x17x2x6x6xf32>
// CHECK: %[[W:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] {{.*}} : tensor<17x2x3x3xf32> into tensor<17x1x2x3x3xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_ngchw_gfchw {{.*}} ins(%[[X]], %[[W]] : {{.*}}) outs(%{{.*}} : tensor<1x17x1x4x4xf32>)
// CHECK: tensor.collapse_shape %[[C]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x17x1x4x4xf32> into tensor<1x17x4x4xf32>
func.func @conv_many_groups(%x: tensor<1x34x6x6xf32>, %w: tensor<17x2x3x3xf32>) -> tensor<1x17x4x4xf32> {
  %y = graph.conv %x, %w {group = 17 : i64} : tensor<1x34x6x6xf32>, tensor<17x2x3x3xf32> -> tensor<1x17x4x4xf32>
  return %y : tensor<1x17x4x4xf32>
}

// -----

// Depthwise with a channel multiplier of 2: input channel c is repeated for
// outputs 2c and 2c + 1, then a depthwise conv.
// CHECK-DAG: #[[REPEAT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-LABEL: func.func @conv_depthwise_multiplier
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[REPEAT]], #{{.*}}], {{.*}}} ins(%{{.*}} : tensor<1x3x5x5xf32>) outs(%{{.*}} : tensor<1x3x2x5x5xf32>)
// CHECK: %[[I:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x3x2x5x5xf32> into tensor<1x6x5x5xf32>
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[I]], %{{.*}} : tensor<1x6x5x5xf32>, tensor<6x3x3xf32>)
func.func @conv_depthwise_multiplier(%x: tensor<1x3x5x5xf32>, %w: tensor<6x1x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %y = graph.conv %x, %w {group = 3 : i64} : tensor<1x3x5x5xf32>, tensor<6x1x3x3xf32> -> tensor<1x6x3x3xf32>
  return %y : tensor<1x6x3x3xf32>
}

// -----

// A dynamic batch dim is read from the input.
// CHECK-LABEL: func.func @conv_dynamic_batch
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x3x8x8xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x8x8xf32>
// CHECK: tensor.empty(%[[N]]) : tensor<?x4x6x6xf32>
// CHECK: linalg.conv_2d_nchw_fchw
func.func @conv_dynamic_batch(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x6x6xf32> {
  %y = graph.conv %x, %w : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<?x4x6x6xf32>
  return %y : tensor<?x4x6x6xf32>
}

// -----

// CHECK-LABEL: func.func @conv_1d_3d
// CHECK: linalg.conv_1d_ncw_fcw
// CHECK: linalg.conv_3d_ncdhw_fcdhw
func.func @conv_1d_3d(%x: tensor<1x2x8xf32>, %w: tensor<3x2x3xf32>, %v: tensor<1x2x4x4x4xf32>, %k: tensor<3x2x2x2x2xf32>) -> (tensor<1x3x6xf32>, tensor<1x3x3x3x3xf32>) {
  %0 = graph.conv %x, %w : tensor<1x2x8xf32>, tensor<3x2x3xf32> -> tensor<1x3x6xf32>
  %1 = graph.conv %v, %k : tensor<1x2x4x4x4xf32>, tensor<3x2x2x2x2xf32> -> tensor<1x3x3x3x3xf32>
  return %0, %1 : tensor<1x3x6xf32>, tensor<1x3x3x3x3xf32>
}

// -----

// conv_transpose, stride 2, kernel 3, pads 1: the input is stuffed with zeros
// (stride-2 insert_slice at offset extent - 1 - pad = 1, with output_padding
// 1 at the end: 1 + 7 + 2 = 10), the kernel flipped and transposed to
// M x C, then a stride-1 conv gives 2 * (4 - 1) + 1 + 3 - 2 = 8. The flip
// reads w[g, cg, mg, 2 - kh, 2 - kw] with tensor.extract: an indexing map
// with a negative coefficient breaks linalg's loop-range checks once tiled.
// CHECK-LABEL: func.func @conv_transpose
// CHECK: %[[Z:.*]] = linalg.fill {{.*}} -> tensor<1x4x10x10xf32>
// CHECK: %[[S:.*]] = tensor.insert_slice %{{.*}} into %[[Z]][0, 0, 1, 1] [1, 4, 4, 4] [1, 1, 2, 2] : tensor<1x4x4x4xf32> into tensor<1x4x10x10xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] {{.*}} : tensor<4x2x3x3xf32> into tensor<1x4x2x3x3xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(
// CHECK-DAG:   %[[G:.*]] = linalg.index 0
// CHECK-DAG:   %[[MG:.*]] = linalg.index 1
// CHECK-DAG:   %[[CG:.*]] = linalg.index 2
// CHECK-DAG:   %[[KH:.*]] = linalg.index 3
// CHECK-DAG:   %[[FH:.*]] = arith.subi %c2{{.*}}, %[[KH]]
// CHECK-DAG:   %[[KW:.*]] = linalg.index 4
// CHECK-DAG:   %[[FW:.*]] = arith.subi %c2{{.*}}, %[[KW]]
// CHECK:   tensor.extract %{{.*}}[%[[G]], %[[CG]], %[[MG]], %[[FH]], %[[FW]]] : tensor<1x4x2x3x3xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %{{.*}} : tensor<1x2x4x3x3xf32> into tensor<2x4x3x3xf32>
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[S]], %[[W]] : tensor<1x4x10x10xf32>, tensor<2x4x3x3xf32>) outs(%{{.*}} : tensor<1x2x8x8xf32>)
func.func @conv_transpose(%x: tensor<1x4x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x2x8x8xf32> {
  %y = graph.conv_transpose %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32> -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// -----

// conv_transpose whose kernel equals its strides (no pads, dilation, groups):
// a 1x1 conv to M*s0*s1 = 2*2*3 channels, then the pixel shuffle
// y[n, m, 2h + i, 3w + j] = t[n, (m, i, j), h, w] as a 6-D transpose. A
// constant weight is permuted to (m, i, j, c) at compile time.
// CHECK-DAG: #[[READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d5, d2, d4)>
// CHECK-LABEL: func.func @conv_transpose_pixel_shuffle
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 1.200000e+01], [2.000000e+00, 1.300000e+01]{{.*}}> : tensor<2x2x3x2xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1, 2], [3]] : tensor<2x2x3x2xf32> into tensor<12x2xf32>
// CHECK: %[[F:.*]] = tensor.expand_shape %[[C]] {{\[\[}}0], [1, 2, 3]] {{.*}} into tensor<12x2x1x1xf32>
// CHECK: %[[T:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %[[F]] : tensor<1x2x4x5xf32>, tensor<12x2x1x1xf32>) outs(%{{.*}} : tensor<1x12x4x5xf32>)
// CHECK: %[[S:.*]] = tensor.expand_shape %[[T]] {{\[\[}}0], [1, 2, 3], [4], [5]] {{.*}} into tensor<1x2x2x3x4x5xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[READ]], #{{.*}}], {{.*}}} ins(%[[S]] : tensor<1x2x2x3x4x5xf32>) outs(%{{.*}} : tensor<1x2x4x2x5x3xf32>)
// CHECK: tensor.collapse_shape %[[P]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<1x2x4x2x5x3xf32> into tensor<1x2x8x15xf32>
// CHECK-NOT: tensor.insert_slice
func.func @conv_transpose_pixel_shuffle(%x: tensor<1x2x4x5xf32>) -> tensor<1x2x8x15xf32> {
  %w = graph.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]], [[[12.0, 13.0, 14.0], [15.0, 16.0, 17.0]], [[18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]]> : tensor<2x2x2x3xf32>
  %y = graph.conv_transpose %x, %w {kernel_shape = array<i64: 2, 3>, strides = array<i64: 2, 3>} : tensor<1x2x4x5xf32>, tensor<2x2x2x3xf32> -> tensor<1x2x8x15xf32>
  return %y : tensor<1x2x8x15xf32>
}

// -----

// Gemm with transB: linalg.matmul_transpose_b, then alpha * AB + beta * C
// with C broadcast along the rows.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @gemm
// CHECK: %[[P:.*]] = linalg.matmul_transpose_b ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[ROW]], #{{.*}}], {{.*}}} ins(%[[P]], %{{.*}} : tensor<2x4xf32>, tensor<4xf32>)
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: arith.mulf
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @gemm(%a: tensor<2x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %y = graph.gemm %a, %b, %c {alpha = 0.5 : f32, beta = 2.0 : f32, transB = 1 : i64} : tensor<2x8xf32>, tensor<4x8xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @gemm_trans_a
// CHECK: linalg.matmul_transpose_a ins(%{{.*}}, %{{.*}} : tensor<8x2xf32>, tensor<8x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: linalg.transpose ins(%{{.*}} : tensor<8x2xf32>) outs(%{{.*}} : tensor<2x8xf32>) permutation = [1, 0]
// CHECK: linalg.matmul_transpose_b
func.func @gemm_trans_a(%a: tensor<8x2xf32>, %b: tensor<8x4xf32>, %bt: tensor<4x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = graph.gemm %a, %b {transA = 1 : i64} : tensor<8x2xf32>, tensor<8x4xf32> -> tensor<2x4xf32>
  %1 = graph.gemm %a, %bt {transA = 1 : i64, transB = 1 : i64} : tensor<8x2xf32>, tensor<4x8xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_2d
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<8x4xf32>) outs(%{{.*}} : tensor<2x4xf32>)
func.func @matmul_2d(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %y = graph.matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// [batch, M, K] @ [K, N]: the batch folds into M for one matmul.
// CHECK-LABEL: func.func @matmul_weights
// CHECK: %[[A:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<?x5x8xf32> into tensor<?x8xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[A]], %{{.*}} : tensor<?x8xf32>, tensor<8x4xf32>) outs(%{{.*}} : tensor<?x4xf32>)
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2]] output_shape [%{{.*}}, 5, 4] : tensor<?x4xf32> into tensor<?x5x4xf32>
func.func @matmul_weights(%a: tensor<?x5x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x5x4xf32> {
  %y = graph.matmul %a, %b : tensor<?x5x8xf32>, tensor<8x4xf32> -> tensor<?x5x4xf32>
  return %y : tensor<?x5x4xf32>
}

// -----

// Batch dims broadcast (2x1 with 3): the operands are broadcast to 2x3, the
// batch folded into one dim for linalg.batch_matmul, and unfolded after.
// CHECK-LABEL: func.func @matmul_batched
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x1x4x8xf32>) outs(%{{.*}} : tensor<2x3x4x8xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3x8x5xf32>) outs(%{{.*}} : tensor<2x3x8x5xf32>)
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<2x3x4x8xf32> into tensor<6x4x8xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<2x3x8x5xf32> into tensor<6x8x5xf32>
// CHECK: %[[P:.*]] = linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<6x4x8xf32>, tensor<6x8x5xf32>) outs(%{{.*}} : tensor<6x4x5xf32>)
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2], [3]] {{.*}} : tensor<6x4x5xf32> into tensor<2x3x4x5xf32>
func.func @matmul_batched(%a: tensor<2x1x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %y = graph.matmul %a, %b : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
  return %y : tensor<2x3x4x5xf32>
}

// -----

// 1-D operands are promoted ([K] -> [1, K], [K] -> [K, 1]) and the unit dims
// dropped from the result.
// CHECK-LABEL: func.func @matmul_vectors
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] {{.*}} : tensor<8xf32> into tensor<1x8xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x8xf32>, tensor<8x4xf32>)
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] {{.*}} : tensor<8xf32> into tensor<8x1xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x8xf32>, tensor<8x1xf32>)
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @matmul_vectors(%v: tensor<8xf32>, %b: tensor<8x4xf32>) -> (tensor<4xf32>, tensor<f32>) {
  %0 = graph.matmul %v, %b : tensor<8xf32>, tensor<8x4xf32> -> tensor<4xf32>
  %1 = graph.matmul %v, %v : tensor<8xf32>, tensor<8xf32> -> tensor<f32>
  return %0, %1 : tensor<4xf32>, tensor<f32>
}

// -----

// y = (x - mean) * scale / sqrt(var + eps) + bias, per channel, one generic.
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_normalization
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[CH]], #[[CH]], #[[CH]], #[[CH]], #{{.*}}]
// CHECK: arith.constant 9.99999974E-6 : f32
// CHECK: arith.addf
// CHECK: math.sqrt
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.divf
// CHECK: arith.addf
func.func @batch_normalization(%x: tensor<1x2x4x4xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>, %m: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %y = graph.batch_normalization %x, %s, %b, %m, %v {epsilon = 1.0e-05 : f32} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}
