//===- Canonicalize.cpp - Canonicalization patterns of the graph ops ------===//
//
// Rewrites that simplify chains of graph ops: reshape-like chains that end
// where they started, reshape of reshape, transpose of transpose, and
// convolutions whose auto_pad can be written as explicit pads.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace weft::graph;

namespace {

/// True for ops that only reinterpret the shape of their first operand.
bool isReshapeLike(Operation *op) {
  return llvm::isa_and_nonnull<ReshapeOp, FlattenOp, SqueezeOp, UnsqueezeOp>(
      op);
}

/// A reshape-like op applied to the result of another reshape-like op whose
/// input has exactly the final type is the identity: the data order never
/// changes, so equal static shapes mean equal tensors.
template <typename OpTy>
struct CancelReshapeChain : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op->getOperand(0).getDefiningOp();
    if (!isReshapeLike(producer))
      return rewriter.notifyMatchFailure(op, "operand is not reshape-like");
    Value source = producer->getOperand(0);
    auto type = llvm::dyn_cast<RankedTensorType>(source.getType());
    if (!type || !type.hasStaticShape() || type != op->getResult(0).getType())
      return rewriter.notifyMatchFailure(op, "chain changes the type");
    rewriter.replaceOp(op, source);
    return success();
  }
};

/// reshape(reshape(x, s1), s2) -> reshape(x, s2) when s2 never copies a dim
/// of the intermediate tensor (no 0 entries, or allowzero).
struct ReshapeOfReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getData().getDefiningOp<ReshapeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not a reshape");
    std::optional<Shape> target = getConstantInts(op.getShape());
    if (!target)
      return rewriter.notifyMatchFailure(op, "shape is not constant");
    if (!op.getAllowzero() && llvm::is_contained(*target, 0))
      return rewriter.notifyMatchFailure(op, "shape copies intermediate dims");
    rewriter.modifyOpInPlace(
        op, [&] { op.getDataMutable().assign(inner.getData()); });
    return success();
  }
};

/// transpose(transpose(x, p1), p2) -> transpose(x, p1[p2[i]]).
struct TransposeOfTranspose : public OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getData().getDefiningOp<TransposeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not a transpose");
    auto type = llvm::dyn_cast<RankedTensorType>(inner.getData().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unranked input");
    FailureOr<SmallVector<int64_t>> p1 = getTransposePerm(
        inner.getPerm(), type.getRank(), std::nullopt, "graph.transpose");
    FailureOr<SmallVector<int64_t>> p2 = getTransposePerm(
        op.getPerm(), type.getRank(), std::nullopt, "graph.transpose");
    if (failed(p1) || failed(p2))
      return rewriter.notifyMatchFailure(op, "invalid perm");
    SmallVector<int64_t> composed;
    for (int64_t i : *p2)
      composed.push_back((*p1)[i]);
    rewriter.modifyOpInPlace(op, [&] {
      op.getDataMutable().assign(inner.getData());
      op.setPerm(composed);
    });
    return success();
  }
};

/// conv with auto_pad SAME_UPPER / SAME_LOWER / VALID and static spatial
/// dims -> the same conv with explicit pads and auto_pad NOTSET.
struct ResolveConvAutoPad : public OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp op,
                                PatternRewriter &rewriter) const override {
    StringRef autoPad = op.getAutoPad();
    if (autoPad == "NOTSET" || !isValidAutoPad(autoPad))
      return rewriter.notifyMatchFailure(op, "no auto_pad to resolve");
    MaybeShape x = getShape(op.getX());
    MaybeShape w = getShape(op.getW());
    if (!x || !w || x->size() < 3 || x->size() != w->size())
      return rewriter.notifyMatchFailure(op, "ranks unknown");
    size_t n = x->size() - 2;
    SmallVector<int64_t> pads(2 * n, 0);
    for (size_t i = 0; i < n; ++i) {
      int64_t in = (*x)[i + 2];
      int64_t k = op.getKernelShape() ? (*op.getKernelShape())[i] : (*w)[i + 2];
      if (isDyn(in) || isDyn(k))
        return rewriter.notifyMatchFailure(op, "dynamic spatial dims");
      if (autoPad == "VALID")
        continue;
      int64_t s = op.getStrides() ? (*op.getStrides())[i] : 1;
      int64_t d = op.getDilations() ? (*op.getDilations())[i] : 1;
      int64_t out = (in + s - 1) / s;
      int64_t total =
          std::max<int64_t>(0, (out - 1) * s + (k - 1) * d + 1 - in);
      int64_t small = total / 2, large = total - small;
      pads[i] = autoPad == "SAME_UPPER" ? small : large;
      pads[i + n] = autoPad == "SAME_UPPER" ? large : small;
    }
    rewriter.modifyOpInPlace(op, [&] {
      op.setAutoPad("NOTSET");
      op.setPads(pads);
    });
    return success();
  }
};

} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CancelReshapeChain<ReshapeOp>, ReshapeOfReshape>(context);
}

void FlattenOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CancelReshapeChain<FlattenOp>>(context);
}

void SqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CancelReshapeChain<SqueezeOp>>(context);
}

void UnsqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<CancelReshapeChain<UnsqueezeOp>>(context);
}

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<TransposeOfTranspose>(context);
}

void ConvOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<ResolveConvAutoPad>(context);
}
