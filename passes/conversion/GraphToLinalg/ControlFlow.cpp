//===- ControlFlow.cpp - Lowering graph.if ---------------------------------===//
//
// graph.if becomes scf.if on the condition's one element; both regions move
// over as they are (their ops are lowered like any other) and graph.yield
// becomes scf.yield, with a tensor.cast where a branch yields a more precise
// type than the if's result.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using weft::lowering::failToLower;

namespace weft {
namespace {

struct IfLowering : OpConversionPattern<graph::IfOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto condType = dyn_cast<RankedTensorType>(adaptor.getCond().getType());
    if (!condType || !condType.hasStaticShape() ||
        condType.getNumElements() != 1 ||
        !condType.getElementType().isInteger(1))
      return failToLower(rewriter, op, "cond must be one static bool");
    for (Type type : op.getResultTypes())
      if (!isa<RankedTensorType>(type))
        return failToLower(rewriter, op, "every result must be a ranked tensor");
    Location loc = op.getLoc();
    SmallVector<Value> indices(
        condType.getRank(), rewriter.create<arith::ConstantIndexOp>(loc, 0));
    Value cond =
        rewriter.create<tensor::ExtractOp>(loc, adaptor.getCond(), indices);
    auto scfIf = rewriter.create<scf::IfOp>(loc, op.getResultTypes(), cond,
                                            /*withElseRegion=*/true);
    // scf.if's builder made empty blocks: replace them with the branches.
    rewriter.eraseBlock(&scfIf.getThenRegion().front());
    rewriter.eraseBlock(&scfIf.getElseRegion().front());
    rewriter.inlineRegionBefore(op.getThenBranch(), scfIf.getThenRegion(),
                                scfIf.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseBranch(), scfIf.getElseRegion(),
                                scfIf.getElseRegion().end());
    rewriter.replaceOp(op, scfIf.getResults());
    return success();
  }
};

struct YieldLowering : OpConversionPattern<graph::YieldOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto parent = dyn_cast<scf::IfOp>(op->getParentOp());
    if (!parent)
      return failToLower(rewriter, op,
                         "it is lowered with the if or loop around it");
    SmallVector<Value> values;
    for (auto [value, type] :
         llvm::zip(adaptor.getOperands(), parent.getResultTypes())) {
      if (value.getType() == type) {
        values.push_back(value);
        continue;
      }
      if (!tensor::CastOp::areCastCompatible(value.getType(), type))
        return failToLower(rewriter, op,
                           "a branch yields a type the if cannot return");
      values.push_back(
          rewriter.create<tensor::CastOp>(op.getLoc(), type, value));
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, values);
    return success();
  }
};

} // namespace

void populateGraphControlFlowToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<IfLowering, YieldLowering>(patterns.getContext());
}

} // namespace weft
