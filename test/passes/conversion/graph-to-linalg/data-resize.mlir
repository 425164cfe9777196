// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// PP-OCRv4 det: nearest, asymmetric, floor, scales 1x1x2x2. Each input pixel
// is repeated: a broadcast into 1x8x4x2x4x2, then a collapse.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @resize_ppocr_det
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x4x2x4x2xf32>
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<1x8x4x4xf32>) outs(%[[E]] : tensor<1x8x4x2x4x2xf32>)
// CHECK: tensor.collapse_shape %[[B]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<1x8x4x2x4x2xf32> into tensor<1x8x8x8xf32>
func.func @resize_ppocr_det(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x8x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %y = graph.resize %x scales(%s : tensor<4xf32>) {coordinate_transformation_mode = "asymmetric", nearest_mode = "floor"} : tensor<1x8x4x4xf32> -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}

// -----

// The default half_pixel + round_prefer_floor at 8x is also "x div 8".
// CHECK-LABEL: func.func @resize_nearest_half_pixel_x8
// CHECK: linalg.generic
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<1x2x3x8x3x8xf32> into tensor<1x2x24x24xf32>
func.func @resize_nearest_half_pixel_x8(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x24x24xf32> {
  %s = graph.constant dense<[1.0, 1.0, 8.0, 8.0]> : tensor<4xf32>
  %y = graph.resize %x scales(%s : tensor<4xf32>) {mode = "nearest"} : tensor<1x2x3x3xf32> -> tensor<1x2x24x24xf32>
  return %y : tensor<1x2x24x24xf32>
}

// -----

// A non-integer ratio: the source index is computed per output element in
// f32 (round_prefer_ceil: up when the fraction is >= 0.5) and read with
// tensor.extract.
// CHECK-LABEL: func.func @resize_nearest_general
// CHECK-SAME: (%[[X:.*]]: tensor<1x5xf32>)
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x3xf32>)
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: arith.sitofp
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: arith.subf
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.fptosi
// CHECK: arith.cmpf oge
// CHECK: %[[R:.*]] = arith.addi
// CHECK: tensor.extract %[[X]][%{{.*}}, %[[R]]] : tensor<1x5xf32>
func.func @resize_nearest_general(%x: tensor<1x5xf32>) -> tensor<1x3xf32> {
  %s = graph.constant dense<[1, 3]> : tensor<2xi64>
  %y = graph.resize %x sizes(%s : tensor<2xi64>) {mode = "nearest", nearest_mode = "round_prefer_ceil"} : tensor<1x5xf32> -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

// Bilinear with align_corners on the last two dims (scale 1 on N and C are
// left alone): four reads, each weighted by the product of two weights.
// CHECK-LABEL: func.func @resize_linear_align_corners
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x2x8x8xf32>)
// CHECK-COUNT-4: tensor.extract
// CHECK-NOT: tensor.extract
// CHECK: linalg.yield
func.func @resize_linear_align_corners(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %y = graph.resize %x scales(%s : tensor<4xf32>) {mode = "linear", coordinate_transformation_mode = "align_corners"} : tensor<1x2x4x4xf32> -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// -----

// pytorch_half_pixel maps to 0 when the output length is 1 (a run-time
// test here: the length is dynamic).
// CHECK-LABEL: func.func @resize_linear_pytorch
// CHECK: linalg.generic
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// CHECK-COUNT-2: tensor.extract
// CHECK-NOT: tensor.extract
func.func @resize_linear_pytorch(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = graph.constant dense<[0.5]> : tensor<1xf32>
  %y = graph.resize %x scales(%s : tensor<1xf32>) {mode = "linear", coordinate_transformation_mode = "pytorch_half_pixel"} : tensor<?xf32> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Cubic: four taps per resized axis, 16 reads for two axes.
// CHECK-LABEL: func.func @resize_cubic
// CHECK: linalg.generic
// CHECK: math.floor
// CHECK-COUNT-16: tensor.extract
// CHECK-NOT: tensor.extract
func.func @resize_cubic(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x8x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %y = graph.resize %x scales(%s : tensor<4xf32>) {mode = "cubic"} : tensor<1x1x4x4xf32> -> tensor<1x1x8x8xf32>
  return %y : tensor<1x1x8x8xf32>
}

// -----

// Dynamic dims: the output length is (int64)(in * scale), computed outside
// the generic.
// CHECK-LABEL: func.func @resize_dynamic
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: arith.mulf
// CHECK: arith.fptosi
// CHECK: tensor.empty(%{{.*}}) : tensor<1x?xf32>
// CHECK: linalg.generic
func.func @resize_dynamic(%x: tensor<1x?xf32>) -> tensor<1x?xf32> {
  %s = graph.constant dense<[1.0, 1.5]> : tensor<2xf32>
  %y = graph.resize %x scales(%s : tensor<2xf32>) {mode = "nearest"} : tensor<1x?xf32> -> tensor<1x?xf32>
  return %y : tensor<1x?xf32>
}
