#!/usr/bin/python3
"""Round-trips .npy files of every supported dtype through ort-run.js's
reader and writer: check_npy_roundtrip.py DIR NODE SCRIPT. Prints the dtypes
and "ok" when numpy reads back equal arrays (same dtype and shape)."""

import os
import subprocess
import sys

import numpy as np

CASES = ["float32", "float16", "int64", "int32", "int8", "uint8", "bool",
         "scalar", "1d"]


def make(case):
    base = np.arange(6).reshape(2, 3) - 2
    if case == "bool":
        return base % 2 == 1
    if case == "scalar":
        return np.float32(3.5)
    if case == "1d":
        return np.arange(3, dtype=np.int64)
    return base.astype(case)


def main(out, node, script):
    os.makedirs(out, exist_ok=True)
    for case in CASES:
        np.save(os.path.join(out, "in_%s.npy" % case), make(case))
    js = ("const r = require(%r);"
          "for (const c of %r) {"
          "  const a = r.readNpy(%r + '/in_' + c + '.npy');"
          "  r.writeNpy(%r + '/out_' + c + '.npy', a.type, a.shape, a.data);"
          "}") % (script, CASES, out, out)
    subprocess.run([node, "-e", js], check=True)
    for case in CASES:
        a = np.load(os.path.join(out, "in_%s.npy" % case))
        b = np.load(os.path.join(out, "out_%s.npy" % case))
        if a.dtype != b.dtype or a.shape != b.shape or not (a == b).all():
            print("%s: differs" % case)
            return 1
    print(" ".join(CASES) + ": ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
