// RUN: weft-opt --cpu-form-kernels --cpu-tile-and-vectorize --split-input-file %s | FileCheck %s

// The matmul is split into work items along M, and each item runs a tiled,
// vectorized loop nest: the K loop steps over vector.contract tiles, and no
// linalg.matmul (which would become a scalar loop nest) is left.
// CHECK-LABEL: func.func private @kernel_0
// CHECK-SAME: weft.parallel_extent = 32
// CHECK-NOT: linalg.matmul
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C256]] step %[[C16:.*]] iter_args
// CHECK: vector.transfer_read {{.*}} vector<2x16xf32>
// CHECK: vector.transfer_read {{.*}} vector<16x32xf32>
// CHECK: vector.contract {{.*}} vector<2x16xf32>, vector<16x32xf32> into vector<2x32xf32>
// CHECK: } {weft.parallel_chunk = 2 : i64}
// CHECK-NOT: linalg.matmul
func.func @main(%a: tensor<64x256xf32> {graph.name = "a"}, %b: tensor<256x128xf32> {graph.name = "b"}) -> (tensor<64x128xf32> {graph.name = "c"}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x256xf32>, tensor<256x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %m : tensor<64x128xf32>
}

// -----

// A 2-D conv is tiled to one output row and one kernel row per tile,
// decomposed into a 1-D conv and vectorized: no conv op is left.
// CHECK-LABEL: func.func private @kernel_0
// CHECK-SAME: weft.parallel_extent = 16
// CHECK-NOT: linalg.conv
// CHECK: vector.contract
// CHECK-NOT: linalg.conv
// CHECK: } {weft.parallel_chunk = 1 : i64}
func.func @main(%x: tensor<1x8x18x18xf32> {graph.name = "x"}, %w: tensor<16x8x3x3xf32> {graph.name = "w"}) -> (tensor<1x16x16x16xf32> {graph.name = "y"}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %c : tensor<1x16x16x16xf32>
}

// -----

// NCHW depthwise, stride 2: per channel and output row, one vector<8> accumulator
// and one FMA per tap; each tap reads (8 - 1) * 2 + 1 = 15 columns and keeps
// the even ones.
// CHECK-LABEL: func.func private @kernel_0
// CHECK-NOT: linalg.depthwise_conv_2d_nchw_chw
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x3x17xf32>, vector<15xf32>
// CHECK: vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14] : vector<15xf32>, vector<15xf32>
// CHECK: vector.broadcast {{.*}} : f32 to vector<8xf32>
// CHECK: vector.fma {{.*}} : vector<8xf32>
// CHECK-COUNT-8: vector.fma
// CHECK: vector.transfer_write {{.*}} : vector<8xf32>, tensor<1x1x1x8xf32>
func.func @main(%x: tensor<1x8x18x18xf32> {graph.name = "x"}, %w: tensor<8x3x3xf32> {graph.name = "w"}) -> (tensor<1x8x8x8xf32> {graph.name = "y"}) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x8x18x18xf32>, tensor<8x3x3xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// -----

// A constant pad becomes a vectorized fill of the result and an insert of
// the source into its interior (the copy cpu-vectorize-copies vectorizes).
// CHECK-LABEL: func.func private @kernel_0
// CHECK-NOT: tensor.pad
// CHECK: vector.transfer_write %{{.*}} : vector<1x1x1x18xf32>, tensor<1x1x1x18xf32>
// CHECK: tensor.insert_slice %{{.*}}[0, 0, 1, 1] [1, 4, 16, 16] [1, 1, 1, 1] : tensor<1x4x16x16xf32> into tensor<1x4x18x18xf32>
func.func @main(%x: tensor<1x4x16x16xf32> {graph.name = "x"}) -> (tensor<1x4x18x18xf32> {graph.name = "y"}) {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x4x16x16xf32> to tensor<1x4x18x18xf32>
  return %p : tensor<1x4x18x18xf32>
}
