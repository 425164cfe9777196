// RUN: weft-opt %s -split-input-file -graph-dce | FileCheck %s

// Unused ops go, chains of them too; used ones and all inputs stay.
// CHECK-LABEL: func.func @removes_unused_chain
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %{{.*}}: tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[X]]
// CHECK-NEXT: return %[[R]]
func.func @removes_unused_chain(%x: tensor<4xf32>, %unused: tensor<4xf32>) -> tensor<4xf32> {
  %c = graph.constant dense<1.0> : tensor<4xf32>
  %0 = graph.add %x, %c : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.exp %0 : tensor<4xf32> -> tensor<4xf32>
  %r = graph.relu %x : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An unused graph.if result is pruned from the op and both yields; what only
// it needed in the branches dies with it.
// CHECK-LABEL: func.func @prunes_if_results
// CHECK: %[[R:.*]] = graph.if %{{.*}} : tensor<i1> -> tensor<4xf32> {
// CHECK-NEXT: %[[A:.*]] = graph.relu
// CHECK-NEXT: graph.yield %[[A]] : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: graph.yield %{{.*}} : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @prunes_if_results(%x: tensor<4xf32>, %c: tensor<i1>) -> tensor<4xf32> {
  %r:2 = graph.if %c : tensor<i1> -> tensor<4xf32>, tensor<4xf32> {
    %a = graph.relu %x : tensor<4xf32> -> tensor<4xf32>
    %b = graph.exp %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %a, %b : tensor<4xf32>, tensor<4xf32>
  } else {
    %t = graph.tanh %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %x, %t : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// A graph.if with no used result disappears, nested ifs included.
// CHECK-LABEL: func.func @removes_dead_if
// CHECK-NOT: graph.if
// CHECK: return
func.func @removes_dead_if(%x: tensor<4xf32>, %c: tensor<i1>) -> tensor<4xf32> {
  %r = graph.if %c : tensor<i1> -> tensor<4xf32> {
    %n = graph.if %c : tensor<i1> -> tensor<4xf32> {
      graph.yield %x : tensor<4xf32>
    } else {
      graph.yield %x : tensor<4xf32>
    }
    graph.yield %n : tensor<4xf32>
  } else {
    graph.yield %x : tensor<4xf32>
  }
  return %x : tensor<4xf32>
}

// -----

// Dead ops inside a live graph.loop body go; the loop stays.
// CHECK-LABEL: func.func @cleans_loop_body
// CHECK: graph.loop
// CHECK-NOT: graph.exp
// CHECK: graph.yield
func.func @cleans_loop_body(%n: tensor<i64>, %s: tensor<f32>) -> tensor<f32> {
  %r = graph.loop max(%n : tensor<i64>) carried(%s : tensor<f32>) -> tensor<f32> {
  ^bb0(%i: tensor<i64>, %cond: tensor<i1>, %acc: tensor<f32>):
    %dead = graph.exp %acc : tensor<f32> -> tensor<f32>
    graph.yield %cond, %acc : tensor<i1>, tensor<f32>
  }
  return %r : tensor<f32>
}
