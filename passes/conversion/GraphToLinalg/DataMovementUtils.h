//===- DataMovementUtils.h - Helpers of the data-movement lowerings -*- C++
//-*-===//
//
// Private to passes/conversion/GraphToLinalg: small IR-building helpers that
// the data-movement pattern files (DataMovement*.cpp, Resize.cpp) share, and
// the per-file populate functions that
// populateGraphDataMovementToLinalgPatterns combines.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_GRAPHTOLINALG_DATAMOVEMENTUTILS_H
#define WEFT_PASSES_CONVERSION_GRAPHTOLINALG_DATAMOVEMENTUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace weft::datamovement {

/// `value` as `type`: the value itself when the types are equal, else a
/// tensor.cast (the graph dialect lets a declared result type be more static
/// than the computed one).
mlir::Value castTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                   mlir::Type type);

/// A tensor.empty of `type`; its dynamic dims come from `dims` (one entry per
/// dim; static entries of `type` win over `dims`).
mlir::Value createEmpty(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType type,
                        llvm::ArrayRef<mlir::OpFoldResult> dims);

/// An `index` constant.
mlir::Value indexConst(mlir::OpBuilder &b, mlir::Location loc, int64_t value);

/// `value` as an `index` Value (materializing a constant for an attribute).
mlir::Value toIndex(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::OpFoldResult value);

/// Element `i` of the 1-D integer tensor `tensor`, as an `index`.
mlir::Value extractIndex(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value tensor, int64_t i);

/// The ranked type of result `i` of `op`, or null.
mlir::RankedTensorType rankedResult(mlir::Operation *op, unsigned i = 0);

/// The ranked type of `value`, or null.
mlir::RankedTensorType rankedType(mlir::Value value);

/// `type` with the static dims of `refined` filled in where `type` has `?`.
mlir::RankedTensorType refineType(mlir::RankedTensorType type,
                                  llvm::ArrayRef<int64_t> refined);

/// ONNX axes normalized into [0, rank); nullopt when one is out of range.
std::optional<llvm::SmallVector<int64_t>>
normalizeAxes(llvm::ArrayRef<int64_t> axes, int64_t rank);

/// Index arithmetic that folds when its operands are constants.
struct IndexMath {
  mlir::OpBuilder &b;
  mlir::Location loc;

  mlir::Value c(int64_t v) { return indexConst(b, loc, v); }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    if (mlir::isConstantIntValue(x, 0))
      return y;
    return b.createOrFold<mlir::arith::AddIOp>(loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::SubIOp>(loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    if (mlir::isConstantIntValue(x, 1))
      return y;
    return b.createOrFold<mlir::arith::MulIOp>(loc, x, y);
  }
  mlir::Value divs(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::DivSIOp>(loc, x, y);
  }
  /// ceil(x / y) for x >= 0 and y > 0, as a plain signed division (the
  /// CPU lowering of arith.ceildivsi needs arith-expand).
  mlir::Value ceilDiv(mlir::Value x, mlir::Value y) {
    return divs(add(x, sub(y, c(1))), y);
  }
  mlir::Value min(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MinSIOp>(loc, x, y);
  }
  mlir::Value max(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MaxSIOp>(loc, x, y);
  }
  mlir::Value clamp(mlir::Value x, mlir::Value lo, mlir::Value hi) {
    return min(max(x, lo), hi);
  }
  mlir::Value eq(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::CmpIOp>(
        loc, mlir::arith::CmpIPredicate::eq, x, y);
  }
  mlir::Value lt(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::CmpIOp>(
        loc, mlir::arith::CmpIPredicate::slt, x, y);
  }
  mlir::Value select(mlir::Value cond, mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::SelectOp>(loc, cond, x, y);
  }
  mlir::Value dim(mlir::Value tensor, int64_t i) {
    return toIndex(b, loc, mlir::tensor::getMixedSize(b, loc, tensor, i));
  }
  /// A mlir::Value back to an mlir::OpFoldResult (an attribute when it is a
  /// constant).
  mlir::OpFoldResult fold(mlir::Value v) { return mlir::getAsOpFoldResult(v); }
};

/// Slice and gather (DataMovementSlice.cpp).
void populateSliceGatherPatterns(mlir::RewritePatternSet &patterns);
/// Resize (every mode) onto linalg.generic (Resize.cpp).
void populateResizePatterns(mlir::RewritePatternSet &patterns);
/// Pad (every mode) onto tensor.pad or linalg.generic (DataMovementPad.cpp).
void populatePadPatterns(mlir::RewritePatternSet &patterns);

} // namespace weft::datamovement

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_DATAMOVEMENTUTILS_H
