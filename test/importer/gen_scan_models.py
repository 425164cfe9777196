#!/usr/bin/python3
"""Writes the Scan test models: gen_scan_models.py DIR."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def vi(name, shape, elem=F):
    return helper.make_tensor_value_info(name, elem, shape)


def sum_body():
    """(sum, x) -> (sum + x, sum + x)."""
    return helper.make_graph(
        [helper.make_node("Add", ["sum_in", "next"], ["sum_out"], name="add"),
         helper.make_node("Identity", ["sum_out"], ["scan_out"], name="id")],
        "body", [vi("sum_in", [2]), vi("next", [2])],
        [vi("sum_out", [2]), vi("scan_out", [2])])


def save(directory, name, opset, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(model, os.path.join(directory, name + ".onnx"))


def main(directory):
    os.makedirs(directory, exist_ok=True)
    # Opset 9+: scan over axis 1 of x (2x3), in reverse, the scan output
    # moved to axis 1 and reversed.
    save(directory, "scan9_axes", 11, [
        helper.make_node("Scan", ["init", "x"], ["final", "rows"],
                         body=sum_body(), num_scan_inputs=1,
                         scan_input_axes=[1], scan_input_directions=[1],
                         scan_output_axes=[1], scan_output_directions=[1],
                         name="scan"),
    ], [vi("init", [2]), vi("x", [2, 3])], [vi("final", None),
                                            vi("rows", None)])
    # Opset 8: a batch of 2, one loop per entry, sequence_lens the full
    # length.
    save(directory, "scan8_batch", 8, [
        helper.make_node("Scan", ["lens", "init", "x"], ["final", "rows"],
                         body=sum_body(), num_scan_inputs=1, name="scan"),
    ], [vi("init", [2, 2]), vi("x", [2, 3, 2])],
        [vi("final", None), vi("rows", None)],
        [numpy_helper.from_array(np.array([3, 3], np.int32), "lens")])
    # Opset 8 with shorter sequences: not supported.
    save(directory, "scan8_short", 8, [
        helper.make_node("Scan", ["lens", "init", "x"], ["final", "rows"],
                         body=sum_body(), num_scan_inputs=1, name="scan"),
    ], [vi("init", [1, 2]), vi("x", [1, 3, 2])],
        [vi("final", None), vi("rows", None)],
        [numpy_helper.from_array(np.array([2], np.int32), "lens")])
    # A scan length that is not static.
    save(directory, "scan9_dynamic", 9, [
        helper.make_node("Scan", ["init", "x"], ["final", "rows"],
                         body=sum_body(), num_scan_inputs=1, name="scan"),
    ], [vi("init", [2]), vi("x", ["n", 2])],
        [vi("final", None), vi("rows", None)])
    # A bad direction.
    save(directory, "scan9_direction", 9, [
        helper.make_node("Scan", ["init", "x"], ["final", "rows"],
                         body=sum_body(), num_scan_inputs=1,
                         scan_input_directions=[2], name="scan"),
    ], [vi("init", [2]), vi("x", [3, 2])],
        [vi("final", None), vi("rows", None)])


if __name__ == "__main__":
    main(sys.argv[1])
