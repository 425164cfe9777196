// RUN: weft-opt -canonicalize -split-input-file %s | FileCheck %s

// Folders: constant operands give constant results of the exact result type.

// CHECK-LABEL: func @fold_int_arith
func.func @fold_int_arith() -> (tensor<2x2xi64>, tensor<2xi64>, tensor<2xi1>) {
  %a = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = graph.constant dense<[10, 20]> : tensor<2xi64>
  // CHECK-DAG: graph.constant dense<{{\[}}[11, 22], [13, 24]]> : tensor<2x2xi64>
  %0 = graph.add %a, %b : tensor<2x2xi64>, tensor<2xi64> -> tensor<2x2xi64>
  %m = graph.constant dense<[-7, 7]> : tensor<2xi64>
  %d = graph.constant dense<2> : tensor<i64>
  // Integer division truncates toward zero, as ONNX Runtime does.
  // CHECK-DAG: graph.constant dense<[-3, 3]> : tensor<2xi64>
  %1 = graph.div %m, %d : tensor<2xi64>, tensor<i64> -> tensor<2xi64>
  // CHECK-DAG: graph.constant dense<[false, true]> : tensor<2xi1>
  %2 = graph.greater %m, %d : tensor<2xi64>, tensor<i64> -> tensor<2xi1>
  return %0, %1, %2 : tensor<2x2xi64>, tensor<2xi64>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func @negative_div_by_zero
func.func @negative_div_by_zero() -> tensor<2xi64> {
  %a = graph.constant dense<[1, 2]> : tensor<2xi64>
  %z = graph.constant dense<[1, 0]> : tensor<2xi64>
  // Integer division by zero is left for run time to report.
  // CHECK: graph.div
  %0 = graph.div %a, %z : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func @fold_float
func.func @fold_float() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>) {
  %a = graph.constant dense<[4.0, -9.0]> : tensor<2xf32>
  // CHECK-DAG: graph.constant dense<[4.000000e+00, 9.000000e+00]> : tensor<2xf32>
  %0 = graph.abs %a : tensor<2xf32> -> tensor<2xf32>
  // CHECK-DAG: graph.constant dense<[4.000000e+00, 0.000000e+00]> : tensor<2xf32>
  %1 = graph.relu %a : tensor<2xf32> -> tensor<2xf32>
  %e = graph.constant dense<2> : tensor<i64>
  // CHECK-DAG: graph.constant dense<[1.600000e+01, 8.100000e+01]> : tensor<2xf32>
  %2 = graph.pow %a, %e : tensor<2xf32>, tensor<i64> -> tensor<2xf32>
  // Float to int casts truncate toward zero.
  %h = graph.constant dense<[2.7, -2.7]> : tensor<2xf32>
  // CHECK-DAG: graph.constant dense<[2, -2]> : tensor<2xi32>
  %3 = graph.cast %h {to = i32} : tensor<2xf32> -> tensor<2xi32>
  %lo = graph.constant dense<0.0> : tensor<f32>
  %hi = graph.constant dense<3.0> : tensor<f32>
  // CHECK-DAG: graph.constant dense<[3.000000e+00, 0.000000e+00]> : tensor<2xf32>
  %4 = graph.clip %a min(%lo : tensor<f32>) max(%hi : tensor<f32>) : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func @fold_where_not_max
func.func @fold_where_not_max() -> (tensor<3xi64>, tensor<3xi1>, tensor<3xi64>) {
  %c = graph.constant dense<[true, false, true]> : tensor<3xi1>
  %x = graph.constant dense<[1, 2, 3]> : tensor<3xi64>
  %y = graph.constant dense<-1> : tensor<i64>
  // CHECK-DAG: graph.constant dense<[1, -1, 3]> : tensor<3xi64>
  %0 = graph.where %c, %x, %y : tensor<3xi1>, tensor<3xi64>, tensor<i64> -> tensor<3xi64>
  // CHECK-DAG: graph.constant dense<[false, true, false]> : tensor<3xi1>
  %1 = graph.not %c : tensor<3xi1> -> tensor<3xi1>
  %z = graph.constant dense<2> : tensor<i64>
  // CHECK-DAG: graph.constant dense<[2, 2, 3]> : tensor<3xi64>
  %2 = graph.max %x, %y, %z : tensor<3xi64>, tensor<i64>, tensor<i64> -> tensor<3xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<3xi1>, tensor<3xi64>
}

// -----

// The exporter's Shape -> Gather -> Unsqueeze -> Concat -> Reshape chain.
// CHECK-LABEL: func @fold_shape_chain
func.func @fold_shape_chain(%x: tensor<1x3x48x320xf32>) -> tensor<1x46080xf32> {
  %s = graph.shape %x : tensor<1x3x48x320xf32> -> tensor<4xi64>
  %i = graph.constant dense<0> : tensor<i64>
  %n = graph.gather %s, %i : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %u = graph.unsqueeze %n {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %m = graph.constant dense<-1> : tensor<1xi64>
  %t = graph.concat %u, %m {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  // CHECK: %[[S:.*]] = graph.constant dense<[1, -1]> : tensor<2xi64>
  // CHECK: graph.reshape %{{.*}}, %[[S]]
  %r = graph.reshape %x, %t : tensor<1x3x48x320xf32>, tensor<2xi64> -> tensor<1x46080xf32>
  return %r : tensor<1x46080xf32>
}

// -----

// CHECK-LABEL: func @fold_shape_size
func.func @fold_shape_size(%x: tensor<2x?x4xf32>, %y: tensor<2x3xf32>) -> (tensor<1xi64>, tensor<i64>, tensor<3xi64>) {
  // CHECK-DAG: graph.constant dense<4> : tensor<1xi64>
  %0 = graph.shape %x {start = -1 : i64} : tensor<2x?x4xf32> -> tensor<1xi64>
  // CHECK-DAG: graph.constant dense<6> : tensor<i64>
  %1 = graph.size %y : tensor<2x3xf32> -> tensor<i64>
  // A dynamic dim keeps the shape op.
  // CHECK: graph.shape %{{.*}} : tensor<2x?x4xf32> -> tensor<3xi64>
  %2 = graph.shape %x : tensor<2x?x4xf32> -> tensor<3xi64>
  return %0, %1, %2 : tensor<1xi64>, tensor<i64>, tensor<3xi64>
}

// -----

// CHECK-LABEL: func @fold_data_movement
func.func @fold_data_movement() -> (tensor<3x2xi64>, tensor<2xi64>, tensor<2x2xi64>, tensor<2x3xi64>, tensor<2x3xf32>) {
  %a = graph.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  // CHECK-DAG: graph.constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
  %0 = graph.transpose %a : tensor<2x3xi64> -> tensor<3x2xi64>
  %st = graph.constant dense<[2]> : tensor<1xi64>
  %en = graph.constant dense<[-4]> : tensor<1xi64>
  %ax = graph.constant dense<[1]> : tensor<1xi64>
  %sp = graph.constant dense<[-2]> : tensor<1xi64>
  %row = graph.constant dense<[1]> : tensor<1xi64>
  %g = graph.gather %a, %row {axis = 0 : i64} : tensor<2x3xi64>, tensor<1xi64> -> tensor<1x3xi64>
  %three = graph.constant dense<[3]> : tensor<1xi64>
  %f = graph.reshape %g, %three : tensor<1x3xi64>, tensor<1xi64> -> tensor<3xi64>
  // Negative step over [4, 5, 6] from index 2: 6, 4.
  // CHECK-DAG: graph.constant dense<[6, 4]> : tensor<2xi64>
  %1 = graph.slice %f starts(%st : tensor<1xi64>) ends(%en : tensor<1xi64>) steps(%sp : tensor<1xi64>) : tensor<3xi64> -> tensor<2xi64>
  %shape = graph.constant dense<[2, 2]> : tensor<2xi64>
  %one = graph.constant dense<[7, 8]> : tensor<2xi64>
  // CHECK-DAG: graph.constant dense<{{\[}}[7, 8], [7, 8]]> : tensor<2x2xi64>
  %2 = graph.expand %one, %shape : tensor<2xi64>, tensor<2xi64> -> tensor<2x2xi64>
  %b = graph.constant dense<[[9], [9]]> : tensor<2x1xi64>
  %c = graph.slice %a starts(%row : tensor<1xi64>) ends(%st : tensor<1xi64>) axes(%ax : tensor<1xi64>) : tensor<2x3xi64> -> tensor<2x1xi64>
  // CHECK-DAG: graph.constant dense<{{\[}}[2, 9, 9], [5, 9, 9]]> : tensor<2x3xi64>
  %3 = graph.concat %c, %b, %b {axis = 1 : i64} : tensor<2x1xi64>, tensor<2x1xi64>, tensor<2x1xi64> -> tensor<2x3xi64>
  %s23 = graph.constant dense<[2, 3]> : tensor<2xi64>
  // CHECK-DAG: graph.constant dense<1.500000e+00> : tensor<2x3xf32>
  %4 = graph.constant_of_shape %s23 {value = dense<1.5> : tensor<1xf32>} : tensor<2xi64> -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi64>, tensor<2xi64>, tensor<2x2xi64>, tensor<2x3xi64>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @fold_noops
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @fold_noops(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = graph.identity %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.dropout %0 : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = graph.transpose %1 {perm = array<i64: 0, 1>} : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = graph.cast %x {to = f32} : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[X]], %[[X]]
  return %2, %3, %x : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @negative_identity_refined_type
func.func @negative_identity_refined_type(%x: tensor<?xf32>) -> tensor<4xf32> {
  // The result type is more precise than the operand's: folding to the
  // operand would change the type the users see.
  // CHECK: graph.identity
  %0 = graph.identity %x : tensor<?xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
