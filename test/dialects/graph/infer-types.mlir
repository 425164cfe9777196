// RUN: weft-opt -graph-infer-shapes -split-input-file %s | FileCheck %s

// Result-type inference for each op family, observed through
// graph-infer-shapes, which refines every declared `tensor<*x...>` result.

// CHECK-LABEL: func @elementwise
func.func @elementwise(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %c: tensor<?x1x1xi1>, %i: tensor<4xi64>) {
  // CHECK: graph.add {{.*}} -> tensor<2x3x4xf32>
  %0 = graph.add %a, %b : tensor<2x1x4xf32>, tensor<3x1xf32> -> tensor<*xf32>
  // CHECK: graph.less {{.*}} -> tensor<2x3x4xi1>
  %1 = graph.less %a, %b : tensor<2x1x4xf32>, tensor<3x1xf32> -> tensor<*xi1>
  // CHECK: graph.where {{.*}} -> tensor<2x3x4xf32>
  %2 = graph.where %c, %a, %b : tensor<?x1x1xi1>, tensor<2x1x4xf32>, tensor<3x1xf32> -> tensor<*xf32>
  // CHECK: graph.max {{.*}} -> tensor<2x3x4xf32>
  %3 = graph.max %a, %b, %a : tensor<2x1x4xf32>, tensor<3x1xf32>, tensor<2x1x4xf32> -> tensor<*xf32>
  // CHECK: graph.cast {{.*}} -> tensor<2x1x4xi64>
  %4 = graph.cast %a {to = i64} : tensor<2x1x4xf32> -> tensor<*xi64>
  // CHECK: graph.pow {{.*}} -> tensor<2x1x4xf32>
  %5 = graph.pow %a, %i : tensor<2x1x4xf32>, tensor<4xi64> -> tensor<*xf32>
  // CHECK: graph.sigmoid {{.*}} -> tensor<2x1x4xf32>
  %6 = graph.sigmoid %a : tensor<2x1x4xf32> -> tensor<*xf32>
  // A dynamic dim broadcast with a static one takes it (it must be equal or
  // 1); broadcast with 1 it stays dynamic.
  // CHECK: graph.mul {{.*}} -> tensor<2x1x4xf32>
  // CHECK: graph.sub {{.*}} -> tensor<?x3x1xf32>
  %d = graph.cast %c {to = f32} : tensor<?x1x1xi1> -> tensor<*xf32>
  %7 = graph.mul %d, %a : tensor<*xf32>, tensor<2x1x4xf32> -> tensor<*xf32>
  %8 = graph.sub %d, %b : tensor<*xf32>, tensor<3x1xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @conv
func.func @conv(%x: tensor<1x3x15x15xf32>, %w: tensor<8x3x3x3xf32>, %gw: tensor<6x1x3x3xf32>,
                %gx: tensor<1x6x15x15xf32>, %dx: tensor<?x3x?x15xf32>) {
  // (15 + 2 - 3) / 2 + 1 = 8
  // CHECK: graph.conv {{.*}} -> tensor<1x8x8x8xf32>
  %0 = graph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x3x3xf32> -> tensor<*xf32>
  // SAME_UPPER: ceil(15 / 2) = 8 whatever the kernel.
  // CHECK: graph.conv {{.*}} -> tensor<1x8x8x8xf32>
  %1 = graph.conv %x, %w {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x3x3xf32> -> tensor<*xf32>
  // VALID with dilation 2: 15 - 4 = 11.
  // CHECK: graph.conv {{.*}} -> tensor<1x8x11x11xf32>
  %2 = graph.conv %x, %w {auto_pad = "VALID", dilations = array<i64: 2, 2>} : tensor<1x3x15x15xf32>, tensor<8x3x3x3xf32> -> tensor<*xf32>
  // Depthwise: group 6.
  // CHECK: graph.conv {{.*}} -> tensor<1x6x13x13xf32>
  %3 = graph.conv %gx, %gw {group = 6 : i64} : tensor<1x6x15x15xf32>, tensor<6x1x3x3xf32> -> tensor<*xf32>
  // Dynamic batch and height stay dynamic.
  // CHECK: graph.conv {{.*}} -> tensor<?x8x?x13xf32>
  %4 = graph.conv %dx, %w : tensor<?x3x?x15xf32>, tensor<8x3x3x3xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @conv_transpose
func.func @conv_transpose(%x: tensor<1x8x16x16xf32>, %w: tensor<8x2x3x3xf32>) {
  // 2 * 15 + 1 + 3 - 1 - 1 = 32; channels 2 * group 2 = 4.
  // CHECK: graph.conv_transpose {{.*}} -> tensor<1x4x32x32xf32>
  %0 = graph.conv_transpose %x, %w {group = 2 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : tensor<1x8x16x16xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  // CHECK: graph.conv_transpose {{.*}} -> tensor<1x2x33x31xf32>
  %1 = graph.conv_transpose %x, %w {strides = array<i64: 2, 2>, output_shape = array<i64: 33, 31>} : tensor<1x8x16x16xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  // CHECK: graph.conv_transpose {{.*}} -> tensor<1x2x32x32xf32>
  %2 = graph.conv_transpose %x, %w {auto_pad = "SAME_LOWER", strides = array<i64: 2, 2>} : tensor<1x8x16x16xf32>, tensor<8x2x3x3xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @pool
func.func @pool(%x: tensor<1x8x32x32xf32>, %s: tensor<1x1x4x5xf32>) {
  // floor((32 - 3) / 2) + 1 = 15
  // CHECK: graph.max_pool {{.*}} -> tensor<1x8x15x15xf32>
  %0 = graph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : tensor<1x8x32x32xf32> -> tensor<*xf32>
  // ceil((32 - 3) / 2) + 1 = 16
  // CHECK: graph.max_pool {{.*}} -> tensor<1x8x16x16xf32>
  %1 = graph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = 1 : i64} : tensor<1x8x32x32xf32> -> tensor<*xf32>
  // With ceil_mode the last window must start inside the input or the begin
  // padding: H: ceil((4 + 1 - 1) / 2) + 1 = 3 windows, but the third starts
  // at 4 (end padding), so 2. W: ceil(4 / 2) + 1 = 3, the third starts at 4 < 5.
  // CHECK: graph.max_pool {{.*}} -> tensor<1x1x2x3xf32>
  %2 = graph.max_pool %s {kernel_shape = array<i64: 1, 1>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 0>, ceil_mode = 1 : i64} : tensor<1x1x4x5xf32> -> tensor<*xf32>
  // Dilation 2, kernel 3: span 5, (32 - 5) + 1 = 28.
  // CHECK: graph.max_pool {{.*}} -> tensor<1x8x28x28xf32>
  %3 = graph.max_pool %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 2>} : tensor<1x8x32x32xf32> -> tensor<*xf32>
  // CHECK: graph.average_pool {{.*}} -> tensor<1x8x11x11xf32>
  %4 = graph.average_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 3, 3>, auto_pad = "SAME_LOWER"} : tensor<1x8x32x32xf32> -> tensor<*xf32>
  // CHECK: graph.global_average_pool {{.*}} -> tensor<1x8x1x1xf32>
  %5 = graph.global_average_pool %x : tensor<1x8x32x32xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @matmul
func.func @matmul(%v: tensor<3xf32>, %m: tensor<3x4xf32>, %b: tensor<2x3x4xf32>, %w: tensor<4xf32>,
                  %p: tensor<2x1x3x4xf32>, %q: tensor<5x4x6xf32>, %a: tensor<4x3xf32>, %c: tensor<1x5xf32>,
                  %g: tensor<4x5xf32>) {
  // CHECK: graph.matmul {{.*}} -> tensor<4xf32>
  %0 = graph.matmul %v, %m : tensor<3xf32>, tensor<3x4xf32> -> tensor<*xf32>
  // CHECK: graph.matmul {{.*}} -> tensor<2x3xf32>
  %1 = graph.matmul %b, %w : tensor<2x3x4xf32>, tensor<4xf32> -> tensor<*xf32>
  // CHECK: graph.matmul {{.*}} -> tensor<2x5x3x6xf32>
  %2 = graph.matmul %p, %q : tensor<2x1x3x4xf32>, tensor<5x4x6xf32> -> tensor<*xf32>
  // CHECK: graph.matmul {{.*}} -> tensor<f32>
  %3 = graph.matmul %w, %w : tensor<4xf32>, tensor<4xf32> -> tensor<*xf32>
  // A is 4x3 transposed: 3x4 times 4x5.
  // CHECK: graph.gemm {{.*}} -> tensor<3x5xf32>
  %4 = graph.gemm %a, %g, %c {transA = 1 : i64} : tensor<4x3xf32>, tensor<4x5xf32>, tensor<1x5xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @reduce
func.func @reduce(%x: tensor<2x3x4xf32>) {
  // CHECK: graph.reduce_sum {{.*}} -> tensor<2x4xf32>
  %0 = graph.reduce_sum %x {axes = array<i64: -2>, keepdims = 0 : i64} : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_mean {{.*}} -> tensor<1x1x1xf32>
  %1 = graph.reduce_mean %x : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.reduce_max {{.*}} -> tensor<2x3x4xf32>
  %2 = graph.reduce_max %x {noop_with_empty_axes = 1 : i64} : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.softmax {{.*}} -> tensor<2x3x4xf32>
  %3 = graph.softmax %x : tensor<2x3x4xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @reshape
func.func @reshape(%x: tensor<2x3x4xf32>, %s: tensor<3xi64>, %d: tensor<?x3x4xf32>) {
  %s0 = graph.constant dense<[0, -1]> : tensor<2xi64>
  // 0 copies the input dim, -1 takes the rest.
  // CHECK: graph.reshape {{.*}} -> tensor<2x12xf32>
  %0 = graph.reshape %x, %s0 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  // CHECK: graph.reshape {{.*}} -> tensor<?x12xf32>
  %1 = graph.reshape %d, %s0 : tensor<?x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  %s1 = graph.constant dense<[-1, 6]> : tensor<2xi64>
  // CHECK: graph.reshape {{.*}} -> tensor<4x6xf32>
  %2 = graph.reshape %x, %s1 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<*xf32>
  // A non-constant shape gives the rank only.
  // CHECK: graph.reshape {{.*}} -> tensor<?x?x?xf32>
  %3 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<3xi64> -> tensor<*xf32>
  // With allowzero a 0 is a real zero.
  %s2 = graph.constant dense<[0, 5]> : tensor<2xi64>
  %e = graph.constant dense<0.0> : tensor<0x3xf32>
  // CHECK: graph.reshape {{.*}} -> tensor<0x5xf32>
  %4 = graph.reshape %e, %s2 {allowzero = 1 : i64} : tensor<0x3xf32>, tensor<2xi64> -> tensor<*xf32>
  // CHECK: graph.flatten {{.*}} -> tensor<1x24xf32>
  %5 = graph.flatten %x {axis = 0 : i64} : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.flatten {{.*}} -> tensor<?x4xf32>
  %6 = graph.flatten %d {axis = -1 : i64} : tensor<?x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.transpose {{.*}} -> tensor<4x3x2xf32>
  %7 = graph.transpose %x : tensor<2x3x4xf32> -> tensor<*xf32>
  // CHECK: graph.transpose {{.*}} -> tensor<3x?x4xf32>
  %8 = graph.transpose %d {perm = array<i64: 1, 0, 2>} : tensor<?x3x4xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @concat_split
func.func @concat_split(%a: tensor<2x3xf32>, %b: tensor<?x5xf32>, %x: tensor<7x2xf32>, %u: tensor<*xf32>) {
  // CHECK: graph.concat {{.*}} -> tensor<2x8xf32>
  %0 = graph.concat %a, %b {axis = -1 : i64} : tensor<2x3xf32>, tensor<?x5xf32> -> tensor<*xf32>
  // An unranked input leaves the axis dim unknown.
  // CHECK: graph.concat {{.*}} -> tensor<2x?xf32>
  %1 = graph.concat %a, %u {axis = 1 : i64} : tensor<2x3xf32>, tensor<*xf32> -> tensor<*xf32>
  // Opset 18: 7 into 3 gives 3, 3, 1.
  // CHECK: graph.split {{.*}} -> tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x2xf32>
  %2:3 = graph.split %x {num_outputs = 3 : i64} : tensor<7x2xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  // CHECK: graph.split {{.*}} -> tensor<7x1xf32>, tensor<7x1xf32>
  %3:2 = graph.split %x {axis = 1 : i64, split = array<i64: 1, 1>} : tensor<7x2xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @slice
func.func @slice(%x: tensor<10x20xf32>, %s: tensor<1xi64>, %d: tensor<?x20xf32>) {
  %st = graph.constant dense<[8]> : tensor<1xi64>
  %en = graph.constant dense<[1]> : tensor<1xi64>
  %stp = graph.constant dense<[-2]> : tensor<1xi64>
  %ax = graph.constant dense<[0]> : tensor<1xi64>
  // Negative step: 8, 6, 4, 2.
  // CHECK: graph.slice {{.*}} -> tensor<4x20xf32>
  %0 = graph.slice %x starts(%st : tensor<1xi64>) ends(%en : tensor<1xi64>) axes(%ax : tensor<1xi64>) steps(%stp : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  // Ends past the dim are clamped: [-5, INT64_MAX) on axis 1 is 5 elements.
  %st2 = graph.constant dense<[-5]> : tensor<1xi64>
  %en2 = graph.constant dense<[9223372036854775807]> : tensor<1xi64>
  %ax2 = graph.constant dense<[-1]> : tensor<1xi64>
  // CHECK: graph.slice {{.*}} -> tensor<10x5xf32>
  %1 = graph.slice %x starts(%st2 : tensor<1xi64>) ends(%en2 : tensor<1xi64>) axes(%ax2 : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  // Without axes, starts cover the leading dims: [1, -5) is [1, 5).
  // CHECK: graph.slice {{.*}} -> tensor<4x20xf32>
  %2 = graph.slice %x starts(%en : tensor<1xi64>) ends(%st2 : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  // Non-constant bounds on known axes: only those dims become dynamic.
  // CHECK: graph.slice {{.*}} -> tensor<10x?xf32>
  %3 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) axes(%ax2 : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  // CHECK: graph.slice {{.*}} -> tensor<?x?xf32>
  %4 = graph.slice %x starts(%s : tensor<1xi64>) ends(%s : tensor<1xi64>) axes(%s : tensor<1xi64>) : tensor<10x20xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @gather_squeeze
func.func @gather_squeeze(%x: tensor<5x6xf32>, %i: tensor<2x3xi64>, %s: tensor<i64>, %o: tensor<1x3x1xf32>, %d: tensor<1x?xf32>) {
  // CHECK: graph.gather {{.*}} -> tensor<5x2x3xf32>
  %0 = graph.gather %x, %i {axis = 1 : i64} : tensor<5x6xf32>, tensor<2x3xi64> -> tensor<*xf32>
  // CHECK: graph.gather {{.*}} -> tensor<6xf32>
  %1 = graph.gather %x, %s : tensor<5x6xf32>, tensor<i64> -> tensor<*xf32>
  // CHECK: graph.squeeze {{.*}} -> tensor<3xf32>
  %2 = graph.squeeze %o : tensor<1x3x1xf32> -> tensor<*xf32>
  // CHECK: graph.squeeze {{.*}} -> tensor<3x1xf32>
  %3 = graph.squeeze %o {axes = array<i64: 0>} : tensor<1x3x1xf32> -> tensor<*xf32>
  // Without axes a dynamic dim might be 1: the rank is unknown.
  // CHECK: graph.squeeze {{.*}} -> tensor<*xf32>
  %4 = graph.squeeze %d : tensor<1x?xf32> -> tensor<*xf32>
  // CHECK: graph.unsqueeze {{.*}} -> tensor<1x5x6x1xf32>
  %5 = graph.unsqueeze %x {axes = array<i64: 0, -1>} : tensor<5x6xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @shape_ops
func.func @shape_ops(%x: tensor<2x?x4xf32>, %u: tensor<*xf32>, %s: tensor<2xi64>) {
  // CHECK: graph.shape {{.*}} -> tensor<3xi64>
  %0 = graph.shape %x : tensor<2x?x4xf32> -> tensor<*xi64>
  // CHECK: graph.shape {{.*}} -> tensor<1xi64>
  %1 = graph.shape %x {start = -2 : i64, end = -1 : i64} : tensor<2x?x4xf32> -> tensor<*xi64>
  // CHECK: graph.shape {{.*}} -> tensor<?xi64>
  %2 = graph.shape %u : tensor<*xf32> -> tensor<*xi64>
  // CHECK: graph.size {{.*}} -> tensor<i64>
  %3 = graph.size %x : tensor<2x?x4xf32> -> tensor<*xi64>
  %cs = graph.constant dense<[3, 1]> : tensor<2xi64>
  // CHECK: graph.constant_of_shape {{.*}} -> tensor<3x1xi64>
  %4 = graph.constant_of_shape %cs {value = dense<1> : tensor<1xi64>} : tensor<2xi64> -> tensor<*xi64>
  // CHECK: graph.constant_of_shape {{.*}} -> tensor<?x?xf32>
  %5 = graph.constant_of_shape %s : tensor<2xi64> -> tensor<*xf32>
  %one = graph.constant dense<1.0> : tensor<1x4xf32>
  // CHECK: graph.expand {{.*}} -> tensor<3x4xf32>
  %6 = graph.expand %one, %cs : tensor<1x4xf32>, tensor<2xi64> -> tensor<*xf32>
  // CHECK: graph.expand {{.*}} -> tensor<?x4xf32>
  %7 = graph.expand %one, %s : tensor<1x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @pad_resize
func.func @pad_resize(%x: tensor<1x8x16x16xf32>, %p: tensor<8xi64>) {
  %pads = graph.constant dense<[1, 2]> : tensor<2xi64>
  %axes = graph.constant dense<[-1]> : tensor<1xi64>
  // CHECK: graph.pad {{.*}} -> tensor<1x8x16x19xf32>
  %0 = graph.pad %x pads(%pads : tensor<2xi64>) axes(%axes : tensor<1xi64>) {mode = "edge"} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  %crop = graph.constant dense<[0, 0, 0, -1, 0, 0, 0, -2]> : tensor<8xi64>
  // CHECK: graph.pad {{.*}} -> tensor<1x8x16x13xf32>
  %1 = graph.pad %x pads(%crop : tensor<8xi64>) : tensor<1x8x16x16xf32> -> tensor<*xf32>
  // CHECK: graph.pad {{.*}} -> tensor<?x?x?x?xf32>
  %2 = graph.pad %x pads(%p : tensor<8xi64>) : tensor<1x8x16x16xf32> -> tensor<*xf32>
  %scales = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  // CHECK: graph.resize {{.*}} -> tensor<1x8x32x32xf32>
  %3 = graph.resize %x scales(%scales : tensor<4xf32>) : tensor<1x8x16x16xf32> -> tensor<*xf32>
  %sizes = graph.constant dense<[24, 40]> : tensor<2xi64>
  // CHECK: graph.resize {{.*}} -> tensor<1x8x24x40xf32>
  %4 = graph.resize %x sizes(%sizes : tensor<2xi64>) {axes = array<i64: 2, 3>} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  // not_larger keeps the aspect ratio: scale min(24/16, 40/16) = 1.5.
  // CHECK: graph.resize {{.*}} -> tensor<1x8x24x24xf32>
  %5 = graph.resize %x sizes(%sizes : tensor<2xi64>) {axes = array<i64: 2, 3>, keep_aspect_ratio_policy = "not_larger"} : tensor<1x8x16x16xf32> -> tensor<*xf32>
  return
}

// -----

// CHECK-LABEL: func @recurrent
func.func @recurrent(%x: tensor<1x7x16xf32>, %w: tensor<2x256x16xf32>, %r: tensor<2x256x64xf32>,
                     %gx: tensor<?x1x16xf32>, %gw: tensor<1x24x16xf32>, %gr: tensor<1x24x8xf32>) {
  // Batch-first (layout 1), bidirectional.
  // CHECK: graph.lstm {{.*}} -> tensor<1x7x2x64xf32>, tensor<1x2x64xf32>, tensor<1x2x64xf32>
  %0:3 = graph.lstm %x, %w, %r {hidden_size = 64 : i64, direction = "bidirectional", layout = 1 : i64}
    : tensor<1x7x16xf32>, tensor<2x256x16xf32>, tensor<2x256x64xf32> -> tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  // CHECK: graph.gru {{.*}} -> tensor<?x1x1x8xf32>, tensor<1x1x8xf32>
  %1:2 = graph.gru %gx, %gw, %gr {hidden_size = 8 : i64}
    : tensor<?x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32> -> tensor<*xf32>, tensor<*xf32>
  return
}
