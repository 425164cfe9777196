// RUN: weft-opt %s -graph-optimize="shapes=x=1x3x8x8" | FileCheck %s
// RUN: weft-opt %s -graph-optimize | FileCheck %s --check-prefix=DYN

// With the input shape given, the shape chain folds (Shape, Gather,
// Unsqueeze, Concat), the reshape becomes static, the BatchNormalization
// folds into the conv, and the dead ops are gone.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32> {graph.name = "x"}) -> (tensor<1x512xf32> {graph.name = "y"})
// CHECK-NOT: graph.shape
// CHECK-NOT: graph.gather
// CHECK-NOT: graph.batch_normalization
// CHECK: %[[C:.*]] = graph.conv %[[X]], %{{.*}}, %{{.*}} : tensor<1x3x8x8xf32>, tensor<8x3x1x1xf32>, tensor<8xf32> -> tensor<1x8x8x8xf32>
// CHECK: %[[R:.*]] = graph.relu %[[C]]
// CHECK: graph.reshape %[[R]], %{{.*}} : tensor<1x8x8x8xf32>, tensor<2xi64> -> tensor<1x512xf32>
// CHECK-NOT: graph.concat

// Without shapes the batch dim stays dynamic, but the reshape still gets a
// constant shape (the batch is copied with 0).
// DYN-LABEL: func.func @main
// DYN: graph.constant dense<[0, 512]> : tensor<2xi64>
// DYN-NOT: graph.batch_normalization
// DYN: graph.reshape %{{.*}}, %{{.*}} : tensor<?x8x?x?xf32>, tensor<2xi64> -> tensor<?x512xf32>
func.func @main(%x: tensor<?x3x?x?xf32> {graph.name = "x"}) -> (tensor<?x?xf32> {graph.name = "y"}) {
  %w = graph.constant dense<0.5> : tensor<8x3x1x1xf32>
  %c = graph.conv %x, %w : tensor<?x3x?x?xf32>, tensor<8x3x1x1xf32> -> tensor<?x8x?x?xf32>
  %s = graph.constant dense<2.0> : tensor<8xf32>
  %b = graph.constant dense<0.0> : tensor<8xf32>
  %bn = graph.batch_normalization %c, %s, %b, %b, %s : tensor<?x8x?x?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<?x8x?x?xf32>
  %r = graph.relu %bn : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %unused = graph.exp %r : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %shape = graph.shape %r : tensor<?x8x?x?xf32> -> tensor<4xi64>
  %i0 = graph.constant dense<0> : tensor<i64>
  %n = graph.gather %shape, %i0 {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %n1 = graph.unsqueeze %n {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %k = graph.constant dense<512> : tensor<1xi64>
  %target = graph.concat %n1, %k {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %y = graph.reshape %r, %target : tensor<?x8x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
