// RUN: weft-opt --cpu-form-kernels --cpu-tile-and-vectorize %s | FileCheck %s

// negative_empty_output: a kernel whose loops have no iterations (a zero-size
// dim) is neither split nor tiled (MLIR's tiling crashes on a zero-trip
// loop); its linalg op stays as it is.
// CHECK-LABEL: func.func private @kernel_0
// CHECK-NOT: scf.for
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x0x5xf32>)
// CHECK-NOT: scf.for
func.func @main(%x: tensor<3x0x5xf32>) -> tensor<3x0x5xf32> {
  %e = tensor.empty() : tensor<3x0x5xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<3x0x5xf32>) outs(%e : tensor<3x0x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3x0x5xf32>
  return %y : tensor<3x0x5xf32>
}
