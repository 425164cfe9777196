// A graph.if branch that does not fit the requested shapes (Silero VAD's
// 8 kHz branch with a 16 kHz input length) is left as it was, with a warning;
// the other branch is refined.
// RUN: weft-opt %s -graph-infer-shapes="shapes=x=1x3x8x8" 2>/dev/null | FileCheck %s
// RUN: weft-opt %s -graph-infer-shapes="shapes=x=1x3x8x8" -verify-diagnostics -o /dev/null
// RUN: weft-opt %s -graph-infer-shapes="shapes=x=1x3x8x8 report-branches=false" 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty

// CHECK-LABEL: func.func @main
// CHECK: graph.if %{{.*}} : tensor<i1> -> tensor<?x?xf32> {
// CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<1x3x8x8xf32>, tensor<2xi64> -> tensor<3x64xf32>
// CHECK: } else {
// CHECK: %[[N:.*]] = graph.neg %{{.*}} : tensor<1x3x8x8xf32> -> tensor<?x3x?x?xf32>
// CHECK: %[[R:.*]] = graph.reshape %[[N]], %{{.*}} : tensor<?x3x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK: %[[E:.*]] = graph.exp %[[R]] : tensor<?x?xf32> -> tensor<?x?xf32>
// CHECK: graph.yield %[[E]] : tensor<?x?xf32>
// QUIET-NOT: warning
func.func @main(%x: tensor<?x3x?x?xf32> {graph.name = "x"}, %c: tensor<i1> {graph.name = "c"}) -> tensor<?x?xf32> {
  %s3 = graph.constant dense<[3, 64]> : tensor<2xi64>
  %s5 = graph.constant dense<[5, 7]> : tensor<2xi64>
  // expected-warning @+1 {{the else branch does not fit these shapes and would fail if taken; its types are left as they were}}
  %r = graph.if %c : tensor<i1> -> tensor<?x?xf32> {
    %a = graph.reshape %x, %s3 : tensor<?x3x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
    graph.yield %a : tensor<?x?xf32>
  } else {
    %n = graph.neg %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
    %b = graph.reshape %n, %s5 : tensor<?x3x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
    %e = graph.exp %b : tensor<?x?xf32> -> tensor<?x?xf32>
    graph.yield %e : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
