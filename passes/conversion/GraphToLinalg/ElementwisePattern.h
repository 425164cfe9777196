//===- ElementwisePattern.h - One pattern for elementwise ops ---*- C++ -*-===//
//
// Private to GraphToLinalg: the pattern every elementwise graph op lowers
// with (Elementwise.cpp, ElementwiseMath.cpp). An op is lowered by a scalar
// body; the pattern checks the element type, builds the broadcasting
// linalg.generic, casts unsigned scalars to signless ones around the body
// and, for bodies that ask for it, computes half-precision floats in f32.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_GRAPHTOLINALG_ELEMENTWISEPATTERN_H
#define WEFT_PASSES_CONVERSION_GRAPHTOLINALG_ELEMENTWISEPATTERN_H

#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>
#include <string>

namespace weft::lowering {

/// What a body needs to know about the element types of one op.
struct Elements {
  /// The original (possibly unsigned) element types of the operands.
  llvm::SmallVector<mlir::Type> operands;
  /// The original element type of the result.
  mlir::Type result;

  bool isFloat(unsigned i = 0) const {
    return mlir::isa<mlir::FloatType>(operands[i]);
  }
  bool isUnsigned(unsigned i = 0) const { return isUnsignedInt(operands[i]); }
  /// The signless result element type the body computes in.
  mlir::Type computeType() const { return toSignlessType(result); }
};

/// Which element types a lowering supports.
enum class Accepts { Float, Number, Bool, Unsigned, Any };

inline bool accepts(Accepts what, mlir::Type type) {
  switch (what) {
  case Accepts::Float:
    return mlir::isa<mlir::FloatType>(type);
  case Accepts::Number:
    return mlir::isa<mlir::FloatType>(type) ||
           (mlir::isa<mlir::IntegerType>(type) && !type.isInteger(1));
  case Accepts::Bool:
    return type.isInteger(1);
  case Accepts::Unsigned:
    return isUnsignedInt(type);
  case Accepts::Any:
    return mlir::isa<mlir::FloatType, mlir::IntegerType>(type);
  }
  return false;
}

/// How a body sees half-precision floats (f16, bf16).
enum class HalfFloats {
  /// As they are.
  Keep,
  /// Extended to f32; a half-precision result is truncated back. For bodies
  /// whose math functions the CPU backend only approximates in f32.
  ComputeInF32,
};

/// Lowers an elementwise op with `body`, after checking that the element type
/// of operand `checkedOperand` is one the body supports.
template <typename OpTy>
struct ElementwisePattern : mlir::OpConversionPattern<OpTy> {
  using Body =
      std::function<mlir::Value(OpTy, mlir::OpBuilder &, mlir::Location,
                                mlir::ValueRange, const Elements &)>;

  ElementwisePattern(mlir::MLIRContext *ctx, Accepts what, Body body,
                     unsigned checkedOperand, HalfFloats halfFloats)
      : mlir::OpConversionPattern<OpTy>(ctx), what(what), body(std::move(body)),
        checkedOperand(checkedOperand), halfFloats(halfFloats) {}

  mlir::LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        mlir::dyn_cast<mlir::RankedTensorType>(op->getResult(0).getType());
    if (!resultType)
      return failToLower(rewriter, op, "the result is unranked");
    Elements elements;
    elements.result = resultType.getElementType();
    for (mlir::Value operand : adaptor.getOperands()) {
      auto type = mlir::dyn_cast<mlir::RankedTensorType>(operand.getType());
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
    mlir::Value result = buildElementwise(
        rewriter, op.getLoc(), resultType, adaptor.getOperands(),
        [&](mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange args) {
          llvm::SmallVector<mlir::Value> scalars;
          for (mlir::Value arg : args)
            scalars.push_back(widen(b, loc, castToSignless(b, loc, arg)));
          mlir::Value value = body(op, b, loc, scalars, elements);
          return castFromSignless(b, loc, narrow(b, loc, value, elements),
                                  elements.result);
        });
    if (!result)
      return failToLower(
          rewriter, op,
          "a dynamic dim of the result is not a dim of any operand");
    rewriter.replaceOp(op, result);
    return mlir::success();
  }

  static bool isHalf(mlir::Type type) { return type.isF16() || type.isBF16(); }

  mlir::Value widen(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value value) const {
    if (halfFloats != HalfFloats::ComputeInF32 || !isHalf(value.getType()))
      return value;
    return b.create<mlir::arith::ExtFOp>(loc, b.getF32Type(), value);
  }

  mlir::Value narrow(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                     const Elements &elements) const {
    if (halfFloats != HalfFloats::ComputeInF32 || !isHalf(elements.result) ||
        value.getType() == elements.result)
      return value;
    return b.create<mlir::arith::TruncFOp>(loc, elements.result, value);
  }

  Accepts what;
  Body body;
  unsigned checkedOperand;
  HalfFloats halfFloats;
};

template <typename OpTy>
void addElementwise(mlir::RewritePatternSet &patterns, Accepts what,
                    typename ElementwisePattern<OpTy>::Body body,
                    unsigned checkedOperand = 0,
                    HalfFloats halfFloats = HalfFloats::Keep) {
  patterns.add<ElementwisePattern<OpTy>>(
      patterns.getContext(), what, std::move(body), checkedOperand, halfFloats);
}

} // namespace weft::lowering

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_ELEMENTWISEPATTERN_H
