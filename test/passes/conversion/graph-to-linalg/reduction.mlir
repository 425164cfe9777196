// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// The reduce_* table: each kind's start value, per-element map, combiner
// and finishing step.

// reduce_l2: sum of squares from 0, then sqrt; kept dims restored.
// CHECK-LABEL: func.func @reduce_l2
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill ins(%[[ZERO]] : f32)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x6xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[SQ:.*]] = arith.mulf %[[IN]], %[[IN]]
// CHECK: arith.addf %[[ACC]], %[[SQ]]
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<4xf32>)
// CHECK: math.sqrt
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1]] {{.*}} : tensor<4xf32> into tensor<4x1xf32>
func.func @reduce_l2(%x: tensor<4x6xf32>) -> tensor<4x1xf32> {
  %0 = graph.reduce_l2 %x {axes = array<i64: 1>} : tensor<4x6xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// reduce_l1 and reduce_sum_square on integers: absi and muli, from 0.
// CHECK-LABEL: func.func @reduce_l1_sum_square_int
// CHECK: arith.constant 0 : i32
// CHECK: linalg.generic
// CHECK: math.absi
// CHECK: arith.addi
// CHECK: linalg.generic
// CHECK: arith.muli
// CHECK: arith.addi
func.func @reduce_l1_sum_square_int(%x: tensor<4x6xi32>) -> (tensor<4xi32>, tensor<6xi32>) {
  %0 = graph.reduce_l1 %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<4x6xi32> -> tensor<4xi32>
  %1 = graph.reduce_sum_square %x {axes = array<i64: 0>, keepdims = 0 : i64} : tensor<4x6xi32> -> tensor<6xi32>
  return %0, %1 : tensor<4xi32>, tensor<6xi32>
}

// -----

// reduce_min starts at +inf (the largest integer for integers), reduce_prod
// at 1.
// CHECK-LABEL: func.func @reduce_min_prod
// CHECK: arith.constant 0x7F800000 : f32
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK: arith.minimumf
// CHECK: arith.constant 2147483647 : i32
// CHECK: arith.minsi
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: arith.mulf
func.func @reduce_min_prod(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>) -> (tensor<f32>, tensor<1x1xi32>, tensor<3xf32>) {
  %0 = graph.reduce_min %x {keepdims = 0 : i64} : tensor<2x3xf32> -> tensor<f32>
  %1 = graph.reduce_min %i : tensor<2x3xi32> -> tensor<1x1xi32>
  %2 = graph.reduce_prod %x {axes = array<i64: 0>, keepdims = 0 : i64} : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1, %2 : tensor<f32>, tensor<1x1xi32>, tensor<3xf32>
}

// -----

// reduce_log_sum: log of the sum.
// CHECK-LABEL: func.func @reduce_log_sum
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: math.log
func.func @reduce_log_sum(%x: tensor<4x6xf32>) -> tensor<4xf32> {
  %0 = graph.reduce_log_sum %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<4x6xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_log_sum_exp: max first, a shift of 0 where the max is infinite,
// then shift + log(sum(exp(x - shift))).
// CHECK-LABEL: func.func @reduce_log_sum_exp
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.maximumf
// CHECK: %[[SHIFT:.*]] = linalg.generic {{.*}} ins(%[[MAX]]
// CHECK: math.absf
// CHECK: arith.cmpf oeq
// CHECK: arith.select
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[SHIFT]] : tensor<4x6xf32>, tensor<4xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[EXP]] : tensor<4x6xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[SUM]], %[[SHIFT]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: math.log
// CHECK: arith.addf
func.func @reduce_log_sum_exp(%x: tensor<4x6xf32>) -> tensor<4xf32> {
  %0 = graph.reduce_log_sum_exp %x {axes = array<i64: 1>, keepdims = 0 : i64} : tensor<4x6xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// arg_max: the maximum, then the lowest index holding it (init INT64_MAX,
// minsi); a NaN maximum matches NaN elements.
// CHECK-LABEL: func.func @arg_max
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.maximumf
// CHECK: %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NONE]] : i64)
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %[[MAX]] : tensor<3x5xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<3xi64>)
// CHECK: linalg.index 1
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK: arith.minsi
// CHECK: tensor.expand_shape %[[IDX]] {{.*}} into tensor<3x1xi64>
func.func @arg_max(%x: tensor<3x5xf32>) -> tensor<3x1xi64> {
  %0 = graph.arg_max %x {axis = 1 : i64} : tensor<3x5xf32> -> tensor<3x1xi64>
  return %0 : tensor<3x1xi64>
}

// -----

// arg_min with select_last_index: the minimum, then the highest index
// (init -1, maxsi).
// CHECK-LABEL: func.func @arg_min_last
// CHECK: arith.minsi
// CHECK: arith.constant -1 : i64
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK: linalg.index 0
// CHECK: arith.cmpi eq
// CHECK: arith.maxsi
func.func @arg_min_last(%x: tensor<3x5xi32>) -> tensor<5xi64> {
  %0 = graph.arg_min %x {axis = 0 : i64, keepdims = 0 : i64, select_last_index = 1 : i64} : tensor<3x5xi32> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// hardmax: 1 at the arg_max index along the axis, 0 elsewhere.
// CHECK-LABEL: func.func @hardmax
// CHECK: arith.maximumf
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[IDX]] : tensor<3x5xf32>, tensor<3xi64>) outs(%{{.*}} : tensor<3x5xf32>)
// CHECK: linalg.index 1
// CHECK: arith.cmpi eq
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
func.func @hardmax(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = graph.hardmax %x : tensor<3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// cumsum: an extra reduction dim j over the axis; element j counts for
// position i when j <= i (exclusive: j < i; reverse: j >= i / j > i).
// CHECK-DAG: #[[XJ:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[J:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum
// CHECK: linalg.generic {indexing_maps = [#[[XJ]], #[[J]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: %[[JJ:.*]] = linalg.index 2
// CHECK: %[[II:.*]] = linalg.index 1
// CHECK: arith.cmpi sle, %[[JJ]], %[[II]]
// CHECK: arith.select
// CHECK: arith.addf
// CHECK: arith.cmpi sgt
// CHECK: arith.addi
func.func @cumsum(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  %0 = graph.cumsum %x {axis = -1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.cumsum %i {axis = 1 : i64, exclusive = 1 : i64, reverse = 1 : i64} : tensor<2x3xi64> -> tensor<2x3xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

// top_k: each element's rank counts the elements that beat it (more
// extreme, or equal at a lower index); slot r then selects the element and
// the index of rank r.
// CHECK-LABEL: func.func @top_k
// CHECK: %[[RANK:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<3x4xf32>) outs(%{{.*}} : tensor<3x4xi64>)
// CHECK: arith.cmpi slt
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oeq
// CHECK: arith.extui
// CHECK: %[[V:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[RANK]] : tensor<3x4xf32>, tensor<3x4xi64>) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: arith.select
// CHECK: %[[I:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[RANK]] : tensor<3x4xf32>, tensor<3x4xi64>) outs(%{{.*}} : tensor<3x2xi64>)
// CHECK: linalg.index 2
// CHECK: return %[[V]], %[[I]]
func.func @top_k(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>) {
  %v, %i = graph.top_k %x {k = 2 : i64} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xi64>
  return %v, %i : tensor<3x2xf32>, tensor<3x2xi64>
}

// -----

// top_k with largest = 0 ranks by "less than".
// CHECK-LABEL: func.func @top_k_smallest
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi slt
func.func @top_k_smallest(%x: tensor<4xi32>) -> (tensor<1xi32>, tensor<1xi64>) {
  %v, %i = graph.top_k %x {k = 1 : i64, largest = 0 : i64} : tensor<4xi32> -> tensor<1xi32>, tensor<1xi64>
  return %v, %i : tensor<1xi32>, tensor<1xi64>
}
