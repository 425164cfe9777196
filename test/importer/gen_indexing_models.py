#!/usr/bin/python3
"""Writes the small ONNX models of the indexing importer tests.

Usage: gen_indexing_models.py OUTDIR NAME...   (no NAME: every model)

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
I32 = TensorProto.INT32
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def scatter_model(op, opset, **attrs):
    return make([helper.make_node(op, ["d", "i", "u"], ["y"], name="scatter",
                                  **attrs)],
                [vi("d", F, [3, 3]), vi("i", I64, [2, 3]), vi("u", F, [2, 3])],
                [vi("y", F, None)], opset)


@model
def scatter9():
    # Scatter (opset 9-10) is ScatterElements without reduction.
    return scatter_model("Scatter", 9, axis=1)


@model
def scatter_elements11():
    return scatter_model("ScatterElements", 11, axis=-1)


@model
def scatter_elements18():
    return scatter_model("ScatterElements", 18, reduction="max")


@model
def scatter_elements13_reduction():
    # `reduction` only exists from opset 16.
    return scatter_model("ScatterElements", 13, reduction="add")


@model
def scatter_nd16():
    return make([helper.make_node("ScatterND", ["d", "i", "u"], ["y"],
                                  reduction="mul")],
                [vi("d", F, [4, 4]), vi("i", I64, [2, 1]), vi("u", F, [2, 4])],
                [vi("y", F, None)], 16)


@model
def depth_to_space7():
    # Before opset 11 there is no `mode` (DCR).
    return make([helper.make_node("DepthToSpace", ["x"], ["y"], blocksize=2)],
                [vi("x", F, [1, 8, 2, 3])], [vi("y", F, None)], 7)


@model
def depth_to_space11():
    return make([helper.make_node("DepthToSpace", ["x"], ["y"], blocksize=2,
                                  mode="CRD")],
                [vi("x", F, [1, 8, 2, 3])], [vi("y", F, None)], 11)


@model
def depth_to_space_no_blocksize():
    return make([helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s")],
                [vi("x", F, [1, 8, 2, 3])], [vi("y", F, None)], 13)


@model
def trilu():
    # With and without the optional `k`.
    k = numpy_helper.from_array(np.asarray(-1, dtype=np.int64), "k")
    return make([helper.make_node("Trilu", ["x", "k"], ["y"], upper=0),
                 helper.make_node("Trilu", ["x"], ["z"])],
                [vi("x", F, [4, 5])], [vi("y", F, None), vi("z", F, None)], 14,
                inits=[k])


@model
def eye_like():
    return make([helper.make_node("EyeLike", ["x"], ["y"], dtype=F, k=1),
                 helper.make_node("EyeLike", ["x"], ["z"])],
                [vi("x", I32, [3, 4])], [vi("y", F, None), vi("z", I32, None)],
                9)


@model
def eye_like_string():
    return make([helper.make_node("EyeLike", ["x"], ["y"], name="eye",
                                  dtype=TensorProto.STRING)],
                [vi("x", I32, [3, 4])], [vi("y", F, None)], 9)


@model
def tile1():
    # Tile-1: `tiles` copies along `axis`, as float scalars like the input.
    tiles = numpy_helper.from_array(np.asarray(3.0, dtype=np.float32), "tiles")
    axis = numpy_helper.from_array(np.asarray(1.0, dtype=np.float32), "axis")
    return make([helper.make_node("Tile", ["x", "tiles", "axis"], ["y"])],
                [vi("x", F, [2, 4])], [vi("y", F, None)], 1,
                inits=[tiles, axis])


@model
def tile1_runtime_tiles():
    axis = numpy_helper.from_array(np.asarray(0.0, dtype=np.float32), "axis")
    return make([helper.make_node("Tile", ["x", "tiles", "axis"], ["y"],
                                  name="tile")],
                [vi("x", F, [2, 4]), vi("tiles", F, [])], [vi("y", F, None)],
                1, inits=[axis])


@model
def gather_nd11_batch_dims():
    # `batch_dims` only exists from opset 12.
    return make([helper.make_node("GatherND", ["x", "i"], ["y"], name="gnd",
                                  batch_dims=1)],
                [vi("x", F, [2, 3]), vi("i", I64, [2, 1])], [vi("y", F, None)],
                11)


@model
def misc():
    reps = numpy_helper.from_array(np.asarray([2, 1], dtype=np.int64), "r")
    depth = numpy_helper.from_array(np.asarray(5.0, dtype=np.float32), "depth")
    values = numpy_helper.from_array(np.asarray([0, 1], dtype=np.int64), "v")
    return make([helper.make_node("Tile", ["x", "r"], ["t"]),
                 helper.make_node("OneHot", ["i", "depth", "v"], ["o"], axis=0),
                 helper.make_node("GatherElements", ["x", "i2"], ["g"], axis=1),
                 helper.make_node("GatherND", ["x", "i2"], ["n"],
                                  batch_dims=1),
                 helper.make_node("ReverseSequence", ["x", "l"], ["s"],
                                  batch_axis=0, time_axis=1),
                 helper.make_node("Einsum", ["x", "x"], ["e"],
                                  equation="ij,kj->ik"),
                 helper.make_node("SpaceToDepth", ["img"], ["sd"],
                                  blocksize=2)],
                [vi("x", F, [3, 4]), vi("i", I64, [3]), vi("i2", I64, [3, 1]),
                 vi("l", I64, [3]), vi("img", F, [1, 2, 4, 4])],
                [vi("t", F, None), vi("o", I64, None), vi("g", F, None),
                 vi("n", F, None), vi("s", F, None), vi("e", F, None),
                 vi("sd", F, None)], 13, inits=[reps, depth, values])


if __name__ == "__main__":
    gen_models.MODELS = MODELS
    gen_models.main(sys.argv)
