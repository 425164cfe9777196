#!/usr/bin/env python3
"""Writes an exact reference for a model whose output is Sigmoid(logits).

    exact_sigmoid_reference.py MODEL.onnx OUTPUT NAME=FILE.npy OUTDIR

Makes a copy of MODEL whose output OUTPUT is replaced by the input of the
Sigmoid that produces it, runs that copy with ONNX Runtime (ort-run.js), and
writes OUTDIR/<OUTPUT>.npy = 1 / (1 + exp(-logits)) computed in float64 and
rounded once to float32.

Why: ONNX Runtime's CPU logistic is a rational approximation around 0.5, so
outputs far below 0.5 lose their relative precision (an absolute error up to
~1.3e-7; on PP-OCRv4 det with a noise input, whose probabilities are all below
3e-4, its own cosine against the exact logistic of its own logits is only
0.99998). Comparing Weft's probabilities with the exact logistic of ONNX
Runtime's logits checks the network at full precision without inheriting that
rounding.
"""
import os
import subprocess
import sys

import numpy as np
import onnx


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    model_path, output, binding, outdir = sys.argv[1:]
    model = onnx.load(model_path)
    producers = [n for n in model.graph.node if output in n.output]
    if not producers or producers[0].op_type != "Sigmoid":
        sys.exit("exact_sigmoid_reference: %s is not the output of a Sigmoid"
                 % output)
    logits = producers[0].input[0]
    for out in model.graph.output:
        if out.name == output:
            out.CopyFrom(onnx.helper.make_tensor_value_info(
                logits, onnx.TensorProto.FLOAT, None))
    os.makedirs(outdir, exist_ok=True)
    logit_model = os.path.join(outdir, "logits.onnx")
    onnx.save(model, logit_model)
    ort_run = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "..", "..", "reference", "ort-run.js")
    logit_dir = os.path.join(outdir, "logits")
    subprocess.run(["node", ort_run, logit_model, "--input", binding,
                    "--output-dir", logit_dir], check=True,
                   stdout=subprocess.DEVNULL)
    x = np.load(os.path.join(logit_dir, logits + ".npy")).astype(np.float64)
    probs = (1.0 / (1.0 + np.exp(-x))).astype(np.float32)
    np.save(os.path.join(outdir, output + ".npy"), probs)


if __name__ == "__main__":
    main()
