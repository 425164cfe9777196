#!/usr/bin/python3
"""Writes the models of the math importer tests (math-ops.test).

Usage: gen_math_models.py OUTDIR NAME...   (no NAME: every model)

Uses the helpers of gen_models.py; each model is built at test time.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_models  # noqa: E402
from gen_models import F, TensorProto, helper, make, vi, weights  # noqa: E402

B = TensorProto.BOOL
U8 = TensorProto.UINT8
I32 = TensorProto.INT32
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def node(op, inputs, outputs, **attrs):
    return helper.make_node(op, inputs, outputs, name=outputs[0], **attrs)


UNARY = ["Reciprocal", "Ceil", "Floor", "Round", "Sign", "Sin", "Cos", "Tan",
         "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh",
         "Softplus", "Softsign"]


@model
def math_unary():
    """Every attribute-free unary math operator, chained."""
    nodes, prev = [], "x"
    for op in UNARY:
        out = op.lower()
        nodes.append(node(op, [prev], [out]))
        prev = out
    nodes.append(node("IsNaN", [prev], ["nan"]))
    nodes.append(node("IsInf", [prev], ["inf"], detect_positive=0))
    return make(nodes, [vi("x", F, [2, 4])],
                [vi(prev, F, None), vi("nan", B, None), vi("inf", B, None)],
                opset=13)


@model
def math_activations():
    nodes = [node("Elu", ["x"], ["elu"], alpha=0.5),
             node("Selu", ["elu"], ["selu"], alpha=2.0, gamma=3.0),
             node("ThresholdedRelu", ["selu"], ["thr"], alpha=0.25),
             node("Shrink", ["thr"], ["shrink"], bias=0.5, lambd=1.0),
             node("PRelu", ["shrink", "slope"], ["prelu"])]
    return make(nodes, [vi("x", F, [2, 3, 4])], [vi("prelu", F, None)],
                opset=16, inits=[weights("slope", [3, 1])])


@model
def math_celu():
    return make([node("Celu", ["x"], ["y"], alpha=2.0)],
                [vi("x", F, [2, 3])], [vi("y", F, None)], opset=12)


@model
def math_binary():
    nodes = [node("Mod", ["i", "j"], ["mod"]),
             node("Mod", ["x", "y"], ["fmod"], fmod=1),
             node("LessOrEqual", ["x", "y"], ["le"]),
             node("And", ["le", "p"], ["and"]),
             node("Or", ["and", "p"], ["or"]),
             node("Xor", ["or", "p"], ["xor"]),
             node("BitShift", ["u", "v"], ["shl"], direction="LEFT"),
             node("Sum", ["x", "y", "x"], ["sum"]),
             node("Mean", ["x", "y"], ["mean"])]
    return make(nodes,
                [vi("i", I32, [4]), vi("j", I32, [1]), vi("x", F, [2, 4]),
                 vi("y", F, [4]), vi("p", B, [2, 4]), vi("u", U8, [3]),
                 vi("v", U8, [3])],
                [vi("mod", I32, None), vi("fmod", F, None),
                 vi("xor", B, None), vi("shl", U8, None), vi("sum", F, None),
                 vi("mean", F, None)], opset=13)


@model
def math_legacy():
    """Opset 6: Elu-6, per-channel PRelu slope, And-1 with broadcast/axis."""
    nodes = [node("Elu", ["x"], ["elu"]),
             node("PRelu", ["elu", "slope"], ["prelu"]),
             node("And", ["p", "q"], ["and"], broadcast=1, axis=0)]
    return make(nodes, [vi("x", F, [2, 3, 4, 5]), vi("p", B, [3, 4]),
                        vi("q", B, [3])],
                [vi("prelu", F, None), vi("and", B, None)], opset=6,
                inits=[weights("slope", [3])])


@model
def bad_bitshift():
    return make([node("BitShift", ["u", "u"], ["y"])], [vi("u", U8, [3])],
                [vi("y", U8, None)], opset=13)


@model
def bad_mod():
    return make([node("Mod", ["x", "x"], ["y"])], [vi("x", F, [3])],
                [vi("y", F, None)], opset=13)


@model
def bad_isinf():
    return make([node("IsInf", ["x"], ["y"], detect_negative=5)],
                [vi("x", F, [3])], [vi("y", B, None)], opset=13)


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
