//===- ConvToNhwc.cpp - NCHW convolutions run in NHWC ---------------------===//
//
// Implements cpu-conv-to-nhwc (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUCONVTONHWC
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// `value` (static, ranked) permuted by `perm`: result dim i is dim perm[i].
/// A linalg.generic rather than linalg.transpose, so that elementwise fusion
/// can merge the transpose of the conv's result with the bias/activation
/// consumers into the conv's kernel.
Value transpose(OpBuilder &builder, Location loc, Value value,
                ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> source(perm.size());
  for (auto [i, d] : llvm::enumerate(perm)) {
    shape.push_back(type.getDimSize(d));
    source[d] = builder.getAffineDimExpr(i);
  }
  unsigned rank = perm.size();
  Value init =
      builder.create<tensor::EmptyOp>(loc, shape, type.getElementType());
  SmallVector<AffineMap> maps{
      AffineMap::get(rank, 0, source, builder.getContext()),
      builder.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return builder
      .create<linalg::GenericOp>(
          loc, TypeRange{init.getType()}, ValueRange{value}, ValueRange{init},
          maps, iterators,
          [](OpBuilder &b, Location l, ValueRange args) {
            b.create<linalg::YieldOp>(l, args[0]);
          })
      ->getResult(0);
}

bool shouldConvert(linalg::Conv2DNchwFchwOp conv) {
  if (!conv.hasPureTensorSemantics())
    return false;
  for (Value v : conv->getOperands())
    if (!cast<ShapedType>(v.getType()).hasStaticShape())
      return false;
  auto filter = cast<ShapedType>(conv.getInputs()[1].getType());
  return filter.getDimSize(2) * filter.getDimSize(3) > 1;
}

class ConvToNhwc : public impl::CpuConvToNhwcBase<ConvToNhwc> {
public:
  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation().walk([&](linalg::Conv2DNchwFchwOp conv) {
      if (shouldConvert(conv))
        convs.push_back(conv);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNchwFchwOp conv : convs) {
      rewriter.setInsertionPoint(conv);
      Location loc = conv.getLoc();
      Value input = transpose(rewriter, loc, conv.getInputs()[0], {0, 2, 3, 1});
      Value filter =
          transpose(rewriter, loc, conv.getInputs()[1], {2, 3, 1, 0});
      Value init = conv.getOutputs()[0];
      Value nhwcInit;
      if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
        auto type = cast<RankedTensorType>(init.getType());
        SmallVector<int64_t> shape{type.getDimSize(0), type.getDimSize(2),
                                   type.getDimSize(3), type.getDimSize(1)};
        Value empty = rewriter.create<tensor::EmptyOp>(loc, shape,
                                                       type.getElementType());
        nhwcInit = rewriter
                       .create<linalg::FillOp>(fill.getLoc(),
                                               fill.getInputs()[0], empty)
                       ->getResult(0);
      } else {
        nhwcInit = transpose(rewriter, loc, init, {0, 2, 3, 1});
      }
      auto nhwc = rewriter.create<linalg::Conv2DNhwcHwcfOp>(
          loc, TypeRange{nhwcInit.getType()}, ValueRange{input, filter},
          ValueRange{nhwcInit},
          ArrayRef<NamedAttribute>{
              rewriter.getNamedAttr("strides", conv.getStrides()),
              rewriter.getNamedAttr("dilations", conv.getDilations())});
      Value result = transpose(rewriter, loc, nhwc->getResult(0), {0, 3, 1, 2});
      rewriter.replaceOp(conv, result);
    }
  }
};

} // namespace
} // namespace weft::cpu
