#!/usr/bin/python3
"""Writes the models of sequence-typed graph inputs and outputs, SequenceMap
and Loops that carry sequences: gen_sequence_io_models.py DIR."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT
I64 = TensorProto.INT64


def vi(name, shape, elem=F):
    return helper.make_tensor_value_info(name, elem, shape)


def seq(name, shape, elem=F):
    """A sequence-typed value info of tensors of `elem` and `shape`."""
    return helper.make_tensor_sequence_value_info(name, elem, shape)


def save(directory, name, nodes, inputs, outputs, inits=(), opset=17):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(model, os.path.join(directory, name + ".onnx"))


def sequence_map_loop(seqlen_of, body_nodes, body_in, body_out, carried_in,
                      carried_out, cond_value=True):
    """The nodes of a SequenceMap function body: Loop over the length of
    `seqlen_of` with one empty sequence carried per output."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond_in"], ["cond_out"],
                          name="cond")] + body_nodes,
        "loop_body",
        [vi("iter", [], I64), vi("cond_in", [], TensorProto.BOOL)] + body_in,
        [vi("cond_out", [], TensorProto.BOOL)] + body_out)
    return [
        helper.make_node("SequenceLength", [seqlen_of], ["len"], name="len"),
        helper.make_node("Constant", [], ["cond"], name="true",
                         value=numpy_helper.from_array(np.array(cond_value))),
    ] + [helper.make_node("SequenceEmpty", [], [c], name=c, dtype=F)
         for c in carried_in] + [
        helper.make_node("Loop", ["len", "cond"] + carried_in, carried_out,
                         name="loop", body=body)]


def main(directory):
    os.makedirs(directory, exist_ok=True)
    # A sequence input, extended and returned; its length as a tensor.
    save(directory, "insert", [
        helper.make_node("SequenceInsert", ["s", "t"], ["out"], name="ins"),
        helper.make_node("SequenceLength", ["out"], ["len"], name="len"),
    ], [seq("s", ["N", 3]), vi("t", [2, 3])],
        [seq("out", ["N", 3]), vi("len", [], I64)], opset=11)
    # Identity passes a sequence through; an empty sequence is allowed.
    save(directory, "identity", [
        helper.make_node("Identity", ["s"], ["y"], name="id"),
    ], [seq("s", None)], [seq("y", None)], opset=16)
    # SequenceMap over a sequence and a tensor.
    map_body = helper.make_graph(
        [helper.make_node("Add", ["a", "b"], ["c"], name="add")], "map_body",
        [vi("a", ["N"]), vi("b", ["N"])], [vi("c", ["N"])])
    save(directory, "map", [
        helper.make_node("SequenceMap", ["x", "t"], ["y"], name="map",
                         body=map_body),
    ], [seq("x", ["N"]), vi("t", [3])], [seq("y", ["N"])])
    # SequenceMap over two sequences (their lengths must agree).
    save(directory, "map2", [
        helper.make_node("SequenceMap", ["x", "z"], ["y"], name="map",
                         body=map_body),
    ], [seq("x", ["N"]), seq("z", ["N"])], [seq("y", ["N"])])
    # Its function body: a Loop over SequenceLength that carries a sequence,
    # unrolled at import; a scan output is stacked.
    save(directory, "map_loop", sequence_map_loop(
        "x",
        [helper.make_node("SequenceAt", ["x", "iter"], ["xi"], name="at"),
         helper.make_node("Add", ["xi", "t"], ["yi"], name="add"),
         helper.make_node("SequenceInsert", ["acc_in", "yi"], ["acc_out"],
                          name="ins"),
         helper.make_node("Identity", ["xi"], ["scan"], name="scan")],
        [seq("acc_in", ["N"])], [seq("acc_out", ["N"]), vi("scan", ["N"])],
        ["empty"], ["y", "stacked"]),
        [seq("x", ["N"]), vi("t", [3])], [seq("y", ["N"]), vi("stacked", ["M", "N"])])
    # A loop that carries a sequence but whose condition is a graph input.
    save(directory, "loop_dynamic_cond", [
        helper.make_node("SequenceLength", ["x"], ["len"], name="len"),
        helper.make_node("SequenceEmpty", [], ["empty"], name="empty", dtype=F),
        helper.make_node("Loop", ["len", "c", "empty"], ["y"], name="loop",
                         body=helper.make_graph(
                             [helper.make_node("Identity", ["cond_in"],
                                               ["cond_out"], name="cond"),
                              helper.make_node("Identity", ["acc_in"],
                                               ["acc_out"], name="pass")],
                             "body",
                             [vi("iter", [], I64),
                              vi("cond_in", [], TensorProto.BOOL),
                              seq("acc_in", None)],
                             [vi("cond_out", [], TensorProto.BOOL),
                              seq("acc_out", None)])),
    ], [seq("x", ["N"]), vi("c", [], TensorProto.BOOL)], [seq("y", None)])
    # An If that yields a sequence: imported as the branch its condition
    # picks (a constant here, a graph input in if_dynamic_cond).
    def branch(name, tensor):
        return helper.make_graph(
            [helper.make_node("SequenceConstruct", [tensor], [name + "_out"],
                              name=name)],
            name, [], [seq(name + "_out", [3])])
    for model, cond_inputs, cond_inits in (
            ("if_seq", [], [numpy_helper.from_array(np.array(False), "c")]),
            ("if_dynamic_cond", [vi("c", [], TensorProto.BOOL)], [])):
        save(directory, model, [
            helper.make_node("If", ["c"], ["res"], name="if",
                             then_branch=branch("then", "a"),
                             else_branch=branch("else", "b")),
        ], cond_inputs + [vi("a", [3]), vi("b", [3])], [seq("res", [3])],
            cond_inits, opset=13)
    # SplitToSequence of a symbolic dim by a list of sizes: the length is
    # known at import.
    save(directory, "split_symbolic", [
        helper.make_node("SplitToSequence", ["x", "sizes"], ["parts"],
                         name="split"),
        helper.make_node("SequenceLength", ["parts"], ["len"], name="len"),
    ], [vi("x", ["n"])], [vi("len", [], I64)],
        [numpy_helper.from_array(np.array([1, 2, 3], np.int64), "sizes")],
        opset=12)

    error_models(directory)


def error_models(directory):
    """Models that each trigger one import error."""
    # A sequence of sequences as a graph input.
    nested = helper.make_sequence_type_proto(helper.make_sequence_type_proto(
        helper.make_tensor_type_proto(F, [3])))
    save(directory, "nested_input", [
        helper.make_node("SequenceLength", ["s"], ["len"], name="len"),
    ], [helper.make_value_info("s", nested)], [vi("len", [], I64)])
    # SequenceMap whose body yields a sequence.
    save(directory, "map_nested", [
        helper.make_node("SequenceMap", ["x"], ["y"], name="map",
                         body=helper.make_graph(
                             [helper.make_node("SequenceConstruct", ["a"],
                                               ["c"], name="make")],
                             "map_body", [vi("a", ["N"])],
                             [seq("c", ["N"])])),
    ], [seq("x", ["N"])], [seq("y", ["N"])])

    def carry_loop(name, trip_inputs, trip_inits, scan=False):
        """A loop that carries a sequence and runs `trip` times."""
        body_nodes = [
            helper.make_node("Identity", ["cond_in"], ["cond_out"],
                             name="cond"),
            helper.make_node("Identity", ["acc_in"], ["acc_out"], name="pass")]
        body_out = [vi("cond_out", [], TensorProto.BOOL), seq("acc_out", None)]
        outputs = ["y"]
        if scan:
            body_nodes.append(helper.make_node("Identity", ["t"], ["scan"],
                                               name="scan"))
            body_out.append(vi("scan", [3]))
            outputs.append("stacked")
        save(directory, name, [
            helper.make_node("SequenceEmpty", [], ["empty"], name="empty",
                             dtype=F),
            helper.make_node("Loop", ["trip", "", "empty"], outputs,
                             name="loop", body=helper.make_graph(
                                 body_nodes, "body",
                                 [vi("iter", [], I64),
                                  vi("cond_in", [], TensorProto.BOOL),
                                  seq("acc_in", None)], body_out)),
        ], trip_inputs + [vi("t", [3])],
            [seq("y", None)] + ([vi("stacked", ["M", 3])] if scan else []),
            trip_inits)

    def trip(n):
        return [numpy_helper.from_array(np.array(n, np.int64), "trip")]

    carry_loop("loop_dynamic_trip", [vi("trip", [], I64)], [])
    carry_loop("loop_long", [], trip(5000))
    carry_loop("loop_no_iteration", [], trip(0), scan=True)
    # SplitToSequence of a symbolic dim without a list of sizes.
    for name, inputs, inits in (
            ("split_symbolic_chunk", ["x", "chunk"],
             [numpy_helper.from_array(np.array(2, np.int64), "chunk")]),
            ("split_symbolic_ones", ["x"], [])):
        save(directory, name, [
            helper.make_node("SplitToSequence", inputs, ["parts"],
                             name="split"),
            helper.make_node("SequenceLength", ["parts"], ["len"], name="len"),
        ], [vi("x", ["n"])], [vi("len", [], I64)], inits, opset=12)


if __name__ == "__main__":
    main(sys.argv[1])
