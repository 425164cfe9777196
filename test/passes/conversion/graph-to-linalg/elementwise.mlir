// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @relu
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<2x4xf32>) outs(%[[E]] : tensor<2x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.maximumf %[[IN]], %[[ZERO]] : f32
// CHECK-NOT: graph.
// CHECK: return %[[R]]
func.func @relu(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %y = graph.relu %x : tensor<2x4xf32> -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @relu_i32
// CHECK: arith.maxsi
func.func @relu_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %y = graph.relu %x : tensor<4xi32> -> tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @unary_math
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: math.tanh
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: arith.negf
// CHECK: math.absf
// CHECK: math.erf
func.func @unary_math(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.sigmoid %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.tanh %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.exp %1 : tensor<4xf32> -> tensor<4xf32>
  %3 = graph.log %2 : tensor<4xf32> -> tensor<4xf32>
  %4 = graph.sqrt %3 : tensor<4xf32> -> tensor<4xf32>
  %5 = graph.neg %4 : tensor<4xf32> -> tensor<4xf32>
  %6 = graph.abs %5 : tensor<4xf32> -> tensor<4xf32>
  %7 = graph.erf %6 : tensor<4xf32> -> tensor<4xf32>
  return %7 : tensor<4xf32>
}

// -----

// Integer neg is 0 - x; abs of a signed integer is math.absi.
// CHECK-LABEL: func.func @int_neg_abs
// CHECK: arith.subi
// CHECK: math.absi
func.func @int_neg_abs(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = graph.neg %x : tensor<4xi64> -> tensor<4xi64>
  %1 = graph.abs %0 : tensor<4xi64> -> tensor<4xi64>
  return %1 : tensor<4xi64>
}

// -----

// hard_swish(x) = x * max(0, min(1, x / 6 + 0.5)).
// CHECK-LABEL: func.func @activations
// CHECK: linalg.generic
// CHECK: arith.constant 0.166666672 : f32
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.minimumf
// CHECK: arith.maximumf
// CHECK: arith.mulf
// CHECK: linalg.generic
// CHECK: arith.constant 2.000000e-01 : f32
// CHECK: arith.mulf
// CHECK: linalg.generic
// CHECK: arith.constant 1.000000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf
// CHECK: %[[NEG:.*]] = arith.cmpf olt
// CHECK: arith.select %[[NEG]], %[[S]], %{{.*}} : f32
func.func @activations(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.hard_swish %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.hard_sigmoid %0 {alpha = 0.2 : f32, beta = 0.5 : f32} : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.leaky_relu %1 {alpha = 0.1 : f32} : tensor<4xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @not
// CHECK: linalg.generic
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: arith.xori %{{.*}}, %[[TRUE]] : i1
func.func @not(%x: tensor<4xi1>) -> tensor<4xi1> {
  %y = graph.not %x : tensor<4xi1> -> tensor<4xi1>
  return %y : tensor<4xi1>
}

// -----

// Numpy broadcasting: the 8-vector aligns with the last dim, the 1 x 1 x 8
// tensor's unit dims read index 0.
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[UNIT:.*]] = affine_map<(d0, d1, d2) -> (0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_add
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[LAST]], #[[ID3]]]
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[UNIT]], #[[ID3]], #[[ID3]]]
// CHECK: arith.mulf
func.func @broadcast_add(%a: tensor<2x3x8xf32>, %b: tensor<8xf32>, %c: tensor<1x3x8xf32>) -> tensor<2x3x8xf32> {
  %0 = graph.add %a, %b : tensor<2x3x8xf32>, tensor<8xf32> -> tensor<2x3x8xf32>
  %1 = graph.mul %c, %0 : tensor<1x3x8xf32>, tensor<2x3x8xf32> -> tensor<2x3x8xf32>
  return %1 : tensor<2x3x8xf32>
}

// -----

// A scalar operand has an empty map.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @scalar_sub
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[SCALAR]], #{{.*}}]
// CHECK: arith.subf
func.func @scalar_sub(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  %0 = graph.sub %a, %b : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ONNX integer Div truncates toward zero (divsi); unsigned divides unsigned:
// the ui8 tensors stay ui8, their scalars are cast to i8 in the body.
// CHECK-LABEL: func.func @int_div
// CHECK: arith.divsi
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xui8>, tensor<4xui8>) outs(%{{.*}} : tensor<4xui8>)
// CHECK: ^bb0(%[[A:.*]]: ui8, %[[B:.*]]: ui8, %{{.*}}: ui8):
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %[[A]] : ui8 to i8
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %[[B]] : ui8 to i8
// CHECK: %[[Q:.*]] = arith.divui %[[SA]], %[[SB]] : i8
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %[[Q]] : i8 to ui8
// CHECK: linalg.yield %[[U]] : ui8
func.func @int_div(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xui8>, %d: tensor<4xui8>) -> (tensor<4xi32>, tensor<4xui8>) {
  %0 = graph.div %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = graph.div %c, %d : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %0, %1 : tensor<4xi32>, tensor<4xui8>
}

// -----

// Float Pow is exp(b * log|a|) with C pow's sign and NaN rules.
// CHECK-LABEL: func.func @pow
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ABS:.*]] = math.absf %[[A]] : f32
// CHECK: %[[LOG:.*]] = math.log %[[ABS]] : f32
// CHECK: %[[MUL:.*]] = arith.mulf %[[B]], %[[LOG]] : f32
// CHECK: %[[EXP:.*]] = math.exp %[[MUL]] : f32
// CHECK: math.trunc %[[B]]
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[SIGNED:.*]] = arith.select %{{.*}}, %{{.*}}, %[[EXP]] : f32
// CHECK: arith.select %{{.*}}, %[[SIGNED]], %[[NAN]] : f32
// CHECK: %[[E:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK: math.log
// CHECK: arith.mulf %[[E]], %{{.*}} : f32
// CHECK-NOT: math.powf
func.func @pow(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.pow %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.pow %a, %c : tensor<4xf32>, tensor<4xi64> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @compare
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi1>)
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi ult
func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi64>, %d: tensor<4xui8>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = graph.equal %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %1 = graph.greater %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %2 = graph.greater_or_equal %c, %c : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %3 = graph.less %d, %d : tensor<4xui8>, tensor<4xui8> -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @where
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4xi1>, tensor<4xf32>, tensor<f32>)
// CHECK: arith.select
func.func @where(%c: tensor<2x4xi1>, %a: tensor<4xf32>, %b: tensor<f32>) -> tensor<2x4xf32> {
  %0 = graph.where %c, %a, %b : tensor<2x4xi1>, tensor<4xf32>, tensor<f32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Clip reads its scalar bounds through empty maps; an absent bound is skipped.
// CHECK-LABEL: func.func @clip
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<f32>, tensor<f32>)
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<f32>)
// CHECK-NOT: arith.maximumf
// CHECK: arith.minimumf
func.func @clip(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.clip %x min(%lo : tensor<f32>) max(%hi : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.clip %x max(%hi : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Cast: float to int truncates (fptosi), int to float rounds (sitofp), to
// bool compares with zero, from bool zero-extends, ui8 converts unsigned.
// CHECK-LABEL: func.func @cast
// CHECK: arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: arith.cmpf une
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK: arith.fptoui %{{.*}} : f32 to i8
func.func @cast(%x: tensor<4xf32>, %u: tensor<4xui8>) -> (tensor<4xi64>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xui8>) {
  %0 = graph.cast %x {to = i64} : tensor<4xf32> -> tensor<4xi64>
  %1 = graph.cast %0 {to = f32} : tensor<4xi64> -> tensor<4xf32>
  %2 = graph.cast %x {to = i1} : tensor<4xf32> -> tensor<4xi1>
  %3 = graph.cast %2 {to = i32} : tensor<4xi1> -> tensor<4xi32>
  %4 = graph.cast %u {to = f32} : tensor<4xui8> -> tensor<4xf32>
  %5 = graph.cast %x {to = ui8} : tensor<4xf32> -> tensor<4xui8>
  return %0, %1, %3, %4, %5 : tensor<4xi64>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @variadic
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>, tensor<f32>)
// CHECK: arith.maximumf
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: arith.minsi
func.func @variadic(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<f32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = graph.max %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %1 = graph.min %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// A dynamic dim of the result is read from the operand that has it.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x8xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x8xf32>
// CHECK: tensor.empty(%[[D]]) : tensor<?x8xf32>
func.func @dynamic(%a: tensor<?x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %0 = graph.add %b, %a : tensor<8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
