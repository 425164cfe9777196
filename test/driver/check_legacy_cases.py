#!/usr/bin/python3
"""End-to-end checks of old operator versions and of the outputs ONNX's
backend data covers only in a few shapes: check_legacy_cases.py DIR.

Each case is a one-node model compiled with `weft compile`, run with `weft
run` on seeded random inputs, and compared with a numpy reference computed
in float64: MaxPool's Indices (1-D to 3-D, padding, dilation, ceil_mode, both
storage orders; compared exactly, like the pooled values, which are copies of
input elements), the legacy `broadcast`/`axis` of opset-6 binary operators,
BatchNormalization with per-activation statistics (spatial = 0), LogSoftmax
before opset 13 and Dropout's mask. Float outputs must be within atol 1e-5 +
rtol 1e-5 (a handful of float32 operations per element). Prints one line per
case and "all legacy cases passed" at the end; exits 1 on any failure.
"""

import itertools
import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(7)
F = TensorProto.FLOAT
I64 = TensorProto.INT64
FAILURES = []


def run_case(directory, name, node, x, outputs, opset, inits=()):
    """Compiles and runs the one-node model; returns its outputs by name."""
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("x", F, list(x.shape))],
        [helper.make_tensor_value_info(n, t, None) for n, t in outputs],
        initializer=[numpy_helper.from_array(v, k) for k, v in inits])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 7
    path = os.path.join(directory, name)
    onnx.save(model, path + ".onnx")
    np.save(path + "-x.npy", x)
    for argv in (["weft", "compile", path + ".onnx", "-o", path + ".weft",
                  "--target=cpu"],
                 ["weft", "run", path + ".weft", "--input",
                  "x=" + path + "-x.npy", "--output-dir", path + "-out"]):
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode:
            return proc.stderr.strip().splitlines()[-1]
    return {n: np.load(os.path.join(path + "-out", n + ".npy"))
            for n, _ in outputs}


def check(directory, name, node, x, expected, opset, inits=()):
    types = [(n, I64 if v.dtype == np.int64 else F)
             for n, v in expected.items()]
    got = run_case(directory, name, node, x, types, opset, inits)
    problem = got if isinstance(got, str) else None
    for n, want in expected.items():
        if problem:
            break
        have = got[n]
        if have.shape != want.shape:
            problem = "%s: shape %s, expected %s" % (n, have.shape, want.shape)
        elif want.dtype == np.int64 and not np.array_equal(have, want):
            problem = "%s: %d indices differ" % (n, (have != want).sum())
        elif want.dtype != np.int64 and not np.allclose(
                have, want, rtol=1e-5, atol=1e-5):
            problem = "%s: max abs err %.3g" % (
                n, np.abs(have.astype(np.float64) - want).max())
    print("%s: %s" % (name, "FAIL " + problem if problem else "ok"))
    if problem:
        FAILURES.append(name)


def max_pool_reference(x, kernel, strides, pads, dilations, storage_order,
                       ceil_mode):
    """Pooled values and ONNX flat indices, scanning each window row-major
    and keeping the first maximum."""
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    rank = len(spatial)
    out = []
    for i in range(rank):
        extent = (kernel[i] - 1) * dilations[i] + 1
        span = spatial[i] + pads[i] + pads[i + rank] - extent
        size = (-(-span // strides[i]) if ceil_mode else span // strides[i]) + 1
        if ceil_mode and (size - 1) * strides[i] >= spatial[i] + pads[i]:
            size -= 1
        out.append(size)
    values = np.zeros((n, c) + tuple(out), np.float32)
    indices = np.zeros((n, c) + tuple(out), np.int64)
    plane = int(np.prod(spatial))
    for b, ch in itertools.product(range(n), range(c)):
        for o in itertools.product(*[range(v) for v in out]):
            best, where = -np.inf, -1
            for k in itertools.product(*[range(v) for v in kernel]):
                pos = [o[i] * strides[i] + k[i] * dilations[i] - pads[i]
                       for i in range(rank)]
                if any(p < 0 or p >= spatial[i] for i, p in enumerate(pos)):
                    continue
                v = x[(b, ch) + tuple(pos)]
                if v > best:
                    best, flat, step = v, 0, 1
                    for i in range(rank):
                        if storage_order == 0:
                            flat = flat * spatial[i] + pos[i]
                        else:
                            flat, step = flat + pos[i] * step, step * spatial[i]
                    where = (b * c + ch) * plane + flat
            values[(b, ch) + o], indices[(b, ch) + o] = best, where
    return values, indices


def max_pool_cases(directory):
    cases = [
        ("maxpool_indices_2d", (2, 3, 7, 6), [3, 2], [2, 2], [1, 0, 1, 1],
         [1, 2], 0, 1),
        ("maxpool_indices_2d_column_major", (1, 2, 5, 5), [2, 2], [2, 2],
         [1, 1, 0, 0], [1, 1], 1, 1),
        ("maxpool_indices_1d", (2, 2, 9), [3], [2], [1, 2], [2], 1, 0),
        ("maxpool_indices_3d", (1, 2, 4, 5, 6), [2, 3, 2], [2, 1, 2],
         [0, 1, 0, 1, 0, 1], [1, 1, 2], 1, 0),
    ]
    for name, shape, k, s, p, d, order, ceil in cases:
        x = rng.standard_normal(shape).astype(np.float32)
        y, i = max_pool_reference(x, k, s, p, d, order, ceil)
        node = helper.make_node("MaxPool", ["x"], ["y", "i"], kernel_shape=k,
                                strides=s, pads=p, dilations=d,
                                storage_order=order, ceil_mode=ceil)
        check(directory, name, node, x, {"y": y, "i": i}, opset=12)


def legacy_cases(directory):
    x = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    node = helper.make_node("Add", ["x", "b"], ["y"], broadcast=1, axis=1)
    check(directory, "add6_broadcast_axis", node, x,
          {"y": x + b[None, :, :, None]}, opset=6, inits=[("b", b)])

    b = rng.standard_normal((5,)).astype(np.float32)
    node = helper.make_node("Div", ["x", "b"], ["y"], broadcast=1)
    check(directory, "div6_broadcast_suffix", node, x, {"y": x / b}, opset=6,
          inits=[("b", b)])

    stats = {k: rng.standard_normal((3, 4, 5)).astype(np.float32)
             for k in ("scale", "bias", "mean")}
    stats["var"] = rng.uniform(0.5, 2, (3, 4, 5)).astype(np.float32)
    node = helper.make_node("BatchNormalization",
                            ["x", "scale", "bias", "mean", "var"], ["y"],
                            spatial=0, epsilon=1e-3)
    want = ((x - stats["mean"]) / np.sqrt(stats["var"] + 1e-3) *
            stats["scale"] + stats["bias"])
    check(directory, "batchnorm7_per_activation", node, x, {"y": want},
          opset=7, inits=list(stats.items()))

    flat = x.reshape(2, 60).astype(np.float64)
    shifted = flat - flat.max(axis=1, keepdims=True)
    want = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    node = helper.make_node("LogSoftmax", ["x"], ["y"])
    check(directory, "logsoftmax6_coerced", node, x,
          {"y": want.reshape(x.shape)}, opset=6)

    node = helper.make_node("Dropout", ["x"], ["y", "mask"], is_test=1)
    check(directory, "dropout6_mask", node, x,
          {"y": x, "mask": np.ones_like(x)}, opset=6)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    os.makedirs(argv[1], exist_ok=True)
    max_pool_cases(argv[1])
    legacy_cases(argv[1])
    if FAILURES:
        print("failed: " + ", ".join(FAILURES))
        return 1
    print("all legacy cases passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
