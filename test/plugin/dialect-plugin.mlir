// Stock mlir-opt-19 parses and prints the graph dialect once the plugin is
// loaded; printing and parsing again gives the same IR.
// RUN: mlir-opt %s --load-dialect-plugin=%weft_lib/WeftPlugin.so \
// RUN:   | mlir-opt --load-dialect-plugin=%weft_lib/WeftPlugin.so \
// RUN:   | FileCheck %s
//
// Without the plugin mlir-opt does not know the dialect: the plugin is what
// makes the round trip work.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NO-PLUGIN
// NO-PLUGIN: error: Dialect `graph' not found for custom op 'graph.constant'

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32> {graph.name = "x"})
func.func @main(%x: tensor<?x8xf32> {graph.name = "x"})
    -> (tensor<?x8xf32> {graph.name = "y"}) {
  // CHECK: %[[C:.*]] = graph.constant dense<5.000000e-01> : tensor<8xf32>
  %c = graph.constant dense<0.5> : tensor<8xf32>
  // CHECK: %[[A:.*]] = graph.add %[[X]], %[[C]] : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %a = graph.add %x, %c : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: %[[R:.*]] = graph.relu %[[A]] : tensor<?x8xf32> -> tensor<?x8xf32>
  %r = graph.relu %a : tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: return %[[R]]
  return %r : tensor<?x8xf32>
}
