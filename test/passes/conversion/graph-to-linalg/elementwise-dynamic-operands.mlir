// RUN: weft-opt %s -convert-graph-to-linalg | FileCheck %s

// An operand dim that is dynamic where the result's is static is read
// without broadcasting, so it equals the result's: it is cast to that size
// and the generic gets static loop ranges (a slice whose bounds come from a
// loop's iteration number, added to a carried value).
// CHECK-LABEL: func.func @dynamic_operand_static_result
// CHECK-SAME: %[[A:[^:]*]]: tensor<1xf32>, %[[B:[^:]*]]: tensor<?xf32>
// CHECK: %[[CAST:.*]] = tensor.cast %[[B]] : tensor<?xf32> to tensor<1xf32>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[CAST]] : tensor<1xf32>, tensor<1xf32>)
func.func @dynamic_operand_static_result(%a: tensor<1xf32>, %b: tensor<?xf32>) -> tensor<1xf32> {
  %r = graph.add %a, %b : tensor<1xf32>, tensor<?xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}
