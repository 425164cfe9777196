// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[1, 0, 0, 0, 0] [1, 1, 8, 40, 15] [1, 1, 1, 1, 1] : tensor<3x1x8x40x15xf32> to tensor<1x1x8x40x15xf32>
func.func @slice(%x: tensor<3x1x8x40x15xf32>) -> tensor<1x1x8x40x15xf32> {
  %s = graph.constant dense<1> : tensor<1xi64>
  %e = graph.constant dense<2> : tensor<1xi64>
  %a = graph.constant dense<0> : tensor<1xi64>
  %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) axes(%a : tensor<1xi64>) : tensor<3x1x8x40x15xf32> -> tensor<1x1x8x40x15xf32>
  return %y : tensor<1x1x8x40x15xf32>
}

// -----

// Out-of-range bounds clamp; negative bounds count from the end; steps.
// Axis 1: starts -3 -> 7, ends INT64_MAX -> 10, step 2 -> 7, 9.
// Axis 0: starts -100 -> 0, ends -1 -> 3.
// CHECK-LABEL: func.func @slice_clamp_steps
// CHECK: tensor.extract_slice %{{.*}}[0, 7] [3, 2] [1, 2] : tensor<4x10xf32> to tensor<3x2xf32>
func.func @slice_clamp_steps(%x: tensor<4x10xf32>) -> tensor<3x2xf32> {
  %s = graph.constant dense<[-3, -100]> : tensor<2xi64>
  %e = graph.constant dense<[9223372036854775807, -1]> : tensor<2xi64>
  %a = graph.constant dense<[1, 0]> : tensor<2xi64>
  %st = graph.constant dense<[2, 1]> : tensor<2xi64>
  %y = graph.slice %x starts(%s : tensor<2xi64>) ends(%e : tensor<2xi64>) axes(%a : tensor<2xi64>) steps(%st : tensor<2xi64>) : tensor<4x10xf32> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// A negative step: the elements 8, 5, 2 of axis 0 are taken in increasing
// order (2, 5, 8 with stride 3), then reversed by a generic that reads
// element 2 - d0 (no input map with a negative coefficient: tiling gets
// those wrong).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @slice_negative_step
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[2, 0] [3, 4] [3, 1] : tensor<10x4xf32> to tensor<3x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]]], iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: %[[D0:.*]] = linalg.index 0
// CHECK: %[[REV:.*]] = arith.subi %c2{{.*}}, %[[D0]]
// CHECK: %[[D1:.*]] = linalg.index 1
// CHECK: tensor.extract %[[S]][%[[REV]], %[[D1]]] : tensor<3x4xf32>
func.func @slice_negative_step(%x: tensor<10x4xf32>) -> tensor<3x4xf32> {
  %s = graph.constant dense<-2> : tensor<1xi64>
  %e = graph.constant dense<0> : tensor<1xi64>
  %st = graph.constant dense<-3> : tensor<1xi64>
  %a = graph.constant dense<0> : tensor<1xi64>
  %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) axes(%a : tensor<1xi64>) steps(%st : tensor<1xi64>) : tensor<10x4xf32> -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// Dynamic dims: the clamping is index arithmetic on tensor.dim.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: arith.minsi
// CHECK: tensor.extract_slice %[[X]][%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
func.func @slice_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = graph.constant dense<1> : tensor<1xi64>
  %e = graph.constant dense<-1> : tensor<1xi64>
  %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<?xf32> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_empty
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x4xf32>
// CHECK: return %[[E]]
func.func @slice_empty(%x: tensor<10x4xf32>) -> tensor<0x4xf32> {
  %s = graph.constant dense<5> : tensor<1xi64>
  %e = graph.constant dense<2> : tensor<1xi64>
  %y = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<10x4xf32> -> tensor<0x4xf32>
  return %y : tensor<0x4xf32>
}

// -----

// One constant index: a rank-reducing extract_slice; -1 is the last.
// CHECK-LABEL: func.func @gather_scalar
// CHECK: tensor.extract_slice %{{.*}}[0, 3] [2, 1] [1, 1] : tensor<2x4xf32> to tensor<2xf32>
func.func @gather_scalar(%x: tensor<2x4xf32>) -> tensor<2xf32> {
  %i = graph.constant dense<-1> : tensor<i64>
  %y = graph.gather %x, %i {axis = 1 : i64} : tensor<2x4xf32>, tensor<i64> -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<4x6xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[I]] : tensor<4x6xi32>) outs(%{{.*}} : tensor<2x4x6x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[C:.*]] = arith.index_cast %[[IN]] : i32 to index
// CHECK: %[[W:.*]] = arith.addi %[[C]], %{{.*}}
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[C]]
// CHECK: %[[SEL:.*]] = arith.select %[[NEG]], %[[W]], %[[C]]
// CHECK: %[[LO:.*]] = arith.maxsi %[[SEL]]
// CHECK: %[[IDX:.*]] = arith.minsi %[[LO]]
// CHECK: %[[D0:.*]] = linalg.index 0
// CHECK: %[[D3:.*]] = linalg.index 3
// CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[D0]], %[[IDX]], %[[D3]]] : tensor<2x5x3xf32>
// CHECK: linalg.yield %[[V]]
func.func @gather(%x: tensor<2x5x3xf32>, %i: tensor<4x6xi32>) -> tensor<2x4x6x3xf32> {
  %y = graph.gather %x, %i {axis = 1 : i64} : tensor<2x5x3xf32>, tensor<4x6xi32> -> tensor<2x4x6x3xf32>
  return %y : tensor<2x4x6x3xf32>
}
