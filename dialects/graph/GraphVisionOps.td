//===- GraphVisionOps.td - Image-geometry ops ---------------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. Ops
// that resample images at computed positions (GridSample, RoiAlign), undo a
// max pooling (MaxUnpool), and the determinant (Det). Their positions and
// indices are run-time data: reads outside the input are clamped (or give
// the padding value), writes outside the output are dropped.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHVISIONOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHVISIONOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_GridSampleOp : Graph_InferOp<"grid_sample"> {
  let summary = "sample an image at the positions of a flow-field grid";
  let description = [{
    ONNX `GridSample` (opset 16): `x` is N x C x H x W, `grid` is
    N x Ho x Wo x 2 holding (x, y) positions normalized to [-1, 1]; the
    result is N x C x Ho x Wo. `mode` is `bilinear`, `nearest` (round half
    to even) or `bicubic` (coefficient -0.75); `padding_mode` (`zeros`,
    `border`, `reflection`) says what positions outside the image read;
    `align_corners = 1` maps -1 and 1 to the centers of the corner pixels
    instead of their outer edges.

    Example:

    ```mlir
    %y = graph.grid_sample %x, %g {mode = "bilinear", padding_mode = "border"}
           : tensor<1x3x8x8xf32>, tensor<1x4x4x2xf32> -> tensor<1x3x4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$grid,
                       DefaultValuedStrAttr<StrAttr, "bilinear">:$mode,
                       DefaultValuedStrAttr<StrAttr, "zeros">:$padding_mode,
                       DefaultValuedAttr<I64Attr, "0">:$align_corners);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $grid attr-dict `:` type($x) `,` type($grid) `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_RoiAlignOp : Graph_InferOp<"roi_align"> {
  let summary = "pool regions of interest by bilinear sampling";
  let description = [{
    ONNX `RoiAlign`: `x` is N x C x H x W, `rois` is R x 4 boxes
    (x1, y1, x2, y2) in the coordinates of the original image (scaled by
    `spatial_scale`), `batch_indices` (R, integer) picks each box's image.
    Each box is split into `output_height` x `output_width` bins; each bin
    averages (`mode = "avg"`) or takes the maximum of (`mode = "max"`) a grid
    of `sampling_ratio` x `sampling_ratio` bilinear samples
    (`sampling_ratio = 0`: ceil(bin size) samples per axis, per box). With
    `coordinate_transformation_mode = "half_pixel"` (the default from opset
    16) the box is shifted by -0.5 pixel; `output_half_pixel` (opset 10's
    behaviour) does not shift it and makes it at least 1 x 1. The result is
    R x C x output_height x output_width. A batch index outside [0, N) is
    clamped into it. As in ONNX Runtime, the adaptive ratio takes as many
    samples as the box is large, so a huge box (from bad data) takes long.

    Example:

    ```mlir
    %y = graph.roi_align %x, %rois, %idx {output_height = 5 : i64,
                                          output_width = 5 : i64,
                                          sampling_ratio = 2 : i64}
           : tensor<1x1x10x10xf32>, tensor<3x4xf32>, tensor<3xi64>
           -> tensor<3x1x5x5xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$rois, AnyTensor:$batch_indices,
                       DefaultValuedStrAttr<StrAttr, "avg">:$mode,
                       DefaultValuedAttr<I64Attr, "1">:$output_height,
                       DefaultValuedAttr<I64Attr, "1">:$output_width,
                       DefaultValuedAttr<I64Attr, "0">:$sampling_ratio,
                       DefaultValuedAttr<F32Attr, "1.0">:$spatial_scale,
                       DefaultValuedStrAttr<StrAttr, "half_pixel">:$coordinate_transformation_mode);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $rois `,` $batch_indices attr-dict `:` type($x) `,` type($rois) `,`
    type($batch_indices) `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_MaxUnpoolOp : Graph_InferOp<"max_unpool"> {
  let summary = "scatter pooled maxima back to their positions";
  let description = [{
    ONNX `MaxUnpool`: a zero tensor of the default shape, N x C and, per
    spatial dim, `(in - 1) * stride + kernel - pad_begin - pad_end`, receives
    the elements of `x` at the flat (row-major) positions `indices` (the
    `Indices` output of `MaxPool`). When `output_shape` (a 1-D i64 tensor) is
    given, that tensor is then padded with zeros at the end of each dim (or
    cut) to it, as ONNX's reference does; the result has that shape when it
    is constant and dynamic dims otherwise. An index outside the default
    shape is dropped; with repeated indices the last one in row-major order
    of `x` wins.

    Example:

    ```mlir
    %y = graph.max_unpool %x, %i {kernel_shape = array<i64: 2, 2>,
                                  strides = array<i64: 2, 2>}
           : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64> -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$indices,
                       Optional<AnyTensor>:$output_shape,
                       DenseI64ArrayAttr:$kernel_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$pads,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $x `,` $indices (`output_shape` `(` $output_shape^ `:` type($output_shape) `)`)?
    attr-dict `:` type($x) `,` type($indices) `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_DetOp : Graph_InferOp<"det"> {
  let summary = "determinant of square matrices";
  let description = [{
    ONNX `Det`: the determinant of each M x M matrix in the last two dims of
    a floating-point tensor; the result has the leading (batch) dims.

    Example:

    ```mlir
    %d = graph.det %x : tensor<3x2x2xf32> -> tensor<3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHVISIONOPS_TD
