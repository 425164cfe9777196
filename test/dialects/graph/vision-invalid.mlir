// RUN: weft-opt -split-input-file -verify-diagnostics %s

// One case for every verifier error of the image-geometry ops
// (GraphVisionOps.td).

func.func @case0(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xf32>) {
  // expected-error@+1 {{mode must be bilinear, nearest or bicubic, got 'linear'}}
  %0 = graph.grid_sample %x, %g {mode = "linear"} : tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @case1(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xf32>) {
  // expected-error@+1 {{padding_mode must be zeros, border or reflection, got 'wrap'}}
  %0 = graph.grid_sample %x, %g {padding_mode = "wrap"} : tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @case2(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xf32>) {
  // expected-error@+1 {{align_corners must be 0 or 1, got 2}}
  %0 = graph.grid_sample %x, %g {align_corners = 2 : i64} : tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @case3(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xi64>) {
  // expected-error@+1 {{grid must be a floating-point tensor}}
  %0 = graph.grid_sample %x, %g : tensor<1x1x4x4xf32>, tensor<1x2x2x2xi64> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @case4(%x: tensor<1x1x4x4x4xf32>, %g: tensor<1x2x2x2x3xf32>) {
  // expected-error@+1 {{x must have rank 4 (N x C x H x W), got shape 1x1x4x4x4}}
  %0 = graph.grid_sample %x, %g : tensor<1x1x4x4x4xf32>, tensor<1x2x2x2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case5(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x3xf32>) {
  // expected-error@+1 {{the last dim of grid must be 2 (x, y), got 3}}
  %0 = graph.grid_sample %x, %g : tensor<1x1x4x4xf32>, tensor<1x2x2x3xf32> -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @case6(%x: tensor<1x1x4x4xf32>, %g: tensor<2x2x2x2xf32>) {
  // expected-error@+1 {{the batch sizes of x and grid differ: 1 vs 2}}
  %0 = graph.grid_sample %x, %g : tensor<1x1x4x4xf32>, tensor<2x2x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case7(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{mode must be avg or max, got 'min'}}
  %0 = graph.roi_align %x, %r, %b {mode = "min"} : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xi64> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case8(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{coordinate_transformation_mode must be half_pixel or output_half_pixel, got 'asymmetric'}}
  %0 = graph.roi_align %x, %r, %b {coordinate_transformation_mode = "asymmetric"} : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xi64> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case9(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{output_height and output_width must be positive, got 0 and 2}}
  %0 = graph.roi_align %x, %r, %b {output_height = 0 : i64, output_width = 2 : i64} : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case10(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{sampling_ratio must not be negative, got -1}}
  %0 = graph.roi_align %x, %r, %b {sampling_ratio = -1 : i64} : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xi64> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case11(%x: tensor<1x1x8x8xf32>, %r: tensor<2x5xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{the last dim of rois must be 4 (x1, y1, x2, y2), got 5}}
  %0 = graph.roi_align %x, %r, %b : tensor<1x1x8x8xf32>, tensor<2x5xf32>, tensor<2xi64> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case12(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<3xi64>) {
  // expected-error@+1 {{the box counts of rois and batch_indices differ: 2 vs 3}}
  %0 = graph.roi_align %x, %r, %b : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<3xi64> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case13(%x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %b: tensor<2xf32>) {
  // expected-error@+1 {{batch_indices must be an integer tensor}}
  %0 = graph.roi_align %x, %r, %b : tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xf32> -> tensor<2x1x1x1xf32>
  return
}

// -----

func.func @case14(%x: tensor<1x1x8x8xi32>, %r: tensor<2x4xf32>, %b: tensor<2xi64>) {
  // expected-error@+1 {{x must be a floating-point tensor}}
  %0 = graph.roi_align %x, %r, %b : tensor<1x1x8x8xi32>, tensor<2x4xf32>, tensor<2xi64> -> tensor<2x1x1x1xi32>
  return
}

// -----

func.func @case15(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>) {
  // expected-error@+1 {{kernel_shape must be positive, got 0}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 0, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case16(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>) {
  // expected-error@+1 {{strides has 1 values but there are 2 spatial dims}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case17(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{indices must be an integer tensor}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case18(%x: tensor<1x2x2xf32>, %i: tensor<1x2x2xi64>) {
  // expected-error@+1 {{x must have rank 4 (N x C and one dim per kernel dim), got shape 1x2x2}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>} : tensor<1x2x2xf32>, tensor<1x2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case19(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x3xi64>) {
  // expected-error@+1 {{indices must have the shape of x 1x1x2x2, got 1x1x2x3}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x3xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case20(%x: tensor<1x1x2x2xf32>, %i: tensor<1x1x2x2xi64>, %s: tensor<3xi64>) {
  // expected-error@+1 {{output_shape must be a 1-D tensor of 4 dims}}
  %0 = graph.max_unpool %x, %i output_shape(%s : tensor<3xi64>) {kernel_shape = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case21(%x: tensor<1x1x1x1xf32>, %i: tensor<1x1x1x1xi64>) {
  // expected-error@+1 {{the output size of spatial dim 0 would be negative; pads are too large}}
  %0 = graph.max_unpool %x, %i {kernel_shape = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>} : tensor<1x1x1x1xf32>, tensor<1x1x1x1xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case22(%x: tensor<3x2x2xi32>) {
  // expected-error@+1 {{x must be a floating-point tensor}}
  %0 = graph.det %x : tensor<3x2x2xi32> -> tensor<3xi32>
  return
}

// -----

func.func @case23(%x: tensor<4xf32>) {
  // expected-error@+1 {{x must have rank 2 or more (... x M x M), got shape 4}}
  %0 = graph.det %x : tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case24(%x: tensor<3x2x4xf32>) {
  // expected-error@+1 {{the last two dims of x (a square matrix) differ: 2 vs 4}}
  %0 = graph.det %x : tensor<3x2x4xf32> -> tensor<3xf32>
  return
}
