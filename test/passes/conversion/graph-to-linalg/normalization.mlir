// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// lp_normalization p = 2: x / sqrt(sum(x^2)) along the axis, the norm read
// broadcast.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @lp_normalization
// CHECK: %[[N:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], {{.*}} ins(%{{.*}}, %[[N]] : tensor<2x8xf32>, tensor<2xf32>)
// CHECK: math.sqrt
// CHECK: arith.divf
func.func @lp_normalization(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = graph.lp_normalization %x : tensor<2x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// p = 1 divides by the sum of |x|, without a root.
// CHECK-LABEL: func.func @lp_normalization_l1
// CHECK: math.absf
// CHECK-NOT: math.sqrt
// CHECK: arith.divf
func.func @lp_normalization_l1(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = graph.lp_normalization %x {axis = 0 : i64, p = 1 : i64} : tensor<2x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// instance_normalization: mean and biased variance over the spatial dims
// per (n, c), then one generic with scale and bias per channel.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[NC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @instance_normalization
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x3x4x5xf32>, %[[S:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3xf32>
// CHECK: %[[COUNT:.*]] = arith.constant 2.000000e+01 : f32
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<?x3xf32>)
// CHECK: arith.divf %{{.*}}, %[[COUNT]]
// CHECK: %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MEAN]] : tensor<?x3x4x5xf32>, tensor<?x3xf32>)
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: %[[VSUM:.*]] = linalg.generic {{.*}} ins(%[[SQ]] : tensor<?x3x4x5xf32>)
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} ins(%[[VSUM]] : tensor<?x3xf32>)
// CHECK: %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[NC]], #[[NC]], #[[C]], #[[C]], #[[ID]]], {{.*}} ins(%[[X]], %[[MEAN]], %[[VAR]], %[[S]], %[[B]] :
// CHECK: arith.subf
// CHECK: arith.addf %{{.*}}, %[[EPS]]
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @instance_normalization(%x: tensor<?x3x4x5xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<?x3x4x5xf32> {
  %0 = graph.instance_normalization %x, %s, %b {epsilon = 1.0e-03 : f32} : tensor<?x3x4x5xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<?x3x4x5xf32>
  return %0 : tensor<?x3x4x5xf32>
}

// -----

// lrn size 4: squares padded by 1 channel before and 2 after, summed over a
// window of 4 channels, then x / (bias + alpha / size * sum) ^ beta.
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2, d3)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4)>
// CHECK-LABEL: func.func @lrn
// CHECK: arith.mulf
// CHECK: tensor.pad %{{.*}} low[0, 1, 0, 0] high[0, 2, 0, 0]
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[WIN]], #[[K]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x8x2x2xf32>, tensor<4xf32>)
// CHECK-DAG: %[[BIAS:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG: %[[BETA:.*]] = arith.constant 7.500000e-01 : f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] :
// CHECK: arith.mulf %[[SCALE]]
// CHECK: arith.addf %[[BIAS]]
// CHECK: math.powf %{{.*}}, %[[BETA]]
// CHECK: arith.divf
func.func @lrn(%x: tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32> {
  %0 = graph.lrn %x {size = 4 : i64, alpha = 1.0 : f32, bias = 2.0 : f32} : tensor<1x5x2x2xf32> -> tensor<1x5x2x2xf32>
  return %0 : tensor<1x5x2x2xf32>
}

// -----

// global_max_pool: max over the spatial dims from -inf, unit dims restored.
// CHECK-LABEL: func.func @global_max_pool
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.maximumf
// CHECK: tensor.expand_shape %[[M]] {{.*}} into tensor<?x8x1x1xf32>
func.func @global_max_pool(%x: tensor<?x8x7x7xf32>) -> tensor<?x8x1x1xf32> {
  %0 = graph.global_max_pool %x : tensor<?x8x7x7xf32> -> tensor<?x8x1x1xf32>
  return %0 : tensor<?x8x1x1xf32>
}

// -----

// global_lp_pool p = 3: sum |x|^3 (math.powf), then the cube root.
// CHECK-LABEL: func.func @global_lp_pool
// CHECK: linalg.generic
// CHECK: math.absf
// CHECK: math.powf
// CHECK: arith.addf
// CHECK: %[[THIRD:.*]] = arith.constant 0.333333343 : f32
// CHECK: math.powf %{{.*}}, %[[THIRD]]
func.func @global_lp_pool(%x: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
  %0 = graph.global_lp_pool %x {p = 3 : i64} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

// lp_pool p = 2: x^2, zero padding, a sum pool, sqrt.
// CHECK-LABEL: func.func @lp_pool
// CHECK: arith.mulf
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.pooling_nchw_sum
// CHECK: math.sqrt
func.func @lp_pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %0 = graph.lp_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
