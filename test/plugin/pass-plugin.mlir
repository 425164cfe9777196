// Stock mlir-opt-19 runs Weft's graph passes from the plugin.
// RUN: mlir-opt %s --load-dialect-plugin=%weft_lib/WeftPlugin.so \
// RUN:   --load-pass-plugin=%weft_lib/WeftPlugin.so \
// RUN:   --pass-pipeline="builtin.module(func.func(graph-infer-shapes{shapes=x=2x8}))" \
// RUN:   | FileCheck %s
//
// Without the pass plugin the pass is unknown.
// RUN: not mlir-opt %s --load-dialect-plugin=%weft_lib/WeftPlugin.so \
// RUN:   --pass-pipeline="builtin.module(func.func(graph-infer-shapes))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-PLUGIN
// NO-PLUGIN: 'graph-infer-shapes' does not refer to a registered pass

// CHECK-LABEL: func.func @main
// CHECK-SAME: tensor<2x8xf32>
// CHECK-SAME: -> (tensor<2x8xf32>
func.func @main(%x: tensor<?x8xf32> {graph.name = "x"})
    -> (tensor<?x8xf32> {graph.name = "y"}) {
  // CHECK: graph.sigmoid %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
  %s = graph.sigmoid %x : tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: graph.relu %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
  %r = graph.relu %s : tensor<?x8xf32> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
