// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// A loop whose condition the body passes on unchanged becomes scf.for over
// max_trip_count (0 iterations when cond is false); the body moves in, with
// the iteration number and condition rebuilt as scalar tensors, and each
// scan output row is inserted at row `i` of a tensor of the static result
// shape (at most as many iterations as those have rows). Values computed
// from the iteration number (a Slice's bounds) give a slice with a dynamic
// offset and the static size of the result type.
// CHECK-LABEL: func.func @counted_with_scan
// CHECK-SAME: %[[N:[^:]*]]: tensor<i64>, %[[C:[^:]*]]: tensor<i1>, %[[Y:[^:]*]]: tensor<1xf32>, %[[X:[^:]*]]: tensor<5xf32>
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<5x1xf32>
// CHECK-DAG: %[[M:.*]] = tensor.extract %[[N]][] : tensor<i64>
// CHECK-DAG: %[[GO:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK: %[[TRIPS:.*]] = arith.select %[[GO]]
// CHECK: %[[N:.*]] = arith.index_cast %[[TRIPS]] : i64 to index
// CHECK: %[[UB:.*]] = arith.minsi %[[N]], %{{.*}} : index
// CHECK: %[[FOR:.*]]:2 = scf.for %[[IV:.*]] = %{{.*}} to %[[UB]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[Y]], %[[ROWS:.*]] = %[[EMPTY]]) -> (tensor<1xf32>, tensor<5x1xf32>) {
// CHECK:   %[[I:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK:   tensor.from_elements %[[I]] : tensor<i64>
// CHECK:   %[[SLICE:.*]] = tensor.extract_slice %[[X]][%{{.*}}] [1] [1] : tensor<5xf32> to tensor<1xf32>
// CHECK:   %[[SUM:.*]] = linalg.generic
// CHECK-SAME: ins(%[[ACC]], %[[SLICE]] : tensor<1xf32>, tensor<1xf32>)
// CHECK:   %[[ROW:.*]] = tensor.insert_slice %[[SUM]] into %[[ROWS]][%[[IV]], 0] [1, 1] [1, 1] : tensor<1xf32> into tensor<5x1xf32>
// CHECK:   %[[NEXT:.*]] = bufferization.materialize_in_destination %[[SUM]] in %[[ACC]]
// CHECK:   scf.yield %[[NEXT]], %[[ROW]] : tensor<1xf32>, tensor<5x1xf32>
// CHECK: }
// CHECK: return %[[FOR]]#0, %[[FOR]]#1
func.func @counted_with_scan(%n: tensor<i64>, %c: tensor<i1>, %y: tensor<1xf32>, %x: tensor<5xf32>) -> (tensor<1xf32>, tensor<5x1xf32>) {
  %r:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%y : tensor<1xf32>) -> tensor<1xf32>, tensor<5x1xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %acc: tensor<1xf32>):
    %one = graph.constant dense<1> : tensor<i64>
    %end = graph.add %i, %one : tensor<i64>, tensor<i64> -> tensor<i64>
    %s = graph.unsqueeze %i {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
    %e = graph.unsqueeze %end {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
    %slice = graph.slice %x starts(%s : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<5xf32> -> tensor<1xf32>
    %sum = graph.add %acc, %slice : tensor<1xf32>, tensor<1xf32> -> tensor<1xf32>
    graph.yield %ci, %sum, %sum : tensor<i1>, tensor<1xf32>, tensor<1xf32>
  }
  return %r#0, %r#1 : tensor<1xf32>, tensor<5x1xf32>
}

// -----

// Without cond the loop runs max_trip_count times (negative counts run
// none); a carried argument typed less precisely than the initial value is
// fed through a cast.
// CHECK-LABEL: func.func @counted_no_cond
// CHECK: %[[M:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: %[[POS:.*]] = arith.maxsi %[[M]], %{{.*}} : i64
// CHECK: %[[UB:.*]] = arith.index_cast %[[POS]] : i64 to index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[UB]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<2xf32>)
// CHECK:   tensor.cast %[[A]] : tensor<2xf32> to tensor<?xf32>
// CHECK:   math.exp
// CHECK:   %[[E:.*]] = tensor.cast %{{.*}} : tensor<?xf32> to tensor<2xf32>
// CHECK:   %[[NEXT:.*]] = bufferization.materialize_in_destination %[[E]] in %[[A]]
// CHECK:   scf.yield %[[NEXT]] : tensor<2xf32>
func.func @counted_no_cond(%n: tensor<i64>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %r = graph.loop max(%n : tensor<i64>) carried(%a : tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<?xf32>):
    %e = graph.exp %x : tensor<?xf32> -> tensor<?xf32>
    graph.yield %ci, %e : tensor<i1>, tensor<?xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// A body that computes the next condition makes an scf.while: it goes on
// while the condition holds and i < max_trip_count.
// CHECK-LABEL: func.func @conditional
// CHECK: %[[W:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}, %[[GO:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (i64, i1, tensor<f32>) -> (i64, i1, tensor<f32>) {
// CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i64
// CHECK:   %[[BOTH:.*]] = arith.andi %[[GO]], %[[LT]] : i1
// CHECK:   scf.condition(%[[BOTH]]) %[[I]], %[[GO]], %[[S]]
// CHECK: } do {
// CHECK: ^bb0(%[[I2:.*]]: i64, %{{.*}}: i1, %[[S2:.*]]: tensor<f32>):
// CHECK:   arith.addf
// CHECK:   arith.cmpf olt
// CHECK:   %[[NEXT:.*]] = arith.addi %[[I2]], %{{.*}} : i64
// CHECK:   %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK:   %[[S3:.*]] = bufferization.materialize_in_destination %{{.*}} in %[[S2]]
// CHECK:   scf.yield %[[NEXT]], %[[C]], %[[S3]] : i64, i1, tensor<f32>
// CHECK: }
// CHECK: return %[[W]]#2
func.func @conditional(%n: tensor<i64>, %c: tensor<i1>, %s: tensor<f32>, %limit: tensor<f32>) -> tensor<f32> {
  %r = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%s : tensor<f32>) -> tensor<f32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>):
    %one = graph.constant dense<1.0> : tensor<f32>
    %next = graph.add %x, %one : tensor<f32>, tensor<f32> -> tensor<f32>
    %go = graph.less %next, %limit : tensor<f32>, tensor<f32> -> tensor<i1>
    graph.yield %go, %next : tensor<i1>, tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A body that yields a constant true condition cannot stop the loop early:
// scf.for again.
// CHECK-LABEL: func.func @constant_true_condition
// CHECK: scf.for
// CHECK-NOT: scf.while
func.func @constant_true_condition(%n: tensor<i64>, %c: tensor<i1>, %s: tensor<f32>) -> tensor<f32> {
  %r = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%s : tensor<f32>) -> tensor<f32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>):
    %t = graph.constant dense<true> : tensor<i1>
    %e = graph.exp %x : tensor<f32> -> tensor<f32>
    graph.yield %t, %e : tensor<i1>, tensor<f32>
  }
  return %r : tensor<f32>
}
