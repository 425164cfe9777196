// RUN: weft-opt %s -convert-graph-to-linalg | FileCheck %s

// MaxPool of an unsigned tensor: the elements are copied to signless ones
// (arith works on those), padded and initialized with 0 (the unsigned
// minimum), pooled by a generic with an unsigned max (the named pooling ops
// compare signed), and copied back.

// CHECK-LABEL: func.func @max_pool_ui8
// CHECK: %[[SIGNLESS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x1x5x5xui8>) outs(%{{.*}} : tensor<1x1x5x5xi8>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[PADDED:.*]] = tensor.pad %[[SIGNLESS]] low[0, 0, 2, 2] high[0, 0, 2, 2]
// CHECK: tensor.yield %[[ZERO]] : i8
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : i8)
// CHECK-NOT: linalg.pooling_nchw_max
// CHECK: %[[POOLED:.*]] = linalg.generic {{.*}} ins(%[[PADDED]], %{{.*}} : tensor<1x1x9x9xi8>, tensor<5x5xi8>) outs(%[[INIT]] : tensor<1x1x5x5xi8>)
// CHECK: arith.maxui
// CHECK: linalg.generic {{.*}} ins(%[[POOLED]] : tensor<1x1x5x5xi8>) outs(%{{.*}} : tensor<1x1x5x5xui8>)
func.func @max_pool_ui8(%x: tensor<1x1x5x5xui8>) -> tensor<1x1x5x5xui8> {
  %y = graph.max_pool %x {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x1x5x5xui8> -> tensor<1x1x5x5xui8>
  return %y : tensor<1x1x5x5xui8>
}

// CHECK-LABEL: func.func @max_pool_i8
// CHECK: linalg.pooling_nchw_max
func.func @max_pool_i8(%x: tensor<1x1x5x5xi8>) -> tensor<1x1x3x3xi8> {
  %y = graph.max_pool %x {kernel_shape = array<i64: 3, 3>} : tensor<1x1x5x5xi8> -> tensor<1x1x3x3xi8>
  return %y : tensor<1x1x3x3xi8>
}
