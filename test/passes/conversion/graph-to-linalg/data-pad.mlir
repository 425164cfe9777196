// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @pad_constant
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: tensor.pad %{{.*}} low[0, 1] high[0, 2] {
// CHECK: tensor.yield %[[V]] : f32
// CHECK: } : tensor<2x3xf32> to tensor<2x6xf32>
func.func @pad_constant(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %p = graph.constant dense<[0, 1, 0, 2]> : tensor<4xi64>
  %v = graph.constant dense<1.5> : tensor<f32>
  %y = graph.pad %x pads(%p : tensor<4xi64>) value(%v : tensor<f32>) : tensor<2x3xf32> -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

// No value: zero. Opset-18 axes pick the padded dims.
// CHECK-LABEL: func.func @pad_axes_default_value
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: tensor.pad %{{.*}} low[0, 0, 2] high[0, 0, 1] {
// CHECK: tensor.yield %[[Z]] : i64
// CHECK: } : tensor<1x2x3xi64> to tensor<1x2x6xi64>
func.func @pad_axes_default_value(%x: tensor<1x2x3xi64>) -> tensor<1x2x6xi64> {
  %p = graph.constant dense<[2, 1]> : tensor<2xi64>
  %a = graph.constant dense<[-1]> : tensor<1xi64>
  %y = graph.pad %x pads(%p : tensor<2xi64>) axes(%a : tensor<1xi64>) : tensor<1x2x3xi64> -> tensor<1x2x6xi64>
  return %y : tensor<1x2x6xi64>
}

// -----

// A run-time pad value is read with tensor.extract.
// CHECK-LABEL: func.func @pad_runtime_value
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<f32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: tensor.yield %[[S]] : f32
func.func @pad_runtime_value(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<5xf32> {
  %p = graph.constant dense<[1, 0]> : tensor<2xi64>
  %y = graph.pad %x pads(%p : tensor<2xi64>) value(%v : tensor<f32>) : tensor<4xf32> -> tensor<5xf32>
  return %y : tensor<5xf32>
}

// -----

// Negative pads crop first: 2 off the front of axis 1, then pad 1 at its end.
// CHECK-LABEL: func.func @pad_negative
// CHECK: %[[C:.*]] = tensor.extract_slice %{{.*}}[0, 2] [2, 3] [1, 1] : tensor<2x5xf32> to tensor<2x3xf32>
// CHECK: tensor.pad %[[C]] low[1, 0] high[0, 1]
// CHECK: } : tensor<2x3xf32> to tensor<3x4xf32>
func.func @pad_negative(%x: tensor<2x5xf32>) -> tensor<3x4xf32> {
  %p = graph.constant dense<[1, -2, 0, 1]> : tensor<4xi64>
  %y = graph.pad %x pads(%p : tensor<4xi64>) : tensor<2x5xf32> -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// reflect: a generic over the output that mirrors the index into the input
// (period 2 * (n - 1) = 4 for n = 3).
// CHECK-LABEL: func.func @pad_reflect
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x7xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<2x7xf32>)
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = arith.subi %[[I1]], %{{.*}} : index
// CHECK: arith.remsi %[[J]], %[[FOUR]]
// CHECK: arith.cmpi sge
// CHECK: %[[R:.*]] = arith.select
// CHECK: tensor.extract %[[X]][%[[I0]], %[[R]]] : tensor<2x3xf32>
func.func @pad_reflect(%x: tensor<2x3xf32>) -> tensor<2x7xf32> {
  %p = graph.constant dense<[0, 2, 0, 2]> : tensor<4xi64>
  %y = graph.pad %x pads(%p : tensor<4xi64>) {mode = "reflect"} : tensor<2x3xf32> -> tensor<2x7xf32>
  return %y : tensor<2x7xf32>
}

// -----

// edge: the index is clamped into [0, n - 1].
// CHECK-LABEL: func.func @pad_edge
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK: %[[M:.*]] = arith.maxsi %[[J]], %{{.*}} : index
// CHECK: %[[C:.*]] = arith.minsi %[[M]], %{{.*}} : index
// CHECK: tensor.extract %{{.*}}[%[[C]]] : tensor<3xf32>
func.func @pad_edge(%x: tensor<3xf32>) -> tensor<8xf32> {
  %p = graph.constant dense<[2, 3]> : tensor<2xi64>
  %y = graph.pad %x pads(%p : tensor<2xi64>) {mode = "edge"} : tensor<3xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// wrap: the index is taken modulo n (non-negative).
// CHECK-LABEL: func.func @pad_wrap
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.remsi %[[J]], %[[N:.*]] : index
// CHECK: %[[A:.*]] = arith.addi %[[R]], %[[N]] : index
// CHECK: %[[W:.*]] = arith.remsi %[[A]], %[[N]] : index
// CHECK: tensor.extract %{{.*}}[%[[W]]] : tensor<3xf32>
func.func @pad_wrap(%x: tensor<3xf32>) -> tensor<8xf32> {
  %p = graph.constant dense<[2, 3]> : tensor<2xi64>
  %y = graph.pad %x pads(%p : tensor<2xi64>) {mode = "wrap"} : tensor<3xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}
