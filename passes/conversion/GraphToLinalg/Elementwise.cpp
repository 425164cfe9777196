//===- Elementwise.cpp - Elementwise graph ops to linalg.generic ----------===//
//
// Every elementwise op becomes one linalg.generic over its result, its
// operands read through numpy-broadcasting indexing maps. Unsigned tensors
// stay unsigned; inside the body their scalars are cast to signless ones
// (arith only knows signless integers) and the body picks the unsigned arith
// ops. The pattern itself is in ElementwisePattern.h; the math, logic and bit
// ops of GraphMathOps.td are in ElementwiseMath.cpp.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/ElementwisePattern.h"
#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

template <typename OpTy>
void add(RewritePatternSet &patterns, Accepts what,
         typename ElementwisePattern<OpTy>::Body body,
         unsigned checkedOperand = 0,
         HalfFloats halfFloats = HalfFloats::Keep) {
  addElementwise<OpTy>(patterns, what, std::move(body), checkedOperand,
                       halfFloats);
}

//===----------------------------------------------------------------------===//
// Scalar building blocks
//===----------------------------------------------------------------------===//

Value maxOf(OpBuilder &b, Location loc, Value x, Value y, bool isUnsigned) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::MaximumFOp>(loc, x, y);
  if (isUnsigned)
    return b.create<arith::MaxUIOp>(loc, x, y);
  return b.create<arith::MaxSIOp>(loc, x, y);
}

Value minOf(OpBuilder &b, Location loc, Value x, Value y, bool isUnsigned) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::MinimumFOp>(loc, x, y);
  if (isUnsigned)
    return b.create<arith::MinUIOp>(loc, x, y);
  return b.create<arith::MinSIOp>(loc, x, y);
}

/// max(0, min(1, alpha * x + beta)).
Value hardSigmoid(OpBuilder &b, Location loc, Value x, double alpha,
                  double beta) {
  Type type = x.getType();
  Value affine = b.create<arith::AddFOp>(
      loc, b.create<arith::MulFOp>(loc, x, createScalar(b, loc, type, alpha)),
      createScalar(b, loc, type, beta));
  Value upper =
      b.create<arith::MinimumFOp>(loc, affine, createScalar(b, loc, type, 1));
  return b.create<arith::MaximumFOp>(loc, upper, createScalar(b, loc, type, 0));
}

/// `base` to the integer power `exponent` (its own type, signed unless
/// `exponentUnsigned`) by binary exponentiation, one unrolled step per bit of
/// the exponent, wrapping on overflow. A negative exponent gives what
/// truncating 1 / base^-exponent gives: 1 for base 1, +-1 for base -1, else 0.
/// (math.ipowi does not lower to LLVM.)
Value integerPower(OpBuilder &b, Location loc, Value base, Value exponent,
                   bool exponentUnsigned) {
  Type type = base.getType();
  Type exponentType = exponent.getType();
  unsigned bits = exponentType.getIntOrFloatBitWidth();
  Value one = createScalar(b, loc, type, 1);
  Value expOne = createScalar(b, loc, exponentType, 1);
  Value expZero = createScalar(b, loc, exponentType, 0);
  Value result = one, square = base;
  for (unsigned i = 0; i < bits; ++i) {
    Value shifted =
        i == 0 ? exponent
               : b.create<arith::ShRUIOp>(
                     loc, exponent, createScalar(b, loc, exponentType, i));
    Value bit = b.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ne,
        b.create<arith::AndIOp>(loc, shifted, expOne), expZero);
    result = b.create<arith::SelectOp>(
        loc, bit, b.create<arith::MulIOp>(loc, result, square), result);
    if (i + 1 < bits)
      square = b.create<arith::MulIOp>(loc, square, square);
  }
  if (exponentUnsigned)
    return result;
  // Negative exponent: base 1 gives 1, base -1 gives -1 for odd exponents
  // and 1 for even ones (the `result` computed above, as (-1)^e only depends
  // on the parity), anything else 0.
  Value negative = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                           exponent, expZero);
  Value absBase = b.create<math::AbsIOp>(loc, base);
  Value unitBase =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, absBase, one);
  Value zero = createScalar(b, loc, type, 0);
  Value fraction = b.create<arith::SelectOp>(loc, unitBase, result, zero);
  return b.create<arith::SelectOp>(loc, negative, fraction, result);
}

/// base^exponent for floats as C's pow: exp(exponent * log|base|), negated
/// for a negative base and an odd integer exponent, NaN for a negative base
/// and a non-integer exponent, 1 for a zero exponent or a base of 1. (The
/// CPU backend's expansion of math.powf squares the base, which overflows,
/// and takes no NaN branch.)
Value floatPower(OpBuilder &b, Location loc, Value base, Value exponent) {
  Type type = base.getType();
  Value zero = createScalar(b, loc, type, 0);
  Value one = createScalar(b, loc, type, 1);
  Value half = createScalar(b, loc, type, 0.5);
  Value absBase = b.create<math::AbsFOp>(loc, base);
  Value logBase = b.create<math::LogOp>(loc, absBase);
  Value product = b.create<arith::MulFOp>(loc, exponent, logBase);
  Value magnitude = b.create<math::ExpOp>(loc, product);
  // Integer and odd-integer exponents.
  Value truncated = b.create<math::TruncOp>(loc, exponent);
  Value isInteger = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ,
                                            truncated, exponent);
  Value halved = b.create<arith::MulFOp>(loc, exponent, half);
  Value halvedTruncated = b.create<math::TruncOp>(loc, halved);
  Value isEven = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ,
                                         halvedTruncated, halved);
  Value notEven = b.create<arith::XOrIOp>(
      loc, isEven, createScalar(b, loc, b.getI1Type(), 1));
  Value isOdd = b.create<arith::AndIOp>(loc, isInteger, notEven);
  Value negated = b.create<arith::NegFOp>(loc, magnitude);
  Value nan = b.create<arith::ConstantOp>(
      loc, b.getFloatAttr(type, APFloat::getNaN(
                                    cast<FloatType>(type).getFloatSemantics())));
  Value signedResult = b.create<arith::SelectOp>(loc, isOdd, negated, magnitude);
  Value negativeResult =
      b.create<arith::SelectOp>(loc, isInteger, signedResult, nan);
  Value negativeBase = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT,
                                               base, zero);
  Value result =
      b.create<arith::SelectOp>(loc, negativeBase, negativeResult, magnitude);
  Value zeroExponent = b.create<arith::CmpFOp>(
      loc, arith::CmpFPredicate::OEQ, exponent, zero);
  Value unitBase =
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, base, one);
  Value isOne = b.create<arith::OrIOp>(loc, zeroExponent, unitBase);
  return b.create<arith::SelectOp>(loc, isOne, one, result);
}

/// ONNX Pow for every mix of float and integer base and exponent: the result
/// has the base's type.
Value power(OpBuilder &b, Location loc, Value base, Value exponent,
            const Elements &elements) {
  Type baseType = base.getType();
  if (isa<FloatType>(baseType)) {
    exponent = convertScalar(b, loc, exponent, baseType, elements.isUnsigned(1),
                             false);
    return floatPower(b, loc, base, exponent);
  }
  if (isa<FloatType>(exponent.getType())) {
    Type floatType = exponent.getType();
    Value floatBase =
        convertScalar(b, loc, base, floatType, elements.isUnsigned(0), false);
    Value result = floatPower(b, loc, floatBase, exponent);
    return convertScalar(b, loc, result, baseType, false,
                         elements.isUnsigned(0));
  }
  return integerPower(b, loc, base, exponent, elements.isUnsigned(1));
}

template <typename FloatOp, typename SignedOp, typename UnsignedOp = SignedOp>
Value arithmetic(OpBuilder &b, Location loc, ValueRange args,
                 const Elements &elements) {
  if (elements.isFloat())
    return b.create<FloatOp>(loc, args[0], args[1]);
  if (elements.isUnsigned())
    return b.create<UnsignedOp>(loc, args[0], args[1]);
  return b.create<SignedOp>(loc, args[0], args[1]);
}

Value compare(OpBuilder &b, Location loc, ValueRange args,
              const Elements &elements, arith::CmpFPredicate floatPredicate,
              arith::CmpIPredicate signedPredicate,
              arith::CmpIPredicate unsignedPredicate) {
  if (elements.isFloat())
    return b.create<arith::CmpFOp>(loc, floatPredicate, args[0], args[1]);
  return b.create<arith::CmpIOp>(
      loc, elements.isUnsigned() ? unsignedPredicate : signedPredicate, args[0],
      args[1]);
}

//===----------------------------------------------------------------------===//
// Clip: optional min and max operands
//===----------------------------------------------------------------------===//

struct ClipPattern : OpConversionPattern<graph::ClipOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::ClipOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!resultType || !inputType)
      return failToLower(rewriter, op, "the input is unranked");
    Type elementType = inputType.getElementType();
    if (!accepts(Accepts::Number, elementType))
      return failToLower(rewriter, op, "element type is not supported");
    bool isUnsigned = isUnsignedInt(elementType);
    Location loc = op.getLoc();
    SmallVector<Value> inputs{adaptor.getInput()};
    for (Value bound : {adaptor.getMin(), adaptor.getMax()}) {
      if (!bound)
        continue;
      auto boundType = dyn_cast<RankedTensorType>(bound.getType());
      if (!boundType || boundType.getNumElements() != 1)
        return failToLower(rewriter, op, "min and max must be scalars");
      // A one-element 1-D bound still reads element 0.
      if (boundType.getRank() != 0)
        bound = rewriter.create<tensor::CollapseShapeOp>(
            loc, boundType.clone(ArrayRef<int64_t>{}), bound,
            ArrayRef<ReassociationIndices>{});
      inputs.push_back(bound);
    }
    bool hasMin = static_cast<bool>(adaptor.getMin());
    bool hasMax = static_cast<bool>(adaptor.getMax());
    Value result = buildElementwise(
        rewriter, loc, resultType, inputs,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value x = castToSignless(b, nloc, args[0]);
          unsigned next = 1;
          if (hasMin)
            x = maxOf(b, nloc, x, castToSignless(b, nloc, args[next++]),
                      isUnsigned);
          if (hasMax)
            x = minOf(b, nloc, x, castToSignless(b, nloc, args[next++]),
                      isUnsigned);
          return castFromSignless(b, nloc, x, elementType);
        });
    if (!result)
      return failToLower(rewriter, op, "dynamic result dims unknown");
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void weft::populateGraphElementwiseToLinalgPatterns(
    RewritePatternSet &patterns) {
  using E = const Elements &;
  using B = OpBuilder &;
  using L = Location;
  using V = ValueRange;

  // Activations and unary math.
  add<graph::ReluOp>(patterns, Accepts::Number,
                     [](graph::ReluOp, B b, L l, V a, E e) -> Value {
                       Value zero = createScalar(b, l, a[0].getType(), 0);
                       return maxOf(b, l, a[0], zero, e.isUnsigned());
                     });
  add<graph::SigmoidOp>(
      patterns, Accepts::Float, [](graph::SigmoidOp, B b, L l, V a, E) {
        Type t = a[0].getType();
        Value negExp =
            b.create<math::ExpOp>(l, b.create<arith::NegFOp>(l, a[0]));
        Value one = createScalar(b, l, t, 1);
        return b
            .create<arith::DivFOp>(l, one,
                                   b.create<arith::AddFOp>(l, one, negExp))
            .getResult();
      });
  add<graph::TanhOp>(patterns, Accepts::Float,
                     [](graph::TanhOp, B b, L l, V a, E) -> Value {
                       return b.create<math::TanhOp>(l, a[0]);
                     });
  add<graph::ExpOp>(patterns, Accepts::Float,
                    [](graph::ExpOp, B b, L l, V a, E) -> Value {
                      return b.create<math::ExpOp>(l, a[0]);
                    });
  add<graph::LogOp>(patterns, Accepts::Float,
                    [](graph::LogOp, B b, L l, V a, E) -> Value {
                      return b.create<math::LogOp>(l, a[0]);
                    });
  add<graph::SqrtOp>(patterns, Accepts::Float,
                     [](graph::SqrtOp, B b, L l, V a, E) -> Value {
                       return b.create<math::SqrtOp>(l, a[0]);
                     });
  add<graph::ErfOp>(patterns, Accepts::Float,
                    [](graph::ErfOp, B b, L l, V a, E) -> Value {
                      return b.create<math::ErfOp>(l, a[0]);
                    });
  add<graph::NegOp>(patterns, Accepts::Number,
                    [](graph::NegOp, B b, L l, V a, E e) -> Value {
                      if (e.isFloat())
                        return b.create<arith::NegFOp>(l, a[0]);
                      Value zero = createScalar(b, l, a[0].getType(), 0);
                      return b.create<arith::SubIOp>(l, zero, a[0]);
                    });
  add<graph::AbsOp>(patterns, Accepts::Number,
                    [](graph::AbsOp, B b, L l, V a, E e) -> Value {
                      if (e.isFloat())
                        return b.create<math::AbsFOp>(l, a[0]);
                      if (e.isUnsigned())
                        return a[0];
                      return b.create<math::AbsIOp>(l, a[0]);
                    });
  add<graph::HardSwishOp>(patterns, Accepts::Float,
                          [](graph::HardSwishOp, B b, L l, V a, E) -> Value {
                            return b.create<arith::MulFOp>(
                                l, a[0], hardSigmoid(b, l, a[0], 1.0 / 6, 0.5));
                          });
  add<graph::HardSigmoidOp>(
      patterns, Accepts::Float,
      [](graph::HardSigmoidOp op, B b, L l, V a, E) -> Value {
        return hardSigmoid(b, l, a[0], op.getAlpha().convertToDouble(),
                           op.getBeta().convertToDouble());
      });
  add<graph::LeakyReluOp>(
      patterns, Accepts::Float,
      [](graph::LeakyReluOp op, B b, L l, V a, E) -> Value {
        Type t = a[0].getType();
        Value scaled = b.create<arith::MulFOp>(
            l, a[0], createScalar(b, l, t, op.getAlpha().convertToDouble()));
        Value negative = b.create<arith::CmpFOp>(
            l, arith::CmpFPredicate::OLT, a[0], createScalar(b, l, t, 0));
        return b.create<arith::SelectOp>(l, negative, scaled, a[0]);
      });
  add<graph::NotOp>(patterns, Accepts::Bool,
                    [](graph::NotOp, B b, L l, V a, E) -> Value {
                      Value one = createScalar(b, l, a[0].getType(), 1);
                      return b.create<arith::XOrIOp>(l, a[0], one);
                    });

  // Binary arithmetic with broadcasting.
  add<graph::AddOp>(
      patterns, Accepts::Number, [](graph::AddOp, B b, L l, V a, E e) {
        return arithmetic<arith::AddFOp, arith::AddIOp>(b, l, a, e);
      });
  add<graph::SubOp>(
      patterns, Accepts::Number, [](graph::SubOp, B b, L l, V a, E e) {
        return arithmetic<arith::SubFOp, arith::SubIOp>(b, l, a, e);
      });
  add<graph::MulOp>(
      patterns, Accepts::Number, [](graph::MulOp, B b, L l, V a, E e) {
        return arithmetic<arith::MulFOp, arith::MulIOp>(b, l, a, e);
      });
  // ONNX integer Div truncates toward zero, as divsi does.
  add<graph::DivOp>(
      patterns, Accepts::Number, [](graph::DivOp, B b, L l, V a, E e) {
        return arithmetic<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>(b, l,
                                                                         a, e);
      });
  add<graph::PowOp>(
      patterns, Accepts::Number,
      [](graph::PowOp, B b, L l, V a, E e) {
        return power(b, l, a[0], a[1], e);
      },
      0, HalfFloats::ComputeInF32);

  // Comparisons (i1 results).
  add<graph::EqualOp>(
      patterns, Accepts::Any, [](graph::EqualOp, B b, L l, V a, E e) {
        return compare(b, l, a, e, arith::CmpFPredicate::OEQ,
                       arith::CmpIPredicate::eq, arith::CmpIPredicate::eq);
      });
  add<graph::GreaterOp>(
      patterns, Accepts::Number, [](graph::GreaterOp, B b, L l, V a, E e) {
        return compare(b, l, a, e, arith::CmpFPredicate::OGT,
                       arith::CmpIPredicate::sgt, arith::CmpIPredicate::ugt);
      });
  add<graph::GreaterOrEqualOp>(
      patterns, Accepts::Number,
      [](graph::GreaterOrEqualOp, B b, L l, V a, E e) {
        return compare(b, l, a, e, arith::CmpFPredicate::OGE,
                       arith::CmpIPredicate::sge, arith::CmpIPredicate::uge);
      });
  add<graph::LessOp>(
      patterns, Accepts::Number, [](graph::LessOp, B b, L l, V a, E e) {
        return compare(b, l, a, e, arith::CmpFPredicate::OLT,
                       arith::CmpIPredicate::slt, arith::CmpIPredicate::ult);
      });

  // Selection, conversion, variadic extrema.
  add<graph::WhereOp>(
      patterns, Accepts::Any,
      [](graph::WhereOp, B b, L l, V a, E) -> Value {
        return b.create<arith::SelectOp>(l, a[0], a[1], a[2]);
      },
      /*checkedOperand=*/1);
  add<graph::CastOp>(
      patterns, Accepts::Any, [](graph::CastOp, B b, L l, V a, E e) {
        return convertScalar(b, l, a[0], e.computeType(), e.isUnsigned(),
                             isUnsignedInt(e.result));
      });
  add<graph::MaxOp>(patterns, Accepts::Number,
                    [](graph::MaxOp, B b, L l, V a, E e) {
                      Value result = a[0];
                      for (Value x : a.drop_front())
                        result = maxOf(b, l, result, x, e.isUnsigned());
                      return result;
                    });
  add<graph::MinOp>(patterns, Accepts::Number,
                    [](graph::MinOp, B b, L l, V a, E e) {
                      Value result = a[0];
                      for (Value x : a.drop_front())
                        result = minOf(b, l, result, x, e.isUnsigned());
                      return result;
                    });
  patterns.add<ClipPattern>(patterns.getContext());
}
