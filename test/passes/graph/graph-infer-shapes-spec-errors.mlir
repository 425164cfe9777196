// Malformed requests and requests that disagree with each other.
// RUN: not weft-opt %s -graph-infer-shapes="shapes=x=1xAx8" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not weft-opt %s -graph-infer-shapes="shapes=x=2x3,y=4x3" 2>&1 | FileCheck %s --check-prefix=NAMES
// RUN: weft-opt %s -graph-infer-shapes="shapes=x=2x3,y=2x3" | FileCheck %s --check-prefix=AGREE

// SYNTAX: error: shape 'x=1xAx8': dim 'A' is not a non-negative integer or '?'
// NAMES: error: --shape fixes dim 'N' to both 2 and 4
// AGREE: func.func @main(%{{.*}}: tensor<2x3xf32> {{.*}}, %{{.*}}: tensor<2x3xf32>
func.func @main(%x: tensor<?x3xf32> {graph.name = "x", graph.dim_names = ["N", ""]},
                %y: tensor<?x3xf32> {graph.name = "y", graph.dim_names = ["N", ""]}) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}
