//===- ConvToNhwc.cpp - NCHW convolutions run in NHWC ---------------------===//
//
// Implements cpu-conv-to-nhwc (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// The FCHW filter `value` as HWCF, computed now when it is a dense constant
/// (the usual case: weights), else as a transpose step run at every
/// inference.
Value transposeFilter(OpBuilder &builder, Location loc, Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  auto dense = constant ? dyn_cast<DenseElementsAttr>(constant.getValue())
                        : DenseElementsAttr();
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> fchw = type.getShape();
  auto hwcfType = RankedTensorType::get(
      {fchw[2], fchw[3], fchw[1], fchw[0]}, type.getElementType());
  int64_t bits = type.getElementTypeBitWidth();
  if (!dense || (!dense.isSplat() && bits % 8 != 0))
    return transpose(builder, loc, value, {2, 3, 1, 0});
  if (dense.isSplat())
    return builder.create<arith::ConstantOp>(loc, dense.reshape(hwcfType));
  int64_t bytes = bits / 8;
  ArrayRef<char> source = dense.getRawData();
  std::vector<char> target(source.size());
  int64_t f = fchw[0], c = fchw[1], h = fchw[2], w = fchw[3];
  for (int64_t fi = 0; fi < f; ++fi)
    for (int64_t ci = 0; ci < c; ++ci)
      for (int64_t hi = 0; hi < h; ++hi)
        for (int64_t wi = 0; wi < w; ++wi) {
          int64_t from = ((fi * c + ci) * h + hi) * w + wi;
          int64_t to = ((hi * w + wi) * c + ci) * f + fi;
          std::copy_n(source.data() + from * bytes, bytes,
                      target.data() + to * bytes);
        }
  return builder.create<arith::ConstantOp>(
      loc, DenseElementsAttr::getFromRawBuffer(hwcfType, target));
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
      Value filter = transposeFilter(rewriter, loc, conv.getInputs()[1]);
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
