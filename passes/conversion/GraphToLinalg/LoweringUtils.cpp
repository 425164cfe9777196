//===- LoweringUtils.cpp - Helpers shared by graph-to-linalg --------------===//

#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <limits>

using namespace mlir;

namespace weft::lowering {

bool isUnsignedInt(Type elementType) {
  auto intType = dyn_cast<IntegerType>(elementType);
  return intType && intType.isUnsigned();
}

Type toSignlessType(Type elementType) {
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType || intType.isSignless())
    return elementType;
  return IntegerType::get(elementType.getContext(), intType.getWidth());
}

Value castToSignless(OpBuilder &b, Location loc, Value value) {
  Type signless = toSignlessType(value.getType());
  if (signless == value.getType())
    return value;
  return b.create<UnrealizedConversionCastOp>(loc, signless, value)
      .getResult(0);
}

Value castFromSignless(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return b.create<UnrealizedConversionCastOp>(loc, type, value).getResult(0);
}

Value createEmptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                        Type elementType, ValueRange dynamicSizes) {
  return b.create<tensor::EmptyOp>(loc, shape, elementType, dynamicSizes);
}

Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                        ValueRange shapeSources) {
  int64_t rank = type.getRank();
  SmallVector<Value> dynamicSizes;
  for (int64_t i = 0; i < rank; ++i) {
    if (!type.isDynamicDim(i))
      continue;
    Value size;
    for (Value source : shapeSources) {
      auto sourceType = dyn_cast<RankedTensorType>(source.getType());
      if (!sourceType)
        continue;
      int64_t j = i - (rank - sourceType.getRank());
      if (j < 0 || !sourceType.isDynamicDim(j))
        continue;
      size = b.create<tensor::DimOp>(loc, source, j);
      break;
    }
    if (!size)
      return {};
    dynamicSizes.push_back(size);
  }
  return createEmptyTensor(b, loc, type.getShape(), type.getElementType(),
                           dynamicSizes);
}

Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         Value value, ValueRange dynamicSizes) {
  Value empty = createEmptyTensor(b, loc, type.getShape(),
                                  type.getElementType(), dynamicSizes);
  return b.create<linalg::FillOp>(loc, value, empty).getResult(0);
}

AffineMap getBroadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operandShape,
                          ArrayRef<int64_t> resultShape) {
  int64_t rank = resultShape.size();
  int64_t offset = rank - operandShape.size();
  SmallVector<AffineExpr> exprs;
  for (auto [j, dim] : llvm::enumerate(operandShape)) {
    int64_t resultDim = resultShape[offset + j];
    if (dim == 1 && resultDim != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(offset + j, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

static thread_local LoweringFailureLog *currentLog = nullptr;

LoweringFailureLog::LoweringFailureLog() : previous(currentLog) {
  currentLog = this;
}

LoweringFailureLog::~LoweringFailureLog() { currentLog = previous; }

std::string LoweringFailureLog::reasonFor(Operation *op) const {
  auto it = reasons.find(op);
  return it == reasons.end() ? std::string() : it->second;
}

void LoweringFailureLog::record(Operation *op, const Twine &reason) {
  if (currentLog)
    currentLog->reasons[op] = reason.str();
}

LogicalResult failToLower(RewriterBase &rewriter, Operation *op,
                          const Twine &reason) {
  LoweringFailureLog::record(op, reason);
  return rewriter.notifyMatchFailure(op, reason);
}

SmallVector<utils::IteratorType> parallelIterators(unsigned rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

/// `input` with the dynamic dims the result knows made static: such a dim is
/// read without broadcasting (see getBroadcastMap), so it equals the
/// result's, and static operands give the generic static loop ranges.
static Value castToResultDims(OpBuilder &b, Location loc, Value input,
                              RankedTensorType resultType) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t offset = resultType.getRank() - type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t j = 0, e = shape.size(); j < e; ++j)
    if (ShapedType::isDynamic(shape[j]) && offset + j >= 0 &&
        !resultType.isDynamicDim(offset + j))
      shape[j] = resultType.getDimSize(offset + j);
  if (shape == type.getShape())
    return input;
  return b.create<tensor::CastOp>(loc, type.clone(shape), input);
}

Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange originalInputs, ScalarBody body) {
  Value init = createEmptyTensor(b, loc, resultType, originalInputs);
  if (!init)
    return {};
  SmallVector<Value> inputs;
  for (Value input : originalInputs)
    inputs.push_back(castToResultDims(b, loc, input, resultType));
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value input : inputs)
    maps.push_back(
        getBroadcastMap(ctx, cast<RankedTensorType>(input.getType()).getShape(),
                        resultType.getShape()));
  maps.push_back(b.getMultiDimIdentityMap(resultType.getRank()));
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
      parallelIterators(resultType.getRank()),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = body(nb, nloc, args.drop_back());
        nb.create<linalg::YieldOp>(nloc, result);
      });
  return generic.getResult(0);
}

Value createScalar(OpBuilder &b, Location loc, Type type, double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(floatType, value));
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value createLowest(OpBuilder &b, Location loc, Type type, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(
        loc,
        b.getFloatAttr(floatType, APFloat::getInf(floatType.getFloatSemantics(),
                                                  /*Negative=*/true)));
  unsigned width = type.getIntOrFloatBitWidth();
  APInt lowest = isUnsigned || width == 1 ? APInt::getMinValue(width)
                                          : APInt::getSignedMinValue(width);
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, lowest));
}

Value convertScalar(OpBuilder &b, Location loc, Value value, Type to,
                    bool fromUnsigned, bool toUnsigned) {
  Type from = value.getType();
  if (from == to)
    return value;
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (to.isInteger(1)) {
    Value zero = createScalar(b, loc, from, 0);
    if (fromFloat)
      return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNE, value,
                                     zero);
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, value, zero);
  }
  if (from.isInteger(1))
    fromUnsigned = true;
  if (fromFloat && toFloat) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return b.create<arith::ExtFOp>(loc, to, value);
    return b.create<arith::TruncFOp>(loc, to, value);
  }
  if (fromFloat) {
    if (toUnsigned)
      return b.create<arith::FPToUIOp>(loc, to, value);
    return b.create<arith::FPToSIOp>(loc, to, value);
  }
  if (toFloat) {
    if (fromUnsigned)
      return b.create<arith::UIToFPOp>(loc, to, value);
    return b.create<arith::SIToFPOp>(loc, to, value);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return value;
  if (fromWidth > toWidth)
    return b.create<arith::TruncIOp>(loc, to, value);
  if (fromUnsigned)
    return b.create<arith::ExtUIOp>(loc, to, value);
  return b.create<arith::ExtSIOp>(loc, to, value);
}

Value padTensor(OpBuilder &b, Location loc, Value source, ArrayRef<int64_t> low,
                ArrayRef<int64_t> high, Value padValue) {
  if (llvm::all_of(low, [](int64_t p) { return p == 0; }) &&
      llvm::all_of(high, [](int64_t p) { return p == 0; }))
    return source;
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> shape(type.getShape());
  for (auto [i, dim] : llvm::enumerate(shape))
    if (!ShapedType::isDynamic(dim))
      dim += low[i] + high[i];
  auto paddedType = type.clone(shape);
  SmallVector<OpFoldResult> lowSizes, highSizes;
  for (auto [l, h] : llvm::zip(low, high)) {
    lowSizes.push_back(b.getIndexAttr(l));
    highSizes.push_back(b.getIndexAttr(h));
  }
  return b.create<tensor::PadOp>(loc, paddedType, source, lowSizes, highSizes,
                                 padValue);
}

FailureOr<Value> expandTo(OpBuilder &b, Location loc, Value source,
                          RankedTensorType resultType,
                          ArrayRef<ReassociationIndices> reassociation) {
  SmallVector<OpFoldResult> sourceSizes = tensor::getMixedSizes(b, loc, source);
  FailureOr<SmallVector<OpFoldResult>> outputShape =
      tensor::ExpandShapeOp::inferOutputShape(b, loc, resultType, reassociation,
                                              sourceSizes);
  if (failed(outputShape))
    return failure();
  return b
      .create<tensor::ExpandShapeOp>(loc, resultType, source, reassociation,
                                     *outputShape)
      .getResult();
}

/// Groups each dim of `shape` that is not a static 1 with the unit dims
/// around it (leading unit dims join the first group, trailing ones the
/// last). Returns the groups and the shape without its unit dims.
static std::pair<SmallVector<ReassociationIndices>, SmallVector<int64_t>>
groupUnitDims(ArrayRef<int64_t> shape) {
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> core;
  ReassociationIndices pending;
  for (auto [i, dim] : llvm::enumerate(shape)) {
    pending.push_back(i);
    if (dim == 1)
      continue;
    core.push_back(dim);
    groups.push_back(pending);
    pending.clear();
  }
  if (!pending.empty() && !groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return {groups, core};
}

FailureOr<Value> reshapeUnitDims(OpBuilder &b, Location loc, Value source,
                                 RankedTensorType resultType) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  if (sourceType == resultType)
    return source;
  // One collapse or one expand when a reassociation maps the shapes onto
  // each other; a collapse to the non-unit dims and an expand otherwise.
  if (sourceType.getRank() > resultType.getRank()) {
    if (auto groups = getReassociationIndicesForCollapse(sourceType.getShape(),
                                                         resultType.getShape()))
      return b.create<tensor::CollapseShapeOp>(loc, resultType, source, *groups)
          .getResult();
  } else if (sourceType.getRank() < resultType.getRank()) {
    if (auto groups = getReassociationIndicesForCollapse(resultType.getShape(),
                                                         sourceType.getShape()))
      return expandTo(b, loc, source, resultType, *groups);
  }
  auto [sourceGroups, sourceCore] = groupUnitDims(sourceType.getShape());
  auto [resultGroups, resultCore] = groupUnitDims(resultType.getShape());
  if (sourceCore != resultCore)
    return failure();
  Value core = source;
  if (sourceCore.size() != static_cast<size_t>(sourceType.getRank()))
    core = b.create<tensor::CollapseShapeOp>(loc, sourceType.clone(sourceCore),
                                             source, sourceGroups);
  if (resultCore.size() == static_cast<size_t>(resultType.getRank()))
    return core;
  return expandTo(b, loc, core, resultType, resultGroups);
}

Value permuteDims(OpBuilder &b, Location loc, Value source,
                  ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> shape;
  for (int64_t d : perm)
    shape.push_back(type.getDimSize(d));
  auto resultType = type.clone(shape);
  DenseElementsAttr dense;
  int64_t bits = type.getElementTypeBitWidth();
  if (matchPattern(source, m_Constant(&dense)) && type.hasStaticShape() &&
      (dense.isSplat() || bits % 8 == 0)) {
    if (dense.isSplat())
      return b.create<arith::ConstantOp>(loc, dense.reshape(resultType));
    // Walk the result in order; `from` is the matching source offset.
    int64_t bytes = bits / 8, rank = type.getRank();
    SmallVector<int64_t> sourceStrides(rank, 1);
    for (int64_t i = rank - 2; i >= 0; --i)
      sourceStrides[i] = sourceStrides[i + 1] * type.getDimSize(i + 1);
    ArrayRef<char> raw = dense.getRawData();
    std::vector<char> permuted(raw.size());
    SmallVector<int64_t> index(rank, 0);
    for (int64_t to = 0, count = type.getNumElements(); to < count; ++to) {
      int64_t from = 0;
      for (int64_t i = 0; i < rank; ++i)
        from += index[i] * sourceStrides[perm[i]];
      std::copy_n(raw.data() + from * bytes, bytes,
                  permuted.data() + to * bytes);
      for (int64_t i = rank - 1; i >= 0 && ++index[i] == shape[i]; --i)
        index[i] = 0;
    }
    return b.create<arith::ConstantOp>(
        loc, DenseElementsAttr::getFromRawBuffer(resultType, permuted));
  }
  Value init = b.create<tensor::EmptyOp>(loc, shape, type.getElementType());
  return b.create<linalg::TransposeOp>(loc, source, init, perm)->getResult(0);
}

FailureOr<int64_t> floatInputAxis(RewriterBase &rewriter, Operation *op,
                                  Value x, int64_t axis) {
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type || type.getRank() == 0)
    return failToLower(rewriter, op, "input must be ranked");
  if (!isa<FloatType>(type.getElementType()))
    return failToLower(rewriter, op, "element type must be float");
  std::optional<int64_t> normalized = graph::normalizeAxis(axis, type.getRank());
  if (!normalized)
    return failToLower(rewriter, op, "axis is out of range");
  return *normalized;
}

} // namespace weft::lowering
