// RUN: weft-opt %s -split-input-file -graph-infer-shapes="shapes=x=1x3x8x8" | FileCheck %s

// The requested shape fixes the input; every op and the function type follow.
// CHECK-LABEL: func.func @fixes_input
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32> {graph.name = "x"}) -> tensor<1x3x8x8xf32>
// CHECK: graph.relu %[[X]] : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
// CHECK: graph.sigmoid %{{.*}} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
func.func @fixes_input(%x: tensor<?x3x?x?xf32> {graph.name = "x"}) -> tensor<?x3x?x?xf32> {
  %0 = graph.relu %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
  %1 = graph.sigmoid %0 : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
  return %1 : tensor<?x3x?x?xf32>
}

// -----

// A dim fixed by name fixes the same symbolic dim of the other inputs; the
// names of dims that became static are cleared, and the attribute goes when
// no symbolic dim is left.
// CHECK-LABEL: func.func @propagates_dim_names
// CHECK-SAME: tensor<1x3x8x8xf32> {graph.name = "x"}
// CHECK-SAME: tensor<1x?xf32> {graph.dim_names = ["", "T"], graph.name = "m"}
func.func @propagates_dim_names(
    %x: tensor<?x3x?x?xf32> {graph.name = "x", graph.dim_names = ["N", "", "H", "W"]},
    %m: tensor<?x?xf32> {graph.name = "m", graph.dim_names = ["N", "T"]}) -> tensor<?x?xf32> {
  return %m : tensor<?x?xf32>
}

// -----

// Ops inside graph.if branches are refined, and the if's result takes what
// both branches agree on: the dims they share stay static.
// CHECK-LABEL: func.func @refines_if_branches
// CHECK: graph.if %{{.*}} : tensor<i1> -> tensor<1x3x?x8xf32>
// CHECK: graph.relu %{{.*}} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
// CHECK: graph.yield %{{.*}} : tensor<1x3x8x8xf32>
// CHECK: } else {
// CHECK: graph.yield %{{.*}} : tensor<1x3x4x8xf32>
// CHECK: return %{{.*}} : tensor<1x3x?x8xf32>
func.func @refines_if_branches(%x: tensor<?x3x?x?xf32> {graph.name = "x"},
                               %y: tensor<1x3x4x8xf32> {graph.name = "y"},
                               %c: tensor<i1> {graph.name = "c"}) -> tensor<*xf32> {
  %r = graph.if %c : tensor<i1> -> tensor<*xf32> {
    %0 = graph.relu %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
    graph.yield %0 : tensor<?x3x?x?xf32>
  } else {
    graph.yield %y : tensor<1x3x4x8xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// Ops inside a graph.loop body are refined from values defined above.
// CHECK-LABEL: func.func @refines_loop_body
// CHECK: graph.loop
// CHECK: graph.relu %{{.*}} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
func.func @refines_loop_body(%x: tensor<?x3x?x?xf32> {graph.name = "x"},
                             %n: tensor<i64> {graph.name = "n"},
                             %s: tensor<f32> {graph.name = "s"}) -> tensor<f32> {
  %r = graph.loop max(%n : tensor<i64>) carried(%s : tensor<f32>) -> tensor<f32> {
  ^bb0(%i: tensor<i64>, %cond: tensor<i1>, %acc: tensor<f32>):
    %0 = graph.relu %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
    %1 = graph.reduce_sum %0 {keepdims = 0 : i64} : tensor<?x3x?x?xf32> -> tensor<*xf32>
    %2 = graph.add %acc, %1 : tensor<f32>, tensor<*xf32> -> tensor<*xf32>
    graph.yield %cond, %2 : tensor<i1>, tensor<*xf32>
  }
  return %r : tensor<f32>
}

// -----

// A '?' in the request keeps the dim dynamic; static dims of the model stay.
// CHECK-LABEL: func.func @partial_request
// CHECK-SAME: tensor<1x3x8x8xf32>
func.func @partial_request(%x: tensor<1x?x8x?xf32> {graph.name = "x"}) -> tensor<1x?x8x?xf32> {
  return %x : tensor<1x?x8x?xf32>
}

// -----

// The exporters' `if dim == 1 then squeeze else identity`: once the dim is
// known, the taken branch replaces the graph.if, so the other branch (which
// cannot squeeze a dim of 8) does not have to fit.
// CHECK-LABEL: func.func @decided_if
// CHECK-NOT: graph.if
// CHECK-NOT: graph.squeeze
// CHECK: %[[Y:.*]] = graph.identity %{{.*}} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
// CHECK: return %[[Y]] : tensor<1x3x8x8xf32>
func.func @decided_if(%x: tensor<?x3x?x?xf32> {graph.name = "x"}) -> tensor<*xf32> {
  %s = graph.shape %x : tensor<?x3x?x?xf32> -> tensor<4xi64>
  %i = graph.constant dense<3> : tensor<1xi64>
  %d = graph.gather %s, %i {axis = 0 : i64} : tensor<4xi64>, tensor<1xi64> -> tensor<1xi64>
  %one = graph.constant dense<1> : tensor<1xi64>
  %c = graph.equal %d, %one : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %r = graph.if %c : tensor<1xi1> -> tensor<*xf32> {
    %q = graph.squeeze %x {axes = array<i64: 3>} : tensor<?x3x?x?xf32> -> tensor<?x3x?xf32>
    graph.yield %q : tensor<?x3x?xf32>
  } else {
    %y = graph.identity %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
    graph.yield %y : tensor<?x3x?x?xf32>
  }
  return %r : tensor<*xf32>
}
