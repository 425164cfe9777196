//===- PoolingReduction.cpp - Pooling and softmax ------------------------===//
//
// max_pool, average_pool and lp_pool pad their input with tensor.pad (with
// -inf or 0; ceil_mode adds the extra end padding its last window needs) and
// become linalg.pooling_nchw_{max,sum} for 2-D, a linalg.generic otherwise;
// the average divides by a per-position count known when compiling, lp_pool
// sums |x|^p and takes the p-th root. The global pools and softmax are
// linalg.generic ops with reduction iterators (ReductionUtils.h), their kept
// unit dims restored by tensor.expand_shape. The reduce_* family lowers in
// Reduction.cpp.
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
// max_pool and average_pool
//===----------------------------------------------------------------------===//

/// Pooling geometry per spatial dim, with the extra end padding ceil_mode
/// needs so that the padded input holds every window of the result.
struct PoolGeometry {
  SmallVector<int64_t> kernel, strides, dilations, padBegin, padEnd, extraEnd;
  SmallVector<int64_t> in, out;
};

template <typename OpTy>
FailureOr<PoolGeometry> getPoolGeometry(OpTy op, RankedTensorType xType,
                                        RankedTensorType yType,
                                        std::string &what) {
  unsigned spatial = xType.getRank() - 2;
  PoolGeometry g;
  g.in.assign(xType.getShape().begin() + 2, xType.getShape().end());
  g.out.assign(yType.getShape().begin() + 2, yType.getShape().end());
  if (llvm::any_of(g.in, ShapedType::isDynamic) ||
      llvm::any_of(g.out, ShapedType::isDynamic)) {
    what = "spatial dims must be static";
    return failure();
  }
  g.kernel.assign(op.getKernelShape().begin(), op.getKernelShape().end());
  auto read = [&](std::optional<ArrayRef<int64_t>> attr, int64_t fill,
                  SmallVector<int64_t> &into) {
    if (!attr) {
      into.assign(spatial, fill);
      return true;
    }
    into.assign(attr->begin(), attr->end());
    return into.size() == spatial;
  };
  SmallVector<int64_t> pads;
  if (g.kernel.size() != spatial || !read(op.getStrides(), 1, g.strides) ||
      !read(op.getDilations(), 1, g.dilations) ||
      !read(std::nullopt, 0, g.padBegin) || !read(std::nullopt, 0, g.padEnd)) {
    what = "kernel_shape, strides and dilations need one value per spatial dim";
    return failure();
  }
  StringRef autoPad = op.getAutoPad();
  for (unsigned i = 0; i < spatial; ++i) {
    int64_t extent = (g.kernel[i] - 1) * g.dilations[i] + 1;
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      int64_t total = std::max<int64_t>(0, (g.out[i] - 1) * g.strides[i] +
                                               extent - g.in[i]);
      int64_t small = total / 2;
      g.padBegin[i] = autoPad == "SAME_UPPER" ? small : total - small;
      g.padEnd[i] = total - g.padBegin[i];
    } else if (autoPad == "NOTSET") {
      if (std::optional<ArrayRef<int64_t>> p = op.getPads()) {
        if (p->size() != 2 * spatial) {
          what = "pads need two values per spatial dim";
          return failure();
        }
        g.padBegin[i] = (*p)[i];
        g.padEnd[i] = (*p)[spatial + i];
      }
    } else if (autoPad != "VALID") {
      what = "unknown auto_pad '" + autoPad.str() + "'";
      return failure();
    }
    if (g.kernel[i] <= 0 || g.strides[i] <= 0 || g.dilations[i] <= 0 ||
        g.padBegin[i] < 0 || g.padEnd[i] < 0) {
      what = "kernel, strides, dilations must be positive, pads non-negative";
      return failure();
    }
    // The last window of the result (ceil_mode may add one) starts at
    // (out - 1) * stride and must fit in the padded input.
    int64_t needed = (g.out[i] - 1) * g.strides[i] + extent;
    int64_t padded = g.in[i] + g.padBegin[i] + g.padEnd[i];
    g.extraEnd.push_back(std::max<int64_t>(0, needed - padded));
  }
  return g;
}

/// Pools the padded input with `combine` into `init`: a named 2-D pooling op
/// (max or sum) when one fits, a generic otherwise. `isUnsigned` makes the
/// max compare signless integers as unsigned (named ops compare signed).
Value buildPooling(OpBuilder &b, Location loc, Value padded, Value init,
                   const PoolGeometry &g, bool isMax, bool isUnsigned = false) {
  auto resultType = cast<RankedTensorType>(init.getType());
  Type elementType = resultType.getElementType();
  unsigned spatial = g.kernel.size();
  if (spatial == 2 && !isUnsigned) {
    Value window = b.create<tensor::EmptyOp>(loc, g.kernel, elementType);
    Attribute strides = b.getI64TensorAttr(g.strides);
    Attribute dilations = b.getI64TensorAttr(g.dilations);
    SmallVector<Value> ins{padded, window};
    if (isMax)
      return b
          .create<linalg::PoolingNchwMaxOp>(loc, TypeRange{resultType}, ins,
                                            init, strides, dilations)
          ->getResult(0);
    return b
        .create<linalg::PoolingNchwSumOp>(loc, TypeRange{resultType}, ins, init,
                                          strides, dilations)
        ->getResult(0);
  }
  // Iterating (n, c, o..., k...).
  MLIRContext *ctx = b.getContext();
  unsigned rank = 2 + 2 * spatial;
  SmallVector<AffineExpr> inputExprs{getAffineDimExpr(0, ctx),
                                     getAffineDimExpr(1, ctx)};
  SmallVector<AffineExpr> outputExprs(inputExprs);
  SmallVector<utils::IteratorType> iterators(2 + spatial,
                                             utils::IteratorType::parallel);
  for (unsigned i = 0; i < spatial; ++i) {
    AffineExpr o = getAffineDimExpr(2 + i, ctx);
    AffineExpr k = getAffineDimExpr(2 + spatial + i, ctx);
    inputExprs.push_back(o * g.strides[i] + k * g.dilations[i]);
    outputExprs.push_back(o);
    iterators.push_back(utils::IteratorType::reduction);
  }
  // The kernel window is an operand only to give the k dims their sizes.
  SmallVector<AffineExpr> windowExprs;
  for (unsigned i = 0; i < spatial; ++i)
    windowExprs.push_back(getAffineDimExpr(2 + spatial + i, ctx));
  Value window = b.create<tensor::EmptyOp>(loc, g.kernel, elementType);
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{resultType}, ValueRange{padded, window}, ValueRange{init},
      ArrayRef<AffineMap>{AffineMap::get(rank, 0, inputExprs, ctx),
                          AffineMap::get(rank, 0, windowExprs, ctx),
                          AffineMap::get(rank, 0, outputExprs, ctx)},
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result =
            isMax ? (isUnsigned
                         ? nb.create<arith::MaxUIOp>(nloc, args[2], args[0])
                         : maxCombiner(nb, nloc, args[2], args[0]))
                  : addCombiner(nb, nloc, args[2], args[0]);
        nb.create<linalg::YieldOp>(nloc, result);
      });
  return generic.getResult(0);
}

/// Checks the types shared by the pooling ops.
LogicalResult checkPoolTypes(Operation *op, Value x,
                             ConversionPatternRewriter &rewriter,
                             bool allowIntegers) {
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  auto yType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!xType || !yType || xType.getRank() < 3 ||
      yType.getRank() != xType.getRank())
    return failToLower(rewriter, op, "operands must be ranked N x C x ...");
  Type elementType = xType.getElementType();
  bool ok = isa<FloatType>(elementType) ||
            (allowIntegers && isa<IntegerType>(elementType) &&
             !elementType.isSignedInteger() && !elementType.isInteger(1));
  if (!ok)
    return failToLower(rewriter, op, "element type is not supported");
  if (yType.isDynamicDim(1) ||
      (yType.isDynamicDim(0) && !xType.isDynamicDim(0)))
    return failToLower(rewriter, op, "only the batch dim may be dynamic");
  return success();
}

/// `x` with its elements reinterpreted as `elementType` (unsigned <->
/// signless integers of one width), through an elementwise copy since
/// unsigned tensors cannot be bitcast.
Value reinterpretElements(OpBuilder &b, Location loc, Value x,
                          Type elementType) {
  auto type = cast<RankedTensorType>(x.getType());
  auto resultType = type.clone(elementType);
  Value init = createEmptyTensor(b, loc, resultType, ValueRange{x});
  unsigned rank = type.getRank();
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{resultType}, ValueRange{x}, ValueRange{init},
          SmallVector<AffineMap>(2, b.getMultiDimIdentityMap(rank)),
          parallelIterators(rank),
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value v = castToSignless(nb, l, args[0]);
            nb.create<linalg::YieldOp>(l,
                                       castFromSignless(nb, l, v, elementType));
          })
      .getResult(0);
}

/// Dynamic sizes of a pooling result: at most the batch dim, from `x`.
SmallVector<Value> poolDynamicSizes(OpBuilder &b, Location loc,
                                    RankedTensorType type, Value x) {
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(b.create<tensor::DimOp>(loc, x, 0));
  return sizes;
}

struct MaxPoolPattern : OpConversionPattern<graph::MaxPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MaxPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    if (failed(checkPoolTypes(op, x, rewriter, /*allowIntegers=*/true)))
      return failure();
    if (op->getNumResults() != 1 || op.getStorageOrder() != 0)
      return failToLower(rewriter, op, "storage_order 1 is not supported");
    auto xType = cast<RankedTensorType>(x.getType());
    auto yType = cast<RankedTensorType>(op.getType());
    std::string what;
    FailureOr<PoolGeometry> g = getPoolGeometry(op, xType, yType, what);
    if (failed(g))
      return failToLower(rewriter, op, what);
    Location loc = op.getLoc();
    // Unsigned tensors are pooled as signless ones (arith works on those),
    // with unsigned comparisons and 0 as the lowest value.
    Type elementType = xType.getElementType();
    bool isUnsigned = isUnsignedInt(elementType);
    Type signless = toSignlessType(elementType);
    if (isUnsigned) {
      x = reinterpretElements(rewriter, loc, x, signless);
      yType = yType.clone(signless);
    }
    Value lowest = createLowest(rewriter, loc, signless, isUnsigned);
    SmallVector<int64_t> end;
    for (auto [p, e] : llvm::zip(g->padEnd, g->extraEnd))
      end.push_back(p + e);
    Value padded = padTensor(rewriter, loc, x,
                             concat(ArrayRef<int64_t>{0, 0}, g->padBegin),
                             concat(ArrayRef<int64_t>{0, 0}, end), lowest);
    Value init = createFilledTensor(rewriter, loc, yType, lowest,
                                    poolDynamicSizes(rewriter, loc, yType, x));
    Value result = buildPooling(rewriter, loc, padded, init, *g,
                                /*isMax=*/true, isUnsigned);
    if (isUnsigned)
      result = reinterpretElements(rewriter, loc, result, elementType);
    rewriter.replaceOp(op, result);
    return success();
  }

  static SmallVector<int64_t> concat(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    SmallVector<int64_t> result(a);
    result.append(b.begin(), b.end());
    return result;
  }
};

/// How many taps of the window at output position `o` of one spatial dim
/// count for the average: with count_include_pad the pads count but not the
/// extra ceil_mode padding; without it only the taps inside the input.
int64_t countTaps(const PoolGeometry &g, unsigned i, int64_t o,
                  bool includePad) {
  int64_t count = 0;
  for (int64_t k = 0; k < g.kernel[i]; ++k) {
    int64_t p = o * g.strides[i] + k * g.dilations[i] - g.padBegin[i];
    bool counted =
        includePad ? p < g.in[i] + g.padEnd[i] : (p >= 0 && p < g.in[i]);
    count += counted;
  }
  return count;
}

struct AveragePoolPattern : OpConversionPattern<graph::AveragePoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::AveragePoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    if (failed(checkPoolTypes(op, x, rewriter, /*allowIntegers=*/false)))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    auto yType = cast<RankedTensorType>(op.getType());
    std::string what;
    FailureOr<PoolGeometry> g = getPoolGeometry(op, xType, yType, what);
    if (failed(g))
      return failToLower(rewriter, op, what);
    Location loc = op.getLoc();
    Type elementType = xType.getElementType();
    Value zero = createScalar(rewriter, loc, elementType, 0);
    SmallVector<int64_t> low{0, 0}, high{0, 0};
    for (unsigned i = 0; i < g->kernel.size(); ++i) {
      low.push_back(g->padBegin[i]);
      high.push_back(g->padEnd[i] + g->extraEnd[i]);
    }
    Value padded = padTensor(rewriter, loc, x, low, high, zero);
    SmallVector<Value> sizes = poolDynamicSizes(rewriter, loc, yType, x);
    Value init = createFilledTensor(rewriter, loc, yType, zero, sizes);
    Value sum = buildPooling(rewriter, loc, padded, init, *g, /*isMax=*/false);

    // The divisor per output position is a product of per-dim tap counts.
    bool includePad = op.getCountIncludePad() != 0;
    SmallVector<SmallVector<int64_t>> perDim;
    for (unsigned i = 0; i < g->kernel.size(); ++i) {
      perDim.emplace_back();
      for (int64_t o = 0; o < g->out[i]; ++o)
        perDim.back().push_back(countTaps(*g, i, o, includePad));
    }
    SmallVector<double> counts{1.0};
    for (const auto &dim : perDim) {
      SmallVector<double> next;
      for (double c : counts)
        for (int64_t n : dim)
          next.push_back(c * n);
      counts = std::move(next);
    }
    bool uniform = llvm::all_equal(counts);
    Value result;
    if (uniform) {
      Value divisor = createScalar(rewriter, loc, elementType, counts.front());
      result = divideBy(rewriter, loc, sum, divisor);
    } else {
      auto countType = RankedTensorType::get(g->out, elementType);
      SmallVector<Attribute> values;
      for (double c : counts)
        values.push_back(rewriter.getFloatAttr(elementType, c));
      Value countTensor = rewriter.create<arith::ConstantOp>(
          loc, DenseElementsAttr::get(countType, values));
      result = buildElementwise(
          rewriter, loc, yType, ValueRange{sum, countTensor},
          [](OpBuilder &b, Location nloc, ValueRange args) -> Value {
            return b.create<arith::DivFOp>(nloc, args[0], args[1]);
          });
    }
    if (!result)
      return failToLower(rewriter, op, "dynamic result dims unknown");
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct GlobalAveragePoolPattern
    : OpConversionPattern<graph::GlobalAveragePoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::GlobalAveragePoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto yType = dyn_cast<RankedTensorType>(op.getType());
    if (!xType || !yType || xType.getRank() < 3)
      return failToLower(rewriter, op, "input must be ranked N x C x ...");
    Type elementType = xType.getElementType();
    if (!isa<FloatType>(elementType))
      return failToLower(rewriter, op, "element type must be float");
    Location loc = op.getLoc();
    SmallVector<bool> spatial(xType.getRank(), true);
    spatial[0] = spatial[1] = false;
    Value zero = createScalar(rewriter, loc, elementType, 0);
    Value sum = reduceDims(rewriter, loc, x, spatial, zero, addCombiner);
    Value count = countElements(rewriter, loc, x, spatial, elementType);
    Value mean = divideBy(rewriter, loc, sum, count);
    FailureOr<Value> result = reshapeUnitDims(rewriter, loc, mean, yType);
    if (failed(result))
      return failToLower(rewriter, op, "unexpected result shape");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// softmax
//===----------------------------------------------------------------------===//

struct SoftmaxPattern : OpConversionPattern<graph::SoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::SoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    FailureOr<int64_t> axis = floatInputAxis(rewriter, op, x, op.getAxis());
    if (failed(axis))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    Location loc = op.getLoc();
    SmallVector<bool> dims(xType.getRank(), false);
    dims[*axis] = true;
    Type elementType = xType.getElementType();
    Value max =
        reduceDims(rewriter, loc, x, dims,
                   createLowest(rewriter, loc, elementType), maxCombiner);
    Value exp = combineWithReduced(
        rewriter, loc, x, max, dims,
        [](OpBuilder &b, Location l, Value v, Value m) -> Value {
          return b.create<math::ExpOp>(l, b.create<arith::SubFOp>(l, v, m));
        });
    Value sum =
        reduceDims(rewriter, loc, exp, dims,
                   createScalar(rewriter, loc, elementType, 0), addCombiner);
    Value result = combineWithReduced(
        rewriter, loc, exp, sum, dims,
        [](OpBuilder &b, Location l, Value e, Value s) -> Value {
          return b.create<arith::DivFOp>(l, e, s);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// global_max_pool, global_lp_pool, lp_pool
//===----------------------------------------------------------------------===//

/// |v|^p, with the common p spelled without math.powf.
Value absPow(OpBuilder &b, Location loc, Value v, int64_t p) {
  if (p == 2)
    return b.create<arith::MulFOp>(loc, v, v);
  Value abs = b.create<math::AbsFOp>(loc, v);
  if (p == 1)
    return abs;
  return b.create<math::PowFOp>(loc, abs, createScalar(b, loc, v.getType(), p));
}

/// s^(1/p), the inverse of absPow on sums.
Value rootOf(OpBuilder &b, Location loc, Value s, int64_t p) {
  if (p == 1)
    return s;
  if (p == 2)
    return b.create<math::SqrtOp>(loc, s);
  return b.create<math::PowFOp>(loc, s,
                                createScalar(b, loc, s.getType(), 1.0 / p));
}

/// Reduces the spatial dims of `x` (N x C x ...) into the global pool result
/// type `yType`; `finish` maps each reduced element.
FailureOr<Value>
globalPool(ConversionPatternRewriter &rewriter, Operation *op, Value x,
           Value initValue, Combiner combine,
           llvm::function_ref<Value(OpBuilder &, Location, Value)> finish) {
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  auto yType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!xType || !yType || xType.getRank() < 3)
    return failToLower(rewriter, op, "input must be ranked N x C x ...");
  Location loc = op->getLoc();
  SmallVector<bool> spatial(xType.getRank(), true);
  spatial[0] = spatial[1] = false;
  Value result = reduceDims(rewriter, loc, x, spatial, initValue, combine);
  if (finish) {
    auto type = cast<RankedTensorType>(result.getType());
    result = buildElementwise(rewriter, loc, type, result,
                              [&](OpBuilder &b, Location l, ValueRange args) {
                                return finish(b, l, args[0]);
                              });
  }
  FailureOr<Value> reshaped = reshapeUnitDims(rewriter, loc, result, yType);
  if (failed(reshaped))
    return failToLower(rewriter, op, "unexpected result shape");
  return *reshaped;
}

struct GlobalMaxPoolPattern : OpConversionPattern<graph::GlobalMaxPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::GlobalMaxPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    Type elementType = cast<TensorType>(x.getType()).getElementType();
    if (!isa<FloatType>(elementType) &&
        !(elementType.isSignlessInteger() && !elementType.isInteger(1)))
      return failToLower(rewriter, op, "element type is not supported");
    FailureOr<Value> result = globalPool(
        rewriter, op, x, createLowest(rewriter, op.getLoc(), elementType),
        maxCombiner, {});
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

struct GlobalLpPoolPattern : OpConversionPattern<graph::GlobalLpPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::GlobalLpPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    Type elementType = cast<TensorType>(x.getType()).getElementType();
    if (!isa<FloatType>(elementType))
      return failToLower(rewriter, op, "element type must be float");
    int64_t p = op.getP();
    FailureOr<Value> result = globalPool(
        rewriter, op, x, createScalar(rewriter, op.getLoc(), elementType, 0),
        [p](OpBuilder &b, Location l, Value acc, Value v) -> Value {
          return b.create<arith::AddFOp>(l, acc, absPow(b, l, v, p));
        },
        [p](OpBuilder &b, Location l, Value s) { return rootOf(b, l, s, p); });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

struct LpPoolPattern : OpConversionPattern<graph::LpPoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LpPoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX();
    if (failed(checkPoolTypes(op, x, rewriter, /*allowIntegers=*/false)))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    auto yType = cast<RankedTensorType>(op.getType());
    std::string what;
    FailureOr<PoolGeometry> g = getPoolGeometry(op, xType, yType, what);
    if (failed(g))
      return failToLower(rewriter, op, what);
    Location loc = op.getLoc();
    int64_t p = op.getP();
    Value powered =
        buildElementwise(rewriter, loc, xType, x,
                         [p](OpBuilder &b, Location l, ValueRange args) {
                           return absPow(b, l, args[0], p);
                         });
    Value zero = createScalar(rewriter, loc, xType.getElementType(), 0);
    SmallVector<int64_t> low{0, 0}, high{0, 0};
    for (unsigned i = 0; i < g->kernel.size(); ++i) {
      low.push_back(g->padBegin[i]);
      high.push_back(g->padEnd[i] + g->extraEnd[i]);
    }
    Value padded = padTensor(rewriter, loc, powered, low, high, zero);
    Value init = createFilledTensor(rewriter, loc, yType, zero,
                                    poolDynamicSizes(rewriter, loc, yType, x));
    Value sum = buildPooling(rewriter, loc, padded, init, *g, /*isMax=*/false);
    Value result =
        buildElementwise(rewriter, loc, yType, sum,
                         [p](OpBuilder &b, Location l, ValueRange args) {
                           return rootOf(b, l, args[0], p);
                         });
    if (!result)
      return failToLower(rewriter, op, "dynamic result dims unknown");
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void weft::populateGraphPoolingReductionToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<MaxPoolPattern, AveragePoolPattern, GlobalAveragePoolPattern,
               SoftmaxPattern, GlobalMaxPoolPattern, GlobalLpPoolPattern,
               LpPoolPattern>(patterns.getContext());
}
