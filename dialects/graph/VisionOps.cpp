//===- VisionOps.cpp - Verifiers and types of the image-geometry ops ------===//
//
// The ops of GraphVisionOps.td: grid_sample, roi_align, max_unpool, det.
// Inference keeps every dim it can read from the operands (and a constant
// output_shape) and leaves the others dynamic; the verifiers check the
// attributes and the ranks the ops are defined for.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace weft::graph;

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

/// Dim `i` of `shape`, or kDyn when the shape is unknown.
int64_t dimOr(const MaybeShape &shape, size_t i) {
  return shape && i < shape->size() ? (*shape)[i] : kDyn;
}

/// Checks that `value` is ranked `rank` when it is ranked at all.
LogicalResult checkRank(Operation *op, Value value, StringRef what, size_t rank,
                        StringRef layout) {
  MaybeShape shape = getShape(value);
  if (shape && shape->size() != rank)
    return nodeError(op) << what << " must have rank " << rank << " (" << layout
                         << "), got shape " << formatShape(*shape);
  return success();
}

/// Checks that static dims `a` and `b` agree.
LogicalResult checkSameDim(Operation *op, int64_t a, int64_t b,
                           StringRef what) {
  if (!isDyn(a) && !isDyn(b) && a != b)
    return nodeError(op) << what << " differ: " << a << " vs " << b;
  return success();
}

LogicalResult checkFloat(Operation *op, Value value, StringRef what) {
  if (!llvm::isa<FloatType>(getElementType(value.getType())))
    return nodeError(op) << what << " must be a floating-point tensor, got "
                         << value.getType();
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// grid_sample
//===----------------------------------------------------------------------===//

LogicalResult GridSampleOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location>,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX()), grid = getShape(adaptor.getGrid());
  Shape result{dimOr(x, 0), dimOr(x, 1), dimOr(grid, 1), dimOr(grid, 2)};
  if (isDyn(result[0]))
    result[0] = dimOr(grid, 0);
  types.push_back(tensorOf(result, getElementType(adaptor.getX().getType())));
  return success();
}

LogicalResult GridSampleOp::verify() {
  StringRef mode = getMode(), padding = getPaddingMode();
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return nodeError(*this)
           << "mode must be bilinear, nearest or bicubic, got '" << mode << "'";
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return nodeError(*this)
           << "padding_mode must be zeros, border or reflection, got '"
           << padding << "'";
  if (getAlignCorners() != 0 && getAlignCorners() != 1)
    return nodeError(*this) << "align_corners must be 0 or 1, got "
                            << (int64_t)getAlignCorners();
  if (failed(checkFloat(*this, getGrid(), "grid")) ||
      failed(checkRank(*this, getX(), "x", 4, "N x C x H x W")) ||
      failed(checkRank(*this, getGrid(), "grid", 4, "N x Ho x Wo x 2")))
    return failure();
  MaybeShape x = getShape(getX()), grid = getShape(getGrid());
  if (!isDyn(dimOr(grid, 3)) && dimOr(grid, 3) != 2)
    return nodeError(*this)
           << "the last dim of grid must be 2 (x, y), got " << dimOr(grid, 3);
  return checkSameDim(*this, dimOr(x, 0), dimOr(grid, 0),
                      "the batch sizes of x and grid");
}

//===----------------------------------------------------------------------===//
// roi_align
//===----------------------------------------------------------------------===//

LogicalResult RoiAlignOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX()), rois = getShape(adaptor.getRois()),
             indices = getShape(adaptor.getBatchIndices());
  int64_t count = dimOr(rois, 0);
  if (isDyn(count))
    count = dimOr(indices, 0);
  Shape result{count, dimOr(x, 1), (int64_t)adaptor.getOutputHeight(),
               (int64_t)adaptor.getOutputWidth()};
  for (size_t i = 2; i < 4; ++i)
    if (result[i] <= 0)
      result[i] = kDyn; // the verifier reports it
  types.push_back(tensorOf(result, getElementType(adaptor.getX().getType())));
  return success();
}

LogicalResult RoiAlignOp::verify() {
  StringRef mode = getMode(), transform = getCoordinateTransformationMode();
  if (mode != "avg" && mode != "max")
    return nodeError(*this) << "mode must be avg or max, got '" << mode << "'";
  if (transform != "half_pixel" && transform != "output_half_pixel")
    return nodeError(*this) << "coordinate_transformation_mode must be "
                               "half_pixel or output_half_pixel, got '"
                            << transform << "'";
  int64_t height = getOutputHeight(), width = getOutputWidth();
  if (height <= 0 || width <= 0)
    return nodeError(*this) << "output_height and output_width must be "
                               "positive, got "
                            << height << " and " << width;
  if ((int64_t)getSamplingRatio() < 0)
    return nodeError(*this) << "sampling_ratio must not be negative, got "
                            << (int64_t)getSamplingRatio();
  if (failed(checkFloat(*this, getX(), "x")) ||
      failed(checkFloat(*this, getRois(), "rois")) ||
      failed(checkRank(*this, getX(), "x", 4, "N x C x H x W")) ||
      failed(checkRank(*this, getRois(), "rois", 2, "R x 4")) ||
      failed(checkRank(*this, getBatchIndices(), "batch_indices", 1, "R")))
    return failure();
  if (!llvm::isa<IntegerType>(getElementType(getBatchIndices().getType())))
    return nodeError(*this) << "batch_indices must be an integer tensor, got "
                            << getBatchIndices().getType();
  MaybeShape rois = getShape(getRois()), indices = getShape(getBatchIndices());
  if (!isDyn(dimOr(rois, 1)) && dimOr(rois, 1) != 4)
    return nodeError(*this)
           << "the last dim of rois must be 4 (x1, y1, x2, y2), got "
           << dimOr(rois, 1);
  return checkSameDim(*this, dimOr(rois, 0), dimOr(indices, 0),
                      "the box counts of rois and batch_indices");
}

//===----------------------------------------------------------------------===//
// max_unpool
//===----------------------------------------------------------------------===//

LogicalResult MaxUnpoolOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location>,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  Type element = getElementType(adaptor.getX().getType());
  MaybeShape x = getShape(adaptor.getX());
  if (Value outputShape = adaptor.getOutputShape()) {
    if (std::optional<SmallVector<int64_t>> dims =
            getConstantInts(outputShape)) {
      types.push_back(tensorOf(Shape(*dims), element));
      return success();
    }
    MaybeShape shapeOfShape = getShape(outputShape);
    if (shapeOfShape && shapeOfShape->size() == 1 && !isDyn((*shapeOfShape)[0]))
      x = Shape((*shapeOfShape)[0], kDyn);
    types.push_back(
        tensorOf(x ? MaybeShape(Shape(x->size(), kDyn)) : x, element));
    return success();
  }
  ArrayRef<int64_t> kernel = adaptor.getKernelShape();
  if (x && x->size() == kernel.size() + 2) {
    std::optional<ArrayRef<int64_t>> strides, pads;
    if (adaptor.getStridesAttr())
      strides = adaptor.getStridesAttr().asArrayRef();
    if (adaptor.getPadsAttr())
      pads = adaptor.getPadsAttr().asArrayRef();
    size_t n = kernel.size();
    for (size_t i = 0; i < n; ++i) {
      int64_t &d = (*x)[i + 2];
      if (isDyn(d))
        continue;
      int64_t stride = strides && strides->size() == n ? (*strides)[i] : 1;
      int64_t padSum =
          pads && pads->size() == 2 * n ? (*pads)[i] + (*pads)[i + n] : 0;
      d = (d - 1) * stride + kernel[i] - padSum;
      if (d < 0)
        d = kDyn; // the verifier reports it
    }
  }
  types.push_back(tensorOf(x, element));
  return success();
}

LogicalResult MaxUnpoolOp::verify() {
  ArrayRef<int64_t> kernel = getKernelShape();
  if (kernel.empty())
    return nodeError(*this) << "kernel_shape must not be empty";
  for (int64_t k : kernel)
    if (k <= 0)
      return nodeError(*this) << "kernel_shape must be positive, got " << k;
  std::optional<ArrayRef<int64_t>> strides, pads;
  if (getStridesAttr())
    strides = getStridesAttr().asArrayRef();
  if (getPadsAttr())
    pads = getPadsAttr().asArrayRef();
  if (failed(checkWindowAttrs(kernel.size(), strides, std::nullopt, pads,
                              "NOTSET", getLoc(), getOperationName())))
    return failure();
  if (!llvm::isa<IntegerType>(getElementType(getIndices().getType())))
    return nodeError(*this) << "indices must be an integer tensor, got "
                            << getIndices().getType();
  size_t rank = kernel.size() + 2;
  MaybeShape x = getShape(getX()), indices = getShape(getIndices());
  if (x && x->size() != rank)
    return nodeError(*this) << "x must have rank " << rank
                            << " (N x C and one dim per kernel dim), got shape "
                            << formatShape(*x);
  if (x && indices &&
      (x->size() != indices->size() ||
       failed(verifyCompatibleShape(*x, *indices))))
    return nodeError(*this)
           << "indices must have the shape of x " << formatShape(*x) << ", got "
           << formatShape(*indices);
  if (Value outputShape = getOutputShape()) {
    MaybeShape shape = getShape(outputShape);
    if (shape && (shape->size() != 1 ||
                  (!isDyn((*shape)[0]) && (*shape)[0] != (int64_t)rank)))
      return nodeError(*this) << "output_shape must be a 1-D tensor of " << rank
                              << " dims, got " << outputShape.getType();
    if (std::optional<SmallVector<int64_t>> dims = getConstantInts(outputShape))
      for (int64_t d : *dims)
        if (d < 0)
          return nodeError(*this)
                 << "output_shape must not be negative, got " << d;
  }
  MaybeShape y = getShape(getY());
  if (y && y->size() != rank)
    return nodeError(*this) << "the result must have rank " << rank
                            << ", got shape " << formatShape(*y);
  if (x && !getOutputShape())
    for (size_t i = 0; i < kernel.size(); ++i) {
      int64_t in = (*x)[i + 2];
      int64_t stride = strides ? (*strides)[i] : 1;
      int64_t padSum = pads ? (*pads)[i] + (*pads)[i + kernel.size()] : 0;
      if (!isDyn(in) && (in - 1) * stride + kernel[i] - padSum < 0)
        return nodeError(*this) << "the output size of spatial dim " << i
                                << " would be negative; pads are too large";
    }
  return success();
}

//===----------------------------------------------------------------------===//
// det
//===----------------------------------------------------------------------===//

LogicalResult DetOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX());
  if (x && x->size() >= 2)
    x->resize(x->size() - 2);
  types.push_back(tensorOf(x, getElementType(adaptor.getX().getType())));
  return success();
}

LogicalResult DetOp::verify() {
  if (failed(checkFloat(*this, getX(), "x")))
    return failure();
  MaybeShape x = getShape(getX());
  if (!x)
    return success();
  if (x->size() < 2)
    return nodeError(*this) << "x must have rank 2 or more (... x M x M), "
                               "got shape "
                            << formatShape(*x);
  return checkSameDim(*this, (*x)[x->size() - 2], (*x)[x->size() - 1],
                      "the last two dims of x (a square matrix)");
}
