//===- TileAndVectorize.cpp - Parallel split, tiling, vectorization -------===//
//
// The parallel split tiles the op producing a kernel's result along one
// parallel dim and fuses the rest of the kernel into that loop; the runtime
// then hands each thread a range of the loop's iterations. Inside, every
// linalg op is tiled to register-sized tiles and vectorized.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUTILEANDVECTORIZE
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// The largest divisor of `size` that is at most `limit` (tiles that divide
/// their dim keep every shape static, which the vectorizer needs).
int64_t largestDivisorAtMost(int64_t size, int64_t limit) {
  for (int64_t d = std::min(size, limit); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

/// The smallest divisor of `size` that is at least `floor`.
int64_t smallestDivisorAtLeast(int64_t size, int64_t floor) {
  for (int64_t d = std::max<int64_t>(floor, 1); d < size; ++d)
    if (size % d == 0)
      return d;
  return size;
}

/// Whether the vector code for `op` would be wrong or illegal: a vector of
/// i1 is stored bit-packed while a bool tensor keeps one byte per element,
/// and vector constants must be signless (a ui8 add would need one).
bool mustStayScalar(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    Type element = shaped ? shaped.getElementType() : type;
    return element.isInteger(1) ||
           (isa<IntegerType>(element) && !element.isSignlessInteger());
  });
}

SmallVector<OpFoldResult> toFoldResults(OpBuilder &builder,
                                        ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return builder.getIndexAttr(size);
  });
}

/// Register-level tile sizes for `op`; empty when it should stay whole
/// (it is not vectorizable and becomes loops later).
SmallVector<int64_t> chooseInnerTileSizes(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return {};
  auto lanes = [&](int64_t dim, int64_t limit) {
    return largestDivisorAtMost(ranges[dim], limit);
  };
  // Loops (n, f, oh, ow, c, kh, kw): one output row per tile, so the conv
  // decomposes into a vectorizable 1-D conv.
  if (isa<linalg::Conv2DNchwFchwOp>(op))
    return {1, lanes(1, 4), 1, lanes(3, 16), lanes(4, 8), 1, ranges[6]};
  if (isa<linalg::Conv2DNhwcHwcfOp>(op)) // (n, oh, ow, f, kh, kw, c)
    return {1, 1, lanes(2, 8), lanes(3, 16), 1, ranges[5], lanes(6, 8)};
  // Loops (n, c, oh, ow, kh, kw).
  if (isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(op))
    return {1, lanes(1, 4), 1, lanes(3, 16), 1, ranges[5]};
  if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(op)) // (n, oh, ow, c, kh, kw)
    return {1, 1, lanes(2, 8), lanes(3, 16), 1, ranges[5]};
  // (n, oh, ow, c, kh, kw): one channel, one output row, a vector of
  // output columns and every tap (see vectorizeDepthwiseRow).
  if (isa<linalg::DepthwiseConv2DNchwChwOp>(op))
    return {1, 1, lanes(2, 16), 1, ranges[4], ranges[5]};
  if (mustStayScalar(op) || failed(linalg::vectorizeOpPrecondition(op)))
    return {};
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims) && !dims->m.empty() && !dims->n.empty() &&
        !dims->k.empty()) {
      SmallVector<int64_t> sizes(ranges.size(), 1);
      sizes[dims->m.back()] = lanes(dims->m.back(), 8);
      sizes[dims->n.back()] = lanes(dims->n.back(), 32);
      sizes[dims->k.back()] = lanes(dims->k.back(), 16);
      return sizes;
    }
  }
  // Elementwise ops, reductions, transposes, fills: vectors along the
  // innermost loop.
  SmallVector<int64_t> sizes(ranges.size(), 1);
  if (!sizes.empty())
    sizes.back() = lanes(ranges.size() - 1, 64);
  return sizes;
}

/// Vectorizes a register tile of an NCHW depthwise convolution: one channel,
/// one output row of T columns, all KH x KW taps. The accumulator stays in a
/// vector<T>; each tap is one FMA of a broadcast weight with T input columns,
/// read contiguously (stride 1) or as a (T-1)*s+1 wide read compacted by a
/// shuffle (stride s). (Upstream's vectorizer handles depthwise convolutions
/// only in NWC layout, where the vector runs over channels.)
LogicalResult vectorizeDepthwiseRow(RewriterBase &rewriter,
                                    linalg::DepthwiseConv2DNchwChwOp op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  auto filterType = dyn_cast<RankedTensorType>(op.getInputs()[1].getType());
  auto outputType = dyn_cast<RankedTensorType>(op.getOutputs()[0].getType());
  if (!inputType || !filterType || !outputType ||
      !inputType.hasStaticShape() || !filterType.hasStaticShape() ||
      !outputType.hasStaticShape() ||
      !isa<FloatType>(outputType.getElementType()) ||
      inputType.getElementType() != outputType.getElementType() ||
      filterType.getElementType() != outputType.getElementType())
    return failure();
  ArrayRef<int64_t> out = outputType.getShape();
  ArrayRef<int64_t> filter = filterType.getShape();
  if (out[0] != 1 || out[1] != 1 || out[2] != 1 || filter[0] != 1)
    return failure();
  auto strides = llvm::to_vector(op.getStrides().getValues<int64_t>());
  auto dilations = llvm::to_vector(op.getDilations().getValues<int64_t>());
  int64_t columns = out[3], kh = filter[1], kw = filter[2];
  int64_t span = (columns - 1) * strides[1] + 1;
  Location loc = op.getLoc();
  Type elementType = outputType.getElementType();
  auto vectorType = VectorType::get({columns}, elementType);
  auto spanType = VectorType::get({span}, elementType);
  rewriter.setInsertionPoint(op);
  Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
  Value padding = rewriter.create<arith::ConstantOp>(
      loc, rewriter.getZeroAttr(elementType));
  auto index = [&](int64_t i) -> Value {
    return rewriter.create<arith::ConstantIndexOp>(loc, i);
  };
  SmallVector<bool> inBounds{true};
  auto rowMap = [&](int64_t rank) {
    return AffineMap::get(rank, 0, rewriter.getAffineDimExpr(rank - 1));
  };
  Value acc = rewriter.create<vector::TransferReadOp>(
      loc, vectorType, op.getOutputs()[0], ValueRange{zero, zero, zero, zero},
      AffineMapAttr::get(rowMap(4)), padding, Value(),
      rewriter.getBoolArrayAttr(inBounds));
  SmallVector<int64_t> lanes;
  for (int64_t i = 0; i < columns; ++i)
    lanes.push_back(i * strides[1]);
  for (int64_t i = 0; i < kh; ++i) {
    for (int64_t j = 0; j < kw; ++j) {
      Value row = index(i * dilations[0]), column = index(j * dilations[1]);
      Value taps = rewriter.create<vector::TransferReadOp>(
          loc, spanType, op.getInputs()[0],
          ValueRange{zero, zero, row, column}, AffineMapAttr::get(rowMap(4)),
          padding, Value(), rewriter.getBoolArrayAttr(inBounds));
      if (span != columns)
        taps = rewriter.create<vector::ShuffleOp>(loc, taps, taps, lanes);
      Value weight = rewriter.create<tensor::ExtractOp>(
          loc, op.getInputs()[1], ValueRange{zero, index(i), index(j)});
      Value weights =
          rewriter.create<vector::BroadcastOp>(loc, vectorType, weight);
      acc = rewriter.create<vector::FMAOp>(loc, taps, weights, acc);
    }
  }
  auto written = rewriter.create<vector::TransferWriteOp>(
      loc, acc, op.getOutputs()[0], ValueRange{zero, zero, zero, zero},
      AffineMapAttr::get(rowMap(4)), Value(),
      rewriter.getBoolArrayAttr(inBounds));
  rewriter.replaceOp(op, written.getResult());
  return success();
}

/// A static tensor.pad with a constant value as a fill of the result (tiled
/// and vectorized here) and an insert of the source into its interior (a
/// copy that cpu-vectorize-copies vectorizes); bufferized as is, a pad is a
/// scalar loop nest.
void decomposePads(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<tensor::PadOp> pads;
  func.walk([&](tensor::PadOp pad) { pads.push_back(pad); });
  for (tensor::PadOp pad : pads) {
    Value value = pad.getConstantPaddingValue();
    RankedTensorType resultType = pad.getResultType();
    auto sourceType = cast<RankedTensorType>(pad.getSource().getType());
    if (!value || !resultType.hasStaticShape() ||
        !sourceType.hasStaticShape() || !pad.getLow().empty() ||
        !pad.getHigh().empty())
      continue;
    rewriter.setInsertionPoint(pad);
    Location loc = pad.getLoc();
    Value empty = rewriter.create<tensor::EmptyOp>(
        loc, resultType.getShape(), resultType.getElementType());
    Value filled =
        rewriter.create<linalg::FillOp>(loc, value, empty)->getResult(0);
    SmallVector<OpFoldResult> offsets =
        toFoldResults(rewriter, pad.getStaticLow());
    SmallVector<OpFoldResult> sizes =
        toFoldResults(rewriter, sourceType.getShape());
    SmallVector<OpFoldResult> strides(sizes.size(), rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        pad, pad.getSource(), filled, offsets, sizes, strides);
  }
}

class TileAndVectorize
    : public impl::CpuTileAndVectorizeBase<TileAndVectorize> {
public:
  using CpuTileAndVectorizeBase::CpuTileAndVectorizeBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kKernelAttr) || func.isExternal())
      return;
    IRRewriter rewriter(&getContext());
    if (vectorize)
      decomposePads(rewriter, func);
    int64_t extent = splitForThreads(rewriter, func);
    func->setAttr(kParallelExtentAttr, rewriter.getI64IntegerAttr(extent));
    if (failed(cleanup(func)))
      return signalPassFailure();
    if (!vectorize)
      return;
    tileForRegisters(rewriter, func);
    if (failed(cleanup(func)))
      return signalPassFailure();
    {
      RewritePatternSet patterns(&getContext());
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(applyPatternsAndFoldGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    for (linalg::LinalgOp op : ops) {
      if (auto depthwise = dyn_cast<linalg::DepthwiseConv2DNchwChwOp>(*op)) {
        if (succeeded(vectorizeDepthwiseRow(rewriter, depthwise)))
          continue;
      }
      if (mustStayScalar(op) || failed(linalg::vectorizeOpPrecondition(op)))
        continue;
      rewriter.setInsertionPoint(op);
      (void)linalg::vectorize(rewriter, op);
    }
    // Multiply + multi-reduction pairs (what matmuls vectorize to) become
    // vector.contract, which lowers to FMAs.
    if (failed(cleanup(func, /*formContractions=*/true)))
      return signalPassFailure();
  }

private:
  /// Tiles the op producing the kernel's results along its outermost
  /// parallel dim of size > 1 and fuses its producers; returns the number of
  /// work items (1 when there is nothing to split).
  int64_t splitForThreads(IRRewriter &rewriter, func::FuncOp func) {
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    if (ret->getNumOperands() == 0)
      return 1;
    Operation *anchor = ret->getOperand(0).getDefiningOp();
    if (!anchor || llvm::any_of(ret->getOperands(), [&](Value v) {
          return v.getDefiningOp() != anchor;
        }))
      return 1;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(anchor);
    if (!linalgOp)
      return 1;
    SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
    // Nothing to split in an op without iterations (MLIR's tiling crashes
    // on a zero-size loop).
    if (llvm::is_contained(ranges, 0))
      return 1;
    SmallVector<utils::IteratorType> iterators =
        linalgOp.getIteratorTypesArray();
    int64_t dim = -1;
    for (int64_t i = 0, e = ranges.size(); i < e && dim < 0; ++i) {
      if (iterators[i] == utils::IteratorType::parallel && ranges[i] > 1 &&
          !ShapedType::isDynamic(ranges[i])) {
        dim = i;
        break;
      }
    }
    if (dim < 0)
      return 1;
    int64_t size = ranges[dim];
    int64_t chunk =
        smallestDivisorAtLeast(size, (size + parallelExtent - 1) /
                                         std::max<int64_t>(parallelExtent, 1));
    SmallVector<int64_t> sizes(ranges.size(), 0);
    sizes[dim] = chunk;
    scf::SCFTileAndFuseOptions options;
    options.tilingOptions.setTileSizes(toFoldResults(rewriter, sizes));
    rewriter.setInsertionPoint(anchor);
    FailureOr<scf::SCFTileAndFuseResult> tiled =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(anchor), options);
    if (failed(tiled) || tiled->loops.empty())
      return 1;
    SmallVector<Value> replacements;
    for (Value result : anchor->getResults())
      replacements.push_back(tiled->replacements.lookup(result));
    rewriter.replaceOp(anchor, replacements);
    tiled->loops.front()->setAttr(kParallelChunkAttr,
                                  rewriter.getI64IntegerAttr(chunk));
    return size / chunk;
  }

  void tileForRegisters(IRRewriter &rewriter, func::FuncOp func) {
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics())
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops) {
      SmallVector<int64_t> sizes = chooseInnerTileSizes(op);
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (sizes.empty() || sizes == ranges || llvm::is_contained(ranges, 0))
        continue;
      scf::SCFTilingOptions options;
      options.setTileSizes(toFoldResults(rewriter, sizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.replaceOp(op, tiled->replacements);
    }
  }

  LogicalResult cleanup(func::FuncOp func, bool formContractions = false) {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    for (Dialect *dialect : ctx->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, ctx);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (formContractions) {
      vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
      vector::populateVectorReductionToContractPatterns(patterns);
    }
    return applyPatternsAndFoldGreedily(func, std::move(patterns));
  }
};

} // namespace
} // namespace weft::cpu
