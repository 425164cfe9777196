// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// graph.loop under graph-infer-shapes: the carried arguments take the
// initial values' shapes, the values the body yields for them are refined to
// those shapes (a slice whose bounds come from the iteration number does not
// know its own size), and scan outputs get the trip count as their leading
// dim when max_trip_count is a constant and the condition is a constant true
// the body passes on.
// CHECK-LABEL: func.func @fixed_carried_and_trips
// CHECK: graph.loop {{.*}} -> tensor<1xf32>, tensor<5x1xf32> {
// CHECK: ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %[[ACC:.*]]: tensor<1xf32>):
// CHECK: graph.slice {{.*}} -> tensor<?xf32>
// CHECK: %[[SUM:.*]] = graph.add %[[ACC]], %{{.*}} : tensor<1xf32>, tensor<?xf32> -> tensor<1xf32>
// CHECK: graph.yield %{{.*}}, %[[SUM]], %[[SUM]] : tensor<i1>, tensor<1xf32>, tensor<1xf32>
func.func @fixed_carried_and_trips(%y: tensor<1xf32>, %x: tensor<5xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %n = graph.constant dense<5> : tensor<i64>
  %c = graph.constant dense<true> : tensor<i1>
  %r:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%y : tensor<1xf32>) -> tensor<*xf32>, tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    %one = graph.constant dense<1> : tensor<i64>
    %end = graph.add %i, %one : tensor<i64>, tensor<i64> -> tensor<*xi64>
    %s = graph.unsqueeze %i {axes = array<i64: 0>} : tensor<i64> -> tensor<*xi64>
    %e = graph.unsqueeze %end {axes = array<i64: 0>} : tensor<*xi64> -> tensor<*xi64>
    %slice = graph.slice %x starts(%s : tensor<*xi64>) ends(%e : tensor<*xi64>) : tensor<5xf32> -> tensor<*xf32>
    %sum = graph.add %acc, %slice : tensor<*xf32>, tensor<*xf32> -> tensor<*xf32>
    graph.yield %ci, %sum, %sum : tensor<i1>, tensor<*xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A trip count that is not a constant leaves the scan dim dynamic.
// CHECK-LABEL: func.func @dynamic_trips
// CHECK: graph.loop {{.*}} -> tensor<f32>, tensor<?xf32>
func.func @dynamic_trips(%n: tensor<i64>, %y: tensor<f32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %r:2 = graph.loop max(%n : tensor<i64>) carried(%y : tensor<f32>) -> tensor<*xf32>, tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    graph.yield %ci, %acc, %acc : tensor<i1>, tensor<*xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A condition the body computes may stop the loop early: the scan length
// is not known.
// CHECK-LABEL: func.func @computed_condition
// CHECK: graph.loop {{.*}} -> tensor<f32>, tensor<?xf32>
func.func @computed_condition(%y: tensor<f32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %n = graph.constant dense<4> : tensor<i64>
  %c = graph.constant dense<true> : tensor<i1>
  %r:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%y : tensor<f32>) -> tensor<*xf32>, tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    %go = graph.not %ci : tensor<i1> -> tensor<*xi1>
    graph.yield %go, %acc, %acc : tensor<*xi1>, tensor<*xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A constant false condition runs no iteration: the scan outputs are empty.
// CHECK-LABEL: func.func @never_runs
// CHECK: graph.loop {{.*}} -> tensor<f32>, tensor<0xf32>
func.func @never_runs(%y: tensor<f32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %n = graph.constant dense<4> : tensor<i64>
  %c = graph.constant dense<false> : tensor<i1>
  %r:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%y : tensor<f32>) -> tensor<*xf32>, tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    graph.yield %ci, %acc, %acc : tensor<i1>, tensor<*xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A carried value that grows does not fit fixed shapes: the body keeps its
// own (unranked) argument types and the results stay unranked, for the
// lowering to report.
// CHECK-LABEL: func.func @negative_growing
// CHECK: graph.loop {{.*}} -> tensor<*xf32> {
// CHECK: ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<*xf32>):
func.func @negative_growing(%y: tensor<2xf32>) -> tensor<*xf32> {
  %n = graph.constant dense<3> : tensor<i64>
  %r = graph.loop max(%n : tensor<i64>) carried(%y : tensor<2xf32>) -> tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    %c = graph.concat %acc, %acc {axis = 0 : i64} : tensor<*xf32>, tensor<*xf32> -> tensor<*xf32>
    graph.yield %ci, %c : tensor<i1>, tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
