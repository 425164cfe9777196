// RUN: weft-opt -split-input-file -verify-diagnostics -graph-infer-shapes %s | FileCheck %s
// RUN: weft-opt -split-input-file -verify-diagnostics -mlir-print-op-generic %s | weft-opt -split-input-file | FileCheck %s --check-prefix=ROUND

// Ops whose result shapes depend on the data: round trip, type inference
// (the data-decided dims stay dynamic, the others follow the operands) and
// verifier errors.

// CHECK-LABEL: func.func @nonzero
// CHECK: graph.nonzero %{{.*}} : tensor<2x3xf32> -> tensor<2x?xi64>
// CHECK: graph.nonzero %{{.*}} : tensor<i1> -> tensor<1x?xi64>
// ROUND-LABEL: func.func @nonzero
// ROUND: graph.nonzero %{{.*}} : tensor<2x3xf32> -> tensor<*xi64>
func.func @nonzero(%x: tensor<2x3xf32>, %s: tensor<i1>) -> (tensor<*xi64>, tensor<*xi64>) {
  %0 = graph.nonzero %x : tensor<2x3xf32> -> tensor<*xi64>
  %1 = graph.nonzero %s : tensor<i1> -> tensor<*xi64>
  return %0, %1 : tensor<*xi64>, tensor<*xi64>
}

// -----

// CHECK-LABEL: func.func @compress
// CHECK: graph.compress %{{.*}}, %{{.*}} {axis = -1 : i64} : tensor<3x4xf32>, tensor<2xi1> -> tensor<3x?xf32>
// CHECK: graph.compress %{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<2xi1> -> tensor<?xf32>
func.func @compress(%x: tensor<3x4xf32>, %c: tensor<2xi1>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = graph.compress %x, %c {axis = -1 : i64} : tensor<3x4xf32>, tensor<2xi1> -> tensor<*xf32>
  %1 = graph.compress %x, %c : tensor<3x4xf32>, tensor<2xi1> -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @unique
// CHECK: graph.unique %{{.*}} {sorted = 0 : i64} : tensor<2x3xi32> -> tensor<?xi32>, tensor<?xi64>, tensor<6xi64>, tensor<?xi64>
// CHECK: graph.unique %{{.*}} {axis = 1 : i64} : tensor<2x3xi32> -> tensor<2x?xi32>, tensor<?xi64>, tensor<3xi64>, tensor<?xi64>
func.func @unique(%x: tensor<2x3xi32>) {
  %0:4 = graph.unique %x {sorted = 0 : i64} : tensor<2x3xi32> -> tensor<*xi32>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>
  %1:4 = graph.unique %x {axis = 1 : i64} : tensor<2x3xi32> -> tensor<*xi32>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>
  return
}

// -----

// CHECK-LABEL: func.func @nms
// CHECK: graph.non_max_suppression %{{.*}}, %{{.*}} max %{{.*}} score %{{.*}} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?x3xi64>
// CHECK: graph.non_max_suppression %{{.*}}, %{{.*}} {center_point_box = 1 : i64} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>) -> tensor<?x3xi64>
func.func @nms(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>, %m: tensor<1xi64>, %t: tensor<1xf32>) {
  %0 = graph.non_max_suppression %b, %s max %m score %t : (tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<*xi64>
  %1 = graph.non_max_suppression %b, %s {center_point_box = 1 : i64} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>) -> tensor<*xi64>
  return
}

// -----

func.func @compress_bad_axis(%x: tensor<3x4xf32>, %c: tensor<2xi1>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = graph.compress %x, %c {axis = 2 : i64} : tensor<3x4xf32>, tensor<2xi1> -> tensor<*xf32>
  return
}

// -----

func.func @compress_2d_condition(%x: tensor<3x4xf32>, %c: tensor<2x2xi1>) {
  // expected-error@+1 {{condition must be 1-D, got shape 2x2}}
  %0 = graph.compress %x, %c : tensor<3x4xf32>, tensor<2x2xi1> -> tensor<?xf32>
  return
}

// -----

func.func @unique_bad_sorted(%x: tensor<4xf32>) {
  // expected-error@+1 {{sorted must be 0 or 1, got 2}}
  %0:4 = graph.unique %x {sorted = 2 : i64} : tensor<4xf32> -> tensor<?xf32>, tensor<?xi64>, tensor<4xi64>, tensor<?xi64>
  return
}

// -----

func.func @nms_bad_boxes(%b: tensor<1x6x5xf32>, %s: tensor<1x2x6xf32>) {
  // expected-error@+1 {{boxes must be batch x spatial x 4, got shape 1x6x5}}
  %0 = graph.non_max_suppression %b, %s : (tensor<1x6x5xf32>, tensor<1x2x6xf32>) -> tensor<?x3xi64>
  return
}

// -----

func.func @nms_mismatch(%b: tensor<1x6x4xf32>, %s: tensor<1x2x5xf32>) {
  // expected-error@+1 {{disagree on the number of boxes}}
  %0 = graph.non_max_suppression %b, %s : (tensor<1x6x4xf32>, tensor<1x2x5xf32>) -> tensor<?x3xi64>
  return
}

// -----

func.func @nms_center(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>) {
  // expected-error@+1 {{center_point_box must be 0 or 1, got 3}}
  %0 = graph.non_max_suppression %b, %s {center_point_box = 3 : i64} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>) -> tensor<?x3xi64>
  return
}
