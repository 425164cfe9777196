//===- GraphToLinalg.h - Lowering the graph dialect to linalg ---*- C++ -*-===//
//
// Patterns that rewrite graph ops into linalg on tensors plus tensor, arith
// and math, split by op category. The convert-graph-to-linalg pass (see
// passes/conversion/Passes.td) only sets legality and applies them.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_GRAPHTOLINALG_GRAPHTOLINALG_H
#define WEFT_PASSES_CONVERSION_GRAPHTOLINALG_GRAPHTOLINALG_H

#include "mlir/IR/PatternMatch.h"

namespace weft {

/// Elementwise ops (unary, binary with broadcasting, compare, where, clip,
/// cast, max/min, activations).
void populateGraphElementwiseToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// conv, conv_transpose, gemm, matmul, batch_normalization.
void populateGraphLinearToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// max_pool, average_pool, global_average_pool, softmax, reduce_*.
void populateGraphPoolingReductionToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// constant, reshape, flatten, transpose, concat, split, slice, gather,
/// squeeze, unsqueeze, shape, size, constant_of_shape, expand, pad, resize,
/// identity, dropout.
void populateGraphDataMovementToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// All of the above.
void populateGraphToLinalgPatterns(mlir::RewritePatternSet &patterns);

} // namespace weft

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_GRAPHTOLINALG_H
