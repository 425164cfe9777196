// RUN: weft-opt --cpu-vectorize-copies --split-input-file %s | FileCheck %s

// A copy into a strided view (a concat piece) with contiguous rows: rows of
// 16 (the largest divisor of 48 up to 16), one transfer pair per row piece.
// CHECK-LABEL: func.func @concat_piece
// CHECK-NOT: linalg.copy
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[V:.*]] = vector.transfer_read %{{.*}} : memref<1x16xf32, strided<[48, 1], offset: ?>>, vector<1x16xf32>
// CHECK: vector.transfer_write %[[V]], %{{.*}} : vector<1x16xf32>, memref<1x16xf32, strided<[48, 1], offset: ?>>
func.func @concat_piece(%a: memref<4x48xf32>, %b: memref<10x48xf32>) {
  %v = memref.subview %b[3, 0] [4, 48] [1, 1] : memref<10x48xf32> to memref<4x48xf32, strided<[48, 1], offset: 144>>
  linalg.copy ins(%a : memref<4x48xf32>) outs(%v : memref<4x48xf32, strided<[48, 1], offset: 144>>)
  return
}

// -----

// Rows that are not contiguous (a transposing view) and rows of a prime
// length stay scalar copies.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: linalg.copy
func.func @left_alone(%a: memref<4x8xf32, strided<[1, 4]>>, %b: memref<4x8xf32>, %c: memref<3x17xf32>, %d: memref<3x17xf32>) {
  linalg.copy ins(%a : memref<4x8xf32, strided<[1, 4]>>) outs(%b : memref<4x8xf32>)
  linalg.copy ins(%c : memref<3x17xf32>) outs(%d : memref<3x17xf32>)
  return
}
