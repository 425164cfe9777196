#!/usr/bin/python3
"""Writes the models of the quantization importer tests (quant-ops.test).

Usage: gen_quant_models.py OUTDIR NAME...   (no NAME: every model)

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
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


def scalar(name, value, dtype):
    return init(name, np.asarray(value, dtype=dtype))


@model
def quant_opset10():
    """Per-tensor forms: no axis attribute, optional zero points."""
    nodes = [node("QuantizeLinear", ["x", "s"], ["q"]),
             node("QuantizeLinear", ["x", "s", "zi8"], ["qi8"]),
             node("DequantizeLinear", ["q", "s", "zu8"], ["dq"]),
             node("DequantizeLinear", ["i", "s"], ["di"])]
    return make(nodes, [vi("x", F, [2, 3]), vi("i", I32, [4])],
                [vi("dq", F, None), vi("qi8", I8, None), vi("di", F, None)],
                opset=10,
                inits=[scalar("s", 0.5, np.float32),
                       scalar("zi8", -3, np.int8),
                       scalar("zu8", 7, np.uint8)])


@model
def quant_opset13_axis():
    """Per-axis forms with the axis attribute of opset 13."""
    nodes = [node("QuantizeLinear", ["x", "s", "z"], ["q"], axis=0),
             node("DequantizeLinear", ["q", "s", "z"], ["dq"], axis=0)]
    return make(nodes, [vi("x", F, [2, 3])], [vi("dq", F, None)], opset=13,
                inits=[init("s", np.asarray([0.5, 2.0], dtype=np.float32)),
                       init("z", np.asarray([1, 2], dtype=np.uint8))])


@model
def matmul_integer():
    """Per-row A and per-column B zero points."""
    nodes = [node("MatMulInteger", ["a", "b", "az", "bz"], ["y"]),
             node("MatMulInteger", ["a", "b"], ["y2"])]
    return make(nodes, [vi("a", U8, [2, 4]), vi("b", U8, [4, 3])],
                [vi("y", I32, None), vi("y2", I32, None)], opset=10,
                inits=[init("az", np.asarray([1, 2], dtype=np.uint8)),
                       init("bz", np.asarray([3, 4, 5], dtype=np.uint8))])


@model
def conv_integer():
    """A scalar x zero point and a per-output-channel w zero point."""
    nodes = [node("ConvInteger", ["x", "w", "xz", "wz"], ["y"],
                  pads=[1, 1, 1, 1])]
    return make(nodes, [vi("x", I8, [1, 1, 3, 3])], [vi("y", I32, None)],
                opset=10,
                inits=[init("w", np.ones([2, 1, 2, 2], dtype=np.int8)),
                       scalar("xz", 1, np.int8),
                       init("wz", np.asarray([0, 1], dtype=np.int8))])


@model
def bad_matmul_integer_float():
    return make([node("MatMulInteger", ["a", "a"], ["y"])],
                [vi("a", F, [2, 2])], [vi("y", I32, None)], opset=10)


@model
def bad_axis_opset10():
    return make([node("QuantizeLinear", ["x", "s"], ["q"], axis=0)],
                [vi("x", F, [3])], [vi("q", U8, None)], opset=10,
                inits=[scalar("s", 0.5, np.float32)])


@model
def bad_scale_length():
    return make([node("DequantizeLinear", ["x", "s"], ["y"], axis=1)],
                [vi("x", U8, [2, 3])], [vi("y", F, None)], opset=13,
                inits=[init("s", np.ones(4, dtype=np.float32))])


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
