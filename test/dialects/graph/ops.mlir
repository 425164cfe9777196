// RUN: weft-opt %s | FileCheck %s
// RUN: weft-opt %s | weft-opt | FileCheck %s
// RUN: weft-opt -mlir-print-op-generic %s | weft-opt | FileCheck %s

// Round trip of every graph op, with optional operands present and absent and
// static, dynamic and unranked types.

// CHECK-LABEL: func @constants
func.func @constants(%s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xi64>) {
  // CHECK: graph.constant dense<1.000000e+00> : tensor<2x3xf32>
  %c = graph.constant dense<1.0> : tensor<2x3xf32>
  // CHECK: graph.constant_of_shape %{{.*}} : tensor<2xi64> -> tensor<?x?xf32>
  %z = graph.constant_of_shape %s : tensor<2xi64> -> tensor<?x?xf32>
  // CHECK: graph.constant_of_shape %{{.*}} {value = dense<7> : tensor<1xi64>} : tensor<2xi64> -> tensor<*xi64>
  %o = graph.constant_of_shape %s {value = dense<7> : tensor<1xi64>} : tensor<2xi64> -> tensor<*xi64>
  return %c, %z, %o : tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xi64>
}

// CHECK-LABEL: func @unary
func.func @unary(%x: tensor<1x8xf32>, %b: tensor<4xi1>, %u: tensor<*xf32>) {
  // CHECK: graph.relu %{{.*}} : tensor<1x8xf32> -> tensor<1x8xf32>
  %0 = graph.relu %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.sigmoid
  %1 = graph.sigmoid %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.tanh
  %2 = graph.tanh %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.exp
  %3 = graph.exp %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.log
  %4 = graph.log %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.sqrt
  %5 = graph.sqrt %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.neg
  %6 = graph.neg %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.abs
  %7 = graph.abs %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.erf
  %8 = graph.erf %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.hard_swish
  %9 = graph.hard_swish %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.not %{{.*}} : tensor<4xi1> -> tensor<4xi1>
  %10 = graph.not %b : tensor<4xi1> -> tensor<4xi1>
  // CHECK: graph.identity %{{.*}} : tensor<*xf32> -> tensor<*xf32>
  %11 = graph.identity %u : tensor<*xf32> -> tensor<*xf32>
  // CHECK: graph.leaky_relu %{{.*}} {alpha = 1.000000e-01 : f32}
  %12 = graph.leaky_relu %x {alpha = 0.1 : f32} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.hard_sigmoid %{{.*}} {alpha = 3.000000e-01 : f32, beta = 6.000000e-01 : f32}
  %13 = graph.hard_sigmoid %x {alpha = 0.3 : f32, beta = 0.6 : f32} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.dropout %{{.*}} : tensor<1x8xf32> -> tensor<1x8xf32>
  %14 = graph.dropout %x : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.softmax %{{.*}} {axis = 0 : i64}
  %15 = graph.softmax %x {axis = 0 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: graph.cast %{{.*}} {to = i64} : tensor<1x8xf32> -> tensor<1x8xi64>
  %16 = graph.cast %x {to = i64} : tensor<1x8xf32> -> tensor<1x8xi64>
  return
}

// CHECK-LABEL: func @clip
func.func @clip(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  // CHECK: graph.clip %{{.*}} min(%{{.*}} : tensor<f32>) max(%{{.*}} : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  %0 = graph.clip %x min(%lo : tensor<f32>) max(%hi : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  // CHECK: graph.clip %{{.*}} max(%{{.*}} : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.clip %x max(%hi : tensor<f32>) : tensor<4xf32> -> tensor<4xf32>
  // CHECK: graph.clip %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.clip %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// CHECK-LABEL: func @binary
func.func @binary(%a: tensor<?x8xf32>, %b: tensor<8xf32>, %i: tensor<8xi64>) {
  // CHECK: graph.add %{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %0 = graph.add %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: graph.sub
  %1 = graph.sub %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: graph.mul
  %2 = graph.mul %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: graph.div
  %3 = graph.div %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: graph.pow %{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<8xi64> -> tensor<?x8xf32>
  %4 = graph.pow %a, %i : tensor<?x8xf32>, tensor<8xi64> -> tensor<?x8xf32>
  // CHECK: graph.equal %{{.*}} -> tensor<?x8xi1>
  %5 = graph.equal %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xi1>
  // CHECK: graph.greater
  %6 = graph.greater %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xi1>
  // CHECK: graph.greater_or_equal
  %7 = graph.greater_or_equal %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xi1>
  // CHECK: graph.less
  %8 = graph.less %a, %b : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xi1>
  // CHECK: graph.max %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %9 = graph.max %a, %b, %b : tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: graph.min %{{.*}} : tensor<8xf32> -> tensor<8xf32>
  %10 = graph.min %b : tensor<8xf32> -> tensor<8xf32>
  // CHECK: graph.where %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8xi1>, tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %11 = graph.where %5, %a, %b : tensor<?x8xi1>, tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  return
}

// CHECK-LABEL: func @linalg
func.func @linalg(%x: tensor<1x3x224x224xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>,
                  %a2: tensor<1x96xf32>, %b2: tensor<64x96xf32>, %c2: tensor<64xf32>,
                  %m: tensor<2x8x16xf32>, %n: tensor<16x4xf32>,
                  %t: tensor<1x8x16x16xf32>, %tw: tensor<8x4x2x2xf32>,
                  %bs: tensor<8xf32>) {
  // CHECK: graph.conv %{{.*}}, %{{.*}}, %{{.*}} {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<16x3x3x3xf32>, tensor<16xf32> -> tensor<1x16x112x112xf32>
  %0 = graph.conv %x, %w, %b {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>}
         : tensor<1x3x224x224xf32>, tensor<16x3x3x3xf32>, tensor<16xf32> -> tensor<1x16x112x112xf32>
  // CHECK: graph.conv %{{.*}}, %{{.*}} {auto_pad = "SAME_UPPER"} : tensor<1x3x224x224xf32>, tensor<16x3x3x3xf32> -> tensor<1x16x224x224xf32>
  %1 = graph.conv %x, %w {auto_pad = "SAME_UPPER"}
         : tensor<1x3x224x224xf32>, tensor<16x3x3x3xf32> -> tensor<1x16x224x224xf32>
  // CHECK: graph.conv_transpose %{{.*}}, %{{.*}} {strides = array<i64: 2, 2>} : tensor<1x8x16x16xf32>, tensor<8x4x2x2xf32> -> tensor<1x4x32x32xf32>
  %2 = graph.conv_transpose %t, %tw {strides = array<i64: 2, 2>}
         : tensor<1x8x16x16xf32>, tensor<8x4x2x2xf32> -> tensor<1x4x32x32xf32>
  // CHECK: graph.gemm %{{.*}}, %{{.*}}, %{{.*}} {transB = 1 : i64} : tensor<1x96xf32>, tensor<64x96xf32>, tensor<64xf32> -> tensor<1x64xf32>
  %3 = graph.gemm %a2, %b2, %c2 {transB = 1 : i64}
         : tensor<1x96xf32>, tensor<64x96xf32>, tensor<64xf32> -> tensor<1x64xf32>
  // CHECK: graph.gemm %{{.*}}, %{{.*}} {transB = 1 : i64} : tensor<1x96xf32>, tensor<64x96xf32> -> tensor<1x64xf32>
  %4 = graph.gemm %a2, %b2 {transB = 1 : i64} : tensor<1x96xf32>, tensor<64x96xf32> -> tensor<1x64xf32>
  // CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<2x8x16xf32>, tensor<16x4xf32> -> tensor<2x8x4xf32>
  %5 = graph.matmul %m, %n : tensor<2x8x16xf32>, tensor<16x4xf32> -> tensor<2x8x4xf32>
  // CHECK: graph.batch_normalization %{{.*}} {epsilon = 1.000000e-03 : f32}
  %6 = graph.batch_normalization %t, %bs, %bs, %bs, %bs {epsilon = 1.0e-03 : f32}
         : tensor<1x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x8x16x16xf32>
  return
}

// CHECK-LABEL: func @pooling
func.func @pooling(%x: tensor<1x8x32x32xf32>, %d: tensor<?x8x?x?xf32>) {
  // CHECK: graph.max_pool %{{.*}} {ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
  %0 = graph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = 1 : i64}
         : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
  // CHECK: graph.average_pool %{{.*}} {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %1 = graph.average_pool %d {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>}
         : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  // CHECK: graph.global_average_pool %{{.*}} : tensor<1x8x32x32xf32> -> tensor<1x8x1x1xf32>
  %2 = graph.global_average_pool %x : tensor<1x8x32x32xf32> -> tensor<1x8x1x1xf32>
  // CHECK: graph.reduce_mean %{{.*}} {axes = array<i64: -1>} : tensor<1x8x32x32xf32> -> tensor<1x8x32x1xf32>
  %3 = graph.reduce_mean %x {axes = array<i64: -1>, keepdims = 1 : i64} : tensor<1x8x32x32xf32> -> tensor<1x8x32x1xf32>
  // CHECK: graph.reduce_max %{{.*}} {keepdims = 0 : i64} : tensor<1x8x32x32xf32> -> tensor<f32>
  %4 = graph.reduce_max %x {keepdims = 0 : i64} : tensor<1x8x32x32xf32> -> tensor<f32>
  // CHECK: graph.reduce_sum %{{.*}} {noop_with_empty_axes = 1 : i64} : tensor<1x8x32x32xf32> -> tensor<1x8x32x32xf32>
  %5 = graph.reduce_sum %x {noop_with_empty_axes = 1 : i64} : tensor<1x8x32x32xf32> -> tensor<1x8x32x32xf32>
  return
}

// CHECK-LABEL: func @shapes
func.func @shapes(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>, %i: tensor<i64>, %v: tensor<4xi64>,
                  %p: tensor<6xi64>, %pv: tensor<f32>, %sc: tensor<3xf32>, %sz: tensor<3xi64>,
                  %ax: tensor<1xi64>, %u: tensor<*xf32>) {
  // CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // CHECK: graph.flatten %{{.*}} {axis = 2 : i64} : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %1 = graph.flatten %x {axis = 2 : i64} : tensor<2x3x4xf32> -> tensor<6x4xf32>
  // CHECK: graph.transpose %{{.*}} {perm = array<i64: 0, 2, 1>} : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %2 = graph.transpose %x {perm = array<i64: 0, 2, 1>} : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  // CHECK: graph.transpose %{{.*}} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  %3 = graph.transpose %x : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  // CHECK: graph.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<2x3x4xf32>, tensor<2x3x4xf32> -> tensor<2x6x4xf32>
  %4 = graph.concat %x, %x {axis = 1 : i64} : tensor<2x3x4xf32>, tensor<2x3x4xf32> -> tensor<2x6x4xf32>
  // CHECK: graph.split %{{.*}} {axis = 2 : i64, split = array<i64: 1, 3>} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>, tensor<2x3x3xf32>
  %5:2 = graph.split %x {axis = 2 : i64, split = array<i64: 1, 3>} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>, tensor<2x3x3xf32>
  // CHECK: graph.split %{{.*}} {axis = 2 : i64, num_outputs = 2 : i64} : tensor<2x3x4xf32> -> tensor<2x3x2xf32>, tensor<2x3x2xf32>
  %6:2 = graph.split %x {axis = 2 : i64, num_outputs = 2 : i64} : tensor<2x3x4xf32> -> tensor<2x3x2xf32>, tensor<2x3x2xf32>
  // CHECK: graph.slice %{{.*}} starts(%{{.*}} : tensor<1xi64>) ends(%{{.*}} : tensor<1xi64>) axes(%{{.*}} : tensor<1xi64>) steps(%{{.*}} : tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<2x3x?xf32>
  %7 = graph.slice %x starts(%ax : tensor<1xi64>) ends(%ax : tensor<1xi64>) axes(%ax : tensor<1xi64>) steps(%ax : tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<2x3x?xf32>
  // CHECK: graph.slice %{{.*}} starts(%{{.*}} : tensor<1xi64>) ends(%{{.*}} : tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<?x3x4xf32>
  %8 = graph.slice %x starts(%ax : tensor<1xi64>) ends(%ax : tensor<1xi64>) : tensor<2x3x4xf32> -> tensor<?x3x4xf32>
  // CHECK: graph.gather %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %9 = graph.gather %v, %i {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  // CHECK: graph.unsqueeze %{{.*}} {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<1x2x3x4xf32>
  %10 = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<1x2x3x4xf32>
  // CHECK: graph.squeeze %{{.*}} {axes = array<i64: 0>} : tensor<1x2x3x4xf32> -> tensor<2x3x4xf32>
  %11 = graph.squeeze %10 {axes = array<i64: 0>} : tensor<1x2x3x4xf32> -> tensor<2x3x4xf32>
  // CHECK: graph.squeeze %{{.*}} : tensor<*xf32> -> tensor<*xf32>
  %u2 = graph.squeeze %u : tensor<*xf32> -> tensor<*xf32>
  // CHECK: graph.shape %{{.*}} : tensor<2x3x4xf32> -> tensor<3xi64>
  %12 = graph.shape %x : tensor<2x3x4xf32> -> tensor<3xi64>
  // CHECK: graph.shape %{{.*}} {end = -1 : i64, start = 1 : i64} : tensor<*xf32> -> tensor<?xi64>
  %13 = graph.shape %u {start = 1 : i64, end = -1 : i64} : tensor<*xf32> -> tensor<?xi64>
  // CHECK: graph.size %{{.*}} : tensor<2x3x4xf32> -> tensor<i64>
  %14 = graph.size %x : tensor<2x3x4xf32> -> tensor<i64>
  // CHECK: graph.expand %{{.*}}, %{{.*}} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<2x3x4xf32>
  %15 = graph.expand %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<2x3x4xf32>
  // CHECK: graph.pad %{{.*}} pads(%{{.*}} : tensor<6xi64>) value(%{{.*}} : tensor<f32>) : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  %16 = graph.pad %x pads(%p : tensor<6xi64>) value(%pv : tensor<f32>) {mode = "constant"} : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  // CHECK: graph.pad %{{.*}} pads(%{{.*}} : tensor<2xi64>) axes(%{{.*}} : tensor<1xi64>) {mode = "reflect"} : tensor<2x3x4xf32> -> tensor<2x3x?xf32>
  %17 = graph.pad %x pads(%s : tensor<2xi64>) axes(%ax : tensor<1xi64>) {mode = "reflect"} : tensor<2x3x4xf32> -> tensor<2x3x?xf32>
  // CHECK: graph.resize %{{.*}} scales(%{{.*}} : tensor<3xf32>) : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  %18 = graph.resize %x scales(%sc : tensor<3xf32>) {mode = "nearest"} : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  // CHECK: graph.resize %{{.*}} roi(%{{.*}} : tensor<3xf32>) sizes(%{{.*}} : tensor<3xi64>) {mode = "linear"} : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  %19 = graph.resize %x roi(%sc : tensor<3xf32>) sizes(%sz : tensor<3xi64>) {mode = "linear"} : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  return
}

// CHECK-LABEL: func @control_flow
func.func @control_flow(%c: tensor<i1>, %a: tensor<f32>, %b: tensor<f32>, %n: tensor<i64>) {
  // CHECK: graph.if %{{.*}} : tensor<i1> -> tensor<f32> {
  // CHECK:   graph.yield %{{.*}} : tensor<f32>
  // CHECK: } else {
  %0 = graph.if %c : tensor<i1> -> tensor<f32> {
    graph.yield %a : tensor<f32>
  } else {
    graph.yield %b : tensor<f32>
  }
  // A one-element cond of any rank is accepted (exporters emit 1x1).
  // CHECK: graph.if %{{.*}} : tensor<1x1xi1> -> tensor<f32>
  %c11 = graph.constant dense<true> : tensor<1x1xi1>
  %00 = graph.if %c11 : tensor<1x1xi1> -> tensor<f32> {
    graph.yield %a : tensor<f32>
  } else {
    graph.yield %b : tensor<f32>
  }
  // CHECK: graph.if %{{.*}} : tensor<i1> {
  graph.if %c : tensor<i1> {
    graph.yield
  } else {
    graph.yield
  }
  // CHECK: graph.loop max(%{{.*}} : tensor<i64>) cond(%{{.*}} : tensor<i1>) carried(%{{.*}} : tensor<f32>) -> tensor<f32>, tensor<?xf32>
  // CHECK: ^bb0(%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<f32>):
  %1:2 = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>) carried(%a : tensor<f32>) -> tensor<f32>, tensor<?xf32> {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>):
    graph.yield %ci, %x, %x : tensor<i1>, tensor<f32>, tensor<f32>
  }
  // CHECK: graph.loop carried() {
  graph.loop carried() {
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>):
    graph.yield %ci : tensor<i1>
  }
  return
}

// CHECK-LABEL: func @recurrent
func.func @recurrent(%x: tensor<4x1x16xf32>, %w: tensor<1x256x16xf32>, %r: tensor<1x256x64xf32>,
                     %b: tensor<1x512xf32>, %h: tensor<1x1x64xf32>, %sl: tensor<1xi32>,
                     %gw: tensor<2x24x16xf32>, %gr: tensor<2x24x8xf32>, %xd: tensor<?x?x16xf32>) {
  // CHECK: graph.lstm %{{.*}}, %{{.*}}, %{{.*}} {hidden_size = 64 : i64} : tensor<4x1x16xf32>, tensor<1x256x16xf32>, tensor<1x256x64xf32> -> tensor<4x1x1x64xf32>, tensor<1x1x64xf32>, tensor<1x1x64xf32>
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 64 : i64}
    : tensor<4x1x16xf32>, tensor<1x256x16xf32>, tensor<1x256x64xf32>
    -> tensor<4x1x1x64xf32>, tensor<1x1x64xf32>, tensor<1x1x64xf32>
  // CHECK: graph.lstm %{{.*}}, %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<1x512xf32>) seq_lens(%{{.*}} : tensor<1xi32>) initial_h(%{{.*}} : tensor<1x1x64xf32>) initial_c(%{{.*}} : tensor<1x1x64xf32>) {hidden_size = 64 : i64}
  %1:3 = graph.lstm %x, %w, %r bias(%b : tensor<1x512xf32>) seq_lens(%sl : tensor<1xi32>) initial_h(%h : tensor<1x1x64xf32>) initial_c(%h : tensor<1x1x64xf32>) {hidden_size = 64 : i64}
    : tensor<4x1x16xf32>, tensor<1x256x16xf32>, tensor<1x256x64xf32>
    -> tensor<4x1x1x64xf32>, tensor<1x1x64xf32>, tensor<1x1x64xf32>
  // CHECK: graph.gru %{{.*}}, %{{.*}}, %{{.*}} {direction = "bidirectional", hidden_size = 8 : i64} : tensor<?x?x16xf32>, tensor<2x24x16xf32>, tensor<2x24x8xf32> -> tensor<?x2x?x8xf32>, tensor<2x?x8xf32>
  %2:2 = graph.gru %xd, %gw, %gr {direction = "bidirectional", hidden_size = 8 : i64}
    : tensor<?x?x16xf32>, tensor<2x24x16xf32>, tensor<2x24x8xf32> -> tensor<?x2x?x8xf32>, tensor<2x?x8xf32>
  return
}
