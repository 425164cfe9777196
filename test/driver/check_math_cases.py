#!/usr/bin/python3
"""End-to-end checks of the math ops on the values ONNX's backend test data
leaves out: check_math_cases.py DIR.

Each case is a one-node model compiled with `weft compile` for the CPU, run
with `weft run`, and compared with a reference computed here: integer Mod by
0 and -1 (defined as 0; those divisors trap on x86), integer Pow with
negative and wrapping exponents, float Pow of negative and huge bases, BitShift by the bit width or more (0),
Softplus far from 0 (no overflow), asin/acos near +-1, Sign and IsInf/IsNaN
on zeros, infinities and NaN, float16 Sin (computed in f32) and Shrink of
integers. Integer and bool outputs must be equal; float outputs within
atol 1e-5 + rtol 1e-5 (float32 math functions, a few ulp), float16 within
rtol 2e-3 (two of its ulps). Prints one line per case and "all math cases
passed" at the end; exits 1 on any failure.
"""

import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import helper, mapping

FAILURES = []


def tensor_type(array):
    return mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype]


def run_case(directory, name, node, inputs, ref, opset=13, tolerance=None):
    """inputs: {name: array}; ref: the expected output "y". `tolerance`
    (atol, rtol) replaces the default for float32/float64 outputs."""
    graph = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info(k, tensor_type(v), list(v.shape))
         for k, v in inputs.items()],
        [helper.make_tensor_value_info("y", tensor_type(ref), None)])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    path = os.path.join(directory, name + ".onnx")
    onnx.save(model, path)
    engine = os.path.join(directory, name + ".weft")
    outdir = os.path.join(directory, name + "_out")
    run = ["weft", "run", engine, "--output-dir", outdir]
    for k, v in inputs.items():
        npy = os.path.join(directory, "%s_%s.npy" % (name, k))
        np.save(npy, v)
        run += ["--input", "%s=%s" % (k, npy)]
    for argv in (["weft", "compile", path, "-o", engine, "--target=cpu"], run):
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode:
            print("%s: FAIL (%s): %s" % (name, argv[1], proc.stderr.strip()))
            FAILURES.append(name)
            return
    got = np.load(os.path.join(outdir, "y.npy"))
    if got.dtype != ref.dtype or got.shape != ref.shape:
        ok = False
    elif ref.dtype == np.float16:
        ok = np.allclose(got, ref, atol=0, rtol=2e-3, equal_nan=True)
    elif ref.dtype.kind == "f":
        atol, rtol = tolerance or (1e-5, 1e-5)
        ok = np.allclose(got, ref, atol=atol, rtol=rtol, equal_nan=True)
    else:
        ok = np.array_equal(got, ref)
    if not ok:
        print("%s: FAIL\n got %r\n expected %r" % (name, got, ref))
        FAILURES.append(name)
        return
    print("%s: ok" % name)


def wrap(values, dtype):
    """Python integers wrapped to `dtype` (two's complement)."""
    bits = np.dtype(dtype).itemsize * 8
    out = []
    for v in values:
        v &= (1 << bits) - 1
        if np.issubdtype(dtype, np.signedinteger) and v >= 1 << (bits - 1):
            v -= 1 << bits
        out.append(v)
    return np.array(out, dtype)


def int_pow_ref(bases, exps, dtype):
    out = []
    for b, e in zip(bases.tolist(), exps.tolist()):
        if e >= 0:
            out.append(pow(b, e))
        else:
            out.append(1 if b == 1 else (-1) ** (e % 2) if b == -1 else 0)
    return wrap(out, dtype)


def main(directory):
    os.makedirs(directory, exist_ok=True)
    node = helper.make_node
    i32min = np.iinfo(np.int32).min

    a = np.array([7, -7, 7, -7, 5, i32min, 0, -3], np.int32)
    b = np.array([3, 3, -3, -3, 0, -1, 2, -1], np.int32)
    # fmod = 0: the sign of the divisor (Python's %); fmod = 1: C's fmod.
    python_mod = np.array([1, 2, -2, -1, 0, 0, 0, 0], np.int32)
    c_mod = np.array([1, -1, 1, -1, 0, 0, 0, 0], np.int32)
    run_case(directory, "mod_int32", node("Mod", ["a", "b"], ["y"]),
             {"a": a, "b": b}, python_mod)
    run_case(directory, "fmod_int32", node("Mod", ["a", "b"], ["y"], fmod=1),
             {"a": a, "b": b}, c_mod)
    u = np.array([7, 200, 9], np.uint8)
    v = np.array([0, 7, 4], np.uint8)
    run_case(directory, "mod_uint8", node("Mod", ["a", "b"], ["y"]),
             {"a": u, "b": v}, np.array([0, 4, 1], np.uint8))
    fa = np.array([5.5, -5.5, 5.5, -4.0, 1e6 + 0.25], np.float32)
    fb = np.array([2.0, 2.0, -2.0, 2.0, 3.0], np.float32)
    run_case(directory, "fmod_float", node("Mod", ["a", "b"], ["y"], fmod=1),
             {"a": fa, "b": fb}, np.fmod(fa, fb))

    bases = np.array([2, -2, 3, 1, -1, -1, 2, 0, 7], np.int32)
    exps = np.array([10, 3, 25, -5, -3, -4, -1, 0, 40], np.int32)
    run_case(directory, "pow_int32", node("Pow", ["a", "b"], ["y"]),
             {"a": bases, "b": exps}, int_pow_ref(bases, exps, np.int32))
    ubases = np.array([3, 2, 255], np.uint8)
    uexps = np.array([5, 9, 2], np.uint8)
    run_case(directory, "pow_uint8", node("Pow", ["a", "b"], ["y"]),
             {"a": ubases, "b": uexps}, int_pow_ref(ubases, uexps, np.uint8))

    # Float Pow follows C's pow: NaN for a negative base and a fractional
    # exponent, sign by parity for integer exponents, no overflow on the way.
    fbase = np.array([-2, -2, -2, 0, 3e19, 1, 2.5, -8], np.float32)
    fexp = np.array([3, 2, 0.5, 0, 1, np.nan, -1.5, 1 / 3], np.float32)
    with np.errstate(invalid="ignore"):
        fref = np.power(fbase.astype(np.float64), fexp.astype(np.float64))
    run_case(directory, "pow_float", node("Pow", ["a", "b"], ["y"]),
             {"a": fbase, "b": fexp}, fref.astype(np.float32))

    x = np.array([1, 128, 255, 3], np.uint8)
    s = np.array([1, 7, 8, 200], np.uint8)
    run_case(directory, "shift_left_uint8",
             node("BitShift", ["a", "b"], ["y"], direction="LEFT"),
             {"a": x, "b": s}, np.array([2, 0, 0, 0], np.uint8), opset=11)
    run_case(directory, "shift_right_uint8",
             node("BitShift", ["a", "b"], ["y"], direction="RIGHT"),
             {"a": x, "b": s}, np.array([0, 1, 0, 0], np.uint8), opset=11)

    big = np.array([-100.0, -20.0, 0.0, 20.0, 100.0], np.float32)
    run_case(directory, "softplus_far", node("Softplus", ["x"], ["y"]),
             {"x": big},
             np.logaddexp(0, big.astype(np.float64)).astype(np.float32))

    edge = np.array([-1.0, -0.9999, -0.99, 0.0, 0.5, 0.99, 0.9999, 1.0],
                    np.float32)
    edge64 = edge.astype(np.float64)
    run_case(directory, "asin_edges", node("Asin", ["x"], ["y"]), {"x": edge},
             np.arcsin(edge64).astype(np.float32), opset=7)
    run_case(directory, "acos_edges", node("Acos", ["x"], ["y"]), {"x": edge},
             np.arccos(edge64).astype(np.float32), opset=7)

    special = np.array([0.0, -0.0, 3.0, -2.0, np.inf, -np.inf, np.nan],
                       np.float32)
    run_case(directory, "sign_special", node("Sign", ["x"], ["y"]),
             {"x": special}, np.sign(special))
    run_case(directory, "isinf_negative",
             node("IsInf", ["x"], ["y"], detect_positive=0), {"x": special},
             np.isneginf(special), opset=10)
    run_case(directory, "isnan", node("IsNaN", ["x"], ["y"]), {"x": special},
             np.isnan(special))

    half = np.linspace(-3, 3, 9).astype(np.float16)
    run_case(directory, "sin_float16", node("Sin", ["x"], ["y"]),
             {"x": half}, np.sin(half.astype(np.float64)).astype(np.float16),
             opset=7)

    ints = np.array([-5, -2, -1, 0, 1, 2, 5], np.int32)
    # C++ with float bias and lambd: x < -1.5 ? x + 0.5 : x > 1.5 ? x - 0.5
    # : 0, truncated back to int32.
    run_case(directory, "shrink_int32",
             node("Shrink", ["x"], ["y"], bias=0.5, lambd=1.5),
             {"x": ints}, np.array([-4, -1, 0, 0, 0, 1, 4], np.int32), opset=9)

    if FAILURES:
        print("FAILED:", " ".join(FAILURES))
        return 1
    print("all math cases passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
