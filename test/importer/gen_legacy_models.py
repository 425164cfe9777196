#!/usr/bin/python3
"""Writes small ONNX models at old opsets (1 to 6) and with the outputs old
operators have (Dropout's mask, MaxPool's Indices) for the importer tests.

Usage: gen_legacy_models.py OUTDIR NAME...   (no NAME: every model)

Built with gen_models.py's helpers at test time; no .onnx file is committed.
"""

import os
import sys

import numpy as np
from onnx import TensorProto, helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_models import F, I64, init, ints, make, vi  # noqa: E402

MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


def floats(name, shape):
    values = np.arange(1, np.prod(shape, dtype=np.int64) + 1)
    return init(name, values.astype(np.float32).reshape(shape))


# --- Binary operators: `broadcast` and `axis` before opset 7 ----------------

@model
def broadcast6():
    nodes = [
        node("Add", ["a", "mid"], ["add"], broadcast=1, axis=1),
        node("Mul", ["add", "last"], ["mul"], broadcast=1),
        node("Sub", ["mul", "a"], ["sub"]),
        node("Div", ["sub", "one"], ["div"], broadcast=1),
        node("Pow", ["div", "whole"], ["pow"], broadcast=1, axis=0),
        node("Greater", ["pow", "last"], ["gt"], broadcast=1),
    ]
    return make(nodes, [vi("a", F, [2, 3, 4, 5])],
                [vi("pow", F, None), vi("gt", TensorProto.BOOL, None)],
                opset=6,
                inits=[floats("mid", [3, 4]), floats("last", [5]),
                       floats("one", []), floats("whole", [2, 3, 4, 5])])


@model
def consumed1():
    # Opset 1: `consumed_inputs` on Add, Relu and Clip changes nothing.
    nodes = [
        node("Add", ["x", "b"], ["add"], broadcast=1, consumed_inputs=[1, 0]),
        node("Relu", ["add"], ["relu"], consumed_inputs=[1]),
        node("Clip", ["relu"], ["clip"], min=0.5, consumed_inputs=[0]),
    ]
    return make(nodes, [vi("x", F, [2, 4])], [vi("clip", F, None)], opset=1,
                inits=[floats("b", [4])])


@model
def broadcast_bad_dims():
    nodes = [node("Add", ["a", "b"], ["y"], broadcast=1, axis=1)]
    return make(nodes, [vi("a", F, [2, 3, 4])], [vi("y", F, None)], opset=6,
                inits=[floats("b", [4])])


@model
def broadcast_bad_rank():
    nodes = [node("Mul", ["a", "b"], ["y"], broadcast=1)]
    return make(nodes, [vi("a", F, [4])], [vi("y", F, None)], opset=6,
                inits=[floats("b", [2, 4])])


# --- Linear algebra and normalization -----------------------------------------

@model
def gemm6():
    nodes = [node("Gemm", ["a", "b", "c"], ["y"], broadcast=1, transB=1)]
    return make(nodes, [vi("a", F, [2, 3])], [vi("y", F, None)], opset=6,
                inits=[floats("b", [4, 3]), floats("c", [4])])


def batchnorm_model(opset, params_shape, x_shape, **attrs):
    names = ["scale", "bias", "mean", "var"]
    nodes = [node("BatchNormalization", ["x"] + names, ["y"], **attrs)]
    return make(nodes, [vi("x", F, x_shape)], [vi("y", F, None)], opset=opset,
                inits=[floats(n, params_shape) for n in names])


@model
def batchnorm5():
    return batchnorm_model(5, [3], [2, 3, 4], is_test=1, epsilon=1e-3,
                           consumed_inputs=[0, 0, 0, 1, 1])


@model
def batchnorm_spatial0():
    return batchnorm_model(7, [3, 4], [2, 3, 4], spatial=0, epsilon=0.5)


@model
def batchnorm_training6():
    return batchnorm_model(6, [3], [2, 3, 4])


# --- Dropout and its mask -----------------------------------------------------

@model
def dropout6():
    nodes = [node("Dropout", ["x"], ["y", "mask"], is_test=1, ratio=0.25)]
    return make(nodes, [vi("x", F, [2, 3])],
                [vi("y", F, None), vi("mask", F, None)], opset=6)


@model
def dropout12():
    nodes = [node("Dropout", ["x"], ["y", "mask"])]
    return make(nodes, [vi("x", F, [2, 3])],
                [vi("y", F, None), vi("mask", TensorProto.BOOL, None)],
                opset=12)


@model
def dropout_training6():
    nodes = [node("Dropout", ["x"], ["y"])]
    return make(nodes, [vi("x", F, [2, 3])], [vi("y", F, None)], opset=6)


# --- Shapes and data movement -------------------------------------------------

@model
def reshape4():
    nodes = [node("Reshape", ["x"], ["y"], shape=[0, -1])]
    return make(nodes, [vi("x", F, [2, 3, 4])], [vi("y", F, None)], opset=4)


@model
def concat3():
    nodes = [node("Concat", ["x", "x"], ["y"])]
    return make(nodes, [vi("x", F, [2, 3])], [vi("y", F, None)], opset=3)


@model
def pad1():
    nodes = [node("Pad", ["x"], ["y"], paddings=[0, 1, 0, 2], mode="edge")]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, None)], opset=1)


@model
def split1():
    nodes = [node("Split", ["x", "sizes"], ["a", "b"], axis=1)]
    return make(nodes, [vi("x", F, [2, 4])],
                [vi("a", F, None), vi("b", F, None)], opset=1,
                inits=[ints("sizes", [1, 3])])


@model
def upsample6():
    nodes = [node("Upsample", ["x"], ["y"], height_scale=2.0,
                  width_scale=3.0, mode="bilinear")]
    return make(nodes, [vi("x", F, [1, 1, 2, 2])], [vi("y", F, None)],
                opset=6)


@model
def upsample6_no_scales():
    nodes = [node("Upsample", ["x"], ["y"], height_scale=2.0)]
    return make(nodes, [vi("x", F, [1, 1, 2, 2])], [vi("y", F, None)],
                opset=6)


@model
def cast5():
    nodes = [node("Cast", ["x"], ["y"], to="int32")]
    return make(nodes, [vi("x", F, [4])], [vi("y", TensorProto.INT32, None)],
                opset=5)


@model
def cast5_bad_name():
    nodes = [node("Cast", ["x"], ["y"], to="FLOAT128")]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, None)], opset=5)


# --- LogSoftmax and MaxPool's Indices -------------------------------------------

@model
def logsoftmax6():
    nodes = [node("LogSoftmax", ["x"], ["last"], axis=2),
             node("LogSoftmax", ["x"], ["mid"])]
    return make(nodes, [vi("x", F, [2, 3, 4])],
                [vi("last", F, None), vi("mid", F, None)], opset=6)


@model
def logsoftmax13():
    nodes = [node("LogSoftmax", ["x"], ["y"], axis=1)]
    return make(nodes, [vi("x", F, [2, 3, 4])], [vi("y", F, None)], opset=13)


@model
def maxpool_indices12():
    nodes = [node("MaxPool", ["x"], ["y", "i"], kernel_shape=[2, 2],
                  strides=[2, 2], pads=[1, 1, 0, 0], storage_order=1,
                  ceil_mode=1)]
    return make(nodes, [vi("x", F, [1, 2, 5, 5])],
                [vi("y", F, None), vi("i", I64, None)], opset=12)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    for name in argv[2:] or sorted(MODELS):
        with open(os.path.join(outdir, name + ".onnx"), "wb") as f:
            f.write(MODELS[name]().SerializeToString())


if __name__ == "__main__":
    main(sys.argv)
