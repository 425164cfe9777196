// RUN: weft-opt --cpu-form-kernels --split-input-file %s | FileCheck %s

// conv + bias + relu + residual add: one kernel, named after all four nodes
// (elementwise fusion keeps the producers' locations).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x8x18x18xf32>{{.*}}, %[[R:[^:]*]]: tensor<1x16x16x16xf32>{{.*}}, %[[W:[^:]*]]: tensor<16x8x3x3xf32>
// CHECK: %[[Y:.*]] = call @kernel_0(%[[X]], %[[W]], %[[R]])
// CHECK-NOT: call
// CHECK: return %[[Y]]
// CHECK: func.func private @kernel_0
// CHECK-SAME: weft.kernel
// CHECK-SAME: weft.nodes = ["conv_0", "bias_0", "relu_0", "add_0"]
// CHECK: linalg.fill
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @main(%x: tensor<1x8x18x18xf32> {graph.name = "x"}, %res: tensor<1x16x16x16xf32> {graph.name = "r"}, %wfull: tensor<16x8x3x3xf32> {graph.name = "w"}) -> (tensor<1x16x16x16xf32> {graph.name = "y"}) {
  %b = arith.constant dense<2.0> : tensor<16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %wfull : tensor<1x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32> loc("conv_0")
  %ba = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x16x16xf32>, tensor<16xf32>) outs(%e : tensor<1x16x16x16xf32>) {
  ^bb0(%in: f32, %bb: f32, %o: f32):
    %s = arith.addf %in, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x16xf32> loc("bias_0")
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ba : tensor<1x16x16x16xf32>) outs(%e : tensor<1x16x16x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.maximumf %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x16xf32> loc("relu_0")
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r, %res : tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) outs(%e : tensor<1x16x16x16xf32>) {
  ^bb0(%in: f32, %in2: f32, %o: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x16xf32> loc("add_0")
  return %a : tensor<1x16x16x16xf32>
}

// -----

// A chain of elementwise ops is one kernel; a large constant is an argument.
#id1 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[X:.*]]: tensor<32xf32>
// CHECK: %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<32xf32>
// CHECK: %[[Y:.*]] = call @kernel_0(%[[X]], %[[C]])
// CHECK-NEXT: return %[[Y]]
// CHECK: func.func private @kernel_0(%{{.*}}: tensor<32xf32>, %{{.*}}: tensor<32xf32>) -> tensor<32xf32>
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: math.tanh
// CHECK-NOT: linalg.generic
func.func @main(%x: tensor<32xf32> {graph.name = "x"}) -> (tensor<32xf32> {graph.name = "y"}) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<32xf32>
  %e = tensor.empty() : tensor<32xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.exp %a : f32
    linalg.yield %t : f32
  } -> tensor<32xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%0, %c : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %t = arith.mulf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<32xf32>
  %2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%1 : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<32xf32>
  return %2 : tensor<32xf32>
}

// -----

// negative_shared_producer: an op with two users is not fused into either
// (it would be computed twice), so it is a kernel of its own.
#id2 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main
// CHECK: %[[S:.*]] = call @kernel_0(
// CHECK: call @kernel_1(%[[S]])
// CHECK: call @kernel_2(%[[S]])
func.func @main(%x: tensor<16xf32> {graph.name = "x"}) -> (tensor<16xf32> {graph.name = "a"}, tensor<16xf32> {graph.name = "b"}) {
  %e = tensor.empty() : tensor<16xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.exp %a : f32
    linalg.yield %t : f32
  } -> tensor<16xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]} ins(%s : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.sqrt %v : f32
    linalg.yield %t : f32
  } -> tensor<16xf32>
  %b = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]} ins(%s : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.log %v : f32
    linalg.yield %t : f32
  } -> tensor<16xf32>
  return %a, %b : tensor<16xf32>, tensor<16xf32>
}

// -----

// An output that is a model input gets a copy kernel.
// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[X:.*]]: tensor<4x4xf32>
// CHECK: %[[Y:.*]] = call @kernel_0(%[[X]])
// CHECK: return %[[Y]]
// CHECK: func.func private @kernel_0
// CHECK: linalg.copy
func.func @main(%x: tensor<4x4xf32> {graph.name = "x"}) -> (tensor<4x4xf32> {graph.name = "y"}) {
  return %x : tensor<4x4xf32>
}

// -----

// A reshape whose only user is a linalg op joins that op's kernel (where it
// is a view, not a copy); a reshape that is a model output stays a step.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#shuffle = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
// CHECK-LABEL: func.func @main
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x12xf32>
// CHECK: %[[A:.*]] = call @kernel_0(%[[X]]) : (tensor<2x12xf32>) -> tensor<2x3x2x2xf32>
// CHECK: %[[B:.*]] = call @kernel_1(%[[A]]) : (tensor<2x3x2x2xf32>) -> tensor<2x12xf32>
// CHECK-NEXT: return %[[B]]
// CHECK: func.func private @kernel_0
// CHECK: tensor.expand_shape %{{.*}} : tensor<2x12xf32> into tensor<2x2x3x2xf32>
// CHECK: linalg.generic
// CHECK: func.func private @kernel_1
// CHECK: tensor.collapse_shape
func.func @main(%x: tensor<2x12xf32> {graph.name = "x"}) -> (tensor<2x12xf32> {graph.name = "y"}) {
  %e = tensor.expand_shape %x [[0], [1, 2, 3]] output_shape [2, 2, 3, 2] : tensor<2x12xf32> into tensor<2x2x3x2xf32>
  %init = tensor.empty() : tensor<2x3x2x2xf32>
  %t = linalg.generic {indexing_maps = [#shuffle, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%e : tensor<2x2x3x2xf32>) outs(%init : tensor<2x3x2x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x3x2x2xf32>
  %c = tensor.collapse_shape %t [[0], [1, 2, 3]] : tensor<2x3x2x2xf32> into tensor<2x12xf32>
  return %c : tensor<2x12xf32>
}

// -----

// A matmul accumulating into a tensor another kernel computed starts from a
// copy made in its own kernel (so that each work item copies its own part).
#rowb = affine_map<(d0, d1) -> (d1)>
#id2b = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @main
// CHECK: %[[BIAS:.*]] = call @kernel_0(
// CHECK: call @kernel_1(%[[BIAS]], %{{.*}}, %{{.*}})
// CHECK: func.func private @kernel_1
// CHECK: %[[COPY:.*]] = linalg.copy ins(%{{.*}} : tensor<4x8xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[COPY]] : tensor<4x8xf32>)
func.func @main(%a: tensor<4x16xf32> {graph.name = "a"}, %b: tensor<16x8xf32> {graph.name = "b"}, %v: tensor<8xf32> {graph.name = "v"}) -> (tensor<4x8xf32> {graph.name = "y"}) {
  %e = tensor.empty() : tensor<4x8xf32>
  %bias = linalg.generic {indexing_maps = [#rowb, #id2b], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%bias : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}
