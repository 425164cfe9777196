// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// quantize_linear and dequantize_linear: one linalg.generic each over the
// shape of x, the scale and zero point read per tensor or along `axis`.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @quantize_per_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>, %[[S:.*]]: tensor<f32>, %[[Z:.*]]: tensor<i8>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<2x?xi8>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[SCALAR]], #[[ID]]]
// CHECK-SAME: ins(%[[X]], %[[S]], %[[Z]] : tensor<2x?xf32>, tensor<f32>, tensor<i8>) outs(%[[INIT]] : tensor<2x?xi8>)
// CHECK: ^bb0(%[[XV:.*]]: f32, %[[SV:.*]]: f32, %[[ZV:.*]]: i8, %{{.*}}: i8):
// CHECK:   %[[Q:.*]] = arith.divf %[[XV]], %[[SV]] : f32
// CHECK:   %[[R:.*]] = math.roundeven %[[Q]] : f32
// CHECK:   %[[ZI:.*]] = arith.extsi %[[ZV]] : i8 to i32
// CHECK:   %[[ZF:.*]] = arith.sitofp %[[ZI]] : i32 to f32
// CHECK:   %[[SUM:.*]] = arith.addf %[[R]], %[[ZF]] : f32
// CHECK:   %[[LO:.*]] = arith.maxnumf %[[SUM]], %cst{{.*}} : f32
// CHECK:   %[[HI:.*]] = arith.minnumf %[[LO]], %cst{{.*}} : f32
// CHECK:   %[[I:.*]] = arith.fptosi %[[HI]] : f32 to i32
// CHECK:   %[[T:.*]] = arith.trunci %[[I]] : i32 to i8
// CHECK:   linalg.yield %[[T]] : i8
func.func @quantize_per_tensor(%x: tensor<2x?xf32>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<2x?xi8> {
  %0 = graph.quantize_linear %x, %s, %z : tensor<2x?xf32>, tensor<f32>, tensor<i8> -> tensor<2x?xi8>
  return %0 : tensor<2x?xi8>
}

// -----

// Without a zero point: ui8, clamped to [0, 255], cast back from signless.
// CHECK-LABEL: func.func @quantize_default_uint8
// CHECK: linalg.generic
// CHECK:   math.roundeven
// CHECK-NOT: arith.addf
// CHECK:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   arith.maxnumf %{{.*}}, %[[ZERO]]
// CHECK:   %[[MAX:.*]] = arith.constant 2.550000e+02 : f32
// CHECK:   arith.minnumf %{{.*}}, %[[MAX]]
// CHECK:   %[[T:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:   %[[U:.*]] = builtin.unrealized_conversion_cast %[[T]] : i8 to ui8
// CHECK:   linalg.yield %[[U]] : ui8
func.func @quantize_default_uint8(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xui8> {
  %0 = graph.quantize_linear %x, %s : tensor<4xf32>, tensor<f32> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// A per-axis scale is read along `axis`, a one-element one at index 0.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[AXIS:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[FIRST:.*]] = affine_map<(d0, d1, d2) -> (0)>
// CHECK-LABEL: func.func @per_axis
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[AXIS]], #[[AXIS]], #[[ID]]]
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[FIRST]], #[[ID]]]
func.func @per_axis(%x: tensor<1x3x2xf32>, %s: tensor<3xf32>, %z: tensor<3xui8>, %s1: tensor<1xf32>) -> (tensor<1x3x2xui8>, tensor<1x3x2xui8>) {
  %0 = graph.quantize_linear %x, %s, %z {axis = -2 : i64} : tensor<1x3x2xf32>, tensor<3xf32>, tensor<3xui8> -> tensor<1x3x2xui8>
  %1 = graph.quantize_linear %x, %s1 : tensor<1x3x2xf32>, tensor<1xf32> -> tensor<1x3x2xui8>
  return %0, %1 : tensor<1x3x2xui8>, tensor<1x3x2xui8>
}

// -----

// (x - zero_point) * scale with both widened to i32; ui8 widens unsigned.
// CHECK-LABEL: func.func @dequantize_uint8
// CHECK: linalg.generic
// CHECK: ^bb0(%[[XV:.*]]: ui8, %[[SV:.*]]: f32, %[[ZV:.*]]: ui8, %{{.*}}: f32):
// CHECK:   %[[XS:.*]] = builtin.unrealized_conversion_cast %[[XV]] : ui8 to i8
// CHECK:   %[[XI:.*]] = arith.extui %[[XS]] : i8 to i32
// CHECK:   %[[ZS:.*]] = builtin.unrealized_conversion_cast %[[ZV]] : ui8 to i8
// CHECK:   %[[ZI:.*]] = arith.extui %[[ZS]] : i8 to i32
// CHECK:   %[[D:.*]] = arith.subi %[[XI]], %[[ZI]] : i32
// CHECK:   %[[F:.*]] = arith.sitofp %[[D]] : i32 to f32
// CHECK:   %[[Y:.*]] = arith.mulf %[[F]], %[[SV]] : f32
// CHECK:   linalg.yield %[[Y]] : f32
func.func @dequantize_uint8(%x: tensor<4xui8>, %s: tensor<f32>, %z: tensor<ui8>) -> tensor<4xf32> {
  %0 = graph.dequantize_linear %x, %s, %z : tensor<4xui8>, tensor<f32>, tensor<ui8> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An i32 input needs no widening; an f16 scale computes in f32.
// CHECK-LABEL: func.func @dequantize_int32_f16
// CHECK: ^bb0(%[[XV:.*]]: i32, %[[SV:.*]]: f16, %{{.*}}: f16):
// CHECK-DAG:   %[[F:.*]] = arith.sitofp %[[XV]] : i32 to f32
// CHECK-DAG:   %[[S:.*]] = arith.extf %[[SV]] : f16 to f32
// CHECK:   %[[Y:.*]] = arith.mulf %[[F]], %[[S]] : f32
// CHECK:   %[[H:.*]] = arith.truncf %[[Y]] : f32 to f16
// CHECK:   linalg.yield %[[H]] : f16
func.func @dequantize_int32_f16(%x: tensor<4xi32>, %s: tensor<f16>) -> tensor<4xf16> {
  %0 = graph.dequantize_linear %x, %s : tensor<4xi32>, tensor<f16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// ConvInteger imports as an i32 conv (no bias): zero padding and a linalg
// conv on i32.
// CHECK-LABEL: func.func @integer_conv
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[PAD:.*]] = tensor.pad
// CHECK: tensor.yield %[[ZERO]] : i32
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} ins(%[[PAD]], %{{.*}} : tensor<1x1x5x5xi32>, tensor<2x1x2x2xi32>) outs(%{{.*}} : tensor<1x2x4x4xi32>)
func.func @integer_conv(%x: tensor<1x1x3x3xi32>, %w: tensor<2x1x2x2xi32>) -> tensor<1x2x4x4xi32> {
  %0 = graph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x3x3xi32>, tensor<2x1x2x2xi32> -> tensor<1x2x4x4xi32>
  return %0 : tensor<1x2x4x4xi32>
}

// -----

// A constant unsigned zero point is read as an i32 constant: fusion would
// otherwise turn the splat into a scalar ui8 arith.constant, which is invalid.
// CHECK-LABEL: func.func @quantize_constant_unsigned_zero_point
// CHECK: %[[Z:.*]] = arith.constant dense<200> : tensor<i32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %[[Z]] : tensor<4xf32>, tensor<f32>, tensor<i32>) outs(%{{.*}} : tensor<4xui8>)
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %[[ZV:.*]]: i32, %{{.*}}: ui8):
// CHECK: arith.sitofp %[[ZV]] : i32 to f32
func.func @quantize_constant_unsigned_zero_point(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xui8> {
  %z = graph.constant dense<200> : tensor<ui8>
  %0 = graph.quantize_linear %x, %s, %z : tensor<4xf32>, tensor<f32>, tensor<ui8> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
