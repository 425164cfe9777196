#!/usr/bin/python3
"""Writes the models of the Range and RNN importer tests
(range-rnn-ops.test).

Usage: gen_generator_models.py OUTDIR NAME...   (no NAME: every model)

Uses the helpers of gen_models.py; each model is built at test time.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_models  # noqa: E402
from gen_models import F, TensorProto, helper, make, vi, weights  # noqa: E402

I64 = TensorProto.INT64
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


def scalar(name, value, dtype):
    return helper.make_tensor(name, dtype, [], [value])


@model
def range_constant():
    """Range over initializers: a static length, folded at -O0 too."""
    inits = [scalar("s", 10, I64), scalar("l", 4, I64), scalar("d", -3, I64)]
    return make([node("Range", ["s", "l", "d"], ["r"])], [],
                [vi("r", I64, None)], opset=11, inits=inits)


@model
def range_runtime():
    """Range with a run-time start: a dynamic length."""
    return make([node("Range", ["s", "l", "d"], ["r"])],
                [vi("s", F, []), vi("l", F, []), vi("d", F, [])],
                [vi("r", F, None)], opset=11)


@model
def rnn_opset7():
    """RNN at opset 7: bidirectional with a bias and activations."""
    inits = [weights("W", [2, 4, 3]), weights("R", [2, 4, 4]),
             weights("B", [2, 8])]
    return make([node("RNN", ["x", "W", "R", "B"], ["y", "yh"],
                      hidden_size=4, direction="bidirectional",
                      activations=["Relu", "Tanh"])],
                [vi("x", F, [5, 2, 3])],
                [vi("y", F, None), vi("yh", F, None)], opset=7, inits=inits)


@model
def rnn_opset14_layout():
    """RNN at opset 14 with layout 1 (batch first), Y_h only."""
    inits = [weights("W", [1, 4, 3]), weights("R", [1, 4, 4])]
    return make([node("RNN", ["x", "W", "R"], ["", "yh"], hidden_size=4,
                      layout=1)],
                [vi("x", F, [2, 5, 3])], [vi("yh", F, None)], opset=14,
                inits=inits)


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
