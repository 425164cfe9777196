// The named graph pipeline (what `weft import` runs) is in the plugin too.
// RUN: mlir-opt %s --load-dialect-plugin=%weft_lib/WeftPlugin.so \
// RUN:   --load-pass-plugin=%weft_lib/WeftPlugin.so \
// RUN:   --pass-pipeline="builtin.module(graph-optimize{shapes=x=2x8})" \
// RUN:   | FileCheck %s

// It fixes the input shape, propagates it, and drops the op nobody uses.
// CHECK-LABEL: func.func @main
// CHECK-SAME: tensor<2x8xf32>
// CHECK-SAME: -> (tensor<2x8xf32>
// CHECK-NOT: graph.exp
// CHECK: graph.relu %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NOT: graph.exp
// CHECK: return
func.func @main(%x: tensor<?x8xf32> {graph.name = "x"})
    -> (tensor<?x8xf32> {graph.name = "y"}) {
  %e = graph.exp %x : tensor<?x8xf32> -> tensor<?x8xf32>
  %r = graph.relu %x : tensor<?x8xf32> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
