//===- PoolIndices.cpp - The Indices output of max pooling ----------------===//
//
// graph.max_pool_indices becomes one linalg.generic over (n, c, out...,
// kernel...) that reduces each window to the smallest row-major flat index
// of an in-bounds element equal to the pooled maximum (the window's first
// maximum). Input positions come from linalg.index, so padding needs no
// padded copy: out-of-bounds taps never match. storage_order = 1 then maps
// each index to the column-major order of the spatial dims elementwise.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace weft::lowering;
namespace graph = weft::graph;

namespace {

/// Where the windows of one max pooling sit in its input.
struct WindowGeometry {
  SmallVector<int64_t> in, out, kernel, strides, dilations, padBegin;
};

FailureOr<WindowGeometry> getWindowGeometry(graph::MaxPoolIndicesOp op,
                                            RankedTensorType xType,
                                            RankedTensorType yType,
                                            std::string &what) {
  size_t spatial = op.getKernelShape().size();
  WindowGeometry g;
  g.in.assign(xType.getShape().begin() + 2, xType.getShape().end());
  g.out.assign(yType.getShape().begin() + 2, yType.getShape().end());
  if (llvm::any_of(g.in, ShapedType::isDynamic) ||
      llvm::any_of(g.out, ShapedType::isDynamic)) {
    what = "spatial dims must be static";
    return failure();
  }
  g.kernel.assign(op.getKernelShape().begin(), op.getKernelShape().end());
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> attr) {
    return attr ? SmallVector<int64_t>(*attr)
                : SmallVector<int64_t>(spatial, 1);
  };
  g.strides = orOnes(op.getStrides());
  g.dilations = orOnes(op.getDilations());
  StringRef autoPad = op.getAutoPad();
  for (size_t i = 0; i < spatial; ++i) {
    int64_t begin = 0;
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      int64_t extent = (g.kernel[i] - 1) * g.dilations[i] + 1;
      int64_t total = std::max<int64_t>(0, (g.out[i] - 1) * g.strides[i] +
                                               extent - g.in[i]);
      begin = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
    } else if (autoPad == "NOTSET" && op.getPads()) {
      begin = (*op.getPads())[i];
    }
    g.padBegin.push_back(begin);
  }
  return g;
}

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return b.create<arith::ConstantIndexOp>(loc, value);
}

/// Row-major flat indices (`indices`) with the spatial dims re-ordered
/// column-major; the "no match" marker INT64_MAX is kept.
Value toColumnMajor(OpBuilder &b, Location loc, Value indices,
                    ArrayRef<int64_t> in) {
  auto type = cast<RankedTensorType>(indices.getType());
  return buildElementwise(
      b, loc, type, indices,
      [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
        auto constant = [&](int64_t v) {
          return nb.create<arith::ConstantIntOp>(nl, v, 64).getResult();
        };
        int64_t spatialSize = 1;
        for (int64_t d : in)
          spatialSize *= d;
        Value flat = args[0];
        Value rest = nb.create<arith::RemSIOp>(nl, flat, constant(spatialSize));
        Value column = nb.create<arith::SubIOp>(nl, flat, rest);
        // Peel the coordinates off from the innermost (row-major) dim.
        SmallVector<Value> coords(in.size());
        for (size_t i = in.size(); i-- > 0;) {
          coords[i] = nb.create<arith::RemSIOp>(nl, rest, constant(in[i]));
          rest = nb.create<arith::DivSIOp>(nl, rest, constant(in[i]));
        }
        int64_t stride = 1;
        for (size_t i = 0; i < in.size(); ++i) {
          column = nb.create<arith::AddIOp>(
              nl, column,
              nb.create<arith::MulIOp>(nl, coords[i], constant(stride)));
          stride *= in[i];
        }
        Value none = constant(std::numeric_limits<int64_t>::max());
        Value matched =
            nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::ne, flat, none);
        return nb.create<arith::SelectOp>(nl, matched, column, flat);
      });
}

/// The body of the window reduction at one tap (n, c, out..., kernel...):
/// the running smallest row-major flat index `args[2]`, lowered to this
/// tap's index when the tap is inside `x` and equals the maximum `args[0]`.
Value foldTap(OpBuilder &b, Location l, ValueRange args, Value x,
              Value channels, Value none, const WindowGeometry &g) {
  size_t spatial = g.kernel.size();
  Value maximum = castToSignless(b, l, args[0]);
  Value n = b.create<linalg::IndexOp>(l, 0);
  Value c = b.create<linalg::IndexOp>(l, 1);
  Value zero = indexConstant(b, l, 0);
  Value inside = b.create<arith::ConstantIntOp>(l, 1, 1);
  SmallVector<Value> at{n, c};
  Value flat =
      b.create<arith::AddIOp>(l, b.create<arith::MulIOp>(l, n, channels), c);
  for (size_t i = 0; i < spatial; ++i) {
    // p = o * stride + k * dilation - padBegin, a position in x when inside.
    Value o = b.create<linalg::IndexOp>(l, 2 + i);
    Value k = b.create<linalg::IndexOp>(l, 2 + spatial + i);
    Value p = b.create<arith::SubIOp>(
        l,
        b.create<arith::AddIOp>(
            l, b.create<arith::MulIOp>(l, o, indexConstant(b, l, g.strides[i])),
            b.create<arith::MulIOp>(l, k, indexConstant(b, l, g.dilations[i]))),
        indexConstant(b, l, g.padBegin[i]));
    Value low = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, p, zero);
    Value high = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, p,
                                         indexConstant(b, l, g.in[i]));
    Value valid = b.create<arith::AndIOp>(l, low, high);
    inside = b.create<arith::AndIOp>(l, inside, valid);
    Value clamped = b.create<arith::SelectOp>(l, valid, p, zero);
    at.push_back(clamped);
    flat = b.create<arith::AddIOp>(
        l, b.create<arith::MulIOp>(l, flat, indexConstant(b, l, g.in[i])),
        clamped);
  }
  Value v = castToSignless(b, l, b.create<tensor::ExtractOp>(l, x, at));
  Value equal =
      isa<FloatType>(v.getType())
          ? b.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ, v, maximum)
                .getResult()
          : b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, v, maximum)
                .getResult();
  Value candidate = b.create<arith::SelectOp>(
      l, b.create<arith::AndIOp>(l, inside, equal),
      b.create<arith::IndexCastOp>(l, b.getI64Type(), flat), none);
  return b.create<arith::MinSIOp>(l, args[2], candidate);
}

struct MaxPoolIndicesPattern : OpConversionPattern<graph::MaxPoolIndicesOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MaxPoolIndicesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX(), y = adaptor.getY();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto yType = dyn_cast<RankedTensorType>(y.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    size_t spatial = op.getKernelShape().size();
    if (!xType || !yType || !resultType ||
        xType.getRank() != (int64_t)spatial + 2 ||
        yType.getRank() != xType.getRank())
      return failToLower(rewriter, op, "operands must be ranked N x C x ...");
    Type elementType = xType.getElementType();
    if (!isa<FloatType>(elementType) &&
        !(isa<IntegerType>(elementType) && !elementType.isInteger(1)))
      return failToLower(rewriter, op, "element type is not supported");
    if (resultType.isDynamicDim(1) && !xType.isDynamicDim(1))
      return failToLower(rewriter, op, "channel dim must agree with x");
    std::string what;
    FailureOr<WindowGeometry> g = getWindowGeometry(op, xType, yType, what);
    if (failed(g))
      return failToLower(rewriter, op, what);

    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<Value> dynamicSizes;
    for (int64_t i = 0; i < 2; ++i)
      if (resultType.isDynamicDim(i))
        dynamicSizes.push_back(rewriter.create<tensor::DimOp>(loc, x, i));
    Value none = rewriter.create<arith::ConstantIntOp>(
        loc, std::numeric_limits<int64_t>::max(), 64);
    Value init =
        createFilledTensor(rewriter, loc, resultType, none, dynamicSizes);
    Value channels = xType.isDynamicDim(1)
                         ? rewriter.create<tensor::DimOp>(loc, x, 1).getResult()
                         : indexConstant(rewriter, loc, xType.getDimSize(1));
    Value window =
        rewriter.create<tensor::EmptyOp>(loc, g->kernel, rewriter.getI8Type());

    // Iterating (n, c, o..., k...).
    unsigned rank = 2 + 2 * spatial;
    SmallVector<AffineExpr> outExprs{getAffineDimExpr(0, ctx),
                                     getAffineDimExpr(1, ctx)};
    SmallVector<AffineExpr> windowExprs;
    SmallVector<utils::IteratorType> iterators(2 + spatial,
                                               utils::IteratorType::parallel);
    for (size_t i = 0; i < spatial; ++i) {
      outExprs.push_back(getAffineDimExpr(2 + i, ctx));
      windowExprs.push_back(getAffineDimExpr(2 + spatial + i, ctx));
      iterators.push_back(utils::IteratorType::reduction);
    }
    AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{resultType}, ValueRange{y, window}, ValueRange{init},
        ArrayRef<AffineMap>{outMap, AffineMap::get(rank, 0, windowExprs, ctx),
                            outMap},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          b.create<linalg::YieldOp>(
              l, ValueRange{foldTap(b, l, args, x, channels, none, *g)});
        });
    Value indices = generic.getResult(0);
    if (op.getStorageOrder() == 1)
      indices = toColumnMajor(rewriter, loc, indices, g->in);
    if (!indices)
      return failToLower(rewriter, op, "cannot build the column-major map");
    rewriter.replaceOp(op, indices);
    return success();
  }
};

} // namespace

void weft::populateGraphPoolIndicesToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<MaxPoolIndicesPattern>(patterns.getContext());
}
