//===- Signal.cpp - graph.dft and graph.stft to linalg --------------------===//
//
// Both transforms are a direct O(N^2) DFT: one linalg.generic whose
// iteration space is the result's dims plus a reduction dim `n` over the
// samples, accumulating `x[n] * exp(-+2*pi*i * k * n / N)` into the real
// (last index 0) or imaginary (1) part of `y[k]`. The complex input is read
// twice, through maps that fix its last index to 0 and to 1; a real input
// only once. STFT reads sample `f * frame_step + n` of the signal for frame
// `f`, so framing needs no copy.
//
// The twiddle factor is exact at multiples of pi/2 and accurate elsewhere:
// `k * n` is reduced modulo N in integers, split into a quadrant and an
// angle in [0, pi/2), and only that angle goes through cos and sin (f32
// polynomials on the CPU, also for f64 signals, whose twiddles are then
// accurate to about 1e-7), so sums whose exact value is 0 stay near 0.
//
// graph.mel_weight_matrix folds to a constant when its operands are
// constants; its pattern here only reports that it needs them.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

/// One generic's transform: the length N and the direction.
struct Transform {
  int64_t length;
  bool inverse;
};

/// cos and sin of `2 * pi * ((k * n) mod N) / N` for index values `k`, `n`.
std::pair<Value, Value> buildTwiddle(OpBuilder &b, Location loc, FloatType f,
                                     Value k, Value n, int64_t length) {
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIntOp>(loc, v, 64);
  };
  Value ki = b.create<arith::IndexCastUIOp>(loc, i64, k);
  Value ni = b.create<arith::IndexCastUIOp>(loc, i64, n);
  Value product = b.create<arith::MulIOp>(loc, ki, ni);
  Value m = b.create<arith::RemUIOp>(loc, product, constant(length));
  // 4m = quadrant * N + r: the angle is quadrant * pi/2 + (pi/2) * r / N.
  Value fourM = b.create<arith::MulIOp>(loc, m, constant(4));
  Value quadrant = b.create<arith::DivUIOp>(loc, fourM, constant(length));
  Value r = b.create<arith::RemUIOp>(loc, fourM, constant(length));
  Value rf = b.create<arith::UIToFPOp>(loc, f, r);
  Value scale = createScalar(b, loc, f, llvm::numbers::pi / 2 / double(length));
  Value phi = b.create<arith::MulFOp>(loc, rf, scale);
  // cos and sin are evaluated in f32 even for f64 signals: the CPU backend
  // has polynomials for f32 only and links no libm.
  Value phi32 = phi;
  if (!f.isF32())
    phi32 = b.create<arith::TruncFOp>(loc, b.getF32Type(), phi);
  Value c0 = b.create<math::CosOp>(loc, phi32);
  Value s0 = b.create<math::SinOp>(loc, phi32);
  if (!f.isF32()) {
    c0 = b.create<arith::ExtFOp>(loc, f, c0);
    s0 = b.create<arith::ExtFOp>(loc, f, s0);
  }
  // Rotating (c0, s0) by the quadrant: odd quadrants swap the pair,
  // quadrants 1 and 2 negate the cosine, 2 and 3 the sine.
  Value odd = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq,
      b.create<arith::AndIOp>(loc, quadrant, constant(1)), constant(1));
  Value a = b.create<arith::SelectOp>(loc, odd, s0, c0);
  Value c = b.create<arith::SelectOp>(loc, odd, c0, s0);
  Value cosNegative = b.create<arith::OrIOp>(
      loc,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, quadrant,
                              constant(1)),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, quadrant,
                              constant(2)));
  Value sinNegative = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::uge,
                                              quadrant, constant(2));
  Value cosine = b.create<arith::SelectOp>(loc, cosNegative,
                                           b.create<arith::NegFOp>(loc, a), a);
  Value sine = b.create<arith::SelectOp>(loc, sinNegative,
                                         b.create<arith::NegFOp>(loc, c), c);
  return {cosine, sine};
}

/// `acc` plus the contribution of sample `(re, im)` (`im` null for a real
/// sample) at index `n` to part `part` (0 real, 1 imaginary) of frequency
/// `k`.
Value accumulateTerm(OpBuilder &b, Location loc, const Transform &t, Value re,
                     Value im, Value k, Value n, Value part, Value acc) {
  auto f = cast<FloatType>(re.getType());
  auto [cosine, sine] = buildTwiddle(b, loc, f, k, n, t.length);
  // Forward: (re + i im)(cos - i sin); inverse: (re + i im)(cos + i sin).
  Value s = t.inverse ? b.create<arith::NegFOp>(loc, sine).getResult() : sine;
  Value real = b.create<arith::MulFOp>(loc, re, cosine);
  Value imag = b.create<arith::NegFOp>(
      loc, b.create<arith::MulFOp>(loc, re, s).getResult());
  if (im) {
    Value imSin = b.create<arith::MulFOp>(loc, im, s);
    real = b.create<arith::AddFOp>(loc, real, imSin);
    Value imCos = b.create<arith::MulFOp>(loc, im, cosine);
    imag = b.create<arith::AddFOp>(loc, imag, imCos);
  }
  Value isReal =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, part,
                              b.create<arith::ConstantIndexOp>(loc, 0));
  Value term = b.create<arith::SelectOp>(loc, isReal, real, imag);
  if (t.inverse)
    term = b.create<arith::MulFOp>(
        loc, term, createScalar(b, loc, f, 1.0 / double(t.length)));
  return b.create<arith::AddFOp>(loc, acc, term);
}

/// Checks the static shapes and the f32/f64 element type the lowerings need.
LogicalResult checkSignalTypes(PatternRewriter &rewriter, Operation *op,
                               RankedTensorType inType,
                               RankedTensorType outType) {
  if (!inType || !outType || !inType.hasStaticShape() ||
      !outType.hasStaticShape())
    return failToLower(rewriter, op, "dynamic shapes are not supported");
  Type elementType = inType.getElementType();
  if (!elementType.isF32() && !elementType.isF64())
    return failToLower(rewriter, op, "only f32 and f64 signals are supported");
  return success();
}

/// The maps reading a sample's real part (last index 0) and, for a complex
/// input, its imaginary part (last index 1), given the exprs of the other
/// dims.
SmallVector<AffineMap> sampleMaps(MLIRContext *ctx, unsigned numLoops,
                                  ArrayRef<AffineExpr> leading, bool complex) {
  SmallVector<AffineMap> maps;
  for (int64_t part = 0; part < (complex ? 2 : 1); ++part) {
    SmallVector<AffineExpr> exprs(leading);
    exprs.push_back(getAffineConstantExpr(part, ctx));
    maps.push_back(AffineMap::get(numLoops, 0, exprs, ctx));
  }
  return maps;
}

/// A zero-filled result of `type`.
Value createZeroResult(OpBuilder &b, Location loc, RankedTensorType type) {
  Value zero = createScalar(b, loc, type.getElementType(), 0.0);
  return createFilledTensor(b, loc, type, zero, ValueRange{});
}

struct DFTLowering : OpRewritePattern<graph::DFTOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(graph::DFTOp op,
                                PatternRewriter &rewriter) const override {
    auto xType = dyn_cast<RankedTensorType>(op.getX().getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (failed(checkSignalTypes(rewriter, op, xType, yType)))
      return failure();
    int64_t rank = xType.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    if (rank < 3 || axis < 0 || axis >= rank - 1)
      return failToLower(rewriter, op, "axis is not a signal dim");
    int64_t samples = xType.getDimSize(axis);
    std::optional<uint64_t> dftLength = op.getDftLength();
    Transform t{dftLength ? int64_t(*dftLength) : samples, op.getInverse()};
    bool complex = xType.getDimSize(rank - 1) == 2;

    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value x = op.getX();
    // A shorter DFT truncates the signal; a longer one zero-pads it, and
    // the padding adds nothing to the sums.
    if (t.length < samples) {
      SmallVector<OpFoldResult> sizes;
      for (int64_t size : xType.getShape())
        sizes.push_back(rewriter.getIndexAttr(size));
      sizes[axis] = rewriter.getIndexAttr(t.length);
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
          strides(rank, rewriter.getIndexAttr(1));
      x = rewriter.create<tensor::ExtractSliceOp>(loc, x, offsets, sizes,
                                                  strides);
    }
    // Loops: the result's dims, then the samples n.
    unsigned numLoops = rank + 1;
    SmallVector<AffineExpr> leading;
    for (int64_t i = 0; i < rank - 1; ++i)
      leading.push_back(getAffineDimExpr(i == axis ? rank : i, ctx));
    SmallVector<AffineMap> maps = sampleMaps(ctx, numLoops, leading, complex);
    SmallVector<Value> inputs(maps.size(), x);
    SmallVector<AffineExpr> outExprs;
    for (int64_t i = 0; i < rank; ++i)
      outExprs.push_back(getAffineDimExpr(i, ctx));
    maps.push_back(AffineMap::get(numLoops, 0, outExprs, ctx));
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);

    Value init = createZeroResult(rewriter, loc, yType);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{yType}, inputs, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value k = b.create<linalg::IndexOp>(l, axis);
          Value n = b.create<linalg::IndexOp>(l, rank);
          Value part = b.create<linalg::IndexOp>(l, rank - 1);
          Value im = complex ? args[1] : Value();
          b.create<linalg::YieldOp>(
              l, accumulateTerm(b, l, t, args[0], im, k, n, part, args.back()));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct STFTLowering : OpRewritePattern<graph::STFTOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(graph::STFTOp op,
                                PatternRewriter &rewriter) const override {
    auto signalType = dyn_cast<RankedTensorType>(op.getSignal().getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (failed(checkSignalTypes(rewriter, op, signalType, yType)))
      return failure();
    if (signalType.getRank() != 3 || yType.getRank() != 4)
      return failToLower(rewriter, op, "signal must be [batch, length, 1|2]");
    Value window = op.getWindow();
    if (window && !cast<RankedTensorType>(window.getType()).hasStaticShape())
      return failToLower(rewriter, op, "dynamic shapes are not supported");
    int64_t length =
        window ? cast<RankedTensorType>(window.getType()).getDimSize(0)
               : int64_t(op.getFrameLength().value_or(0));
    if (length < 1)
      return failToLower(rewriter, op, "the frame length is unknown");
    Transform t{length, /*inverse=*/false};
    bool complex = signalType.getDimSize(2) == 2;
    int64_t step = op.getFrameStep();

    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    // Loops (b, f, k, part, n); frame f reads samples f * step + n.
    unsigned numLoops = 5;
    AffineExpr b = getAffineDimExpr(0, ctx), f = getAffineDimExpr(1, ctx),
               n = getAffineDimExpr(4, ctx);
    SmallVector<AffineMap> maps =
        sampleMaps(ctx, numLoops, {b, f * step + n}, complex);
    SmallVector<Value> inputs(maps.size(), op.getSignal());
    // Without a window an empty tensor still gives n its size.
    bool hasWindow = static_cast<bool>(window);
    if (!hasWindow)
      window = rewriter.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{length},
                                                signalType.getElementType());
    inputs.push_back(window);
    maps.push_back(AffineMap::get(numLoops, 0, {n}, ctx));
    maps.push_back(AffineMap::get(
        numLoops, 0, {b, f, getAffineDimExpr(2, ctx), getAffineDimExpr(3, ctx)},
        ctx));
    SmallVector<utils::IteratorType> iterators = parallelIterators(4);
    iterators.push_back(utils::IteratorType::reduction);

    Value init = createZeroResult(rewriter, loc, yType);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{yType}, inputs, ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          Value re = args[0];
          Value im = complex ? args[1] : Value();
          if (hasWindow) {
            Value w = args[complex ? 2 : 1];
            re = nb.create<arith::MulFOp>(l, re, w);
            if (im)
              im = nb.create<arith::MulFOp>(l, im, w);
          }
          Value k = nb.create<linalg::IndexOp>(l, 2);
          Value part = nb.create<linalg::IndexOp>(l, 3);
          Value sample = nb.create<linalg::IndexOp>(l, 4);
          nb.create<linalg::YieldOp>(
              l,
              accumulateTerm(nb, l, t, re, im, k, sample, part, args.back()));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// graph.mel_weight_matrix folds when its operands are constants; left
/// over, it only names what it needs.
struct MelWeightMatrixLowering : OpRewritePattern<graph::MelWeightMatrixOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(graph::MelWeightMatrixOp op,
                                PatternRewriter &rewriter) const override {
    return failToLower(rewriter, op,
                       "num_mel_bins, dft_length, sample_rate, "
                       "lower_edge_hertz and upper_edge_hertz must be "
                       "constants (the op is folded at compile time)");
  }
};

} // namespace

void weft::populateGraphSignalToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<DFTLowering, STFTLowering, MelWeightMatrixLowering>(
      patterns.getContext());
}
