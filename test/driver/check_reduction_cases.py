#!/usr/bin/python3
"""End-to-end checks of the reduction-family ops that ONNX's backend test
data does not cover with constant inputs: check_reduction_cases.py DIR.

Each case is a one-node model with constant k/axis inputs, compiled with
`weft compile`, run with `weft run` on seeded random inputs, and compared
with a numpy reference computed in float64. Float outputs must be within
atol 1e-4 + rtol 1e-4 (float32 sums of at most 64 terms of magnitude up to
about 10); integer outputs (indices) must be equal. Prints one line per case
and "all reduction cases passed" at the end; exits 1 on any failure.
"""

import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(5)
F = TensorProto.FLOAT
I64 = TensorProto.INT64
FAILURES = []


def save(path, node, x, outputs, inits=(), opset=13):
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("x", F, list(x.shape))],
        [helper.make_tensor_value_info(n, t, None) for n, t in outputs],
        [numpy_helper.from_array(np.asarray(v), k) for k, v in inits])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.save(model, path)


def run_case(directory, name, node, x, refs, inits=(), opset=13):
    """refs: [(output name, numpy reference)]."""
    model = os.path.join(directory, name + ".onnx")
    outputs = [(n, I64 if r.dtype == np.int64 else F) for n, r in refs]
    save(model, node, x, outputs, inits, opset)
    engine = os.path.join(directory, name + ".weft")
    inp = os.path.join(directory, name + "_x.npy")
    np.save(inp, x)
    outdir = os.path.join(directory, name + "_out")
    for argv in (["weft", "compile", model, "-o", engine, "--target=cpu"],
                 ["weft", "run", engine, "--input", "x=" + inp,
                  "--output-dir", outdir]):
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode:
            print("%s: FAIL (%s): %s" % (name, argv[1], proc.stderr.strip()))
            FAILURES.append(name)
            return
    for out, ref in refs:
        got = np.load(os.path.join(outdir, out + ".npy"))
        if got.shape != ref.shape:
            print("%s: FAIL %s shape %s, expected %s" % (name, out, got.shape,
                                                         ref.shape))
            FAILURES.append(name)
            return
        if ref.dtype == np.int64:
            ok = np.array_equal(got, ref)
        else:
            ok = np.allclose(got, ref, atol=1e-4, rtol=1e-4)
        if not ok:
            print("%s: FAIL %s\n got %s\n expected %s" % (name, out, got, ref))
            FAILURES.append(name)
            return
    print("%s: ok" % name)


def top_k_ref(x, k, axis, largest):
    # Stable order: ties keep the lower index first.
    keys = -x if largest else x
    order = np.argsort(keys, axis=axis, kind="stable")
    idx = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis=axis), idx.astype(np.int64)


def main(directory):
    os.makedirs(directory, exist_ok=True)
    # Rounded to halves so that ties occur.
    x = (np.round(rng.standard_normal([3, 8]) * 2) / 2).astype(np.float32)
    for name, k, axis, largest in [("top_k_largest", 3, -1, 1),
                                   ("top_k_smallest", 2, 1, 0),
                                   ("top_k_axis0", 2, 0, 1)]:
        v, i = top_k_ref(x.astype(np.float64), k, axis, largest)
        run_case(directory, name,
                 helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=axis,
                                  largest=largest),
                 x, [("v", v), ("i", i)],
                 inits=[("k", np.array([k], np.int64))], opset=11)

    y = rng.standard_normal([3, 5]).astype(np.float32)
    yd = y.astype(np.float64)
    for name, axis, exclusive, reverse in [("cumsum_axis0", 0, 0, 0),
                                           ("cumsum_axis1_excl_rev", 1, 1, 1),
                                           ("cumsum_axis1_excl", -1, 1, 0)]:
        src = np.flip(yd, axis) if reverse else yd
        ref = np.cumsum(src, axis=axis)
        if exclusive:
            ref = ref - src
        if reverse:
            ref = np.flip(ref, axis)
        run_case(directory, name,
                 helper.make_node("CumSum", ["x", "axis"], ["y"],
                                  exclusive=exclusive, reverse=reverse),
                 y, [("y", ref)], inits=[("axis", np.array(axis, np.int64))],
                 opset=14)

    for p in (1, 2):
        norm = np.sum(np.abs(yd) ** p, axis=1, keepdims=True) ** (1.0 / p)
        run_case(directory, "lp_normalization_p%d" % p,
                 helper.make_node("LpNormalization", ["x"], ["y"], axis=1,
                                  p=p),
                 y, [("y", yd / norm)], opset=1)

    img = rng.standard_normal([1, 2, 5, 5]).astype(np.float32)
    imgd = img.astype(np.float64)
    for p in (2, 3):
        ref = np.sum(np.abs(imgd) ** p, axis=(2, 3), keepdims=True) ** (1.0 / p)
        run_case(directory, "global_lp_pool_p%d" % p,
                 helper.make_node("GlobalLpPool", ["x"], ["y"], p=p),
                 img, [("y", ref)], opset=2)
    # LpPool p = 2, kernel 3, stride 2, pads 1: a 3x3 output.
    padded = np.pad(imgd, ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros([1, 2, 3, 3])
    for i in range(3):
        for j in range(3):
            win = padded[:, :, 2 * i:2 * i + 3, 2 * j:2 * j + 3]
            ref[:, :, i, j] = np.sqrt(np.sum(win ** 2, axis=(2, 3)))
    run_case(directory, "lp_pool_p2",
             helper.make_node("LpPool", ["x"], ["y"], p=2, kernel_shape=[3, 3],
                              strides=[2, 2], pads=[1, 1, 1, 1]),
             img, [("y", ref)], opset=11)

    # reduce_log_sum_exp must not overflow where exp(x) does in float32.
    big = (rng.standard_normal([2, 6]) * 5 + 100).astype(np.float32)
    bigd = big.astype(np.float64)
    m = bigd.max(axis=1, keepdims=True)
    ref = (m + np.log(np.exp(bigd - m).sum(axis=1, keepdims=True)))
    run_case(directory, "reduce_log_sum_exp_large",
             helper.make_node("ReduceLogSumExp", ["x"], ["y"], axes=[1]),
             big, [("y", ref)])

    if FAILURES:
        print("FAILED:", " ".join(FAILURES))
        return 1
    print("all reduction cases passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
