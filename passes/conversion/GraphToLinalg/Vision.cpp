//===- Vision.cpp - The image-geometry ops of the graph dialect to linalg -===//
//
// The ops of GraphVisionOps.td:
//
// - grid_sample is one linalg.generic over the result; its body reads the
//   grid position (tensor.extract), maps it to pixel coordinates with
//   PyTorch's arithmetic (which ONNX's reference follows) and reads its 1, 4
//   or 16 neighbours with indices clamped into the image, masking the
//   weights of those outside it (padding_mode "zeros");
// - roi_align with a fixed sampling_ratio is one linalg.generic over
//   R x C x Ho x Wo plus two reduction loops over the samples of a bin, with
//   ONNX Runtime's bilinear rule; the adaptive ratio (0) depends on each box,
//   so its samples are two scf.for loops inside the generic's body;
// - max_unpool is a true scatter: an scf.for over the elements of x that
//   inserts each into a zero-filled flat tensor of the default shape (an
//   index outside it is dropped: the write goes to a clamped position with
//   the value already there), then reshaped and padded to output_shape;
// - det is Gaussian elimination with partial pivoting, one scf.for nest
//   per matrix on tensors (bufferized in place).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
namespace graph = weft::graph;
using namespace weft::datamovement;
using weft::lowering::failToLower;

namespace {

//===----------------------------------------------------------------------===//
// Scalar arithmetic
//===----------------------------------------------------------------------===//

/// Floating-point arithmetic in one compute type (f64 for f64 tensors, f32
/// otherwise), plus conversions from and to `index`.
struct ScalarMath {
  OpBuilder &b;
  Location loc;
  FloatType type;

  Value c(double v) {
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(type, v));
  }
  Value add(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value div(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  Value floor(Value x) { return b.create<math::FloorOp>(loc, x); }
  Value abs(Value x) { return b.create<math::AbsFOp>(loc, x); }
  Value min(Value x, Value y) { return b.create<arith::MinimumFOp>(loc, x, y); }
  /// `x` clamped into [lo, hi], NaN to `lo`: a position from run-time data
  /// made safe to convert to an integer (fptosi of NaN or of a huge value
  /// is poison, and the read would go anywhere).
  Value clampPosition(Value x, Value lo, Value hi) {
    return b.create<arith::MinNumFOp>(
        loc, b.create<arith::MaxNumFOp>(loc, x, lo), hi);
  }
  Value max(Value x, Value y) { return b.create<arith::MaximumFOp>(loc, x, y); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return b.create<arith::CmpFOp>(loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value gt(Value x, Value y) { return cmp(arith::CmpFPredicate::OGT, x, y); }
  Value ge(Value x, Value y) { return cmp(arith::CmpFPredicate::OGE, x, y); }
  Value le(Value x, Value y) { return cmp(arith::CmpFPredicate::OLE, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value select(Value cond, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, cond, x, y);
  }
  Value andI(Value x, Value y) { return b.create<arith::AndIOp>(loc, x, y); }
  /// `v` (any float type) in the compute type.
  Value toCompute(Value v) {
    auto from = cast<FloatType>(v.getType());
    if (from == type)
      return v;
    if (from.getWidth() < type.getWidth())
      return b.create<arith::ExtFOp>(loc, type, v);
    return b.create<arith::TruncFOp>(loc, type, v);
  }
  /// The compute-type value `v` as `to`.
  Value castTo(Value v, Type to) {
    if (to == type)
      return v;
    if (cast<FloatType>(to).getWidth() > type.getWidth())
      return b.create<arith::ExtFOp>(loc, to, v);
    return b.create<arith::TruncFOp>(loc, to, v);
  }
  Value fromIndex(Value i) {
    Value asInt = b.create<arith::IndexCastOp>(loc, b.getI64Type(), i);
    return b.create<arith::SIToFPOp>(loc, type, asInt);
  }
  /// Truncation toward zero to an `index`.
  Value toIndex(Value f) {
    Value asInt = b.create<arith::FPToSIOp>(loc, b.getI64Type(), f);
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(), asInt);
  }
};

FloatType computeTypeFor(OpBuilder &b, Type elementType) {
  return elementType.isF64() ? b.getF64Type() : b.getF32Type();
}

/// The element type of `value` when it is a ranked float tensor, else null.
FloatType rankedFloatElement(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? dyn_cast<FloatType>(type.getElementType()) : FloatType();
}

/// An integer scalar of any width as an `index`.
Value intToIndex(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isUnsignedInteger())
    return b.create<arith::IndexCastUIOp>(
        loc, b.getIndexType(), weft::lowering::castToSignless(b, loc, v));
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v);
}

/// For a result with a static shape and no elements, replaces `op` by an
/// empty tensor and returns true: there is nothing to compute (and the CPU
/// backend's tiling does not take zero-trip loops).
bool replaceIfEmpty(PatternRewriter &rewriter, Operation *op,
                    RankedTensorType type) {
  if (!type.hasStaticShape() || type.getNumElements() != 0)
    return false;
  rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type.getShape(),
                                               type.getElementType());
  return true;
}

SmallVector<Value> loopIndices(OpBuilder &b, Location loc, int64_t count) {
  SmallVector<Value> indices;
  for (int64_t i = 0; i < count; ++i)
    indices.push_back(b.create<linalg::IndexOp>(loc, i));
  return indices;
}

/// Index `i` clamped into [0, len - 1], and whether it was inside.
std::pair<Value, Value> clampIndex(IndexMath &m, Value i, Value len) {
  Value last = m.sub(len, m.c(1));
  Value inside = m.b.create<arith::AndIOp>(
      m.loc,
      m.b.create<arith::CmpIOp>(m.loc, arith::CmpIPredicate::sge, i, m.c(0)),
      m.b.create<arith::CmpIOp>(m.loc, arith::CmpIPredicate::sle, i, last));
  return {m.clamp(i, m.c(0), last), inside};
}

//===----------------------------------------------------------------------===//
// grid_sample
//===----------------------------------------------------------------------===//

enum class GridPadding { Zeros, Border, Reflection };

/// One image axis of a grid_sample: its length and the attribute rules.
struct GridAxis {
  Value len;  // index
  Value lenF; // compute type
  bool alignCorners;
  GridPadding padding;
};

/// The pixel coordinate of normalized grid position `g` in [-1, 1].
Value unnormalize(ScalarMath &f, const GridAxis &a, Value g) {
  Value one = f.c(1.0);
  if (a.alignCorners)
    return f.mul(f.div(f.add(g, one), f.c(2.0)), f.sub(a.lenF, one));
  return f.div(f.sub(f.mul(f.add(g, one), a.lenF), one), f.c(2.0));
}

/// `x` clamped into the image, [0, len - 1].
Value clipCoordinate(ScalarMath &f, const GridAxis &a, Value x) {
  return f.min(f.max(x, f.c(0.0)), f.sub(a.lenF, f.c(1.0)));
}

/// `x` reflected at the image's borders (its corner pixel centers with
/// align_corners, its outer edges without), then clamped into it.
Value reflectCoordinate(ScalarMath &f, const GridAxis &a, Value x) {
  Value one = f.c(1.0);
  // The reflection interval [lo, lo + span].
  Value lo = a.alignCorners ? f.c(0.0) : f.c(-0.5);
  Value span = a.alignCorners ? f.sub(a.lenF, one) : a.lenF;
  Value d = f.abs(f.sub(x, lo));
  Value extra = f.b.create<arith::RemFOp>(f.loc, d, span);
  Value flips = f.floor(f.div(d, span));
  Value even = f.eq(
      f.sub(flips, f.mul(f.c(2.0), f.floor(f.div(flips, f.c(2.0))))), f.c(0.0));
  Value reflected =
      f.select(even, f.add(extra, lo), f.add(f.sub(span, extra), lo));
  // A single pixel with align_corners: the interval is a point.
  reflected = f.select(f.eq(span, f.c(0.0)), f.c(0.0), reflected);
  return clipCoordinate(f, a, reflected);
}

/// `x` moved into the image by the padding mode (zeros: unchanged).
Value applyPadding(ScalarMath &f, const GridAxis &a, Value x) {
  switch (a.padding) {
  case GridPadding::Zeros:
    return x;
  case GridPadding::Border:
    return clipCoordinate(f, a, x);
  case GridPadding::Reflection:
    return reflectCoordinate(f, a, x);
  }
  return x;
}

/// The cubic convolution weights (A = -0.75) of the taps at floor - 1 ..
/// floor + 2 for fraction `t`.
SmallVector<Value> cubicWeights(ScalarMath &f, Value t) {
  Value a = f.c(-0.75), one = f.c(1.0);
  auto inner = [&](Value x) { // |x| <= 1
    return f.add(
        f.mul(f.mul(f.sub(f.mul(f.add(a, f.c(2.0)), x), f.add(a, f.c(3.0))), x),
              x),
        one);
  };
  auto outer = [&](Value x) { // 1 < |x| < 2
    return f.sub(f.mul(f.add(f.mul(f.sub(f.mul(a, x), f.mul(f.c(5.0), a)), x),
                             f.mul(f.c(8.0), a)),
                       x),
                 f.mul(f.c(4.0), a));
  };
  return {outer(f.add(t, one)), inner(t), inner(f.sub(one, t)),
          outer(f.sub(f.c(2.0), t))};
}

/// One tap along an axis: the clamped index and its weight (already zero
/// when the tap is outside the image).
struct Tap {
  Value index;
  Value weight;
};

/// The taps of coordinate `x` (already padded for bilinear and nearest).
SmallVector<Tap> axisTaps(ScalarMath &f, const GridAxis &a, Value x,
                          StringRef mode) {
  IndexMath m{f.b, f.loc};
  Value zero = f.c(0.0), one = f.c(1.0);
  auto tap = [&](Value coordF, Value weight) {
    // Within one pixel of the image the inside test below is unchanged.
    coordF = f.clampPosition(coordF, f.c(-2.0), f.add(a.lenF, one));
    auto [index, inside] = clampIndex(m, f.toIndex(coordF), a.len);
    // floor() first: toIndex truncates toward zero.
    return Tap{index, f.select(inside, weight, zero)};
  };
  if (mode == "nearest") {
    Value r = f.b.create<math::RoundEvenOp>(f.loc, x);
    return {tap(r, one)};
  }
  Value x0 = f.floor(x);
  Value t = f.sub(x, x0);
  if (mode == "bilinear")
    return {tap(x0, f.sub(one, t)), tap(f.add(x0, one), t)};
  SmallVector<Value> weights = cubicWeights(f, t);
  SmallVector<Tap> taps;
  for (int64_t k = 0; k < 4; ++k) {
    // Bicubic pads each tap's position, not the sampled coordinate.
    Value coord = applyPadding(f, a, f.add(x0, f.c(k - 1)));
    taps.push_back(tap(f.floor(coord), weights[k]));
  }
  return taps;
}

struct GridSampleLowering : OpRewritePattern<graph::GridSampleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::GridSampleOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    FloatType xElement = rankedFloatElement(op.getX());
    FloatType gridElement = rankedFloatElement(op.getGrid());
    if (!resultType || !gridElement)
      return failToLower(rewriter, op, "unranked x, grid or result");
    if (!xElement)
      return failToLower(rewriter, op, "x must be a floating-point tensor");
    if (resultType.getRank() != 4)
      return failToLower(rewriter, op, "only 4-D inputs are supported");
    if (replaceIfEmpty(rewriter, op, resultType))
      return success();
    Location loc = op.getLoc();
    Value x = op.getX(), grid = op.getGrid();
    IndexMath m{rewriter, loc};
    GridPadding padding = llvm::StringSwitch<GridPadding>(op.getPaddingMode())
                              .Case("border", GridPadding::Border)
                              .Case("reflection", GridPadding::Reflection)
                              .Default(GridPadding::Zeros);
    bool align = op.getAlignCorners() != 0;
    StringRef mode = op.getMode();
    Value height = m.dim(x, 2), width = m.dim(x, 3);
    SmallVector<OpFoldResult> dims{
        tensor::getMixedSize(rewriter, loc, x, 0),
        tensor::getMixedSize(rewriter, loc, x, 1),
        tensor::getMixedSize(rewriter, loc, grid, 1),
        tensor::getMixedSize(rewriter, loc, grid, 2)};
    Value init = createEmpty(rewriter, loc, resultType, dims);
    FloatType ct = computeTypeFor(rewriter, xElement);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(4)},
        weft::lowering::parallelIterators(4),
        [&](OpBuilder &b, Location l, ValueRange) {
          ScalarMath f{b, l, ct};
          IndexMath bm{b, l};
          SmallVector<Value> at = loopIndices(b, l, 4);
          GridAxis ax{width, f.fromIndex(width), align, padding};
          GridAxis ay{height, f.fromIndex(height), align, padding};
          Value gx = f.toCompute(b.create<tensor::ExtractOp>(
              l, grid, ValueRange{at[0], at[2], at[3], bm.c(0)}));
          Value gy = f.toCompute(b.create<tensor::ExtractOp>(
              l, grid, ValueRange{at[0], at[2], at[3], bm.c(1)}));
          Value px = unnormalize(f, ax, gx), py = unnormalize(f, ay, gy);
          if (mode != "bicubic") {
            px = applyPadding(f, ax, px);
            py = applyPadding(f, ay, py);
          }
          SmallVector<Tap> xs = axisTaps(f, ax, px, mode);
          SmallVector<Tap> ys = axisTaps(f, ay, py, mode);
          Value acc;
          for (const Tap &ty : ys)
            for (const Tap &tx : xs) {
              Value v = f.toCompute(b.create<tensor::ExtractOp>(
                  l, x, ValueRange{at[0], at[1], ty.index, tx.index}));
              Value term = f.mul(f.mul(ty.weight, tx.weight), v);
              acc = acc ? f.add(acc, term) : term;
            }
          b.create<linalg::YieldOp>(l, f.castTo(acc, xElement));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// roi_align
//===----------------------------------------------------------------------===//

/// What one box needs to place its samples (compute-type scalars).
struct RoiBox {
  Value startY, startX; // top-left corner, pixels
  Value binH, binW;     // bin size, pixels
  Value gridH, gridW;   // samples per bin along each axis
};

/// ONNX Runtime's bilinear sample of channel (batch, c) at (y, x): the 4
/// weighted neighbours, combined by sum (avg) or max.
Value roiSample(ScalarMath &f, Value x, Value batch, Value c, Value y, Value xc,
                Value height, Value width, bool isMax) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  IndexMath m{b, loc};
  Value zero = f.c(0.0), one = f.c(1.0);
  Value hF = f.fromIndex(height), wF = f.fromIndex(width);
  // Samples more than one pixel outside the image read nothing.
  Value outside = b.create<arith::OrIOp>(
      loc, b.create<arith::OrIOp>(loc, f.lt(y, f.c(-1.0)), f.gt(y, hF)),
      b.create<arith::OrIOp>(loc, f.lt(xc, f.c(-1.0)), f.gt(xc, wF)));
  auto axis = [&](Value p, Value len) {
    // ONNX Runtime moves [-1, 0) to 0; beyond the image (and NaN) the
    // sample is zeroed above, and clamping only keeps the reads inside.
    p = f.clampPosition(p, zero, f.fromIndex(len));
    Value low = f.toIndex(p);
    Value last = m.sub(len, m.c(1));
    Value atEnd =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, low, last);
    // At or past the last pixel both neighbours are the last one.
    low = m.select(atEnd, last, low);
    Value high = m.select(atEnd, last, m.add(low, m.c(1)));
    p = f.select(atEnd, f.fromIndex(last), p);
    Value frac = f.sub(p, f.fromIndex(low));
    // Clamped again so the reads stay inside even for an empty image.
    return std::make_tuple(m.max(low, m.c(0)), m.max(high, m.c(0)),
                           f.sub(one, frac), frac);
  };
  auto [yLow, yHigh, hy, ly] = axis(y, height);
  auto [xLow, xHigh, hx, lx] = axis(xc, width);
  Value acc;
  for (auto [yi, wy] : {std::pair{yLow, hy}, std::pair{yHigh, ly}})
    for (auto [xi, wx] : {std::pair{xLow, hx}, std::pair{xHigh, lx}}) {
      Value v = f.toCompute(
          b.create<tensor::ExtractOp>(loc, x, ValueRange{batch, c, yi, xi}));
      Value term = f.mul(f.mul(wy, wx), v);
      acc = !acc ? term : (isMax ? f.max(acc, term) : f.add(acc, term));
    }
  return f.select(outside, zero, acc);
}

/// What the bodies of a roi_align lowering share: the operands, the
/// attributes and the image dims (index values built before the generic).
struct RoiAlignEmitter {
  Value x, rois, indices;
  Value batches, height, width;
  FloatType computeType;
  bool isMax, halfPixel;
  int64_t ratio, outH, outW;
  double scale;

  /// The box of result row `r` (ONNX Runtime's arithmetic; an
  /// output_half_pixel box is at least 1 x 1).
  RoiBox boxOf(ScalarMath &f, Value r) const {
    IndexMath m{f.b, f.loc};
    auto coord = [&](int64_t k) {
      Value v = f.toCompute(
          f.b.create<tensor::ExtractOp>(f.loc, rois, ValueRange{r, m.c(k)}));
      return f.sub(f.mul(v, f.c(scale)), f.c(halfPixel ? 0.5 : 0.0));
    };
    Value x1 = coord(0), y1 = coord(1), x2 = coord(2), y2 = coord(3);
    Value roiW = f.sub(x2, x1), roiH = f.sub(y2, y1);
    if (!halfPixel) {
      roiW = f.max(roiW, f.c(1.0));
      roiH = f.max(roiH, f.c(1.0));
    }
    RoiBox box;
    box.startX = x1;
    box.startY = y1;
    box.binH = f.div(roiH, f.c(outH));
    box.binW = f.div(roiW, f.c(outW));
    if (ratio > 0) {
      box.gridH = box.gridW = f.c(ratio);
    } else {
      box.gridH = f.b.create<math::CeilOp>(f.loc, box.binH);
      box.gridW = f.b.create<math::CeilOp>(f.loc, box.binW);
    }
    return box;
  }

  /// The image of result row `r`: its batch index, clamped into x's batch.
  Value batchOf(OpBuilder &b, Location loc, Value r) const {
    IndexMath m{b, loc};
    Value idx =
        intToIndex(b, loc, b.create<tensor::ExtractOp>(loc, indices, r));
    return m.clamp(idx, m.c(0), m.sub(batches, m.c(1)));
  }

  /// Sample (iy, ix) of bin (ph, pw) of `box` in channel c of `batch`.
  Value sampleAt(ScalarMath &f, const RoiBox &box, Value batch, Value c,
                 Value ph, Value pw, Value iy, Value ix) const {
    Value half = f.c(0.5);
    Value y =
        f.add(f.add(box.startY, f.mul(f.fromIndex(ph), box.binH)),
              f.div(f.mul(f.add(f.fromIndex(iy), half), box.binH), box.gridH));
    Value xc =
        f.add(f.add(box.startX, f.mul(f.fromIndex(pw), box.binW)),
              f.div(f.mul(f.add(f.fromIndex(ix), half), box.binW), box.gridW));
    return roiSample(f, x, batch, c, y, xc, height, width, isMax);
  }

  /// `sum` divided by the box's sample count (at least 1).
  Value average(ScalarMath &f, Value sum, const RoiBox &box) const {
    return f.div(sum, f.max(f.mul(box.gridH, box.gridW), f.c(1.0)));
  }

  /// A fixed ratio: loops (r, c, ph, pw, iy, ix) with the samples as
  /// reduction loops over an empty ratio x ratio tensor that only gives
  /// their ranges. The result has the compute type.
  Value buildFixedRatio(OpBuilder &b, Location loc, RankedTensorType type,
                        ValueRange dynamicSizes) const {
    Value samples = b.create<tensor::EmptyOp>(
        loc, ArrayRef<int64_t>{ratio, ratio}, b.getI8Type());
    Value init = weft::lowering::createFilledTensor(
        b, loc, type,
        isMax ? weft::lowering::createLowest(b, loc, computeType)
              : weft::lowering::createScalar(b, loc, computeType, 0.0),
        dynamicSizes);
    auto dimsOf = [&](ArrayRef<int64_t> positions) {
      SmallVector<AffineExpr> exprs;
      for (int64_t p : positions)
        exprs.push_back(b.getAffineDimExpr(p));
      return AffineMap::get(6, 0, exprs, b.getContext());
    };
    SmallVector<AffineMap> maps{dimsOf({4, 5}), dimsOf({0, 1, 2, 3})};
    SmallVector<utils::IteratorType> iterators(4,
                                               utils::IteratorType::parallel);
    iterators.append(2, utils::IteratorType::reduction);
    auto generic = b.create<linalg::GenericOp>(
        loc, type, ValueRange{samples}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          ScalarMath f{nb, l, computeType};
          SmallVector<Value> at = loopIndices(nb, l, 6);
          RoiBox box = boxOf(f, at[0]);
          Value v = sampleAt(f, box, batchOf(nb, l, at[0]), at[1], at[2], at[3],
                             at[4], at[5]);
          Value acc = args[1];
          nb.create<linalg::YieldOp>(l, isMax ? f.max(acc, v)
                                              : f.add(acc, average(f, v, box)));
        });
    return generic.getResult(0);
  }

  /// The adaptive ratio: each box has its own sample count, so the samples
  /// are an scf.for nest inside a parallel generic over the result.
  Value buildAdaptive(OpBuilder &b, Location loc, Value init) const {
    auto type = cast<RankedTensorType>(init.getType());
    auto generic = b.create<linalg::GenericOp>(
        loc, type, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{b.getMultiDimIdentityMap(4)},
        weft::lowering::parallelIterators(4),
        [&](OpBuilder &nb, Location l, ValueRange) {
          ScalarMath f{nb, l, computeType};
          IndexMath m{nb, l};
          SmallVector<Value> at = loopIndices(nb, l, 4);
          RoiBox box = boxOf(f, at[0]);
          Value batch = batchOf(nb, l, at[0]);
          // A negative count (a reversed box) samples nothing.
          Value countH = m.max(f.toIndex(box.gridH), m.c(0));
          Value countW = m.max(f.toIndex(box.gridW), m.c(0));
          Value start = isMax ? weft::lowering::createLowest(nb, l, computeType)
                              : f.c(0.0);
          auto outer = nb.create<scf::ForOp>(
              l, m.c(0), countH, m.c(1), ValueRange{start},
              [&](OpBuilder &ob, Location ol, Value iy, ValueRange accY) {
                auto inner = ob.create<scf::ForOp>(
                    ol, m.c(0), countW, m.c(1), accY,
                    [&](OpBuilder &ib, Location il, Value ix, ValueRange acc) {
                      ScalarMath fi{ib, il, computeType};
                      Value v =
                          sampleAt(fi, box, batch, at[1], at[2], at[3], iy, ix);
                      ib.create<scf::YieldOp>(il, isMax ? fi.max(acc[0], v)
                                                        : fi.add(acc[0], v));
                    });
                ob.create<scf::YieldOp>(ol, inner.getResults());
              });
          Value v = outer.getResult(0);
          if (isMax) // no samples at all: ONNX Runtime gives 0
            v = f.select(nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq,
                                                  m.mul(countH, countW),
                                                  m.c(0)),
                         f.c(0.0), v);
          else
            v = average(f, v, box);
          nb.create<linalg::YieldOp>(l, f.castTo(v, type.getElementType()));
        });
    return generic.getResult(0);
  }
};

struct RoiAlignLowering : OpRewritePattern<graph::RoiAlignOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::RoiAlignOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    FloatType xElement = rankedFloatElement(op.getX());
    FloatType roisElement = rankedFloatElement(op.getRois());
    if (!resultType || !xElement || !roisElement ||
        !isa<RankedTensorType>(op.getBatchIndices().getType()))
      return failToLower(rewriter, op,
                         "x and rois must be ranked floating-point tensors");
    if (replaceIfEmpty(rewriter, op, resultType))
      return success();
    Location loc = op.getLoc();
    Value x = op.getX(), rois = op.getRois();
    IndexMath m{rewriter, loc};
    RoiAlignEmitter emitter{x,
                            rois,
                            op.getBatchIndices(),
                            m.dim(x, 0),
                            m.dim(x, 2),
                            m.dim(x, 3),
                            computeTypeFor(rewriter, xElement),
                            op.getMode() == "max",
                            op.getCoordinateTransformationMode() ==
                                "half_pixel",
                            (int64_t)op.getSamplingRatio(),
                            (int64_t)op.getOutputHeight(),
                            (int64_t)op.getOutputWidth(),
                            op.getSpatialScale().convertToDouble()};
    SmallVector<OpFoldResult> dims{tensor::getMixedSize(rewriter, loc, rois, 0),
                                   tensor::getMixedSize(rewriter, loc, x, 1),
                                   rewriter.getIndexAttr(emitter.outH),
                                   rewriter.getIndexAttr(emitter.outW)};
    Value result;
    if (emitter.ratio > 0) {
      SmallVector<Value> dynamicSizes;
      for (int64_t i = 0; i < 4; ++i)
        if (resultType.isDynamicDim(i))
          dynamicSizes.push_back(toIndex(rewriter, loc, dims[i]));
      result = emitter.buildFixedRatio(
          rewriter, loc,
          RankedTensorType::get(resultType.getShape(), emitter.computeType),
          dynamicSizes);
      if (emitter.computeType != xElement)
        result = castElements(rewriter, loc, result, resultType, dims);
    } else {
      result = emitter.buildAdaptive(
          rewriter, loc, createEmpty(rewriter, loc, resultType, dims));
    }
    rewriter.replaceOp(op, result);
    return success();
  }

  /// `source` (compute type) converted to the element type of `type`.
  static Value castElements(OpBuilder &b, Location loc, Value source,
                            RankedTensorType type,
                            ArrayRef<OpFoldResult> dims) {
    Value init = createEmpty(b, loc, type, dims);
    int64_t rank = type.getRank();
    AffineMap id = b.getMultiDimIdentityMap(rank);
    return b
        .create<linalg::GenericOp>(
            loc, type, ValueRange{source}, ValueRange{init},
            ArrayRef<AffineMap>{id, id},
            weft::lowering::parallelIterators(rank),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              nb.create<linalg::YieldOp>(
                  nl,
                  nb.create<arith::TruncFOp>(nl, type.getElementType(), args[0])
                      .getResult());
            })
        .getResult(0);
  }
};

//===----------------------------------------------------------------------===//
// max_unpool
//===----------------------------------------------------------------------===//

struct MaxUnpoolLowering : OpRewritePattern<graph::MaxUnpoolOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::MaxUnpoolOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    auto xType = dyn_cast<RankedTensorType>(op.getX().getType());
    auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
    if (!resultType || !xType || !indicesType)
      return failToLower(rewriter, op, "unranked x, indices or result");
    if (!resultType.hasStaticShape())
      return failToLower(rewriter, op,
                         "output_shape must be a constant (the result shape "
                         "must be static)");
    if (!xType.hasStaticShape() || !indicesType.hasStaticShape())
      return failToLower(rewriter, op, "x and indices must have static shapes");
    if (!isa<FloatType>(xType.getElementType()))
      return failToLower(rewriter, op, "x must be a floating-point tensor");
    if (replaceIfEmpty(rewriter, op, resultType))
      return success();
    int64_t rank = xType.getRank();
    if (resultType.getRank() != rank)
      return failToLower(rewriter, op, "the result rank differs from x's");
    Location loc = op.getLoc();
    Type element = xType.getElementType();
    RankedTensorType defaultType =
        RankedTensorType::get(defaultShape(op, xType), element);
    Value unpooled =
        scatter(rewriter, loc, op.getX(), op.getIndices(), defaultType);
    // output_shape pads (zeros at the end of each dim) or cuts the default
    // result.
    SmallVector<int64_t> low(rank, 0), high(rank, 0);
    bool cut = false;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t extra = resultType.getDimSize(i) - defaultType.getDimSize(i);
      high[i] = std::max<int64_t>(extra, 0);
      cut |= extra < 0;
    }
    Value result = weft::lowering::padTensor(
        rewriter, loc, unpooled, low, high,
        weft::lowering::createScalar(rewriter, loc, element, 0.0));
    if (cut) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
          strides(rank, rewriter.getIndexAttr(1)), sizes;
      for (int64_t d : resultType.getShape())
        sizes.push_back(rewriter.getIndexAttr(d));
      result = rewriter.create<tensor::ExtractSliceOp>(loc, resultType, result,
                                                       offsets, sizes, strides);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }

  /// N x C and (in - 1) * stride + kernel - pads per spatial dim (the
  /// verifier keeps them non-negative).
  static SmallVector<int64_t> defaultShape(graph::MaxUnpoolOp op,
                                           RankedTensorType xType) {
    ArrayRef<int64_t> kernel = op.getKernelShape();
    size_t n = kernel.size();
    SmallVector<int64_t> shape(xType.getShape());
    for (size_t i = 0; i < n; ++i) {
      int64_t stride = op.getStrides() ? (*op.getStrides())[i] : 1;
      int64_t pads =
          op.getPads() ? (*op.getPads())[i] + (*op.getPads())[i + n] : 0;
      shape[i + 2] = (shape[i + 2] - 1) * stride + kernel[i] - pads;
    }
    return shape;
  }

  /// A zero tensor of `type` with x's elements inserted at `indices`, one by
  /// one in an scf.for over their flat position.
  static Value scatter(OpBuilder &b, Location loc, Value x, Value indices,
                       RankedTensorType type) {
    auto flat = [&](Value v) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      ReassociationIndices all;
      for (int64_t i = 0; i < t.getRank(); ++i)
        all.push_back(i);
      return b.create<tensor::CollapseShapeOp>(
          loc, RankedTensorType::get({t.getNumElements()}, t.getElementType()),
          v, ArrayRef<ReassociationIndices>{all});
    };
    int64_t total = type.getNumElements();
    int64_t count = cast<RankedTensorType>(x.getType()).getNumElements();
    auto flatType = RankedTensorType::get({total}, type.getElementType());
    Value zeros = total == 0
                      ? b.create<tensor::EmptyOp>(loc, flatType.getShape(),
                                                  flatType.getElementType())
                            .getResult()
                      : weft::lowering::createFilledTensor(
                            b, loc, flatType,
                            weft::lowering::createScalar(
                                b, loc, type.getElementType(), 0.0),
                            {});
    Value scattered = zeros;
    if (count > 0 && total > 0) {
      Value xFlat = flat(x), indicesFlat = flat(indices);
      IndexMath m{b, loc};
      auto loop = b.create<scf::ForOp>(
          loc, m.c(0), m.c(count), m.c(1), ValueRange{zeros},
          [&](OpBuilder &nb, Location l, Value k, ValueRange acc) {
            IndexMath bm{nb, l};
            Value idx = intToIndex(
                nb, l, nb.create<tensor::ExtractOp>(l, indicesFlat, k));
            // Out of range: rewrite a clamped position with its own value.
            auto [at, inside] = clampIndex(bm, idx, bm.c(total));
            Value current = nb.create<tensor::ExtractOp>(l, acc[0], at);
            Value v = nb.create<tensor::ExtractOp>(l, xFlat, k);
            v = nb.create<arith::SelectOp>(l, inside, v, current);
            nb.create<scf::YieldOp>(
                l, nb.create<tensor::InsertOp>(l, v, acc[0], at).getResult());
          });
      scattered = loop.getResult(0);
    }
    ReassociationIndices all;
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.push_back(i);
    return b.create<tensor::ExpandShapeOp>(loc, type, scattered,
                                           ArrayRef<ReassociationIndices>{all});
  }
};

//===----------------------------------------------------------------------===//
// det
//===----------------------------------------------------------------------===//

/// The determinant of the M x M tensor `a` by elimination with partial
/// pivoting (the row with the largest magnitude in each column).
Value emitDeterminant(OpBuilder &b, Location loc, Value a, int64_t size) {
  auto type = cast<RankedTensorType>(a.getType());
  ScalarMath f{b, loc, cast<FloatType>(type.getElementType())};
  IndexMath m{b, loc};
  Value n = m.c(size), one = m.c(1);
  auto at = [&](OpBuilder &nb, Location nl, Value t, Value i, Value j) {
    return nb.create<tensor::ExtractOp>(nl, t, ValueRange{i, j}).getResult();
  };
  auto columns = b.create<scf::ForOp>(
      loc, m.c(0), n, one, ValueRange{a, f.c(1.0)},
      [&](OpBuilder &b1, Location l1, Value k, ValueRange state) {
        ScalarMath f1{b1, l1, f.type};
        IndexMath m1{b1, l1};
        Value mat = state[0], det = state[1];
        // The pivot row: the largest |a[i][k]| for i >= k (first one wins).
        auto search = b1.create<scf::ForOp>(
            l1, m1.add(k, one), n, one,
            ValueRange{k, f1.abs(at(b1, l1, mat, k, k))},
            [&](OpBuilder &b2, Location l2, Value i, ValueRange best) {
              ScalarMath f2{b2, l2, f.type};
              Value v = f2.abs(at(b2, l2, mat, i, k));
              Value better = f2.gt(v, best[1]);
              b2.create<scf::YieldOp>(
                  l2,
                  ValueRange{b2.create<arith::SelectOp>(l2, better, i, best[0]),
                             f2.select(better, v, best[1])});
            });
        Value p = search.getResult(0);
        // Swap rows k and p (a no-op when they are the same).
        auto swap = b1.create<scf::ForOp>(
            l1, m1.c(0), n, one, ValueRange{mat},
            [&](OpBuilder &b2, Location l2, Value j, ValueRange t) {
              Value rowK = at(b2, l2, t[0], k, j),
                    rowP = at(b2, l2, t[0], p, j);
              Value s =
                  b2.create<tensor::InsertOp>(l2, rowP, t[0], ValueRange{k, j});
              s = b2.create<tensor::InsertOp>(l2, rowK, s, ValueRange{p, j});
              b2.create<scf::YieldOp>(l2, s);
            });
        mat = swap.getResult(0);
        Value swapped =
            b1.create<arith::CmpIOp>(l1, arith::CmpIPredicate::ne, p, k);
        det = f1.select(swapped, b1.create<arith::NegFOp>(l1, det), det);
        Value pivot = at(b1, l1, mat, k, k);
        det = f1.mul(det, pivot);
        Value singular = f1.eq(pivot, f1.c(0.0));
        // Eliminate column k below the pivot.
        auto rows = b1.create<scf::ForOp>(
            l1, m1.add(k, one), n, one, ValueRange{mat},
            [&](OpBuilder &b2, Location l2, Value i, ValueRange t) {
              ScalarMath f2{b2, l2, f.type};
              Value factor = f2.select(singular, f2.c(0.0),
                                       f2.div(at(b2, l2, t[0], i, k), pivot));
              auto cols = b2.create<scf::ForOp>(
                  l2, m1.add(k, one), n, one, t,
                  [&](OpBuilder &b3, Location l3, Value j, ValueRange u) {
                    ScalarMath f3{b3, l3, f.type};
                    Value v = f3.sub(at(b3, l3, u[0], i, j),
                                     f3.mul(factor, at(b3, l3, u[0], k, j)));
                    b3.create<scf::YieldOp>(
                        l3, b3.create<tensor::InsertOp>(l3, v, u[0],
                                                        ValueRange{i, j})
                                .getResult());
                  });
              b2.create<scf::YieldOp>(l2, cols.getResults());
            });
        b1.create<scf::YieldOp>(l1, ValueRange{rows.getResult(0), det});
      });
  return columns.getResult(1);
}

struct DetLowering : OpRewritePattern<graph::DetOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::DetOp op,
                                PatternRewriter &rewriter) const override {
    auto xType = dyn_cast<RankedTensorType>(op.getX().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!xType || !resultType || !xType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return failToLower(rewriter, op, "x must have a static shape");
    if (!isa<FloatType>(xType.getElementType()))
      return failToLower(rewriter, op, "x must be a floating-point tensor");
    if (replaceIfEmpty(rewriter, op, resultType))
      return success();
    int64_t rank = xType.getRank();
    int64_t size = xType.getDimSize(rank - 1);
    if (rank < 2 || xType.getDimSize(rank - 2) != size)
      return failToLower(rewriter, op, "x must hold square matrices");
    Location loc = op.getLoc();
    Type element = xType.getElementType();
    ArrayRef<int64_t> batchShape = xType.getShape().drop_back(2);
    int64_t batches = resultType.getNumElements();
    Value x = op.getX();
    auto matrixType = RankedTensorType::get({size, size}, element);
    Value init = rewriter.create<tensor::EmptyOp>(loc, batchShape, element);
    IndexMath m{rewriter, loc};
    Value result = init;
    if (batches > 0) {
      auto loop = rewriter.create<scf::ForOp>(
          loc, m.c(0), m.c(batches), m.c(1), ValueRange{init},
          [&](OpBuilder &b, Location l, Value flat, ValueRange acc) {
            IndexMath bm{b, l};
            // The batch coordinates of `flat`, row-major.
            SmallVector<Value> coords(batchShape.size());
            Value rest = flat;
            for (int64_t i = batchShape.size() - 1; i >= 0; --i) {
              Value dim = bm.c(batchShape[i]);
              coords[i] = b.create<arith::RemUIOp>(l, rest, dim);
              rest = b.create<arith::DivUIOp>(l, rest, dim);
            }
            SmallVector<OpFoldResult> offsets(coords.begin(), coords.end());
            offsets.append(2, b.getIndexAttr(0));
            SmallVector<OpFoldResult> sizes(batchShape.size(),
                                            b.getIndexAttr(1));
            sizes.append(2, b.getIndexAttr(size));
            SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
            Value matrix = b.create<tensor::ExtractSliceOp>(
                l, matrixType, x, offsets, sizes, strides);
            Value det = size == 0
                            ? ScalarMath{b, l, cast<FloatType>(element)}.c(1.0)
                            : emitDeterminant(b, l, matrix, size);
            b.create<scf::YieldOp>(
                l,
                b.create<tensor::InsertOp>(l, det, acc[0], coords).getResult());
          });
      result = loop.getResult(0);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

} // namespace

void weft::populateGraphVisionToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GridSampleLowering, RoiAlignLowering, MaxUnpoolLowering,
               DetLowering>(patterns.getContext());
}
