// RUN: weft-opt --cpu-build-kernels --cpu-lower-to-llvm %s | FileCheck %s

// Each kernel is lowered with bare-pointer buffers and gets the exported
// ABI entry void weft_kernel_N(void **buffers, int64_t begin, int64_t end).
// CHECK-NOT: func.func
// CHECK: llvm.func internal @kernel_0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// CHECK: llvm.func @weft_kernel_0(%[[BUFS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64)
// CHECK: %[[P0:.*]] = llvm.load %[[BUFS]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[BUFS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P1:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @kernel_0(%[[P0]], %[[P1]], %[[BEGIN]], %[[END]])
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%a: tensor<64x32xf32> {graph.name = "a"}) -> (tensor<64x32xf32> {graph.name = "b"}) {
  %e = tensor.empty() : tensor<64x32xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
