// RUN: weft-opt %s -split-input-file -convert-graph-to-linalg | FileCheck %s

// Each indexing op becomes one linalg.generic over its result.

// A gather reads data with tensor.extract at the index, wrapped once when
// negative (+ dim 3) and clamped into [0, 2].
// CHECK-LABEL: func.func @gather_elements
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<2x2xi64>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<2x2xi64>)
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[ROW:.*]] = linalg.index 0
// CHECK: %[[IDX:.*]] = arith.index_cast %[[IN]] : i64 to index
// CHECK: %[[WRAPPED:.*]] = arith.addi %[[IDX]], %c3{{(_[0-9]+)?}}
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[IDX]]
// CHECK: %[[SEL:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[IDX]]
// CHECK: %[[LO:.*]] = arith.maxsi %[[SEL]]
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %c2{{(_[0-9]+)?}}
// CHECK: tensor.extract %[[X]][%[[ROW]], %[[HI]]]
func.func @gather_elements(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// One batch dim: the tuple (one index) picks dim 1 of data.
// CHECK-LABEL: func.func @gather_nd
// CHECK-SAME: (%[[X:.*]]: tensor<2x2x2xi32>, %[[I:.*]]: tensor<2x1xi64>)
// CHECK: linalg.generic
// CHECK: %[[B:.*]] = linalg.index 0
// CHECK: %[[J:.*]] = linalg.index 1
// CHECK: tensor.extract %[[I]][%[[B]], %{{.*}}] : tensor<2x1xi64>
// CHECK: %[[K:.*]] = arith.minsi
// CHECK: tensor.extract %[[X]][%[[B]], %[[K]], %[[J]]] : tensor<2x2x2xi32>
func.func @gather_nd(%x: tensor<2x2x2xi32>, %i: tensor<2x1xi64>) -> tensor<2x2xi32> {
  %0 = graph.gather_nd %x, %i {batch_dims = 1 : i64} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// A scatter starts from data and reduces over the 2 updates of each row
// (a loop over an empty i8 tensor of that length); a hit adds its update.
// CHECK-DAG: #[[SEARCH:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @scatter_elements_add
// CHECK-SAME: (%[[X:.*]]: tensor<3x3xf32>, %[[I:.*]]: tensor<2x3xi64>, %[[U:.*]]: tensor<2x3xf32>)
// CHECK: %[[S:.*]] = tensor.empty() : tensor<2xi8>
// CHECK: linalg.generic {indexing_maps = [#[[SEARCH]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[S]] : tensor<2xi8>) outs(%[[X]] : tensor<3x3xf32>)
// CHECK: ^bb0(%{{.*}}: i8, %[[ACC:.*]]: f32):
// CHECK: tensor.extract %[[I]]
// CHECK: %[[HIT:.*]] = arith.cmpi eq
// CHECK: %[[INSIDE:.*]] = arith.andi %[[HIT]]
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]]
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[UPD]]
// CHECK: arith.select %[[INSIDE]], %[[SUM]], %[[ACC]]
func.func @scatter_elements_add(%x: tensor<3x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<3x3xf32> {
  %0 = graph.scatter_elements %x, %i, %u {reduction = "add"} : tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// scatter_nd searches all index tuples; `none` takes the last hit.
// CHECK-LABEL: func.func @scatter_nd
// CHECK-SAME: (%[[X:.*]]: tensor<4x4x4xf32>, %[[I:.*]]: tensor<2x1xi64>, %[[U:.*]]: tensor<2x4x4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<2xi8>) outs(%[[X]] : tensor<4x4x4xf32>)
// CHECK: ^bb0(%{{.*}}: i8, %[[ACC:.*]]: f32):
// CHECK: %[[D0:.*]] = linalg.index 0
// CHECK: %[[D1:.*]] = linalg.index 1
// CHECK: %[[D2:.*]] = linalg.index 2
// CHECK: %[[N:.*]] = linalg.index 3
// CHECK: tensor.extract %[[I]][%[[N]], %{{.*}}]
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %{{.*}}, %[[D0]]
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[N]], %[[D1]], %[[D2]]]
// CHECK: arith.select %[[HIT]], %[[UPD]], %[[ACC]]
func.func @scatter_nd(%x: tensor<4x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<4x4x4xf32> {
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32> -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

// -----

// Lower triangle: col - row > k is zeroed. Run-time scalars are read inside
// the generic (the CPU backend passes kernels only tensors).
// CHECK-LABEL: func.func @trilu_lower
// CHECK: linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[K:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]]
// CHECK: %[[DIAG:.*]] = arith.subi
// CHECK: %[[D:.*]] = arith.subi %[[KI]], %[[DIAG]]
// CHECK: %[[DROP:.*]] = arith.cmpi slt, %[[D]]
// CHECK: arith.select %[[DROP]], %{{.*}}, %[[IN]]
func.func @trilu_lower(%x: tensor<4x5xi64>, %k: tensor<i64>) -> tensor<4x5xi64> {
  %0 = graph.trilu %x k(%k : tensor<i64>) {upper = 0 : i64} : tensor<4x5xi64> -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}

// -----

// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
// CHECK: linalg.generic
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %c2{{(_[0-9]+)?}}
// CHECK: %[[C:.*]] = arith.remui %{{.*}}, %c3{{(_[0-9]+)?}}
// CHECK: tensor.extract %[[X]][%[[R]], %[[C]]]
func.func @tile(%x: tensor<2x3xf32>, %r: tensor<2xi64>) -> tensor<4x3xf32> {
  %0 = graph.tile %x, %r : tensor<2x3xf32>, tensor<2xi64> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// The indices are read without the inserted axis; depth is converted from
// f32 to an index.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @one_hot
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], {{.*}}]
// CHECK: %[[POS:.*]] = linalg.index 1
// CHECK: %[[DEPTH:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: %[[OFF:.*]] = tensor.extract %{{.*}}[%c0{{(_[0-9]+)?}}] : tensor<2xf32>
// CHECK: %[[ON:.*]] = tensor.extract %{{.*}}[%c1{{(_[0-9]+)?}}] : tensor<2xf32>
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %{{.*}}, %[[POS]]
// CHECK: arith.select %[[HIT]], %[[ON]], %[[OFF]]
func.func @one_hot(%i: tensor<2x2xf32>, %d: tensor<f32>, %v: tensor<2xf32>) -> tensor<2x10x2xf32> {
  %0 = graph.one_hot %i, %d, %v {axis = 1 : i64} : tensor<2x2xf32>, tensor<f32>, tensor<2xf32> -> tensor<2x10x2xf32>
  return %0 : tensor<2x10x2xf32>
}

// -----

// DCR: result channel c at block offset o = (h % 2) * 2 + w % 2 reads input
// channel o * 2 + c at (h / 2, w / 2).
// CHECK-LABEL: func.func @depth_to_space_dcr
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x3x3xf32>)
// CHECK: linalg.generic
// CHECK: %[[N:.*]] = linalg.index 0
// CHECK: %[[C:.*]] = linalg.index 1
// CHECK: %[[H:.*]] = linalg.index 2
// CHECK: %[[W:.*]] = linalg.index 3
// CHECK: %[[HR:.*]] = arith.remui %[[H]], %c2{{(_[0-9]+)?}}
// CHECK: %[[WR:.*]] = arith.remui %[[W]], %c2{{(_[0-9]+)?}}
// CHECK: %[[HR2:.*]] = arith.muli %[[HR]], %c2{{(_[0-9]+)?}}
// CHECK: %[[O:.*]] = arith.addi %[[HR2]], %[[WR]]
// CHECK: %[[O2:.*]] = arith.muli %[[O]], %c2{{(_[0-9]+)?}}
// CHECK: %[[SRC:.*]] = arith.addi %[[O2]], %[[C]]
// CHECK: %[[HD:.*]] = arith.divsi %[[H]], %c2{{(_[0-9]+)?}}
// CHECK: %[[WD:.*]] = arith.divsi %[[W]], %c2{{(_[0-9]+)?}}
// CHECK: tensor.extract %[[X]][%[[N]], %[[SRC]], %[[HD]], %[[WD]]]
func.func @depth_to_space_dcr(%x: tensor<1x8x3x3xf32>) -> tensor<1x2x6x6xf32> {
  %0 = graph.depth_to_space %x {blocksize = 2 : i64} : tensor<1x8x3x3xf32> -> tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x6x6xf32>
}

// -----

// Result channel k reads input channel k % 2 at block offset k / 2.
// CHECK-LABEL: func.func @space_to_depth
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x6xf32>)
// CHECK: %[[K:.*]] = linalg.index 1
// CHECK: %[[H:.*]] = linalg.index 2
// CHECK: %[[O:.*]] = arith.divsi %[[K]], %c2{{(_[0-9]+)?}}
// CHECK: %[[C:.*]] = arith.remui %[[K]], %c2{{(_[0-9]+)?}}
// CHECK: %[[BH:.*]] = arith.divsi %[[O]], %c2{{(_[0-9]+)?}}
// CHECK: %[[H2:.*]] = arith.muli %[[H]], %c2{{(_[0-9]+)?}}
// CHECK: %[[SH:.*]] = arith.addi %[[H2]], %[[BH]]
// CHECK: tensor.extract %[[X]][%{{.*}}, %[[C]], %[[SH]], %{{.*}}]
func.func @space_to_depth(%x: tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32> {
  %0 = graph.space_to_depth %x {blocksize = 2 : i64} : tensor<1x2x4x6xf32> -> tensor<1x8x2x3xf32>
  return %0 : tensor<1x8x2x3xf32>
}

// -----

// An unsigned dtype: the ones and zeros are built signless and cast.
// CHECK-LABEL: func.func @eye_like
// CHECK: linalg.generic
// CHECK: %[[D:.*]] = arith.subi
// CHECK: %[[ON:.*]] = arith.cmpi eq, %[[D]], %c1{{(_[0-9]+)?}}
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[V:.*]] = arith.select %[[ON]], %[[ONE]], %[[ZERO]] : i8
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %[[V]] : i8 to ui8
// CHECK: linalg.yield %[[U]] : ui8
func.func @eye_like(%x: tensor<4x5xi32>) -> tensor<4x5xui8> {
  %0 = graph.eye_like %x {k = 1 : i64, dtype = ui8} : tensor<4x5xi32> -> tensor<4x5xui8>
  return %0 : tensor<4x5xui8>
}

// -----

// Time step t < len reads len - 1 - t; len is clamped into [0, 4].
// CHECK-LABEL: func.func @reverse_sequence
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[L:.*]]: tensor<4xi64>)
// CHECK: linalg.generic
// CHECK: %[[B:.*]] = linalg.index 0
// CHECK: %[[T:.*]] = linalg.index 1
// CHECK: tensor.extract %[[L]][%[[B]]]
// CHECK: %[[LEN:.*]] = arith.minsi %{{.*}}, %c4{{(_[0-9]+)?}}
// CHECK: %[[LAST:.*]] = arith.subi %[[LEN]], %c1{{(_[0-9]+)?}}
// CHECK: %[[REV:.*]] = arith.subi %[[LAST]], %[[T]]
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[T]], %[[LEN]]
// CHECK: %[[SRC:.*]] = arith.select %[[IN]], %[[REV]], %[[T]]
// CHECK: tensor.extract %[[X]][%[[B]], %[[SRC]]]
func.func @reverse_sequence(%x: tensor<4x4xf32>, %l: tensor<4xi64>) -> tensor<4x4xf32> {
  %0 = graph.reverse_sequence %x, %l {batch_axis = 0 : i64, time_axis = 1 : i64} : tensor<4x4xf32>, tensor<4xi64> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Batch matmul: b, i, k parallel, j summed.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @einsum_batch_matmul
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} {{.*}} outs(%[[F]]
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @einsum_batch_matmul(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = graph.einsum %a, %b {equation = "bij, bjk -> bik"} : tensor<5x2x3xf32>, tensor<5x3x4xf32> -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// A repeated letter reads a diagonal.
// CHECK-DAG: #[[DIAG:.*]] = affine_map<(d0, d1) -> (d0, d1, d1)>
// CHECK-LABEL: func.func @einsum_batch_diagonal
// CHECK: linalg.generic {indexing_maps = [#[[DIAG]], {{.*}}], iterator_types = ["parallel", "parallel"]}
func.func @einsum_batch_diagonal(%d: tensor<3x5x5xi32>) -> tensor<3x5xi32> {
  %0 = graph.einsum %d {equation = "...ii ->...i"} : tensor<3x5x5xi32> -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// A size-1 `...` dim broadcasts: it reads index 0.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d3, d2)>
// CHECK-LABEL: func.func @einsum_broadcast
// CHECK: linalg.generic {indexing_maps = [{{.*}}, #[[BCAST]], {{.*}}]
func.func @einsum_broadcast(%a: tensor<5x2x3xf32>, %b: tensor<1x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = graph.einsum %a, %b {equation = "...ij,...jk->...ik"} : tensor<5x2x3xf32>, tensor<1x3x4xf32> -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}
