//===- Reduction.cpp - Reductions, arg-reductions, cumsum, top_k ----------===//
//
// The reduce_* family is one pattern driven by a table: each kind maps every
// element (|x|, x^2), folds it into an accumulator that starts at the
// combiner's identity, and finishes the reduced tensor (mean, sqrt, log).
// reduce_log_sum_exp first subtracts the maximum so that exp cannot
// overflow. All are linalg.generic ops with reduction iterators, their kept
// unit dims restored by tensor.expand_shape.
//
// arg_max/arg_min reduce twice: the extreme value, then the lowest (or, with
// select_last_index, highest) index holding it; either step is order
// independent, so tiling may split the reductions. hardmax compares each
// index with that arg_max. cumsum and top_k have no scan or sort in linalg:
// cumsum sums each element's prefix (quadratic along the axis), top_k ranks
// every element by counting the elements that beat it and then gathers rank
// r into output slot r (quadratic along the axis, k times the axis to
// gather).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"
#include "passes/conversion/GraphToLinalg/ReductionUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

//===----------------------------------------------------------------------===//
// reduce_*
//===----------------------------------------------------------------------===//

/// How one Reduce* kind reduces: start value, per-element map, combiner and
/// the finishing step on the reduced tensor.
struct ReductionKind {
  enum class Init { Zero, One, Lowest, Highest } init;
  enum class Map { None, Abs, Square } map;
  enum class Combine { Add, Mul, Max, Min } combine;
  enum class Finish { None, Mean, Sqrt, Log, LogSumExp } finish;
  /// Integer inputs are rejected (the finish needs a float).
  bool floatOnly;
};

using K = ReductionKind;
constexpr ReductionKind kReduceSum{K::Init::Zero, K::Map::None, K::Combine::Add,
                                   K::Finish::None, false};
constexpr ReductionKind kReduceMean{K::Init::Zero, K::Map::None,
                                    K::Combine::Add, K::Finish::Mean, true};
constexpr ReductionKind kReduceMax{K::Init::Lowest, K::Map::None,
                                   K::Combine::Max, K::Finish::None, false};
constexpr ReductionKind kReduceMin{K::Init::Highest, K::Map::None,
                                   K::Combine::Min, K::Finish::None, false};
constexpr ReductionKind kReduceProd{K::Init::One, K::Map::None, K::Combine::Mul,
                                    K::Finish::None, false};
constexpr ReductionKind kReduceL1{K::Init::Zero, K::Map::Abs, K::Combine::Add,
                                  K::Finish::None, false};
constexpr ReductionKind kReduceL2{K::Init::Zero, K::Map::Square,
                                  K::Combine::Add, K::Finish::Sqrt, true};
constexpr ReductionKind kReduceSumSquare{
    K::Init::Zero, K::Map::Square, K::Combine::Add, K::Finish::None, false};
constexpr ReductionKind kReduceLogSum{K::Init::Zero, K::Map::None,
                                      K::Combine::Add, K::Finish::Log, true};
constexpr ReductionKind kReduceLogSumExp{
    K::Init::Zero, K::Map::None, K::Combine::Add, K::Finish::LogSumExp, true};

Value createInit(OpBuilder &b, Location loc, Type type, K::Init init) {
  switch (init) {
  case K::Init::Zero:
    return createScalar(b, loc, type, 0);
  case K::Init::One:
    return createScalar(b, loc, type, 1);
  case K::Init::Lowest:
    return createLowest(b, loc, type);
  case K::Init::Highest:
    return createHighest(b, loc, type);
  }
  llvm_unreachable("unknown init");
}

Value mapElement(OpBuilder &b, Location loc, Value x, K::Map map) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (map) {
  case K::Map::None:
    return x;
  case K::Map::Abs:
    return isFloat ? b.create<math::AbsFOp>(loc, x).getResult()
                   : b.create<math::AbsIOp>(loc, x).getResult();
  case K::Map::Square:
    return isFloat ? b.create<arith::MulFOp>(loc, x, x).getResult()
                   : b.create<arith::MulIOp>(loc, x, x).getResult();
  }
  llvm_unreachable("unknown map");
}

Value combineElement(OpBuilder &b, Location loc, Value acc, Value x,
                     K::Combine combine) {
  switch (combine) {
  case K::Combine::Add:
    return addCombiner(b, loc, acc, x);
  case K::Combine::Mul:
    return mulCombiner(b, loc, acc, x);
  case K::Combine::Max:
    return maxCombiner(b, loc, acc, x);
  case K::Combine::Min:
    return minCombiner(b, loc, acc, x);
  }
  llvm_unreachable("unknown combiner");
}

/// Applies `fn` to every element of `t`.
Value mapTensor(OpBuilder &b, Location loc, Value t,
                llvm::function_ref<Value(OpBuilder &, Location, Value)> fn) {
  auto type = cast<RankedTensorType>(t.getType());
  return buildElementwise(b, loc, type, t,
                          [&](OpBuilder &nb, Location nloc, ValueRange args) {
                            return fn(nb, nloc, args[0]);
                          });
}

/// `x` reduced over `dims` as `kind` says (the reduced dims dropped).
Value buildReduction(OpBuilder &b, Location loc, Value x, ArrayRef<bool> dims,
                     const ReductionKind &kind) {
  Type elementType = cast<RankedTensorType>(x.getType()).getElementType();
  Value init = createInit(b, loc, elementType, kind.init);
  if (kind.finish == K::Finish::LogSumExp) {
    // max + log(sum(exp(x - max))), with a shift of 0 where the maximum is
    // infinite (all -inf, or an inf that the sum must keep).
    Value max = reduceDims(b, loc, x, dims, createLowest(b, loc, elementType),
                           maxCombiner);
    Value shift =
        mapTensor(b, loc, max, [](OpBuilder &nb, Location l, Value m) {
          Value inf = nb.create<math::AbsFOp>(l, m);
          Value isInf =
              nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ, inf,
                                       createHighest(nb, l, m.getType()));
          return nb
              .create<arith::SelectOp>(l, isInf,
                                       createScalar(nb, l, m.getType(), 0), m)
              .getResult();
        });
    Value exp = combineWithReduced(
        b, loc, x, shift, dims,
        [](OpBuilder &nb, Location l, Value v, Value s) {
          return nb.create<math::ExpOp>(l, nb.create<arith::SubFOp>(l, v, s))
              .getResult();
        });
    Value sum = reduceDims(b, loc, exp, dims, init, addCombiner);
    auto type = cast<RankedTensorType>(sum.getType());
    return buildElementwise(
        b, loc, type, ValueRange{sum, shift},
        [](OpBuilder &nb, Location l, ValueRange args) -> Value {
          return nb.create<arith::AddFOp>(l, nb.create<math::LogOp>(l, args[0]),
                                          args[1]);
        });
  }
  Value result = reduceDims(b, loc, x, dims, init,
                            [&](OpBuilder &nb, Location l, Value acc, Value v) {
                              return combineElement(
                                  nb, l, acc, mapElement(nb, l, v, kind.map),
                                  kind.combine);
                            });
  switch (kind.finish) {
  case K::Finish::Mean:
    return divideBy(b, loc, result,
                    countElements(b, loc, x, dims, elementType));
  case K::Finish::Sqrt:
    return mapTensor(b, loc, result, [](OpBuilder &nb, Location l, Value v) {
      return nb.create<math::SqrtOp>(l, v).getResult();
    });
  case K::Finish::Log:
    return mapTensor(b, loc, result, [](OpBuilder &nb, Location l, Value v) {
      return nb.create<math::LogOp>(l, v).getResult();
    });
  case K::Finish::None:
  case K::Finish::LogSumExp:
    break;
  }
  return result;
}

template <typename OpTy> struct ReducePattern : OpConversionPattern<OpTy> {
  ReducePattern(MLIRContext *ctx, ReductionKind kind)
      : OpConversionPattern<OpTy>(ctx), kind(kind) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getData();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!xType || !yType)
      return failToLower(rewriter, op, "operands must be ranked");
    Type elementType = xType.getElementType();
    bool isFloat = isa<FloatType>(elementType);
    bool isInt = elementType.isSignlessInteger() && !elementType.isInteger(1);
    if (!isFloat && !(isInt && !kind.floatOnly))
      return failToLower(rewriter, op,
                         "element type " + printType(elementType) +
                             " is not supported");
    int64_t rank = xType.getRank();
    std::optional<ArrayRef<int64_t>> axes = op.getAxes();
    std::optional<SmallVector<bool>> dims;
    if (!axes || axes->empty()) {
      if (op.getNoopWithEmptyAxes() != 0) {
        if (xType != yType)
          return failToLower(rewriter, op, "a no-op changes the type");
        rewriter.replaceOp(op, x);
        return success();
      }
      dims = SmallVector<bool>(rank, true);
    } else {
      dims = markAxes(*axes, rank);
      if (!dims)
        return failToLower(rewriter, op, "an axis is out of range");
    }
    Value result = buildReduction(rewriter, op.getLoc(), x, *dims, kind);
    FailureOr<Value> reshaped =
        reshapeUnitDims(rewriter, op.getLoc(), result, yType);
    if (failed(reshaped))
      return failToLower(rewriter, op, "unexpected result shape");
    rewriter.replaceOp(op, *reshaped);
    return success();
  }

  static std::string printType(Type type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type;
    return text;
  }

  ReductionKind kind;
};

//===----------------------------------------------------------------------===//
// arg_max, arg_min, hardmax
//===----------------------------------------------------------------------===//

/// True for the element types the arg patterns compare: floats and signless
/// integers other than i1.
bool isComparable(Type type) {
  return isa<FloatType>(type) ||
         (type.isSignlessInteger() && !type.isInteger(1));
}

/// x == extreme, where NaN equals NaN (so that a NaN maximum, which
/// arith.maximumf propagates, is found at its first position).
Value equalsExtreme(OpBuilder &b, Location loc, Value x, Value extreme) {
  if (!isa<FloatType>(x.getType()))
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, extreme);
  Value equal =
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, x, extreme);
  Value bothNaN = b.create<arith::AndIOp>(
      loc, b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, x, x),
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, extreme,
                              extreme));
  return b.create<arith::OrIOp>(loc, equal, bothNaN);
}

/// The int64 index along `axis` of the largest (`isMax`) or smallest element
/// of `x`, the first (or with `last`, the last) on ties; `axis` is dropped.
Value buildArgIndex(OpBuilder &b, Location loc, Value x, int64_t axis,
                    bool isMax, bool last) {
  auto type = cast<RankedTensorType>(x.getType());
  Type elementType = type.getElementType();
  int64_t rank = type.getRank();
  SmallVector<bool> dims(rank, false);
  dims[axis] = true;
  Value extreme =
      isMax ? reduceDims(b, loc, x, dims, createLowest(b, loc, elementType),
                         maxCombiner)
            : reduceDims(b, loc, x, dims, createHighest(b, loc, elementType),
                         minCombiner);
  // Second pass: the min (max) index whose element equals the extreme.
  MLIRContext *ctx = b.getContext();
  Type i64 = b.getI64Type();
  SmallVector<AffineExpr> kept;
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < rank; ++i) {
    if (i == axis) {
      iterators.push_back(utils::IteratorType::reduction);
      continue;
    }
    iterators.push_back(utils::IteratorType::parallel);
    kept.push_back(getAffineDimExpr(i, ctx));
    shape.push_back(type.getDimSize(i));
    if (type.isDynamicDim(i))
      sizes.push_back(b.create<tensor::DimOp>(loc, x, i));
  }
  Value none =
      last ? createScalar(b, loc, i64, -1) : createHighest(b, loc, i64);
  Value init = createFilledTensor(b, loc, RankedTensorType::get(shape, i64),
                                  none, sizes);
  AffineMap keptMap = AffineMap::get(rank, 0, kept, ctx);
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{init.getType()}, ValueRange{x, extreme}, ValueRange{init},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank), keptMap, keptMap},
      iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
        Value index = nb.create<arith::IndexCastOp>(
            l, i64, nb.create<linalg::IndexOp>(l, axis));
        Value hit = equalsExtreme(nb, l, args[0], args[1]);
        Value candidate = nb.create<arith::SelectOp>(l, hit, index, none);
        Value result =
            last ? nb.create<arith::MaxSIOp>(l, args[2], candidate).getResult()
                 : nb.create<arith::MinSIOp>(l, args[2], candidate).getResult();
        nb.create<linalg::YieldOp>(l, result);
      });
  return generic.getResult(0);
}

template <typename OpTy, bool isMax>
struct ArgReducePattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getData();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!xType || !yType || xType.getRank() == 0)
      return failToLower(rewriter, op, "operands must be ranked");
    if (!isComparable(xType.getElementType()))
      return failToLower(rewriter, op, "element type is not supported");
    std::optional<int64_t> axis =
        graph::normalizeAxis(op.getAxis(), xType.getRank());
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    Value index = buildArgIndex(rewriter, op.getLoc(), x, *axis, isMax,
                                op.getSelectLastIndex() != 0);
    FailureOr<Value> reshaped =
        reshapeUnitDims(rewriter, op.getLoc(), index, yType);
    if (failed(reshaped))
      return failToLower(rewriter, op, "unexpected result shape");
    rewriter.replaceOp(op, *reshaped);
    return success();
  }
};

struct HardmaxPattern : OpConversionPattern<graph::HardmaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::HardmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    FailureOr<int64_t> axis = floatInputAxis(rewriter, op, x, op.getAxis());
    if (failed(axis))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    Location loc = op.getLoc();
    Value index = buildArgIndex(rewriter, loc, x, *axis, /*isMax=*/true,
                                /*last=*/false);
    SmallVector<bool> dims(xType.getRank(), false);
    dims[*axis] = true;
    int64_t axisDim = *axis;
    Value result = combineWithReduced(
        rewriter, loc, x, index, dims,
        [&](OpBuilder &b, Location l, Value v, Value argIndex) {
          Value here = b.create<arith::IndexCastOp>(
              l, b.getI64Type(), b.create<linalg::IndexOp>(l, axisDim));
          Value hit = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, here,
                                              argIndex);
          return b
              .create<arith::SelectOp>(l, hit,
                                       createScalar(b, l, v.getType(), 1),
                                       createScalar(b, l, v.getType(), 0))
              .getResult();
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cumsum
//===----------------------------------------------------------------------===//

/// An empty 1-D tensor as long as dim `axis` of `x`: an operand that only
/// gives an extra loop dim of a generic its size.
Value createWindow(OpBuilder &b, Location loc, Value x, int64_t axis,
                   int64_t size) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<Value> sizes;
  if (ShapedType::isDynamic(size))
    sizes.push_back(b.create<tensor::DimOp>(loc, x, axis));
  return createEmptyTensor(b, loc, {size}, type.getElementType(), sizes);
}

struct CumSumPattern : OpConversionPattern<graph::CumSumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::CumSumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() == 0)
      return failToLower(rewriter, op, "input must be ranked");
    if (!isComparable(xType.getElementType()))
      return failToLower(rewriter, op, "element type is not supported");
    int64_t rank = xType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    // Iterating (d..., j): y[d...] += x[d... with d_axis = j] for the j the
    // prefix (or suffix) of d_axis holds.
    SmallVector<AffineExpr> outputExprs, inputExprs;
    for (int64_t i = 0; i < rank; ++i) {
      outputExprs.push_back(getAffineDimExpr(i, ctx));
      inputExprs.push_back(getAffineDimExpr(i == *axis ? rank : i, ctx));
    }
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);
    Value window =
        createWindow(rewriter, loc, x, *axis, xType.getDimSize(*axis));
    Type elementType = xType.getElementType();
    Value zero = createScalar(rewriter, loc, elementType, 0);
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < rank; ++i)
      if (xType.isDynamicDim(i))
        sizes.push_back(rewriter.create<tensor::DimOp>(loc, x, i));
    Value init = createFilledTensor(rewriter, loc, xType, zero, sizes);
    bool exclusive = op.getExclusive() != 0, reverse = op.getReverse() != 0;
    arith::CmpIPredicate taken = reverse
                                     ? (exclusive ? arith::CmpIPredicate::sgt
                                                  : arith::CmpIPredicate::sge)
                                     : (exclusive ? arith::CmpIPredicate::slt
                                                  : arith::CmpIPredicate::sle);
    int64_t axisDim = *axis;
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{xType}, ValueRange{x, window}, ValueRange{init},
        ArrayRef<AffineMap>{
            AffineMap::get(rank + 1, 0, inputExprs, ctx),
            AffineMap::get(rank + 1, 0, getAffineDimExpr(rank, ctx)),
            AffineMap::get(rank + 1, 0, outputExprs, ctx)},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value j = b.create<linalg::IndexOp>(l, rank);
          Value i = b.create<linalg::IndexOp>(l, axisDim);
          Value use = b.create<arith::CmpIOp>(l, taken, j, i);
          Value term = b.create<arith::SelectOp>(
              l, use, args[0], createScalar(b, l, args[0].getType(), 0));
          b.create<linalg::YieldOp>(l, addCombiner(b, l, args[2], term));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

struct TopKPattern : OpConversionPattern<graph::TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
    if (!xType || !valuesType || !indicesType || xType.getRank() == 0)
      return failToLower(rewriter, op, "operands must be ranked");
    if (!isComparable(xType.getElementType()))
      return failToLower(rewriter, op, "element type is not supported");
    int64_t rank = xType.getRank();
    std::optional<int64_t> axis = graph::normalizeAxis(op.getAxis(), rank);
    if (!axis)
      return failToLower(rewriter, op, "axis is out of range");
    if (xType.isDynamicDim(*axis))
      return failToLower(rewriter, op, "the axis dim must be static");
    Location loc = op.getLoc();
    Value ranks = buildRanks(rewriter, loc, x, *axis, op.getLargest() != 0);
    Value values = gatherByRank(rewriter, loc, x, ranks, *axis, op.getK(),
                                /*indices=*/false);
    Value indices = gatherByRank(rewriter, loc, x, ranks, *axis, op.getK(),
                                 /*indices=*/true);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }

  /// rank[d...] = how many elements along `axis` come before x[d...] in the
  /// output order: more extreme, or equal with a lower index.
  static Value buildRanks(OpBuilder &b, Location loc, Value x, int64_t axis,
                          bool largest) {
    auto xType = cast<RankedTensorType>(x.getType());
    int64_t rank = xType.getRank();
    MLIRContext *ctx = b.getContext();
    Type i64 = b.getI64Type();
    SmallVector<AffineExpr> self, other;
    for (int64_t i = 0; i < rank; ++i) {
      self.push_back(getAffineDimExpr(i, ctx));
      other.push_back(getAffineDimExpr(i == axis ? rank : i, ctx));
    }
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < rank; ++i)
      if (xType.isDynamicDim(i))
        sizes.push_back(b.create<tensor::DimOp>(loc, x, i));
    Value init = createFilledTensor(b, loc, xType.clone(i64),
                                    createScalar(b, loc, i64, 0), sizes);
    auto generic = b.create<linalg::GenericOp>(
        loc, TypeRange{init.getType()}, ValueRange{x, x}, ValueRange{init},
        ArrayRef<AffineMap>{AffineMap::get(rank + 1, 0, self, ctx),
                            AffineMap::get(rank + 1, 0, other, ctx),
                            AffineMap::get(rank + 1, 0, self, ctx)},
        iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
          Value mine = args[0], theirs = args[1];
          Value i = nb.create<linalg::IndexOp>(l, axis);
          Value j = nb.create<linalg::IndexOp>(l, rank);
          Value before =
              nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, j, i);
          Value more, equal;
          if (isa<FloatType>(mine.getType())) {
            more = nb.create<arith::CmpFOp>(l,
                                            largest ? arith::CmpFPredicate::OGT
                                                    : arith::CmpFPredicate::OLT,
                                            theirs, mine);
            equal = nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ,
                                             theirs, mine);
          } else {
            more = nb.create<arith::CmpIOp>(l,
                                            largest ? arith::CmpIPredicate::sgt
                                                    : arith::CmpIPredicate::slt,
                                            theirs, mine);
            equal = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq,
                                             theirs, mine);
          }
          Value beats = nb.create<arith::OrIOp>(
              l, more, nb.create<arith::AndIOp>(l, equal, before));
          Value one = nb.create<arith::ExtUIOp>(l, i64, beats);
          nb.create<linalg::YieldOp>(
              l, nb.create<arith::AddIOp>(l, args[2], one).getResult());
        });
    return generic.getResult(0);
  }

  /// Output slot r along `axis` takes the element (or with `indices`, the
  /// index) of rank r: the ranks along the axis are a permutation, so
  /// exactly one element matches each slot.
  static Value gatherByRank(OpBuilder &b, Location loc, Value x, Value ranks,
                            int64_t axis, int64_t k, bool indices) {
    auto xType = cast<RankedTensorType>(x.getType());
    int64_t rank = xType.getRank();
    MLIRContext *ctx = b.getContext();
    Type i64 = b.getI64Type();
    Type elementType = indices ? i64 : xType.getElementType();
    SmallVector<int64_t> shape(xType.getShape());
    shape[axis] = k;
    SmallVector<AffineExpr> slot, source;
    for (int64_t i = 0; i < rank; ++i) {
      slot.push_back(getAffineDimExpr(i, ctx));
      source.push_back(getAffineDimExpr(i == axis ? rank : i, ctx));
    }
    SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
    iterators.push_back(utils::IteratorType::reduction);
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < rank; ++i)
      if (ShapedType::isDynamic(shape[i]))
        sizes.push_back(b.create<tensor::DimOp>(loc, x, i));
    Value init =
        createFilledTensor(b, loc, RankedTensorType::get(shape, elementType),
                           createScalar(b, loc, elementType, 0), sizes);
    AffineMap sourceMap = AffineMap::get(rank + 1, 0, source, ctx);
    auto generic = b.create<linalg::GenericOp>(
        loc, TypeRange{init.getType()}, ValueRange{x, ranks}, ValueRange{init},
        ArrayRef<AffineMap>{sourceMap, sourceMap,
                            AffineMap::get(rank + 1, 0, slot, ctx)},
        iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
          Value r = nb.create<arith::IndexCastOp>(
              l, i64, nb.create<linalg::IndexOp>(l, axis));
          Value hit =
              nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, args[1], r);
          Value picked = args[0];
          if (indices)
            picked = nb.create<arith::IndexCastOp>(
                l, i64, nb.create<linalg::IndexOp>(l, rank));
          nb.create<linalg::YieldOp>(
              l,
              nb.create<arith::SelectOp>(l, hit, picked, args[2]).getResult());
        });
    return generic.getResult(0);
  }
};

} // namespace

void weft::populateGraphReductionToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReducePattern<graph::ReduceSumOp>>(ctx, kReduceSum);
  patterns.add<ReducePattern<graph::ReduceMeanOp>>(ctx, kReduceMean);
  patterns.add<ReducePattern<graph::ReduceMaxOp>>(ctx, kReduceMax);
  patterns.add<ReducePattern<graph::ReduceMinOp>>(ctx, kReduceMin);
  patterns.add<ReducePattern<graph::ReduceProdOp>>(ctx, kReduceProd);
  patterns.add<ReducePattern<graph::ReduceL1Op>>(ctx, kReduceL1);
  patterns.add<ReducePattern<graph::ReduceL2Op>>(ctx, kReduceL2);
  patterns.add<ReducePattern<graph::ReduceSumSquareOp>>(ctx, kReduceSumSquare);
  patterns.add<ReducePattern<graph::ReduceLogSumOp>>(ctx, kReduceLogSum);
  patterns.add<ReducePattern<graph::ReduceLogSumExpOp>>(ctx, kReduceLogSumExp);
  patterns.add<ArgReducePattern<graph::ArgMaxOp, true>,
               ArgReducePattern<graph::ArgMinOp, false>, HardmaxPattern,
               CumSumPattern, TopKPattern>(ctx);
}
