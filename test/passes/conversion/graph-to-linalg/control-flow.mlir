// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// graph.if becomes scf.if on the condition's one element; the branches move
// over, their ops lowered, and a more precise yielded type is cast to the
// if's result type.
// CHECK-LABEL: func.func @if_select
// CHECK-SAME: %[[C:[^:]*]]: tensor<1xi1>
// CHECK: %[[B:.*]] = tensor.extract %[[C]][%{{.*}}] : tensor<1xi1>
// CHECK: %[[R:.*]] = scf.if %[[B]] -> (tensor<4xf32>) {
// CHECK:   linalg.generic
// CHECK:     math.exp
// CHECK:   scf.yield %{{.*}} : tensor<4xf32>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : tensor<4xf32>
// CHECK: }
// CHECK: return %[[R]]
func.func @if_select(%c: tensor<1xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = graph.if %c : tensor<1xi1> -> tensor<4xf32> {
    %e = graph.exp %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %e : tensor<4xf32>
  } else {
    graph.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @if_cast
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>)
// CHECK:   %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<4xf32> to tensor<?xf32>
// CHECK:   scf.yield %[[CAST]]
func.func @if_cast(%c: tensor<i1>, %x: tensor<4xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %r = graph.if %c : tensor<i1> -> tensor<?xf32> {
    graph.yield %x : tensor<4xf32>
  } else {
    graph.yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
