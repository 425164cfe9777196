//===- Resize.cpp - graph.resize to linalg --------------------------------===//
//
// ONNX Resize (and Upsample) with the arithmetic of ONNX Runtime's CPU
// kernel: every output coordinate is mapped back with the coordinate
// transformation mode in f32, then read with the nearest mode's rounding, or
// interpolated from 2 (linear) or 4 (cubic) neighbours per resized axis.
// tf_crop_and_resize maps the output onto the roi's box instead, and output
// elements whose position falls outside the input get extrapolation_value.
//
// Nearest resizes whose index map is "x div k" on every axis (PP-OCR's 2x,
// 4x, 8x asymmetric/floor upsampling, half_pixel integer upsampling) become
// a broadcast linalg.generic with projected-permutation maps followed by a
// collapse_shape, which the CPU pipeline fuses and vectorizes like any
// elementwise op. Everything else is a linalg.generic over the output that
// computes source indices and reads the input with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/DataMovementUtils.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;
namespace graph = weft::graph;
using namespace weft::datamovement;

namespace {

enum class CoordMode {
  HalfPixel,
  PytorchHalfPixel,
  AlignCorners,
  Asymmetric,
  TfHalfPixelForNN,
  HalfPixelSymmetric,
  /// Positions between the roi's start and end (fractions of each axis);
  /// outside the input they read extrapolation_value.
  TfCropAndResize
};

std::optional<CoordMode> parseCoordMode(StringRef s) {
  return llvm::StringSwitch<std::optional<CoordMode>>(s)
      .Case("half_pixel", CoordMode::HalfPixel)
      .Case("pytorch_half_pixel", CoordMode::PytorchHalfPixel)
      .Case("align_corners", CoordMode::AlignCorners)
      .Case("asymmetric", CoordMode::Asymmetric)
      .Case("tf_half_pixel_for_nn", CoordMode::TfHalfPixelForNN)
      .Case("half_pixel_symmetric", CoordMode::HalfPixelSymmetric)
      .Case("tf_crop_and_resize", CoordMode::TfCropAndResize)
      .Default(std::nullopt);
}

enum class NearestMode { RoundPreferFloor, RoundPreferCeil, Floor, Ceil };

std::optional<NearestMode> parseNearestMode(StringRef s) {
  return llvm::StringSwitch<std::optional<NearestMode>>(s)
      .Case("round_prefer_floor", NearestMode::RoundPreferFloor)
      .Case("round_prefer_ceil", NearestMode::RoundPreferCeil)
      .Case("floor", NearestMode::Floor)
      .Case("ceil", NearestMode::Ceil)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// The arithmetic, once in C++ (for compile-time index tables) and once as IR
//===----------------------------------------------------------------------===//

/// ONNX Runtime's original coordinate of output coordinate `x`, in f32.
float originalCoordinate(CoordMode mode, float x, float scale, float outLen,
                         float inLen) {
  switch (mode) {
  case CoordMode::HalfPixel:
    return (x + 0.5f) / scale - 0.5f;
  case CoordMode::PytorchHalfPixel:
    return outLen > 1 ? (x + 0.5f) / scale - 0.5f : 0.0f;
  case CoordMode::AlignCorners:
    // The resized length is in * scale before rounding, as ONNX defines it
    // (it differs from outLen when scales, not sizes, are given).
    return outLen == 1 ? 0.0f : x * (inLen - 1) / (inLen * scale - 1);
  case CoordMode::Asymmetric:
    return x / scale;
  case CoordMode::TfHalfPixelForNN:
    return (x + 0.5f) / scale;
  case CoordMode::HalfPixelSymmetric: {
    float adjustment = outLen / (scale * inLen);
    float offset = inLen / 2 * (1 - adjustment);
    return offset + (x + 0.5f) / scale - 0.5f;
  }
  case CoordMode::TfCropAndResize: // needs the roi: emitAxisCoordinate
    return x;
  }
  return x;
}

/// The nearest input index of original coordinate `x`, clamped to the axis.
/// Clamping first is exact: rounding is monotone and the bounds are integers.
int64_t nearestIndex(NearestMode mode, float x, int64_t inLen) {
  float c = std::min(std::max(x, 0.0f), (float)(inLen - 1));
  int64_t t = (int64_t)c;
  float frac = c - (float)t;
  switch (mode) {
  case NearestMode::Floor:
    return t;
  case NearestMode::Ceil:
    return t + (frac > 0 ? 1 : 0);
  case NearestMode::RoundPreferFloor:
    return t + (frac > 0.5f ? 1 : 0);
  case NearestMode::RoundPreferCeil:
    return t + (frac >= 0.5f ? 1 : 0);
  }
  return t;
}

/// f32 arithmetic inside a linalg body.
struct FloatMath {
  OpBuilder &b;
  Location loc;
  Value c(float v) {
    return b.create<arith::ConstantOp>(loc, b.getF32FloatAttr(v));
  }
  Value add(Value x, Value y) {
    return b.createOrFold<arith::AddFOp>(loc, x, y);
  }
  Value sub(Value x, Value y) {
    return b.createOrFold<arith::SubFOp>(loc, x, y);
  }
  Value mul(Value x, Value y) {
    return b.createOrFold<arith::MulFOp>(loc, x, y);
  }
  Value div(Value x, Value y) {
    return b.createOrFold<arith::DivFOp>(loc, x, y);
  }
  Value gt(Value x, Value y) {
    return b.createOrFold<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, x, y);
  }
  Value ge(Value x, Value y) {
    return b.createOrFold<arith::CmpFOp>(loc, arith::CmpFPredicate::OGE, x, y);
  }
  Value eq(Value x, Value y) {
    return b.createOrFold<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return b.createOrFold<arith::SelectOp>(loc, cond, x, y);
  }
  Value clamp(Value x, Value lo, Value hi) {
    return b.createOrFold<arith::MinimumFOp>(
        loc, b.createOrFold<arith::MaximumFOp>(loc, x, lo), hi);
  }
  Value fromIndex(Value i) {
    Value asInt = b.createOrFold<arith::IndexCastOp>(loc, b.getI64Type(), i);
    return b.createOrFold<arith::SIToFPOp>(loc, b.getF32Type(), asInt);
  }
  Value toIndex(Value f) {
    Value asInt = b.createOrFold<arith::FPToSIOp>(loc, b.getI64Type(), f);
    return b.createOrFold<arith::IndexCastOp>(loc, b.getIndexType(), asInt);
  }
};

/// The IR twin of originalCoordinate.
Value emitOriginalCoordinate(FloatMath &f, CoordMode mode, Value x, Value scale,
                             Value outLen, Value inLen) {
  Value half = f.c(0.5f), one = f.c(1.0f);
  switch (mode) {
  case CoordMode::HalfPixel:
    return f.sub(f.div(f.add(x, half), scale), half);
  case CoordMode::PytorchHalfPixel:
    return f.select(f.gt(outLen, one),
                    f.sub(f.div(f.add(x, half), scale), half), f.c(0.0f));
  case CoordMode::AlignCorners:
    return f.select(
        f.eq(outLen, one), f.c(0.0f),
        f.div(f.mul(x, f.sub(inLen, one)), f.sub(f.mul(inLen, scale), one)));
  case CoordMode::Asymmetric:
    return f.div(x, scale);
  case CoordMode::TfHalfPixelForNN:
    return f.div(f.add(x, half), scale);
  case CoordMode::HalfPixelSymmetric: {
    Value adjustment = f.div(outLen, f.mul(scale, inLen));
    Value offset = f.mul(f.div(inLen, f.c(2.0f)), f.sub(one, adjustment));
    return f.sub(f.add(offset, f.div(f.add(x, half), scale)), half);
  }
  case CoordMode::TfCropAndResize: // needs the roi: emitAxisCoordinate
    return x;
  }
  return x;
}

/// The IR twin of nearestIndex.
Value emitNearestIndex(FloatMath &f, NearestMode mode, Value x, Value inLen) {
  Value c = f.clamp(x, f.c(0.0f), f.sub(inLen, f.c(1.0f)));
  Value t = f.toIndex(c);
  if (mode == NearestMode::Floor)
    return t;
  Value frac = f.sub(c, f.fromIndex(t));
  Value up;
  switch (mode) {
  case NearestMode::Ceil:
    up = f.gt(frac, f.c(0.0f));
    break;
  case NearestMode::RoundPreferFloor:
    up = f.gt(frac, f.c(0.5f));
    break;
  default:
    up = f.ge(frac, f.c(0.5f));
    break;
  }
  Value inc = f.b.createOrFold<arith::SelectOp>(
      f.loc, up, indexConst(f.b, f.loc, 1), indexConst(f.b, f.loc, 0));
  return f.b.createOrFold<arith::AddIOp>(f.loc, t, inc);
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

/// One axis of the resize.
struct AxisPlan {
  bool resized = false;       // false: the output index is the input index
  std::optional<float> scale; // the f32 scale, when known at compile time
  Value scaleValue;           // the f32 scale as a Value (outside the body)
  Value inLen, outLen;        // f32 lengths (outside the body)
  Value inDim, outDim;        // index lengths (outside the body)
  Value roiStart, roiEnd;     // f32 crop box (tf_crop_and_resize only)
};

/// The original coordinate of output coordinate `x` (f32) on axis `p`.
/// tf_crop_and_resize maps the output onto [start, end] * (in - 1), with
/// ONNX Runtime's order of operations.
Value emitAxisCoordinate(FloatMath &f, CoordMode ctm, const AxisPlan &p,
                         Value x) {
  if (ctm != CoordMode::TfCropAndResize)
    return emitOriginalCoordinate(f, ctm, x, p.scaleValue, p.outLen, p.inLen);
  Value one = f.c(1.0f);
  Value inLast = f.sub(p.inLen, one);
  Value spread = f.div(f.mul(f.mul(x, f.sub(p.roiEnd, p.roiStart)), inLast),
                       f.sub(p.outLen, one));
  Value many = f.add(f.mul(p.roiStart, inLast), spread);
  Value single = f.mul(f.mul(f.c(0.5f), f.add(p.roiStart, p.roiEnd)), inLast);
  Value orig = f.select(f.gt(p.outLen, one), many, single);
  // The roi is run-time data: a NaN or huge position (whose integer
  // conversion would be poison) becomes one just outside the input, which
  // reads extrapolation_value.
  return f.b.create<arith::MinNumFOp>(
      f.loc, f.b.create<arith::MaxNumFOp>(f.loc, orig, f.c(-1.0f)), p.inLen);
}

/// tf_crop_and_resize: whether output element `at` maps outside the input
/// on some resized axis (it then reads extrapolation_value).
Value emitCropOutside(FloatMath &f, ArrayRef<AxisPlan> plans) {
  Value outside;
  for (auto [i, p] : llvm::enumerate(plans)) {
    if (!p.resized)
      continue;
    Value idx = f.b.create<linalg::IndexOp>(f.loc, i);
    Value orig =
        emitAxisCoordinate(f, CoordMode::TfCropAndResize, p, f.fromIndex(idx));
    Value out = f.b.createOrFold<arith::OrIOp>(
        f.loc, f.gt(f.c(0.0f), orig), f.gt(orig, f.sub(p.inLen, f.c(1.0f))));
    outside =
        outside ? f.b.createOrFold<arith::OrIOp>(f.loc, outside, out) : out;
  }
  return outside;
}

struct ResizeLowering : OpRewritePattern<graph::ResizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(graph::ResizeOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = llvm::dyn_cast<RankedTensorType>(op.getType());
    auto inType = llvm::dyn_cast<RankedTensorType>(op.getX().getType());
    if (!resultType || !inType)
      return weft::lowering::failToLower(rewriter, op,
                                         "unranked input or result");
    StringRef mode = op.getMode();
    if (mode != "nearest" && mode != "linear" && mode != "cubic")
      return weft::lowering::failToLower(rewriter, op,
                                         "unknown mode '" + mode + "'");
    StringRef ctmName = op.getCoordinateTransformationMode();
    std::optional<CoordMode> ctm = parseCoordMode(ctmName);
    if (!ctm)
      return weft::lowering::failToLower(
          rewriter, op,
          "unknown coordinate_transformation_mode '" + ctmName + "'");
    std::optional<NearestMode> nearest = parseNearestMode(op.getNearestMode());
    if (!nearest)
      return weft::lowering::failToLower(
          rewriter, op, "unknown nearest_mode '" + op.getNearestMode() + "'");
    if (mode != "nearest" && !llvm::isa<FloatType>(inType.getElementType()))
      return weft::lowering::failToLower(
          rewriter, op, mode + " mode needs a floating-point input");
    int64_t rank = inType.getRank();
    if (resultType.getRank() != rank)
      return weft::lowering::failToLower(
          rewriter, op, "the result rank differs from the input's");

    FailureOr<SmallVector<AxisPlan>> plans = planAxes(rewriter, op, mode);
    if (failed(plans))
      return failure();

    Location loc = op.getLoc();
    if (mode == "nearest" && *ctm != CoordMode::TfCropAndResize)
      if (Value fast = tryIntegerUpsample(rewriter, loc, op.getX(), resultType,
                                          *plans, *ctm, *nearest)) {
        rewriter.replaceOp(op, fast);
        return success();
      }
    SmallVector<OpFoldResult> dims;
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(getAsOpFoldResult((*plans)[i].outDim));
    Value init = createEmpty(rewriter, loc, resultType, dims);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value input = op.getX();
    float cubicA = op.getCubicCoeffA().convertToFloat();
    bool excludeOutside = op.getExcludeOutside() != 0;
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank)}, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          Value v;
          if (mode == "nearest")
            v = emitNearest(b, l, input, *plans, *ctm, *nearest);
          else
            v = emitInterpolated(b, l, input, *plans, *ctm, mode == "cubic",
                                 cubicA, excludeOutside);
          if (*ctm == CoordMode::TfCropAndResize) {
            FloatMath f{b, l};
            if (Value outside = emitCropOutside(f, *plans)) {
              Type element = resultType.getElementType();
              Value fill = weft::lowering::castFromSignless(
                  b, l,
                  weft::lowering::createScalar(
                      b, l, weft::lowering::toSignlessType(element),
                      op.getExtrapolationValue().convertToDouble()),
                  element);
              v = b.create<arith::SelectOp>(l, outside, fill, v);
            }
          }
          b.create<linalg::YieldOp>(l, v);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }

  /// Reads scales or sizes and fills one plan per input axis.
  static FailureOr<SmallVector<AxisPlan>>
  planAxes(PatternRewriter &rewriter, graph::ResizeOp op, StringRef mode) {
    auto inType = llvm::cast<RankedTensorType>(op.getX().getType());
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    int64_t rank = inType.getRank();
    Location loc = op.getLoc();
    SmallVector<int64_t> axes;
    if (std::optional<ArrayRef<int64_t>> attr = op.getAxes()) {
      for (int64_t a : *attr) {
        std::optional<int64_t> axis = graph::normalizeAxis(a, rank);
        if (!axis)
          return weft::lowering::failToLower(rewriter, op,
                                             "axes are out of range");
        axes.push_back(*axis);
      }
    } else {
      for (int64_t i = 0; i < rank; ++i)
        axes.push_back(i);
    }
    auto isEmpty = [](Value v) {
      auto type = v ? llvm::dyn_cast<RankedTensorType>(v.getType())
                    : RankedTensorType();
      return !v || (type && type.getRank() == 1 && type.getDimSize(0) == 0);
    };
    std::optional<SmallVector<float>> scales;
    std::optional<SmallVector<int64_t>> sizes;
    if (!isEmpty(op.getScales())) {
      DenseElementsAttr attr = graph::getConstantElements(op.getScales());
      if (!attr || !llvm::isa<FloatType>(attr.getElementType()))
        return weft::lowering::failToLower(rewriter, op,
                                           "scales must be a constant");
      scales.emplace();
      for (const APFloat &v : attr.getValues<APFloat>()) {
        APFloat f = v;
        bool lost;
        f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
        scales->push_back(f.convertToFloat());
      }
      if (scales->size() != axes.size())
        return weft::lowering::failToLower(rewriter, op,
                                           "scales has the wrong length");
    } else if (!isEmpty(op.getSizes())) {
      sizes = graph::getConstantInts(op.getSizes());
      if (!sizes)
        return weft::lowering::failToLower(rewriter, op,
                                           "sizes must be a constant");
      if (sizes->size() != axes.size())
        return weft::lowering::failToLower(rewriter, op,
                                           "sizes has the wrong length");
    } else {
      return weft::lowering::failToLower(rewriter, op, "needs scales or sizes");
    }
    StringRef policy = op.getKeepAspectRatioPolicy();
    if (sizes && policy != "stretch" && !inType.hasStaticShape())
      return weft::lowering::failToLower(
          rewriter, op, "keep_aspect_ratio_policy needs a static input shape");
    // not_larger / not_smaller: one scale for every resized axis.
    std::optional<float> commonScale;
    if (sizes && policy != "stretch") {
      float s = policy == "not_larger" ? INFINITY : 0.0f;
      for (auto [i, axis] : llvm::enumerate(axes)) {
        float r = (float)(*sizes)[i] / (float)inType.getDimSize(axis);
        s = policy == "not_larger" ? std::min(s, r) : std::max(s, r);
      }
      commonScale = s;
    }

    FloatMath f{rewriter, loc};
    SmallVector<AxisPlan> plans(rank);
    SmallVector<int64_t> axisSlot(rank, -1);
    for (int64_t i = 0; i < rank; ++i) {
      AxisPlan &p = plans[i];
      p.inDim = toIndex(rewriter, loc,
                        tensor::getMixedSize(rewriter, loc, op.getX(), i));
      p.inLen = f.fromIndex(p.inDim);
    }
    for (auto [k, axis] : llvm::enumerate(axes)) {
      AxisPlan &p = plans[axis];
      axisSlot[axis] = k;
      int64_t in = inType.getDimSize(axis), out = resultType.getDimSize(axis);
      if (scales) {
        p.scale = (*scales)[k];
        if (!(*p.scale > 0))
          return weft::lowering::failToLower(rewriter, op,
                                             "scales must be positive");
      } else if (commonScale) {
        p.scale = *commonScale;
      } else if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out)) {
        if (in == 0)
          return weft::lowering::failToLower(rewriter, op,
                                             "cannot resize an empty axis");
        p.scale = (float)out / (float)in;
      }
      p.resized = true;
      // ONNX Runtime leaves an axis with scale 1 alone, except for nearest
      // on a 1-D input, where the transformation still applies (and
      // shifts with tf_half_pixel_for_nn).
      if (p.scale && *p.scale == 1.0f && (mode != "nearest" || rank > 1))
        p.resized = false;
    }
    if (op.getCoordinateTransformationMode() == "tf_crop_and_resize" &&
        failed(planCrop(rewriter, op, axes, plans)))
      return failure();
    for (int64_t i = 0; i < rank; ++i) {
      AxisPlan &p = plans[i];
      if (!resultType.isDynamicDim(i))
        p.outDim = indexConst(rewriter, loc, resultType.getDimSize(i));
      else if (!p.resized)
        p.outDim = p.inDim;
      else if (sizes)
        p.outDim = indexConst(rewriter, loc, (*sizes)[axisSlot[i]]);
      else // ONNX Runtime: (int64_t)(in * scale).
        p.outDim = f.toIndex(f.mul(p.inLen, f.c(*p.scale)));
      p.outLen = f.fromIndex(p.outDim);
      p.scaleValue = p.scale ? f.c(*p.scale) : f.div(p.outLen, p.inLen);
    }
    return plans;
  }

  /// tf_crop_and_resize: reads the crop box of every resized axis from
  /// `roi` (the starts, then the ends). An axis whose box is a constant
  /// [0, 1] and whose length does not change is not resized.
  static LogicalResult planCrop(PatternRewriter &rewriter, graph::ResizeOp op,
                                ArrayRef<int64_t> axes,
                                MutableArrayRef<AxisPlan> plans) {
    Value roi = op.getRoi();
    auto roiType =
        roi ? llvm::dyn_cast<RankedTensorType>(roi.getType()) : nullptr;
    if (!roiType || roiType.getRank() != 1 ||
        !llvm::isa<FloatType>(roiType.getElementType()))
      return weft::lowering::failToLower(
          rewriter, op,
          "tf_crop_and_resize needs roi as a 1-D floating-point tensor");
    int64_t n = axes.size();
    if (!roiType.isDynamicDim(0) && roiType.getDimSize(0) != 2 * n)
      return weft::lowering::failToLower(
          rewriter, op,
          "roi must hold a start and an end per resized axis (" +
              llvm::Twine(2 * n) + " values)");
    auto inType = llvm::cast<RankedTensorType>(op.getX().getType());
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    DenseElementsAttr constant = graph::getConstantElements(roi);
    Location loc = op.getLoc();
    auto read = [&](int64_t k) -> Value {
      Value v = rewriter.create<tensor::ExtractOp>(
          loc, roi, indexConst(rewriter, loc, k));
      if (v.getType().isF32())
        return v;
      if (v.getType().getIntOrFloatBitWidth() > 32)
        return rewriter.create<arith::TruncFOp>(loc, rewriter.getF32Type(), v);
      return rewriter.create<arith::ExtFOp>(loc, rewriter.getF32Type(), v);
    };
    for (auto [k, axis] : llvm::enumerate(axes)) {
      AxisPlan &p = plans[axis];
      int64_t in = inType.getDimSize(axis), out = resultType.getDimSize(axis);
      if (constant && !ShapedType::isDynamic(in) && in == out) {
        auto values = llvm::to_vector(constant.getValues<APFloat>());
        if (values[k].convertToDouble() == 0.0 &&
            values[k + n].convertToDouble() == 1.0) {
          p.resized = false;
          continue;
        }
      }
      p.resized = true;
      p.roiStart = read(k);
      p.roiEnd = read(k + n);
    }
    return success();
  }

  /// Nearest resizes that repeat each input element k times along every
  /// resized axis: broadcast into an expanded shape, then collapse.
  static Value tryIntegerUpsample(OpBuilder &b, Location loc, Value input,
                                  RankedTensorType resultType,
                                  ArrayRef<AxisPlan> plans, CoordMode ctm,
                                  NearestMode nearest) {
    auto inType = llvm::cast<RankedTensorType>(input.getType());
    if (!inType.hasStaticShape() || !resultType.hasStaticShape())
      return {};
    int64_t rank = inType.getRank();
    SmallVector<int64_t> factors(rank, 1);
    for (int64_t i = 0; i < rank; ++i) {
      int64_t in = inType.getDimSize(i), out = resultType.getDimSize(i);
      if (!plans[i].resized) {
        if (in != out)
          return {};
        continue;
      }
      if (in == 0 || out % in != 0 || !plans[i].scale)
        return {};
      int64_t k = out / in;
      for (int64_t x = 0; x < out; ++x) {
        float orig = originalCoordinate(ctm, (float)x, *plans[i].scale,
                                        (float)out, (float)in);
        if (nearestIndex(nearest, orig, in) != x / k)
          return {};
      }
      factors[i] = k;
    }
    if (llvm::all_of(factors, [](int64_t k) { return k == 1; }))
      return castTo(b, loc, input, resultType);
    SmallVector<int64_t> expanded;
    SmallVector<AffineExpr> inExprs;
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0; i < rank; ++i) {
      ReassociationIndices group{(int64_t)expanded.size()};
      inExprs.push_back(b.getAffineDimExpr(expanded.size()));
      expanded.push_back(inType.getDimSize(i));
      if (factors[i] > 1) {
        group.push_back(expanded.size());
        expanded.push_back(factors[i]);
      }
      groups.push_back(group);
    }
    int64_t n = expanded.size();
    auto expandedType =
        RankedTensorType::get(expanded, inType.getElementType());
    Value init =
        b.create<tensor::EmptyOp>(loc, expanded, inType.getElementType());
    SmallVector<AffineMap> maps{AffineMap::get(n, 0, inExprs, b.getContext()),
                                b.getMultiDimIdentityMap(n)};
    SmallVector<utils::IteratorType> iterators(n,
                                               utils::IteratorType::parallel);
    auto broadcast = b.create<linalg::GenericOp>(
        loc, expandedType, ValueRange{input}, ValueRange{init}, maps, iterators,
        [](OpBuilder &nb, Location nl, ValueRange args) {
          nb.create<linalg::YieldOp>(nl, args[0]);
        });
    return b.create<tensor::CollapseShapeOp>(loc, resultType,
                                             broadcast.getResult(0), groups);
  }

  static Value emitNearest(OpBuilder &b, Location loc, Value input,
                           ArrayRef<AxisPlan> plans, CoordMode ctm,
                           NearestMode nearest) {
    FloatMath f{b, loc};
    SmallVector<Value> at;
    for (auto [i, p] : llvm::enumerate(plans)) {
      Value idx = b.create<linalg::IndexOp>(loc, i);
      if (p.resized) {
        Value orig = emitAxisCoordinate(f, ctm, p, f.fromIndex(idx));
        idx = emitNearestIndex(f, nearest, orig, p.inLen);
      }
      at.push_back(idx);
    }
    return b.create<tensor::ExtractOp>(loc, input, at);
  }

  /// One neighbour of an interpolated axis: its index and weight.
  struct Tap {
    Value index;
    Value weight;
  };

  /// The taps of one resized axis at output index `idx`.
  static SmallVector<Tap> axisTaps(FloatMath &f, const AxisPlan &p, Value idx,
                                   CoordMode ctm, bool cubic, float a,
                                   bool excludeOutside) {
    OpBuilder &b = f.b;
    Location loc = f.loc;
    Value orig = emitAxisCoordinate(f, ctm, p, f.fromIndex(idx));
    Value last =
        b.createOrFold<arith::SubIOp>(loc, p.inDim, indexConst(b, loc, 1));
    if (!cubic) {
      // ONNX Runtime: clamp the coordinate, then x1 = (int)x, x2 = x1 + 1.
      Value c = f.clamp(orig, f.c(0.0f), f.sub(p.inLen, f.c(1.0f)));
      Value x1 = f.toIndex(c);
      Value x2 = b.createOrFold<arith::MinSIOp>(
          loc, b.createOrFold<arith::AddIOp>(loc, x1, indexConst(b, loc, 1)),
          last);
      Value d1 = f.sub(c, f.fromIndex(x1));
      return {{x1, f.sub(f.c(1.0f), d1)}, {x2, d1}};
    }
    // Cubic convolution with coefficient `a` over floor(x) - 1 .. floor(x) + 2.
    Value fl = b.create<math::FloorOp>(loc, orig);
    Value s = f.sub(orig, fl);
    Value base = f.toIndex(fl);
    Value ca = f.c(a);
    auto outer = [&](Value t) { // |t| in [1, 2]
      return f.sub(
          f.mul(f.add(f.mul(f.sub(f.mul(ca, t), f.mul(f.c(5.0f), ca)), t),
                      f.mul(f.c(8.0f), ca)),
                t),
          f.mul(f.c(4.0f), ca));
    };
    auto inner = [&](Value t) { // |t| in [0, 1]
      return f.add(f.mul(f.mul(f.sub(f.mul(f.add(ca, f.c(2.0f)), t),
                                     f.add(ca, f.c(3.0f))),
                               t),
                         t),
                   f.c(1.0f));
    };
    Value one = f.c(1.0f);
    SmallVector<Value> weights{outer(f.add(s, one)), inner(s),
                               inner(f.sub(one, s)),
                               outer(f.sub(f.c(2.0f), s))};
    SmallVector<Tap> taps;
    Value sum = f.c(0.0f);
    for (int64_t k = 0; k < 4; ++k) {
      Value raw =
          b.createOrFold<arith::AddIOp>(loc, base, indexConst(b, loc, k - 1));
      Value inside = b.createOrFold<arith::AndIOp>(
          loc,
          b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, raw,
                                        indexConst(b, loc, 0)),
          b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, raw,
                                        last));
      Value w = weights[k];
      if (excludeOutside)
        w = f.select(inside, w, f.c(0.0f));
      sum = f.add(sum, w);
      Value clamped = b.createOrFold<arith::MinSIOp>(
          loc, b.createOrFold<arith::MaxSIOp>(loc, raw, indexConst(b, loc, 0)),
          last);
      taps.push_back({clamped, w});
    }
    if (excludeOutside)
      for (Tap &t : taps)
        t.weight = f.div(t.weight, sum);
    return taps;
  }

  /// Linear or cubic: the weighted sum over the taps of every resized axis.
  static Value emitInterpolated(OpBuilder &b, Location loc, Value input,
                                ArrayRef<AxisPlan> plans, CoordMode ctm,
                                bool cubic, float a, bool excludeOutside) {
    FloatMath f{b, loc};
    Type elementType =
        llvm::cast<RankedTensorType>(input.getType()).getElementType();
    Type computeType = elementType.isF64() ? elementType : b.getF32Type();
    int64_t rank = plans.size();
    SmallVector<Value> direct(rank);
    SmallVector<SmallVector<Tap>> taps(rank);
    SmallVector<int64_t> resized;
    for (int64_t i = 0; i < rank; ++i) {
      Value idx = b.create<linalg::IndexOp>(loc, i);
      direct[i] = idx;
      if (!plans[i].resized)
        continue;
      resized.push_back(i);
      taps[i] = axisTaps(f, plans[i], idx, ctm, cubic, a, excludeOutside);
    }
    if (resized.empty())
      return b.create<tensor::ExtractOp>(loc, input, direct);
    // Enumerate tap combinations; the last resized axis varies fastest.
    int64_t perAxis = cubic ? 4 : 2;
    int64_t combos = 1;
    for (size_t k = 0; k < resized.size(); ++k)
      combos *= perAxis;
    Value acc;
    for (int64_t c = 0; c < combos; ++c) {
      SmallVector<Value> at(direct);
      Value weight;
      int64_t rest = c;
      for (int64_t k = resized.size() - 1; k >= 0; --k) {
        int64_t axis = resized[k];
        const Tap &t = taps[axis][rest % perAxis];
        rest /= perAxis;
        at[axis] = t.index;
        weight = weight ? f.mul(weight, t.weight) : t.weight;
      }
      Value v = b.create<tensor::ExtractOp>(loc, input, at);
      if (v.getType() != computeType)
        v = b.create<arith::ExtFOp>(loc, computeType, v);
      if (weight.getType() != computeType)
        weight = b.create<arith::ExtFOp>(loc, computeType, weight);
      Value term = b.create<arith::MulFOp>(loc, weight, v);
      acc = acc ? b.create<arith::AddFOp>(loc, acc, term).getResult() : term;
    }
    if (acc.getType() != elementType)
      acc = b.create<arith::TruncFOp>(loc, elementType, acc);
    return acc;
  }
};

} // namespace

void weft::datamovement::populateResizePatterns(RewritePatternSet &patterns) {
  patterns.add<ResizeLowering>(patterns.getContext());
}
