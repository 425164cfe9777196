// RUN: not weft-opt %s -convert-graph-to-linalg 2>&1 | FileCheck %s

// Strings exist only for the ops the runtime runs (StringNormalizer, casts
// to or from strings); any other op on them is refused, naming the node.
// CHECK: error: node 'concat_1' (graph.concat): takes or produces strings; only StringNormalizer and casts to or from strings support string tensors
func.func @concat_strings(%x: tensor<2x!graph.string>, %y: tensor<2x!graph.string>) -> tensor<4x!graph.string> {
  %0 = graph.concat %x, %y {axis = 0 : i64} : tensor<2x!graph.string>, tensor<2x!graph.string> -> tensor<4x!graph.string> loc(#concat_1)
  return %0 : tensor<4x!graph.string>
}
#concat_1 = loc("concat_1"("model.onnx":0:0))
