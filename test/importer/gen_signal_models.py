#!/usr/bin/python3
"""Writes the models of the signal-processing and QLinear importer tests
(signal-ops.test).

Usage: gen_signal_models.py OUTDIR NAME...   (no NAME: every model)

Uses the helpers of gen_models.py; each model is built at test time.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_models  # noqa: E402
from gen_models import F, TensorProto, helper, init, make, vi  # noqa: E402

U8 = TensorProto.UINT8
I8 = TensorProto.INT8
I32 = TensorProto.INT32
I64 = TensorProto.INT64
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


def scalar(name, value, dtype):
    return init(name, np.asarray(value, dtype=dtype))


@model
def dft():
    """The attribute forms of DFT and a constant dft_length input."""
    nodes = [node("DFT", ["x"], ["y"], axis=1),
             node("DFT", ["x", "n"], ["y2"], axis=-2, onesided=1),
             node("DFT", ["c"], ["y3"], axis=2, inverse=1)]
    return make(nodes, [vi("x", F, [2, 10, 1]), vi("c", F, [1, 4, 6, 2])],
                [vi("y", F, None), vi("y2", F, None), vi("y3", F, None)],
                opset=17, inits=[scalar("n", 16, np.int64)])


@model
def stft():
    """STFT with a window, and with a frame_length and no window."""
    nodes = [node("STFT", ["s", "step", "w"], ["y"]),
             node("STFT", ["s", "step", "", "len"], ["y2"], onesided=0)]
    return make(nodes, [vi("s", F, [1, 64, 1]), vi("w", F, [16])],
                [vi("y", F, None), vi("y2", F, None)], opset=17,
                inits=[scalar("step", 8, np.int64),
                       scalar("len", 16, np.int64)])


@model
def mel():
    """MelWeightMatrix with constant inputs folds to a constant."""
    nodes = [node("MelWeightMatrix", ["bins", "len", "rate", "lo", "hi"],
                  ["m"])]
    return make(nodes, [], [vi("m", F, None)], opset=17,
                inits=[scalar("bins", 8, np.int32),
                       scalar("len", 16, np.int32),
                       scalar("rate", 8192, np.int32),
                       scalar("lo", 0, np.float32),
                       scalar("hi", 4096, np.float32)])


@model
def qlinear_matmul():
    """Per-tensor a and y, per-column b."""
    nodes = [node("QLinearMatMul", ["a", "as", "az", "b", "bs", "bz", "ys",
                                    "yz"], ["y"])]
    return make(nodes, [vi("a", U8, [2, 4]), vi("b", I8, [4, 3])],
                [vi("y", U8, None)], opset=10,
                inits=[scalar("as", 0.5, np.float32),
                       scalar("az", 3, np.uint8),
                       init("bs", np.asarray([0.25, 0.5, 1], np.float32)),
                       init("bz", np.asarray([0, 1, -1], np.int8)),
                       scalar("ys", 2, np.float32),
                       scalar("yz", 128, np.uint8)])


@model
def qlinear_conv():
    """Per-output-channel w scale and zero point, and an int32 bias."""
    nodes = [node("QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys",
                                  "yz", "b"], ["y"], pads=[1, 1, 1, 1])]
    return make(nodes, [vi("x", I8, [1, 1, 3, 3])], [vi("y", I8, None)],
                opset=10,
                inits=[init("w", np.ones([2, 1, 2, 2], dtype=np.int8)),
                       scalar("xs", 0.5, np.float32),
                       scalar("xz", 1, np.int8),
                       init("ws", np.asarray([0.5, 0.25], np.float32)),
                       init("wz", np.asarray([0, 1], np.int8)),
                       scalar("ys", 0.125, np.float32),
                       scalar("yz", -2, np.int8),
                       init("b", np.asarray([10, -10], np.int32))])


@model
def bad_dft_length_input():
    return make([node("DFT", ["x", "n"], ["y"])],
                [vi("x", F, [1, 8, 1]), vi("n", I64, [])], [vi("y", F, None)],
                opset=17)


@model
def bad_dft_onesided_complex():
    return make([node("DFT", ["x"], ["y"], onesided=1)],
                [vi("x", F, [1, 8, 2])], [vi("y", F, None)], opset=17)


@model
def bad_stft_no_length():
    return make([node("STFT", ["s", "step"], ["y"])],
                [vi("s", F, [1, 64, 1])], [vi("y", F, None)], opset=17,
                inits=[scalar("step", 8, np.int64)])


@model
def bad_qlinear_conv_x_scale():
    nodes = [node("QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys",
                                  "yz"], ["y"])]
    return make(nodes, [vi("x", U8, [1, 2, 3, 3])], [vi("y", U8, None)],
                opset=10,
                inits=[init("w", np.ones([1, 2, 1, 1], dtype=np.uint8)),
                       init("xs", np.ones(2, np.float32)),
                       scalar("xz", 1, np.uint8),
                       scalar("ws", 0.5, np.float32),
                       scalar("wz", 0, np.uint8),
                       scalar("ys", 0.5, np.float32),
                       scalar("yz", 0, np.uint8)])


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
