#!/usr/bin/python3
"""Writes the sequence test models: gen_sequence_models.py DIR."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def i64(name, values, scalar=True):
    a = np.array(values[0] if scalar else values, np.int64)
    return numpy_helper.from_array(a, name)


def vi(name, shape, elem=F):
    return helper.make_tensor_value_info(name, elem, shape)


def save(directory, name, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, os.path.join(directory, name + ".onnx"))


def main(directory):
    os.makedirs(directory, exist_ok=True)
    # (a, b) -> insert c at 1 -> erase the last -> at 1 (c) and the stack.
    save(directory, "sequences", [
        helper.make_node("SequenceConstruct", ["a", "b"], ["s0"], name="make"),
        helper.make_node("SequenceInsert", ["s0", "c", "one"], ["s1"], name="ins"),
        helper.make_node("SequenceErase", ["s1"], ["s2"], name="erase"),
        helper.make_node("SequenceAt", ["s2", "one"], ["at"], name="at"),
        helper.make_node("ConcatFromSequence", ["s2"], ["stack"], axis=0,
                         new_axis=1, name="stack"),
        helper.make_node("SequenceLength", ["s1"], ["len"], name="len"),
        helper.make_node("SplitToSequence", ["x"], ["parts"], axis=1,
                         keepdims=0, name="split"),
        helper.make_node("SequenceAt", ["parts", "minus_one"], ["last"],
                         name="last"),
    ], [vi("a", [2, 3]), vi("b", [2, 3]), vi("c", [2, 3]), vi("x", [2, 4])],
        [vi("at", None), vi("stack", None), vi("len", None), vi("last", None)],
        [i64("one", [1]), i64("minus_one", [-1])])
    # A position that is a graph input cannot be resolved.
    save(directory, "dynamic_position", [
        helper.make_node("SequenceConstruct", ["a", "b"], ["s"], name="make"),
        helper.make_node("SequenceAt", ["s", "p"], ["y"], name="at"),
    ], [vi("a", [2]), vi("b", [2]), vi("p", [], TensorProto.INT64)],
        [vi("y", None)])


if __name__ == "__main__":
    main(sys.argv[1])
