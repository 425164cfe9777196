//===- ElementwiseMath.cpp - Math, logic and bit graph ops to linalg ------===//
//
// The ops of GraphMathOps.td, each one linalg.generic (see
// ElementwisePattern.h) whose body is given here. Most unary math functions
// map one to one onto math dialect ops, from a table (the CPU backend expands
// tan, sinh, cosh, asinh, acosh, atanh and approximates the rest);
// transcendental ones compute half-precision floats in f32, where the
// backend's approximations are. asin and acos go through atan2, whose
// approximation is accurate near +-1. Integer Mod guards the divisors that
// trap on x86 (zero, and -1 with the minimum dividend) and defines those
// results as 0.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/ElementwisePattern.h"
#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

using E = const Elements &;
using B = OpBuilder &;
using L = Location;
using V = ValueRange;

//===----------------------------------------------------------------------===//
// Scalar building blocks
//===----------------------------------------------------------------------===//

Value constant(B b, L l, Type type, double value) {
  return createScalar(b, l, type, value);
}

Value select(B b, L l, Value condition, Value yes, Value no) {
  return b.create<arith::SelectOp>(l, condition, yes, no);
}

Value cmpf(B b, L l, arith::CmpFPredicate predicate, Value x, Value y) {
  return b.create<arith::CmpFOp>(l, predicate, x, y);
}

Value cmpi(B b, L l, arith::CmpIPredicate predicate, Value x, Value y) {
  return b.create<arith::CmpIOp>(l, predicate, x, y);
}

/// -1, 0 or 1 by the sign of `x`; NaN stays NaN.
Value sign(B b, L l, Value x, E e) {
  Type t = x.getType();
  Value one = constant(b, l, t, 1), zero = constant(b, l, t, 0);
  if (e.isUnsigned())
    return select(b, l, cmpi(b, l, arith::CmpIPredicate::ne, x, zero), one,
                  zero);
  Value minusOne = constant(b, l, t, -1);
  Value positive, negative;
  if (e.isFloat()) {
    positive = cmpf(b, l, arith::CmpFPredicate::OGT, x, zero);
    negative = cmpf(b, l, arith::CmpFPredicate::OLT, x, zero);
  } else {
    positive = cmpi(b, l, arith::CmpIPredicate::sgt, x, zero);
    negative = cmpi(b, l, arith::CmpIPredicate::slt, x, zero);
  }
  // Floats keep x when neither holds (zeros and NaN).
  Value otherwise = select(b, l, negative, minusOne, e.isFloat() ? x : zero);
  return select(b, l, positive, one, otherwise);
}

/// asin(x) = atan2(x, sqrt((1 - x)(1 + x))), or acos(x) with the arguments
/// swapped. MLIR's own asin/acos polynomials lose about 2% of the result
/// near |x| = 1; atan2's stays within a few ulp. |x| > 1 gives NaN.
Value arcSine(B b, L l, Value x, bool cosine) {
  Value one = constant(b, l, x.getType(), 1);
  Value below = b.create<arith::SubFOp>(l, one, x);
  Value above = b.create<arith::AddFOp>(l, one, x);
  Value product = b.create<arith::MulFOp>(l, below, above);
  Value root = b.create<math::SqrtOp>(l, product);
  if (cosine)
    return b.create<math::Atan2Op>(l, root, x);
  return b.create<math::Atan2Op>(l, x, root);
}

/// log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)).
Value softplus(B b, L l, Value x) {
  Value zero = constant(b, l, x.getType(), 0);
  Value abs = b.create<math::AbsFOp>(l, x);
  Value negAbs = b.create<arith::NegFOp>(l, abs);
  Value exp = b.create<math::ExpOp>(l, negAbs);
  Value tail = b.create<math::Log1pOp>(l, exp);
  Value positivePart = b.create<arith::MaximumFOp>(l, x, zero);
  return b.create<arith::AddFOp>(l, positivePart, tail);
}

/// alpha * (exp(x) - 1) where `negative`, else x; times gamma (Elu, Selu).
Value exponentialUnit(B b, L l, Value x, Value negative, double alpha,
                      double gamma) {
  Type t = x.getType();
  Value expm1 = b.create<math::ExpM1Op>(l, x);
  Value scale = constant(b, l, t, alpha * gamma);
  Value below = b.create<arith::MulFOp>(l, expm1, scale);
  Value above = x;
  if (gamma != 1.0) {
    Value gammaValue = constant(b, l, t, gamma);
    above = b.create<arith::MulFOp>(l, x, gammaValue);
  }
  return select(b, l, negative, below, above);
}

/// ONNX Shrink in the float type of `x`.
Value shrinkFloat(B b, L l, Value x, double bias, double lambd) {
  Type t = x.getType();
  Value negLambd = constant(b, l, t, -lambd);
  Value lambdValue = constant(b, l, t, lambd);
  Value biasValue = constant(b, l, t, bias);
  Value zero = constant(b, l, t, 0);
  Value lower = cmpf(b, l, arith::CmpFPredicate::OLT, x, negLambd);
  Value upper = cmpf(b, l, arith::CmpFPredicate::OGT, x, lambdValue);
  Value raised = b.create<arith::AddFOp>(l, x, biasValue);
  Value lowered = b.create<arith::SubFOp>(l, x, biasValue);
  Value inner = select(b, l, upper, lowered, zero);
  return select(b, l, lower, raised, inner);
}

/// C fmod for floats, without libm: x - trunc(x / y) * y computed in f64.
/// That is exact for f16 and f32 operands whose quotient is below 2^24 (the
/// quotient cannot round to an integer and the product is exact); for f64
/// it is the usual approximation.
Value floatRemainder(B b, L l, Value x, Value y) {
  Type type = x.getType();
  Type f64 = b.getF64Type();
  Value xd = type == f64 ? x : b.create<arith::ExtFOp>(l, f64, x).getResult();
  Value yd = type == f64 ? y : b.create<arith::ExtFOp>(l, f64, y).getResult();
  Value ratio = b.create<arith::DivFOp>(l, xd, yd);
  Value quotient = b.create<math::TruncOp>(l, ratio);
  Value product = b.create<arith::MulFOp>(l, quotient, yd);
  Value r = b.create<arith::SubFOp>(l, xd, product);
  // The remainder has the dividend's sign (fmod(-4, 2) is -0).
  r = b.create<math::CopySignOp>(l, r, xd);
  return type == f64 ? r : b.create<arith::TruncFOp>(l, type, r).getResult();
}

/// ONNX Mod for integers. Divisors that trap (0, and -1 for signed types)
/// are replaced by 1 and give 0. With `pythonSign` (fmod = 0) a nonzero
/// remainder takes the divisor's sign.
Value integerRemainder(B b, L l, Value x, Value y, bool isUnsigned,
                       bool pythonSign) {
  Type t = x.getType();
  Value zero = constant(b, l, t, 0), one = constant(b, l, t, 1);
  Value trapping = cmpi(b, l, arith::CmpIPredicate::eq, y, zero);
  if (!isUnsigned) {
    Value minusOne = constant(b, l, t, -1);
    Value isMinusOne = cmpi(b, l, arith::CmpIPredicate::eq, y, minusOne);
    trapping = b.create<arith::OrIOp>(l, trapping, isMinusOne);
  }
  Value divisor = select(b, l, trapping, one, y);
  Value r = isUnsigned ? b.create<arith::RemUIOp>(l, x, divisor).getResult()
                       : b.create<arith::RemSIOp>(l, x, divisor).getResult();
  if (pythonSign && !isUnsigned) {
    Value nonzero = cmpi(b, l, arith::CmpIPredicate::ne, r, zero);
    Value rNegative = cmpi(b, l, arith::CmpIPredicate::slt, r, zero);
    Value yNegative = cmpi(b, l, arith::CmpIPredicate::slt, divisor, zero);
    Value signsDiffer = b.create<arith::XOrIOp>(l, rNegative, yNegative);
    Value adjust = b.create<arith::AndIOp>(l, nonzero, signsDiffer);
    Value moved = b.create<arith::AddIOp>(l, r, divisor);
    r = select(b, l, adjust, moved, r);
  }
  return select(b, l, trapping, zero, r);
}

/// x << y or x >> y (logical); shifts by the width or more give 0.
Value bitShift(B b, L l, Value x, Value y, bool left) {
  Type t = x.getType();
  Value width = constant(b, l, t, t.getIntOrFloatBitWidth());
  Value shifted = left ? b.create<arith::ShLIOp>(l, x, y).getResult()
                       : b.create<arith::ShRUIOp>(l, x, y).getResult();
  Value tooFar = cmpi(b, l, arith::CmpIPredicate::uge, y, width);
  return select(b, l, tooFar, constant(b, l, t, 0), shifted);
}

Value add(B b, L l, Value x, Value y, E e) {
  if (e.isFloat())
    return b.create<arith::AddFOp>(l, x, y);
  return b.create<arith::AddIOp>(l, x, y);
}

//===----------------------------------------------------------------------===//
// Pattern tables
//===----------------------------------------------------------------------===//

/// graph op -> math op, on floats (half precision computed in f32 when
/// `halfFloats` says so).
template <typename GraphOp, typename MathOp>
void addMathFunction(RewritePatternSet &patterns,
                     HalfFloats halfFloats = HalfFloats::ComputeInF32) {
  addElementwise<GraphOp>(
      patterns, Accepts::Float,
      [](GraphOp, B b, L l, V a, E) -> Value {
        return b.create<MathOp>(l, a[0]);
      },
      0, halfFloats);
}

void addUnaryMath(RewritePatternSet &patterns) {
  addMathFunction<graph::CeilOp, math::CeilOp>(patterns, HalfFloats::Keep);
  addMathFunction<graph::FloorOp, math::FloorOp>(patterns, HalfFloats::Keep);
  addMathFunction<graph::RoundOp, math::RoundEvenOp>(patterns,
                                                     HalfFloats::Keep);
  addMathFunction<graph::SinOp, math::SinOp>(patterns);
  addMathFunction<graph::CosOp, math::CosOp>(patterns);
  addMathFunction<graph::TanOp, math::TanOp>(patterns);
  addElementwise<graph::AsinOp>(
      patterns, Accepts::Float,
      [](graph::AsinOp, B b, L l, V a, E) {
        return arcSine(b, l, a[0], /*cosine=*/false);
      },
      0, HalfFloats::ComputeInF32);
  addElementwise<graph::AcosOp>(
      patterns, Accepts::Float,
      [](graph::AcosOp, B b, L l, V a, E) {
        return arcSine(b, l, a[0], /*cosine=*/true);
      },
      0, HalfFloats::ComputeInF32);
  addMathFunction<graph::AtanOp, math::AtanOp>(patterns);
  addMathFunction<graph::SinhOp, math::SinhOp>(patterns);
  addMathFunction<graph::CoshOp, math::CoshOp>(patterns);
  addMathFunction<graph::AsinhOp, math::AsinhOp>(patterns);
  addMathFunction<graph::AcoshOp, math::AcoshOp>(patterns);
  addMathFunction<graph::AtanhOp, math::AtanhOp>(patterns);

  addElementwise<graph::ReciprocalOp>(
      patterns, Accepts::Float, [](graph::ReciprocalOp, B b, L l, V a, E) {
        Value one = constant(b, l, a[0].getType(), 1);
        return b.create<arith::DivFOp>(l, one, a[0]).getResult();
      });
  addElementwise<graph::SoftplusOp>(
      patterns, Accepts::Float,
      [](graph::SoftplusOp, B b, L l, V a, E) { return softplus(b, l, a[0]); },
      0, HalfFloats::ComputeInF32);
  addElementwise<graph::SoftsignOp>(
      patterns, Accepts::Float, [](graph::SoftsignOp, B b, L l, V a, E) {
        Value one = constant(b, l, a[0].getType(), 1);
        Value abs = b.create<math::AbsFOp>(l, a[0]);
        Value denominator = b.create<arith::AddFOp>(l, one, abs);
        return b.create<arith::DivFOp>(l, a[0], denominator).getResult();
      });
  addElementwise<graph::SignOp>(
      patterns, Accepts::Number,
      [](graph::SignOp, B b, L l, V a, E e) { return sign(b, l, a[0], e); });
  addElementwise<graph::IsNaNOp>(
      patterns, Accepts::Float, [](graph::IsNaNOp, B b, L l, V a, E) {
        return cmpf(b, l, arith::CmpFPredicate::UNO, a[0], a[0]);
      });
  addElementwise<graph::IsInfOp>(
      patterns, Accepts::Float, [](graph::IsInfOp op, B b, L l, V a, E) {
        auto type = cast<FloatType>(a[0].getType());
        Value result = constant(b, l, b.getI1Type(), 0);
        for (bool negative : {false, true}) {
          if ((negative ? op.getDetectNegative() : op.getDetectPositive()) == 0)
            continue;
          Value inf = b.create<arith::ConstantOp>(
              l, b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(),
                                                      negative)));
          Value equal = cmpf(b, l, arith::CmpFPredicate::OEQ, a[0], inf);
          result = b.create<arith::OrIOp>(l, result, equal);
        }
        return result;
      });
}

void addActivations(RewritePatternSet &patterns) {
  addElementwise<graph::EluOp>(
      patterns, Accepts::Float,
      [](graph::EluOp op, B b, L l, V a, E) {
        Value zero = constant(b, l, a[0].getType(), 0);
        Value negative = cmpf(b, l, arith::CmpFPredicate::OLT, a[0], zero);
        return exponentialUnit(b, l, a[0], negative,
                               op.getAlpha().convertToDouble(), 1.0);
      },
      0, HalfFloats::ComputeInF32);
  addElementwise<graph::SeluOp>(
      patterns, Accepts::Float,
      [](graph::SeluOp op, B b, L l, V a, E) {
        Value zero = constant(b, l, a[0].getType(), 0);
        Value negative = cmpf(b, l, arith::CmpFPredicate::OLE, a[0], zero);
        return exponentialUnit(b, l, a[0], negative,
                               op.getAlpha().convertToDouble(),
                               op.getGamma().convertToDouble());
      },
      0, HalfFloats::ComputeInF32);
  addElementwise<graph::ThresholdedReluOp>(
      patterns, Accepts::Float,
      [](graph::ThresholdedReluOp op, B b, L l, V a, E) {
        Type t = a[0].getType();
        Value alpha = constant(b, l, t, op.getAlpha().convertToDouble());
        Value zero = constant(b, l, t, 0);
        Value above = cmpf(b, l, arith::CmpFPredicate::OGT, a[0], alpha);
        return select(b, l, above, a[0], zero);
      });
  // Integers are shrunk in f64 and truncated back, as C++ does with float
  // bias and lambd.
  addElementwise<graph::ShrinkOp>(
      patterns, Accepts::Number, [](graph::ShrinkOp op, B b, L l, V a, E e) {
        double bias = op.getBias().convertToDouble();
        double lambd = op.getLambd().convertToDouble();
        if (e.isFloat())
          return shrinkFloat(b, l, a[0], bias, lambd);
        Type f64 = b.getF64Type();
        Value x = convertScalar(b, l, a[0], f64, e.isUnsigned(), false);
        Value shrunk = shrinkFloat(b, l, x, bias, lambd);
        return convertScalar(b, l, shrunk, a[0].getType(), false,
                             e.isUnsigned());
      });
  addElementwise<graph::PReluOp>(
      patterns, Accepts::Number, [](graph::PReluOp, B b, L l, V a, E e) {
        Value x = a[0], slope = a[1];
        if (e.isUnsigned())
          return x;
        Value zero = constant(b, l, x.getType(), 0);
        Value negative, scaled;
        if (e.isFloat()) {
          negative = cmpf(b, l, arith::CmpFPredicate::OLT, x, zero);
          scaled = b.create<arith::MulFOp>(l, slope, x);
        } else {
          negative = cmpi(b, l, arith::CmpIPredicate::slt, x, zero);
          scaled = b.create<arith::MulIOp>(l, slope, x);
        }
        return select(b, l, negative, scaled, x);
      });
}

void addBinary(RewritePatternSet &patterns) {
  addElementwise<graph::ModOp>(
      patterns, Accepts::Number, [](graph::ModOp op, B b, L l, V a, E e) {
        if (e.isFloat())
          return floatRemainder(b, l, a[0], a[1]);
        return integerRemainder(b, l, a[0], a[1], e.isUnsigned(),
                                /*pythonSign=*/op.getFmod() == 0);
      });
  addElementwise<graph::AndOp>(
      patterns, Accepts::Bool, [](graph::AndOp, B b, L l, V a, E) {
        return b.create<arith::AndIOp>(l, a[0], a[1]).getResult();
      });
  addElementwise<graph::OrOp>(
      patterns, Accepts::Bool, [](graph::OrOp, B b, L l, V a, E) {
        return b.create<arith::OrIOp>(l, a[0], a[1]).getResult();
      });
  addElementwise<graph::XorOp>(
      patterns, Accepts::Bool, [](graph::XorOp, B b, L l, V a, E) {
        return b.create<arith::XOrIOp>(l, a[0], a[1]).getResult();
      });
  addElementwise<graph::BitShiftOp>(
      patterns, Accepts::Unsigned, [](graph::BitShiftOp op, B b, L l, V a, E) {
        return bitShift(b, l, a[0], a[1], op.getDirection() == "LEFT");
      });
  addElementwise<graph::LessOrEqualOp>(
      patterns, Accepts::Number, [](graph::LessOrEqualOp, B b, L l, V a, E e) {
        if (e.isFloat())
          return cmpf(b, l, arith::CmpFPredicate::OLE, a[0], a[1]);
        return cmpi(b, l,
                    e.isUnsigned() ? arith::CmpIPredicate::ule
                                   : arith::CmpIPredicate::sle,
                    a[0], a[1]);
      });
}

void addVariadic(RewritePatternSet &patterns) {
  addElementwise<graph::SumOp>(patterns, Accepts::Number,
                               [](graph::SumOp, B b, L l, V a, E e) {
                                 Value result = a[0];
                                 for (Value x : a.drop_front())
                                   result = add(b, l, result, x, e);
                                 return result;
                               });
  addElementwise<graph::MeanOp>(
      patterns, Accepts::Float, [](graph::MeanOp, B b, L l, V a, E e) {
        Value result = a[0];
        for (Value x : a.drop_front())
          result = add(b, l, result, x, e);
        Value count = constant(b, l, result.getType(), a.size());
        return b.create<arith::DivFOp>(l, result, count).getResult();
      });
}

} // namespace

void weft::populateGraphElementwiseMathToLinalgPatterns(
    RewritePatternSet &patterns) {
  addUnaryMath(patterns);
  addActivations(patterns);
  addBinary(patterns);
  addVariadic(patterns);
}
