//===- ConvertGraphToLinalg.cpp - The convert-graph-to-linalg pass --------===//
//
// Sets legality (graph illegal; linalg, tensor, arith, math, func legal) and
// applies populateGraphToLinalgPatterns. A dry run (analysis conversion) finds
// the ops that cannot be lowered first, so that the pass reports every such
// node, with the reason its pattern gave, rather than stopping at the first.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"
#include "passes/conversion/Passes.h"

#include "dialects/graph/GraphDialect.h"
#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace weft {

#define GEN_PASS_DEF_CONVERTGRAPHTOLINALG
#include "passes/conversion/Passes.h.inc"

void populateGraphToLinalgPatterns(mlir::RewritePatternSet &patterns) {
  populateGraphElementwiseToLinalgPatterns(patterns);
  populateGraphElementwiseMathToLinalgPatterns(patterns);
  populateGraphConvolutionToLinalgPatterns(patterns);
  populateGraphLinearToLinalgPatterns(patterns);
  populateGraphPoolingReductionToLinalgPatterns(patterns);
  populateGraphReductionToLinalgPatterns(patterns);
  populateGraphNormalizationToLinalgPatterns(patterns);
  populateGraphDataMovementToLinalgPatterns(patterns);
  populateGraphPoolIndicesToLinalgPatterns(patterns);
  populateGraphIndexingToLinalgPatterns(patterns);
  populateGraphRecurrentToLinalgPatterns(patterns);
  populateGraphRangeToLinalgPatterns(patterns);
  populateGraphQuantizationToLinalgPatterns(patterns);
  populateGraphSignalToLinalgPatterns(patterns);
  populateGraphVisionToLinalgPatterns(patterns);
  populateGraphControlFlowToLinalgPatterns(patterns);
  populateGraphLoopToLinalgPatterns(patterns);
}

namespace {

using namespace mlir;

struct ConvertGraphToLinalgPass
    : impl::ConvertGraphToLinalgBase<ConvertGraphToLinalgPass> {
  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet set(ctx);
    populateGraphToLinalgPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    ConversionTarget target(getContext());
    target.addIllegalDialect<graph::GraphDialect>();
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           arith::ArithDialect, math::MathDialect,
                           func::FuncDialect, scf::SCFDialect,
                           bufferization::BufferizationDialect>();
    // Linalg bodies cast unsigned scalars to signless ones for arith.
    target.addLegalOp<UnrealizedConversionCastOp>();
    // Runtime builtins stay: the backends run them as runtime library
    // operations. Results with data-dependent shapes may only leave the
    // graph or feed another builtin, since generated code has static shapes.
    target.addLegalOp<graph::NonZeroOp, graph::CompressOp, graph::UniqueOp,
                      graph::NonMaxSuppressionOp, graph::TfIdfVectorizerOp,
                      graph::StringNormalizerOp>();
    target.addDynamicallyLegalOp<graph::CastOp>(
        [](Operation *op) { return graph::isRuntimeBuiltin(op); });
    bool badUse = false;
    // Strings exist only for the builtins that read or write them.
    auto isString = [](Value v) {
      return isa<graph::StringType>(getElementTypeOrSelf(v.getType()));
    };
    func.walk([&](Operation *op) {
      if (isa<func::FuncOp, func::ReturnOp>(op) || graph::isRuntimeBuiltin(op) ||
          (llvm::none_of(op->getOperands(), isString) &&
           llvm::none_of(op->getResults(), isString)))
        return;
      badUse = true;
      graph::NodeError(op->getLoc(), op->getName().getStringRef())
          << "takes or produces strings; only StringNormalizer and casts to "
             "or from strings support string tensors";
    });
    func.walk([&](Operation *op) {
      if (!graph::hasDataDependentShape(op))
        return;
      for (OpResult result : op->getResults())
        for (Operation *user : result.getUsers()) {
          if (isa<func::ReturnOp>(user) || graph::isRuntimeBuiltin(user))
            continue;
          badUse = true;
          graph::NodeError(user->getLoc(), user->getName().getStringRef())
              << "uses result " << result.getResultNumber() << " of node '"
              << graph::getNodeName(op->getLoc()) << "' ("
              << op->getName().getStringRef()
              << "), whose shape depends on the data; such results can only "
                 "be graph outputs (engines run generated code on static "
                 "shapes)";
        }
    });
    if (badUse)
      return signalPassFailure();

    // The dry run records which ops lower and, for the others, the reason
    // their pattern gave.
    lowering::LoweringFailureLog reasons;
    ConversionConfig analysisConfig;
    DenseSet<Operation *> legalizable;
    analysisConfig.legalizableOps = &legalizable;
    if (failed(applyAnalysisConversion(func, target, patterns, analysisConfig)))
      return signalPassFailure();

    bool unlowered = false;
    func.walk([&](Operation *op) {
      if (!isa<graph::GraphDialect>(op->getDialect()) ||
          legalizable.contains(op) || graph::isRuntimeBuiltin(op))
        return;
      unlowered = true;
      auto error = graph::NodeError(op->getLoc(), op->getName().getStringRef());
      error << "cannot be lowered to linalg";
      std::string reason = reasons.reasonFor(op);
      if (!reason.empty())
        error << ": " << reason;
    });
    if (unlowered)
      return signalPassFailure();

    if (failed(applyPartialConversion(func, target, patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
} // namespace weft
