// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s
// RUN: weft-opt -graph-infer-shapes %s | FileCheck %s --check-prefix=INFER

// Round trip of the ops of GraphMathOps.td, and their result types through
// graph-infer-shapes (which refines every declared `tensor<*x...>` result).

// CHECK-LABEL: func @unary_math
// INFER-LABEL: func @unary_math
func.func @unary_math(%x: tensor<2x?xf32>, %h: tensor<4xf16>, %i: tensor<4xi32>) {
  // CHECK: graph.reciprocal %{{.*}} : tensor<2x?xf32> -> tensor<*xf32>
  // INFER: graph.reciprocal {{.*}} -> tensor<2x?xf32>
  %0 = graph.reciprocal %x : tensor<2x?xf32> -> tensor<*xf32>
  // CHECK: graph.ceil
  %1 = graph.ceil %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.floor
  %2 = graph.floor %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.round
  %3 = graph.round %h : tensor<4xf16> -> tensor<4xf16>
  // CHECK: graph.sin
  %4 = graph.sin %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.cos
  %5 = graph.cos %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.tan
  %6 = graph.tan %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.asin
  %7 = graph.asin %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.acos
  %8 = graph.acos %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.atan
  %9 = graph.atan %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.sinh
  %10 = graph.sinh %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.cosh
  %11 = graph.cosh %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.asinh
  %12 = graph.asinh %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.acosh
  %13 = graph.acosh %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.atanh
  %14 = graph.atanh %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.softplus
  %15 = graph.softplus %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.softsign
  %16 = graph.softsign %x : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: graph.sign %{{.*}} : tensor<4xi32> -> tensor<*xi32>
  // INFER: graph.sign {{.*}} -> tensor<4xi32>
  %17 = graph.sign %i : tensor<4xi32> -> tensor<*xi32>
  return
}

// CHECK-LABEL: func @classify_and_activations
// INFER-LABEL: func @classify_and_activations
func.func @classify_and_activations(%x: tensor<1x3x4xf32>, %s: tensor<3x1xf32>, %u: tensor<*xf64>) {
  // CHECK: graph.is_nan %{{.*}} : tensor<1x3x4xf32> -> tensor<*xi1>
  // INFER: graph.is_nan {{.*}} -> tensor<1x3x4xi1>
  %0 = graph.is_nan %x : tensor<1x3x4xf32> -> tensor<*xi1>
  // CHECK: graph.is_inf %{{.*}} {detect_negative = 0 : i64} : tensor<*xf64> -> tensor<*xi1>
  // INFER: graph.is_inf {{.*}} -> tensor<*xi1>
  %1 = graph.is_inf %u {detect_negative = 0 : i64} : tensor<*xf64> -> tensor<*xi1>
  // CHECK: graph.elu %{{.*}} {alpha = 2.000000e+00 : f32}
  %2 = graph.elu %x {alpha = 2.0 : f32} : tensor<1x3x4xf32> -> tensor<1x3x4xf32>
  // CHECK: graph.selu %{{.*}} {alpha = 2.000000e+00 : f32, gamma = 3.000000e+00 : f32}
  %3 = graph.selu %x {alpha = 2.0 : f32, gamma = 3.0 : f32} : tensor<1x3x4xf32> -> tensor<1x3x4xf32>
  // CHECK: graph.thresholded_relu %{{.*}} : tensor<1x3x4xf32> -> tensor<*xf32>
  // INFER: graph.thresholded_relu {{.*}} -> tensor<1x3x4xf32>
  %4 = graph.thresholded_relu %x : tensor<1x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.shrink %{{.*}} {bias = 1.500000e+00 : f32, lambd = 1.500000e+00 : f32}
  %5 = graph.shrink %x {bias = 1.5 : f32, lambd = 1.5 : f32} : tensor<1x3x4xf32> -> tensor<1x3x4xf32>
  // CHECK: graph.prelu %{{.*}}, %{{.*}} : tensor<1x3x4xf32>, tensor<3x1xf32> -> tensor<*xf32>
  // INFER: graph.prelu {{.*}} -> tensor<1x3x4xf32>
  %6 = graph.prelu %x, %s : tensor<1x3x4xf32>, tensor<3x1xf32> -> tensor<*xf32>
  return
}

// CHECK-LABEL: func @binary
// INFER-LABEL: func @binary
func.func @binary(%a: tensor<2x1x4xi32>, %b: tensor<3x1xi32>, %p: tensor<?x4xi1>, %q: tensor<3x1xi1>,
                  %u: tensor<3xui8>, %v: tensor<ui8>, %f: tensor<4xf32>) {
  // CHECK: graph.mod %{{.*}}, %{{.*}} : tensor<2x1x4xi32>, tensor<3x1xi32> -> tensor<*xi32>
  // INFER: graph.mod {{.*}} -> tensor<2x3x4xi32>
  %0 = graph.mod %a, %b : tensor<2x1x4xi32>, tensor<3x1xi32> -> tensor<*xi32>
  // CHECK: graph.mod %{{.*}}, %{{.*}} {fmod = 1 : i64}
  %1 = graph.mod %f, %f {fmod = 1 : i64} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: graph.and
  // INFER: graph.and {{.*}} -> tensor<3x4xi1>
  %2 = graph.and %p, %q : tensor<?x4xi1>, tensor<3x1xi1> -> tensor<*xi1>
  // CHECK: graph.or
  // INFER: graph.or {{.*}} -> tensor<3x4xi1>
  %3 = graph.or %p, %q : tensor<?x4xi1>, tensor<3x1xi1> -> tensor<*xi1>
  // CHECK: graph.xor
  // INFER: graph.xor {{.*}} -> tensor<?x4xi1>
  %4 = graph.xor %p, %p : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<*xi1>
  // CHECK: graph.bit_shift %{{.*}}, %{{.*}} {direction = "RIGHT"} : tensor<3xui8>, tensor<ui8> -> tensor<*xui8>
  // INFER: graph.bit_shift {{.*}} -> tensor<3xui8>
  %5 = graph.bit_shift %u, %v {direction = "RIGHT"} : tensor<3xui8>, tensor<ui8> -> tensor<*xui8>
  // CHECK: graph.less_or_equal
  // INFER: graph.less_or_equal {{.*}} -> tensor<2x3x4xi1>
  %6 = graph.less_or_equal %a, %b : tensor<2x1x4xi32>, tensor<3x1xi32> -> tensor<*xi1>
  return
}

// CHECK-LABEL: func @variadic
// INFER-LABEL: func @variadic
func.func @variadic(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %c: tensor<f32>) {
  // CHECK: graph.sum %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x1x4xf32>, tensor<3x1xf32>, tensor<f32> -> tensor<*xf32>
  // INFER: graph.sum {{.*}} -> tensor<2x3x4xf32>
  %0 = graph.sum %a, %b, %c : tensor<2x1x4xf32>, tensor<3x1xf32>, tensor<f32> -> tensor<*xf32>
  // CHECK: graph.mean %{{.*}} : tensor<3x1xf32> -> tensor<*xf32>
  // INFER: graph.mean {{.*}} -> tensor<3x1xf32>
  %1 = graph.mean %b : tensor<3x1xf32> -> tensor<*xf32>
  return
}
