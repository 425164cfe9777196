//===- FoldBatchNorm.cpp - Folding inference BatchNormalization -----------===//
//
// Implements graph-fold-batchnorm: a BatchNormalization with constant
// parameters is a per-channel affine map y = x * f + c. It is folded into the
// weights of a preceding single-use conv, or else becomes a mul and an add.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "passes/graph/FloatElements.h"
#include "passes/graph/FunctionSignature.h"
#include "passes/graph/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace weft::graph {
#define GEN_PASS_DEF_GRAPHFOLDBATCHNORM
#include "passes/graph/Passes.h.inc"
} // namespace weft::graph

using namespace mlir;
using namespace weft::graph;

namespace {

/// A BatchNormalization as `y = x * factor + offset` per channel.
struct ChannelAffine {
  SmallVector<double> factor;
  SmallVector<double> offset;
};

/// The affine map of `op` when its four parameters are constant and hold one
/// value per channel.
FailureOr<ChannelAffine> getChannelAffine(BatchNormalizationOp op) {
  std::optional<SmallVector<double>> scale = getConstantFloats(op.getScale());
  std::optional<SmallVector<double>> bias = getConstantFloats(op.getBias());
  std::optional<SmallVector<double>> mean = getConstantFloats(op.getMean());
  std::optional<SmallVector<double>> var = getConstantFloats(op.getVar());
  if (!scale || !bias || !mean || !var)
    return failure();
  size_t channels = scale->size();
  if (channels == 0 || bias->size() != channels || mean->size() != channels ||
      var->size() != channels)
    return failure();
  std::optional<SmallVector<int64_t>> shape = getShape(op.getX().getType());
  if (shape && shape->size() >= 2 && !ShapedType::isDynamic((*shape)[1]) &&
      (*shape)[1] != static_cast<int64_t>(channels))
    return failure();
  double epsilon = op.getEpsilon().convertToDouble();
  ChannelAffine affine;
  for (size_t c = 0; c < channels; ++c) {
    double f = (*scale)[c] / std::sqrt((*var)[c] + epsilon);
    affine.factor.push_back(f);
    affine.offset.push_back((*bias)[c] - (*mean)[c] * f);
  }
  return affine;
}

/// The location of a folded op: both ONNX nodes it came from.
Location fusedLoc(Operation *a, Operation *b) {
  return FusedLoc::get(a->getContext(), {a->getLoc(), b->getLoc()});
}

/// BatchNormalization after a single-use Conv/ConvTranspose with constant
/// weights: scale the weights per output channel and fold the offset into
/// the bias.
template <typename ConvTy>
struct FoldIntoConv : public OpRewritePattern<BatchNormalizationOp> {
  FoldIntoConv(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(BatchNormalizationOp op,
                                PatternRewriter &rewriter) const override {
    auto conv = op.getX().template getDefiningOp<ConvTy>();
    if (!conv || !conv->hasOneUse())
      return rewriter.notifyMatchFailure(op, "input is not a single-use conv");
    FailureOr<ChannelAffine> affine = getChannelAffine(op);
    if (failed(affine))
      return rewriter.notifyMatchFailure(op, "parameters are not constant");
    std::optional<SmallVector<double>> weights = getConstantFloats(conv.getW());
    auto weightType = llvm::dyn_cast<RankedTensorType>(conv.getW().getType());
    if (!weights || !weightType || weightType.getRank() < 2 || weights->empty())
      return rewriter.notifyMatchFailure(op, "weights are not constant");
    int64_t channels = affine->factor.size();
    FailureOr<SmallVector<int64_t>> channelOf = getOutputChannels(
        weightType.getShape(), static_cast<int64_t>(conv.getGroup()), channels);
    if (failed(channelOf))
      return rewriter.notifyMatchFailure(op, "channel counts disagree");
    SmallVector<double> bias(channels, 0.0);
    if (Value b = conv.getB()) {
      std::optional<SmallVector<double>> values = getConstantFloats(b);
      if (!values || static_cast<int64_t>(values->size()) != channels)
        return rewriter.notifyMatchFailure(op, "bias is not constant");
      bias = *values;
    }

    int64_t perRow = weights->size() / weightType.getDimSize(0);
    int64_t kernel = perRow / weightType.getDimSize(1);
    for (auto [i, w] : llvm::enumerate(*weights)) {
      int64_t row = i / perRow, col = (i / kernel) % weightType.getDimSize(1);
      w *= affine->factor[(*channelOf)[row * weightType.getDimSize(1) + col]];
    }
    for (int64_t c = 0; c < channels; ++c)
      bias[c] = bias[c] * affine->factor[c] + affine->offset[c];

    Location loc = fusedLoc(conv, op);
    auto newWeights =
        rewriter.create<ConstantOp>(conv.getW().getLoc(), weightType,
                                    makeFloatElements(weightType, *weights));
    auto biasType =
        RankedTensorType::get({channels}, weightType.getElementType());
    auto newBias = rewriter.create<ConstantOp>(
        loc, biasType, makeFloatElements(biasType, bias));
    Operation *folded = rewriter.clone(*conv);
    folded->setLoc(loc);
    folded->setOperand(1, newWeights);
    if (folded->getNumOperands() > 2)
      folded->setOperand(2, newBias);
    else
      folded->insertOperands(2, ValueRange{newBias.getResult()});
    folded->getResult(0).setType(op.getType());
    rewriter.replaceOp(op, folded->getResults());
    rewriter.eraseOp(conv);
    return success();
  }

  /// For each (row, column) of the weight's first two dims, the output
  /// channel it contributes to.
  static FailureOr<SmallVector<int64_t>>
  getOutputChannels(ArrayRef<int64_t> shape, int64_t group, int64_t channels);
};

/// Conv weights are `M x C/group x k...`: row m feeds output channel m.
template <>
FailureOr<SmallVector<int64_t>>
FoldIntoConv<ConvOp>::getOutputChannels(ArrayRef<int64_t> shape, int64_t,
                                        int64_t channels) {
  if (shape[0] != channels)
    return failure();
  SmallVector<int64_t> channelOf;
  for (int64_t m = 0; m < shape[0]; ++m)
    channelOf.append(shape[1], m);
  return channelOf;
}

/// ConvTranspose weights are `C x M/group x k...`: input channel c of group
/// g = c / (C/group) feeds output channel g * M/group + column.
template <>
FailureOr<SmallVector<int64_t>>
FoldIntoConv<ConvTransposeOp>::getOutputChannels(ArrayRef<int64_t> shape,
                                                 int64_t group,
                                                 int64_t channels) {
  if (group <= 0 || shape[0] % group != 0 || shape[1] * group != channels)
    return failure();
  int64_t inPerGroup = shape[0] / group;
  SmallVector<int64_t> channelOf;
  for (int64_t c = 0; c < shape[0]; ++c)
    for (int64_t j = 0; j < shape[1]; ++j)
      channelOf.push_back((c / inPerGroup) * shape[1] + j);
  return channelOf;
}

/// Any other BatchNormalization with constant parameters and a ranked input:
/// `x * factor + offset` with both shaped `C x 1 x ...` to broadcast on dim 1.
struct LowerToMulAdd : public OpRewritePattern<BatchNormalizationOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchNormalizationOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = llvm::dyn_cast<RankedTensorType>(op.getX().getType());
    if (!inputType || inputType.getRank() < 2 ||
        !llvm::isa<FloatType>(inputType.getElementType()))
      return rewriter.notifyMatchFailure(op, "input is not a ranked float");
    FailureOr<ChannelAffine> affine = getChannelAffine(op);
    if (failed(affine))
      return rewriter.notifyMatchFailure(op, "parameters are not constant");
    SmallVector<int64_t> shape(inputType.getRank() - 1, 1);
    shape[0] = affine->factor.size();
    auto type = RankedTensorType::get(shape, inputType.getElementType());
    Location loc = op.getLoc();
    auto factor = rewriter.create<ConstantOp>(
        loc, type, makeFloatElements(type, affine->factor));
    auto offset = rewriter.create<ConstantOp>(
        loc, type, makeFloatElements(type, affine->offset));
    auto mul = rewriter.create<MulOp>(loc, op.getType(), op.getX(), factor);
    auto add = rewriter.create<AddOp>(loc, op.getType(), mul, offset);
    rewriter.replaceOp(op, add.getResult());
    return success();
  }
};

struct GraphFoldBatchNormPass
    : public weft::graph::impl::GraphFoldBatchNormBase<GraphFoldBatchNormPass> {
  using GraphFoldBatchNormBase::GraphFoldBatchNormBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldIntoConv<ConvOp>, FoldIntoConv<ConvTransposeOp>>(
        &getContext());
    patterns.add<LowerToMulAdd>(&getContext());
    (void)applyPatternsAndFoldGreedily(func, std::move(patterns));
    updateFunctionSignature(func);
  }
};

} // namespace
