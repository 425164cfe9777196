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
/// Unary math functions, activations with parameters, mod, prelu, logical
/// and bit ops, less_or_equal, sum, mean (GraphMathOps.td).
void populateGraphElementwiseMathToLinalgPatterns(
    mlir::RewritePatternSet &patterns);
/// conv and conv_transpose.
void populateGraphConvolutionToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// gemm, matmul, batch_normalization.
void populateGraphLinearToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// max_pool, average_pool, lp_pool, global_{average,max,lp}_pool, softmax.
void populateGraphPoolingReductionToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// reduce_*, arg_max, arg_min, hardmax, cumsum, top_k (Reduction.cpp).
void populateGraphReductionToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// lp_normalization, instance_normalization, lrn (Normalization.cpp).
void populateGraphNormalizationToLinalgPatterns(
    mlir::RewritePatternSet &patterns);
/// constant, reshape, flatten, transpose, concat, split, slice, gather,
/// squeeze, unsqueeze, shape, size, constant_of_shape, expand, pad, resize,
/// identity, dropout.
void populateGraphDataMovementToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// if (scf.if with the branches moved over) and its yields.
void populateGraphControlFlowToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// graph.loop -> scf.for / scf.while (Loop.cpp).
void populateGraphLoopToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// lstm, gru and rnn (an scf.for over time around matmuls and a cell
/// generic).
void populateGraphRecurrentToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// gather_elements, gather_nd, scatter_elements, scatter_nd, trilu, tile,
/// one_hot, depth_to_space, space_to_depth, eye_like, reverse_sequence,
/// einsum (Indexing.cpp).
void populateGraphIndexingToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// max_pool_indices (the Indices output of MaxPool).
void populateGraphPoolIndicesToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// range with a static length (Range.cpp).
void populateGraphRangeToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// quantize_linear, dequantize_linear (Quantization.cpp).
void populateGraphQuantizationToLinalgPatterns(
    mlir::RewritePatternSet &patterns);

/// grid_sample, roi_align, max_unpool, det (Vision.cpp).
void populateGraphVisionToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// dft, stft, mel_weight_matrix (Signal.cpp).
void populateGraphSignalToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// All of the above.
void populateGraphToLinalgPatterns(mlir::RewritePatternSet &patterns);

} // namespace weft

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_GRAPHTOLINALG_H
