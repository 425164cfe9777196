//===- LoweringUtils.h - Helpers shared by graph-to-linalg ------*- C++ -*-===//
//
// Building blocks of the graph-to-linalg patterns: result tensors with their
// dynamic dims, numpy-broadcasting indexing maps, elementwise generics,
// padding, reshapes that keep dynamic dims, and scalar constants and casts.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_CONVERSION_GRAPHTOLINALG_LOWERINGUTILS_H
#define WEFT_PASSES_CONVERSION_GRAPHTOLINALG_LOWERINGUTILS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace weft::lowering {

/// The body of an elementwise generic: the scalar operands (inputs only, the
/// output's block argument is not passed) to the scalar result.
using ScalarBody = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// True for ui8..ui64: graph tensors keep ONNX's unsigned types, while arith
/// works on signless integers.
bool isUnsignedInt(mlir::Type elementType);

/// The signless twin of an unsigned integer type (other types unchanged).
mlir::Type toSignlessType(mlir::Type elementType);

/// The scalar `value` as its signless twin (an unrealized_conversion_cast
/// when it is unsigned). Unsigned tensors stay unsigned (tensor.bitcast does
/// not bufferize); the casts inside linalg bodies fold away when lowering to
/// LLVM, where ui8 and i8 are the same type.
mlir::Value castToSignless(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value value);

/// The signless scalar `value` cast to `type` when that is unsigned.
mlir::Value castFromSignless(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value value, mlir::Type type);

/// An empty tensor of `type`. Each dynamic dim is read (tensor.dim) from the
/// first of `shapeSources` that has a dynamic dim at the same position,
/// counting from the right as numpy broadcasting aligns shapes. Null when no
/// source gives a dynamic dim.
mlir::Value createEmptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::RankedTensorType type,
                              mlir::ValueRange shapeSources);

/// An empty tensor of `shape`/`elementType` whose dynamic dims are the given
/// sizes, in order.
mlir::Value createEmptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::ArrayRef<int64_t> shape,
                              mlir::Type elementType,
                              mlir::ValueRange dynamicSizes);

/// `createEmptyTensor` filled with `value`.
mlir::Value createFilledTensor(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::RankedTensorType type, mlir::Value value,
                               mlir::ValueRange dynamicSizes);

/// The map from a `resultShape`-rank iteration space to an operand of
/// `operandShape` under numpy broadcasting: the operand is aligned to the
/// right, and its static 1 dims against a result dim other than 1 read index 0.
mlir::AffineMap getBroadcastMap(mlir::MLIRContext *ctx,
                                llvm::ArrayRef<int64_t> operandShape,
                                llvm::ArrayRef<int64_t> resultShape);

/// One linalg.generic over `resultType` whose inputs broadcast to it. Null
/// when a dynamic dim of the result cannot be read from the inputs.
mlir::Value buildElementwise(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::RankedTensorType resultType,
                             mlir::ValueRange inputs, ScalarBody body);

/// A scalar constant of `type` (float or integer) with `value`.
mlir::Value createScalar(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Type type, double value);

/// The smallest value of `type`: -inf for floats, the minimum integer
/// (unsigned when `isUnsigned`) for integers.
mlir::Value createLowest(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Type type, bool isUnsigned = false);

/// Converts the scalar `value` to `to` as ONNX Cast does: float to integer
/// truncates toward zero, integer to float rounds, to bool is `!= 0`, from
/// bool is 0 or 1; `fromUnsigned`/`toUnsigned` pick the integer semantics.
mlir::Value convertScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value value, mlir::Type to, bool fromUnsigned,
                          bool toUnsigned);

/// `source` padded with `padValue` by `low`/`high` elements per dim (no op
/// when all are zero).
mlir::Value padTensor(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value source, llvm::ArrayRef<int64_t> low,
                      llvm::ArrayRef<int64_t> high, mlir::Value padValue);

/// `source` expanded to `resultType` by `reassociation`, with the dynamic
/// output sizes computed from the source's dims.
mlir::FailureOr<mlir::Value>
expandTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value source,
         mlir::RankedTensorType resultType,
         llvm::ArrayRef<mlir::ReassociationIndices> reassociation);

/// `source` reshaped to `resultType` when the two shapes differ only by unit
/// dims inserted or removed, through a collapse and/or an expand. Fails for
/// any other pair of shapes.
mlir::FailureOr<mlir::Value> reshapeUnitDims(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             mlir::Value source,
                                             mlir::RankedTensorType resultType);

/// `source` (static shape) with its dims permuted: result dim i is source
/// dim perm[i]. A dense constant is permuted now, at compile time (weights);
/// anything else becomes a linalg.transpose.
mlir::Value permuteDims(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value source, llvm::ArrayRef<int64_t> perm);

/// The axis of `op`, whose input `x` must be a float tensor of rank >= 1,
/// normalized into [0, rank); failure with the reason recorded otherwise.
mlir::FailureOr<int64_t> floatInputAxis(mlir::RewriterBase &rewriter,
                                        mlir::Operation *op, mlir::Value x,
                                        int64_t axis);

/// Collects, while alive, the reasons the patterns give for not lowering an
/// op (match failure reasons are only reported in debug builds of MLIR), so
/// that convert-graph-to-linalg can name them in its per-node errors. One
/// log per thread; nested logs shadow outer ones.
class LoweringFailureLog {
public:
  LoweringFailureLog();
  ~LoweringFailureLog();
  LoweringFailureLog(const LoweringFailureLog &) = delete;
  LoweringFailureLog &operator=(const LoweringFailureLog &) = delete;

  /// The last reason recorded for `op`, or "" when none was.
  std::string reasonFor(mlir::Operation *op) const;

  /// Records `reason` for `op` in the current thread's log, if any.
  static void record(mlir::Operation *op, const llvm::Twine &reason);

private:
  llvm::DenseMap<mlir::Operation *, std::string> reasons;
  LoweringFailureLog *previous;
};

/// A pattern's match failure for `op`, with the reason recorded in the
/// current LoweringFailureLog.
mlir::LogicalResult failToLower(mlir::RewriterBase &rewriter,
                                mlir::Operation *op, const llvm::Twine &reason);

/// The identity map and `parallel` iterators for a rank-`rank` space.
llvm::SmallVector<mlir::utils::IteratorType> parallelIterators(unsigned rank);

} // namespace weft::lowering

#endif // WEFT_PASSES_CONVERSION_GRAPHTOLINALG_LOWERINGUTILS_H
