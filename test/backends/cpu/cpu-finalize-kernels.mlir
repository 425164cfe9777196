// RUN: weft-opt --cpu-build-kernels --cpu-finalize-kernels %s | FileCheck %s

// Kernels take input memrefs, then output memrefs, then begin/end, which
// bound the parallel loop in units of its chunk; @main is gone.
// CHECK-NOT: func.func @main
// CHECK-LABEL: func.func private @kernel_0
// CHECK-SAME: (%[[A:.*]]: memref<64x32xf32>, %[[OUT:.*]]: memref<64x32xf32>, %[[BEGIN:.*]]: index, %[[END:.*]]: index)
// CHECK-SAME: weft.parallel_extent = 32
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[A]] restrict
// CHECK: %[[LB:.*]] = arith.muli %[[BEGIN]], %[[CHUNK:.*]] : index
// CHECK: %[[UB:.*]] = arith.muli %[[END]], %[[CHUNK]] : index
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step
// CHECK: weft.parallel_chunk = 2
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]]
// CHECK-NEXT: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%a: tensor<64x32xf32> {graph.name = "a"}) -> (tensor<64x32xf32> {graph.name = "b"}) {
  %e = tensor.empty() : tensor<64x32xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.mulf %x, %x : f32
    linalg.yield %t : f32
  } -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
