// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// The image-geometry ops (GraphVisionOps.td) and Resize's tf_crop_and_resize.

// bilinear, zeros padding: one parallel generic over the result that reads
// the grid position (x, then y) and the 4 neighbours of x, each clamped into
// the image; a neighbour outside it gets weight 0.
// CHECK-LABEL: func.func @grid_sample_bilinear_zeros
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%{{.*}} : tensor<1x2x3x5xf32>)
// CHECK: tensor.extract %arg1[%{{.*}}, %{{.*}}, %{{.*}}, %c0] : tensor<1x3x5x2xf32>
// CHECK: tensor.extract %arg1[%{{.*}}, %{{.*}}, %{{.*}}, %c1] : tensor<1x3x5x2xf32>
// CHECK: math.floor
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK-NOT: tensor.extract %arg0
// CHECK: linalg.yield
func.func @grid_sample_bilinear_zeros(%x: tensor<1x2x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> tensor<1x2x3x5xf32> {
  %y = graph.grid_sample %x, %g : tensor<1x2x4x4xf32>, tensor<1x3x5x2xf32> -> tensor<1x2x3x5xf32>
  return %y : tensor<1x2x3x5xf32>
}

// -----

// nearest rounds half to even; reflection folds the coordinate back with a
// remainder before rounding. One read of x.
// CHECK-LABEL: func.func @grid_sample_nearest_reflection
// CHECK: linalg.generic
// CHECK: arith.remf
// CHECK: arith.remf
// CHECK: math.roundeven
// CHECK: math.roundeven
// CHECK-COUNT-1: tensor.extract %arg0
// CHECK-NOT: tensor.extract %arg0
// CHECK: linalg.yield
func.func @grid_sample_nearest_reflection(%x: tensor<1x2x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> tensor<1x2x3x5xf32> {
  %y = graph.grid_sample %x, %g {mode = "nearest", padding_mode = "reflection", align_corners = 1 : i64} : tensor<1x2x4x4xf32>, tensor<1x3x5x2xf32> -> tensor<1x2x3x5xf32>
  return %y : tensor<1x2x3x5xf32>
}

// -----

// bicubic: 4 x 4 taps, each position padded on its own.
// CHECK-LABEL: func.func @grid_sample_bicubic_border
// CHECK: linalg.generic
// CHECK-COUNT-16: tensor.extract %arg0
// CHECK-NOT: tensor.extract %arg0
// CHECK: linalg.yield
func.func @grid_sample_bicubic_border(%x: tensor<1x2x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> tensor<1x2x3x5xf32> {
  %y = graph.grid_sample %x, %g {mode = "bicubic", padding_mode = "border"} : tensor<1x2x4x4xf32>, tensor<1x3x5x2xf32> -> tensor<1x2x3x5xf32>
  return %y : tensor<1x2x3x5xf32>
}

// -----

// A fixed sampling_ratio: the samples of a bin are two reduction loops,
// whose ranges come from an empty ratio x ratio tensor; the average divides
// each sample by their count. The batch index is clamped into x's batch.
// CHECK-LABEL: func.func @roi_align_fixed_ratio
// CHECK-DAG: %[[SAMPLES:.*]] = tensor.empty() : tensor<2x2xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3x1x5x5xf32>)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME: ins(%[[SAMPLES]] : tensor<2x2xi8>) outs(%[[INIT]] : tensor<3x1x5x5xf32>)
// CHECK-COUNT-4: tensor.extract %arg1
// CHECK: %[[B:.*]] = tensor.extract %arg2[%{{.*}}] : tensor<3xi64>
// CHECK: arith.index_cast %[[B]]
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK: arith.divf
// CHECK: arith.addf
// CHECK: linalg.yield
func.func @roi_align_fixed_ratio(%x: tensor<1x1x10x10xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x1x5x5xf32> {
  %y = graph.roi_align %x, %r, %b {output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64} : tensor<1x1x10x10xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x1x5x5xf32>
  return %y : tensor<3x1x5x5xf32>
}

// -----

// sampling_ratio = 0: ceil(bin size) samples per axis and box, so the
// samples are scf.for loops inside a parallel generic; max of the samples.
// CHECK-LABEL: func.func @roi_align_adaptive_max
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: math.ceil
// CHECK: math.ceil
// CHECK: %[[LOWEST:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[LOWEST]]) -> (f32)
// CHECK: scf.for {{.*}} -> (f32)
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK: arith.maximumf
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK: linalg.yield
func.func @roi_align_adaptive_max(%x: tensor<1x1x10x10xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x1x2x2xf32> {
  %y = graph.roi_align %x, %r, %b {mode = "max", output_height = 2 : i64, output_width = 2 : i64} : tensor<1x1x10x10xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x1x2x2xf32>
  return %y : tensor<3x1x2x2xf32>
}

// -----

// max_unpool: a sequential scatter into a zero-filled flat result; an index
// outside it rewrites a clamped position with the value already there.
// CHECK-LABEL: func.func @max_unpool
// CHECK: %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16xf32>)
// CHECK-DAG: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1, 2, 3]] : tensor<1x1x2x2xf32> into tensor<4xf32>
// CHECK-DAG: %[[I:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1, 2, 3]] : tensor<1x1x2x2xi64> into tensor<4xi64>
// CHECK: %[[LOOP:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZEROS]]) -> (tensor<16xf32>)
// CHECK: tensor.extract %[[I]][%[[K]]]
// CHECK: %[[INSIDE:.*]] = arith.andi
// CHECK: %[[AT:.*]] = arith.minsi
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]][%[[AT]]]
// CHECK: %[[NEW:.*]] = tensor.extract %[[X]][%[[K]]]
// CHECK: %[[V:.*]] = arith.select %[[INSIDE]], %[[NEW]], %[[OLD]]
// CHECK: tensor.insert %[[V]] into %[[ACC]][%[[AT]]]
// CHECK: tensor.expand_shape %[[LOOP]] {{\[}}[0, 1, 2, 3]] output_shape [1, 1, 4, 4]
func.func @max_unpool(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>) -> tensor<1x1x4x4xf32> {
  %y = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<1x1x4x4xf32>
  return %y : tensor<1x1x4x4xf32>
}

// -----

// det: per matrix (an extract_slice), elimination with partial pivoting in
// an scf.for nest: pivot search, row swap, then the rows below.
// CHECK-LABEL: func.func @det
// CHECK: scf.for {{.*}} -> (tensor<3xf32>)
// CHECK: tensor.extract_slice %arg0[%{{.*}}, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<3x2x2xf32> to tensor<2x2xf32>
// CHECK: scf.for {{.*}} -> (tensor<2x2xf32>, f32)
// CHECK: math.absf
// CHECK: scf.for {{.*}} -> (index, f32)
// CHECK: arith.cmpf ogt
// CHECK: scf.for {{.*}} -> (tensor<2x2xf32>)
// CHECK: arith.negf
// CHECK: scf.for {{.*}} -> (tensor<2x2xf32>)
// CHECK: scf.for {{.*}} -> (tensor<2x2xf32>)
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] : tensor<3xf32>
func.func @det(%x: tensor<3x2x2xf32>) -> tensor<3xf32> {
  %y = graph.det %x : tensor<3x2x2xf32> -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

// tf_crop_and_resize: the roi (read at run time here) places the output
// on each axis; an element mapped outside the input is extrapolation_value.
// CHECK-LABEL: func.func @resize_crop
// CHECK-COUNT-8: tensor.extract %arg1
// CHECK: linalg.generic
// CHECK: %[[FILL:.*]] = arith.constant 1.000000e+01 : f32
// CHECK: %[[OUT:.*]] = arith.select %{{.*}}, %[[FILL]], %{{.*}} : f32
// CHECK: linalg.yield %[[OUT]]
func.func @resize_crop(%x: tensor<1x1x4x4xf32>, %roi: tensor<8xf32>) -> tensor<1x1x3x3xf32> {
  %s = graph.constant dense<[1, 1, 3, 3]> : tensor<4xi64>
  %y = graph.resize %x roi(%roi : tensor<8xf32>) sizes(%s : tensor<4xi64>) {mode = "linear", coordinate_transformation_mode = "tf_crop_and_resize", extrapolation_value = 10.0 : f32} : tensor<1x1x4x4xf32> -> tensor<1x1x3x3xf32>
  return %y : tensor<1x1x3x3xf32>
}

// -----

// output_shape pads the default-shaped (4 x 4) scatter with zeros at the
// end of each dim, as ONNX's reference does: the indices are positions in
// the default shape.
// CHECK-LABEL: func.func @max_unpool_output_shape
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} -> (tensor<16xf32>)
// CHECK: %[[DEFAULT:.*]] = tensor.expand_shape %[[LOOP]] {{\[}}[0, 1, 2, 3]] output_shape [1, 1, 4, 4]
// CHECK: tensor.pad %[[DEFAULT]] low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: tensor<1x1x4x4xf32> to tensor<1x1x5x5xf32>
func.func @max_unpool_output_shape(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>) -> tensor<1x1x5x5xf32> {
  %s = graph.constant dense<[1, 1, 5, 5]> : tensor<4xi64>
  %y = graph.max_unpool %x, %i output_shape(%s : tensor<4xi64>) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<1x1x5x5xf32>
  return %y : tensor<1x1x5x5xf32>
}
