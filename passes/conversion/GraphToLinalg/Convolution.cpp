//===- Convolution.cpp - conv and conv_transpose --------------------------===//
//
// conv and conv_transpose become linalg convolutions (named ops for the usual
// cases: conv_{1,2,3}d, depthwise_conv_2d with a channel multiplier made by
// repeating input channels, one dense conv per group for up to 16 groups,
// grouped conv_2d_ngchw_gfchw beyond) on an input padded with tensor.pad, with
// the bias added by a linalg.generic. conv_transpose whose kernel equals its
// strides is a 1x1 convolution plus a pixel shuffle; any other is a stride-1
// convolution over a zero-stuffed input with the kernel flipped.
//
//===----------------------------------------------------------------------===//


#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

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
// Convolution geometry
//===----------------------------------------------------------------------===//

/// Kernel, strides, dilations and pads per spatial dim, normalized from the
/// ONNX attributes (defaults filled in, auto_pad resolved).
struct ConvGeometry {
  SmallVector<int64_t> kernel, strides, dilations, padBegin, padEnd;

  int64_t extent(unsigned i) const {
    return (kernel[i] - 1) * dilations[i] + 1;
  }
};

/// Reads an optional per-spatial-dim attribute, `fill` when absent.
FailureOr<SmallVector<int64_t>>
readSpatial(std::optional<ArrayRef<int64_t>> attr, unsigned count,
            int64_t fill) {
  if (!attr)
    return SmallVector<int64_t>(count, fill);
  if (attr->size() != count)
    return failure();
  return SmallVector<int64_t>(*attr);
}

/// The geometry of a conv (or pooling) with `spatialIn` input dims and kernel
/// `kernel`; `what` receives the reason on failure.
FailureOr<ConvGeometry> getGeometry(ArrayRef<int64_t> spatialIn,
                                    ArrayRef<int64_t> kernel, StringRef autoPad,
                                    std::optional<ArrayRef<int64_t>> strides,
                                    std::optional<ArrayRef<int64_t>> dilations,
                                    std::optional<ArrayRef<int64_t>> pads,
                                    std::string &what) {
  unsigned count = spatialIn.size();
  ConvGeometry g;
  g.kernel.assign(kernel.begin(), kernel.end());
  if (g.kernel.size() != count ||
      llvm::any_of(g.kernel, [](int64_t k) { return k <= 0; })) {
    what = "the kernel shape must be static and match the input rank";
    return failure();
  }
  auto s = readSpatial(strides, count, 1);
  auto d = readSpatial(dilations, count, 1);
  if (failed(s) || failed(d)) {
    what = "strides and dilations need one value per spatial dim";
    return failure();
  }
  g.strides = *s;
  g.dilations = *d;
  g.padBegin.assign(count, 0);
  g.padEnd.assign(count, 0);
  if (autoPad == "NOTSET") {
    if (pads) {
      if (pads->size() != 2 * count) {
        what = "pads need two values per spatial dim";
        return failure();
      }
      for (unsigned i = 0; i < count; ++i) {
        g.padBegin[i] = (*pads)[i];
        g.padEnd[i] = (*pads)[count + i];
      }
    }
  } else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
    for (unsigned i = 0; i < count; ++i) {
      if (ShapedType::isDynamic(spatialIn[i])) {
        what = "auto_pad " + autoPad.str() + " needs static spatial dims";
        return failure();
      }
      int64_t out = (spatialIn[i] + g.strides[i] - 1) / g.strides[i];
      int64_t total = std::max<int64_t>(0, (out - 1) * g.strides[i] +
                                               g.extent(i) - spatialIn[i]);
      int64_t small = total / 2;
      g.padBegin[i] = autoPad == "SAME_UPPER" ? small : total - small;
      g.padEnd[i] = total - g.padBegin[i];
    }
  } else if (autoPad != "VALID") {
    what = "unknown auto_pad '" + autoPad.str() + "'";
    return failure();
  }
  if (llvm::any_of(g.strides, [](int64_t v) { return v <= 0; }) ||
      llvm::any_of(g.dilations, [](int64_t v) { return v <= 0; }) ||
      llvm::any_of(g.padBegin, [](int64_t v) { return v < 0; }) ||
      llvm::any_of(g.padEnd, [](int64_t v) { return v < 0; })) {
    what = "strides and dilations must be positive, pads non-negative";
    return failure();
  }
  return g;
}

/// The N x C prefix padded by nothing and the spatial dims by `begin`/`end`.
Value padSpatial(OpBuilder &b, Location loc, Value input,
                 ArrayRef<int64_t> begin, ArrayRef<int64_t> end,
                 Value padValue) {
  SmallVector<int64_t> low{0, 0}, high{0, 0};
  low.append(begin.begin(), begin.end());
  high.append(end.begin(), end.end());
  return padTensor(b, loc, input, low, high, padValue);
}

/// Sizes of the dynamic dims of an N x ... result: only the batch dim (read
/// from `input`) may be dynamic.
FailureOr<SmallVector<Value>> batchOnlyDynamicSizes(OpBuilder &b, Location loc,
                                                    RankedTensorType type,
                                                    Value input) {
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!type.isDynamicDim(i))
      continue;
    if (i != 0)
      return failure();
    sizes.push_back(b.create<tensor::DimOp>(loc, input, 0));
  }
  return sizes;
}

/// y[n, m, ...] = conv[n, m, ...] + bias[m], as one generic.
Value addChannelBias(OpBuilder &b, Location loc, Value conv, Value bias) {
  auto type = cast<RankedTensorType>(conv.getType());
  unsigned rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  AffineMap channel = AffineMap::get(rank, 0, getAffineDimExpr(1, ctx));
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{type}, ValueRange{conv, bias}, ValueRange{conv},
      ArrayRef<AffineMap>{identity, channel, identity}, parallelIterators(rank),
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        nb.create<linalg::YieldOp>(
            nloc, nb.create<arith::AddFOp>(nloc, args[0], args[1]).getResult());
      });
  return generic.getResult(0);
}

/// Grouped convolutions with at most this many groups run as one dense
/// convolution per group.
constexpr int64_t kMaxSplitGroups = 16;

/// Convolves the (already padded) `input` N x C x ... with `weight`
/// M x C/group x k..., into `resultType`. Returns failure with `what` set for
/// the cases without a lowering.
FailureOr<Value> buildConvolution(OpBuilder &b, Location loc, Value input,
                                  Value weight, int64_t group,
                                  ArrayRef<int64_t> strides,
                                  ArrayRef<int64_t> dilations,
                                  RankedTensorType resultType,
                                  std::string &what) {
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  unsigned spatial = inputType.getRank() - 2;
  FailureOr<SmallVector<Value>> dynamicSizes =
      batchOnlyDynamicSizes(b, loc, resultType, input);
  if (failed(dynamicSizes)) {
    what = "only the batch dim of the result may be dynamic";
    return failure();
  }
  Type elementType = resultType.getElementType();
  Value zero = createScalar(b, loc, elementType, 0);
  Attribute stridesAttr = b.getI64TensorAttr(strides);
  Attribute dilationsAttr = b.getI64TensorAttr(dilations);
  int64_t channels = inputType.getDimSize(1);
  int64_t outChannels = weightType.getDimSize(0);

  if (group == 1) {
    Value init = createFilledTensor(b, loc, resultType, zero, *dynamicSizes);
    SmallVector<Value> ins{input, weight};
    Operation *conv = nullptr;
    if (spatial == 1)
      conv = b.create<linalg::Conv1DNcwFcwOp>(loc, TypeRange{resultType}, ins,
                                              init, stridesAttr, dilationsAttr);
    else if (spatial == 2)
      conv = b.create<linalg::Conv2DNchwFchwOp>(
          loc, TypeRange{resultType}, ins, init, stridesAttr, dilationsAttr);
    else if (spatial == 3)
      conv = b.create<linalg::Conv3DNcdhwFcdhwOp>(
          loc, TypeRange{resultType}, ins, init, stridesAttr, dilationsAttr);
    if (!conv) {
      what = std::to_string(spatial) + "-d convolution is not supported";
      return failure();
    }
    return conv->getResult(0);
  }

  // A grouped 1-d convolution is the 2-d one over a height of 1.
  if (spatial == 1) {
    auto unitHeight = [&](Value v, RankedTensorType type) -> FailureOr<Value> {
      ArrayRef<int64_t> shape = type.getShape();
      return expandTo(b, loc, v,
                      RankedTensorType::get({shape[0], shape[1], 1, shape[2]},
                                            type.getElementType()),
                      {{0}, {1}, {2, 3}});
    };
    FailureOr<Value> input2d = unitHeight(input, inputType);
    FailureOr<Value> weight2d = unitHeight(weight, weightType);
    if (failed(input2d) || failed(weight2d)) {
      what = "cannot view the 1-d convolution as 2-d";
      return failure();
    }
    ArrayRef<int64_t> out = resultType.getShape();
    auto result2dType = RankedTensorType::get({out[0], out[1], 1, out[2]},
                                              resultType.getElementType());
    FailureOr<Value> conv = buildConvolution(
        b, loc, *input2d, *weight2d, group, {1, strides[0]},
        {1, dilations[0]}, result2dType, what);
    if (failed(conv))
      return failure();
    return b
        .create<tensor::CollapseShapeOp>(
            loc, resultType, *conv,
            ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}})
        .getResult();
  }
  // A grouped 3-d convolution with few groups: one dense 3-d convolution
  // per group on its channel slices.
  if (spatial == 3 && group <= kMaxSplitGroups &&
      !ShapedType::isDynamic(channels) && !ShapedType::isDynamic(outChannels) &&
      channels % group == 0 && outChannels % group == 0) {
    int64_t perGroupIn = channels / group, perGroupOut = outChannels / group;
    int64_t rank = inputType.getRank();
    Value result = createEmptyTensor(b, loc, resultType, *dynamicSizes);
    auto slice = [&](Value source, int64_t dim, int64_t offset,
                     int64_t size) -> Value {
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, source);
      SmallVector<OpFoldResult> steps(rank, b.getIndexAttr(1));
      offsets[dim] = b.getIndexAttr(offset);
      sizes[dim] = b.getIndexAttr(size);
      return b.create<tensor::ExtractSliceOp>(loc, source, offsets, sizes,
                                              steps);
    };
    SmallVector<int64_t> groupShape(resultType.getShape());
    groupShape[1] = perGroupOut;
    auto groupType = RankedTensorType::get(groupShape, elementType);
    for (int64_t g = 0; g < group; ++g) {
      FailureOr<Value> conv = buildConvolution(
          b, loc, slice(input, 1, g * perGroupIn, perGroupIn),
          slice(weight, 0, g * perGroupOut, perGroupOut), 1, strides,
          dilations, groupType, what);
      if (failed(conv))
        return failure();
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
      offsets[1] = b.getIndexAttr(g * perGroupOut);
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, *conv);
      SmallVector<OpFoldResult> steps(rank, b.getIndexAttr(1));
      result = b.create<tensor::InsertSliceOp>(loc, *conv, result, offsets,
                                               sizes, steps);
    }
    return result;
  }
  if (spatial != 2) {
    what = "grouped " + std::to_string(spatial) +
           "-d convolution is not supported";
    return failure();
  }
  if (ShapedType::isDynamic(channels) || ShapedType::isDynamic(outChannels) ||
      channels % group != 0 || outChannels % group != 0) {
    what = "channels must be static and divisible by group";
    return failure();
  }

  // Depthwise: one input channel per group, `multiplier` filters each. With
  // a multiplier, input channel c is repeated for outputs c*M .. c*M+M-1
  // first, so that every case runs as the (vectorized) depthwise op.
  if (group == channels) {
    int64_t multiplier = outChannels / channels;
    Value depthwiseInput = input;
    if (multiplier > 1) {
      ArrayRef<int64_t> in = inputType.getShape();
      auto repeatedType = RankedTensorType::get(
          {in[0], channels, multiplier, in[2], in[3]},
          inputType.getElementType());
      MLIRContext *ctx = b.getContext();
      AffineExpr d[5];
      bindDims(ctx, d[0], d[1], d[2], d[3], d[4]);
      SmallVector<Value> sizes;
      if (inputType.isDynamicDim(0))
        sizes.push_back(b.create<tensor::DimOp>(loc, input, 0));
      Value init = b.create<tensor::EmptyOp>(loc, repeatedType, sizes);
      Value repeated =
          b.create<linalg::GenericOp>(
               loc, TypeRange{repeatedType}, ValueRange{input},
               ValueRange{init},
               ArrayRef<AffineMap>{
                   AffineMap::get(5, 0, {d[0], d[1], d[3], d[4]}, ctx),
                   b.getMultiDimIdentityMap(5)},
               parallelIterators(5),
               [](OpBuilder &nb, Location nloc, ValueRange args) {
                 nb.create<linalg::YieldOp>(nloc, args[0]);
               })
              .getResult(0);
      depthwiseInput = b.create<tensor::CollapseShapeOp>(
          loc,
          RankedTensorType::get({in[0], outChannels, in[2], in[3]},
                                inputType.getElementType()),
          repeated, ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}});
    }
    Value init = createFilledTensor(b, loc, resultType, zero, *dynamicSizes);
    auto flatWeightType = RankedTensorType::get(
        {outChannels, weightType.getDimSize(2), weightType.getDimSize(3)},
        weightType.getElementType());
    Value flatWeight = b.create<tensor::CollapseShapeOp>(
        loc, flatWeightType, weight,
        ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
    return b
        .create<linalg::DepthwiseConv2DNchwChwOp>(
            loc, TypeRange{resultType}, ValueRange{depthwiseInput, flatWeight},
            init, stridesAttr, dilationsAttr)
        ->getResult(0);
  }

  // A few groups: one dense convolution per group on its channel slices,
  // concatenated (each then runs like any dense convolution).
  ArrayRef<int64_t> in = inputType.getShape();
  ArrayRef<int64_t> w = weightType.getShape();
  ArrayRef<int64_t> out = resultType.getShape();
  if (group <= kMaxSplitGroups) {
    int64_t perGroupIn = channels / group, perGroupOut = outChannels / group;
    Value result = createEmptyTensor(b, loc, resultType, *dynamicSizes);
    for (int64_t g = 0; g < group; ++g) {
      auto slice = [&](Value source, int64_t dim, int64_t offset,
                       int64_t size) -> Value {
        auto type = cast<RankedTensorType>(source.getType());
        SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
        SmallVector<OpFoldResult> sizes =
            tensor::getMixedSizes(b, loc, source);
        SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
        offsets[dim] = b.getIndexAttr(offset);
        sizes[dim] = b.getIndexAttr(size);
        return b.create<tensor::ExtractSliceOp>(loc, source, offsets, sizes,
                                                strides);
      };
      Value groupInput = slice(input, 1, g * perGroupIn, perGroupIn);
      Value groupWeight = slice(weight, 0, g * perGroupOut, perGroupOut);
      auto groupType = RankedTensorType::get(
          {out[0], perGroupOut, out[2], out[3]}, elementType);
      Value groupInit =
          createFilledTensor(b, loc, groupType, zero, *dynamicSizes);
      Value conv = b.create<linalg::Conv2DNchwFchwOp>(
                        loc, TypeRange{groupType},
                        ValueRange{groupInput, groupWeight}, groupInit,
                        stridesAttr, dilationsAttr)
                       ->getResult(0);
      SmallVector<OpFoldResult> offsets(4, b.getIndexAttr(0));
      offsets[1] = b.getIndexAttr(g * perGroupOut);
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, conv);
      SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
      result = b.create<tensor::InsertSliceOp>(loc, conv, result, offsets,
                                               sizes, strides);
    }
    return result;
  }

  // Many groups of several channels: split the channel dims into group x
  // per-group (a scalar loop nest on the CPU).
  auto groupedInputType =
      RankedTensorType::get({in[0], group, channels / group, in[2], in[3]},
                            inputType.getElementType());
  FailureOr<Value> groupedInput =
      expandTo(b, loc, input, groupedInputType, {{0}, {1, 2}, {3}, {4}});
  auto groupedWeightType =
      RankedTensorType::get({group, outChannels / group, w[1], w[2], w[3]},
                            weightType.getElementType());
  FailureOr<Value> groupedWeight =
      expandTo(b, loc, weight, groupedWeightType, {{0, 1}, {2}, {3}, {4}});
  if (failed(groupedInput) || failed(groupedWeight)) {
    what = "cannot split the channels into groups";
    return failure();
  }
  auto groupedResultType = RankedTensorType::get(
      {out[0], group, outChannels / group, out[2], out[3]}, elementType);
  Value init =
      createFilledTensor(b, loc, groupedResultType, zero, *dynamicSizes);
  Value conv = b.create<linalg::Conv2DNgchwGfchwOp>(
                    loc, TypeRange{groupedResultType},
                    ValueRange{*groupedInput, *groupedWeight}, init,
                    stridesAttr, dilationsAttr)
                   ->getResult(0);
  return b
      .create<tensor::CollapseShapeOp>(
          loc, resultType, conv,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}, {4}})
      .getResult();
}

/// Checks the operands and result shared by conv and conv_transpose.
LogicalResult checkConvTypes(Operation *op, Value x, Value w,
                             ConversionPatternRewriter &rewriter) {
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  auto wType = dyn_cast<RankedTensorType>(w.getType());
  auto yType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!xType || !wType || !yType)
    return failToLower(rewriter, op, "operands must be ranked");
  if (xType.getRank() < 3 || wType.getRank() != xType.getRank())
    return failToLower(rewriter, op, "input and weight ranks differ");
  // i32 convs come from ONNX ConvInteger (QuantConverters.cpp), which has
  // no bias; the bias addition is float only.
  auto conv = dyn_cast<graph::ConvOp>(op);
  bool integerConv = conv && !conv.getB() &&
                     xType.getElementType().isSignlessInteger(32);
  if (!isa<FloatType>(xType.getElementType()) && !integerConv)
    return failToLower(rewriter, op, "element type must be float");
  if (!wType.hasStaticShape())
    return failToLower(rewriter, op, "the weight shape must be static");
  return success();
}

struct ConvPattern : OpConversionPattern<graph::ConvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::ConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX(), w = adaptor.getW();
    if (failed(checkConvTypes(op, x, w, rewriter)))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    auto wType = cast<RankedTensorType>(w.getType());
    auto yType = cast<RankedTensorType>(op.getType());
    std::string what;
    FailureOr<ConvGeometry> g =
        getGeometry(xType.getShape().drop_front(2),
                    wType.getShape().drop_front(2), op.getAutoPad(),
                    op.getStrides(), op.getDilations(), op.getPads(), what);
    if (failed(g))
      return failToLower(rewriter, op, what);
    Location loc = op.getLoc();
    Value zero = createScalar(rewriter, loc, xType.getElementType(), 0);
    Value padded = padSpatial(rewriter, loc, x, g->padBegin, g->padEnd, zero);
    FailureOr<Value> conv =
        buildConvolution(rewriter, loc, padded, w, op.getGroup(), g->strides,
                         g->dilations, yType, what);
    if (failed(conv))
      return failToLower(rewriter, op, what);
    Value result = *conv;
    if (Value bias = adaptor.getB())
      result = addChannelBias(rewriter, loc, result, bias);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// conv_transpose
//===----------------------------------------------------------------------===//

/// Pads of a conv_transpose per spatial dim, from output_shape, auto_pad or
/// the pads attribute, as ONNX specifies.
LogicalResult getTransposePads(graph::ConvTransposeOp op,
                               ArrayRef<int64_t> spatialIn,
                               const ConvGeometry &g,
                               ArrayRef<int64_t> outputPadding,
                               SmallVector<int64_t> &begin,
                               SmallVector<int64_t> &end, std::string &what) {
  unsigned count = spatialIn.size();
  begin.assign(count, 0);
  end.assign(count, 0);
  std::optional<ArrayRef<int64_t>> outputShape = op.getOutputShape();
  StringRef autoPad = op.getAutoPad();
  bool same = autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER";
  if (outputShape || same) {
    if (outputShape && outputShape->size() != count) {
      what = "output_shape needs one value per spatial dim";
      return failure();
    }
    for (unsigned i = 0; i < count; ++i) {
      int64_t out =
          outputShape ? (*outputShape)[i] : spatialIn[i] * g.strides[i];
      int64_t total = g.strides[i] * (spatialIn[i] - 1) + outputPadding[i] +
                      g.extent(i) - out;
      // Floor division, as ONNX specifies it (Python //): a total of -1
      // (output_shape one larger than the full output) is begin 0, end -1.
      int64_t half = llvm::divideFloorSigned(total, 2);
      if (autoPad == "SAME_UPPER") {
        begin[i] = half;
        end[i] = total - half;
      } else {
        begin[i] = total - half;
        end[i] = half;
      }
    }
    return success();
  }
  if (std::optional<ArrayRef<int64_t>> pads = op.getPads()) {
    if (pads->size() != 2 * count) {
      what = "pads need two values per spatial dim";
      return failure();
    }
    for (unsigned i = 0; i < count; ++i) {
      begin[i] = (*pads)[i];
      end[i] = (*pads)[count + i];
    }
  }
  return success();
}

/// The conv_transpose weight C x M/group x k... rearranged into the weight of
/// the equivalent convolution, M x C/group x k..., with the kernel flipped:
/// w'[g*Mg + mg, cg, kk] = w[g*Cg + cg, mg, K-1-kk].
Value flipTransposeWeight(OpBuilder &b, Location loc, Value weight,
                          int64_t group) {
  auto type = cast<RankedTensorType>(weight.getType());
  ArrayRef<int64_t> w = type.getShape();
  unsigned spatial = type.getRank() - 2;
  int64_t perGroupIn = w[0] / group, perGroupOut = w[1];
  SmallVector<int64_t> grouped{group, perGroupIn, perGroupOut};
  SmallVector<int64_t> flipped{group, perGroupOut, perGroupIn};
  SmallVector<ReassociationIndices> reassociation{{0, 1}};
  for (unsigned i = 0; i < spatial; ++i) {
    grouped.push_back(w[2 + i]);
    flipped.push_back(w[2 + i]);
  }
  for (unsigned i = 0; i < spatial + 1; ++i)
    reassociation.push_back({static_cast<int64_t>(2 + i)});
  Type elementType = type.getElementType();
  Value groupedWeight = b.create<tensor::ExpandShapeOp>(
      loc, RankedTensorType::get(grouped, elementType), weight, reassociation);

  unsigned rank = flipped.size();
  // Iterating (g, mg, cg, kk...) over the flipped weight and reading the
  // source with tensor.extract: an indexing map with a negative coefficient
  // (K-1-kk) is legal affine but trips linalg's static loop-range checks
  // once the op is tiled.
  Value init = b.create<tensor::EmptyOp>(loc, flipped, elementType);
  Value flippedWeight =
      b.create<linalg::GenericOp>(
           loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
           ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)},
           parallelIterators(rank),
           [&](OpBuilder &nb, Location nloc, ValueRange) {
             SmallVector<Value> index{nb.create<linalg::IndexOp>(nloc, 0),
                                      nb.create<linalg::IndexOp>(nloc, 2),
                                      nb.create<linalg::IndexOp>(nloc, 1)};
             for (unsigned i = 0; i < spatial; ++i) {
               Value last =
                   nb.create<arith::ConstantIndexOp>(nloc, w[2 + i] - 1);
               Value kk = nb.create<linalg::IndexOp>(nloc, 3 + i);
               index.push_back(nb.create<arith::SubIOp>(nloc, last, kk));
             }
             Value v =
                 nb.create<tensor::ExtractOp>(nloc, groupedWeight, index);
             nb.create<linalg::YieldOp>(nloc, v);
           })
          .getResult(0);
  SmallVector<int64_t> convShape{w[1] * group, perGroupIn};
  convShape.append(w.begin() + 2, w.end());
  return b.create<tensor::CollapseShapeOp>(
      loc, RankedTensorType::get(convShape, elementType), flippedWeight,
      reassociation);
}

/// A conv_transpose whose kernel equals its strides, without pads, dilation,
/// output padding or groups: every output pixel takes exactly one input pixel
/// and one kernel tap (DBNet's and U-Net's 2x2 stride-2 upsampling).
bool isPixelShuffle(const ConvGeometry &g, int64_t group,
                    ArrayRef<int64_t> padBegin, ArrayRef<int64_t> padEnd,
                    ArrayRef<int64_t> outputPadding, RankedTensorType xType,
                    RankedTensorType wType, RankedTensorType yType) {
  if (group != 1 || g.strides.size() != 2 || yType.getRank() != 4 ||
      yType.getDimSize(1) != wType.getDimSize(1) ||
      yType.getDimSize(2) != xType.getDimSize(2) * g.strides[0] ||
      yType.getDimSize(3) != xType.getDimSize(3) * g.strides[1])
    return false;
  for (unsigned i = 0; i < 2; ++i)
    if (g.dilations[i] != 1 || g.extent(i) != g.strides[i] || padBegin[i] ||
        padEnd[i] || outputPadding[i])
      return false;
  return true;
}

/// The pixel-shuffle conv_transpose of `x` (N x C x H x W) with `weight`
/// (C x M x s0 x s1) as a 1x1 convolution to M*s0*s1 channels followed by a
/// rearrangement: y[n, m, h*s0 + i, w*s1 + j] = t[n, (m, i, j), h, w], where
/// t = conv1x1(x, w') and w'[(m, i, j), c] = weight[c, m, i, j]. No zero is
/// multiplied (zero-stuffing multiplies s0*s1 times as many).
FailureOr<Value> buildPixelShuffleTranspose(OpBuilder &b, Location loc,
                                            Value x, Value weight,
                                            const ConvGeometry &g,
                                            RankedTensorType resultType,
                                            std::string &what) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto wType = cast<RankedTensorType>(weight.getType());
  ArrayRef<int64_t> xs = xType.getShape(), ws = wType.getShape();
  int64_t n = xs[0], c = ws[0], m = ws[1], s0 = g.strides[0],
          s1 = g.strides[1], h = xs[2], w = xs[3];
  Type elementType = resultType.getElementType();
  // (m, i, j, c), then (m*s0*s1, c, 1, 1).
  Value permuted = permuteDims(b, loc, weight, {1, 2, 3, 0});
  Value filter = b.create<tensor::ExpandShapeOp>(
      loc, RankedTensorType::get({m * s0 * s1, c, 1, 1}, wType.getElementType()),
      b.create<tensor::CollapseShapeOp>(
          loc, RankedTensorType::get({m * s0 * s1, c}, wType.getElementType()),
          permuted, ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}}),
      ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
  auto taps = RankedTensorType::get({n, m * s0 * s1, h, w}, elementType);
  FailureOr<Value> conv =
      buildConvolution(b, loc, x, filter, 1, {1, 1}, {1, 1}, taps, what);
  if (failed(conv))
    return failure();
  Value split = b.create<tensor::ExpandShapeOp>(
      loc, RankedTensorType::get({n, m, s0, s1, h, w}, elementType), *conv,
      ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}, {4}, {5}});
  // Iterating (n, m, h, i, w, j) over the result, read t at (n, m, i, j, h, w).
  MLIRContext *ctx = b.getContext();
  AffineExpr d[6];
  bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5]);
  Value init = b.create<tensor::EmptyOp>(
      loc, ArrayRef<int64_t>{n, m, h, s0, w, s1}, elementType);
  Value shuffled =
      b.create<linalg::GenericOp>(
           loc, TypeRange{init.getType()}, ValueRange{split}, ValueRange{init},
           ArrayRef<AffineMap>{
               AffineMap::get(6, 0, {d[0], d[1], d[3], d[5], d[2], d[4]}, ctx),
               b.getMultiDimIdentityMap(6)},
           parallelIterators(6),
           [](OpBuilder &nb, Location nloc, ValueRange args) {
             nb.create<linalg::YieldOp>(nloc, args[0]);
           })
          .getResult(0);
  return b
      .create<tensor::CollapseShapeOp>(
          loc, resultType, shuffled,
          ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}})
      .getResult();
}

struct ConvTransposePattern : OpConversionPattern<graph::ConvTransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::ConvTransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getX(), w = adaptor.getW();
    if (failed(checkConvTypes(op, x, w, rewriter)))
      return failure();
    auto xType = cast<RankedTensorType>(x.getType());
    auto wType = cast<RankedTensorType>(w.getType());
    auto yType = cast<RankedTensorType>(op.getType());
    if (!xType.hasStaticShape() || !yType.hasStaticShape())
      return failToLower(rewriter, op, "shapes must be static");
    int64_t group = op.getGroup();
    if (group <= 0 || xType.getDimSize(1) != wType.getDimSize(0) ||
        wType.getDimSize(0) % group != 0)
      return failToLower(
          rewriter, op,
          "weight channels must match the input and divide by group");
    ArrayRef<int64_t> spatialIn = xType.getShape().drop_front(2);
    unsigned spatial = spatialIn.size();
    std::string what;
    // Pads are resolved below; geometry only supplies kernel, strides and
    // dilations here.
    FailureOr<ConvGeometry> g =
        getGeometry(spatialIn, wType.getShape().drop_front(2), "VALID",
                    op.getStrides(), op.getDilations(), std::nullopt, what);
    if (failed(g))
      return failToLower(rewriter, op, what);
    FailureOr<SmallVector<int64_t>> outputPadding =
        readSpatial(op.getOutputPadding(), spatial, 0);
    if (failed(outputPadding))
      return failToLower(rewriter, op,
                         "output_padding needs one value per spatial dim");
    SmallVector<int64_t> padBegin, padEnd;
    if (failed(getTransposePads(op, spatialIn, *g, *outputPadding, padBegin,
                                padEnd, what)))
      return failToLower(rewriter, op, what);

    Location loc = op.getLoc();
    if (isPixelShuffle(*g, group, padBegin, padEnd, *outputPadding, xType,
                       wType, yType)) {
      FailureOr<Value> result =
          buildPixelShuffleTranspose(rewriter, loc, x, w, *g, yType, what);
      if (failed(result))
        return failToLower(rewriter, op, what);
      Value y = *result;
      if (Value bias = adaptor.getB())
        y = addChannelBias(rewriter, loc, y, bias);
      rewriter.replaceOp(op, y);
      return success();
    }

    // Zero-stuff the input (stride - 1 zeros between elements) inside a
    // border of extent - 1 - pad zeros (plus output_padding at the end).
    SmallVector<int64_t> stuffedShape(xType.getShape().take_front(2));
    SmallVector<OpFoldResult> offsets(2, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, steps(2, rewriter.getIndexAttr(1));
    for (int64_t d : xType.getShape())
      sizes.push_back(rewriter.getIndexAttr(d));
    for (unsigned i = 0; i < spatial; ++i) {
      int64_t low = g->extent(i) - 1 - padBegin[i];
      int64_t high = g->extent(i) - 1 - padEnd[i] + (*outputPadding)[i];
      if (low < 0 || high < 0)
        return failToLower(
            rewriter, op,
            "pads larger than the dilated kernel are not supported");
      stuffedShape.push_back((spatialIn[i] - 1) * g->strides[i] + 1 + low +
                             high);
      offsets.push_back(rewriter.getIndexAttr(low));
      steps.push_back(rewriter.getIndexAttr(g->strides[i]));
    }
    Type elementType = xType.getElementType();
    Value zero = createScalar(rewriter, loc, elementType, 0);
    Value zeros = createFilledTensor(
        rewriter, loc, RankedTensorType::get(stuffedShape, elementType), zero,
        {});
    Value stuffed = rewriter.create<tensor::InsertSliceOp>(
        loc, x, zeros, offsets, sizes, steps);
    Value weight = flipTransposeWeight(rewriter, loc, w, group);
    SmallVector<int64_t> ones(spatial, 1);
    FailureOr<Value> conv = buildConvolution(
        rewriter, loc, stuffed, weight, group, ones, g->dilations, yType, what);
    if (failed(conv))
      return failToLower(rewriter, op, what);
    Value result = *conv;
    if (Value bias = adaptor.getB())
      result = addChannelBias(rewriter, loc, result, bias);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void weft::populateGraphConvolutionToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvPattern, ConvTransposePattern>(patterns.getContext());
}
