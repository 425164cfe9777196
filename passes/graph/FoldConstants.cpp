//===- FoldConstants.cpp - Folding shape arithmetic and constant ifs ------===//
//
// Implements graph-fold-constants: the patterns here see across ops (a
// Gather of a Shape of a partly static tensor, a Reshape whose shape is a
// Concat of constants and dims); the single-op folders of the graph dialect
// run with them to a fixpoint.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/ConstantEval.h"
#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "passes/graph/FunctionSignature.h"
#include "passes/graph/Passes.h"
#include "passes/graph/ShapeValue.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace weft::graph {
#define GEN_PASS_DEF_GRAPHFOLDCONSTANTS
#include "passes/graph/Passes.h.inc"
} // namespace weft::graph

using namespace mlir;
using namespace weft::graph;

namespace {

/// Replaces a shape-computing op whose elements are all known (see
/// ShapeValue) by a constant.
struct MaterializeShapeValue : public RewritePattern {
  explicit MaterializeShapeValue(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!llvm::isa<ShapeOp, SizeOp, CastOp, GatherOp, SliceOp, ConcatOp,
                   UnsqueezeOp, SqueezeOp, ReshapeOp, IdentityOp, AddOp, SubOp,
                   MulOp, DivOp, EqualOp, NotOp>(op) ||
        op->getNumResults() != 1)
      return failure();
    Value result = op->getResult(0);
    std::optional<ShapeValue> value = analyzeShapeValue(result);
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a small integer tensor");
    std::optional<SmallVector<int64_t>> constants = value->getConstants();
    if (!constants)
      return rewriter.notifyMatchFailure(op, "some elements are unknown");
    SmallVector<int64_t> shape;
    if (!value->isScalar)
      shape.push_back(constants->size());
    auto type = RankedTensorType::get(shape, getElementType(result.getType()));
    if (!areRefinableTypes(result.getType(), type))
      return rewriter.notifyMatchFailure(op, "declared type disagrees");
    auto constant = rewriter.create<ConstantOp>(
        op->getLoc(), type, makeIntElements(type, *constants));
    rewriter.replaceOp(op, constant.getResult());
    return success();
  }
};

/// Gives a Reshape a constant shape when the unknown elements of its shape
/// copy the data's dim at the same position (written `0`) or when exactly one
/// is unknown and no `-1` is present (written `-1`: the element count
/// determines it).
struct ResolveReshapeShape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getAllowzero() != 0)
      return rewriter.notifyMatchFailure(op, "allowzero: 0 is not a copy");
    if (matchPattern(op.getShape(), m_Constant()))
      return rewriter.notifyMatchFailure(op, "shape is already constant");
    std::optional<ShapeValue> value = analyzeShapeValue(op.getShape());
    if (!value || value->isScalar)
      return rewriter.notifyMatchFailure(op, "shape is not a 1-D tensor");
    SmallVector<int64_t> dims;
    int64_t unknown = -1;
    bool hasMinusOne = false;
    for (auto [i, element] : llvm::enumerate(value->elements)) {
      if (element.isConstant()) {
        dims.push_back(element.value);
        hasMinusOne |= element.value == -1;
      } else if (element.kind == ShapeElement::Kind::DimOf &&
                 element.source == op.getData() &&
                 element.dim == static_cast<int64_t>(i)) {
        dims.push_back(0);
      } else if (unknown < 0) {
        unknown = i;
        dims.push_back(-1);
      } else {
        return rewriter.notifyMatchFailure(op, "two shape elements unknown");
      }
    }
    if (unknown >= 0 && hasMinusOne)
      return rewriter.notifyMatchFailure(op, "unknown element besides -1");
    auto type = RankedTensorType::get({static_cast<int64_t>(dims.size())},
                                      getElementType(op.getShape().getType()));
    if (!llvm::isa<IntegerType>(type.getElementType()))
      return failure();
    auto constant = rewriter.create<ConstantOp>(op.getShape().getLoc(), type,
                                                makeIntElements(type, dims));
    rewriter.modifyOpInPlace(
        op, [&] { op.getShapeMutable().assign(constant.getResult()); });
    return success();
  }
};

/// The dims of a constant-valued shape operand, or nullopt (also for a
/// negative dim, which the op's verifier reports).
std::optional<SmallVector<int64_t>> getConstantDims(Value shape) {
  std::optional<ShapeValue> value = analyzeShapeValue(shape);
  if (!value || value->isScalar)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> dims = value->getConstants();
  if (!dims || llvm::any_of(*dims, [](int64_t d) { return d < 0; }))
    return std::nullopt;
  return dims;
}

/// ConstantOfShape with a shape that resolves to constants becomes a splat
/// constant. (The op's folder needs a static declared type; here the shape
/// operand decides.)
struct FoldConstantOfShape : public OpRewritePattern<ConstantOfShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstantOfShapeOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> dims = getConstantDims(op.getInput());
    if (!dims)
      return rewriter.notifyMatchFailure(op, "shape is not constant");
    Attribute fill;
    Type elementType;
    if (ElementsAttr value = op.getValueAttr()) {
      auto dense = llvm::dyn_cast<DenseElementsAttr>(value);
      if (!dense || dense.getNumElements() != 1)
        return rewriter.notifyMatchFailure(op, "value is not one element");
      fill = *dense.getValues<Attribute>().begin();
      elementType = dense.getElementType();
    } else {
      elementType = rewriter.getF32Type();
      fill = rewriter.getFloatAttr(elementType, 0.0);
    }
    auto type = RankedTensorType::get(*dims, elementType);
    if (!areRefinableTypes(op.getType(), type))
      return rewriter.notifyMatchFailure(op, "declared type disagrees");
    auto constant = rewriter.create<ConstantOp>(
        op.getLoc(), type, DenseElementsAttr::get(type, fill));
    rewriter.replaceOp(op, constant.getResult());
    return success();
  }
};

/// Expand of a constant to a shape that resolves to constants becomes a
/// constant: a splat always, other values up to a size limit for
/// floating-point data. (Expand's folder needs a static declared type; here
/// the shape operand decides.)
struct FoldExpand : public OpRewritePattern<ExpandOp> {
  FoldExpand(MLIRContext *context, int64_t maxFloatElements)
      : OpRewritePattern(context), maxFloatElements(maxFloatElements) {}

  LogicalResult matchAndRewrite(ExpandOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr input = getConstantElements(op.getInput());
    std::optional<SmallVector<int64_t>> dims = getConstantDims(op.getShape());
    if (!input || !dims)
      return rewriter.notifyMatchFailure(op, "input or shape not constant");
    ArrayRef<int64_t> inShape = input.getType().getShape();
    FailureOr<SmallVector<int64_t>> outShape = broadcastShapes(inShape, *dims);
    if (failed(outShape))
      return rewriter.notifyMatchFailure(op, "shapes do not broadcast");
    auto type = RankedTensorType::get(*outShape, input.getElementType());
    if (!areRefinableTypes(op.getType(), type))
      return rewriter.notifyMatchFailure(op, "declared type disagrees");
    DenseElementsAttr folded;
    if (input.isSplat()) {
      folded = DenseElementsAttr::get(type, input.getSplatValue<Attribute>());
    } else {
      int64_t limit = llvm::isa<FloatType>(input.getElementType())
                          ? maxFloatElements
                          : kMaxShapeValueElements;
      if (type.getNumElements() > limit)
        return rewriter.notifyMatchFailure(op, "result too large to fold");
      folded = evalBroadcastTo(input, type);
    }
    if (!folded)
      return rewriter.notifyMatchFailure(op, "cannot broadcast the input");
    auto constant = rewriter.create<ConstantOp>(op.getLoc(), type, folded);
    rewriter.replaceOp(op, constant.getResult());
    return success();
  }

  int64_t maxFloatElements;
};

/// A graph.if whose condition is constant becomes the ops of its taken
/// branch (Silero VAD switches on a sample-rate input this way).
struct InlineConstantIf : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ShapeValue> cond = analyzeShapeValue(op.getCond());
    std::optional<SmallVector<int64_t>> values =
        cond ? cond->getConstants() : std::nullopt;
    if (!values || values->size() != 1)
      return rewriter.notifyMatchFailure(op, "condition is not constant");
    Region &taken = (*values)[0] ? op.getThenBranch() : op.getElseBranch();
    if (taken.empty())
      return failure();
    Block &block = taken.front();
    auto yield = llvm::dyn_cast<YieldOp>(block.getTerminator());
    if (!yield || yield.getNumOperands() != op.getNumResults())
      return rewriter.notifyMatchFailure(op, "branch does not yield results");
    SmallVector<Value> results(yield.getOperands());
    rewriter.inlineBlockBefore(&block, op);
    rewriter.eraseOp(yield);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct GraphFoldConstantsPass
    : public weft::graph::impl::GraphFoldConstantsBase<GraphFoldConstantsPass> {
  using GraphFoldConstantsBase::GraphFoldConstantsBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (maxFloatElements < 0) {
      func.emitError() << "max-float-elements must not be negative, got "
                       << static_cast<int64_t>(maxFloatElements);
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<MaterializeShapeValue, ResolveReshapeShape,
                 FoldConstantOfShape, InlineConstantIf>(&getContext());
    patterns.add<FoldExpand>(&getContext(), maxFloatElements);
    // Not converging within the driver's iteration limit only means some
    // folding is left for the next run of the pass.
    (void)applyPatternsAndFoldGreedily(func, std::move(patterns));
    updateFunctionSignature(func);
  }
};

} // namespace
