// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// Scan outputs need the trip count at compile time: a dynamic leading dim
// (max_trip_count not a constant) is reported by node name.
// CHECK: error: node 'loop_scan' (graph.loop): cannot be lowered to linalg: scan outputs need a trip count known at compile time: max_trip_count and cond must be constants
func.func @negative_scan_dynamic_trips(%n: tensor<i64>, %y: tensor<1xf32>) -> tensor<?x1xf32> {
  %r:2 = graph.loop max(%n : tensor<i64>) carried(%y : tensor<1xf32>) -> tensor<1xf32>, tensor<?x1xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<1xf32>):
    graph.yield %ci, %acc, %acc : tensor<i1>, tensor<1xf32>, tensor<1xf32>
  } loc(#loop_scan)
  return %r#1 : tensor<?x1xf32>
}
#loop_scan = loc("loop_scan"("model.onnx":0:0))

// -----

// A body that may stop early (it computes the condition) cannot fill scan
// outputs of a static length.
// CHECK: error: node 'loop_while_scan' (graph.loop): cannot be lowered to linalg: scan outputs need a trip count known at compile time: max_trip_count must be a constant and the body must not change the condition
func.func @negative_while_scan(%n: tensor<i64>, %c: tensor<i1>, %y: tensor<f32>) -> tensor<3xf32> {
  %r:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%y : tensor<f32>) -> tensor<f32>, tensor<3xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<f32>):
    %go = graph.not %ci : tensor<i1> -> tensor<i1>
    graph.yield %go, %acc, %acc : tensor<i1>, tensor<f32>, tensor<f32>
  } loc(#loop_while_scan)
  return %r#1 : tensor<3xf32>
}
#loop_while_scan = loc("loop_while_scan"("model.onnx":0:0))

// -----

// Carried values must keep a static shape.
// CHECK: error: node 'loop_grow' (graph.loop): cannot be lowered to linalg: loop-carried value 0 must have a static shape that does not change across iterations
func.func @negative_dynamic_carried(%n: tensor<i64>, %y: tensor<?xf32>) -> tensor<*xf32> {
  %r = graph.loop max(%n : tensor<i64>) carried(%y : tensor<?xf32>) -> tensor<*xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<*xf32>):
    %c = graph.concat %acc, %acc {axis = 0 : i64} : tensor<*xf32>, tensor<*xf32> -> tensor<*xf32>
    graph.yield %ci, %c : tensor<i1>, tensor<*xf32>
  } loc(#loop_grow)
  return %r : tensor<*xf32>
}
#loop_grow = loc("loop_grow"("model.onnx":0:0))

// -----

// Neither a trip count nor a condition the body changes: it never ends.
// CHECK: error: node 'loop_forever' (graph.loop): cannot be lowered to linalg: the loop has neither a trip count nor a condition the body changes: it would never end
func.func @negative_endless(%y: tensor<f32>) -> tensor<f32> {
  %r = graph.loop carried(%y : tensor<f32>) -> tensor<f32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<f32>):
    graph.yield %ci, %acc : tensor<i1>, tensor<f32>
  } loc(#loop_forever)
  return %r : tensor<f32>
}
#loop_forever = loc("loop_forever"("model.onnx":0:0))
