// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s
// RUN: weft-opt -graph-infer-shapes %s | FileCheck %s --check-prefix=INFER

// Round trip of the ops of GraphQuantOps.td, and their result types through
// graph-infer-shapes (which refines every declared `tensor<*x...>` result).

// CHECK-LABEL: func @quantize
// INFER-LABEL: func @quantize
func.func @quantize(%x: tensor<2x?xf32>, %s: tensor<f32>, %zp: tensor<i8>,
                    %sa: tensor<2xf32>, %za: tensor<2xui8>, %i: tensor<4xi32>) {
  // Without a zero point the result is ui8.
  // CHECK: graph.quantize_linear %{{.*}}, %{{.*}} : tensor<2x?xf32>, tensor<f32> -> tensor<*xui8>
  // INFER: graph.quantize_linear {{.*}} -> tensor<2x?xui8>
  %0 = graph.quantize_linear %x, %s : tensor<2x?xf32>, tensor<f32> -> tensor<*xui8>
  // The zero point gives the element type.
  // CHECK: graph.quantize_linear %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x?xf32>, tensor<f32>, tensor<i8>
  // INFER: graph.quantize_linear {{.*}} -> tensor<2x?xi8>
  %1 = graph.quantize_linear %x, %s, %zp : tensor<2x?xf32>, tensor<f32>, tensor<i8> -> tensor<*xi8>
  // Per-axis along dim 0.
  // CHECK: graph.quantize_linear {{.*}} {axis = 0 : i64}
  // INFER: graph.quantize_linear {{.*}} -> tensor<2x?xui8>
  %2 = graph.quantize_linear %x, %sa, %za {axis = 0 : i64} : tensor<2x?xf32>, tensor<2xf32>, tensor<2xui8> -> tensor<*xui8>
  // An i32 input.
  // INFER: graph.quantize_linear {{.*}} -> tensor<4xui8>
  %3 = graph.quantize_linear %i, %s : tensor<4xi32>, tensor<f32> -> tensor<*xui8>
  return
}

// CHECK-LABEL: func @dequantize
// INFER-LABEL: func @dequantize
func.func @dequantize(%x: tensor<3x2xui8>, %s: tensor<f32>, %zp: tensor<ui8>,
                      %sa: tensor<2xf16>, %za: tensor<2xui8>, %i: tensor<?xi32>) {
  // CHECK: graph.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : tensor<3x2xui8>, tensor<f32>, tensor<ui8>
  // INFER: graph.dequantize_linear {{.*}} -> tensor<3x2xf32>
  %0 = graph.dequantize_linear %x, %s, %zp : tensor<3x2xui8>, tensor<f32>, tensor<ui8> -> tensor<*xf32>
  // The result takes the scale's float type.
  // CHECK: graph.dequantize_linear {{.*}} {axis = -1 : i64}
  // INFER: graph.dequantize_linear {{.*}} -> tensor<3x2xf16>
  %1 = graph.dequantize_linear %x, %sa, %za {axis = -1 : i64} : tensor<3x2xui8>, tensor<2xf16>, tensor<2xui8> -> tensor<*xf16>
  // INFER: graph.dequantize_linear {{.*}} -> tensor<?xf32>
  %2 = graph.dequantize_linear %i, %s : tensor<?xi32>, tensor<f32> -> tensor<*xf32>
  return
}
