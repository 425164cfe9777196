//===- ReductionUtils.cpp - Reductions as linalg.generic ------------------===//

#include "passes/conversion/GraphToLinalg/ReductionUtils.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace weft::lowering {

Value addCombiner(OpBuilder &b, Location loc, Value acc, Value x) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::AddFOp>(loc, acc, x);
  return b.create<arith::AddIOp>(loc, acc, x);
}

Value mulCombiner(OpBuilder &b, Location loc, Value acc, Value x) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::MulFOp>(loc, acc, x);
  return b.create<arith::MulIOp>(loc, acc, x);
}

Value maxCombiner(OpBuilder &b, Location loc, Value acc, Value x) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::MaximumFOp>(loc, acc, x);
  return b.create<arith::MaxSIOp>(loc, acc, x);
}

Value minCombiner(OpBuilder &b, Location loc, Value acc, Value x) {
  if (isa<FloatType>(x.getType()))
    return b.create<arith::MinimumFOp>(loc, acc, x);
  return b.create<arith::MinSIOp>(loc, acc, x);
}

Value createHighest(OpBuilder &b, Location loc, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(
        loc, b.getFloatAttr(floatType,
                            APFloat::getInf(floatType.getFloatSemantics())));
  APInt highest = APInt::getSignedMaxValue(type.getIntOrFloatBitWidth());
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, highest));
}

std::optional<SmallVector<bool>> markAxes(ArrayRef<int64_t> axes,
                                          int64_t rank) {
  SmallVector<bool> dims(rank, false);
  for (int64_t axis : axes) {
    std::optional<int64_t> normalized = graph::normalizeAxis(axis, rank);
    if (!normalized)
      return std::nullopt;
    dims[*normalized] = true;
  }
  return dims;
}

Value reduceDims(OpBuilder &b, Location loc, Value input,
                 ArrayRef<bool> reduced, Value initValue, Combiner combine) {
  auto type = cast<RankedTensorType>(input.getType());
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes;
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (reduced[i]) {
      iterators.push_back(utils::IteratorType::reduction);
      continue;
    }
    iterators.push_back(utils::IteratorType::parallel);
    kept.push_back(getAffineDimExpr(i, ctx));
    shape.push_back(type.getDimSize(i));
    if (type.isDynamicDim(i))
      sizes.push_back(b.create<tensor::DimOp>(loc, input, i));
  }
  auto resultType = RankedTensorType::get(shape, initValue.getType());
  Value init = createFilledTensor(b, loc, resultType, initValue, sizes);
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{resultType}, ValueRange{input}, ValueRange{init},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(type.getRank()),
                          AffineMap::get(type.getRank(), 0, kept, ctx)},
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        nb.create<linalg::YieldOp>(nloc, combine(nb, nloc, args[1], args[0]));
      });
  return generic.getResult(0);
}

Value countElements(OpBuilder &b, Location loc, Value input,
                    ArrayRef<bool> dims, Type type) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t staticCount = 1;
  Value dynamicCount;
  for (int64_t i = 0; i < inputType.getRank(); ++i) {
    if (!dims[i])
      continue;
    if (!inputType.isDynamicDim(i)) {
      staticCount *= inputType.getDimSize(i);
      continue;
    }
    Value dim = b.create<tensor::DimOp>(loc, input, i);
    dynamicCount =
        dynamicCount ? b.create<arith::MulIOp>(loc, dynamicCount, dim) : dim;
  }
  if (!dynamicCount)
    return createScalar(b, loc, type, static_cast<double>(staticCount));
  Value count = b.create<arith::MulIOp>(
      loc, dynamicCount, b.create<arith::ConstantIndexOp>(loc, staticCount));
  Value asInt =
      b.create<arith::IndexCastOp>(loc, b.getI64Type(), count).getResult();
  return convertScalar(b, loc, asInt, type, false, false);
}

Value divideBy(OpBuilder &b, Location loc, Value reduced, Value divisor) {
  auto type = cast<RankedTensorType>(reduced.getType());
  return buildElementwise(
      b, loc, type, reduced,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return nb.create<arith::DivFOp>(nloc, args[0], divisor);
      });
}

Value combineWithReduced(
    OpBuilder &b, Location loc, Value x, Value reduced, ArrayRef<bool> dims,
    llvm::function_ref<Value(OpBuilder &, Location, Value, Value)> body,
    Type resultElement) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto type = resultElement ? xType.clone(resultElement) : xType;
  unsigned rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> kept;
  for (unsigned i = 0; i < rank; ++i)
    if (!dims[i])
      kept.push_back(getAffineDimExpr(i, ctx));
  Value init = createEmptyTensor(b, loc, type, x);
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{type}, ValueRange{x, reduced}, ValueRange{init},
      ArrayRef<AffineMap>{identity, AffineMap::get(rank, 0, kept, ctx),
                          identity},
      parallelIterators(rank),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        nb.create<linalg::YieldOp>(nloc, body(nb, nloc, args[0], args[1]));
      });
  return generic.getResult(0);
}

} // namespace weft::lowering
