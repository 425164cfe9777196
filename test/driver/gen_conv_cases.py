#!/usr/bin/python3
"""Writes small models that exercise the CPU backend's convolution paths:
gen_conv_cases.py DIR. Each case is DIR/<name>.onnx with one input x and one
output y (conv + bias + relu, so the epilogue fuses); the test compiles each
and checks it against ONNX Runtime with weft verify.

Cases: depthwise convs (the vectorized NCHW row kernel) at strides 1x1, 2x2,
2x1 and 1x2, dilation 2, a 5x5 kernel and output widths that are not
multiples of 16; a depthwise conv with channel multiplier 2; grouped convs with 2 groups (one
dense conv per group) and with 20 (the grouped linalg op);
a pad-then-conv; a concat of two branches; conv_transpose with kernel =
strides (pixel shuffle), square and not; and a general conv_transpose."""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(3)


def tensor(name, shape):
    return numpy_helper.from_array(
        rng.standard_normal(shape).astype(np.float32), name)


def save(directory, name, nodes, x_shape, y_shape, inits):
    graph = helper.make_graph(
        nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, x_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, y_shape)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(directory, name + ".onnx"))


def conv_case(directory, name, c, hw, k, strides, pads, dilations, group,
              out_c, out_hw):
    w = tensor("w", [out_c, c // group, k[0], k[1]])
    b = tensor("b", [out_c])
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["t"], kernel_shape=k,
                              strides=strides, pads=pads,
                              dilations=dilations, group=group),
             helper.make_node("Relu", ["t"], ["y"])]
    save(directory, name, nodes, [1, c] + hw, [1, out_c] + out_hw, [w, b])


def main(directory):
    os.makedirs(directory, exist_ok=True)
    conv_case(directory, "dw_s1", 8, [20, 37], [3, 3], [1, 1], [1, 1, 1, 1],
              [1, 1], 8, 8, [20, 37])
    conv_case(directory, "dw_s2", 8, [33, 64], [3, 3], [2, 2], [1, 1, 1, 1],
              [1, 1], 8, 8, [17, 32])
    conv_case(directory, "dw_s21", 6, [12, 40], [3, 3], [2, 1], [1, 1, 1, 1],
              [1, 1], 6, 6, [6, 40])
    conv_case(directory, "dw_s12", 6, [12, 40], [3, 3], [1, 2], [1, 1, 1, 1],
              [1, 1], 6, 6, [12, 20])
    conv_case(directory, "dw_dil2_k5", 4, [19, 23], [5, 5], [1, 1],
              [4, 4, 4, 4], [2, 2], 4, 4, [19, 23])
    conv_case(directory, "dw_mult2", 4, [10, 10], [3, 3], [1, 1],
              [1, 1, 1, 1], [1, 1], 4, 8, [10, 10])
    conv_case(directory, "grouped_g2", 8, [12, 20], [3, 3], [2, 1],
              [1, 1, 1, 1], [1, 1], 2, 6, [6, 20])
    conv_case(directory, "grouped_g20", 40, [9, 9], [3, 3], [1, 1],
              [0, 0, 0, 0], [1, 1], 20, 20, [7, 7])
    # Pad then a 3x3 conv (the pad's interior is a vectorized copy).
    w = tensor("w", [5, 3, 3, 3])
    pads = numpy_helper.from_array(np.array([0, 0, 2, 1, 0, 0, 1, 3], np.int64), "pads")
    save(directory, "pad_conv",
         [helper.make_node("Pad", ["x", "pads"], ["p"], mode="constant"),
          helper.make_node("Conv", ["p", "w"], ["t"], kernel_shape=[3, 3]),
          helper.make_node("Relu", ["t"], ["y"])],
         [1, 3, 16, 29], [1, 5, 17, 31], [w, pads])
    # Concat of two conv branches along channels.
    w1, w2 = tensor("w1", [4, 3, 1, 1]), tensor("w2", [6, 3, 3, 3])
    save(directory, "concat",
         [helper.make_node("Conv", ["x", "w1"], ["a"], kernel_shape=[1, 1]),
          helper.make_node("Conv", ["x", "w2"], ["b"], kernel_shape=[3, 3],
                           pads=[1, 1, 1, 1]),
          helper.make_node("Concat", ["a", "b"], ["c"], axis=1),
          helper.make_node("Sigmoid", ["c"], ["y"])],
         [1, 3, 24, 48], [1, 10, 24, 48], [w1, w2])
    # conv_transpose: kernel = strides (pixel shuffle), 2x2 and 2x3; general.
    for name, k, s, pads, hw, out_hw in [
            ("convt_2x2", [2, 2], [2, 2], [0, 0, 0, 0], [9, 17], [18, 34]),
            ("convt_2x3", [2, 3], [2, 3], [0, 0, 0, 0], [5, 8], [10, 24]),
            ("convt_k3_s2", [3, 3], [2, 2], [1, 1, 1, 1], [6, 7], [11, 13])]:
        w, b = tensor("w", [6, 4] + k), tensor("b", [4])
        save(directory, name,
             [helper.make_node("ConvTranspose", ["x", "w", "b"], ["t"],
                               kernel_shape=k, strides=s, pads=pads),
              helper.make_node("Relu", ["t"], ["y"])],
             [1, 6] + hw, [1, 4] + out_hw, [w, b])


if __name__ == "__main__":
    main(sys.argv[1])
