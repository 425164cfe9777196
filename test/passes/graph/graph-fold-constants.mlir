// RUN: weft-opt %s -split-input-file -graph-fold-constants | FileCheck %s

// Gather of a static dim of a partly dynamic shape folds.
// CHECK-LABEL: func.func @gather_static_dim
// CHECK: %[[C:.*]] = graph.constant dense<3> : tensor<i64>
// CHECK-NOT: graph.shape
// CHECK: return %[[C]]
func.func @gather_static_dim(%x: tensor<?x3x?xf32>) -> tensor<i64> {
  %s = graph.shape %x : tensor<?x3x?xf32> -> tensor<3xi64>
  %i = graph.constant dense<1> : tensor<i64>
  %d = graph.gather %s, %i {axis = 0 : i64} : tensor<3xi64>, tensor<i64> -> tensor<i64>
  return %d : tensor<i64>
}

// -----

// Negative indices count from the end.
// CHECK-LABEL: func.func @gather_negative_index
// CHECK: graph.constant dense<[7, 3]> : tensor<2xi64>
func.func @gather_negative_index(%x: tensor<?x3x7xf32>) -> tensor<2xi64> {
  %s = graph.shape %x : tensor<?x3x7xf32> -> tensor<3xi64>
  %i = graph.constant dense<[-1, 1]> : tensor<2xi64>
  %d = graph.gather %s, %i {axis = 0 : i64} : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  return %d : tensor<2xi64>
}

// -----

// Selecting a dynamic dim must not fold.
// CHECK-LABEL: func.func @negative_gather_dynamic_dim
// CHECK: graph.shape
// CHECK: graph.gather
func.func @negative_gather_dynamic_dim(%x: tensor<?x3x?xf32>) -> tensor<i64> {
  %s = graph.shape %x : tensor<?x3x?xf32> -> tensor<3xi64>
  %i = graph.constant dense<2> : tensor<i64>
  %d = graph.gather %s, %i {axis = 0 : i64} : tensor<3xi64>, tensor<i64> -> tensor<i64>
  return %d : tensor<i64>
}

// -----

// A slice of the static dims of a shape folds, with negative bounds and steps.
// CHECK-LABEL: func.func @slice_static_dims
// CHECK-DAG: graph.constant dense<[3, 8]> : tensor<2xi64>
// CHECK-DAG: graph.constant dense<[8, 3]> : tensor<2xi64>
// CHECK-NOT: graph.slice
func.func @slice_static_dims(%x: tensor<?x3x8x?xf32>) -> (tensor<2xi64>, tensor<2xi64>) {
  %s = graph.shape %x : tensor<?x3x8x?xf32> -> tensor<4xi64>
  %b = graph.constant dense<1> : tensor<1xi64>
  %e = graph.constant dense<-1> : tensor<1xi64>
  %a = graph.constant dense<0> : tensor<1xi64>
  %0 = graph.slice %s starts(%b : tensor<1xi64>) ends(%e : tensor<1xi64>) axes(%a : tensor<1xi64>) : tensor<4xi64> -> tensor<2xi64>
  %rb = graph.constant dense<2> : tensor<1xi64>
  %re = graph.constant dense<0> : tensor<1xi64>
  %st = graph.constant dense<-1> : tensor<1xi64>
  %1 = graph.slice %s starts(%rb : tensor<1xi64>) ends(%re : tensor<1xi64>) axes(%a : tensor<1xi64>) steps(%st : tensor<1xi64>) : tensor<4xi64> -> tensor<2xi64>
  return %0, %1 : tensor<2xi64>, tensor<2xi64>
}

// -----

// A slice that reaches a dynamic dim does not fold.
// CHECK-LABEL: func.func @negative_slice_dynamic_dim
// CHECK: graph.slice
func.func @negative_slice_dynamic_dim(%x: tensor<?x3x8x?xf32>) -> tensor<2xi64> {
  %s = graph.shape %x : tensor<?x3x8x?xf32> -> tensor<4xi64>
  %b = graph.constant dense<2> : tensor<1xi64>
  %e = graph.constant dense<9223372036854775807> : tensor<1xi64>
  %0 = graph.slice %s starts(%b : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<4xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// The PaddleOCR chain: Shape, Cast to i32, Slice, Cast back to i64, Concat
// with constants; the result is a constant even though the batch dim is
// dynamic.
// CHECK-LABEL: func.func @paddle_shape_chain
// CHECK: %[[S:.*]] = graph.constant dense<[0, 40, 3, 8, 15]> : tensor<5xi64>
// CHECK: graph.reshape %{{.*}}, %[[S]]
func.func @paddle_shape_chain(%x: tensor<?x40x360xf32>) -> tensor<?x40x3x8x15xf32> {
  %s = graph.shape %x : tensor<?x40x360xf32> -> tensor<3xi64>
  %s32 = graph.cast %s {to = i32} : tensor<3xi64> -> tensor<3xi32>
  %b = graph.constant dense<1> : tensor<1xi64>
  %e = graph.constant dense<2> : tensor<1xi64>
  %a = graph.constant dense<0> : tensor<1xi64>
  %d = graph.slice %s32 starts(%b : tensor<1xi64>) ends(%e : tensor<1xi64>) axes(%a : tensor<1xi64>) : tensor<3xi32> -> tensor<1xi32>
  %d64 = graph.cast %d {to = i64} : tensor<1xi32> -> tensor<1xi64>
  %c0 = graph.constant dense<0> : tensor<1xi32>
  %c0_64 = graph.cast %c0 {to = i64} : tensor<1xi32> -> tensor<1xi64>
  %rest = graph.constant dense<[3, 8, 15]> : tensor<3xi64>
  %shape = graph.concat %c0_64, %d64, %rest {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64>, tensor<3xi64> -> tensor<5xi64>
  %y = graph.reshape %x, %shape : tensor<?x40x360xf32>, tensor<5xi64> -> tensor<?x40x3x8x15xf32>
  return %y : tensor<?x40x3x8x15xf32>
}

// -----

// Unsqueeze/Squeeze of gathered dims keep their values.
// CHECK-LABEL: func.func @unsqueeze_squeeze
// CHECK-DAG: graph.constant dense<5> : tensor<1xi64>
// CHECK-DAG: graph.constant dense<5> : tensor<i64>
// CHECK-NOT: graph.unsqueeze
// CHECK-NOT: graph.squeeze
func.func @unsqueeze_squeeze(%x: tensor<?x5xf32>) -> (tensor<1xi64>, tensor<i64>) {
  %s = graph.shape %x : tensor<?x5xf32> -> tensor<2xi64>
  %i = graph.constant dense<1> : tensor<i64>
  %d = graph.gather %s, %i {axis = 0 : i64} : tensor<2xi64>, tensor<i64> -> tensor<i64>
  %u = graph.unsqueeze %d {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %q = graph.squeeze %u {axes = array<i64: 0>} : tensor<1xi64> -> tensor<i64>
  return %u, %q : tensor<1xi64>, tensor<i64>
}

// -----

// Reshape(x, Concat(Shape(x)[0:2], [-1])): the copied dims become 0, so the
// shape is constant although both copied dims are dynamic.
// CHECK-LABEL: func.func @reshape_copies_dims
// CHECK: %[[S:.*]] = graph.constant dense<[0, 0, -1]> : tensor<3xi64>
// CHECK: graph.reshape %{{.*}}, %[[S]]
// CHECK-NOT: graph.concat
func.func @reshape_copies_dims(%x: tensor<?x?x4x5xf32>) -> tensor<?x?x20xf32> {
  %s = graph.shape %x : tensor<?x?x4x5xf32> -> tensor<4xi64>
  %b = graph.constant dense<0> : tensor<1xi64>
  %e = graph.constant dense<2> : tensor<1xi64>
  %head = graph.slice %s starts(%b : tensor<1xi64>) ends(%e : tensor<1xi64>) : tensor<4xi64> -> tensor<2xi64>
  %m1 = graph.constant dense<-1> : tensor<1xi64>
  %shape = graph.concat %head, %m1 {axis = 0 : i64} : tensor<2xi64>, tensor<1xi64> -> tensor<3xi64>
  %y = graph.reshape %x, %shape : tensor<?x?x4x5xf32>, tensor<3xi64> -> tensor<?x?x20xf32>
  return %y : tensor<?x?x20xf32>
}

// -----

// One unknown element (a dim of another tensor) becomes -1 when no -1 is
// present: the element count determines it.
// CHECK-LABEL: func.func @reshape_one_unknown
// CHECK: %[[S:.*]] = graph.constant dense<[-1, 20]> : tensor<2xi64>
// CHECK: graph.reshape %{{.*}}, %[[S]]
func.func @reshape_one_unknown(%x: tensor<?x4x5xf32>, %z: tensor<?xf32>) -> tensor<?x20xf32> {
  %s = graph.shape %z : tensor<?xf32> -> tensor<1xi64>
  %c = graph.constant dense<20> : tensor<1xi64>
  %shape = graph.concat %s, %c {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %y = graph.reshape %x, %shape : tensor<?x4x5xf32>, tensor<2xi64> -> tensor<?x20xf32>
  return %y : tensor<?x20xf32>
}

// -----

// With a -1 already present, an unknown element cannot be resolved; with
// allowzero a copied dim cannot be written 0.
// CHECK-LABEL: func.func @negative_reshape_unresolved
// CHECK: %[[S1:.*]] = graph.concat
// CHECK: graph.reshape %{{.*}}, %[[S1]]
// CHECK: %[[S2:.*]] = graph.concat
// CHECK: graph.reshape %{{.*}}, %[[S2]] {allowzero = 1 : i64}
func.func @negative_reshape_unresolved(%x: tensor<?x4x5xf32>, %z: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x20xf32>) {
  %s = graph.shape %z : tensor<?xf32> -> tensor<1xi64>
  %c = graph.constant dense<-1> : tensor<1xi64>
  %shape = graph.concat %s, %c {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %y = graph.reshape %x, %shape : tensor<?x4x5xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %sx = graph.shape %x {end = 1 : i64} : tensor<?x4x5xf32> -> tensor<1xi64>
  %c20 = graph.constant dense<20> : tensor<1xi64>
  %shape2 = graph.concat %sx, %c20 {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %y2 = graph.reshape %x, %shape2 {allowzero = 1 : i64} : tensor<?x4x5xf32>, tensor<2xi64> -> tensor<?x20xf32>
  return %y, %y2 : tensor<?x?xf32>, tensor<?x20xf32>
}

// -----

// Size of a static tensor, and integer arithmetic on known dims.
// CHECK-LABEL: func.func @size_and_arithmetic
// CHECK-DAG: graph.constant dense<24> : tensor<i64>
// CHECK-DAG: graph.constant dense<[4, 1]> : tensor<2xi64>
// CHECK-NOT: graph.size
// CHECK-NOT: graph.div
func.func @size_and_arithmetic(%x: tensor<2x3x4xf32>, %y: tensor<?x8x2xf32>) -> (tensor<i64>, tensor<2xi64>) {
  %n = graph.size %x : tensor<2x3x4xf32> -> tensor<i64>
  %s = graph.shape %y {start = 1 : i64} : tensor<?x8x2xf32> -> tensor<2xi64>
  %two = graph.constant dense<2> : tensor<i64>
  %q = graph.div %s, %two : tensor<2xi64>, tensor<i64> -> tensor<2xi64>
  return %n, %q : tensor<i64>, tensor<2xi64>
}

// -----

// Equal and Not on known values decide a graph.if: the taken branch is
// inlined (Silero VAD picks its 16 kHz or 8 kHz branch this way).
// CHECK-LABEL: func.func @inline_constant_if
// CHECK-NOT: graph.if
// CHECK: %[[R:.*]] = graph.exp %{{.*}}
// CHECK-NOT: graph.tanh
// CHECK: return %[[R]]
func.func @inline_constant_if(%x: tensor<4xf32>) -> tensor<4xf32> {
  %sr = graph.constant dense<16000> : tensor<i64>
  %k = graph.constant dense<8000> : tensor<i64>
  %eq = graph.equal %sr, %k : tensor<i64>, tensor<i64> -> tensor<i1>
  %c = graph.not %eq : tensor<i1> -> tensor<i1>
  %r = graph.if %c : tensor<i1> -> tensor<4xf32> {
    %0 = graph.exp %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %0 : tensor<4xf32>
  } else {
    %1 = graph.tanh %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A condition that depends on an input keeps the graph.if.
// CHECK-LABEL: func.func @negative_if_input_condition
// CHECK: graph.if
func.func @negative_if_input_condition(%x: tensor<4xf32>, %sr: tensor<i64>) -> tensor<4xf32> {
  %k = graph.constant dense<8000> : tensor<i64>
  %c = graph.equal %sr, %k : tensor<i64>, tensor<i64> -> tensor<i1>
  %r = graph.if %c : tensor<i1> -> tensor<4xf32> {
    graph.yield %x : tensor<4xf32>
  } else {
    %1 = graph.tanh %x : tensor<4xf32> -> tensor<4xf32>
    graph.yield %1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// ConstantOfShape and Expand with shapes that resolve become constants.
// CHECK-LABEL: func.func @constant_of_shape_and_expand
// CHECK-DAG: graph.constant dense<0.000000e+00> : tensor<2x64xf32>
// CHECK-DAG: graph.constant dense<{{\[}}[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi64>
// CHECK-NOT: graph.constant_of_shape
// CHECK-NOT: graph.expand
func.func @constant_of_shape_and_expand(%x: tensor<?x2x64xf32>) -> (tensor<?x?xf32>, tensor<?x?xi64>) {
  %s = graph.shape %x {start = 1 : i64} : tensor<?x2x64xf32> -> tensor<2xi64>
  %z = graph.constant_of_shape %s : tensor<2xi64> -> tensor<?x?xf32>
  %v = graph.constant dense<[1, 2, 3]> : tensor<3xi64>
  %t = graph.constant dense<[2, 1]> : tensor<2xi64>
  %e = graph.expand %v, %t : tensor<3xi64>, tensor<2xi64> -> tensor<?x?xi64>
  return %z, %e : tensor<?x?xf32>, tensor<?x?xi64>
}

// -----

// The function type follows values that became more precise.
// CHECK-LABEL: func.func @updates_signature
// CHECK-SAME: -> tensor<2xi64>
func.func @updates_signature(%x: tensor<?x5x6xf32>) -> tensor<?xi64> {
  %s = graph.shape %x {start = 1 : i64} : tensor<?x5x6xf32> -> tensor<?xi64>
  return %s : tensor<?xi64>
}
