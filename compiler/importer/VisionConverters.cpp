//===- VisionConverters.cpp - Image-geometry ONNX operators onto graph ops ===//
//
// GridSample (opset 16), RoiAlign (10, 16), MaxUnpool (9, 11) and Det (11)
// onto the ops of GraphVisionOps.td. RoiAlign-16 added
// coordinate_transformation_mode (default half_pixel); RoiAlign-10 behaves
// as output_half_pixel, which the converter states explicitly. MaxUnpool-11
// only widened its types.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

using Attrs = llvm::SmallVector<NamedAttribute>;

LogicalResult convertGridSample(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0), grid = n.requiredInput(1);
  Attrs attrs;
  n.copyStringAttr(attrs, "mode");
  n.copyStringAttr(attrs, "padding_mode");
  n.copyIntAttr(attrs, "align_corners");
  return emit<GridSampleOp>(n, {x, grid}, attrs);
}

LogicalResult convertRoiAlign(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value x = n.requiredInput(0), rois = n.requiredInput(1),
        batchIndices = n.requiredInput(2);
  Attrs attrs;
  n.copyStringAttr(attrs, "mode");
  n.copyIntAttr(attrs, "output_height");
  n.copyIntAttr(attrs, "output_width");
  n.copyIntAttr(attrs, "sampling_ratio");
  n.copyFloatAttr(attrs, "spatial_scale");
  if (n.opset >= 16) {
    n.copyStringAttr(attrs, "coordinate_transformation_mode");
  } else {
    if (n.hasAttr("coordinate_transformation_mode"))
      return n.fail("attribute 'coordinate_transformation_mode' needs opset "
                    "16 or later");
    attrs.push_back(
        n.builder.getNamedAttr("coordinate_transformation_mode",
                               n.builder.getStringAttr("output_half_pixel")));
  }
  return emit<RoiAlignOp>(n, {x, rois, batchIndices}, attrs);
}

LogicalResult convertMaxUnpool(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  Value x = n.requiredInput(0), indices = n.requiredInput(1);
  Value outputShape = n.input(2);
  if (!n.hasAttr("kernel_shape"))
    return n.fail("attribute 'kernel_shape' is required");
  Attrs attrs;
  n.copyIntsAttr(attrs, "kernel_shape");
  n.copyIntsAttr(attrs, "pads");
  n.copyIntsAttr(attrs, "strides");
  llvm::SmallVector<Value> operands{x, indices};
  if (outputShape)
    operands.push_back(outputShape);
  return emit<MaxUnpoolOp>(n, operands, attrs);
}

LogicalResult convertDet(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  return emit<DetOp>(n, n.requiredInput(0));
}

} // namespace weft::importer
