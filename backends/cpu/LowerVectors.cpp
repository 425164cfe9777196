//===- LowerVectors.cpp - Vector and math lowering before LLVM ------------===//
//
// After bufferization: accumulators are hoisted out of reduction loops, then
// high-level vector ops become FMAs, shuffles and 1-D loads/stores, and math
// functions without an LLVM intrinsic become polynomials (vectorizable,
// accurate to a few ulp in f32), so the shared object calls no libm.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPULOWERVECTORS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

class LowerVectors : public impl::CpuLowerVectorsBase<LowerVectors> {
public:
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    linalg::hoistRedundantVectorTransfers(func);
    MLIRContext *ctx = &getContext();

    // Contractions become outer products (one FMA per reduction step)
    // rather than horizontal dot products. The pattern groups run one after
    // another, as separate greedy applications: mixed into one set, the
    // leading-unit-dim casts and the multi-reduction lowering rewrite each
    // other's output forever (a vector<1x1x1x48> reduction to vector<1x1>
    // grew the IR without bound).
    vector::VectorTransformsOptions options;
    options.setVectorTransformsOptions(
        vector::VectorContractLowering::OuterProduct);
    options.setVectorTransposeLowering(
        vector::VectorTransposeLowering::Shuffle16x16);
    auto apply = [&](auto populate) {
      RewritePatternSet patterns(ctx);
      populate(patterns);
      return applyPatternsAndFoldGreedily(func, std::move(patterns));
    };
    if (failed(apply([&](RewritePatternSet &patterns) {
          vector::populateVectorMultiReductionLoweringPatterns(
              patterns, vector::VectorMultiReductionLowering::InnerReduction);
        })) ||
        failed(apply([&](RewritePatternSet &patterns) {
          vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
        })) ||
        failed(apply([&](RewritePatternSet &patterns) {
          vector::populateVectorContractLoweringPatterns(patterns, options);
          vector::populateVectorOuterProductLoweringPatterns(patterns);
          vector::populateVectorTransposeLoweringPatterns(patterns, options);
          vector::populateVectorBroadcastLoweringPatterns(patterns);
          vector::populateVectorMaskOpLoweringPatterns(patterns);
          vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
          vector::populateVectorTransferLoweringPatterns(patterns,
                                                         /*maxTransferRank=*/1);
          vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
          vector::TransferReadOp::getCanonicalizationPatterns(patterns, ctx);
          vector::TransferWriteOp::getCanonicalizationPatterns(patterns, ctx);
        })) ||
        failed(apply([&](RewritePatternSet &patterns) {
          vector::populateVectorShapeCastLoweringPatterns(patterns);
        })))
      return signalPassFailure();

    // Math functions without an LLVM intrinsic.
    {
      RewritePatternSet patterns(ctx);
      populateExpandTanPattern(patterns);
      populateExpandSinhPattern(patterns);
      populateExpandCoshPattern(patterns);
      populateExpandAsinhPattern(patterns);
      populateExpandAcoshPattern(patterns);
      populateExpandAtanhPattern(patterns);
      populateExpandPowFPattern(patterns);
      populateExpandFPowIPattern(patterns);
      populateExpandRoundEvenPattern(patterns);
      populateExpandRsqrtPattern(patterns);
      populateMathPolynomialApproximationPatterns(patterns);
      if (failed(applyPatternsAndFoldGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
  }
};

} // namespace
} // namespace weft::cpu
