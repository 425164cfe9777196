#!/usr/bin/python3
"""Writes the small ONNX models of the image-geometry importer tests.

Usage: gen_vision_models.py OUTDIR NAME...   (no NAME: every model)

A model named NAME is written to OUTDIR/NAME.onnx, built with Debian's
python3-onnx helpers at test time.
"""

import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT
I64 = TensorProto.INT64
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def make(nodes, inputs, outputs, opset, inits=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs,
                              initializer=list(inits))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="weft-tests")
    m.ir_version = 7
    return m


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


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name in sys.argv[2:] or sorted(MODELS):
        m = MODELS[name]()
        with open(os.path.join(out, name + ".onnx"), "wb") as f:
            f.write(m.SerializeToString())


if __name__ == "__main__":
    main()
