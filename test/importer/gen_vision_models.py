#!/usr/bin/python3
"""Writes the small ONNX models of the image-geometry importer tests.

Usage: gen_vision_models.py OUTDIR NAME...   (no NAME: every model)

A model named NAME is written to OUTDIR/NAME.onnx, built with Debian's
python3-onnx helpers (through gen_models.py's) at test time.
"""

import os
import sys

import numpy as np
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_models  # noqa: E402
from gen_models import TensorProto, helper, make, vi  # noqa: E402

F = TensorProto.FLOAT
I64 = TensorProto.INT64
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def roi_align_model(opset, **attrs):
    return make([helper.make_node("RoiAlign", ["x", "r", "b"], ["y"],
                                  name="roi", **attrs)],
                [vi("x", F, [1, 2, 8, 8]), vi("r", F, [3, 4]),
                 vi("b", I64, [3])],
                [vi("y", F, None)], opset)


@model
def roi_align10():
    # Opset 10 has no coordinate_transformation_mode: it is output_half_pixel.
    return roi_align_model(10, mode="max", output_height=2, output_width=3,
                           sampling_ratio=2, spatial_scale=0.25)


@model
def roi_align16():
    return roi_align_model(16, output_height=2, output_width=3)


@model
def roi_align10_transform():
    return roi_align_model(10, coordinate_transformation_mode="half_pixel")


def max_unpool_model(opset, inputs, inits=(), **attrs):
    return make([helper.make_node("MaxUnpool", inputs, ["y"], name="unpool",
                                  **attrs)],
                [vi("x", F, [1, 1, 2, 2]), vi("i", I64, [1, 1, 2, 2])],
                [vi("y", F, None)], opset, inits)


@model
def max_unpool9():
    return max_unpool_model(9, ["x", "i"], kernel_shape=[2, 2],
                            strides=[2, 2])


@model
def max_unpool11_output_shape():
    shape = numpy_helper.from_array(np.asarray([1, 1, 5, 5], dtype=np.int64),
                                    "s")
    return max_unpool_model(11, ["x", "i", "s"], [shape], kernel_shape=[2, 2],
                            strides=[2, 2])


@model
def max_unpool_no_kernel():
    return max_unpool_model(11, ["x", "i"])


@model
def grid_sample16():
    return make([helper.make_node("GridSample", ["x", "g"], ["y"],
                                  mode="nearest", padding_mode="border",
                                  align_corners=1)],
                [vi("x", F, [1, 3, 4, 4]), vi("g", F, [1, 5, 6, 2])],
                [vi("y", F, None)], 16)


@model
def det11():
    return make([helper.make_node("Det", ["x"], ["y"])],
                [vi("x", F, [2, 3, 3])], [vi("y", F, None)], 11)


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
