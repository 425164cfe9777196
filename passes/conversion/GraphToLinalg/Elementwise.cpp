//===- Elementwise.cpp - Elementwise graph ops to linalg.generic ----------===//
//
// Every elementwise op becomes one linalg.generic over its result, its
// operands read through numpy-broadcasting indexing maps. Unsigned tensors
// stay unsigned; inside the body their scalars are cast to signless ones
// (arith only knows signless integers) and the body picks the unsigned arith
// ops.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

/// What a body needs to know about the element types of one op.
struct Elements {
  /// The original (possibly unsigned) element types of the operands.
  SmallVector<Type> operands;
  /// The original element type of the result.
  Type result;

  bool isFloat(unsigned i = 0) const { return isa<FloatType>(operands[i]); }
  bool isUnsigned(unsigned i = 0) const { return isUnsignedInt(operands[i]); }
  /// The signless result element type the body computes in.
  Type computeType() const { return toSignlessType(result); }
};

/// Which element types a lowering supports.
enum class Accepts { Float, Number, Bool, Any };

bool accepts(Accepts what, Type type) {
  switch (what) {
  case Accepts::Float:
    return isa<FloatType>(type);
  case Accepts::Number:
    return isa<FloatType>(type) ||
           (isa<IntegerType>(type) && !type.isInteger(1));
  case Accepts::Bool:
    return type.isInteger(1);
  case Accepts::Any:
    return isa<FloatType, IntegerType>(type);
  }
  return false;
}

/// Lowers an elementwise op with `body`, after checking that the element type
/// of operand `checkedOperand` is one the body supports.
template <typename OpTy> struct ElementwisePattern : OpConversionPattern<OpTy> {
  using Body = std::function<Value(OpTy, OpBuilder &, Location, ValueRange,
                                   const Elements &)>;

  ElementwisePattern(MLIRContext *ctx, Accepts what, Body body,
                     unsigned checkedOperand = 0)
      : OpConversionPattern<OpTy>(ctx), what(what), body(std::move(body)),
        checkedOperand(checkedOperand) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType)
      return failToLower(rewriter, op, "the result is unranked");
    Elements elements;
    elements.result = resultType.getElementType();
    for (Value operand : adaptor.getOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type)
        return failToLower(rewriter, op, "an operand is unranked");
      elements.operands.push_back(type.getElementType());
    }
    if (checkedOperand < elements.operands.size() &&
        !accepts(what, elements.operands[checkedOperand])) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << "element type " << elements.operands[checkedOperand]
         << " is not supported";
      return failToLower(rewriter, op, os.str());
    }
    Value result = buildElementwise(
        rewriter, op.getLoc(), resultType, adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          SmallVector<Value> signless;
          for (Value arg : args)
            signless.push_back(castToSignless(b, loc, arg));
          Value value = body(op, b, loc, signless, elements);
          return castFromSignless(b, loc, value, elements.result);
        });
    if (!result)
      return failToLower(
          rewriter, op,
          "a dynamic dim of the result is not a dim of any operand");
    rewriter.replaceOp(op, result);
    return success();
  }

  Accepts what;
  Body body;
  unsigned checkedOperand;
};

template <typename OpTy>
void add(RewritePatternSet &patterns, Accepts what,
         typename ElementwisePattern<OpTy>::Body body,
         unsigned checkedOperand = 0) {
  patterns.add<ElementwisePattern<OpTy>>(patterns.getContext(), what,
                                         std::move(body), checkedOperand);
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

/// ONNX Pow for every mix of float and integer base and exponent: the result
/// has the base's type.
Value power(OpBuilder &b, Location loc, Value base, Value exponent,
            const Elements &elements) {
  Type baseType = base.getType();
  if (isa<FloatType>(baseType)) {
    exponent = convertScalar(b, loc, exponent, baseType, elements.isUnsigned(1),
                             false);
    return b.create<math::PowFOp>(loc, base, exponent);
  }
  if (isa<FloatType>(exponent.getType())) {
    Type floatType = exponent.getType();
    Value floatBase =
        convertScalar(b, loc, base, floatType, elements.isUnsigned(0), false);
    Value result = b.create<math::PowFOp>(loc, floatBase, exponent);
    return convertScalar(b, loc, result, baseType, false,
                         elements.isUnsigned(0));
  }
  exponent = convertScalar(b, loc, exponent, baseType, elements.isUnsigned(1),
                           elements.isUnsigned(0));
  return b.create<math::IPowIOp>(loc, base, exponent);
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
  add<graph::PowOp>(patterns, Accepts::Number,
                    [](graph::PowOp, B b, L l, V a, E e) {
                      return power(b, l, a[0], a[1], e);
                    });

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
