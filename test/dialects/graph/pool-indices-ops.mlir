// RUN: weft-opt -split-input-file -verify-diagnostics -graph-infer-shapes %s | FileCheck %s
// RUN: weft-opt -split-input-file -verify-diagnostics -mlir-print-op-generic %s | weft-opt -split-input-file | FileCheck %s --check-prefix=ROUND

// graph.max_pool_indices: round trip, type inference (the shape of y, i64)
// and every verifier error.

// CHECK-LABEL: func.func @infer_from_y
// CHECK: graph.max_pool_indices %{{.*}}, %{{.*}} {kernel_shape = array<i64: 2, 2>, storage_order = 1 : i64, strides = array<i64: 2, 2>} : tensor<1x2x5x5xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xi64>
// ROUND-LABEL: func.func @infer_from_y
// ROUND: graph.max_pool_indices %{{.*}}, %{{.*}} {kernel_shape = array<i64: 2, 2>, storage_order = 1 : i64, strides = array<i64: 2, 2>} : tensor<1x2x5x5xf32>, tensor<1x2x3x3xf32> -> tensor<*xi64>
func.func @infer_from_y(%x: tensor<1x2x5x5xf32>, %y: tensor<1x2x3x3xf32>) -> tensor<*xi64> {
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, storage_order = 1 : i64} : tensor<1x2x5x5xf32>, tensor<1x2x3x3xf32> -> tensor<*xi64>
  return %i : tensor<*xi64>
}

// -----

// With y unranked only N and C are known.
// CHECK-LABEL: func.func @infer_from_x
// CHECK: -> tensor<?x2x?x?xi64>
func.func @infer_from_x(%x: tensor<?x2x5x5xi8>, %y: tensor<*xi8>) -> tensor<*xi64> {
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 3, 3>, auto_pad = "SAME_UPPER"} : tensor<?x2x5x5xi8>, tensor<*xi8> -> tensor<*xi64>
  return %i : tensor<*xi64>
}

// -----

func.func @bad_storage_order(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{storage_order must be 0 or 1, got 2}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, storage_order = 2 : i64} : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @element_types_differ(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf16>) {
  // expected-error@+1 {{y has element type 'f16' but x has 'f32'}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>} : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf16> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @bad_kernel(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{kernel_shape must be positive, got 0}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 0>} : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @bad_strides(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{strides has 1 values but there are 2 spatial dims}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2>} : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @bad_rank(%x: tensor<1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{x and y must have rank 4 (N x C and one dim per kernel dim), got shape 1x4x4}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>} : tensor<1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @channels_differ(%x: tensor<1x3x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{y has shape 1x1x2x2 but x has shape 1x3x4x4 (N and C must agree)}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>} : tensor<1x3x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @result_not_i64(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{result #0 must be tensor of 64-bit signless integer values}}
  %i = graph.max_pool_indices %x, %y {kernel_shape = array<i64: 2, 2>} : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xi32>
  return
}
