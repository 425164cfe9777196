// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Constants keep their elements as they are.
// CHECK-LABEL: func.func @constant
// CHECK: %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: return %[[C]]
func.func @constant() -> tensor<2xf32> {
  %c = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @constant_resource
// CHECK: arith.constant dense_resource<blob> : tensor<2xi32>
func.func @constant_resource() -> tensor<2xi32> {
  %c = graph.constant dense_resource<blob> : tensor<2xi32>
  return %c : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @identity_dropout
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: graph.
// CHECK: return %[[X]]
func.func @identity_dropout(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = graph.identity %x : tensor<4xf32> -> tensor<4xf32>
  %b = graph.dropout %a : tensor<4xf32> -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// A reshape whose dims group: one collapse_shape.
// CHECK-LABEL: func.func @reshape_collapse
// CHECK: %[[R:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3]] : tensor<1x120x1x40xf32> into tensor<1x4800xf32>
// CHECK: return %[[R]]
func.func @reshape_collapse(%x: tensor<1x120x1x40xf32>) -> tensor<1x4800xf32> {
  %s = graph.constant dense<[1, 4800]> : tensor<2xi64>
  %y = graph.reshape %x, %s : tensor<1x120x1x40xf32>, tensor<2xi64> -> tensor<1x4800xf32>
  return %y : tensor<1x4800xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_expand
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3, 4]] output_shape [1, 40, 3, 8, 15] : tensor<1x40x360xf32> into tensor<1x40x3x8x15xf32>
func.func @reshape_expand(%x: tensor<1x40x360xf32>) -> tensor<1x40x3x8x15xf32> {
  %s = graph.constant dense<[0, 40, 3, 8, -1]> : tensor<5xi64>
  %y = graph.reshape %x, %s : tensor<1x40x360xf32>, tensor<5xi64> -> tensor<1x40x3x8x15xf32>
  return %y : tensor<1x40x3x8x15xf32>
}

// -----

// No reassociation between 2x3 and 3x2: through a 1-D tensor.
// CHECK-LABEL: func.func @reshape_general
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape_general(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = graph.constant dense<[3, 2]> : tensor<2xi64>
  %y = graph.reshape %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// A dynamic result: tensor.reshape with the ONNX dims computed at run time
// (0 copies the input dim, -1 takes the rest).
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK-DAG: tensor.extract %[[S]]
// CHECK: arith.divsi
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xindex>
// CHECK: tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @reshape_dynamic(%x: tensor<?x8xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = graph.reshape %x, %s : tensor<?x8xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
func.func @flatten(%x: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %y = graph.flatten %x {axis = 2 : i64} : tensor<2x3x4x5xf32> -> tensor<6x20xf32>
  return %y : tensor<6x20xf32>
}

// -----

// CHECK-LABEL: func.func @flatten_axis0
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [1, %{{.*}}] : tensor<?xf32> into tensor<1x?xf32>
func.func @flatten_axis0(%x: tensor<?x4xf32>) -> tensor<1x?xf32> {
  %y = graph.flatten %x {axis = 0 : i64} : tensor<?x4xf32> -> tensor<1x?xf32>
  return %y : tensor<1x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : tensor<1x8x1x40xf32> into tensor<8x40xf32>
func.func @squeeze(%x: tensor<1x8x1x40xf32>) -> tensor<8x40xf32> {
  %y = graph.squeeze %x {axes = array<i64: 0, -2>} : tensor<1x8x1x40xf32> -> tensor<8x40xf32>
  return %y : tensor<8x40xf32>
}

// -----

// A squeezed dynamic dim is 1: cast, then collapse.
// CHECK-LABEL: func.func @squeeze_dynamic
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<1x?xf32>
// CHECK: tensor.collapse_shape %[[C]] {{\[\[}}0, 1]] : tensor<1x?xf32> into tensor<?xf32>
func.func @squeeze_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %y = graph.squeeze %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_all
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @squeeze_all(%x: tensor<1x1xf32>) -> tensor<f32> {
  %y = graph.squeeze %x : tensor<1x1xf32> -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] output_shape [1, %{{.*}}, 8, 1] : tensor<?x8xf32> into tensor<1x?x8x1xf32>
func.func @unsqueeze(%x: tensor<?x8xf32>) -> tensor<1x?x8x1xf32> {
  %y = graph.unsqueeze %x {axes = array<i64: 0, -1>} : tensor<?x8xf32> -> tensor<1x?x8x1xf32>
  return %y : tensor<1x?x8x1xf32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze_scalar
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<f32> into tensor<1xf32>
func.func @unsqueeze_scalar(%x: tensor<f32>) -> tensor<1xf32> {
  %y = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<f32> -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// -----

// CHECK-LABEL: func.func @shape_size_static
// CHECK-DAG: %[[S:.*]] = arith.constant dense<[3, 4]> : tensor<2xi64>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<24> : tensor<i64>
// CHECK: return %[[S]], %[[N]]
func.func @shape_size_static(%x: tensor<2x3x4xf32>) -> (tensor<2xi64>, tensor<i64>) {
  %s = graph.shape %x {start = 1 : i64} : tensor<2x3x4xf32> -> tensor<2xi64>
  %n = graph.size %x : tensor<2x3x4xf32> -> tensor<i64>
  return %s, %n : tensor<2xi64>, tensor<i64>
}

// -----

// CHECK-LABEL: func.func @shape_size_dynamic
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: tensor.from_elements %[[I]], %{{.*}} : tensor<2xi64>
// CHECK: arith.muli
// CHECK: tensor.from_elements %{{.*}} : tensor<i64>
func.func @shape_size_dynamic(%x: tensor<?x3xf32>) -> (tensor<2xi64>, tensor<i64>) {
  %s = graph.shape %x : tensor<?x3xf32> -> tensor<2xi64>
  %n = graph.size %x : tensor<?x3xf32> -> tensor<i64>
  return %s, %n : tensor<2xi64>, tensor<i64>
}

// -----

// CHECK-LABEL: func.func @constant_of_shape
// CHECK-SAME: (%[[S:.*]]: tensor<2xi64>)
// CHECK-DAG: %[[V:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[D1:.*]] = tensor.extract %[[S]]
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<4x?xi32>
// CHECK: linalg.fill ins(%[[V]] : i32) outs(%[[E]] : tensor<4x?xi32>)
func.func @constant_of_shape(%s: tensor<2xi64>) -> tensor<4x?xi32> {
  %y = graph.constant_of_shape %s {value = dense<7> : tensor<1xi32>} : tensor<2xi64> -> tensor<4x?xi32>
  return %y : tensor<4x?xi32>
}

// -----

// No value: f32 zeros. (A static result folds to a splat constant before
// the pattern runs, so the shape here is dynamic.)
// CHECK-LABEL: func.func @constant_of_shape_default
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<?xf32>)
func.func @constant_of_shape_default(%s: tensor<1xi64>) -> tensor<?xf32> {
  %y = graph.constant_of_shape %s : tensor<1xi64> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @expand
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<1x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
func.func @expand(%x: tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  %s = graph.constant dense<[2, 3, 1]> : tensor<3xi64>
  %y = graph.expand %x, %s : tensor<1x4xf32>, tensor<3xi64> -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// A dynamic input dim may be 1 or not: the index is chosen at run time.
// CHECK-LABEL: func.func @expand_dynamic
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3x?xf32>)
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[I]] : index
// CHECK: tensor.extract
func.func @expand_dynamic(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<3x?xf32> {
  %y = graph.expand %x, %s : tensor<?xf32>, tensor<2xi64> -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}
