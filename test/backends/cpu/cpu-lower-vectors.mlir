// RUN: weft-opt --cpu-lower-vectors %s | FileCheck %s

// A reduction of a vector with leading unit dims down to vector<1x1> (a
// global average pool's kernel). With the unit-dim casts and the
// multi-reduction lowering in one greedy pattern set, the two rewrote each
// other's output forever and the IR grew until memory ran out; the lowering
// must finish with one horizontal reduction.
// CHECK-LABEL: func.func @reduce_leading_unit_dims
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<48xf32> into f32
// CHECK-NOT: vector.multi_reduction
func.func @reduce_leading_unit_dims(%a: vector<1x1x1x48xf32>, %acc: vector<1x1xf32>) -> vector<1x1xf32> {
  %r = vector.multi_reduction <add>, %a, %acc [2, 3] : vector<1x1x1x48xf32> to vector<1x1xf32>
  return %r : vector<1x1xf32>
}

// A 1-D convolution step of a 3-wide kernel row (the first conv of PP-OCR
// mobile cls): a contraction with unit dims that also looped before.
// CHECK-LABEL: func.func @contract_unit_dims
// CHECK-NOT: vector.contract
// CHECK: vector.fma
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @contract_unit_dims(%a: vector<1x1x3xf32>, %b: vector<3x1xf32>, %c: vector<1x1x1xf32>) -> vector<1x1x1xf32> {
  %r = vector.contract {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1x1x3xf32>, vector<3x1xf32> into vector<1x1x1xf32>
  return %r : vector<1x1x1xf32>
}
