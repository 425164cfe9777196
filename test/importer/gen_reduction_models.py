#!/usr/bin/python3
"""Writes the models of the reduction importer tests (opset-reductions.test).

Usage: gen_reduction_models.py OUTDIR NAME...   (no NAME: every model)

Uses the helpers of gen_models.py; each model is built at test time.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_models  # noqa: E402
from gen_models import F, I64, helper, ints, make, vi  # noqa: E402

MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


@model
def reduce_min13():
    return make([node("ReduceMin", ["x"], ["y"], axes=[1], keepdims=0)],
                [vi("x", F, [2, 4])], [vi("y", F, None)])


@model
def reduce_min18():
    return make([node("ReduceMin", ["x", "ax"], ["y"], keepdims=0)],
                [vi("x", F, [2, 4])], [vi("y", F, None)], opset=18,
                inits=[ints("ax", [1])])


@model
def reduce_sum_empty_axes():
    # The axes input is a graph input of static shape [0]: empty whatever it
    # holds, so the noop applies without knowing its values.
    return make([node("ReduceSum", ["x", "ax"], ["y"],
                      noop_with_empty_axes=1)],
                [vi("x", F, [2, 4]), vi("ax", I64, [0])], [vi("y", F, None)])


@model
def reduce_axes_runtime():
    return make([node("ReduceL2", ["x", "ax"], ["y"])],
                [vi("x", F, [2, 4]), vi("ax", I64, [1])], [vi("y", F, None)],
                opset=18)


@model
def argmax11():
    return make([node("ArgMax", ["x"], ["y"], axis=1, keepdims=0)],
                [vi("x", F, [2, 4])], [vi("y", I64, None)], opset=11)


@model
def argmin13():
    return make([node("ArgMin", ["x"], ["y"], select_last_index=1)],
                [vi("x", F, [2, 4])], [vi("y", I64, None)])


@model
def hardmax11():
    return make([node("Hardmax", ["x"], ["y"])],
                [vi("x", F, [2, 3, 4])], [vi("y", F, None)], opset=11)


@model
def hardmax11_last():
    return make([node("Hardmax", ["x"], ["y"], axis=-1)],
                [vi("x", F, [2, 3, 4])], [vi("y", F, None)], opset=11)


@model
def hardmax13():
    return make([node("Hardmax", ["x"], ["y"], axis=1)],
                [vi("x", F, [2, 3, 4])], [vi("y", F, None)])


@model
def topk1():
    return make([node("TopK", ["x"], ["v", "i"], k=2)],
                [vi("x", F, [3, 4])], [vi("v", F, None), vi("i", I64, None)],
                opset=1)


@model
def topk10():
    return make([node("TopK", ["x", "k"], ["v", "i"], axis=0)],
                [vi("x", F, [3, 4])], [vi("v", F, None), vi("i", I64, None)],
                opset=10, inits=[ints("k", [1])])


@model
def topk11():
    return make([node("TopK", ["x", "k"], ["v", "i"], largest=0)],
                [vi("x", F, [3, 4])], [vi("v", F, None), vi("i", I64, None)],
                opset=11, inits=[ints("k", [3])])


@model
def topk_runtime_k():
    return make([node("TopK", ["x", "k"], ["v", "i"])],
                [vi("x", F, [3, 4]), vi("k", I64, [1])],
                [vi("v", F, None), vi("i", I64, None)], opset=11)


@model
def cumsum_const():
    return make([node("CumSum", ["x", "ax"], ["y"], exclusive=1, reverse=1)],
                [vi("x", F, [2, 3])], [vi("y", F, None)], opset=14,
                inits=[ints("ax", 1)])


@model
def cumsum_1d_runtime():
    return make([node("CumSum", ["x", "ax"], ["y"])],
                [vi("x", F, [5]), vi("ax", I64, [])], [vi("y", F, None)],
                opset=11)


@model
def cumsum_2d_runtime():
    return make([node("CumSum", ["x", "ax"], ["y"])],
                [vi("x", F, [2, 3]), vi("ax", I64, [])], [vi("y", F, None)],
                opset=14)


@model
def global_lp_pool1():
    return make([node("GlobalLpPool", ["x"], ["y"], p=3.0)],
                [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)], opset=1)


@model
def lp_pool1_fractional():
    return make([node("LpPool", ["x"], ["y"], p=2.5, kernel_shape=[2, 2])],
                [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)], opset=1)


@model
def lp_pool18():
    return make([node("LpPool", ["x"], ["y"], kernel_shape=[2, 2],
                      ceil_mode=1, strides=[2, 2], dilations=[1, 1])],
                [vi("x", F, [1, 2, 5, 5])], [vi("y", F, None)], opset=18)


@model
def lrn_no_size():
    return make([node("LRN", ["x"], ["y"])],
                [vi("x", F, [1, 4, 2, 2])], [vi("y", F, None)])


@model
def instance_norm1():
    return make([node("InstanceNormalization", ["x", "s", "b"], ["y"],
                      epsilon=0.01, consumed_inputs=[0, 0, 0])],
                [vi("x", F, [1, 3, 4]), vi("s", F, [3]), vi("b", F, [3])],
                [vi("y", F, None)], opset=1)


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
