// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Max pooling pads with -inf; linalg.pooling_nchw_max over a kernel window.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEGINF]]
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[WIN]] : tensor<1x2x10x10xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x2x4x4xf32>)
func.func @max_pool(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %y = graph.max_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// ceil_mode: out = ceil((7 - 3) / 2) + 1 = 3 needs (3 - 1) * 2 + 3 = 7 rows;
// with 8 rows and stride 3 floor gives 2, ceil 3 needing 3*2+2 = 8... here
// 7x7, kernel 2, stride 2: ceil gives 4 windows needing 8, one extra row of -inf.
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: linalg.pooling_nchw_max {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x8x8xf32>, tensor<2x2xf32>) outs(%{{.*}} : tensor<1x1x4x4xf32>)
func.func @max_pool_ceil(%x: tensor<1x1x7x7xf32>) -> tensor<1x1x4x4xf32> {
  %y = graph.max_pool %x {ceil_mode = 1 : i64, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x7x7xf32> -> tensor<1x1x4x4xf32>
  return %y : tensor<1x1x4x4xf32>
}

// -----

// Integer max pooling pads with the smallest integer.
// CHECK-LABEL: func.func @max_pool_i8
// CHECK: arith.constant -128 : i8
// CHECK: linalg.pooling_nchw_max
func.func @max_pool_i8(%x: tensor<1x1x4x4xi8>) -> tensor<1x1x2x2xi8> {
  %y = graph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x4x4xi8> -> tensor<1x1x2x2xi8>
  return %y : tensor<1x1x2x2xi8>
}

// -----

// No padding: every window holds 4 elements, one scalar divisor.
// CHECK-LABEL: func.func @average_pool
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum {{.*}} outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK: %[[FOUR:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<1x2x4x4xf32>)
// CHECK: arith.divf %{{.*}}, %[[FOUR]] : f32
func.func @average_pool(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %y = graph.average_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// Padding excluded from the count (count_include_pad = 0): 3x3 windows over a
// 3x3 input with pads 1 count 4 at corners, 6 on edges, 9 in the middle.
// CHECK-DAG: #[[SPATIAL:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-LABEL: func.func @average_pool_exclude_pad
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum
// CHECK: %[[COUNTS:.*]] = arith.constant dense<{{\[\[}}4.000000e+00, 6.000000e+00, 4.000000e+00], [6.000000e+00, 9.000000e+00, 6.000000e+00], [4.000000e+00, 6.000000e+00, 4.000000e+00]]> : tensor<3x3xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[SPATIAL]], #{{.*}}], {{.*}}} ins(%[[S]], %[[COUNTS]] : tensor<1x1x3x3xf32>, tensor<3x3xf32>)
// CHECK: arith.divf
func.func @average_pool_exclude_pad(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %y = graph.average_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf32>
  return %y : tensor<1x1x3x3xf32>
}

// -----

// count_include_pad = 1 counts the pads but not ceil_mode's extra padding:
// 5 wide, kernel 3, stride 2, pads 1: windows start at -1, 1, 3 and the last
// covers 3, 4 and pad 5 (counted): 3, 3, 3; with ceil_mode and no pads on
// 4 wide: windows at 0, 2 (taps 2, 3, and 4 beyond the input): 3, 2.
// CHECK-LABEL: func.func @average_pool_include_pad
// CHECK: %[[NINE:.*]] = arith.constant 9.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[NINE]] : f32
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: arith.constant dense<{{\[\[}}9.000000e+00, 6.000000e+00], [6.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
func.func @average_pool_include_pad(%x: tensor<1x1x5x5xf32>, %z: tensor<1x1x4x4xf32>) -> (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) {
  %0 = graph.average_pool %x {count_include_pad = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %1 = graph.average_pool %z {ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0, %1 : tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>
}

// -----

// 1-D pooling is a generic with reduction iterators over the window.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3)>
// CHECK-LABEL: func.func @max_pool_1d
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.maximumf
func.func @max_pool_1d(%x: tensor<1x2x8xf32>) -> tensor<1x2x4xf32> {
  %y = graph.max_pool %x {kernel_shape = array<i64: 2>, strides = array<i64: 2>} : tensor<1x2x8xf32> -> tensor<1x2x4xf32>
  return %y : tensor<1x2x4xf32>
}

// -----

// CHECK-DAG: #[[NC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func.func @global_average_pool
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[NC]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<1x8x7x7xf32>) outs(%{{.*}} : tensor<1x8xf32>)
// CHECK: %[[N:.*]] = arith.constant 4.900000e+01 : f32
// CHECK: %[[M:.*]] = linalg.generic
// CHECK: arith.divf %{{.*}}, %[[N]]
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0], [1, 2, 3]] {{.*}} : tensor<1x8xf32> into tensor<1x8x1x1xf32>
func.func @global_average_pool(%x: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
  %y = graph.global_average_pool %x : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  return %y : tensor<1x8x1x1xf32>
}

// -----

// Softmax: max over the axis, exp(x - max), sum, divide.
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[ROWS]]], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.maximumf
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]] : tensor<2x10xf32>, tensor<2xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<2x10xf32>) outs(%{{.*}} : tensor<2xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[E]], %[[S]] : tensor<2x10xf32>, tensor<2xf32>)
// CHECK: arith.divf
func.func @softmax(%x: tensor<2x10xf32>) -> tensor<2x10xf32> {
  %y = graph.softmax %x {axis = -1 : i64} : tensor<2x10xf32> -> tensor<2x10xf32>
  return %y : tensor<2x10xf32>
}

// -----

// Softmax over a middle axis of a tensor with a dynamic dim.
// CHECK-DAG: #[[KEPT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK: tensor.dim
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[KEPT]]], iterator_types = ["parallel", "reduction", "parallel"]} {{.*}} outs(%{{.*}} : tensor<?x5xf32>)
func.func @softmax_dynamic(%x: tensor<?x4x5xf32>) -> tensor<?x4x5xf32> {
  %y = graph.softmax %x {axis = 1 : i64} : tensor<?x4x5xf32> -> tensor<?x4x5xf32>
  return %y : tensor<?x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_keepdims
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<1x8x16xf32>) outs(%{{.*}} : tensor<1x8xf32>)
// CHECK: arith.addf
// CHECK: arith.constant 1.600000e+01 : f32
// CHECK: %[[M:.*]] = linalg.generic
// CHECK: arith.divf
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0], [1, 2]] {{.*}} : tensor<1x8xf32> into tensor<1x8x1xf32>
func.func @reduce_mean_keepdims(%x: tensor<1x8x16xf32>) -> tensor<1x8x1xf32> {
  %y = graph.reduce_mean %x {axes = array<i64: -1>, keepdims = 1 : i64} : tensor<1x8x16xf32> -> tensor<1x8x1xf32>
  return %y : tensor<1x8x1xf32>
}

// -----

// No axes: reduce everything; without keepdims the result is rank 0.
// CHECK-LABEL: func.func @reduce_all
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xi64>) outs(%{{.*}} : tensor<i64>)
// CHECK: arith.addi
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3xf32>)
// CHECK: arith.maximumf
func.func @reduce_all(%x: tensor<2x3xi64>, %f: tensor<2x3xf32>) -> (tensor<i64>, tensor<3xf32>) {
  %0 = graph.reduce_sum %x {keepdims = 0 : i64} : tensor<2x3xi64> -> tensor<i64>
  %1 = graph.reduce_max %f {axes = array<i64: 0>, keepdims = 0 : i64} : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<i64>, tensor<3xf32>
}

// -----

// noop_with_empty_axes and no axes: the input itself.
// CHECK-LABEL: func.func @reduce_noop
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[X]]
func.func @reduce_noop(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.reduce_sum %x {noop_with_empty_axes = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reduce_mean over a dynamic dim counts it at run time.
// CHECK-LABEL: func.func @reduce_mean_dynamic
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: arith.muli %[[D]]
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: arith.sitofp %{{.*}} : i64 to f32
func.func @reduce_mean_dynamic(%x: tensor<4x?xf32>) -> tensor<4xf32> {
  %0 = graph.reduce_mean %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<4x?xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
