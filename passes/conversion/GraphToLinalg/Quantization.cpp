//===- Quantization.cpp - Linear (de)quantization graph ops to linalg -----===//
//
// graph.quantize_linear and graph.dequantize_linear as one elementwise
// linalg.generic each, over the shape of `x`. A per-axis scale (and zero
// point) is read through the map `(d0, ..., dn) -> (d_axis)`, a per-tensor
// one through a map to no dims (rank 0) or to index 0 (one element). The
// arithmetic is done in f32 (f64 when the scale is f64); quantized values
// widen to i32 first, so that `x - zero_point` cannot wrap.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

/// The type the arithmetic is done in for a scale of `scaleType`.
FloatType computeType(OpBuilder &b, Type scaleType) {
  if (scaleType.isF64())
    return b.getF64Type();
  return b.getF32Type();
}

/// `value` (a float, or a signless integer of at most 32 bits that is
/// unsigned when `isUnsigned`) as a float of `type`.
Value toFloat(OpBuilder &b, Location loc, Value value, FloatType type,
              bool isUnsigned) {
  Type from = value.getType();
  if (isa<IntegerType>(from)) {
    if (isUnsigned)
      return b.create<arith::UIToFPOp>(loc, type, value);
    return b.create<arith::SIToFPOp>(loc, type, value);
  }
  unsigned width = cast<FloatType>(from).getWidth();
  if (width < type.getWidth())
    return b.create<arith::ExtFOp>(loc, type, value);
  if (width > type.getWidth())
    return b.create<arith::TruncFOp>(loc, type, value);
  return value;
}

/// A quantized (i8/ui8/i32 tensor element) scalar as a signless i32.
Value toI32(OpBuilder &b, Location loc, Value value) {
  bool isUnsigned = isUnsignedInt(value.getType());
  value = castToSignless(b, loc, value);
  Type i32 = b.getI32Type();
  if (value.getType() == i32)
    return value;
  if (isUnsigned)
    return b.create<arith::ExtUIOp>(loc, i32, value);
  return b.create<arith::ExtSIOp>(loc, i32, value);
}

/// A constant unsigned zero point as an i32 constant of the same shape
/// (other values unchanged). Linalg's fusion turns a splat constant input
/// into a scalar arith.constant of the element type, which must be
/// signless; quantized models usually have constant zero points.
Value widenConstantZeroPoint(OpBuilder &b, Location loc, Value zeroPoint) {
  DenseIntElementsAttr attr;
  if (!zeroPoint || !matchPattern(zeroPoint, m_Constant(&attr)) ||
      !attr.getElementType().isUnsignedInteger())
    return zeroPoint;
  auto type = RankedTensorType::get(attr.getType().getShape(), b.getI32Type());
  SmallVector<int32_t> values;
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(int32_t(v.getZExtValue()));
  return b.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(values)));
}

/// The indexing map of a scale or zero point of `type` read by a loop nest
/// over a rank-`rank` tensor quantized along `axis`.
AffineMap paramMap(MLIRContext *ctx, RankedTensorType type, int64_t rank,
                   int64_t axis) {
  if (type.getRank() == 0)
    return AffineMap::get(rank, 0, {}, ctx);
  if (type.getDimSize(0) == 1)
    return AffineMap::get(rank, 0, {getAffineConstantExpr(0, ctx)}, ctx);
  return AffineMap::get(rank, 0, {getAffineDimExpr(axis, ctx)}, ctx);
}

/// The body of a generic: the scalar inputs (x, scale, zero point if any)
/// to the result element.
using QuantBody =
    function_ref<Value(OpBuilder &, Location, Value, Value, Value)>;

/// Lowers `op` (a quantize_linear or dequantize_linear) to one generic.
template <typename OpTy>
LogicalResult lowerLinearQuant(OpTy op, PatternRewriter &rewriter,
                               QuantBody body) {
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  auto xType = dyn_cast<RankedTensorType>(op.getX().getType());
  auto scaleType = dyn_cast<RankedTensorType>(op.getScale().getType());
  Value zeroPoint = op.getZeroPoint();
  if (!resultType || !xType || !scaleType ||
      (zeroPoint && !isa<RankedTensorType>(zeroPoint.getType())))
    return failToLower(rewriter, op, "unranked operand or result");
  int64_t rank = xType.getRank();
  int64_t axis = op.getAxis();
  if (scaleType.getRank() == 1 && (axis < -rank || axis >= rank))
    return failToLower(rewriter, op, "axis is out of range");
  if (axis < 0)
    axis += rank;

  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  zeroPoint = widenConstantZeroPoint(rewriter, loc, zeroPoint);
  Value init = createEmptyTensor(rewriter, loc, resultType, op.getX());
  if (!init)
    return failToLower(rewriter, op, "a dynamic result dim is unknown");
  if (resultType.hasStaticShape() && resultType.getNumElements() == 0) {
    rewriter.replaceOp(op, init);
    return success();
  }

  SmallVector<Value> inputs = {op.getX(), op.getScale()};
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank),
                                 paramMap(ctx, scaleType, rank, axis)};
  if (zeroPoint) {
    inputs.push_back(zeroPoint);
    maps.push_back(
        paramMap(ctx, cast<RankedTensorType>(zeroPoint.getType()), rank, axis));
  }
  maps.push_back(rewriter.getMultiDimIdentityMap(rank));
  Value result =
      rewriter
          .create<linalg::GenericOp>(
              loc, resultType, inputs, ValueRange{init}, maps,
              parallelIterators(rank),
              [&](OpBuilder &b, Location l, ValueRange args) {
                Value zp = zeroPoint ? args[2] : Value();
                b.create<linalg::YieldOp>(l, body(b, l, args[0], args[1], zp));
              })
          .getResult(0);
  rewriter.replaceOp(op, result);
  return success();
}

struct QuantizeLinearLowering : OpRewritePattern<graph::QuantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::QuantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    Type resultElement = op.getType().getElementType();
    auto intType = dyn_cast<IntegerType>(resultElement);
    if (!intType || intType.getWidth() != 8)
      return failToLower(rewriter, op, "the result must be i8 or ui8");
    bool isUnsigned = intType.isUnsigned();
    double lowest = isUnsigned ? 0 : -128, highest = isUnsigned ? 255 : 127;
    return lowerLinearQuant(
        op, rewriter,
        [&](OpBuilder &b, Location l, Value x, Value scale, Value zp) -> Value {
          FloatType f = computeType(b, scale.getType());
          // Operands are built one statement at a time so that the IR's order
          // does not depend on the compiler's argument evaluation order.
          Value xf = toFloat(b, l, x, f, /*isUnsigned=*/false);
          Value sf = toFloat(b, l, scale, f, false);
          Value q = b.create<arith::DivFOp>(l, xf, sf);
          q = b.create<math::RoundEvenOp>(l, q);
          if (zp) {
            Value zf = toFloat(b, l, toI32(b, l, zp), f, false);
            q = b.create<arith::AddFOp>(l, q, zf);
          }
          // maxnumf/minnumf send NaN to the lower bound instead of giving a
          // poison conversion.
          q = b.create<arith::MaxNumFOp>(l, q, createScalar(b, l, f, lowest));
          q = b.create<arith::MinNumFOp>(l, q, createScalar(b, l, f, highest));
          Value i = b.create<arith::FPToSIOp>(l, b.getI32Type(), q);
          i = b.create<arith::TruncIOp>(l, b.getI8Type(), i);
          return castFromSignless(b, l, i, resultElement);
        });
  }
};

struct DequantizeLinearLowering : OpRewritePattern<graph::DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    Type resultElement = op.getType().getElementType();
    if (!isa<FloatType>(resultElement))
      return failToLower(rewriter, op, "the result must be floating-point");
    return lowerLinearQuant(
        op, rewriter,
        [&](OpBuilder &b, Location l, Value x, Value scale, Value zp) -> Value {
          FloatType f = computeType(b, scale.getType());
          Value v = toI32(b, l, x);
          if (zp)
            v = b.create<arith::SubIOp>(l, v, toI32(b, l, zp));
          Value vf = toFloat(b, l, v, f, false);
          Value sf = toFloat(b, l, scale, f, false);
          Value y = b.create<arith::MulFOp>(l, vf, sf);
          return toFloat(b, l, y, cast<FloatType>(resultElement), false);
        });
  }
};

} // namespace

void weft::populateGraphQuantizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<QuantizeLinearLowering, DequantizeLinearLowering>(
      patterns.getContext());
}
