#!/usr/bin/python3
"""Writes the small ONNX models and .npy files the driver tests use.

Usage: gen_driver_models.py OUTDIR

Writes, into OUTDIR:
  convnet.onnx    Conv(3->8, 3x3, pad 1) + Relu + Flatten + Gemm(->10) + Relu,
                  input x: float32 1x3x8x8, output "fc/out:0" (a name that
                  needs sanitizing) float32 1x10
  twoinputs.onnx  a: float32 1x4, b: float32 1x4 -> sum = Relu(a + b),
                  prod = a * b
  symbolic.onnx   x: float32 [batch, 4] -> y = Relu(x)
  relu.onnx       x: float32 1x3x8x8 -> y = Relu(x) (for the error tests,
                  which should not depend on what the backend can compile)
  x.npy           a float32 1x3x8x8 input for convnet (seed 1)
  x_int64.npy     int64 1x3x8x8 (wrong dtype for convnet)
  x_small.npy     float32 1x3x4x4 (wrong shape for convnet)
  bad.npy         a file that is not .npy
  truncated.npy   x.npy without its last 5 bytes

No .onnx or .npy file is committed: the tests make them at run time.
"""

import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def make(nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs,
                              initializer=list(inits))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                          producer_name="weft-tests")
    m.ir_version = 7
    return m


def convnet():
    rng = np.random.default_rng(0)
    w = rng.standard_normal([8, 3, 3, 3]).astype(np.float32) * 0.3
    wb = rng.standard_normal([8]).astype(np.float32) * 0.1
    gw = rng.standard_normal([10, 8 * 8 * 8]).astype(np.float32) * 0.05
    gb = rng.standard_normal([10]).astype(np.float32) * 0.1
    nodes = [
        helper.make_node("Conv", ["x", "w", "wb"], ["c"], name="conv",
                         pads=[1, 1, 1, 1], kernel_shape=[3, 3]),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("Flatten", ["r"], ["flat"], name="flatten", axis=1),
        helper.make_node("Gemm", ["flat", "gw", "gb"], ["g"], name="fc",
                         transB=1),
        helper.make_node("Relu", ["g"], ["fc/out:0"], name="fc_relu"),
    ]
    return make(nodes,
                [helper.make_tensor_value_info("x", F, [1, 3, 8, 8])],
                [helper.make_tensor_value_info("fc/out:0", F, [1, 10])],
                [init("w", w), init("wb", wb), init("gw", gw),
                 init("gb", gb)])


def twoinputs():
    nodes = [
        helper.make_node("Add", ["a", "b"], ["s"], name="add"),
        helper.make_node("Relu", ["s"], ["sum"], name="relu"),
        helper.make_node("Mul", ["a", "b"], ["prod"], name="mul"),
    ]
    vi = helper.make_tensor_value_info
    return make(nodes, [vi("a", F, [1, 4]), vi("b", F, [1, 4])],
                [vi("sum", F, [1, 4]), vi("prod", F, [1, 4])])


def symbolic():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    vi = helper.make_tensor_value_info
    return make(nodes, [vi("x", F, ["batch", 4])], [vi("y", F, ["batch", 4])])


def relu():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    vi = helper.make_tensor_value_info
    return make(nodes, [vi("x", F, [1, 3, 8, 8])], [vi("y", F, [1, 3, 8, 8])])


def unsqueeze_axes():
    # Unsqueeze-13 with its axes as a graph input (a shape input).
    nodes = [helper.make_node("Unsqueeze", ["x", "axes"], ["y"], name="unsq")]
    vi = helper.make_tensor_value_info
    return make(nodes, [vi("x", F, [2, 3]), vi("axes", TensorProto.INT64, [1])],
                [vi("y", F, None)])


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    for name, fn in [("convnet", convnet), ("twoinputs", twoinputs),
                     ("symbolic", symbolic), ("relu", relu),
                     ("unsqueeze_axes", unsqueeze_axes)]:
        with open(os.path.join(out, name + ".onnx"), "wb") as f:
            f.write(fn().SerializeToString())
    x = np.random.default_rng(1).standard_normal([1, 3, 8, 8])
    np.save(os.path.join(out, "x.npy"), x.astype(np.float32))
    np.save(os.path.join(out, "x_int64.npy"), x.astype(np.int64))
    np.save(os.path.join(out, "x_small.npy"),
            np.zeros([1, 3, 4, 4], np.float32))
    with open(os.path.join(out, "bad.npy"), "wb") as f:
        f.write(b"this is not a numpy file\n")
    with open(os.path.join(out, "x.npy"), "rb") as f:
        data = f.read()
    with open(os.path.join(out, "truncated.npy"), "wb") as f:
        f.write(data[:-5])


if __name__ == "__main__":
    main(sys.argv)
