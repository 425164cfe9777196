"""Writes the models of data-dependent.test into argv[1]: NonZero as a graph
output, NonZero feeding an Add (refused), Unique with four outputs, and the
inputs for them."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def save(nodes, inputs, outputs, path, inits=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)


def main(out):
    os.makedirs(out, exist_ok=True)
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4])
    # The declared [2, 5] is what one run saw; it does not fix the engine's
    # shape.
    y = helper.make_tensor_value_info("y", TensorProto.INT64, [2, 5])
    save([helper.make_node("NonZero", ["x"], ["y"], name="nz")], [x], [y],
         os.path.join(out, "nonzero.onnx"))
    z = helper.make_tensor_value_info("z", TensorProto.INT64, [2, "n"])
    one = helper.make_tensor("one", TensorProto.INT64, [], [1])
    save([helper.make_node("NonZero", ["x"], ["y"], name="nz"),
          helper.make_node("Add", ["y", "one"], ["z"], name="add")],
         [x], [z], os.path.join(out, "nonzero_add.onnx"), [one])
    v = helper.make_tensor_value_info("v", TensorProto.INT32, [8])
    outs = [helper.make_tensor_value_info(n, t, ["k"]) for n, t in
            [("u", TensorProto.INT32), ("i", TensorProto.INT64),
             ("inv", TensorProto.INT64), ("c", TensorProto.INT64)]]
    save([helper.make_node("Unique", ["v"], ["u", "i", "inv", "c"],
                           name="uniq", sorted=0)],
         [v], outs, os.path.join(out, "unique.onnx"))
    # Strings: StringNormalizer, and casts both ways.
    words = helper.make_tensor_value_info("words", TensorProto.STRING, [5])
    kept = helper.make_tensor_value_info("kept", TensorProto.STRING, ["k"])
    save([helper.make_node("StringNormalizer", ["words"], ["kept"],
                           name="norm", case_change_action="UPPER",
                           stopwords=["the", "a"])],
         [words], [kept], os.path.join(out, "normalizer.onnx"))
    text = helper.make_tensor_value_info("text", TensorProto.STRING, [3])
    num = helper.make_tensor_value_info("num", TensorProto.FLOAT, [3])
    back = helper.make_tensor_value_info("back", TensorProto.STRING, [3])
    save([helper.make_node("Cast", ["text"], ["num"], name="parse",
                           to=TensorProto.FLOAT),
          helper.make_node("Cast", ["num"], ["back"], name="print",
                           to=TensorProto.STRING)],
         [text], [num, back], os.path.join(out, "casts.onnx"))
    np.save(os.path.join(out, "words.npy"),
            np.array(["The", "quick", "a", "Zürich", "fox"]))
    np.save(os.path.join(out, "text.npy"), np.array(["1.5", "-2e-3", "inf"]))
    np.save(os.path.join(out, "bad_text.npy"), np.array(["1.5", "two", "3"]))
    rng = np.random.default_rng(3)
    xs = rng.standard_normal((3, 4)).astype(np.float32)
    xs[xs < 0.3] = 0
    np.save(os.path.join(out, "x.npy"), xs)
    np.save(os.path.join(out, "zeros.npy"), np.zeros((3, 4), np.float32))
    np.save(os.path.join(out, "v.npy"),
            np.array([5, 1, 5, 9, 1, 1, 0, 5], np.int32))


if __name__ == "__main__":
    main(sys.argv[1])
