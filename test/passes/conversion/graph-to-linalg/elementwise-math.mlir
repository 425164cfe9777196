// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// The ops of GraphMathOps.td and integer Pow: one linalg.generic each, with
// the scalar body checked.

// CHECK-LABEL: func.func @unary_math
// CHECK: math.ceil
// CHECK: math.floor
// CHECK: math.roundeven
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.tan
// CHECK: math.atan2
// CHECK: math.atan2
// CHECK: math.atan
// CHECK: math.sinh
// CHECK: math.cosh
// CHECK: math.asinh
// CHECK: math.acosh
// CHECK: math.atanh
// CHECK-NOT: graph.
func.func @unary_math(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.ceil %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.floor %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.round %1 : tensor<4xf32> -> tensor<4xf32>
  %3 = graph.sin %2 : tensor<4xf32> -> tensor<4xf32>
  %4 = graph.cos %3 : tensor<4xf32> -> tensor<4xf32>
  %5 = graph.tan %4 : tensor<4xf32> -> tensor<4xf32>
  %6 = graph.asin %5 : tensor<4xf32> -> tensor<4xf32>
  %7 = graph.acos %6 : tensor<4xf32> -> tensor<4xf32>
  %8 = graph.atan %7 : tensor<4xf32> -> tensor<4xf32>
  %9 = graph.sinh %8 : tensor<4xf32> -> tensor<4xf32>
  %10 = graph.cosh %9 : tensor<4xf32> -> tensor<4xf32>
  %11 = graph.asinh %10 : tensor<4xf32> -> tensor<4xf32>
  %12 = graph.acosh %11 : tensor<4xf32> -> tensor<4xf32>
  %13 = graph.atanh %12 : tensor<4xf32> -> tensor<4xf32>
  return %13 : tensor<4xf32>
}

// -----

// Transcendental functions of half-precision floats run in f32.
// CHECK-LABEL: func.func @sin_f16
// CHECK: ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
// CHECK: %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK: %[[S:.*]] = math.sin %[[W]] : f32
// CHECK: %[[N:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK: linalg.yield %[[N]] : f16
func.func @sin_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = graph.sin %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Softplus is max(x, 0) + log1p(exp(-|x|)), which cannot overflow.
// asin(x) is atan2(x, sqrt((1 - x)(1 + x))), acos(x) the same with the
// arguments swapped.
// CHECK-LABEL: func.func @arc_sine
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[B:.*]] = arith.subf %[[ONE]], %[[X]]
// CHECK: %[[A:.*]] = arith.addf %[[ONE]], %[[X]]
// CHECK: %[[P:.*]] = arith.mulf %[[B]], %[[A]]
// CHECK: %[[R:.*]] = math.sqrt %[[P]]
// CHECK: math.atan2 %[[X]], %[[R]]
// CHECK: linalg.generic
// CHECK: %[[R2:.*]] = math.sqrt
// CHECK: math.atan2 %[[R2]], %{{.*}}
func.func @arc_sine(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.asin %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.acos %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @softplus_softsign_reciprocal
// CHECK: math.absf
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: math.log1p
// CHECK: arith.maximumf
// CHECK: arith.addf
// CHECK: math.absf
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: arith.divf
func.func @softplus_softsign_reciprocal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.softplus %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.softsign %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.reciprocal %1 : tensor<4xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @sign
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf olt
// CHECK: arith.cmpi sgt
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi ne
func.func @sign(%x: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui8>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xui8>) {
  %0 = graph.sign %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.sign %i : tensor<4xi32> -> tensor<4xi32>
  %2 = graph.sign %u : tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @classify
// CHECK: arith.cmpf uno, %[[X:.*]], %[[X]] : f32
// CHECK: linalg.generic
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %{{.*}}, %[[NEG]] : f32
// CHECK: arith.ori %[[FALSE]], %[[EQ]] : i1
func.func @classify(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = graph.is_nan %x : tensor<4xf32> -> tensor<4xi1>
  %1 = graph.is_inf %x {detect_positive = 0 : i64} : tensor<4xf32> -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @activations
// Elu: alpha * expm1(x) below 0.
// CHECK: arith.cmpf olt
// CHECK: math.expm1
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: arith.select
// Selu: gamma * alpha * expm1(x) at or below 0, gamma * x above.
// CHECK: arith.cmpf ole
// CHECK: math.expm1
// CHECK: arith.constant 6.000000e+00 : f32
// CHECK: arith.constant 3.000000e+00 : f32
// CHECK: arith.select
// ThresholdedRelu.
// CHECK: arith.cmpf ogt
// CHECK: arith.select
func.func @activations(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.elu %x {alpha = 0.5 : f32} : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.selu %0 {alpha = 2.0 : f32, gamma = 3.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.thresholded_relu %1 {alpha = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @shrink
// CHECK: arith.constant -1.500000e+00 : f32
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf ogt
// CHECK: arith.addf
// CHECK: arith.subf
// Integers are shrunk in f64 and truncated back.
// CHECK: arith.sitofp %{{.*}} : i32 to f64
// CHECK: arith.fptosi %{{.*}} : f64 to i32
func.func @shrink(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = graph.shrink %x {bias = 1.0 : f32, lambd = 1.5 : f32} : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.shrink %i {bias = 1.0 : f32, lambd = 1.5 : f32} : tensor<4xi32> -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// The slope broadcasts to x through its indexing map.
// CHECK-DAG: #[[PX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[PS:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-LABEL: func.func @prelu
// CHECK: linalg.generic {indexing_maps = [#[[PX]], #[[PS]], #[[PX]]]
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[SLOPE:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[IN]]
// CHECK: %[[MUL:.*]] = arith.mulf %[[SLOPE]], %[[IN]]
// CHECK: arith.select %[[NEG]], %[[MUL]], %[[IN]]
func.func @prelu(%x: tensor<2x3x4xf32>, %s: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = graph.prelu %x, %s : tensor<2x3x4xf32>, tensor<3x1xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Integer Mod replaces the divisors that trap (0 and -1) by 1 and gives 0
// there; fmod = 0 moves a remainder to the divisor's sign.
// CHECK-LABEL: func.func @mod_int
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]]
// CHECK: %[[ISM1:.*]] = arith.cmpi eq, %[[B]], %{{.*}}
// CHECK: %[[TRAP:.*]] = arith.ori %[[IS0]], %[[ISM1]]
// CHECK: %[[D:.*]] = arith.select %[[TRAP]], %[[ONE]], %[[B]]
// CHECK: %[[R:.*]] = arith.remsi %[[A]], %[[D]]
// CHECK: %[[FIX:.*]] = arith.addi %[[R]], %[[D]]
// CHECK: %[[PY:.*]] = arith.select %{{.*}}, %[[FIX]], %[[R]]
// CHECK: arith.select %[[TRAP]], %[[ZERO]], %[[PY]]
// CHECK: linalg.generic
// CHECK: arith.remui
// CHECK-NOT: arith.addi
func.func @mod_int(%a: tensor<4xi32>, %b: tensor<4xi32>, %u: tensor<4xui16>) -> (tensor<4xi32>, tensor<4xui16>) {
  %0 = graph.mod %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = graph.mod %u, %u : tensor<4xui16>, tensor<4xui16> -> tensor<4xui16>
  return %0, %1 : tensor<4xi32>, tensor<4xui16>
}

// -----

// Float fmod runs in f64 without libm: x - trunc(x / y) * y with x's sign.
// CHECK-LABEL: func.func @mod_float
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.divf %{{.*}} : f64
// CHECK: math.trunc
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: math.copysign
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @mod_float(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  %0 = graph.mod %a, %b {fmod = 1 : i64} : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @logic_and_bits
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
// CHECK: arith.xori %{{.*}}, %{{.*}} : i1
// A shift by the bit width or more gives 0.
// CHECK: ^bb0(%[[X:.*]]: ui8, %[[Y:.*]]: ui8, %{{.*}}: ui8):
// CHECK: %[[SX:.*]] = builtin.unrealized_conversion_cast %[[X]] : ui8 to i8
// CHECK: %[[SY:.*]] = builtin.unrealized_conversion_cast %[[Y]] : ui8 to i8
// CHECK: %[[W:.*]] = arith.constant 8 : i8
// CHECK: %[[SH:.*]] = arith.shli %[[SX]], %[[SY]] : i8
// CHECK: %[[BIG:.*]] = arith.cmpi uge, %[[SY]], %[[W]] : i8
// CHECK: arith.select %[[BIG]], %{{.*}}, %[[SH]] : i8
// CHECK: arith.shrui
// CHECK: arith.cmpf ole
// CHECK: arith.cmpi ule
func.func @logic_and_bits(%p: tensor<4xi1>, %q: tensor<4xi1>, %u: tensor<4xui8>, %f: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>) {
  %0 = graph.and %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %1 = graph.or %0, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %2 = graph.xor %1, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %3 = graph.bit_shift %u, %u {direction = "LEFT"} : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %4 = graph.bit_shift %u, %u {direction = "RIGHT"} : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %5 = graph.less_or_equal %f, %f : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %6 = graph.less_or_equal %u, %u : tensor<4xui8>, tensor<4xui8> -> tensor<4xi1>
  return %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @sum_mean
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[AB:.*]] = arith.addf %[[A]], %[[B]]
// CHECK: arith.addf %[[AB]], %[[C]]
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: %[[N:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[N]]
func.func @sum_mean(%a: tensor<2x4xf32>, %b: tensor<4xf32>, %c: tensor<f32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = graph.sum %a, %b, %c : tensor<2x4xf32>, tensor<4xf32>, tensor<f32> -> tensor<2x4xf32>
  %1 = graph.mean %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Integer Pow multiplies by squaring, one step per exponent bit (math.ipowi
// has no LLVM lowering); a negative exponent gives 0 unless |base| is 1.
// CHECK-LABEL: func.func @int_pow
// CHECK: ^bb0(%[[B:.*]]: i32, %[[E:.*]]: i8, %{{.*}}: i32):
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[BIT0:.*]] = arith.andi %[[E]], %{{.*}} : i8
// CHECK: %[[SET0:.*]] = arith.cmpi ne, %[[BIT0]], %{{.*}} : i8
// CHECK: %[[M0:.*]] = arith.muli %[[ONE]], %[[B]] : i32
// CHECK: arith.select %[[SET0]], %[[M0]], %[[ONE]] : i32
// CHECK: %[[SQ:.*]] = arith.muli %[[B]], %[[B]] : i32
// CHECK: arith.shrui %[[E]], %{{.*}} : i8
// CHECK-COUNT-6: arith.shrui
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[E]], %{{.*}} : i8
// CHECK: math.absi %[[B]]
// CHECK: arith.select %[[NEG]]
// CHECK-NOT: math.ipowi
func.func @int_pow(%b: tensor<4xi32>, %e: tensor<4xi8>) -> tensor<4xi32> {
  %0 = graph.pow %b, %e : tensor<4xi32>, tensor<4xi8> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @uint_pow
// CHECK-COUNT-7: arith.shrui
// CHECK-NOT: arith.cmpi slt
func.func @uint_pow(%b: tensor<4xui8>, %e: tensor<4xui8>) -> tensor<4xui8> {
  %0 = graph.pow %b, %e : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
