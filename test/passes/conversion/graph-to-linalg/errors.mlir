// RUN: not weft-opt %s -split-input-file -convert-graph-to-linalg 2>&1 | FileCheck %s

// An op that cannot be lowered (an lstm with sequence_lens in the reverse
// direction) is reported by node name with the pattern's reason, and the
// function is left as it was.
// CHECK: error: node 'lstm_0' (graph.lstm): cannot be lowered to linalg: sequence_lens is supported for the forward direction only
// CHECK-NOT: error:
func.func @no_lowering(%x: tensor<4x1x16xf32>, %w: tensor<1x32x16xf32>, %r: tensor<1x32x8xf32>, %l: tensor<1xi32>) -> tensor<4x1x1x8xf32> {
  %y, %h, %c = graph.lstm %x, %w, %r seq_lens(%l : tensor<1xi32>) {direction = "reverse", hidden_size = 8 : i64} : tensor<4x1x16xf32>, tensor<1x32x16xf32>, tensor<1x32x8xf32> -> tensor<4x1x1x8xf32>, tensor<1x1x8xf32>, tensor<1x1x8xf32> loc(#lstm)
  return %y : tensor<4x1x1x8xf32>
}
#lstm = loc("lstm_0"("model.onnx":0:0))

// -----

// Every node that cannot be lowered is reported, with the pattern's reason;
// the relu that could be lowered is not.
// CHECK: error: node 'sig' (graph.sigmoid): cannot be lowered to linalg: element type i32 is not supported
// CHECK-NEXT: error: node 'conv' (graph.conv): cannot be lowered to linalg: only the batch dim of the result may be dynamic
// CHECK-NOT: error:
func.func @reasons(%x: tensor<4xi32>, %c: tensor<1x8x?x?xf32>, %w: tensor<8x8x3x3xf32>) -> (tensor<4xi32>, tensor<1x8x?x?xf32>) {
  %r = graph.relu %x : tensor<4xi32> -> tensor<4xi32> loc(#relu)
  %0 = graph.sigmoid %r : tensor<4xi32> -> tensor<4xi32> loc(#sig)
  %1 = graph.conv %c, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x?x?xf32>, tensor<8x8x3x3xf32> -> tensor<1x8x?x?xf32> loc(#conv)
  return %0, %1 : tensor<4xi32>, tensor<1x8x?x?xf32>
}
#relu = loc("relu"("model.onnx":0:0))
#sig = loc("sig"("model.onnx":0:0))
#conv = loc("conv"("model.onnx":0:0))

// -----

// CHECK: error: node 'r' (graph.relu): cannot be lowered to linalg: the result is unranked
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %0 = graph.relu %x : tensor<*xf32> -> tensor<*xf32> loc(#r)
  return %0 : tensor<*xf32>
}
#r = loc("r"("model.onnx":0:0))
